"""The rows of a misère survey (``grundy sweep misere``) in SQLite, and what they show.

They live in a table of their own, ``misere``, beside the normal-play sweep's ``results`` (one
database may hold both; ``grundy sweep show`` shows both), one row per code **and heap bound**
(primary key ``spec, max_heap``: a survey to heap 20 and one to heap 30 keep their rows apart).
A row holds the order of the quotient ``q_size`` (|Q|), ``p_size`` (|P|), whether it is tame,
whether it is ``complete`` (it covers every heap) and from which heap, the preperiod and period of
the pretending function, the presentation, the generators and the element of each heap (words, a
space between), the seconds it took. Its ``status``: ``done``; ``equivalent`` (the same game as
``representative``, no numbers of its own); ``budget`` (the quotient needed more than the work or
memory budget allows; ``error`` says which); ``failed`` (any other error).

>>> import tempfile, pathlib
>>> store = MisereStore(pathlib.Path(tempfile.mkdtemp()) / "sweep.sqlite")
>>> store.write(MisereRow("octal", "octal:0.75", "octal:0.75", "done", 5, 8, 2, False, False, None, None, None,
...                       "⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩", "a b c", "1 a b a b c", 0.1, "0.1.0"))
>>> store.done(5), [cells(r, brief=True)[:5] for r in summary(store.rows()).wild]
({'octal:0.75'}, [['octal:0.75', '5', '8', '2', 'wild']])
"""

from __future__ import annotations

from dataclasses import asdict, astuple, dataclass, fields
from pathlib import Path
from typing import Any

from grundy.core.errors import GrundyError
from grundy.sweep import report
from grundy.sweep.store import _row, open_table

TABLE = "misere"
STATUSES = ("done", "equivalent", "budget", "failed")
SHOWN = 10  # rows of each list in a summary
BRIEF_WIDTH = 48  # the presentation's width in a terminal's table


@dataclass(frozen=True)
class MisereRow:
    """One code of a misère survey at one heap bound (see the module's docstring)."""

    family: str
    spec: str
    representative: str
    status: str
    max_heap: int
    q_size: int | None
    p_size: int | None
    tame: bool | None
    complete: bool | None
    complete_from_heap: int | None
    preperiod: int | None
    period: int | None
    presentation: str
    generators: str
    elements: str
    seconds: float | None
    grundy_version: str
    reason: str = ""
    error: str = ""


COLUMNS = [f.name for f in fields(MisereRow)]
TYPES = {"max_heap": "INTEGER", "q_size": "INTEGER", "p_size": "INTEGER", "tame": "BOOLEAN",
         "complete": "BOOLEAN", "complete_from_heap": "INTEGER", "preperiod": "INTEGER", "period": "INTEGER",
         "seconds": "REAL"}
SORTS = {"spec": "spec, max_heap", "order": "q_size IS NULL, q_size DESC, spec, max_heap",
         "seconds": "seconds IS NULL, seconds DESC, spec, max_heap"}


class MisereStore:
    """The ``misere`` table of a sweep's database (both made when missing)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.db = open_table(self.path, TABLE, COLUMNS, TYPES, "spec, max_heap")

    def write(self, row: MisereRow) -> None:
        """Record one code at one heap bound (replacing an earlier row of both), committed at once."""
        marks = ", ".join("?" for _ in COLUMNS)
        self.db.execute(f"INSERT OR REPLACE INTO {TABLE} VALUES ({marks})", astuple(row))
        self.db.commit()

    def rows(self, where: str = "", order: str = "spec, max_heap", arguments: tuple = ()) -> list[MisereRow]:
        """The rows (``where``: an SQL condition of this package's own making, with ``arguments``)."""
        query = f"SELECT {', '.join(COLUMNS)} FROM {TABLE} {('WHERE ' + where) if where else ''} ORDER BY {order}"
        import sqlite3

        try:
            return [_row(r, self.path, MisereRow, TYPES, STATUSES, TABLE) for r in self.db.execute(query, arguments)]
        except sqlite3.Error as exc:
            raise GrundyError(f"{self.path}: cannot be read as a sweep database ({exc})") from None

    def done(self, max_heap: int, redo_budget: bool = False) -> set[str]:
        """The specs with a row at ``max_heap`` that needs no more work: every one but a failed one
        (and, with ``redo_budget``, but one stopped by its budget)."""
        skipped = ("failed", "budget") if redo_budget else ("failed",)
        marks = ", ".join("?" for _ in skipped)
        query = f"SELECT spec FROM {TABLE} WHERE max_heap = ? AND status NOT IN ({marks})"
        return {r[0] for r in self.db.execute(query, (max_heap, *skipped))}

    def close(self) -> None:
        self.db.close()


def has_rows(path: str | Path, table: str = TABLE) -> bool:
    """Whether the database at ``path`` holds rows in ``table`` (the misère survey's by default),
    read only: no table is made.

    >>> import tempfile, pathlib
    >>> has_rows(pathlib.Path(tempfile.mkdtemp()) / "none.sqlite")
    False
    """
    import sqlite3

    if not Path(path).is_file():
        return False
    try:
        db = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
        try:
            found = db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone()
            return found is not None and db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] > 0
        finally:
            db.close()
    except sqlite3.Error:
        return False


# -- what a survey found ------------------------------------------------------------------------------

@dataclass(frozen=True)
class MisereSummary:
    """The counts by status and of tame and wild quotients, the wild games, the largest quotients."""

    counts: dict[str, int]
    wild: list[MisereRow]  # the largest first
    largest: list[MisereRow]
    stopped: list[MisereRow]  # budget or failed


def summary(rows: list[MisereRow]) -> MisereSummary:
    """What ``rows`` found: every wild game (not tame), the :data:`SHOWN` largest quotients."""
    counts = {status: sum(r.status == status for r in rows) for status in STATUSES}
    done = [r for r in rows if r.status == "done"]
    counts |= {"tame": sum(bool(r.tame) for r in done), "wild": sum(not r.tame for r in done)}
    by_size = sorted(done, key=lambda r: (-(r.q_size or 0), r.spec, r.max_heap))
    return MisereSummary(counts, [r for r in by_size if not r.tame], by_size[:SHOWN],
                         [r for r in rows if r.status in ("budget", "failed")])


HEADERS = ["spec", "max heap", "|Q|", "|P|", "tame", "complete", "presentation", "note"]


def cells(row: MisereRow, brief: bool = False) -> list[str]:
    """A row as the report shows it (``brief``: the presentation cut and the note without reasons,
    for a terminal)."""
    if row.status != "done":
        note = {"equivalent": f"= {row.representative}" + (f" ({row.reason})" if row.reason and not brief else ""),
                "budget": "budget" if brief else f"budget: {row.error}",
                "failed": "failed" if brief else f"failed: {row.error}"}[row.status]
        return [row.spec, str(row.max_heap), "", "", "", "", "", note]
    complete = "no" if not row.complete else f"from {row.complete_from_heap}" if row.complete_from_heap is not None \
        else "yes"
    shown = row.presentation
    if brief and len(shown) > BRIEF_WIDTH:
        shown = shown[:BRIEF_WIDTH - 1] + "…"
    return [row.spec, str(row.max_heap), str(row.q_size), str(row.p_size), "tame" if row.tame else "wild", complete,
            shown, ""]


def markdown(rows: list[MisereRow]) -> str:
    """The rows as a Markdown table."""
    return report.markdown(rows, HEADERS, cells)


def csv_text(rows: list[MisereRow]) -> str:
    """Every column of every row (the database's own), as CSV."""
    return report.csv_text(rows, COLUMNS)


def rows_data(rows: list[MisereRow]) -> dict[str, Any]:
    """The rows as JSON data: the counts, the wild games and the largest quotients (by spec and
    heap bound), and every row."""
    found = summary(rows)
    return {"games": len(rows), "counts": found.counts, "wild": [[r.spec, r.max_heap] for r in found.wild],
            "largest": [[r.spec, r.max_heap] for r in found.largest],
            "rows": [asdict(row) for row in rows]}
