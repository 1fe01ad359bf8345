"""Loopy partizan games as finite graphs: :class:`LoopyGraph` and the constants on, off, over, under, upon.

A loopy game (Winning Ways ch. 11; Siegel, *Combinatorial Game Theory* (AMS 2013) ch. VI) is a finite
graph of positions, each with its Left and its Right options, and a start position. An option may lead
back to the position itself (a *pass*) or anywhere else in the graph. The graph is a plain value
(tuples of vertex numbers), made by :func:`from_moves` (a ruleset's positions), :func:`from_canonical`
(a short game) or by hand; the comparison, the simplest forms and the sides live in
:mod:`~grundy.cgt.loopy.compare`, :mod:`~grundy.cgt.loopy.canonical` and :mod:`~grundy.cgt.loopy.sides`.

A *stopper* has no infinite alternating play (no cycle of Left, Right, Left, Right, ... moves) from any
position reachable from the start; a *loopfree* graph has no cycle at all and is a short game.

>>> ON.is_stopper(), ON.is_loopfree(), DUD_GRAPH.is_stopper(), len(OVER + UNDER)
(True, False, False, 4)
>>> from grundy.cgt.notation import parse
>>> to_canonical(from_canonical(parse("{1|*}")))
{1|*}
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from grundy.core import limits, words
from grundy.core.errors import GrundyError, LimitError
from grundy.core.work import charge

Options = tuple[tuple[int, ...], ...]


class NotStopper(GrundyError):
    """A stopper was needed, and the game has infinite alternating play (compare or value its sides)."""


@dataclass(frozen=True)
class LoopyGraph:
    """A loopy partizan game: a finite graph of positions, each with Left and Right option lists
    (vertex numbers; an option may be the vertex itself: a pass), and a start vertex."""

    left: Options
    right: Options
    start: int = 0

    def __post_init__(self) -> None:
        n = len(self.left)
        if len(self.right) != n or not 0 <= self.start < max(n, 1) or n == 0:
            raise ValueError(f"a loopy graph needs as many Left as Right option lists and a start vertex "
                             f"among them (got {n}, {len(self.right)}, start {self.start})")

    def __len__(self) -> int:
        return len(self.left)

    def negative(self) -> LoopyGraph:
        """The negative: Left's and Right's options swapped."""
        return LoopyGraph(self.right, self.left, self.start)

    def __neg__(self) -> LoopyGraph:
        return self.negative()

    def __add__(self, other: LoopyGraph) -> LoopyGraph:
        """The disjunctive sum: the part of the product graph reachable from the two starts (start 0)."""
        index = {(self.start, other.start): 0}
        pairs = [(self.start, other.start)]
        left: list[tuple[int, ...]] = []
        right: list[tuple[int, ...]] = []

        def number(pair: tuple[int, int]) -> int:
            v = index.get(pair)
            if v is None:
                v = index[pair] = len(pairs)
                pairs.append(pair)
            return v

        i = 0
        while i < len(pairs):
            g, h = pairs[i]
            left.append(tuple(number((x, h)) for x in self.left[g]) + tuple(number((g, y)) for y in other.left[h]))
            right.append(tuple(number((x, h)) for x in self.right[g])
                         + tuple(number((g, y)) for y in other.right[h]))
            i += 1
        charge(len(pairs))
        return LoopyGraph(tuple(left), tuple(right), 0)

    def __sub__(self, other: LoopyGraph) -> LoopyGraph:
        return self + other.negative()

    def reachable(self, start: int | None = None) -> list[int]:
        """The vertices reachable from ``start`` (default: the start vertex), in breadth-first order."""
        first = self.start if start is None else start
        seen = {first}
        order = [first]
        i = 0
        while i < len(order):
            v = order[i]
            i += 1
            for w in self.left[v] + self.right[v]:
                if w not in seen:
                    seen.add(w)
                    order.append(w)
        return order

    def packed(self) -> LoopyGraph:
        """Only the vertices reachable from the start, renumbered in breadth-first order (start 0)."""
        order = self.reachable()
        if len(order) == len(self) and self.start == 0 and order == list(range(len(order))):
            return self
        new = {v: i for i, v in enumerate(order)}
        return LoopyGraph(tuple(tuple(new[w] for w in self.left[v]) for v in order),
                          tuple(tuple(new[w] for w in self.right[v]) for v in order), 0)

    def at(self, v: int) -> LoopyGraph:
        """The game starting at vertex ``v``, packed."""
        return LoopyGraph(self.left, self.right, v).packed()

    def is_loopfree(self) -> bool:
        """No cycle (a pass counts) is reachable from the start: the graph is a short game."""
        order = self.reachable()
        return _acyclic(order, lambda v: self.left[v] + self.right[v])

    def is_stopper(self) -> bool:
        """No alternating cycle (Left, Right, Left, ... edges) is reachable from the start."""
        return alternation_free(self, self.reachable())

    def is_plumtree(self) -> bool:
        """No cycle but passes (self-loops) is reachable from the start."""
        order = self.reachable()
        return _acyclic(order, lambda v: tuple(w for w in self.left[v] + self.right[v] if w != v))


def alternation_free(graph: LoopyGraph, vertices: Iterable[int]) -> bool:
    """Whether no alternating cycle (Left, Right, Left, ... edges) can be reached from ``vertices``."""
    states = _alternating_states(graph, [(v, mover) for v in vertices for mover in (0, 1)])
    return _acyclic(states, lambda s: _alternating_moves(graph, s))


def _alternating_moves(graph: LoopyGraph, state: tuple[int, int]) -> list[tuple[int, int]]:
    """The states after the mover's moves: (vertex, 0) is Left to move, (vertex, 1) Right."""
    v, mover = state
    return [(w, 1 - mover) for w in (graph.right[v] if mover else graph.left[v])]


def _alternating_states(graph: LoopyGraph, roots: list[tuple[int, int]]) -> list[tuple[int, int]]:
    seen = set(roots)
    order = list(roots)
    i = 0
    while i < len(order):
        for s in _alternating_moves(graph, order[i]):
            if s not in seen:
                seen.add(s)
                order.append(s)
        i += 1
    return order


def _topological(nodes: list, moves: Callable[[Any], Iterable[Any]]) -> list | None:
    """The ``nodes`` (closed under ``moves``) with every node before its moves (Kahn's peeling), or
    None when they hold a cycle."""
    indegree = dict.fromkeys(nodes, 0)
    for x in nodes:
        for y in moves(x):
            indegree[y] += 1
    ready = [x for x in nodes if indegree[x] == 0]
    order = []
    while ready:
        x = ready.pop()
        order.append(x)
        for y in moves(x):
            indegree[y] -= 1
            if indegree[y] == 0:
                ready.append(y)
    return order if len(order) == len(nodes) else None


def _acyclic(nodes: list, moves: Callable[[Any], Iterable[Any]]) -> bool:
    """Whether the graph on ``nodes`` (closed under ``moves``) has no cycle."""
    return _topological(nodes, moves) is not None


ZERO_GRAPH = LoopyGraph(((),), ((),))
ON = LoopyGraph(((0,),), ((),))  # {pass|}
OFF = ON.negative()  # {|pass}
OVER = LoopyGraph(((1,), ()), ((0,), ()))  # {0|pass}
UNDER = OVER.negative()  # {pass|0}
UPON = LoopyGraph(((0,), (2,), ()), ((1,), (2,), ()))  # {pass|*}
DUD_GRAPH = LoopyGraph(((0,),), ((0,),))  # {pass|pass}: not a stopper; its sides are on and off (dud = on & off)


def from_canonical(g: Any) -> LoopyGraph:
    """The graph of a short game (a CanonicalGame): each distinct follower once, start 0."""
    index = {g: 0}
    games = [g]
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []

    def number(x: Any) -> int:
        v = index.get(x)
        if v is None:
            v = index[x] = len(games)
            games.append(x)
        return v

    i = 0
    while i < len(games):
        x = games[i]
        left.append(tuple(number(y) for y in x.left))
        right.append(tuple(number(y) for y in x.right))
        i += 1
    charge(len(games))
    return LoopyGraph(tuple(left), tuple(right), 0)


def to_canonical(graph: LoopyGraph) -> Any:
    """The canonical short game of a loopfree graph (ValueError if a cycle is reachable)."""
    from grundy.cgt.canonical import from_options

    order = _topological(graph.reachable(), lambda v: graph.left[v] + graph.right[v])
    if order is None:
        raise ValueError("the graph is not loopfree: a cycle is reachable from its start")
    done: dict[int, Any] = {}
    for v in reversed(order):  # every option is valued before the vertex
        done[v] = from_options([done[w] for w in graph.left[v]], [done[w] for w in graph.right[v]])
    return done[graph.start]


def from_moves(start: Hashable, left: Callable[[Any], Iterable[Hashable]], right: Callable[[Any], Iterable[Hashable]],
               max_states: int | None = None) -> tuple[LoopyGraph, list]:
    """Explore the positions reachable from ``start`` into a graph (breadth first, start 0).

    ``left(p)`` and ``right(p)`` give the positions (hashable) after each player's moves from ``p``.
    Returns the graph and the position of each vertex. Past ``max_states`` positions (default: the
    budget in force), a LimitError naming the setting.
    """
    limit = limits.current().max_states if max_states is None else max_states
    index = {start: 0}
    positions = [start]
    lefts: list[tuple[int, ...]] = []
    rights: list[tuple[int, ...]] = []

    def number(p: Hashable) -> int:
        v = index.get(p)
        if v is None:
            if len(positions) >= limit:
                raise LimitError(f"the loopy game has more than {limit:,} positions; "
                                 f"{words.raise_or('max_states', 'choose a smaller position')}",
                                 knob="max_states", limit=limit)
            v = index[p] = len(positions)
            positions.append(p)
            if v % 4096 == 0:
                limits.check_memory(f"the loopy game's graph ({v:,} positions so far)")
        return v

    i = 0
    while i < len(positions):
        p = positions[i]
        lefts.append(tuple(number(q) for q in left(p)))
        rights.append(tuple(number(q) for q in right(p)))
        charge(1 + len(lefts[-1]) + len(rights[-1]))  # a step for the position and each move: the work budget
        i += 1
    return LoopyGraph(tuple(lefts), tuple(rights), 0), positions

