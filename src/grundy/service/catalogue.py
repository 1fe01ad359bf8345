"""The one catalogue as plain data: every game a spec can name (impartial rulesets, games of the
general solver, partizan rulesets), with its family, forms and an example command.

>>> [e["name"] for e in map(entry_data, catalogue("kayles"))][:2]
['kayles', 'dawson-kayles']
>>> example_command(catalogue("domineering")[0])
"grundy value domineering '..|..'"
"""

from __future__ import annotations

import shlex
from typing import Any

from grundy.rulesets.registry import Entry
from grundy.service.resolve import catalogue

# catalogue: the resolver's, asked here by the doors
__all__ = ["catalogue", "classics_first", "entry_data", "example_command"]


CLASSICS = ("nim", "bash", "wythoff", "kayles")  # the games a reader meets first, in this order


def classics_first(entries: list[Entry]) -> list[Entry]:
    """``entries`` with the classic games (:data:`CLASSICS`) first, in that order, then the others as
    they came (the catalogue's families).

    >>> [e.name for e in classics_first(catalogue())][:5]
    ['nim', 'bash', 'wythoff', 'kayles', 'turning-turtles']
    """
    rank = {name: i for i, name in enumerate(CLASSICS)}
    return sorted(entries, key=lambda e: rank.get(e.name, len(CLASSICS)))


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
