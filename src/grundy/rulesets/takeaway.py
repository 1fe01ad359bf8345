"""Heap games where a move takes tokens from one heap, under a rule with a closed form.

- ``take-half`` — a move takes at least ⌈n/2⌉ tokens: G(n) = the bit length of n.
- ``no-repeat`` — take any amount, never the same amount twice from one heap (Codeforces 768E,
  *Game of Stones*): a fresh heap n is worth the largest k with k(k+1)/2 <= n.

>>> import grundy
>>> grundy.ruleset("take-half").values(9).tolist()
[0, 1, 2, 2, 3, 3, 3, 3, 4]
>>> grundy.ruleset("no-repeat").grundy(10)
4

References: Codeforces 768E with its editorial.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt
from typing import Any

from grundy.core.errors import ComponentError
from grundy.core.ruleset import Option, Ruleset, is_natural
from grundy.rulesets.registry import register

FAMILY = "heap games"


# -- take at least half ------------------------------------------------------------------------------
class TakeHalf(Ruleset):
    """Take at least half: from a heap of n a move takes between ⌈n/2⌉ and n tokens.

    The options of n are the heaps 0..⌊n/2⌋, whose values are 0..bitlen(n)-1 by induction, so
    G(n) = bitlen(n) (the number of binary digits of n).

    >>> import grundy
    >>> rules = grundy.ruleset("take-half")
    >>> rules.grundy(12), sorted(rules.moves_to_value(12, 2))
    (4, [(2,), (3,)])
    """

    closed_form = "values"  # value_rule states a theorem for every component
    value_rule = "take at least half: G(n) = the bit length of n (the options 0..⌊n/2⌋ have values 0..bitlen(n)-1)"

    def moves(self, heap: int) -> range:
        return range(heap // 2, -1, -1) if heap else range(0)

    def grundy(self, heap: int) -> int:
        return self.validate(heap).bit_length()

    def moves_to_value(self, heap: int, target: int) -> Iterator[Option]:
        heap = self.validate(heap)
        if not 0 <= target < heap.bit_length():
            return
        low, high = (0, 0) if target == 0 else (1 << (target - 1), min((1 << target) - 1, heap // 2))
        for left in range(high, low - 1, -1):
            yield (left,)


@register("take-half", FAMILY, {"": "take at least half of a heap: ⌈n/2⌉..n tokens (G(n) = bit length of n)"},
          examples=("take-half 9 14", "take-half 6 7 8"))
def _take_half(params: str | None) -> TakeHalf:
    return TakeHalf()


# -- no amount twice -----------------------------------------------------------------------------------
def triangular_root(n: int) -> int:
    """The largest k with k(k+1)/2 <= n.

    >>> [triangular_root(n) for n in range(11)]
    [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4]
    """
    k = (isqrt(8 * n + 1) - 1) // 2
    return k


class NoRepeat(Ruleset):
    """Take any positive amount from a heap, but never an amount already taken from that heap.

    A component is a fresh heap ``n``, or ``(r, t1, t2, ...)``: a heap with ``r`` tokens left from
    which the amounts ``t1 < t2 < ...`` have been taken (every move leaves such a state). A fresh
    heap is worth the largest k with k(k+1)/2 <= n (Codeforces 768E, *Game of Stones*); states with
    amounts taken have no known closed form and are valued from the definition.

    >>> import grundy
    >>> rules = grundy.ruleset("no-repeat")
    >>> rules.values(11).tolist(), rules.grundy((3, 1)), list(rules.moves(3))
    ([0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4], 1, [(2, 1), (1, 2), (0, 3)])
    """

    closed_form = "values"  # value_rule states a theorem for every component
    value_rule = ("no amount twice (Codeforces 768E): a fresh heap n is worth the largest k with k(k+1)/2 <= n; "
                  "heaps with amounts already taken are valued from the definition")
    component_kind = ("a heap size n, or r,t1,t2,... (r tokens left after the distinct amounts t1, t2, ... "
                      "were taken from the heap)")
    engine_states = 1_000_000

    def validate(self, component: Any) -> Any:
        if isinstance(component, (tuple, list)) and len(component) >= 1 and all(is_natural(x) for x in component):
            left, *taken = (int(x) for x in component)
            if not taken:
                return left
            if 0 in taken or len(set(taken)) != len(taken):
                shown = ",".join(map(str, component))
                raise ComponentError(f"{shown!r} is not a component of {self.spec}: the amounts taken must be "
                                     "distinct positive integers")
            return (left, *sorted(taken))
        return super().validate(component)

    def moves(self, state: int | tuple) -> Iterator[tuple]:
        left, taken = (state, ()) if isinstance(state, int) else (state[0], state[1:])
        for amount in range(1, left + 1):
            if amount not in taken:
                yield (left - amount, *sorted((*taken, amount)))

    def grundy(self, state: int | tuple) -> int:
        state = self.validate(state)
        if isinstance(state, int):
            return triangular_root(state)
        return self.engine.value(state)


@register("no-repeat", FAMILY, {
    "": "take any amount from a heap, never the same amount twice from it (Codeforces 768E, Game of Stones)",
}, examples=("no-repeat 7 10", "no-repeat 5,2 6"))
def _no_repeat(params: str | None) -> NoRepeat:
    return NoRepeat()
