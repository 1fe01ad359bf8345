"""Zeckendorf (Fibonacci-base) statistics of a heap for :mod:`~grundy.patterns.statistic`.

Every m ≥ 1 is a sum of non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ... in exactly one way
(Zeckendorf's theorem); the greedy choice of the largest part finds it. ``zlow(m)`` is the index
of its smallest part (1, 2, 3, 5, 8, … have indices 0, 1, 2, 3, 4, …) and ``zparts(m)`` the
number of its parts. Fibonacci Nim is won by taking the smallest part, and games built on it
have rules such as "P-positions: zlow(n) = 0 or ...".

>>> zeckendorf(100), zlow(100), zparts(100), zlow(10**30) >= 0
([89, 8, 3], 2, 3, True)

Reference: E. Zeckendorf, Bull. Soc. Roy. Sci. Liège 41 (1972); Whinihan, "Fibonacci Nim",
Fibonacci Quarterly 1 (1963).
"""

from __future__ import annotations

import numpy as np

from grundy.patterns.statistic import Statistic


def fibonacci_upto(m: int) -> list[int]:
    """The Fibonacci numbers 1, 2, 3, 5, ... up to ``m`` (at least [1, 2])."""
    fib = [1, 2]
    while fib[-1] + fib[-2] <= m:
        fib.append(fib[-1] + fib[-2])
    return fib


def zeckendorf(m: int) -> list[int]:
    """The parts of m's Zeckendorf sum, largest first (none for 0)."""
    parts = []
    for f in reversed(fibonacci_upto(m)):
        if f <= m:
            parts.append(f)
            m -= f
    return parts


def zlow(m: int) -> int:
    """The index of the smallest part of m's Zeckendorf sum (m ≥ 1): 0 for 1, 1 for 2, 2 for 3, ..."""
    fib = fibonacci_upto(m)
    return fib.index(zeckendorf(m)[-1])


def zparts(m: int) -> int:
    """How many parts m's Zeckendorf sum has (0 for 0)."""
    return len(zeckendorf(m))


def _greedy(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(zlow, zparts) of each entry of an int64 array (zlow is -1 for 0)."""
    fib = np.array(fibonacci_upto(max(int(m.max()), 2) if len(m) else 2), dtype=np.int64)
    rest = m.copy()
    low = np.full(len(m), -1, dtype=np.int64)
    count = np.zeros(len(m), dtype=np.int64)
    for i in range(len(fib) - 1, -1, -1):
        take = rest >= fib[i]
        rest -= np.where(take, fib[i], 0)
        count += take
        low = np.where(take, i, low)
    return low, count


def _special(n: int) -> list[int]:
    """Heaps past ``n`` where the Zeckendorf statistics vary: Fibonacci numbers and sums of two
    or three far apart, from just past the table to far out."""
    fib = fibonacci_upto(max(n, 2) ** 2 * 2**40)
    far = [f for f in fib if f > n][:6] + fib[-3:]
    return sorted({f + g for f in far for g in (0, 1, 2, 3, 5, 8, 13)} | {far[0] + far[2] + 1})


ZLOW = Statistic(lambda m: f"zlow({m})", "{s} the index of the smallest part of the Zeckendorf sum of {m} "
                 "(parts 1, 2, 3, 5, 8, … have indices 0, 1, 2, 3, 4, …)", 1, zlow,
                 lambda m: _greedy(m)[0], True, _special)
ZPARTS = Statistic(lambda m: f"zparts({m})", "{s} the number of parts of the Zeckendorf sum of {m} (as a sum of "
                   "non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, …)", 1, zparts,
                   lambda m: _greedy(m)[1], True, _special)
STATISTICS = (ZLOW, ZPARTS)
