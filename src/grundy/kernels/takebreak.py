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
value instead of O(n). A rare candidate for the mex is confirmed by marking the splits from the
small heaps up, a doubling window at a time, until it is met (or all are marked); it is skipped
when no two common values xor to it. The mask is chosen again (by a Walsh–Hadamard count) each
time the table doubles and at the start of every call (the values never depend on the mask; only
the work does).

Layout, for speed: the listed heaps are an unsigned array with their values in a second,
contiguous one beside it (the inner loop reads both in order and the partner heap's value once),
unsigned indices spare numba its negative-index test, the listed heaps at or past a split's heap
are cut off before the loop (no test inside it), and a forbidden split into two equal heaps is
skipped by splitting the loop at that heap's place.

Both kernels count their work (pairs of heaps looked at) and return ``(status, index)`` (the
sparse one adds the mask and the number of listed heaps):
``(DONE, len(out))``; ``(OVERFLOW, n)`` when G(n) did not fit the value table; ``(WORK, n)`` when
the work passed ``work_limit`` (if positive) after computing G(n - 1): the values before ``n`` are
final and a later call can resume there.
"""

from __future__ import annotations

import numba as nb
import numpy as np

DONE, OVERFLOW, WORK = 0, 1, 2  # the statuses the kernels return
VALUE_LIMIT = 1 << 16  # the sparse kernel's values fit uint16
FIRST_WINDOW = 64  # the sparse kernel's first window of small heaps whose splits it marks


@nb.njit(cache=True, nogil=True, inline="always")
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
            return OVERFLOW, n
        out[n] = m
        work += remove_one.shape[0] + 1
        if 0 < work_limit < work:
            return WORK, n + 1
    return DONE, out.shape[0]


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
    listed = np.zeros(max(2 * count, 1024), np.uint64)
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
    more = np.zeros(2 * listed.shape[0], np.uint64)
    more_values = np.zeros(2 * listed.shape[0], np.uint16)
    more[:listed.shape[0]] = listed
    more_values[:listed.shape[0]] = listed_values
    return more, more_values


@nb.njit(cache=True, nogil=True, inline="always")
def _mark_listed(out, m, tag, stamp, listed, listed_values, below, skip):  # pragma: no cover - compiled
    """Mark the splits of a heap of m with a listed heap r (the first ``below`` listed, all under
    m), except the listed heap at index ``skip`` (two equal heaps a rule forbids). Indices are
    unsigned, so numba adds no wraparound test for negative ones."""
    top = np.uint64(m)
    for j in range(skip):
        stamp[listed_values[j] ^ out[top - listed[j]]] = tag
    for j in range(skip + 1, below):
        stamp[listed_values[j] ^ out[top - listed[j]]] = tag


@nb.njit(cache=True, nogil=True, inline="always")
def _mark_listed_twice(out, m0, m1, tag, stamp, listed, listed_values, count):  # pragma: no cover
    """:func:`_mark_listed` for two splits at once (heaps of m0 > m1, equal parts allowed), in
    one pass over the listed heaps: both partners of a listed heap lie side by side. Returns the
    pairs marked."""
    below = count
    while below > 0 and listed[below - 1] >= np.uint64(m1):
        below -= 1
    top0, top1 = np.uint64(m0), np.uint64(m1)
    for j in range(below):
        x, r = listed_values[j], listed[j]
        stamp[x ^ out[top0 - r]] = tag
        stamp[x ^ out[top1 - r]] = tag
    more = below
    while more < count and listed[more] < top0:
        stamp[listed_values[more] ^ out[top0 - listed[more]]] = tag
        more += 1
    return below + more


@nb.njit(cache=True, nogil=True, inline="always")
def _mark_small(out, n, tag, stamp, split_two, two_unequal, lo, hi):  # pragma: no cover - compiled
    """Mark the splits (a, m - a) with lo < a <= hi of every split; return the pairs marked."""
    work = 0
    for i in range(split_two.shape[0]):
        m = n - split_two[i]
        if m < 2:
            break
        top = min(hi, (m - 1) // 2 if two_unequal[i] else m // 2)
        mu = np.uint64(m)
        for a in range(np.uint64(lo + 1), np.uint64(top + 1)):
            stamp[out[a] ^ out[mu - a]] = tag
        work += max(top - lo, 0)
    return work


@nb.njit(cache=True, nogil=True, inline="always")
def _meets(out, n, value, split_two, two_unequal, lo, hi):  # pragma: no cover - compiled
    """Whether a split (a, m - a) with lo < a <= hi is worth ``value``; and the pairs looked at.
    No early exit inside a split's loop, so the compiler vectorizes it (a compare, no store)."""
    work = 0
    wanted = np.uint16(value)
    for i in range(split_two.shape[0]):
        m = n - split_two[i]
        if m < 2:
            break
        top = min(hi, (m - 1) // 2 if two_unequal[i] else m // 2)
        mu = np.uint64(m)
        hit = False
        for a in range(np.uint64(lo + 1), np.uint64(top + 1)):
            hit |= (out[a] ^ out[mu - a]) == wanted
        work += max(top - lo, 0)
        if hit:
            return True, work
    return False, work


@nb.njit(cache=True, nogil=True, inline="always")
def _look_for(out, n, value, split_two, two_unequal, scanned):  # pragma: no cover - compiled
    """Whether a split (a, m - a) with a > scanned is worth ``value``, looked for a doubling
    window at a time (a rare candidate's first split is usually among the small heaps); and the
    pairs looked at."""
    work = 0
    lo = scanned
    while 2 * lo < n:
        hi = 2 * lo
        met, looked = _meets(out, n, value, split_two, two_unequal, lo, hi)
        work += looked
        if met:
            return True, work
        lo = hi
    return False, work


@nb.njit(cache=True, nogil=True, inline="always")
def _last_candidate(v, tag, stamp, parity, flip, target, xors):  # pragma: no cover - compiled
    """Whether the candidate ``v`` is the last one: the next unmarked value above it is
    absent for sure (common, or no xor of two common values)."""
    for c in range(v + 1, stamp.shape[0]):
        if stamp[c] != tag:
            return (parity[c] ^ flip) == target or not xors[c]
    return True


@nb.njit(cache=True, nogil=True)
def sparse_fill(out, start, remove_all, remove_one, split_two, two_unequal,
                fold_allowed, fold_target, work_limit):  # pragma: no cover - compiled
    """Like :func:`naive_fill` for two-heap splits, in O(listed) per value (see the module doc).

    Returns ``(status, index, mask, listed)``: the mask in use at the end and how many positions
    were listed (rare, or common with a value not seen when the mask was chosen).
    """
    width = 1  # a power of two above every value so far: xors of values, and the mex, are at most it
    for x in range(start):
        while out[x] >= width:
            width *= 2
    size = 2 * width  # the tables by value cover it, and grow with it (a few KB, not 2^16 entries)
    stamp = np.zeros(size, np.int64)
    mask, fold, target = 0, 0, 1
    parity = _parity_table(0, size)
    listed = np.zeros(1024, np.uint64)
    listed_values = np.zeros(1024, np.uint16)
    count = 0
    seen = np.zeros(size, np.bool_)
    xors = np.ones(size, np.bool_)
    next_choice = start  # re-choose the mask now, and each time the table has doubled
    paired = split_two.shape[0] == 2 and not two_unequal[0] and not two_unequal[1]
    work = 0
    for n in range(start, out.shape[0]):
        if n >= next_choice:
            mask, fold, target = choose_mask(out, n, fold_allowed, fold_target)
            parity = _parity_table(mask, size)
            listed, listed_values, count, seen, xors = _listing(out, n, parity, fold, target, size)
            next_choice = max(2 * n, 64)
            work += n
        tag = n + 1
        _mark_direct(out, n, tag, stamp, remove_all, remove_one)
        work += remove_one.shape[0] + 1
        below, first = count, 0
        if paired and n - split_two[1] >= 2:
            work += _mark_listed_twice(out, n - split_two[0], n - split_two[1], tag, stamp, listed,
                                       listed_values, count)
            first = 2
        for i in range(first, split_two.shape[0]):
            m = n - split_two[i]
            if m < 2:
                break
            while below > 0 and listed[below - 1] >= np.uint64(m):
                below -= 1
            skip = below
            if two_unequal[i] and m % 2 == 0:
                half = np.uint64(m // 2)
                j = np.searchsorted(listed[:below], half)
                if j < below and listed[j] == half:
                    skip = j
            _mark_listed(out, m, tag, stamp, listed, listed_values, below, skip)
            work += below
        # mex: every split with a listed heap is marked, so an unmarked value is absent when it is
        # common (two unlisted heaps make only rare values) or no two seen common values xor to
        # it; otherwise the splits with a small heap (where the irregular values live) are
        # marked, and a candidate still unmarked is looked for past them, a doubling window at a
        # time, until it is met or every split has been looked at
        v = 0
        scanned = 0  # the splits (a, m - a) with a <= scanned are marked
        while True:
            if v >= VALUE_LIMIT - 1:
                return OVERFLOW, n, mask, count
            if stamp[v] == tag:
                v += 1
                continue
            if (parity[v] ^ (fold & n & 1)) == target or not xors[v]:
                break
            if scanned > 0 and _last_candidate(v, tag, stamp, parity, fold & n & 1, target, xors):
                met, looked = _look_for(out, n, v, split_two, two_unequal, scanned)
                work += looked
                if not met:
                    break
                v += 1
                continue
            if scanned * 2 >= n:
                break  # every split has been marked: v is absent
            window = max(2 * scanned, FIRST_WINDOW)
            work += _mark_small(out, n, tag, stamp, split_two, two_unequal, scanned, window)
            scanned = window
        out[n] = v
        if v >= width:
            while v >= width:
                width *= 2
            size = 2 * width
            stamp, seen, xors = _widened(stamp, size), _widened(seen, size), _widened(xors, size)
            parity = _parity_table(mask, size)
        if n > 0 and ((parity[v] ^ (fold & n & 1)) != target or not seen[v]):
            if count == listed.shape[0]:
                listed, listed_values = _grow(listed, listed_values)
            listed[count] = n
            listed_values[count] = v
            count += 1
        if 0 < work_limit < work:
            return WORK, n + 1, mask, count
    return DONE, out.shape[0], mask, count
