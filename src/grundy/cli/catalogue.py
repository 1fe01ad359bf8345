"""``grundy list``: the catalogue of rulesets, or those a word names."""

from __future__ import annotations

from typing import Any

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
      grundy list               the classic games, then the rest family by family
      grundy list kayles        the rulesets that mention kayles
      grundy list coin          the coin-turning games
    """
    from grundy.service.catalogue import catalogue, entry_data, listing

    if as_json:  # the catalogue's order, as grundy.catalogue() and the web's /api/list give it
        emit_json([entry_data(e) for e in catalogue(word)])
    else:
        show_catalogue(listing(word))


def show_catalogue(sections: list) -> None:
    """Print the sections (the classic games, then family by family), each under its heading: each
    spec form and its meaning, then how a component is written and an example, indented."""
    from grundy.service.catalogue import example_command

    for i, (heading, entries) in enumerate(sections):
        console.print(f"\n[bold]{escape(heading)}[/]" if i else f"[bold]{escape(heading)}[/]")
        for e in entries:
            _show_entry(e, example_command(e))


def _show_entry(e: Any, example: str) -> None:
    """One entry: each spec form and its meaning, then its component and example, indented."""
    for usage, meaning in e.usages:
        console.print(f"  [bold cyan]{escape(usage)}[/]  {escape(meaning)}")
    console.print(f"      [dim]component: {escape(e.component)}; e.g. {escape(example)}[/]")
