r"""Bash-game problems (take 1..k from one heap) in their original input/output format.

- ``hdu1846`` Brave Game — ``bash:M``
- ``hdu2149`` Public Sale — ``bash:N``, listing the winning first bids
- ``hdu4764`` Stone — ``bash:k`` on a heap of N - 1

Every solver reads its input with :class:`~grundy.problems.base.Reader` (bad input names the
line) and answers with ``bash:K``; each problem also has a brute-force solver that plays the game
straight from the statement (:class:`~grundy.core.search.MoveSearch`), used by the tests.

>>> print(brave_game("2\n23 2\n4 3\n"), end="")
first
second

References: the HDU Online Judge problems named above; Winning Ways ch. 2 (subtraction games).
"""

from __future__ import annotations

import random

import grundy
from grundy.core.ruleset import Ruleset
from grundy.core.search import MoveSearch
from grundy.problems.base import ProblemInputError, Reader, largest, lines, problem


def _rules(made: dict[str, Ruleset], spec: str) -> Ruleset:
    """The ruleset of ``spec``, remembered for this input (many cases share a few specs)."""
    if spec not in made:
        made[spec] = grundy.ruleset(spec)
    return made[spec]


# -- HDU 1846: Brave Game --------------------------------------------------------------------------
def _gen_brave(rng: random.Random, size: int) -> str:
    cases = rng.randint(1, min(size, 10))
    rows = [f"{rng.randint(1, size * 10)} {rng.randint(1, size * 10)}" for _ in range(cases)]
    return f"{cases}\n" + "\n".join(rows) + "\n"


# (stones left, the most one turn takes): take 1..m
_BRAVE = MoveSearch(lambda state: [(state[0] - t, state[1]) for t in range(1, min(state) + 1)])


def _brute_brave(text: str) -> str:
    numbers = list(map(int, text.split()))
    return lines(["first" if _BRAVE.wins((n, m)) else "second" for n, m in zip(numbers[1::2], numbers[2::2],
                                                                                 strict=True)])


@problem("hdu1846", "HDU 1846", "Brave Game",
         "n stones, take 1..m per turn, taking the last wins: print 'first' or 'second'",
         generate=_gen_brave, samples=[("2\n23 2\n4 3\n", "first\nsecond\n")], brute=_brute_brave)
def brave_game(text: str) -> str:
    """Statement: n stones lie on the table; two players take turns, each taking 1 to m stones, and
    whoever takes the last stone wins. For each case, who wins with perfect play?

    Input: the number of cases C, then one line per case:
        C
        n m        (C lines)

    Output: per case 'first' if the first player wins, else 'second'.

    Limits: 1 <= n, m <= 1000; 1 <= C <= 10^5 (the statement gives no bound).

    Theory: the Bash game, grundy's bash:m, whose values are G(n) = n mod (m + 1): the first player
    loses exactly when m + 1 divides n. From a multiple of m + 1 every take t of 1..m leaves a
    non-multiple, and the reply m + 1 - t restores a multiple, down to 0 stones, where the player
    to move has lost; from any other n, taking n mod (m + 1) stones reaches a multiple."""
    r = Reader(text)
    out = []
    for case in range(r.int("C (the number of cases)", 1, 10**5)):
        n, m = r.int(f"n of case {case + 1}", 1, 1000), r.int(f"m of case {case + 1}", 1, 1000)
        out.append("first" if grundy.solve(f"bash:{m}", [n]).outcome == "N" else "second")
    r.end()
    return lines(out)


# -- HDU 2149: Public Sale -------------------------------------------------------------------------
def _gen_sale(rng: random.Random, size: int) -> str:
    high = largest(size, 1099, 10)
    cases = rng.randint(1, min(size + 2, 100))
    return "".join(f"{rng.randint(1, high)} {rng.randint(1, high)}\n" for _ in range(cases))


def _bids(state: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """``(price, M, N)``: a bid raises the price by 1..N; at M or more the land is sold (the game is over)."""
    price, m, n = state
    return [(min(price + b, m), m, n) for b in range(1, n + 1)] if price < m else []


_SALE = MoveSearch(_bids)


def _brute_sale(text: str) -> str:
    numbers = list(map(int, text.split()))
    out = []
    for m, n in zip(numbers[::2], numbers[1::2], strict=True):
        bids = [b for b in range(1, n + 1) if not _SALE.wins((min(b, m), m, n))]
        out.append(" ".join(map(str, bids)) or "none")
    return lines(out)


@problem("hdu2149", "HDU 2149", "Public Sale",
         "the price starts at 0, each bid raises it by 1..N, whoever brings it to M or more buys the land: "
         "print every winning first bid, or 'none'",
         generate=_gen_sale, samples=[("4 2\n3 2\n3 5\n", "1\nnone\n3 4 5\n")], brute=_brute_sale)
def public_sale(text: str) -> str:
    """Statement: Lele and Yueda bid for a piece of land worth M. The price starts at 0; in turn,
    Lele first, each raises it by 1 to N, and whoever brings the price to M or more buys the land.
    Which first bids win for Lele?

    Input: one case per line, to the end of the input:
        M N

    Output: per case the winning first bids in increasing order, separated by spaces, or 'none'
    when every first bid loses.

    Limits: 1 <= M, N <= 1099 (0 < M, N < 1100).

    Theory: the Bash game bash:N on a heap of M: a bid takes 1..N from what is still needed to
    reach M, and taking the last wins, so a heap of x is worth x mod (N + 1). A first bid b < M
    wins iff it leaves a multiple of N + 1: when N < M the only such bid is M mod (N + 1), and there
    is none when that is 0. When N >= M every bid from M to N buys the land at once, and every
    smaller bid lets Yueda do so."""
    r = Reader(text)
    made: dict[str, Ruleset] = {}
    out = []
    while not r.at_end():
        case = len(out) + 1
        m, n = r.int(f"M (the cost, case {case})", 1, 1099), r.int(f"N (the largest raise, case {case})", 1, 1099)
        solution = grundy.solve(_rules(made, f"bash:{n}"), [m])
        bids = sorted(m - move.option[0] for move in solution.winning_moves) + list(range(m + 1, n + 1))
        out.append(" ".join(map(str, bids)) or "none")
    return lines(out)


# -- HDU 4764: Stone -------------------------------------------------------------------------------
def _gen_stone(rng: random.Random, size: int) -> str:
    rows = [f"{rng.randint(1, largest(size, 10**8, 10))} {rng.randint(1, largest(size, 100, 2))}"
            for _ in range(rng.randint(1, min(size + 2, 1000)))]
    return "\n".join(rows) + "\n0 0\n"


def _writes(state: tuple[int, int, int]) -> range:
    """``(last number written, N, k)``: write 1..k more, never N or more (that loses at once)."""
    y, n, k = state
    return range(y + 1, min(y + k, n - 1) + 1)


_STONE = MoveSearch(lambda state: ((x, state[1], state[2]) for x in _writes(state)))


def _brute_stone(text: str) -> str:
    numbers = list(map(int, text.split()))
    return lines(["Tang" if _STONE.wins((0, n, k)) else "Jiang"
                  for n, k in zip(numbers[:-2:2], numbers[1:-2:2], strict=True)])


@problem("hdu4764", "HDU 4764", "Stone",
         "write numbers, each 1..k more than the last (the first in 1..k); whoever writes a number >= N loses",
         generate=_gen_stone, samples=[("1 1\n30 3\n10 2\n0 0\n", "Jiang\nTang\nJiang\n")], brute=_brute_stone)
def stone(text: str) -> str:
    """Statement: Tang and Jiang write numbers in turn, Tang first. The first number is 1..k, and
    each next one is larger than the last by 1..k. Whoever writes a number of N or more loses. Who
    wins?

    Input: one case per line, and a last line 0 0:
        N k

    Output: per case the winner, 'Tang' or 'Jiang'.

    Limits: 1 <= N <= 10^8, 1 <= k <= 100.

    Theory: nobody wants to write N or more, so whoever writes N - 1 wins (the other must then go
    past it): writing x takes x minus the last number from a heap of N - 1, the Bash game bash:k.
    Tang wins iff k + 1 does not divide N - 1: he first writes (N - 1) mod (k + 1), then answers
    each step t of Jiang by k + 1 - t."""
    r = Reader(text)
    made: dict[str, Ruleset] = {}
    out = []
    while True:
        case = len(out) + 1
        line = r.line
        n, k = r.int(f"N of case {case}", 0, 10**8), r.int(f"k of case {case}", 0, 100)
        if n == k == 0:
            break
        if not n or not k:
            raise ProblemInputError(f"line {line}: expected N >= 1 and k >= 1 (or '0 0' to end), got {n} {k}")
        out.append("Tang" if grundy.solve(_rules(made, f"bash:{k}"), [n - 1]).outcome == "N" else "Jiang")
    r.end()
    return lines(out)
