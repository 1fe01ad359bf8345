"""Progress of long work, told to whoever listens (the command line's progress bar); nothing is
printed here.

The searches call :func:`report` about every :data:`REPORT_SECONDS` (a :class:`Pace` tells a loop
of any speed when to look at the clock: a rule that takes a second per position reports as often as
a kernel); a listener installed with :func:`listening` hears each report, and :func:`last` says where
the work stood (what an interrupted command prints). :func:`tabulate` values heaps one by one so.

>>> heard = []
>>> with listening(lambda what, done, total: heard.append((what, done, total))):
...     report("positions", 65536)
>>> heard, last()
([('positions', 65536, None)], '65,536 positions')
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar

from grundy.core.errors import Interrupted

Listener = Callable[[str, int, "int | None"], None]
REPORT_SECONDS = 0.1  # the least time between two reports of one loop
LOOK_SECONDS = 0.05  # about how often a loop looks at the clock
MOST_STEPS = 1 << 12  # the most steps between two looks (a fast loop)


class _Hearing:
    """Who listens in this context, and the last report made in it."""

    def __init__(self, listener: Listener | None) -> None:
        self.listener = listener
        self.last: tuple[str, int, int | None] | None = None


# a context variable, so that each thread or task (a request of the web explorer) has its own listener
_hearing: ContextVar[_Hearing | None] = ContextVar("grundy_progress", default=None)
_UNHEARD = _Hearing(None)  # where reports go when no one listens


def _current() -> _Hearing:
    return _hearing.get() or _UNHEARD


@contextlib.contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Let ``listener(what, done, total)`` hear every report made inside the block (in this thread or
    task; a listener may raise to stop the work, as the web explorer's time limit does)."""
    inner = _Hearing(listener)
    token = _hearing.set(inner)
    try:
        yield
    finally:
        _hearing.reset(token)
        _current().last = inner.last  # where the work stood, still known after the block


def report(what: str, done: int, total: int | None = None) -> None:
    """Say that ``done`` of ``total`` (None: unknown) ``what`` are done."""
    hearing = _current()
    hearing.last = (what, done, total)
    if hearing.listener is not None:
        hearing.listener(what, done, total)


def last() -> str | None:
    """The last report in words (``"65,536 positions"``), or None if there was none."""
    found = _current().last
    if found is None:
        return None
    what, done, total = found
    return f"{done:,} of {total:,} {what}" if total is not None else f"{done:,} {what}"


class Pace:
    """When a loop of unknown speed looks at the clock: every :attr:`every` steps, about
    :data:`LOOK_SECONDS` apart whether a step takes a microsecond or a second (one step at first,
    doubling while the steps are quick, at most ``most``); :meth:`due` says when to report.

    >>> pace = Pace()
    >>> pace.every, pace.due(pace.look()), pace.due(pace.look())
    (1, True, False)
    """

    def __init__(self, most: int = MOST_STEPS) -> None:
        self.every = 1
        self.most = most
        self.looked = time.monotonic()
        self.reported = float("-inf")

    def look(self) -> float:
        """The time now, :attr:`every` set from the speed of the steps since the last look."""
        now = time.monotonic()
        elapsed = now - self.looked
        self.looked = now
        paced = int(self.every * LOOK_SECONDS / elapsed) if elapsed > 0 else self.most
        self.every = max(1, min(self.most, 2 * self.every, paced))
        return now

    def due(self, now: float) -> bool:
        """Whether a report is due at ``now`` (:data:`REPORT_SECONDS` since the last one); if so, it
        counts as made."""
        if now - self.reported < REPORT_SECONDS:
            return False
        self.reported = now
        return True


def tabulate(value: Callable[[int], int], n: int, what: str = "values") -> list[int]:
    """``[value(0), ..., value(n - 1)]``, reported as done of ``n`` ``what`` about every
    :data:`REPORT_SECONDS`. On Ctrl-C the exact count is reported and :class:`Interrupted` raised,
    its ``partial`` the list of the values finished.

    >>> tabulate(lambda i: i % 3, 5)
    [0, 1, 2, 0, 1]
    """
    found: list[int] = []
    add = found.append
    pace = Pace()
    countdown = 1
    try:
        for i in range(n):
            add(value(i))
            countdown -= 1
            if countdown <= 0:
                now = pace.look()
                countdown = pace.every
                if pace.due(now):
                    report(what, i + 1, n)
    except KeyboardInterrupt:
        report(what, len(found), n)
        raise Interrupted(found) from None
    return found
