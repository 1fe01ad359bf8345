"""The one catalogue as plain data: every game a spec can name (impartial rulesets, games of the
general solver, partizan rulesets), with its family, forms and an example command.

>>> [e["name"] for e in map(entry_data, catalogue("kayles"))][:2]
['kayles', 'dawson-kayles']
>>> example_command(catalogue("domineering")[0])
"grundy value domineering '..|..'"
"""

from __future__ import annotations

import shlex
from itertools import groupby
from typing import Any

from grundy.rulesets.registry import Entry
from grundy.service.resolve import catalogue

# catalogue: the resolver's, asked here by the doors
__all__ = ["catalogue", "classics_first", "entry_data", "example_command", "listing"]


CLASSICS = ("nim", "bash", "wythoff", "kayles")  # the games a reader meets first, in this order
CLASSIC_HEADING = "classic games (start here)"


def classics_first(entries: list[Entry]) -> list[Entry]:
    """``entries`` with the classic games (:data:`CLASSICS`) first, in that order, then the others as
    they came (the catalogue's families).

    >>> [e.name for e in classics_first(catalogue())][:5]
    ['nim', 'bash', 'wythoff', 'kayles', 'turning-turtles']
    """
    rank = {name: i for i, name in enumerate(CLASSICS)}
    return sorted(entries, key=lambda e: rank.get(e.name, len(CLASSICS)))


def listing(word: str | None = None) -> list[tuple[str, list[Entry]]]:
    """``grundy list``'s sections, each a heading and its entries: the classic games first
    (:data:`CLASSICS`, in the web catalogue's order), then the others family by family as the
    catalogue has them (the partizan rulesets last); only the entries that mention ``word``.

    >>> [(heading, [e.name for e in entries]) for heading, entries in listing("kayles")]
    [('classic games (start here)', ['kayles']), ('take-and-break games', ['dawson-kayles'])]
    """
    found = catalogue(word)
    classics = [e for e in classics_first(found) if e.name in CLASSICS]
    rest = groupby((e for e in found if e.name not in CLASSICS), key=lambda e: e.family)
    return ([(CLASSIC_HEADING, classics)] if classics else []) + [(family, list(group)) for family, group in rest]


def example_command(entry: Entry) -> str:
    """An entry's first example as a command line: ``grundy solve nim 3 4 5`` (components quoted
    where a shell would read them otherwise)."""
    spec, *components = entry.examples[0].split()
    return " ".join(["grundy", entry.command, spec, *map(shlex.quote, components)])


def entry_data(entry: Entry) -> dict[str, Any]:
    """One game of the catalogue: its name, kind, family, forms, what a component is, and an example."""
    return {"name": entry.name, "kind": entry.kind, "family": entry.family, "component": entry.component,
            "example": example_command(entry), "aliases": list(entry.aliases),
            "forms": [{"spec": usage, "meaning": meaning} for usage, meaning in entry.usages]}
