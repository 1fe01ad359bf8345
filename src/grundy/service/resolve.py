"""The one resolver: a spec string becomes its game here, once, whatever kind it is.

Every door (the command line, the web, the Python API) turns a spec into a game with
:func:`ruleset` and asks it what it can answer with :func:`require`; each kind of game states its
own refusals (``refusal(question)``, where the kind is defined), so a question refused at one door
is refused at every door in the same words.

>>> ruleset("nim").spec, type(ruleset("weird-game:0110,1001")).__name__, ruleset("toads").spec
('nim', 'WeirdGame', 'toads-and-frogs')
>>> require("weird-game:0110,1001", "period")
Traceback (most recent call last):
...
grundy.core.errors.GrundyError: weird-game is a game of the general solver (no Grundy values): its spec holds the \
whole position; use grundy.solve('weird-game:0110,1001')
>>> [e.name for e in catalogue("kayles")][:2]
['kayles', 'dawson-kayles']
"""

from __future__ import annotations

from functools import lru_cache

from grundy.core.errors import GrundyError, SpecError
from grundy.core.general import GeneralGame
from grundy.core.limits import shorten
from grundy.core.ruleset import Ruleset
from grundy.partizan.ruleset import PartizanRuleset
from grundy.rulesets.registry import Entry, load_families, make, registered

QUESTIONS = ("solve", "play", "table", "period", "pattern", "value", "thermograph")
Game = Ruleset | GeneralGame | PartizanRuleset  # the three kinds a spec can name


def _load_families() -> None:
    """Every family registered: the impartial ones (and the general games) first, then the partizan."""
    load_families()
    import grundy.partizan.registry  # noqa: F401  (registers the partizan rulesets)


def ruleset(spec: str | Game) -> Game:
    """The game a spec names; a game object is returned unchanged.

    Parameters
    ----------
    spec:
        ``NAME`` or ``NAME:PARAMETERS``, as ``grundy list`` shows them.

    Returns
    -------
    Ruleset, GeneralGame or PartizanRuleset
        A :class:`~grundy.core.ruleset.Ruleset` for the impartial games; for the games of the
        general solver, a :class:`~grundy.core.general.GeneralGame` whose ``start`` is the position
        the spec names; for the partizan games, a
        :class:`~grundy.partizan.ruleset.PartizanRuleset`. The same spec gives the same object, so
        values computed once are remembered.

    Raises
    ------
    SpecError
        An unknown name (with the closest names), or parameters that do not fit.

    Examples
    --------
    >>> ruleset("bash:3").grundy(10)
    2
    >>> ruleset("weird-game:0110,1001").start
    (0, 0, 0)
    """
    if isinstance(spec, (Ruleset, GeneralGame, PartizanRuleset)):
        return spec
    if not isinstance(spec, str):
        hint = ("; a function of moves becomes a ruleset with grundy.impartial(function), or a game of the general "
                "solver with grundy.game(function)") if callable(spec) else ""
        raise SpecError(f"a ruleset is given by a spec string such as 'nim', not {shorten(repr(spec))}{hint}")
    return _cached(spec.strip())


@lru_cache(maxsize=256)
def _cached(spec: str) -> Game:
    _load_families()
    return make(spec)


def require(spec: str | Game, question: str) -> Game:
    """The game ``spec`` names, when it can answer ``question`` (one of :data:`QUESTIONS`); else the
    refusal its kind states, as a :class:`GrundyError`."""
    found = ruleset(spec)
    reason = found.refusal(question)
    if reason is not None:
        raise GrundyError(reason)
    return found


def catalogue(word: str | None = None) -> list[Entry]:
    """Every game of the one catalogue (or those that mention ``word``), grouped by family, in the
    order a fresh process registers them (module by module), the partizan rulesets last.

    Returns
    -------
    list of Entry
        Each with its ``name``, ``family``, ``kind``, ``usages`` (how to write its spec, with the
        meaning) and ``examples`` (positions as the command line writes them); ``grundy list``
        prints them.

    Examples
    --------
    >>> [e.usages[0][0] for e in catalogue() if e.name in ("nim", "weird-game", "domineering")]
    ['nim', 'weird-game:S,T', 'domineering']
    """
    _load_families()
    # the families of grundy.rulesets by the module that registered them (the order a fresh process loads them in),
    # whatever was imported first; the partizan rulesets in the order their registry lists them
    entries = sorted(registered(), key=lambda e: "" if e.kind == "partizan" else getattr(e.make, "__module__", ""))
    families = list(dict.fromkeys(e.family for e in entries))
    chosen = [e for e in entries if word is None or e.matches(word)]
    found = sorted(chosen, key=lambda e: (e.kind == "partizan", families.index(e.family)))
    if word is not None and not found:
        raise GrundyError(f"no ruleset mentions {shorten(word)!r}; 'grundy list' shows them all")
    return found
