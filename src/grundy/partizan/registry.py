"""The partizan rulesets by spec string (a registry of their own, apart from the impartial one).

>>> from grundy.partizan.registry import partizan_ruleset, catalogue
>>> partizan_ruleset("domineering").left_options(("..",))
[]
>>> [entry.name for entry in catalogue()][:3]
['domineering', 'cram', 'toads-and-frogs']
>>> partizan_ruleset("domineerin")
Traceback (most recent call last):
...
grundy.core.errors.SpecError: unknown partizan ruleset 'domineerin' (did you mean 'domineering'?); known: ...
"""

from __future__ import annotations

import difflib
from typing import NamedTuple

from grundy.core.errors import SpecError
from grundy.partizan.amazons import Amazons
from grundy.partizan.cake import Cutcake, Eatcake, MaundyCake
from grundy.partizan.clobber import Clobber, Konane
from grundy.partizan.domineering import Cram, Domineering
from grundy.partizan.dominoes import TopplingDominoes
from grundy.partizan.hackenbush import Hackenbush
from grundy.partizan.ruleset import PartizanRuleset
from grundy.partizan.snort_col import Col, Snort
from grundy.partizan.toads import ToadsAndFrogs

_CLASSES: list[type[PartizanRuleset]] = [Domineering, Cram, ToadsAndFrogs, Clobber, Konane, Cutcake, MaundyCake,
                                         Eatcake, Hackenbush, TopplingDominoes, Snort, Col, Amazons]
_RULESETS: dict[str, PartizanRuleset] = {cls.spec: cls() for cls in _CLASSES}
_ALIASES = {"toads": "toads-and-frogs", "toads-frogs": "toads-and-frogs",
            # 'hackenbush' alone is Green Hackenbush for solve and play (impartial): these name the coloured one
            "red-blue-hackenbush": "hackenbush", "blue-red-hackenbush": "hackenbush"}


class CatalogueEntry(NamedTuple):
    """One partizan ruleset for the catalogue: its spec, how a component is written, the rules, an example."""

    name: str
    forms: str
    meaning: str
    example: str


def partizan_ruleset(spec: str) -> PartizanRuleset:
    """The partizan ruleset a spec names (rulesets hold no state, so each spec has one instance);
    an unknown spec raises :class:`SpecError` with one line."""
    if not isinstance(spec, str):
        raise SpecError(f"a partizan ruleset is given by a spec string such as 'domineering', not {spec!r}")
    name = spec.strip().lower()
    name = _ALIASES.get(name, name)
    if name in _RULESETS:
        return _RULESETS[name]
    shown = name if len(name) <= 40 else name[:37] + "..."
    close = difflib.get_close_matches(name[:40], list(_RULESETS) + list(_ALIASES), n=2, cutoff=0.7)
    hint = f" (did you mean {' or '.join(map(repr, close))}?)" if close else ""
    raise SpecError(f"unknown partizan ruleset {shown!r}{hint}; known: {', '.join(_RULESETS)}")


def catalogue() -> list[CatalogueEntry]:
    """Every partizan ruleset: (name, forms, meaning, example)."""
    return [CatalogueEntry(r.spec, r.component_kind, r.meaning, r.example) for r in _RULESETS.values()]
