"""Rules for the P-positions of a one-heap game (the heaps worth 0), simplest first.

- a periodic set: ``n ≡ r (mod p)`` past a preperiod;
- a polynomial in k: ``n = k²``, ``n = k(k+1)/2``;
- a linear recurrence with integer coefficients (Berlekamp–Massey), in closed form where its
  roots are integers (``n = 2^k − 1``), else as the recurrence (Fibonacci numbers);
- a Beatty sequence ``n = ⌊kα⌋ + c`` with α rational or a quadratic irrational, recognised
  exactly from its continued fraction;
- a recurrence ``p(k + 1) = ⌊c·p(k)⌋ + d``, c rational or a quadratic irrational (take at most a
  third of the heap: c = 3/2, d = 1);
- a set through a statistic of the heap: "ν₂(n) odd", Zeckendorf's smallest part
  (:mod:`~grundy.patterns.statistic`).

Fewer than :data:`MIN_TERMS` P-positions in a table show no sequence: :mod:`~grundy.patterns.sparse`
finds more past it by a search for P-positions only.

Every rule predicts exactly with integers, for heaps of any size.

>>> import numpy as np
>>> rule = position_rule(np.array([0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1023, 2047, 4095]), 5000)
>>> rule.text, rule.is_p(2**200 - 1), rule.is_p(2**200)
('P-positions: n = 2^k − 1 (k ≥ 0)', True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from grundy.patterns.numbers import (
    Real,
    Recurrence,
    berlekamp_massey,
    floor_times,
    integer_roots,
    reciprocal,
    show,
    simplest_in,
    solve_linear,
)
from grundy.patterns.rule import Rule, listed

MIN_TERMS = 8  # a sequence rule needs at least this many P-positions
MAX_ORDER = 6  # the longest recurrence tried
MAX_SKIP = 3  # first P-positions a recurrence or polynomial may leave out
MAX_DEGREE = 4
FLOOR_STEPS = (0, 1, -1, 2, -2, 3, -3)  # d in p' = ⌊c·p⌋ + d


def position_rules(zeros: np.ndarray, n: int) -> Iterator[Rule]:
    """Every rule of the families for the P-positions ``zeros`` (ascending) among the heaps
    ``0 .. n-1``, simplest first and lazily: a periodic set; a polynomial, a linear recurrence, a
    Beatty sequence or a recurrence ``p' = ⌊c·p⌋ + d`` (with :data:`MIN_TERMS` P-positions or
    more); a set through a statistic of the heap (ν₂, ν₃, Zeckendorf); a finite set last where
    the P-positions seen are many (a long preperiod: a rule for the whole sequence is better)."""
    from grundy.patterns import adic, statistic, zeckendorf

    zeros = [int(z) for z in zeros]
    periodic = periodic_set(zeros, n)
    finite_last = periodic is not None and periodic.kind == "finite P-positions" and len(zeros) >= MIN_TERMS
    if periodic is not None and not finite_last:
        yield periodic
    if len(zeros) >= MIN_TERMS:
        for family in (polynomial, recurrence, beatty, floor_recurrence):
            rule = family(zeros, n)
            if rule is not None:
                yield rule
    if zeros and n >= 2 * MIN_TERMS:
        yield from statistic.position_rules(zeros, n, adic.STATISTICS + zeckendorf.STATISTICS)
    if finite_last and periodic is not None:
        yield periodic


def position_rule(zeros: np.ndarray, n: int) -> Rule | None:
    """The simplest rule for the P-positions ``zeros`` (ascending) among the heaps ``0 .. n-1``, or None."""
    return next(position_rules(zeros, n), None)


def periodic_set(zeros: list[int], n: int) -> Rule | None:
    """P iff n mod p lies in a set of residues, past a preperiod (three periods seen, half the data)."""
    from grundy.kernels.period import least_period
    from grundy.patterns.period import Periodicity

    indicator = np.ones(n, dtype=np.int64)
    indicator[zeros] = 0
    found = least_period(indicator, None)
    if found is None:
        return None
    p, n0, _ = found
    residues = {(n0 + i) % p for i in range(p) if indicator[n0 + i] == 0}
    early = set(z for z in zeros if z < n0)
    text = Periodicity("P", n0, p, 0, False, "", indicator).p_positions()
    if not zeros:
        return None  # "no P-positions at all" is no rule of a game (heap 0 is always one)
    if not residues:
        if zeros[-1] * 8 > n:  # "no more": only once the table reaches well past the last one
            return None
        text = f"P-positions: {listed(sorted(early))} only"

    def is_p(m: int) -> bool:
        return m in early if m < n0 else m % p in residues

    kind = "periodic P-positions" if residues else "finite P-positions"
    return Rule(kind, text, len(early) + len(residues) + 2, None, is_p)


def _increasing_rule(kind: str, text: str, size: int, early: list[int], term: Callable[[int], int]) -> Rule:
    """A rule for P-positions ``early`` then ``term(0) < term(1) < ...`` (found by binary search)."""
    first = set(early)

    def is_p(m: int) -> bool:
        if m in first:
            return True
        hi = 1
        while term(hi) < m:
            hi *= 2
        lo = 0
        while lo < hi:  # the least k with term(k) >= m
            mid = (lo + hi) // 2
            if term(mid) < m:
                lo = mid + 1
            else:
                hi = mid
        return term(lo) == m

    return Rule(kind, text, size, None, is_p)


def polynomial(zeros: list[int], n: int) -> Rule | None:
    """P-positions n = P(k) for a polynomial P of degree 2 to 4 with rational coefficients."""
    for skip in range(MAX_SKIP + 1):
        seq = zeros[skip:]
        for degree in range(2, MAX_DEGREE + 1):
            if len(seq) < degree + 1 + MIN_TERMS:
                break
            rows = [[Fraction(k) ** j for j in range(degree + 1)] for k in range(degree + 1)]
            coeffs = solve_linear(rows, [Fraction(s) for s in seq[:degree + 1]])
            if coeffs is None or coeffs[-1] <= 0:
                continue
            if all(_poly(coeffs, k) == s for k, s in enumerate(seq)):
                text = f"P-positions: n = {_show_poly(coeffs)} (k ≥ 0)"
                if skip:
                    text += f", and {listed(zeros[:skip])}"
                return _increasing_rule("polynomial P-positions", text, degree + 1 + skip, zeros[:skip],
                                        lambda k, c=coeffs: int(_poly(c, k)))
    return None


def _poly(coeffs: list[Fraction], k: int) -> Fraction:
    return sum((c * k ** j for j, c in enumerate(coeffs)), Fraction(0))


def _show_poly(coeffs: list[Fraction]) -> str:
    """``(k² + k)/2`` for the coefficients [0, 1/2, 1/2] (constant first)."""
    den = 1
    for c in coeffs:
        den = den * c.denominator // np.gcd(den, c.denominator)
    powers = {0: "", 1: "k", 2: "k²", 3: "k³", 4: "k⁴"}
    parts = []
    for j in range(len(coeffs) - 1, -1, -1):
        c = int(coeffs[j] * den)
        if c == 0:
            continue
        body = powers[j] if abs(c) == 1 and j else f"{abs(c)}{powers[j]}"
        parts.append(("− " if c < 0 else "+ ") + body)
    text = " ".join(parts).removeprefix("+ ")
    text = "−" + text[2:] if text.startswith("− ") else text
    return text if den == 1 else f"({text})/{den}"


def recurrence(zeros: list[int], n: int) -> Rule | None:
    """P-positions s(k) satisfying a linear recurrence with integer coefficients (order <= 6)."""
    for skip in range(MAX_SKIP + 1):
        seq = zeros[skip:]
        coeffs = berlekamp_massey(seq[:4 * MAX_ORDER])
        order = len(coeffs)
        if not 1 <= order <= MAX_ORDER or any(c.denominator != 1 for c in coeffs):
            continue
        if len(seq) < 2 * order + MIN_TERMS - 2:
            continue
        ints = tuple(int(c) for c in coeffs)
        if any(sum(c * seq[k - 1 - i] for i, c in enumerate(ints)) != seq[k] for k in range(order, len(seq))):
            continue
        if any(b <= a for a, b in zip(seq, seq[1:], strict=False)):
            continue
        rec = Recurrence(ints, tuple(seq[:order]))
        text = "P-positions: " + _show_recurrence(ints, seq)
        if skip:
            text += f", and {listed(zeros[:skip])}"
        return _increasing_rule("linear recurrence P-positions", text, 2 * order + skip, zeros[:skip], rec.term)
    return None


def _show_recurrence(coeffs: tuple[int, ...], seq: list[int]) -> str:
    """``n = 2^k − 1 (k ≥ 0)`` where the roots are integers, else the recurrence and its start."""
    roots = integer_roots(coeffs)
    if roots is not None:
        rows = [[Fraction(r) ** k for r in roots] for k in range(len(roots))]
        amounts = solve_linear(rows, [Fraction(s) for s in seq[:len(roots)]])
        if amounts is not None:
            return f"n = {_show_exponentials(roots, amounts)} (k ≥ 0)"
    if coeffs == (1, 1) and _is_fibonacci_run(seq[:2]):
        return f"the Fibonacci numbers from {seq[0]}: s(k) = s(k−1) + s(k−2)"
    c = seq[1] + seq[0] - seq[2]  # s(k) = F + c: the Fibonacci numbers shifted by c
    if coeffs == (2, 0, -1) and _is_fibonacci_run([seq[0] - c, seq[1] - c]):
        shift = f"+ {c}" if c > 0 else f"− {-c}"
        return f"n = F {shift} for the Fibonacci numbers F ≥ {seq[0] - c} (1, 2, 3, 5, 8, …)"
    terms = " + ".join((f"{c}·" if c != 1 else "") + f"s(k−{i + 1})" for i, c in enumerate(coeffs) if c)
    return f"s(k) = {terms.replace('+ -', '− ')} from s(0..{len(coeffs) - 1}) = {listed(seq[:len(coeffs)])}"


def _is_fibonacci_run(pair: list[int]) -> bool:
    """Whether two numbers are consecutive Fibonacci numbers (1, 2 or 2, 3 or 3, 5, ...)."""
    a, b = 1, 2
    while a < pair[0]:
        a, b = b, a + b
    return [a, b] == pair


def _show_exponentials(roots: list[int], amounts: list[Fraction]) -> str:
    den = 1
    for a in amounts:
        den = den * a.denominator // np.gcd(den, a.denominator)
    parts = []
    for r, a in sorted(zip(roots, amounts, strict=True), key=lambda t: -abs(t[0])):
        c = int(a * den)
        if c == 0:
            continue
        power = "1" if r == 1 else (f"{r}^k" if r > 0 else f"({r})^k")
        body = power if abs(c) == 1 else (f"{abs(c)}" if r == 1 else f"{abs(c)}·{power}")
        parts.append(("− " if c < 0 else "+ ") + body)
    text = " ".join(parts).removeprefix("+ ")
    text = "−" + text[2:] if text.startswith("− ") else text
    return text if den == 1 else f"({text})/{den}"


def beatty(zeros: list[int], n: int) -> Rule | None:
    """P-positions ``⌊kα⌋ + c`` for k from 0 or from 1, α > 1 found exactly."""
    d = zeros[1] - zeros[0]
    for first_k, c in [(0, zeros[0])] + [(1, zeros[0] - a0) for a0 in (d - 1, d) if a0 >= 1]:
        seq = [z - c for z in zeros]
        alpha = fit_beatty([(k + first_k, u) for k, u in enumerate(seq)])
        # the next term must lie past the data: no P-position was missed below n
        if alpha is not None and floor_times(alpha, len(seq) + first_k) + c >= n:
            return _beatty_rule(alpha, c, first_k)
    return None


def floor_recurrence(zeros: list[int], n: int) -> Rule | None:
    """P-positions ``p(k + 1) = ⌊c·p(k)⌋ + d`` with c > 1 rational or a quadratic irrational
    (found exactly, as α of a Beatty sequence from the pairs (p(k), p(k + 1) − d)) and a small
    integer d, after at most :data:`MAX_SKIP` first P-positions; the next term must lie past the
    table (no P-position was missed)."""
    for skip in range(MAX_SKIP + 1):
        seq = zeros[skip:]
        if len(seq) < MIN_TERMS + 1:
            break
        for d in FLOOR_STEPS:
            alpha = fit_beatty([(a, b - d) for a, b in zip(seq, seq[1:], strict=False)])
            if alpha is None or floor_times(alpha, seq[-1]) + d < n:
                continue
            return _floor_rule(alpha, d, seq[0], zeros[:skip], n)
    return None


def _floor_rule(alpha: Real, d: int, start: int, early: list[int], n: int) -> Rule:
    step = FloorStep(alpha, d)
    shift = "" if d == 0 else (f" + {d}" if d > 0 else f" − {-d}")
    if isinstance(alpha, Fraction):
        whole = alpha.denominator == 1
        times = f"{alpha.numerator}·p(k)" + ("" if whole else f"/{alpha.denominator}")
        formula = f"{times}{shift}" if whole else f"⌊{times}⌋{shift}"
    else:
        formula = f"⌊{show(alpha)}·p(k)⌋{shift}"
    shown = [start]
    while len(shown) < 7:
        shown.append(step(shown[-1]))
    text = f"P-positions: p(0) = {start}, p(k + 1) = {formula} ({listed(shown, 6)})"
    if early:
        text += f", and {listed(early)}"
    first = set(early)
    special = []
    p = start
    while len(special) < 9:
        p = step(p)
        if p >= n:
            special += [p - 1, p, p + 1]

    def is_p(m: int) -> bool:
        if m in first:
            return True
        p = start
        while p < m:
            p = step(p)
        return p == m

    return Rule("floor recurrence P-positions", text, 3 + len(early), None, is_p, special=tuple(special))


@dataclass(frozen=True)
class FloorStep:
    """``p ↦ ⌊c·p⌋ + d``, exact for any p. With c > 1 it grows once (c − 1)·p > 1 − d, as the
    table showed; it never answers less than p + 1, so that a search by it always moves on."""

    c: Real
    d: int

    def __call__(self, p: int) -> int:
        return max(floor_times(self.c, p) + self.d, p + 1)


def fit_beatty(pairs: list[tuple[int, int]]) -> Real | None:
    """The simplest α > 1 with ``u = ⌊kα⌋`` for every ``(k, u)`` given, or None.

    >>> from math import isqrt
    >>> str(fit_beatty([(k, (k + isqrt(5 * k * k)) // 2) for k in range(40)]))
    'φ'
    """
    if any(k == 0 and u != 0 for k, u in pairs):
        return None
    pairs = [(k, u) for k, u in pairs if k > 0]
    if len(pairs) < MIN_TERMS:
        return None
    for part in (pairs[:4 * MIN_TERMS], pairs):  # a few first pairs rule out most data at once
        lo = max(Fraction(u, k) for k, u in part)
        hi = min(Fraction(u + 1, k) for k, u in part)
        if lo >= hi:
            return None
    alpha = simplest_in(lo, hi, len(pairs))
    if alpha is None or (alpha <= 1 if isinstance(alpha, Fraction) else alpha.compare(Fraction(1)) <= 0):
        return None
    return alpha if all(floor_times(alpha, k) == u for k, u in pairs) else None


def beatty_index(alpha: Real, u: int, first_k: int = 0) -> int | None:
    """The k >= first_k with ⌊kα⌋ = u (α > 1), or None: exact, for u of any size."""
    if u < 0:
        return None
    guess = floor_times(reciprocal(alpha), u)
    return next((k for k in range(guess - 1, guess + 3) if k >= first_k and floor_times(alpha, k) == u), None)


def _beatty_rule(alpha: Real, c: int, first_k: int) -> Rule:
    shift = "" if c == 0 else (f" + {c}" if c > 0 else f" − {-c}")
    name = show(alpha)
    text = f"P-positions: n = ⌊k·{name}⌋{shift} (k ≥ {first_k})"

    def is_p(m: int) -> bool:
        return beatty_index(alpha, m - c, first_k) is not None

    return Rule("Beatty P-positions", text, 4, None, is_p)
