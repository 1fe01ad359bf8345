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
    """Statement: M heaps of playing cards; in turn, each player takes any positive number of cards
    from one heap, and whoever takes the last card wins. If the first player can win, in how many
    ways can the first move be made so that he still wins?

    Input: cases, each on two lines, and a last line 0:
        M
        a_1 a_2 ... a_M

    Output: per case the number of winning first moves (0 when the first player loses).

    Limits: 1 <= M <= 100, 1 <= a_i <= 10^6.

    Theory: Nim. Bouton's theorem: the player to move loses iff the xor S of the heaps is 0. From
    xor 0 every move changes one heap and so makes the xor non-zero; from S != 0, taking a heap a_i
    down to a_i xor S makes it 0 again; the end, all heaps empty, has xor 0. That move exists iff
    a_i xor S < a_i, i.e. iff a_i has the highest bit of S set, and it is the only winning move on
    that heap: the answer is the number of heaps with that bit (grundy counts the winning moves of
    nim)."""
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
    """Statement: boxes of candies of N colours; in turn, John first, each player eats any positive
    number of candies of one colour, and whoever eats the last candy loses. Who wins?

    Input: the number of cases T, then each case on two lines:
        T
        N
        A_1 A_2 ... A_N

    Output: per case 'John' if John wins, else 'Brother'.

    Limits: 1 <= T <= 474, 1 <= N <= 47, 1 <= A_i <= 4747.

    Theory: misère Nim (anti-Nim), grundy's nim with misère play. Bouton's rule: when every heap
    is 1, the player to move wins iff the number of heaps is even; otherwise he wins iff the xor of
    the heaps is non-zero. The winner plays Nim until his move would leave only heaps of 1; there
    he leaves an odd number of them instead (the one larger heap taken to 0 or 1), and the
    opponent is forced to eat the last candy."""
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
    """Statement: n groups of apples, the apples of each group in a line; a move takes any run of
    consecutive apples from one group, and whoever takes the last apple loses. Does the first
    player win?

    Input: cases to the end of the input, each on two lines:
        n
        a_1 a_2 ... a_n

    Output: per case 'Yes' if the first player wins, else 'No'.

    Limits: 1 <= n <= 100, 1 <= a_i <= 100.

    Theory: misère Nim. Taking a run from the middle splits a group in two (the take-and-break
    game octal .777...), yet a group of h is still worth h: its options leave two groups with fewer
    than h apples in all, whose xor is below h, and taking from one end reaches every value below
    h. A move changes one group only and a group of 1 can only be taken whole, so Bouton's misère
    rule holds word for word: with every group of 1 the first player wins iff their number is even,
    otherwise iff the xor of the groups is non-zero (the tests check it against a search of the
    run game itself)."""
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
    """Statement: N heaps of stones; in turn, Alice first, a player either takes any positive
    number of stones from one heap, or splits one heap into two non-empty heaps. Whoever takes the
    last stone wins. Who wins?

    Input: the number of cases T, then each case on two lines:
        T
        N
        s_1 s_2 ... s_N

    Output: per case 'Alice' if Alice wins, else 'Bob'.

    Limits: 1 <= T <= 100, 1 <= N <= 10^6, 1 <= s_i <= 2^31 - 1.

    Theory: Lasker's Nim, grundy's lasker. By Sprague–Grundy the heaps are independent games and
    the first player wins iff the xor of their values is non-zero. The values have period 4 with
    saltus 4: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3. grundy proves this
    period from the definition and reads the values of all heaps from it at once, so 10^6 heaps of
    2^31 need no table."""
    return _take_or_split(text, "lasker", 2**31 - 1, "Alice", "Bob")


@problem("hdu5795", "HDU 5795", "A Simple Nim",
         "take any number from one heap, or split a heap into three non-empty heaps",
         generate=_gen_many_heaps(10**9),
         samples=[("2\n2\n4 4\n3\n1 2 4\n", "Second player wins.\nFirst player wins.\n")],
         brute=_brute_many(heap_search(_split_moves(3)), "First player wins.", "Second player wins."))
def a_simple_nim(text: str) -> str:
    """Statement: n heaps of stones; in turn, a player either takes any positive number of stones
    from one heap, or splits one heap into three non-empty heaps. Whoever takes the last stone
    wins. Does the first player win?

    Input: the number of cases T, then each case on two lines:
        T
        n
        s_1 s_2 ... s_n

    Output: per case 'First player wins.' or 'Second player wins.'

    Limits: 1 <= T <= 100, 1 <= n <= 10^6, 1 <= s_i <= 10^9.

    Theory: Sprague–Grundy with grundy's split3: the first player wins iff the xor of the heaps'
    values is non-zero. The values have period 8 with saltus 8: G(8k+7) = 8k+8, G(8k+8) = 8k+7,
    and G(n) = n otherwise. grundy proves this period from the definition and reads the values of
    all heaps from it at once."""
    return _take_or_split(text, "split3", 10**9, "First player wins.", "Second player wins.")
