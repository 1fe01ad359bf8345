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

from collections.abc import Iterator

import numpy as np

from grundy.core.errors import SpecError
from grundy.core.ruleset import Option, Ruleset
from grundy.rulesets.heaptable import HeapTableGame
from grundy.rulesets.registry import parse_int_list, register


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
        self.value_rule = f"subtraction set {{{', '.join(map(str, subtractions))}}}: values by the mex table"

    def subtractions_upto(self, limit: int) -> np.ndarray:
        """The allowed amounts that are at most ``limit``, ascending."""
        s = np.array(self.subtractions, dtype=np.int64)
        return s[s <= limit]

    def moves(self, heap: int) -> Iterator[int]:
        for s in self.subtractions_upto(heap).tolist():
            yield heap - s

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        from grundy.kernels.subtraction import subtraction_fill

        subtraction_fill(self.subtractions_upto(max(len(out) - 1, 0)), out, start)
        return out

    def period_proof(self) -> tuple[tuple[int, int, int], str] | None:
        """``((a, b, c), theorem)``: a period checked over ``a*n0 + b*p + c`` values is proved."""
        if not self.finite:
            return None
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

    def subtractions_upto(self, limit: int) -> np.ndarray:
        terms = []
        a, b = 1, 2
        while a <= limit:
            terms.append(a)
            a, b = (b, a + b) if self.kind == "Fibonacci number" else (2 * a, 0)
        return np.array(terms, dtype=np.int64)


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
        self.value_rule = f"take any amount except {', '.join(map(str, excluded))}: values by the mex table"

    def moves(self, heap: int) -> Iterator[int]:
        banned = set(self.excluded)
        for take in range(1, heap + 1):
            if take not in banned:
                yield heap - take

    value_dtype = np.uint32  # values grow with the heap

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        from grundy.kernels.subtraction import allbut_fill

        allbut_fill(np.array(self.excluded, dtype=np.int64), out, start)
        return out


class Bash(SubtractionGame):
    """The Bash game: take between ``low`` and ``high`` tokens; fewer than ``low`` left: no move.

    With ``take_rest`` a heap smaller than ``low`` may be taken all at once.

    >>> import grundy
    >>> grundy.ruleset("bash:3").grundy(10), grundy.ruleset("bash:2-3").values(6).tolist()
    (2, [0, 0, 1, 1, 2, 0])
    """

    def __init__(self, low: int, high: int, take_rest: bool = False) -> None:
        self.value_dtype = np.uint16 if (low + high) // low < 1 << 16 else np.uint32
        super().__init__(tuple(range(low, high + 1)))
        self.low, self.high, self.take_rest = low, high, take_rest
        cycle = low + high
        if take_rest:
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

    def moves(self, heap: int) -> Iterator[int]:
        yield from range(heap - self.low, max(heap - self.high, 0) - 1, -1)
        if self.take_rest and 0 < heap < self.low:
            yield 0

    def grundy(self, heap: int) -> int:
        return self._value(self.validate(heap))

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        out[start:] = (np.arange(start, len(out)) + self._shift) % (self.low + self.high) // self.low
        return out

    def moves_to_value(self, heap: int, target: int) -> Iterator[Option]:
        heap = self.validate(heap)
        lo, hi = max(heap - self.high, 0), heap - self.low
        cycle, shift = self.low + self.high, self._shift
        first = target * self.low  # values of residue r = (m + shift) mod cycle in [first, first + low)
        if hi >= lo and first < cycle:
            block_end = min(first + self.low, cycle)
            k = (hi + shift) // cycle
            while True:
                start, end = k * cycle + first - shift, k * cycle + block_end - shift - 1
                if end < lo:
                    break
                for m in range(min(end, hi), max(start, lo) - 1, -1):
                    yield (m,)
                k -= 1
        if target == 0 and self.take_rest and 0 < heap < self.low:
            yield (0,)

    def known_period(self) -> tuple[int, int, int, str]:
        return 0, self.low + self.high, 0, self.value_rule

    def misere_outcome(self, heap: int) -> str:
        """Misère (last to take loses), with r = n mod (low + high): P iff low <= r < 2·low;
        with ``take_rest``, P iff 1 <= r <= low."""
        r = self.validate(heap) % (self.low + self.high)
        lost = 1 <= r <= self.low if self.take_rest else self.low <= r < 2 * self.low
        return "P" if lost else "N"


@register("subtraction", "heap games", {
    "S": "take s tokens from a heap, s in the finite set S (e.g. subtraction:1,3,4)",
    "allbut:S": "take any positive number of tokens except those in S",
    "pow2": "take a power of two (1, 2, 4, 8, ...)",
    "fib": "take a Fibonacci number (1, 2, 3, 5, 8, ...)",
})
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
})
def _bash(params: str | None) -> Bash:
    assert params is not None
    body, _, flag = params.partition(":")
    if flag not in ("", "all"):
        raise SpecError(f"bash: unknown modifier {flag!r}; the only one is ':all' (bash:A-B:all)")
    low_text, dash, high_text = body.partition("-")
    try:
        low, high = (1, int(body)) if not dash else (int(low_text), int(high_text))
    except ValueError:
        raise SpecError(f"bash: expected M or A-B with integers, got {body!r} (e.g. bash:3, bash:2-5)") from None
    if not 1 <= low <= high:
        raise SpecError(f"bash: need 1 <= A <= B (or M >= 1), got {body!r}")
    if flag and not dash:
        raise SpecError("bash: ':all' needs a range A-B, e.g. bash:2-5:all")
    return Bash(low, high, take_rest=bool(flag))
