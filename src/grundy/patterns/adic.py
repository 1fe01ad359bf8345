"""p-adic statistics of a heap for :mod:`~grundy.patterns.statistic`: ν₂(m) and ν₃(m), the
exponent of 2 (of 3) in m, for rules such as "P-positions: ν₂(n) odd" or "G(n) = ν₂(n) mod 3".

A game that may halve an even heap has G(n) = ν₂(n) mod 2; one that may also quarter a heap
divisible by 4 has G(n) = ν₂(n) mod 3 (a subtraction game {1, 2} played on ν₂); "divide by 3"
gives ν₃(n) mod 2.

>>> NU2.exact(96), NU3.exact(3**40 * 2), NU2.vector(np.array([1, 2, 12, 2**40])).tolist()
(5, 40, [0, 1, 2, 40])
"""

from __future__ import annotations

import numpy as np

from grundy.patterns.statistic import Statistic


def nu(p: int, m: int) -> int:
    """The exponent of the prime ``p`` in ``m`` > 0, exactly for any size.

    >>> nu(2, 2**100 * 3), nu(3, 2 * 3**7), nu(5, 7)
    (100, 7, 0)
    """
    if p == 2:
        return (m & -m).bit_length() - 1
    k = 0
    while m % p == 0:
        m //= p
        k += 1
    return k


def _nu_vector(p: int, m: np.ndarray) -> np.ndarray:
    """ν_p of each entry (all > 0) of an int64 array."""
    if p == 2:
        low = m & -m
        return np.frexp(low.astype(np.float64))[1].astype(np.int64) - 1
    out = np.zeros(len(m), dtype=np.int64)
    rest = m.copy()
    while True:
        divisible = rest % p == 0
        if not divisible.any():
            return out
        out += divisible
        rest = np.where(divisible, rest // p, rest)


def _special(p: int, n: int) -> list[int]:
    """Heaps past ``n`` with ν_p large: p^j, (p + 1)·p^j and (p − 1)·p^j for five j in a row from
    just past the table (a whole cycle of ν_p mod k), twice as far, and far out.

    >>> _special(2, 100)[:4]
    [128, 256, 384, 512]
    """
    j0 = 1
    while p**j0 < n:
        j0 += 1
    points = {m * p**j for j in [*range(j0, j0 + 5), 2 * j0, j0 + 60] for m in (1, p - 1, p + 1)}
    return sorted(points)


NU2 = Statistic(lambda m: f"ν₂({m})", "{s} the exponent of 2 in {m}", 1, lambda m: nu(2, m),
                lambda m: _nu_vector(2, m), False, lambda n: _special(2, n), bit_rule=True)
NU3 = Statistic(lambda m: f"ν₃({m})", "{s} the exponent of 3 in {m}", 1, lambda m: nu(3, m),
                lambda m: _nu_vector(3, m), False, lambda n: _special(3, n))
STATISTICS = (NU2, NU3)
