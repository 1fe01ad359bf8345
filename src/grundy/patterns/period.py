"""Periodicity of a heap game's values, proved where a theorem applies.

A sequence G is (arithmetic-)periodic with preperiod n0, period p and saltus s when
``G(n + p) = G(n) + s`` for all ``n >= n0``; ``preperiod`` is the least such n0 counted from heap 0
(Kayles: 71, period 12). Values are computed by doubling the table until a theorem proves the
period seen (``proved``) or ``max_n`` is reached (then the period is only observed, if at all).

>>> from grundy import ruleset
>>> p = find_period(ruleset("subtraction:1,3,4"))
>>> (p.preperiod, p.period, p.proved)
(0, 7, True)
>>> p.p_positions()
'P-positions: n ≡ 0, 2 (mod 7)'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.core import limits
from grundy.core.errors import ComponentError, GrundyError, Interrupted, LimitError, TableWorkError
from grundy.core.notebook import html_table
from grundy.core.ruleset import Ruleset, is_natural

FIRST_LENGTH = 256
NO_THEOREM = "no periodicity theorem applies to this game"
ARITHMETIC = "arithmetic-periodic (each period adds the saltus): the periodicity theorem proves only plain periods"
DEFAULT_MAX = 1 << 26  # values computed when no --max is given (and the memory budget allows)
BLOCK_SECONDS = 3.0  # the work of one block of values, so progress and Ctrl-C answer promptly
IN_SIGHT = 1 / 16  # a period seen over this share of the values (and once whole) is "in sight": blocks end at its proof


@dataclass(frozen=True)
class PairSet:
    """The heaps ``a`` (``1 <= a <= m // 2``) of the splits ``m -> (a, m - a)`` worth a target.

    ``small`` lists some of them; the others are every ``a`` in ``lo .. hi`` whose residue mod
    ``step`` is in ``residues`` (none when ``residues`` is empty), except ``skip``. Ascending
    iteration and the count cost O(len(small) + len(residues)) however large ``m`` is.
    """

    small: tuple[int, ...]
    residues: tuple[int, ...] = ()
    lo: int = 1
    hi: int = 0
    step: int = 1
    skip: int | None = None

    def count(self) -> int:
        """How many heaps ``a`` there are (an exact, possibly astronomically large, integer)."""
        total = len(self.small)
        for r in self.residues:
            total += (self.hi - r) // self.step - (self.lo - 1 - r) // self.step
        if self.skip is not None and self.lo <= self.skip <= self.hi and self.skip % self.step in self.residues:
            total -= 1
        return total

    def __iter__(self) -> Iterator[int]:
        """The heaps ``a`` in ascending order (lazily: the periodic part may be endless in practice)."""
        before = [a for a in self.small if a < self.lo]
        yield from before
        if self.residues:
            block = self.lo - self.lo % self.step
            while block <= self.hi:
                for r in self.residues:
                    a = block + r
                    if self.lo <= a <= self.hi and a != self.skip:
                        yield a
                block += self.step
        yield from (a for a in self.small if a >= self.lo)


@dataclass
class Periodicity:
    """What :func:`find_period` found: the period, how it is known, and the values behind it."""

    spec: str
    preperiod: int
    period: int | None
    saltus: int
    proved: bool
    reason: str
    values: np.ndarray = field(repr=False)

    @property
    def values_computed(self) -> int:
        return int(len(self.values))

    @property
    def max_value(self) -> int:
        return int(self.values.max()) if len(self.values) else 0

    def value(self, n: int) -> int:
        """G(n) for any heap, from the values and the period (``n`` may be astronomically large)."""
        if not is_natural(n):
            raise ComponentError(f"{limits.shorten(repr(n))} is not a heap of {self.spec}: expected a non-negative "
                                 "integer")
        n = int(n)
        if n < len(self.values):
            return int(self.values[n])
        self._require_period(n)
        cycles, offset = divmod(n - self.preperiod, self.period)
        return int(self.values[self.preperiod + offset]) + cycles * self.saltus

    def values_at(self, heaps: np.ndarray) -> np.ndarray:
        """G of many heaps at once, from the values computed and the period past them.

        Parameters
        ----------
        heaps : array of int
            Heap sizes, each below 2^63 (:meth:`value` takes any size, one at a time).

        Returns
        -------
        numpy.ndarray
            int64 values: ``values[n]`` where it was computed, else
            ``G(n0 + (n - n0) mod p) + saltus·⌊(n - n0) / p⌋`` (n0 the preperiod, p the period).

        Raises
        ------
        GrundyError
            A heap lies past the values computed and no period is known.

        Examples
        --------
        >>> import grundy
        >>> grundy.period("lasker").values_at(np.array([0, 3, 4, 7, 8, 10**9])).tolist()
        [0, 4, 3, 8, 7, 999999999]

        Reference: Winning Ways, ch. 4 (arithmetic periodicity, the saltus).
        """
        heaps = np.asarray(heaps)
        if heaps.size and (heaps.dtype.kind not in "iu" or heaps.min() < 0):
            wrong = heaps.ravel()[0] if heaps.dtype.kind not in "iu" else heaps.min()
            raise ComponentError(f"values_at takes heap sizes, non-negative integers below 2^63, not {wrong.item()!r}")
        heaps = heaps.astype(np.int64)
        table = self.values
        inside = heaps < len(table)
        if inside.all():
            return table[heaps].astype(np.int64)
        self._require_period(int(heaps[~inside][0]))
        cycles, offset = np.divmod(heaps - self.preperiod, self.period)
        far = table[self.preperiod + offset].astype(np.int64) + cycles * self.saltus
        return np.where(inside, table[np.where(inside, heaps, 0)].astype(np.int64), far)

    def _require_period(self, n: int) -> None:
        if self.period is None:
            raise GrundyError(f"no period is known for {self.spec}, so G({n}) is not determined")

    def pairs(self, m: int, target: int, unequal: bool = False) -> PairSet:
        """The splits of a heap of ``m`` into two non-empty heaps ``(a, m - a)``, ``a <= m - a``,
        with ``G(a) xor G(m - a) == target`` (``unequal``: not two equal heaps).

        For ``a`` and ``m - a`` both at least the preperiod, the value of a split depends on
        ``a mod period`` only, so O(preperiod + period) checks describe all of them, for any m.
        Needs a period with saltus 0.

        >>> import grundy, itertools
        >>> found = grundy.period("kayles")
        >>> pairs = found.pairs(10**30, 0)
        >>> first = list(itertools.islice(pairs, 50))
        >>> pairs.count() > 10**28, all(found.value(a) == found.value(10**30 - a) for a in first)
        (True, True)
        """
        if self.period is None or self.saltus:
            raise GrundyError(f"{self.spec}: splits are classed by a period with saltus 0")
        n0, p = self.preperiod, self.period
        half = m // 2
        skip = half if unequal and m % 2 == 0 else None
        lo, hi = max(n0, 1), min(half, m - n0)
        if hi - lo < 2 * p:  # a short range: look at every split
            a = np.arange(1, half + 1, dtype=np.int64)
            small = a[(self.values_at(a) ^ self.values_at(m - a)) == target].tolist()
            return PairSet(tuple(x for x in small if x != skip))
        below = np.arange(1, lo, dtype=np.int64)
        small = below[(self.values_at(below) ^ self._far_values(m, below)) == target].tolist()
        cycle = np.arange(lo, lo + p, dtype=np.int64)
        hits = cycle[(self.values_at(cycle) ^ self._far_values(m, cycle)) == target]
        return PairSet(tuple(small), tuple(sorted((hits % p).tolist())), lo, hi, p, skip)

    def _far_values(self, m: int, heaps: np.ndarray) -> np.ndarray:
        """G(m - a) for an array of heaps a with m - a >= preperiod, for any (huge) m."""
        n0, p = self.preperiod, self.period
        return self.values.astype(np.int64)[n0 + ((m - n0) % p - heaps) % p]

    def p_positions(self) -> str:
        """The P-positions (value 0) in words, e.g. ``P-positions: n ≡ 0, 2 (mod 7)``."""
        if self.period is None:
            zeros = _first_zeros(self.values, 21)
            shown = ", ".join(map(str, zeros[:20]))
            return f"P-positions among the first {self.values_computed}: {shown}" + (" ..." if len(zeros) > 20 else "")
        n0, p = self.preperiod, self.period
        zeros = np.flatnonzero(self.values[:n0 + p] == 0)  # the rest repeats these (no copy of a long table)
        if self.saltus:
            early = zeros[zeros < n0 + p]
            tail = "" if self.saltus > 0 else " and more, as values fall"
            return "P-positions: " + (", ".join(map(str, early.tolist())) or "none") + tail
        residues = sorted({int(m) % p for m in zeros if n0 <= m < n0 + p})
        text = "P-positions: " + (f"n ≡ {', '.join(map(str, residues))} (mod {p})" if residues else "none")
        if _irregular_below(self.values, n0, p, residues):
            below = ", ".join(str(int(m)) for m in zeros if m < n0) or "none"
            text += f" for n >= {n0}; below {n0}: {below}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "preperiod": self.preperiod,
            "period": self.period,
            "saltus": self.saltus,
            "proved": self.proved,
            "reason": self.reason,
            "values_computed": self.values_computed,
            "max_value": self.max_value,
            "p_positions": self.p_positions(),
        }

    def __str__(self) -> str:
        if self.period is None:
            return f"{self.spec}: no period found in {self.values_computed:,} values ({self.reason})"
        status = "proved" if self.proved else "observed, not proved"
        saltus = f", saltus {self.saltus}" if self.saltus else ""
        return (f"{self.spec}: preperiod {self.preperiod}, period {self.period}{saltus} "
                f"({status}: {self.reason})")

    def _repr_html_(self) -> str:
        return html_table(self.to_dict().items())


@dataclass(frozen=True)
class SearchStatus:
    """Where a period search stands, as :func:`find_period` reports it to ``progress``.

    ``candidate`` is the least ``(period, preperiod, saltus)`` in sight (holding over the last
    stretch of values), ``needed`` the values its proof needs (None without a theorem), ``rare``
    the rare values the sparse-space kernel has listed (None for other kernels), ``rate`` values
    per second over the last block.
    """

    values: int
    limit: int
    candidate: tuple[int, int, int] | None
    needed: int | None
    rare: int | None
    rate: float


def default_max(rules: Ruleset) -> int:
    """The values a search computes when no ``max_n`` is given: :data:`DEFAULT_MAX`, or fewer when
    the memory budget holds fewer (a table of a game without one counts against ``--max-states``)."""
    if not rules.keeps_table:
        return min(DEFAULT_MAX, max(limits.current().max_states, FIRST_LENGTH))
    itemsize = np.dtype(rules.value_dtype).itemsize
    free = max(limits.current().memory - limits.resident_bytes(), 0)
    return max(min(DEFAULT_MAX, free // itemsize), FIRST_LENGTH)


def table_bytes(rules: Ruleset, max_n: int) -> int:
    """The memory a search of up to ``max_n`` values takes for its table."""
    return max_n * np.dtype(rules.value_dtype).itemsize if rules.keeps_table else 0


def find_period(spec: Ruleset | Sequence[int] | np.ndarray, max_n: int | None = None,
                progress: Callable[[SearchStatus], Any] | None = None, bounded: bool = False) -> Periodicity:
    """Find the least preperiod and period of a heap game's values, proving them where possible.

    The values are computed a block at a time (a few seconds of work at most); after each block
    the least period in sight is looked for, and when a theorem applies the next block ends
    exactly where the theorem is met for it, so a proof costs no values past the ones it needs.

    Parameters
    ----------
    spec:
        A ruleset whose components are heap sizes (:func:`grundy.period` also reads a spec
        string), or any sequence of integers (then the period can only be observed, never proved).
    max_n:
        The most values to compute. Default :data:`DEFAULT_MAX` (``2**26``), or what the memory
        budget holds; a game without a table of its own stops at ``--max-states`` values. An
        explicit ``max_n`` whose table does not fit the memory budget is refused at once
        (:class:`~grundy.core.errors.LimitError`). Where no theorem applies, a period is only
        observed: by default the search stops at the first period seen (over half the values and
        three whole periods); with ``max_n`` given it computes all ``max_n`` values and reports
        the least period they show.
    progress:
        Optional callable, given a :class:`SearchStatus` after each block.
    bounded:
        Stop when computing the values passes the work budget (``--max-states`` positions, each
        worth a hundred kernel steps) and report what was found so far (the table's quick probes
        for a period use this).

    Returns
    -------
    Periodicity
        ``proved`` says whether a theorem (named in ``reason``) covers the values checked.

    Raises
    ------
    Interrupted
        On Ctrl-C; its ``partial`` is the :class:`Periodicity` of the values computed so far.

    Reference: Winning Ways, ch. 4; Siegel, *Combinatorial Game Theory*, §IV.2 (periodicity theorems).
    """
    from grundy.kernels.period import least_period

    if isinstance(spec, (list, tuple, np.ndarray)):
        values = np.asarray(spec, dtype=np.int64)
        found = least_period(values, None, saltus_allowed=True)
        if found is None:
            return Periodicity("sequence", 0, None, 0, False, "no period seen in these values", values)
        return _found_in("sequence", found, False, "observed in the given values", values)
    rules = spec
    rules.require_heaps("a period")
    to_max = max_n is not None
    max_n = default_max(rules) if max_n is None else max_n
    if bounded:
        max_n = min(max_n, max(limits.current().max_states, FIRST_LENGTH))
    known = rules.known_period()
    if known is not None:
        n0, p, saltus, why = known
        values = rules.values(min(max_n, max(FIRST_LENGTH, 2 * (n0 + p))))
        return Periodicity(rules.spec, n0, p, saltus, True, f"closed form: {why}", np.asarray(values))
    return _Search(rules, max_n, bounded, progress, to_max).run()


class _Search:
    """One period search of a heap game: the values grow a block at a time until a period is
    proved (or observed, where no theorem applies) or ``max_n`` values are computed."""

    def __init__(self, rules: Ruleset, max_n: int, bounded: bool, progress: Any, to_max: bool) -> None:
        self.rules, self.max_n, self.bounded, self.progress, self.to_max = rules, max_n, bounded, progress, to_max
        proof = rules.period_proof()
        self.proof, self.theorem = proof if proof is not None else (None, "")
        self.arithmetic = rules.arithmetic_periodic if proof is not None else True
        self.values = np.zeros(0, dtype=np.int64)
        self.candidate: tuple[int, int, int] | None = None
        self.candidate_at = 0  # the values the candidate was looked for in
        self.rate = 0.0
        if rules.keeps_table:
            check_table_memory(rules, max_n)
            rules.reserve(max_n)  # one buffer for the whole search: no copies as the table grows
        else:
            limits.check_table(max_n, f"a period search of {rules.spec}")

    def run(self) -> Periodicity:
        from grundy.kernels.period import least_period

        n, stopped = min(FIRST_LENGTH, self.max_n), False
        try:
            while True:
                stopped = not self._compute(n)
                if self.proof is not None:
                    found = least_period(self.values, self.proof, saltus_allowed=self.arithmetic)
                    if found is not None:
                        return self._result(found, True, self.theorem)
                    if not self.arithmetic and not self.to_max and (seen := self._arithmetic_seen()) is not None:
                        return self._result(seen, False, ARITHMETIC)
                elif not self.to_max and (found := least_period(self.values, None, saltus_allowed=True)) is not None:
                    return self._result(found, False, NO_THEOREM)
                self.candidate = least_period(self.values, None, saltus_allowed=self.arithmetic,
                                              share=IN_SIGHT, periods=1)
                self.candidate_at = len(self.values)
                self._report()
                if stopped or len(self.values) >= self.max_n:
                    break
                n = self._next_length()
        except KeyboardInterrupt:
            raise Interrupted(self._interrupted()) from None
        if self.proof is None:
            return self._observed(stopped)
        return self._so_far(f"the search stopped at its work budget; raise {limits.knob('max_states')}" if stopped
                            else f"raise {limits.knob('max')}")

    def _compute(self, n: int) -> bool:
        """G(0 .. n-1) into ``self.values``; False when the work budget stopped the kernel first."""
        began = time.perf_counter()
        before = len(self.values)
        complete = True
        try:
            values = self.rules.values(n, bounded=self.bounded) if self.rules.keeps_table else self.rules.values(n)
        except TableWorkError as stop:
            if stop.done < 2:
                raise
            values, complete = self.rules.values(stop.done), False
        except Interrupted as stop:  # a game valued heap by heap (--rules) keeps the values it finished
            if isinstance(stop.partial, list) and len(stop.partial) > before:
                self.values = np.asarray(stop.partial, dtype=np.int64)
            raise
        self.values = np.asarray(values)
        self.rate = (len(self.values) - before) / max(time.perf_counter() - began, 1e-9)
        return complete

    def _next_length(self) -> int:
        """Where the next block ends: where the proof of the period in sight is complete, if that
        is near, else twice as far; at most a couple of seconds' work and ``max_n``."""
        n = len(self.values)
        target = 2 * n
        needed = self._needed()
        if needed is not None and n < needed < 2 * n:
            target = needed
        step = max(n // 4, int(self.rate * BLOCK_SECONDS))
        return min(target, n + step, self.max_n)

    def _needed(self) -> int | None:
        if self.proof is None or self.candidate is None:
            return None
        a, b, c = self.proof
        p, n0, _ = self.candidate
        return a * max(n0, 1) + b * p + c  # as the kernel counts it: a preperiod of 0 counts as 1

    def _report(self) -> None:
        if self.progress is not None:
            stats = self.rules.sparse_stats
            self.progress(SearchStatus(len(self.values), self.max_n, self.candidate, self._needed(),
                                       None if stats is None else int(stats[1]), self.rate))

    def _result(self, found: tuple[int, int, int], proved: bool, why: str) -> Periodicity:
        return _found_in(self.rules.spec, found, proved, why, self.values)

    def _so_far(self, why: str) -> Periodicity:
        """The answer from all the values computed, when the search ended unproved."""
        from grundy.kernels.period import least_period

        n = len(self.values)
        found = least_period(self.values, None, saltus_allowed=True)
        if found is not None and found[2] != 0 and not self.arithmetic:
            return self._result(found, False, f"{ARITHMETIC}; seen in the {n:,} values computed ({why})")
        if found is not None:
            return self._result(found, False, f"the theorem needs more than the {n:,} values computed ({why})")
        return Periodicity(self.rules.spec, 0, None, 0, False, f"{why} to look further", self.values)

    def _arithmetic_seen(self) -> tuple[int, int, int] | None:
        """An arithmetic period (saltus not 0) in sight, which the theorem cannot prove: values
        that keep growing never become periodic, so the search stops there as it does where no
        theorem applies."""
        from grundy.kernels.period import least_period

        found = least_period(self.values, None, saltus_allowed=True)
        return found if found is not None and found[2] != 0 else None

    def _observed(self, stopped: bool) -> Periodicity:
        """The answer of a game no theorem covers, from all the values computed (``max_n`` was
        given, so every one of them is looked at)."""
        from grundy.kernels.period import least_period

        n = len(self.values)
        where = (f"the {n:,} values computed before the work budget stopped the search (raise "
                 f"{limits.knob('max_states')})" if stopped else f"all {n:,} values computed")
        found = least_period(self.values, None, saltus_allowed=True)
        if found is None:
            return Periodicity(self.rules.spec, 0, None, 0, False, f"{NO_THEOREM}; no period seen in {where}",
                               self.values)
        return self._result(found, False, f"{NO_THEOREM}; observed over {where}")

    def _interrupted(self) -> Periodicity:
        """What was found when the user stopped the search: the period in sight in the values
        computed so far and how far its proof got."""
        from grundy.kernels.period import least_period

        n = len(self.values)
        if n != self.candidate_at:  # values finished inside the block Ctrl-C stopped (maybe a few: 3 periods)
            self.candidate = least_period(self.values, None, saltus_allowed=self.arithmetic, share=IN_SIGHT,
                                          periods=3)
        why = f"interrupted after {n:,} values"
        if self.candidate is None:
            return Periodicity(self.rules.spec, 0, None, 0, False, why + "; no period in sight yet", self.values)
        why += f"; the period in sight holds from heap {self.candidate[1]:,} on"
        needed = self._needed()
        if needed is not None:
            why += f", and its proof needs {needed:,} values ({min(99, 100 * n // needed)}% there)"
        return self._result(self.candidate, False, why)


def check_table_memory(rules: Ruleset, max_n: int) -> None:
    """Refuse at once a search whose table of ``max_n`` values would not fit the memory budget."""
    need = table_bytes(rules, max_n)
    limit = limits.current().memory
    free = max(limit - limits.resident_bytes(), 0)
    if need > free:
        raise LimitError(f"{rules.spec}: a period search over up to {max_n:,} values needs "
                         f"{limits.format_size(need)} of memory for the table, more than the "
                         f"{limits.format_size(free)} left of the {limits.format_size(limit)} budget; "
                         f"lower {limits.knob('max')} or raise {limits.knob('max_memory')}")


def _irregular_below(values: np.ndarray, n0: int, p: int, residues: list[int], block: int = 1 << 16) -> bool:
    """Whether some heap below ``n0`` is a P-position or not against its residue class mod ``p``
    (a block at a time: tables of ten million values are checked at numpy speed)."""
    periodic = np.zeros(p, dtype=bool)
    periodic[residues] = True
    for start in range(0, n0, block):
        heaps = np.arange(start, min(n0, start + block))
        if np.any((values[heaps] == 0) != periodic[heaps % p]):
            return True
    return False


def _first_zeros(values: np.ndarray, count: int, block: int = 1 << 16) -> list[int]:
    """The first ``count`` heaps worth 0, looked for a block at a time (no copy of a long table)."""
    found: list[int] = []
    for start in range(0, len(values), block):
        found += (np.flatnonzero(values[start:start + block] == 0) + start).tolist()
        if len(found) >= count:
            break
    return found[:count]


def _found_in(name: str, found: tuple[int, int, int], proved: bool, why: str, values: np.ndarray) -> Periodicity:
    p, n0, saltus = found
    return Periodicity(name, n0, p, saltus, proved, why, values)
