"""``grundy list``: the catalogue of rulesets."""

from __future__ import annotations

import click
from rich.table import Table

from grundy.cli.common import emit_json, json_option
from grundy.cli.render import console


@click.command(name="list")
@json_option
def list_rulesets(as_json: bool) -> None:
    """Every ruleset name, with its parameters and one line of meaning."""
    from grundy.rulesets.registry import catalogue

    entries = catalogue()
    if as_json:
        emit_json([{"name": e.name, "family": e.family,
                     "forms": [{"spec": usage, "meaning": meaning} for usage, meaning in e.usages]}
                    for e in entries])
    else:
        show_catalogue(entries)


def show_catalogue(entries: list) -> None:
    """Print the catalogue: every registered spec grouped by family."""
    table = Table(title="grundy rulesets", show_lines=False)
    table.add_column("family", style="dim")
    table.add_column("spec", style="bold cyan")
    table.add_column("meaning")
    for e in entries:
        for usage, meaning in e.usages:
            table.add_row(e.family, usage, meaning)
    console.print(table)
