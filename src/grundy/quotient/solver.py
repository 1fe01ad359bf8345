"""The misère quotient heap by heap (Plambeck & Siegel 2008; Siegel's MisereSolver, ``next()``).

For each heap n in turn: if n has no move it maps to the identity. Otherwise the solver first tries
to give n an element the quotient already has (each element with the right outcome, checked by
(V1) for heap n and (V2) on the new sums only). When none passes, the presentation changes: heap n
gets a new cyclic factor C(2, 2), the P-portion is marked from the rules, the candidate is reduced
and restricted to what the heaps generate, and it is verified; at the least failing game the heaps
of that game get fresh cyclic factors (larger index and period) until the candidate passes. A
candidate is accepted only once (V0), (V1) and (V2) hold, so every quotient returned is proved
(mq_research §2.2): reduced, onto, and exact on every sum of heaps ≤ n.

>>> import grundy
>>> state = solve(grundy.ruleset("nim"), 2)
>>> state.monoid.size, int(state.p.sum()), state.expansions
(6, 2, [1, 2])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from grundy.core import limits, work
from grundy.core.errors import GrundyError
from grundy.quotient import fast
from grundy.quotient.monoid import Monoid, reduce, restrict, with_cyclic, with_heaps
from grundy.quotient.rules import heap_options
from grundy.quotient.verify import Checker, Game, Marks, mark, option_tables, p_failure

MAX_ROUNDS = 400  # recalibrations of one heap before the solver gives up (never met in practice)


@dataclass
class State:
    """A verified quotient of the heaps ``0..len(options)-1``: monoid, P-portion, least games."""

    monoid: Monoid
    p: np.ndarray
    marks: Marks
    options: list[list[tuple[int, ...]]]
    checker: Checker | None = None
    expansions: list[int] = field(default_factory=list)


def solve(rules: object, max_heap: int, options: list[list[tuple[int, ...]]] | None = None) -> State:
    """The verified quotient of the heaps ``0..max_heap`` of ``rules`` (options read from the rules
    unless given, as lists of tuples of smaller heaps)."""
    options = heap_options(rules, max_heap) if options is None else options
    first = [options[0]]
    monoid = Monoid.trivial(1)
    state = State(monoid, np.zeros(1, dtype=bool), mark(monoid, first), first)
    if options[0]:
        raise GrundyError("heap 0 has a move; a heap game's heap 0 must be terminal")
    for n in range(1, max_heap + 1):
        state = next_heap(state, options[: n + 1])
    return state


def next_heap(state: State, options: list[list[tuple[int, ...]]]) -> State:
    """The quotient with the last heap of ``options`` added to the verified ``state``."""
    n = len(options) - 1
    monoid = with_heaps(state.monoid, n + 1)
    if not options[n]:
        tables = option_tables(monoid, options)
        checker = state.checker
        if checker is not None:
            checker.use(monoid, tables)
        return State(monoid, state.p, state.marks, options, checker, state.expansions)
    reused = _reuse(state, monoid, options)
    if reused is not None:
        return reused
    candidate = _candidate(_product(monoid, n, 2, 2), options)
    for _ in range(MAX_ROUNDS):
        failure = _failure(candidate)
        if failure is None:
            candidate.expansions = state.expansions + [n]
            return candidate
        candidate = _recalibrate(candidate, failure)
    raise GrundyError(f"the misère quotient did not settle at heap {n} after {MAX_ROUNDS} recalibrations")


def _reuse(state: State, monoid: Monoid, options: list[list[tuple[int, ...]]]) -> State | None:
    """The state with heap n given an existing element, or None when no element passes."""
    n = len(options) - 1
    tables = option_tables(monoid, options)
    is_p = not state.p[tables[n][:, 0]].any()
    heaps = list(range(n + 1))
    if state.checker is None:
        state.checker = Checker(state.monoid, state.p, tables[:n])
        if state.checker.start(heaps[:n]) is not None:
            raise GrundyError("internal error: a verified misère quotient failed its check")
    checker = state.checker
    checker.use(monoid, tables)
    for x in state.marks.order:
        if bool(state.p[x]) != is_p:
            continue
        monoid.act[n] = _column(monoid, state.marks.games[x])
        if p_failure(monoid, state.p, state.marks.games, tables, [n]) is not None:
            continue
        checker.set_row(n, monoid.act[n])
        if checker.extend(n, heaps) is None:
            return State(monoid, state.p, state.marks, options, checker, state.expansions)
    checker.use(state.monoid, tables[:n])
    return None


def _column(monoid: Monoid, game: Game) -> np.ndarray:
    """Multiplication by the element of ``game``."""
    column = np.arange(monoid.size, dtype=monoid.act.dtype)
    for h in game:
        column = monoid.act[h][column]
    return column


def _candidate(monoid: Monoid, options: list[list[tuple[int, ...]]]) -> State:
    """Restrict, mark P from the rules and reduce, until the reduced marking is stable."""
    while True:
        monoid, _ = restrict(monoid)
        marks = mark(monoid, options)
        reduced, _, _ = reduce(monoid, marks.p)
        if reduced.size == monoid.size:
            return State(monoid, marks.p, marks, options)
        monoid = reduced  # marked again on the reduced monoid (its least games may differ)
        work.charge(monoid.size)


def _failure(candidate: State) -> Game | None:
    """The least failing game of a candidate, or None when it is verified (V0, V1, V2)."""
    monoid, p, options = candidate.monoid, candidate.p, candidate.options
    if p[0]:
        return ()
    tables = option_tables(monoid, options)
    fail_p = p_failure(monoid, p, candidate.marks.games, tables)
    if fail_p is not None:  # the cheap check first (the least (V1) failure; a (V2) one may be smaller)
        return fail_p
    checker = Checker(monoid, p, tables)
    fail_n = fast.start(checker, list(range(len(options))))
    if fail_n is None:
        candidate.checker = checker
    return fail_n


def _recalibrate(candidate: State, failure: Game) -> State:
    """Give heaps of the failing game fresh cyclic factors so that it gets its right outcome
    (fewest heaps first, as MisereSolver's ``recalibrate``)."""
    monoid, options = candidate.monoid, candidate.options
    should_be_p = not candidate.p[monoid.element_of(failure)]
    counts = Counter(h for h in failure if options[h])
    heaps = sorted(counts)
    for size in range(1, len(heaps) + 1):
        for chosen in combinations(heaps, size):
            trial = _refactor(monoid, options, chosen, counts, 0)
            if bool(trial.p[trial.monoid.element_of(failure)]) == should_be_p:
                return trial
    return _refactor(monoid, options, heaps, counts, 2)


def _refactor(monoid: Monoid, options: list, chosen: tuple[int, ...] | list[int], counts: Counter,
              more: int) -> State:
    """The candidate with each chosen heap on its own new cyclic factor."""
    indices = {h: max(monoid.power_index(h), counts[h]) + more for h in chosen}
    base = Monoid(monoid.size, monoid.act.copy())
    for h in chosen:
        base.act[h] = np.arange(base.size, dtype=base.act.dtype)
    base, _ = restrict(base)
    for h in chosen:
        index = indices[h]
        base = _product(base, h, index, max(2, 2 * ((index - 4) // 2)))
    return _candidate(base, options)


def _product(monoid: Monoid, heap: int, index: int, period: int) -> Monoid:
    """``monoid × C(index, period)`` with ``heap`` on the new factor, charged to the budget first."""
    size = monoid.size * (index + period)
    work.charge(size)
    limits.check_memory(f"a candidate misère quotient of {size:,} elements", more=size * monoid.heap_count() * 12)
    return with_cyclic(monoid, [heap], index, period)
