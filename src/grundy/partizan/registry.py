"""The partizan rulesets, registered in the one registry (:mod:`grundy.rulesets.registry`) beside
the impartial games, and found by :func:`partizan_ruleset`.

>>> from grundy.partizan.registry import partizan_ruleset
>>> partizan_ruleset("domineering").left_options(("..",))
[]
>>> partizan_ruleset("toads").spec, partizan_ruleset("blue-red-hackenbush").spec
('toads-and-frogs', 'red-blue-hackenbush')
>>> partizan_ruleset("domineerin")
Traceback (most recent call last):
...
grundy.core.errors.SpecError: unknown ruleset 'domineerin' (did you mean 'domineering'?); ...
"""

from __future__ import annotations

from grundy.core.errors import SpecError
from grundy.core.limits import shorten
from grundy.partizan.amazons import Amazons
from grundy.partizan.backsliding_toads import BackslidingToadsAndFrogs
from grundy.partizan.cake import Cutcake, Eatcake, MaundyCake
from grundy.partizan.clobber import Clobber, Konane
from grundy.partizan.domineering import Cram, Domineering
from grundy.partizan.dominoes import TopplingDominoes
from grundy.partizan.fox_and_geese import FoxAndGeese, fox_and_geese
from grundy.partizan.hackenbush import Hackenbush
from grundy.partizan.ruleset import PartizanRuleset
from grundy.partizan.snort_col import Col, Snort
from grundy.partizan.toads import ToadsAndFrogs
from grundy.rulesets.registry import entry_for, make, register

FAMILY = "partizan games (grundy value: canonical forms, temperature)"
ALIASES = {ToadsAndFrogs: ("toads", "toads-frogs"), Hackenbush: ("blue-red-hackenbush",)}

for _cls in (Domineering, Cram, ToadsAndFrogs, Clobber, Konane, Cutcake, MaundyCake, Eatcake, Hackenbush,
             TopplingDominoes, Snort, Col, Amazons, BackslidingToadsAndFrogs):
    _one = _cls()  # a partizan ruleset holds no state: one object per name
    register(_one.spec, FAMILY, {"": _one.meaning}, examples=(f"{_one.spec} {_one.example}",), kind="partizan",
             aliases=ALIASES.get(_cls, ()))(lambda params, one=_one: one)
register("fox-and-geese", FAMILY, {"": FoxAndGeese.meaning, "W": "the same on a board W columns wide"},
         examples=(f"fox-and-geese {FoxAndGeese.example}",), kind="partizan")(fox_and_geese)


def partizan_ruleset(spec: str) -> PartizanRuleset:
    """The partizan ruleset a spec names; an unknown or impartial spec raises :class:`SpecError`
    with one line."""
    if not isinstance(spec, str):
        raise SpecError(f"a partizan ruleset is a spec string such as 'domineering', not {shorten(repr(spec))}")
    entry = entry_for(spec)
    if entry is not None and entry.kind != "partizan":
        raise SpecError(f"{entry.name!r} is not a partizan ruleset; 'grundy list partizan' shows them")
    return make(spec.strip().lower())
