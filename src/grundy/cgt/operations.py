"""Operations on short partizan games: heating, overheating, freezing, Norton, Conway and ordinal
products and sums, powers of {0|H}, and the nim product.

Each is CGSuite's operation of the same name on canonical forms (CGSuite's CanonicalShortGame
documentation; its published examples are in the tests, cited by file), defined by recursion on the
options of the canonical form (Siegel, *Combinatorial Game Theory* (AMS 2013) ch. II.5-II.6, III;
Winning Ways ch. 5-6; On Numbers and Games ch. 1, 6):

- heat ``∫^t G`` = G when G is a number, else ``{∫^t G^L + t | ∫^t G^R - t}`` (t any game);
- overheat ``∫_s^t G`` = G.s (the Norton product) when G is an integer, else
  ``{t + ∫_s^t G^L | -t + ∫_s^t G^R}``;
- freeze: G cooled by its temperature (a number is its own freeze);
- Norton product ``G.U`` = n copies of U when G is an integer n, else
  ``{G^L.U + U + I | G^R.U - U - I}`` with I over every incentive of U;
- Conway product ``G.H`` = ``{G^L H + G H^L - G^L H^L, G^R H + G H^R - G^R H^R |
  G^L H + G H^R - G^L H^R, G^R H + G H^L - G^R H^L}`` (numbers multiply, nimbers nim-multiply);
- ordinal sum ``G : H`` = ``{G^L, G : H^L | G^R, G : H^R}`` (numbers: the sign expansions join), and
  its inverse, the subordinate H of ``G = B : H`` to the base B;
- for ``G = {0 | H}`` and a dyadic x >= 1: ``G.Pow(x)`` = ``{0 | R(x)}`` with ``R(1) = H`` and
  ``R(x) = {H^L, R(x^R) | H^R, R(x^L)}``; ``G.PowTo(x)`` = G at x = 1, else
  ``{G^L, G^->x^L | G^R, G^->x^R}`` (x^L, x^R the options of the number x), so ``^.Pow(n)`` is ``^<n>``
  and ``^.PowTo(n)`` is ``^[n]``.

>>> from grundy.cgt.notation import parse
>>> g = parse("{3||2*|1*}")
>>> heat(g, 1), heat(g, parse("*")), overheat(g, parse("*"), parse("1*")), freeze(g)
({4|||3|1||0|-2}, {3*||2|1}, {1||+-(1*)|-1,{-1|-3}}, 9/4*)
>>> norton_product(Fraction(1, 2), parse("^")), conway_product(parse("{3|1}"), parse("^^"))
({^^*|v*}, {^6|^^})
>>> ordinal_sum(1, -1), power(parse("^"), 2), power_to(parse("+-1"), 3), nim_product(8, 8)
(1/2, ^<2>, {1,{1,+-1|-1}|-1}, 13)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from grundy.cgt.canonical import add, from_options, negate, times
from grundy.cgt.game import ZERO, CanonicalGame, CGTError, GameLike, _dyadic, _guarded, as_game, nimber, number
from grundy.cgt.reduced import left_incentives, right_incentives
from grundy.core.work import charge

__all__ = ["conway_product", "freeze", "heat", "nim_product", "norton_product", "ordinal_sum", "overheat",
           "power", "power_to", "subordinate"]


def _memo(g: CanonicalGame, key: tuple, make: Callable[[], CanonicalGame]) -> CanonicalGame:
    """``g._cache[key]``, made by ``make`` (one step of the work budget) when first asked."""
    found = g._cache.get(key)
    if found is None:
        charge(1)
        found = g._cache[key] = make()
    return found


# -- heating, overheating, freezing ------------------------------------------------------------------


@_guarded
def heat(g: GameLike, t: GameLike) -> CanonicalGame:
    """G heated by t (CGSuite's ``G.Heat(t)``; t any game, e.g. ``*`` or a negative number).

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> heat(parse("{1|-1}"), 1), heat(parse("*"), 2), heat(5, 3)
    (+-2, +-2, 5)
    """
    return _heat(as_game(g), as_game(t))


def _heat(g: CanonicalGame, t: CanonicalGame) -> CanonicalGame:
    if g.is_number:
        return g
    return _memo(g, ("heat", t), lambda: from_options([add(_heat(h, t), t) for h in g.left],
                                                      [add(_heat(h, t), negate(t)) for h in g.right]))


@_guarded
def overheat(g: GameLike, s: GameLike, t: GameLike) -> CanonicalGame:
    """G overheated from s to t (CGSuite's ``G.Overheat(s, t)``; s and t any games).

    Examples
    --------
    >>> overheat(Fraction(7, 16), 0, 0), overheat(2, 1, 5), overheat(Fraction(1, 2), 1, 1)
    (^[3], 2, {1|0})
    """
    return _overheat(as_game(g), as_game(s), as_game(t))


def _overheat(g: CanonicalGame, s: CanonicalGame, t: CanonicalGame) -> CanonicalGame:
    x = g.number
    if x is not None and x.denominator == 1:
        return times(s, int(x))
    minus_t = negate(t)
    return _memo(g, ("overheat", s, t), lambda: from_options([add(t, _overheat(h, s, t)) for h in g.left],
                                                             [add(minus_t, _overheat(h, s, t)) for h in g.right]))


@_guarded
def freeze(g: GameLike) -> CanonicalGame:
    """G cooled by its temperature (CGSuite's ``G.Freeze``); a number is its own freeze.

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> freeze(parse("{2|-1}")), freeze(parse("^*")), freeze(Fraction(3, 4))
    (1/2*, ^*, 3/4)
    """
    from grundy.cgt.thermograph import cool

    g = as_game(g)
    return g if g.is_number else cool(g, g.temperature)


# -- products ------------------------------------------------------------------------------------------


@_guarded
def norton_product(g: GameLike, u: GameLike) -> CanonicalGame:
    """Norton's product G.U of the canonical form of G by U (CGSuite's ``G.NortonMultiply(U)``).

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> norton_product(6, parse("^")), norton_product(-4, parse("^")), norton_product(parse("^"), parse("^"))
    (^6, v4, {^^*||0|v4})
    """
    u = as_game(u)
    shifts = [add(u, i) for i in left_incentives(u) + right_incentives(u)]
    return _norton(as_game(g), u, shifts, [negate(x) for x in shifts])


def _norton(g: CanonicalGame, u: CanonicalGame, ups: list[CanonicalGame],
            downs: list[CanonicalGame]) -> CanonicalGame:
    x = g.number
    if x is not None and x.denominator == 1:
        return times(u, int(x))

    def make() -> CanonicalGame:
        left = [add(_norton(h, u, ups, downs), d) for h in g.left for d in ups]
        right = [add(_norton(h, u, ups, downs), d) for h in g.right for d in downs]
        return from_options(left, right)

    return _memo(g, ("norton", u), make)


@_guarded
def conway_product(g: GameLike, h: GameLike) -> CanonicalGame:
    """Conway's product G.H of two canonical forms (CGSuite's ``G.ConwayProduct(H)``): the product of
    numbers for numbers, the nim product for nimbers, else the recursive definition.

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> conway_product(parse("*4"), parse("*4")), conway_product(Fraction(3, 2), -2), conway_product(15, parse("^^*2"))
    (*6, -3, ^30*2)
    """
    return _conway(as_game(g), as_game(h))


def _conway(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    if g is ZERO or h is ZERO:
        return ZERO
    x, y = g.number, h.number
    if x is not None and y is not None:
        return number(x * y)
    a, b = g.nimber, h.nimber
    if a is not None and b is not None:
        return nimber(nim_product(a, b))
    if g.uid > h.uid:  # the product commutes: keep one memo per pair
        g, h = h, g

    def term(a: CanonicalGame, b: CanonicalGame) -> CanonicalGame:  # a.h + g.b - a.b
        return add(add(_conway(a, h), _conway(g, b)), negate(_conway(a, b)))

    def make() -> CanonicalGame:
        left = [term(a, b) for a in g.left for b in h.left] + [term(a, b) for a in g.right for b in h.right]
        right = [term(a, b) for a in g.left for b in h.right] + [term(a, b) for a in g.right for b in h.left]
        return from_options(left, right)

    return _memo(g, ("conway", h), make)


def nim_product(a: int | CanonicalGame, b: int | CanonicalGame) -> int | CanonicalGame:
    """The nim product a ⊗ b of two non-negative integers (or ``*a ⊗ *b`` = ``*(a ⊗ b)`` for two
    nimbers): the mex of ``a'⊗b ⊕ a⊗b' ⊕ a'⊗b'`` over a' < a, b' < b (On Numbers and Games ch. 6),
    worked out through the Fermat 2-powers.

    Examples
    --------
    >>> nim_product(2, 2), nim_product(8, 8), nim_product(19, 23), nim_product(nimber(4), nimber(4))
    (3, 13, 86, *6)
    """
    if isinstance(a, CanonicalGame) or isinstance(b, CanonicalGame):
        m, n = _nim_value(a), _nim_value(b)
        return nimber(_nim_mul(m, n))
    for v in (a, b):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise CGTError(f"the nim product takes non-negative integers or nimbers, not {v!r:.60}")
    return _nim_mul(a, b)


def _nim_value(v: object) -> int:
    n = v.nimber if isinstance(v, CanonicalGame) else None
    if n is None:
        raise CGTError(f"the nim product takes two nimbers *a, *b (or two integers), not {v!s:.60}")
    return n


def _nim_mul(a: int, b: int) -> int:
    if a < 2 or b < 2:
        return a * b
    half = 1  # the half-width: a, b < 2^(2 half) with F = 2^half a Fermat 2-power
    while max(a, b) >> (2 * half):
        half *= 2
    f = 1 << half
    a1, a0, b1, b0 = a >> half, a & (f - 1), b >> half, b & (f - 1)
    high = _nim_mul(a1, b1)
    mixed = _nim_mul(a1 ^ a0, b1 ^ b0) ^ _nim_mul(a0, b0)  # a1b0 + a0b1 + a1b1
    return (mixed << half) ^ _nim_mul(a0, b0) ^ _nim_mul(high, f >> 1)


# -- ordinal sum, powers -------------------------------------------------------------------------------


@_guarded
def ordinal_sum(g: GameLike, h: GameLike) -> CanonicalGame:
    """The ordinal sum G : H of the canonical form of G and H (CGSuite's ``G.OrdinalSum(H)``, ``G : H``).

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> ordinal_sum(1, 1), ordinal_sum(1, -1), ordinal_sum(parse("*"), 1), ordinal_sum(parse("*"), parse("*"))
    (2, 1/2, ^*, *2)
    """
    return _ordinal(as_game(g), as_game(h))


def _ordinal(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    if h is ZERO:
        return g
    return _memo(g, ("ordinal", h), lambda: from_options(list(g.left) + [_ordinal(g, x) for x in h.left],
                                                         list(g.right) + [_ordinal(g, x) for x in h.right]))


@_guarded
def subordinate(g: GameLike, base: GameLike) -> CanonicalGame:
    """The game H with ``base : H`` = G (CGSuite's ``G.Subordinate(base)``): the part of G played after
    the base, read off G's options that are not the base's, and checked by forming the ordinal sum again.

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> subordinate(Fraction(1, 8), 1), subordinate(parse("^[5]*"), parse("*")), subordinate(parse("+-1"), 0)
    (-3, 5, +-1)
    >>> subordinate(parse("*"), 1)
    Traceback (most recent call last):
    ...
    grundy.cgt.game.CGTError: * is not an ordinal sum 1 : H for any H (it cannot be subordinated to 1)
    """
    g, base = as_game(g), as_game(base)
    found = _subordinate(g, base)
    if _ordinal(base, found) is not g:
        raise CGTError(f"{g!s:.60} is not an ordinal sum {base!s:.60} : H for any H "
                       f"(it cannot be subordinated to {base!s:.60})")
    return found


def _subordinate(k: CanonicalGame, base: CanonicalGame) -> CanonicalGame:
    if k is base:
        return ZERO
    return _memo(k, ("subordinate", base), lambda: from_options(
        [_subordinate(x, base) for x in k.left if x not in base.left],
        [_subordinate(x, base) for x in k.right if x not in base.right]))


def _exponent(x: GameLike) -> Fraction:
    """A dyadic exponent x >= 1 (CGSuite takes more: 0 <= x < 1 and loopy exponents are refused here)."""
    if isinstance(x, CanonicalGame):
        if x.number is None:
            raise CGTError(f"an exponent is a dyadic number >= 1, not the game {x!s:.60}")
        x = x.number
    value = _dyadic(x)
    if value < 1:
        raise CGTError(f"an exponent is a dyadic number >= 1, not {value}")
    return value


@_guarded
def power(g: GameLike, x: GameLike) -> CanonicalGame:
    """G^x for G = {0 | H} and a dyadic x >= 1 (CGSuite's ``G.Pow(x)``; ``^.Pow(n)`` is ``^<n>``).

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> power(parse("^"), 3), power(parse("Tiny(2)"), 3)
    (^<3>, {0||0|-2,{0|-2,{0|-2}}})
    """
    g = as_game(g)
    if g.left != (ZERO,) or len(g.right) != 1:
        raise CGTError(f"the base of a power must be of the form {{0|H}}, not {g!s:.60}")
    return from_options([ZERO], [_power_right(g.right[0], number(_exponent(x)))])


def _power_right(h: CanonicalGame, x: CanonicalGame) -> CanonicalGame:
    """R(x): R(1) = H, R(x) = {H^L, R(x^R) | H^R, R(x^L)}."""
    if x.number == 1:
        return h
    return _memo(h, ("pow", x), lambda: from_options(list(h.left) + [_power_right(h, y) for y in x.right],
                                                     list(h.right) + [_power_right(h, y) for y in x.left]))


@_guarded
def power_to(g: GameLike, x: GameLike) -> CanonicalGame:
    """G^->x for a dyadic x >= 1 (CGSuite's ``G.PowTo(x)``; ``^.PowTo(n)`` is ``^[n]``).

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> power_to(parse("^"), 3), power_to(parse("^"), Fraction(7, 4)), power_to(parse("Tiny(2)"), 2)
    (^[3], {^|*,^[2]||*,^[2]}, {Tiny(2)||0|-2})
    """
    return _power_to(as_game(g), number(_exponent(x)))


def _power_to(g: CanonicalGame, x: CanonicalGame) -> CanonicalGame:
    if x.number == 1:
        return g
    return _memo(g, ("powto", x), lambda: from_options(list(g.left) + [_power_to(g, y) for y in x.left],
                                                       list(g.right) + [_power_to(g, y) for y in x.right]))
