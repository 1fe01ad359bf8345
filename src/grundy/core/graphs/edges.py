"""Graphs written in a token or a spec, or given in Python: undirected graphs (``0-1,1-2,2-0``, lone
vertices allowed; pairs, ``(m, 2)`` arrays, networkx graphs) and directed ones (``1-2,2-3``; pairs,
arrays, networkx DiGraphs).

>>> parse_graph("0-1, 2-1,3"), format_graph(((0, 1), (1, 2), (3,)), "0")
(((0, 1), (1, 2), (3,)), '0-1,1-2,3')
>>> parse_directed("1-2,2-3").tolist()
[[1, 2], [2, 3]]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from grundy.core import limits
from grundy.core.errors import ComponentError, GrundyError, SpecError
from grundy.core.ruleset import is_natural

Item = tuple  # (u, v): an edge; (v,): a vertex with no edge
VERTEX_DIGITS = 18  # vertex numbers written in a token or a spec have at most this many digits ...
VERTEX_MAX = 10**VERTEX_DIGITS - 1  # ... so an undirected graph's vertices stay within int64
INT64_MAX = (1 << 63) - 1  # the largest vertex of a directed graph (its arrays are int64)


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


# -- directed graphs: "1-2,2-3", pairs, arrays, networkx DiGraphs ---------------------------------------
def parse_directed(text: str, spec: str = "dag") -> np.ndarray:
    """Directed edges written ``"1-2,2-3"`` (the spec ``dag:1-2,2-3``; ``u-v`` goes from u to v, as the
    line ``u v`` of an edge file) as an ``(m, 2)`` int64 array. No character the shell treats
    specially, so the spec needs no quotes. ``spec`` names the ruleset in an error (``dag``, ``digraph``).

    >>> parse_directed("1-2, 2-3").tolist()
    [[1, 2], [2, 3]]
    """
    pairs = []
    for part in text.split(","):
        ends = [e.strip() for e in part.split("-")]
        if len(ends) != 2 or not all(e.isdigit() and len(e) <= VERTEX_DIGITS for e in ends):
            raise SpecError(f"{spec}: an edge is written u-v, from u to v (vertex numbers of at most {VERTEX_DIGITS} "
                            "digits), "
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
