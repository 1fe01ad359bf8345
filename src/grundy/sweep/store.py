"""The results of a sweep in SQLite: one row per game (primary key ``spec``), written as each game
ends, in WAL mode, so a crash loses at most the games in flight and a second run skips the games
already done. With ``keep_values`` each game's values are kept as a compressed numpy file in a
folder beside the database (``sweep.sqlite`` → ``sweep.values/``), from which a longer run of an
unproved game goes on instead of starting again.

>>> import tempfile, pathlib
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "sweep.sqlite")
>>> store.write(Row("octal", "octal:0.07", "octal:0.07", "done", 53, 34, 0, True, 256, 8, None, 0.1, "0.1.0"))
>>> store.done() == {"octal:0.07"}, store.rows()[0].period
(True, 34)
"""

from __future__ import annotations

import os
import re
import sqlite3
import zipfile
from dataclasses import astuple, dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

from grundy.core.errors import GrundyError

MAX_KEPT_BYTES = 2 * 1024**3  # the largest array of kept values read back (2^30 values of uint16)
STATUSES = ("done", "equivalent", "failed")  # worked out; recorded by its representative; stopped by an error


@dataclass(frozen=True)
class Row:
    """One game of a sweep: how it ended, its preperiod, period and saltus, whether a theorem proved
    them, how many values were computed and the largest, the sparse kernel's rare/common mask
    (where it ran), the seconds it took, and the grundy version that computed it. A game equal to
    another (``representative`` names it) has status ``equivalent`` and no numbers of its own; a
    failed game has ``error``."""

    family: str
    spec: str
    representative: str
    status: str
    preperiod: int | None
    period: int | None
    saltus: int | None
    proved: bool | None
    values_computed: int | None
    max_value: int | None
    rare_mask: int | None
    seconds: float | None
    grundy_version: str
    reason: str = ""
    error: str = ""


COLUMNS = [f.name for f in fields(Row)]
_TYPES = {"preperiod": "INTEGER", "period": "INTEGER", "saltus": "INTEGER", "proved": "BOOLEAN",
          "values_computed": "INTEGER", "max_value": "INTEGER", "rare_mask": "INTEGER", "seconds": "REAL"}


def open_table(path: Path, table: str, columns: list[str], types: dict[str, str], key: str) -> sqlite3.Connection:
    """The database at ``path`` (made when missing, in WAL mode) with ``table`` of ``columns``
    (made when missing; ``types`` by column, TEXT where not said, BOOLEAN kept as INTEGER; ``key``
    the primary key, e.g. ``"spec"`` or ``"spec, max_heap"``), refused in one line when it is not
    a database or its table has other columns."""
    try:
        db = sqlite3.connect(path)
        db.execute("PRAGMA journal_mode=WAL")
        made = ", ".join(f"{c} {types.get(c, 'TEXT').replace('BOOLEAN', 'INTEGER')}" for c in columns)
        db.execute(f"CREATE TABLE IF NOT EXISTS {table} ({made}, PRIMARY KEY ({key}))")
        found = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
    except sqlite3.Error as exc:
        raise GrundyError(f"{path}: not a sweep database ({exc})") from None
    if found != columns:
        db.close()
        raise GrundyError(f"{path}: its table '{table}' has other columns than a sweep's "
                          f"({', '.join(found)}): choose another database")
    return db


class Store:
    """A sweep's database (created when missing); ``keep_values``: keep each game's values too."""

    def __init__(self, path: str | Path, keep_values: bool = False) -> None:
        self.path = Path(path)
        self.keep_values = keep_values
        self.db = open_table(self.path, "results", COLUMNS, _TYPES, "spec")

    @property
    def values_dir(self) -> Path:
        return self.path.with_suffix(".values")

    def write(self, row: Row) -> None:
        """Record one game (replacing an earlier row of the same spec), committed at once."""
        marks = ", ".join("?" for _ in COLUMNS)
        self.db.execute(f"INSERT OR REPLACE INTO results VALUES ({marks})", astuple(row))
        self.db.commit()

    def rows(self, where: str = "", order: str = "spec") -> list[Row]:
        """The rows (``where``: an SQL condition of this module's own making), ordered."""
        query = f"SELECT {', '.join(COLUMNS)} FROM results {('WHERE ' + where) if where else ''} ORDER BY {order}"
        try:
            return [_row(r, self.path) for r in self.db.execute(query)]
        except sqlite3.Error as exc:
            raise GrundyError(f"{self.path}: cannot be read as a sweep database ({exc})") from None

    def done(self) -> set[str]:
        """The specs with a row that needs no more work (every row but a failed one)."""
        return {r[0] for r in self.db.execute("SELECT spec FROM results WHERE status != 'failed'")}

    def unproved(self) -> list[Row]:
        """The games worked out whose period is not proved (those ``--redo-unproved`` takes further)."""
        return self.rows("status = 'done' AND proved = 0")

    # -- the values of each game -----------------------------------------------------------------------
    def values_file(self, spec: str) -> Path:
        return self.values_dir / (re.sub(r"[^A-Za-z0-9.,_-]", "_", spec) + ".npz")

    def keep(self, spec: str, values: np.ndarray) -> None:
        """Keep the values of ``spec`` (with ``keep_values``): written beside and then moved into
        place, so a crash leaves the old file or the new one, never half of one."""
        if not self.keep_values:
            return
        path = self.values_file(spec)
        partial = path.with_name(path.name + ".partial")
        try:
            self.values_dir.mkdir(exist_ok=True)
            with open(partial, "wb") as out:
                np.savez_compressed(out, values=values)
            os.replace(partial, path)
        except OSError as exc:
            raise GrundyError(f"cannot keep the values of {spec} in {self.values_dir}: {exc.strerror or exc}") from None

    def kept(self, spec: str) -> np.ndarray | None:
        """The values kept of ``spec``, or None when there are none or the file is damaged (not
        an array of non-negative integers written by :meth:`keep`, or one that says it holds more than
        :data:`MAX_KEPT_BYTES`): the game is then computed again from zero."""
        path = self.values_file(spec)
        if not path.is_file() or not _kept_fits(path):
            return None
        try:
            with np.load(path, allow_pickle=False) as data:
                values = np.asarray(data["values"])
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            return None
        if values.ndim != 1 or values.dtype.kind not in "iu" or (len(values) and values.min() < 0):
            return None
        return values

    def close(self) -> None:
        self.db.close()


def _kept_fits(path: Path) -> bool:
    """Whether a file of kept values holds one array ``values`` of at most :data:`MAX_KEPT_BYTES`,
    read from the headers alone (the zip's and the array's), before anything is decompressed:
    numpy would make room for whatever shape the header declares."""
    try:
        with zipfile.ZipFile(path) as archive:
            info = archive.getinfo("values.npy")
            if info.file_size > MAX_KEPT_BYTES:
                return False
            with archive.open(info) as member:
                version = np.lib.format.read_magic(member)
                read = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                        else np.lib.format.read_array_header_2_0)
                shape, _, dtype = read(member)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return False
    return int(np.prod(shape, dtype=object)) * dtype.itemsize <= min(info.file_size, MAX_KEPT_BYTES)


def _row(values: tuple, path: Path, kind_of_row: type = Row, types: dict[str, str] | None = None,
         statuses: tuple[str, ...] = STATUSES, table: str = "results") -> Any:
    """A row read from the database (of ``table``, a ``kind_of_row`` of columns of ``types``,
    TEXT where not said; a sweep's results by default): NULLs are kept (a game's numbers may be
    unknown; the text columns are then empty), but a value of another kind than the column's, an
    unknown status or no spec is refused in one line, naming the row."""
    columns = [f.name for f in fields(kind_of_row)]
    types = _TYPES if types is None else types
    data = dict(zip(columns, values, strict=True))
    spec = data["spec"]
    if not isinstance(spec, str) or not spec:
        raise GrundyError(f"{path}: a row of its table '{table}' has no spec: not a sweep's row")
    for column in columns:
        value = data[column]
        kind = types.get(column, "TEXT")
        if value is None:
            data[column] = "" if kind == "TEXT" else None
        elif not _of_kind(value, kind):
            raise GrundyError(f"{path}: the row of {_shown(spec)} holds {column} = {_shown(value)}, "
                              f"not {_KINDS[kind]}: not a sweep's row")
    if data["status"] not in statuses:
        raise GrundyError(f"{path}: the row of {_shown(spec)} holds status = {_shown(data['status'])}, "
                          f"not {', '.join(statuses)}: not a sweep's row")
    for column in columns:
        if types.get(column) == "BOOLEAN" and data[column] is not None:
            data[column] = bool(data[column])
    return kind_of_row(**data)


_KINDS = {"INTEGER": "a whole number", "BOOLEAN": "a whole number", "REAL": "a number", "TEXT": "text"}


def _of_kind(value: object, kind: str) -> bool:
    if kind in ("INTEGER", "BOOLEAN"):
        return isinstance(value, int)
    if kind == "REAL":
        return isinstance(value, int | float)
    return isinstance(value, str)


def _shown(value: object, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."
