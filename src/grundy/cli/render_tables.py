"""How a table of values, a period and a pattern look on a terminal."""

from __future__ import annotations

from typing import Any

import numpy as np
from rich.markup import escape
from rich.table import Table

from grundy.cli.render import clip, console
from grundy.core.loopy_solve import LoopyTable, SmithValues

TABLE_SHOWN = 20_000  # values of a table printed on a terminal


def value_table(spec: str, values: np.ndarray, pattern: Any, rule: Any = None, first: int = 0) -> None:
    """Print G(first ..) ten to a row, P-positions highlighted, then the period the table shows,
    or else the rule the pattern finder found past it. Smith's values of a game whose moves cycle
    (:class:`~grundy.core.loopy_solve.SmithValues`) are printed as they are written, ``∞{0,2}``."""
    numbered = f" (numbered from {first})" if first else ""
    kind = "Smith's values" if isinstance(values, SmithValues) else "Grundy values"
    table = Table(title=f"{kind} of {spec}{numbered}", show_lines=False)
    table.add_column("n", justify="right", style="dim")
    for d in range(10):
        table.add_column(f"+{d}", justify="right")
    shown = values[:TABLE_SHOWN]
    for row in range(0, len(shown), 10):
        cells = [("[bold red]0[/]" if str(v) == "0" else escape(str(v))) for v in shown[row:row + 10]]
        table.add_row(str(first + row), *cells)
    console.print(table)
    if isinstance(values, SmithValues):
        console.print("∞K: ∞ with K the values of its finite options; a sum is a draw (D) unless its finite "
                      "parts xor to a value in K (then N)")
    if len(values) > len(shown):
        console.print(f"... {len(values) - len(shown):,} more values (--json prints them all, --png draws them)")
    if pattern is not None and (pattern.period is not None or rule is None or not rule.found):
        console.print(str(pattern))
        if pattern.period is not None:
            console.print(pattern.p_positions())
            return
    pattern_line(rule)


def value_grid(spec: str, grid: list[list[int]], first: tuple[int, int] = (0, 0)) -> None:
    """Print G(a, b) as a grid from ``first``: rows a, columns b, P-positions highlighted."""
    a0, b0 = first
    numbered = f" (numbered from {a0},{b0})" if first != (0, 0) else ""
    table = Table(title=f"Grundy values G(a, b) of {spec}{numbered}")
    table.add_column("a\\b", justify="right", style="dim")
    for b in range(len(grid)):
        table.add_column(str(b0 + b), justify="right")
    for a, row in enumerate(grid):
        table.add_row(str(a0 + a), *[("[bold red]0[/]" if v == 0 else str(v)) for v in row])
    console.print(table)


def periodicity(found: Any) -> None:
    """Print a :class:`grundy.Periodicity` (or, for a game whose moves cycle, its table of Smith's
    values and why no period was sought: :class:`~grundy.core.loopy_solve.LoopyTable`)."""
    if isinstance(found, LoopyTable):
        value_table(found.spec, found.values, None, None, found.first)
        console.print(f"no period: {escape(found.reason)}")
        return
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
