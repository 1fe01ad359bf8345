"""``grundy sweep``: the periods of a whole family of games on Dask, kept in SQLite; ``grundy sweep
misere`` their misère quotients; ``grundy sweep show`` to read a database later."""

from __future__ import annotations

from typing import Any

import click

from grundy.cli.common import count_callback, emit_json, json_option
from grundy.cli.paths import database_option_value, input_option_value, output_file_value
from grundy.cli.render import console
from grundy.cli.solve import refuse
from grundy.core.errors import GrundyError

FAMILIES = ("octal", "hex", "subtraction", "misere", "show")


@click.command()
@click.argument("family", required=False, type=click.Choice(FAMILIES))
@click.option("--digits", type=int, help="octal, hex, misere: the codes of up to this many digits after the point.")
@click.option("--whole", is_flag=True, help="octal, hex, misere: also the codes 4.d1..dD (a whole heap may be split "
                                            "in two).")
@click.option("--max-heap", type=int, help="misere: the quotient of the heaps up to this size (each code's Q_N).")
@click.option("--hex", "hex_codes", is_flag=True, help="misere: the hexadecimal codes, not the octal ones.")
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
                   "a game that needs more is recorded unproved, with its values so far; misere: the work of each "
                   "quotient (default grundy's budget), a row of status budget past it.")
@click.option("--workers", type=click.IntRange(min=1),
              help="Worker processes of the local cluster (default: one a core).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on an existing Dask cluster, e.g. tcp://127.0.0.1:8786.")
@click.option("--keep-values", is_flag=True, help="Keep each game's values beside the database (FILE.values/).")
@click.option("--redo-unproved", is_flag=True,
              help="Take the unproved games further, to --max values (from their kept values); misere: compute "
                   "again the codes their budget stopped.")
@click.option("--report", metavar="FILE", callback=output_file_value("report"),
              help="Also write the results to FILE (.md or .csv).")
@click.option("--unproved", is_flag=True, help="show: only the games whose period is not proved.")
@click.option("--misere", "show_misere", is_flag=True,
              help="show: the misère survey's rows (the default when the database holds only those).")
@click.option("--sort", type=click.Choice(["spec", "preperiod", "period", "values", "seconds", "order"]), default=None,
              help="show: the order of the rows (default spec; order: the largest quotients first, misere).")
@json_option
def sweep(family: str | None, digits: int | None, whole: bool, max_heap: int | None, hex_codes: bool,
          max_move: int | None, size: int | None, specs_file: str | None, db: str, max_n: int, max_states: int | None,
          workers: int | None, scheduler: str | None, keep_values: bool, redo_unproved: bool, report: str | None,
          unproved: bool, show_misere: bool, sort: str | None, as_json: bool) -> None:
    """Survey a whole family of games: each one's values until its period is proved (as 'grundy period'
    proves it) or --max values, on Dask, the results kept in SQLite as they arrive; 'grundy sweep misere' the
    misère quotient of each code to --max-heap instead (a code once: equal codes only when they are the same game).

    \b
    Examples:
      grundy sweep octal --digits 2                   every code 0.d1d2 (and shorter)
      grundy sweep octal --digits 3 --whole --db octal3.sqlite
      grundy sweep subtraction --max-move 8 --size 3
      grundy sweep --specs games.txt --scheduler tcp://127.0.0.1:8786
      grundy sweep octal --digits 3 --redo-unproved --max 2^24 --keep-values
      grundy sweep show --db sweep.sqlite --unproved --sort period
      grundy sweep misere --digits 3 --max-heap 20    the misère quotient of each code to heap 20
      grundy sweep show --misere --sort order         the largest quotients first, the wild ones listed
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
    misere_options = {"--max-heap": max_heap is not None, "--hex": hex_codes}
    if family == "show":
        refuse(given | run_options | misere_options, "sweep show",
               "it reads a database (it takes --db, --unproved, --sort, --report)")
        _show(_existing(db), unproved, show_misere, sort, report, as_json)
        return
    refuse({"--unproved": unproved, "--misere": show_misere, "--sort": sort is not None}, "a sweep",
           "they choose the rows of 'grundy sweep show'")
    if family == "misere":
        _misere(digits, whole, hex_codes, max_heap, db, max_states, workers, scheduler, redo_unproved, report,
                as_json, {"--max-move": max_move is not None, "--size": size is not None, "--specs": specs_file
                          is not None, "--keep-values": keep_values, "--max": _given("max_n")})
        return
    refuse(misere_options, f"sweep {family or '--specs'}", "they choose the codes of 'grundy sweep misere'")
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


def _show_misere(db: str, unproved: bool, sort: str | None, report: str | None, as_json: bool) -> None:
    from grundy.sweep.misere_store import SORTS, MisereStore

    refuse({"--unproved": unproved}, "the misère rows", "they have no period to prove (--sort order lists the "
           "largest quotients)")
    store = MisereStore(db)
    rows = store.rows(order=SORTS.get(sort or "spec", SORTS["spec"]))
    if as_json or report is not None:
        _answer_misere(rows, report, as_json)
        return
    console.print(_misere_table(f"{store.path}: {len(rows):,} misère rows", rows))


def _misere_table(title: str, rows: list[Any]) -> Any:
    """Rows of a misère survey as a rich table, without the note column when no row has a note."""
    from grundy.sweep.misere_store import HEADERS, cells

    lines = [cells(row, brief=True) for row in rows]
    if any(line[-1] for line in lines):
        return _table(title, lines, HEADERS)
    return _table(title, [line[:-1] for line in lines], HEADERS[:-1])


def _existing(db: str) -> str:
    from pathlib import Path

    if not Path(db).is_file():
        raise GrundyError(f"--db {db}: no such database (a sweep makes it: 'grundy sweep octal --digits 2 --db {db}')")
    return db


def _run(members: list[Any], store: Any, max_n: int, max_states: int | None, scheduler: str | None,
         workers: int | None, redo_unproved: bool, quiet: bool) -> None:
    from grundy.sweep.runner import run

    _progress(lambda on_start, on_row: run(members, store, max_n, scheduler, workers, redo_unproved, on_start, on_row,
                                           max_states), quiet, "proved", "unproved", "failed",
              "(--redo-unproved --max N takes the unproved ones further)")


def _progress(run: Any, quiet: bool, proved: str, unproved: str, failed: str, again: str) -> None:
    """Run a sweep, ``run(on_start, on_row)``, with the dashboard's address and a bar on stderr
    (not when ``quiet``), the tally's counts named by ``proved``, ``unproved`` and ``failed``;
    ``again`` says how to take a finished sweep further."""
    from grundy.cli.progress import activity

    with activity() as bar:
        def on_start(dashboard: str, tally: Any) -> None:
            if not quiet:
                click.echo(f"grundy: {tally.total:,} games to run; the Dask dashboard is at {dashboard}", err=True)

        def on_row(tally: Any, row: Any) -> None:
            if bar is not None:
                bar.update(f"games {tally.done:,}/{tally.total:,}: {tally.proved:,} {proved}, {tally.unproved:,} "
                           f"{unproved}, {tally.failed:,} {failed}", tally.done, tally.total)

        tally = run(on_start, on_row)
    if tally.total == 0 and not quiet:
        click.echo(f"grundy: every game of this sweep is in the database already {again}", err=True)


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


def _table(title: str, lines: list[list[str]], headers: list[str] | None = None) -> Any:
    """Rows of a sweep as a rich table (of the normal sweep's columns unless ``headers`` are
    given): the spec whole, the numbers to the right."""
    from rich.table import Table

    from grundy.sweep.report import HEADERS

    table = Table(title=title, title_justify="left", min_width=len(title))  # the title (a path) never wraps
    for header in headers or HEADERS:
        if header in ("note", "presentation"):
            table.add_column(header, min_width=14)
        else:
            table.add_column({"largest": "max"}.get(header, header), justify="left" if header == "spec" else "right",
                             no_wrap=True)
    for line in lines:
        table.add_row(*line)
    return table


def _given(name: str) -> bool:
    """Whether the option of parameter ``name`` was given on the command line (not its default)."""
    from click.core import ParameterSource

    return click.get_current_context().get_parameter_source(name) is not ParameterSource.DEFAULT


def _misere(digits: int | None, whole: bool, hex_codes: bool, max_heap: int | None, db: str, max_states: int | None,
            workers: int | None, scheduler: str | None, redo: bool, report: str | None, as_json: bool,
            wrong: dict[str, bool]) -> None:
    """``grundy sweep misere``: the quotients of the codes of up to --digits digits at --max-heap."""
    from grundy.sweep import misere_store
    from grundy.sweep.misere import check_max_heap, run
    from grundy.sweep.misere_family import misere_family

    refuse(wrong, "sweep misere", "it takes --digits, --max-heap (and --hex, --whole, --max-states)")
    if digits is None or max_heap is None:
        raise GrundyError("sweep misere needs --digits D and --max-heap N: the quotients Q_N of every code of up to "
                          "D digits (e.g. --digits 2 --max-heap 12)")
    check_max_heap(max_heap)
    members = misere_family("hex" if hex_codes else "octal", digits, whole)
    store = misere_store.MisereStore(db)
    _progress(lambda on_start, on_row: run(members, store, max_heap, scheduler, workers, redo, on_start, on_row,
                                           max_states), as_json, "complete", "not complete", "stopped",
              "(--redo-unproved computes again the codes their budget stopped; a larger --max-heap goes further)")
    specs = {m.spec for m in members}
    rows = [row for row in store.rows("max_heap = ?", arguments=(max_heap,)) if row.spec in specs]
    _answer_misere(rows, report, as_json)


def _answer_misere(rows: list[Any], report: str | None, as_json: bool) -> None:
    """A misère survey's rows: as JSON, or its summary (the wild games, the largest quotients)."""
    from grundy.sweep import misere_store
    from grundy.sweep.report import export

    if as_json:
        emit_json(misere_store.rows_data(rows) | ({"report": report} if report is not None else {}))
    else:
        found = misere_store.summary(rows)
        counts = ", ".join(f"{count:,} {name}" for name, count in found.counts.items())
        console.print(f"[bold]{len(rows):,} games[/]: {counts}")
        for title, chosen in (("wild", found.wild[:20]), ("largest quotients", found.largest),
                              ("stopped", found.stopped[:20])):
            if chosen:
                console.print(_misere_table(title, chosen))
        if len(found.wild) > 20:
            console.print(f"... and {len(found.wild) - 20:,} more wild: grundy sweep show --misere --sort order")
    if report is not None:
        export(rows, report, {".md": misere_store.markdown, ".csv": misere_store.csv_text})
        if not as_json:
            console.print(f"written: {report}")


def _show(db: str, unproved: bool, misere: bool, sort: str | None, report: str | None, as_json: bool) -> None:
    from grundy.sweep.misere_store import has_rows
    from grundy.sweep.report import SORTS, cells
    from grundy.sweep.store import Store

    misere_rows = has_rows(db)
    if misere or (misere_rows and not has_rows(db, "results")):
        _show_misere(db, unproved, sort, report, as_json)
        return
    store = Store(db)
    rows = store.rows("status = 'done' AND proved = 0" if unproved else "", SORTS.get(sort or "spec", "spec"))
    _answer(rows, report, as_json, lambda chosen: console.print(
        _table(f"{store.path}: {len(chosen):,} games", [cells(row, brief=True) for row in chosen])))
    if misere_rows and not as_json:
        console.print("it holds a misère survey too: grundy sweep show --misere")


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
