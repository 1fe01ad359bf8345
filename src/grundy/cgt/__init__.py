"""Combinatorial game theory of short partizan games: canonical forms, numbers, infinitesimals, heat.

The value algebra of CGSuite in Python (Siegel, *Combinatorial Game Theory* (AMS 2013) ch. II;
Albert, Nowakowski, Wolfe, *Lessons in Play* ch. 4-9; Berlekamp, Conway, Guy, *Winning Ways* ch. 2-8).
Every :class:`CanonicalGame` is a canonical form, interned: equal games are one object. The package
knows no rulesets (it imports grundy.core only): the value of a position of a partizan ruleset is
:func:`grundy.partizan.values.value`, built with this algebra.

Examples
--------
>>> from grundy import cgt
>>> g = cgt.parse("{1|-1}") + cgt.parse("^*")
>>> g, g.outcome, g.left_stop, g.right_stop
({1^*|-1^*}, 'N', Fraction(1, 1), Fraction(-1, 1))
>>> h = cgt.parse("{2|-1}")
>>> h.mean, h.temperature, h.cool(1), h.thermograph.left_wall
(Fraction(1, 2), Fraction(3, 2), {1|0}, ((0, 2), (3/2, 1/2)))
>>> cgt.from_options([0], [cgt.star]) is cgt.up, cgt.up.atomic_weight, len(g.followers())
(True, 1, 8)
>>> cgt.up + cgt.up + cgt.star, cgt.switch(1) + cgt.switch(1) == cgt.zero
(^^*, True)
"""

from __future__ import annotations

from fractions import Fraction

from grundy.cgt.atomic import atomic_weight
from grundy.cgt.canonical import add, clear_caches, from_options, negate, simplest_between, times
from grundy.cgt.compare import le_games
from grundy.cgt.expression import evaluate as evaluate  # CGSuite's expressions (grundy value --expr)
from grundy.cgt.game import ZERO, CanonicalGame, CGTError, GameLike, as_game, nimber, number
from grundy.cgt.misere import MisereGame as MisereGame  # misère canonical forms (cgt.misere, cgt.misere_text)
from grundy.cgt.notation import UP, NotationError, parse, to_text
from grundy.cgt.operations import (
    conway_product,
    freeze,
    heat,
    nim_product,
    norton_product,
    ordinal_sum,
    overheat,
    power,
    power_to,
    subordinate,
)
from grundy.cgt.reduced import (
    companion,
    incentives,
    left_incentives,
    reduced_canonical_form,
    right_incentives,
    size,
)
from grundy.cgt.thermograph import Thermograph, cool, thermograph

zero: CanonicalGame = ZERO
star: CanonicalGame = nimber(1)
up: CanonicalGame = UP
down: CanonicalGame = negate(UP)


def switch(x: GameLike) -> CanonicalGame:
    """``+-x`` = {x | -x} (``switch(1)`` is ``+-1``).

    Examples
    --------
    >>> switch(1), switch(Fraction(1, 2)) + switch(Fraction(1, 2))
    (+-1, 0)
    """
    g = as_game(x)
    return from_options([g], [negate(g)])


def tiny(x: GameLike) -> CanonicalGame:
    """``Tiny(x)`` = {0 || 0 | -x}, a positive infinitesimal (Lessons in Play ch. 5).

    Examples
    --------
    >>> tiny(2), tiny(1) > 0, tiny(1) < up
    (Tiny(2), True, True)
    """
    g = as_game(x)
    return from_options([ZERO], [from_options([ZERO], [negate(g)])])


def miny(x: GameLike) -> CanonicalGame:
    """``Miny(x)`` = {x | 0 || 0} = -Tiny(x).

    Examples
    --------
    >>> miny(2), miny(2) is -tiny(2)
    (Miny(2), True)
    """
    g = as_game(x)
    return from_options([from_options([g], [ZERO])], [ZERO])


def ups(n: int) -> CanonicalGame:
    """``n`` copies of up (``ups(-2)`` is ``vv``)."""
    return times(UP, n)


__all__ = [
    "companion", "conway_product", "freeze", "heat", "incentives", "left_incentives", "nim_product",
    "norton_product", "ordinal_sum", "overheat", "power", "power_to", "reduced_canonical_form", "right_incentives",
    "size", "subordinate",
    "CGTError", "CanonicalGame", "Fraction", "GameLike", "NotationError", "Thermograph", "add", "as_game",
    "atomic_weight", "clear_caches", "cool", "down", "from_options", "le_games", "miny", "negate", "nimber", "number",
    "parse",
    "simplest_between", "star", "switch", "thermograph", "tiny", "times", "to_text", "up", "ups", "zero",
]
