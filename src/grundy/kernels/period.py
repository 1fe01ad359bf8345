"""Search for the least period of a computed sequence, scanning each candidate from the end."""

from __future__ import annotations

import numba as nb
import numpy as np


@nb.njit(cache=True, nogil=True)
def _least_period(values, saltus_allowed, a, b, c, max_period, share):  # pragma: no cover - compiled
    n = values.shape[0]
    for p in range(1, min(max_period, n - 1) + 1):
        saltus = 0
        if saltus_allowed:
            saltus = np.int64(values[n - 1]) - np.int64(values[n - 1 - p])
        i = n - p - 1
        while i >= 0 and np.int64(values[i + p]) - np.int64(values[i]) == saltus:
            i -= 1
        start = i + 1  # G(m + p) = G(m) + saltus for every start <= m < n - p
        checked = n - p - start
        if a >= 0:
            if n >= a * start + b * p + c and checked > 0:
                return p, start, saltus
        elif checked >= 3 * p and checked >= share * n:
            return p, start, saltus
    return -1, -1, 0


def least_period(
    values: np.ndarray,
    proof: tuple[int, int, int] | None,
    saltus_allowed: bool = False,
    max_period: int | None = None,
    share: float = 0.5,
) -> tuple[int, int, int] | None:
    """The least ``(period, preperiod, saltus)`` that the values show, or None.

    With ``proof = (a, b, c)`` a candidate counts only when ``len(values) >= a*preperiod +
    b*period + c`` (what the theorem needs to have been checked); without, it must hold over at
    least ``share`` of the values and three whole periods.
    """
    a, b, c = proof if proof is not None else (-1, 0, 0)
    limit = values.shape[0] if max_period is None else max_period
    p, start, saltus = _least_period(np.ascontiguousarray(values), saltus_allowed, a, b, c, limit, share)
    return None if p < 0 else (int(p), int(start), int(saltus))
