"""Tokens on a directed acyclic graph: Grundy values of every vertex, and the AGC 016 F subset DP.

- :func:`compact` numbers the vertices 0..n-1 in the order of their labels, O(n + m + largest label).
- :func:`build_csr` turns an edge list into compressed adjacency (CSR) by a counting sort, O(n + m).
- :func:`dag_grundy` walks the graph depth-first with an explicit stack (no recursion): a vertex's
  value is the mex of its successors' values, taken when the walk leaves it (all successors are
  finished by then). A successor still on the stack closes a cycle, which is reported. O(n + m).
- :func:`count_equal_grundy` is the O(n·3^n) subset DP of AtCoder AGC 016 F "Games on DAG".
"""

from __future__ import annotations

import numba as nb
import numpy as np


@nb.njit(cache=True, nogil=True)
def compact(vertices, top):  # pragma: no cover - compiled
    """``(labels, index)``: the distinct numbers of ``vertices`` (all below ``top``) ascending, and
    the position of each entry of ``vertices`` among them. O(len + top)."""
    where = np.full(top, -1, np.int64)
    for x in vertices:
        where[x] = 0
    count = 0
    for x in range(top):
        if where[x] == 0:
            where[x] = count
            count += 1
    labels = np.empty(count, np.int64)
    for x in range(top):
        if where[x] >= 0:
            labels[where[x]] = x
    index = np.empty(vertices.shape[0], np.int64)
    for i in range(vertices.shape[0]):
        index[i] = where[vertices[i]]
    return labels, index


@nb.njit(cache=True, nogil=True)
def build_csr(sources, targets, n):  # pragma: no cover - compiled
    """``(indptr, adjacent)``: the successors of vertex v are ``adjacent[indptr[v]:indptr[v+1]]``,
    in the order the edges were given."""
    m = sources.shape[0]
    indptr = np.zeros(n + 1, np.int64)
    for e in range(m):
        indptr[sources[e] + 1] += 1
    for v in range(n):
        indptr[v + 1] += indptr[v]
    fill = indptr[:n].copy()
    adjacent = np.empty(m, np.int64)
    for e in range(m):
        u = sources[e]
        adjacent[fill[u]] = targets[e]
        fill[u] += 1
    return indptr, adjacent


@nb.njit(cache=True, nogil=True)
def dag_grundy(indptr, adjacent, values, cycle):  # pragma: no cover - compiled
    """Fill ``values`` with the Grundy value of every vertex; return 0.

    If the graph has a cycle, stop and return its length k, with its vertices in ``cycle[:k]``
    (each has an edge to the next, and the last to the first).
    """
    n = indptr.shape[0] - 1
    max_degree = 0
    for v in range(n):
        d = indptr[v + 1] - indptr[v]
        if d > max_degree:
            max_degree = d
    seen = np.zeros(max_degree + 2, np.int64)  # seen[g] == v + 1: a successor of v has value g
    state = np.zeros(n, np.int8)  # 0: not reached, 1: on the stack, 2: value known
    stack = np.empty(n, np.int64)
    next_edge = indptr[:n].copy()
    for root in range(n):
        if state[root] != 0:
            continue
        top = 0
        stack[0] = root
        state[root] = 1
        while top >= 0:
            v = stack[top]
            e = next_edge[v]
            if e < indptr[v + 1]:
                next_edge[v] = e + 1
                w = adjacent[e]
                if state[w] == 0:
                    top += 1
                    stack[top] = w
                    state[w] = 1
                elif state[w] == 1:  # w is on the stack: w -> ... -> v -> w is a cycle
                    k = 0
                    i = top
                    while stack[i] != w:
                        i -= 1
                    while i <= top:
                        cycle[k] = stack[i]
                        k += 1
                        i += 1
                    return k
                continue
            stamp = v + 1
            degree = indptr[v + 1] - indptr[v]
            for f in range(indptr[v], indptr[v + 1]):
                g = values[adjacent[f]]
                if g <= degree:
                    seen[g] = stamp
            g = 0
            while seen[g] == stamp:
                g += 1
            values[v] = g
            state[v] = 2
            top -= 1
    return 0


@nb.njit(cache=True, nogil=True)
def count_equal_grundy(n, successors, modulus):  # pragma: no cover - compiled
    """The number (mod ``modulus``) of edge subsets of a DAG on vertices 0..n-1 in which vertices
    0 and 1 have equal Grundy values; ``successors[v]`` is the bitmask of v's out-neighbours.

    f[S] counts the edge subsets inside S (S holding both of 0, 1 or neither) with G(0) = G(1).
    Split S into U, the vertices of value 0, and T = S \\ U: no edge inside U; every vertex of T
    has at least one edge into U; edges from U to T are free; inside T, the values are those of T
    alone plus one, so T contributes f[T]. O(n·3^n).
    """
    full = (1 << n) - 1
    popcount = np.zeros(full + 1, np.int64)
    for x in range(1, full + 1):
        popcount[x] = popcount[x >> 1] + (x & 1)
    power = np.ones(n + 1, np.int64)
    for i in range(1, n + 1):
        power[i] = power[i - 1] * 2 % modulus
    f = np.zeros(full + 1, np.int64)
    f[0] = 1
    for s in range(1, full + 1):
        if (s & 1) != ((s >> 1) & 1):
            continue
        total = 0
        u = s
        while u > 0:
            if (u & 3) == 0 or (u & 3) == 3:
                t = s ^ u
                ways = f[t]
                v = 0
                while v < n and ways != 0:
                    bit = 1 << v
                    if t & bit:
                        ways = ways * (power[popcount[successors[v] & u]] - 1) % modulus
                    elif u & bit:
                        ways = ways * power[popcount[successors[v] & t]] % modulus
                    v += 1
                total += ways
            u = (u - 1) & s
        f[s] = total % modulus
    return f[full]
