"""P-positions that are generalized Wythoff pairs: A_n the mex of the earlier terms, B_n = c·A_n + d·n + e.

Wythoff's game has the P-positions (A_n, A_n + n), A_n = mex{A_i, B_i : i < n}; Fraenkel's
games, where a move takes k from one heap and l from the other with k <= l < c·k + d (or any
amount from one heap), have B_n = c·A_n + d·n. :func:`mex_pairs` finds such pairs in a table,
with the pairs mirrored or in one order only, shifted (the least value s), and a few first pairs
of their own (misère Wythoff: (0, 1), (2, 2), then B_n = A_n + n). :class:`MexPairs` computes
the n-th pair and the index of a number exactly, for numbers of any size, by a recursion on the
counts of earlier terms (depth O(log n), each step from an estimate by the sequences' density).

>>> import numpy as np
>>> pairs = MexPairs(1, 2, 1, 1)            # B_n = 2·A_n + n, from the pair (1, 3)
>>> [(pairs.a(m), pairs.b(m)) for m in range(4)], pairs.index(10**20) is None or pairs.a(pairs.index(10**20))
([(1, 3), (2, 6), (4, 11), (5, 14)], 100000000000000000000)

Reference: Fraenkel, "How to beat your Wythoff games' opponent on three fronts", Amer. Math.
Monthly 89 (1982) 353-361; Fraenkel, "Heap games, numeration systems and sequences", Annals of
Combinatorics 2 (1998) 197-210.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from fractions import Fraction

import numpy as np

from grundy.patterns.numbers import Quadratic, floor_times, reciprocal
from grundy.patterns.rule import Rule

MIN_PAIRS = 8  # regular pairs the table must show
MAX_C = 6  # the largest factor c tried
MAX_EARLY = 4  # distinct first numbers a shift may leave below it
BASE = 1024  # pairs computed directly; the recursion starts past them
MEMO = 1 << 16  # the memo is cleared past this many entries


class MexPairs:
    """The pairs ``(a(m), b(m))``, m >= 0: ``a(m)`` is the least integer >= s not among
    a(i), b(i) for i < m, and ``b(m) = c·a(m) + d·m + e`` (c >= 1, d >= 0, c + d >= 2, b(0) > a(0))."""

    def __init__(self, s: int, c: int, d: int, e: int) -> None:
        if c < 1 or d < 0 or c + d < 2 or (c - 1) * s + e <= 0:
            raise ValueError("not a pair sequence: needs c >= 1, d >= 0, c + d >= 2 and b(0) > a(0)")
        self.s, self.c, self.d, self.e = s, c, d, e
        self._first: list[int] = []
        used: set[int] = set()
        x = s
        for m in range(BASE):
            while x in used:
                x += 1
            self._first.append(x)
            used.add(self.b_of(m, x))
            x += 1
        self._t = [self._t_of(m, x) for m, x in enumerate(self._first)]  # t(m) = b(m) − m, increasing
        root = (c + 1 - d) ** 2 + 4 * c * d  # a(m) ≈ α·m, c·α² + (d − 1 − c)·α − d = 0
        alpha = Quadratic.make(c + 1 - d, 1, root, 2 * c)
        self._per_a = reciprocal(alpha)  # m ≈ (x − s)/α
        self._per_t = reciprocal(Quadratic.make(c + d - 1, 1, root, 2))  # t(m) ≈ (c·α + d − 1)·m
        self._memo: dict[int, int] = {}

    def b_of(self, m: int, x: int) -> int:
        return self.c * x + self.d * m + self.e

    def _t_of(self, m: int, x: int) -> int:
        return self.b_of(m, x) - m

    def a(self, m: int) -> int:
        """The m-th first number, exactly."""
        if m < BASE:
            return self._first[m]
        if m not in self._memo:
            for lower in reversed(self._chain(m)):  # the levels below first: the recursion stays shallow
                self._a_far(lower)
        return self._a_far(m)

    def b(self, m: int) -> int:
        return self.b_of(m, self.a(m))

    def _chain(self, m: int) -> list[int]:
        """Estimates of the indices the recursion for ``a(m)`` reaches, level by level."""
        chain = []
        while m >= BASE:
            m = _estimate(self._per_t, self.s + m - self.e - self.c * self.s)
            chain.append(m)
        return chain

    def _a_far(self, m: int) -> int:
        if m < BASE:
            return self._first[m]
        found = self._memo.get(m)
        if found is None:
            if len(self._memo) > MEMO:
                self._memo.clear()
            found = self.s + m + self._count_t(self.s + m)  # the values below a(m): m first, the rest b's
            self._memo[m] = found
        return found

    def _count_t(self, y: int) -> int:
        """How many m have t(m) = b(m) − m <= y."""
        if y < self._t[-1]:
            return bisect_right(self._t, y)
        guess = _estimate(self._per_t, y - self.e - self.c * self.s)
        return _last(lambda j: self._t_of(j, self._a_far(j)) <= y, guess) + 1

    def index(self, x: int) -> int | None:
        """The m with ``a(m) == x``, or None if x is no first number."""
        if x < self.s:
            return None
        if x <= self._first[-1]:
            m = bisect_right(self._first, x) - 1
        else:
            m = _last(lambda j: self.a(j) <= x, _estimate(self._per_a, x - self.s))
        return m if m >= 0 and self.a(m) == x else None

    def upto(self, side: int) -> list[tuple[int, int]]:
        """The pairs with ``b < side``."""
        found = []
        for m in range(side):
            pair = (self.a(m), self.b(m))
            if pair[1] >= side:
                break
            found.append(pair)
        return found


def _estimate(per: Quadratic | Fraction, y: int) -> int:
    return floor_times(per, max(y, 0))


def _last(holds: Callable[[int], bool], guess: int) -> int:
    """The largest j >= 0 with ``holds(j)`` (monotone: true, then false), or -1; galloping from a guess."""
    lo, step = max(guess, 0), 1
    if holds(lo):
        hi = lo + 1
        while holds(hi):
            lo, step = hi, step * 2
            hi = lo + step
    else:
        hi, lo = lo, lo - 1
        while lo >= 0 and not holds(lo):
            hi, step = lo, step * 2
            lo = hi - step
        lo = max(lo, -1)
    while hi - lo > 1:  # holds(lo) (or lo is -1) and not holds(hi)
        mid = (lo + hi) // 2
        if holds(mid):
            lo = mid
        else:
            hi = mid
    return lo


# -- the family ----------------------------------------------------------------------------------

def _orders(p: np.ndarray) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """How the P-cells lie: ``("both", pairs a <= b)`` for a symmetric set, ``("a ≤ b", ...)`` or
    ``("a ≥ b", pairs swapped)`` for a set on one side of the diagonal."""
    rows, cols = np.nonzero(p)
    cells = list(zip(rows.tolist(), cols.tolist(), strict=True))
    if np.array_equal(p, p.T):
        yield "both", sorted((a, b) for a, b in cells if a <= b)
    elif all(a <= b for a, b in cells):
        yield "a ≤ b", sorted(cells)
    elif all(a >= b for a, b in cells):
        yield "a ≥ b", sorted((b, a) for a, b in cells)


def mex_pairs(grid: np.ndarray) -> Iterator[Rule]:
    """P-positions (A_n, B_n) with A_n the least number >= s not among earlier terms and
    B_n = c·A_n + d·n + e, mirrored or in one order, with a few pairs below s of their own."""
    n = len(grid)
    for order, cells in _orders(grid == 0):
        starts = sorted({a for a, _ in cells})[:MAX_EARLY + 1]
        for s in starts:
            early = [(a, b) for a, b in cells if a < s]
            regular = [(a, b) for a, b in cells if a >= s]
            if len(regular) < MIN_PAIRS or len(early) > (s + 1) ** 2 or any(2 * b >= n for _, b in early):
                continue
            (a0, b0), (a1, b1) = regular[0], regular[1]
            for c in range(1, MAX_C + 1):
                e, d = b0 - c * s, b1 - b0 - c * (a1 - a0)
                try:
                    pairs = MexPairs(s, c, d, e)
                except ValueError:
                    continue
                if pairs.upto(n) == regular:
                    yield _rule(pairs, order, early, len(regular))
                    break
            else:
                continue
            break  # a larger shift would state the same pairs with more of them listed


def _rule(pairs: MexPairs, order: str, early: list[tuple[int, int]], seen: int) -> Rule:
    s = pairs.s
    known = set(early)

    def is_p(c: tuple[int, int]) -> bool:
        x, y = c
        if order == "both":
            x, y = min(c), max(c)
        elif order == "a ≥ b":
            x, y = y, x
        if x < s:
            return (x, y) in known
        m = pairs.index(x) if x <= y else None
        return m is not None and pairs.b(m) == y

    far = [seen + i for i in range(4)] + [10**k for k in (3, 6, 9, 12, 18)]
    points = [(pairs.a(m), pairs.b(m) + d) for m in far for d in (0, 1)]
    special = tuple(q for a, b in points for q in ([(a, b), (b, a)] if order == "both" else
                                                   [(b, a)] if order == "a ≥ b" else [(a, b)]))
    text = f"P-positions: {_shape(order)} for n ≥ 0, {_definition(pairs, order, early)}"
    return Rule("mex pairs", text, 4 + 2 * len(early), None, is_p, special=special)


def _shape(order: str) -> str:
    return {"both": "(A_n, B_n) and (B_n, A_n)", "a ≤ b": "(a, b) = (A_n, B_n)",
            "a ≥ b": "(a, b) = (B_n, A_n)"}[order]


def _b_words(c: int, d: int, e: int) -> str:
    text = ("A_n" if c == 1 else f"{c}·A_n") + ("" if d == 0 else " + n" if d == 1 else f" + {d}n")
    return text + ("" if e == 0 else f" + {e}" if e > 0 else f" − {-e}")


def _definition(pairs: MexPairs, order: str, early: list[tuple[int, int]]) -> str:
    """A_n and B_n in words: with the first pairs counted in n where they follow the mex rule
    themselves, or listed apart where they do not."""
    s, c, d, e = pairs.s, pairs.c, pairs.d, pairs.e
    if _mex_run(early) and {v for p in early for v in p} == set(range(s)):
        e_global = e - d * len(early)
        head = f"A_n = mex{{A_i, B_i : i < n}} and B_n = {_b_words(c, d, e_global)}"
        if _generated(c, d, e_global, len(early)) == early:
            return head
        shown = ", ".join(f"(A_{i}, B_{i}) = ({a}, {b})" for i, (a, b) in enumerate(early))
        return f"{head} for n ≥ {len(early)}, from {shown}"
    head = f"A_n = the least integer ≥ {s} not among A_i, B_i (i < n) and B_n = {_b_words(c, d, e)}"
    if not early:
        return head
    shown = ", ".join(f"({a}, {b})" for a, b in early[:12]) + (", …" if len(early) > 12 else "")
    return f"{head}; with a number below {s}, only {shown}" + (" and their mirrors" if order == "both" else "")


def _mex_run(pairs: list[tuple[int, int]]) -> bool:
    """Whether each pair's first number is the mex of the numbers of the pairs before it, below its second."""
    used: set[int] = set()
    for a, b in pairs:
        if a != min(set(range(len(used) + 1)) - used) or b < a or b in used:
            return False
        used |= {a, b}
    return True


def _generated(c: int, d: int, e: int, count: int) -> list[tuple[int, int]]:
    """The first ``count`` pairs of the mex rule from 0 with B_n = c·A_n + d·n + e."""
    used: set[int] = set()
    found = []
    for m in range(count):
        x = min(set(range(len(used) + 1)) - used)
        found.append((x, c * x + d * m + e))
        used |= {x, c * x + d * m + e}
    return found
