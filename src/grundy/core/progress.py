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

Listener = Callable[[str, int, "int | None"], None]

_listener: Listener | None = None
_last: tuple[str, int, int | None] | None = None


@contextlib.contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Let ``listener(what, done, total)`` hear every report made inside the block."""
    global _listener, _last
    saved = _listener
    _listener, _last = listener, None
    try:
        yield
    finally:
        _listener = saved


def report(what: str, done: int, total: int | None = None) -> None:
    """Say that ``done`` of ``total`` (None: unknown) ``what`` are done."""
    global _last
    _last = (what, done, total)
    if _listener is not None:
        _listener(what, done, total)


def last() -> str | None:
    """The last report in words (``"65,536 positions"``), or None if there was none."""
    if _last is None:
        return None
    what, done, total = _last
    return f"{done:,} of {total:,} {what}" if total is not None else f"{done:,} {what}"
