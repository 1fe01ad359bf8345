"""Coin-turning games: a row (or board) of coins; a move turns over a set of coins whose last coin
goes from heads to tails.

Each game says which sets of coins a move may turn over; the last (rightmost) coin of the set must
be heads and becomes tails, and the other coins of the set flip either way. By the coin-at-a-time
principle (Winning Ways ch. 14) a position is the sum of its heads coins played one by one: two
heads on the same coin cancel, just as turning a coin twice leaves it as it was. So here a
**component is the position of one heads coin**, and a move from it leaves the *other* coins of
the set as new heads (``splits = True``). The Grundy value of a row is the xor of the values of its
heads (:func:`row_value`).

- ``turning-turtles`` — turn one or two coins (coins numbered from 1): G(n) = n (it is Nim).
- ``mock-turtles`` — turn one, two or three coins (coins from 0): G(n) is the n-th odious number,
  2n or 2n + 1, whichever has an odd number of 1 bits.
- ``ruler`` — turn any run of consecutive coins ending at the heads coin (coins from 1):
  G(n) = the largest power of two dividing n.
- ``twins`` — turn exactly two coins (coins from 0): G(n) = n.
- ``turning-corners`` — on a board (component ``x,y``, coordinates from 0) turn the four corners
  (a, b), (a, y), (x, b), (x, y) of a rectangle, a < x, b < y: G(x, y) = x ⊗ y, the nim-product.
  It is the Tartan product twins × twins.
- ``tartan:A*B`` — the product of two coin games A and B above: a move turns over S × T for a move
  S of A in the first coordinate and a move T of B in the second. The Tartan theorem:
  G(x, y) = G_A(x) ⊗ G_B(y).

>>> import grundy
>>> [grundy.ruleset("mock-turtles").grundy(n) for n in range(8)]
[1, 2, 4, 7, 8, 11, 13, 14]
>>> row_value("mock-turtles", "THHTH")    # heads on coins 1, 2, 4: 2 ^ 4 ^ 8
14
>>> grundy.ruleset("turning-corners").grundy((2, 3))
1
>>> grundy.solve("ruler", [3, 5, 6]).outcome
'N'

References: Berlekamp, Conway, Guy, *Winning Ways for your Mathematical Plays* (2nd ed.), ch. 14
("Turn and turn about"); T. S. Ferguson, *Game Theory*, Part I, ch. 5 ("Coin-turning games");
H. W. Lenstra, *Nim multiplication* (1977).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from grundy.core import limits
from grundy.core.errors import ComponentError, SpecError
from grundy.core.nimber import nim_inverse, nim_product
from grundy.core.ruleset import GRID_BYTES, TRUNCATED, Option, Ruleset, Shape
from grundy.rulesets.registry import register, ruleset

FAMILY = "coin-turning games"
WORK_LIMIT = 1_000_000  # steps (moves tried, coins written) one moves_to_value may take before it stops


class _Exhausted(Exception):
    """Raised inside a winning-move finder when its work budget is spent."""


class _Work:
    """A countdown of the steps a winning-move finder may still take."""

    def __init__(self, steps: int = WORK_LIMIT) -> None:
        self.left = steps

    def spend(self, steps: int = 1) -> None:
        self.left -= steps
        if self.left < 0:
            raise _Exhausted


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


def _bounded(options: Iterator[Option]) -> Iterator[Any]:
    """The options a finder yields; if its work runs out, :data:`TRUNCATED` as the last item."""
    try:
        yield from options
    except _Exhausted:
        yield TRUNCATED


def coin_set(coins: Iterable[Any]) -> tuple:
    """The heads coins of a position as a sorted tuple: a coin listed twice is turned twice, so
    it cancels (the key of a position of a coin game).

    >>> coin_set([3, 1, 3, 2, 3])
    (1, 2, 3)
    """
    odd: set = set()
    for coin in coins:
        if coin in odd:
            odd.remove(coin)
        else:
            odd.add(coin)
    return tuple(sorted(odd))


def is_odious(n: int) -> bool:
    """Whether ``n`` has an odd number of 1 bits.

    >>> [n for n in range(12) if is_odious(n)]
    [1, 2, 4, 7, 8, 11]
    """
    return n.bit_count() % 2 == 1


def odious(n: int) -> int:
    """The n-th odious number (from n = 0): ``2n`` if ``n`` is odious, else ``2n + 1``.

    >>> [odious(n) for n in range(6)]
    [1, 2, 4, 7, 8, 11]
    """
    return 2 * n + (0 if is_odious(n) else 1)


def gray(m: int) -> int:
    """The Gray code ``m ^ (m >> 1)``; it is also the xor of the largest powers of two dividing
    ``1, 2, ..., m`` (so Ruler's runs have values ``gray(x - 1) ^ gray(L - 1)``).

    >>> [gray(m) for m in range(6)]
    [0, 1, 3, 2, 6, 7]
    """
    return m ^ (m >> 1)


def gray_inverse(c: int) -> int:
    """The ``m`` with ``gray(m) == c``.

    >>> gray_inverse(gray(12345))
    12345
    """
    m = c
    while c:
        c >>= 1
        m ^= c
    return m


class CoinGame(Ruleset):
    """A coin-turning game on a row; a component is the number of one heads coin.

    Subclasses give :meth:`moves` (for a heads coin ``x``, the other coins of each set that a move
    may turn over, as a sorted tuple) and the closed form :meth:`grundy`. ``first`` is the number of
    the leftmost coin (0 or 1, as in the literature).
    """

    splits = True
    component_noun = "coin"
    first = 0
    rule_text = ""  # one line: which sets a move turns over

    def __init__(self) -> None:
        super().__init__()
        self.component_kind = f"the number of a heads coin (an integer >= {self.first})"

    def check(self, coin: int) -> int:
        if coin < self.first:
            raise ComponentError(
                f"{coin} is not a coin of {self.spec}: its coins are numbered from {self.first}, "
                f"so a heads coin is an integer >= {self.first}"
            )
        return coin

    def position_key(self, components: Iterable[Any]) -> tuple:
        """The heads coins as a set (sorted tuple): two heads on one coin cancel.

        >>> import grundy
        >>> grundy.ruleset("twins").position_key([3, 2, 3])
        (2,)
        """
        return coin_set(components)

    def move_count(self, coin: int) -> int:
        """How many moves a heads coin has (without listing them)."""
        raise NotImplementedError

    def turns(self, coin: int) -> Iterator[tuple[Sequence[int], int]]:
        """Each move from ``coin`` as ``(the other coins it turns, the xor of their values)``,
        in the order of :meth:`moves`, each in O(1) steps where the game allows."""
        for other in self.moves(coin):
            value = 0
            for c in other:
                value ^= self.grundy(c)
            yield other, value

    def moves_to_value(self, coin: int, target: int) -> Iterator[Any]:
        """The moves from ``coin`` leaving value ``target``; after :data:`WORK_LIMIT` steps the
        search stops and yields :data:`~grundy.core.ruleset.TRUNCATED` (more may exist)."""
        return _bounded(self.worth(self.validate(coin), target, _Work()))

    def worth(self, coin: int, target: int, work: _Work) -> Iterator[Option]:
        """The moves from ``coin`` leaving value ``target``, spending ``work`` (the finder of
        :meth:`moves_to_value`; the Tartan products call it with their own budget)."""
        for other, value in self.turns(coin):
            work.spend()
            if value == target:
                work.spend(len(other))
                yield tuple(other)

    def values(self, n: int) -> np.ndarray:
        """G(0), ..., G(n-1) (games whose coins are numbered from 0 only)."""
        if self.first > 0:
            raise ComponentError(
                f"{self.spec} numbers its coins from {self.first}, so it has no G(0) and no table "
                f"G(0) .. G(n-1); ask for single coins instead (e.g. 'grundy solve {self.spec} {self.first}')"
            )
        return super().values(n)


class TurningTurtles(CoinGame):
    """Turn over one or two coins, the right one from heads to tails (coins from 1).

    A heads coin at n moves to tails, or to tails with one coin a < n turned: exactly Nim.

    >>> import grundy
    >>> list(grundy.ruleset("turning-turtles").options(3))
    [(), (1,), (2,)]
    """

    first = 1
    rule_text = "turn one or two coins"
    value_rule = "Turning Turtles is Nim: a heads coin n is worth n"

    def moves(self, coin: int) -> Iterator[tuple[int, ...]]:
        yield ()
        for a in range(1, coin):
            yield (a,)

    def grundy(self, coin: int) -> int:
        return self.validate(coin)

    def move_count(self, coin: int) -> int:
        return coin

    def turns(self, coin: int) -> Iterator[tuple[Sequence[int], int]]:
        yield (), 0
        for a in range(1, coin):
            yield (a,), a

    def worth(self, coin: int, target: int, work: _Work) -> Iterator[Option]:
        if target == 0:
            yield ()
        elif target < coin:
            yield (target,)


class Twins(CoinGame):
    """Turn over exactly two coins, the right one from heads to tails (coins from 0): G(n) = n.

    >>> import grundy
    >>> grundy.ruleset("twins").values(5).tolist()
    [0, 1, 2, 3, 4]
    """

    rule_text = "turn exactly two coins"
    value_rule = "Twins: a heads coin n (numbered from 0) is worth n"

    def moves(self, coin: int) -> Iterator[tuple[int, ...]]:
        for a in range(coin):
            yield (a,)

    def grundy(self, coin: int) -> int:
        return self.validate(coin)

    def values(self, n: int) -> np.ndarray:
        return np.arange(n, dtype=np.int64)

    def move_count(self, coin: int) -> int:
        return coin

    def turns(self, coin: int) -> Iterator[tuple[Sequence[int], int]]:
        for a in range(coin):
            yield (a,), a

    def worth(self, coin: int, target: int, work: _Work) -> Iterator[Option]:
        if target < coin:
            yield (target,)


class MockTurtles(CoinGame):
    """Turn over one, two or three coins, the rightmost from heads to tails (coins from 0).

    G(n) is the n-th odious number (Winning Ways ch. 14): 1, 2, 4, 7, 8, 11, 13, 14, ... A row is
    lost for the player to move exactly when its heads coins' values xor to 0.

    >>> import grundy
    >>> grundy.ruleset("mock-turtles").values(10).tolist()
    [1, 2, 4, 7, 8, 11, 13, 14, 16, 19]
    """

    rule_text = "turn one, two or three coins"
    value_rule = "Mock Turtles: a heads coin n (numbered from 0) is worth the n-th odious number (2n or 2n+1)"

    def moves(self, coin: int) -> Iterator[tuple[int, ...]]:
        yield ()
        for a in range(coin):
            yield (a,)
        for b in range(coin):
            for a in range(b):
                yield (a, b)

    def grundy(self, coin: int) -> int:
        return odious(self.validate(coin))

    def values(self, n: int) -> np.ndarray:
        n_ = np.arange(n, dtype=np.int64)
        return 2 * n_ + 1 - (np.bitwise_count(n_).astype(np.int64) & 1)

    @staticmethod
    def coin_worth(value: int) -> int | None:
        """The coin whose value is ``value`` (None if ``value`` is not odious)."""
        return value >> 1 if is_odious(value) else None

    def move_count(self, coin: int) -> int:
        return 1 + coin + coin * (coin - 1) // 2

    def turns(self, coin: int) -> Iterator[tuple[Sequence[int], int]]:
        yield (), 0
        for a in range(coin):
            yield (a,), odious(a)
        for b in range(coin):
            for a in range(b):
                yield (a, b), odious(a) ^ odious(b)

    def worth(self, coin: int, target: int, work: _Work) -> Iterator[Option]:
        if target == 0:
            yield ()
        a = self.coin_worth(target)
        if a is not None and a < coin:
            yield (a,)
        if target == 0 or is_odious(target):
            return  # two odious values xor to a non-zero evil number: no pair is worth target
        for a in range(coin):  # a pair a < b: G(b) = target ^ G(a) fixes b
            work.spend()
            b = self.coin_worth(target ^ odious(a))
            if b is not None and a < b < coin:
                yield (a, b)


class Ruler(CoinGame):
    """Turn over any run of consecutive coins whose right end goes from heads to tails (coins
    from 1). G(n) is the largest power of two dividing n: 1, 2, 1, 4, 1, 2, 1, 8, ...

    >>> import grundy
    >>> [grundy.ruleset("ruler").grundy(n) for n in range(1, 9)]
    [1, 2, 1, 4, 1, 2, 1, 8]
    """

    first = 1
    rule_text = "turn a run of consecutive coins"
    value_rule = "Ruler: a heads coin n (numbered from 1) is worth the largest power of two dividing n"

    def moves(self, coin: int) -> Iterator[tuple[int, ...]]:
        for start in range(coin, 0, -1):
            yield tuple(range(start, coin))

    def grundy(self, coin: int) -> int:
        coin = self.validate(coin)
        return coin & -coin

    def move_count(self, coin: int) -> int:
        return coin

    def turns(self, coin: int) -> Iterator[tuple[Sequence[int], int]]:
        top = gray(coin - 1)
        for start in range(coin, 0, -1):
            yield range(start, coin), top ^ gray(start - 1)

    def worth(self, coin: int, target: int, work: _Work) -> Iterator[Option]:
        # The run start..coin-1 is worth gray(coin - 1) ^ gray(start - 1); gray is a bijection.
        m = gray_inverse(gray(coin - 1) ^ target)
        if m < coin:
            work.spend(coin - 1 - m)  # a run too long to write out stops the list
            yield tuple(range(m + 1, coin))


ONE_DIMENSIONAL: dict[str, type[CoinGame]] = {
    "turning-turtles": TurningTurtles,
    "mock-turtles": MockTurtles,
    "ruler": Ruler,
    "twins": Twins,
}


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
        return _bounded(self._worth(self.validate(coin), target, _Work()))

    def _worth(self, coin: tuple[int, int], target: int, work: _Work) -> Iterator[Option]:
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

    def value_grid(self, n: int) -> list[list[int]]:
        if self.row.first or self.column.first:
            raise ComponentError(
                f"{self.spec} numbers its coins from ({self.row.first}, {self.column.first}), so it has "
                f"no table G(a, b) for 0 <= a, b < n; ask for single coins instead"
            )
        limits.check_values(n * n, f"a {n} x {n} table", itemsize=GRID_BYTES)
        rows, columns = self.row.values(n).tolist(), self.column.values(n).tolist()
        return [[nim_product(u, v) for v in columns] for u in rows]


class TurningCorners(Tartan):
    """Turn over the four corners of a rectangle whose far corner (x, y) goes from heads to tails
    (coordinates from 0): G(x, y) = x ⊗ y. It is the Tartan product twins × twins.

    >>> import grundy
    >>> grundy.ruleset("turning-corners").value_grid(4)
    [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
    """

    def __init__(self) -> None:
        twins = Twins()
        twins.spec = "twins"
        super().__init__(twins, twins)
        self.value_rule = "Turning Corners: G(x, y) = x ⊗ y, the nim-product of the coordinates"


def row_value(spec: str | Ruleset, heads: Iterable | str) -> int:
    """The Grundy value of a whole row (or board) of a coin-turning game: the xor of the values of
    its heads coins (the coin-at-a-time principle, Winning Ways ch. 14).

    ``heads`` lists the positions of the heads coins (ints, or ``(x, y)`` pairs on a board), each
    at most once; for a row it may also be a string of ``H`` and ``T`` whose first letter is the
    first coin (coin 0 or 1, as the game numbers them). The row is lost for the player to move
    exactly when the value is 0.

    >>> row_value("turning-turtles", [1, 2, 3])
    0
    >>> row_value("ruler", "HTHH")             # coins 1, 3, 4: 1 ^ 1 ^ 4
    4
    >>> row_value("turning-corners", [(1, 1), (2, 3)])
    0
    """
    rules = ruleset(spec)
    if isinstance(heads, str):
        if not isinstance(rules, CoinGame):
            raise ComponentError(f"a row of H and T needs a one-row coin game; {rules.spec} has {rules.component_kind}")
        text = heads.strip().upper()
        if set(text) - {"H", "T"}:
            raise ComponentError(f"a row of coins is written with H (heads) and T (tails), got {heads!r}")
        heads = [rules.first + i for i, c in enumerate(text) if c == "H"]
    seen: set = set()
    total = 0
    for coin in heads:
        coin = rules.validate(coin)
        if coin in seen:
            raise ComponentError(f"coin {rules.format_component(coin)} is listed twice; list each heads coin once")
        seen.add(coin)
        total ^= rules.grundy(coin)
    return total


def _one_dimensional(name: str) -> CoinGame:
    game = ONE_DIMENSIONAL[name]()
    game.spec = name
    return game


@register("turning-turtles", FAMILY, {"": "turn one or two coins, the right one heads to tails (coins from 1)"},
          examples=("turning-turtles 2 3 5", "turning-turtles 1 4 4"))
def _turning_turtles(params: str | None) -> CoinGame:
    return TurningTurtles()


@register("mock-turtles", FAMILY, {"": "turn one, two or three coins, the rightmost heads to tails (coins from 0)"},
          examples=("mock-turtles 0 3 5", "mock-turtles 1 2 6"))
def _mock_turtles(params: str | None) -> CoinGame:
    return MockTurtles()


@register("ruler", FAMILY, {"": "turn a run of consecutive coins, the rightmost heads to tails (coins from 1)"},
          examples=("ruler 1 4 6", "ruler 3 5"))
def _ruler(params: str | None) -> CoinGame:
    return Ruler()


@register("twins", FAMILY, {"": "turn exactly two coins, the right one heads to tails (coins from 0)"},
          examples=("twins 2 3 7", "twins 0 4"))
def _twins(params: str | None) -> CoinGame:
    return Twins()


@register("turning-corners", FAMILY, {
    "": "turn the 4 corners of a rectangle, the far corner x,y heads to tails (coin x,y from 0,0)",
}, examples=("turning-corners 2,3 1,4", "turning-corners 3,3"))
def _turning_corners(params: str | None) -> Tartan:
    return TurningCorners()


@register("tartan", FAMILY, {
    "A*B": f"product of two coin games (A, B among {', '.join(ONE_DIMENSIONAL)}); coin x,y",
}, examples=("tartan:ruler*mock-turtles 2,3 1,1", "tartan:twins*twins 2,3"))
def _tartan(params: str | None) -> Tartan:
    assert params is not None
    names = [p.strip().lower() for p in params.split("*")]
    if len(names) != 2 or not all(names):
        raise SpecError(f"tartan: expected two coin games joined by '*' (e.g. tartan:ruler*mock-turtles), "
                        f"got {params!r}")
    for name in names:
        if name not in ONE_DIMENSIONAL:
            raise SpecError(f"tartan: {name!r} is not a one-row coin game; use one of {', '.join(ONE_DIMENSIONAL)}")
    return Tartan(_one_dimensional(names[0]), _one_dimensional(names[1]))
