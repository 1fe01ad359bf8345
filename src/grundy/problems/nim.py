r"""Nim problems (take any number from one heap; misère; split a heap too) in their original format.

- ``hdu1850`` Being a Good Boy in Spring Festival — ``nim``, counting the winning moves
- ``hdu1907`` John, ``hdu2509`` Be the Winner — misère ``nim`` (anti-Nim)
- ``hdu3032`` Nim or not Nim? — ``lasker``; ``hdu5795`` A Simple Nim — ``split3`` (up to 10^6 heaps)

Every solver reads its input with :class:`~grundy.problems.base.Reader` (bad input names the
line) and answers from the ruleset's closed form, solver or proved period; each problem also has a
brute-force solver that plays the game straight from the statement (a search of the whole
position, :func:`~grundy.problems.base.heap_search`), used by the tests.

>>> print(nim_or_not_nim("2\n3\n2 2 3\n2\n3 3\n"), end="")
Alice
Bob

References: the HDU Online Judge problems named above; Bouton, *Nim, a game with a complete
mathematical theory* (1901), also for misère Nim; Winning Ways ch. 2-4 (Lasker's Nim).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import grundy
from grundy.core.search import MoveSearch
from grundy.problems.base import (
    Reader,
    groups,
    heap_line,
    heap_position,
    heap_search,
    largest,
    lines,
    problem,
    proved_period,
    xor_all,
)


def _take(h: int) -> Iterable[tuple[int, ...]]:
    """Nim: take any number from a heap of h."""
    return ((x,) for x in range(h))


_NIM = heap_search(_take)
_MISERE_NIM = heap_search(_take, misere=True)


# -- HDU 1850: Nim, count the winning first moves --------------------------------------------------
def _gen_good_boy(rng: random.Random, size: int) -> str:
    rows = []
    for _ in range(rng.randint(1, min(size + 1, 100))):
        m = rng.randint(1, min(size + 2, 100))
        rows.append(f"{m}\n{heap_line(rng, m, largest(size, 10**6, 5))}")
    return "\n".join(rows) + "\n0\n"


def _brute_good_boy(text: str) -> str:
    out = []
    for heaps in groups(text, counted=False)[:-1]:  # the last group is the ending 0
        out.append(sum(not _NIM.wins(heap_position(heaps[:j] + [x] + heaps[j + 1:]))
                       for j, h in enumerate(heaps) for x in range(h)))
    return lines(out)


@problem("hdu1850", "HDU 1850", "Being a Good Boy in Spring Festival",
         "Nim with M heaps of cards: print how many first moves win (0 if none)",
         generate=_gen_good_boy, samples=[("3\n5 7 9\n0\n", "1\n")], brute=_brute_good_boy)
def good_boy(text: str) -> str:
    """Input: cases ``M`` (1 <= M <= 100) then M heap sizes (1..10^6), ended by ``M = 0``.
    Output: per case the number of winning first moves (0 when the first player loses)."""
    r = Reader(text)
    rules = grundy.ruleset("nim")
    out = []
    while m := r.int(f"M (the number of heaps, case {len(out) + 1}; 0 ends the input)", 0, 100):
        heaps = r.ints(m, f"heap of case {len(out) + 1}", 1, 10**6)
        out.append(grundy.solve(rules, heaps, max_listed=0).winning_move_count)
    r.end()
    return lines(out)


# -- HDU 1907 / 2509: misère Nim ------------------------------------------------------------------
def _gen_john(rng: random.Random, size: int) -> str:
    cases = rng.randint(1, min(size + 1, 474))
    rows = []
    for _ in range(cases):
        n = rng.randint(1, min(size + 2, 47))
        high = largest(size, 4747, 3) if rng.random() < 0.7 else 1  # all ones sometimes
        rows.append(f"{n}\n{heap_line(rng, n, high)}")
    return f"{cases}\n" + "\n".join(rows) + "\n"


def _brute_john(text: str) -> str:
    return lines(["John" if _MISERE_NIM.wins(heap_position(h)) else "Brother" for h in groups(text, counted=True)])


@problem("hdu1907", "HDU 1907", "John",
         "misère Nim: N heaps of candies, take any number from one heap; whoever eats the last one loses",
         generate=_gen_john, samples=[("2\n3\n3 5 1\n1\n1\n", "John\nBrother\n")], brute=_brute_john)
def john(text: str) -> str:
    """Input: T (1 <= T <= 474), then per case N (1 <= N <= 47) and N heaps (1..4747).
    Output: per case ``John`` if the first player (John) wins, else ``Brother``."""
    r = Reader(text)
    rules = grundy.ruleset("nim")
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 474) + 1):
        heaps = r.ints(r.int(f"N (the number of heaps, case {case})", 1, 47), f"heap of case {case}", 1, 4747)
        out.append("John" if grundy.solve(rules, heaps, misere=True).outcome == "N" else "Brother")
    r.end()
    return lines(out)


def _gen_winner(rng: random.Random, size: int) -> str:
    rows = []
    for _ in range(rng.randint(1, min(size + 1, 100))):
        n = rng.randint(1, min(size + 2, 100))
        high = largest(size, 100, 3) if rng.random() < 0.7 else 1
        rows.append(f"{n}\n{heap_line(rng, n, high)}")
    return "\n".join(rows) + "\n"


def _run_moves(h: int) -> Iterable[tuple[int, ...]]:
    """Take a run of consecutive apples from a line of h: what is left on either side."""
    for start in range(h):
        for length in range(1, h - start + 1):
            yield (start, h - start - length)


_RUNS = heap_search(_run_moves, misere=True)


def _brute_winner(text: str) -> str:
    return lines(["Yes" if _RUNS.wins(heap_position(h)) else "No" for h in groups(text, counted=False)])


@problem("hdu2509", "HDU 2509", "Be the Winner",
         "misère: groups of apples in a line, take any run of consecutive apples from one group; "
         "whoever takes the last apple loses",
         generate=_gen_winner, samples=[("2\n2 2\n1\n3\n", "No\nYes\n")], brute=_brute_winner)
def be_the_winner(text: str) -> str:
    """Input: cases to the end of the input, each n (1 <= n <= 100) then n group sizes (1..100).
    Output: per case ``Yes`` if the first player wins, else ``No``.

    Taking a run from the middle splits a group in two, but the game is still misère Nim: a group
    of h is worth h (the run game is octal .777...), a move changes one group only, and a group of
    1 can only be taken whole, so Bouton's anti-Nim argument holds word for word (the tests check
    it against a search of the run game itself)."""
    r = Reader(text)
    rules = grundy.ruleset("nim")
    out = []
    while not r.at_end():
        case = len(out) + 1
        heaps = r.ints(r.int(f"n (the number of groups, case {case})", 1, 100), f"group of case {case}", 1, 100)
        out.append("Yes" if grundy.solve(rules, heaps, misere=True).outcome == "N" else "No")
    return lines(out)


# -- HDU 3032 / 5795: take or split, up to 10^6 heaps -----------------------------------------------
def _gen_many_heaps(limit: int) -> Callable[[random.Random, int], str]:
    def generate(rng: random.Random, size: int) -> str:
        cases = rng.randint(1, min(size, 100))
        rows = []
        for _ in range(cases):
            n = rng.randint(1, min(size + 1, 10**6 // cases))  # at most 10^6 heaps in all
            rows.append(f"{n}\n{heap_line(rng, n, largest(size, limit, 4))}")
        return f"{cases}\n" + "\n".join(rows) + "\n"

    return generate


def _split_moves(parts: int) -> Callable[[int], Iterable[tuple[int, ...]]]:
    def moves(h: int) -> Iterable[tuple[int, ...]]:
        yield from _take(h)
        if parts == 2:
            for a in range(1, h // 2 + 1):
                yield (a, h - a)
        else:
            for a in range(1, h // 3 + 1):
                for b in range(a, (h - a) // 2 + 1):
                    yield (a, b, h - a - b)

    return moves


def _brute_many(search: MoveSearch, first: str, second: str) -> Callable[[str], str]:
    def brute(text: str) -> str:
        return lines([first if search.wins(heap_position(h)) else second for h in groups(text, counted=True)])

    return brute


def _take_or_split(text: str, spec: str, high: int, first: str, second: str) -> str:
    """The cases of HDU 3032 and 5795: the values of ``spec`` read in bulk from its proved period."""
    r = Reader(text)
    period = proved_period(spec)
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 100) + 1):
        n = r.int(f"N (the number of heaps, case {case})", 1, 10**6)
        heaps = r.array(n, f"heap of case {case}", 1, high)
        out.append(first if xor_all(period.values_at(heaps)) else second)
    r.end()
    return lines(out)


@problem("hdu3032", "HDU 3032", "Nim or not Nim?",
         "Lasker's Nim: take any number from one heap, or split a heap into two non-empty heaps; Alice first",
         generate=_gen_many_heaps(2**31 - 1), samples=[("2\n3\n2 2 3\n2\n3 3\n", "Alice\nBob\n")],
         brute=_brute_many(heap_search(_split_moves(2)), "Alice", "Bob"))
def nim_or_not_nim(text: str) -> str:
    """Input: T (1 <= T <= 100), then per case N (1 <= N <= 10^6) and N heaps (1 <= s <= 2^31 - 1).
    Output: per case ``Alice`` if the first player wins, else ``Bob``.

    Values of ``lasker`` from its proved period (G(4k+3) = 4k+4, G(4k+4) = 4k+3, else n), in bulk."""
    return _take_or_split(text, "lasker", 2**31 - 1, "Alice", "Bob")


@problem("hdu5795", "HDU 5795", "A Simple Nim",
         "take any number from one heap, or split a heap into three non-empty heaps",
         generate=_gen_many_heaps(10**9),
         samples=[("2\n2\n4 4\n3\n1 2 4\n", "Second player wins.\nFirst player wins.\n")],
         brute=_brute_many(heap_search(_split_moves(3)), "First player wins.", "Second player wins."))
def a_simple_nim(text: str) -> str:
    """Input: T (1 <= T <= 100), then per case n (1 <= n <= 10^6) and n heaps (1 <= s <= 10^9).
    Output: per case ``First player wins.`` or ``Second player wins.``

    Values of ``split3`` from its proved period (G(8k+7) = 8k+8, G(8k+8) = 8k+7, else n), in bulk."""
    return _take_or_split(text, "split3", 10**9, "First player wins.", "Second player wins.")
