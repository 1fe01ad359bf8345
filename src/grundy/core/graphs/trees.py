"""Trees written ``1-2,2-3`` on vertices ``1..n``, and the checks that edges form a tree or a forest.

>>> parse_tree_edges("1-2,2-3")
(3, [(0, 1), (1, 2)])
>>> tree_adjacency(3, [(0, 1), (1, 2)])
[[1], [0, 2], [1]]
"""

from __future__ import annotations

from collections.abc import Sequence

from grundy.core import limits
from grundy.core.errors import SpecError


def parse_tree_edges(text: str) -> tuple[int, list[tuple[int, int]]]:
    """Read the edges of a tree on vertices ``1..n`` written ``"1-2,2-3"``.

    Parameters
    ----------
    text:
        Edges ``u-v`` joined by commas, vertices numbered from 1; ``"1"`` alone is the tree of one
        vertex.

    Returns
    -------
    (n, edges)
        The number of vertices and the edges on vertices ``0..n-1``.

    Raises
    ------
    SpecError
        An item that is not an edge ``u-v`` of positive numbers, or fewer edges than a tree on the
        largest vertex needs (said before anything of that size is built).

    Examples
    --------
    >>> parse_tree_edges("1"), parse_tree_edges("2-1, 2-3")
    ((1, []), (3, [(1, 0), (1, 2)]))
    """
    text = text.strip()
    if text == "1":
        return 1, []
    edges = []
    for part in text.split(","):
        ends = part.strip().split("-")
        if len(ends) != 2 or not all(e.strip().isdigit() for e in ends):
            raise SpecError(f"an edge is written like 1-2 (vertices 1..n), not {limits.shorten(part.strip())!r}")
        u, v = (limits.parse_int(e, "a vertex number") for e in ends)
        if u < 1 or v < 1:
            raise SpecError(f"vertices are numbered from 1, not as in {limits.shorten(part.strip())!r}")
        edges.append((u - 1, v - 1))
    n = max(max(e) for e in edges) + 1
    if n > len(edges) + 1:
        raise SpecError(f"a tree on {limits.shorten(str(n))} vertices needs {limits.shorten(str(n - 1))} edges, "
                        f"not {len(edges):,}")  # said before the tree is built: n may be huge
    return n, edges


def tree_adjacency(n: int, edges: Sequence[tuple[int, int]]) -> list[list[int]]:
    """The adjacency lists of a tree on vertices ``0..n-1``.

    Raises
    ------
    SpecError
        If the edges are not a tree: a bad or looped edge, a wrong number of edges, or vertices
        left unconnected.

    Examples
    --------
    >>> tree_adjacency(2, [(0, 1), (1, 0)])
    Traceback (most recent call last):
    ...
    grundy.core.errors.SpecError: a tree on 2 vertices has 1 edges, not 2
    """
    if n < 1:
        raise SpecError("a tree needs at least one vertex")
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        if not (0 <= u < n and 0 <= v < n) or u == v:
            raise SpecError(f"bad edge {u + 1}-{v + 1}: vertices are 1..{n} and an edge joins two different ones")
        adjacent[u].append(v)
        adjacent[v].append(u)
    if len(edges) != n - 1:
        raise SpecError(f"a tree on {n} vertices has {n - 1} edges, not {len(edges)}")
    if len(bfs_order(adjacent)[0]) != n:
        raise SpecError("the edges do not connect all the vertices, so they are not a tree")
    return adjacent


def bfs_order(adjacent: list[list[int]], root: int = 0) -> tuple[list[int], list[int]]:
    """The vertices reachable from ``root`` in breadth-first order, and each one's parent (-1: the
    root, -2: not reached).

    >>> bfs_order([[1, 2], [0], [0], []])
    ([0, 1, 2], [-1, 0, 0, -2])
    """
    parent = [-2] * len(adjacent)
    parent[root] = -1
    order = [root]
    for v in order:
        for w in adjacent[v]:
            if parent[w] == -2:
                parent[w] = v
                order.append(w)
    return order, parent



def closing_edge(edges: Sequence[tuple[int, int]]) -> int:
    """The index of the first edge that is a loop or closes a cycle with the edges before it, or -1
    when the edges form a forest (union-find on any vertex numbers).

    >>> closing_edge([(5, 6), (6, 7), (7, 5)]), closing_edge([(0, 1), (2, 3)])
    (2, -1)
    """
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        root = x
        while parent.get(root, root) != root:
            root = parent[root]
        while x != root:
            parent[x], x = root, parent[x]
        return root

    for i, (u, v) in enumerate(edges):
        a, b = find(u), find(v)
        if a == b:
            return i
        parent[a] = b
    return -1


def tree_fault(edges: Sequence[tuple[int, int]], i: int) -> str:
    """How edge ``i`` keeps ``edges`` from being a tree: it is a loop, appears twice, or closes a cycle.

    >>> tree_fault([(0, 1), (1, 2), (2, 0)], 2), tree_fault([(0, 1), (0, 1)], 1)
    ('edge 2-0 closes a cycle', 'edge 0-1 appears twice')
    """
    u, v = edges[i]
    why = "is a loop" if u == v else "appears twice" if edges.count((u, v)) > 1 else "closes a cycle"
    return f"edge {u}-{v} {why}"
