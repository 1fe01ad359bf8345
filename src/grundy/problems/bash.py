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
    """Input: C (the number of cases), then C lines ``n m`` (1 <= n, m <= 1000).
    Output: per case ``first`` if the first player wins, else ``second``."""
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
    """Input: lines ``M N`` (0 < M, N < 1100) to the end of the input.
    Output: per line the winning first bids of Lele (who bids first) in increasing order,
    separated by spaces, or ``none``.

    Bash ``bash:N`` on a heap of M: a bid takes 1..N from what is left to reach M; a bid past M
    also buys the land, so when N >= M every bid from M to N wins."""
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
    """Input: lines ``N k`` (0 < N <= 10^8, 0 < k <= 100), ended by ``0 0``.
    Output: per line the winner, ``Tang`` (who writes first) or ``Jiang``.

    Nobody wants to write N or more, so whoever writes N - 1 wins: Bash ``bash:k`` on a heap of N - 1."""
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
