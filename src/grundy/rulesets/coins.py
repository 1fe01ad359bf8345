"""Coin-turning games on a row: a move turns over a set of coins whose last coin goes from heads
to tails.

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

Boards of coins, the products of two of these games, are in :mod:`grundy.rulesets.tartan`.

>>> import grundy
>>> [grundy.ruleset("mock-turtles").grundy(n) for n in range(8)]
[1, 2, 4, 7, 8, 11, 13, 14]
>>> row_value("mock-turtles", "THHTH")    # heads on coins 1, 2, 4: 2 ^ 4 ^ 8
14
>>> grundy.solve("ruler", [3, 5, 6]).outcome
'N'

References: Berlekamp, Conway, Guy, *Winning Ways for your Mathematical Plays* (2nd ed.), ch. 14
("Turn and turn about"); T. S. Ferguson, *Game Theory*, Part I, ch. 5 ("Coin-turning games").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from grundy.core import limits, words
from grundy.core.errors import ComponentError
from grundy.core.ruleset import TRUNCATED, Option, Ruleset, whole_count
from grundy.rulesets.registry import make, register

FAMILY = "coin-turning games"
WORK_LIMIT = 1_000_000  # steps (moves tried, coins written) one moves_to_value may take before it stops


class _Exhausted(Exception):
    """Raised inside a winning-move finder when its work budget is spent."""


class WorkBudget:
    """A countdown of the steps a winning-move finder may still take."""

    def __init__(self, steps: int = WORK_LIMIT) -> None:
        self.left = steps

    def spend(self, steps: int = 1) -> None:
        self.left -= steps
        if self.left < 0:
            raise _Exhausted


def bounded(options: Iterator[Option]) -> Iterator[Any]:
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


def odious_index(value: int) -> int | None:
    """The ``n`` with ``odious(n) == value``, or None if ``value`` is not odious.

    >>> odious_index(11), odious_index(3)
    (5, None)
    """
    return value >> 1 if is_odious(value) else None


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
        return bounded(self.worth(self.validate(coin), target, WorkBudget()))

    def worth(self, coin: int, target: int, work: WorkBudget) -> Iterator[Option]:
        """The moves from ``coin`` leaving value ``target``, spending ``work`` (the finder of
        :meth:`moves_to_value`; the Tartan products call it with their own budget)."""
        for other, value in self.turns(coin):
            work.spend()
            if value == target:
                work.spend(len(other))
                yield tuple(other)

    def values(self, n: int) -> np.ndarray:
        """G(0), ..., G(n-1) (games whose coins are numbered from 0 only)."""
        n = whole_count(n, "values(n)")
        if self.first > 0:
            shown = (f"'grundy table {self.spec}' shows G({self.first}), G({self.first + 1}), ... and 'grundy pattern "
                     f"{self.spec}' their rule" if words.on_command_line()
                     else f"table(n) gives the n values from G({self.first}) on")
            raise ComponentError(f"{self.spec} numbers its coins from {self.first}, so it has no G(0): {shown}")
        return super().values(n)


class TurningTurtles(CoinGame):
    """Turn over one or two coins, the right one from heads to tails (coins from 1).

    A heads coin at n moves to tails, or to tails with one coin a < n turned: exactly Nim.

    >>> import grundy
    >>> list(grundy.ruleset("turning-turtles").options(3))
    [(), (1,), (2,)]
    """

    closed_form = "values"  # value_rule states a theorem for every component
    first = 1
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

    def worth(self, coin: int, target: int, work: WorkBudget) -> Iterator[Option]:
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

    closed_form = "values"  # value_rule states a theorem for every component
    value_rule = "Twins: a heads coin n (numbered from 0) is worth n"

    def moves(self, coin: int) -> Iterator[tuple[int, ...]]:
        for a in range(coin):
            yield (a,)

    def grundy(self, coin: int) -> int:
        return self.validate(coin)

    def values(self, n: int) -> np.ndarray:
        n = whole_count(n, "values(n)")
        limits.check_values(n, f"a table of {self.spec}", itemsize=8)
        return np.arange(n, dtype=np.int64)

    def move_count(self, coin: int) -> int:
        return coin

    def turns(self, coin: int) -> Iterator[tuple[Sequence[int], int]]:
        for a in range(coin):
            yield (a,), a

    def worth(self, coin: int, target: int, work: WorkBudget) -> Iterator[Option]:
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

    closed_form = "values"  # value_rule states a theorem for every component
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
        n = whole_count(n, "values(n)")
        limits.check_values(n, f"a table of {self.spec}", itemsize=24)  # three arrays of int64 at once
        n_ = np.arange(n, dtype=np.int64)
        return 2 * n_ + 1 - (np.bitwise_count(n_).astype(np.int64) & 1)

    def move_count(self, coin: int) -> int:
        return 1 + coin + coin * (coin - 1) // 2

    def turns(self, coin: int) -> Iterator[tuple[Sequence[int], int]]:
        yield (), 0
        for a in range(coin):
            yield (a,), odious(a)
        for b in range(coin):
            for a in range(b):
                yield (a, b), odious(a) ^ odious(b)

    def worth(self, coin: int, target: int, work: WorkBudget) -> Iterator[Option]:
        if target == 0:
            yield ()
        a = odious_index(target)
        if a is not None and a < coin:
            yield (a,)
        if target == 0 or is_odious(target):
            return  # two odious values xor to a non-zero evil number: no pair is worth target
        for a in range(coin):  # a pair a < b: G(b) = target ^ G(a) fixes b
            work.spend()
            b = odious_index(target ^ odious(a))
            if b is not None and a < b < coin:
                yield (a, b)


class Ruler(CoinGame):
    """Turn over any run of consecutive coins whose right end goes from heads to tails (coins
    from 1). G(n) is the largest power of two dividing n: 1, 2, 1, 4, 1, 2, 1, 8, ...

    >>> import grundy
    >>> [grundy.ruleset("ruler").grundy(n) for n in range(1, 9)]
    [1, 2, 1, 4, 1, 2, 1, 8]
    """

    closed_form = "values"  # value_rule states a theorem for every component
    first = 1
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

    def worth(self, coin: int, target: int, work: WorkBudget) -> Iterator[Option]:
        # The run start..coin-1 is worth gray(coin - 1) ^ gray(start - 1); gray is a bijection.
        m = gray_inverse(gray(coin - 1) ^ target)
        if m < coin:
            work.spend(coin - 1 - m)  # a run too long to write out stops the list
            yield tuple(range(m + 1, coin))


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
    rules = spec if isinstance(spec, Ruleset) else make(spec)
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


ONE_ROW: dict[str, tuple[type[CoinGame], str, tuple[str, ...]]] = {  # the game, what a move turns, examples
    "turning-turtles": (TurningTurtles, "turn one or two coins, the right one heads to tails (coins from 1)",
                        ("turning-turtles 2 3 5", "turning-turtles 1 4 4")),
    "mock-turtles": (MockTurtles, "turn one, two or three coins, the rightmost heads to tails (coins from 0)",
                     ("mock-turtles 0 3 5", "mock-turtles 1 2 6")),
    "ruler": (Ruler, "turn a run of consecutive coins, the rightmost heads to tails (coins from 1)",
              ("ruler 1 4 6", "ruler 3 5")),
    "twins": (Twins, "turn exactly two coins, the right one heads to tails (coins from 0)",
              ("twins 2 3 7", "twins 0 4")),
}
for _name, (_game, _meaning, _examples) in ONE_ROW.items():
    register(_name, FAMILY, {"": _meaning}, examples=_examples)(lambda params, game=_game: game())
