"""File names given to options, checked at the door.

- A value that looks like an option (``--db -x``, ``--report --json``) is refused, not taken for a
  file name: :func:`file_option_value` (and :func:`input_option_value`, which takes ``-`` for
  standard input), click callbacks.
- An input file is read only when it is a regular file (or standard input), within a size limit:
  a FIFO would block for ever, ``/dev/zero`` would fill the memory (:func:`regular_input_file`,
  :func:`read_input_text`).
- An output file is written only where that cannot block or spread over a device
  (:func:`output_file`).

Each failure is one :class:`~grundy.core.errors.GrundyError` line naming the option and the file.

>>> file_option_value(None, None, "games.sqlite")
'games.sqlite'
>>> file_option_value(None, None, "-x")
Traceback (most recent call last):
...
grundy.core.errors.GrundyError: '-x' looks like an option, not a file name; write ./-x for a file of that name
"""

from __future__ import annotations

from typing import Any

import click

from grundy.core.errors import GrundyError
from grundy.core.userfiles import (
    MAX_INPUT_BYTES,
    STDIN,
    existing_or_new_regular,
    output_file,
    regular_input_file,
    shorten_name,
)


def file_option_value(ctx: click.Context | None, param: click.Parameter | None, value: Any) -> Any:
    """A click callback for an option naming a file: its value (a name, or the names of a
    ``multiple`` option, or None) as given, unless one is empty or begins with ``-``."""
    return _checked(param, value, stdin=False)


def input_option_value(ctx: click.Context | None, param: click.Parameter | None, value: Any) -> Any:
    """As :func:`file_option_value`, for a file that is read: ``-`` alone names standard input."""
    return _checked(param, value, stdin=True)


def database_option_value(ctx: click.Context | None, param: click.Parameter | None, value: Any) -> Any:
    """A click callback for ``--db FILE`` (SQLite): a file name (:func:`file_name`) that is missing
    or a regular file (SQLite misreads a device and may wait on a FIFO)."""
    if value is not None:
        option = _option_name(param)
        existing_or_new_regular(file_name(value, option), option or "database")
    return value


def input_file_value(what: str, max_bytes: int = MAX_INPUT_BYTES) -> Any:
    """A click callback for an option naming files that are read (``--graph FILE``, ``multiple``
    or not): each a file name, and a regular file of at most ``max_bytes`` (``what`` names it in
    messages, e.g. "graph file")."""
    def check(ctx: click.Context | None, param: click.Parameter | None, value: Any) -> Any:
        for name in _names(value):
            regular_input_file(file_name(name, _option_name(param)), max_bytes, what)
        return value
    return check


def output_file_value(what: str) -> Any:
    """A click callback for an option naming a file that is written (``--png FILE``): a file name,
    where :func:`output_file` allows writing (``what`` names it in messages, e.g. "PNG")."""
    def check(ctx: click.Context | None, param: click.Parameter | None, value: Any) -> Any:
        for name in _names(value):
            output_file(file_name(name, _option_name(param)), what)
        return value
    return check


def rules_option_value(ctx: click.Context | None, param: click.Parameter | None, value: Any) -> Any:
    """A click callback for ``--rules FILE.py:FUNCTION``: FILE a file name and a regular file of at
    most :data:`MAX_INPUT_BYTES` (a value without ':' is left to the loader, which says what it needs).

    >>> rules_option_value(None, None, "/dev/zero:f")
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: rules file /dev/zero: a character device, not a regular file
    """
    if value is not None:
        path, sep, _ = value.rpartition(":")
        if sep and path:
            regular_input_file(file_name(path, _option_name(param)), MAX_INPUT_BYTES, "rules file")
    return value


def _names(value: Any) -> tuple[str, ...]:
    names = value if isinstance(value, tuple | list) else (value,)
    return tuple(name for name in names if name is not None)


def _checked(param: click.Parameter | None, value: Any, stdin: bool) -> Any:
    for name in _names(value):
        file_name(name, _option_name(param), stdin)
    return value


def _option_name(param: click.Parameter | None) -> str:
    return max(param.opts, key=len) if param is not None and param.opts else ""


def file_name(name: str, option: str = "", stdin: bool = False) -> str:
    """``name`` when it can name a file for ``option``: not empty, and not beginning with ``-``
    (``-`` alone, standard input, when ``stdin``).

    >>> file_name("-", "--specs", stdin=True)
    '-'
    >>> file_name("", "--db")
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: --db: an empty file name
    """
    where = f"{option}: " if option else ""
    if not name:
        raise GrundyError(f"{where}an empty file name")
    if name == STDIN and stdin:
        return name
    if name == STDIN:
        raise GrundyError(f"{where}'-' (standard input or output) is not taken here; write ./- for a file of that name")
    if name.startswith("-"):
        raise GrundyError(f"{where}{shorten_name(name)!r} looks like an option, not a file name; "
                          f"write ./{shorten_name(name)} for a file of that name")
    return name


