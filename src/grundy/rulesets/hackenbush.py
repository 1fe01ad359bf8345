"""Green Hackenbush and games on trees: edge deletion solved by the colon and fusion principles.

- ``hackenbush`` — Green Hackenbush: a graph whose vertex 0 is the ground; a move deletes one edge,
  and whatever is no longer joined to the ground falls away. Loops and parallel edges are allowed.
  Values by the **fusion principle** (contract every 2-edge-connected part to one vertex carrying
  one loop per edge of the part — k loops are worth k mod 2) and the **colon principle** (a vertex
  is worth the xor over its branches of (branch value + 1)); exact for every finite graph, O(m).
  Winning moves (which edge to cut) come from the fused tree, also without search, see
  :mod:`grundy.kernels.graphs`.
- ``tree-cut`` — a rooted tree (root 0, given by its edges); a move removes a subtree that does not
  contain the root. That is Green Hackenbush on a tree: the colon principle.
- ``leaf-forest`` — HackerRank "Bob and Ben": a forest (a sum of trees, each component one tree);
  a move removes one leaf (a vertex of degree at most 1), or a whole tree that has a vertex of
  degree >= 2. A tree of n vertices is worth 1 if n = 1, 0 if n = 2, and for n >= 3 it is 1 when n
  is odd and 2 when n is even (its shape does not matter).

A graph on the command line is one token of edges ``u-v`` joined by commas: ``0-1,1-2,2-0,2-3``
(a lone number is a vertex with no edge: ``0`` is the bare ground, ``5`` a one-vertex tree). From a
file, :func:`read_edge_file` reads one ``u v`` edge a line. In Python a component is also a
sequence of ``(u, v)`` pairs, an ``(m, 2)`` integer array or a networkx graph or multigraph.
Components are kept as sorted tuples of pairs ``(u, v)`` with ``u <= v``.

>>> import grundy
>>> hb = grundy.ruleset("hackenbush")
>>> hb.grundy("0-1,1-2,2-3"), hb.grundy("0-1,1-2,2-0"), hb.grundy("0-1,0-2,2-3,2-4")
(3, 1, 0)
>>> print(grundy.solve("hackenbush", ["0-1,1-2,2-3", "0-1"]).winning_moves[0].why)
cut edge 1–2: graph 1 goes from 3 to 1, so the nim-sum 3 ^ 1 = 2 becomes 0

References: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.) ch. 7 ("Hackenbush": the colon
principle, the fusion principle); AtCoder AGC 017 D "Game on Tree"; HackerRank "Bob and Ben".
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator
from itertools import compress
from typing import Any

import numpy as np

from grundy.core.engine import GrundyEngine
from grundy.core.errors import ComponentError
from grundy.core.limits import shorten
from grundy.core.ruleset import Option, Ruleset, Shape, Verdict
from grundy.rulesets.registry import register

FAMILY = "graph games"
Item = tuple  # (u, v): an edge; (v,): a vertex with no edge
LISTED_MOVES = 10_000  # at most this many winning moves are spelt out ...
LISTED_EDGES = 1_000_000  # ... and (after the first) this many edges in the graphs they leave, in all


# -- reading graphs ----------------------------------------------------------------------------------
def _natural(x: Any) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool) and x >= 0


VERTEX_DIGITS = 18  # vertex numbers stay within int64, the type of the graph arrays
VERTEX_MAX = 10**VERTEX_DIGITS - 1


def parse_graph(text: str) -> tuple[Item, ...]:
    """Read one token ``"0-1,1-2,2-0"``: edges ``u-v`` and lone vertices ``v`` joined by commas.

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
            raise ComponentError(f"{shorten(part)!r} (item {position} of {shorten(text)!r}): vertex numbers have "
                                 f"at most {VERTEX_DIGITS} digits")
        try:
            numbers = tuple(int(x) for x in ends)
        except ValueError:
            numbers = ()
        if len(numbers) not in (1, 2) or any(x < 0 for x in numbers):
            raise ComponentError(
                f"{shorten(part)!r} (item {position} of {shorten(text)!r}) is not an edge u-v or a vertex: "
                "write edges as non-negative vertex numbers joined by '-', separated by commas, e.g. 0-1,1-2,2-0")
        items.append(_item(numbers))
    return tuple(sorted(items))


def read_edge_file(path: str | os.PathLike) -> tuple[Item, ...]:
    """Read a graph from a text file: one edge ``u v`` a line (a line with one number is a vertex
    with no edge); ``#`` starts a comment; blank lines are skipped. Returns the sorted edges as
    ``(u, v)`` pairs with ``u <= v``, ready for :func:`grundy.solve` or a ruleset's ``grundy``.

    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "g.txt"
    >>> _ = f.write_text("# a triangle on the ground\\n0 1\\n1 2\\n\\n2 0  # closes it\\n")
    >>> read_edge_file(f)
    ((0, 1), (0, 2), (1, 2))
    """
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ComponentError(f"cannot read the graph file {str(path)!r}: {exc}") from None
    items: list[Item] = []
    append = items.append
    for number, line in enumerate(lines, start=1):
        if "#" in line:
            line = line[:line.index("#")]
        fields = line.split()
        if not fields:
            continue
        try:
            ends = tuple(int(x) for x in fields) if len(fields) <= 2 and len(line) < 100 else ()
        except ValueError:
            ends = ()
        if not ends or min(ends) < 0 or max(ends) > VERTEX_MAX:
            raise ComponentError(f"{shorten(str(path))}, line {number}: expected an edge 'u v' (two vertex numbers "
                                 f"0..{VERTEX_MAX:,}), got {shorten(lines[number - 1].strip())!r}")
        append(ends if len(ends) == 1 or ends[0] <= ends[1] else (ends[1], ends[0]))
    return tuple(sorted(items))


def _item(ends: tuple[int, ...]) -> Item:
    return (min(ends), max(ends)) if len(ends) == 2 else (ends[0],)


def graph_items(graph: Any, what: str = "a graph") -> list[Item]:
    """The edges ``(u, v)`` and lone vertices ``(v,)`` of a token, a sequence of pairs, an integer
    array of shape (m, 2) or a networkx graph (raise :class:`ComponentError` otherwise)."""
    if isinstance(graph, str):
        return list(parse_graph(graph))
    if hasattr(graph, "edges") and hasattr(graph, "nodes") and hasattr(graph, "is_directed"):
        if graph.is_directed():
            raise ComponentError(f"{what} must be undirected: got a directed networkx graph")
        nodes = list(graph.nodes)
        bad = next((v for v in nodes if not (_natural(v) and v <= VERTEX_MAX)), None)
        if bad is not None:
            raise ComponentError(f"{what}: vertex {shorten(repr(bad))} of the networkx graph is not a vertex number "
                                 f"0..{VERTEX_MAX:,}")
        items = [_item((int(u), int(v))) for u, v in graph.edges()]
        items += [(int(v),) for v in nodes if graph.degree(v) == 0]
        return items
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
        if isinstance(item, (tuple, list)) and len(item) in (1, 2) and all(_natural(x) and x <= VERTEX_MAX
                                                                             for x in item):
            append(_item(tuple(int(x) for x in item)))
        else:
            raise ComponentError(f"{shorten(repr(item))} in {what} is not an edge: expected a pair (u, v) of "
                                 f"vertex numbers 0..{VERTEX_MAX:,}")
    return items


def _format(items: tuple[Item, ...], empty: str) -> str:
    if not items:
        return empty
    if all(len(item) == 2 for item in items):
        return ",".join(map("%d-%d".__mod__, items))
    return ",".join("-".join(map(str, item)) for item in items)


# -- arrays for the kernels --------------------------------------------------------------------------
class _Arrays:
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
            from grundy.kernels.graphs import build_csr

            self._csr = build_csr(self.n, self.us, self.vs)
        return self._csr

    def kept(self, skip: int = -1) -> np.ndarray:
        """Which edges stay joined to the ground when edge ``skip`` is deleted."""
        from grundy.kernels.graphs import reach

        seen = reach(self.n, *self.csr, 0, skip)
        keep = seen[self.us]
        if skip >= 0:
            keep[skip] = False
        return keep

    def fusion_value(self) -> int:
        from grundy.kernels.graphs import fusion_value

        return int(fusion_value(self.n, self.us, self.vs, 0))

    def colon_values(self) -> tuple[np.ndarray, int]:
        """(value of each vertex, the first edge closing a cycle or -1)."""
        from grundy.kernels.graphs import colon_tree

        values, _, bad = colon_tree(self.n, *self.csr, 0)
        return values, int(bad)

    def winning(self, target: int) -> np.ndarray:
        """The indices of the edges whose deletion leaves the graph worth ``target``."""
        from grundy.kernels.graphs import winning_edges

        rng = np.random.default_rng(0x6B1D + self.m)
        top = np.iinfo(np.uint64).max
        rand1 = rng.integers(0, top, size=self.m, dtype=np.uint64, endpoint=True)
        rand2 = rng.integers(0, top, size=self.m, dtype=np.uint64, endpoint=True)
        return np.flatnonzero(winning_edges(self.n, self.us, self.vs, 0, int(target), rand1, rand2))


def _pairs(graph: Any) -> Any:
    """Edges of any accepted graph form, as an (m, 2) array or a list of pairs (lone vertices dropped)."""
    if isinstance(graph, np.ndarray) and graph.ndim == 2 and graph.shape[1] == 2 and graph.dtype.kind in "iu":
        if graph.size and graph.min() < 0:
            raise ComponentError("a graph's vertices must be non-negative integers")
        return graph
    return [item for item in graph_items(graph) if len(item) == 2]


def fusion_value(graph: Any) -> int:
    """The Green Hackenbush value of a graph grounded at vertex 0, by the fusion principle.

    Every 2-edge-connected part is fused to one vertex with (its edge count mod 2) loops; the
    bridges then form a tree, valued by the colon principle. O(m); parts not joined to the ground
    are worth nothing.

    >>> fusion_value("0-1,1-2,2-0"), fusion_value("0-1,1-2,2-3,3-0"), fusion_value([(0, 0), (0, 1), (0, 1)])
    (1, 0, 1)
    """
    return _Arrays(_pairs(graph)).fusion_value()


def colon_value(tree: Any) -> int:
    """The Green Hackenbush value of a tree (or a forest of trees each standing on the ground 0):
    each vertex is worth the xor over its children of (child value + 1). O(n).

    >>> colon_value("0-1,1-2,1-3"), colon_value("0-1,0-2,2-3")
    (1, 3)
    """
    pairs = _pairs(tree)
    values, bad = _Arrays(pairs).colon_values()
    if bad >= 0:
        u, v = (int(x) for x in pairs[bad])
        raise ComponentError(f"not a tree: edge {u}-{v} closes a cycle (use fusion_value for graphs with cycles)")
    return int(values[0])


def brute_value(graph: Any) -> int:
    """The value from the definition alone: delete each edge, drop what falls, take the mex.

    >>> brute_value("0-1,1-2,2-0,2-3")
    0
    """
    rules = Hackenbush()
    return GrundyEngine(rules.search_moves, splits=True).value(rules.validate(graph))


# -- plain-Python graph helpers (the definitions, used by the brute force) ----------------------------
def _grounded(edges: list[tuple[int, int]], root: int = 0) -> tuple[tuple[int, int], ...]:
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


def _relabel(edges: tuple[Item, ...], start: int = 0) -> tuple[Item, ...]:
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
    return tuple(sorted(_item(tuple(new[x] for x in item)) for item in edges))


def _rooted_tree_code(edges: tuple[Item, ...]) -> tuple[Item, ...]:
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


# -- Green Hackenbush ----------------------------------------------------------------------------------
class Hackenbush(Ruleset):
    """Green Hackenbush on a graph grounded at vertex 0 (loops and parallel edges allowed).

    A move deletes one edge; what is no longer joined to the ground falls away, so a move leaves
    one graph (or nothing once the last edge goes). Parallel copies of an edge are one move.

    >>> hb = Hackenbush()
    >>> hb.grundy("0-1,1-1,1-2,2-0"), hb.brute_grundy("0-1,1-1,1-2,2-0")
    (0, 0)
    >>> [hb.format_option(o) for o in hb.moves_to_value("0-1,1-2,2-3", 1)]
    ['0-1']
    """

    splits = True
    component_kind = ("a graph grounded at vertex 0: edges u-v joined by commas, e.g. 0-1,1-2,2-0,2-3 "
                      "(0 alone: no edges)")
    component_noun = "graph"
    shape = Shape.GRAPH
    value_rule = ("Green Hackenbush: fusion principle (each 2-edge-connected part fused to one vertex with "
                  "(its edges mod 2) loops) and colon principle (a vertex is worth the xor of branch value + 1)")

    def __init__(self) -> None:
        super().__init__()
        self._validated: deque = deque(maxlen=16)
        self._array_cache: deque = deque(maxlen=4)

    # -- components ------------------------------------------------------------------------------
    def validate(self, component: Any) -> tuple[tuple[int, int], ...]:
        """The graph as a sorted tuple of ``(u, v)``, ``u <= v``, keeping only what touches the ground."""
        if any(component is done for done in self._validated):
            return component
        pairs = sorted(item for item in graph_items(component, f"a component of {self.spec}") if len(item) == 2)
        arrays = _Arrays(pairs)
        keep = arrays.kept() if pairs else np.zeros(0, np.bool_)
        graph = self.check(tuple(pairs) if keep.all() else tuple(compress(pairs, keep.tolist())))
        if len(graph) == len(pairs):
            self._array_cache.append((graph, arrays))
        self._validated.append(graph)  # the last few graphs checked: solve() hands them back unchanged
        return graph

    def parse_component(self, text: str) -> tuple[tuple[int, int], ...]:
        return self.validate(parse_graph(text))

    def format_component(self, component: Any) -> str:
        return _format(component, "0") if isinstance(component, tuple) else str(component)

    # -- the rules (the definition) --------------------------------------------------------------
    def moves(self, graph: tuple[tuple[int, int], ...]) -> Iterator[tuple]:
        """Delete each distinct edge in turn; keep what is still joined to the ground."""
        for i, edge in enumerate(graph):
            if i and graph[i - 1] == edge:
                continue  # a parallel copy: the same move
            left = _grounded(list(graph[:i] + graph[i + 1:]))
            yield (left,) if left else ()

    def search_moves(self, graph: tuple) -> list[tuple]:
        """The brute force remembers graphs renumbered breadth-first from the ground."""
        return [tuple(_relabel(c) for c in option) for option in self.moves(graph)]

    # -- values and winning moves ----------------------------------------------------------------
    def grundy(self, graph: Any) -> int:
        graph = self.validate(graph)
        return self._arrays(graph).fusion_value() if graph else 0

    def _cuts(self, graph: tuple, arrays: _Arrays, target: int) -> list[int]:
        """Indices of the distinct edges whose deletion leaves value ``target`` (the graph is sorted,
        so parallel copies are neighbours: the first copy stands for them all)."""
        found = arrays.winning(target)
        if len(found):
            us, vs = arrays.us, arrays.vs
            copy = (found > 0) & (us[found] == us[found - 1]) & (vs[found] == vs[found - 1])
            found = found[~copy]
        return found.tolist()

    def _cut(self, graph: tuple, arrays: _Arrays, i: int) -> Option:
        left = tuple(compress(graph, arrays.kept(i).tolist()))
        return (left,) if left else ()

    def _arrays(self, graph: tuple) -> _Arrays:
        """Kernel arrays of a validated graph (the last few are kept: solve asks several times)."""
        for done, arrays in self._array_cache:
            if done is graph:
                return arrays
        arrays = _Arrays(graph)
        self._array_cache.append((graph, arrays))
        return arrays

    def moves_to_value(self, component: Any, target: int) -> Iterator[Option]:
        """The graphs left by cutting an edge that leaves value ``target`` (no search: the fused
        tree tells which bridges and which edges inside a part do it; see the kernel)."""
        graph = self.validate(component)
        if not graph or target < 0:
            return
        arrays = self._arrays(graph)
        for i in self._cuts(graph, arrays, target):
            yield self._cut(graph, arrays, i)

    def position_rule(self, components: list) -> Verdict:
        """Values by fusion and colon; each winning move named as the edge to cut, with its effect."""
        arrays = [self._arrays(c) for c in components]
        values = [self._value(c, a) for c, a in zip(components, arrays, strict=True)]
        total = 0
        for v in values:
            total ^= v
        xor_text = " ^ ".join(map(str, values)) if values else "0"
        moves: list[tuple[int, Option, str]] = []
        count = 0
        budget = LISTED_EDGES
        complete = True
        if total:
            for i, (graph, a, v) in enumerate(zip(components, arrays, values, strict=True)):
                target = v ^ total
                which = f"{self.component_noun} {i + 1}" if len(components) > 1 else f"this {self._kind(graph)}"
                effect = (f"so the nim-sum {xor_text} = {total} becomes 0" if len(components) > 1
                          else "leaving the opponent a lost position")
                for e in self._cuts(graph, a, target) if graph else []:
                    count += 1
                    if len(moves) >= LISTED_MOVES or (moves and budget < len(graph)):
                        complete = False
                        continue
                    budget -= len(graph)
                    u, w = graph[e]
                    why = f"cut edge {u}–{w}: {which} goes from {v} to {target}, {effect}"
                    moves.append((i, self._cut(graph, a, e), why))
        outcome = "N" if total else "P"
        verdict = ("the player to move wins by making it 0" if total
                   else "every move makes it non-zero, so the player to move loses")
        explanation = (f"Sprague–Grundy: {self.value_rule}. Values {values}; nim-sum {xor_text} = {total}: {verdict}."
                       if len(components) != 1 else f"{self.value_rule}. G = {total}: {verdict}.")
        return Verdict(outcome, explanation, moves, grundy=total, move_count=count, complete=complete)

    def _value(self, graph: tuple, arrays: _Arrays) -> int:
        return arrays.fusion_value() if graph else 0

    def _kind(self, graph: tuple) -> str:
        vertices = {x for edge in graph for x in edge}
        return "tree" if len(graph) == len(vertices) - 1 else "graph"


# -- tree-cut -------------------------------------------------------------------------------------------
class TreeCut(Hackenbush):
    """A tree rooted at vertex 0; a move removes any subtree that does not contain the root.

    Removing the subtree below an edge is deleting that edge in Green Hackenbush, so the value is
    the colon principle's: a vertex is worth the xor of (child value + 1) over its children.

    >>> tc = TreeCut()
    >>> tc.grundy("0-1,0-2,2-3"), tc.brute_grundy("0-1,0-2,2-3")
    (3, 3)
    """

    component_kind = "a tree rooted at 0: edges u-v joined by commas, e.g. 0-1,0-2,2-3 (0 alone: the bare root)"
    component_noun = "tree"
    value_rule = ("tree-cut is Green Hackenbush on a tree: colon principle, a vertex is worth the xor of "
                  "(child value + 1)")

    def validate(self, component: Any) -> tuple[tuple[int, int], ...]:
        items = graph_items(component, f"a component of {self.spec}")
        pairs = sorted(item for item in items if len(item) == 2)
        lone = [item[0] for item in items if len(item) == 1 and item[0] != 0]
        touched = {x for pair in pairs for x in pair}
        stray = next((v for v in lone if v not in touched), None)
        if stray is not None:
            raise ComponentError(f"vertex {stray} is not joined to the root 0: a tree-cut component is one tree")
        if not pairs:
            return ()
        arrays = _Arrays(pairs)
        _, bad = arrays.colon_values()
        if bad >= 0:
            u, v = pairs[bad]
            why = "is a loop" if u == v else "closes a cycle" if pairs.count((u, v)) == 1 else "appears twice"
            raise ComponentError(f"{_format(tuple(pairs), '0')!r} is not a tree: edge {u}-{v} {why}")
        keep = arrays.kept()
        if not keep.all():
            u, v = pairs[int(np.flatnonzero(~keep)[0])]
            raise ComponentError(f"edge {u}-{v} is not joined to the root 0: a tree-cut component is one tree at 0")
        return tuple(pairs)

    def moves(self, tree: tuple[tuple[int, int], ...]) -> Iterator[tuple]:
        """Remove the subtree of each vertex other than the root."""
        children: dict[int, list[int]] = {}
        adjacent: dict[int, list[int]] = {}
        for u, v in tree:
            adjacent.setdefault(u, []).append(v)
            adjacent.setdefault(v, []).append(u)
        parent = {0: -1}
        order = [0]
        for x in order:
            for w in adjacent.get(x, ()):
                if w not in parent:
                    parent[w] = x
                    children.setdefault(x, []).append(w)
                    order.append(w)
        for v in order[1:]:
            gone = {v}
            todo = [v]
            while todo:
                for c in children.get(todo.pop(), ()):
                    gone.add(c)
                    todo.append(c)
            left = tuple(e for e in tree if e[0] not in gone and e[1] not in gone)
            yield (left,) if left else ()

    def search_moves(self, tree: tuple) -> list[tuple]:
        return [tuple(_rooted_tree_code(c) for c in option) for option in self.moves(tree)]

    def _value(self, graph: tuple, arrays: _Arrays) -> int:
        return int(arrays.colon_values()[0][0]) if graph else 0

    def grundy(self, tree: Any) -> int:
        tree = self.validate(tree)
        return self._value(tree, self._arrays(tree))

    def _kind(self, graph: tuple) -> str:
        return "tree"


# -- leaf-forest (Bob and Ben) --------------------------------------------------------------------------
def leaf_forest_value(n: int) -> int:
    """The value of a tree of ``n`` vertices when a move removes a leaf or (if some vertex has
    degree >= 2) the whole tree: 1, 0 for n = 1, 2; then 1 for odd n and 2 for even n.

    From n >= 3 the options are n - 1 (a leaf) and nothing (the whole tree): G(n) = mex{G(n-1), 0}.

    >>> [leaf_forest_value(n) for n in range(1, 8)]
    [1, 0, 1, 2, 1, 2, 1]
    """
    if n <= 2:
        return 1 if n == 1 else 0
    return 1 if n % 2 else 2


class LeafForest(Ruleset):
    """HackerRank "Bob and Ben": remove a leaf, or a whole tree having a vertex of degree >= 2.

    A component is one tree (its edges, or one number for a one-vertex tree); a position is the
    forest, the sum of its trees. A leaf is a vertex of degree at most 1 (so a lone vertex is one).

    >>> lf = LeafForest()
    >>> lf.grundy("0-1,1-2,1-3"), lf.grundy("7"), lf.brute_grundy("0-1,1-2,2-3,3-4,2-5")
    (2, 1, 2)
    """

    splits = True
    component_kind = "a tree: edges u-v joined by commas (e.g. 0-1,1-2,1-3), or one vertex number for a single vertex"
    component_noun = "tree"
    shape = Shape.GRAPH

    def __init__(self) -> None:
        super().__init__()
        self.value_rule = ("Bob and Ben: a tree of n vertices is worth 1 if n = 1, 0 if n = 2, else 1 for odd n "
                           "and 2 for even n (G(n) = mex{G(n-1), 0} once a vertex has degree >= 2)")

    def validate(self, component: Any) -> tuple[Item, ...]:
        items = graph_items(component, f"a component of {self.spec}")
        edges = sorted(item for item in items if len(item) == 2)
        vertices = {x for item in items for x in item}
        shown = _format(tuple(sorted(set(items))), "")
        if not vertices:
            raise ComponentError(f"an empty tree is not a component of {self.spec}: expected {self.component_kind}")
        parent = {v: v for v in vertices}

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for u, v in edges:
            a, b = find(u), find(v)
            if a == b:
                why = "is a loop" if u == v else "appears twice" if edges.count((u, v)) > 1 else "closes a cycle"
                raise ComponentError(f"{shown!r} is not a tree: edge {u}-{v} {why}")
            parent[a] = b
        if len(edges) != len(vertices) - 1:
            raise ComponentError(f"{shown!r} is not one tree: it falls into {len(vertices) - len(edges)} pieces "
                                 "(give each tree of the forest as its own component)")
        return tuple(edges) if edges else ((next(iter(vertices)),),)

    def parse_component(self, text: str) -> tuple[Item, ...]:
        return self.validate(parse_graph(text))

    def format_component(self, component: Any) -> str:
        return _format(component, "") if isinstance(component, tuple) else str(component)

    @staticmethod
    def size(tree: tuple[Item, ...]) -> int:
        return 1 if len(tree[0]) == 1 else len(tree) + 1

    def moves(self, tree: tuple[Item, ...]) -> Iterator[tuple]:
        """Remove each leaf; remove the whole tree if a vertex has degree >= 2."""
        if len(tree[0]) == 1:
            yield ()
            return
        degree: dict[int, int] = {}
        for u, v in tree:
            degree[u] = degree.get(u, 0) + 1
            degree[v] = degree.get(v, 0) + 1
        for leaf in sorted(x for x, d in degree.items() if d == 1):
            yield (self._without(tree, leaf),)
        if max(degree.values()) >= 2:
            yield ()

    @staticmethod
    def _without(tree: tuple[Item, ...], leaf: int) -> tuple[Item, ...]:
        left = tuple(e for e in tree if leaf not in e)
        if left:
            return left
        other = tree[0][0] if tree[0][1] == leaf else tree[0][1]
        return ((other,),)

    def search_moves(self, tree: tuple) -> list[tuple]:
        return [tuple(_relabel(c, min(x for item in c for x in item)) for c in option) for option in self.moves(tree)]

    def grundy(self, tree: Any) -> int:
        return leaf_forest_value(self.size(self.validate(tree)))

    def moves_to_value(self, component: Any, target: int) -> Iterator[Option]:
        tree = self.validate(component)
        n = self.size(tree)
        if n == 1:
            if target == 0:
                yield ()
            return
        if leaf_forest_value(n - 1) == target:
            degree: dict[int, int] = {}
            for u, v in tree:
                degree[u] = degree.get(u, 0) + 1
                degree[v] = degree.get(v, 0) + 1
            for leaf in sorted(x for x, d in degree.items() if d == 1):
                yield (self._without(tree, leaf),)
        if n >= 3 and target == 0:
            yield ()


@register("hackenbush", FAMILY, {
    "": "Green Hackenbush: cut an edge of a graph grounded at 0, what is cut off falls (component 0-1,1-2,2-0)"},
          examples=("hackenbush 0-1,1-2,2-0,2-3 0-1,1-2", "hackenbush 0-1,0-2,1-2"))
def _hackenbush(params: str | None) -> Hackenbush:
    return Hackenbush()


@register("tree-cut", FAMILY, {
    "": "remove any subtree of a tree rooted at 0, not the root (component 0-1,0-2,2-3; AGC 017 D)"},
          examples=("tree-cut 0-1,1-2,1-3 0-1", "tree-cut 0-1,0-2,2-3"))
def _tree_cut(params: str | None) -> TreeCut:
    return TreeCut()


@register("leaf-forest", FAMILY, {
    "": "remove a leaf, or a whole tree with a vertex of degree >= 2 (HackerRank Bob and Ben; component 0-1,1-2)"},
          examples=("leaf-forest 0-1,1-2,1-3 5", "leaf-forest 0-1,1-2,2-3,3-4,2-5"))
def _leaf_forest(params: str | None) -> LeafForest:
    return LeafForest()
