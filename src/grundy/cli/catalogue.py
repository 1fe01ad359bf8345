"""``grundy list``: the catalogue of rulesets."""

from __future__ import annotations

import click

from grundy.cli import render
from grundy.cli.common import emit_json, json_option


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
        render.catalogue(entries)
