"""The records of the pattern finder: a rule found in a game's values (:class:`Rule`: what it
says, how big it is, what it predicts), its check against the game's moves far out
(:class:`SelfCheck`) and the finder's answer (:class:`Pattern`).

Every family of :mod:`grundy.patterns` (periodic values, bit rules, recurrences, Beatty pairs, ...)
gives :class:`Rule` records; :func:`~grundy.patterns.pattern.find_pattern` states the first that fits
every value computed and passes its checks (:mod:`~grundy.patterns.selfcheck`) as a :class:`Pattern`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.core import limits, words
from grundy.core.errors import ComponentError, GrundyError
from grundy.core.notebook import html_table
from grundy.core.ruleset import is_natural


@dataclass(frozen=True)
class Rule:
    """A rule that fits the data: ``kind`` names its family, ``text`` states it, ``size`` counts
    the numbers it states (what makes it much shorter than the data), ``value`` and ``is_p``
    predict any component exactly (``value`` is None for a rule about P-positions only), and
    ``formula`` (``formula("a") == "a mod 4"``) is a short expression of a 1-D value rule, where
    one exists, for the 2-D rules built from it. ``special`` lists the rule's own special points
    (heaps, or pairs for a 2-D rule: the P-positions just past the table, the ends of an exception
    list), which the self-check (:mod:`grundy.patterns.selfcheck`) checks besides its own far points.

    >>> r = Rule("periodic", "G(n) = n mod 3", 3, value=lambda n: n % 3, is_p=lambda n: n % 3 == 0)
    >>> r.value(10**30 + 1), r.is_p(9)
    (2, True)
    """

    kind: str
    text: str
    size: int
    value: Callable[[Any], int] | None
    is_p: Callable[[Any], bool]
    formula: Callable[[str], str] | None = None
    special: tuple[Any, ...] = ()


def listed(numbers: Any, most: int = 16) -> str:
    """Numbers joined by commas, cut after ``most`` with an ellipsis.

    >>> listed(range(20), 5)
    '0, 1, 2, 3, 4, …'
    """
    items = [str(int(x)) for x in list(numbers)[: most + 1]]
    return ", ".join(items[:most]) + (", …" if len(items) > most else "")


@dataclass(frozen=True)
class SelfCheck:
    """What :func:`self_check` found: ``passed`` (no point refuted the rule), ``points`` checked
    (in full or by a sample of their options), of them ``sampled`` and ``unchecked`` (options of
    several components a P-position rule cannot value), ``skipped`` (moves too costly to list, or
    refused by the game, or past the work budget), the ``farthest`` coordinate checked, and the
    first ``failure`` in words (with its point, ``where``)."""

    passed: bool
    points: int
    sampled: int
    skipped: int
    unchecked: int
    farthest: int
    failure: str | None = None
    where: Any = None

    def words(self) -> str:
        """``self-checked at 118 points up to 10^18 (3 sampled, 0 skipped)``, as a reason says it."""
        extra = f", {self.unchecked} unchecked (options of several components)" if self.unchecked else ""
        failed = "" if self.passed else f": it failed {self.failure}"
        return (f"self-checked at {self.points:,} points up to {self.farthest:,} ({self.sampled:,} sampled, "
                f"{self.skipped:,} skipped{extra}){failed}")

    def as_dict(self) -> dict[str, Any]:
        """The figures for JSON: ``points``, ``farthest``, ``sampled``, ``skipped`` (and ``unchecked``)."""
        data = {"points": self.points, "farthest": self.farthest, "sampled": self.sampled, "skipped": self.skipped}
        if self.unchecked:
            data["unchecked"] = self.unchecked
        return data


@dataclass
class Pattern:
    """What :func:`find_pattern` found: the rule, how far it was checked, whether a theorem proves it.

    ``value(c)`` and ``is_p(c)`` answer for any component however large, from the rule (None
    from ``value`` when the rule describes the P-positions only); with no rule found they answer
    inside the table and raise :class:`~grundy.core.errors.GrundyError` past it.
    """

    spec: str
    found: bool
    kind: str
    rule: str
    proved: bool
    reason: str
    checked_up_to: int
    dimensions: int  # 1: heaps n; 2: pairs (a, b)
    values: np.ndarray = field(repr=False)  # the table: G(0..n-1), or G(a, b) for a, b < n (-1: not a position)
    positions_only: bool = field(default=False, repr=False)  # the table marks P-positions (0) and others (1)
    predict: Rule | None = field(default=None, repr=False)
    self_check: SelfCheck | None = field(default=None, repr=False)  # the rule against the game's moves far out

    def value(self, component: Any) -> int | None:
        """The Grundy value of ``component`` (a heap, or a pair for a 2-D game: ``(3, 5)`` or
        ``"3,5"``) by the rule."""
        c = self._component(component)
        if self.predict is not None:
            return None if self.predict.value is None else int(self.predict.value(c))
        return None if self.positions_only else self._looked_up(c)

    def is_p(self, component: Any) -> bool:
        """Whether ``component`` alone is a P-position (the player to move loses) by the rule."""
        c = self._component(component)
        if self.predict is not None:
            return bool(self.predict.is_p(c))
        return self._looked_up(c) == 0

    def _looked_up(self, c: Any) -> int:
        inside = c < self.checked_up_to if self.dimensions == 1 else max(c) < self.checked_up_to
        if not inside:
            raise GrundyError(f"no pattern was found for {self.spec}: {self._shown(c)} lies past the table checked "
                              f"(< {self.checked_up_to:,}); {words.knob('solve')} computes it from the rules")
        found = int(self.values[c] if self.dimensions == 1 else self.values[c[0], c[1]])
        if found < 0:
            raise ComponentError(f"{self._shown(c)} is not a position of {self.spec}")
        return found

    def _component(self, component: Any) -> Any:
        if self.dimensions == 2 and isinstance(component, str):  # "3,5", as the command line writes a pair
            parts = [part.strip() for part in component.split(",")]
            if len(parts) == 2 and all(part.isascii() and part.isdigit() for part in parts):
                component = (int(parts[0]), int(parts[1]))
        if self.dimensions == 1 and is_natural(component):
            return int(component)
        if (self.dimensions == 2 and isinstance(component, (tuple, list)) and len(component) == 2
                and all(is_natural(x) for x in component)):
            return (int(component[0]), int(component[1]))
        wanted = "a non-negative integer" if self.dimensions == 1 else "a pair of non-negative integers (a, b)"
        raise ComponentError(f"{limits.shorten(repr(component))} is not a component of {self.spec}: expected {wanted}")

    def _shown(self, c: Any) -> str:
        return f"G({c})" if self.dimensions == 1 else f"G({c[0]}, {c[1]})"

    def to_dict(self) -> dict[str, Any]:
        return {"spec": self.spec, "found": self.found, "kind": self.kind, "rule": self.rule, "proved": self.proved,
                "reason": self.reason, "checked_up_to": self.checked_up_to,
                "self_check": None if self.self_check is None else self.self_check.as_dict()}

    def __str__(self) -> str:
        if not self.found:
            return f"{self.spec}: no pattern found ({self.reason})\n{self.rule}"
        status = "proved" if self.proved else "conjecture"
        return f"{self.spec}: {self.rule}\n[{self.kind}; {status}] {self.reason}"

    def _repr_html_(self) -> str:
        return html_table(self.to_dict().items())
