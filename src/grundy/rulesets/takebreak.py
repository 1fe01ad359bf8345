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
from typing import Any

import numpy as np

from grundy.core.errors import GrundyError, LimitError, SpecError
from grundy.core.limits import shorten
from grundy.core.ruleset import TRUNCATED
from grundy.rulesets.heaptable import PERIOD_PROBE, HeapTableGame
from grundy.rulesets.registry import parse_int_list, parse_positive, register

HEX_DIGITS = "0123456789ABCDEF"
MAX_CODE_DIGITS = 100_000  # digits of a code (the longest take or the longest tile)
MOVES_LISTED = 10_000  # winning moves listed for one heap before TRUNCATED (they are still counted)
SCAN_LIMIT = 1 << 20  # splits valued one by one (three heaps, or a period with saltus) before stopping
CHUNK = 1 << 20  # splits valued at a time from the table


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
        """Every option, lazily (a heap of 10^22 under a repeating code has that many)."""
        code = self.code
        if heap > 0 and code.digit(heap)[0] & 1:
            yield ()
        for k in self._removals(2, 1, heap - 1):
            yield (heap - k,)
        for k in self._removals(4, 0, heap - 2):
            m, uneq = heap - k, code.digit(k)[1]
            for a in range(1, m // 2 + 1):
                if not (uneq and 2 * a == m):
                    yield (a, m - a)
        for k in self._removals(8, 0, heap - 3):
            m, uneq = heap - k, code.digit(k)[1]
            for a in range(1, m // 3 + 1):
                for b in range(a, (m - a) // 2 + 1):
                    if not (uneq and (a == b or b == m - a - b)):
                        yield (a, b, m - a - b)

    def _removals(self, bit: int, first: int, top: int) -> Iterator[int]:
        """The removals ``first <= k <= top`` whose digit has ``bit``, ascending, lazily: the
        repeating part of a code is walked a period at a time, and not at all if no digit of it
        has the bit."""
        digits, repeat = self.code.digits, self.code.repeat
        for k in range(first, min(top, len(digits) - 1) + 1):
            if digits[k] & bit:
                yield k
        residues = [i for i, d in enumerate(repeat) if d & bit]
        if residues:
            for base in range(len(digits), top + 1, len(repeat)):
                for i in residues:
                    if first <= base + i <= top:
                        yield base + i

    # -- values ----------------------------------------------------------------------------------
    @property
    def sparse_possible(self) -> bool:
        """The sparse-space kernel covers finite codes with no three-heap splits."""
        return self.code.finite and not self.code.hexadecimal

    def fill(self, out: np.ndarray, start: int) -> np.ndarray:
        method = "sparse" if self.sparse_possible else "naive"
        return self.values_by(method, len(out), out[:start], out, work_limit=self.work_limit)

    def values_by(self, method: str, n: int, known: np.ndarray | None = None,
                  out: np.ndarray | None = None, work_limit: int = 0) -> np.ndarray:
        """G(0..n-1) by ``method`` ("naive" or "sparse"), resuming after ``known`` if given.

        Writes into ``out`` when it is given (and wide enough); returns the array written. With
        ``work_limit`` > 0 the kernel stops after that many steps: :class:`TableWorkError`, whose
        ``done`` values are final (and whose ``table`` is the array written).
        """
        from grundy.kernels import takebreak as kernel

        if method == "sparse" and not self.sparse_possible:
            raise GrundyError(f"the sparse kernel needs a finite code without three-heap splits, not {self.code.text}")
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
                status, stopped = kernel.sparse_fill(out, start, remove_all, remove_one, two, two_uneq,
                                                     fold_allowed, fold_target, work_limit)
            else:
                size = (1 << 16) if out.dtype == np.uint16 else 4 * n + 64
                status, stopped = kernel.naive_fill(out, start, size, remove_all, remove_one, two, two_uneq,
                                                    three, three_uneq, work_limit)
            if status == kernel.DONE:
                return out
            if status == kernel.WORK:
                error = self.work_stopped(stopped, n, work_limit)
                error.table = out
                raise error
            if out.dtype == np.uint32:
                raise LimitError(f"{self.spec}: values grew past the value table at heap {stopped:,}")
            method, start, out = "naive", stopped, out.astype(np.uint32)

    # -- winning moves ---------------------------------------------------------------------------
    def moves_to_value(self, heap: int, target: int) -> Iterator[Any]:
        """The options of ``heap`` worth ``target``, without valuing every split one by one: at
        numpy speed from the table, and by residue classes of the proved period for heaps past
        it (however large). After :data:`MOVES_LISTED` moves, or a bounded search of splits no
        period can class, the last item is ``TRUNCATED`` (:meth:`count_moves_to_value` counts).

        >>> import grundy
        >>> kayles = grundy.ruleset("kayles")
        >>> moves = list(kayles.moves_to_value(10**30, 0))
        >>> moves[0], moves[-1] is grundy.core.ruleset.TRUNCATED
        ((1, 999999999999999999999999999997), True)
        """
        heap = self.validate(heap)
        self.grundy(heap)  # the table or the period that values this heap (or a LimitError)
        for listed, option in enumerate(self._winning(heap, target)):
            if listed == MOVES_LISTED or option is TRUNCATED:
                yield TRUNCATED
                return
            yield option

    def count_moves_to_value(self, heap: int, target: int) -> int | None:
        """How many options of ``heap`` are worth ``target``, by arithmetic on the table or the
        period's residue classes; None where splits can only be searched (three heaps, a saltus).

        >>> import grundy
        >>> grundy.ruleset("kayles").count_moves_to_value(10**30, 0)
        83333333333333333333333333338
        """
        heap = self.validate(heap)
        self.grundy(heap)
        total = 0
        for kind, *rest in self._groups(heap, target):
            if kind == "one":
                total += 1
            elif kind == "table":
                total += sum(len(hits) for hits in _table_hits(*rest))
            elif kind == "pairs":
                total += rest[2].count()
            else:
                return None
        return total

    def _winning(self, heap: int, target: int) -> Iterator[Any]:
        for kind, *rest in self._groups(heap, target):
            if kind == "one":
                yield rest[0]
            elif kind == "table":
                m = rest[1]
                for hits in _table_hits(*rest):
                    for a in hits.tolist():
                        yield (a, m - a)
            elif kind == "pairs":
                k, m, pairs = rest
                for a in pairs:
                    yield (a, m - a)
            else:
                yield from rest[0]

    def _source(self, heap: int) -> tuple[np.ndarray | None, Any]:
        """(G(0..heap-1), None) from the table, or (None, period) for a heap the period covers."""
        if heap < self._filled:
            return self._buffer[:heap], None
        period = self._period
        if period is None and (heap >= PERIOD_PROBE or self.known_period() is not None):
            period = self.proved_period()
        if period is not None and heap >= 2 * (period.preperiod + period.period) + len(self.code.digits):
            return None, period
        return self.values(heap), None

    def _groups(self, heap: int, target: int) -> Iterator[tuple]:
        """The winning options in groups, lazily: ``("one", option)``, ``("table", values, m,
        target, unequal)``, ``("pairs", k, m, PairSet)`` or ``("scan", options)`` (uncounted)."""
        values, period = self._source(heap)
        if values is None and (period.saltus or not self.code.finite):
            yield from self._far_groups(heap, target, period)
            return
        remove_all, remove_one, two, two_uneq, three, three_uneq = self.code.move_lists(heap)
        if target == 0 and heap in remove_all:
            yield ("one", ())
        ones = remove_one[remove_one < heap]
        if values is not None:
            ones = ones[values[heap - ones] == target]
        else:
            ones = [k for k in ones.tolist() if period.value(heap - k) == target]
        for k in np.asarray(ones).tolist():
            yield ("one", (heap - k,))
        for k, unequal in zip(two.tolist(), two_uneq.tolist(), strict=True):
            m = heap - k
            if m < 2:
                break
            if values is not None:
                yield ("table", values, m, target, unequal)
            else:
                yield ("pairs", k, m, period.pairs(m, target, unequal))
        if len(three) and heap >= 3:
            yield ("scan", self._scan_three(heap, target, three, three_uneq, values, period))

    def _far_groups(self, heap: int, target: int, period: Any) -> Iterator[tuple]:
        """A heap past the table of a code with a repeating part or a saltus: the removals that
        leave one heap come from the values' preimages; splits are searched, bounded."""
        digit = self.code.digit
        if target == 0 and digit(heap)[0] & 1:
            yield ("one", ())
        left = set()
        for k in range(1, min(len(self.code.digits), heap)):
            if digit(k)[0] & 2 and period.value(heap - k) == target:
                left.add(heap - k)
        if self.code.repeat:
            if not period.saltus:
                yield ("scan", self._scan_far(heap, target, period, leave_one=True))
            else:
                left.update(x for x in _preimages(period, target) if 1 <= x <= heap - len(self.code.digits)
                            and digit(heap - x)[0] & 2)
        for x in sorted(left, reverse=True):
            yield ("one", (x,))
        yield ("scan", self._scan_far(heap, target, period, leave_one=False))

    def _scan_far(self, heap: int, target: int, period: Any, leave_one: bool) -> Iterator[Any]:
        """Removals k (ascending) and their splits, valued one by one up to :data:`SCAN_LIMIT`."""
        budget = SCAN_LIMIT
        k = len(self.code.digits) if leave_one else 0
        while k <= heap:
            d, unequal = self.code.digit(k)
            m = heap - k
            if leave_one:
                if d & 2 and k and m and period.value(m) == target:
                    yield (m,)
            else:
                if d & 4 and m >= 2:
                    for a in range(1, min(m // 2, budget) + 1):
                        if not (unequal and 2 * a == m) and period.value(a) ^ period.value(m - a) == target:
                            yield (a, m - a)
                    budget -= min(m // 2, budget)
                if d & 8 and m >= 3:
                    for a in range(1, min(m // 3, budget) + 1):
                        for b in range(a, min((m - a) // 2, a + budget) + 1):
                            budget -= 1
                            c = m - a - b
                            if not (unequal and (a == b or b == c)) and \
                                    period.value(a) ^ period.value(b) ^ period.value(c) == target:
                                yield (a, b, c)
            budget -= 1
            if budget <= 0:
                yield TRUNCATED
                return
            k += 1

    def _scan_three(self, heap: int, target: int, three: np.ndarray, three_uneq: np.ndarray,
                    values: np.ndarray | None, period: Any) -> Iterator[Any]:
        """Splits into three heaps, a row of ``b`` at a time at numpy speed, bounded."""
        budget = SCAN_LIMIT
        for k, unequal in zip(three.tolist(), three_uneq.tolist(), strict=True):
            m = heap - k
            for a in range(1, m // 3 + 1):
                b = np.arange(a, (m - a) // 2 + 1, dtype=np.int64)
                budget -= len(b)
                if budget < 0:
                    yield TRUNCATED
                    return
                if values is not None:
                    xs = values[b] ^ values[m - a - b] ^ values[a]
                else:
                    xs = np.array([period.value(x) ^ period.value(m - a - x) ^ period.value(a) for x in b.tolist()])
                for x in b[xs == target].tolist():
                    if not (unequal and (a == x or x == m - a - x)):
                        yield (a, x, m - a - x)

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


def _table_hits(values: np.ndarray, m: int, target: int, unequal: bool) -> Iterator[np.ndarray]:
    """The heaps ``a`` of the splits ``m -> (a, m - a)``, ``a <= m - a``, worth ``target``, from
    the table G(0..m), a chunk of :data:`CHUNK` splits at a time (ascending)."""
    half = m // 2
    for start in range(1, half + 1, CHUNK):
        a = np.arange(start, min(start + CHUNK, half + 1), dtype=np.int64)
        hits = a[(values[a] ^ values[m - a]) == target]
        if unequal and m % 2 == 0 and len(hits) and hits[-1] == half:
            hits = hits[:-1]
        yield hits


def _preimages(period: Any, target: int) -> list[int]:
    """The heaps worth ``target`` under an arithmetic period with a non-zero saltus (finitely many)."""
    n0, p, s = period.preperiod, period.period, period.saltus
    found = [x for x in range(n0) if period.value(x) == target]
    for r in range(p):
        j, rest = divmod(target - period.value(n0 + r), s)
        if not rest and j >= 0:
            found.append(n0 + r + j * p)
    return found


def _named(code: str, title: str, hexadecimal: bool = False):
    def make(params: str | None) -> TakeBreak:
        return TakeBreak(parse_code(code, hexadecimal), title)

    return make


@register("octal", "take-and-break games", {
    "CODE": "an octal code d0.d1d2...: dk says what taking k may leave (1: nothing, 2: one heap, "
            "4: two heaps); [..] repeats, ! means unequal heaps (0.137, .77, 4.07, 4.[3])",
}, examples=("octal:0.137 7 11", "octal:4.07 6 9", "octal:0.[3] 8"))
def _octal(params: str | None) -> TakeBreak:
    assert params is not None
    return TakeBreak(parse_code(params))


@register("hex", "take-and-break games", {"CODE": "a hexadecimal code: as octal, and bit 8 leaves three heaps"},
          examples=("hex:0.f 5 7", "hex:0.8 9"))
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
    register(_name, "take-and-break games", {"": _title}, examples=(f"{_name} 4 7 10", f"{_name} 3 3 9"))(
        _named(_code, _title))


@register("lasker", "take-and-break games", {"": "Lasker's Nim: take any number, or split a heap in two"},
          examples=("lasker 4 7 9", "lasker 3 3 8"))
def _lasker(params: str | None) -> Lasker:
    return Lasker()


@register("split3", "take-and-break games",
          {"": "take any number, or split a heap into three non-empty heaps (HDU 5795)"},
          examples=("split3 5 8", "split3 4 4 6"))
def _split3(params: str | None) -> SplitThree:
    return SplitThree()


@register("alice", "take-and-break games", {
    "K": "remove a whole row of at most K, or exactly K from inside a row leaving both sides "
         "non-empty (Alice Game; period 4K+2)",
}, examples=("alice:2 7 11", "alice:1 5 6"))
def _alice(params: str | None) -> TakeBreak:
    k = parse_positive(params, "alice", maximum=MAX_CODE_DIGITS)
    code = "0." + "1" * (k - 1) + "5"
    return TakeBreak(parse_code(code), f"Alice game, K = {k}")


@register("tiles", "take-and-break games", {
    "L1,L2,...": "place a tile of one of these lengths on a 1×n strip without overlap (PAS)",
}, examples=("tiles:2,3 7 10", "tiles:1 6"))
def _tiles(params: str | None) -> TakeBreak:
    assert params is not None
    lengths = parse_int_list(params, "tiles", maximum=MAX_CODE_DIGITS)
    digits = ["0"] * (max(lengths) + 1)
    for length in lengths:
        digits[length] = "7"
    return TakeBreak(parse_code(digits[0] + "." + "".join(digits[1:])),
                     f"tiles of length {', '.join(map(str, lengths))}")
