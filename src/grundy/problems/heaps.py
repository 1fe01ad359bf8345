r"""Heap-game problems from HDU, in their original input/output format, solved with grundy's rulesets.

- ``hdu1847`` Good Luck in CET-4 Everybody! — ``subtraction:pow2``
- ``hdu1848`` Fibonacci again and again — ``subtraction:fib``, a sum of three heaps
- ``hdu1850`` Being a Good Boy in Spring Festival — ``nim``, counting the winning moves
- ``hdu1907`` John, ``hdu2509`` Be the Winner — misère ``nim`` (anti-Nim)
- ``hdu2149`` Public Sale, ``hdu4764`` Stone — ``bash:M``
- ``hdu2516`` Take-away game — ``fibonacci-nim``; ``hdu2486`` A Simple Stone Game — ``dynamic:K``
- ``hdu3032`` Nim or not Nim? — ``lasker``; ``hdu5795`` A Simple Nim — ``split3``
- ``hdu1536`` S-Nim — ``subtraction:S``

Every solver reads its input with :class:`~grundy.problems.base.Reader` (bad input names the
line) and answers from the ruleset's closed form or solver; each problem also has a brute-force
solver that plays the game straight from the statement, used by the tests.

>>> print(cet4("1\n3\n"), end="")
Kiki
Cici
>>> print(nim_or_not_nim("2\n3\n2 2 3\n2\n3 3\n"), end="")
Alice
Bob

References: the HDU Online Judge problems named above; Winning Ways ch. 2-4 (Bouton, Lasker,
subtraction games); Whinihan, *Fibonacci Nim* (1963); Bouton (1901) for misère Nim.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache

import numpy as np

import grundy
from grundy.core.ruleset import Ruleset
from grundy.problems.base import ProblemInputError, Reader, lines, problem

INT31 = 2**31 - 1


# -- shared helpers ------------------------------------------------------------------------------
def _many_ints(r: Reader, count: int, what: str, low: int, high: int) -> np.ndarray:
    """The next ``count`` tokens as an int64 array in ``low..high`` (errors name the line)."""
    return np.array(r.ints(count, what, low, high), dtype=np.int64)


def values_by_period(rules: Ruleset, heaps: np.ndarray) -> np.ndarray:
    """Grundy values of many heaps at once from the ruleset's proved arithmetic period.

    With ``known_period() = (n0, p, saltus, ...)``: G(n) = G(n0 + (n - n0) mod p) + saltus·⌊(n - n0)/p⌋
    for n >= n0; the values below n0 + p come from the ruleset's own closed form.

    >>> values_by_period(grundy.ruleset("lasker"), np.array([0, 1, 2, 3, 4, 7, 8, 10**9])).tolist()
    [0, 1, 2, 4, 3, 8, 7, 999999999]
    """
    n0, period, saltus, _ = rules.known_period()
    base = np.array([rules.grundy(n) for n in range(n0 + period)], dtype=np.int64)
    cycles, offset = np.divmod(np.maximum(heaps - n0, 0), period)
    index = np.where(heaps < n0, heaps, n0 + offset)
    return base[index] + saltus * cycles


def _nim_sum(values: np.ndarray) -> int:
    return int(np.bitwise_xor.reduce(values)) if len(values) else 0


def _search(moves: Callable[[int], Iterable[tuple[int, ...]]], misere: bool = False) -> Callable[[tuple], bool]:
    """Brute force: ``wins(position)`` for a sum of heaps, searched whole (no Sprague–Grundy).

    ``moves(h)`` yields the heaps a move on a heap of ``h`` leaves; empty heaps are dropped.
    Under misère play a player with no move has won (the opponent made the last move).
    """

    @cache
    def wins(position: tuple[int, ...]) -> bool:
        moved = False
        for i, h in enumerate(position):
            if i and position[i - 1] == h:
                continue  # the same heap size again: the same moves
            rest = position[:i] + position[i + 1:]
            for left in moves(h):
                moved = True
                if not wins(tuple(sorted(rest + tuple(x for x in left if x)))):
                    return True
        return misere and not moved

    return wins


def _rules(made: dict[str, Ruleset], spec: str) -> Ruleset:
    """The ruleset of ``spec``, remembered for this input (many cases share a few specs)."""
    if spec not in made:
        made[spec] = grundy.ruleset(spec)
    return made[spec]


def _position(heaps: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(h for h in heaps if h))


def _upto(size: int, limit: int, scale: int) -> int:
    """The largest number a generated input of this size uses (growing with size, capped at the limit)."""
    return max(1, min(limit, scale * size))


def _heap_lines(rng: random.Random, count: int, high: int, low: int = 1) -> str:
    return " ".join(str(rng.randint(low, high)) for _ in range(count))


# -- HDU 1847: take a power of two -----------------------------------------------------------------
def _gen_cet4(rng: random.Random, size: int) -> str:
    return "".join(f"{rng.randint(1, _upto(size, 1000, 10))}\n" for _ in range(rng.randint(1, min(size + 2, 1000))))


@cache
def _cet4_wins(n: int) -> bool:
    return any(not _cet4_wins(n - (1 << i)) for i in range(n.bit_length()) if (1 << i) <= n)


def _brute_cet4(text: str) -> str:
    return lines(["Kiki" if _cet4_wins(int(t)) else "Cici" for t in text.split()])


@problem("hdu1847", "HDU 1847", "Good Luck in CET-4 Everybody!",
         "n cards, take a power of two (1, 2, 4, ...) per turn, taking the last wins; Kiki moves first",
         generate=_gen_cet4, samples=[("1\n3\n", "Kiki\nCici\n")], brute=_brute_cet4)
def cet4(text: str) -> str:
    """Input: several lines, each one n (1 <= n <= 1000), to the end of the input.
    Output: per line ``Kiki`` if the first player (Kiki) wins, else ``Cici``."""
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
        heaps = [rng.randint(0, _upto(size, 1000, 5)) for _ in range(3)]
        if not any(heaps):
            heaps[rng.randrange(3)] = 1
        rows.append(" ".join(map(str, heaps)))
    return "\n".join(rows) + "\n0 0 0\n"


def _fib_moves(h: int) -> Iterable[tuple[int, ...]]:
    a, b = 1, 2
    while a <= h:
        yield (h - a,)
        a, b = b, a + b


_fibo_wins = _search(_fib_moves)


def _brute_fibo(text: str) -> str:
    numbers = list(map(int, text.split()))
    triples = [numbers[i:i + 3] for i in range(0, len(numbers) - 3, 3)]
    return lines(["Fibo" if _fibo_wins(_position(t)) else "Nacci" for t in triples])


@problem("hdu1848", "HDU 1848", "Fibonacci again and again",
         "three heaps m, n, p; take a Fibonacci number (1, 2, 3, 5, 8, ...) from one heap; taking the last wins",
         generate=_gen_fibo, samples=[("1 1 1\n1 4 1\n0 0 0\n", "Fibo\nNacci\n")], brute=_brute_fibo)
def fibonacci_again(text: str) -> str:
    """Input: lines ``m n p`` (0 <= m, n, p <= 1000), ended by ``0 0 0``.
    Output: per line ``Fibo`` if the first player wins, else ``Nacci``."""
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


# -- HDU 1850: Nim, count the winning first moves --------------------------------------------------
def _gen_good_boy(rng: random.Random, size: int) -> str:
    rows = []
    for _ in range(rng.randint(1, min(size + 1, 100))):
        m = rng.randint(1, min(size + 2, 100))
        rows.append(f"{m}\n{_heap_lines(rng, m, _upto(size, 10**6, 5))}")
    return "\n".join(rows) + "\n0\n"


_nim_wins = _search(lambda h: ((x,) for x in range(h)))


def _brute_good_boy(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 0
    while numbers[i]:
        heaps = numbers[i + 1:i + 1 + numbers[i]]
        i += 1 + numbers[i]
        out.append(sum(not _nim_wins(_position(heaps[:j] + [x] + heaps[j + 1:]))
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
        high = _upto(size, 4747, 3) if rng.random() < 0.7 else 1  # all ones sometimes
        rows.append(f"{n}\n{_heap_lines(rng, n, high)}")
    return f"{cases}\n" + "\n".join(rows) + "\n"


_misere_nim_wins = _search(lambda h: ((x,) for x in range(h)), misere=True)


def _misere_cases(text: str, counted: bool) -> list[list[int]]:
    numbers = list(map(int, text.split()))
    cases, i = [], 1 if counted else 0
    while i < len(numbers):
        cases.append(numbers[i + 1:i + 1 + numbers[i]])
        i += 1 + numbers[i]
    return cases


def _brute_john(text: str) -> str:
    return lines(["John" if _misere_nim_wins(_position(h)) else "Brother" for h in _misere_cases(text, True)])


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
        high = _upto(size, 100, 3) if rng.random() < 0.7 else 1
        rows.append(f"{n}\n{_heap_lines(rng, n, high)}")
    return "\n".join(rows) + "\n"


def _run_moves(h: int) -> Iterable[tuple[int, ...]]:
    """Take a run of consecutive apples from a line of h: what is left on either side."""
    for start in range(h):
        for length in range(1, h - start + 1):
            yield (start, h - start - length)


_winner_wins = _search(_run_moves, misere=True)


def _brute_winner(text: str) -> str:
    return lines(["Yes" if _winner_wins(_position(h)) else "No" for h in _misere_cases(text, False)])


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


# -- HDU 2149 / 4764: Bash -------------------------------------------------------------------------
def _gen_sale(rng: random.Random, size: int) -> str:
    high = _upto(size, 1099, 10)
    cases = rng.randint(1, min(size + 2, 100))
    return "".join(f"{rng.randint(1, high)} {rng.randint(1, high)}\n" for _ in range(cases))


def _brute_sale(text: str) -> str:
    numbers = list(map(int, text.split()))
    out = []
    for m, n in zip(numbers[::2], numbers[1::2], strict=True):
        @cache
        def wins(price: int, m: int = m, n: int = n) -> bool:  # the bidder to move, at this price
            return any(price + b >= m or not wins(price + b) for b in range(1, n + 1))

        bids = [b for b in range(1, n + 1) if b >= m or not wins(b)]
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


def _gen_stone(rng: random.Random, size: int) -> str:
    rows = [f"{rng.randint(1, _upto(size, 10**8, 10))} {rng.randint(1, _upto(size, 100, 2))}"
            for _ in range(rng.randint(1, min(size + 2, 1000)))]
    return "\n".join(rows) + "\n0 0\n"


def _brute_stone(text: str) -> str:
    numbers = list(map(int, text.split()))
    out = []
    for n, k in zip(numbers[:-2:2], numbers[1:-2:2], strict=True):
        @cache
        def wins(y: int, n: int = n, k: int = k) -> bool:  # the player to move, y last written
            return any(not wins(x) for x in range(y + 1, min(y + k, n - 1) + 1))  # writing >= n loses

        out.append("Tang" if wins(0) else "Jiang")
    return lines(out)


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


# -- HDU 2516 / 2486: dynamic subtraction ----------------------------------------------------------
def _gen_takeaway(rng: random.Random, size: int) -> str:
    rows = [str(rng.randint(2, _upto(size, INT31, 10))) for _ in range(rng.randint(1, min(size + 2, 1000)))]
    return "\n".join(rows) + "\n0\n"


@cache
def _dynamic_wins(n: int, limit: int, k: int) -> bool:
    """The player to move takes 1..limit from n (all of it wins); the next may take k times as much."""
    return any(q == n or not _dynamic_wins(n - q, min(k * q, n - q), k) for q in range(1, min(n, limit) + 1))


def _brute_takeaway(text: str) -> str:
    return lines(["First win" if _dynamic_wins(n, n - 1, 2) else "Second win" for n in map(int, text.split()[:-1])])


@problem("hdu2516", "HDU 2516", "Take-away game (Fibonacci Nim)",
         "n stones; the first move takes any but all, then at most twice the previous take; taking the last wins",
         generate=_gen_takeaway, samples=[("2\n13\n10000\n0\n", "Second win\nSecond win\nFirst win\n")],
         brute=_brute_takeaway)
def take_away(text: str) -> str:
    """Input: lines n (2 <= n < 2^31), ended by ``0``.
    Output: per line ``Second win`` if the first player loses, else ``First win``."""
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
    rows = [f"{rng.randint(2, _upto(size, 10**8 - 2, 10) + 2)} {rng.randint(1, _upto(size, 10**5, 2))}"
            for _ in range(cases)]
    return f"{cases}\n" + "\n".join(rows) + "\n"


def _brute_simple_stone(text: str) -> str:
    numbers = list(map(int, text.split()))
    out = []
    for case, (n, k) in enumerate(zip(numbers[1::2], numbers[2::2], strict=True), start=1):
        takes = [q for q in range(1, n) if not _dynamic_wins(n - q, min(k * q, n - q), k)]
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
    """Input: T (T <= 20), then T lines ``n k`` (2 <= n <= 10^8, 1 <= k <= 10^5).
    Output: per case ``Case i: lose`` if the first player loses, else ``Case i: X`` with X the
    smallest number of stones the first player can take and still win (``dynamic:k``)."""
    r = Reader(text)
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 20) + 1):
        n, k = r.int(f"n of case {case}", 2, 10**8), r.int(f"k of case {case}", 1, 10**5)
        solution = grundy.solve(f"dynamic:{k}", [n])
        takes = [n - move.option[0][0] for move in solution.winning_moves]
        out.append(f"Case {case}: {min(takes) if solution.outcome == 'N' else 'lose'}")
    r.end()
    return lines(out)


# -- HDU 3032 / 5795: take or split, up to 10^6 heaps -----------------------------------------------
def _gen_many_heaps(limit: int) -> Callable[[random.Random, int], str]:
    def generate(rng: random.Random, size: int) -> str:
        cases = rng.randint(1, min(size, 100))
        rows = []
        for _ in range(cases):
            n = rng.randint(1, min(size + 1, 10**6 // cases))  # at most 10^6 heaps in all
            rows.append(f"{n}\n{_heap_lines(rng, n, _upto(size, limit, 4))}")
        return f"{cases}\n" + "\n".join(rows) + "\n"

    return generate


def _split_moves(parts: int) -> Callable[[int], Iterable[tuple[int, ...]]]:
    def moves(h: int) -> Iterable[tuple[int, ...]]:
        for x in range(h):
            yield (x,)
        if parts == 2:
            for a in range(1, h // 2 + 1):
                yield (a, h - a)
        else:
            for a in range(1, h // 3 + 1):
                for b in range(a, (h - a) // 2 + 1):
                    yield (a, b, h - a - b)

    return moves


_lasker_wins = _search(_split_moves(2))
_split3_wins = _search(_split_moves(3))


def _brute_many(wins: Callable[[tuple], bool], first: str, second: str) -> Callable[[str], str]:
    def brute(text: str) -> str:
        return lines([first if wins(_position(h)) else second for h in _misere_cases(text, True)])

    return brute


def _take_or_split(text: str, spec: str, high: int, first: str, second: str) -> str:
    r = Reader(text)
    rules = grundy.ruleset(spec)
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 100) + 1):
        n = r.int(f"N (the number of heaps, case {case})", 1, 10**6)
        heaps = _many_ints(r, n, f"heap of case {case}", 1, high)
        out.append(first if _nim_sum(values_by_period(rules, heaps)) else second)
    r.end()
    return lines(out)


@problem("hdu3032", "HDU 3032", "Nim or not Nim?",
         "Lasker's Nim: take any number from one heap, or split a heap into two non-empty heaps; Alice first",
         generate=_gen_many_heaps(INT31), samples=[("2\n3\n2 2 3\n2\n3 3\n", "Alice\nBob\n")],
         brute=_brute_many(_lasker_wins, "Alice", "Bob"))
def nim_or_not_nim(text: str) -> str:
    """Input: T (1 <= T <= 100), then per case N (1 <= N <= 10^6) and N heaps (1 <= s <= 2^31 - 1).
    Output: per case ``Alice`` if the first player wins, else ``Bob``.

    Values of ``lasker`` from its proved period (G(4k+3) = 4k+4, G(4k+4) = 4k+3, else n), in bulk."""
    return _take_or_split(text, "lasker", INT31, "Alice", "Bob")


@problem("hdu5795", "HDU 5795", "A Simple Nim",
         "take any number from one heap, or split a heap into three non-empty heaps",
         generate=_gen_many_heaps(10**9),
         samples=[("2\n2\n4 4\n3\n1 2 4\n", "Second player wins.\nFirst player wins.\n")],
         brute=_brute_many(_split3_wins, "First player wins.", "Second player wins."))
def a_simple_nim(text: str) -> str:
    """Input: T (1 <= T <= 100), then per case n (1 <= n <= 10^6) and n heaps (1 <= s <= 10^9).
    Output: per case ``First player wins.`` or ``Second player wins.``

    Values of ``split3`` from its proved period (G(8k+7) = 8k+8, G(8k+8) = 8k+7, else n), in bulk."""
    return _take_or_split(text, "split3", 10**9, "First player wins.", "Second player wins.")


# -- HDU 1536: S-Nim ------------------------------------------------------------------------------
def _gen_s_nim(rng: random.Random, size: int) -> str:
    blocks = []
    for _ in range(rng.randint(1, min(size, 5))):
        k = rng.randint(1, min(size + 1, 100))
        subtractions = [rng.randint(1, _upto(size, 10000, 3)) for _ in range(k)]
        m = rng.randint(1, min(size + 1, 100))
        rows = []
        for _ in range(m):
            count = rng.randint(1, min(size + 1, 100))
            rows.append(f"{count} {_heap_lines(rng, count, _upto(size, 10000, 4), low=0)}")
        blocks.append(f"{k} {' '.join(map(str, subtractions))}\n{m}\n" + "\n".join(rows))
    return "\n".join(blocks) + "\n0\n"


def _brute_s_nim(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 0
    while numbers[i]:
        subtractions = sorted(set(numbers[i + 1:i + 1 + numbers[i]]))
        i += 1 + numbers[i]
        wins = _search(lambda h, s=tuple(subtractions): ((h - x,) for x in s if x <= h))
        letters = []
        m = numbers[i]
        i += 1
        for _ in range(m):
            heaps = numbers[i + 1:i + 1 + numbers[i]]
            i += 1 + numbers[i]
            letters.append("W" if wins(_position(heaps)) else "L")
        out.append("".join(letters))
    return lines(out)


@problem("hdu1536", "HDU 1536", "S-Nim",
         "Nim where a move takes s beads from one heap, s in the set S; a line of W/L per set of positions",
         generate=_gen_s_nim,
         samples=[("2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
                   "LWW\nWWL\n")],
         brute=_brute_s_nim)
def s_nim(text: str) -> str:
    """Input: test cases, each ``k s1 .. sk`` (1 <= k <= 100, 1 <= si <= 10000), then m
    (1 <= m <= 100) and m lines ``l h1 .. hl`` (1 <= l <= 100, 0 <= hi <= 10000); ended by ``k = 0``.
    Output: per test case one line with a letter per position: ``W`` (the player to move wins) or ``L``."""
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
            heaps = _many_ints(r, r.int(f"l (the number of heaps, {where})", 1, 100), f"heap of {where}", 0, 10000)
            letters.append("W" if _nim_sum(table[heaps].astype(np.int64)) else "L")
        out.append("".join(letters))
    r.end()
    return lines(out)
