"""The canonical-form algebra: simplification, comparison, sums and negatives of short partizan games.

``{L | R}`` is simplified by repeating two steps until nothing changes (Siegel, *Combinatorial Game
Theory* (AMS 2013) ch. II.2; Lessons in Play ch. 4): remove dominated options, and bypass reversible
ones (a Left option G^L with some G^LR <= G is replaced by the Left options of that G^LR).
Comparison is the recursive definition, with memo, number avoidance and the stops as shortcuts
(Siegel ch. II.1, II.3). Sums use number translation when one side is a number.

>>> star = nimber(1)
>>> from_options([0], [star]), from_options([0, star], [0]), add(star, star), times(from_options([0], [star]), 2)
(^, ^*, 0, ^^)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from grundy.cgt.game import (
    _LE,
    _SUMS,
    ZERO,
    CGTError,
    Game,
    GameLike,
    _guarded,
    _intern,
    _uids,
    as_game,
    install_operations,
    nimber,  # noqa: F401 - the doctests use it
    number,
)


@_guarded
def from_options(left: Iterable[GameLike], right: Iterable[GameLike]) -> Game:
    """The canonical form of ``{left | right}``: dominated options removed, reversible ones bypassed.

    >>> from_options([0], [0]), from_options([0, nimber(1)], [0]), from_options([], [])
    (*, ^*, 0)
    >>> from_options([-1], [1]), from_options([1], [1]), from_options([0], [from_options([0], [-1])])
    (0, 1*, Tiny(1))
    """
    return _canonical([as_game(g) for g in left], [as_game(g) for g in right])


class _Raw:
    """A form {L | R} with canonical options, not yet simplified; compared only while simplifying."""

    __slots__ = ("uid", "left", "right", "_num", "memo")

    def __init__(self, left: list[Game], right: list[Game]):
        self.uid = -next(_uids)
        self.left, self.right = tuple(left), tuple(right)
        self._num = None
        self.memo: dict[tuple[int, int], bool] = {}


def _canonical(left: list[Game], right: list[Game]) -> Game:
    """Siegel ch. II.2: repeat (remove dominated options; bypass reversible ones) until nothing changes."""
    left = list(dict.fromkeys(left))
    right = list(dict.fromkeys(right))
    while True:
        left = [a for a in left if not any(b is not a and le_games(a, b) for b in left)]
        right = [a for a in right if not any(b is not a and le_games(b, a) for b in right)]
        found = _number_between(left, right)
        if found is not None:
            return found
        g = _Raw(left, right)
        changed = False
        new_left: list[Game] = []
        for a in left:
            for ar in a.right:  # a is reversible through ar when ar <= G: Left's move to a is answered by ar
                if _le(ar, g):
                    new_left.extend(ar.left)
                    changed = True
                    break
            else:
                new_left.append(a)
        new_right: list[Game] = []
        for b in right:
            for bl in b.left:
                if _le(g, bl):
                    new_right.extend(bl.right)
                    changed = True
                    break
            else:
                new_right.append(b)
        if not changed:
            return _intern(left, right)
        left, right = list(dict.fromkeys(new_left)), list(dict.fromkeys(new_right))


def _number_between(left: list[Game], right: list[Game]) -> Game | None:
    """The simplest number when the (undominated) options are numbers with every left one below every right one."""
    if len(left) > 1 or len(right) > 1:
        return None
    lo = left[0]._num if left else None
    hi = right[0]._num if right else None
    if (left and lo is None) or (right and hi is None):
        return None
    if lo is not None and hi is not None and lo >= hi:
        return None
    return number(simplest_between(lo, hi))


def simplest_between(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """The simplest number strictly between ``lo`` and ``hi`` (``None``: unbounded) — the simplicity rule.

    >>> simplest_between(Fraction(1, 2), Fraction(1)), simplest_between(None, Fraction(-3, 2)), simplest_between(-3, 5)
    (Fraction(3, 4), Fraction(-2, 1), Fraction(0, 1))
    """
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


# -- comparison ----------------------------------------------------------------------------------------


@_guarded
def le_games(g: Game, h: Game) -> bool:
    """``g <= h``: Right, moving first in ``g - h``, loses (Siegel ch. II.1; Lessons in Play ch. 5).

    >>> le_games(nimber(1), ZERO), le_games(ZERO, from_options([0], [nimber(1)]))
    (False, True)
    """
    return _le(as_game(g), as_game(h))


def _le(g: Any, h: Any) -> bool:
    if g is h:
        return True
    gn, hn = g._num, h._num
    if gn is not None and hn is not None:
        return gn <= hn
    raw = type(g) is _Raw or type(h) is _Raw
    memo = (g.memo if type(g) is _Raw else h.memo) if raw else _LE
    key = (g.uid, h.uid)
    found = memo.get(key)
    if found is not None:
        return found
    result = True
    if not raw and hn is not None:  # g is not a number: g <= x iff no g^L >= x (number avoidance)
        for gl in g.left:
            if _le(h, gl):
                result = False
                break
    elif not raw and gn is not None:  # x <= h iff no h^R <= x
        for hr in h.right:
            if _le(hr, g):
                result = False
                break
    else:
        if not raw and (g.left_stop > h.left_stop or g.right_stop > h.right_stop):
            result = False  # g <= h implies the same order of both stops (Siegel ch. II.3)
        else:
            for gl in g.left:
                if _le(h, gl):
                    result = False
                    break
            if result:
                for hr in h.right:
                    if _le(hr, g):
                        result = False
                        break
    memo[key] = result
    return result


# -- sums, negatives -----------------------------------------------------------------------------------


@_guarded
def add(g: Game, h: Game) -> Game:
    """The canonical form of ``g + h`` (memoised; numbers translate, Siegel ch. II.3).

    >>> add(nimber(1), nimber(3)), add(number(1), nimber(1))
    (*2, 1*)
    """
    return _add(as_game(g), as_game(h))


def _add(g: Game, h: Game) -> Game:
    gn, hn = g._num, h._num
    if gn is not None and hn is not None:
        return number(gn + hn)
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    key = (g.uid, h.uid) if g.uid < h.uid else (h.uid, g.uid)
    found = _SUMS.get(key)
    if found is not None:
        return found
    if gn is None and hn is None:
        a, b = g.nimber, h.nimber  # (cached) nim addition: *a + *b = *(a xor b)
        if a is not None and b is not None:
            result = _SUMS[key] = nimber(a ^ b)
            return result
    if gn is not None:
        g, h = h, g
    if h._num is not None:  # number translation: G + x = {G^L + x | G^R + x} when G is not a number
        left = [_add(gl, h) for gl in g.left]
        right = [_add(gr, h) for gr in g.right]
    else:
        left = [_add(gl, h) for gl in g.left] + [_add(g, hl) for hl in h.left]
        right = [_add(gr, h) for gr in g.right] + [_add(g, hr) for hr in h.right]
    result = _SUMS[key] = _canonical(left, right)
    return result


@_guarded
def negate(g: Game) -> Game:
    """``-g`` = {-g^R | -g^L}, canonical when g is."""
    return _neg(as_game(g))


def _neg(g: Game) -> Game:
    if g._num is not None:
        return number(-g._num)
    found = g._cache.get("neg")
    if found is None:
        found = _intern([_neg(r) for r in g.right], [_neg(x) for x in g.left])
        g._cache["neg"] = found
        found._cache["neg"] = g
    return found


def times(g: Game, n: int) -> Game:
    """``n.G``: the sum of ``n`` copies of g (of -g when n < 0), by doubling.

    >>> times(from_options([0], [nimber(1)]), 3)
    ^3
    """
    g = as_game(g)
    if isinstance(n, bool) or not isinstance(n, int):
        raise CGTError(f"a count of copies is an int, not {n!r:.60}")
    if n < 0:
        g, n = negate(g), -n
    result, power = ZERO, g
    while n:
        if n & 1:
            result = add(result, power)
        n >>= 1
        if n:
            power = add(power, power)
    return result


def clear_caches() -> None:
    """Forget memoised sums and comparisons (interned forms stay, so identity still means equality)."""
    _LE.clear()
    _SUMS.clear()


install_operations(add=add, negate=negate, le=le_games, times=times)  # for Game's operators (see game.py)
