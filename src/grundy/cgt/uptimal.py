"""Uptimals: up-nth ``^<n>``, ``^[n]`` = ``^ + ^<2> + ... + ^<n>``, and the uptimal expansion of a game.

For a game ``G = {0 | H}`` its *n-th power* and its *sum to n* are (Siegel, *Combinatorial Game Theory*
(AMS 2013) ch. II.4; CGSuite's ``G.Pow(n)`` and ``G.PowTo(n)``)::

    G^->0 = 0,   G^->n = {G^->(n-1) | H},      G^n = {0 | H - G^->(n-1)}   (so G^1 = G).

With ``^ = {0 | *}`` this gives ``^[n] = {^[n-1] | *}`` (so ``^[4]`` = ``{0|*||*|||*||||*}``) and
``^<n> = {0 | v[n-1]*}`` (so ``^<2>`` = ``{0|v*}``); ``^[n]`` = ``^<1> + ^<2> + ... + ^<n>``.

An *uptimal* is ``x + d1.^<1> + d2.^<2> + ... + dk.^<k> + *m`` (x a number, dk != 0), written
``x.d1d2...dk`` with ``*m`` beside it; :func:`expansion` finds ``(x, (d1, ..., dk), m)`` for a game that is
one (numbers, nimbers and ``x + n.^ + *m`` included), else ``None``. Following CGSuite's
``UptimalExpansion``: when dk > 0 the game has one Right option, whose expansion is the game's with 1
taken from d1..dk and ``*`` added (dk < 0: the same for the negative); each candidate read off this
way is checked against the Left options the canonical form of that uptimal has (CGSuite's cases).

>>> up_nth(2), up_to(3), up_to(2) is up_nth(1) + up_nth(2)
(^<2>, ^[3], True)
>>> from grundy.cgt.notation import parse
>>> expansion(parse("{0|*||*|||*||||*}")), expansion(parse("^<2>*")), expansion(parse("{3|1}"))
((Fraction(0, 1), (1, 1, 1, 1), 0), (Fraction(0, 1), (0, 1), 1), None)
"""

from __future__ import annotations

from fractions import Fraction

from grundy.cgt.canonical import add, from_options, negate, times
from grundy.cgt.game import ZERO, CanonicalGame, CGTError, _guarded, nimber, number

__all__ = ["Expansion", "build", "expansion", "up_nth", "up_to"]

Expansion = tuple[Fraction, tuple[int, ...], int]  # (x, (d1, ..., dk), m): x + sum di.^<i> + *m, dk != 0

STAR = nimber(1)
_SUMS_TO: list[CanonicalGame] = [ZERO]  # ^[0], ^[1], ... as made so far
_POWERS: dict[int, CanonicalGame] = {}


def _count(n: object, least: int, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < least:
        raise CGTError(f"{what} needs a whole number >= {least}, not {n!r:.60}")
    return n


@_guarded
def up_to(n: int) -> CanonicalGame:
    """``^[n]`` = ``^ + ^<2> + ... + ^<n>`` = {^[n-1] | *} (``^[0]`` = 0); CGSuite's ``^.PowTo(n)``.

    Examples
    --------
    >>> up_to(0), up_to(1), up_to(2), up_to(2).left, -up_to(3)
    (0, ^, ^[2], (^,), v[3])
    """
    _count(n, 0, "^[n]")
    while len(_SUMS_TO) <= n:
        _SUMS_TO.append(from_options([_SUMS_TO[-1]], [STAR]))
    return _SUMS_TO[n]


@_guarded
def up_nth(n: int) -> CanonicalGame:
    """``^<n>`` (up-nth, Siegel's up to the power n) = {0 | v[n-1]*}; ``^<1>`` is ``^`` and, as in
    CGSuite's ``^.Pow(0)``, ``^<0>`` is ``*``.

    Examples
    --------
    >>> up_nth(0), up_nth(1), up_nth(2), up_nth(2).right, up_nth(3) < up_nth(2) < up_nth(1)
    (*, ^, ^<2>, (v*,), True)
    """
    _count(n, 0, "^<n>")
    if n == 0:
        return STAR
    found = _POWERS.get(n)
    if found is None:
        found = _POWERS[n] = from_options([ZERO], [add(STAR, negate(up_to(n - 1)))])
    return found


@_guarded
def build(x: Fraction | int, coefficients: tuple[int, ...] | list[int], m: int = 0) -> CanonicalGame:
    """The game ``x + d1.^<1> + d2.^<2> + ... + *m`` for ``coefficients`` = (d1, d2, ...).

    Examples
    --------
    >>> build(Fraction(3, 4), (-1, -1, -1), 1), build(0, (1, 2)), build(1, (0, 0, 1))
    (3/4v[3]*, {0|^<2>*}, 1^<3>)
    """
    g = add(number(x), nimber(m))
    for i, d in enumerate(coefficients, start=1):
        if d:
            g = add(g, times(up_nth(i), d))
    return g


def _negative(e: Expansion) -> Expansion:
    return -e[0], tuple(-d for d in e[1]), e[2]


def _raised(e: Expansion, length: int) -> Expansion:
    """``e`` with 1 added to d1..d_length (missing digits count as 0) and ``*`` added; zeros at the end dropped."""
    x, ds, m = e
    digits = [(ds[i] if i < len(ds) else 0) + (1 if i < length else 0) for i in range(max(length, len(ds)))]
    while digits and digits[-1] == 0:
        digits.pop()
    return x, tuple(digits), m ^ 1


def expansion(g: CanonicalGame) -> Expansion | None:
    """``(x, (d1, ..., dk), m)`` when g = x + d1.^<1> + ... + dk.^<k> + *m, else ``None`` (cached on g)."""
    if g._num is not None:
        return g._num, (), 0
    nim = g.nimber
    if nim is not None:
        return Fraction(0), (), nim
    cache = g._cache
    if "expansion" in cache:
        return cache["expansion"]
    found = _number_up_star(g) or _read(g, g.right, g.left, 1) or _read(g, g.left, g.right, -1)
    cache["expansion"] = found
    return found


def _number_up_star(g: CanonicalGame) -> Expansion | None:
    """g's expansion when g = x + n.^ + *m, read from the options: x + *m = {x, x*, .., x*(m-1) | the
    same}, x^* = {x, x* | x} and otherwise x + n.^ + *m = {x | x + (n-1).^ + *(m xor 1)} for n >= 1
    (and the negatives), by number translation (Siegel ch. II.3)."""
    left, right = g.left, g.right
    if left == right:
        parts = [expansion(h) for h in left]
        x = parts[0][0] if parts and parts[0] is not None else None
        if x is not None and all(e is not None and e[0] == x and not e[1] for e in parts) and \
                {e[2] for e in parts} == set(range(len(parts))):  # type: ignore[index]
            return x, (), len(parts)
        return None
    if len(left) == 1 and len(right) == 1:
        for sign, a, b in ((1, left[0], right[0]), (-1, right[0], left[0])):
            d = expansion(b) if a._num is not None else None
            if d is not None and d[0] == a._num and len(d[1]) <= 1 and (d[1] or d[2]):
                n = d[1][0] if d[1] else 0
                if sign * n >= 0:
                    return d[0], (n + sign,) if n + sign else (), d[2] ^ 1
        return None
    if len(left) + len(right) == 3:
        one, two = (right, left) if len(left) == 2 else (left, right)
        x = one[0]._num
        if x is not None and set(two) == {one[0], add(one[0], STAR)}:
            return x, (1 if one is right else -1,), 1
    return None


def _read(g: CanonicalGame, sole: tuple[CanonicalGame, ...], others: tuple[CanonicalGame, ...],
          sign: int) -> Expansion | None:
    """g's expansion when its last digit has the sign ``sign``: read off the player's ``sole`` option
    (Right's when sign > 0; for sign < 0 the negative is read, whose options are the negatives)."""
    if len(sole) != 1:
        return None
    below = expansion(sole[0])
    if below is None:
        return None
    if sign < 0:
        below = _negative(below)
    lefts = []
    for h in others:
        e = expansion(h)
        if e is None or e[0] != sign * below[0]:
            return None
        lefts.append(e if sign > 0 else _negative(e))
    digits = below[1]
    tries = [_raised(below, len(digits))] if digits and digits[-1] > 0 else []
    tries.append(_raised(below, max([len(digits)] + [len(e[1]) for e in lefts]) + 1))
    for e in tries:
        if _left_options_fit(e, lefts, below):
            return e if sign > 0 else _negative(e)
    return None


def _cut(e: Expansion, n: int, sharp: bool = False) -> Expansion:
    """``e`` with only its first n digits (zeros at the end dropped); ``sharp``: no star left when no digit is."""
    digits = list(e[1][:n])
    while digits and digits[-1] == 0:
        digits.pop()
    return e[0], tuple(digits), (0 if sharp and not digits else e[2])


def _confused(e: Expansion) -> bool:
    """Whether the uptimal ``e`` (last digit > 0) is confused with its number part (CGSuite's rule)."""
    x, ds, m = e
    if m == 0:
        return False
    if not ds or ds[0] == 0:
        return True
    if m >= 2:
        return False
    sign = 1 if ds[0] > 0 else -1
    for d in ds:
        if sign * d > 1:
            return False
        if sign * d < 1:
            return True
    return True


def _left_options_fit(e: Expansion, lefts: list[Expansion], right: Expansion) -> bool:
    """Whether the Left options (as expansions) are those of the canonical form of the uptimal ``e``,
    whose last digit is > 0 and whose Right option is ``right`` (Siegel ch. II.4; the cases of CGSuite's
    ``UptimalExpansion``): a digit <= -1 gives two options, a first digit 0 the nimbers below the star,
    a confused first digit 1 the number, and otherwise one option, each beside ``e`` cut short."""
    x, ds, m = e
    last_low = max((i + 1 for i, d in enumerate(ds) if d <= 0), default=0)
    cut = len(ds) - 1 if ds[-1] == 1 else last_low
    negative = max((i + 1 for i, d in enumerate(ds) if d <= -1), default=0)
    if negative:
        base = [i for i, f in enumerate(lefts) if f[2] == right[2]]
        if len(lefts) != 2 or len(base) != 1:
            return False
        raised = _cut(e, negative)
        return lefts[base[0]] == _raised(raised, len(raised[1])) and lefts[1 - base[0]] == _cut(e, cut)
    if ds[0] == 0:
        wanted = {(x, (), k) for k in range(m)} | {_cut(e, cut)}
        return len(lefts) == m + 1 and set(lefts) == wanted
    if ds[0] == 1 and _confused(e):
        return len(lefts) == 2 and set(lefts) == {(x, (), 0), _cut(e, cut)}
    return lefts == [_cut(e, cut, sharp=True)]
