"""HDU 4701 *Game*: two players buy items sold in order, each with a budget."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from grundy.core.errors import SpecError
from grundy.core.general import GeneralGame
from grundy.rulesets.general.common import FAMILY, FIRST, SECOND, parse_ints
from grundy.rulesets.registry import register


class BuyItems(GeneralGame):
    """HDU 4701 *Game*: Alice has ``alice`` money, Bob ``bob``; items with ``prices`` are sold in order.

    Alice first, the players alternately buy the next one or more items (at least one), paying
    with their own money; item ``i + 1`` can only be bought after item ``i``. A player who cannot
    buy (not enough money for the next item, or nothing left) loses. A position is
    ``(turn, next_item, alice_money, bob_money)``.

    >>> from grundy.core.general import solve_game
    >>> g = BuyItems(3, 2, [1, 1, 2])
    >>> solve_game(g, g.start).value, buy_items_winner(3, 2, [1, 1, 2])
    ('win', 'Alice')
    """

    name = "buy-items"

    def __init__(self, alice: int, bob: int, prices: Sequence[int]) -> None:
        if alice < 0 or bob < 0 or any(c < 0 for c in prices):
            raise SpecError("money and prices must be >= 0")
        self.prices = list(prices)
        self.start = (FIRST, 0, alice, bob)

    def moves(self, position: tuple[int, int, int, int]) -> Iterator[tuple[int, int, int, int]]:
        turn, i, alice, bob = position
        money = alice if turn == FIRST else bob
        for j in range(i, len(self.prices)):
            money -= self.prices[j]
            if money < 0:
                return
            yield (SECOND, j + 1, money, bob) if turn == FIRST else (FIRST, j + 1, alice, money)

    def describe(self, position: tuple[int, int, int, int]) -> str:
        turn, i, alice, bob = position
        rest = ",".join(map(str, self.prices[i:])) or "(none)"
        return f"items left {rest}; Alice {alice}, Bob {bob} ({'Alice' if turn == FIRST else 'Bob'} to move)"


def buy_items_thresholds(prices: Sequence[int], total: int) -> list[int]:
    """``f[i]``: the player about to buy item ``i`` (0-based) wins iff they hold at least ``f[i]``.

    ``total`` is the players' money together at the start. With ``T_i = total - (c_0 + ... +
    c_{i-1})`` the money left when item ``i`` is next, the lecture's recurrence is
    ``f[n-1] = c[n-1]`` and ``f[i] = max(c[i], min(T_i - f[i+1] + 1, f[i+1] + c[i]))``: buy item
    ``i`` and stop, leaving the opponent less than ``f[i+1]`` of the ``T_{i+1}`` left, or go on
    buying as the holder of ``x - c[i]`` at item ``i + 1``. The ``max(c[i], ...)`` (you must be able to
    pay for item ``i``) is missing in the tutorial's formula; without it ``A = B = 0``, prices
    ``5, 1`` would wrongly be a win for Alice.

    >>> buy_items_thresholds([1, 1, 2], 5)
    [3, 3, 2]
    """
    n = len(prices)
    f = [0] * n
    left = total - sum(prices[:-1]) if n else total
    for i in range(n - 1, -1, -1):
        if i == n - 1:
            f[i] = prices[i]
        else:
            left += prices[i]  # now T_i: the money left when item i is next
            f[i] = max(prices[i], min(left - f[i + 1] + 1, f[i + 1] + prices[i]))
    return f


def buy_items_winner(alice: int, bob: int, prices: Sequence[int]) -> str:
    """``"Alice"`` or ``"Bob"`` for HDU 4701 in O(n), by :func:`buy_items_thresholds`.

    >>> buy_items_winner(0, 0, [5, 1]), buy_items_winner(5, 0, [5, 1]), buy_items_winner(5, 5, [])
    ('Bob', 'Alice', 'Bob')
    """
    if not prices:
        return "Bob"
    return "Alice" if alice >= buy_items_thresholds(prices, alice + bob)[0] else "Bob"


@register("buy-items", FAMILY, {
    "A,B:PRICES": "buy items in order with budgets A and B (HDU 4701)",
}, kind="general", examples=("buy-items:3,2:1,1,2",))
def _buy_items(params: str | None) -> BuyItems:
    text = params or ""
    money, sep, rest = text.partition(":")
    budgets = parse_ints(money, "the money")
    if not sep or len(budgets) != 2:
        raise SpecError(f"buy-items needs A,B:prices like 3,2:1,1,2, not {text!r}")
    return BuyItems(budgets[0], budgets[1], parse_ints(rest, "the prices"))
