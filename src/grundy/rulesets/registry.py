"""The one catalogue of games: spec strings (``nim``, ``subtraction:1,3,4``, ``weird-game:0110,1001``).

A spec is ``NAME`` or ``NAME:PARAMETERS``. Each family module of :mod:`grundy.rulesets` registers
its names with :func:`register`; :func:`ruleset` turns a spec into a ruleset object (the same object
for the same spec, so values computed once are remembered), and :func:`catalogue` lists them all
(``grundy list``). The general-solver games (:mod:`grundy.rulesets.general`) register the same way:
their spec names a whole position, and what they make is a :class:`~grundy.core.general.GeneralGame`
holding it as ``start``.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from grundy.core.errors import GrundyError, LimitError, SpecError
from grundy.core.general import GeneralGame
from grundy.core.limits import MAX_DIGITS, knob, parse_int, shorten
from grundy.core.ruleset import Ruleset


@dataclass(frozen=True)
class Entry:
    """One registered name: how to write its parameters and what it means."""

    name: str
    family: str
    forms: tuple[tuple[str, str], ...]  # (parameters, meaning); "" is the form with none
    make: Callable[[str | None], Ruleset | GeneralGame]
    examples: tuple[str, ...]  # "SPEC COMPONENT ...": positions every test of the catalogue checks
    general: bool = False  # True: make gives a general GeneralGame holding the position the spec names

    @property
    def usages(self) -> list[tuple[str, str]]:
        """Each way to write this spec, with its meaning: ``[("bash:M", "take 1..M"), ...]``."""
        return [(f"{self.name}:{params}" if params else self.name, meaning) for params, meaning in self.forms]

    @property
    def takes_parameters(self) -> bool:
        return any(params for params, _ in self.forms)

    @property
    def component(self) -> str:
        """How one component is written (the ``component_kind`` of the first example's ruleset).

        >>> [e.component for e in catalogue("wythoff")]
        ['two heap sizes a,b (non-negative integers)']
        """
        if self.general:
            return "none: the spec holds the whole position"
        return ruleset(self.examples[0].split()[0]).component_kind

    def matches(self, word: str) -> bool:
        """Whether ``word`` (any case) is in the name, the family, a spec form or its meaning."""
        word = word.lower()
        return any(word in text.lower() for text in (self.name, self.family, *(u + " " + m for u, m in self.usages)))


_ENTRIES: dict[str, Entry] = {}
Maker = Callable[[str | None], Ruleset | GeneralGame]


def register(name: str, family: str, forms: dict[str, str], *, examples: tuple[str, ...],
             general: bool = False) -> Callable[[Maker], Maker]:
    """Register ``make(parameter_text_or_None) -> Ruleset`` (or a general :class:`GeneralGame` holding its
    ``start``) under ``name``.

    ``forms`` maps each way of writing the parameters (``""``: none) to its meaning. ``examples``
    are positions as the command line writes them (``"subtraction:1,3,4 5 9"``; for a general game
    the spec alone), at least one: the catalogue-wide tests check every ruleset on them (its values
    against the definition, its answers against a whole-position search), so no entry goes
    unchecked. ``general`` says that ``make`` gives a general game.
    """
    if not examples or any(not e.startswith(name) for e in examples):
        raise ValueError(f"register({name!r}): give at least one example position, each starting with the name")

    def decorate(make: Maker) -> Maker:
        _ENTRIES[name] = Entry(name, family, tuple(forms.items()), make, examples, general)
        return make

    return decorate


def catalogue(word: str | None = None) -> list[Entry]:
    """Every entry of the catalogue (or those :meth:`Entry.matches` ``word``), grouped by family,
    in the order they were registered.

    Returns
    -------
    list of Entry
        Each with its ``name``, ``family``, ``usages`` (how to write its spec, with the meaning)
        and ``examples`` (positions as the command line writes them); ``grundy list`` prints them.

    Examples
    --------
    >>> entries = catalogue()
    >>> [e.usages[0][0] for e in entries if e.name in ("nim", "weird-game")]
    ['nim', 'weird-game:S,T']
    """
    _load_families()
    families = list(dict.fromkeys(e.family for e in _ENTRIES.values()))
    chosen = [e for e in _ENTRIES.values() if word is None or e.matches(word)]
    return sorted(chosen, key=lambda e: families.index(e.family))


def ruleset(spec: str | Ruleset | GeneralGame) -> Ruleset | GeneralGame:
    """The ruleset a spec names; a ruleset object is returned unchanged.

    Parameters
    ----------
    spec:
        ``NAME`` or ``NAME:PARAMETERS``, as ``grundy list`` shows them.

    Returns
    -------
    Ruleset or GeneralGame
        A :class:`Ruleset` for the impartial games; for the general-solver games
        (:mod:`grundy.rulesets.general`), a :class:`~grundy.core.general.GeneralGame` whose ``start`` is the
        position the spec names.

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
    if isinstance(spec, (Ruleset, GeneralGame)):
        return spec
    if not isinstance(spec, str):
        hint = ("; a function of moves becomes a ruleset with grundy.impartial(function), or a game of the general "
                "solver with grundy.game(function)") if callable(spec) else ""
        raise SpecError(f"a ruleset is given by a spec string such as 'nim', not {shorten(repr(spec))}{hint}")
    return _cached(spec.strip())


def names_general_game(spec: str) -> bool:
    """Whether ``spec`` names a game of the general solver (its spec holds a whole position).

    >>> names_general_game("weird-game:0110,1001"), names_general_game("nim"), names_general_game("?")
    (True, False, False)
    """
    _load_families()
    entry = _ENTRIES.get(spec.partition(":")[0].strip().lower())
    return entry is not None and entry.general


@lru_cache(maxsize=256)
def _cached(spec: str) -> Ruleset | GeneralGame:
    _load_families()
    name, sep, params = spec.partition(":")
    entry = _ENTRIES.get(name.strip().lower())
    if entry is None:
        if _is_partizan(name):
            raise SpecError(f"{name.strip()!r} is a partizan game (Left and Right have different moves): its value "
                            f"is 'grundy value {name.strip()} ...', and 'grundy play {name.strip()} ...' plays it")
        raise SpecError(f"unknown ruleset {shorten(name.strip())!r}{_suggestion(name)}; "
                        f"{knob('list')} shows all {len(_ENTRIES)} rulesets and how to write their parameters")
    written = ", ".join(usage for usage, _ in entry.usages)
    if sep and not entry.takes_parameters:
        raise SpecError(f"ruleset {entry.name!r} takes no parameters, got {shorten(spec)!r}")
    if not sep and all(params for params, _ in entry.forms):
        raise SpecError(f"ruleset {entry.name!r} needs parameters: write {written}")
    made = entry.make(params.strip() if sep else None)
    made.spec = spec
    return made


def _is_partizan(name: str) -> bool:
    from grundy.partizan.registry import partizan_ruleset

    try:
        partizan_ruleset(name.strip().lower())
    except GrundyError:
        return False
    return True


def _suggestion(name: str) -> str:
    """``" (did you mean 'kayles'?)"`` for a name close to a registered one, else ``""``."""
    close = difflib.get_close_matches(name.strip().lower()[:40], list(_ENTRIES), n=2, cutoff=0.7)
    return f" (did you mean {' or '.join(map(repr, close))}?)" if close else ""


def parse_number(text: str, what: str, example: str) -> int:
    """One integer parameter of a spec, of at most :data:`~grundy.core.limits.MAX_DIGITS` digits.

    ``what`` names the parameter in the message and ``example`` shows a good spec.

    >>> parse_number("1" * 5000, "S", "1,3,4")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.SpecError: S: 1111...1111... (5,000 characters) is too large (at most 4000 digits)
    """
    try:
        return parse_int(text, "an integer")
    except LimitError:
        raise SpecError(f"{what}: {shorten(text.strip())} is too large (at most {MAX_DIGITS} digits)") from None
    except GrundyError:
        raise SpecError(f"{what}: {shorten(text.strip())!r} is not an integer (e.g. {example})") from None


def parse_int_list(text: str, what: str, *, minimum: int = 1, maximum: int | None = None) -> tuple[int, ...]:
    """Read ``"1,3,4"`` into sorted distinct integers in ``minimum..maximum`` (None: no upper bound),
    with a clear error otherwise."""
    items = [t.strip() for t in text.split(",")]
    if not text.strip() or any(not t for t in items):
        raise SpecError(f"{what}: expected numbers separated by commas, got {shorten(text)!r}")
    values = []
    for t in items:
        v = parse_number(t, what, "1,3,4")
        if v < minimum:
            raise SpecError(f"{what}: {shorten(t)} is too small; every number must be >= {minimum}")
        if maximum is not None and v > maximum:
            raise SpecError(f"{what}: {shorten(t)} is too large; every number must be <= {maximum:,}")
        values.append(v)
    return tuple(sorted(set(values)))


def parse_positive(params: str | None, name: str, letter: str = "K", maximum: int | None = None) -> int:
    """Read the single positive integer parameter of ``name:K`` (at most ``maximum`` where one is
    given), with a clear error otherwise."""
    text = (params or "").strip()
    try:
        value = parse_int(text, "an integer")
    except LimitError:
        raise SpecError(f"{name}: {letter} = {shorten(text)} is too large (at most {MAX_DIGITS} digits)") from None
    except GrundyError:
        raise SpecError(f"{name}: {letter} must be a positive integer, got {shorten(text)!r} "
                        f"(e.g. {name}:2)") from None
    if value < 1:
        raise SpecError(f"{name}: {letter} must be a positive integer (at least 1), got {shorten(str(value))}")
    if maximum is not None and value > maximum:
        raise SpecError(f"{name}: {letter} must be at most {maximum:,}, got {shorten(str(value))}")
    return value


def _load_families() -> None:
    """Import every module of this package: each family registers its names (cheap; no numba)."""
    import importlib
    import pkgutil

    import grundy.rulesets as package

    if _LOADED:
        return
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"grundy.rulesets.{module.name}")
    _LOADED.append(True)


_LOADED: list[bool] = []
