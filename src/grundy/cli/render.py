"""How results look on a terminal (rich), kept apart from parsing."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
from rich.console import Console
from rich.markup import escape
from rich.table import Table

console = Console(highlight=False)
stderr = Console(stderr=True, highlight=False)
TABLE_SHOWN = 20_000  # values of a table printed on a terminal
SHOWN = 300  # characters of one position or move on a terminal (--json prints them whole)


def clip(text: str, limit: int = SHOWN) -> str:
    """``text`` as it is, or its start, its length and its end (a terminal cannot show a million
    edges; the end keeps what a move leaves in sight).

    >>> clip("0-1," * 100 + " -> nothing", 60)
    '0-1,0-1,0-1,0-1,0- ... [411 characters] ... ,0-1,0-1, -> nothing'
    """
    if len(text) <= limit:
        return text
    tail = limit // 3
    return f"{text[:limit - tail - 22]} ... [{len(text):,} characters] ... {text[-tail:]}"


def solution(s: Any) -> None:
    """Print a :class:`grundy.Solution`: verdict, values, winning moves, explanation."""
    verdict = ("[bold green]N[/]: the player to move wins" if s.outcome == "N"
               else "[bold red]P[/]: the player to move loses (the previous player wins)")
    play = " (misère)" if s.misere else ""
    console.print(f"[bold]{escape(s.spec)}[/]{play}  position: {escape(clip('  '.join(s.shown)))}")
    if s.grundy is not None:
        values = f"   component values: {s.component_values}" if s.component_values is not None else ""
        console.print(f"Grundy value: {s.grundy}{values}")
    console.print(verdict)
    if s.winning_move_count:
        console.print(f"winning moves ({s.winning_move_count}):")
        for move in s.winning_moves:
            console.print(f"  [cyan]{escape(clip(move.text))}[/]")
        if len(s.winning_moves) < s.winning_move_count:
            console.print(f"  ... {s.winning_move_count - len(s.winning_moves)} more (--max-moves)")
        console.print(f"why: {escape(clip(s.winning_moves[0].why))}" if s.winning_moves else "")
    console.print(f"[dim]{s.explanation}[/]")


def value_table(spec: str, values: np.ndarray, pattern: Any, rule: Any = None) -> None:
    """Print G(0..n-1) ten to a row, P-positions highlighted, then the period the table shows,
    or else the rule the pattern finder found past it."""
    table = Table(title=f"Grundy values of {spec}", show_lines=False)
    table.add_column("n", justify="right", style="dim")
    for d in range(10):
        table.add_column(f"+{d}", justify="right")
    shown = values[:TABLE_SHOWN]
    for row in range(0, len(shown), 10):
        cells = [("[bold red]0[/]" if v == 0 else str(int(v))) for v in shown[row:row + 10]]
        table.add_row(str(row), *cells)
    console.print(table)
    if len(values) > len(shown):
        console.print(f"... {len(values) - len(shown):,} more values (--json prints them all, --png draws them)")
    if pattern is not None and (pattern.period is not None or rule is None or not rule.found):
        console.print(str(pattern))
        if pattern.period is not None:
            console.print(pattern.p_positions())
            return
    pattern_line(rule)


def value_grid(spec: str, grid: list[list[int]]) -> None:
    """Print G(a, b) as a grid: rows a, columns b, P-positions highlighted."""
    table = Table(title=f"Grundy values G(a, b) of {spec}")
    table.add_column("a\\b", justify="right", style="dim")
    for b in range(len(grid)):
        table.add_column(str(b), justify="right")
    for a, row in enumerate(grid):
        table.add_row(str(a), *[("[bold red]0[/]" if v == 0 else str(v)) for v in row])
    console.print(table)


def periodicity(found: Any) -> None:
    """Print a :class:`grundy.Periodicity`."""
    console.print(str(found))
    console.print(f"values computed: {found.values_computed:,}   largest value: {found.max_value}")
    if found.period is not None:
        console.print(found.p_positions())


def pattern(found: Any, predictions: list[tuple[str, int | None, bool]]) -> None:
    """Print a :class:`grundy.Pattern` and the predictions asked for with ``--at``."""
    if found.found:
        console.print(f"[bold]{escape(found.spec)}[/]: {escape(found.rule)}")
        status = "[green]proved[/]" if found.proved else "[yellow]conjecture[/]"
        console.print(f"{status} ({escape(found.kind)}): {escape(found.reason.split(': ', 1)[-1])}")
    else:
        console.print(f"[bold]{escape(found.spec)}[/]: [red]no pattern found[/] ({escape(found.reason)})")
        console.print(f"[dim]{escape(found.rule)}[/]")
    for shown, value, is_p in predictions:
        worth = "" if value is None else f"G = {value}, "
        outcome = "P (the player to move loses)" if is_p else "N (the player to move wins)"
        console.print(f"  {escape(clip(shown, 120))}: {worth}{outcome}")


def pattern_line(found: Any) -> None:
    """One line under a table: the rule found in its values, or nothing."""
    if found is not None and found.found:
        status = "proved" if found.proved else "conjecture"
        console.print(f"rule ({status}, {found.kind}): {escape(found.rule)}")


def catalogue(entries: list) -> None:
    """Print the catalogue: every registered spec grouped by family."""
    table = Table(title="grundy rulesets", show_lines=False)
    table.add_column("family", style="dim")
    table.add_column("spec", style="bold cyan")
    table.add_column("meaning")
    for e in entries:
        for usage, meaning in e.usages:
            table.add_row(e.family, usage, meaning)
    console.print(table)


def game_solution(the_game: Any, start: Any, solution: Any) -> None:
    """Print a general solver result: value, remoteness and each move's value."""
    console.print(f"[bold]{the_game.name}[/]  position: {the_game.describe(start)}")
    console.print(f"value for the player to move: [bold]{solution.value}[/], remoteness {solution.remoteness}"
                  f"   ({solution.states:,} positions solved)")
    best = solution.best_moves(start)
    for move, value, remoteness in solution.move_values(start):
        mark = "[cyan]*[/]" if move in best else " "
        console.print(f" {mark} {the_game.describe(move)}: mover {value}, remoteness after {remoteness}")


@contextmanager
def doubling_progress(enabled: bool = True) -> Iterator[Any]:
    """A progress bar on stderr for computations that double their table; None when not a TTY."""
    if not (enabled and sys.stderr.isatty()):
        yield None
        return
    from rich.progress import Progress

    with Progress(console=stderr, transient=True) as progress:
        task = progress.add_task("computing values", total=None)

        def update(done: int, limit: int) -> None:
            progress.update(task, completed=done, total=limit, description=f"{done:,} values")

        yield update
@contextmanager
def period_progress(enabled: bool = True) -> Iterator[Any]:
    """A progress bar on stderr for a period search (values, rare values, the period in sight, the
    rate), fed :class:`grundy.patterns.period.SearchStatus`; None when stderr is not a terminal."""
    if not (enabled and sys.stderr.isatty()):
        yield None
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
    with Progress(*columns, console=stderr, transient=True) as progress:
        task = progress.add_task("computing values", total=None)

        def update(status: Any) -> None:
            parts = [f"{status.values:,} values"]
            if status.rare is not None:
                parts.append(f"{status.rare:,} rare")
            if status.candidate is not None:
                p, n0, _ = status.candidate
                parts.append(f"period {p:,} in sight from {n0:,}")
                if status.needed is not None:
                    parts.append(f"proof at {status.needed:,}")
            parts.append(f"{status.rate / 1e6:.2f} M values/s")
            total = status.needed if status.needed is not None and status.needed > status.values else status.limit
            progress.update(task, completed=status.values, total=total, description=" · ".join(parts))

        yield update


def problems(entries: list) -> None:
    """Print the problem catalogue."""
    table = Table(title="grundy problems (grundy problem NAME < input)")
    table.add_column("name", style="bold cyan")
    table.add_column("source", style="dim")
    table.add_column("title")
    table.add_column("rule")
    for p in entries:
        table.add_row(p.name, p.source, p.title, p.rule)
    console.print(table)


def check_report(report: Any) -> None:
    """Print the result of a stress test: all passed, or the shrunk failing case."""
    if report.failure is None:
        console.print(f"[green]ok[/]: {report.passed} random inputs of {report.problem} passed")
        return
    f = report.failure
    console.print(f"[red]failed[/] after {report.passed} passing inputs: {escape(f.reason)}")
    console.print("[bold]input (shrunk):[/]")
    lines = f.input.rstrip("\n").splitlines()
    shown = [clip(line, 200) for line in lines[:20]]
    more = [f"... ({len(lines) - 20:,} more lines; --json gives the whole input)"] if len(lines) > 20 else []
    console.print("\n".join(shown + more), markup=False)
    console.print("[bold]expected:[/]")
    console.print(f.expected.rstrip("\n"), markup=False)
    if f.received or f.reason == "wrong answer":
        console.print("[bold]received:[/]")
        console.print(f.received.rstrip("\n"), markup=False)
