"""The take-and-break ruleset: any octal or hexadecimal code (:mod:`grundy.rulesets.octal_codes`) on
one general engine, with values from the kernels and winning moves without valuing every split.

Values come from the sparse-space kernel (Winning Ways ch. 4, Gangolli–Plambeck 1989) for finite
codes whose splits leave two heaps, and from the naive kernel otherwise; heaps past the table are
answered from a proved period. The games registered by name are in
:mod:`grundy.rulesets.takebreak_games`.

>>> from grundy.rulesets.octal_codes import parse_code
>>> rules = TakeBreak(parse_code(".77"), "Kayles")
>>> rules.values(12).tolist(), rules.values_by("naive", 12).tolist() == rules.values(12).tolist()
([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], True)

References: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.) ch. 4; Siegel, *Combinatorial Game
Theory* §IV.2; Gangolli & Plambeck, *A note on periodicity in some octal games*, IJGT 18 (1989).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from grundy.core import limits
from grundy.core.errors import GrundyError, LimitError
from grundy.core.ruleset import TRUNCATED, whole_count
from grundy.rulesets.heaptable import PERIOD_PROBE, HeapTableGame
from grundy.rulesets.octal_codes import TakeBreakCode

MOVES_LISTED = 10_000  # winning moves listed for one heap before TRUNCATED (they are still counted)
SCAN_LIMIT = 1 << 20  # splits valued one by one (three heaps, or a period with saltus) before stopping
CHUNK = 1 << 20  # splits valued at a time from the table


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
        self.sparse_stats = None  # (mask, rare) of the last sparse fill (see Ruleset.sparse_stats)
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

    def rare_mask(self, values: np.ndarray) -> int | None:
        """The mask by which the sparse kernel would class ``values`` (G(0), G(1), ...) as rare or
        common, chosen over all of them: the same for the same values, however they were computed
        (the kernel's own mask depends on where its calls began). None where the kernel does not run.

        >>> import grundy
        >>> grundy.ruleset("kayles").rare_mask(grundy.ruleset("kayles").values(1000))
        15
        """
        if not self.sparse_possible:
            return None
        from grundy.kernels import takebreak as kernel

        *_, fold_allowed, fold_target = self.sparse_moves(len(values))
        return int(kernel.choose_mask(values, len(values), fold_allowed, fold_target)[0])

    def sparse_moves(self, n: int) -> tuple:
        """The sparse kernel's arguments for heaps below ``n``: the move lists (removals leaving
        nothing, one heap, two heaps; the two-heap removals' unequal flags), whether position
        parity may be folded into the rare/common classes (every split removes amounts of one
        parity, so the two heaps of a split of n have sizes adding to n's parity) and the class
        parity that is common when it is (Winning Ways ch. 4)."""
        remove_all, remove_one, two, two_uneq, _, _ = self.code.move_lists(max(n - 1, 0))
        split_parities = {k % 2 for k in two.tolist()}
        fold_allowed = len(split_parities) == 1
        fold_target = 1 ^ (split_parities.pop() if fold_allowed else 0)
        return remove_all, remove_one, two, two_uneq, fold_allowed, fold_target

    def values_by(self, method: str, n: int, known: np.ndarray | None = None,
                  out: np.ndarray | None = None, work_limit: int = 0) -> np.ndarray:
        """G(0..n-1) by ``method`` ("naive" or "sparse"), resuming after ``known`` if given.

        Writes into ``out`` when it is given (and wide enough); returns the array written. With
        ``work_limit`` > 0 the kernel stops after that many steps: :class:`TableWorkError`, whose
        ``done`` values are final (and whose ``table`` is the array written). After a sparse fill
        :attr:`sparse_stats` is ``(mask, rare)``: the mask that classes values as rare or common
        at the end of the fill, and how many heaps below it the kernel lists (the rare ones, and
        common ones whose value was new since the mask was chosen); None before any. The kernel's
        steps are added to :attr:`work_done`.
        """
        from grundy.kernels import takebreak as kernel

        n = whole_count(n, "values_by(method, n)")
        if method not in ("naive", "sparse"):
            raise GrundyError(f"values_by: the method is 'naive' or 'sparse', not {limits.shorten(repr(method))}")
        if method == "sparse" and not self.sparse_possible:
            raise GrundyError(f"the sparse kernel needs a finite code without three-heap splits, not {self.code.text}")
        remove_all, remove_one, two, two_uneq, three, three_uneq = self.code.move_lists(max(n - 1, 0))
        start = 0 if known is None else min(len(known), n)
        if out is None:
            out = np.zeros(n, dtype=self.value_dtype)
            out[:start] = known[:start] if known is not None else 0
        while True:
            if method == "sparse":
                status, stopped, mask, listed, work = kernel.sparse_fill(out, start, *self.sparse_moves(n),
                                                                         work_limit)
                self.sparse_stats = (int(mask), int(listed))
            else:
                size = (1 << 16) if out.dtype == np.uint16 else 4 * n + 64
                status, stopped, work = kernel.naive_fill(out, start, size, remove_all, remove_one, two, two_uneq,
                                                          three, three_uneq, work_limit)
            self.work_done += int(work)
            if status == kernel.DONE:
                return out
            if status == kernel.WORK:
                error = self.work_stopped(stopped, n, work_limit)
                error.table = out
                raise error
            if out.dtype == np.uint32:
                raise LimitError(f"{self.spec}: values grew past the value table at heap {stopped:,}")
            method, start, out = "naive", stopped, out.astype(np.uint32)
            work_limit = max(work_limit - int(work), 1) if work_limit else 0  # the rest of the same budget

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
        """The periodicity theorem of a finite code whose moves leave heaps of any sizes (no ``!``).

        Octal (at most two heaps left): the Guy–Smith theorem. Hexadecimal (three heaps): the same
        argument, with m0 = max(n0, 1) so that a heap shifted by p stays non-empty. Take n past
        the window and suppose G(m + p) = G(m) for n0 <= m < n. A move from n + p removes k <= t
        and leaves heaps summing to n + p - k; if all three were below m0 + p they would sum to
        at most 3·m0 + 3p - 3, so for n >= 3·m0 + 2p + t - 2 one of them is at least m0 + p and
        taking p from it gives a move from n worth the same. A move from n leaves heaps summing to
        n - k >= 3·m0 - 2, so one is at least m0 and adding p to it gives a move from n + p worth
        the same (moves leaving one or two heaps need less). So the options of n and n + p have
        the same values, and G(n + p) = G(n). (Winning Ways, ch. 4; Siegel, *Combinatorial Game
        Theory*, §IV.2, for the octal case.)
        """
        from grundy.patterns.period import window_end

        if not self.code.finite or self.code.has_unequal:
            return None
        k = self.code.last_digit
        if self.code.hexadecimal:
            return (3, 3, k - 2), (
                f"periodicity theorem for games leaving up to three heaps (finite hexadecimal code, last digit at "
                f"{k}): G(n+p) = G(n) for n0 <= n < {window_end(3, 2, k - 2, 'max(n0, 1)')} implies it for all n >= n0"
            )
        return (2, 2, k), (
            f"Guy–Smith periodicity theorem (finite octal game, last digit at {k}): "
            f"G(n+p) = G(n) for n0 <= n < {window_end(2, 1, k)} implies it for all n >= n0"
        )


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
