"""Tokens on a directed acyclic graph, and counting the edge subsets that the first player wins.

- ``dag:FILE`` — tokens on a DAG read from FILE (one ``u v`` edge per line, ``#`` comments, blank
  lines ignored). A component is a vertex holding a token; a move slides one token along one edge;
  several tokens are a sum. The graph belongs to the ruleset (:func:`dag_ruleset` builds one from a
  file, a list of ``(u, v)`` pairs, a numpy array or a networkx ``DiGraph``); the Grundy value of
  every vertex is computed at once by an iterative depth-first walk (a numba kernel, O(n + m)).
  The graph is read by :mod:`grundy.core.graphs` (files, ``1-2,...`` specs, pairs, networkx).
  A cycle in the input is an error that names one.
- :func:`count_first_player_wins` — AtCoder AGC 016 F "Games on DAG": for a DAG on vertices 1..n
  (n <= 15) with tokens on 1 and 2, the number of edge subsets (mod 10^9+7) in which the first
  player wins, by the O(n·3^n) subset DP over the set of vertices of value 0.

Every impartial game is this game on the graph of its positions (the seed tutorial's 有向图移动游戏);
the Grundy value of a vertex is the mex of its successors' values.

>>> game = dag_ruleset([(0, 1), (1, 2), (0, 2), (3, 0)])
>>> [game.grundy(v) for v in range(4)]
[2, 1, 0, 0]
>>> list(game.moves(0)), game.vertex_values()
([1, 2], {0: 2, 1: 1, 2: 0, 3: 0})

References: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.) ch. 2 and 11 (games on graphs);
Siegel, *Combinatorial Game Theory* §IV.1; AtCoder Grand Contest 016, problem F "Games on DAG".
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from grundy.core.errors import ComponentError, CycleError, GrundyError, LimitError, SpecError
from grundy.core.graphs import INT64_MAX, edge_array, is_networkx, networkx_graph, parse_directed, read_edge_file
from grundy.core.ruleset import Ruleset, Shape
from grundy.core.userfiles import allowed
from grundy.rulesets.registry import register

MODULUS = 1_000_000_007
MAX_COUNTING_VERTICES = 18  # 3^18·18 steps: about a minute; the contest has n <= 15
_SHOWN_CYCLE = 12  # a longer cycle is shown by its first vertices and its length

GraphSource = str | os.PathLike | Iterable[tuple[int, int]] | np.ndarray | Any


class DagGame(Ruleset):
    """Tokens on a directed acyclic graph: a move slides one token along one edge.

    A component is a vertex (a non-negative integer that occurs in the graph). The values of all
    vertices are computed when the ruleset is made; :meth:`moves` still gives the out-neighbours,
    so :meth:`brute_grundy` answers from the definition. Make one with :func:`dag_ruleset`.

    >>> game = dag_ruleset([(1, 2), (2, 3), (1, 3)])
    >>> game.grundy(1), game.brute_grundy(1), game.arrays()[1].tolist()
    (2, 2, [2, 1, 0])
    """

    component_noun = "token"
    shape = Shape.VERTEX

    def __init__(self, labels: np.ndarray, sources: np.ndarray, targets: np.ndarray, name: str) -> None:
        """``labels``: the vertices, sorted; ``sources``/``targets``: each edge as indices into labels."""
        super().__init__()
        from grundy.kernels import dag as kernel

        self.labels = labels
        self.spec = name
        self.edge_count = len(sources)
        n = len(labels)
        self._dense = bool(n == 0 or labels[-1] == n - 1)  # the vertices are exactly 0..n-1
        self.indptr, self.adjacent = kernel.build_csr(sources, targets, n)
        self._values = np.zeros(n, dtype=np.int64)
        cycle = np.empty(n, dtype=np.int64)
        length = kernel.dag_grundy(self.indptr, self.adjacent, self._values, cycle)
        if length:
            raise _cycle_error(labels[cycle[:length]].tolist())
        low, high = (int(labels[0]), int(labels[-1])) if n else (0, -1)
        numbered = f"numbered {low}..{high}" if self._dense else f"between {low} and {high}"
        self.component_kind = f"a vertex of the graph ({n:,} vertices, {numbered})"
        self.value_rule = ("tokens on a DAG: the value of a vertex is the mex of its successors' values "
                           "(every vertex, in reverse topological order)")

    # -- the rules -------------------------------------------------------------------------------
    def index(self, vertex: int) -> int:
        """The position of ``vertex`` in :attr:`labels` (raise ComponentError if it is no vertex)."""
        return vertex_index(self, vertex, self._dense)

    def check(self, vertex: int) -> int:
        self.index(vertex)
        return vertex

    def moves(self, vertex: int) -> list[int]:
        """The out-neighbours of ``vertex``: where its token can slide."""
        i = self.index(vertex)
        return self.labels[self.adjacent[self.indptr[i]:self.indptr[i + 1]]].tolist()

    # -- values ----------------------------------------------------------------------------------
    def grundy(self, vertex: int) -> int:
        """The Grundy value of a token on ``vertex`` (from the table of all vertices)."""
        return int(self._values[self.index(self.validate(vertex))])

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """``(vertices, values)``: every vertex (ascending) and its Grundy value, as numpy arrays."""
        return self.labels, self._values

    def vertex_values(self) -> dict[int, int]:
        """``{vertex: Grundy value}`` for every vertex of the graph."""
        return dict(zip(self.labels.tolist(), self._values.tolist(), strict=True))

    def values(self, n: int) -> np.ndarray:
        raise ComponentError(
            f"a table G(0..n-1) needs heap-size positions; {self.spec} has {self.component_kind}: "
            "use vertex_values() or arrays() for the value of every vertex"
        )


# -- building the graph ----------------------------------------------------------------------------
def dag_ruleset(source: GraphSource, name: str | None = None) -> DagGame:
    """Tokens on the DAG ``source``: a path to an edge file, ``(u, v)`` pairs, an ``(m, 2)`` integer
    array, or a networkx ``DiGraph`` / ``MultiDiGraph`` (whose isolated nodes are vertices too).

    Vertices are non-negative integers; a vertex is any number that occurs in an edge (or a node of
    a networkx graph). Raises :class:`GrundyError` for malformed input and :class:`CycleError`
    (naming a cycle, also given as its ``cycle`` attribute) if the graph is not acyclic.

    >>> dag_ruleset([(0, 1), (1, 2)]).vertex_values()
    {0: 0, 1: 1, 2: 0}
    >>> dag_ruleset([(0, 1), (1, 2), (2, 0)])
    Traceback (most recent call last):
    ...
    grundy.core.errors.CycleError: the graph has a cycle: 0 -> 1 -> 2 -> 0; tokens on a graph need an acyclic graph
    """
    edges, extra, name = source_edges(source, name, "dag", "a graph for tokens on a DAG")
    labels, sources, targets = _numbered(edges, extra)
    name = name or f"dag ({len(labels):,} vertices, {len(edges):,} edges)"
    return DagGame(labels, sources, targets, name)


def vertex_index(game: Ruleset, vertex: int, dense: bool = False) -> int:
    """The position of ``vertex`` in the sorted vertex labels of a game of tokens on a graph
    (``dense``: the labels are exactly 0..n-1); ComponentError naming the game if it is no vertex."""
    labels = game.labels  # type: ignore[attr-defined]
    n = len(labels)
    if dense:
        if 0 <= vertex < n:
            return int(vertex)
    elif 0 <= vertex <= INT64_MAX:
        i = int(np.searchsorted(labels, vertex))
        if i < n and labels[i] == vertex:
            return i
    raise ComponentError(f"{vertex!r} is not a vertex of {game.spec}: expected {game.component_kind}")


def source_edges(source: GraphSource, name: str | None, spec: str,
                 what: str) -> tuple[np.ndarray, np.ndarray, str | None]:
    """The edges of a graph for tokens (``(m, 2)`` int64), its isolated vertices (a networkx graph's)
    and its name (``spec:PATH`` for a file, else ``name``), from a path, pairs, an array or a networkx
    DiGraph (``what`` names it in an error); :class:`GrundyError` for a graph with no edges."""
    extra = np.zeros(0, dtype=np.int64)
    if isinstance(source, (str, os.PathLike)):
        edges = read_edge_file(source)[0]
        name = name or f"{spec}:{os.fspath(source)}"
    elif is_networkx(source):
        arcs, nodes = networkx_graph(source, directed=True, top=INT64_MAX, what=what, error=GrundyError)
        edges, extra = edge_array(arcs), np.array(nodes, dtype=np.int64)
    else:
        edges = edge_array(source)
    if len(edges) == 0 and len(extra) == 0:
        raise GrundyError("the graph has no edges: expected at least one edge (u, v)")
    return edges, extra, name


def _numbered(edges: np.ndarray, extra: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The vertices (sorted) and each edge's ends as positions among them."""
    vertices = np.concatenate([edges.ravel(), extra])
    top = int(vertices.max()) + 1
    if top <= 4 * len(vertices) + 1024:
        from grundy.kernels.dag import compact

        labels, index = compact(vertices, top)
    else:  # a few large labels: sort them
        labels, index = np.unique(vertices, return_inverse=True)
    m = len(edges)
    return labels, index[:2 * m:2].astype(np.int64), index[1:2 * m:2].astype(np.int64)


def find_cycle(edges: Iterable[Any]) -> list[int] | None:
    """A cycle of the directed graph ``edges`` (its vertices, each with an edge to the next and the
    last to the first), or None if the graph is acyclic. Iterative, O(n + m).

    >>> find_cycle([(1, 2), (2, 3), (3, 4), (4, 2)]), find_cycle([(1, 2)])
    ([2, 3, 4], None)
    """
    try:
        dag_ruleset(edges)
    except CycleError as error:
        return error.cycle
    return None


def _cycle_error(cycle: list[int]) -> CycleError:
    shown = cycle + cycle[:1]
    if len(cycle) > _SHOWN_CYCLE:
        path = " -> ".join(map(str, shown[:_SHOWN_CYCLE])) + f" -> ... -> {shown[-1]} ({len(cycle):,} vertices)"
    else:
        path = " -> ".join(map(str, shown))
    error = CycleError(f"the graph has a cycle: {path}; tokens on a graph need an acyclic graph")
    error.cycle = cycle
    return error


_INLINE = re.compile(r"[\d\s,-]*-[\d\s,-]*")  # edges in the spec (digits, '-', ','), not a file's path


def reads_file(params: str) -> bool:
    """Whether ``dag:PARAMS`` names a file to read (else its edges are written in the spec).

    >>> reads_file("1-2,2-3"), reads_file("graph.txt")
    (False, True)
    """
    return not (_INLINE.fullmatch(params) and not Path(params).expanduser().exists())


@register("dag", "graph games", {
    "FILE": "tokens on a directed acyclic graph read from FILE (one 'u v' edge per line, # comments); "
            "a component is a vertex, a move slides its token along an edge",
    "U-V,...": "the same, the edges (from U to V) written in the spec (e.g. dag:1-2,2-3,1-3)",
}, examples=("dag:1-2,2-3,1-3,3-4 1 2", "dag:0-1,0-2,2-1 0 2 2"))
def _dag(params: str | None) -> DagGame:
    if not params:
        raise SpecError("dag: expected the path of an edge file, e.g. dag:graph.txt (one 'u v' edge per line)")
    if not reads_file(params):
        return dag_ruleset(parse_directed(params), name=f"dag:{params}")
    allowed()  # before the file is even looked at
    path = Path(params).expanduser()
    if not path.exists():  # a FIFO or a device is refused by the reader, saying what it is
        raise SpecError(f"dag: no such file {params!r}; write dag:PATH, a file with one 'u v' edge per line, "
                        "or the edges in the spec, dag:1-2,2-3 (from u to v)")
    return dag_ruleset(path, name=f"dag:{params}")


# -- counting: AtCoder AGC 016 F "Games on DAG" ---------------------------------------------------
def count_first_player_wins(n: int, edges: Iterable[tuple[int, int]], modulus: int = MODULUS) -> int:
    """The number of subsets of ``edges`` (mod ``modulus``) in which the first player wins with tokens
    on vertices 1 and 2, i.e. in which G(1) != G(2) (AtCoder AGC 016 F "Games on DAG").

    The vertices are 1..n (2 <= n <= 18; the contest has n <= 15 and edges x -> y with x < y); the
    edges must be distinct and form a DAG. Complement of the O(n·3^n) subset DP that counts G(1) = G(2)
    by choosing the set of vertices of value 0 (see :func:`grundy.kernels.dag.count_equal_grundy`).

    >>> count_first_player_wins(3, [(1, 2), (1, 3), (2, 3)])
    6
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 2:
        raise GrundyError(f"n must be an integer >= 2 (tokens on vertices 1 and 2), got {n!r}")
    if n > MAX_COUNTING_VERTICES:
        raise LimitError(f"counting edge subsets is O(n·3^n): n = {n} is too large "
                         f"(at most {MAX_COUNTING_VERTICES}; the contest has n <= 15)")
    if not 2 <= modulus <= 1 << 31:
        raise GrundyError(f"the modulus must be from 2 to 2^31 (products must fit 64 bits), got {modulus}")
    pairs = [tuple(e) for e in edge_array(edges).tolist()]
    for u, v in pairs:
        if not (1 <= u <= n and 1 <= v <= n):
            raise GrundyError(f"edge ({u}, {v}): vertices are numbered 1..{n}")
    seen: set[tuple[int, int]] = set()
    for e in pairs:
        if e in seen:
            raise GrundyError(f"edge {e} is given twice: the edges must be distinct")
        seen.add(e)
    if pairs:
        dag_ruleset(pairs)  # raises CycleError naming a cycle
    successors = np.zeros(n, dtype=np.int64)
    for u, v in pairs:
        successors[u - 1] |= 1 << (v - 1)
    from grundy.kernels.dag import count_equal_grundy

    equal = int(count_equal_grundy(n, successors, modulus))
    return (pow(2, len(pairs), modulus) - equal) % modulus
