"""Rules for the values G(0), G(1), ... of a one-heap game, simplest first.

- periodic and arithmetic-periodic values (``G(n + p) = G(n) + s`` past a preperiod), named in
  closed form where they are one: ``n mod k``, ``⌊(n mod k)/a⌋``, ``n``, ``⌊n/k⌋``, ``n`` with
  swaps (Lasker's Nim);
- bit rules of a shifted index m = n + c: the 2-adic valuation ν₂(m), the ruler 2^ν₂(m), the
  number of 1 bits and its parity (odious/evil), the bit length, the n-th odious or evil number,
  ⌊√m⌋ and the triangular root;
- values through a statistic of the heap: ``G(n) = f(ν₂(n + c))``, ν₃, the smallest part of the
  Zeckendorf sum or their number of parts, f simple (:mod:`~grundy.patterns.statistic`).

:func:`value_rules` gives every rule that fits, simplest first; :func:`value_rule` the first.

>>> import numpy as np
>>> print(value_rule(np.array([(n & -n).bit_length() - 1 if n else 0 for n in range(1, 200)])).text)
G(n) = ν₂(n + 1), the exponent of 2 in (n + 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import isqrt

import numpy as np

from grundy.patterns.rule import Rule, listed

MIN_VALUES = 12  # fewer values than this show no rule
MAX_EARLY = 8  # a bit rule may leave out at most this many first values (and an eighth of the data)


def value_rules(values: np.ndarray) -> Iterator[Rule]:
    """Every rule of the families that gives all of ``values`` (G(0), G(1), ...), simplest first
    and lazily: periodic values, bit rules, then rules through a statistic of the heap (ν₂, ν₃,
    the smallest Zeckendorf part, ...: :mod:`~grundy.patterns.statistic`)."""
    from grundy.kernels.period import least_period
    from grundy.patterns import adic, statistic, zeckendorf

    values = np.asarray(values, dtype=np.int64)
    if len(values) < MIN_VALUES:
        return
    found = least_period(values, None, saltus_allowed=True)
    if found is not None:
        yield periodic_rule(values, *found)
    yield from bit_rules(values)
    yield from statistic.value_rules(values, adic.STATISTICS + zeckendorf.STATISTICS)


def value_rule(values: np.ndarray) -> Rule | None:
    """The simplest rule that gives every one of ``values`` (G(0), G(1), ...), or None."""
    return next(value_rules(values), None)


def periodic_rule(values: np.ndarray, period: int, preperiod: int, saltus: int) -> Rule:
    """The rule ``G(n + period) = G(n) + saltus`` for ``n >= preperiod``, named in closed form
    where it is one."""
    from grundy.patterns.period import Periodicity

    values = np.asarray(values, dtype=np.int64)
    p, n0, s = period, preperiod, saltus
    cycle = [int(v) for v in values[n0:n0 + p]]
    early = [int(v) for v in values[:n0]]
    table = list(early)

    def value(n: int) -> int:
        if n < n0:
            return table[n]
        k, r = divmod(n - n0, p)
        return cycle[r] + k * s

    shape = Periodicity("G", n0, p, s, False, "", values)
    words = shape.p_positions()
    formula = _closed_periodic(cycle, p, s) if n0 == 0 else None
    if formula is not None:
        text = f"G(n) = {formula('n')}"
    elif s == p and sorted(cycle) == list(range(n0, n0 + p)) and early == list(range(n0)):
        swaps = [f"G({_affine(p, n0 + i)}) = {_affine(p, v)}" for i, v in enumerate(cycle) if v != n0 + i]
        text = f"G(n) = n except {', '.join(swaps)} (k ≥ 0)"
        early = []
    elif p == 1:
        text = f"G(n) = {cycle[0]}" + (f" + {s}(n − {n0})" if s else "") + (f" for n ≥ {n0}" if n0 else "")
    else:
        step = f"G(n + {p}) = G(n) + {s}" if s else f"G(n + {p}) = G(n)"
        text = f"{step} for n ≥ {n0}: one period G({n0}..{n0 + p - 1}) = {listed(cycle, 24)}"
    if early and formula is None:
        text += f"; before: G(0..{n0 - 1}) = {listed(early, 24)}"
    kind = "periodic" if s == 0 else "arithmetic-periodic"
    return Rule(kind, f"{text}. {words}", n0 + p + (1 if s else 0), value, lambda n: value(n) == 0, formula)


def _affine(p: int, r: int) -> str:
    return f"{p}k + {r}" if r else f"{p}k"


def _closed_periodic(cycle: list[int], p: int, s: int) -> Callable[[str], str] | None:
    """A short formula for a (arithmetic-)periodic sequence from n = 0, or None."""
    if s == 0:
        if p == 1:
            return lambda v: str(cycle[0])
        shift = next((c for c in range(p) if cycle == [(i + c) % p for i in range(p)]), None)
        if shift is not None:
            return (lambda v: f"{v} mod {p}") if shift == 0 else (lambda v: f"({v} + {shift}) mod {p}")
        for a in range(2, p):
            if cycle == [i // a for i in range(p)]:
                return lambda v: f"⌊({v} mod {p}) / {a}⌋"
        return None
    if s == p:
        c = cycle[0]
        if cycle == [i + c for i in range(p)]:
            return (lambda v: v) if c == 0 else (lambda v: f"{v} + {c}" if c > 0 else f"{v} − {-c}")
    if s == 1 and cycle == [i // p for i in range(p)]:
        return lambda v: f"⌊{v} / {p}⌋"
    return None


# -- bit rules -----------------------------------------------------------------------------------

def _bit_length(m: np.ndarray) -> np.ndarray:
    return np.frexp(m.astype(np.float64))[1].astype(np.int64)


def _isqrt(m: np.ndarray) -> np.ndarray:
    r = np.sqrt(m.astype(np.float64)).astype(np.int64)
    r -= r * r > m
    r += (r + 1) * (r + 1) <= m
    return r


def _triangular_root(m: np.ndarray) -> np.ndarray:
    return (_isqrt(8 * m + 1) - 1) // 2


def _popcount(m: np.ndarray) -> np.ndarray:
    return np.bitwise_count(m).astype(np.int64)


# name, the least m it is defined for, numpy form, exact integer form, formula of m
BIT_RULES: list[tuple[str, int, Callable, Callable[[int], int], Callable[[str], str]]] = [
    ("the exponent of 2 in {m}", 1, lambda m: _bit_length(m & -m) - 1, lambda m: (m & -m).bit_length() - 1,
     lambda m: f"ν₂({m})"),
    ("the largest power of 2 dividing {m}", 1, lambda m: m & -m, lambda m: m & -m, lambda m: f"2^ν₂({m})"),
    ("the parity of the number of 1 bits of {m} (1: odious, 0: evil)", 0, lambda m: _popcount(m) & 1,
     lambda m: m.bit_count() & 1, lambda m: f"popcount({m}) mod 2"),
    ("the number of 1 bits of {m}", 0, _popcount, lambda m: m.bit_count(), lambda m: f"popcount({m})"),
    ("the bit length of {m}", 0, _bit_length, lambda m: m.bit_length(), lambda m: f"bitlength({m})"),
    ("the {m}-th odious number (from 0)", 0, lambda m: 2 * m + 1 - (_popcount(m) & 1),
     lambda m: 2 * m + 1 - (m.bit_count() & 1), lambda m: f"odious({m})"),
    ("the {m}-th evil number (from 0)", 0, lambda m: 2 * m + (_popcount(m) & 1),
     lambda m: 2 * m + (m.bit_count() & 1), lambda m: f"evil({m})"),
    ("⌊√{m}⌋", 0, _isqrt, isqrt, lambda m: f"⌊√{m}⌋"),
    ("the largest k with k(k+1)/2 ≤ {m}", 0, _triangular_root, lambda m: (isqrt(8 * m + 1) - 1) // 2,
     lambda m: f"trirt({m})"),
]
SHIFTS = (0, 1, -1, 2)
OFFSETS = (0, -1, 1)


def bit_rule(values: np.ndarray) -> Rule | None:
    """The first of :func:`bit_rules`, or None."""
    return next(bit_rules(values), None)


def bit_rules(values: np.ndarray) -> Iterator[Rule]:
    """Every ``G(n) = f(n + c) + b`` for a bit function f of :data:`BIT_RULES` that gives every
    value past at most :data:`MAX_EARLY` first values (listed), in the order of the list."""
    values = np.asarray(values, dtype=np.int64)
    n = len(values)
    most_early = min(MAX_EARLY, n // 8)
    index = np.arange(n, dtype=np.int64)
    for words, least, vector, exact, formula in BIT_RULES:
        for c in SHIFTS:
            first = max(least - c, 0)
            if first > most_early:
                continue
            f = vector(index[first:] + c)
            for b in OFFSETS:
                miss = np.flatnonzero(f + b != values[first:])
                n0 = first + (int(miss[-1]) + 1 if len(miss) else 0)
                if n0 <= most_early:
                    yield _bit_rule(values[:n0], words, exact, formula, c, b)


def _bit_rule(early: np.ndarray, words: str, exact: Callable[[int], int], formula: Callable[[str], str],
              c: int, b: int) -> Rule:
    early_list = [int(v) for v in early]
    n0 = len(early_list)

    def value(n: int) -> int:
        return early_list[n] if n < n0 else exact(n + c) + b

    def term(v: str) -> str:
        m = v if c == 0 else (f"{v} + {c}" if c > 0 else f"{v} − {-c}")
        return formula(m) + ("" if b == 0 else (f" + {b}" if b > 0 else f" − {-b}"))

    m_text = "n" if c == 0 else (f"n + {c}" if c > 0 else f"n − {-c}")
    shown = words.format(m=m_text if c == 0 else f"({m_text})")
    text = f"G(n) = {term('n')}, {shown}" + (" plus 1" if b == 1 else " minus 1" if b == -1 else "")
    if n0:
        text += f", for n ≥ {n0}; G(0..{n0 - 1}) = {listed(early_list)}"
    return Rule("bit rule", text, n0 + 3, value, lambda n: value(n) == 0, term if n0 == 0 else None)
