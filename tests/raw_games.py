"""Games as raw option trees, with the plain definitions of <=, + and - (no canonical form, no
interning, no shortcut): what the tests of grundy.cgt check its algebra and its shortcuts against."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from grundy.cgt import from_options
from grundy.cgt.game import CanonicalGame

Raw = tuple  # (tuple of left Raw, tuple of right Raw)
R0: Raw = ((), ())


def raw_number(x: Fraction) -> Raw:
    x = Fraction(x)
    if x.denominator == 1:
        n = int(x)
        return R0 if n == 0 else ((raw_number(n - 1),), ()) if n > 0 else ((), (raw_number(n + 1),))
    step = Fraction(1, x.denominator)
    return ((raw_number(x - step),), (raw_number(x + step),))


def raw_nimber(n: int) -> Raw:
    options = tuple(raw_nimber(k) for k in range(n))
    return (options, options)


@cache
def raw_le(g: Raw, h: Raw) -> bool:
    """g <= h by the definition: no g^L >= h and no h^R <= g."""
    return not any(raw_le(h, gl) for gl in g[0]) and not any(raw_le(hr, g) for hr in h[1])


def raw_eq(g: Raw, h: Raw) -> bool:
    return raw_le(g, h) and raw_le(h, g)


@cache
def raw_add(g: Raw, h: Raw) -> Raw:
    left = tuple(raw_add(gl, h) for gl in g[0]) + tuple(raw_add(g, hl) for hl in h[0])
    right = tuple(raw_add(gr, h) for gr in g[1]) + tuple(raw_add(g, hr) for hr in h[1])
    return (left, right)


@cache
def raw_neg(g: Raw) -> Raw:
    return (tuple(raw_neg(r) for r in g[1]), tuple(raw_neg(x) for x in g[0]))


def to_game(g: Raw) -> CanonicalGame:
    return from_options([to_game(x) for x in g[0]], [to_game(x) for x in g[1]])


def to_raw(g: CanonicalGame) -> Raw:
    return (tuple(to_raw(x) for x in g.left), tuple(to_raw(x) for x in g.right))


def sum_by_definition(g: CanonicalGame, h: CanonicalGame, memo: dict) -> CanonicalGame:
    """g + h = {g^L + h, g + h^L | g^R + h, g + h^R}, each sum by this definition, through from_options
    (the plain search: every option compared, no group kept apart, no bounds on the stops)."""
    key = (g.uid, h.uid)
    if key not in memo:
        left = [sum_by_definition(x, h, memo) for x in g.left] + [sum_by_definition(g, x, memo) for x in h.left]
        right = [sum_by_definition(x, h, memo) for x in g.right] + [sum_by_definition(g, x, memo) for x in h.right]
        memo[key] = from_options(left, right)
    return memo[key]
