"""The stopper comparison of loopy partizan games on the whole product of two graphs, compiled.

:func:`stopper_table` gives, for every vertex i of a stopper G and j of a stopper H, whether G_i <= H_j:
Left, moving second in H_j - G_i, is never left without a move. It is the plain loop of
:func:`grundy.cgt.loopy.compare._plain_table` (same arguments as graphs in CSR form, same answer), for
products of more than :data:`grundy.cgt.loopy.compare.PLAIN_UP_TO` states.
"""

from __future__ import annotations

import numba as nb
import numpy as np


@nb.njit(cache=True, nogil=True)
def _reverse(offsets, targets):  # pragma: no cover - compiled
    """The reverse of a CSR graph (once per edge), in CSR form."""
    n = offsets.shape[0] - 1
    back_offsets = np.zeros(n + 1, np.int64)
    for e in range(targets.shape[0]):
        back_offsets[targets[e] + 1] += 1
    for v in range(n):
        back_offsets[v + 1] += back_offsets[v]
    fill = back_offsets[:-1].copy()
    back = np.empty(targets.shape[0], np.int64)
    for v in range(n):
        for e in range(offsets[v], offsets[v + 1]):
            w = targets[e]
            back[fill[w]] = v
            fill[w] += 1
    return back_offsets, back


@nb.njit(cache=True, nogil=True)
def _table(gl_off, gl, gr_off, gr, hl_off, hl, hr_off, hr):  # pragma: no cover - compiled
    n = gl_off.shape[0] - 1
    m = hl_off.shape[0] - 1
    glb_off, glb = _reverse(gl_off, gl)
    grb_off, grb = _reverse(gr_off, gr)
    hlb_off, hlb = _reverse(hl_off, hl)
    hrb_off, hrb = _reverse(hr_off, hr)
    pending = np.empty(n * m, np.int64)  # Left to move at (i, j): moves not yet known lost for Left
    right_won = np.zeros(n * m, np.uint8)  # Right to move at (i, j) wins
    stack = np.empty(n * m, np.int64)
    top = 0
    for i in range(n):
        for j in range(m):
            s = i * m + j
            pending[s] = (gr_off[i + 1] - gr_off[i]) + (hl_off[j + 1] - hl_off[j])
            if pending[s] == 0:
                stack[top] = s
                top += 1
    while top > 0:
        top -= 1
        s = stack[top]
        i = s // m
        j = s - i * m
        for side in range(2):  # the Right moves to (i, j): in -G (G's Left edges) or in H (H's Right edges)
            lo = glb_off[i] if side == 0 else hrb_off[j]
            hi = glb_off[i + 1] if side == 0 else hrb_off[j + 1]
            for e in range(lo, hi):
                r = glb[e] * m + j if side == 0 else i * m + hrb[e]
                if right_won[r]:
                    continue
                right_won[r] = 1
                ri = r // m
                rj = r - ri * m
                for e2 in range(grb_off[ri], grb_off[ri + 1]):
                    q = grb[e2] * m + rj
                    pending[q] -= 1
                    if pending[q] == 0:
                        stack[top] = q
                        top += 1
                for e2 in range(hlb_off[rj], hlb_off[rj + 1]):
                    q = ri * m + hlb[e2]
                    pending[q] -= 1
                    if pending[q] == 0:
                        stack[top] = q
                        top += 1
    return right_won == 0


def stopper_table(gl_off: np.ndarray, gl: np.ndarray, gr_off: np.ndarray, gr: np.ndarray, hl_off: np.ndarray,
                  hl: np.ndarray, hr_off: np.ndarray, hr: np.ndarray) -> np.ndarray:
    """Flat bool array of n * m: entry i * m + j is G_i <= H_j (graphs as Left/Right CSR int64 arrays)."""
    return _table(gl_off, gl, gr_off, gr, hl_off, hl, hr_off, hr)


@nb.njit(cache=True, nogil=True)
def _lose(seeds, count, gl_off, glb_off, glb, gr_off, grb_off, grb, hl_off, hlb_off, hlb, hr_off, hrb_off, hrb,
          m, alive, pending, stack):  # pragma: no cover - compiled
    """Mark the seeds lost for Left, with Right's attractor of them (pending: Left's moves to alive states)."""
    top = 0
    for k in range(count):
        s = seeds[k]
        if alive[s]:
            alive[s] = 0
            stack[top] = s
            top += 1
    while top > 0:
        top -= 1
        s = stack[top]
        mover = s & 1
        i = (s >> 1) // m
        j = (s >> 1) - i * m
        for side in range(2):
            if mover == 0:  # Right moved here: from (i0, j) by a Left edge of g, or (i, j0) by a Right edge of h
                lo, hi = (glb_off[i], glb_off[i + 1]) if side == 0 else (hrb_off[j], hrb_off[j + 1])
            else:  # Left moved here: by a Right edge of g, or a Left edge of h
                lo, hi = (grb_off[i], grb_off[i + 1]) if side == 0 else (hlb_off[j], hlb_off[j + 1])
            for e in range(lo, hi):
                if mover == 0:
                    p = ((glb[e] * m + j) << 1) | 1 if side == 0 else ((i * m + hrb[e]) << 1) | 1
                else:
                    p = (grb[e] * m + j) << 1 if side == 0 else (i * m + hlb[e]) << 1
                if not alive[p]:
                    continue
                if mover == 1:
                    pending[p] -= 1
                    if pending[p] > 0:
                        continue
                alive[p] = 0
                stack[top] = p
                top += 1


@nb.njit(cache=True, nogil=True)
def _sided(gl_off, gl, gr_off, gr, hl_off, hl, hr_off, hr, onside):  # pragma: no cover - compiled
    n = gl_off.shape[0] - 1
    m = hl_off.shape[0] - 1
    glb_off, glb = _reverse(gl_off, gl)
    grb_off, grb = _reverse(gr_off, gr)
    hlb_off, hlb = _reverse(hl_off, hl)
    hrb_off, hrb = _reverse(hr_off, hr)
    states = 2 * n * m
    alive = np.ones(states, np.uint8)
    pending = np.zeros(states, np.int64)
    need = np.zeros(states, np.int64)
    good = np.zeros(states, np.uint8)
    stack = np.empty(states, np.int64)
    seeds = np.empty(states, np.int64)
    count = 0
    for i in range(n):
        for j in range(m):
            s = (i * m + j) << 1
            pending[s] = (gr_off[i + 1] - gr_off[i]) + (hl_off[j + 1] - hl_off[j])
            if pending[s] == 0:
                seeds[count] = s
                count += 1
    _lose(seeds, count, gl_off, glb_off, glb, gr_off, grb_off, grb, hl_off, hlb_off, hlb, hr_off, hrb_off, hrb,
          m, alive, pending, stack)
    while True:
        top = 0
        for s in range(states):  # the moves in the privileged component (h on the onside, g on the offside)
            good[s] = 0
            if not alive[s]:
                continue
            i = (s >> 1) // m
            j = (s >> 1) - i * m
            if s & 1:
                need[s] = (hr_off[j + 1] - hr_off[j]) if not onside else (gl_off[i + 1] - gl_off[i])
                if need[s] == 0:
                    good[s] = 1
                    stack[top] = s
                    top += 1
            else:
                found = False
                if onside:
                    for e in range(hl_off[j], hl_off[j + 1]):
                        if alive[((i * m + hl[e]) << 1) | 1]:
                            found = True
                            break
                else:
                    for e in range(gr_off[i], gr_off[i + 1]):
                        if alive[((gr[e] * m + j) << 1) | 1]:
                            found = True
                            break
                if found:
                    good[s] = 1
                    stack[top] = s
                    top += 1
        while top > 0:  # back along moves outside the privileged component
            top -= 1
            t = stack[top]
            mover = t & 1
            i = (t >> 1) // m
            j = (t >> 1) - i * m
            if mover == 0:  # Right moved here: plain edges are g's Left edges (onside) or h's Right edges
                lo, hi = (glb_off[i], glb_off[i + 1]) if onside else (hrb_off[j], hrb_off[j + 1])
            else:  # Left moved here: g's Right edges (onside) or h's Left edges
                lo, hi = (grb_off[i], grb_off[i + 1]) if onside else (hlb_off[j], hlb_off[j + 1])
            for e in range(lo, hi):
                if mover == 0:
                    p = ((glb[e] * m + j) << 1) | 1 if onside else ((i * m + hrb[e]) << 1) | 1
                else:
                    p = (grb[e] * m + j) << 1 if onside else (i * m + hlb[e]) << 1
                if not alive[p] or good[p]:
                    continue
                if p & 1:
                    need[p] -= 1
                    if need[p] > 0:
                        continue
                good[p] = 1
                stack[top] = p
                top += 1
        count = 0
        for s in range(states):
            if alive[s] and not good[s]:
                seeds[count] = s
                count += 1
        if count == 0:
            break
        _lose(seeds, count, gl_off, glb_off, glb, gr_off, grb_off, grb, hl_off, hlb_off, hlb, hr_off, hrb_off, hrb,
              m, alive, pending, stack)
    out = np.empty(n * m, np.uint8)
    for k in range(n * m):
        out[k] = alive[(k << 1) | 1]
    return out == 1


def sided_table(gl_off: np.ndarray, gl: np.ndarray, gr_off: np.ndarray, gr: np.ndarray, hl_off: np.ndarray,
                hl: np.ndarray, hr_off: np.ndarray, hr: np.ndarray, onside: bool) -> np.ndarray:
    """Flat bool array of n * m: entry i * m + j is G_i⁺ <= H_j⁺ (``onside``), else G_i⁻ <= H_j⁻ (the
    sided comparison of :func:`grundy.cgt.loopy.compare.sided_pairs`, on the whole product)."""
    return _sided(gl_off, gl, gr_off, gr, hl_off, hl, hr_off, hr, onside)
