r"""Splitting problems (a move cuts a heap or a plane in parts) in their original input/output format.

- ``hdu4664`` Triangulation — ``triangulation`` (octal .07, its proved period)
- ``poj1740`` A New Stone Game — ``new-stone``
- ``bzoj1188`` 分裂游戏 — ``beans`` (with :func:`~grundy.rulesets.splitting.beans_position`)
- ``bzoj3576`` 江南乐 — ``near-equal:F``

Every solver reads its input with :class:`~grundy.problems.base.Reader` (bad input names the line)
and answers from the ruleset's position rule, Sprague–Grundy values or proved period; each problem
also has a brute-force solver that plays the game straight from the statement (a search of the
whole position, :class:`~grundy.core.search.MoveSearch`), used by the tests.

>>> print(triangulation("2\n1\n2\n2\n2 2\n"), end="")
Carol
Dave
>>> print(new_stone_game("3\n2 1 3\n2\n1 1\n0\n"), end="")
1
0

References: the HDU, POJ and BZOJ problems named above; Winning Ways ch. 4 (octal games, Dawson's
Kayles); HNOI 2007 and HNOI 2014.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache

import grundy
from grundy.core.search import MoveSearch, sum_moves, sum_outcome
from grundy.problems.base import Reader, groups, largest, lines, problem, proved_period
from grundy.rulesets.splitting import beans_position


# -- HDU 4664: Triangulation -----------------------------------------------------------------------
def _gen_triangulation(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 100))):
        n = rng.randint(1, min(size, 1000) if size <= 3 else min(size * size, 1000))
        cases.append(f"{n}\n" + " ".join(str(rng.randint(1, largest(size, 10**9, 5, cubed=True)))
                                         for _ in range(n)))
    return f"{len(cases)}\n" + "\n".join(cases) + "\n"


def _triangulation_moves(points: int) -> Iterator[tuple[int, ...]]:
    """Join two points of a plane of ``points``: the segment leaves i and points - 2 - i on its sides."""
    for i in range((points - 2) // 2 + 1):
        yield tuple(x for x in (i, points - 2 - i) if x >= 2)


_PLANES = MoveSearch(sum_moves(_triangulation_moves))


def _brute_triangulation(text: str) -> str:
    return lines(["Carol" if _PLANES.wins(tuple(sorted(p for p in planes if p >= 2))) else "Dave"
                  for planes in groups(text, counted=True)])


@problem("hdu4664", "HDU 4664", "Triangulation",
         "planes of points in convex position; a move joins two points of a plane by a segment with no point in "
         "common with another (no crossing, no shared end: it splits the plane, as octal .07); who cannot move "
         "loses; Carol moves first",
         generate=_gen_triangulation, samples=[("2\n1\n2\n2\n2 2\n", "Carol\nDave\n")],
         brute=_brute_triangulation)
def triangulation(text: str) -> str:
    """Statement: N planes, each holding M_i points in convex position. In turn, Carol first, a
    player joins two points of one plane by a segment that has no point in common with a segment
    drawn before (it crosses none and shares no end with one); whoever cannot move loses. Does Carol
    win?

    Input: the number of cases T, then each case on two lines:
        T
        N
        M_1 M_2 ... M_N

    Output: per case 'Carol' if Carol wins, else 'Dave'.

    Limits: 1 <= T <= 100, 1 <= N <= 10^6, 1 <= M_i <= 10^9.

    Theory: a move on a plane of n points takes two of them out of play and leaves the points on
    either side of the segment as two independent planes of i and n - 2 - i points: the octal game
    .07 (Dawson's Kayles), grundy's triangulation. By Sprague–Grundy Carol wins iff the xor of the
    planes' values is non-zero; grundy proves the period of the values (preperiod 53, period 34)
    and reads them from it, so 10^9 points need no table."""
    r = Reader(text)
    period = proved_period("triangulation")
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 100) + 1):
        n = r.int(f"N (the number of planes) of case {case}", 1, 10**6)
        total = 0
        for points in r.ints(n, f"points of a plane of case {case}", 1, 10**9):
            total ^= period.value(points)
        out.append("Carol" if total else "Dave")
    r.end()
    return lines(out)


# -- POJ 1740: A New Stone Game --------------------------------------------------------------------
def _gen_new_stone(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 2, 50))):
        n = rng.randint(1, min(10, size + 1))
        heaps = [rng.randint(1, largest(size, 100, 2, cubed=True)) for _ in range(n)]
        if rng.random() < 0.4 and n % 2 == 0:  # pair the heaps up: a lost position
            heaps[1::2] = heaps[0::2]
            rng.shuffle(heaps)
        cases.append(f"{n}\n" + " ".join(map(str, heaps)))
    return "\n".join(cases) + "\n0\n"


def _new_stone_moves(heaps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """From the statement: throw away r >= 1 stones of heap i, then give each other (non-empty) heap
    any number of the rest."""
    for i, a in enumerate(heaps):
        others = heaps[:i] + heaps[i + 1:]
        for rest in range(a):
            for given in _gifts(rest, len(others)):
                left = [h + g for h, g in zip(others, given, strict=True)] + [rest - sum(given)]
                yield tuple(sorted(h for h in left if h))


def _gifts(stones: int, places: int) -> Iterator[tuple[int, ...]]:
    """Each way to give at most ``stones`` stones to ``places`` heaps."""
    if places == 0:
        yield ()
        return
    for first in range(stones + 1):
        for tail in _gifts(stones - first, places - 1):
            yield (first, *tail)


_NEW_STONE = MoveSearch(_new_stone_moves)


def _brute_new_stone(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 0
    while numbers[i]:
        out.append(int(_NEW_STONE.wins(tuple(sorted(numbers[i + 1:i + 1 + numbers[i]])))))
        i += 1 + numbers[i]
    return lines(out)


@problem("poj1740", "POJ 1740", "A New Stone Game",
         "n heaps; throw away stones of one heap, then move any of its rest onto other non-empty heaps; "
         "who cannot move loses: print 1 if the first player wins",
         generate=_gen_new_stone, samples=[("3\n2 1 3\n2\n1 1\n0\n", "1\n0\n")], brute=_brute_new_stone)
def new_stone_game(text: str) -> str:
    """Statement: n heaps of stones. In turn, Alice first, a player picks a heap, throws away at
    least one of its stones, and may then move any of its remaining stones onto the other
    non-empty heaps. Whoever cannot move loses. Does Alice win?

    Input: cases, each on two lines, and a last line 0:
        n
        a_1 a_2 ... a_n

    Output: per case 1 if Alice wins, else 0.

    Limits: 1 <= n <= 10, 1 <= a_i <= 100.

    Theory: grundy's new-stone. The player to move loses iff the heaps pair up into equal pairs:
    the opponent then copies each move on the twin heap. From any other position one move reaches
    such a pairing: with an odd number of heaps h_1 <= ... <= h_n, empty h_n and use its stones to
    raise h_1 to h_2, h_3 to h_4, ... (this needs fewer than h_n stones); with an even number, cut
    h_n down to h_1 and raise h_2 to h_3, h_4 to h_5, ... with the stones taken."""
    r = Reader(text)
    rules = grundy.ruleset("new-stone")
    out = []
    while n := r.int(f"n (the number of heaps, case {len(out) + 1}; 0 ends the input)", 0, 10):
        heaps = r.ints(n, f"heap of case {len(out) + 1}", 1, 100)
        out.append(int(sum_outcome(rules, [rules.validate(tuple(heaps))]) == "N"))
    r.end()
    return lines(out)


# -- BZOJ 1188: the split game with beans ----------------------------------------------------------
def _gen_beans(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 10))):
        n = rng.randint(2, min(21, size + 2 if size <= 3 else size * size))
        cases.append(f"{n}\n" + " ".join(str(rng.randint(0, largest(size, 10000, 1, cubed=True))) for _ in range(n)))
    return f"{len(cases)}\n" + "\n".join(cases) + "\n"


def _bean_moves(counts: tuple[int, ...]) -> Iterator[tuple[int, int, int, tuple[int, ...]]]:
    """``(i, j, k, counts after)`` for each move: a bean leaves bottle i < n-1 for bottles i < j <= k."""
    n = len(counts)
    for i in range(n - 1):
        if counts[i]:
            for j in range(i + 1, n):
                for k in range(j, n):
                    after = list(counts)
                    after[i] -= 1
                    after[j] += 1
                    after[k] += 1
                    after[-1] = 0  # beans in the last bottle never move again
                    yield i, j, k, tuple(after)


_BEANS = MoveSearch(lambda counts: (after for *_, after in _bean_moves(counts)))


def _brute_beans(text: str) -> str:
    out: list[str | int] = []
    for counts in groups(text, counted=True):
        wins = [(a, b, c) for a, b, c, after in _bean_moves(tuple(counts)) if not _BEANS.wins(after)]
        out += [" ".join(map(str, wins[0])) if wins else "-1 -1 -1", len(wins)]
    return lines(out)


@problem("bzoj1188", "BZOJ 1188", "分裂游戏 (split game with beans, HNOI 2007)",
         "bottles 0..n-1 of beans; take a bean from bottle i and put one into each of bottles j and k, i < j <= k; "
         "who cannot move loses: print the first winning move and the number of winning moves",
         generate=_gen_beans, samples=[("2\n4\n1 0 1 5000\n3\n0 0 1\n", "0 2 3\n1\n-1 -1 -1\n0\n")],
         brute=_brute_beans)
def split_game(text: str) -> str:
    """Statement: n bottles 0..n-1 hold beans. In turn, a player takes a bean from a bottle i and
    puts one bean into each of the bottles j and k, i < j <= k (both into one bottle when j = k).
    Whoever cannot move loses. Print the first player's smallest winning first move and the number
    of his winning first moves.

    Input: the number of cases T, then each case on two lines:
        T
        n
        b_0 b_1 ... b_(n-1)

    Output: per case two lines: the lexicographically smallest winning first move 'i j k', or
    '-1 -1 -1' when there is none; then the number of winning first moves.

    Limits: 1 <= T <= 1000, 2 <= n <= 21, 0 <= b_i <= 10000.

    Theory: every bean is an independent game: a bean at distance d = n - 1 - i from the last
    bottle becomes two beans at distances d > d1 >= d2 >= 0. Two beans at the same distance cancel
    (the second player copies every move), so only the parity of each bottle counts, and the game
    is Mock Turtles (grundy's beans): G(d) is the (d-1)-th odious number, G(0) = 0. A move from
    bottle i wins iff it replaces G(d) by G(d1) xor G(d2) = G(d) xor S, S being the xor of the
    whole position; every non-empty bottle may be the source, even one with an even number of
    beans."""
    r = Reader(text)
    rules = grundy.ruleset("beans")
    out: list[str | int] = []
    for case in range(1, r.int("T (the number of cases)", 1, 1000) + 1):
        n = r.int(f"n (the number of bottles) of case {case}", 2, 21)
        counts = r.ints(n, f"beans of a bottle of case {case}", 0, 10000)
        solution = grundy.solve(rules, beans_position(counts), max_listed=0)
        moves = []
        if solution.outcome == "N":
            for i, count in enumerate(counts):
                d = n - 1 - i
                if count:
                    target = rules.grundy(d) ^ solution.grundy
                    moves += [(i, n - 1 - d1, n - 1 - d2) for d1, d2 in rules.moves_to_value(d, target)]
        out += [" ".join(map(str, min(moves))) if moves else "-1 -1 -1", len(moves)]
    r.end()
    return lines(out)


# -- BZOJ 3576: near-equal splitting ---------------------------------------------------------------
def _gen_near_equal(rng: random.Random, size: int) -> str:
    f = rng.randint(1, largest(size, 10**5, 2, cubed=True))
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 100))):
        n = rng.randint(1, min(100, size if size <= 3 else size * size))
        heaps = [rng.randint(1, largest(size, 10**5, 3, cubed=True)) for _ in range(n)]
        cases.append(" ".join(map(str, [n] + heaps)))
    return f"{len(cases)} {f}\n" + "\n".join(cases) + "\n"


def _splits(f: int) -> Callable[[int], Iterator[tuple[int, ...]]]:
    def moves(heap: int) -> Iterator[tuple[int, ...]]:
        if heap >= f:
            for m in range(2, heap + 1):
                q, rest = divmod(heap, m)
                yield (q,) * (m - rest) + (q + 1,) * rest

    return moves


@cache
def _near_equal_search(f: int) -> MoveSearch:
    return MoveSearch(sum_moves(_splits(f)))


def _brute_near_equal(text: str) -> str:
    numbers = list(map(int, text.split()))
    search = _near_equal_search(numbers[1])
    out, i = [], 2
    for _ in range(numbers[0]):
        out.append(str(int(search.wins(tuple(sorted(numbers[i + 1:i + 1 + numbers[i]]))))))
        i += 1 + numbers[i]
    return " ".join(out) + "\n"


@problem("bzoj3576", "BZOJ 3576", "江南乐 (HNOI 2014, near-equal splitting)",
         "split a heap of at least F stones into M >= 2 heaps as equal as possible; who cannot move loses: "
         "print 1 if the first player wins",
         generate=_gen_near_equal, samples=[("4 3\n1 1\n1 2\n1 3\n1 5\n", "0 0 1 1\n")], brute=_brute_near_equal)
def near_equal_splitting(text: str) -> str:
    """Statement: T games share a number F. A game has N heaps of stones; in turn, a player picks a
    heap of at least F stones and splits it into M >= 2 heaps as equal as possible (any two differ
    by at most one). Whoever cannot move loses. Does the first player win each game?

    Input: T and F, then one line per game:
        T F
        N a_1 a_2 ... a_N        (T lines)

    Output: one line of T numbers separated by spaces: 1 if the first player wins that game (小A,
    who moves second, loses), else 0.

    Limits: 1 <= T <= 100, 1 <= F <= 10^5, 1 <= N <= 100, 1 <= a_i <= 10^5.

    Theory: Sprague–Grundy with grundy's near-equal:F. Splitting n into M heaps leaves r = n mod M
    heaps of q + 1 and M - r heaps of q = ⌊n/M⌋, and equal heaps cancel in pairs, so the option is
    worth G(q + 1) if r is odd, xor G(q) if M - r is odd. Over a block of M with the same q these
    parities repeat with period 2, so two values of M per block suffice: O(√n) per heap for the
    table, and each game is the xor of its heaps' values."""
    r = Reader(text)
    t = r.int("T (the number of games)", 1, 100)
    rules = grundy.ruleset(f"near-equal:{r.int('F', 1, 10**5)}")
    out = []
    for case in range(1, t + 1):
        n = r.int(f"N (the number of heaps) of game {case}", 1, 100)
        heaps = r.ints(n, f"heap of game {case}", 1, 10**5)
        out.append(str(int(sum_outcome(rules, heaps) == "N")))
    r.end()
    return " ".join(out) + "\n"
