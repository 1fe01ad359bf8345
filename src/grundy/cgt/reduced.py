"""Incentives, reduced canonical forms, companions and sizes of short partizan games.

- The *incentives* of G (Winning Ways ch. 6; Siegel, *Combinatorial Game Theory* (AMS 2013) ch. II.6):
  Left's are ``G^L - G``, Right's ``G - G^R``; :func:`incentives` lists the undominated ones of both
  (the largest: each player wants the larger), as CGSuite's ``G.Incentives`` does.
- The *reduced canonical form* (Calistrate; Grossman & Siegel, "Reductions of partizan games"; Siegel
  ch. II.6): the simplest game infinitesimally close to G, so G - rcf(G) is infinitesimal and games
  equal modulo infinitesimals have one rcf. G >= H modulo infinitesimals exactly when the Right stop
  of G - H is >= 0; rcf(G) is the number x when both stops of G are x, else the options' rcfs with
  the options dominated modulo infinitesimals removed and the ones reversible modulo infinitesimals
  (a Right option of G^L that is <= G modulo infinitesimals) bypassed, until nothing changes.
- The *companion* (Siegel ch. III.2; CGSuite's ``G.Companion``): ``0° = *``, else
  ``G° = {0 if G > 0, (G^L)° | 0 if G < 0, (G^R)°}``: the automorphism of the lattice of games born
  by day n that swaps 0 and *, ^ and ^*.
- The *size* is CGSuite's ``G.FollowerCount``: the number of distinct followers of the canonical form,
  G included (a number or a nimber born on day n has n + 1, known without building them).

>>> from grundy.cgt.notation import parse
>>> g = parse("{3||2*|1*}")
>>> reduced_canonical_form(g), incentives(parse("^")), right_incentives(parse("v*")), companion(parse("^"))
({3||2|1}, (^*,), (v, v*), ^*)
>>> size(parse("^")), size(number(-10**12)), size(nimber(8))
(3, 1000000000001, 9)
"""

from __future__ import annotations

import math
from fractions import Fraction

from grundy.cgt.canonical import add, from_options, negate
from grundy.cgt.compare import le_games
from grundy.cgt.game import ZERO, CanonicalGame, GameLike, _guarded, as_game, nimber, number
from grundy.core.work import charge

__all__ = ["companion", "incentives", "left_incentives", "reduced_canonical_form", "right_incentives", "size"]


def _order(g: CanonicalGame) -> tuple:
    """A fixed order for listing games: numbers by value, then nimbers, then the rest by birthday and text."""
    if g.number is not None:
        return (0, g.number, "")
    if g.nimber is not None:
        return (1, g.nimber, "")
    return (2, g.birthday, str(g))


def _sorted(games: list[CanonicalGame]) -> tuple[CanonicalGame, ...]:
    return tuple(sorted(set(games), key=_order))


# -- incentives ----------------------------------------------------------------------------------------


@_guarded
def left_incentives(g: GameLike) -> tuple[CanonicalGame, ...]:
    """Left's incentives ``G^L - G`` (CGSuite's ``G.LeftIncentives``).

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> left_incentives(parse("^")), left_incentives(parse("6^*"))
    ((v,), (v, v*))
    """
    g = as_game(g)
    minus_g = negate(g)
    return _sorted([add(h, minus_g) for h in g.left])


@_guarded
def right_incentives(g: GameLike) -> tuple[CanonicalGame, ...]:
    """Right's incentives ``G - G^R`` (CGSuite's ``G.RightIncentives``).

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> right_incentives(parse("^")), right_incentives(5)
    ((^*,), ())
    """
    g = as_game(g)
    return _sorted([add(g, negate(h)) for h in g.right])


@_guarded
def incentives(g: GameLike) -> tuple[CanonicalGame, ...]:
    """The undominated incentives of both players (CGSuite's ``G.Incentives``): those no other
    incentive exceeds.

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> incentives(parse("v*")), incentives(parse("*2")), incentives(0)
    ((^*,), (*2, *3), ())
    """
    g = as_game(g)
    found = g._cache.get("incentives")
    if found is None:
        every = list(_sorted(list(left_incentives(g)) + list(right_incentives(g))))
        charge(len(every) ** 2)
        found = tuple(a for a in every if not any(b is not a and le_games(a, b) for b in every))
        g._cache["incentives"] = found
    return found


# -- reduced canonical form ----------------------------------------------------------------------------


def _ge_inf(g: CanonicalGame, h: CanonicalGame) -> bool:
    """``g >= h`` modulo infinitesimals: the Right stop of g - h is >= 0."""
    if g is h:
        return True
    return add(g, negate(h)).right_stop >= 0


@_guarded
def reduced_canonical_form(g: GameLike) -> CanonicalGame:
    """The reduced canonical form (CGSuite's ``G.ReducedCanonicalForm``): the simplest game
    infinitesimally close to G.

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> [reduced_canonical_form(parse(s)) for s in ["^*", "*8", "9/8*", "{3||2*|1*}", "{1*|-1}"]]
    [0, 0, 9/8, {3||2|1}, +-1]
    """
    return _rcf(as_game(g))


def _rcf(g: CanonicalGame) -> CanonicalGame:
    found = g._cache.get("rcf")
    if found is not None:
        return found
    charge(1)
    if g.left_stop == g.right_stop:
        found = number(g.left_stop)
    else:
        left = list(dict.fromkeys(_rcf(h) for h in g.left))
        right = list(dict.fromkeys(_rcf(h) for h in g.right))
        while True:
            left = _undominated(left, True)
            right = _undominated(right, False)
            value = from_options(left, right)
            new_left, changed_left = _bypassed(left, value, True)
            new_right, changed_right = _bypassed(right, value, False)
            if not (changed_left or changed_right):
                break
            left, right = list(dict.fromkeys(new_left)), list(dict.fromkeys(new_right))
        found = value
    g._cache["rcf"] = found
    return found


def _undominated(options: list[CanonicalGame], left: bool) -> list[CanonicalGame]:
    """The options not dominated modulo infinitesimals by another (Left keeps the largest)."""
    charge(len(options) ** 2)
    kept: list[CanonicalGame] = []
    for i, a in enumerate(options):
        beaten = False
        for j, b in enumerate(options):
            if i == j:
                continue
            worse = _ge_inf(b, a) if left else _ge_inf(a, b)
            if worse and (j < i or not (_ge_inf(a, b) if left else _ge_inf(b, a))):
                beaten = True  # strictly worse, or equal modulo infinitesimals to an earlier one
                break
        if not beaten:
            kept.append(a)
    return kept


def _bypassed(options: list[CanonicalGame], value: CanonicalGame,
              left: bool) -> tuple[list[CanonicalGame], bool]:
    """Bypass the options reversible modulo infinitesimals: Left's a through a^R <= G, Right's
    through a^L >= G (both modulo infinitesimals)."""
    found: list[CanonicalGame] = []
    changed = False
    for a in options:
        for answer in a.right if left else a.left:
            charge(1)
            if _ge_inf(value, answer) if left else _ge_inf(answer, value):
                found.extend(answer.left if left else answer.right)
                changed = True
                break
        else:
            found.append(a)
    return found, changed


# -- companion -----------------------------------------------------------------------------------------


@_guarded
def companion(g: GameLike) -> CanonicalGame:
    """The lattice companion (CGSuite's ``G.Companion``; Siegel ch. III.2).

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> companion(0), companion(parse("*")), companion(parse("v*")), companion(parse("Tiny(1)")), companion(5)
    (*, 0, v, {0,*||*|-1}, 5)
    """
    return _companion(as_game(g))


def _companion(g: CanonicalGame) -> CanonicalGame:
    if g is ZERO:
        return nimber(1)
    found = g._cache.get("companion")
    if found is None:
        charge(1)
        positive, negative = le_games(ZERO, g), le_games(g, ZERO)
        left = [_companion(h) for h in g.left] + ([ZERO] if positive else [])
        right = [_companion(h) for h in g.right] + ([ZERO] if negative else [])
        found = g._cache["companion"] = from_options(left, right)
    return found


# -- size ----------------------------------------------------------------------------------------------


@_guarded
def size(g: GameLike) -> int:
    """The number of distinct followers of the canonical form, G included (CGSuite's ``G.FollowerCount``).

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> size(0), size(5), size(Fraction(25, 16)), size(parse("73/16v9*8"))
    (1, 6, 7, 28)
    """
    g = as_game(g)
    found = g._cache.get("size")
    if found is None:
        found = g._cache["size"] = _count_followers(g)
    return found


def _count_followers(g: CanonicalGame) -> int:
    """Followers counted by kind: the general ones one by one; the numbers as the union of their paths
    from 0 (integers as a range, the rest one by one); the nimbers *0 .. *m as m + 1."""
    others: set[CanonicalGame] = set()
    numbers: list[Fraction] = []
    top_nim = -1
    stack = [g]
    while stack:
        h = stack.pop()
        if h.number is not None:
            numbers.append(h.number)
        elif h.nimber is not None:
            top_nim = max(top_nim, h.nimber)
        elif h not in others:
            others.add(h)
            charge(1)
            stack.extend(h.left + h.right)
    hi = lo = 0
    fractions: set[Fraction] = set()
    for x in numbers:
        charge(1)
        hi, lo = max(hi, _integer_reach(x)), min(lo, _integer_reach(x))
        fractions.update(_fraction_path(x))
    integers = hi - lo + 1 if numbers else 0
    nimbers = top_nim + 1 if top_nim >= 0 else 0
    if numbers and top_nim >= 0:
        nimbers -= 1  # zero counted once
    return len(others) + integers + len(fractions) + nimbers


def _integer_reach(x: Fraction) -> int:
    """The farthest integer on the path from 0 to x in the tree of numbers."""
    if x.denominator == 1:
        return int(x)
    return math.floor(x) + 1 if x > 0 else math.ceil(x) - 1


def _fraction_path(x: Fraction) -> list[Fraction]:
    """The numbers that are not integers on the path from 0 to x (x itself included)."""
    if x.denominator == 1:
        return []
    lo, hi = Fraction(math.floor(x)), Fraction(math.floor(x) + 1)
    path = []
    while True:
        mid = (lo + hi) / 2
        path.append(mid)
        if mid == x:
            return path
        lo, hi = (mid, hi) if x > mid else (lo, mid)
