"""The misère periodicity test (Plambeck & Siegel 2008; MisereSolver's ``APChecker`` criterion).

When the pretending function Φ (one element per heap) is periodic with preperiod n₀ and period p
over a long enough tail, the quotient of the heaps seen is the quotient of every heap. The test is
MisereSolver's: ``k·n₀ + k·p + t + k ≤ L``, L the number of heaps seen (from heap 0), t the most
tokens a move takes and k the most heaps it leaves (k = 2 for octal codes: 2·n₀ + 2·p + t + 2 ≤ L).

>>> periodic_from([0, 0, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2], 1, 1)
(5, 2, 2)
>>> periodic_from([0, 1, 2, 3], 1, 1) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence


def periodic_from(phi: Sequence[int], t: int, k: int) -> tuple[int, int, int] | None:
    """(the last heap of the shortest prefix that passes, its preperiod n₀, its period p), or None."""
    for length in range(1, len(phi) + 1):
        found = _test(phi[:length], t, k)
        if found is not None:
            return (length - 1,) + found
    return None


def _test(phi: Sequence[int], t: int, k: int) -> tuple[int, int] | None:
    """(n₀, p) when ``phi`` passes the test, else None (the least p, then its least n₀)."""
    length = len(phi)
    for p in range(1, length):
        if k * p + t + k > length:
            break
        n0 = length - p
        while n0 > 0 and phi[n0 - 1] == phi[n0 - 1 + p]:
            n0 -= 1
        if k * n0 + k * p + t + k <= length and length - n0 >= 2 * p:
            return n0, p
    return None
