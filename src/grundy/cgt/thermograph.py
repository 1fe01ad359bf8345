"""Thermographs, mean, temperature and cooling of short partizan games.

The walls of a game's thermograph are piecewise-linear functions of the temperature t with dyadic
breakpoints (Winning Ways ch. 6; Siegel, *Combinatorial Game Theory* ch. II.5; Lessons in Play ch. 6):
below the temperature, the left wall is ``max over G^L of RW(G^L)(t) - t`` and the right wall
``min over G^R of LW(G^R)(t) + t``; where they meet the mast rises, vertical, at the mean.
A number's walls are its value at every t >= 0 and its temperature is negative, Siegel's convention:
-1 for an integer, -1/2^k for m/2^k in lowest terms.

>>> from grundy.cgt.notation import parse
>>> th = thermograph(parse("{2|-1}"))
>>> th.mean, th.temperature, th.left_wall, th.right_wall
(Fraction(1, 2), Fraction(3, 2), ((0, 2), (3/2, 1/2)), ((0, -1), (3/2, 1/2)))
>>> cool(parse("{1|-1}"), 1), cool(parse("{1|-1}"), 2), cool(parse("{3|1}"), Fraction(1, 2))
(*, 0, {5/2|3/2})
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from fractions import Fraction
from pathlib import Path
from typing import Any

from grundy.cgt.canonical import from_options
from grundy.cgt.game import CanonicalGame, CGTError, _dyadic, _guarded, as_game, number
from grundy.cgt.work import charge
from grundy.core.pngs import pyplot, save_png, writable

Points = tuple[tuple[Fraction, Fraction], ...]  # (t, value) breakpoints from t = 0, linear between


class _PrintableFraction(Fraction):
    """A Fraction whose repr is its short text (used only inside the walls' tuples for readable output)."""

    def __repr__(self) -> str:
        return str(self)


Wall = tuple  # (e, ts, xs, slopes): see _envelope
_NEVER = math.inf  # no breakpoint ahead


def _flat(x: Fraction) -> Wall:
    """The wall of a number x at every t: x = n / 2^e in lowest terms."""
    return (x.denominator.bit_length() - 1, (0,), (x.numerator,), (0,))


def _scaled(w: Wall, e: int) -> Wall:
    """The same wall with its integers scaled by 2^-e (e >= its own exponent)."""
    f = e - w[0]
    if not f:
        return w
    return (e, tuple([t << f for t in w[1]]), tuple([x << f for x in w[2]]), w[3])


def _reduced(w: Wall) -> Wall:
    """The same wall with the least exponent (the integers not all even, or e = 0)."""
    e, ts, xs, slopes = w
    common = math.gcd(*ts, *xs)  # its lowest set bit is the lowest among all the integers
    f = min(e, (common & -common).bit_length() - 1) if common else e
    if f <= 0:
        return w
    return (e - f, tuple(t >> f for t in ts), tuple(x >> f for x in xs), slopes)


def _envelope(walls: list[Wall], better: int) -> Wall:
    """The pointwise max (better 1) or min (better -1) of several walls, crossings as new breakpoints.

    A wall ``(e, ts, xs, slopes)`` is a piecewise-linear function of t >= 0 in integers scaled by 2^-e:
    at t = ts[i] / 2^e its value is xs[i] / 2^e, and it goes on with slope slopes[i] (-1, 0 or 1: a
    thermograph's walls are vertical or diagonal) up to ts[i + 1], the last slope for ever. All the
    arithmetic is on integers (no Fraction): two slopes differing by one cross at a breakpoint of the
    same scale."""
    result = walls[0]
    if len(walls) == 1:
        return result
    for other in walls[1:]:
        charge(len(result[1]) + len(other[1]))
        e = max(result[0], other[0])
        result = _pair(_scaled(result, e), _scaled(other, e), better)
    return _reduced(result)


def _pair(a: Wall, b: Wall, better: int) -> Wall:
    e, ats, axs, asl = a
    _, bts, bxs, bsl = b
    ts = sorted(set(ats) | set(bts))
    out_t: list[int] = []
    out_x: list[int] = []
    out_s: list[int] = []

    def emit(t: int, x: int, s: int) -> None:
        if out_s and out_s[-1] == s:
            return  # the same line goes on
        out_t.append(t)
        out_x.append(x)
        out_s.append(s)

    i = j = 0
    for k, t in enumerate(ts):
        while i + 1 < len(ats) and ats[i + 1] <= t:
            i += 1
        while j + 1 < len(bts) and bts[j + 1] <= t:
            j += 1
        va, vb = axs[i] + asl[i] * (t - ats[i]), bxs[j] + bsl[j] * (t - bts[j])
        sa, sb = asl[i], bsl[j]
        d, ds = (va - vb) * better, (sa - sb) * better
        if d > 0 or (d == 0 and ds >= 0):
            emit(t, va, sa)
        else:
            emit(t, vb, sb)
        if d * ds < 0:  # the gap closes: the lines cross at t + |d| / |ds|
            if d % ds:
                return _pair(_scaled(a, e + 1), _scaled(b, e + 1), better)
            cross = t - d // ds
            if k + 1 == len(ts) or cross < ts[k + 1]:
                emit(cross, va + sa * (cross - t), sb if d > 0 else sa)
    return (e, tuple(out_t), tuple(out_x), tuple(out_s))


def _shifted_cut(w: Wall, sign: int, tau: int, mean: int) -> Wall:
    """The wall t -> w(t) + sign * t up to tau (its breakpoints below tau), then the mast at the mean."""
    e, ts, xs, slopes = w
    k = bisect_left(ts, tau)  # the breakpoints below tau (ts increases)
    if k == 1:  # the most common: one line from t = 0 up to the mast
        return (e, (0, tau), (xs[0], mean), (slopes[0] + sign, 0))
    ts = ts[:k]
    return (e, (*ts, tau), (*[x + sign * t for t, x in zip(ts, xs, strict=False)], mean),
            (*[s + sign for s in slopes[:k]], 0))


def _hot(left: Wall, right: Wall) -> tuple[Wall, Wall, int, int, int]:
    """(left wall, right wall, mean, temperature, e) of a game whose left options' right walls have the
    envelope ``left`` and right options' left walls ``right``: lam = left - t and rho = right + t up to
    tau, the least t >= 0 with lam(t) <= rho(t) (lam - rho never increases: its slopes are 0, -1 or -2,
    and -2 at the end), then the mast at lam(tau)."""
    e = max(left[0], right[0])
    if left[0] != right[0]:  # one scale for both
        left, right = _scaled(left, e), _scaled(right, e)
    lts, lxs, lsl = left[1], left[2], left[3]
    rts, rxs, rsl = right[1], right[2], right[3]
    i = j = t = 0
    last_i, last_j = len(lts) - 1, len(rts) - 1
    while True:
        lam = lxs[i] + lsl[i] * (t - lts[i]) - t
        d = lam - rxs[j] - rsl[j] * (t - rts[j]) - t  # lam(t) - rho(t)
        if d <= 0:
            break
        fall = rsl[j] - lsl[i] + 2
        ahead = min(lts[i + 1] if i < last_i else _NEVER, rts[j + 1] if j < last_j else _NEVER)
        if fall > 0 and d <= fall * (ahead - t):  # they meet before the next breakpoint (or ever after)
            step, half = divmod(d, fall)
            if half:  # half way between two points of this scale: one more binary digit
                e += 1
                left, right = _scaled(left, e), _scaled(right, e)
                step, t, lam = 2 * d // fall, 2 * t, 2 * lam
            t += step
            lam += (lsl[i] - 1) * step
            break
        if ahead == _NEVER:
            raise AssertionError("the walls of a game always meet")
        t = ahead
        if i < last_i and lts[i + 1] <= t:
            i += 1
        if j < last_j and rts[j + 1] <= t:
            j += 1
    return _shifted_cut(left, -1, t, lam), _shifted_cut(right, 1, t, lam), lam, t, e


def _points(w: Wall, top: int, scale: int) -> Points:
    """The wall's breakpoints as Fractions, those with t <= top / 2^scale (compared in integers)."""
    e, ts, xs, _ = w
    show = _PrintableFraction
    above = top << e
    return tuple((show(t, 1 << e), show(x, 1 << e)) for t, x in zip(ts, xs, strict=True) if t << scale <= above)


_MAKE: dict[str, Callable[[tuple[Wall, Wall, int, int, int]], object]] = {
    "_left_wall": lambda raw: _points(raw[0], max(raw[3], 0), raw[4]),
    "_right_wall": lambda raw: _points(raw[1], max(raw[3], 0), raw[4]),
    "_mean": lambda raw: Fraction(raw[2], 1 << raw[4]),
    "_temperature": lambda raw: Fraction(raw[3], 1 << raw[4]),
}


class Thermograph:
    """A thermograph as data: walls as (t, value) breakpoints from t = 0 up to the temperature.

    ``left_wall`` and ``right_wall`` list the breakpoints of each wall (linear between them); above
    the ``temperature`` both walls are the vertical mast at ``mean`` (``mast`` is the same value).
    For a number, each wall is the single point (0, x) and the temperature is negative. Immutable,
    compared and hashed by those four fields; :func:`thermograph` makes their Fractions when first read.
    """

    __slots__ = ("_raw", "_left_wall", "_right_wall", "_mean", "_temperature")
    __match_args__ = ("left_wall", "right_wall", "mean", "temperature")

    def __init__(self, left_wall: Points, right_wall: Points, mean: Fraction, temperature: Fraction) -> None:
        for slot, value in zip(self.__slots__, (None, left_wall, right_wall, mean, temperature), strict=True):
            object.__setattr__(self, slot, value)

    @classmethod
    def _of(cls, raw: tuple[Wall, Wall, int, int, int]) -> Thermograph:
        """The thermograph of :func:`_walls`' answer, its Fractions made when first read."""
        made = object.__new__(cls)
        for slot in cls.__slots__:
            object.__setattr__(made, slot, None)
        object.__setattr__(made, "_raw", raw)
        return made

    def _made(self, slot: str) -> Any:
        found = getattr(self, slot)
        if found is None:
            found = _MAKE[slot](self._raw)
            object.__setattr__(self, slot, found)
        return found

    @property
    def left_wall(self) -> Points:
        """The left wall's (t, value) breakpoints from t = 0 up to the temperature."""
        return self._made("_left_wall")

    @property
    def right_wall(self) -> Points:
        """The right wall's (t, value) breakpoints from t = 0 up to the temperature."""
        return self._made("_right_wall")

    @property
    def mean(self) -> Fraction:
        """The mean value: where the mast stands."""
        return self._made("_mean")

    @property
    def temperature(self) -> Fraction:
        """Where the walls meet (negative for a number)."""
        return self._made("_temperature")

    def _fields(self) -> tuple[Points, Points, Fraction, Fraction]:
        return self.left_wall, self.right_wall, self.mean, self.temperature

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        left, right, mean, temperature = self._fields()
        return (f"{type(self).__qualname__}(left_wall={left!r}, right_wall={right!r}, mean={mean!r}, "
                f"temperature={temperature!r})")

    def __reduce__(self) -> tuple[type, tuple[Points, Points, Fraction, Fraction]]:
        return type(self), self._fields()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    @property
    def mast(self) -> Fraction:
        """The value where the mast stands (the mean)."""
        return self.mean

    def left(self, t: int | Fraction) -> Fraction:
        """The left wall at temperature t >= 0."""
        return _wall_at(self.left_wall, self.mean, self.temperature, Fraction(t))

    def right(self, t: int | Fraction) -> Fraction:
        """The right wall at temperature t >= 0."""
        return _wall_at(self.right_wall, self.mean, self.temperature, Fraction(t))

    def plot(self, path: str | Path, title: str | None = None) -> Path:
        """Draw the thermograph to a PNG (values grow to the left, as in Winning Ways); returns the path."""
        out = writable(path)
        plt = pyplot()
        top = max(self.temperature, Fraction(0)) + 1
        fig, ax = plt.subplots(figsize=(5, 4))
        for wall, colour in ((self.left_wall, "tab:blue"), (self.right_wall, "tab:red")):
            ts = [float(t) for t, _ in wall] + [float(max(self.temperature, 0))]
            xs = [float(x) for _, x in wall] + [float(self.mean)]
            ax.plot(xs, ts, color=colour, linewidth=2)
        ax.plot([float(self.mean)] * 2, [float(max(self.temperature, 0)), float(top)], color="black", linewidth=2)
        ax.invert_xaxis()
        ax.set_xlabel("value")
        ax.set_ylabel("t")
        ax.grid(True, alpha=0.3)
        if title:
            ax.set_title(title)
        return save_png(fig, out, dpi=100, bbox_inches="tight")


def _wall_at(wall: Points, mean: Fraction, temperature: Fraction, t: Fraction) -> Fraction:
    if t >= temperature:
        return mean
    for (t0, x0), (t1, x1) in zip(wall, wall[1:], strict=False):
        if t0 <= t <= t1:
            return x0 + (x1 - x0) * (t - t0) / (t1 - t0)
    return wall[-1][1]


def _walls(g: CanonicalGame) -> tuple[Wall, Wall, int, int, int]:
    """(left wall, right wall, mean, temperature, e) with the walls up to the temperature and the mean
    and temperature as integers scaled by 2^-e, cached on g."""
    cache = g._cache
    found = cache.get("walls")
    if found is not None:
        return found
    x = g._num
    charge(1)
    if x is not None:
        flat = _flat(x)
        found = (flat, flat, x.numerator, -1, flat[0])
    elif g._nim is not None:  # *n: both walls 0 up to the mast at 0, temperature 0 (as * has)
        flat = (0, (0,), (0,), (0,))
        found = (flat, flat, 0, 0, 0)
    else:
        left, right = g.left, g.right  # mostly one option each: no envelope to take
        found = _hot(_walls(left[0])[1] if len(left) == 1 else _envelope([_walls(h)[1] for h in left], 1),
                     _walls(right[0])[0] if len(right) == 1 else _envelope([_walls(h)[0] for h in right], -1))
    cache["walls"] = found
    return found


def _mean_and_temperature(g: CanonicalGame) -> tuple[Fraction, Fraction]:
    _, _, mean, tau, e = _walls(g)
    return Fraction(mean, 1 << e), Fraction(tau, 1 << e)


@_guarded
def thermograph(g: CanonicalGame) -> Thermograph:
    """The thermograph of g (cached): walls up to the temperature, mean, temperature."""
    g = g if type(g) is CanonicalGame else as_game(g)
    found = g._cache.get("thermograph")
    if found is None:
        found = g._cache["thermograph"] = Thermograph._of(_walls(g))
    return found


@_guarded
def cool(g: CanonicalGame, t: int | Fraction | str) -> CanonicalGame:
    """g cooled by t: numbers stay; else {G^L_t - t | G^R_t + t} up to the temperature, the mean above it.
    Below zero (-1 < t < 0, as CGSuite allows) the plain recursion, numbers included: ``(1/4).Cool(-1/4)``
    is ``1/4*``.

    >>> from grundy.cgt.notation import parse
    >>> cool(parse("{3|-1}"), 1), cool(parse("{0|^}"), Fraction(1, 4)), cool(parse("*"), 0)
    ({2|0}, 0, *)
    """
    t = _dyadic(t)
    if t <= -1:
        raise CGTError(f"cooling needs a temperature t > -1, not {t}")
    if t < 0:  # -1 < t < 0: CGSuite's warming by -t, numbers too: {G^L_t - t | G^R_t + t} all the way down
        return _cool_below_zero(as_game(g), t)
    return _cool(as_game(g), t)


def _cool_below_zero(g: CanonicalGame, t: Fraction) -> CanonicalGame:
    """g cooled by -1 < t < 0 by the plain definition (an integer stays: {n - 1 - t |} is n)."""
    if g.number is not None and g.number.denominator == 1:
        return g
    key = ("cool", t)
    found = g._cache.get(key)
    if found is None:
        charge(1)
        shift = number(t)
        found = from_options([_cool_below_zero(h, t) - shift for h in g.left],
                             [_cool_below_zero(h, t) + shift for h in g.right])
        g._cache[key] = found
    return found


def _cool(g: CanonicalGame, t: Fraction) -> CanonicalGame:
    if g.number is not None or t == 0:
        return g
    key = ("cool", t)
    found = g._cache.get(key)
    if found is None:
        charge(1)
        mean, tau = _mean_and_temperature(g)
        if t > tau:
            found = number(mean)
        else:
            shift = number(t)
            found = from_options([_cool(h, t) - shift for h in g.left], [_cool(h, t) + shift for h in g.right])
        g._cache[key] = found
    return found
