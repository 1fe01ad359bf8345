"""The walls of thermographs in integers: the engine of :mod:`grundy.cgt.thermograph`.

The walls of a game's thermograph are piecewise-linear functions of the temperature t >= 0 with
dyadic breakpoints (Winning Ways ch. 6; Siegel, *Combinatorial Game Theory* ch. II.5): below the
temperature, the left wall is ``max over G^L of RW(G^L)(t) - t`` and the right wall
``min over G^R of LW(G^R)(t) + t``; where they meet the mast rises, vertical, at the mean.

A wall here is one flat tuple of integers ``(e, t0, c0, u0, t1, c1, u1, ...)`` scaled by 2^-e, in
intercept form: piece k starts at t = t_k (t0 = 0) and goes up to t_{k+1}, the last piece for ever;
its value is ``c_k + slope * t``. A thermograph's walls are vertical or diagonal: a right wall's
slopes are 0 or 1, a left wall's -1 or 0, and each piece keeps ``u_k``, its slope plus 1 for a left
wall (so 0 or 1 on both sides). Then the walls of {G^L | G^R} up to the temperature are *the same
pieces* as the envelopes they come from (RW(G^L) - t has the intercepts of RW(G^L), and its slope plus
1 is the slope of RW(G^L)): making a game's walls cuts the options' walls at the temperature, no
arithmetic on their pieces, one tuple for each wall. Every wall is at the scale 2^-:data:`FLOOR` at
least, so the walls of the games met in practice (dyadic leaves of a few binary digits, one binary
digit more at most for each level of the game) share that one scale and are never rescaled; a game
whose temperature needs a finer scale gets one more binary digit, so the walls stay exact for every
short game.

>>> from grundy.cgt.notation import parse
>>> left, right, mean, tau, e = walls(parse("{2|-1}"))
>>> mean / 2**e, tau / 2**e, [(t / 2**e, x / 2**e) for t, x in points(left, -1)], left[3::3]
(0.5, 1.5, [(0.0, 2.0), (1.5, 0.5)], (0, 1))
"""

from __future__ import annotations

from fractions import Fraction

from grundy.cgt.game import CanonicalGame
from grundy.core.work import charge

FLOOR = 16  # the least exponent e of a wall's scale 2^-e
Wall = tuple  # (e, t0, c0, u0, t1, c1, u1, ...), as above
Raw = tuple  # (left wall, right wall, mean, temperature, e): the mean and temperature scaled by 2^-e
_NEVER = float("inf")  # no breakpoint ahead
_STAR = ((FLOOR, 0, 0, 1), (FLOOR, 0, 0, 0), 0, 0, FLOOR)  # *n: 0 up to the mast at 0, temperature 0


def walls(g: CanonicalGame) -> Raw:
    """(left wall, right wall, mean, temperature, e) of g, the walls up to the temperature and the mean
    and temperature as integers scaled by 2^-e; cached on g, one step of the work budget when made."""
    found = g._cache.get("walls")
    if found is not None:
        return found
    charge(1)
    x = g._num
    if x is not None:
        found = _number(x)
    elif g._nim is not None:
        found = _STAR
    else:
        left, right = g._left, g._right
        if left is None or right is None:  # x + n.^ + *m: its options made when first asked
            left, right = g.left, g.right
        if len(left) == 1 and len(right) == 1:  # the most common: no envelope to take
            h, k = left[0], right[0]
            found = _hot((h._cache.get("walls") or walls(h))[1], (k._cache.get("walls") or walls(k))[0])
        else:
            found = _hot(_side(left, 1), _side(right, 0))
    g._cache["walls"] = found
    return found


def _side(options: tuple[CanonicalGame, ...], which: int) -> Wall:
    """The envelope of the options' right walls (which 1: Left's options, their max) or left walls
    (which 0: Right's options, their min)."""
    if len(options) == 1:
        return walls(options[0])[which]
    return _envelope([walls(h)[which] for h in options], 1 if which else -1)


def points(w: Wall, frame: int) -> list[tuple[int, int]]:
    """The wall's breakpoints (t, value) at its scale; frame -1 for a left wall, 0 for a right one."""
    return [(t, c + (u + frame) * t) for t, c, u in zip(w[1::3], w[2::3], w[3::3], strict=True)]


def _number(x: Fraction) -> Raw:
    """A number x = n / 2^k in lowest terms: both walls x at every t, temperature -1/2^k (Siegel's)."""
    k = x.denominator.bit_length() - 1
    e = max(FLOOR, k)
    n = x.numerator << (e - k)
    return (e, 0, n, 1), (e, 0, n, 0), n, -1 << (e - k), e


def _scaled(w: Wall, e: int) -> Wall:
    """The same wall with its integers scaled by 2^-e (e >= its own exponent)."""
    f = e - w[0]
    if not f:
        return w
    return (e, *[v if k % 3 == 2 else v << f for k, v in enumerate(w[1:])])


def _envelope(walls: list[Wall], better: int) -> Wall:
    """The pointwise max (better 1) or min (better -1) of several walls of one side."""
    result = walls[0]
    for other in walls[1:]:
        charge((len(result) + len(other)) // 3)  # one step for each piece
        e = max(result[0], other[0])
        result = _pair(_scaled(result, e), _scaled(other, e), better)
    return result


def _pair(a: Wall, b: Wall, better: int) -> Wall:
    """The max (better 1) or min (better -1) of two walls of one side at one scale, crossings as new
    breakpoints (the two slopes differ by one where they cross, so a crossing is a point of the scale)."""
    ts = sorted({*a[1::3], *b[1::3]})
    out = [a[0]]
    u = -1  # the u of the last piece out: a piece with the same u goes on the same line
    i = j = 1  # the pieces of a and b at t
    last_i, last_j = len(a) - 3, len(b) - 3
    for t, ahead in zip(ts, [*ts[1:], _NEVER], strict=True):
        if i < last_i and a[i + 3] <= t:
            i += 3
        if j < last_j and b[j + 3] <= t:
            j += 3
        ca, ua, cb, ub = a[i + 1], a[i + 2], b[j + 1], b[j + 2]
        ds = (ua - ub) * better
        d = (ca - cb) * better + ds * t  # how far a is better than b at t (ds: how fast that changes)
        if d > 0 or (d == 0 and ds >= 0):  # a, and b from t + d if it gains on a before the next point
            if ua != u:
                out += (t, ca, ua)
                u = ua
            if ds < 0 and t + d < ahead:
                out += (t + d, cb, ub)
                u = ub
        else:  # b, and a from t - d if it gains on b before the next point
            if ub != u:
                out += (t, cb, ub)
                u = ub
            if ds > 0 and t - d < ahead:
                out += (t - d, ca, ua)
                u = ua
    return tuple(out)


def _hot(left: Wall, right: Wall) -> Raw:
    """The walls, mean and temperature of a game whose left options' right walls have the envelope
    ``left`` and right options' left walls ``right``: lam = left - t and rho = right + t up to tau, the
    least t >= 0 with lam(t) <= rho(t) (lam - rho never increases: its slopes are 0, -1 or -2, and -2 at
    the end), then the mast at lam(tau). Mostly a game is hotter than its options and lam and rho meet
    on the options' masts, past all their breakpoints: tau at once; else the pieces are walked."""
    e = left[0]
    if right[0] != e:  # one scale for both
        e = max(e, right[0])
        left, right = _scaled(left, e), _scaled(right, e)
    a = left[-2] - right[-2]  # on the last pieces (the masts of the options) lam - rho = a - 2t
    if a > left[-3] << 1 and a > right[-3] << 1:  # they meet there, past every breakpoint: at a / 2
        if a & 1:  # half way between two points of this scale: one more binary digit
            e += 1
            left, right, a = _scaled(left, e), _scaled(right, e), a << 1
        tau = a >> 1
        mean = left[-2] - tau
        return left + (tau, mean, 1), right + (tau, mean, 0), mean, tau, e
    last_i, last_j = len(left) - 3, len(right) - 3
    i = j = 1  # the pieces of left and right at t
    t = 0
    next_l, next_r = left[4] if last_i > 1 else _NEVER, right[4] if last_j > 1 else _NEVER  # breakpoints ahead
    while True:
        a, s = left[i + 1] - right[j + 1], left[i + 2] - right[j + 2] - 1  # lam - rho = a + s * t, s <= 0
        if a + s * t <= 0:
            break
        ahead = next_l if next_l < next_r else next_r
        if s and a <= -s * ahead:  # they meet at a / -s, before the next breakpoint (or ever after)
            if a % s:  # half way between two points of this scale: one more binary digit
                e += 1
                left, right, a = _scaled(left, e), _scaled(right, e), 2 * a
            t = a // -s
            break
        if ahead == _NEVER:
            raise AssertionError("the walls of a game always meet")
        t = ahead
        if next_l == t:
            i += 3
            next_l = left[i + 3] if i < last_i else _NEVER
        if next_r == t:
            j += 3
            next_r = right[j + 3] if j < last_j else _NEVER
    mean = left[i + 1] + (left[i + 2] - 1) * t
    return _cut(left, i + 3 * (left[i] < t), t, mean, 1), _cut(right, j + 3 * (right[j] < t), t, mean, 0), mean, t, e


def _cut(w: Wall, end: int, tau: int, mean: int, mast: int) -> Wall:
    """The pieces of w before offset ``end`` (those from below tau), then the mast at the mean from tau
    (``mast``: its u, 1 on the left, 0 on the right)."""
    if end == 4:  # the most common: one line from t = 0 up to the mast
        return (w[0], 0, w[2], w[3], tau, mean, mast)
    return (*w[:end], tau, mean, mast)
