"""The derived values and CGSuite's operations of a :class:`~grundy.cgt.game.CanonicalGame` as its methods
and properties (``G.Heat(t)`` is ``g.heat(t)``, ``G.ReducedCanonicalForm`` is ``g.reduced_canonical_form``).

A mixin of CanonicalGame with no state: each method imports the function it calls when it is called
(:mod:`grundy.cgt.thermograph`, :mod:`grundy.cgt.atomic`, :mod:`grundy.cgt.operations`,
:mod:`grundy.cgt.reduced`), so this module imports nothing of the package at import time and the
arrows of the package still point down to :mod:`grundy.cgt.game`.

>>> from grundy import cgt
>>> g = cgt.parse("{3||2*|1*}")
>>> g.heat(1), g.freeze(), cgt.up.pow(2), cgt.parse("{2|0}").reduced_canonical_form, cgt.up.size
({4|||3|1||0|-2}, 9/4*, ^<2>, {2|0}, 3)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Self

GameLike = Any  # a game, or what grundy.cgt.game.as_game reads as one (an int, a Fraction, a str)


class Derived:
    """The methods of a canonical form that another module of the package works out."""

    __slots__ = ()

    # -- temperature theory (grundy.cgt.thermograph), atomic weight (grundy.cgt.atomic) ---------------
    @property
    def mean(self) -> Fraction:
        """The mean value: the mast of the thermograph (Winning Ways ch. 6; Siegel ch. II.5)."""
        return self.thermograph.mean

    @property
    def temperature(self) -> Fraction:
        """The temperature: where the thermograph's walls meet (numbers: negative, Siegel ch. II.5)."""
        return self.thermograph.temperature

    @property
    def thermograph(self) -> Any:
        """The :class:`~grundy.cgt.thermograph.Thermograph`: walls, mast, mean and temperature."""
        from grundy.cgt.thermograph import thermograph

        return thermograph(self)

    def cool(self, t: int | Fraction | str) -> Self:
        """The game cooled by the dyadic ``t > -1`` (Winning Ways ch. 6; Siegel ch. II.5)."""
        from grundy.cgt.thermograph import cool

        return cool(self, t)

    @property
    def atomic_weight(self) -> Self | None:
        """The atomic weight of an all-small game; ``None`` for a game that is not all-small."""
        from grundy.cgt.atomic import atomic_weight

        return atomic_weight(self)

    # -- CGSuite's operations (grundy.cgt.operations, grundy.cgt.reduced): G.Heat(t) is g.heat(t) ------
    def heat(self, t: GameLike) -> Self:
        """Heated by t, any game (CGSuite's ``G.Heat(t)``): see :func:`grundy.cgt.operations.heat`."""
        from grundy.cgt.operations import heat

        return heat(self, t)

    def overheat(self, s: GameLike, t: GameLike) -> Self:
        """Overheated from s to t (CGSuite's ``G.Overheat(s, t)``)."""
        from grundy.cgt.operations import overheat

        return overheat(self, s, t)

    def freeze(self) -> Self:
        """Cooled by its temperature (CGSuite's ``G.Freeze``)."""
        from grundy.cgt.operations import freeze

        return freeze(self)

    def norton_product(self, u: GameLike) -> Self:
        """Norton's product G.U (CGSuite's ``G.NortonMultiply(U)``)."""
        from grundy.cgt.operations import norton_product

        return norton_product(self, u)

    def conway_product(self, h: GameLike) -> Self:
        """Conway's product G.H (CGSuite's ``G.ConwayProduct(H)``)."""
        from grundy.cgt.operations import conway_product

        return conway_product(self, h)

    def ordinal_sum(self, h: GameLike) -> Self:
        """The ordinal sum G : H (CGSuite's ``G.OrdinalSum(H)``, ``G : H``)."""
        from grundy.cgt.operations import ordinal_sum

        return ordinal_sum(self, h)

    def subordinate(self, base: GameLike) -> Self:
        """The H with ``base : H`` = G (CGSuite's ``G.Subordinate(base)``)."""
        from grundy.cgt.operations import subordinate

        return subordinate(self, base)

    def pow(self, x: GameLike) -> Self:
        """G^x for G = {0 | H}, x dyadic >= 1 (CGSuite's ``G.Pow(x)``; ``^.Pow(n)`` is ``^<n>``)."""
        from grundy.cgt.operations import power

        return power(self, x)

    def pow_to(self, x: GameLike) -> Self:
        """G^->x, x dyadic >= 1 (CGSuite's ``G.PowTo(x)``; ``^.PowTo(n)`` is ``^[n]``)."""
        from grundy.cgt.operations import power_to

        return power_to(self, x)

    @property
    def reduced_canonical_form(self) -> Self:
        """The simplest game infinitesimally close (CGSuite's ``G.ReducedCanonicalForm``)."""
        from grundy.cgt.reduced import reduced_canonical_form

        return reduced_canonical_form(self)

    @property
    def incentives(self) -> tuple[Self, ...]:
        """The undominated incentives of both players (CGSuite's ``G.Incentives``)."""
        from grundy.cgt.reduced import incentives

        return incentives(self)

    @property
    def left_incentives(self) -> tuple[Self, ...]:
        """``G^L - G`` for each Left option (CGSuite's ``G.LeftIncentives``)."""
        from grundy.cgt.reduced import left_incentives

        return left_incentives(self)

    @property
    def right_incentives(self) -> tuple[Self, ...]:
        """``G - G^R`` for each Right option (CGSuite's ``G.RightIncentives``)."""
        from grundy.cgt.reduced import right_incentives

        return right_incentives(self)

    @property
    def companion(self) -> Self:
        """The lattice companion (CGSuite's ``G.Companion``)."""
        from grundy.cgt.reduced import companion

        return companion(self)

    @property
    def size(self) -> int:
        """The number of distinct followers, G included (CGSuite's ``G.FollowerCount``)."""
        from grundy.cgt.reduced import size

        return size(self)
