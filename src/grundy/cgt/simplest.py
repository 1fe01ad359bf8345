"""The simplicity rule: the simplest (earliest-born) number strictly between two bounds (Siegel,
*Combinatorial Game Theory* (AMS 2013) ch. I.6; Lessons in Play ch. 4), which is the value of
{L | R} when the options are numbers with every Left one below every Right one.
:func:`grundy.cgt.canonical.from_options` gives such forms their number through it.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from grundy.cgt.game import CGTError

__all__ = ["simplest_between"]


def simplest_between(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """The simplest number strictly between ``lo`` and ``hi`` (``None``: unbounded) — the simplicity rule.

    Examples
    --------
    >>> simplest_between(Fraction(1, 2), Fraction(1)), simplest_between(None, Fraction(-3, 2)), simplest_between(-3, 5)
    (Fraction(3, 4), Fraction(-2, 1), Fraction(0, 1))
    >>> simplest_between(1, 0)
    Traceback (most recent call last):
    ...
    grundy.cgt.game.CGTError: no number lies strictly between 1 and 0: give lo < hi (None for no bound)
    """
    lo, hi = _bound(lo), _bound(hi)
    if lo is not None and hi is not None and lo >= hi:
        raise CGTError(f"no number lies strictly between {lo} and {hi}: give lo < hi (None for no bound)")
    if lo is None and hi is None:
        return Fraction(0)
    if lo is None:
        return Fraction(0) if hi > 0 else Fraction(math.ceil(hi) - 1)
    if hi is None:
        return Fraction(0) if lo < 0 else Fraction(math.floor(lo) + 1)
    if lo < 0 < hi:
        return Fraction(0)
    n = math.floor(lo) + 1 if lo >= 0 else math.ceil(hi) - 1
    if lo < n < hi:
        return Fraction(n)
    p, q, r, s = lo.numerator, lo.denominator, hi.numerator, hi.denominator
    k = 1
    while True:  # the first m / 2^k above lo that is below hi, in integers (no Fraction arithmetic)
        m = (p << k) // q + 1
        if m * s < r << k:
            return Fraction(m, 1 << k)
        k += 1


def _bound(x: Any) -> Fraction | None:
    """A bound of :func:`simplest_between` as a Fraction (None stays None)."""
    if x is None:
        return None
    if isinstance(x, bool) or not isinstance(x, (int, Fraction)):
        raise CGTError(f"a bound is an int, a Fraction or None, not {x!r:.60}")
    return Fraction(x)
