"""The P-position sequence of the k-multiple dynamic subtraction game."""

from __future__ import annotations

import numba as nb
import numpy as np


@nb.njit(cache=True, nogil=True)
def multiple_terms(k, upto):  # pragma: no cover - compiled
    """a(1) = 1, a(i+1) = b(i) + 1, with b(i) the largest number every 1..b(i) of which is a sum of
    terms a(1..i), each chosen term more than k times the one chosen before it; terms up to ``upto``
    (plus the first one past it)."""
    a = np.empty(64, np.int64)
    b = np.empty(64, np.int64)
    a[0], b[0] = 1, 1
    size, j = 1, 0
    while a[size - 1] <= upto:
        if size == a.shape[0]:
            a = np.concatenate((a, np.empty(size, np.int64)))
            b = np.concatenate((b, np.empty(size, np.int64)))
        nxt = b[size - 1] + 1
        a[size] = nxt
        while a[j + 1] * k < nxt:
            j += 1
        b[size] = b[j] + nxt if a[j] * k < nxt else nxt
        size += 1
    return a[:size].copy()
