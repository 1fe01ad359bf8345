"""Values of the near-equal splitting game (split a heap of at least F into M near-equal piles)."""

from __future__ import annotations

import numba as nb
import numpy as np


@nb.njit(cache=True, nogil=True)
def near_equal_fill(out, start, least):  # pragma: no cover - compiled
    """G(start..) by block enumeration of q = n // M: two values of M per block, O(√n) each."""
    n_total = out.shape[0]
    size = 2 * int(np.sqrt(n_total)) + 16  # a heap has fewer distinct split values than this
    stamp = np.zeros(size, np.int64)
    for heap in range(max(start, 0), n_total):
        if heap < max(least, 2):
            out[heap] = 0
            continue
        tag = heap + 1
        parts = 2
        while parts <= heap:
            q = heap // parts
            last = heap // q
            r = heap - q * parts
            v = (out[q] if (parts - r) & 1 else 0) ^ (out[q + 1] if r & 1 else 0)
            if v < size:
                stamp[v] = tag
            if parts < last:
                r -= q
                v = (out[q] if (parts + 1 - r) & 1 else 0) ^ (out[q + 1] if r & 1 else 0)
                if v < size:
                    stamp[v] = tag
            parts = last + 1
        m = 0
        while stamp[m] == tag:
            m += 1
        out[heap] = m
