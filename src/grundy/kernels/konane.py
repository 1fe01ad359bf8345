"""Konane searched compiled: each position's canonical form as an id of :mod:`grundy.kernels.cgt_store`.

A board of at most 64 cells is two bit sets, ``x`` (Left's stones) and ``o`` (Right's), cell r * width
+ c being bit r * width + c; :func:`neighbours` lists each cell's neighbour in each of the four
directions (-1 off the board). A jump takes a stone over an adjacent opposing stone into the empty
cell beyond, and may go on the same way over further single opposing stones into empty cells;
stopping after any jump is a separate option (Ernst, "Playing Konane mathematically", UMAP Journal 16
(1995); the rules of :class:`grundy.partizan.clobber.Konane`). A board where nobody can jump has no
options, so it is {|} = 0.

:func:`run` searches with an explicit stack (no recursion): a position is valued once all the boards
its jumps leave are, from their ids, by :func:`grundy.kernels.cgt_canonical.canonical`, and kept in a
table keyed by ``(x, o)`` (open addressing in arrays). It stops after about ``limit`` steps of work
(1 + ``cost`` a position expanded and one an option) and can be called again with the same stack
and table to go on, so its caller counts the steps against its budget between calls.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from grundy.kernels.cgt_canonical import canonical
from grundy.kernels.cgt_store import FAILED as BROKEN
from grundy.kernels.cgt_store import room

DONE, PAUSED, FAILED = 0, 1, 2
MOST = 1 << 12  # room for one side's jumps from one board (64 stones, 4 ways, < 16 hops each)


def neighbours(height: int, width: int) -> np.ndarray:
    """``table[d * cells + i]``: the neighbour of cell i in direction d (down, up, right, left), or -1."""
    cells = height * width
    table = np.full(4 * cells, -1, np.int64)
    for i in range(cells):
        r, c = divmod(i, width)
        for d, (dr, dc) in enumerate(((1, 0), (-1, 0), (0, 1), (0, -1))):
            if 0 <= r + dr < height and 0 <= c + dc < width:
                table[d * cells + i] = (r + dr) * width + c + dc
    return table


def start(x: int, o: int) -> tuple:
    """The state of a search from the board (x, o), for :func:`run`: a tuple of arrays, the stack
    (stones of x, stones of o, expanded flags) holding the root, the table of valued boards (open
    addressing: stones of x, stones of o, ids, -1 for a free slot), and [stack depth, table count]."""
    root = np.zeros(64, np.int64)
    root[0] = x - (1 << 64) if x >= 1 << 63 else x
    other = np.zeros(64, np.int64)
    other[0] = o - (1 << 64) if o >= 1 << 63 else o
    return (root, other, np.zeros(64, np.int64), np.zeros(TABLE, np.int64), np.zeros(TABLE, np.int64),
            np.full(TABLE, -1, np.int64), np.array([1, 0], np.int64))


TABLE = 1 << 12  # the table's first size (doubled when half full)


@nb.njit(cache=True)
def _slot(tx, to, tv, x, o):  # pragma: no cover - compiled
    """The slot of (x, o) in the table: where it is, or the free slot where it goes."""
    mask = tv.size - 1
    h = (x * np.int64(-7046029254386353131)) ^ (o * np.int64(0x2545F4914F6CDD1D))
    i = (h ^ (h >> 29)) & mask
    while tv[i] >= 0 and (tx[i] != x or to[i] != o):
        i = (i + 1) & mask
    return i


@nb.njit(cache=True)
def _doubled(tx, to, tv):  # pragma: no cover - compiled
    """The table with twice the slots, the entries put back."""
    nx = np.zeros(2 * tv.size, np.int64)
    no = np.zeros(2 * tv.size, np.int64)
    nv = np.full(2 * tv.size, -1, np.int64)
    for i in range(tv.size):
        if tv[i] >= 0:
            j = _slot(nx, no, nv, tx[i], to[i])
            nx[j], no[j], nv[j] = tx[i], to[i], tv[i]
    return nx, no, nv


@nb.njit(cache=True)
def _valued(tx, to, tv, xs, os, n, out):  # pragma: no cover - compiled
    """The ids of the first ``n`` boards (all valued), into ``out``."""
    for i in range(n):
        out[i] = tv[_slot(tx, to, tv, xs[i], os[i])]


@nb.njit(cache=True)
def _jumps(x, o, left, nxt, cells, out_x, out_o):  # pragma: no cover - compiled
    """The boards after each jump of Left (``left``) or Right, written into ``out_x, out_o``; their count."""
    mine, theirs = (x, o) if left else (o, x)
    full = x | o
    k = 0
    one = np.int64(1)
    for i in range(cells):
        if not (mine >> i) & 1:
            continue
        for d in range(4):
            over = nxt[d * cells + i]
            moved = mine & ~(one << i)
            taken = theirs
            while over >= 0:
                to = nxt[d * cells + over]
                if to < 0 or not (theirs >> over) & 1 or (full >> to) & 1:
                    break
                taken &= ~(one << over)
                after = moved | (one << to)
                out_x[k], out_o[k] = (after, taken) if left else (taken, after)
                k += 1
                over = nxt[d * cells + to]
    return k


@nb.njit(cache=True)
def run(store, state, nxt, cells, cost, limit):  # pragma: no cover - compiled
    """Search from the state (:func:`start`) until the stack is empty or about ``limit`` steps are
    done: (DONE, steps, root id, state); (PAUSED, steps, -1, state) to be called again with the
    state returned (after :func:`grundy.kernels.cgt_store.grown`, as the store may need more room);
    or (FAILED, steps, -1, state) when the store cannot hold a value (no room for a form)."""
    sx, so, sf, tx, to, tv, counts = state
    depth, count = counts[0], counts[1]
    lx, lo = np.empty(MOST, np.int64), np.empty(MOST, np.int64)
    rx, ro = np.empty(MOST, np.int64), np.empty(MOST, np.int64)
    left_ids, right_ids = np.empty(MOST, np.int64), np.empty(MOST, np.int64)
    steps, status = 0, DONE
    while depth > 0:
        if steps >= limit:
            status = PAUSED
            break
        top = depth - 1
        x, o = sx[top], so[top]
        if tv[_slot(tx, to, tv, x, o)] >= 0:
            depth = top
            continue
        nl = _jumps(x, o, True, nxt, cells, lx, lo)
        nr = _jumps(x, o, False, nxt, cells, rx, ro)
        if sf[top] == 0:
            sf[top] = 1
            steps += 1 + cost + nl + nr
            if depth + nl + nr > sx.size:
                sx, so, sf = _longer(sx, depth + nl + nr), _longer(so, depth + nl + nr), _longer(sf, depth + nl + nr)
            for i in range(nl + nr):
                cx, co = (lx[i], lo[i]) if i < nl else (rx[i - nl], ro[i - nl])
                if tv[_slot(tx, to, tv, cx, co)] < 0:
                    sx[depth], so[depth], sf[depth] = cx, co, 0
                    depth += 1
            if depth > top + 1:
                continue
        if room(store):  # the caller grows the store, then calls again
            status = PAUSED
            break
        _valued(tx, to, tv, lx, lo, nl, left_ids)
        _valued(tx, to, tv, rx, ro, nr, right_ids)
        g = canonical(store, left_ids, nl, right_ids, nr)
        if store[0][BROKEN]:
            status = FAILED
            break
        if 2 * (count + 1) > tv.size:
            tx, to, tv = _doubled(tx, to, tv)
        i = _slot(tx, to, tv, x, o)
        tx[i], to[i], tv[i] = x, o, g
        count += 1
        depth = top
    counts[0], counts[1] = depth, count
    state = (sx, so, sf, tx, to, tv, counts)
    if status != DONE:
        return status, steps, -1, state
    return DONE, steps, tv[_slot(tx, to, tv, sx[0], so[0])], state


@nb.njit(cache=True)
def _longer(a, need):  # pragma: no cover - compiled
    """``a`` in an array of at least ``need`` entries (doubling)."""
    b = np.zeros(max(need, 2 * a.size), a.dtype)
    b[:a.size] = a
    return b
