"""``grundy problem``: a classic contest problem solved on its original input, or a program of
yours stress-tested against it."""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.markup import escape
from rich.table import Table

from grundy.cli.common import emit_json, json_option
from grundy.cli.render import clip, console


@click.command(name="problem")
@click.argument("name", required=False)
@click.option("--list", "show_list", is_flag=True, help="List the problems: source, title, rule.")
@click.option("--check", "command", metavar="CMD", help="Stress-test your program CMD (stdin to stdout).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random inputs.")
@click.option("--cases", type=click.IntRange(min=1), default=100, show_default=True, help="How many inputs.")
@click.option("--timeout", type=click.FloatRange(min=0.01), default=2.0, show_default=True,
              help="Seconds allowed for one run of CMD.")
@click.option("--max-size", type=click.IntRange(min=1), default=10, show_default=True,
              help="The largest size of a generated input.")
@json_option
def problem_command(name: str | None, show_list: bool, command: str | None, seed: int, cases: int,
                    timeout: float, max_size: int, as_json: bool) -> None:
    """Solve a classic contest problem: its original input on stdin, its output on stdout.

    Example: echo "2 23 2 4 3" | grundy problem hdu1846
    """
    from grundy.problems.base import catalogue, get

    if show_list or name is None:
        problems = catalogue()
        if as_json:
            emit_json([{"name": p.name, "source": p.source, "title": p.title, "rule": p.rule}
                        for p in problems.values()])
        else:
            show_problems(list(problems.values()))
        return
    entry = get(name)
    if command is None:
        sys.stdout.write(entry.solve(sys.stdin.read()))
        return
    from grundy.problems.check import check

    report = check(entry, command, seed=seed, cases=cases, timeout=timeout, max_size=max_size)
    if as_json:
        failure = report.failure.__dict__ if report.failure else None
        emit_json({"problem": report.problem, "passed": report.passed, "failure": failure})
    else:
        check_report(report)
    if report.failure is not None:
        sys.exit(1)


def show_problems(entries: list) -> None:
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
