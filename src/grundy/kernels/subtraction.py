"""Grundy values of subtraction games, O(n·|S|) with a stamped mex table.

The kernels take int64 arrays: callers pass only the amounts that can apply to the table (at most
its length), so a set holding numbers past int64 (``subtraction:10^22``) never reaches numba.
"""

from __future__ import annotations

import numba as nb
import numpy as np


@nb.njit(cache=True, nogil=True)
def subtraction_fill(subtractions, out, start):  # pragma: no cover - compiled
    """G(start..) of "take s tokens, s in ``subtractions``" (ascending), O(|S|) each."""
    k = subtractions.shape[0]
    seen = np.zeros(k + 2, np.int64)
    for i in range(start, out.shape[0]):
        stamp = i + 1
        for j in range(k):
            s = subtractions[j]
            if s > i:
                break
            v = out[i - s]
            if v <= k:
                seen[v] = stamp
        m = 0
        while seen[m] == stamp:
            m += 1
        out[i] = m


@nb.njit(cache=True, nogil=True)
def allbut_fill(excluded, out, start):  # pragma: no cover - compiled
    """G(start..) of "take any positive amount except those in ``excluded``", O(|S|^2) each."""
    n = out.shape[0]
    k = excluded.shape[0]
    count = np.zeros(n + 1, np.int32)  # how often each value occurs among out[0 .. i-1]
    for i in range(start):
        count[out[i]] += 1
    mex_all = 0  # the mex of all of out[0 .. i-1]
    while count[mex_all] > 0:
        mex_all += 1
    for i in range(start, n):
        best = mex_all
        for j in range(k):
            s = excluded[j]
            if s > i:
                break
            v = out[i - s]
            if v >= best:
                continue
            hidden = 0  # excluded positions holding value v
            for t in range(k):
                s2 = excluded[t]
                if s2 > i:
                    break
                if out[i - s2] == v:
                    hidden += 1
            if hidden == count[v]:
                best = v
        out[i] = best
        count[best] += 1
        while count[mex_all] > 0:
            mex_all += 1
