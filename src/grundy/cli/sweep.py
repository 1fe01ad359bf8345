"""``grundy sweep``: the periods of a whole family of games on Dask, kept in SQLite; ``grundy sweep
show`` to read a database later."""

from __future__ import annotations

from typing import Any

import click

from grundy.cli.common import count_callback, emit_json, json_option
from grundy.cli.paths import database_option_value, input_option_value, output_file_value
from grundy.cli.render import console
from grundy.cli.solve import refuse
from grundy.core.errors import GrundyError

FAMILIES = ("octal", "hex", "subtraction", "show")


@click.command()
@click.argument("family", required=False, type=click.Choice(FAMILIES))
@click.option("--digits", type=int, help="octal, hex: the codes of up to this many digits after the point.")
@click.option("--whole", is_flag=True, help="octal, hex: also the codes 4.d1..dD (a whole heap may be split in two).")
@click.option("--max-move", type=int, help="subtraction: the largest move.")
@click.option("--size", type=int, help="subtraction: how many moves a set holds.")
@click.option("--specs", "specs_file", metavar="FILE", callback=input_option_value,
              help="Sweep the specs of FILE (one a line, # comments; - reads them from standard input).")
@click.option("--db", default="sweep.sqlite", show_default=True, metavar="FILE", callback=database_option_value,
              help="The SQLite database of results (a second run goes on where the first stopped).")
@click.option("--max", "max_n", metavar="COUNT", callback=count_callback(16), default="2^20", show_default=True,
              help="The most values a game is given to prove its period.")
@click.option("--max-states", metavar="COUNT", callback=count_callback(1), default=None,
              help="The work one game may take, in positions of 10,000 kernel steps each (default --max); "
                   "a game that needs more is recorded unproved, with its values so far.")
@click.option("--workers", type=click.IntRange(min=1),
              help="Worker processes of the local cluster (default: one a core).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on an existing Dask cluster, e.g. tcp://127.0.0.1:8786.")
@click.option("--keep-values", is_flag=True, help="Keep each game's values beside the database (FILE.values/).")
@click.option("--redo-unproved", is_flag=True,
              help="Take the unproved games further, to --max values (from their kept values).")
@click.option("--report", metavar="FILE", callback=output_file_value("report"),
              help="Also write the results to FILE (.md or .csv).")
@click.option("--unproved", is_flag=True, help="show: only the games whose period is not proved.")
@click.option("--sort", type=click.Choice(["spec", "preperiod", "period", "values", "seconds"]), default=None,
              help="show: the order of the rows (default spec).")
@json_option
def sweep(family: str | None, digits: int | None, whole: bool, max_move: int | None, size: int | None,
          specs_file: str | None, db: str, max_n: int, max_states: int | None, workers: int | None,
          scheduler: str | None,
          keep_values: bool, redo_unproved: bool, report: str | None, unproved: bool, sort: str | None,
          as_json: bool) -> None:
    """Survey a whole family of games: each one's values until its period is proved (as 'grundy period'
    proves it) or --max values, on Dask, the results kept in SQLite as they arrive.

    \b
    Examples:
      grundy sweep octal --digits 2                   every code 0.d1d2 (and shorter)
      grundy sweep octal --digits 3 --whole --db octal3.sqlite
      grundy sweep subtraction --max-move 8 --size 3
      grundy sweep --specs games.txt --scheduler tcp://127.0.0.1:8786
      grundy sweep octal --digits 3 --redo-unproved --max 2^24 --keep-values
      grundy sweep show --db sweep.sqlite --unproved --sort period
    """
    from grundy.sweep.report import report_target
    from grundy.sweep.runner import scheduler_address
    from grundy.sweep.store import Store

    if report is not None:
        report_target(report)  # a report that cannot be written is refused before any work
    if scheduler is not None:
        scheduler = scheduler_address(scheduler)
    given = {"--digits": digits is not None, "--whole": whole, "--max-move": max_move is not None,
             "--size": size is not None, "--specs": specs_file is not None}
    run_options = {"--max-states": max_states is not None, "--workers": workers is not None,
                   "--scheduler": scheduler is not None, "--keep-values": keep_values,
                   "--redo-unproved": redo_unproved}
    if family == "show":
        refuse(given | run_options, "sweep show", "it reads a database (it takes --db, --unproved, --sort, --report)")
        _show(Store(_existing(db)), unproved, sort, report, as_json)
        return
    refuse({"--unproved": unproved, "--sort": sort is not None}, "a sweep",
           "they choose the rows of 'grundy sweep show'")
    members = _members(family, digits, whole, max_move, size, specs_file)
    store = Store(db, keep_values=keep_values)
    _run(members, store, max_n, max_states, scheduler, workers, redo_unproved, as_json)
    specs = {m.spec for m in members}
    rows = [row for row in store.rows() if row.spec in specs]
    _answer(rows, report, as_json, _summary)


def _members(family: str | None, digits: int | None, whole: bool, max_move: int | None, size: int | None,
             specs_file: str | None) -> list[Any]:
    from grundy.sweep.families import family_members

    if family is None and specs_file is None:
        raise GrundyError("name a FAMILY (octal, hex, subtraction), or --specs FILE, or 'show' to read a database "
                          "(see 'grundy sweep --help')")
    if family is not None and specs_file is not None:
        raise GrundyError(f"give a FAMILY ({family}) or --specs FILE, not both")
    if specs_file is not None:
        refuse({"--digits": digits is not None, "--whole": whole, "--max-move": max_move is not None,
                "--size": size is not None}, "--specs", "the file names every game")
        from grundy.core.userfiles import STDIN, read_input_text

        text = read_input_text(specs_file, what="specs file")
        return family_members("specs", text=text, source="standard input" if specs_file == STDIN else specs_file)
    if family in ("octal", "hex"):
        refuse({"--max-move": max_move is not None, "--size": size is not None}, family,
               "it takes --digits (and --whole)")
        if digits is None:
            raise GrundyError(f"sweep {family} needs --digits D: the codes of up to D digits (e.g. --digits 2)")
        return family_members(family, digits=digits, whole=whole)
    refuse({"--digits": digits is not None, "--whole": whole}, "subtraction", "it takes --max-move and --size")
    if max_move is None or size is None:
        raise GrundyError("sweep subtraction needs --max-move M and --size K: every set of K moves from 1..M "
                          "(e.g. --max-move 8 --size 3)")
    return family_members("subtraction", max_move=max_move, size=size)


def _existing(db: str) -> str:
    from pathlib import Path

    if not Path(db).is_file():
        raise GrundyError(f"--db {db}: no such database (a sweep makes it: 'grundy sweep octal --digits 2 --db {db}')")
    return db


def _run(members: list[Any], store: Any, max_n: int, max_states: int | None, scheduler: str | None,
         workers: int | None, redo_unproved: bool, quiet: bool) -> None:
    from grundy.cli.progress import activity
    from grundy.sweep.runner import run

    with activity() as bar:
        def on_start(dashboard: str, tally: Any) -> None:
            if not quiet:
                click.echo(f"grundy: {tally.total:,} games to run; the Dask dashboard is at {dashboard}", err=True)

        def on_row(tally: Any, row: Any) -> None:
            if bar is not None:
                bar.update(f"games {tally.done:,}/{tally.total:,}: {tally.proved:,} proved, {tally.unproved:,} "
                           f"unproved, {tally.failed:,} failed", tally.done, tally.total)

        tally = run(members, store, max_n, scheduler, workers, redo_unproved, on_start, on_row, max_states)
    if tally.total == 0 and not quiet:
        click.echo("grundy: every game of this sweep is in the database already (--redo-unproved --max N takes "
                   "the unproved ones further)", err=True)


def _summary(rows: list[Any]) -> None:
    from grundy.sweep.report import cells, summary

    found = summary(rows)
    counts = ", ".join(f"{count:,} {name}" for name, count in found.counts.items())
    console.print(f"[bold]{len(rows):,} games[/]: {counts}")
    for title, chosen in (("longest preperiods", found.longest_preperiods), ("longest periods", found.longest_periods),
                          ("unsolved", found.unsolved[:20]), ("failed", found.failed[:20])):
        if not chosen:
            continue
        console.print(_table(title, [cells(row, brief=True) for row in chosen]))
    if len(found.unsolved) > 20:
        console.print(f"... and {len(found.unsolved) - 20:,} more unsolved: grundy sweep show --unproved")


def _table(title: str, lines: list[list[str]]) -> Any:
    """Rows of a sweep as a rich table: the spec whole, the numbers to the right."""
    from rich.table import Table

    from grundy.sweep.report import HEADERS

    table = Table(title=title, title_justify="left")
    for header in HEADERS:
        if header == "note":
            table.add_column(header, min_width=14)
        else:
            table.add_column({"largest": "max"}.get(header, header), justify="left" if header == "spec" else "right",
                             no_wrap=True)
    for line in lines:
        table.add_row(*line)
    return table


def _show(store: Any, unproved: bool, sort: str | None, report: str | None, as_json: bool) -> None:
    from grundy.sweep.report import SORTS, cells

    rows = store.rows("status = 'done' AND proved = 0" if unproved else "", SORTS[sort or "spec"])
    _answer(rows, report, as_json, lambda chosen: console.print(
        _table(f"{store.path}: {len(chosen):,} games", [cells(row, brief=True) for row in chosen])))


def _answer(rows: list[Any], report: str | None, as_json: bool, show: Any) -> None:
    """The rows: as JSON, or shown by ``show``; and the report written when one is asked."""
    from grundy.sweep.report import export, rows_data

    if as_json:
        emit_json(rows_data(rows) | ({"report": report} if report is not None else {}))
    else:
        show(rows)
    if report is not None:
        export(rows, report)
        if not as_json:
            console.print(f"written: {report}")
