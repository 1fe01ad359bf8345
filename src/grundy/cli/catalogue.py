"""``grundy list``: the catalogue of rulesets, or those a word names."""

from __future__ import annotations

import click
from rich.markup import escape

from grundy.cli.common import emit_json, json_option
from grundy.cli.render import console


@click.command(name="list")
@click.argument("word", required=False)
@json_option
def list_rulesets(word: str | None, as_json: bool) -> None:
    """Every ruleset (or those whose name, family or meaning holds WORD): how to write its spec,
    what it means, how a component is written, and an example.

    \b
    Examples:
      grundy list               the whole catalogue, family by family
      grundy list kayles        the rulesets that mention kayles
      grundy list coin          the coin-turning games
    """
    from grundy.service.catalogue import catalogue, entry_data

    found = catalogue(word)
    if as_json:
        emit_json([entry_data(e) for e in found])
    else:
        show_catalogue(found)


def show_catalogue(entries: list) -> None:
    """Print the entries family by family: each spec form and its meaning, then how a component is
    written and an example, indented (fits 80 columns)."""
    from grundy.service.catalogue import example_command

    family = None
    for e in entries:
        if e.family != family:
            family = e.family
            console.print(f"\n[bold]{escape(family)}[/]" if e is not entries[0] else f"[bold]{escape(family)}[/]")
        for usage, meaning in e.usages:
            console.print(f"  [bold cyan]{escape(usage)}[/]  {escape(meaning)}")
        console.print(f"      [dim]component: {escape(e.component)}; e.g. {escape(example_command(e))}[/]")
