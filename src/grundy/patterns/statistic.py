"""Rules through a statistic of the heap: ``G(n) = f(s(n + c))`` or "P iff s(n + c) lies in A".

A statistic s maps a heap to a small number that grows very slowly: the exponent ν₂(m) of 2 in m
(:mod:`~grundy.patterns.adic`), the index of the smallest part of m's Zeckendorf sum
(:mod:`~grundy.patterns.zeckendorf`), ... . The values of a game are a function f of s when every
two heaps with the same s (past at most :data:`MAX_EARLY` first heaps) have the same value; the
rule is stated when f itself is simple on s = 0, 1, 2, ...: after a short head, ``f(j + k) =
f(j) + σ`` (k ≤ :data:`MAX_CYCLE`), seen over at least two cycles. The rules are exact for any
heap: s is computed with Python integers.

>>> import numpy as np
>>> from grundy.patterns.adic import NU2
>>> values = np.array([0] + [NU2.exact(n) % 3 for n in range(1, 300)])
>>> rule = next(value_rules(values, [NU2]))
>>> rule.text, rule.value(2**90 * 7), rule.is_p(2**99)
('G(n) = ν₂(n) mod 3, ν₂(n) the exponent of 2 in n, for n ≥ 1; G(0) = 0', 0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from grundy.patterns.rule import Rule, listed

MAX_EARLY = 8  # first heaps a rule may leave out (listed), and at most an eighth of the data
MAX_CYCLE = 4  # the longest cycle of f(j) tried
MAX_HEAD = 2  # values of f(j) before its cycle starts
SHIFTS = (0, 1, -1, 2)  # c in s(n + c)


@dataclass(frozen=True)
class Statistic:
    """A statistic of a heap: ``symbol(m)`` names it in a formula (``"ν₂(m)"``), ``meaning`` says
    what it is (``"{s} the exponent of 2 in {m}"``), ``least`` is the least m it is defined for,
    ``exact`` computes it for any integer and ``vector`` for an array of them; ``thresholds``
    says whether "s(m) ≥ j" is a new kind of set (for ν₂ it is m ≡ 0 mod 2^j, found periodic
    first); ``special(n)`` gives heaps past n where s is large or changes (for a self-check)."""

    symbol: Callable[[str], str]
    meaning: str
    least: int
    exact: Callable[[int], int]
    vector: Callable[[np.ndarray], np.ndarray]
    thresholds: bool
    special: Callable[[int], list[int]]
    bit_rule: bool = False  # "s(m) + b" is one of line.BIT_RULES already


@dataclass(frozen=True)
class Law:
    """A function of j = 0, 1, 2, ...: ``head`` for j < len(head), then ``f(j + k) = f(j) + saltus``
    from the ``cycle`` f(t .. t + k − 1), t = len(head).

    >>> Law((5,), (0, 1), 0)(6), Law((), (1,), 2)(10)
    (1, 21)
    """

    head: tuple[int, ...]
    cycle: tuple[int, ...]
    saltus: int

    def __call__(self, j: int) -> int:
        t = len(self.head)
        if j < t:
            return self.head[j]
        q, r = divmod(j - t, len(self.cycle))
        return self.cycle[r] + q * self.saltus

    @property
    def size(self) -> int:
        return len(self.head) + len(self.cycle) + (1 if self.saltus else 0)


def fit_law(f: Sequence[int | None]) -> Law | None:
    """The simplest :class:`Law` that gives ``f`` (f(0), f(1), ...; None for the first values of
    j that never occur, such as zparts(m) = 0 for m ≥ 1: the law extends its cycle back over
    them), its cycle seen twice and one more value; None if there is none, or only a constant.

    >>> fit_law([None, 1, 0, 1, 0, 1, 0])
    Law(head=(), cycle=(0, 1), saltus=0)
    """
    lo = next((j for j, v in enumerate(f) if v is not None), len(f))
    if len(set(f[lo:])) < 2:
        return None
    for total in range(1, MAX_CYCLE + MAX_HEAD + 1):
        for k in range(1, min(MAX_CYCLE, total) + 1):
            t = total - k
            if t > MAX_HEAD or len(f) < max(t, lo) + 2 * k + 1:
                continue
            law = _law(f, lo, t, k)
            if all(law(j) == f[j] for j in range(lo, len(f))):
                return law
    return None


def _law(f: Sequence[int | None], lo: int, t: int, k: int) -> Law:
    """The law with head t and cycle k read from f at and past ``lo`` (known values), extended
    back below it."""
    first = max(t, lo)
    saltus = int(f[first + k]) - int(f[first])

    def at(j: int) -> int:  # f(j), or the cycle's value carried back to j < lo
        q = max(0, -((j - lo) // k))  # periods to step forward to a known value
        return int(f[j + q * k]) - q * saltus

    cycle = tuple(at(j) for j in range(t, t + k))
    return Law(tuple(at(j) for j in range(t)), cycle, saltus)


@dataclass(frozen=True)
class Fit:
    """Where values are a function of s(n + c): the law, the shift c, and the first heaps left out."""

    statistic: Statistic
    shift: int
    law: Law
    early: tuple[int, ...]  # the values of the heaps 0 .. n0 − 1, which the law leaves out

    def s(self, n: int) -> int:
        return self.statistic.exact(n + self.shift)

    def value(self, n: int) -> int:
        return self.early[n] if n < len(self.early) else self.law(self.s(n))

    def m_text(self, v: str = "n") -> str:
        c = self.shift
        return v if c == 0 else (f"{v} + {c}" if c > 0 else f"{v} − {-c}")

    def special(self, n: int) -> tuple[int, ...]:
        return tuple(sorted({x - self.shift for x in self.statistic.special(n + self.shift) if x - self.shift >= n}))


def fits(values: np.ndarray, statistics: Sequence[Statistic]) -> Iterator[Fit]:
    """Every (statistic, shift) whose s(n + c) determines ``values`` past a few first heaps, with a
    simple law: the statistics in order, each shift in :data:`SHIFTS` order."""
    n = len(values)
    most_early = min(MAX_EARLY, n // 8)
    index = np.arange(n, dtype=np.int64)
    for stat in statistics:
        for c in SHIFTS:
            first = max(stat.least - c, 0)
            if first > most_early:
                continue
            s = stat.vector(index[first:] + c)
            tail = values[first:]
            found = _function_of(s, tail)
            if found is None:
                continue
            f, miss = found
            n0 = first + miss
            if n0 > most_early or len(np.unique(s[miss:])) != sum(v is not None for v in f):
                continue  # too many first heaps left out, or some s seen only among them
            law = fit_law(f)
            # f constant from some j on: of ν₂ a periodic function of n, found as one first
            if law is not None and (stat.thresholds or len(law.cycle) > 1 or law.saltus):
                yield Fit(stat, c, law, tuple(int(v) for v in values[:n0]))


def _function_of(s: np.ndarray, values: np.ndarray) -> tuple[list[int | None], int] | None:
    """f with f(s[i]) = values[i] for every i past the last one that disagrees (f from the last
    heap with each s; None below the least s seen), and how many first entries disagree; None
    if some s between the least and the largest seen is missing."""
    if len(s) == 0 or s.min() < 0:
        return None
    low, top = int(s.min()), int(s.max())
    seen, last = np.unique(s[::-1], return_index=True)
    if len(seen) != top + 1 - low:
        return None
    f = np.zeros(top + 1, dtype=np.int64)
    f[seen] = values[::-1][last]
    wrong = np.flatnonzero(f[s] != values)
    return [None] * low + [int(x) for x in f[low:]], (int(wrong[-1]) + 1 if len(wrong) else 0)


# -- values ----------------------------------------------------------------------------------------

def value_rules(values: np.ndarray, statistics: Sequence[Statistic]) -> Iterator[Rule]:
    """The rules ``G(n) = f(s(n + c))`` that give every value (past a few first heaps)."""
    values = np.asarray(values, dtype=np.int64)
    for fit in fits(values, statistics):
        law = fit.law
        if fit.statistic.bit_rule and len(law.cycle) == 1 and law.saltus == 1 and not law.head \
                and abs(law.cycle[0]) <= 1:
            continue  # s(m) + b: a bit rule, tried before
        yield _value_rule(fit, len(values))


def _value_rule(fit: Fit, n: int) -> Rule:
    stat, law = fit.statistic, fit.law
    closed = _closed(law)
    m = fit.m_text()
    s_text = stat.symbol(m)
    if closed is not None:
        text = f"G(n) = {closed(s_text)}"
    else:
        step = f"f(j + {len(law.cycle)}) = f(j)" + (f" + {law.saltus}" if law.saltus else "")
        start = f" for j ≥ {len(law.head)}" if law.head else ""
        shown = [law(j) for j in range(len(law.head) + len(law.cycle))]
        text = f"G(n) = f({s_text}) with {step}{start}: f(0..{len(shown) - 1}) = {listed(shown)}"
    text += ", " + stat.meaning.format(s=s_text, m=m if fit.shift == 0 else f"({m})")
    early = list(fit.early)
    if early:
        text += f", for n ≥ {len(early)}; " + (f"G(0) = {early[0]}" if len(early) == 1 else
                                              f"G(0..{len(early) - 1}) = {listed(early)}")
    formula = None
    if closed is not None and not early:
        def formula(v: str, fit: Fit = fit, closed: Callable[[str], str] = closed) -> str:
            return closed(fit.statistic.symbol(fit.m_text(v)))
    size = len(early) + law.size + 2
    return Rule("statistic rule", text, size, fit.value, lambda c: fit.value(c) == 0, formula, special=fit.special(n))


def _closed(law: Law) -> Callable[[str], str] | None:
    """A short formula of s for the law, where there is one: ``2·s + 1``, ``s mod 3``, ``⌊s / 2⌋``."""
    k, cycle, saltus = len(law.cycle), list(law.cycle), law.saltus
    if law.head:
        return None
    if k == 1:
        a, b = saltus, cycle[0]
        times = "" if a == 1 else ("−" if a == -1 else f"{a}·")
        return lambda s: f"{times}{s}" + ("" if b == 0 else (f" + {b}" if b > 0 else f" − {-b}"))
    if saltus == 0 and cycle == list(range(k)):
        return lambda s: f"{s} mod {k}"
    if saltus == 1 and cycle == [0] * k:
        return lambda s: f"⌊{s} / {k}⌋"
    return None


# -- P-positions -----------------------------------------------------------------------------------

def position_rules(zeros: Sequence[int], n: int, statistics: Sequence[Statistic]) -> Iterator[Rule]:
    """The rules "P iff s(n + c) lies in a set A" for the P-positions ``zeros`` among the heaps
    0..n-1 (A given by residues of s past a short head)."""
    indicator = np.zeros(n, dtype=np.int64)
    indicator[np.asarray(zeros, dtype=np.int64)] = 1
    for fit in fits(indicator, statistics):
        if not fit.law.saltus:
            yield _position_rule(fit, n)


def _position_rule(fit: Fit, n: int) -> Rule:
    m = fit.m_text()
    s_text = fit.statistic.symbol(m)
    text = f"P-positions: {set_text(fit.law, s_text)}, " + fit.statistic.meaning.format(
        s=s_text, m=m if fit.shift == 0 else f"({m})")
    early = [i for i, v in enumerate(fit.early) if v]
    if fit.early:
        text += f", for n ≥ {len(fit.early)}; below: " + (listed(early) if early else "none")

    def is_p(c: int) -> bool:
        return fit.value(c) == 1

    size = len(fit.early) + fit.law.size + 2
    return Rule("statistic P-positions", text, size, None, is_p, special=fit.special(n))


def set_text(law: Law, s: str) -> str:
    """The set {j : law(j) = 1} in words, about ``s``.

    >>> set_text(Law((), (0, 1), 0), "ν₂(n)"), set_text(Law((0,), (1, 0, 0), 0), "s")
    ('ν₂(n) odd', 's ≡ 1 (mod 3)')
    >>> set_text(Law((1, 0), (1,), 0), "s"), set_text(Law((1,), (0,), 0), "s"), set_text(Law((0, 0), (0, 1), 0), "s")
    ('s ≥ 2 or s = 0', 's = 0', 's odd and s ≥ 2')
    """
    t, k = len(law.head), len(law.cycle)
    residues = sorted({(t + i) % k for i, v in enumerate(law.cycle) if v})
    parts: list[str] = []
    covered: set[int] = set()  # the j < t the first part names already
    if residues:
        if k == 1:
            parts.append(f"{s} ≥ {t}")
        else:
            parts.append(f"{s} {'odd' if residues == [1] else 'even'}" if k == 2 else
                         f"{s} ≡ {', '.join(map(str, residues))} (mod {k})")
            if any(j % k in residues and not law.head[j] for j in range(t)):
                parts[0] += f" and {s} ≥ {t}"
            else:
                covered = {j for j in range(t) if j % k in residues}
    parts += [f"{s} = {j}" for j in range(t) if law.head[j] and j not in covered]
    return " or ".join(parts) if parts else "none"
