"""Comparison of short partizan games: ``g <= h`` by the recursive definition (Siegel, *Combinatorial
Game Theory* (AMS 2013) ch. II.1; Lessons in Play ch. 5), with a memo, number avoidance, the stops as
shortcuts (ch. II.3) and number + ups + star in closed form (:mod:`grundy.cgt.nus`); and the
unsimplified forms {L | R} (:class:`_Raw`) that :mod:`grundy.cgt.canonical` compares while it
simplifies, with bounds on the stops of a sum that prune those comparisons.

>>> from grundy.cgt.notation import parse
>>> le_games(parse("*"), parse("0")), le_games(parse("0"), parse("^")), le_games(parse("{1|-1}"), parse("2"))
(False, True, True)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from grundy.cgt import nus
from grundy.cgt.game import _LE, CanonicalGame, _guarded, _uids, as_game
from grundy.core.work import _meter

__all__ = ["le_games"]


class _Raw:
    """A form {L | R} with canonical options, not yet simplified; compared only while simplifying."""

    __slots__ = ("uid", "left", "right", "_num", "_nim", "memo", "bounds")

    def __init__(self, left: list[CanonicalGame], right: list[CanonicalGame],
                 parts: tuple[CanonicalGame, CanonicalGame] | None = None):
        self.uid = -next(_uids)
        self.left, self.right = tuple(left), tuple(right)
        self._num = self._nim = None
        self.memo: dict[tuple[int, int], bool] = {}
        self.bounds = _form_stops(self.left, self.right) or (None if parts is None else _widened(_sum_stops(*parts)))


def _form_stops(left: tuple[CanonicalGame, ...], right: tuple[CanonicalGame, ...]) \
        -> tuple[float, float, float, float] | None:
    """The stops of the form {left | right} (canonical options), as :func:`_sum_stops` gives bounds,
    when the options tell them: with a = max R(left) and b = min L(right), a game that is not a number
    has L = a >= R = b (stops are values' invariants, Siegel ch. II.3), and a number x has a <= x <= b
    (a Left option G^L with G^L not >= x has R(G^L) <= x; Lessons in Play ch. 6); so a >= b gives
    L = a and R = b either way (a = b = x for a number). None when a < b or a side is empty."""
    if not left or not right:
        return None
    a = max(_stops(x)[1] for x in left)
    b = min(_stops(x)[0] for x in right)
    return (a, a, b, b) if a >= b else None


def _sum_stops(g: CanonicalGame, h: CanonicalGame) -> tuple[float, float, float, float]:
    """Bounds on the stops of g + h (Siegel ch. II.3; Lessons in Play ch. 6):
    max(L(g) + R(h), R(g) + L(h)) <= L(g + h) <= L(g) + L(h) and
    R(g) + R(h) <= R(g + h) <= min(L(g) + R(h), R(g) + L(h)), as floats:
    (least left stop, greatest left stop, least right stop, greatest right stop)."""
    (gl, gr), (hl, hr) = _stops(g), _stops(h)
    return max(gl + hr, gr + hl), gl + hl, gr + hr, min(gl + hr, gr + hl)


def _widened(bounds: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """:func:`_sum_stops`'s bounds moved out by far more than the rounding of a sum of two floats, so
    that a strict comparison with them holds of the exact values (a float of one exact value needs no
    margin: rounding keeps every strict order it shows)."""
    least_left, most_left, least_right, most_right = bounds
    return (least_left - _margin(least_left), most_left + _margin(most_left),
            least_right - _margin(least_right), most_right + _margin(most_right))


def _margin(x: float) -> float:
    return 1e-9 * (1.0 + abs(x))


def _raw_by_stops(g: Any, h: Any) -> bool | None:
    """``g <= h`` when one is a raw sum with known stop bounds and the bounds decide it, else None:
    x <= G needs L(x) <= L(G) and R(x) <= R(G), and holds when L(x) < R(G) (a number lies between
    them); likewise G <= x."""
    if type(h) is _Raw:
        b = h.bounds
        if b is None:
            return None
        xl, xr = g._fs or _stops(g)
        if xl > b[1] or xr > b[3]:
            return False
        return True if b[2] > xl else None
    b = g.bounds
    if b is None:
        return None
    xl, xr = h._fs or _stops(h)
    if b[0] > xl or b[2] > xr:
        return False
    return True if xr > b[1] else None


@_guarded
def le_games(g: CanonicalGame, h: CanonicalGame) -> bool:
    """``g <= h``: Right, moving first in ``g - h``, loses (Siegel ch. II.1; Lessons in Play ch. 5).

    Examples
    --------
    >>> from grundy.cgt.canonical import from_options
    >>> from grundy.cgt.game import ZERO, nimber
    >>> le_games(nimber(1), ZERO), le_games(ZERO, from_options([0], [nimber(1)]))
    (False, True)
    """
    return _le(as_game(g), as_game(h))


def _le(g: CanonicalGame, h: CanonicalGame) -> bool:
    """``g <= h`` for two canonical forms: nimbers and numbers among themselves, the memo, the stops
    (see the note above :func:`_stops`), x + n.^ + *m in closed form, then the options."""
    if g is h:
        return True
    gn, hn = g._num, h._num
    if gn is not None and hn is not None:
        a, b = (g._fs or _stops(g))[0], (h._fs or _stops(h))[0]
        return a < b if a != b else gn <= hn
    gk, hk = g._nim, h._nim
    if gk is not None:  # *k <= x iff x > 0; distinct nimbers are fuzzy (the sign read off the numerator)
        if hk is not None or hn is not None:
            return hk is None and hn.numerator > 0
    elif hk is not None and gn is not None:  # x <= *k iff x < 0
        return gn.numerator < 0
    key = (g.uid, h.uid)
    found = _LE.get(key)
    if found is not None:
        return found
    meter = _meter.get()  # charge(1), inlined: this is the algebra's hottest path
    if meter is not None:
        meter.used += 1
        if meter.used >= meter.due:
            meter.look()
    gs, hs = g._fs or _stops(g), h._fs or _stops(h)
    if gs[0] > hs[0] or gs[1] > hs[1]:
        result = False
    elif gs[0] < hs[1]:  # a number lies between: g < y < h
        result = True
    elif (ta := g._t) is not None and (tb := h._t) is not None:  # nus.triple, read inline
        result = nus.le(ta, tb)  # x + n.^ + *m against y + k.^ + *j: by the sign of the difference
    else:
        result = _le_by_options(g, h)
    _LE[key] = result
    if result:  # distinct canonical forms differ: g <= h and h <= g would make them one object
        _LE[(h.uid, g.uid)] = False
    return result


def _le_by_options(g: CanonicalGame, h: CanonicalGame) -> bool:
    """``g <= h`` by the definition: no g^L >= h and no h^R <= g; against a number only the other
    side's options are looked at (number avoidance)."""
    if g._num is None:
        for gl in g.left:
            if _le(h, gl):
                return False
    if h._num is None:
        for hr in h.right:
            if _le(hr, g):
                return False
    return True


def _le_raw(g: Any, h: Any) -> bool:
    """``g <= h`` when one of them is a :class:`_Raw` form being simplified (the other canonical):
    its own memo, the bounds on its stops, then the options (both sides: no number avoidance)."""
    raw = h if type(h) is _Raw else g
    key = (g.uid, h.uid)
    found = raw.memo.get(key)
    if found is not None:
        return found
    meter = _meter.get()  # charge(1), inlined
    if meter is not None:
        meter.used += 1
        if meter.used >= meter.due:
            meter.look()
    result = _raw_by_stops(g, h)
    if result is None:
        result = _raw_by_options(g, h, raw is h)
    raw.memo[key] = result
    return result


def _raw_by_options(g: Any, h: Any, raw_is_h: bool) -> bool:
    """``g <= h`` by the definition, one of them raw: no g^L >= h and no h^R <= g, the comparisons of
    two canonical forms first (remembered for good, the stops decide most)."""
    if raw_is_h:
        for hr in h.right:
            if _le(hr, g):
                return False
        return _none_above(h, g.left)
    for gl in g.left:
        if _le(h, gl):
            return False
    return _none_below(g, h.right)


def _none_above(raw: _Raw, options: tuple[CanonicalGame, ...]) -> bool:
    """Whether no option is >= the raw form (a loop, not ``all``: this is a hot path)."""
    for x in options:
        if _le_raw(raw, x):
            break
    else:
        return True
    return False


def _none_below(raw: _Raw, options: tuple[CanonicalGame, ...]) -> bool:
    """Whether no option is <= the raw form."""
    for x in options:
        if _le_raw(x, raw):
            break
    else:
        return True
    return False


def _stops(g: CanonicalGame) -> tuple[float, float]:
    """(left stop, right stop) as floats (rounded, infinite past the floats' range), cached on g: worked
    out in floats from the options' (L(G) = max R(G^L), R(G) = min L(G^R), Lessons in Play ch. 6)."""
    found = g._fs
    if found is None:
        t = g._t
        if t is not None:  # x + n.^ + *m: both stops are x
            x = _float(t[0])
            found = (x, x)
        else:  # a canonical form that is not a number (rounding keeps the order, so max and min commute)
            found = (max(_stops(a)[1] for a in g.left), min(_stops(a)[0] for a in g.right))
        g._fs = found
    return found


def _float(x: Fraction) -> float:
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf
