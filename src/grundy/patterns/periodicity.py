"""What a period search finds: the preperiod, period and saltus of a heap game's values, how they
are known, and G of any heap from them (:class:`Periodicity`); the splits of a heap worth a value,
classed by the period (:class:`PairSet`). The search itself is :mod:`grundy.patterns.period`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.core import limits
from grundy.core.errors import ComponentError, GrundyError
from grundy.core.notebook import html_table
from grundy.core.ruleset import Ruleset, is_natural

NOT_IN_SIGHT = "no period in sight in"  # how the answer of a search that stopped looking begins
CLOSED_VALUES = 1024  # values in which the period of a closed form is looked for (then checked far out)
FAR = (10**6, 10**12 + 7, 3 * 10**20 + 1)  # heaps where a rule from data must agree with a closed form
FAR_SHOWN = "10^6, 10^12 and 3·10^20"


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
    """What :func:`find_period` found: the period, how it is known, and the values behind it.

    With no period found, ``preperiod``, ``period`` and ``saltus`` are all None (no period, so no
    preperiod before it either): :func:`no_period` makes such an answer.
    """

    spec: str
    preperiod: int | None
    period: int | None
    saltus: int | None
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
        if self.period is None and self.reason.startswith(NOT_IN_SIGHT):
            return f"{self.spec}: {self.reason}"
        if self.period is None:
            return f"{self.spec}: no period found in {self.values_computed:,} values ({self.reason})"
        status = "proved" if self.proved else "observed, not proved"
        saltus = f", saltus {self.saltus}" if self.saltus else ""
        return (f"{self.spec}: preperiod {self.preperiod}, period {self.period}{saltus} "
                f"({status}: {self.reason})")

    def _repr_html_(self) -> str:
        return html_table(self.to_dict().items())


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


def no_period(name: str, why: str, values: np.ndarray) -> Periodicity:
    """The answer of a search that found no period in ``values``: preperiod, period and saltus None.

    >>> found = no_period("octal:.16", "raise --max to look further", np.zeros(3, dtype=np.int64))
    >>> found.to_dict()["preperiod"], found.period, found.saltus
    (None, None, None)
    """
    return Periodicity(name, None, None, None, False, why, values)


def found_in(name: str, found: tuple[int, int, int], proved: bool, why: str, values: np.ndarray) -> Periodicity:
    """The :class:`Periodicity` of ``found`` = (period, preperiod, saltus) in ``values``."""
    p, n0, saltus = found
    return Periodicity(name, n0, p, saltus, proved, why, values)


def far_heaps() -> list[int]:
    """The heaps far past any table where a rule seen in the values must agree with a closed form
    (a few heaps from each of :data:`FAR`) before the closed form's theorem is said to prove it."""
    return [f + i for f in FAR for i in range(8)]


def closed_form_period(rules: Ruleset, max_n: int) -> Periodicity | None:
    """The period of a game whose values a theorem gives (``closed_form == "values"``), proved by
    that theorem: the least period seen in the first :data:`CLOSED_VALUES` values (at most
    ``max_n``), where the closed form agrees with it at every heap computed and at
    :func:`far_heaps` -- the knowledge by which the pattern finder calls the same rule proved.
    None where the game has no such closed form, no period is seen, or the closed form disagrees.

    >>> from grundy import ruleset
    >>> found = closed_form_period(ruleset("nim"), 10**6)
    >>> found.preperiod, found.period, found.saltus, found.proved
    (0, 1, 1, True)
    """
    from grundy.kernels.period import least_period

    if rules.closed_form != "values":
        return None
    values = np.asarray(rules.values(min(max_n, CLOSED_VALUES)), dtype=np.int64)
    found = least_period(values, None, saltus_allowed=True)
    if found is None:
        return None
    seen = found_in(rules.spec, found, True, f"closed form: {rules.value_rule}; the period agrees with it at "
                                              f"every heap computed and at heaps near {FAR_SHOWN}", values)
    return seen if all(seen.value(n) == rules.grundy(n) for n in far_heaps()) else None

