"""A rule found in a game's values: what it says, how big it is, and what it predicts.

Every family of :mod:`grundy.patterns` (periodic values, bit rules, recurrences, Beatty pairs, ...)
returns a :class:`Rule`; the pattern finder keeps the first that fits every value computed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Rule:
    """A rule that fits the data: ``kind`` names its family, ``text`` states it, ``size`` counts
    the numbers it states (what makes it much shorter than the data), ``value`` and ``is_p``
    predict any component exactly (``value`` is None for a rule about P-positions only), and
    ``formula`` (``formula("a") == "a mod 4"``) is a short expression of a 1-D value rule, where
    one exists, for the 2-D rules built from it.

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


def listed(numbers: Any, most: int = 16) -> str:
    """Numbers joined by commas, cut after ``most`` with an ellipsis.

    >>> listed(range(20), 5)
    '0, 1, 2, 3, 4, …'
    """
    items = [str(int(x)) for x in list(numbers)[: most + 1]]
    return ", ".join(items[:most]) + (", …" if len(items) > most else "")
