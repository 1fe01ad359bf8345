"""Heap-splitting games: a move breaks a heap into several smaller heaps (and may take tokens).

- ``legendre:K`` — remove one token, or split an even heap 2x into K heaps of x (Codeforces 603C,
  *Lieges of Legendre*): a closed form for even K, an O(log n) recursion for odd K.
- ``near-equal:F`` — split a heap of at least F tokens into M >= 2 piles as equal as possible
  (BZOJ 3576, HNOI 2014 江南乐): values by block enumeration of ⌊n/M⌋.
- ``beans`` — a bean at distance d from the last bottle becomes two beans nearer to it (BZOJ 1188,
  HNOI 2007 分裂游戏): a heap d splits into two smaller heaps d1 >= d2 >= 0. The game is Mock
  Turtles (:mod:`grundy.rulesets.coins`), so G(d) is the (d-1)-th odious number.

The general take-and-break games given by an octal code are in :mod:`grundy.rulesets.takebreak`.

>>> import grundy
>>> grundy.ruleset("legendre:3").grundy(10**9), grundy.ruleset("beans").values(8).tolist()
(1, [0, 1, 2, 4, 7, 8, 11, 13])

References: Codeforces 603C with its editorial; BZOJ 1188 and 3576 (HNOI 2007, 2014); Berlekamp,
Conway, Guy, *Winning Ways* (2nd ed.), ch. 14 (Mock Turtles).
"""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt

import numpy as np

from grundy.core import limits, words
from grundy.core.engine import GrundyEngine
from grundy.core.errors import ComponentError, LimitError
from grundy.core.ruleset import TRUNCATED, Option, Ruleset, Verdict, is_natural, whole_count
from grundy.rulesets.coins import odious, odious_index
from grundy.rulesets.registry import parse_positive, register

FAMILY = "heap-splitting games"


# -- Lieges of Legendre ----------------------------------------------------------------------------------
MAX_SPLIT_HEAPS = 100_000  # a split into more heaps than this is too big to list as an option


def legendre_value(heap: int, k: int) -> int:
    """G(n) of ``legendre:K`` (Codeforces 603C) in O(log n).

    K even (K heaps of x are worth 0): G = 0, 1, 2 for n = 0, 1, 2, then 1 on even n and 0 on odd n.
    K odd (K heaps of x are worth G(x)): G = 0, 1, 0, 1, 2 for n < 5; G(n) = 0 for odd n >= 5, and
    for even n >= 6, G(n) = mex{G(n-1), G(n/2)} = mex{0, G(n/2)}: 2 if G(n/2) = 1, else 1.

    >>> [legendre_value(n, 2) for n in range(8)], [legendre_value(n, 1) for n in range(13)]
    ([0, 1, 2, 0, 1, 0, 1, 0], [0, 1, 0, 1, 2, 0, 2, 0, 1, 0, 1, 0, 1])
    """
    if k % 2 == 0:
        return heap if heap < 3 else 1 - heap % 2
    halvings = 0
    while heap >= 6 and heap % 2 == 0:
        heap //= 2
        halvings += 1
    value = (0, 1, 0, 1, 2)[heap] if heap < 5 else 0
    for _ in range(halvings):
        value = 2 if value == 1 else 1
    return value


class Legendre(Ruleset):
    """Remove one token from a heap, or replace an even heap 2x by K heaps of x.

    >>> import grundy
    >>> rules = grundy.ruleset("legendre:3")
    >>> list(rules.options(4)), rules.values(10).tolist()
    ([(3,), (2, 2, 2)], [0, 1, 0, 1, 2, 0, 2, 0, 1, 0])
    """

    closed_form = "values"  # value_rule states a theorem for every component
    splits = True

    def __init__(self, k: int) -> None:
        super().__init__()
        self.k = k
        if k % 2 == 0:
            self.value_rule = (f"Lieges of Legendre (Codeforces 603C), K = {k} even: G = 0, 1, 2 for n < 3, "
                               "then 1 on even n and 0 on odd n")
        else:
            self.value_rule = (f"Lieges of Legendre (Codeforces 603C), K = {k} odd: G = 0, 1, 0, 1, 2 for n < 5, "
                               "0 on odd n >= 5, and on even n >= 6 G(n) = 2 if G(n/2) = 1 else 1")

    def moves(self, heap: int) -> Iterator[tuple]:
        if heap:
            yield (heap - 1,)
        if heap and heap % 2 == 0:
            yield self._split(heap)

    def _split(self, heap: int) -> tuple:
        if self.k > MAX_SPLIT_HEAPS:
            raise LimitError(f"{self.spec}: splitting a heap leaves {self.k:,} heaps, more than the "
                             f"{MAX_SPLIT_HEAPS:,} grundy lists in one move; Grundy values and outcomes still work")
        return (heap // 2,) * self.k

    def grundy(self, heap: int) -> int:
        return legendre_value(self.validate(heap), self.k)

    def _split_value(self, heap: int) -> int:
        return self.grundy(heap // 2) if self.k % 2 else 0

    def moves_to_value(self, heap: int, target: int) -> Iterator[Option]:
        heap = self.validate(heap)
        if heap and self.grundy(heap - 1) == target:
            yield (heap - 1,)
        if heap and heap % 2 == 0 and self._split_value(heap) == target:
            yield self._split(heap)

    def position_rule(self, components: list) -> Verdict | None:
        """For K too large to list a split, answer from the values and count the winning splits."""
        if self.k <= MAX_SPLIT_HEAPS:
            return None
        values = [self.grundy(c) for c in components]
        total = 0
        for v in values:
            total ^= v
        moves: list[tuple[int, Option, str]] = []
        splits = 0
        if total:
            for i, (heap, v) in enumerate(zip(components, values, strict=True)):
                target = v ^ total
                if heap and self.grundy(heap - 1) == target:
                    moves.append((i, (heap - 1,), f"{self.value_rule}; leaves nim-sum 0"))
                if heap and heap % 2 == 0 and self._split_value(heap) == target:
                    splits += 1
        outcome = "N" if total else "P"
        note = f"; {splits} winning split(s) into {self.k:,} heaps are counted, not listed" if splits else ""
        explanation = f"Sprague–Grundy: {self.value_rule}. Values {values}; nim-sum {total}{note}"
        return Verdict(outcome, explanation, moves, grundy=total, move_count=len(moves) + splits)


@register("legendre", FAMILY, {
    "K": "remove one token, or split an even heap 2x into K heaps of x (Codeforces 603C, Lieges of Legendre)",
}, examples=("legendre:2 5 8", "legendre:1 6 7"))
def _legendre(params: str | None) -> Legendre:
    return Legendre(parse_positive(params, "legendre"))


MAX_HEAP = 2**62  # the least heap that splits: kernels count in int64
TABLE_HEAPS = 1 << 21  # near-equal heaps below this are answered from the kernel's table


# -- near-equal splits -------------------------------------------------------------------------------------
class NearEqual(Ruleset):
    """Split a heap of at least F tokens into M >= 2 piles as equal as possible (BZOJ 3576).

    Splitting n into M piles leaves r = n mod M piles of ⌊n/M⌋ + 1 and M - r piles of ⌊n/M⌋, so the
    option is worth G(⌊n/M⌋ + 1) if r is odd, xor G(⌊n/M⌋) if M - r is odd. As M runs through a
    block with the same q = ⌊n/M⌋, r drops by q per step, so the parities repeat with period 2: two
    values of M per block suffice, O(√n) per heap and O(n√n) for a table.

    >>> import grundy
    >>> rules = grundy.ruleset("near-equal:2")
    >>> list(rules.options(5)), rules.values(12).tolist()
    ([(2, 3), (1, 2, 2), (1, 1, 1, 2), (1, 1, 1, 1, 1)], [0, 0, 1, 2, 2, 2, 2, 3, 2, 4, 3, 4])
    """

    splits = True

    def __init__(self, least: int) -> None:
        super().__init__()
        self.least = least
        self.value_rule = (f"near-equal splits of heaps >= {least} (BZOJ 3576): only the parities of the two "
                           "part counts matter; values by block enumeration of ⌊n/M⌋")
        self._table = np.zeros(0, dtype=np.int64)
        self._fast = GrundyEngine(self.reduced_moves, splits=True)

    def moves(self, heap: int) -> Iterator[tuple]:
        if heap < self.least:
            return
        for parts in range(2, heap + 1):
            q, r = divmod(heap, parts)
            yield (q,) * (parts - r) + (q + 1,) * r

    def _blocks(self, heap: int) -> Iterator[tuple[int, int, int]]:
        """``(q, first, last)`` for each run ``first <= M <= last`` of part counts with ``⌊heap/M⌋ = q``
        (about 2√heap runs)."""
        parts = 2
        while parts <= heap:
            q = heap // parts
            last = heap // q
            yield q, parts, last
            parts = last + 1

    def _split_value(self, heap: int, q: int, parts: int) -> int:
        r = heap - q * parts
        return (self.grundy(q) if (parts - r) % 2 else 0) ^ (self.grundy(q + 1) if r % 2 else 0)

    def reduced_moves(self, heap: int) -> list[tuple]:
        """One option per distinct value pattern: each split with the pairs of equal piles removed."""
        if heap < self.least:
            return []
        found = set()
        for q, first, last in self._blocks(heap):
            for m in range(first, min(first + 1, last) + 1):
                r = heap - q * m
                found.add(((q,) if (m - r) % 2 else ()) + ((q + 1,) if r % 2 else ()))
        return list(found)

    def values(self, n: int) -> np.ndarray:
        """G(0..n-1), bottom-up with the block enumeration (O(n√n), a numba kernel)."""
        n = whole_count(n, "values(n)")
        if n > len(self._table):
            from grundy.kernels.nearequal import near_equal_fill

            limits.check_values(n, f"a table of {self.spec}", itemsize=8)
            table = np.zeros(max(n, 2 * len(self._table)), dtype=np.int64)
            done = len(self._table)
            table[:done] = self._table
            near_equal_fill(table, done, self.least)
            self._table = table
        return self._table[:n].copy()

    def grundy(self, heap: int) -> int:
        heap = self.validate(heap)
        if heap < TABLE_HEAPS:
            self.values(heap + 1)
        if heap < len(self._table):
            return int(self._table[heap])
        work, allowed = isqrt(isqrt(heap)) ** 3, limits.current().max_states // 2
        if work > allowed:
            raise LimitError(f"{self.spec}: heap {limits.shorten(str(heap))} needs the values of every ⌊n/M⌋ "
                             f"below it, about n^¾ = {work:,} steps, more than the {allowed:,} that "
                             f"{words.knob('max_states', bare=True)} allows (half of it); heaps up to about "
                             f"{int(allowed ** (4 / 3)):,} are answered", knob="max_states",
                             limit=limits.current().max_states, needed=2 * work)
        return self._fast.value(heap)

    def moves_to_value(self, heap: int, target: int) -> Iterator[Option]:
        """The splits worth ``target``, by runs of equal ``⌊heap/M⌋`` (within a run the value
        depends on the parity of M only). Splits leave up to ``heap`` piles each: once the piles
        listed pass ``max_options`` the last item is ``TRUNCATED`` (:meth:`count_moves_to_value`
        counts them all)."""
        heap = self.validate(heap)
        if heap < self.least:
            return
        self.grundy(heap)
        room = limits.current().max_options
        for q, first, last in self._blocks(heap):
            good = [m for m in range(first, min(first + 1, last) + 1) if self._split_value(heap, q, m) == target]
            for m in range(good[0], last + 1, 3 - len(good)) if good else ():
                room -= m
                if room < 0:
                    yield TRUNCATED
                    return
                r = heap - q * m
                yield (q,) * (m - r) + (q + 1,) * r

    def count_moves_to_value(self, heap: int, target: int) -> int:
        """How many splits are worth ``target``, by arithmetic on the runs of ``⌊heap/M⌋``.

        >>> import grundy
        >>> rules = grundy.ruleset("near-equal:2")
        >>> rules.count_moves_to_value(10**6, rules.grundy(10**6) ^ 1) >= 0
        True
        """
        heap = self.validate(heap)
        if heap < self.least:
            return 0
        self.grundy(heap)
        total = 0
        for q, first, last in self._blocks(heap):
            for m in range(first, min(first + 1, last) + 1):
                if self._split_value(heap, q, m) == target:
                    total += (last - m) // 2 + 1
        return total


@register("near-equal", FAMILY, {
    "F": "split a heap of at least F tokens into M >= 2 piles as equal as possible (BZOJ 3576, HNOI 2014)",
}, examples=("near-equal:2 7 12", "near-equal:3 9"))
def _near_equal(params: str | None) -> NearEqual:
    return NearEqual(parse_positive(params, "near-equal", "F", maximum=MAX_HEAP))


# -- split game with beans ------------------------------------------------------------------------------------
def odious_value(d: int) -> int:
    """G(d) of ``beans``: 0 for d = 0, else the (d-1)-th odious number (odd number of 1 bits), the
    value of coin d-1 in Mock Turtles.

    >>> [odious_value(d) for d in range(9)]
    [0, 1, 2, 4, 7, 8, 11, 13, 14]
    """
    return odious(d - 1) if d else 0


def odious_position(value: int) -> int | None:
    """The distance d with ``odious_value(d) == value``, or None if no bean is worth ``value``.

    >>> odious_position(0), odious_position(11), odious_position(3)
    (0, 6, None)
    """
    if value == 0:
        return 0
    coin = odious_index(value)
    return None if coin is None else coin + 1


class Beans(Ruleset):
    """The split game with beans (BZOJ 1188, HNOI 2007 分裂游戏), one bean at a time.

    Bottles 0..n-1 hold beans; a move takes a bean from bottle i and puts one bean into each of
    bottles j and k, i < j <= k. Beans are independent: a component is a bean's distance d = n-1-i
    from the last bottle, and a move leaves beans at d1, d2 with d > d1 >= d2 >= 0. Two beans at the
    same distance cancel, so the options are: nothing, one bean nearer, or two distinct nearer
    beans — the rules of Mock Turtles on coins 1..d-1, so G(d) = the (d-1)-th odious number.
    :func:`beans_position` turns the bottles of the original problem into components.

    >>> import grundy
    >>> rules = grundy.ruleset("beans")
    >>> list(rules.options(2)), rules.values(8).tolist()
    ([(1, 1), (1, 0), (0, 0)], [0, 1, 2, 4, 7, 8, 11, 13])
    """

    closed_form = "values"  # value_rule states a theorem for every component
    splits = True
    value_rule = ("split game with beans (BZOJ 1188) is Mock Turtles: a bean at distance d >= 1 is worth "
                  "the (d-1)-th odious number")
    component_kind = "a bean's distance from the last bottle (a non-negative integer)"
    component_noun = "bean"

    def moves(self, d: int) -> Iterator[tuple[int, int]]:
        for d1 in range(d - 1, -1, -1):
            for d2 in range(d1, -1, -1):
                yield (d1, d2)

    def grundy(self, d: int) -> int:
        return odious_value(self.validate(d))

    def moves_to_value(self, d: int, target: int) -> Iterator[Option]:
        d = self.validate(d)
        for d1 in range(d - 1, -1, -1):  # the values are distinct, so d1 fixes d2
            d2 = odious_position(target ^ odious_value(d1))
            if d2 is not None and d2 <= d1:
                yield (d1, d2)


def beans_position(counts: list[int] | tuple[int, ...]) -> list[int]:
    """The components of the bottle game of BZOJ 1188: bottles ``0..n-1`` hold ``counts[i]`` beans.

    Each bean is an independent game at distance ``n-1-i`` from the last bottle, and two beans at the
    same distance cancel (the second player copies every move), so only the parity of each bottle
    matters: the result lists one bean per bottle holding an odd number of beans, and its Grundy
    value equals the whole bottle game's. (A bottle with an even, non-zero count still allows moves
    in the original game; those are the moves of the dropped pairs, never needed to win.)

    >>> import grundy
    >>> beans_position([1, 2, 3]), grundy.solve("beans", beans_position([1, 2, 3])).outcome
    ([2, 0], 'N')
    """
    n = len(counts)
    if n == 0 or not all(is_natural(c) for c in counts):
        raise ComponentError(f"{list(counts)!r} is not a row of bottles: expected at least one bottle, "
                             "each holding a non-negative number of beans")
    return [n - 1 - i for i, c in enumerate(counts) if c % 2]


@register("beans", FAMILY, {
    "": "a bean d bottles before the last becomes two beans nearer to it (BZOJ 1188, split game with beans)",
}, examples=("beans 1 3 4", "beans 2 2 5"))
def _beans(params: str | None) -> Beans:
    return Beans()
