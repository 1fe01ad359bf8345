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
from grundy.cgt.work import _meter

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
        self.bounds = None if parts is None else _sum_stops(*parts)


def _sum_stops(g: CanonicalGame, h: CanonicalGame) -> tuple[float, float, float, float]:
    """Bounds on the stops of g + h (Siegel ch. II.3; Lessons in Play ch. 6):
    max(L(g) + R(h), R(g) + L(h)) <= L(g + h) <= L(g) + L(h) and
    R(g) + R(h) <= R(g + h) <= min(L(g) + R(h), R(g) + L(h)), as floats:
    (least left stop, greatest left stop, least right stop, greatest right stop)."""
    (gl, gr), (hl, hr) = _stops(g), _stops(h)
    return max(gl + hr, gr + hl), gl + hl, gr + hr, min(gl + hr, gr + hl)


def _beyond(x: float, bound: float) -> bool:
    """``x > bound`` by more than the floats' rounding (stops and their sums are rounded)."""
    return x - bound > 1e-9 * (1.0 + abs(x) + abs(bound))


def _raw_by_stops(g: Any, h: Any) -> bool | None:
    """``g <= h`` when one is a raw sum with known stop bounds and the bounds decide it, else None:
    x <= G needs L(x) <= L(G) and R(x) <= R(G), and holds when x is a number below R(G); likewise
    G <= x."""
    if type(h) is _Raw:
        b = h.bounds
        if b is None:
            return None
        xl, xr = _stops(g)
        if _beyond(xl, b[1]) or _beyond(xr, b[3]):
            return False
        return True if g._num is not None and _beyond(b[2], xl) else None
    b = g.bounds
    if b is None:
        return None
    xl, xr = _stops(h)
    if _beyond(b[0], xl) or _beyond(b[2], xr):
        return False
    return True if h._num is not None and _beyond(xl, b[1]) else None


@_guarded
def le_games(g: CanonicalGame, h: CanonicalGame) -> bool:
    """``g <= h``: Right, moving first in ``g - h``, loses (Siegel ch. II.1; Lessons in Play ch. 5).

    >>> from grundy.cgt.canonical import from_options
    >>> from grundy.cgt.game import ZERO, nimber
    >>> le_games(nimber(1), ZERO), le_games(ZERO, from_options([0], [nimber(1)]))
    (False, True)
    """
    return _le(as_game(g), as_game(h))


def _le(g: Any, h: Any) -> bool:
    if g is h:
        return True
    gn, hn = g._num, h._num
    if gn is not None and hn is not None:
        a, b = _stops(g)[0], _stops(h)[0]
        return a < b if a != b else gn <= hn
    gk, hk = g._nim, h._nim
    if gk is not None:  # *k <= x iff x > 0; distinct nimbers are fuzzy
        if hk is not None or hn is not None:
            return hk is None and hn > 0
    elif hk is not None and gn is not None:  # x <= *k iff x < 0
        return gn < 0
    raw = type(g) is _Raw or type(h) is _Raw
    memo = (g.memo if type(g) is _Raw else h.memo) if raw else _LE
    key = (g.uid, h.uid)
    found = memo.get(key)
    if found is not None:
        return found
    meter = _meter.get()  # charge(1), inlined: this is the algebra's hottest path
    if meter is not None:
        meter.used += 1
        if meter.used >= meter.due:
            meter.look()
    result = None
    if raw:
        result = _raw_by_stops(g, h)
    else:  # the stops (see the note above _stops), then x + n.^ + *m in closed form
        gs, hs = g._fs or _stops(g), h._fs or _stops(h)
        if gs[0] > hs[0] or gs[1] > hs[1]:
            result = False
        elif (hn is not None and hs[0] > gs[0]) or (gn is not None and gs[0] < hs[1]):
            result = True
        elif (ta := nus.triple(g)) is not None and (tb := nus.triple(h)) is not None:
            result = nus.le(ta, tb)  # x + n.^ + *m against y + k.^ + *j: by the sign of the difference
    if result is None:
        result = _le_by_options(g, h, raw)
    memo[key] = result
    if result and not raw:  # distinct canonical forms differ: g <= h and h <= g would make them one object
        memo[(h.uid, g.uid)] = False
    return result


def _le_by_options(g: Any, h: Any, raw: bool) -> bool:
    """``g <= h`` by the definition: no g^L >= h and no h^R <= g; against a number only the other
    side's options are looked at (number avoidance)."""
    if type(h) is _Raw:  # x <= G: G^R <= x first (two canonical forms: remembered for good, stops decide most)
        for hr in h.right:
            if _le(hr, g):
                return False
        return all(not _le(h, gl) for gl in g.left)
    if raw or g._num is None:
        for gl in g.left:
            if _le(h, gl):
                return False
    if raw or h._num is None:
        for hr in h.right:
            if _le(hr, g):
                return False
    return True


def _stops(g: CanonicalGame) -> tuple[float, float]:
    """(left stop, right stop) as floats (rounded, infinite past the floats' range), cached on g."""
    found = g._fs
    if found is None:
        found = g._fs = (_float(g.left_stop), _float(g.right_stop))
    return found


def _float(x: Fraction) -> float:
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf
