"""Spec strings: the names of rulesets (``nim``, ``subtraction:1,3,4``, ``bash:2-5`` ...).

A spec is ``NAME`` or ``NAME:PARAMETERS``. Each family module registers its names with
:func:`register`; :func:`ruleset` turns a spec into a ruleset object (the same object for the same
spec, so values computed once are remembered).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from grundy.core.errors import SpecError
from grundy.core.ruleset import Ruleset


@dataclass(frozen=True)
class Entry:
    """One registered name: how to write its parameters and what it means."""

    name: str
    family: str
    forms: tuple[tuple[str, str], ...]  # (parameters, meaning); "" is the form with none
    make: Callable[[str | None], Ruleset]

    @property
    def usages(self) -> list[tuple[str, str]]:
        """Each way to write this spec, with its meaning: ``[("bash:M", "take 1..M"), ...]``."""
        return [(f"{self.name}:{params}" if params else self.name, meaning) for params, meaning in self.forms]

    @property
    def takes_parameters(self) -> bool:
        return any(params for params, _ in self.forms)


_ENTRIES: dict[str, Entry] = {}


def register(name: str, family: str, forms: dict[str, str]):
    """Register ``make(parameter_text_or_None) -> Ruleset`` under ``name``.

    ``forms`` maps each way of writing the parameters (``""``: none) to its meaning.
    """

    def decorate(make: Callable[[str | None], Ruleset]) -> Callable[[str | None], Ruleset]:
        _ENTRIES[name] = Entry(name, family, tuple(forms.items()), make)
        return make

    return decorate


def catalogue() -> list[Entry]:
    """Every registered ruleset name, grouped by family, in the order they were registered."""
    _load_families()
    families = list(dict.fromkeys(e.family for e in _ENTRIES.values()))
    return sorted(_ENTRIES.values(), key=lambda e: families.index(e.family))


def ruleset(spec: str | Ruleset) -> Ruleset:
    """The ruleset a spec names; a ruleset object is returned unchanged.

    >>> ruleset("bash:3").grundy(10)
    2
    """
    if isinstance(spec, Ruleset):
        return spec
    if not isinstance(spec, str):
        raise SpecError(f"a ruleset is given by a spec string such as 'nim', not {spec!r}")
    return _cached(spec.strip())


@lru_cache(maxsize=256)
def _cached(spec: str) -> Ruleset:
    _load_families()
    name, sep, params = spec.partition(":")
    entry = _ENTRIES.get(name.strip().lower())
    if entry is None:
        known = ", ".join(sorted(_ENTRIES))
        raise SpecError(f"unknown ruleset {name!r}; known rulesets: {known} (see 'grundy list')")
    written = ", ".join(usage for usage, _ in entry.usages)
    if sep and not entry.takes_parameters:
        raise SpecError(f"ruleset {entry.name!r} takes no parameters, got {spec!r}")
    if not sep and all(params for params, _ in entry.forms):
        raise SpecError(f"ruleset {entry.name!r} needs parameters: write {written}")
    made = entry.make(params.strip() if sep else None)
    made.spec = spec
    return made


def parse_int_list(text: str, what: str, *, minimum: int = 1) -> tuple[int, ...]:
    """Read ``"1,3,4"`` into sorted distinct integers ``>= minimum``, with a clear error otherwise."""
    items = [t.strip() for t in text.split(",")]
    if not text.strip() or any(not t for t in items):
        raise SpecError(f"{what}: expected numbers separated by commas, got {text!r}")
    values = []
    for t in items:
        try:
            v = int(t)
        except ValueError:
            raise SpecError(f"{what}: {t!r} is not an integer (expected e.g. 1,3,4)") from None
        if v < minimum:
            raise SpecError(f"{what}: {v} is too small; every number must be >= {minimum}")
        values.append(v)
    return tuple(sorted(set(values)))


def parse_positive(params: str | None, name: str, letter: str = "K") -> int:
    """Read the single positive integer parameter of ``name:K``, with a clear error otherwise."""
    try:
        value = int(params or "")
    except ValueError:
        raise SpecError(f"{name}: {letter} must be a positive integer, got {params!r} (e.g. {name}:2)") from None
    if value < 1:
        raise SpecError(f"{name}: {letter} must be a positive integer (at least 1), got {value}")
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
