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

import errno
import os
import stat
import sys
from pathlib import Path
from typing import Any

import click

from grundy.core.errors import GrundyError

MAX_INPUT_BYTES = 16 * 1024**2  # the most an input file (specs, rules, graphs) may hold
STDIN = "-"


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
        raise GrundyError(f"{where}{_shorten(name)!r} looks like an option, not a file name; "
                          f"write ./{_shorten(name)} for a file of that name")
    return name


def regular_input_file(path: str | os.PathLike[str], max_bytes: int = MAX_INPUT_BYTES, what: str = "file") -> Path:
    """``path`` when it names a regular file (a link to one included) of at most ``max_bytes``;
    else one line saying what it is (missing, a directory, a FIFO, a device) or how large.

    >>> regular_input_file("/dev/zero", what="specs file")
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: specs file /dev/zero: a character device, not a regular file
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise GrundyError(f"{what} {_shorten(str(path))}: no such file") from None
    except OSError as exc:
        raise GrundyError(f"{what} {_shorten(str(path))}: cannot be read ({exc.strerror or exc})") from None
    _check_regular(info, str(path), max_bytes, what)
    return Path(path)


def _check_regular(info: os.stat_result, path: str, max_bytes: int, what: str) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise GrundyError(f"{what} {_shorten(path)}: {_kind(info.st_mode)}, not a regular file")
    if info.st_size > max_bytes:
        raise GrundyError(f"{what} {_shorten(path)}: {info.st_size:,} bytes, more than the {max_bytes:,} "
                          f"a {what} may hold")


def read_input_bytes(path: str, max_bytes: int = MAX_INPUT_BYTES, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (``-``: standard input, read up to
    one byte past the limit and refused past it). The file is opened without waiting (a FIFO
    put in its place after the check does not block) and checked again once open."""
    if path == STDIN:
        return _limited(sys.stdin.buffer.read(max_bytes + 1), "standard input", max_bytes, what)
    regular_input_file(path, max_bytes, what)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise GrundyError(f"{what} {_shorten(path)}: cannot be read ({exc.strerror or exc})") from None
    with os.fdopen(fd, "rb") as stream:
        _check_regular(os.fstat(fd), path, max_bytes, what)
        try:
            data = stream.read(max_bytes + 1)
        except OSError as exc:
            raise GrundyError(f"{what} {_shorten(path)}: cannot be read ({exc.strerror or exc})") from None
    return _limited(data, path, max_bytes, what)


def _limited(data: bytes, shown: str, max_bytes: int, what: str) -> bytes:
    if len(data) > max_bytes:
        raise GrundyError(f"{what} {_shorten(shown)}: more than the {max_bytes:,} bytes a {what} may hold")
    return data


def read_input_text(path: str, max_bytes: int = MAX_INPUT_BYTES, what: str = "file") -> str:
    """As :func:`read_input_bytes`, decoded as UTF-8 (one line when it is not)."""
    data = read_input_bytes(path, max_bytes, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        shown = "standard input" if path == STDIN else path
        raise GrundyError(f"{what} {_shorten(shown)}: not UTF-8 text") from None


def output_file(path: str, what: str = "file") -> Path:
    """``path`` when a file may be written there: missing (its folder is checked by the writer),
    a regular file, a terminal or ``/dev/null``-like character device, or a FIFO that a process
    reads now; not a directory, a block device, a socket or a FIFO nobody reads (writing to it
    would wait for ever)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return Path(path)
    except OSError as exc:
        raise GrundyError(f"cannot write the {what} {_shorten(path)}: {exc.strerror or exc}") from None
    mode = info.st_mode
    if stat.S_ISREG(mode) or stat.S_ISCHR(mode):
        return Path(path)
    if stat.S_ISFIFO(mode) and _fifo_has_reader(path):
        return Path(path)
    why = "a FIFO that no process reads" if stat.S_ISFIFO(mode) else _kind(mode)
    raise GrundyError(f"cannot write the {what} {_shorten(path)}: it is {why}")


def _fifo_has_reader(path: str) -> bool:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            return False
        raise GrundyError(f"cannot write {_shorten(path)}: {exc.strerror or exc}") from None
    os.close(fd)
    return True


def existing_or_new_regular(path: str, what: str = "file") -> str:
    """``path`` when it is missing or a regular file (a database, say, that a library opens and
    may wait on or misread when it is anything else)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return path
    except OSError as exc:
        raise GrundyError(f"{what} {_shorten(path)}: cannot be opened ({exc.strerror or exc})") from None
    if not stat.S_ISREG(info.st_mode):
        raise GrundyError(f"{what} {_shorten(path)}: {_kind(info.st_mode)}, not a regular file")
    return path


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "an unusual file"


def _shorten(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."
