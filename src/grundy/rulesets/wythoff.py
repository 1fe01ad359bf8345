"""Wythoff's game: take any number from one heap, or the same number from both.

The P-positions are the Beatty pairs (⌊kφ⌋, ⌊kφ⌋ + k), k = 0, 1, 2, ... (Wythoff 1907), computed
here in exact integer arithmetic: ⌊kφ⌋ = ⌊(k + ⌊k√5⌋)/2⌋ with an integer square root, so heaps of
hundreds of digits are answered exactly. Every positive integer lies in exactly one pair, so from
(a, b) at most three moves reach a P-position: change b to a's partner, change a to b's partner,
or take from both down to the pair whose difference is b - a.

>>> import grundy
>>> grundy.solve("wythoff", [(3, 5)]).outcome
'P'
>>> [m.option for m in grundy.solve("wythoff", [(4, 6)]).winning_moves]
[((3, 5),)]

References: W. A. Wythoff, *A modification of the game of Nim*, Nieuw Archief voor Wiskunde 7
(1907); Winning Ways ch. 3.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt

import numpy as np

from grundy.core import limits, progress
from grundy.core.errors import LimitError
from grundy.core.ruleset import Option, Ruleset, Shape, Verdict
from grundy.rulesets.registry import register

ENGINE_LIMIT = 4000  # Grundy values (for sums, and beside the rule) come from a table, O(a·b) work


def lower(k: int) -> int:
    """⌊kφ⌋, exactly: ``lower(k) = (k + isqrt(5k²)) // 2``.

    >>> [lower(k) for k in range(6)]
    [0, 1, 3, 4, 6, 8]
    """
    return (k + isqrt(5 * k * k)) // 2


def p_pair(k: int) -> tuple[int, int]:
    """The k-th P-position (⌊kφ⌋, ⌊kφ⌋ + k)."""
    a = lower(k)
    return a, a + k


def partner(x: int) -> int:
    """The other heap of the unique P-position containing heap size ``x``.

    >>> partner(3), partner(5), partner(0)
    (5, 3, 0)
    """
    if x == 0:
        return 0
    k = (isqrt(5 * x * x) - x) // 2  # ⌊x/φ⌋: x is lower(k) for k near it, or upper(k) for k near x/φ²
    for j in (k - 1, k, k + 1, k + 2):
        if j > 0 and lower(j) == x:
            return x + j
    k = (3 * x - isqrt(5 * x * x)) // 2  # ⌊x/φ²⌋
    for j in (k - 1, k, k + 1, k + 2):
        if j > 0 and lower(j) + j == x:
            return lower(j)
    raise AssertionError(f"no Wythoff pair holds {x}")  # pragma: no cover - Beatty's theorem


def is_p_position(a: int, b: int) -> bool:
    """Whether (a, b) is a P-position: the smaller heap is ⌊kφ⌋ for k = the difference."""
    a, b = min(a, b), max(a, b)
    return lower(b - a) == a


def value_table(rows: int, cols: int) -> np.ndarray:
    """G(a, b) for a < ``rows``, b < ``cols``, by rows: the values met so far in each column and on
    each diagonal are kept as bit sets, so a value is the mex of three sets ored together (O(1)
    big-integer operations a cell, against the O(a + b) options a search looks at).

    >>> value_table(3, 4).tolist()
    [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5]]
    """
    table = np.zeros((rows, cols), dtype=np.uint32)
    column = [0] * cols  # the values of (x, b), x < a, as bits
    diagonal: dict[int, int] = {}  # the values of (a - t, b - t) on diagonal b - a, as bits
    for a in range(rows):
        seen, row = 0, []  # the values of (a, y), y < b
        for b in range(cols):
            taken = seen | column[b] | diagonal.get(b - a, 0)
            g = (~taken & (taken + 1)).bit_length() - 1  # the least value not taken
            bit = 1 << g
            seen |= bit
            column[b] |= bit
            diagonal[b - a] = diagonal.get(b - a, 0) | bit
            row.append(g)
        table[a] = row
        progress.report("values", (a + 1) * cols, rows * cols)  # a row at a time: Ctrl-C and time limits answer
    return table


class Wythoff(Ruleset):
    """Wythoff's game on two heaps (component ``a,b``)."""

    closed_form = "P-positions"  # value_rule states a theorem for every component
    shape = Shape.PAIR
    splits = False
    component_kind = "two heap sizes a,b (non-negative integers)"
    component_noun = "pair"
    value_rule = "Wythoff: (a, b) is a P-position iff the smaller heap is ⌊kφ⌋ with k = |a - b| (Beatty pairs)"

    def moves(self, pair: tuple[int, int]) -> Iterator[tuple[int, int]]:
        a, b = pair
        for x in range(a):
            yield (x, b)
        for y in range(b):
            yield (a, y)
        for t in range(1, min(a, b) + 1):
            yield (a - t, b - t)

    def __init__(self) -> None:
        super().__init__()
        self._table = np.zeros((0, 0), dtype=np.uint32)  # G(a, b) for a < rows, b < cols (a <= b asked)

    def grundy(self, pair: tuple[int, int]) -> int:
        """G(a, b): 0 on a Beatty pair, else from the table of values (grown as needed, within the
        budget: its values count as positions), for heaps up to :data:`ENGINE_LIMIT`."""
        a, b = self.validate(pair)
        if is_p_position(a, b):
            return 0
        if max(a, b) > ENGINE_LIMIT:
            raise LimitError(
                f"Grundy values of Wythoff positions come from a table, for heaps up to {ENGINE_LIMIT}; "
                f"({a},{b}) is larger. A single Wythoff game is solved exactly by the Beatty-pair rule."
            )
        a, b = min(a, b), max(a, b)  # G(a, b) = G(b, a)
        rows, cols = self._table.shape
        if a >= rows or b >= cols:
            self._grow(a + 1, b + 1)
        return int(self._table[a, b])

    def _grow(self, rows: int, cols: int) -> None:
        """Make the table hold at least ``rows`` × ``cols`` values: twice what it held in each
        direction where the budget allows (so a table asked for cell by cell costs little more than
        its last size), else exactly what was asked."""
        have_rows, have_cols = self._table.shape
        want = (max(rows, min(2 * have_rows, ENGINE_LIMIT + 1)), max(cols, min(2 * have_cols, ENGINE_LIMIT + 1)))
        if want[0] * want[1] > limits.current().max_states:
            want = (max(rows, have_rows), max(cols, have_cols))
        limits.check_table(want[0] * want[1], f"a table of {want[0]:,} x {want[1]:,} values of {self.spec}")
        self._table = value_table(*want)

    def winning_targets(self, pair: tuple[int, int]) -> list[tuple[tuple[int, int], str]]:
        """The P-positions one move away from an N-position, each with the reason."""
        a, b = pair
        found: dict[tuple[int, int], str] = {}
        pb = partner(a)
        if pb < b:
            found[(a, pb)] = f"({a}, {pb}) is a Beatty pair: keep {a}, cut {b} to its partner {pb}"
        pa = partner(b)
        if pa < a:
            found[(pa, b)] = f"({pa}, {b}) is a Beatty pair: keep {b}, cut {a} to its partner {pa}"
        k = abs(b - a)
        low = lower(k)
        if low < min(a, b):
            target = (low, low + k) if a <= b else (low + k, low)
            found[target] = f"take {min(a, b) - low} from both: difference {k} pairs with ⌊{k}φ⌋ = {low}"
        return list(found.items())

    def position_rule(self, components: list) -> Verdict | None:
        if len(components) != 1:
            return None
        a, b = components[0]
        k = abs(a - b)
        if is_p_position(a, b):
            why = f"min({a}, {b}) = {min(a, b)} = ⌊{k}φ⌋ with k = |a - b| = {k}: a Beatty pair, so P"
            return Verdict("P", f"Wythoff: {why}.", [], grundy=0,
                           rule=f"({a}, {b}) is a Beatty pair (⌊{k}φ⌋ = {min(a, b)})")
        moves = [(0, (target,), why) for target, why in self.winning_targets((a, b))]
        why = f"min({a}, {b}) = {min(a, b)} ≠ ⌊{k}φ⌋ = {lower(k)}: not a Beatty pair, so N"
        return Verdict("N", f"Wythoff: {why}; each winning move reaches a Beatty pair.", moves,
                       rule=f"({a}, {b}) is not a Beatty pair (⌊{k}φ⌋ = {lower(k)})")

    def moves_to_value(self, pair: tuple[int, int], target: int) -> Iterator[Option]:
        if target == 0:
            for found, _ in self.winning_targets(self.validate(pair)):
                yield (found,)
        else:
            yield from super().moves_to_value(pair, target)


@register("wythoff", "coordinate games", {
    "": "take any number from one of two heaps, or the same number from both (component a,b)",
}, examples=("wythoff 3,5 4,7", "wythoff 1,2 6,2"))
def _wythoff(params: str | None) -> Wythoff:
    return Wythoff()
