"""Green Hackenbush, and tree-cut (Green Hackenbush on a tree): edge deletion solved by the colon
and fusion principles.

- ``hackenbush`` — Green Hackenbush: a graph whose vertex 0 is the ground; a move deletes one edge,
  and whatever is no longer joined to the ground falls away. Loops and parallel edges are allowed.
  Values by the **fusion principle** (contract every 2-edge-connected part to one vertex carrying
  one loop per edge of the part — k loops are worth k mod 2) and the **colon principle** (a vertex
  is worth the xor over its branches of (branch value + 1)); exact for every finite graph, O(m).
  Winning moves (which edge to cut) come from the fused tree, also without search, see
  :mod:`grundy.kernels.hackenbush` (reached through :mod:`grundy.rulesets.graph_arrays`).
- ``tree-cut`` — a rooted tree (root 0, given by its edges); a move removes a subtree that does not
  contain the root. That is Green Hackenbush on a tree: the colon principle.

A graph on the command line is one token of edges ``u-v`` joined by commas: ``0-1,1-2,2-0,2-3``
(a lone number is a vertex with no edge: ``0`` is the bare ground). From a file,
:func:`grundy.core.graphs.read_graph_file` reads one ``u v`` edge a line. In Python a component is
also a sequence of ``(u, v)`` pairs, an ``(m, 2)`` integer array or a networkx graph or multigraph
(all read by :func:`grundy.core.graphs.graph_items`). Components are kept as sorted tuples of pairs
``(u, v)`` with ``u <= v``.

>>> import grundy
>>> hb = grundy.ruleset("hackenbush")
>>> hb.grundy("0-1,1-2,2-3"), hb.grundy("0-1,1-2,2-0"), hb.grundy("0-1,0-2,2-3,2-4")
(3, 1, 0)
>>> print(grundy.solve("hackenbush", ["0-1,1-2,2-3", "0-1"]).winning_moves[0].why)
cut edge 1–2: graph 1 goes from 3 to 1, so the nim-sum 3 ^ 1 = 2 becomes 0

References: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.) ch. 7 ("Hackenbush": the colon
principle, the fusion principle); AtCoder AGC 017 D "Game on Tree".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import compress
from typing import Any

import numpy as np

from grundy.core.engine import GrundyEngine
from grundy.core.errors import ComponentError
from grundy.core.graphs import format_graph, graph_items, parse_graph, tree_fault
from grundy.core.ruleset import Option, Ruleset, Shape, Verdict
from grundy.rulesets.graph_arrays import GraphArrays, grounded, relabelled, rooted_tree_code
from grundy.rulesets.registry import register

FAMILY = "graph games"
LISTED_MOVES = 10_000  # at most this many winning moves are spelt out ...
LISTED_EDGES = 1_000_000  # ... and (after the first) this many edges in the graphs they leave, in all


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
    return GraphArrays(_pairs(graph)).fusion_value()


def colon_value(tree: Any) -> int:
    """The Green Hackenbush value of a tree (or a forest of trees each standing on the ground 0):
    each vertex is worth the xor over its children of (child value + 1). O(n).

    >>> colon_value("0-1,1-2,1-3"), colon_value("0-1,0-2,2-3")
    (1, 3)
    """
    pairs = _pairs(tree)
    values, bad = GraphArrays(pairs).colon_values()
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
        arrays = GraphArrays(pairs)
        keep = arrays.kept() if pairs else np.zeros(0, np.bool_)
        graph = self.check(tuple(pairs) if keep.all() else tuple(compress(pairs, keep.tolist())))
        if len(graph) == len(pairs):
            self._array_cache.append((graph, arrays))
        self._validated.append(graph)  # the last few graphs checked: solve() hands them back unchanged
        return graph

    def parse_component(self, text: str) -> tuple[tuple[int, int], ...]:
        if self.spec.strip().lower() == "hackenbush" and ":" in text:
            raise ComponentError("edges with colours are Red-Blue-Green Hackenbush, a partizan game: ask for "
                                 "red-blue-hackenbush ('hackenbush' alone is Green Hackenbush, impartial)")
        return self.validate(parse_graph(text))

    def format_component(self, component: Any) -> str:
        return format_graph(component, "0") if isinstance(component, tuple) else str(component)

    # -- the rules (the definition) --------------------------------------------------------------
    def moves(self, graph: tuple[tuple[int, int], ...]) -> Iterator[tuple]:
        """Delete each distinct edge in turn; keep what is still joined to the ground."""
        for i, edge in enumerate(graph):
            if i and graph[i - 1] == edge:
                continue  # a parallel copy: the same move
            left = grounded(list(graph[:i] + graph[i + 1:]))
            yield (left,) if left else ()

    def search_moves(self, graph: tuple) -> list[tuple]:
        """The brute force remembers graphs renumbered breadth-first from the ground."""
        return [tuple(relabelled(c) for c in option) for option in self.moves(graph)]

    # -- values and winning moves ----------------------------------------------------------------
    def grundy(self, graph: Any) -> int:
        graph = self.validate(graph)
        return self._arrays(graph).fusion_value() if graph else 0

    def _cuts(self, graph: tuple, arrays: GraphArrays, target: int) -> list[int]:
        """Indices of the distinct edges whose deletion leaves value ``target`` (the graph is sorted,
        so parallel copies are neighbours: the first copy stands for them all)."""
        found = arrays.winning(target)
        if len(found):
            us, vs = arrays.us, arrays.vs
            copy = (found > 0) & (us[found] == us[found - 1]) & (vs[found] == vs[found - 1])
            found = found[~copy]
        return found.tolist()

    def _cut(self, graph: tuple, arrays: GraphArrays, i: int) -> Option:
        left = tuple(compress(graph, arrays.kept(i).tolist()))
        return (left,) if left else ()

    def _arrays(self, graph: tuple) -> GraphArrays:
        """Kernel arrays of a validated graph (the last few are kept: solve asks several times)."""
        for done, arrays in self._array_cache:
            if done is graph:
                return arrays
        arrays = GraphArrays(graph)
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

    def _value(self, graph: tuple, arrays: GraphArrays) -> int:
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
        arrays = GraphArrays(pairs)
        _, bad = arrays.colon_values()
        if bad >= 0:
            raise ComponentError(f"{format_graph(tuple(pairs), '0')!r} is not a tree: {tree_fault(pairs, bad)}")
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
        return [tuple(rooted_tree_code(c) for c in option) for option in self.moves(tree)]

    def _value(self, graph: tuple, arrays: GraphArrays) -> int:
        return int(arrays.colon_values()[0][0]) if graph else 0

    def grundy(self, tree: Any) -> int:
        tree = self.validate(tree)
        return self._value(tree, self._arrays(tree))

    def _kind(self, graph: tuple) -> str:
        return "tree"



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

