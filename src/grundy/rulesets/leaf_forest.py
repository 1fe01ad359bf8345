"""Leaf-forest (HackerRank "Bob and Ben"): a forest of trees; a move removes one leaf, or a whole
tree that has a vertex of degree >= 2.

A component is one tree (each tree of the forest is its own component); a position is the forest.
A tree of n vertices is worth 1 if n = 1, 0 if n = 2, and for n >= 3 it is 1 when n is odd and 2
when n is even: its shape does not matter (:func:`leaf_forest_value`). Trees are read by
:func:`grundy.core.graphs.graph_items`, as the other graph games' components are.

>>> import grundy
>>> grundy.ruleset("leaf-forest").grundy("0-1,1-2,1-3"), leaf_forest_value(10**9)
(2, 2)

Reference: HackerRank "Bob and Ben".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grundy.core.errors import ComponentError
from grundy.core.graphs import Item, closing_edge, format_graph, graph_items, parse_graph, tree_fault
from grundy.core.ruleset import Option, Ruleset, Shape
from grundy.rulesets.graph_arrays import relabelled
from grundy.rulesets.registry import register

FAMILY = "graph games"


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
        shown = format_graph(tuple(sorted(set(items))), "")
        if not vertices:
            raise ComponentError(f"an empty tree is not a component of {self.spec}: expected {self.component_kind}")
        bad = closing_edge(edges)
        if bad >= 0:
            raise ComponentError(f"{shown!r} is not a tree: {tree_fault(edges, bad)}")
        if len(edges) != len(vertices) - 1:
            raise ComponentError(f"{shown!r} is not one tree: it falls into {len(vertices) - len(edges)} pieces "
                                 "(give each tree of the forest as its own component)")
        return tuple(edges) if edges else ((next(iter(vertices)),),)

    def parse_component(self, text: str) -> tuple[Item, ...]:
        return self.validate(parse_graph(text))

    def format_component(self, component: Any) -> str:
        return format_graph(component, "") if isinstance(component, tuple) else str(component)

    @staticmethod
    def size(tree: tuple[Item, ...]) -> int:
        return 1 if len(tree[0]) == 1 else len(tree) + 1

    def moves(self, tree: tuple[Item, ...]) -> Iterator[tuple]:
        """Remove each leaf; remove the whole tree if a vertex has degree >= 2."""
        if len(tree[0]) == 1:
            yield ()
            return
        yield from self._leaf_cuts(tree)
        if len(tree) >= 2:  # two edges or more: some vertex has degree >= 2
            yield ()

    def _leaf_cuts(self, tree: tuple[Item, ...]) -> Iterator[tuple]:
        """What removing each leaf leaves (a tree with at least one edge; leaves in ascending order)."""
        degree: dict[int, int] = {}
        for u, v in tree:
            degree[u] = degree.get(u, 0) + 1
            degree[v] = degree.get(v, 0) + 1
        for leaf in sorted(x for x, d in degree.items() if d == 1):
            yield (self._without(tree, leaf),)

    @staticmethod
    def _without(tree: tuple[Item, ...], leaf: int) -> tuple[Item, ...]:
        left = tuple(e for e in tree if leaf not in e)
        if left:
            return left
        other = tree[0][0] if tree[0][1] == leaf else tree[0][1]
        return ((other,),)

    def search_moves(self, tree: tuple) -> list[tuple]:
        return [tuple(relabelled(c, min(x for item in c for x in item)) for c in option) for option in self.moves(tree)]

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
            yield from self._leaf_cuts(tree)
        if n >= 3 and target == 0:
            yield ()



@register("leaf-forest", FAMILY, {
    "": "remove a leaf, or a whole tree with a vertex of degree >= 2 (HackerRank Bob and Ben; component 0-1,1-2)"},
          examples=("leaf-forest 0-1,1-2,1-3 5", "leaf-forest 0-1,1-2,2-3,3-4,2-5"))
def _leaf_forest(params: str | None) -> LeafForest:
    return LeafForest()
