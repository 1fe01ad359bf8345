"""Number + up + star in closed form: the games ``x + n.^ + *m`` added, compared and made with no search.

Every game ``x + n.^ + *m`` (x a dyadic number, n an integer, m >= 0) has a known canonical form
(Siegel, *Combinatorial Game Theory* (AMS 2013) ch. II.4; Lessons in Play ch. 5; Winning Ways ch. 3):

- n = 0: ``x + *m`` = {x, x*, ..., x*(m-1) | the same} (x, or *m when x = 0);
- n >= 1: ``x + n.^ + *m`` = {x | x + (n-1).^ + *(m xor 1)}, except ``x^*`` = {x, x* | x};
- n <= -1: the mirror image, {x + (n+1).^ + *(m xor 1) | x}, except ``xv*`` = {x | x, x*}.

Such a game is one object per triple, made here with its options left to be made when asked (as
numbers and nimbers are): :func:`grundy.cgt.game._intern` hands every form of this shape to
:func:`recognise`, so a game equal to x + n.^ + *m is that object however it was reached. A sum of
such games is the triple of sums ``(x + y, n + k, m xor j)``, made with no search; comparisons follow
from the sign of ``d.^ + *s``: positive when d >= 2, or d = 1 and s != 1 (``^*`` is fuzzy with 0).

>>> from grundy.cgt.game import nimber, number
>>> up = make(Fraction(0), 1, 0)
>>> up.left, up.right, triple(make(Fraction(1, 2), -3, 1)), make(Fraction(0), 1, 1).left
((0,), (*,), (Fraction(1, 2), -3, 1), (0, *))
>>> triple(nimber(3)), triple(number(2)), triple(make(Fraction(0), 40, 1)), make(Fraction(0), 2, 0) is up + up
((Fraction(0, 1), 0, 3), (Fraction(2, 1), 0, 0), (Fraction(0, 1), 40, 1), True)
"""

from __future__ import annotations

from fractions import Fraction

from grundy.cgt.game import CanonicalGame, nimber, number

Triple = tuple[Fraction, int, int]  # (x, n, m): x + n.^ + *m

_MADE: dict[tuple, CanonicalGame] = {}  # every x + n.^ + *m neither a number nor a nimber; key (n, m) when x = 0


def triple(g: CanonicalGame) -> Triple | None:
    """``(x, n, m)`` when ``g`` = x + n.^ + *m, else None (read, not worked out: every such game is made
    here, so it carries its triple)."""
    return g._t


def recognise(left: tuple[CanonicalGame, ...], right: tuple[CanonicalGame, ...]) -> Triple | None:
    """The triple of the canonical form {left | right} when it is x + n.^ + *m (n or x not 0), else None."""
    if left == right:  # x + *m: the options x + *j for j < m
        parts = [triple(h) for h in left]
        if any(p is None or p[1] != 0 for p in parts):
            return None
        xs = {p[0] for p in parts}  # type: ignore[index]
        nims = sorted(p[2] for p in parts)  # type: ignore[index]
        return (xs.pop(), 0, len(nims)) if len(xs) == 1 and nims == list(range(len(nims))) else None
    if len(left) == 1 and left[0]._num is not None:  # {x | H}: n >= 1, or xv* = {x | x, x*}
        return _link(left[0]._num, right, 1)
    if len(right) == 1 and right[0]._num is not None:
        return _link(right[0]._num, left, -1)
    return None


def _link(x: Fraction, others: tuple[CanonicalGame, ...], sign: int) -> Triple | None:
    """The triple of {x | H} (sign 1) or {H | x} (sign -1) when H is the next link of a chain of ups,
    or of {x | x, x*} (xv*, sign 1) and {x, x* | x} (x^*, sign -1)."""
    if len(others) == 2:
        return (x, -sign, 1) if {triple(h) for h in others} == {(x, 0, 0), (x, 0, 1)} else None
    if len(others) != 1:
        return None
    below = triple(others[0])
    if below is None or below[0] != x or below[1] * sign < 0 or (below[1] == 0 and below[2] == 0):
        return None
    return (x, below[1] + sign, below[2] ^ 1)


def make(x: Fraction, n: int, m: int) -> CanonicalGame:
    """The one object for ``x + n.^ + *m``; its options are made only when asked (:func:`options`)."""
    if n == 0 and (m == 0 or not x):
        return number(x) if x else nimber(m)
    key = (x, n, m) if x else (n, m)  # a Fraction's hash is slow to work out: the common x = 0 goes without
    g = _MADE.get(key)
    if g is None:
        g = _MADE[key] = CanonicalGame(None, None, None)
        g._cache["nus"] = g._t = (x, n, m)
    return g


def options(t: Triple) -> tuple[tuple[CanonicalGame, ...], tuple[CanonicalGame, ...]]:
    """The options of the canonical form of ``x + n.^ + *m``, in the order of :func:`_intern`."""
    x, n, m = t
    if n == 0:
        flat = _by_uid([number(x)] + [make(x, 0, j) for j in range(1, m)])
        return flat, flat
    base = (number(x),)
    if abs(n) == 1 and m == 1:  # x^* = {x, x* | x}, xv* = {x | x, x*}
        pair = _by_uid([number(x), make(x, 0, 1)])
        return (pair, base) if n > 0 else (base, pair)
    below = (make(x, n - 1, m ^ 1),) if n > 0 else (make(x, n + 1, m ^ 1),)
    return (base, below) if n > 0 else (below, base)


def _by_uid(games: list[CanonicalGame]) -> tuple[CanonicalGame, ...]:
    return tuple(sorted(games, key=lambda g: g.uid))


def add(a: Triple, b: Triple) -> CanonicalGame:
    """The canonical form of the sum of two triples."""
    x, y = a[0], b[0]
    return make(x + y if x and y else x or y, a[1] + b[1], a[2] ^ b[2])  # no Fraction arithmetic with 0


def le(a: Triple, b: Triple) -> bool:
    """``a <= b``: the sign of a - b = (x - y) + d.^ + *s."""
    if a[0] != b[0]:
        return a[0] < b[0]
    d, s = a[1] - b[1], a[2] ^ b[2]
    return d <= -2 or (d == -1 and s != 1) or (d == 0 and s == 0)
