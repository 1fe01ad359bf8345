"""Files a user names, opened within limits: an input only when it is a regular file (or standard
input) of bounded size, since a FIFO would block for ever and ``/dev/zero`` would fill the memory;
an output only where writing cannot block or spread over a device. Each refusal is one
:class:`~grundy.core.errors.GrundyError` line naming the file and what it is.

The command line's file options (:mod:`grundy.cli.paths`) and every reader of a user's file (the
sweep's specs, graph files, rules files) go through here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path

from grundy.core.errors import GrundyError

MAX_INPUT_BYTES = 16 * 1024**2  # the most an input file (specs, rules, graphs) may hold
STDIN = "-"
_refusal: ContextVar[str | None] = ContextVar("grundy_files_refused", default=None)


@contextlib.contextmanager
def refused(reason: str) -> Iterator[None]:
    """No file is read or written while the block runs: each attempt (a spec that names a file, such
    as ``dag:FILE``, included) stops with ``reason``. The web explorer answers under it.

    >>> with refused("no files here"):
    ...     regular_input_file("/etc/hostname")
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: no files here
    """
    token = _refusal.set(reason)
    try:
        yield
    finally:
        _refusal.reset(token)


def allowed() -> None:
    """Stop with the reason in force when files are refused (:func:`refused`)."""
    reason = _refusal.get()
    if reason is not None:
        raise GrundyError(reason)


def regular_input_file(path: str | os.PathLike[str], max_bytes: int = MAX_INPUT_BYTES, what: str = "file") -> Path:
    """``path`` when it names a regular file (a link to one included) of at most ``max_bytes``;
    else one line saying what it is (missing, a directory, a FIFO, a device) or how large.

    >>> regular_input_file("/dev/zero", what="specs file")
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: specs file /dev/zero: a character device, not a regular file
    """
    allowed()
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise GrundyError(f"{what} {shorten_name(str(path))}: no such file") from None
    except OSError as exc:
        raise GrundyError(f"{what} {shorten_name(str(path))}: cannot be read ({exc.strerror or exc})") from None
    _check_regular(info, str(path), max_bytes, what)
    return Path(path)


def _check_regular(info: os.stat_result, path: str, max_bytes: int, what: str) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise GrundyError(f"{what} {shorten_name(path)}: {_kind(info.st_mode)}, not a regular file")
    if info.st_size > max_bytes:
        raise GrundyError(f"{what} {shorten_name(path)}: {info.st_size:,} bytes, more than the {max_bytes:,} "
                          f"a {what} may hold")


def read_input_bytes(path: str, max_bytes: int = MAX_INPUT_BYTES, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (``-``: standard input, read up to
    one byte past the limit and refused past it). The file is opened without waiting (a FIFO
    put in its place after the check does not block) and checked again once open."""
    allowed()
    if path == STDIN:
        return _limited(sys.stdin.buffer.read(max_bytes + 1), "standard input", max_bytes, what)
    regular_input_file(path, max_bytes, what)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise GrundyError(f"{what} {shorten_name(path)}: cannot be read ({exc.strerror or exc})") from None
    with os.fdopen(fd, "rb") as stream:
        _check_regular(os.fstat(fd), path, max_bytes, what)
        try:
            data = stream.read(max_bytes + 1)
        except OSError as exc:
            raise GrundyError(f"{what} {shorten_name(path)}: cannot be read ({exc.strerror or exc})") from None
    return _limited(data, path, max_bytes, what)


def _limited(data: bytes, shown: str, max_bytes: int, what: str) -> bytes:
    if len(data) > max_bytes:
        raise GrundyError(f"{what} {shorten_name(shown)}: more than the {max_bytes:,} bytes a {what} may hold")
    return data


def read_input_text(path: str, max_bytes: int = MAX_INPUT_BYTES, what: str = "file") -> str:
    """As :func:`read_input_bytes`, decoded as UTF-8 (one line when it is not)."""
    data = read_input_bytes(path, max_bytes, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        shown = "standard input" if path == STDIN else path
        raise GrundyError(f"{what} {shorten_name(shown)}: not UTF-8 text") from None


def output_file(path: str, what: str = "file") -> Path:
    """``path`` when a file may be written there: missing (its folder is checked by the writer),
    a regular file, a terminal or ``/dev/null``-like character device, or a FIFO that a process
    reads now; not a directory, a block device, a socket or a FIFO nobody reads (writing to it
    would wait for ever)."""
    allowed()
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return Path(path)
    except OSError as exc:
        raise GrundyError(f"cannot write the {what} {shorten_name(path)}: {exc.strerror or exc}") from None
    mode = info.st_mode
    if stat.S_ISREG(mode) or stat.S_ISCHR(mode):
        return Path(path)
    if stat.S_ISFIFO(mode) and _fifo_has_reader(path):
        return Path(path)
    why = "a FIFO that no process reads" if stat.S_ISFIFO(mode) else _kind(mode)
    raise GrundyError(f"cannot write the {what} {shorten_name(path)}: it is {why}")


def _fifo_has_reader(path: str) -> bool:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            return False
        raise GrundyError(f"cannot write {shorten_name(path)}: {exc.strerror or exc}") from None
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
        raise GrundyError(f"{what} {shorten_name(path)}: cannot be opened ({exc.strerror or exc})") from None
    if not stat.S_ISREG(info.st_mode):
        raise GrundyError(f"{what} {shorten_name(path)}: {_kind(info.st_mode)}, not a regular file")
    return path


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "an unusual file"


def shorten_name(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."
