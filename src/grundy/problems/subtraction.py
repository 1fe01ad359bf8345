r"""Subtraction-game problems (take an allowed number from one heap) in their original input/output format.

- ``hdu1847`` Good Luck in CET-4 Everybody! — ``subtraction:pow2``
- ``hdu1848`` Fibonacci again and again — ``subtraction:fib``, a sum of three heaps
- ``hdu1536`` S-Nim — ``subtraction:S``
- ``hdu2516`` Take-away game — ``fibonacci-nim``; ``hdu2486`` A Simple Stone Game — ``dynamic:K``
  (the allowed takes depend on the last move)

Every solver reads its input with :class:`~grundy.problems.base.Reader` (bad input names the
line) and answers from the ruleset's closed form or solver; each problem also has a brute-force
solver that plays the game straight from the statement (a search of the whole position,
:class:`~grundy.core.search.MoveSearch`), used by the tests.

>>> print(cet4("1\n3\n"), end="")
Kiki
Cici

References: the HDU Online Judge problems named above; Winning Ways ch. 2-4 (subtraction games);
Whinihan, *Fibonacci Nim* (1963).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import numpy as np

import grundy
from grundy.core.search import MoveSearch
from grundy.problems.base import (
    ProblemInputError,
    Reader,
    heap_line,
    heap_position,
    heap_search,
    largest,
    lines,
    problem,
    xor_all,
)

INT31 = 2**31 - 1


# -- HDU 1847: take a power of two -----------------------------------------------------------------
def _gen_cet4(rng: random.Random, size: int) -> str:
    count = rng.randint(1, min(size + 2, 1000))
    return "".join(f"{rng.randint(1, largest(size, 1000, 10))}\n" for _ in range(count))


_CET4 = MoveSearch(lambda n: [n - (1 << i) for i in range(n.bit_length()) if (1 << i) <= n])


def _brute_cet4(text: str) -> str:
    return lines(["Kiki" if _CET4.wins(int(t)) else "Cici" for t in text.split()])


@problem("hdu1847", "HDU 1847", "Good Luck in CET-4 Everybody!",
         "n cards, take a power of two (1, 2, 4, ...) per turn, taking the last wins; Kiki moves first",
         generate=_gen_cet4, samples=[("1\n3\n", "Kiki\nCici\n")], brute=_brute_cet4)
def cet4(text: str) -> str:
    """Statement: n cards; in turn, Kiki first, each player takes a power of two of them (1, 2, 4,
    8, ...), and whoever takes the last card wins. Who wins?

    Input: one case per line, to the end of the input:
        n

    Output: per case 'Kiki' if Kiki wins, else 'Cici'.

    Limits: 1 <= n <= 1000.

    Theory: the subtraction game subtraction:pow2, whose values are G(n) = n mod 3: Kiki wins iff 3
    does not divide n. No power of two is a multiple of 3, so from a multiple of 3 every move
    leaves a non-multiple, and from any other n taking 1 or 2 cards reaches a multiple."""
    r = Reader(text)
    rules = grundy.ruleset("subtraction:pow2")
    out = []
    while not r.at_end():
        n = r.int(f"n (the number of cards, case {len(out) + 1})", 1, 1000)
        out.append("Kiki" if grundy.solve(rules, [n]).outcome == "N" else "Cici")
    return lines(out)


# -- HDU 1848: three heaps, take a Fibonacci number ------------------------------------------------
def _gen_fibo(rng: random.Random, size: int) -> str:
    rows = []
    for _ in range(rng.randint(1, min(size + 1, 1000))):
        heaps = [rng.randint(0, largest(size, 1000, 5)) for _ in range(3)]
        if not any(heaps):
            heaps[rng.randrange(3)] = 1
        rows.append(" ".join(map(str, heaps)))
    return "\n".join(rows) + "\n0 0 0\n"


def _fib_moves(h: int) -> Iterable[tuple[int, ...]]:
    a, b = 1, 2
    while a <= h:
        yield (h - a,)
        a, b = b, a + b


_FIBO = heap_search(_fib_moves)


def _brute_fibo(text: str) -> str:
    numbers = list(map(int, text.split()))
    triples = [numbers[i:i + 3] for i in range(0, len(numbers) - 3, 3)]
    return lines(["Fibo" if _FIBO.wins(heap_position(t)) else "Nacci" for t in triples])


@problem("hdu1848", "HDU 1848", "Fibonacci again and again",
         "three heaps m, n, p; take a Fibonacci number (1, 2, 3, 5, 8, ...) from one heap; taking the last wins",
         generate=_gen_fibo, samples=[("1 1 1\n1 4 1\n0 0 0\n", "Fibo\nNacci\n")], brute=_brute_fibo)
def fibonacci_again(text: str) -> str:
    """Statement: three heaps of m, n and p stones; in turn, a player takes a Fibonacci number of
    stones (1, 2, 3, 5, 8, ...) from one heap, and whoever takes the last stone wins. Does the
    first player win?

    Input: one case per line, and a last line 0 0 0:
        m n p

    Output: per case 'Fibo' if the first player wins, else 'Nacci'.

    Limits: 0 <= m, n, p <= 1000, not all three 0 (that ends the input).

    Theory: Sprague–Grundy. Each heap is the subtraction game subtraction:fib with
    G(x) = mex{G(x - f) : f a Fibonacci number <= x}, the classic table to compute (打表); the
    heaps are independent, so the first player wins iff G(m) xor G(n) xor G(p) != 0."""
    r = Reader(text)
    rules = grundy.ruleset("subtraction:fib")
    out = []
    while True:
        case = len(out) + 1
        heaps = [r.int(f"{name} of case {case}", 0, 1000) for name in "mnp"]
        if not any(heaps):
            break
        out.append("Fibo" if grundy.solve(rules, heaps).outcome == "N" else "Nacci")
    r.end()
    return lines(out)


# -- HDU 1536: S-Nim ------------------------------------------------------------------------------
def _gen_s_nim(rng: random.Random, size: int) -> str:
    blocks = []
    for _ in range(rng.randint(1, min(size, 5))):
        k = rng.randint(1, min(size + 1, 100))
        subtractions = [rng.randint(1, largest(size, 10000, 3)) for _ in range(k)]
        m = rng.randint(1, min(size + 1, 100))
        rows = []
        for _ in range(m):
            count = rng.randint(1, min(size + 1, 100))
            rows.append(f"{count} {heap_line(rng, count, largest(size, 10000, 4), low=0)}")
        blocks.append(f"{k} {' '.join(map(str, subtractions))}\n{m}\n" + "\n".join(rows))
    return "\n".join(blocks) + "\n0\n"


def _brute_s_nim(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 0
    while numbers[i]:
        subtractions = sorted(set(numbers[i + 1:i + 1 + numbers[i]]))
        i += 1 + numbers[i]
        search = heap_search(lambda h, s=tuple(subtractions): ((h - x,) for x in s if x <= h))
        letters = []
        m = numbers[i]
        i += 1
        for _ in range(m):
            heaps = numbers[i + 1:i + 1 + numbers[i]]
            i += 1 + numbers[i]
            letters.append("W" if search.wins(heap_position(heaps)) else "L")
        out.append("".join(letters))
    return lines(out)


@problem("hdu1536", "HDU 1536", "S-Nim",
         "Nim where a move takes s beads from one heap, s in the set S; a line of W/L per set of positions",
         generate=_gen_s_nim,
         samples=[("2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
                   "LWW\nWWL\n")],
         brute=_brute_s_nim)
def s_nim(text: str) -> str:
    """Statement: Nim where a move takes s beads from one heap, s in a given set S. Each test case
    gives S and several positions (lists of heaps): is each a win or a loss for the player to
    move?

    Input: test cases, each as below, and a last line 0:
        k s_1 s_2 ... s_k
        m
        l h_1 h_2 ... h_l      (m lines, one position each)

    Output: per test case one line of m letters, 'W' if the player to move wins that position,
    else 'L'.

    Limits: 1 <= k <= 100, 1 <= s_i <= 10000, 1 <= m <= 100, 1 <= l <= 100, 0 <= h_i <= 10000.

    Theory: the subtraction game subtraction:S and Sprague–Grundy: a heap of x is worth
    G(x) = mex{G(x - s) : s in S, s <= x}, and a position wins iff the xor of its heaps' values is
    non-zero. grundy fills G(0..10000) once per test case (a compiled kernel) and answers each
    position by an xor."""
    r = Reader(text)
    out = []
    while k := r.int(f"k (the size of S, test case {len(out) + 1}; 0 ends the input)", 0, 100):
        case = len(out) + 1
        subtractions = r.ints(k, f"member of S in test case {case}", 1, 10000)
        rules = grundy.ruleset("subtraction:" + ",".join(map(str, subtractions)))
        table = rules.values(10001)
        letters = []
        for position in range(1, r.int(f"m (the number of positions, test case {case})", 1, 100) + 1):
            where = f"position {position} in test case {case}"
            heaps = r.array(r.int(f"l (the number of heaps, {where})", 1, 100), f"heap of {where}", 0, 10000)
            letters.append("W" if xor_all(table[heaps].astype(np.int64)) else "L")
        out.append("".join(letters))
    r.end()
    return lines(out)


# -- HDU 2516 / 2486: dynamic subtraction ----------------------------------------------------------
def _dynamic_moves(state: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """``(stones, most the player to move may take, k)``: take q of them (all of them wins); the next
    player may take up to k·q."""
    n, limit, k = state
    return [(n - q, min(k * q, n - q), k) for q in range(1, min(n, limit) + 1)]


_DYNAMIC = MoveSearch(_dynamic_moves)


def _gen_takeaway(rng: random.Random, size: int) -> str:
    rows = [str(rng.randint(2, largest(size, INT31, 10))) for _ in range(rng.randint(1, min(size + 2, 1000)))]
    return "\n".join(rows) + "\n0\n"


def _brute_takeaway(text: str) -> str:
    return lines(["First win" if _DYNAMIC.wins((n, n - 1, 2)) else "Second win" for n in map(int, text.split()[:-1])])


@problem("hdu2516", "HDU 2516", "Take-away game (Fibonacci Nim)",
         "n stones; the first move takes any but all, then at most twice the previous take; taking the last wins",
         generate=_gen_takeaway, samples=[("2\n13\n10000\n0\n", "Second win\nSecond win\nFirst win\n")],
         brute=_brute_takeaway)
def take_away(text: str) -> str:
    """Statement: n stones; the first player takes any number of them but not all; after that, each
    move takes at least one stone and at most twice what the opponent just took. Whoever takes the
    last stone wins. Who wins?

    Input: one case per line, and a last line 0:
        n

    Output: per case 'Second win' if the first player loses, else 'First win'.

    Limits: 2 <= n <= 2^31 - 1.

    Theory: Fibonacci Nim (Whinihan 1963), grundy's fibonacci-nim: the first player loses iff n is
    a Fibonacci number. Write n as a sum of non-consecutive Fibonacci numbers (Zeckendorf); taking
    the smallest part wins, since the next part is more than twice as large and the opponent may
    not take it, and the same holds for every later move. When n is itself a Fibonacci number,
    every first take leaves a number whose smallest part is within the opponent's reach."""
    r = Reader(text)
    rules = grundy.ruleset("fibonacci-nim")
    out = []
    while True:
        line = r.line
        if not (n := r.int(f"n (stones, case {len(out) + 1}; 0 ends the input)", 0, INT31)):
            break
        if n == 1:
            raise ProblemInputError(f"line {line}: expected n, an integer 2..{INT31} (or 0 to end), got 1")
        out.append("First win" if grundy.solve(rules, [n]).outcome == "N" else "Second win")
    r.end()
    return lines(out)


def _gen_simple_stone(rng: random.Random, size: int) -> str:
    cases = rng.randint(1, min(size + 1, 20))
    rows = [f"{rng.randint(2, largest(size, 10**8 - 2, 10) + 2)} {rng.randint(1, largest(size, 10**5, 2))}"
            for _ in range(cases)]
    return f"{cases}\n" + "\n".join(rows) + "\n"


def _brute_simple_stone(text: str) -> str:
    numbers = list(map(int, text.split()))
    out = []
    for case, (n, k) in enumerate(zip(numbers[1::2], numbers[2::2], strict=True), start=1):
        takes = [q for q in range(1, n) if not _DYNAMIC.wins((n - q, min(k * q, n - q), k))]
        out.append(f"Case {case}: {takes[0] if takes else 'lose'}")
    return lines(out)


@problem("hdu2486", "HDU 2486", "A Simple Stone Game",
         "n stones; the first move takes 1..n-1, then at most k times the previous take; taking the last wins: "
         "print the smallest winning first take or 'lose'",
         generate=_gen_simple_stone,
         samples=[("5\n16 1\n11 1\n32 2\n34 2\n19 3\n",
                   "Case 1: lose\nCase 2: 1\nCase 3: 3\nCase 4: lose\nCase 5: 4\n")],
         brute=_brute_simple_stone)
def simple_stone_game(text: str) -> str:
    """Statement: n stones; the first player takes 1 to n - 1 of them; after that, each move takes
    at least one stone and at most k times what the opponent just took. Whoever takes the last
    stone wins. Does the first player win, and with which smallest first take?

    Input: the number of cases T, then one line per case:
        T
        n k        (T lines)

    Output: per case 'Case i: lose' if the first player loses, else 'Case i: X' with X the
    smallest first take that wins.

    Limits: 1 <= T <= 20, 2 <= n <= 10^8, 1 <= k <= 10^5.

    Theory: the k-multiple dynamic subtraction game, grundy's dynamic:k (Schwenk 1970). Its losing
    first positions are the terms of a(1) = 1, a(i+1) = b(i) + 1, where b(i) is the largest m such
    that 1..m are all sums of earlier terms, each more than k times the one before it (k = 2: the
    Fibonacci numbers). Write n greedily as such a sum; if n is a term the first player loses,
    otherwise taking the smallest part of the sum wins, as in Fibonacci Nim, and no smaller take
    does."""
    r = Reader(text)
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 20) + 1):
        n, k = r.int(f"n of case {case}", 2, 10**8), r.int(f"k of case {case}", 1, 10**5)
        solution = grundy.solve(f"dynamic:{k}", [n])
        takes = [n - move.option[0][0] for move in solution.winning_moves]
        out.append(f"Case {case}: {min(takes) if solution.outcome == 'N' else 'lose'}")
    r.end()
    return lines(out)
