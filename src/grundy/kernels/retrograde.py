"""Retrograde analysis of a finite game graph: win/lose/tie/draw with remoteness."""

from __future__ import annotations

import numba as nb
import numpy as np

UNKNOWN, LOSE, WIN, TIE, DRAW = 0, 1, 2, 3, 4


@nb.njit(cache=True, nogil=True)
def _parents(offsets, children):  # pragma: no cover - compiled
    """The reverse edges of a CSR graph, in CSR form: (parent offsets, parents)."""
    n = offsets.shape[0] - 1
    indegree = np.zeros(n + 1, np.int64)
    for e in range(children.shape[0]):
        indegree[children[e] + 1] += 1
    parent_offsets = np.cumsum(indegree)
    fill = parent_offsets[:-1].copy()
    parents = np.empty(children.shape[0], np.int64)
    for i in range(n):
        for e in range(offsets[i], offsets[i + 1]):
            parents[fill[children[e]]] = i
            fill[children[e]] += 1
    return parent_offsets, parents


@nb.njit(cache=True, nogil=True)
def retrograde(offsets, children, primitive):  # pragma: no cover - compiled
    """Values and remoteness of every position of a game graph in CSR form.

    ``children[offsets[i]:offsets[i+1]]`` are the positions reachable from i; ``primitive[i]``
    is LOSE/WIN/TIE for a terminal position (from the view of the player to move there) and
    UNKNOWN otherwise (a position with no moves and no primitive value is a loss). A win takes the
    shortest route, a loss the longest, a tie the shortest; what is never decided is a draw.
    """
    n = offsets.shape[0] - 1
    parent_offsets, parents = _parents(offsets, children)
    value = np.zeros(n, np.int8)
    remoteness = np.zeros(n, np.int64)
    pending = np.empty(n, np.int64)  # children not yet known to be wins for the opponent
    queue = np.empty(n, np.int64)
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
    return value, remoteness


@nb.njit(cache=True, nogil=True)
def score_retrograde(offsets, children, terminal, score):  # pragma: no cover - compiled
    """Negamax scores of an acyclic game graph, settled from the end (Kahn's order).

    ``score[i]`` is the terminal score for the player to move where ``terminal[i]``; a position's
    score is the best over its moves of minus the score after the move. Remoteness: the fastest
    route to the best score when it is positive or zero, the slowest when it is negative. Returns
    (scores, remoteness, settled); a position left unsettled lies on or above a cycle.
    """
    n = offsets.shape[0] - 1
    parent_offsets, parents = _parents(offsets, children)
    pending = np.empty(n, np.int64)
    value = np.zeros(n)
    remoteness = np.zeros(n, np.int64)
    settled = np.zeros(n, np.bool_)
    queue = np.empty(n, np.int64)
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
                        far = max(far, remoteness[children[f]])
                        near = min(near, remoteness[children[f]])
                value[p] = best
                remoteness[p] = (far if best < 0 else near) + 1
                settled[p] = True
                queue[tail] = p
                tail += 1
    return value, remoteness, settled
