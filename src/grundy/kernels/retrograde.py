"""Retrograde analysis of a finite game graph: win/lose/tie/draw with remoteness.

A graph is in CSR form: ``children[offsets[i]:offsets[i+1]]`` are the positions one move from
position ``i``. Position numbers (``children``) may be 32-bit or 64-bit integers; every work array
takes the same width, so a graph of fewer than 2^31 positions costs half as much. The work arrays
are allocated here, in Python, before the compiled pass runs:
:func:`grundy.core.retrograde.retrograde_bytes` says how much they take, so a caller can check its
memory budget first.
"""

from __future__ import annotations

import numba as nb
import numpy as np

UNKNOWN, LOSE, WIN, TIE, DRAW = 0, 1, 2, 3, 4


@nb.njit(cache=True, nogil=True)
def _parents(offsets, children, parent_offsets, parents):  # pragma: no cover - compiled
    """Fill the reverse edges of a CSR graph, in CSR form (no work array beyond the two outputs)."""
    n = offsets.shape[0] - 1
    parent_offsets[:] = 0
    for e in range(children.shape[0]):
        parent_offsets[children[e] + 1] += 1
    for i in range(n):
        parent_offsets[i + 1] += parent_offsets[i]
    for i in range(n):  # parent_offsets[c] is the next free slot of c, ending at the start of c + 1
        for e in range(offsets[i], offsets[i + 1]):
            c = children[e]
            parents[parent_offsets[c]] = i
            parent_offsets[c] += 1
    for c in range(n, 0, -1):
        parent_offsets[c] = parent_offsets[c - 1]
    parent_offsets[0] = 0


@nb.njit(cache=True, nogil=True)
def _retrograde(offsets, children, primitive, parent_offsets, parents, value, remoteness, pending,
                queue):  # pragma: no cover - compiled
    n = offsets.shape[0] - 1
    _parents(offsets, children, parent_offsets, parents)
    head, tail = 0, 0
    for i in range(n):
        pending[i] = offsets[i + 1] - offsets[i]
        if primitive[i] != UNKNOWN:
            value[i] = primitive[i]
        elif pending[i] == 0:
            value[i] = LOSE
        if value[i] == LOSE or value[i] == WIN:
            queue[tail] = i
            tail += 1
    # phase 1: wins and losses, in order of remoteness
    while head < tail:
        c = queue[head]
        head += 1
        for e in range(parent_offsets[c], parent_offsets[c + 1]):
            p = parents[e]
            if value[p] != UNKNOWN:
                continue
            if value[c] == LOSE:
                value[p] = WIN
                remoteness[p] = remoteness[c] + 1
                queue[tail] = p
                tail += 1
            else:
                pending[p] -= 1
                if pending[p] == 0:
                    value[p] = LOSE
                    remoteness[p] = remoteness[c] + 1
                    queue[tail] = p
                    tail += 1
    # phase 2: ties spread to every undecided parent (a tie beats a draw)
    head, tail = 0, 0
    for i in range(n):
        if value[i] == TIE:
            queue[tail] = i
            tail += 1
    while head < tail:
        c = queue[head]
        head += 1
        for e in range(parent_offsets[c], parent_offsets[c + 1]):
            p = parents[e]
            if value[p] == UNKNOWN:
                value[p] = TIE
                remoteness[p] = remoteness[c] + 1
                queue[tail] = p
                tail += 1
    for i in range(n):
        if value[i] == UNKNOWN:
            value[i] = DRAW


def retrograde(offsets: np.ndarray, children: np.ndarray, primitive: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Values and remoteness of every position of a game graph in CSR form.

    ``offsets`` is int64; ``children`` int32 or int64; ``primitive[i]`` (int8) is LOSE/WIN/TIE for a
    terminal position (from the view of the player to move there) and UNKNOWN otherwise (a
    position with no moves and no primitive value is a loss). A win takes the shortest route, a
    loss the longest, a tie the shortest; what is never decided is a draw. Returns (values as
    int8 codes, remoteness in the width of ``children``).

    >>> values, far = retrograde(np.array([0, 1, 1]), np.array([1]), np.zeros(2, np.int8))
    >>> values.tolist(), far.tolist()
    ([2, 1], [1, 0])
    """
    n = offsets.shape[0] - 1
    index = children.dtype
    value = np.zeros(n, np.int8)
    remoteness = np.zeros(n, index)
    _retrograde(offsets, children, primitive, np.empty(n + 1, np.int64), np.empty(children.shape[0], index),
                value, remoteness, np.empty(n, index), np.empty(n, index))
    return value, remoteness


@nb.njit(cache=True, nogil=True)
def _score_retrograde(offsets, children, terminal, score, parent_offsets, parents, value, remoteness,
                      settled, pending, queue):  # pragma: no cover - compiled
    n = offsets.shape[0] - 1
    _parents(offsets, children, parent_offsets, parents)
    head, tail = 0, 0
    for i in range(n):
        pending[i] = 0 if terminal[i] else offsets[i + 1] - offsets[i]
        if pending[i] == 0:
            value[i] = score[i]
            settled[i] = True
            queue[tail] = i
            tail += 1
    while head < tail:
        c = queue[head]
        head += 1
        for e in range(parent_offsets[c], parent_offsets[c + 1]):
            p = parents[e]
            if settled[p]:
                continue
            pending[p] -= 1
            if pending[p] == 0:
                best = -np.inf
                for f in range(offsets[p], offsets[p + 1]):
                    best = max(best, -value[children[f]])
                far = -1
                near = np.iinfo(np.int64).max
                for f in range(offsets[p], offsets[p + 1]):
                    if -value[children[f]] == best:
                        far = max(far, np.int64(remoteness[children[f]]))
                        near = min(near, np.int64(remoteness[children[f]]))
                value[p] = best
                remoteness[p] = (far if best < 0 else near) + 1
                settled[p] = True
                queue[tail] = p
                tail += 1


def score_retrograde(offsets: np.ndarray, children: np.ndarray, terminal: np.ndarray,
                     score: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Negamax scores of an acyclic game graph, settled from the end (Kahn's order).

    ``score[i]`` is the terminal score for the player to move where ``terminal[i]``; a position's
    score is the best over its moves of minus the score after the move. Remoteness: the fastest
    route to the best score when it is positive or zero, the slowest when it is negative. Returns
    (scores, remoteness, settled); a position left unsettled lies on or above a cycle.

    >>> values, far, settled = score_retrograde(np.array([0, 1, 1]), np.array([1]), np.array([False, True]),
    ...                                         np.array([0.0, -3.0]))
    >>> values.tolist(), far.tolist(), settled.tolist()
    ([3.0, -3.0], [1, 0], [True, True])
    """
    n = offsets.shape[0] - 1
    index = children.dtype
    value = np.zeros(n)
    remoteness = np.zeros(n, index)
    settled = np.zeros(n, np.bool_)
    _score_retrograde(offsets, children, terminal, score, np.empty(n + 1, np.int64),
                      np.empty(children.shape[0], index), value, remoteness, settled, np.empty(n, index),
                      np.empty(n, index))
    return value, remoteness, settled
