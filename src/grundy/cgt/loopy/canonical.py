"""The simplest form of a stopper, and a key that is equal exactly for equal stoppers.

Every stopper has a unique simplest form (Siegel, *Combinatorial Game Theory* ch. VI; CGSuite's
CanonicalStopper): no reversible option (a Left option G^L with a Right option G^LR <= G is replaced by
the Left options of G^LR; Right's symmetrically), no dominated option, and no two equal vertices (equal
vertices are fused). The comparisons come from one table of ``u <= w`` for every pair of vertices
(:func:`grundy.cgt.loopy.compare.leq_table`); the simplifications keep the value of every vertex, so the
table stays true while the graph changes.

A large graph is worked out a strongly connected component at a time, sinks first: the options leaving
a component are replaced by their simplest forms already found (short values through grundy.cgt's
canonical forms, shared in one pool), so each table is as small as one component and the distinct
values below it. A loopfree result is the graph of the canonical short game.

>>> from grundy.cgt.loopy.graph import LoopyGraph, ON, OVER
>>> canonical_stopper(LoopyGraph(((1, 0), ()), ((), ())))   # {0, pass|}: 0 is dominated, on remains
LoopyGraph(left=((0,),), right=((),), start=0)
>>> a_over = LoopyGraph(((1,), (), (1,)), ((2,), (), (0,)))   # {0 | {0 | a}} with a the game itself
>>> canonical_stopper(a_over) == OVER, stopper_key(a_over) == stopper_key(OVER)
(True, True)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from grundy.cgt.loopy.compare import leq_table
from grundy.cgt.loopy.graph import LoopyGraph, NotStopper
from grundy.core.work import charge

__all__ = ["NotStopper", "Pool", "canonical_stopper", "components", "simplify", "stopper_key"]

LISTED_UP_TO = 2000  # vertices whose table is read as Python lists (about 8 bytes a pair)
WHOLE_UP_TO = 120  # vertices simplified with one table; larger graphs go a component at a time


def canonical_stopper(g: LoopyGraph) -> LoopyGraph:
    """The simplest form of the stopper ``g`` (packed, start 0); NotStopper if ``g`` is not a stopper."""
    g = g.packed()
    if not g.is_stopper():
        raise NotStopper("the game is not a stopper: play can alternate for ever; value its sides instead")
    if len(g) > WHOLE_UP_TO:
        g = _by_components(g)
    left, right, vertex = simplify(g)
    return LoopyGraph(tuple(left), tuple(right), vertex[g.start]).packed()


def simplify(g: LoopyGraph) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[int]]:
    """Simplify every vertex of the stopper graph ``g``: (left, right, vertex) where vertex[v] is the
    vertex that v is fused into; the graph reachable from any vertex[v] is v's simplest form."""
    table = leq_table(g, g)
    le = table.tolist() if len(g) <= LISTED_UP_TO else table  # Python lists are faster, numpy smaller
    left, right = [list(t) for t in g.left], [list(t) for t in g.right]
    changed = True
    while changed:
        changed = False
        for v in range(len(g)):
            new_left = _dominant(_bypass(left, right, v, le, True), le, True)
            new_right = _dominant(_bypass(right, left, v, le, False), le, False)
            if new_left != left[v] or new_right != right[v]:
                left[v], right[v], changed = new_left, new_right, True
        charge(len(g))
    vertex = _fusion(table)
    fused_left = [tuple(dict.fromkeys(vertex[w] for w in left[v])) for v in range(len(g))]
    fused_right = [tuple(dict.fromkeys(vertex[w] for w in right[v])) for v in range(len(g))]
    return fused_left, fused_right, vertex


def _bypass(mine: list[list[int]], theirs: list[list[int]], v: int, le: list[list[bool]], is_left: bool) -> list[int]:
    """v's options for one player (``mine``) with the reversible ones bypassed: a Left option x is
    reversible through a Right option y of x with y <= v (Right: v <= y), and is replaced by y's Left
    options (Right: y's Right options) that v has not already."""
    options = list(mine[v])
    i = 0
    while i < len(options):
        x = options[i]
        through = next((y for y in theirs[x] if (le[y][v] if is_left else le[v][y])), None)
        if through is None:
            i += 1
            continue
        extra = [w for w in dict.fromkeys(mine[through]) if w not in options]
        options = options[:i] + options[i + 1:] + extra
    return options


def _dominant(options: list[int], le: list[list[bool]], is_left: bool) -> list[int]:
    """The options no other one dominates (Left keeps the largest, Right the smallest); of equal ones
    the first."""
    kept = []
    for i, x in enumerate(options):
        beaten = False
        for j, y in enumerate(options):
            if i == j:
                continue
            worse = le[x][y] if is_left else le[y][x]
            same = le[y][x] if is_left else le[x][y]
            if worse and (not same or j < i):
                beaten = True
                break
        if not beaten:
            kept.append(x)
    return kept


def _fusion(table: np.ndarray) -> list[int]:
    """For each vertex, the first vertex equal to it (equal vertices have equal rows of the table)."""
    first: dict[bytes, int] = {}
    return [first.setdefault(row.tobytes(), v) for v, row in enumerate(np.packbits(table, axis=1))]


def stopper_key(g: LoopyGraph) -> Hashable:
    """A key of the stopper's value: equal keys iff the games are equal (their simplest forms are
    isomorphic). Colours are refined from the options' colours until stable (in a simplest form every
    vertex gets its own colour), then the graph is written with its colours."""
    c = canonical_stopper(g)
    colour = [0] * len(c)
    count = 1
    while True:
        signature = [(colour[v], tuple(sorted(colour[w] for w in c.left[v])),
                      tuple(sorted(colour[w] for w in c.right[v]))) for v in range(len(c))]
        ranks = {s: r for r, s in enumerate(sorted(set(signature)))}
        colour = [ranks[s] for s in signature]
        if len(ranks) == count:
            break
        count = len(ranks)
    return colour[c.start], tuple(sorted(set(signature)))


def _by_components(g: LoopyGraph) -> LoopyGraph:
    """An equal graph built a strongly connected component at a time (sinks first), each component
    simplified against the simplest forms of the options leaving it, shared in one pool."""
    pool = Pool()
    value = [-1] * len(g)  # pool vertex of each vertex of g
    for component in components(g):
        pool.add_component(g, component, value)
    return pool.graph_at(value[g.start])


class Pool:
    """A growing graph of simplified vertices; short values once each (by their canonical form)."""

    def __init__(self) -> None:
        self.left: list[list[int]] = []
        self.right: list[list[int]] = []
        self.short: dict[Any, int] = {}  # CanonicalGame -> pool vertex
        self.game: list[Any] = []  # CanonicalGame of a pool vertex, None for a loopy one
        self._on: int | None = None
        self._joined: dict[tuple, int] = {}  # the options of one new vertex -> its pool vertex
        self._keys: dict[int, Hashable] = {}

    def vertex_of(self, game: Any) -> int:
        """The pool vertex of a short game, adding its followers not yet in."""
        stack = [game]
        while stack:
            x = stack[-1]
            if x in self.short:
                stack.pop()
                continue
            todo = [y for y in x.left + x.right if y not in self.short]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            self.short[x] = self._new([self.short[y] for y in x.left], [self.short[y] for y in x.right], x)
        return self.short[game]

    def _new(self, left: list[int], right: list[int], game: Any) -> int:
        self.left.append(left)
        self.right.append(right)
        self.game.append(game)
        return len(self.left) - 1

    def add_component(self, g: LoopyGraph, component: list[int], value: list[int]) -> None:
        """Simplify one strongly connected component of g whose outside options are valued."""
        inside = {v: k for k, v in enumerate(component)}

        def code(w: int) -> int:
            return -1 - inside[w] if w in inside else value[w]

        found = self.join([[code(w) for w in g.left[v]] for v in component],
                          [[code(w) for w in g.right[v]] for v in component])
        for v, p in zip(component, found, strict=True):
            value[v] = p

    def join(self, lefts: list[list[int]], rights: list[list[int]]) -> list[int]:
        """Pool vertices of new vertices with these options: a pool vertex p >= 0, or -1 - k for the k-th
        new vertex. One new vertex with short options only is valued by grundy.cgt."""
        if len(lefts) == 1 and min(lefts[0] + rights[0], default=0) >= 0:
            known = (tuple(lefts[0]), tuple(rights[0]))
            if known not in self._joined:
                self._joined[known] = self._join(lefts, rights)[0]
            return [self._joined[known]]
        return self._join(lefts, rights)

    def _join(self, lefts: list[list[int]], rights: list[list[int]]) -> list[int]:
        if len(lefts) == 1 and all(p >= 0 and self.game[p] is not None for p in lefts[0] + rights[0]):
            from grundy.cgt.canonical import from_options

            return [self.vertex_of(from_options([self.game[p] for p in lefts[0]],
                                                [self.game[p] for p in rights[0]]))]
        graph, below = self.local(lefts, rights)
        k = len(below)
        left, right, vertex = simplify(graph)
        pool_of = dict(enumerate(below))
        fresh = [i for i in range(k, len(graph)) if vertex[i] == i]
        for i in fresh:
            pool_of[i] = self._new([], [], None)
        for i in fresh:
            self.left[pool_of[i]] = [pool_of[w] for w in left[i]]
            self.right[pool_of[i]] = [pool_of[w] for w in right[i]]
        self._shorten([pool_of[i] for i in fresh])
        return [pool_of[vertex[i]] for i in range(k, len(graph))]

    def local(self, lefts: list[list[int]], rights: list[list[int]]) -> tuple[LoopyGraph, list[int]]:
        """The graph of the pool vertices below new vertices with these options (coded as in
        :meth:`join`), then the new vertices: the graph, and the pool vertices it starts with."""
        below = self._closure([p for options in lefts + rights for p in options if p >= 0])
        local = {p: i for i, p in enumerate(below)}  # pool vertices first, so fusion keeps them
        k = len(below)

        def at(p: int) -> int:
            return k - 1 - p if p < 0 else local[p]

        graph = LoopyGraph(tuple(tuple(local[w] for w in self.left[p]) for p in below)
                           + tuple(tuple(at(p) for p in options) for options in lefts),
                           tuple(tuple(local[w] for w in self.right[p]) for p in below)
                           + tuple(tuple(at(p) for p in options) for options in rights))
        return graph, below

    def on(self) -> int:
        """The pool vertex of on = {pass|}."""
        if self._on is None:
            self._on = self._new([], [], None)
            self.left[self._on].append(self._on)
        return self._on

    def key(self, p: int) -> Hashable:
        """A key of the value of pool vertex p (its short game, else its stopper key)."""
        if self.game[p] is not None:
            return self.game[p]
        if p not in self._keys:
            self._keys[p] = ("loopy", stopper_key(self.graph_at(p)))
        return self._keys[p]

    def graph_at(self, p: int) -> LoopyGraph:
        """The pool's graph from vertex p, packed."""
        order = self._closure([p])
        new = {q: i for i, q in enumerate(order)}
        return LoopyGraph(tuple(tuple(new[w] for w in self.left[q]) for q in order),
                          tuple(tuple(new[w] for w in self.right[q]) for q in order))

    def _shorten(self, fresh: list[int]) -> None:
        """Give the fresh pool vertices whose graph is loopfree their short game (options first)."""
        from grundy.cgt.canonical import from_options

        todo = list(fresh)
        while todo:
            ready = [p for p in todo if all(self.game[q] is not None for q in self.left[p] + self.right[p])]
            if not ready:
                return
            for p in ready:
                game = from_options([self.game[q] for q in self.left[p]], [self.game[q] for q in self.right[p]])
                self.game[p] = game
                self.short.setdefault(game, p)
            todo = [p for p in todo if self.game[p] is None]

    def _closure(self, roots: list[int]) -> list[int]:
        seen = dict.fromkeys(roots)
        order = list(seen)
        i = 0
        while i < len(order):
            for w in self.left[order[i]] + self.right[order[i]]:
                if w not in seen:
                    seen[w] = None
                    order.append(w)
            i += 1
        return order


def components(g: LoopyGraph) -> list[list[int]]:
    """The strongly connected components of g, sinks first (Tarjan's algorithm, iterative)."""
    n = len(g)
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            v, k = work.pop()
            if k == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on_stack[v] = True
            nexts = g.left[v] + g.right[v]
            while k < len(nexts) and index[nexts[k]] >= 0:
                w = nexts[k]
                if on_stack[w]:
                    low[v] = min(low[v], index[w])
                k += 1
            if k < len(nexts):
                work.append((v, k + 1))
                work.append((nexts[k], 0))
                continue
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    component.append(w)
                    if w == v:
                        break
                out.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return out

