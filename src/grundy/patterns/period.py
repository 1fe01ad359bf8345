"""Periodicity of a heap game's values, proved where a theorem applies.

A sequence G is (arithmetic-)periodic with preperiod n0, period p and saltus s when
``G(n + p) = G(n) + s`` for all ``n >= n0``; ``preperiod`` is the least such n0 counted from heap 0
(Kayles: 71, period 12). Values are computed by doubling the table until a theorem proves the
period seen (``proved``) or ``max_n`` is reached (then the period is only observed, if at all).

>>> p = find_period("subtraction:1,3,4")
>>> (p.preperiod, p.period, p.proved)
(0, 7, True)
>>> p.p_positions()
'P-positions: n ≡ 0, 2 (mod 7)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.core.ruleset import Ruleset

FIRST_LENGTH = 256


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
        if n < len(self.values):
            return int(self.values[n])
        if self.period is None:
            raise ValueError(f"no period is known for {self.spec}, so G({n}) is not determined")
        cycles, offset = divmod(n - self.preperiod, self.period)
        return int(self.values[self.preperiod + offset]) + cycles * self.saltus

    def p_positions(self) -> str:
        """The P-positions (value 0) in words, e.g. ``P-positions: n ≡ 0, 2 (mod 7)``."""
        zeros = np.flatnonzero(self.values == 0)
        if self.period is None:
            shown = ", ".join(map(str, zeros[:20].tolist()))
            return f"P-positions among the first {self.values_computed}: {shown}" + (" ..." if len(zeros) > 20 else "")
        n0, p = self.preperiod, self.period
        if self.saltus:
            early = zeros[zeros < n0 + p]
            tail = "" if self.saltus > 0 else " and more, as values fall"
            return "P-positions: " + (", ".join(map(str, early.tolist())) or "none") + tail
        residues = sorted({int(m) % p for m in zeros if n0 <= m < n0 + p})
        text = "P-positions: " + (f"n ≡ {', '.join(map(str, residues))} (mod {p})" if residues else "none")
        early = [int(m) for m in range(n0) if (self.values[m] == 0) != (m % p in residues)]
        if early:
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
        rows = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in self.to_dict().items())
        return f"<table>{rows}</table>"


def find_period(spec: str | Ruleset | Sequence[int] | np.ndarray, max_n: int | None = None,
                progress: Any = None) -> Periodicity:
    """Find the least preperiod and period of a heap game's values, proving them where possible.

    Parameters
    ----------
    spec:
        A spec string or ruleset whose components are heap sizes, or any sequence of integers
        (then the period can only be observed, never proved).
    max_n:
        The most values to compute (default ``2**20``).
    progress:
        Optional callable ``progress(values_computed, max_n)`` called at each doubling.

    Returns
    -------
    Periodicity
        ``proved`` says whether a theorem (named in ``reason``) covers the values checked.

    Reference: Winning Ways, ch. 4; Siegel, *Combinatorial Game Theory*, §IV.2 (periodicity theorems).
    """
    from grundy.kernels.period import least_period
    from grundy.rulesets.registry import ruleset

    if isinstance(spec, (list, tuple, np.ndarray)):
        values = np.asarray(spec, dtype=np.int64)
        found = least_period(values, None, saltus_allowed=True)
        if found is None:
            return Periodicity("sequence", 0, None, 0, False, "no period seen in these values", values)
        return _found_in("sequence", found, False, "observed in the given values", values)
    rules = ruleset(spec)
    rules._require_heaps("a period")
    max_n = (1 << 20) if max_n is None else max_n
    known = getattr(rules, "known_period", None)
    if known is not None:
        n0, p, saltus, why = known()
        values = rules.values(min(max_n, max(FIRST_LENGTH, 2 * (n0 + p))))
        return Periodicity(rules.spec, n0, p, saltus, True, f"closed form: {why}", np.asarray(values))
    proof = getattr(rules, "period_proof", lambda: None)()
    arithmetic = getattr(rules, "arithmetic_periodic", False)
    if hasattr(rules, "reserve"):
        rules.reserve(max_n)  # one buffer for the whole search: no copies as the table grows
    n = min(FIRST_LENGTH, max_n)
    while True:
        values = np.asarray(rules.values(n))
        if progress is not None:
            progress(n, max_n)
        if proof is not None:
            found = least_period(values, proof[0], saltus_allowed=arithmetic)
            if found is not None:
                return _found(rules, found, True, proof[1], values)
        elif (found := least_period(values, None, saltus_allowed=True)) is not None:
            return _found(rules, found, False, "no periodicity theorem applies to this game", values)
        if n >= max_n:
            break
        n = min(_next_length(values, proof, arithmetic), max_n)
    found = least_period(values, None, saltus_allowed=True)
    if found is not None:
        why = f"not proved: the theorem needs more than the {n:,} values computed (raise --max)"
        return _found(rules, found, False, why, values)
    return Periodicity(rules.spec, 0, None, 0, False, "raise --max to look further", values)


def _next_length(values: np.ndarray, proof: tuple | None, arithmetic: bool) -> int:
    """Double the table, or stop short of that where a period in sight needs fewer values."""
    from grundy.kernels.period import least_period

    n = len(values)
    if proof is not None:
        candidate = least_period(values, None, saltus_allowed=arithmetic, share=0.25)
        if candidate is not None:
            a, b, c = proof[0]
            p, n0, _ = candidate
            needed = a * n0 + b * p + c
            if n < needed < 2 * n:
                return needed
    return 2 * n


def _found(rules: Ruleset, found: tuple[int, int, int], proved: bool, why: str, values: np.ndarray) -> Periodicity:
    return _found_in(rules.spec, found, proved, why, values)


def _found_in(name: str, found: tuple[int, int, int], proved: bool, why: str, values: np.ndarray) -> Periodicity:
    p, n0, saltus = found
    return Periodicity(name, n0, p, saltus, proved, why, values)
