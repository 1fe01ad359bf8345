"""Tokens on a directed graph that may have cycles: Smith's values (``digraph:``).

- ``digraph:FILE`` — tokens on a directed graph read from FILE (one ``u v`` edge per line, ``#``
  comments), or ``digraph:1-2,2-1,2-3`` with the edges in the spec, read exactly as ``dag:`` reads
  them (:mod:`grundy.core.graphs`). A component is a vertex holding a token; a move slides one token
  along one edge (a self-loop ``3-3`` is a move that changes nothing); several tokens are a sum.

The graph may cycle, so a vertex has Smith's value (:mod:`grundy.core.loopy`): a nimber, or ∞ with
the set K of its options' finite values, computed once for every vertex by the labelling algorithm.
A sum's value is the generalised nim-sum; a position of value ∞(K) with 0 not in K is a draw.
:meth:`DigraphGame.grundy` gives the nimber of a finite vertex and refuses an infinite one, naming its
value.

>>> game = digraph_ruleset([(1, 2), (2, 1), (2, 5), (3, 3), (3, 5), (4, 3)])
>>> [str(game.loopy_value(v)) for v in (1, 2, 3, 4, 5)]
['0', '1', '∞{0}', '0', '0']
>>> (game.loopy_value(3) ^ game.loopy_value(2)).outcome, game.moves(3)
('D', [3, 5])

References: C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51–81;
A. S. Fraenkel and Y. Yesha, J. Combin. Theory A 43 (1986) 165–177; Winning Ways ch. 12.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from grundy.core import words
from grundy.core.errors import ComponentError, GrundyError, SpecError
from grundy.core.graphs import parse_directed
from grundy.core.loopy import INFINITE, LoopyValue, graph_values, loopy_values, vertex_value
from grundy.core.ruleset import Ruleset, Shape
from grundy.core.userfiles import allowed
from grundy.rulesets.dag import GraphSource, reads_file, source_edges, vertex_index
from grundy.rulesets.registry import register


class DigraphGame(Ruleset):
    """Tokens on a directed graph that may cycle: a move slides one token along one edge.

    A component is a vertex (a non-negative integer that occurs in the graph). Smith's values of all
    vertices are computed once, when first asked. Make one with :func:`digraph_ruleset`.

    >>> game = digraph_ruleset([(0, 1), (1, 0), (1, 2)])
    >>> game.grundy(1), game.loopy_value(0), game.loopy_counter(2)
    (1, LoopyValue.parse('0'), 0)
    """

    loopy = True
    component_noun = "token"
    shape = Shape.VERTEX

    def __init__(self, labels: np.ndarray, offsets: np.ndarray, targets: np.ndarray, name: str) -> None:
        """``labels``: the vertices, ascending; the followers of ``labels[i]`` are the labels at
        ``targets[offsets[i]:offsets[i + 1]]``."""
        super().__init__()
        self.labels, self.offsets, self.targets = labels, offsets, targets
        self.spec = name
        self.edge_count = len(targets)
        self._gamma: np.ndarray | None = None
        self._counter: np.ndarray | None = None
        n = len(labels)
        low, high = (int(labels[0]), int(labels[-1])) if n else (0, -1)
        self.component_kind = f"a vertex of the graph ({n:,} vertices, between {low} and {high})"
        self.value_rule = ("tokens on a directed graph that may cycle: Smith's values (a nimber, or ∞ with the "
                           "finite values K of its options), every vertex by the Smith / Fraenkel–Yesha labelling")

    # -- the rules -------------------------------------------------------------------------------
    def index(self, vertex: int) -> int:
        """The position of ``vertex`` in :attr:`labels` (raise ComponentError if it is no vertex)."""
        return vertex_index(self, vertex)

    def check(self, vertex: int) -> int:
        self.index(vertex)
        return vertex

    def moves(self, vertex: int) -> list[int]:
        """The out-neighbours of ``vertex``: where its token can slide (itself, on a self-loop)."""
        i = self.index(vertex)
        return self.labels[self.targets[self.offsets[i]:self.offsets[i + 1]]].tolist()

    # -- values ----------------------------------------------------------------------------------
    def _values(self) -> np.ndarray:
        if self._gamma is None:
            self._gamma, self._counter = graph_values(self.offsets, self.targets)
        return self._gamma

    def loopy_value(self, vertex: int) -> LoopyValue:
        """Smith's value of a token on ``vertex`` (from the labelling of the whole graph)."""
        i = self.index(self.validate(vertex))
        return vertex_value(self._values(), self.offsets, self.targets, i)

    def loopy_counter(self, vertex: int) -> int | None:
        """The labelling order of a finite vertex (a counter function: a player who keeps the value 0
        and answers each move up by a reversal to a smaller counter wins); None for ∞."""
        c = int(self._counter_array()[self.index(self.validate(vertex))])
        return None if c == INFINITE else c

    def _counter_array(self) -> np.ndarray:
        self._values()
        assert self._counter is not None
        return self._counter

    def grundy(self, vertex: int) -> int:
        """The nimber of a token on ``vertex``; a GrundyError naming the value where it is ∞."""
        return self._nimber(vertex, self.loopy_value(vertex))

    def brute_grundy(self, vertex: int) -> int:
        """The nimber from the positions reachable from ``vertex`` alone, labelled in plain Python."""
        vertex = self.validate(vertex)
        return self._nimber(vertex, loopy_values(self.moves, [vertex], max_states=len(self.labels))[vertex])

    def _nimber(self, vertex: int, value: LoopyValue) -> int:
        if value.finite is None:
            where = "grundy solve" if words.on_command_line() else "loopy_value()"
            raise GrundyError(f"a token on vertex {vertex} of {self.spec} has no Grundy value: the game can cycle, "
                              f"and its value in Smith's theory of loopy games is {value} (outcome {value.outcome}); "
                              f"{where} gives it")
        return value.finite

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """``(vertices, gamma)``: every vertex (ascending) and its finite value, -1 where it is ∞."""
        return self.labels, self._values()

    def vertex_values(self) -> dict[int, LoopyValue]:
        """``{vertex: LoopyValue}`` for every vertex of the graph."""
        gamma = self._values()
        return {int(x): vertex_value(gamma, self.offsets, self.targets, i) for i, x in enumerate(self.labels)}

    def values(self, n: int) -> np.ndarray:
        raise ComponentError(f"a table G(0..n-1) needs heap-size positions; {self.spec} has {self.component_kind}: "
                             "use vertex_values() for the value of every vertex")


# -- building the graph ----------------------------------------------------------------------------
def digraph_ruleset(source: GraphSource, name: str | None = None) -> DigraphGame:
    """Tokens on the directed graph ``source`` (cycles and self-loops allowed): a path to an edge file,
    ``(u, v)`` pairs, an ``(m, 2)`` integer array, or a networkx ``DiGraph`` (whose isolated nodes are
    vertices too). Raises :class:`GrundyError` for malformed input.

    >>> digraph_ruleset([(0, 0)]).vertex_values()
    {0: LoopyValue.parse('∞')}
    """
    edges, extra, name = source_edges(source, name, "digraph", "a graph for tokens on a digraph")
    labels, numbered = np.unique(np.concatenate([edges.ravel(), extra]), return_inverse=True)
    sources, ends = numbered[:2 * len(edges):2], numbered[1:2 * len(edges):2]
    order = np.argsort(sources, kind="stable")
    offsets = np.concatenate([[0], np.cumsum(np.bincount(sources, minlength=len(labels)))]).astype(np.int64)
    kind = np.int32 if len(labels) < 2**31 else np.int64
    name = name or f"digraph ({len(labels):,} vertices, {len(edges):,} edges)"
    return DigraphGame(labels, offsets, ends[order].astype(kind), name)


def _spec_edges(params: str) -> np.ndarray:
    """The edges written in a ``digraph:`` spec (the reader of ``dag:``, its message named for digraph)."""
    return parse_directed(params, "digraph")


@register("digraph", "graph games", {
    "FILE": "tokens on a directed graph that may cycle, read from FILE (one 'u v' edge per line, # comments); "
            "a component is a vertex, a move slides its token along an edge; Smith's values (∞ = a draw "
            "unless it can move to 0)",
    "U-V,...": "the same, the edges (from U to V) written in the spec (e.g. digraph:1-2,2-1,2-3; 3-3 is a "
               "self-loop)",
}, examples=("digraph:1-2,2-1,2-5,3-3,3-5,4-3 3 2", "digraph:1-2,2-1,2-5,3-3,3-5,4-3 3 1 4"))
def _digraph(params: str | None) -> DigraphGame:
    if not params:
        raise SpecError("digraph: expected the path of an edge file, e.g. digraph:graph.txt (one 'u v' edge "
                        "per line), or the edges, digraph:1-2,2-1")
    if not reads_file(params):
        return digraph_ruleset(_spec_edges(params), name=f"digraph:{params}")
    allowed()  # before the file is even looked at
    path = Path(params).expanduser()
    if not path.exists():
        raise SpecError(f"digraph: no such file {params!r}; write digraph:PATH, a file with one 'u v' edge per "
                        "line, or the edges in the spec, digraph:1-2,2-1 (from u to v)")
    return digraph_ruleset(path, name=f"digraph:{params}")
