"""Exact numbers for rules found in data: quadratic irrationals, continued fractions, recurrences.

A Beatty sequence ⌊kα⌋ seen in data pins α to an interval of rationals; :func:`simplest_in`
names the simplest number in it (a rational of small denominator, or a quadratic irrational whose
continued fraction repeats), and :class:`Quadratic` computes ⌊kα⌋ exactly for any k, with
integers only. :func:`recurrence` finds the shortest linear recurrence of a sequence
(Berlekamp–Massey over the rationals) and :class:`Recurrence` gives its k-th term in O(log k)
matrix steps.

>>> phi = simplest_in(Fraction(1618, 1000), Fraction(1619, 1000), terms=12)
>>> str(phi), phi.floor_times(10**30) == (10**30 + isqrt(5 * 10**60)) // 2
('φ', True)

Reference: Khinchin, *Continued Fractions* (1964) — Lagrange's theorem on periodic expansions;
Massey, "Shift-register synthesis and BCH decoding", IEEE Trans. Inf. Theory 15 (1969).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import gcd, isqrt

MAX_TERMS = 40  # continued-fraction terms looked at when naming a number
NAMES = {(1, 1, 5, 2): "φ", (3, 1, 5, 2): "φ²", (-1, 1, 5, 2): "1/φ", (0, 1, 2, 1): "√2", (0, 1, 3, 1): "√3"}


@dataclass(frozen=True)
class Quadratic:
    """The real number ``(a + b·√d) / c``: ``c > 0``, ``d > 1`` square-free, ``b != 0``.

    >>> q = Quadratic.make(2, 2, 8, 2)          # (2 + 2√8)/2 = 1 + 2√2
    >>> str(q), q.floor_times(3)
    ('1 + 2√2', 11)
    """

    a: int
    b: int
    d: int
    c: int

    @staticmethod
    def make(a: int, b: int, d: int, c: int) -> Quadratic | Fraction:
        """``(a + b√d)/c`` in lowest terms (a Fraction when ``√d`` is rational or ``b`` is 0)."""
        root = isqrt(d)
        if b == 0 or root * root == d:
            return Fraction(a + b * root, c)
        f = 2
        while f * f <= d:  # take square factors out of d
            while d % (f * f) == 0:
                d //= f * f
                b *= f
            f += 1
        if c < 0:
            a, b, c = -a, -b, -c
        g = gcd(gcd(a, b), c)
        return Quadratic(a // g, b // g, d, c // g)

    def floor_times(self, k: int) -> int:
        """⌊k·self⌋ exactly, for any integer k (integers only: no rounding at any size)."""
        bb = k * self.b
        root = isqrt(bb * bb * self.d)  # ⌊|kb|·√d⌋; never exact, since √d is irrational
        whole = root if bb >= 0 else -root - 1
        return (k * self.a + whole) // self.c

    def compare(self, x: Fraction) -> int:
        """-1, 0 or 1 as self is below, equal to or above the rational ``x`` (exact)."""
        u = Fraction(self.a) - x * self.c  # sign of u + b√d
        if u >= 0 and self.b > 0:
            return 1
        if u <= 0 and self.b < 0:
            return -1
        square = u * u - self.b * self.b * self.d  # |u| against |b|√d
        bigger_u = square > 0
        return (1 if u > 0 else -1) if bigger_u else (1 if self.b > 0 else -1)

    def __str__(self) -> str:
        if (self.a, self.b, self.d, self.c) in NAMES:
            return NAMES[(self.a, self.b, self.d, self.c)]
        root = f"√{self.d}" if abs(self.b) == 1 else f"{abs(self.b)}√{self.d}"
        signed = root if self.b > 0 else f"−{root}"
        text = signed if self.a == 0 else f"{self.a} {'+' if self.b > 0 else '−'} {root}".replace("-", "−")
        return text if self.c == 1 else f"({text})/{self.c}"


Real = Fraction | Quadratic


def floor_times(alpha: Real, k: int) -> int:
    """⌊k·alpha⌋ exactly for a rational or a :class:`Quadratic` alpha.

    >>> floor_times(Fraction(7, 3), 5), floor_times(Quadratic.make(1, 1, 5, 2), 1000)
    (11, 1618)
    """
    if isinstance(alpha, Fraction):
        return (k * alpha.numerator) // alpha.denominator
    return alpha.floor_times(k)


def show(alpha: Real) -> str:
    """A number for people, bracketed where it multiplies: ``7/3``, ``φ``, ``(1 + √2)``.

    >>> show(Quadratic.make(-1, 1, 5, 1)), show(Quadratic.make(1, 1, 5, 2)), show(Fraction(-7, 3))
    ('(−1 + √5)', 'φ', '(−7/3)')
    """
    text = str(alpha).replace("-", "−")
    whole = text.startswith("(") and text.count("(") == 1 and ")/" in text  # (a + b√d)/c is one term
    return f"({text})" if not whole and (" " in text or text.startswith("−")) else text


def continued_fraction(x: Fraction) -> list[int]:
    """The continued fraction of a rational, ``[a0; a1, ...]`` as a list (the last term >= 2 unless it is a0)."""
    terms = []
    while True:
        whole = x.numerator // x.denominator
        terms.append(whole)
        x -= whole
        if x == 0:
            return terms
        x = 1 / x


def _convergent(terms: list[int]) -> tuple[int, int, int, int]:
    """``(p, q, p', q')`` with ``[terms; x] = (p x + p') / (q x + q')``."""
    p, q, p0, q0 = 1, 0, 0, 1
    for t in terms:
        p, q, p0, q0 = t * p + p0, t * q + q0, p, q
    return p, q, p0, q0


def _periodic_value(head: list[int], cycle: list[int]) -> Real:
    """The number ``[head; cycle, cycle, ...]`` exactly (a quadratic irrational by Lagrange)."""
    p, q, p0, q0 = _convergent(cycle)  # x = (p x + p0) / (q x + q0), x > 1
    x_root = Quadratic.make(p - q0, 1, (q0 - p) ** 2 + 4 * q * p0, 2 * q)
    if not head:
        return x_root
    return _mobius(_convergent(head), x_root)


def _mobius(matrix: tuple[int, int, int, int], x: Real) -> Real:
    """``(p x + p') / (q x + q')`` for a quadratic or rational x."""
    p, q, p0, q0 = matrix
    if isinstance(x, Fraction):
        return (p * x + p0) / (q * x + q0)
    n1, n2 = p * x.a + p0 * x.c, p * x.b  # numerator (n1 + n2√d)/c, denominator (m1 + m2√d)/c
    m1, m2 = q * x.a + q0 * x.c, q * x.b
    return Quadratic.make(n1 * m1 - n2 * m2 * x.d, n2 * m1 - n1 * m2, x.d, m1 * m1 - m2 * m2 * x.d)


def reciprocal(x: Real) -> Real:
    """1/x exactly.

    >>> str(reciprocal(Quadratic.make(1, 1, 5, 2)))
    '1/φ'
    """
    return 1 / x if isinstance(x, Fraction) else _mobius((0, 1, 1, 0), x)


def _inside(alpha: Real, lo: Fraction, hi: Fraction) -> bool:
    if isinstance(alpha, Fraction):
        return lo <= alpha < hi
    return alpha.compare(lo) >= 0 and alpha.compare(hi) < 0


def simplest_rational(lo: Fraction, hi: Fraction, max_denominator: int) -> Fraction | None:
    """The rational of least denominator (at most ``max_denominator``) in ``[lo, hi)``, or None.

    >>> simplest_rational(Fraction(33, 100), Fraction(34, 100), 10)
    Fraction(1, 3)
    """
    for q in range(1, max_denominator + 1):
        p = -((-lo.numerator * q) // lo.denominator)  # ⌈lo·q⌉
        if Fraction(p, q) < hi:
            return Fraction(p, q)
    return None


def simplest_in(lo: Fraction, hi: Fraction, terms: int) -> Real | None:
    """The simplest number in ``[lo, hi)``: a rational whose denominator is at most a quarter of
    the ``terms`` data points that gave the interval, else a quadratic irrational whose continued
    fraction, after a head, repeats a cycle at least twice in the expansion of the interval's
    middle or of an end (over at least three terms; the shortest head and cycle first), or failing
    that shows it once (a narrow interval fixes few terms: 4-Wythoff's √5 − 1 = [1; 4, 4, ...]
    from sixteen pairs); None if neither (then no short rule is in sight).

    >>> simplest_in(Fraction(1414, 1000), Fraction(1415, 1000), terms=40)
    Quadratic(a=0, b=1, d=2, c=1)
    >>> simplest_in(Fraction(1, 3), Fraction(34, 100), terms=40)
    Fraction(1, 3)
    """
    if lo >= hi:
        return None
    rational = simplest_rational(lo, hi, terms // 4)
    if rational is not None:
        return rational
    expansions = [continued_fraction(x)[:MAX_TERMS] for x in ((lo + hi) / 2, lo, hi)]
    for repeats, least in ((2, 3), (1, 2)):  # a cycle seen twice; failing that, once
        for size in range(1, MAX_TERMS):
            for start in range(size):
                for terms in expansions:
                    alpha = _cycled(terms, start, size, repeats, least)
                    if alpha is not None and _inside(alpha, lo, hi):
                        return alpha
    return None


def _cycled(terms: list[int], start: int, size: int, repeats: int, least: int) -> Real | None:
    """``[terms[:start]; cycle terms[start:size]]`` if the cycle repeats ``repeats`` times from
    ``start`` on, over at least ``least`` terms; else None."""
    cycle = terms[start:size]
    if len(cycle) < size - start:
        return None
    run = start  # how far the cycle repeats from the head on
    while run < len(terms) and terms[run] == cycle[(run - start) % len(cycle)]:
        run += 1
    if run < least or run - start < repeats * len(cycle):
        return None
    return _periodic_value(terms[:start], cycle)


# -- linear recurrences --------------------------------------------------------------------------

def berlekamp_massey(seq: list[int]) -> list[Fraction]:
    """The shortest ``c`` with ``s[n] = c[0] s[n-1] + ... + c[L-1] s[n-L]`` for all n in range
    (its length is L, trailing zeros included: ``s = 0, 0, 1, 0, 0, ...`` needs L = 3).

    >>> berlekamp_massey([0, 1, 1, 2, 3, 5, 8, 13])
    [Fraction(1, 1), Fraction(1, 1)]
    """
    current = [Fraction(1)]  # the connection polynomial 1 - c0 x - c1 x^2 - ...
    previous = [Fraction(1)]
    length, shift, last_delta = 0, 1, Fraction(1)
    for n, value in enumerate(seq):
        delta = Fraction(value) + sum((current[i] * seq[n - i] for i in range(1, length + 1)), Fraction(0))
        if delta == 0:
            shift += 1
            continue
        factor = delta / last_delta
        update = current + [Fraction(0)] * max(0, len(previous) + shift - len(current))
        for i, p in enumerate(previous):
            update[i + shift] -= factor * p
        if 2 * length <= n:
            previous, length, last_delta, shift = current, n + 1 - length, delta, 1
        else:
            shift += 1
        current = update
    current += [Fraction(0)] * (length + 1 - len(current))
    return [-c for c in current[1:length + 1]]


@dataclass(frozen=True)
class Recurrence:
    """``s(k) = coeffs[0]·s(k-1) + ... + coeffs[L-1]·s(k-L)`` from ``start`` (its first L terms).

    >>> fib = Recurrence((1, 1), (1, 2))
    >>> [fib.term(k) for k in range(8)], fib.term(300) == fib.term(299) + fib.term(298)
    ([1, 2, 3, 5, 8, 13, 21, 34], True)
    """

    coeffs: tuple[int, ...]
    start: tuple[int, ...]

    def term(self, k: int) -> int:
        """s(k) by powers of the companion matrix: O(L³ log k) integer steps."""
        size = len(self.coeffs)
        if k < size:
            return self.start[k]
        matrix = [list(self.coeffs)] + [[int(i == j) for j in range(size)] for i in range(size - 1)]
        power = _matrix_power(matrix, k - size + 1)
        state = list(reversed(self.start))  # s(L-1), ..., s(0)
        return sum(power[0][j] * state[j] for j in range(size))


def _matrix_power(m: list[list[int]], e: int) -> list[list[int]]:
    size = len(m)
    result = [[int(i == j) for j in range(size)] for i in range(size)]
    while e:
        if e & 1:
            result = _multiply(result, m)
        m = _multiply(m, m)
        e >>= 1
    return result


def _multiply(x: list[list[int]], y: list[list[int]]) -> list[list[int]]:
    return [[sum(x[i][t] * y[t][j] for t in range(len(y))) for j in range(len(y[0]))] for i in range(len(x))]


def integer_roots(coeffs: tuple[int, ...]) -> list[int] | None:
    """The roots of ``x^L - c0 x^(L-1) - ... - c(L-1)`` if all are distinct integers, else None.

    >>> integer_roots((3, -2)), integer_roots((1, 1))
    ([1, 2], None)
    """
    poly = [1] + [-c for c in coeffs]  # highest degree first
    constant = poly[-1]
    if constant == 0:
        return None
    divisors = [d for d in range(1, isqrt(abs(constant)) + 1) if constant % d == 0]
    candidates = {s * d for d0 in divisors for d in (d0, abs(constant) // d0) for s in (1, -1)}
    roots = sorted(r for r in candidates if _evaluate(poly, r) == 0)
    return roots if len(roots) == len(coeffs) else None


def _evaluate(poly: list[int], x: int) -> int:
    total = 0
    for c in poly:
        total = total * x + c
    return total


def solve_linear(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """Solve a square system exactly (Gauss–Jordan over the rationals); None if singular.

    >>> solve_linear([[Fraction(1), Fraction(1)], [Fraction(1), Fraction(2)]], [Fraction(3), Fraction(5)])
    [Fraction(1, 1), Fraction(2, 1)]
    """
    n = len(rows)
    m = [list(r) + [b] for r, b in zip(rows, rhs, strict=True)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col] != 0), None)
        if pivot is None:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]
