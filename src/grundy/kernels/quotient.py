"""The (V2) check of a misère quotient candidate, compiled (see grundy.quotient.verify.Checker).

Sums of heaps are explored as states (element x, transition set Tr as a bitset), in MisereSolver's
word order (a binary heap keyed by the game's multiplicities from the highest heap down), keeping
for each element the transition sets met so far: a state containing a recorded one is skipped.
The first state whose element's P-membership disagrees with the mex rule is the failure.

Returns ``(status, parent, heap, count)``: status 0 = verified (``count`` states explored), 1 = a
failure (the game of state ``parent`` plus ``heap``; parent -1 = the empty game), 2 = out of room
(the caller falls back to the Python checker).
"""

from __future__ import annotations

import numba as nb
import numpy as np


@nb.njit(cache=True, nogil=True)
def _less(exps, a_parent, a_heap, b_parent, b_heap, top):  # pragma: no cover - compiled
    """Whether game(a) < game(b) in word order (multiplicities compared from the highest heap)."""
    for i in range(top, -1, -1):
        ea = exps[a_parent, i] + (1 if i == a_heap else 0)
        eb = exps[b_parent, i] + (1 if i == b_heap else 0)
        if ea != eb:
            return ea < eb
    return False


@nb.njit(cache=True, nogil=True)
def _push(qp, qh, size, parent, heap, exps, top):  # pragma: no cover - compiled
    i = size
    qp[i], qh[i] = parent, heap
    while i > 0:
        up = (i - 1) >> 1
        if _less(exps, qp[i], qh[i], qp[up], qh[up], top):
            qp[i], qp[up] = qp[up], qp[i]
            qh[i], qh[up] = qh[up], qh[i]
            i = up
        else:
            break
    return size + 1


@nb.njit(cache=True, nogil=True)
def _pop(qp, qh, size, exps, top):  # pragma: no cover - compiled
    parent, heap = qp[0], qh[0]
    size -= 1
    qp[0], qh[0] = qp[size], qh[size]
    i = 0
    while True:
        left = 2 * i + 1
        if left >= size:
            break
        best = left
        if left + 1 < size and _less(exps, qp[left + 1], qh[left + 1], qp[left], qh[left], top):
            best = left + 1
        if _less(exps, qp[best], qh[best], qp[i], qh[i], top):
            qp[i], qp[best] = qp[best], qp[i]
            qh[i], qh[best] = qh[best], qh[i]
            i = best
        else:
            break
    return parent, heap, size


@nb.njit(cache=True, nogil=True)
def explore(rows, colbits, is_p, pbits, moving, sx, strs, exps, qp, qh):  # pragma: no cover - compiled
    """(V2) over every sum of the ``moving`` heaps; arrays ``sx``/``strs``/``exps`` hold the
    states explored (their capacity bounds the search), ``qp``/``qh`` the queue."""
    words = pbits.shape[0]
    top = exps.shape[1] - 1
    cap, qcap = sx.shape[0], qp.shape[0]
    head = np.full(is_p.shape[0], -1, np.int64)
    nxt = np.full(cap, -1, np.int64)
    tmp = np.zeros(words, np.uint64)
    count, qsize = 0, 0
    # the empty game: element 0, no options
    sx[0] = 0
    strs[0, :] = 0
    exps[0, :] = 0
    if is_p[0]:
        return 1, -1, -1, 0
    head[0] = 0
    count = 1
    for j in range(moving.shape[0]):
        qsize = _push(qp, qh, qsize, 0, moving[j], exps, top)
    while qsize > 0:
        parent, h, qsize = _pop(qp, qh, qsize, exps, top)
        px = sx[parent]
        x = rows[h, px]
        for w in range(words):
            tmp[w] = colbits[h, px, w]
        for w in range(words):
            word = strs[parent, w]
            if word == 0:
                continue
            for b in range(64):
                if (word >> np.uint64(b)) & np.uint64(1):
                    t = rows[h, w * 64 + b]
                    tmp[t >> 6] |= np.uint64(1) << np.uint64(t & 63)
        dominated = False
        k = head[x]
        while k >= 0:
            inside = True
            for w in range(words):
                if strs[k, w] & ~tmp[w]:
                    inside = False
                    break
            if inside:
                dominated = True
                break
            k = nxt[k]
        if dominated:
            continue
        empty, hits = True, False
        for w in range(words):
            if tmp[w]:
                empty = False
            if tmp[w] & pbits[w]:
                hits = True
        if is_p[x] != ((not empty) and (not hits)):
            return 1, parent, h, count
        if count >= cap or qsize + moving.shape[0] > qcap:
            return 2, -1, -1, count
        sx[count] = x
        for w in range(words):
            strs[count, w] = tmp[w]
        for i in range(top + 1):
            exps[count, i] = exps[parent, i]
        exps[count, h] += 1
        nxt[count] = head[x]
        head[x] = count
        for j in range(moving.shape[0]):
            qsize = _push(qp, qh, qsize, count, moving[j], exps, top)
        count += 1
    return 0, -1, -1, count


@nb.njit(cache=True, nogil=True)
def mark(act, opt_rows, opt_start, exps, marked, order, pool, tr_start, tr_end):  # pragma: no cover - compiled
    """MisereSolver's ``markPPortion``: reach every element first by its least game (stage h adds
    heap h) and mark it P when that game has moves and none reaches a P element. ``opt_rows`` holds
    the tables x ↦ x·t of heap h's options in rows ``opt_start[h]:opt_start[h+1]``. Fills ``exps``
    (each element's least game, as multiplicities), ``marked``, ``order`` and each element's
    options' elements in ``pool[tr_start[y]:tr_end[y]]``; returns how many elements were reached,
    or -1 when ``pool`` is too small."""
    heaps, size = act.shape
    seen = np.zeros(size, np.bool_)
    stamp = np.full(size, -1, np.int64)
    seen[0] = True
    order[0] = 0
    tr_start[0], tr_end[0] = 0, 0
    found, used = 1, 0
    room = pool.shape[0]
    values = np.empty(size, np.int64)
    before = np.empty(size, np.int64)
    power = np.empty(size, np.int64)
    for h in range(heaps):
        lo, hi = opt_start[h], opt_start[h + 1]
        if lo == hi:
            continue
        nbase = found
        for i in range(nbase):
            values[i] = order[i]
        for z in range(size):
            power[z] = z
        for k in range(1, size + 2):
            fresh = False
            for i in range(nbase):
                before[i] = values[i]
                values[i] = act[h, values[i]]
            for z in range(size):
                power[z] = act[h, power[z]]
            for i in range(nbase):
                y = values[i]
                if seen[y]:
                    continue
                seen[y] = True
                fresh = True
                x = order[i]
                if used + (tr_end[x] - tr_start[x]) + (hi - lo) > room:
                    return -1
                tr_start[y] = used
                hits, any_move = False, False
                for j in range(tr_start[x], tr_end[x]):
                    t = power[pool[j]]
                    if stamp[t] != y:
                        stamp[t] = y
                        pool[used] = t
                        used += 1
                for r in range(lo, hi):
                    t = opt_rows[r, before[i]]
                    if stamp[t] != y:
                        stamp[t] = y
                        pool[used] = t
                        used += 1
                tr_end[y] = used
                for j in range(tr_start[y], tr_end[y]):
                    any_move = True
                    if marked[pool[j]]:
                        hits = True
                for j in range(heaps):
                    exps[y, j] = exps[x, j]
                exps[y, h] += k
                marked[y] = any_move and not hits
                order[found] = y
                found += 1
            if not fresh:
                break
    return found


@nb.njit(cache=True, nogil=True)
def refine(act, classes):  # pragma: no cover - compiled
    """Partition refinement to its fixed point: x ~ y iff same class and x·Φ(h) ~ y·Φ(h) for every
    row h of ``act``. ``classes`` (labels 0..count-1) is refined in place; returns the count."""
    rows, size = act.shape
    count = 0
    for x in range(size):
        count = max(count, classes[x] + 1)
    labels = np.empty(size, np.int64)
    fresh = np.empty(size, np.int64)
    start = np.empty(size + 1, np.int64)
    bucket = np.empty(size, np.int64)
    stamp = np.full(size, -1, np.int64)
    given = np.empty(size, np.int64)
    while True:
        for x in range(size):
            labels[x] = classes[x]
        found = count
        for r in range(rows):
            # counting sort of the elements by their current label
            start[:] = 0
            for x in range(size):
                start[labels[x] + 1] += 1
            for a in range(found):
                start[a + 1] += start[a]
            for x in range(size):
                bucket[start[labels[x]]] = x
                start[labels[x]] += 1
            stamp[:] = -1
            made = 0
            prev = -1
            for i in range(size):
                x = bucket[i]
                a = labels[x]
                if a != prev:
                    prev = a
                b = classes[act[r, x]]
                if stamp[b] != a:
                    stamp[b] = a
                    given[b] = made
                    made += 1
                fresh[x] = given[b]
            for x in range(size):
                labels[x] = fresh[x]
            found = made
        for x in range(size):
            classes[x] = labels[x]
        if found == count:
            return count
        count = found
