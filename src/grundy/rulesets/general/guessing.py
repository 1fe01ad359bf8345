"""The warm-up of the P/N-positions lecture: guess a secret number in a few rounds."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from grundy.core.errors import SpecError
from grundy.core.general import GeneralGame
from grundy.rulesets.general.common import FAMILY, parse_ints
from grundy.rulesets.registry import register


class GuessingGame(GeneralGame):
    """The lecture's warm-up: B must find A's secret ``n`` (here ``1 <= n <= top``) in ``rounds`` rounds.

    Each round B writes a list of distinct integers; if the list is longer than ``n``, B loses; if
    ``n`` is on it, B wins; otherwise A says which numbers are smaller and which larger than ``n``.
    A answers adversarially (he may keep ``n`` open as long as it fits his answers), so B wins iff
    he wins against every secret. B moves first. Positions: ``(0, lo, hi, rounds_left)`` for B
    when ``n`` is known to lie in ``lo..hi``; ``(1, lo, hi, rounds_left, written)`` for A's answer;
    ``(0, 0, 0, 0)`` when B has written too many. B only writes numbers in ``lo..hi`` (others tell
    him nothing and only use up the list).

    >>> from grundy.core.general import solve_game
    >>> solve_game(GuessingGame(5, 2), GuessingGame(5, 2).start).value     # write 2, then 1 or 3,4,5
    'win'
    """

    name = "guessing"

    def __init__(self, top: int, rounds: int) -> None:
        if top < 1 or rounds < 0:
            raise SpecError("guessing needs a largest secret >= 1 and a number of rounds >= 0")
        self.top, self.rounds = top, rounds
        self.start = (0, 1, top, rounds)

    def moves(self, position: tuple) -> Iterator[tuple]:
        if position[0] == 0:
            _, lo, hi, left = position
            if lo == 0 or left == 0:
                return
            for size in range(1, hi - lo + 2):
                for written in combinations(range(lo, hi + 1), size):
                    yield 1, lo, hi, left - 1, written
            return
        _, lo, hi, left, written = position
        if len(written) > lo:  # A may hold n = lo, shorter than the list: B loses
            yield 0, 0, 0, 0
        for a, b in zip((lo - 1,) + written, written + (hi + 1,), strict=True):
            if b - a > 1:  # n strictly between two neighbouring numbers on the list
                yield 0, a + 1, b - 1, left

    def primitive(self, position: tuple) -> str | None:
        if position[0] == 0 and (position[1] == 0 or position[3] == 0):
            return "lose"  # B wrote too many, or has no round left without having found n
        return None

    def describe(self, position: tuple) -> str:
        if position[0] == 0:
            _, lo, hi, left = position
            return "B wrote too many numbers" if lo == 0 else f"n in {lo}..{hi}, {left} rounds left (B to write)"
        _, lo, hi, left, written = position
        return f"n in {lo}..{hi}, B wrote {','.join(map(str, written))} (A to answer)"


def guessing_coverage(lo: int, rounds: int, cap: int | None = None) -> int:
    """How many consecutive candidates ``lo, lo+1, ...`` B can surely resolve in ``rounds`` rounds.

    Knowing ``n >= lo``, B may safely write ``lo`` numbers. Optimal: leave below the first one a gap
    B can resolve with one round fewer, then after each number the gap that the larger lower
    bound allows, and after the last the same. So ``C(lo, 0) = 0``, ``C(lo, 1) = lo``,
    ``C(lo, 2) = (lo + 1) 2^(lo + 1) - lo - 2``, and in general
    ``C(lo, r) = sum of (C(s_j, r - 1) + 1) for j < lo, plus C(s_lo, r - 1)`` with ``s_0 = lo``,
    ``s_{j+1} = s_j + C(s_j, r - 1) + 1``. The values grow like towers, so with ``cap`` the answer
    stops at ``cap + 1`` once it passes ``cap``.

    >>> [guessing_coverage(1, r) for r in range(4)], guessing_coverage(7, 2)
    ([0, 1, 5, 2045], 2039)
    """
    big = cap + 1 if cap is not None else None
    if rounds == 0:
        return 0
    if rounds == 1:
        return lo if big is None else min(lo, big)
    if rounds == 2:
        if big is not None and lo + 1 > big.bit_length():
            return big
        value = (lo + 1) * 2 ** (lo + 1) - lo - 2
        return value if big is None else min(value, big)
    total, start = 0, lo
    for _ in range(lo):
        gap = guessing_coverage(start, rounds - 1, cap)
        total += gap + 1
        start += gap + 1
        if big is not None and total >= big:
            return big
    total += guessing_coverage(start, rounds - 1, cap)
    return total if big is None else min(total, big)


def guessing_rounds(top: int) -> int:
    """The fewest rounds in which B surely finds a secret ``1 <= n <= top`` (the lecture's warm-up).

    The seed states the game but not its answer. With no bound on ``n`` no fixed number of rounds
    suffices (A can always pick ``n`` above everything B can reach), so the question is answered for
    ``n <= top``: the least ``r`` with ``guessing_coverage(1, r) >= top``, i.e. 1 round for ``top = 1``,
    2 up to 5, 3 up to 2045, 4 up to ``2046 + C(2047, 3)`` (more than ``2^(2^2047)``), ...

    >>> [guessing_rounds(t) for t in (1, 2, 5, 6, 2045, 2046, 10**100)]
    [1, 2, 2, 3, 3, 4, 4]
    """
    if top < 1:
        raise SpecError(f"the largest secret must be >= 1, not {top}")
    rounds = 0
    while guessing_coverage(1, rounds, cap=top) < top:
        rounds += 1
    return rounds


@register("guessing", FAMILY, {
    "TOP[,ROUNDS]": "the number-guessing warm-up: rounds needed for secrets 1..TOP",
}, kind="general", examples=("guessing:5",))
def _guessing(params: str | None) -> GuessingGame:
    text = params or ""
    numbers = parse_ints(text, "the guessing parameters")
    if len(numbers) not in (1, 2) or not 1 <= numbers[0] <= 12:
        raise SpecError(f"guessing needs TOP[,ROUNDS] with 1 <= TOP <= 12, not {text!r}")
    top = numbers[0]
    return GuessingGame(top, numbers[1] if len(numbers) == 2 else guessing_rounds(top))
