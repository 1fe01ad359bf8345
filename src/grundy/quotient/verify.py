"""Marking the P-portion of a candidate and proving it right (Plambeck & Siegel 2008; the checks of
Siegel's MisereSolver, ``markPPortion``, ``lexLeastPFailure`` and ``lexLeastNFailure``).

A candidate is a :class:`~grundy.quotient.monoid.Monoid` (heap action tables) with the options of
every heap. :func:`mark` walks the games in word order (the highest heap first, then its
multiplicity, then the lower heaps), reaching every element first by its least game, and marks an
element P when that game has moves and none of them reaches a P element. :class:`Checker` then
proves the marking right for *every* sum of heaps:

* (V0) the identity is not P;
* (V1) for every element x and heap h: if x·Φ(h) ∈ P then x·t ∉ P for every option t of h;
* (V2) every sum G with moves and Φ(G) ∉ P has an option whose element is P. The sums are explored
  as states (Φ(G), Tr(G)), Tr the set of the options' elements, keeping for each element only the
  minimal transition sets (an antichain): a sum whose state contains a recorded one needs no look.

With (V0)–(V2) every sum's element is P exactly when the sum is a misère P-position (the proof is
by induction on the sum; mq_research §2.2). A failure is returned as the game (a tuple of heaps)
that breaks the rule.

>>> from grundy.quotient.monoid import Monoid, with_cyclic
>>> m = with_cyclic(Monoid.trivial(2), [1], 2, 2)       # nim heaps ≤ 1: heap 1 → g
>>> opts = [[], [()]]
>>> marks = mark(m, opts)
>>> marks.p.tolist(), list(marks.games)
([False, True, False, True], [(), (1,), (1, 1), (1, 1, 1)])
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from grundy.core import limits, work
from grundy.quotient.monoid import Monoid

Game = tuple[int, ...]
Options = Sequence[Sequence[tuple[int, ...]]]


def game_key(game: Game) -> tuple[int, ...]:
    """Sort key of MisereSolver's word order: highest heap first, then multiplicities downwards.

    >>> sorted([(2, 5), (5,), (3, 5), (5, 5)], key=game_key)
    [(5,), (2, 5), (3, 5), (5, 5)]
    """
    return tuple(sorted(game, reverse=True))


def option_tables(monoid: Monoid, options: Options) -> list[np.ndarray]:
    """For each heap, the tables x ↦ x·t, one row per distinct element t of its options."""
    act = monoid.act
    identity = np.arange(monoid.size, dtype=act.dtype)
    tables = []
    for opts in options:
        chosen: dict[int, tuple[int, ...]] = {}
        for option in opts:  # an option's element, by looking up the identity's images
            x = 0
            for h in option:
                x = int(act[h, x])
            chosen.setdefault(x, option)
        rows = []
        for option in chosen.values():
            row = identity
            for h in option:
                row = act[h][row]
            rows.append(row)
        tables.append(np.array(rows, dtype=act.dtype).reshape(len(rows), monoid.size))
    return tables


@dataclass
class Marks:
    """The P-portion found by :func:`mark`, each element's least game and its transition set."""

    p: np.ndarray
    games: Sequence[Game]
    trs: Sequence[frozenset[int]] | np.ndarray
    order: list[int] = field(default_factory=list)


class Games(Sequence):
    """Each element's least game (a tuple of heaps), read from a table of multiplicities."""

    def __init__(self, exps: np.ndarray) -> None:
        self.exps = exps
        self.heaps = np.arange(exps.shape[1])

    def __len__(self) -> int:
        return int(self.exps.shape[0])

    def __getitem__(self, x: int) -> Game:  # type: ignore[override]
        return tuple(np.repeat(self.heaps, self.exps[x]).tolist())


def mark(monoid: Monoid, options: Options, tables: list[np.ndarray] | None = None) -> Marks:
    """Mark the P-portion of a candidate from the rules (MisereSolver's ``markPPortion``), compiled
    (:func:`grundy.kernels.quotient.mark`; :func:`mark_python` is the same in Python)."""
    from grundy.kernels.quotient import mark as compiled

    tables = option_tables(monoid, options) if tables is None else tables
    size, heaps = monoid.size, monoid.heap_count()
    starts = np.cumsum([0] + [t.shape[0] for t in tables]).astype(np.int64)
    starts = np.concatenate([starts, np.full(heaps + 1 - len(starts), starts[-1], dtype=np.int64)])
    rows = np.concatenate([t for t in tables if t.shape[0]] or [np.zeros((0, size))]).astype(np.int64)
    limits.check_memory(f"a candidate misère quotient of {size:,} elements", more=size * (heaps * 4 + 60))
    exps = np.zeros((size, heaps), dtype=np.int32)
    marked = np.zeros(size, dtype=np.bool_)
    order = np.zeros(size, dtype=np.int64)
    starts_at, ends_at = np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.int64)
    room = 8 * size + 64
    while True:
        pool = np.zeros(room, dtype=np.int64)
        found = compiled(monoid.act.astype(np.int64), rows.reshape(-1, size), starts, exps, marked, order, pool,
                         starts_at, ends_at)
        if found >= 0:
            break
        room *= 2
        limits.check_memory(f"the options of a candidate misère quotient of {size:,} elements", more=room * 8)
    work.charge(int(found))
    trs = [pool[a:b] for a, b in zip(starts_at.tolist(), ends_at.tolist(), strict=True)]
    return Marks(marked, Games(exps), trs, order[:found].tolist())


def mark_python(monoid: Monoid, options: Options, tables: list[np.ndarray] | None = None) -> Marks:
    """Mark the P-portion of a candidate from the rules (MisereSolver's ``markPPortion``).

    Stage h adds heap h to the games found so far: the game G + k·h (G the least game of x) has
    the options Tr(G)·Φ(h)ᵏ ∪ x·Φ(h)ᵏ⁻¹·T_h. Elements not reached stay unmarked (restrict first).
    """
    tables = option_tables(monoid, options) if tables is None else tables
    size = monoid.size
    marked = [False] * size
    seen = np.zeros(size, dtype=bool)
    games: list[Game | None] = [None] * size
    trs: list[frozenset[int]] = [frozenset()] * size
    games[0], seen[0] = (), True
    order = [0]
    for h, table in enumerate(tables):
        if not table.shape[0]:
            continue
        act = monoid.act[h]
        base = np.array(order, dtype=monoid.act.dtype)
        values, power = base, np.arange(size, dtype=monoid.act.dtype)
        for k in range(1, size + 2):
            before, values, power = values, act[values], act[power]
            work.charge(len(base))
            fresh = np.flatnonzero(~seen[values])
            if not fresh.size:
                break
            _, first = np.unique(values[fresh], return_index=True)
            picked = np.sort(fresh[first])
            targets = table[:, before[picked]].T.tolist()
            for y, x, options_at in zip(values[picked].tolist(), base[picked].tolist(), targets, strict=True):
                moved = power[list(trs[x])].tolist() if trs[x] else []
                tr = frozenset(moved + options_at)
                games[y], trs[y] = games[x] + (h,) * k, tr
                marked[y] = not any(marked[t] for t in tr)
                order.append(y)
            seen[values[picked]] = True
    return Marks(np.array(marked, dtype=bool), games, trs, order)  # type: ignore[arg-type]


def p_failure(monoid: Monoid, p: np.ndarray, games: Sequence[Game], tables: list[np.ndarray],
              heaps: Sequence[int] | None = None) -> Game | None:
    """The least game breaking (V1), or None; only the given heaps when ``heaps`` is given."""
    found: list[Game] = []
    for h in range(len(tables)) if heaps is None else heaps:
        table = tables[h]
        if not table.shape[0]:
            continue
        bad = p[monoid.act[h]] & p[table].any(axis=0)
        found.extend(games[x] + (h,) for x in np.flatnonzero(bad).tolist())
    return min((tuple(sorted(g)) for g in found), key=game_key, default=None)


class Checker:
    """(V2) by exploring states (element, transition set) with antichains of minimal sets.

    :meth:`extend` explores the sums that use the heaps given, keeping the states already explored,
    so that adding a heap to a verified candidate only explores the new sums. A failure leaves the
    checker as it was (:meth:`extend` rolls back).
    """

    def __init__(self, monoid: Monoid, p: np.ndarray, tables: list[np.ndarray]) -> None:
        self.p = p
        self.pset = frozenset(np.flatnonzero(p).tolist())
        self.states: list[tuple[int, frozenset[int], Game]] = []
        self.chains: dict[int, list[frozenset[int]]] = {}
        self.use(monoid, tables)

    def use(self, monoid: Monoid, tables: list[np.ndarray]) -> None:
        """Read the heaps' tables (the same elements and P-portion, more heaps or a new last heap)."""
        self.rows: list[list[int]] = monoid.act[: len(tables)].tolist()
        self.tables = tables
        self.cols: list[list[frozenset[int]]] = [[frozenset(c) for c in t.T.tolist()] for t in tables]

    def set_row(self, h: int, row: np.ndarray) -> None:
        """Give heap ``h`` a new element (its multiplication table)."""
        self.rows[h] = row.tolist()

    def start(self, heaps: Sequence[int], below: Game | None = None) -> Game | None:
        """Explore every sum of the given heaps (those before ``below`` in word order, when given);
        the least failing game, or None when (V2) holds."""
        return self._explore([(0, frozenset(), ())], heaps, None if below is None else game_key(below))

    def extend(self, heap: int, heaps: Sequence[int]) -> Game | None:
        """Explore the sums with ``heap`` added (the others already explored)."""
        seeds = [self._step(s, heap) for s in self.states]
        return self._explore(seeds, heaps)

    def _step(self, state: tuple[int, frozenset[int], Game], h: int) -> tuple[int, frozenset[int], Game]:
        x, tr, game = state
        row = self.rows[h]
        return row[x], frozenset([row[t] for t in tr]) | self.cols[h][x], game + (h,)

    def load(self, x: int, tr: frozenset[int], game: Game) -> None:
        """Record an explored state (from the compiled search, grundy.quotient.fast)."""
        self.chains.setdefault(x, []).append(tr)
        self.states.append((x, tr, game))

    def moving(self, heaps: Sequence[int]) -> list[int]:
        """One heap for each distinct pair (Φ(h), T_h) among the heaps that move: sums differing
        only by such heaps have the same states, so one of them is enough."""
        found: dict[tuple, int] = {}
        for h in heaps:
            if self.cols[h] and self.cols[h][0]:
                found.setdefault((tuple(self.rows[h]), tuple(self.cols[h])), h)
        return sorted(found.values())

    def _explore(self, seeds: list, heaps: Sequence[int], bound: tuple | None = None) -> Game | None:
        moving = self.moving(heaps)
        added: list[tuple[int, frozenset[int]]] = []
        queue = [(game_key(state[2]), i, state) for i, state in enumerate(seeds)]
        heapq.heapify(queue)
        pushed = {key for key, _, _ in queue}  # a game's state depends on the game only: look once
        count = len(queue)
        while queue:  # in word order, so that the first failure met is the least explored
            state = heapq.heappop(queue)[2]
            x, tr, game = state
            chain = self.chains.setdefault(x, [])
            if any(low <= tr for low in chain):
                continue
            if (x in self.pset) != (bool(tr) and not (tr & self.pset)):
                self._undo(added, len(self.states) - len(added))
                return tuple(sorted(game))
            chain.append(tr)
            added.append((x, tr))
            self.states.append(state)
            work.charge(1)
            for h in moving:
                key = game_key(game + (h,))
                if key in pushed or (bound is not None and key >= bound):
                    continue
                pushed.add(key)
                count += 1
                heapq.heappush(queue, (key, count, self._step(state, h)))
        return None

    def _undo(self, added: list[tuple[int, frozenset[int]]], keep: int) -> None:
        for x, tr in added:
            self.chains[x].remove(tr)
        del self.states[keep:]
