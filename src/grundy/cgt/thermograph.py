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
(*, 0, 2+-1/2)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from grundy.cgt.canonical import from_options
from grundy.cgt.game import CanonicalGame, CGTError, _dyadic, _guarded, as_game, number
from grundy.cgt.work import charge
from grundy.core.pngs import pyplot, save_png, writable

Points = tuple[tuple[Fraction, Fraction], ...]  # (t, value) breakpoints from t = 0, linear between


class _PrintableFraction(Fraction):
    """A Fraction whose repr is its short text (used only inside the walls' tuples for readable output)."""

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Line:
    """A piecewise-linear function of t >= 0: breakpoints, then ``slope`` after the last one."""

    points: Points
    slope: Fraction

    def at(self, t: Fraction) -> Fraction:
        pts = self.points
        for (t0, x0), (t1, x1) in zip(pts, pts[1:], strict=False):
            if t0 <= t <= t1:
                return x0 + (x1 - x0) * (t - t0) / (t1 - t0)
        t0, x0 = pts[-1]
        return x0 + self.slope * (t - t0)

    def plus_t(self, sign: int) -> Line:
        """The function t -> f(t) + sign * t."""
        return Line(tuple((t, x + sign * t) for t, x in self.points), self.slope + sign)


def _combine(lines: list[Line], pick) -> Line:  # noqa: ANN001 - pick is max or min
    """The pointwise max (or min) of several lines, with the crossings as new breakpoints."""
    result = lines[0]
    for other in lines[1:]:
        charge(len(result.points) + len(other.points))
        ts = sorted({t for t, _ in result.points} | {t for t, _ in other.points})
        cuts = set(ts)
        for a, b in zip(ts, ts[1:], strict=False):
            da, db = result.at(a) - other.at(a), result.at(b) - other.at(b)
            if da * db < 0:
                cuts.add(a + (b - a) * da / (da - db))
        last = ts[-1]
        d, ds = result.at(last) - other.at(last), result.slope - other.slope
        if d * ds < 0:
            cuts.add(last - d / ds)
        end = max(cuts) + 1  # no crossing beyond the last cut: the better line there keeps the tail
        slope = result.slope if pick(result.at(end), other.at(end)) == result.at(end) else other.slope
        result = Line(tuple((t, pick(result.at(t), other.at(t))) for t in sorted(cuts)), slope)
    return _simplify(result)


def _simplify(line: Line) -> Line:
    pts = list(line.points)
    out = [pts[0]]
    for i in range(1, len(pts)):
        t1, x1 = pts[i]
        nxt = pts[i + 1] if i + 1 < len(pts) else (t1 + 1, x1 + line.slope)
        t0, x0 = out[-1]
        if (x1 - x0) * (nxt[0] - t1) != (nxt[1] - x1) * (t1 - t0):
            out.append((t1, x1))
    return Line(tuple(out), line.slope)


@dataclass(frozen=True)
class Thermograph:
    """A thermograph as data: walls as (t, value) breakpoints from t = 0 up to the temperature.

    ``left_wall`` and ``right_wall`` list the breakpoints of each wall (linear between them); above
    the ``temperature`` both walls are the vertical mast at ``mean`` (``mast`` is the same value).
    For a number, each wall is the single point (0, x) and the temperature is negative.
    """

    left_wall: tuple[tuple[Fraction, Fraction], ...]
    right_wall: tuple[tuple[Fraction, Fraction], ...]
    mean: Fraction
    temperature: Fraction

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
    return Line(wall, Fraction(0)).at(t) if len(wall) > 1 else wall[0][1]


def _walls(g: CanonicalGame) -> tuple[Line, Line, Fraction, Fraction]:
    """(left wall, right wall, mean, temperature) with the walls as full lines (mast included), cached on g."""
    found = g._cache.get("walls")
    if found is not None:
        return found
    x = g.number
    charge(1)
    if x is not None:
        flat = Line(((Fraction(0), x),), Fraction(0))
        k = x.denominator.bit_length() - 1
        found = (flat, flat, x, Fraction(-1, 2**k))
    elif g.nimber is not None:  # *n: both walls 0 up to the mast at 0, temperature 0 (as * has)
        flat = Line(((Fraction(0), Fraction(0)),), Fraction(0))
        found = (flat, flat, Fraction(0), Fraction(0))
    else:
        lam = _combine([_walls(h)[1] for h in g.left], max).plus_t(-1)
        rho = _combine([_walls(h)[0] for h in g.right], min).plus_t(+1)
        tau = _meet(lam, rho)
        mean = lam.at(tau)
        found = (_cut(lam, tau, mean), _cut(rho, tau, mean), mean, tau)
    g._cache["walls"] = found
    return found


def _meet(lam: Line, rho: Line) -> Fraction:
    """The least t >= 0 with lam(t) <= rho(t) (lam - rho never increases, so it is where they meet)."""
    ts = sorted({t for t, _ in lam.points} | {t for t, _ in rho.points})
    if lam.at(ts[0]) <= rho.at(ts[0]):
        return ts[0]
    for a, b in zip(ts, ts[1:], strict=False):
        da, db = lam.at(a) - rho.at(a), lam.at(b) - rho.at(b)
        if db <= 0:
            return a + (b - a) * da / (da - db)
    last = ts[-1]
    d, ds = lam.at(last) - rho.at(last), lam.slope - rho.slope
    assert ds < 0
    return last - d / ds


def _cut(line: Line, tau: Fraction, mean: Fraction) -> Line:
    pts = tuple(p for p in line.points if p[0] < tau) + ((tau, mean),)
    return _simplify(Line(pts, Fraction(0)))


@_guarded
def thermograph(g: CanonicalGame) -> Thermograph:
    """The thermograph of g (cached): walls up to the temperature, mean, temperature."""
    left, right, mean, tau = _walls(as_game(g))
    show = _PrintableFraction
    return Thermograph(
        tuple((show(t), show(x)) for t, x in left.points if t <= max(tau, Fraction(0))),
        tuple((show(t), show(x)) for t, x in right.points if t <= max(tau, Fraction(0))),
        mean, tau,
    )


@_guarded
def cool(g: CanonicalGame, t: int | Fraction | str) -> CanonicalGame:
    """g cooled by t: numbers stay; else {G^L_t - t | G^R_t + t} up to the temperature, the mean above it.

    >>> from grundy.cgt.notation import parse
    >>> cool(parse("{3|-1}"), 1), cool(parse("{0|^}"), Fraction(1, 4)), cool(parse("*"), 0)
    (1+-1, 0, *)
    """
    t = _dyadic(t)
    if t < 0:
        raise CGTError(f"cooling needs a temperature t >= 0, not {t}")
    return _cool(as_game(g), t)


def _cool(g: CanonicalGame, t: Fraction) -> CanonicalGame:
    if g.number is not None or t == 0:
        return g
    key = ("cool", t)
    found = g._cache.get(key)
    if found is None:
        charge(1)
        _, _, mean, tau = _walls(g)
        if t > tau:
            found = number(mean)
        else:
            shift = number(t)
            found = from_options([_cool(h, t) - shift for h in g.left], [_cool(h, t) + shift for h in g.right])
        g._cache[key] = found
    return found
