"""The onside and offside of a loopy partizan game, as canonical stoppers.

Every stopper-sided game G is ``G⁺ & G⁻``: its onside G⁺ (infinite play won by Left) and its offside G⁻
(won by Right) are stoppers (Winning Ways ch. 11; Siegel, *Combinatorial Game Theory* ch. VI). The onside
is found a strongly connected component of the graph at a time, sinks first, the options leaving a
component already replaced by their onsides. A component without alternating cycles is a stopper there
and is simplified as one. In another, edges of its alternating cycles are deleted while the onside of
every vertex of the component stays the same (CGSuite's irrelevant cyclic edges: checked with the sided
comparison, all of one player's edges at once first, then one at a time) until no alternating cycle is
left; should no edge go, the component is *sidled* (Winning Ways ch. 11): from S₀(x) = on for each
position x of it, S_{n+1}(x) = the simplest form of {S_n(xᴸ) | S_n(xᴿ)}, until no position changes
(:data:`MAX_ROUNDS` at most). The offside is minus the onside of -G.

The onside found is **verified**: it must equal G on the onside (CGSuite's sided comparison,
:func:`grundy.cgt.loopy.compare.sided_leq`, both ways) before it is returned (else the two ways are tried
in the other order). A game whose side is not a stopper (a *carousel*, like Bach's Carousel) raises
:class:`NotStopperSided`.

>>> from grundy.cgt.loopy.graph import DUD_GRAPH, ON, OVER, UNDER
>>> sides(DUD_GRAPH) == (ON, ON.negative()), sides(OVER + UNDER) == (OVER, UNDER)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from grundy.cgt.loopy.canonical import Pool, canonical_stopper, components
from grundy.cgt.loopy.compare import sided_leq, sided_pairs
from grundy.cgt.loopy.graph import LoopyGraph, alternation_free
from grundy.core.errors import GrundyError
from grundy.core.work import charge

MAX_ROUNDS = 16  # sidling rounds of one component before giving up on it
ORDERS = 8  # shuffled orders in which to try deleting the edges of a component's alternating cycles


class NotStopperSided(GrundyError):
    """A loopy game whose onside or offside is not a stopper (a carousel, like Bach's Carousel)."""


def sides(g: LoopyGraph) -> tuple[LoopyGraph, LoopyGraph]:
    """The onside and offside of ``g`` as canonical stoppers (both the game itself for a stopper)."""
    g = g.packed()
    if g.is_stopper():
        c = canonical_stopper(g)
        return c, c
    return onside(g), onside(g.negative(), "offside").negative()


def onside(g: LoopyGraph, side: str = "onside") -> LoopyGraph:
    """The onside of ``g`` as a canonical stopper, verified; NotStopperSided if there is none (naming
    ``side``: the offside of -g is minus this onside)."""
    g = g.packed()
    for breaking_first in (True, False):  # if the first answer were wrong, the other order
        candidate = _candidate(g, breaking_first)
        if candidate is not None and sided_leq(candidate, g, onside=True) and sided_leq(g, candidate, onside=True):
            return candidate
    raise _carousel(side)


def _candidate(g: LoopyGraph, breaking_first: bool) -> LoopyGraph | None:
    """The onside found a component at a time (not yet verified): a component with alternating cycles
    by breaking them, else by sidling (or the other way round); None if neither settles a component."""
    pool = Pool()
    value = [-1] * len(g)
    ways = (_break_cycles, _sidle) if breaking_first else (_sidle, _break_cycles)
    for component in components(g):
        if not _alternating_inside(g, component):
            pool.add_component(g, component, value)
        elif not any(way(g, component, value, pool) for way in ways):
            return None
    return canonical_stopper(pool.graph_at(value[g.start]))


def _carousel(side: str) -> NotStopperSided:
    return NotStopperSided(f"no stopper was found for the game's {side}: it is a carousel, like Bach's Carousel, "
                           f"whose sides are not stoppers, or past the methods here (deleting cyclic edges, "
                           f"sidling); only stopper-sided loopy games have a value here")


def _alternating_inside(g: LoopyGraph, component: list[int]) -> bool:
    """Whether some alternating cycle stays inside the component."""
    inside = set(component)
    sub = {v: k for k, v in enumerate(component)}
    graph = LoopyGraph(tuple(tuple(sub[w] for w in g.left[v] if w in inside) for v in component),
                       tuple(tuple(sub[w] for w in g.right[v] if w in inside) for v in component))
    return not alternation_free(graph, range(len(component)))


def _sidle(g: LoopyGraph, component: list[int], value: list[int], pool: Pool) -> bool:
    """Sidle the component from on (see the module's docstring), valuing its vertices in the pool;
    False if it has not settled after :data:`MAX_ROUNDS` rounds."""
    on = pool.on()
    current = dict.fromkeys(component, on)
    keys = {v: pool.key(on) for v in component}
    for _ in range(MAX_ROUNDS):
        charge(len(component))
        found = {v: pool.join([[current.get(w, value[w]) for w in g.left[v]]],
                              [[current.get(w, value[w]) for w in g.right[v]]])[0] for v in component}
        new_keys: dict[int, Hashable] = {v: pool.key(p) for v, p in found.items()}
        current = found
        if new_keys == keys:
            for v in component:
                value[v] = current[v]
            return True
        keys = new_keys
    return False


def _break_cycles(g: LoopyGraph, component: list[int], value: list[int], pool: Pool) -> bool:
    """Delete edges of the component's alternating cycles that leave the onside of each of its vertices
    as it is (CGSuite's irrelevant cyclic edges: a Right edge when the game without it is still <= the
    game on the onside, a Left edge when it is still >=), until it is a stopper; then simplify it.
    Which edges can go depends on those gone before: the edges are tried in their order first, then in
    :data:`ORDERS` shuffled orders (seeded: the answer does not change from run to run). False if every
    order leaves an alternating cycle none of whose edges can go."""
    inside = {v: k for k, v in enumerate(component)}
    lefts = [[-1 - inside[w] if w in inside else value[w] for w in g.left[v]] for v in component]
    rights = [[-1 - inside[w] if w in inside else value[w] for w in g.right[v]] for v in component]
    start, below = pool.local(lefts, rights)
    base = len(below)
    for attempt in range(1 + ORDERS):
        graph = _cut_cycles(start, base, random.Random(attempt) if attempt else None)
        if graph is not None:
            break
    else:
        return False
    found = pool.join([[_code(w, base, below) for w in graph.left[v]] for v in range(base, len(graph))],
                      [[_code(w, base, below) for w in graph.right[v]] for v in range(base, len(graph))])
    for v, p in zip(component, found, strict=True):
        value[v] = p
    return True


def _cut_cycles(graph: LoopyGraph, base: int, shuffle: random.Random | None) -> LoopyGraph | None:
    """The graph with edges of alternating cycles among its vertices from ``base`` on deleted while the
    onsides stay (all of one player's at once first, unless ``shuffle``; then one at a time, going on from
    the last one deleted); None if a cycle is left none of whose edges can go."""
    cyclic = _cyclic_edges(graph, base, shuffle)
    if shuffle is None:
        for batch in ([e for e in cyclic if not e[0]], [e for e in cyclic if e[0]]):  # all of one player's
            if batch and _same_onside(graph, (trial := _without(graph, batch)), batch[0][0], base):
                graph, cyclic = trial, _cyclic_edges(trial, base, shuffle)
    at = 0
    while cyclic:
        for k in range(len(cyclic)):
            edge = cyclic[(at + k) % len(cyclic)]
            trial = _without(graph, [edge])
            if _same_onside(graph, trial, edge[0], base):
                graph, at = trial, (at + k) % len(cyclic)
                break
        else:
            return None
        cyclic = _cyclic_edges(graph, base, shuffle)
    return graph


def _code(w: int, base: int, below: list[int]) -> int:
    return below[w] if w < base else base - 1 - w


def _cyclic_edges(graph: LoopyGraph, base: int, shuffle: random.Random | None = None) -> list[tuple[bool, int, int]]:
    """The edges (is_left, vertex, target) among the new vertices (from ``base`` on) that lie on
    alternating cycles, Right's first (or shuffled). A state 2k + mover stands for new vertex base + k,
    mover to move."""
    count = len(graph) - base

    def moves(v: int, mover: int) -> tuple[int, ...]:
        return tuple(2 * (w - base) + 1 - mover for w in (graph.right[v] if mover else graph.left[v]) if w >= base)

    states = LoopyGraph(tuple(moves(base + k, mover) for k in range(count) for mover in (0, 1)),
                        tuple(() for _ in range(2 * count)))
    where = [0] * (2 * count)
    for number, component in enumerate(components(states)):
        for state in component:
            where[state] = number
    edges = []
    for is_left in (False, True):
        for k in range(count):
            v = base + k
            me = where[2 * k + (0 if is_left else 1)]
            edges += [(is_left, v, w) for w in dict.fromkeys(graph.left[v] if is_left else graph.right[v])
                      if w >= base and where[2 * (w - base) + (1 if is_left else 0)] == me]
    if shuffle is not None:
        shuffle.shuffle(edges)
    return edges


def _without(graph: LoopyGraph, edges: list[tuple[bool, int, int]]) -> LoopyGraph:
    """The graph without these edges (is_left, vertex, target), all of one player's."""
    is_left = edges[0][0]
    options = graph.left if is_left else graph.right
    cut = {v: set() for _, v, _ in edges}
    for _, v, w in edges:
        cut[v].add(w)
    new = tuple(tuple(w for w in t if w not in cut[v]) if v in cut else t for v, t in enumerate(options))
    return LoopyGraph(new, graph.right, graph.start) if is_left else LoopyGraph(graph.left, new, graph.start)


def _same_onside(graph: LoopyGraph, trial: LoopyGraph, left_cut: bool, base: int) -> bool:
    """Whether ``trial`` (``graph`` less edges of one player's) has the same onside at every vertex from
    ``base`` on: less of Left's edges can only lower it, less of Right's only raise it."""
    smaller, larger = (graph, trial) if left_cut else (trial, graph)
    return all(sided_pairs(smaller, larger, [(v, v) for v in range(base, len(graph))], onside=True))


__all__ = ["NotStopperSided", "onside", "sides"]
