"""One-heap games whose values come in bulk from a kernel and are kept in a growing table."""

from __future__ import annotations

import numpy as np

from grundy.core.errors import LimitError
from grundy.core.ruleset import Ruleset

TABLE_DIRECT = 1 << 22  # heaps below this are looked up in the table, grown as needed
TABLE_LIMIT = 200_000_000  # beyond this, only a proved period (or a closed form) answers
PERIOD_PROBE = 1 << 16  # before tabling more than this, look this far for a proved period


class HeapTableGame(Ruleset):
    """A one-heap game whose values come from :meth:`fill` (a kernel), kept in a table.

    The table lives in a buffer that can be reserved ahead (:meth:`reserve`): numpy's zeroed
    memory is only paid for as it is written, so a long computation costs the bytes of its values
    and no copies. Values of heaps past the table come from a proved period (see
    :mod:`grundy.patterns`) where there is one; otherwise the table grows.
    """

    value_dtype: type = np.uint16

    def __init__(self) -> None:
        super().__init__()
        self._buffer = np.zeros(0, dtype=self.value_dtype)
        self._filled = 0
        self._period = None
        self._period_tried = False

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        """Write G(start .. len(out)-1) into ``out`` (which holds G(0 .. start-1)) and return it,
        or return a wider copy when the values outgrow ``out``'s type."""
        raise NotImplementedError

    def reserve(self, capacity: int) -> None:
        """Make room for ``capacity`` values (memory is touched only as values are written)."""
        capacity = min(capacity, TABLE_LIMIT)
        if capacity > len(self._buffer):
            grown = np.zeros(capacity, dtype=self._buffer.dtype)
            grown[: self._filled] = self._buffer[: self._filled]
            self._buffer = grown

    def values(self, n: int) -> np.ndarray:
        if n > self._filled:
            if n > TABLE_LIMIT:
                raise LimitError(f"{self.spec}: at most {TABLE_LIMIT:,} values can be tabled, not {n:,}")
            if n > PERIOD_PROBE and self._proved_period(PERIOD_PROBE) is not None:
                return self._tile(n)
            self.reserve(max(n, 2 * len(self._buffer)))
            view = self._buffer[:n]
            result = self.fill(view, self._filled)
            if result is not view:  # widened: the new array becomes the table
                self._buffer = result
            self._filled = n
        return self._buffer[:n]

    def _proved_period(self, limit: int) -> object | None:
        """The period of the values, if one is proved within ``limit`` values (looked for once)."""
        if not self._period_tried:
            from grundy.patterns.period import find_period

            self._period_tried = True
            found = find_period(self, max_n=limit)
            self._period = found if found.proved else None
        return self._period

    def _tile(self, n: int) -> np.ndarray:
        """Extend the table to n values by the proved period (no kernel needed)."""
        period = self._period
        self.reserve(n)
        start = self._filled
        index = np.arange(start, n, dtype=np.int64)
        offset = index - period.preperiod
        source = period.values[period.preperiod + offset % period.period].astype(np.int64)
        self._buffer[start:n] = source + (offset // period.period) * period.saltus
        self._filled = n
        return self._buffer[:n]

    def grundy(self, heap: int) -> int:
        heap = self.validate(heap)
        if heap < self._filled:
            return int(self._buffer[heap])
        if heap < TABLE_DIRECT:
            return int(self.values(max(heap + 1, min(2 * self._filled, TABLE_DIRECT)))[heap])
        if self._proved_period(TABLE_DIRECT) is not None:
            return self._period.value(heap)
        if heap >= TABLE_LIMIT:
            raise LimitError(
                f"{self.spec}: heap {heap:,} is past the {TABLE_LIMIT:,} values grundy tables, "
                "and no period of this game has been proved"
            )
        return int(self.values(heap + 1)[heap])
