"""One-heap games whose values come in bulk from a kernel and are kept in a growing table.

Budgets (:mod:`grundy.core.limits`): a table of values counts as that many positions, so a table
or a heap past ``max_states`` without a proved period is refused at once (``values(n)`` in Python
as ``grundy table`` does); the table grows only within the memory budget; and a kernel that takes
more than :func:`~grundy.patterns.period.work_budget` steps (``max_states`` ×
:data:`~grundy.patterns.period.WORK_PER_STATE`) stops with :class:`TableWorkError`, keeping the
values it finished. Every door (Python, ``grundy table``, ``grundy period``, the sweep) reads
the same budget.
"""

from __future__ import annotations

import numpy as np

from grundy.core import limits, words
from grundy.core.errors import LimitError, TableWorkError
from grundy.core.ruleset import Ruleset, whole_count
from grundy.patterns.period import WORK_PER_STATE, work_budget

TABLE_DIRECT = 1 << 22  # heaps below this are looked up in the table, grown as needed
PERIOD_PROBE = 1 << 16  # before tabling more than this, look this far for a proved period
STAGE = 1 << 12  # the first stage of a table grown a doubling at a time
PROBE_SHARE = 20  # the probe for a period may spend this share of the work budget (1/20), the table the rest


class HeapTableGame(Ruleset):
    """A one-heap game whose values come from :meth:`fill` (a kernel), kept in a table.

    The table lives in a buffer that can be reserved ahead (:meth:`reserve`): numpy's zeroed
    memory is only paid for as it is written, so a long computation costs the bytes of its values
    and no copies. Values of heaps past the table come from a proved period (see
    :mod:`grundy.patterns`) where there is one; otherwise the table grows, within the budget.

    ``work_limit`` is the most kernel steps one :meth:`fill` may take (0: no limit); :meth:`values`
    sets it from the budget before each call, and kernels that can stop early read it.
    """

    value_dtype: type = np.uint16
    keeps_table = True

    def __init__(self) -> None:
        super().__init__()
        self._buffer = np.zeros(0, dtype=self.value_dtype)
        self._filled = 0
        self._period = None
        self._period_tried = 0  # the most values a probe for the period has looked at
        self.work_limit = 0
        self.work_done = 0  # kernel steps taken by this table so far (kernels that count them add to it)

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        """Write G(start .. len(out)-1) into ``out`` (which holds G(0 .. start-1)) and return it,
        or return a wider copy when the values outgrow ``out``'s type. A kernel that stops at
        ``work_limit`` raises :class:`TableWorkError` after writing the values it finished."""
        raise NotImplementedError

    def reserve(self, capacity: int) -> None:
        """Make room for ``capacity`` values (memory is touched only as values are written);
        :class:`LimitError` if the memory budget cannot hold them."""
        if capacity > len(self._buffer):
            limits.check_values(capacity, f"a table of {self.spec}")
            more = (capacity - self._filled) * np.dtype(self._buffer.dtype).itemsize
            limits.check_memory(f"a table of {capacity:,} values of {self.spec}", more=more)
            grown = np.zeros(capacity, dtype=self._buffer.dtype)
            grown[: self._filled] = self._buffer[: self._filled]
            self._buffer = grown

    def seed(self, known: np.ndarray) -> None:
        """Take ``known`` as G(0 .. len(known)-1) (values kept by an earlier run, e.g. a sweep's), so
        that the table goes on from there instead of from 0.

        >>> import grundy
        >>> fresh, known = grundy.ruleset("octal:0.16"), grundy.ruleset("octal:.16").values(50)  # two objects
        >>> fresh.seed(known)
        >>> fresh.values(60).tolist() == grundy.ruleset("octal:.16").values(60).tolist()
        True
        """
        known = np.asarray(known)
        if len(known) <= self._filled:
            return
        self.reserve(len(known))
        if known.size and int(known.max()) > np.iinfo(self._buffer.dtype).max:
            self._buffer = self._buffer.astype(known.dtype)
        self._buffer[: len(known)] = known
        self._filled = len(known)

    def values(self, n: int, bounded: bool = True) -> np.ndarray:
        """G(0 .. n-1). With ``bounded`` (the default) the table keeps the budget as ``grundy table``
        does: ``n`` values the kernel must compute count as ``n`` positions (:class:`LimitError`
        past ``max_states``) and the kernel's work is limited to :func:`work_budget` steps
        (:class:`TableWorkError` past it, keeping the values it finished).

        >>> import grundy
        >>> grundy.ruleset("kayles").values(12).tolist()
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
        >>> grundy.ruleset("kayles").values("12")
        Traceback (most recent call last):
        ...
        grundy.core.errors.GrundyError: values(n) needs a whole number n >= 0, such as 10 or 10**6, not '12' (a str)
        """
        n = whole_count(n, "values(n)")
        if n > self._filled:
            if n > PERIOD_PROBE and self._can_prove() and self._proved_period(PERIOD_PROBE) is not None:
                return self._tile(n)
            if not bounded:
                return self.extend(n, 0)
            limits.check_table(n, f"a table of {self.spec}")
            self._extend_foreseen(n, work_budget())
        return self._buffer[:n]

    def _extend_foreseen(self, n: int, budget: int) -> None:
        """:meth:`extend` to ``n`` values within ``budget`` kernel steps, a doubling at a time from
        :data:`STAGE` values on. After each stage, the values still to compute are costed at the
        steps a value took in that stage (a kernel's cost per value only grows with the heap, so this
        is the least they can take): past half again the steps left, the table is refused at once,
        not after spending the budget (a kernel that counts no steps is never refused so)."""
        spent = 0
        while self._filled < n:
            start, before = self._filled, self.work_done
            try:
                self.extend(min(n, max(STAGE, 2 * start)), max(budget - spent, 1))
            except TableWorkError as stop:  # said of the whole budget and the whole table, not of this stage
                raise self.work_stopped(stop.done, n, budget) from None
            stage = self.work_done - before
            spent += stage
            ahead = stage * (n - self._filled) // max(self._filled - start, 1)
            if ahead > 1.5 * (budget - spent):
                raise TableWorkError(
                    f"{limits.shorten(self.spec)}: computing the values of heaps up to {n - 1:,} would take at least "
                    f"{spent + ahead:.1e} steps (judged from the first {self._filled:,}), more than the {budget:,} "
                    "that the budget allows "
                    f"({words.knob('max_states', bare=True)} × {WORK_PER_STATE:,}); "
                    f"{words.raise_or('max_states', 'choose a smaller heap')}", self._filled,
                    limits.current().max_states)

    def extend(self, n: int, steps: int) -> np.ndarray:
        """G(0 .. n-1) from the kernel, which may take ``steps`` steps (0: no limit) past the values
        already in the table (:class:`TableWorkError` past them); the state count is not checked
        (a period search plans its own table, within the memory budget)."""
        if n > self._filled:
            self.reserve(max(n, min(2 * len(self._buffer), limits.current().max_states)))
            self.work_limit = steps
            view = self._buffer[:n]
            try:
                result = self.fill(view, self._filled)
            except TableWorkError as stop:
                if stop.table is not None and stop.table is not view:
                    self._buffer = stop.table
                self._filled = max(self._filled, stop.done)
                raise
            finally:
                self.work_limit = 0
            if result is not view:  # widened: the new array becomes the table
                self._buffer = result
            self._filled = n
        return self._buffer[:n]

    def work_stopped(self, done: int, n: int, limit: int) -> TableWorkError:
        """The error of a kernel that stopped at its work budget of ``limit`` steps after ``done``
        of ``n`` values."""
        return TableWorkError(
            f"{limits.shorten(self.spec)}: computing the values of heaps up to {n - 1:,} took more than {limit:,} "
            f"steps ({words.knob('max_states', bare=True)} × {WORK_PER_STATE:,}) and stopped at heap {done:,}; "
            f"{words.raise_or('max_states', 'choose a smaller heap')}", done, limits.current().max_states)

    def _can_prove(self) -> bool:
        """Whether a period of this game can be proved at all (a theorem or a closed form)."""
        return self.known_period() is not None or self.period_proof() is not None

    def _proved_period(self, limit: int) -> object | None:
        """The period of the values, if one is proved within ``limit`` values and the work budget
        (looked for once)."""
        if self._period is None and self._period_tried < limit:
            from grundy.patterns.period import find_period

            self._period_tried = limit
            with limits.budget(max_states=max(1, limits.current().max_states // PROBE_SHARE)):
                found = find_period(self, max_n=limit, bounded=True)
            self._period = found if found.proved else None
        return self._period

    def proved_period(self) -> object | None:
        """The proved period of the values (a :class:`~grundy.patterns.period.Periodicity`), if
        the probe of :data:`TABLE_DIRECT` values finds one within the budget; else None."""
        return self._proved_period(TABLE_DIRECT) if self._can_prove() else None

    def _tile(self, n: int) -> np.ndarray:
        """Extend the table to n values by the proved period (no kernel needed)."""
        self.reserve(n)
        self._buffer[self._filled:n] = self._period.values_at(np.arange(self._filled, n, dtype=np.int64))
        self._filled = n
        return self._buffer[:n]

    def grundy(self, heap: int) -> int:
        heap = self.validate(heap)
        if heap < self._filled:
            return int(self._buffer[heap])
        if heap >= min(PERIOD_PROBE, limits.current().max_states) and (period := self.proved_period()) is not None:
            return period.value(heap)
        self.check_heap(heap)
        return int(self.values(max(heap + 1, min(2 * self._filled, TABLE_DIRECT, limits.current().max_states)))[heap])

    def check_heap(self, heap: int) -> None:
        """Refuse a heap whose value needs a table past the state budget (no period is proved)."""
        limit = limits.current().max_states
        if heap >= limit:
            why = ("no period of this game is proved" if self._can_prove()
                   else "no periodicity theorem applies to this game")
            raise LimitError(
                f"{limits.shorten(self.spec)}: heap {heap:,} needs the values of all {heap + 1:,} heaps up to it "
                f"(table values count as positions), more than {words.budget_of('max_states', limit)}, and {why}; "
                f"{words.raise_or('max_states', 'choose a smaller heap')}", knob="max_states", limit=limit,
                needed=heap + 1)
