"""What a sweep found, for people: the counts by outcome, the longest preperiods and periods, the
unsolved games; and the rows exported as Markdown or CSV.

>>> rows = [Row("octal", "octal:0.07", "octal:0.07", "done", 53, 34, 0, True, 256, 8, None, 0.1, "0.1.0"),
...         Row("octal", "octal:0.070", "octal:0.07", "equivalent", None, None, None, None, None, None, None,
...             None, "0.1.0")]
>>> summary(rows).counts
{'proved': 1, 'unproved': 0, 'failed': 0, 'equivalent': 1}
>>> print(markdown(rows).splitlines()[2])
| octal:0.07 | 53 | 34 | 0 | yes | 256 | 8 |  |
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable
from dataclasses import asdict, astuple, dataclass
from pathlib import Path
from typing import Any

from grundy.core.errors import GrundyError
from grundy.sweep.store import COLUMNS, Row

SORTS = {"spec": "spec", **{name: f"{column} IS NULL, {column} DESC, spec" for name, column in (
    ("preperiod", "preperiod"), ("period", "period"), ("values", "values_computed"), ("seconds", "seconds"))}}
# the largest first, the games without the number (NULL) last
UNKNOWN = "—"  # a number the row does not hold
SHOWN = 10  # rows of each list in a summary


@dataclass(frozen=True)
class Summary:
    """The counts by outcome, the games with the longest preperiods and periods, the unsolved ones."""

    counts: dict[str, int]
    longest_preperiods: list[Row]
    longest_periods: list[Row]
    unsolved: list[Row]
    failed: list[Row]


def outcome(row: Row) -> str:
    """``proved``, ``unproved``, ``failed`` or ``equivalent``."""
    if row.status != "done":
        return row.status
    return "proved" if row.proved else "unproved"


def rows_data(rows: list[Row]) -> dict[str, Any]:
    """The JSON of a sweep's rows (``--json``): the counts by outcome and every row, its columns
    as in the database.

    >>> row = Row("octal", "octal:0.07", "octal:0.07", "done", 53, 34, 0, True, 256, 8, None, 0.1, "0.1.0")
    >>> rows_data([row])["counts"]
    {'proved': 1, 'unproved': 0, 'failed': 0, 'equivalent': 0}
    """
    return {"games": len(rows), "counts": summary(rows).counts, "rows": [asdict(row) for row in rows]}


def summary(rows: list[Row]) -> Summary:
    counts = {name: 0 for name in ("proved", "unproved", "failed", "equivalent")}
    for row in rows:
        counts[outcome(row)] += 1
    periodic = [r for r in rows if r.status == "done" and r.period is not None]
    return Summary(counts,
                   sorted((r for r in periodic if r.preperiod is not None),
                          key=lambda r: (-r.preperiod, r.spec))[:SHOWN],  # type: ignore[operator]
                   sorted(periodic, key=lambda r: (-(r.period or 0), r.spec))[:SHOWN],
                   [r for r in rows if outcome(r) == "unproved"],
                   [r for r in rows if r.status == "failed"])


def cells(row: Row, brief: bool = False) -> list[str]:
    """A row as the report shows it: spec, preperiod, period, saltus, proved, values, largest, note
    (``brief``: the note without the reasons, for a terminal)."""
    if row.status == "equivalent":
        why = f" ({row.reason})" if row.reason and not brief else ""
        return [row.spec, "", "", "", "", "", "", f"= {row.representative}{why}"]
    if row.status == "failed":
        return [row.spec, "", "", "", "", "", "", "failed" if brief else f"failed: {row.error}"]
    proved = "yes" if row.proved else "no"
    note = "" if row.proved else _unproved_note(row, brief)
    if row.period is None:
        return [row.spec, "", "", "", proved, number(row.values_computed), number(row.max_value), note]
    return [row.spec, number(row.preperiod), number(row.period), number(row.saltus), proved,
            number(row.values_computed), number(row.max_value), note]


def number(value: int | None) -> str:
    """A count as a row shows it: with thousands separators, or :data:`UNKNOWN` when the row has none.

    >>> number(123456), number(None)
    ('123,456', '—')
    """
    return UNKNOWN if value is None else f"{value:,}"


def _unproved_note(row: Row, brief: bool) -> str:
    """Why a game is unproved: in brief, no period seen or an arithmetic one, and whether its work
    budget stopped it; else the reason the search gave."""
    if not brief:
        return row.reason if row.period is not None else ": ".join(filter(None, ("no period in sight", row.reason)))
    words = ["no period" if row.period is None else "arithmetic" if row.saltus else "observed"]
    if "work budget" in row.reason:
        words.append("budget")
    return ", ".join(words)


HEADERS = ["spec", "preperiod", "period", "saltus", "proved", "values", "largest", "note"]


def markdown(rows: list[Any], headers: list[str] = HEADERS, cells_of: Callable[[Any], list[str]] = cells) -> str:
    """The rows as a Markdown table (the normal sweep's columns unless told others)."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in cells_of(r)) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def csv_text(rows: list[Any], columns: list[str] = COLUMNS) -> str:
    """Every column of every row (the database's own), as CSV."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if v is None else v for v in astuple(row)])
    return out.getvalue()


Writers = dict[str, Callable[[list[Any]], str]]


def report_target(path: str, writers: Writers | None = None) -> tuple[Path, Callable[[list[Any]], str]]:
    """Where a report goes and how it is written (``writers`` by suffix, the normal sweep's rows'
    by default), checked before any work: ``.md`` or ``.csv``, in a folder that exists and may be
    written."""
    target = Path(path)
    write = (writers or {".md": markdown, ".csv": csv_text}).get(target.suffix.lower())
    if write is None:
        raise GrundyError(f"a report is written as Markdown (.md) or CSV (.csv), not {path}")
    folder = target.parent
    if target.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
        why = ("it is a folder" if target.is_dir() else f"folder {str(folder)!r} does not exist" if not folder.is_dir()
               else f"folder {str(folder)!r} may not be written")
        raise GrundyError(f"cannot write the report {path}: {why}")
    return target, write


def export(rows: list[Any], path: str, writers: Writers | None = None) -> None:
    """Write the rows to ``path``: Markdown for ``.md``, CSV for ``.csv`` (``writers``: those of
    other rows than the normal sweep's, e.g. a misère survey's)."""
    target, write = report_target(path, writers)
    try:
        target.write_text(write(rows), encoding="utf-8")
    except OSError as exc:
        raise GrundyError(f"cannot write the report {path}: {exc.strerror}") from None
