"""Octal and hexadecimal codes of take-and-break games: what the code says, read once here.

A code ``d0.d1d2d3...`` says, for each k, what removing k tokens from a heap may leave: digit dk
has bit 1 — nothing (the heap was exactly k), bit 2 — one non-empty heap, bit 4 — two non-empty
heaps, bit 8 (hexadecimal) — three non-empty heaps; d0 splits a heap without removing any.
``0.137``, ``.137`` and ``4.07`` are accepted; digits in brackets repeat for ever (``0.[3]`` is
Nim, ``4.[3]`` Lasker's Nim); ``!`` after a digit requires the heaps it leaves to be unequal
(Grundy's game is ``4!.0``). :meth:`TakeBreakCode.move_lists` turns a code into the arrays the
kernels of :mod:`grundy.kernels.takebreak` read.

>>> code = parse_code("4.07")
>>> code.digits, code.finite, [a.tolist() for a in code.move_lists(3)[:3]]
((4, 0, 7), True, [[2], [2], [0, 2]])

References: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.) ch. 4; Siegel, *Combinatorial Game
Theory* §IV.2.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from grundy.core.errors import SpecError
from grundy.core.limits import shorten

HEX_DIGITS = "0123456789ABCDEF"
MAX_CODE_DIGITS = 100_000  # digits of a code (the longest take or the longest tile)


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
        ks = np.arange(top + 1, dtype=np.int64)
        digits = np.array(self.digits[: top + 1], dtype=np.int64)
        flags = np.array(self.unequal[: top + 1], dtype=np.bool_)
        if top + 1 > len(digits):
            tail = (ks[len(digits):] - len(self.digits)) % len(self.repeat)
            digits = np.concatenate([digits, np.array(self.repeat, dtype=np.int64)[tail]])
            flags = np.concatenate([flags, np.array(self.repeat_unequal, dtype=np.bool_)[tail]])
        lists = [ks[(digits & bit).astype(bool) & ((ks > 0) | (bit >= 4))] for bit in (1, 2, 4, 8)]
        two, three = (digits & 4).astype(bool), (digits & 8).astype(bool)
        return lists[0], lists[1], lists[2], flags[two], lists[3], flags[three]


def parse_code(text: str, hexadecimal: bool = False) -> TakeBreakCode:
    """Read an octal (or hexadecimal) code, naming the first bad character if there is one.

    >>> parse_code("4.07").digits, parse_code("0.[3]").repeat
    ((4, 0, 7), (3,))
    """
    kind = "hexadecimal" if hexadecimal else "octal"
    allowed = HEX_DIGITS if hexadecimal else HEX_DIGITS[:8]
    source = text.strip().upper()
    if len(source) > MAX_CODE_DIGITS + 3:
        raise SpecError(f"{kind} code {shorten(text.strip())!r} is too long: at most {MAX_CODE_DIGITS:,} digits")
    text = shorten(text.strip())
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
