"""Progress bars on stderr for long work: only on a terminal, never mixed into ``--json`` output."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from grundy.cli.render import stderr


@contextmanager
def doubling_progress(enabled: bool = True) -> Iterator[Any]:
    """A progress bar on stderr for computations that double their table; None when not a TTY."""
    if not (enabled and sys.stderr.isatty()):
        yield None
        return
    from rich.progress import Progress

    with Progress(console=stderr, transient=True) as progress:
        task = progress.add_task("computing values", total=None)

        def update(done: int, limit: int) -> None:
            progress.update(task, completed=done, total=limit, description=f"{done:,} values")

        yield update


@contextmanager
def period_progress(enabled: bool = True) -> Iterator[Any]:
    """A progress bar on stderr for a period search (values, rare values, the period in sight, the
    rate), fed :class:`grundy.patterns.period.SearchStatus`; None when stderr is not a terminal."""
    if not (enabled and sys.stderr.isatty()):
        yield None
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
    with Progress(*columns, console=stderr, transient=True) as progress:
        task = progress.add_task("computing values", total=None)

        def update(status: Any) -> None:
            parts = [f"{status.values:,} values"]
            if status.rare is not None:
                parts.append(f"{status.rare:,} rare")
            if status.candidate is not None:
                p, n0, _ = status.candidate
                parts.append(f"period {p:,} in sight from {n0:,}")
                if status.needed is not None:
                    parts.append(f"proof at {status.needed:,}")
            parts.append(f"{status.rate / 1e6:.2f} M values/s")
            total = status.needed if status.needed is not None and status.needed > status.values else status.limit
            progress.update(task, completed=status.values, total=total, description=" · ".join(parts))

        yield update
