"""Smith's values of every vertex of a graph that may cycle: the Smith / Fraenkel–Yesha labelling.

The graph is in CSR form (``targets[offsets[v]:offsets[v+1]]`` follow v), 32- or 64-bit vertex
numbers. Stage m labels m every still unlabelled vertex that is *eligible* (it has labelled options of
every value below m), has no option labelled m, and whose every unlabelled option can move to a
vertex labelled m in this stage; a vertex left unlabelled with no option labelled m is no longer
eligible. Stages stop when no unlabelled vertex is eligible; those left are ∞. Each stage is one pass
over the vertices still unlabelled and their edges, forward and backward (the reverse CSR is built
once, by :func:`grundy.kernels.retrograde._parents`), so the whole is O((Δ+1)(V+E)). The order of
labelling is the counter function of the definition. :func:`grundy.core.loopy.plain_graph_values`
is the same algorithm in plain Python (tests compare the two).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from grundy.kernels.retrograde import _parents

INFINITE = -1


def graph_values(offsets: np.ndarray, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(gamma, counter)`` of every vertex (int64; -1 for ∞), as :func:`grundy.core.loopy.graph_values`."""
    n = len(offsets) - 1
    kind = targets.dtype
    parent_offsets = np.empty(n + 1, np.int64)
    parents = np.empty(len(targets), kind)
    gamma = np.empty(n, np.int64)
    counter = np.empty(n, np.int64)
    pending = np.empty(n, np.int64)
    stamp = np.zeros(n, np.int64)
    eligible = np.ones(n, np.uint8)
    queue = np.empty(n, kind)
    active = np.arange(n, dtype=kind)
    _parents(offsets, targets, parent_offsets, parents)
    _label(offsets, targets, parent_offsets, parents, gamma, counter, pending, stamp, eligible, queue, active)
    return gamma, counter


@nb.njit(cache=True, nogil=True)
def _label(offsets, targets, parent_offsets, parents, gamma, counter, pending, stamp, eligible, queue,
           active):  # pragma: no cover - compiled
    """Fill ``gamma`` and ``counter``. ``stamp[v] == m + 1``: v can move to a vertex labelled m in
    stage m; ``active[:count]`` are the vertices still unlabelled."""
    gamma[:] = INFINITE
    counter[:] = INFINITE
    count = active.shape[0]
    order = 0
    m = 0
    while _any_eligible(active, count, eligible):
        tail = _seed(offsets, targets, gamma, pending, eligible, queue, active, count, m)
        order = _spread(parent_offsets, parents, gamma, counter, pending, stamp, eligible, queue, tail, m, order)
        count = _compact(gamma, stamp, eligible, active, count, m)
        m += 1


@nb.njit(cache=True, nogil=True)
def _any_eligible(active, count, eligible):  # pragma: no cover - compiled
    for i in range(count):  # noqa: SIM110 - numba compiles a loop, not any() of a generator
        if eligible[active[i]]:
            return True
    return False


@nb.njit(cache=True, nogil=True)
def _seed(offsets, targets, gamma, pending, eligible, queue, active, count, m):  # pragma: no cover - compiled
    """Count each unlabelled vertex's unlabelled options; label m the eligible ones with none (queued)."""
    for i in range(count):
        u = active[i]
        c = 0
        for e in range(offsets[u], offsets[u + 1]):
            if gamma[targets[e]] == INFINITE:
                c += 1
        pending[u] = c
    tail = 0
    for i in range(count):
        u = active[i]
        if pending[u] == 0 and eligible[u]:
            queue[tail] = u
            tail += 1
    for i in range(tail):
        gamma[queue[i]] = m
    return tail


@nb.njit(cache=True, nogil=True)
def _spread(parent_offsets, parents, gamma, counter, pending, stamp, eligible, queue, tail, m,
            order):  # pragma: no cover - compiled
    """From each vertex labelled m: its unlabelled parents can reverse to m; a grandparent all of whose
    unlabelled options can is labelled m too. Returns the next counter."""
    mark = m + 1
    head = 0
    while head < tail:
        w = queue[head]
        head += 1
        counter[w] = order
        order += 1
        for e in range(parent_offsets[w], parent_offsets[w + 1]):
            v = parents[e]
            if gamma[v] != INFINITE or stamp[v] == mark:
                continue
            stamp[v] = mark
            for f in range(parent_offsets[v], parent_offsets[v + 1]):
                u = parents[f]
                if gamma[u] != INFINITE or stamp[u] == mark:
                    continue
                pending[u] -= 1
                if pending[u] == 0 and eligible[u]:
                    gamma[u] = m
                    queue[tail] = u
                    tail += 1
    return order


@nb.njit(cache=True, nogil=True)
def _compact(gamma, stamp, eligible, active, count, m):  # pragma: no cover - compiled
    """Keep the unlabelled vertices; one with no option labelled m can never be finite."""
    kept = 0
    for i in range(count):
        u = active[i]
        if gamma[u] == INFINITE:
            if stamp[u] != m + 1:
                eligible[u] = 0
            active[kept] = u
            kept += 1
    return kept
