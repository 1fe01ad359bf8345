"""Progress of long work, told to whoever listens (the command line's progress bar); nothing is
printed here.

The searches call :func:`report` every few ten thousand positions; a listener installed with
:func:`listening` hears each report, and :func:`last` says where the work stood (what an
interrupted command prints).

>>> heard = []
>>> with listening(lambda what, done, total: heard.append((what, done, total))):
...     report("positions", 65536)
>>> heard, last()
([('positions', 65536, None)], '65,536 positions')
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar

Listener = Callable[[str, int, "int | None"], None]


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
