"""Graphs as they come in: edge lists written on the command line, in a spec, in a file or given in
Python, checked once here.

Every ruleset, game and problem that reads a graph reads it with these functions, so the same
input is read the same way and a bad one gets the same message:

- trees on vertices ``1..n`` written ``1-2,2-3`` (:func:`parse_tree_edges`, :func:`tree_adjacency`);
- undirected graphs (Hackenbush, trees, forests) written ``0-1,1-2,2-0`` with lone vertices allowed
  (:func:`parse_graph`), or given as pairs, arrays or networkx graphs (:func:`graph_items`);
- directed graphs written ``1>2,2>3`` (:func:`parse_arrows`) or given in Python (:func:`edge_array`,
  :func:`networkx_graph`);
- edge files, one ``u v`` a line (:func:`read_edge_file`, the one reader, and :func:`read_graph_file`
  for an undirected graph).

>>> parse_tree_edges("1-2,2-3")
(3, [(0, 1), (1, 2)])
>>> tree_adjacency(3, [(0, 1), (1, 2)])
[[1], [0, 2], [1]]
>>> parse_graph("0-1,1-2,2-0"), parse_arrows("1>2").tolist()
(((0, 1), (0, 2), (1, 2)), [[1, 2]])
"""

from __future__ import annotations

import io
import os
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from grundy.core import limits
from grundy.core.errors import ComponentError, GrundyError, SpecError
from grundy.core.ruleset import is_natural

Item = tuple  # (u, v): an edge; (v,): a vertex with no edge
VERTEX_DIGITS = 18  # vertex numbers written in a token or a spec have at most this many digits ...
VERTEX_MAX = 10**VERTEX_DIGITS - 1  # ... so an undirected graph's vertices stay within int64
INT64_MAX = (1 << 63) - 1  # the largest vertex of a directed graph (its arrays are int64)


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

# -- undirected graphs: tokens "0-1,1-2,2-0", pairs, arrays, networkx graphs --------------------------
def graph_item(ends: Sequence[int]) -> Item:
    """An edge as ``(u, v)`` with ``u <= v``, or a lone vertex as ``(v,)``.

    >>> graph_item((3, 1)), graph_item((5,))
    ((1, 3), (5,))
    """
    return (min(ends), max(ends)) if len(ends) == 2 else (ends[0],)


def parse_graph(text: str) -> tuple[Item, ...]:
    """Read one token ``"0-1,1-2,2-0"``: edges ``u-v`` and lone vertices ``v`` joined by commas.

    Raises
    ------
    ComponentError
        An item that is not an edge or a vertex of non-negative numbers of at most
        :data:`VERTEX_DIGITS` digits, named with its place in the token.

    Examples
    --------
    >>> parse_graph("0-1, 2-1,3")
    ((0, 1), (1, 2), (3,))
    """
    items: list[Item] = []
    for position, part in enumerate(text.split(","), start=1):
        part = part.strip()
        if not part and text.strip() == "":
            break
        ends = part.split("-")
        if any(len(x.strip().lstrip("+")) > VERTEX_DIGITS for x in ends):
            raise ComponentError(f"{limits.shorten(part)!r} (item {position} of {limits.shorten(text)!r}): vertex "
                                 f"numbers have at most {VERTEX_DIGITS} digits")
        try:
            numbers = tuple(int(x) for x in ends)
        except ValueError:
            numbers = ()
        if len(numbers) not in (1, 2) or any(x < 0 for x in numbers):
            raise ComponentError(
                f"{limits.shorten(part)!r} (item {position} of {limits.shorten(text)!r}) is not an edge u-v or a "
                "vertex: write edges as non-negative vertex numbers joined by '-', separated by commas, "
                "e.g. 0-1,1-2,2-0")
        items.append(graph_item(numbers))
    return tuple(sorted(items))


def format_graph(items: Sequence[Item], empty: str) -> str:
    """The token :func:`parse_graph` reads back (``empty`` for a graph with nothing in it).

    >>> format_graph(((0, 1), (1, 2), (3,)), "0")
    '0-1,1-2,3'
    """
    if not items:
        return empty
    if all(len(item) == 2 for item in items):
        return ",".join(map("%d-%d".__mod__, items))
    return ",".join("-".join(map(str, item)) for item in items)


def graph_items(graph: Any, what: str = "a graph") -> list[Item]:
    """The edges ``(u, v)`` (``u <= v``) and lone vertices ``(v,)`` of an undirected graph given as a
    token, a sequence of pairs, an integer array of shape (m, 2) or a networkx graph.

    Raises
    ------
    ComponentError
        Anything else, naming ``what`` the graph was meant to be.

    Examples
    --------
    >>> graph_items([(2, 0), [1, 1]]), graph_items(np.array([[3, 1]]))
    ([(0, 2), (1, 1)], [(1, 3)])
    """
    if isinstance(graph, str):
        return list(parse_graph(graph))
    if is_networkx(graph):
        edges, nodes = networkx_graph(graph, directed=False, top=VERTEX_MAX, what=what, error=ComponentError)
        touched = {x for edge in edges for x in edge}
        return [graph_item(edge) for edge in edges] + [(int(v),) for v in nodes if v not in touched]
    if isinstance(graph, np.ndarray):
        if graph.size == 0:
            return []
        if graph.ndim != 2 or graph.shape[1] != 2 or graph.dtype.kind not in "iu" or graph.min() < 0:
            raise ComponentError(f"{what} as an array must have shape (m, 2) and non-negative integer vertices")
        pairs = np.sort(graph.astype(np.int64), axis=1)
        return [(u, v) for u, v in pairs.tolist()]
    if not isinstance(graph, (tuple, list)):
        raise ComponentError(f"{graph!r} is not {what}: expected edges like '0-1,1-2' or a list of (u, v) pairs")
    items = []
    append = items.append
    for item in graph:
        if type(item) is tuple and len(item) == 2:
            u, v = item
            if type(u) is int and type(v) is int and 0 <= u <= v <= VERTEX_MAX:  # the common case, checked fast
                append(item)
                continue
        if isinstance(item, (tuple, list)) and len(item) in (1, 2) and all(_is_vertex(x, VERTEX_MAX) for x in item):
            append(graph_item(tuple(int(x) for x in item)))
        else:
            raise ComponentError(f"{limits.shorten(repr(item))} in {what} is not an edge: expected a pair (u, v) of "
                                 f"vertex numbers 0..{VERTEX_MAX:,}")
    return items


# -- directed graphs: "1>2,2>3", pairs, arrays, networkx DiGraphs ---------------------------------------
def parse_arrows(text: str) -> np.ndarray:
    """Directed edges written ``"1>2,2>3"`` (the spec ``dag:1>2,2>3``) as an ``(m, 2)`` int64 array.

    >>> parse_arrows("1>2, 2>3").tolist()
    [[1, 2], [2, 3]]
    """
    pairs = []
    for part in text.split(","):
        ends = [e.strip() for e in part.split(">")]
        if len(ends) != 2 or not all(e.isdigit() and len(e) <= VERTEX_DIGITS for e in ends):
            raise SpecError(f"dag: an edge is written u>v (vertex numbers of at most {VERTEX_DIGITS} digits), "
                            f"not {limits.shorten(part.strip())!r}")
        pairs.append((int(ends[0]), int(ends[1])))
    return np.array(pairs, dtype=np.int64).reshape(-1, 2)


def edge_array(edges: Iterable[Any]) -> np.ndarray:
    """Directed edges given in Python (``(u, v)`` pairs or an ``(m, 2)`` integer array) as an int64
    array, with a :class:`GrundyError` naming the first edge that is not a pair of vertex numbers
    ``0..INT64_MAX``.

    >>> edge_array([(1, 2), [2, 0]]).tolist()
    [[1, 2], [2, 0]]
    """
    if isinstance(edges, np.ndarray):
        if edges.dtype.kind in "iu" and edges.ndim == 2 and edges.shape[1] == 2 and (
                edges.size == 0 or edges.min() >= 0) and (edges.dtype.kind == "i" or edges.max() <= INT64_MAX):
            return edges.astype(np.int64)
        edges = edges.tolist() if edges.ndim else [edges.item()]
    elif isinstance(edges, (str, bytes)) or not isinstance(edges, Iterable):
        raise GrundyError(f"a graph is given by (u, v) pairs, an edge file or a networkx DiGraph, not {edges!r}")
    edges = list(edges)
    if not edges:
        return np.zeros((0, 2), dtype=np.int64)
    try:  # the common case, checked quickly: pairs of Python ints ('is int' leaves out bools)
        plain = all(type(u) is int and type(v) is int for u, v in edges)
    except (TypeError, ValueError):
        plain = False
    if plain:
        try:
            array = np.array(edges, dtype=np.int64)
            if array.min() >= 0:
                return array
        except OverflowError:
            pass
    for i, edge in enumerate(edges):
        if not (isinstance(edge, (tuple, list, np.ndarray)) and len(edge) == 2
                and all(_is_vertex(x, INT64_MAX) for x in edge)):
            raise GrundyError(f"edge {i} is {edge!r}: expected a pair (u, v) of non-negative integers")
    return np.array([(int(u), int(v)) for u, v in edges], dtype=np.int64)


def _is_vertex(x: Any, top: int) -> bool:
    return is_natural(x) and x <= top


def is_networkx(graph: Any) -> bool:
    """Whether ``graph`` looks like a networkx graph (``nodes``, ``edges`` and ``is_directed()``)."""
    return all(hasattr(graph, a) for a in ("nodes", "edges", "is_directed")) and callable(graph.is_directed)


def networkx_graph(graph: Any, *, directed: bool, top: int, what: str,
                   error: type[GrundyError]) -> tuple[list[tuple[int, int]], list[int]]:
    """The edges and the nodes of a networkx graph that must be ``directed`` (or undirected) with
    vertex numbers ``0..top``; ``error`` (naming ``what``) otherwise.

    >>> import networkx as nx
    >>> networkx_graph(nx.DiGraph([(0, 1)]), directed=True, top=9, what="the graph", error=GrundyError)
    ([(0, 1)], [0, 1])
    """
    if graph.is_directed() != directed:
        wanted = "a directed graph (a networkx DiGraph)" if directed else "undirected"
        got = "a directed" if graph.is_directed() else "an undirected"
        raise error(f"{what} must be {wanted}: got {got} networkx {type(graph).__name__}")
    nodes = list(graph.nodes())
    bad = next((v for v in nodes if not _is_vertex(v, top)), None)
    if bad is not None:
        raise error(f"{what}: vertex {limits.shorten(repr(bad))} of the networkx graph is not a vertex number "
                    f"0..{top:,}")
    return [(int(u), int(v)) for u, v, *_ in graph.edges()], [int(v) for v in nodes]


# -- edge files: one "u v" a line -----------------------------------------------------------------------
def read_edge_file(path: str | os.PathLike, *, lone_vertices: bool = False, top: int = INT64_MAX,
                   error: type[GrundyError] = GrundyError) -> tuple[np.ndarray, np.ndarray]:
    """Read an edge file: one edge ``u v`` a line, ``#`` starts a comment, blank lines are skipped.

    Parameters
    ----------
    path:
        The file (UTF-8 text).
    lone_vertices:
        Whether a line may hold one vertex ``v`` alone (a vertex with no edge).
    top:
        The largest vertex number allowed.
    error:
        The error raised (a :class:`GrundyError`): the file cannot be read, or a line is bad.

    Returns
    -------
    (edges, vertices)
        The edges in the order of the file as an ``(m, 2)`` int64 array, and the lone vertices.

    Raises
    ------
    error
        ``no such graph file``, ``cannot read the graph file``, or ``FILE, line N: expected an edge
        'u v' ...`` naming the first bad line.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "g.txt"
    >>> _ = f.write_text("# a path\\n0 1\\n\\n1 2  # last edge\\n")
    >>> edges, vertices = read_edge_file(f)
    >>> edges.tolist(), vertices.tolist()
    ([[0, 1], [1, 2]], [])
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"no such graph file: {os.fspath(path)!r}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"cannot read the graph file {os.fspath(path)!r}: {exc}") from None
    return parse_edge_lines(text, os.fspath(path), lone_vertices=lone_vertices, top=top, error=error)


def parse_edge_lines(text: str, where: str = "the edge list", *, lone_vertices: bool = False,
                     top: int = INT64_MAX, error: type[GrundyError] = GrundyError) -> tuple[np.ndarray, np.ndarray]:
    """The edges and lone vertices of edge-file text (see :func:`read_edge_file`; ``where`` names
    the text in messages). A file of pairs is read by numpy's parser; anything else line by line.

    >>> parse_edge_lines("0 1\\n5\\n", lone_vertices=True)[1].tolist()
    [5]
    >>> parse_edge_lines("0 1\\n2\\n", top=99)
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: the edge list, line 2: expected an edge 'u v' (two vertex numbers 0..99), got '2'
    """
    none = np.zeros(0, dtype=np.int64)
    try:  # fast path: numpy's parser; any problem is found and named by the slow path below
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            edges = np.loadtxt(io.StringIO(text), dtype=np.int64, comments="#", ndmin=2)
        if edges.size == 0:
            return np.zeros((0, 2), dtype=np.int64), none
        if edges.shape[1] == 2 and edges.min() >= 0 and edges.max() <= top:
            return edges, none
    except (ValueError, OverflowError):
        pass
    pairs: list[tuple[int, ...]] = []
    lone: list[int] = []
    sizes = (1, 2) if lone_vertices else (2,)
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        try:
            ends = tuple(int(w) for w in words) if len(words) in sizes else ()
        except ValueError:
            ends = ()
        if not ends or min(ends) < 0 or max(ends) > top:
            raise error(f"{limits.shorten(where)}, line {number}: expected an edge 'u v' (two vertex numbers "
                        f"0..{top:,}), got {limits.shorten(line.strip())!r}")
        if len(ends) == 2:
            pairs.append(ends)
        else:
            lone.append(ends[0])
    return np.array(pairs, dtype=np.int64).reshape(-1, 2), np.array(lone, dtype=np.int64)


def read_graph_file(path: str | os.PathLike) -> tuple[Item, ...]:
    """An undirected graph (Hackenbush, a tree, a forest) from an edge file: one edge ``u v`` a line
    or a lone vertex ``v``, vertex numbers ``0..VERTEX_MAX``. Returns the sorted items as
    :func:`parse_graph` gives them, ready for :func:`grundy.solve` or a ruleset's ``grundy``;
    :class:`ComponentError` for a file that cannot be read or a bad line (named).

    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "g.txt"
    >>> _ = f.write_text("# a triangle on the ground\\n0 1\\n1 2\\n\\n2 0  # closes it\\n7\\n")
    >>> read_graph_file(f)
    ((0, 1), (0, 2), (1, 2), (7,))
    """
    edges, vertices = read_edge_file(path, lone_vertices=True, top=VERTEX_MAX, error=ComponentError)
    items = [(u, v) for u, v in np.sort(edges, axis=1).tolist()]
    return tuple(sorted(items + [(v,) for v in vertices.tolist()]))
