"""Take-and-break games in octal and hexadecimal notation, on one general engine.

A code ``d0.d1d2d3...`` says, for each k, what removing k tokens from a heap may leave: digit dk
has bit 1 — nothing (the heap was exactly k), bit 2 — one non-empty heap, bit 4 — two non-empty
heaps, bit 8 (hexadecimal) — three non-empty heaps; d0 splits a heap without removing any.
``0.137``, ``.137`` and ``4.07`` are accepted; digits in brackets repeat for ever (``0.[3]`` is
Nim, ``4.[3]`` Lasker's Nim); ``!`` after a digit requires the heaps it leaves to be unequal
(Grundy's game is ``4!.0``).

>>> import grundy
>>> grundy.ruleset("kayles").values(12).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> grundy.ruleset("octal:.07").values(10).tolist()
[0, 0, 1, 1, 2, 0, 3, 1, 1, 0]

References: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.) ch. 4; Siegel, *Combinatorial Game
Theory* §IV.2; Gangolli & Plambeck, *A note on periodicity in some octal games*, IJGT 18 (1989).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from grundy.core.errors import LimitError, SpecError
from grundy.rulesets.heaptable import HeapTableGame
from grundy.rulesets.registry import parse_int_list, parse_positive, register

HEX_DIGITS = "0123456789ABCDEF"


@dataclass(frozen=True)
class TakeBreakCode:
    """A parsed code: the digits (with their ``!`` flags) and the repeating tail, if any."""

    text: str
    digits: tuple[int, ...]
    unequal: tuple[bool, ...]
    repeat: tuple[int, ...] = ()
    repeat_unequal: tuple[bool, ...] = ()

    @property
    def finite(self) -> bool:
        return not any(self.repeat)

    @property
    def hexadecimal(self) -> bool:
        return any(d & 8 for d in self.digits + self.repeat)

    @property
    def last_digit(self) -> int:
        """The index k of the last non-zero digit (finite codes)."""
        return max((k for k, d in enumerate(self.digits) if d), default=0)

    @property
    def has_unequal(self) -> bool:
        return any(self.unequal) or any(self.repeat_unequal)

    def digit(self, k: int) -> tuple[int, bool]:
        """Digit k and its ``!`` flag."""
        if k < len(self.digits):
            return self.digits[k], self.unequal[k]
        if not self.repeat:
            return 0, False
        i = (k - len(self.digits)) % len(self.repeat)
        return self.repeat[i], self.repeat_unequal[i]

    def move_lists(self, limit: int) -> tuple[np.ndarray, ...]:
        """The kernels' arrays for removals ``k <= limit``: remove-all, leave-one, split in two
        (with unequal flags), split in three (with unequal flags)."""
        top = limit if not self.finite else min(limit, len(self.digits) - 1)
        lists: list[list[int]] = [[], [], [], []]
        flags: list[list[bool]] = [[], []]
        for k in range(top + 1):
            d, uneq = self.digit(k)
            for bit, which in ((1, 0), (2, 1), (4, 2), (8, 3)):
                if d & bit and (k > 0 or bit >= 4):
                    lists[which].append(k)
                    if which >= 2:
                        flags[which - 2].append(uneq)
        ints = [np.array(x, dtype=np.int64) for x in lists]
        bools = [np.array(x, dtype=np.bool_) for x in flags]
        return ints[0], ints[1], ints[2], bools[0], ints[3], bools[1]


def parse_code(text: str, hexadecimal: bool = False) -> TakeBreakCode:
    """Read an octal (or hexadecimal) code, naming the first bad character if there is one.

    >>> parse_code("4.07").digits, parse_code("0.[3]").repeat
    ((4, 0, 7), (3,))
    """
    kind = "hexadecimal" if hexadecimal else "octal"
    allowed = HEX_DIGITS if hexadecimal else HEX_DIGITS[:8]
    source = text.strip().upper()
    if "." not in source:
        raise SpecError(f"{kind} code {text!r} has no point: write it as d0.d1d2... (e.g. 0.137 or .77)")
    digits: list[int] = []
    unequal: list[bool] = []
    repeat: list[int] = []
    repeat_unequal: list[bool] = []
    seen_point = in_bracket = closed = False
    if source.startswith("."):
        digits.append(0)
        unequal.append(False)
    for position, ch in enumerate(source, start=1):
        target, flags = (repeat, repeat_unequal) if in_bracket else (digits, unequal)
        if closed:
            raise SpecError(f"{kind} code {text!r}: {ch!r} at position {position} follows the repeating ']'")
        if ch == ".":
            if seen_point:
                raise SpecError(f"{kind} code {text!r}: a second '.' at position {position}")
            seen_point = True
            if len(digits) != 1:
                raise SpecError(f"{kind} code {text!r}: exactly one digit d0 may stand before the point")
        elif ch == "[" and seen_point and not in_bracket:
            in_bracket = True
        elif ch == "]" and in_bracket:
            if not repeat:
                raise SpecError(f"{kind} code {text!r}: the brackets at position {position} repeat nothing")
            in_bracket, closed = False, True
        elif ch == "!":
            if position == 1 or source[position - 2] not in allowed:
                raise SpecError(f"{kind} code {text!r}: '!' at position {position} must follow a digit")
            flags[-1] = True
        elif ch in allowed:
            target.append(allowed.index(ch))
            flags.append(False)
        else:
            what = "a hexadecimal digit (0-9, A-F)" if hexadecimal else "an octal digit (0-7)"
            raise SpecError(f"{kind} code {text!r}: {ch!r} at position {position} is not {what}, "
                            "'.', '!', or a bracketed repeat like [3]")
    if in_bracket:
        raise SpecError(f"{kind} code {text!r}: the '[' is never closed")
    if digits[0] & 3:
        raise SpecError(f"{kind} code {text!r}: d0 (before the point) can only split a heap: "
                        f"0 or 4{', 8 or C' if hexadecimal else ''}")
    return TakeBreakCode(text.strip(), tuple(digits), tuple(unequal), tuple(repeat), tuple(repeat_unequal))


class TakeBreak(HeapTableGame):
    """A take-and-break game given by its octal or hexadecimal code.

    Values come from the sparse-space kernel for finite codes whose splits leave two heaps, and
    from the naive kernel otherwise; :meth:`values_by` runs either on demand.
    """

    def __init__(self, code: TakeBreakCode, title: str | None = None) -> None:
        self.value_dtype = np.uint16 if code.finite else np.uint32
        super().__init__()
        self.code = code
        self.splits = True
        self.arithmetic_periodic = not code.finite
        name = title or f"take-and-break {code.text}"
        self.value_rule = f"{name}: values by the mex of every option (xor over the heaps a move leaves)"

    # -- rules -----------------------------------------------------------------------------------
    def moves(self, heap: int) -> Iterator[tuple[int, ...]]:
        remove_all, remove_one, two, two_uneq, three, three_uneq = self.code.move_lists(heap)
        for k in remove_all.tolist():
            if k == heap:
                yield ()
        for k in remove_one.tolist():
            if k < heap:
                yield (heap - k,)
        for k, uneq in zip(two.tolist(), two_uneq.tolist(), strict=True):
            m = heap - k
            for a in range(1, m // 2 + 1):
                if not (uneq and 2 * a == m):
                    yield (a, m - a)
        for k, uneq in zip(three.tolist(), three_uneq.tolist(), strict=True):
            m = heap - k
            for a in range(1, m // 3 + 1):
                for b in range(a, (m - a) // 2 + 1):
                    if not (uneq and (a == b or b == m - a - b)):
                        yield (a, b, m - a - b)

    # -- values ----------------------------------------------------------------------------------
    @property
    def sparse_possible(self) -> bool:
        """The sparse-space kernel covers finite codes with no three-heap splits."""
        return self.code.finite and not self.code.hexadecimal

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        return self.values_by("sparse" if self.sparse_possible else "naive", len(out), out[:start], out)

    def values_by(self, method: str, n: int, known: np.ndarray | None = None,
                  out: np.ndarray | None = None) -> np.ndarray:
        """G(0..n-1) by ``method`` ("naive" or "sparse"), resuming after ``known`` if given.

        Writes into ``out`` when it is given (and wide enough); returns the array written.
        """
        from grundy.kernels import takebreak as kernel

        if method == "sparse" and not self.sparse_possible:
            raise ValueError(f"the sparse kernel needs a finite code without three-heap splits, not {self.code.text}")
        remove_all, remove_one, two, two_uneq, three, three_uneq = self.code.move_lists(max(n - 1, 0))
        start = 0 if known is None else min(len(known), n)
        if out is None:
            out = np.zeros(n, dtype=self.value_dtype)
            out[:start] = known[:start] if known is not None else 0
        while True:
            if method == "sparse":
                split_parities = {k % 2 for k in two.tolist()}
                fold_allowed = len(split_parities) == 1
                fold_target = 1 ^ (split_parities.pop() if fold_allowed else 0)
                stopped = kernel.sparse_fill(out, start, remove_all, remove_one, two, two_uneq,
                                             fold_allowed, fold_target)
            else:
                size = (1 << 16) if out.dtype == np.uint16 else 4 * n + 64
                stopped = kernel.naive_fill(out, start, size, remove_all, remove_one, two, two_uneq,
                                            three, three_uneq)
            if stopped < 0:
                return out
            if out.dtype == np.uint32:
                raise LimitError(f"{self.spec}: values grew past the value table at heap {stopped:,}")
            method, start, out = "naive", stopped, out.astype(np.uint32)

    def period_proof(self) -> tuple[tuple[int, int, int], str] | None:
        if not self.code.finite or self.code.hexadecimal or self.code.has_unequal:
            return None
        k = self.code.last_digit
        return (2, 2, k), (
            f"Guy–Smith periodicity theorem (finite octal game, last digit at {k}): "
            f"G(n+p) = G(n) for n0 <= n < 2·n0 + p + {k} implies it for all n >= n0"
        )


class Lasker(TakeBreak):
    """Lasker's Nim (``4.[3]``): take any number from a heap, or split it into two.

    G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (tested against the rules).
    """

    def __init__(self) -> None:
        super().__init__(parse_code("4.[3]"), "Lasker's Nim")
        self.value_rule = "Lasker's Nim: G(4k+1)=4k+1, G(4k+2)=4k+2, G(4k+3)=4k+4, G(4k+4)=4k+3"

    def grundy(self, heap: int) -> int:
        n = self.validate(heap)
        return n if n % 4 in (1, 2) else n + 1 if n % 4 == 3 else max(n - 1, 0)

    def known_period(self) -> tuple[int, int, int, str]:
        return 1, 4, 4, self.value_rule


class SplitThree(TakeBreak):
    """Take any number from a heap, or split it into three non-empty heaps (``8.[3]``, HDU 5795).

    G(8k+7) = 8k+8, G(8k+8) = 8k+7, otherwise G(n) = n (tested against the rules).
    """

    def __init__(self) -> None:
        super().__init__(parse_code("8.[3]", hexadecimal=True), "take or split in three")
        self.value_rule = "take any, or split in three: G(8k+7) = 8k+8, G(8k+8) = 8k+7, else G(n) = n"

    def grundy(self, heap: int) -> int:
        n = self.validate(heap)
        return n + 1 if n % 8 == 7 else n - 1 if n % 8 == 0 and n else n

    def known_period(self) -> tuple[int, int, int, str]:
        return 1, 8, 8, self.value_rule


def _named(code: str, title: str, hexadecimal: bool = False):
    def make(params: str | None) -> TakeBreak:
        return TakeBreak(parse_code(code, hexadecimal), title)

    return make


@register("octal", "take-and-break games", {
    "CODE": "an octal code d0.d1d2...: dk says what taking k may leave (1: nothing, 2: one heap, "
            "4: two heaps); [..] repeats, ! means unequal heaps (0.137, .77, 4.07, 4.[3])",
})
def _octal(params: str | None) -> TakeBreak:
    assert params is not None
    return TakeBreak(parse_code(params))


@register("hex", "take-and-break games", {"CODE": "a hexadecimal code: as octal, and bit 8 leaves three heaps"})
def _hex(params: str | None) -> TakeBreak:
    assert params is not None
    return TakeBreak(parse_code(params, hexadecimal=True))


NAMED = {
    "kayles": (".77", "Kayles: knock down one pin or two adjacent pins"),
    "dawson-kayles": (".07", "Dawson's Kayles: knock down two adjacent pins"),
    "dawson-chess": (".137", "Dawson's chess: pawns on a 3×n board (octal .137)"),
    "treblecross": (".007", "Treblecross: one-dimensional tic-tac-toe (octal .007)"),
    "officers": (".6", "Officers: take one token, leaving one or two heaps (octal .6)"),
    "grundy-game": ("4!.0", "Grundy's game: split a heap into two unequal heaps"),
    "triangulation": (".07", "draw non-crossing diagonals of a convex polygon of n points (HDU 4664)"),
}
for _name, (_code, _title) in NAMED.items():
    register(_name, "take-and-break games", {"": _title})(_named(_code, _title))


@register("lasker", "take-and-break games", {"": "Lasker's Nim: take any number, or split a heap in two"})
def _lasker(params: str | None) -> Lasker:
    return Lasker()


@register("split3", "take-and-break games",
          {"": "take any number, or split a heap into three non-empty heaps (HDU 5795)"})
def _split3(params: str | None) -> SplitThree:
    return SplitThree()


@register("alice", "take-and-break games", {
    "K": "remove a whole row of at most K, or exactly K from inside a row leaving both sides "
         "non-empty (Alice Game; period 4K+2)",
})
def _alice(params: str | None) -> TakeBreak:
    k = parse_positive(params, "alice")
    code = "0." + "1" * (k - 1) + "5"
    return TakeBreak(parse_code(code), f"Alice game, K = {k}")


@register("tiles", "take-and-break games", {
    "L1,L2,...": "place a tile of one of these lengths on a 1×n strip without overlap (PAS)",
})
def _tiles(params: str | None) -> TakeBreak:
    assert params is not None
    lengths = parse_int_list(params, "tiles")
    digits = ["0"] * (max(lengths) + 1)
    for length in lengths:
        digits[length] = "7"
    return TakeBreak(parse_code(digits[0] + "." + "".join(digits[1:])),
                     f"tiles of length {', '.join(map(str, lengths))}")
