"""Search for the least period of a computed sequence, in time near-linear in its length.

Each candidate period p is scanned from the end of the values back to its first mismatch, which
gives ``start(p)``: the least m with ``G(i + p) = G(i) + saltus`` for every ``m <= i < n - p``.
Two facts keep the search near-linear:

- only periods that could pass are tried: p with ``b·p + c <= n`` under a proof ``(a, b, c)``,
  or ``(k + 1)·p <= n`` for a period observed over k whole periods;
- a multiple q of a candidate p that held over at least q values is skipped: then
  ``start(q) >= start(p)`` (else the p-agreement would reach one step further back), so q passes
  no test that p failed. The true period's multiples, which would each scan back to the preperiod,
  are never scanned; every other candidate stops at its first mismatch.
"""

from __future__ import annotations

import numba as nb
import numpy as np


@nb.njit(cache=True, nogil=True)
def _least_period(values, saltus_allowed, a, b, c, max_period, share, periods):  # pragma: no cover - compiled
    n = values.shape[0]
    skip = np.zeros(max_period // 64 + 1, np.uint64)  # a bit per period: an eighth of a byte per value
    for p in range(1, max_period + 1):
        if skip[p >> 6] & (np.uint64(1) << np.uint64(p & 63)):
            continue
        saltus = 0
        if saltus_allowed:
            saltus = np.int64(values[n - 1]) - np.int64(values[n - 1 - p])
        i = n - p - 1
        while i >= 0 and np.int64(values[i + p]) - np.int64(values[i]) == saltus:
            i -= 1
        start = i + 1  # G(m + p) = G(m) + saltus for every start <= m < n - p
        checked = n - p - start
        if a >= 0:
            if n >= a * max(start, 1) + b * p + c and checked > 0:
                return p, start, saltus
        elif checked >= periods * p and checked >= share * n:
            return p, start, saltus
        for q in range(2 * p, min(checked, max_period) + 1, p):
            skip[q >> 6] |= np.uint64(1) << np.uint64(q & 63)
    return -1, -1, 0


def least_period(
    values: np.ndarray,
    proof: tuple[int, int, int] | None,
    saltus_allowed: bool = False,
    max_period: int | None = None,
    share: float = 0.5,
    periods: int = 3,
) -> tuple[int, int, int] | None:
    """The least ``(period, preperiod, saltus)`` that the values show, or None.

    With ``proof = (a, b, c)`` a candidate counts only when ``len(values) >= a*max(preperiod, 1) +
    b*period + c`` (what the theorem needs to have been checked: its proofs shift heaps by the
    period and need them to stay non-empty, so a preperiod of 0 counts as 1); without, it must hold over at
    least ``share`` of the values and ``periods`` whole periods. O(n + the periods' scans): each failing
    candidate stops at its first mismatch from the end.

    >>> least_period(np.array([5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]), None)
    (3, 1, 0)
    """
    a, b, c = proof if proof is not None else (-1, 0, 0)
    n = values.shape[0]
    reach = (n - c) // b if proof is not None and b > 0 else n // (periods + 1)
    limit = max(0, min(n - 1, reach if max_period is None else min(max_period, reach)))
    p, start, saltus = _least_period(np.ascontiguousarray(values), saltus_allowed, a, b, c, limit, share, periods)
    return None if p < 0 else (int(p), int(start), int(saltus))
