"""Solved games kept in SQLite: ``grundy solve --general --db FILE`` stores every position it solved,
so a later run (or ``grundy play``) from the same start reads them back instead of solving again.

A table ``solved (root, position, value, remoteness)``: ``root`` and ``position`` are the ``repr``
of canonical positions (read back with :func:`ast.literal_eval`), ``value`` a code of
:data:`grundy.core.general.RESULTS`.

>>> import tempfile, pathlib, numpy as np
>>> db = pathlib.Path(tempfile.mkdtemp()) / "solved.db"
>>> store_solved(db, (0,), {(0,): 0, (1,): 1}, np.array([2, 1]), np.array([1, 0]))
>>> index, values, remoteness = load_solved(db, (0,))
>>> index, values.tolist(), remoteness.tolist()
({(0,): 0, (1,): 1}, [2, 1], [1, 0])
"""

from __future__ import annotations

import sqlite3
from ast import literal_eval
from pathlib import Path
from typing import Any

import numpy as np

from grundy.core.errors import GrundyError

_TABLE = ("CREATE TABLE IF NOT EXISTS solved (root TEXT, position TEXT, value INTEGER, remoteness INTEGER, "
          "PRIMARY KEY (root, position))")


def load_solved(db: str | Path, root: Any) -> tuple[dict, np.ndarray, np.ndarray] | None:
    """``(index, values, remoteness)`` of the positions stored for the canonical start ``root``,
    or None if there are none."""
    try:
        with sqlite3.connect(db) as connection:
            connection.execute(_TABLE)
            rows = connection.execute("SELECT position, value, remoteness FROM solved WHERE root = ?",
                                      (repr(root),)).fetchall()
    except sqlite3.Error as exc:
        raise GrundyError(f"cannot use the database {str(db)!r}: {exc}") from None
    if not rows:
        return None
    index = {literal_eval(p): i for i, (p, _, _) in enumerate(rows)}
    values = np.array([v for _, v, _ in rows], np.int8)
    remoteness = np.array([r for _, _, r in rows], np.int64)
    return index, values, remoteness


def store_solved(db: str | Path, root: Any, index: dict, values: np.ndarray, remoteness: np.ndarray) -> None:
    """Store each position of ``index`` with its value and remoteness under the canonical start ``root``."""
    key = repr(root)
    rows = ((key, repr(p), int(values[i]), int(remoteness[i])) for p, i in index.items())
    try:
        with sqlite3.connect(db) as connection:
            connection.execute(_TABLE)
            connection.executemany("INSERT OR REPLACE INTO solved VALUES (?, ?, ?, ?)", rows)
    except sqlite3.Error as exc:
        raise GrundyError(f"cannot write the database {str(db)!r}: {exc}") from None
