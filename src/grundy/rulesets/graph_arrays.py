"""Graphs grounded at vertex 0 as the numba kernels take them, and the plain-Python definitions that
the brute force of the graph games (Hackenbush, tree-cut, leaf-forest) uses.

:class:`GraphArrays` renumbers a graph's vertices 0..n-1 (the ground stays 0) and asks the kernels
of :mod:`grundy.kernels.hackenbush` for the fusion and colon values, what stays grounded after a cut,
and which cuts leave a given value. :func:`grounded`, :func:`relabelled` and
:func:`rooted_tree_code` are the slow, obvious versions: what a move leaves, and a canonical
numbering so that the brute force remembers each graph once.

>>> arrays = GraphArrays([(0, 1), (1, 2), (2, 0)])
>>> arrays.fusion_value(), arrays.kept(0).tolist()
(1, [False, True, True])
>>> relabelled(((0, 5), (5, 9))), rooted_tree_code(((0, 2), (0, 1), (1, 3)))
(((0, 1), (1, 2)), ((0, 1), (1, 2), (0, 3)))
"""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from grundy.core.graphs import Item, graph_item


class GraphArrays:
    """A graph as kernel arrays: vertices renumbered 0..n-1 with the ground 0 kept as 0."""

    def __init__(self, pairs: Any) -> None:
        arr = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
        self.m = len(arr)
        if self.m == 0:
            self.n, self.us, self.vs = 1, np.zeros(0, np.int64), np.zeros(0, np.int64)
        elif int(arr.max()) <= 4 * self.m + 16:
            self.n, self.us, self.vs = int(arr.max()) + 1, arr[:, 0].copy(), arr[:, 1].copy()
        else:
            labels, inverse = np.unique(np.concatenate(([0], arr.ravel())), return_inverse=True)
            inverse = inverse[1:].reshape(-1, 2)
            self.n, self.us, self.vs = len(labels), inverse[:, 0].copy(), inverse[:, 1].copy()
        self._csr: tuple | None = None

    @property
    def csr(self) -> tuple:
        if self._csr is None:
            from grundy.kernels.hackenbush import build_csr

            self._csr = build_csr(self.n, self.us, self.vs)
        return self._csr

    def kept(self, skip: int = -1) -> np.ndarray:
        """Which edges stay joined to the ground when edge ``skip`` is deleted."""
        from grundy.kernels.hackenbush import reach

        seen = reach(self.n, *self.csr, 0, skip)
        keep = seen[self.us]
        if skip >= 0:
            keep[skip] = False
        return keep

    def fusion_value(self) -> int:
        from grundy.kernels.hackenbush import fusion_value

        return int(fusion_value(self.n, self.us, self.vs, 0))

    def colon_values(self) -> tuple[np.ndarray, int]:
        """(value of each vertex, the first edge closing a cycle or -1)."""
        from grundy.kernels.hackenbush import colon_tree

        values, _, bad = colon_tree(self.n, *self.csr, 0)
        return values, int(bad)

    def winning(self, target: int) -> np.ndarray:
        """The indices of the edges whose deletion leaves the graph worth ``target``."""
        from grundy.kernels.hackenbush import winning_edges

        rng = np.random.default_rng(0x6B1D + self.m)
        top = np.iinfo(np.uint64).max
        rand1 = rng.integers(0, top, size=self.m, dtype=np.uint64, endpoint=True)
        rand2 = rng.integers(0, top, size=self.m, dtype=np.uint64, endpoint=True)
        return np.flatnonzero(winning_edges(self.n, self.us, self.vs, 0, int(target), rand1, rand2))



# -- plain-Python graph helpers (the definitions, used by the brute force) ----------------------------
def grounded(edges: list[tuple[int, int]], root: int = 0) -> tuple[tuple[int, int], ...]:
    """The edges still joined to ``root``, sorted."""
    adjacent: dict[int, list[int]] = {}
    for u, v in edges:
        adjacent.setdefault(u, []).append(v)
        adjacent.setdefault(v, []).append(u)
    seen = {root}
    todo = [root]
    while todo:
        for w in adjacent.get(todo.pop(), ()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return tuple(sorted(e for e in edges if e[0] in seen))


def relabelled(edges: tuple[Item, ...], start: int = 0) -> tuple[Item, ...]:
    """Number the vertices in breadth-first order from ``start`` (neighbours by old number): the
    same graph often gets the same tuple, so the brute force remembers it once."""
    adjacent: dict[int, list[int]] = {start: []}
    for item in edges:
        if len(item) == 2:
            u, v = item
            adjacent.setdefault(u, []).append(v)
            adjacent.setdefault(v, []).append(u)
    new = {start: 0}
    todo = deque([start])
    while todo:
        for w in sorted(adjacent[todo.popleft()]):
            if w not in new:
                new[w] = len(new)
                todo.append(w)
    return tuple(sorted(graph_item(tuple(new[x] for x in item)) for item in edges))


def rooted_tree_code(edges: tuple[Item, ...]) -> tuple[Item, ...]:
    """A canonical numbering of a tree rooted at 0 (AHU: children sorted by their codes)."""
    children: dict[int, list[int]] = {0: []}
    order = [0]
    adjacent: dict[int, list[int]] = {}
    for u, v in edges:
        adjacent.setdefault(u, []).append(v)
        adjacent.setdefault(v, []).append(u)
    seen = {0}
    for x in order:
        for w in adjacent.get(x, ()):
            if w not in seen:
                seen.add(w)
                children[x].append(w)
                children[w] = []
                order.append(w)
    code: dict[int, str] = {}
    for x in reversed(order):
        code[x] = "(" + "".join(sorted(code[c] for c in children[x])) + ")"
    out: list[Item] = []
    stack: list[int] = []
    count = 0
    for ch in code[0]:
        if ch == "(":
            if stack:
                out.append((stack[-1], count))
            stack.append(count)
            count += 1
        else:
            stack.pop()
    return tuple(out)

