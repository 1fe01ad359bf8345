"""Periodicity of a heap game's values, proved where a theorem applies.

A sequence G is (arithmetic-)periodic with preperiod n0, period p and saltus s when
``G(n + p) = G(n) + s`` for all ``n >= n0``; ``preperiod`` is the least such n0 counted from heap 0
(Kayles: 71, period 12). Values are computed by doubling the table until a theorem proves the
period seen (``proved``) or ``max_n`` is reached (then the period is only observed, if at all).
Without ``max_n`` the search looks only as far as the work budget makes worth it: with no period
in sight it stops after a twentieth of the budget (:data:`SIGHT_SHARE`), and a period in sight is
followed only where its proof fits the budget.

>>> from grundy import ruleset
>>> p = find_period(ruleset("subtraction:1,3,4"))
>>> (p.preperiod, p.period, p.proved)
(0, 7, True)
>>> p.p_positions()
'P-positions: n ≡ 0, 2 (mod 7)'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.core import limits, words
from grundy.core.errors import Interrupted, LimitError, TableWorkError
from grundy.core.ruleset import Ruleset, Shape
from grundy.patterns.periodicity import NOT_IN_SIGHT, PairSet, Periodicity, closed_form_period, found_in, no_period

__all__ = ["DEFAULT_MAX", "NOT_IN_SIGHT", "PairSet", "Periodicity", "SearchStatus", "fills_ahead", "find_period",
           "table_plan", "work_budget"]

FIRST_LENGTH = 256
NO_THEOREM = "no periodicity theorem applies to this game"
ARITHMETIC = "arithmetic-periodic (each period adds the saltus): the periodicity theorem proves only plain periods"
DEFAULT_MAX = 1 << 26  # values computed when no --max is given (and the memory and work budgets allow)
WORK_PER_STATE = 10_000  # kernel steps worth one position of max_states: both cost about 5 µs (a step 0.4-2 ns)
SIGHT_SHARE = 20  # without --max, a search with no period in sight spends at most 1/20 of the work budget
SIGHT_VALUES = 1 << 20  # ... or, where the kernel does not count its steps, computes at most this many values
BLOCK_SECONDS = 3.0  # the work of one block of values, so progress and Ctrl-C answer promptly
IN_SIGHT = 1 / 16  # a period seen over this share of the values (and once whole) is "in sight": blocks end at its proof


def work_budget() -> int:
    """The kernel steps the budget in force allows one table or search: ``max_states`` ×
    :data:`WORK_PER_STATE`, the same in every door (``values(n)`` in Python, ``grundy table``,
    ``grundy period``, the sweep).

    >>> from grundy.core.limits import budget
    >>> with budget(max_states=1000):
    ...     work_budget()
    10000000
    """
    return limits.current().max_states * WORK_PER_STATE


@dataclass(frozen=True)
class SearchStatus:
    """Where a period search stands, as :func:`find_period` reports it to ``progress``.

    ``candidate`` is the least ``(period, preperiod, saltus)`` in sight (holding over the last
    stretch of values), ``needed`` the values its proof needs (None without a theorem), ``rare``
    the rare values the sparse-space kernel has listed (None for other kernels), ``rate`` values
    per second over the last block, ``target`` the values the search is heading for (the proof's,
    or where it stops looking) and ``seconds_left`` the time to reach it at that rate.
    """

    values: int
    limit: int
    candidate: tuple[int, int, int] | None
    needed: int | None
    rare: int | None
    rate: float
    target: int = 0
    seconds_left: float | None = None


def default_max(rules: Ruleset) -> int:
    """The values a search computes when no ``max_n`` is given: :data:`DEFAULT_MAX`, or fewer when
    the memory budget holds fewer (a table of a game without one counts against ``--max-states``)."""
    if not rules.keeps_table:
        return min(DEFAULT_MAX, max(limits.current().max_states, FIRST_LENGTH))
    itemsize = np.dtype(rules.value_dtype).itemsize
    free = max(limits.current().memory - limits.resident_bytes(), 0)
    return max(min(DEFAULT_MAX, free // itemsize), FIRST_LENGTH)


def table_bytes(rules: Ruleset, max_n: int) -> int:
    """The memory a search of up to ``max_n`` values takes for its table."""
    return max_n * np.dtype(rules.value_dtype).itemsize if rules.keeps_table else 0


def table_plan(rules: Ruleset, max_n: int | None = None) -> tuple[int, int]:
    """How many values a period search of ``rules`` computes at most (``max_n``, else
    :func:`default_max`) and the memory its table takes: refused at once (:class:`LimitError`)
    where the table would not fit the memory budget, so a caller may say what is ahead before the
    search begins. The search plans itself the same way.

    >>> from grundy import ruleset
    >>> table_plan(ruleset("kayles"), 1000)
    (1000, 2000)
    """
    most = default_max(rules) if max_n is None else max_n
    if rules.keeps_table:
        check_table_memory(rules, most)
    return most, table_bytes(rules, most)


def fills_ahead(rules: Ruleset) -> bool:
    """Whether the values of ``rules`` live in a table of heaps that a caller may compute ahead of a
    table or period search, a stretch at a time (:meth:`~grundy.core.ruleset.Ruleset.values`); not
    for a game with no kept table, a closed form of its period, or components that are pairs.

    >>> from grundy import ruleset
    >>> fills_ahead(ruleset("kayles")), fills_ahead(ruleset("wythoff")), fills_ahead(ruleset("nim"))
    (True, False, False)
    """
    return rules.keeps_table and rules.shape is Shape.HEAP and rules.known_period() is None


def find_period(spec: Ruleset | Sequence[int] | np.ndarray, max_n: int | None = None,
                progress: Callable[[SearchStatus], Any] | None = None, bounded: bool = False) -> Periodicity:
    """Find the least preperiod and period of a heap game's values, proving them where possible.

    The values are computed a block at a time (a few seconds of work at most); after each block
    the least period in sight is looked for, and when a theorem applies the next block ends
    exactly where the theorem is met for it, so a proof costs no values past the ones it needs.

    Parameters
    ----------
    spec:
        A ruleset whose components are heap sizes (:func:`grundy.period` also reads a spec
        string), or any sequence of integers (then the period can only be observed, never proved).
    max_n:
        The most values to compute. Default :data:`DEFAULT_MAX` (``2**26``), or what the memory
        budget holds; a game without a table of its own stops at ``--max-states`` values. An
        explicit ``max_n`` whose table does not fit the memory budget is refused at once
        (:class:`~grundy.core.errors.LimitError`). Where no theorem applies, a period is only
        observed: by default the search stops at the first period seen (over half the values and
        three whole periods); with ``max_n`` given it computes all ``max_n`` values and reports
        the least period they show. Without ``max_n`` a search with no period in sight stops after
        :data:`SIGHT_SHARE` of the work budget (``no period in sight in N values``), and a period
        in sight whose proof does not fit the budget is reported unproved; with ``max_n`` the
        search goes on to ``max_n`` within the work budget.
    progress:
        Optional callable, given a :class:`SearchStatus` after each block.
    bounded:
        Compute at most ``--max-states`` values (the table's quick probes for a period use this).
        Every search stops when its kernel has taken :func:`work_budget` steps and reports what
        was found so far.

    Returns
    -------
    Periodicity
        ``proved`` says whether a theorem (named in ``reason``) covers the values checked.

    Raises
    ------
    Interrupted
        On Ctrl-C; its ``partial`` is the :class:`Periodicity` of the values computed so far.

    Reference: Winning Ways, ch. 4; Siegel, *Combinatorial Game Theory*, §IV.2 (periodicity theorems).
    """
    from grundy.kernels.period import least_period

    if isinstance(spec, (list, tuple, np.ndarray)):
        values = np.asarray(spec, dtype=np.int64)
        found = least_period(values, None, saltus_allowed=True)
        if found is None:
            return no_period("sequence", "no period seen in these values", values)
        return found_in("sequence", found, False, "observed in the given values", values)
    rules = spec
    rules.require_heaps("a period")
    to_max = max_n is not None
    max_n = default_max(rules) if max_n is None else max_n
    if bounded:
        max_n = min(max_n, max(limits.current().max_states, FIRST_LENGTH))
    known = rules.known_period()
    if known is not None:
        n0, p, saltus, why = known
        values = rules.values(min(max_n, max(FIRST_LENGTH, 2 * (n0 + p))))
        return Periodicity(rules.spec, n0, p, saltus, True, f"closed form: {why}", np.asarray(values))
    if (closed := closed_form_period(rules, max_n)) is not None:
        return closed
    return _Search(rules, max_n, bounded, progress, to_max).run()


class _Search:
    """One period search of a heap game: the values grow a block at a time until a period is
    proved (or observed, where no theorem applies), ``max_n`` values are computed, the work budget
    is spent, or (without ``max_n``) looking further is not worth it (:meth:`_plan`)."""

    def __init__(self, rules: Ruleset, max_n: int, bounded: bool, progress: Any, to_max: bool) -> None:
        self.rules, self.max_n, self.bounded, self.progress, self.to_max = rules, max_n, bounded, progress, to_max
        proof = rules.period_proof()
        self.proof, self.theorem = proof if proof is not None else (None, "")
        self.arithmetic = rules.arithmetic_periodic if proof is not None else True
        self.values = np.zeros(0, dtype=np.int64)
        self.candidate: tuple[int, int, int] | None = None
        self.candidate_at = 0  # the values the candidate was looked for in
        self.rate = 0.0
        self.budget = work_budget()
        self.work_began = rules.work_done
        self.per_value: float | None = None  # kernel steps a value over the last block (None: not counted)
        if rules.keeps_table:
            check_table_memory(rules, max_n)
            rules.reserve(max_n)  # one buffer for the whole search: no copies as the table grows
        else:
            limits.check_table(max_n, f"a period search of {rules.spec}")

    def run(self) -> Periodicity:
        from grundy.kernels.period import least_period

        n, stopped = min(FIRST_LENGTH, self.max_n), False
        try:
            while True:
                stopped = not self._compute(n)
                if self.proof is not None:
                    found = least_period(self.values, self.proof, saltus_allowed=self.arithmetic)
                    if found is not None:
                        return self._result(found, True, self.theorem + proof_numbers(self.proof, found))
                    # growing values say nothing until the table is a few times the largest move (proof[2])
                    moves_in_sight = len(self.values) > 4 * self.proof[2]
                    if not self.arithmetic and not self.to_max and moves_in_sight \
                            and (seen := self._arithmetic_seen()) is not None:
                        return self._result(seen, False, ARITHMETIC)
                elif not self.to_max and (found := least_period(self.values, None, saltus_allowed=True)) is not None:
                    return self._result(found, False, NO_THEOREM)
                self.candidate = least_period(self.values, None, saltus_allowed=self.arithmetic,
                                              share=IN_SIGHT, periods=1)
                self.candidate_at = len(self.values)
                target, why = self._plan()
                self._report(target)
                if stopped or len(self.values) >= self.max_n:
                    break
                if why:
                    return self._out_of_sight(why)
                n = self._next_length(target)
        except KeyboardInterrupt:
            raise Interrupted(self._interrupted()) from None
        if self.proof is None:
            return self._observed(stopped)
        return self._so_far(f"the search stopped at its work budget; {words.raise_hint('max_states')}" if stopped
                            else words.raise_hint("max"))

    def _compute(self, n: int) -> bool:
        """G(0 .. n-1) into ``self.values``; False when the work budget stopped the kernel first."""
        began = time.perf_counter()
        before, work_before = len(self.values), self._work()
        complete = True
        try:
            if self.rules.keeps_table:
                values = self.rules.extend(n, max(self.budget - (work_before or 0), 1))
            else:
                values = self.rules.values(n)
        except TableWorkError as stop:
            if stop.done < 2:
                raise
            values, complete = self.rules.values(stop.done), False
        except Interrupted as stop:  # a game valued heap by heap (--rules) keeps the values it finished
            if isinstance(stop.partial, list) and len(stop.partial) > before:
                self.values = np.asarray(stop.partial, dtype=np.int64)
            raise
        self.values = np.asarray(values)
        self.rate = (len(self.values) - before) / max(time.perf_counter() - began, 1e-9)
        work = self._work()
        if work and len(self.values) > before:
            self.per_value = (work - (work_before or 0)) / (len(self.values) - before)
        return complete

    def _work(self) -> int | None:
        """The kernel steps this search has taken, or None where the kernel does not count them."""
        done = self.rules.work_done - self.work_began
        return done if done > 0 else None

    def _plan(self) -> tuple[int, str]:
        """Where the search is heading (the values of the proof of the period in sight, else where
        it stops looking) and, without ``max_n``, why it stops here ('' to go on): no period is in
        sight and the budget of looking is spent, or the proof of the one in sight does not fit."""
        n, needed = len(self.values), self._needed()
        if needed is not None and needed > n:
            if self.to_max:
                return min(needed, self.max_n), ""
            if needed > self.max_n:
                return n, (f"its proof needs {needed:,} values, more than the {self.max_n:,} this search may compute; "
                           f"{words.hint('max', f'give {{}} {needed:,}', web=words.raise_hint('max'))} to prove it")
            if self._steps_to(needed) > self.budget:
                return n, (f"its proof needs {needed:,} values, past the work budget; "
                           f"{words.raise_hint('max_states')} to prove it")
            return needed, ""
        if self.to_max:
            return self.max_n, ""
        if self.per_value is None:
            sight = SIGHT_VALUES
        else:
            sight = n + int((self.budget // SIGHT_SHARE - (self._work() or 0)) / self.per_value)
        sight = min(sight, self.max_n)
        return (sight, "") if sight > n + n // 64 else (n, "nothing")

    def _steps_to(self, n: int) -> float:
        """The kernel steps the search will have taken at ``n`` values, at the last block's cost a
        value (0 where the kernel does not count its steps)."""
        if self.per_value is None:
            return 0
        return (self._work() or 0) + (n - len(self.values)) * self.per_value

    def _next_length(self, target: int) -> int:
        """Where the next block ends: where the proof of the period in sight is complete, if that
        is near, else twice as far; at most a couple of seconds' work and ``max_n``."""
        n = len(self.values)
        end = target if n < target < 2 * n else 2 * n
        step = max(n // 4, int(self.rate * BLOCK_SECONDS))
        return min(end, n + step, self.max_n)

    def _needed(self) -> int | None:
        if self.proof is None or self.candidate is None:
            return None
        a, b, c = self.proof
        p, n0, _ = self.candidate
        return a * max(n0, 1) + b * p + c  # as the kernel counts it: a preperiod of 0 counts as 1

    def _report(self, target: int) -> None:
        if self.progress is not None:
            stats = self.rules.sparse_stats
            n = len(self.values)
            left = (target - n) / self.rate if self.rate > 0 else None
            self.progress(SearchStatus(n, self.max_n, self.candidate, self._needed(),
                                       None if stats is None else int(stats[1]), self.rate, target, left))

    def _out_of_sight(self, why: str) -> Periodicity:
        """The answer of a search without ``max_n`` that stops looking: nothing in sight in the
        values computed, or the period in sight, unproved, with what its proof needs."""
        n = len(self.values)
        if self.candidate is None or why == "nothing":
            return no_period(self.rules.spec,
                             f"{NOT_IN_SIGHT} {n:,} values; {words.hint('max', '{}', web=words.raise_hint('max'))} "
                             "to look further", self.values)
        return self._result(self.candidate, False, f"the period in sight holds from heap {self.candidate[1]:,} "
                                                   f"on in the {n:,} values computed, and {why}")

    def _result(self, found: tuple[int, int, int], proved: bool, why: str) -> Periodicity:
        return found_in(self.rules.spec, found, proved, why, self.values)

    def _so_far(self, why: str) -> Periodicity:
        """The answer from all the values computed, when the search ended unproved."""
        from grundy.kernels.period import least_period

        n = len(self.values)
        found = least_period(self.values, None, saltus_allowed=True)
        if found is not None and found[2] != 0 and not self.arithmetic:
            return self._result(found, False, f"{ARITHMETIC}; seen in the {n:,} values computed ({why})")
        if found is not None:
            return self._result(found, False, f"the theorem needs more than the {n:,} values computed ({why})")
        return no_period(self.rules.spec, f"{why} to look further", self.values)

    def _arithmetic_seen(self) -> tuple[int, int, int] | None:
        """An arithmetic period (saltus not 0) in sight, which the theorem cannot prove: values
        that keep growing never become periodic, so the search stops there as it does where no
        theorem applies."""
        from grundy.kernels.period import least_period

        found = least_period(self.values, None, saltus_allowed=True)
        return found if found is not None and found[2] != 0 else None

    def _observed(self, stopped: bool) -> Periodicity:
        """The answer of a game no theorem covers, from all the values computed (``max_n`` was
        given, so every one of them is looked at)."""
        from grundy.kernels.period import least_period

        n = len(self.values)
        where = (f"the {n:,} values computed before the work budget stopped the search "
                 f"({words.raise_hint('max_states')})" if stopped else f"all {n:,} values computed")
        found = least_period(self.values, None, saltus_allowed=True)
        if found is None:
            return no_period(self.rules.spec, f"{NO_THEOREM}; no period seen in {where}", self.values)
        return self._result(found, False, f"{NO_THEOREM}; observed over {where}")

    def _interrupted(self) -> Periodicity:
        """What was found when the user stopped the search: the period in sight in the values
        computed so far and how far its proof got."""
        from grundy.kernels.period import least_period

        n = len(self.values)
        if n != self.candidate_at:  # values finished inside the block Ctrl-C stopped (maybe a few: 3 periods)
            self.candidate = least_period(self.values, None, saltus_allowed=self.arithmetic, share=IN_SIGHT,
                                          periods=3)
        why = f"interrupted after {n:,} values"
        if self.candidate is None:
            return no_period(self.rules.spec, why + "; no period in sight yet", self.values)
        why += f"; the period in sight holds from heap {self.candidate[1]:,} on"
        needed = self._needed()
        if needed is not None:
            why += f", and its proof needs {needed:,} values ({min(99, 100 * n // needed)}% there)"
        return self._result(self.candidate, False, why)


def proof_numbers(proof: tuple[int, int, int], found: tuple[int, int, int]) -> str:
    """The numbers of a proved period's proof, said after its theorem: the window the theorem
    needs, G(n+p) = G(n) for n0 <= n < a·n0 + (b-1)·p + c, with n0, p and the bound filled in
    (a preperiod of 0 counts as 1, as :func:`~grundy.kernels.period.least_period` counts it: max(n0, 1))."""
    a, b, c = proof
    p, n0, _ = found
    bound = a * max(n0, 1) + (b - 1) * p + c
    start = "max(n0, 1)" if n0 == 0 else "n0"
    return (f"; checked: G(n+{p:,}) = G(n) for every {n0:,} <= n < {bound:,} "
            f"(= {window_end(a, b - 1, c, start)}, with n0 = {n0:,}, p = {p:,})")


def window_end(a: int, b: int, c: int, start: str = "n0") -> str:
    """The end of a periodicity theorem's window, a·start + b·p + c, written as arithmetic is
    written: no ``+ -1``, ``+ 0`` or ``1·p`` (the theorems' texts and :func:`proof_numbers` use it).

    >>> window_end(3, 2, -1, "max(n0, 1)"), window_end(3, 2, 0), window_end(2, 1, 2), window_end(1, 0, 7)
    ('3·max(n0, 1) + 2p - 1', '3·n0 + 2p', '2·n0 + p + 2', 'n0 + 7')
    """
    terms = [start if a == 1 else f"{a}·{start}"] + ([] if b == 0 else ["p" if b == 1 else f"{b}p"])
    return " + ".join(terms) + (f" + {c}" if c > 0 else f" - {-c}" if c < 0 else "")


def check_table_memory(rules: Ruleset, max_n: int) -> None:
    """Refuse at once a search whose table of ``max_n`` values would not fit the memory budget."""
    need = table_bytes(rules, max_n)
    limit = limits.current().memory
    free = max(limit - limits.resident_bytes(), 0)
    if need > free:
        raise LimitError(f"{rules.spec}: a period search over up to {max_n:,} values needs "
                         f"{limits.format_size(need)} of memory for the table, more than the "
                         f"{limits.format_size(free)} left of the {limits.format_size(limit)} budget; "
                         + words.hint("max", f"lower {{}} or raise {words.knob('max_memory')}",
                                       "ask for fewer values"),
                         knob="max_memory", limit=limit, needed=need)
