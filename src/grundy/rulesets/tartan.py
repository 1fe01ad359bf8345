"""Coin-turning games on a board: the Tartan product of two one-row coin games.

- ``tartan:A*B`` — coins on a board, component ``x,y``; a move turns over S × T for a move S of
  the row game A from x and a move T of the row game B from y, the corner (x, y) going from heads
  to tails. The **Tartan theorem**: G(x, y) = G_A(x) ⊗ G_B(y), the nim-product.
- ``turning-corners`` — turn the four corners (a, b), (a, y), (x, b), (x, y) of a rectangle,
  a < x, b < y (coordinates from 0): it is twins × twins, so G(x, y) = x ⊗ y.

Winning moves come from the factors' structure (no search of the board); like the one-row games'
(:mod:`grundy.rulesets.coins`), a finder stops after a budget of steps and says so.

>>> import grundy
>>> grundy.ruleset("turning-corners").grundy((2, 3)), grundy.ruleset("tartan:ruler*mock-turtles").grundy((2, 1))
(1, 3)

References: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.), ch. 14 ("Tartans"); H. W. Lenstra,
*Nim multiplication* (1977).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from grundy.core import limits
from grundy.core.errors import ComponentError, SpecError
from grundy.core.nimber import nim_inverse, nim_product
from grundy.core.ruleset import GRID_BYTES, Option, Ruleset, Shape, whole_count
from grundy.rulesets.coins import FAMILY, ONE_ROW, CoinGame, WorkBudget, bounded, coin_set
from grundy.rulesets.registry import make, register


def _nim_cost(largest: int) -> int:
    """Steps charged for one nim-product and inverse of values up to ``largest``: a product in the
    field of 2^(2^k) makes about 3^k smaller ones (a 128-bit field: 2,187, about a millisecond).

    >>> _nim_cost(3), _nim_cost(200), _nim_cost(10**22)
    (3, 27, 2187)
    """
    k = 1
    while (1 << (1 << k)) <= largest:
        k += 1
    return 3**k


class Tartan(Ruleset):
    """The Tartan product of two coin games: coins on a board, component ``x,y``.

    A move turns over S × T, where S is a move of the first game from x (a set of coins ending at x)
    and T a move of the second from y; the corner (x, y) goes from heads to tails. Tartan theorem
    (Winning Ways ch. 14): G(x, y) = G_A(x) ⊗ G_B(y), the nim-product.

    >>> import grundy
    >>> rules = grundy.ruleset("tartan:ruler*mock-turtles")
    >>> rules.grundy((2, 1)), rules.brute_grundy((2, 1))
    (3, 3)
    """

    closed_form = "values"  # value_rule states a theorem for every component
    shape = Shape.PAIR
    splits = True
    component_noun = "coin"

    def __init__(self, row: CoinGame, column: CoinGame) -> None:
        super().__init__()
        self.row, self.column = row, column
        self.component_kind = (f"a heads coin x,y (two integers, x >= {row.first} "
                               f"and y >= {column.first})")
        self.value_rule = (f"Tartan theorem: G(x, y) = G(x) ⊗ G(y), the nim-product of the values "
                           f"in {row.spec} and {column.spec}")

    def check(self, coin: tuple[int, int]) -> tuple[int, int]:
        x, y = coin
        if x < self.row.first or y < self.column.first:
            raise ComponentError(
                f"{x},{y} is not a coin of {self.spec}: x counts coins of {self.row.spec} (from "
                f"{self.row.first}) and y coins of {self.column.spec} (from {self.column.first})"
            )
        return coin

    def moves(self, coin: tuple[int, int]) -> Iterator[tuple[tuple[int, int], ...]]:
        x, y = coin
        for s in self.row.moves(x):  # lazily: a huge coin's moves are never all listed at once
            xs = (*s, x)
            for t in self.column.moves(y):
                ys = (*t, y)
                yield tuple((a, b) for a in xs for b in ys if a != x or b != y)

    def position_key(self, components: Iterable[Any]) -> tuple:
        """The heads coins as a set (sorted tuple): two heads on one coin cancel."""
        return coin_set(components)

    def grundy(self, coin: tuple[int, int]) -> int:
        x, y = self.validate(coin)
        return nim_product(self.row.grundy(x), self.column.grundy(y))

    def moves_to_value(self, coin: tuple[int, int], target: int) -> Iterator[Any]:
        """The moves from ``coin`` leaving value ``target``, found from the factors' structure:
        S × T leaves ``(σ ⊗ τ) ^ G(x, y)`` where σ, τ are the xors of the values of S and T, so for
        each move S of the factor with fewer moves, τ is fixed and the other factor finds its T.
        After :data:`WORK_LIMIT` steps it stops and yields :data:`~grundy.core.ruleset.TRUNCATED`.

        >>> import grundy
        >>> list(grundy.ruleset("turning-corners").moves_to_value((10**30, 1), 0))
        [((0, 0), (0, 1), (1000000000000000000000000000000, 0))]
        """
        return bounded(self._worth(self.validate(coin), target, WorkBudget()))

    def _worth(self, coin: tuple[int, int], target: int, work: WorkBudget) -> Iterator[Option]:
        x, y = coin
        gx, gy = self.row.grundy(x), self.column.grundy(y)
        wanted = target ^ nim_product(gx, gy)
        if wanted == 0:
            return  # σ ⊗ τ = 0 needs σ = 0 or τ = 0, and no move's set is worth 0 (mex)
        across = self.column.move_count(y) < self.row.move_count(x)  # loop over the column's moves
        outer, inner = (self.column, self.row) if across else (self.row, self.column)
        (u, gu), (v, gv) = ((y, gy), (x, gx)) if across else ((x, gx), (y, gy))
        cost = _nim_cost(max(gx, gy, target))
        for s, value in outer.turns(u):
            work.spend(cost)
            tau = nim_product(wanted, nim_inverse(gu ^ value))
            for t in inner.worth(v, gv ^ tau, work):
                us, vs = (*s, u), (*t, v)
                work.spend(len(us) * len(vs))
                xs, ys = (vs, us) if across else (us, vs)
                yield tuple((a, b) for a in xs for b in ys if a != x or b != y)

    @property
    def first_pair(self) -> tuple[int, int]:
        return (self.row.first, self.column.first)

    def value_grid(self, n: int) -> list[list[int]]:
        n = whole_count(n, "value_grid(n)")
        limits.check_values(n * n, f"a {n} x {n} table", itemsize=GRID_BYTES)
        rows, columns = self.row.table(n).tolist(), self.column.table(n).tolist()
        return [[nim_product(u, v) for v in columns] for u in rows]


class TurningCorners(Tartan):
    """Turn over the four corners of a rectangle whose far corner (x, y) goes from heads to tails
    (coordinates from 0): G(x, y) = x ⊗ y. It is the Tartan product twins × twins.

    >>> import grundy
    >>> grundy.ruleset("turning-corners").value_grid(4)
    [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
    """

    def __init__(self) -> None:
        super().__init__(make("twins"), make("twins"))
        self.value_rule = "Turning Corners: G(x, y) = x ⊗ y, the nim-product of the coordinates"


@register("turning-corners", FAMILY, {
    "": "turn the 4 corners of a rectangle, the far corner x,y heads to tails (coin x,y from 0,0)",
}, examples=("turning-corners 2,3 1,4", "turning-corners 3,3"))
def _turning_corners(params: str | None) -> Tartan:
    return TurningCorners()


@register("tartan", FAMILY, {
    "A*B": f"product of two coin games (A, B among {', '.join(ONE_ROW)}); coin x,y",
}, examples=("tartan:ruler*mock-turtles 2,3 1,1", "tartan:twins*twins 2,3"))
def _tartan(params: str | None) -> Tartan:
    assert params is not None
    names = [p.strip().lower() for p in params.split("*")]
    if len(names) != 2 or not all(names):
        raise SpecError(f"tartan: expected two coin games joined by '*' (e.g. tartan:ruler*mock-turtles), "
                        f"got {limits.shorten(repr(params))}")
    for name in names:
        if name not in ONE_ROW:
            raise SpecError(f"tartan: {name!r} is not a one-row coin game; use one of {', '.join(ONE_ROW)}")
    return Tartan(make(names[0]), make(names[1]))
