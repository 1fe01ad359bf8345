"""Subtraction games: take ``s`` tokens from one heap, ``s`` from a set (finite or not).

- ``subtraction:1,3,4`` — a finite subtraction set S. Values come from a numba kernel in
  O(n·|S|); the sequence is periodic, and a window of ``max(S)`` repeated values proves it.
- ``subtraction:allbut:1,2`` — any positive amount except those listed (O(n·|S|²) kernel).
- ``subtraction:pow2`` — take a power of two: G(n) = n mod 3 (no power of two is a multiple of 3).
- ``subtraction:fib`` — take a Fibonacci number (HDU 1848, "Fibonacci again and again").
- ``bash:M``, ``bash:A-B`` — the Bash game: take 1..M, or A..B (fewer than A left: no move);
  G(n) = ⌊(n mod (A+B)) / A⌋. ``bash:A-B:all`` — fewer than A left may be taken all at once:
  G(n) = ⌊((n + A - 1) mod (A+B)) / A⌋. Misère forms (last to take loses) via ``misere=True``.

Reference: Berlekamp, Conway, Guy, *Winning Ways*, ch. 4 (subtraction games);
Siegel, *Combinatorial Game Theory* (2013), §IV.2.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from itertools import islice

import numpy as np

from grundy.core.errors import SpecError
from grundy.core.limits import shorten
from grundy.core.ruleset import Option, Ruleset, Verdict
from grundy.rulesets.heaptable import HeapTableGame
from grundy.rulesets.registry import parse_int_list, parse_number, register

INT64_SAFE = 1 << 61  # parameters up to this go to the numpy kernels as int64 without overflow
LISTED_MOVES = 10_000  # winning moves listed at most (all are counted)
RULE_WIDTH = 60  # characters of a subtraction set quoted in a value rule


class SubtractionGame(HeapTableGame):
    """Take ``s`` tokens from one heap, for ``s`` in a set of positive integers.

    >>> import grundy
    >>> grundy.ruleset("subtraction:1,3,4").values(14).tolist()
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
    """

    def __init__(self, subtractions: tuple[int, ...], finite: bool = True) -> None:
        super().__init__()
        self.subtractions = subtractions
        self.finite = finite
        shown = shorten(", ".join(map(str, subtractions)), RULE_WIDTH)
        self.value_rule = f"subtraction set {{{shown}}}: values by the mex table"

    def amounts_upto(self, limit: int) -> list[int]:
        """The allowed amounts that are at most ``limit``, ascending (Python integers of any size)."""
        return list(self.subtractions[:bisect_right(self.subtractions, limit)])

    def subtractions_upto(self, limit: int) -> np.ndarray:
        """The allowed amounts that are at most ``limit`` (a table's length), ascending, for the kernel.

        Amounts past the table never apply to it, so a set holding numbers too large for int64
        (``subtraction:10^22``) still fills its table.
        """
        return np.array(self.amounts_upto(min(limit, INT64_SAFE)), dtype=np.int64)

    def moves(self, heap: int) -> Iterator[int]:
        for s in self.amounts_upto(heap):
            yield heap - s

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        from grundy.kernels.subtraction import subtraction_fill

        subtraction_fill(self.subtractions_upto(max(len(out) - 1, 0)), out, start)
        return out

    def period_proof(self) -> tuple[tuple[int, int, int], str] | None:
        """``((a, b, c), theorem)``: a period checked over ``a*n0 + b*p + c`` values is proved."""
        if not self.finite or self.subtractions[-1] > INT64_SAFE:
            return None  # past INT64_SAFE no table is long enough for the theorem's window
        k = self.subtractions[-1]
        return (1, 1, k), (
            f"finite subtraction set: G(n) depends only on the {k} values before it, "
            f"so G(n+p) = G(n) for n0 <= n < n0 + {k} implies it for all n >= n0"
        )


class InfiniteSubtraction(SubtractionGame):
    """A subtraction game whose set is infinite (powers of two, Fibonacci numbers)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        super().__init__((), finite=False)
        self.value_rule = f"take a {kind}: values by the mex table"

    def amounts_upto(self, limit: int) -> list[int]:
        terms = []
        a, b = 1, 2
        while a <= limit:
            terms.append(a)
            a, b = (b, a + b) if self.kind == "Fibonacci number" else (2 * a, 0)
        return terms


class PowersOfTwo(InfiniteSubtraction):
    """Take a power of two: G(n) = n mod 3, since no power of two is divisible by 3."""

    def __init__(self) -> None:
        super().__init__("power of two")
        self.value_rule = "take a power of two: G(n) = n mod 3 (no power of two is a multiple of 3)"

    def grundy(self, heap: int) -> int:
        return self.validate(heap) % 3

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        out[start:] = np.arange(start, len(out)) % 3
        return out

    def known_period(self) -> tuple[int, int, int, str]:
        return 0, 3, 0, "closed form G(n) = n mod 3: from n ≡ r a power of two reaches every other residue"


class AllButSubtraction(HeapTableGame):
    """Take any positive number of tokens except the amounts in a finite set.

    >>> import grundy
    >>> grundy.ruleset("subtraction:allbut:1,2").values(12).tolist()
    [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    """

    def __init__(self, excluded: tuple[int, ...]) -> None:
        super().__init__()
        self.excluded = excluded
        shown = shorten(", ".join(map(str, excluded)), RULE_WIDTH)
        self.value_rule = f"take any amount except {shown}: values by the mex table"

    def moves(self, heap: int) -> Iterator[int]:
        banned = set(self.excluded)
        for take in range(1, heap + 1):
            if take not in banned:
                yield heap - take

    value_dtype = np.uint32  # values grow with the heap

    def moves_to_value(self, heap: int, target: int) -> Iterator[Option]:
        """The moves to a heap of value ``target``, found in the table at numpy speed (a heap has
        as many moves as tokens, too many to value one by one)."""
        heap = self.validate(heap)
        if heap == 0:
            return
        banned = set(self.excluded)
        for left in np.flatnonzero(self.values(heap) == target)[::-1].tolist():
            if heap - left not in banned:
                yield (left,)

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        from grundy.kernels.subtraction import allbut_fill

        limit = min(max(len(out) - 1, 0), INT64_SAFE)  # amounts past the table never apply to it
        allbut_fill(np.array([s for s in self.excluded if s <= limit], dtype=np.int64), out, start)
        return out


class Bash(SubtractionGame):
    """The Bash game: take between ``low`` and ``high`` tokens; fewer than ``low`` left: no move.

    With ``take_rest`` a heap smaller than ``low`` may be taken all at once. Everything is
    arithmetic on ``n mod (low + high)``, so parameters and heaps of any size answer at once
    (``bash:10^22``), and winning moves are counted without being listed one by one.

    >>> import grundy
    >>> grundy.ruleset("bash:3").grundy(10), grundy.ruleset("bash:2-3").values(6).tolist()
    (2, [0, 0, 1, 1, 2, 0])
    """

    def __init__(self, low: int, high: int, take_rest: bool = False) -> None:
        self.value_dtype = np.uint16 if (low + high) // low < 1 << 16 else np.uint32
        HeapTableGame.__init__(self)
        self.subtractions = range(low, high + 1)  # never listed: it may be astronomically long
        self.finite = True
        self.low, self.high, self.take_rest = low, high, take_rest
        cycle = low + high
        if take_rest and low > 1:  # with low = 1 there is no rest below it: plain Bash
            self.value_rule = (
                f"Bash, take {low}..{high} or a rest below {low}: G(n) = ⌊((n + {low - 1}) mod {cycle}) / {low}⌋"
            )
        elif low == 1:
            self.value_rule = f"Bash, take 1..{high}: G(n) = n mod {cycle}"
        else:
            self.value_rule = f"Bash, take {low}..{high}: G(n) = ⌊(n mod {cycle}) / {low}⌋"

    @property
    def _shift(self) -> int:
        return self.low - 1 if self.take_rest else 0

    def _value(self, heap: int) -> int:
        return ((heap + self._shift) % (self.low + self.high)) // self.low

    def amounts_upto(self, limit: int) -> list[int]:
        return list(range(self.low, min(self.high, limit) + 1))

    def moves(self, heap: int) -> Iterator[int]:
        yield from range(heap - self.low, max(heap - self.high, 0) - 1, -1)
        if self.take_rest and 0 < heap < self.low:
            yield 0

    def grundy(self, heap: int) -> int:
        return self._value(self.validate(heap))

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        n = np.arange(start, len(out), dtype=np.int64)
        cycle, shift = self.low + self.high, self._shift
        if cycle <= INT64_SAFE:
            out[start:] = (n + shift) % cycle // self.low
        elif self.low <= INT64_SAFE:  # high > 2^61 > every heap of a table: n + shift < cycle
            out[start:] = (n + shift) // self.low
        else:  # low past every heap of a table: ⌊n / low⌋ = 0 and ⌊(n + low - 1) / low⌋ = [n > 0]
            out[start:] = (n > 0) if self.take_rest else 0
        return out

    def _window(self, heap: int, first: int, last: int) -> tuple[int, int, int, int]:
        """``(lo, hi, a, b)``: the moves of ``heap`` leave ``m`` in ``lo..hi``, of which those with
        ``(m + shift) mod cycle`` in ``a..b-1`` are wanted (``first..last`` clipped to the cycle)."""
        return max(heap - self.high, 0), heap - self.low, first, min(last, self.low + self.high)

    def _window_moves(self, heap: int, first: int, last: int, shift: int) -> Iterator[Option]:
        """The moves to ``m`` with ``(m + shift) mod cycle`` in ``first..last-1``, largest ``m`` first."""
        lo, hi, a, b = self._window(heap, first, last)
        cycle = self.low + self.high
        if hi < lo or a >= b:
            return
        k = (hi + shift) // cycle
        while True:  # the moves span fewer than one cycle: at most two blocks are visited
            start, end = k * cycle + a - shift, k * cycle + b - shift - 1
            if end < lo:
                break
            for m in range(min(end, hi), max(start, lo) - 1, -1):
                yield (m,)
            k -= 1

    def _window_count(self, heap: int, first: int, last: int, shift: int) -> int:
        """How many moves :meth:`_window_moves` yields, by arithmetic."""
        lo, hi, a, b = self._window(heap, first, last)
        if hi < lo or a >= b:
            return 0
        cycle = self.low + self.high

        def below(x: int) -> int:  # t in 0..x-1 with t mod cycle in a..b-1
            return (x // cycle) * (b - a) + min(max(x % cycle - a, 0), b - a)

        return below(hi + shift + 1) - below(lo + shift)

    def moves_to_value(self, heap: int, target: int) -> Iterator[Option]:
        heap = self.validate(heap)
        yield from self._window_moves(heap, target * self.low, target * self.low + self.low, self._shift)
        if target == 0 and self.take_rest and 0 < heap < self.low:
            yield (0,)

    def count_to_value(self, heap: int, target: int) -> int:
        """How many moves of ``heap`` leave a heap of value ``target`` (without listing them)."""
        heap = self.validate(heap)
        count = self._window_count(heap, target * self.low, target * self.low + self.low, self._shift)
        return count + (target == 0 and self.take_rest and 0 < heap < self.low)

    def position_rule(self, components: list) -> Verdict | None:
        """Normal play, where the winning moves are too many to list: count them, list the first."""
        heaps = [self.validate(c) for c in components]
        values = [self._value(h) for h in heaps]
        total = 0
        for v in values:
            total ^= v
        counts = [self.count_to_value(h, v ^ total) for h, v in zip(heaps, values, strict=True)] if total else []
        if sum(counts) <= LISTED_MOVES:
            return None  # few enough: the general answer lists them all
        xor_text = " ^ ".join(map(str, values))
        moves: list[tuple[int, Option, str]] = []
        for i, (heap, v) in enumerate(zip(heaps, values, strict=True)):
            target = v ^ total
            why = (f"{self.value_rule}; nim-sum {xor_text} = {total}, and {v} ^ {total} = {target}"
                   + (f" < {v}" if target < v else ""))
            moves.extend((i, option, why) for option in
                         islice(self.moves_to_value(heap, target), LISTED_MOVES - len(moves)))
        where = f"Values {values}; nim-sum {xor_text} = {total}" if len(heaps) != 1 else f"G = {total}"
        explanation = (f"Sprague–Grundy: {self.value_rule}. {where}: the player to move wins by making it 0 "
                       f"({sum(counts):,} winning moves, counted by arithmetic).")
        return Verdict("N", explanation, moves, grundy=total, move_count=sum(counts))

    def known_period(self) -> tuple[int, int, int, str]:
        return 0, self.low + self.high, 0, self.value_rule

    def _proved_period(self, limit: int) -> None:
        """Never tile the table by the period: :meth:`fill` is the closed form already (and the
        period may be far too long for an array index)."""
        return None

    def misere_outcome(self, heap: int) -> str:
        """Misère (last to take loses), with r = n mod (low + high): P iff low <= r < 2·low;
        with ``take_rest``, P iff 1 <= r <= low."""
        r = self.validate(heap) % (self.low + self.high)
        lost = 1 <= r <= self.low if self.take_rest else self.low <= r < 2 * self.low
        return "P" if lost else "N"

    def misere_rule(self, components: list) -> Verdict | None:
        """One heap in misère play, by arithmetic: its winning moves are counted, and the first
        :data:`LISTED_MOVES` listed (a heap of ``bash:10^22`` has too many moves to try one by one)."""
        if len(components) != 1:
            return None
        heap = self.validate(components[0])
        window = (1, self.low + 1) if self.take_rest else (self.low, 2 * self.low)  # the misère P residues
        outcome = self.misere_outcome(heap)
        count = self._window_count(heap, *window, 0) if outcome == "N" else 0
        moves = [(0, option, "leaves a misère P-position") for option in
                 islice(self._window_moves(heap, *window, 0), LISTED_MOVES if count else 0)]
        verb = "wins" if outcome == "N" else "loses"
        cycle = self.low + self.high
        first, last = (1, self.low) if self.take_rest else (self.low, 2 * self.low - 1)  # the P residues
        lost = f"r = {first}" if first == last else f"{first} <= r <= {last}"
        explanation = (f"Misère play (last mover loses): misère closed form of {self.spec} for one component: "
                       f"with r = n mod {cycle}, P iff {lost}; r = {heap % cycle}, so the player to move {verb}.")
        return Verdict(outcome, explanation, moves, move_count=count)


@register("subtraction", "heap games", {
    "S": "take s tokens from a heap, s in the finite set S (e.g. subtraction:1,3,4)",
    "allbut:S": "take any positive number of tokens except those in S",
    "pow2": "take a power of two (1, 2, 4, 8, ...)",
    "fib": "take a Fibonacci number (1, 2, 3, 5, 8, ...)",
}, examples=("subtraction:1,3,4 5 9 12", "subtraction:allbut:2,3 6 7", "subtraction:pow2 5 9", "subtraction:fib 7 10"))
def _subtraction(params: str | None) -> Ruleset:
    assert params is not None
    keyword, _, rest = params.partition(":")
    if keyword == "allbut":
        return AllButSubtraction(parse_int_list(rest, "subtraction:allbut"))
    if keyword == "pow2" and not rest:
        return PowersOfTwo()
    if keyword == "fib" and not rest:
        return InfiniteSubtraction("Fibonacci number")
    return SubtractionGame(parse_int_list(params, "subtraction set"))


@register("bash", "heap games", {
    "M": "Bash: take 1..M tokens",
    "A-B": "take A..B tokens; with fewer than A left there is no move",
    "A-B:all": "take A..B tokens, or all of a rest smaller than A",
}, examples=("bash:3 5 9", "bash:2-5 7 12", "bash:2-5:all 7 11"))
def _bash(params: str | None) -> Bash:
    assert params is not None
    body, _, flag = params.partition(":")
    if flag not in ("", "all"):
        raise SpecError(f"bash: unknown modifier {shorten(flag)!r}; the only one is ':all' (bash:A-B:all)")
    low_text, dash, high_text = body.partition("-")
    ranged = bool(dash and low_text.strip())  # bash:-3 is a negative M, not a range
    what = "bash: expected M or A-B with integers"
    if not ranged:
        low, high = 1, parse_number(body, what, "bash:3, bash:2-5")
    else:
        low, high = parse_number(low_text, what, "bash:2-5"), parse_number(high_text, what, "bash:2-5")
    if not 1 <= low <= high:
        raise SpecError(f"bash: need 1 <= A <= B (or M >= 1), got {shorten(body)!r}")
    if flag and not ranged:
        raise SpecError("bash: ':all' needs a range A-B, e.g. bash:2-5:all")
    return Bash(low, high, take_rest=bool(flag))
