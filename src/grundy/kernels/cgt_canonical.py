"""The canonical forms of the compiled store (:mod:`grundy.kernels.cgt_store`).

:func:`canonical` removes dominated options and bypasses reversible ones until nothing changes
(Siegel, *Combinatorial Game Theory* (AMS 2013) ch. II.2), and makes a form whose options are
numbers a < b (or one side empty) the simplest number between them (the simplicity theorem, Siegel
ch. II.3: :func:`simplest`), so a number always gets the id of its own canonical form. A number
needing more than :data:`~grundy.kernels.cgt_store.SCALE_BITS` binary places sets the store's failed
flag (the caller then searches in Python).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from grundy.kernels.cgt_store import FAILED, ISNUM, NLEFT, NRIGHT, NUMVAL, SCALE, START, intern, le, number_id


@nb.njit(cache=True)
def simplest(a, has_a, b, has_b):  # pragma: no cover - compiled
    """The simplest number x (times SCALE) with a < x < b (a side missing when not ``has_``); -1 <<
    62 when it needs more than SCALE_BITS binary places. Assumes a < b when both are given."""
    if (not has_a or a < 0) and (not has_b or b > 0):
        return np.int64(0)
    sign = np.int64(1)
    if not has_a or (has_b and b <= 0):  # all below 0: the mirror image of the case above 0
        sign, a, b, has_a, has_b = np.int64(-1), -b, -a, has_b, has_a
    if not has_b:  # a >= 0: the least integer above a
        return sign * (a // SCALE + 1) * SCALE
    step = np.int64(SCALE)
    while step >= 1:  # the least multiple of the largest step above a, if below b
        x = (a // step + 1) * step
        if x < b:
            return sign * x
        step //= 2
    return np.int64(-1) << 62



@nb.njit(cache=True)
def _distinct(a, n):  # pragma: no cover - compiled
    """The first ``n`` entries of ``a`` sorted, without repeats, in a new array; and their count."""
    out = np.empty(max(n, 1), np.int64)
    k = 0
    for i in range(n):  # insertion sort: the sides are short
        x = a[i]
        j = k
        while j > 0 and out[j - 1] > x:
            j -= 1
        if j > 0 and out[j - 1] == x:
            continue
        for m in range(k, j, -1):
            out[m] = out[m - 1]
        out[j] = x
        k += 1
    return out, k


@nb.njit(cache=True)
def _undominated(node, opts, memo, options, n, left):  # pragma: no cover - compiled
    """The options (distinct canonical ids, kept in order) no other one dominates: for Left, a with
    no other b >= a; for Right, no other b <= a. Distinct canonical forms are distinct values, so no
    two tie."""
    kept = np.empty(max(n, 1), np.int64)
    k = 0
    for i in range(n):
        a = options[i]
        beaten = False
        for j in range(n):
            if j != i and (le(node, opts, memo, a, options[j]) if left else le(node, opts, memo, options[j], a)):
                beaten = True
                break
        if not beaten:
            kept[k] = a
            k += 1
    return kept, k


@nb.njit(cache=True)
def _as_number(store, lefts, nl, rights, nr):  # pragma: no cover - compiled
    """The id of the simplest number between the options when they are numbers a < b (a side may be
    empty; after domination a side has one number at most), -1 when not, -2 when too fine."""
    node = store[1]
    if nl > 1 or nr > 1 or (nl == 1 and node[lefts[0], ISNUM] == 0) or (nr == 1 and node[rights[0], ISNUM] == 0):
        return -1
    a = node[lefts[0], NUMVAL] if nl else np.int64(0)
    b = node[rights[0], NUMVAL] if nr else np.int64(0)
    if nl and nr and a >= b:
        return -1
    v = simplest(a, nl == 1, b, nr == 1)
    if v == np.int64(-1) << 62:
        return -2
    return number_id(store, v)


@nb.njit(cache=True)
def _bypassed(node, opts, memo, g, options, n, left):  # pragma: no cover - compiled
    """One pass of bypassing the reversible options of the form ``g`` with these options on one side:
    a Left option A with some A^R <= g is replaced by A^R's Left options (Right: some A^L >= g, by
    A^L's Right options). Returns the new options (sorted, distinct), their count, and whether any
    was reversible."""
    out = np.empty(16, np.int64)
    k = 0
    changed = False
    for i in range(n):
        a = options[i]
        through = -1
        lo = node[a, START] + (node[a, NLEFT] if left else 0)
        hi = lo + (node[a, NRIGHT] if left else node[a, NLEFT])
        for j in range(lo, hi):
            if le(node, opts, memo, opts[j], g) if left else le(node, opts, memo, g, opts[j]):
                through = opts[j]
                break
        if through < 0:
            lo, hi = 0, 1
        else:
            changed = True
            lo = node[through, START] + (0 if left else node[through, NLEFT])
            hi = lo + (node[through, NLEFT] if left else node[through, NRIGHT])
        if k + hi - lo > out.size:
            more = np.empty(2 * (k + hi - lo), np.int64)
            more[:k] = out[:k]
            out = more
        if through < 0:
            out[k] = a
            k += 1
        else:
            for j in range(lo, hi):
                out[k] = opts[j]
                k += 1
    result, k = _distinct(out, k)
    return result, k, changed


@nb.njit(cache=True)
def canonical(store, lefts, nl, rights, nr):  # pragma: no cover - compiled
    """The id of the canonical form of {lefts[:nl] | rights[:nr]} (options canonical ids): remove
    dominated options and bypass reversible ones until nothing changes; a form whose options are
    numbers a < b is the simplest number between. 0 with the failed flag set when the store cannot
    hold it (a number too fine, no room left)."""
    meta, node, opts, memo = store[0], store[1], store[2], store[5]
    left, nl = _distinct(lefts, nl)
    right, nr = _distinct(rights, nr)
    while True:
        left, nl = _undominated(node, opts, memo, left, nl, True)
        right, nr = _undominated(node, opts, memo, right, nr, False)
        found = _as_number(store, left, nl, right, nr)
        if found == -2:
            meta[FAILED] = 1
            return 0
        if found >= 0:
            return found
        g = intern(store, left, nl, right, nr)
        if meta[FAILED]:
            return 0
        new_left, nl2, changed_left = _bypassed(node, opts, memo, g, left, nl, True)
        new_right, nr2, changed_right = _bypassed(node, opts, memo, g, right, nr, False)
        if not (changed_left or changed_right):
            return g
        left, nl, right, nr = new_left, nl2, new_right, nr2
