"""The one registry of games: every spec string (``nim``, ``subtraction:1,3,4``,
``weird-game:0110,1001``, ``domineering``) is registered here by the module that defines its game.

A spec is ``NAME`` or ``NAME:PARAMETERS``. Each family module (of :mod:`grundy.rulesets` and
:mod:`grundy.partizan`) registers its names with :func:`register`, saying what kind of game the name
makes: an impartial :class:`~grundy.core.ruleset.Ruleset`, a game of the general solver (a
:class:`~grundy.core.general.GeneralGame` holding the position its spec names as ``start``) or a
partizan ruleset. :func:`make` turns a spec into the game for the families registered so far; the
resolver (:func:`grundy.service.resolve.ruleset`, which is ``grundy.ruleset``) loads every family
first and keeps one object per spec. This module also reads the parameters every family shares.
"""

from __future__ import annotations

import difflib
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from grundy.core.errors import GrundyError, LimitError, SpecError
from grundy.core.limits import MAX_DIGITS, parse_int, shorten
from grundy.core.words import knob

KINDS = ("impartial", "general", "partizan")  # what a name makes: a Ruleset, a GeneralGame, a PartizanRuleset
Maker = Callable[[str | None], Any]


@dataclass(frozen=True)
class Entry:
    """One registered name: its family, how to write its parameters and what they mean, what it makes."""

    name: str
    family: str
    forms: tuple[tuple[str, str], ...]  # (parameters, meaning); "" is the form with none
    make: Maker
    examples: tuple[str, ...]  # "SPEC COMPONENT ...": positions every test of the catalogue checks
    kind: str = "impartial"  # one of KINDS
    aliases: tuple[str, ...] = ()  # other names that make the same game
    command: str = "solve"  # the command of its examples: "solve" (impartial, general) or "value" (partizan)

    @property
    def general(self) -> bool:
        """Whether the name makes a game of the general solver (its spec holds a whole position)."""
        return self.kind == "general"

    @property
    def usages(self) -> list[tuple[str, str]]:
        """Each way to write this spec, with its meaning: ``[("bash:M", "take 1..M"), ...]``."""
        return [(f"{self.name}:{params}" if params else self.name, meaning) for params, meaning in self.forms]

    @property
    def takes_parameters(self) -> bool:
        return any(params for params, _ in self.forms)

    @property
    def component(self) -> str:
        """How one component is written (the ``component_kind`` of the first example's game).

        >>> import grundy
        >>> [e.component for e in grundy.catalogue("wythoff")]
        ['two heap sizes a,b (non-negative integers)']
        """
        if self.general:
            return "none: the spec holds the whole position"
        return make(self.examples[0].split()[0]).component_kind

    def matches(self, word: str) -> bool:
        """Whether ``word`` (any case) is in the name, the family, a spec form or its meaning."""
        word = word.lower()
        return any(word in text.lower() for text in (self.name, self.family, *(u + " " + m for u, m in self.usages)))


_ENTRIES: dict[str, Entry] = {}
_ALIASES: dict[str, str] = {}


def register(name: str, family: str, forms: dict[str, str], *, examples: tuple[str, ...], kind: str = "impartial",
             aliases: tuple[str, ...] = ()) -> Callable[[Maker], Maker]:
    """Register ``make(parameter_text_or_None)`` under ``name`` (and its ``aliases``).

    ``forms`` maps each way of writing the parameters (``""``: none) to its meaning. ``examples``
    are positions as the command line writes them (``"subtraction:1,3,4 5 9"``; for a general game
    the spec alone), at least one: the catalogue-wide tests check every game on them (its values
    against the definition, its answers against a whole-position search), so no entry goes
    unchecked. ``kind`` says what ``make`` gives (:data:`KINDS`).
    """
    if not examples or any(not e.startswith(name) for e in examples):
        raise ValueError(f"register({name!r}): give at least one example position, each starting with the name")
    if kind not in KINDS:
        raise ValueError(f"register({name!r}): kind is one of {KINDS}, not {kind!r}")

    def decorate(maker: Maker) -> Maker:
        _ENTRIES[name] = Entry(name, family, tuple(forms.items()), maker, examples, kind, aliases,
                               "value" if kind == "partizan" else "solve")
        _ALIASES.update(dict.fromkeys(aliases, name))
        return maker

    return decorate


def registered() -> list[Entry]:
    """The entries registered so far, in the order they were registered."""
    return list(_ENTRIES.values())


def entry_for(spec: str) -> Entry | None:
    """The entry of a spec's name (any case, an alias too), or None."""
    name = spec.partition(":")[0].strip().lower()
    return _ENTRIES.get(_ALIASES.get(name, name))


OCTAL_CODE = re.compile(r"\d*\.\d+")


def make(spec: str) -> Any:
    """The game a spec names, made anew from the families registered so far (the resolver,
    ``grundy.ruleset``, loads them all and keeps one object per spec).

    Raises
    ------
    SpecError
        An unknown name (with the closest names), or parameters that do not fit.
    """
    load_families()
    if OCTAL_CODE.fullmatch(spec.strip()):  # a bare octal code (0.137, .07, 4.7) is the octal game it codes
        spec = f"octal:{spec.strip()}"
    name, sep, params = spec.partition(":")
    entry = entry_for(name)
    if entry is None:
        raise SpecError(f"unknown ruleset {shorten(name.strip())!r}{_suggestion(name)}; "
                        f"{knob('list')} shows all {len(_ENTRIES)} rulesets and how to write their parameters")
    written = ", ".join(usage for usage, _ in entry.usages)
    if sep and not entry.takes_parameters:
        raise SpecError(f"ruleset {entry.name!r} takes no parameters, got {shorten(spec)!r}")
    if not sep and all(params for params, _ in entry.forms):
        raise SpecError(f"ruleset {entry.name!r} needs parameters: write {written}")
    made = entry.make(params.strip() if sep else None)
    if entry.kind != "partizan":  # a partizan ruleset is one object per name, its spec its own
        made.spec = spec
    return made


def load_families() -> None:
    """Import every module of this package: each family registers its names (cheap; no numba). The
    partizan rulesets register when :mod:`grundy.partizan.registry` is imported (the resolver does)."""
    import importlib
    import pkgutil

    import grundy.rulesets as package

    if _LOADED:
        return
    with _LOADING:  # a second thread waits here until every family is in (the web asks from several)
        if _LOADED or _IMPORTING:  # loaded meanwhile, or asked again by a family being imported
            return
        _IMPORTING.append(True)
        try:
            for module in pkgutil.iter_modules(package.__path__):
                importlib.import_module(f"grundy.rulesets.{module.name}")
        finally:
            _IMPORTING.clear()
        _LOADED.append(True)


_LOADED: list[bool] = []
_IMPORTING: list[bool] = []
_LOADING = threading.RLock()


def _suggestion(name: str) -> str:
    """``" (did you mean 'kayles'?)"`` for a name close to a registered one, else ``""``."""
    close = difflib.get_close_matches(name.strip().lower()[:40], [*_ENTRIES, *_ALIASES], n=2, cutoff=0.7)
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
