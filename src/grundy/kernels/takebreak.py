"""Take-and-break (octal and hexadecimal) games: a naive kernel and a sparse-space kernel.

Both fill ``out[start:]`` given ``out[:start]``, so a table can grow without recomputing. The move
lists are arrays of removal amounts ``k`` (ascending):

- ``remove_all``: a heap of exactly ``k`` may be removed (the option is empty, value 0);
- ``remove_one``: ``k`` tokens may be removed from a larger heap, leaving one heap;
- ``split_two`` / ``split_three``: ``k`` removed, the rest split into two / three non-empty heaps,
  with ``*_unequal`` flags requiring the parts to be different.

The sparse-space kernel (Winning Ways ch. 4; Gangolli & Plambeck 1989) classes positions as
*common* or *rare* by the parity of ``G(x) & mask`` (xor ``x & 1`` when position parity is folded
in). Two common heaps never xor to a value that is common for the position being computed, so the
common values among the split options all come from pairs with a rare heap: O(rare) work per
value instead of O(n). Rare candidates for the mex are confirmed by marking the splits from the
small heaps up, a doubling window at a time, and the last one left is looked for alone (a
compare, no stores) until it is met or every split has been seen; a candidate is skipped when
no two common values xor to it. The mask is chosen again (by a Walsh–Hadamard count) each
time the table doubles and at the start of every call (the values never depend on the mask; only
the work does).

Layout, for speed (numba here runs as fast as the same method in C, benchmarks/c/sparse.c): the
heaps are filled by one loop with no calls and no array rebound in it (numba would count
references on each, atomically, per heap); the listed heaps (uint32: heaps below 2^32) have their
values in a second, contiguous array beside them, so the inner loop reads both in order and the
partner heap's value once; differences used as indices are unsigned, so numba adds no
negative-index test; two splits that allow equal heaps are marked in one pass over the listed
heaps (their partners lie side by side); the tables by value (stamps, parities, the common
values) are sized by the largest value so far, not 2^16, so a fill costs the 2 bytes of each
value and a few KB.

Both kernels count their work (pairs of heaps looked at) and return ``(status, index, work)`` (the
sparse one adds the mask and the number of listed heaps before the work), ``work`` the steps the
call took: ``(DONE, len(out))``; ``(OVERFLOW, n)`` when G(n) did not fit the value table;
``(WORK, n)`` when the work passed ``work_limit`` (if positive) after computing G(n - 1): the
values before ``n`` are final and a later call can resume there.
"""

from __future__ import annotations

import numba as nb
import numpy as np

DONE, OVERFLOW, WORK = 0, 1, 2  # the statuses the kernels return
GROW = 3  # the sparse kernel's inner loop stops for its tables to grow (never returned by sparse_fill)
VALUE_LIMIT = 1 << 16  # the sparse kernel's values fit uint16
FIRST_WINDOW = 64  # the sparse kernel's first window of small heaps whose splits it marks


@nb.njit(cache=True, nogil=True)
def _mark_direct(out, n, tag, stamp, remove_all, remove_one):  # pragma: no cover - compiled
    size = stamp.shape[0]
    for k in remove_all:
        if k > n:
            break
        if k == n:
            stamp[0] = tag
    for k in remove_one:
        if k >= n:
            break
        v = out[n - k]
        if v < size:
            stamp[v] = tag


@nb.njit(cache=True, nogil=True)
def _mark_all_splits(out, n, tag, stamp, split_two, two_unequal, split_three, three_unequal):  # pragma: no cover
    size = stamp.shape[0]
    work = 0
    for i in range(split_two.shape[0]):
        m = n - split_two[i]
        if m < 2:
            break
        work += m // 2
        for a in range(1, (m + 1) // 2):  # a < m - a
            v = out[a] ^ out[m - a]
            if v < size:
                stamp[v] = tag
        if m % 2 == 0 and not two_unequal[i]:
            stamp[0] = tag  # two equal heaps
    for i in range(split_three.shape[0]):
        m = n - split_three[i]
        if m < 3:
            break
        for a in range(1, m // 3 + 1):
            work += (m - a) // 2 - a + 1
            for b in range(a, (m - a) // 2 + 1):
                c = m - a - b
                if three_unequal[i] and (a == b or b == c):
                    continue
                v = out[a] ^ out[b] ^ out[c]
                if v < size:
                    stamp[v] = tag
    return work


@nb.njit(cache=True, nogil=True)
def naive_fill(out, start, stamp_size, remove_all, remove_one, split_two, two_unequal,
               split_three, three_unequal, work_limit):  # pragma: no cover - compiled
    """G(n) = mex over every option, each split enumerated: O(n) per value (O(n^2) for three)."""
    stamp = np.zeros(stamp_size, np.int32)
    work = 0
    for n in range(start, out.shape[0]):
        tag = n + 1
        _mark_direct(out, n, tag, stamp, remove_all, remove_one)
        work += _mark_all_splits(out, n, tag, stamp, split_two, two_unequal, split_three, three_unequal)
        m = 0
        while m < stamp_size and stamp[m] == tag:
            m += 1
        if m >= stamp_size - 1:
            return OVERFLOW, n, work
        out[n] = m
        work += remove_one.shape[0] + 1
        if 0 < work_limit < work:
            return WORK, n + 1, work
    return DONE, out.shape[0], work


@nb.njit(cache=True, nogil=True)
def _walsh_hadamard(a):  # pragma: no cover - compiled
    h = 1
    size = a.shape[0]
    while h < size:
        for i in range(0, size, 2 * h):
            for j in range(i, i + h):
                x, y = a[j], a[j + h]
                a[j], a[j + h] = x + y, x - y
        h *= 2


@nb.njit(cache=True, nogil=True)
def choose_mask(out, upto, fold_allowed, fold_target):  # pragma: no cover - compiled
    """The (mask, fold, target) that makes the fewest of positions 1..upto-1 rare.

    A position x is common when parity(G(x) & mask) xor (fold & x & 1) == target; without
    folding the target is 1. Counting by a Walsh–Hadamard transform of the value counts per
    position parity: O(B 2^B) for values below 2^B.
    """
    top = 1
    for x in range(1, upto):
        while out[x] >= top:
            top *= 2
    counts = np.zeros((2, top), np.int64)
    for x in range(1, upto):
        counts[x & 1, out[x]] += 1
    totals = np.array([counts[0].sum(), counts[1].sum()])
    _walsh_hadamard(counts[0])
    _walsh_hadamard(counts[1])
    best_mask, best_fold, best_target = 0, 0, 1
    best = totals[0] + totals[1] + 1
    for fold in range(2 if fold_allowed else 1):
        target = fold_target if fold else 1
        for mask in range(top):
            rare = 0
            for p in range(2):
                common_parity = target ^ (fold & p)  # parity(G & mask) that makes class p common
                even = (totals[p] + counts[p, mask]) // 2
                rare += even if common_parity == 1 else totals[p] - even
            if rare < best:
                best, best_mask, best_fold, best_target = rare, mask, fold, target
    return best_mask, best_fold, best_target


@nb.njit(cache=True, nogil=True)
def _parity_table(mask, size):  # pragma: no cover - compiled
    table = np.zeros(size, np.uint8)
    for v in range(size):
        x = v & mask
        p = 0
        while x:
            p ^= 1
            x &= x - 1
        table[v] = p
    return table


@nb.njit(cache=True, nogil=True)
def _listing(out, n, parity, fold, target, size):  # pragma: no cover - compiled
    """The positions below n that the sparse kernel pairs with every split (the rare ones) and
    their values side by side, the common values seen so far, and the table of xors of two of
    them: the only values that a split into two unlisted heaps can make. A later common position
    with an unseen value is listed too."""
    seen = np.zeros(size, np.bool_)
    count = 0
    for x in range(1, n):
        if (parity[out[x]] ^ (fold & x & 1)) != target:
            count += 1
    listed = np.zeros(max(2 * count, 1024), np.uint32)
    listed_values = np.zeros(listed.shape[0], np.uint16)
    count = 0
    for x in range(1, n):
        if (parity[out[x]] ^ (fold & x & 1)) != target:
            listed[count] = x
            listed_values[count] = out[x]
            count += 1
        else:
            seen[out[x]] = True
    xors = np.zeros(size, np.bool_)
    common_values = np.flatnonzero(seen)
    for w1 in common_values:
        for w2 in common_values:
            xors[w1 ^ w2] = True
    return listed, listed_values, count, seen, xors


@nb.njit(cache=True, nogil=True)
def _widened(table, size):  # pragma: no cover - compiled
    wider = np.zeros(size, table.dtype)
    wider[:table.shape[0]] = table
    return wider


@nb.njit(cache=True, nogil=True)
def _grow(listed, listed_values):  # pragma: no cover - compiled
    more = np.zeros(2 * listed.shape[0], np.uint32)
    more_values = np.zeros(2 * listed.shape[0], np.uint16)
    more[:listed.shape[0]] = listed
    more_values[:listed.shape[0]] = listed_values
    return more, more_values


@nb.njit(cache=True, nogil=True)
def _run(out, n, stop, stamp, parity, fold, target, seen, xors, listed, listed_values, count, width,
         remove_all, remove_one, split_two, two_unequal, paired, work, work_limit):  # pragma: no cover - compiled
    """The sparse kernel on heaps n .. stop - 1 with its tables as they are. Returns ``(status,
    next heap, listed, work)``; GROW when a value reached ``width`` or the listing is full: the
    caller widens the tables or the listing and calls again.

    One loop with no calls and no array replaced inside it: numba counts references (an atomic
    increment and decrement) for every array passed to a call or rebound, which cost a fifth to a
    third of the time. Indices are unsigned where they are differences, so numba adds no test
    for negative ones.
    """
    splits = split_two.shape[0]
    while n < stop:
        tag = np.uint32(n + 1)  # heaps are below 2^32
        for i in range(remove_all.shape[0]):  # the moves that leave no heap, or one (indexed: an
            if remove_all[i] > n:             # iterator over an array would count references)
                break
            if remove_all[i] == n:
                stamp[0] = tag
        for i in range(remove_one.shape[0]):
            if remove_one[i] >= n:
                break
            stamp[out[n - remove_one[i]]] = tag
        work += remove_one.shape[0] + 1
        # every split with a listed heap r: stamp G(r) xor G(m - r), the listed values side by side
        first = 0
        if paired and n - split_two[1] >= 2:  # two splits, equal heaps allowed: one pass for both
            top0, top1 = np.uint64(n - split_two[0]), np.uint64(n - split_two[1])
            below = count
            while below > 0 and listed[below - 1] >= top1:
                below -= 1
            for j in range(below):
                x, r = listed_values[j], listed[j]
                stamp[x ^ out[top0 - r]] = tag
                stamp[x ^ out[top1 - r]] = tag
            more = below
            while more < count and listed[more] < top0:
                stamp[listed_values[more] ^ out[top0 - listed[more]]] = tag
                more += 1
            work += below + more
            first = 2
        below = count
        for i in range(first, splits):
            m = n - split_two[i]
            if m < 2:
                break
            top = np.uint64(m)
            while below > 0 and listed[below - 1] >= top:
                below -= 1
            skip = below  # the listed heap m / 2, when two equal heaps are not a move
            if two_unequal[i] and m % 2 == 0:
                lo, hi = 0, below
                while lo < hi:
                    mid = (lo + hi) // 2
                    if listed[mid] < top // 2:
                        lo = mid + 1
                    else:
                        hi = mid
                if lo < below and listed[lo] == top // 2:
                    skip = lo
            for j in range(skip):
                stamp[listed_values[j] ^ out[top - listed[j]]] = tag
            for j in range(skip + 1, below):
                stamp[listed_values[j] ^ out[top - listed[j]]] = tag
            work += below
        # mex: every split with a listed heap is marked, so an unmarked value is absent when it is
        # common (two unlisted heaps make only rare values) or no two seen common values xor to
        # it; otherwise the splits (a, m - a) with a small heap a (where the irregular values
        # live) are marked, a doubling window at a time, and once one candidate is left it is
        # looked for alone (a compare the compiler vectorizes, no stores) until it is met or
        # every split has been looked at
        flip = fold & n & 1
        v = 0
        scanned = 0  # the splits with a <= scanned are marked
        while True:
            if v >= VALUE_LIMIT - 1:
                return OVERFLOW, n, count, work
            if stamp[v] == tag:
                v += 1
                continue
            if (parity[v] ^ flip) == target or not xors[v]:
                break
            if scanned > 0:
                c = v + 1
                while c < stamp.shape[0] and stamp[c] == tag:
                    c += 1
                if c == stamp.shape[0] or (parity[c] ^ flip) == target or not xors[c]:
                    met, lo, wanted = False, scanned, np.uint16(v)
                    while not met and 2 * lo < n:
                        for i in range(splits):
                            m = n - split_two[i]
                            if m < 2:
                                break
                            last = min(2 * lo, (m - 1) // 2 if two_unequal[i] else m // 2)
                            mu = np.uint64(m)
                            for a in range(np.uint64(lo + 1), np.uint64(last + 1)):
                                met |= (out[a] ^ out[mu - a]) == wanted
                            work += max(last - lo, 0)
                            if met:
                                break
                        lo *= 2
                    if not met:
                        break
                    v += 1
                    continue
            if scanned * 2 >= n:
                break  # every split has been marked: v is absent
            window = max(2 * scanned, FIRST_WINDOW)
            for i in range(splits):
                m = n - split_two[i]
                if m < 2:
                    break
                last = min(window, (m - 1) // 2 if two_unequal[i] else m // 2)
                mu = np.uint64(m)
                for a in range(np.uint64(scanned + 1), np.uint64(last + 1)):
                    stamp[out[a] ^ out[mu - a]] = tag
                work += max(last - scanned, 0)
            scanned = window
        out[n] = v
        if n > 0 and ((parity[v] ^ flip) != target or not seen[v]):
            listed[count] = n
            listed_values[count] = v
            count += 1
        n += 1
        if v >= width or count == listed.shape[0]:
            return GROW, n, count, work
        if 0 < work_limit < work:
            return WORK, n, count, work
    return DONE, n, count, work


@nb.njit(cache=True, nogil=True)
def sparse_fill(out, start, remove_all, remove_one, split_two, two_unequal,
                fold_allowed, fold_target, work_limit):  # pragma: no cover - compiled
    """Like :func:`naive_fill` for two-heap splits, in O(listed) per value (see the module doc).

    Returns ``(status, index, mask, listed, work)``: the mask in use at the end, how many positions
    were listed (rare, or common with a value not seen when the mask was chosen) and the steps taken.
    """
    width = 1  # a power of two above every value so far: xors of values, and the mex, are at most it
    for x in range(start):
        while out[x] >= width:
            width *= 2
    size = 2 * width  # the tables by value cover it, and grow with it (a few KB, not 2^16 entries)
    stamp = np.zeros(size, np.uint32)
    mask, fold, target = 0, 0, 1
    parity = _parity_table(0, size)
    listed = np.zeros(1024, np.uint32)
    listed_values = np.zeros(1024, np.uint16)
    count = 0
    seen = np.zeros(size, np.bool_)
    xors = np.ones(size, np.bool_)
    next_choice = start  # re-choose the mask now, and each time the table has doubled
    paired = split_two.shape[0] == 2 and not two_unequal[0] and not two_unequal[1]
    work = 0
    n = start
    while n < out.shape[0]:
        if n >= next_choice:
            mask, fold, target = choose_mask(out, n, fold_allowed, fold_target)
            parity = _parity_table(mask, size)
            listed, listed_values, count, seen, xors = _listing(out, n, parity, fold, target, size)
            next_choice = max(2 * n, 64)
            work += n
        status, n, count, work = _run(out, n, min(next_choice, out.shape[0]), stamp, parity, fold, target, seen,
                                      xors, listed, listed_values, count, width, remove_all, remove_one,
                                      split_two, two_unequal, paired, work, work_limit)
        if status in (OVERFLOW, WORK):
            return status, n, mask, count, work
        if count == listed.shape[0]:
            listed, listed_values = _grow(listed, listed_values)
        if out[n - 1] >= width:
            while out[n - 1] >= width:
                width *= 2
            size = 2 * width
            stamp, seen, xors = _widened(stamp, size), _widened(seen, size), _widened(xors, size)
            parity = _parity_table(mask, size)
    return DONE, out.shape[0], mask, count, work
