"""One progress bar on stderr for the long work of a command: only on a terminal, never mixed into
``--json`` output, and only once the work has taken a moment (a quick answer shows no bar).

:func:`activity` wraps a whole command: every report of the searches (:mod:`grundy.core.progress`)
moves its bar. The period search, tables that double and the general solver feed the same bar
with their own words (:func:`period_progress`, :func:`doubling_progress`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from grundy.core import progress as reports

QUIET_SECONDS = 0.5  # a command that answers sooner shows no bar


class Bar:
    """A rich progress bar on stderr, started at the first update after :data:`QUIET_SECONDS`."""

    def __init__(self) -> None:
        self.began = time.monotonic()
        self.live: Any = None
        self.task: Any = None
        self.closed = False

    def update(self, description: str, completed: float | None = None, total: float | None = None) -> None:
        if self.closed:
            return
        if self.live is None:
            if time.monotonic() - self.began < QUIET_SECONDS:
                return
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

            from grundy.cli.render import stderr

            self.live = Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                                 console=stderr, transient=True)
            self.live.start()
            self.task = self.live.add_task(description, total=None)
        self.live.update(self.task, description=description, completed=completed, total=total)

    def close(self) -> None:
        """Take the bar off the terminal for good (later updates draw nothing)."""
        self.closed = True
        if self.live is not None:
            self.live.stop()
            self.live = None


_shared: Bar | None = None


@contextmanager
def activity(enabled: bool = True) -> Iterator[Bar | None]:
    """The bar of a whole command (None when stderr is not a terminal or ``enabled`` is False),
    moved by every report of the searches inside the block."""
    global _shared
    if not (enabled and sys.stderr.isatty()) or _shared is not None:
        yield _shared
        return
    bar = _shared = Bar()

    def heard(what: str, done: int, total: int | None) -> None:
        bar.update(reports.last() or what, done, total)

    try:
        with reports.listening(heard):
            yield bar
    finally:
        bar.close()
        _shared = None


def close_bar() -> None:
    """Take the command's bar off the terminal, before the last lines of an interrupted command (a
    line written under a live bar would be glued to it)."""
    if _shared is not None:
        _shared.close()


@contextmanager
def doubling_progress(enabled: bool = True) -> Iterator[Any]:
    """``update(done, limit)`` for computations that double a table, or None off a terminal."""
    with activity(enabled) as bar:
        if bar is None:
            yield None
            return

        def update(done: int, limit: int) -> None:
            bar.update(f"{done:,} values", done, limit)

        yield update


@contextmanager
def period_progress(enabled: bool = True) -> Iterator[Any]:
    """``update(status)`` for a period search (values and the target they head for, rare values,
    the period in sight and where its proof is complete, the rate and the time left), fed
    :class:`grundy.patterns.period.SearchStatus`; None off a terminal."""
    with activity(enabled) as bar:
        if bar is None:
            yield None
            return

        def update(status: Any) -> None:
            target = status.target or status.limit
            parts = [f"{status.values:,} of {target:,} values"]
            if status.rare is not None:
                parts.append(f"{status.rare:,} rare")
            if status.candidate is not None:
                p, n0, _ = status.candidate
                parts.append(f"period {p:,} in sight from {n0:,}")
                if status.needed is not None:
                    parts.append(f"proof at {status.needed:,}")
            parts.append(f"{status.rate / 1e6:.2f} M values/s")
            if status.seconds_left is not None:
                parts.append(f"about {time_left(status.seconds_left)} left")
            bar.update(" · ".join(parts), status.values, max(target, status.values))

        yield update


def time_left(seconds: float) -> str:
    """A rough duration: ``40 s``, ``3 min``, ``2.5 h``.

    >>> time_left(42.4), time_left(190), time_left(9000)
    ('42 s', '3 min', '2.5 h')
    """
    if seconds < 90:
        return f"{max(seconds, 0):.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
