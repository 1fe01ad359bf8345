"""Thermographs, mean, temperature and cooling of short partizan games.

The walls of a game's thermograph are piecewise-linear functions of the temperature t with dyadic
breakpoints (Winning Ways ch. 6; Siegel, *Combinatorial Game Theory* ch. II.5; Lessons in Play ch. 6):
below the temperature, the left wall is ``max over G^L of RW(G^L)(t) - t`` and the right wall
``min over G^R of LW(G^R)(t) + t``; where they meet the mast rises, vertical, at the mean.
A number's walls are its value at every t >= 0 and its temperature is negative, Siegel's convention:
-1 for an integer, -1/2^k for m/2^k in lowest terms. The walls are worked out in integers by
:mod:`grundy.cgt.thermo_walls`; this module makes them the Fractions of a :class:`Thermograph`.

>>> from grundy.cgt.notation import parse
>>> th = thermograph(parse("{2|-1}"))
>>> th.mean, th.temperature, th.left_wall, th.right_wall
(Fraction(1, 2), Fraction(3, 2), ((0, 2), (3/2, 1/2)), ((0, -1), (3/2, 1/2)))
>>> cool(parse("{1|-1}"), 1), cool(parse("{1|-1}"), 2), cool(parse("{3|1}"), Fraction(1, 2))
(*, 0, {5/2|3/2})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from fractions import Fraction
from io import BytesIO
from pathlib import Path
from typing import Any

from grundy.cgt.canonical import from_options
from grundy.cgt.game import CanonicalGame, CGTError, _dyadic, _guarded, as_game, number
from grundy.cgt.thermo_walls import Raw, Wall, points, walls
from grundy.core.errors import GrundyError
from grundy.core.pngs import described, pyplot, save_png, writable
from grundy.core.work import charge

Points = tuple[tuple[Fraction, Fraction], ...]  # (t, value) breakpoints from t = 0, linear between


class _PrintableFraction(Fraction):
    """A Fraction whose repr is its short text (used only inside the walls' tuples for readable output)."""

    def __repr__(self) -> str:
        return str(self)


def _points(w: Wall, frame: int) -> Points:
    """The wall's breakpoints as Fractions (frame -1 for a left wall, 0 for a right one)."""
    show, unit = _PrintableFraction, 1 << w[0]
    return tuple((show(t, unit), show(x, unit)) for t, x in points(w, frame))


_MAKE: dict[str, Callable[[Raw], object]] = {
    "_left_wall": lambda raw: _points(raw[0], -1),
    "_right_wall": lambda raw: _points(raw[1], 0),
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
    def _of(cls, raw: Raw) -> Thermograph:
        """The thermograph of :func:`~grundy.cgt.thermo_walls.walls`' answer, its Fractions made when first read."""
        made = object.__new__(cls)
        object.__setattr__(made, "_raw", raw)  # the other slots stay unset until read
        return made

    def _made(self, slot: str) -> Any:
        try:
            return getattr(self, slot)
        except AttributeError:  # made by _of and not read yet
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
        """Draw the thermograph to a PNG (values grow to the left, as in Winning Ways); returns the path.
        ``title`` (e.g. "thermograph of {3|1}") heads it, over a line giving the mean and temperature."""
        out = writable(path)
        return save_png(self._figure(title), out, dpi=100, bbox_inches="tight")

    def _figure(self, title: str | None = None) -> Any:
        """The matplotlib figure :meth:`plot` saves: the walls up to the temperature and the mast above
        it, each named in the legend; a number (negative temperature) is its mast alone, from t = its
        temperature, as in Siegel's convention."""
        plt = pyplot()
        mean, temperature = float(self.mean), float(self.temperature)
        fig, ax = plt.subplots(figsize=(5.5, 4.4))
        if self.temperature >= 0:
            for wall, colour, side in ((self.left_wall, "tab:blue", "left"), (self.right_wall, "tab:red", "right")):
                ts = [float(t) for t, _ in wall] + [temperature]
                xs = [float(x) for _, x in wall] + [mean]
                ax.plot(xs, ts, color=colour, linewidth=2, label=f"{side} wall")
        top = max(temperature, 0.0) + 1
        ax.plot([mean, mean], [temperature, top], color="black", linewidth=2, label=f"mast at the mean {self.mean}")
        ax.axhline(temperature, color="#888888", linestyle=":", linewidth=1, label=f"temperature {self.temperature}")
        if self.temperature < 0:
            ax.plot([mean], [temperature], "o", color="black")
            ax.set_xlim(mean + 1, mean - 1)  # values grow to the left
        else:
            ax.invert_xaxis()
        ax.set_ylim(min(temperature, 0.0) - 0.25, top)
        ax.set_xlabel("value")
        ax.set_ylabel("temperature t")
        ax.grid(True, alpha=0.3)
        ax.legend(loc="upper left", fontsize="small")
        ax.set_title(f"{title or 'thermograph'}\n{self._caption()}", fontsize="medium")
        return fig

    def _caption(self) -> str:
        if self.temperature < 0:
            return f"a number ({self.mean}): its thermograph is the mast alone, temperature {self.temperature}"
        return f"mean {self.mean}, temperature {self.temperature}"

    def _repr_png_(self) -> bytes | None:
        """The picture of the thermograph, for a notebook (None without the plot extra: the text shows)."""
        try:
            fig, buffer = self._figure(), BytesIO()
        except GrundyError:
            return None
        try:
            fig.savefig(buffer, format="png", dpi=80, bbox_inches="tight", metadata=described(fig))
        finally:
            pyplot().close(fig)
        return buffer.getvalue()


def _wall_at(wall: Points, mean: Fraction, temperature: Fraction, t: Fraction) -> Fraction:
    if t >= temperature:
        return mean
    for (t0, x0), (t1, x1) in zip(wall, wall[1:], strict=False):
        if t0 <= t <= t1:
            return x0 + (x1 - x0) * (t - t0) / (t1 - t0)
    return wall[-1][1]


def _mean_and_temperature(g: CanonicalGame) -> tuple[Fraction, Fraction]:
    _, _, mean, tau, e = walls(g)
    return Fraction(mean, 1 << e), Fraction(tau, 1 << e)


def thermograph(g: CanonicalGame) -> Thermograph:
    """The thermograph of g (cached): walls up to the temperature, mean, temperature."""
    if type(g) is CanonicalGame:  # read again (g.mean, g.temperature, ...): no work, so no meter to open
        found = g._cache.get("thermograph")
        if found is not None:
            return found
    return _thermograph(g)


@_guarded
def _thermograph(g: CanonicalGame) -> Thermograph:
    """:func:`thermograph` made under the work budget."""
    g = g if type(g) is CanonicalGame else as_game(g)
    found = g._cache.get("thermograph")
    if found is None:
        found = g._cache["thermograph"] = Thermograph._of(walls(g))
    return found


@_guarded
def cool(g: CanonicalGame, t: int | Fraction | str) -> CanonicalGame:
    """g cooled by t: numbers stay; else {G^L_t - t | G^R_t + t} up to the temperature, the mean above it.
    Below zero (-1 < t < 0, as CGSuite allows) the plain recursion, numbers included: ``(1/4).Cool(-1/4)``
    is ``1/4*``.

    Examples
    --------
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
