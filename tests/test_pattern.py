"""The pattern finder: each family on games whose rule is known, exact predictions past the table
checked against the plain definition, honesty (no rule for games with none, proofs only where a
theorem applies), and the exact numbers underneath."""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.core.errors import ComponentError
from grundy.core.ruleset import Shape
from grundy.patterns.line import bit_rule, value_rule
from grundy.patterns.numbers import Quadratic, Recurrence, berlekamp_massey, floor_times, simplest_in
from grundy.patterns.plane import grid_rule
from grundy.patterns.positions import position_rule
from grundy.patterns.rule import Rule
from grundy.service.resolve import catalogue
from tests.helpers import mex

SLOW = settings(max_examples=25, deadline=None)


def brute_values(rules: grundy.Ruleset, n: int) -> list[int]:
    """G(0..n-1) of a one-heap game from its moves and the mex alone (no kernel, no period)."""
    values: list[int] = []
    for heap in range(n):
        values.append(mex({values[m] for m in rules.moves(heap)}))
    return values


def zeros_of(indicator) -> np.ndarray:
    return np.flatnonzero(np.asarray(indicator) == 0)


# -- exact numbers ---------------------------------------------------------------------------------

@given(st.integers(0, 10**40), st.sampled_from([(1, 1, 5, 2), (0, 1, 2, 1), (-1, 1, 13, 2), (3, -1, 7, 4)]))
def test_floor_times_is_exact(k, abdc):
    a, b, d, c = abdc
    alpha = Quadratic.make(a, b, d, c)
    # ⌊k(a + b√d)/c⌋ by a bisection on integers: the m with (cm - ka)^2 compared to k^2 b^2 d
    lo, hi = -10**45, 10**45
    while lo < hi:  # the least m with c(m + 1) > k(a + b√d)
        m = (lo + hi) // 2
        u = c * (m + 1) - k * a  # sign of u - kb√d
        above = (u > 0 and (b < 0 or u * u > k * k * b * b * d)) or (u <= 0 and b < 0 and u * u < k * k * b * b * d)
        if above:
            hi = m
        else:
            lo = m + 1
    assert floor_times(alpha, k) == lo


def test_quadratic_names_and_compare():
    phi = Quadratic.make(1, 1, 5, 2)
    assert str(phi) == "φ" and str(Quadratic.make(2, 2, 8, 2)) == "1 + 2√2"
    assert phi.compare(Fraction(1618, 1000)) == 1 and phi.compare(Fraction(1619, 1000)) == -1
    assert Quadratic.make(4, 0, 5, 2) == Fraction(2) and Quadratic.make(1, 1, 9, 2) == Fraction(2)


@pytest.mark.parametrize("alpha", [Quadratic.make(1, 1, 5, 2), Quadratic.make(0, 1, 2, 1), Quadratic.make(-1, 1, 13, 2),
                                   Quadratic.make(2, 1, 3, 1), Fraction(7, 3), Fraction(5, 2)])
def test_simplest_in_recognises_the_number_behind_a_beatty_sequence(alpha):
    seq = [(k, floor_times(alpha, k)) for k in range(1, 400)]
    lo = max(Fraction(u, k) for k, u in seq)
    hi = min(Fraction(u + 1, k) for k, u in seq)
    assert simplest_in(lo, hi, len(seq)) == alpha


def test_simplest_in_finds_nothing_in_noise():
    rng = np.random.default_rng(5)
    seq = np.cumsum(rng.integers(1, 4, 300))
    pairs = [(k + 1, int(u)) for k, u in enumerate(seq)]
    lo = max(Fraction(u, k) for k, u in pairs)
    hi = min(Fraction(u + 1, k) for k, u in pairs)
    assert lo >= hi or simplest_in(lo, hi, len(pairs)) is None


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=4), st.lists(st.integers(-5, 5), min_size=4, max_size=4))
def test_berlekamp_massey_finds_a_recurrence_that_generates_the_sequence(coeffs, start):
    start = start[:len(coeffs)]
    seq = list(start)
    while len(seq) < 30:
        seq.append(sum(c * seq[-1 - i] for i, c in enumerate(coeffs)))
    found = berlekamp_massey(seq)
    assert len(found) <= len(coeffs)
    for n in range(len(found), len(seq)):
        assert sum(c * seq[n - 1 - i] for i, c in enumerate(found)) == seq[n]


@given(st.integers(0, 400))
def test_recurrence_term_is_the_iterated_term(k):
    rec = Recurrence((3, -2), (0, 1))  # 2^k - 1
    assert rec.term(k) == 2**k - 1


# -- 1-D values ----------------------------------------------------------------------------------

@pytest.mark.parametrize("values, text", [
    ([n % 3 for n in range(60)], "G(n) = n mod 3"),
    ([(n + 2) % 5 for n in range(60)], "G(n) = (n + 2) mod 5"),
    ([(n % 7) // 2 for n in range(70)], "G(n) = ⌊(n mod 7) / 2⌋"),
    (list(range(60)), "G(n) = n"),
    ([n // 3 for n in range(60)], "G(n) = ⌊n / 3⌋"),
    ([n + (1 if n % 4 == 3 else -1 if n % 4 == 0 and n else 0) for n in range(80)],
     "G(n) = n except G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3 (k ≥ 0)"),
    ([(n + 1).bit_length() for n in range(100)], "G(n) = bitlength(n + 1), the bit length of (n + 1)"),
    ([(n & -n) if n else 0 for n in range(100)], None),
    ([bin(n).count("1") % 2 for n in range(100)], "G(n) = popcount(n) mod 2"),
    ([isqrt(n) for n in range(100)], "G(n) = ⌊√n⌋, ⌊√n⌋"),
])
def test_value_families(values, text):
    rule = value_rule(np.array(values))
    assert rule is not None
    if text is not None:
        assert rule.text.startswith(text)
    assert all(rule.value(n) == v for n, v in enumerate(values))


@given(st.sampled_from(range(9)), st.sampled_from([0, 1, -1, 2]), st.sampled_from([0, 1, -1]))
def test_bit_rules_predict_far_past_the_data(which, shift, offset):
    from grundy.patterns.line import BIT_RULES

    _, least, _, exact, _ = BIT_RULES[which]
    first = max(least - shift, 0)
    values = np.array([exact(n + shift) + offset if n >= first else 0 for n in range(300)])
    rule = value_rule(values)
    assert rule is not None and rule.value is not None
    for n in [*range(300), *range(10**6, 10**6 + 50), 3 * 10**40 + 7]:
        expected = exact(n + shift) + offset if n >= first else 0
        assert rule.value(n) == expected


def test_a_rule_that_mispredicts_is_caught():
    # the check of the tests can fail: n mod 3's rule against n mod 4's values
    rule = value_rule(np.array([n % 3 for n in range(60)]))
    assert any(rule.value(n) != n % 4 for n in range(60))
    assert bit_rule(np.array([n % 3 for n in range(60)])) is None


def test_no_value_rule_in_noise():
    rng = np.random.default_rng(1)
    assert value_rule(rng.integers(0, 5, 500)) is None


# -- 1-D P-positions -----------------------------------------------------------------------------

@pytest.mark.parametrize("zeros, n, kind, text", [
    ([k * k for k in range(40)], 1600, "polynomial", "n = k²"),
    ([k * (k + 1) // 2 for k in range(50)], 1275, "polynomial", "n = (k² + k)/2"),
    ([2**k - 1 for k in range(13)], 8000, "linear recurrence", "n = 2^k − 1"),
    ([(3**k - 1) // 2 for k in range(10)], 20000, "linear recurrence", "n = (3^k − 1)/2"),
    ([1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987], 1500, "linear recurrence", "Fibonacci"),
    ([(k + isqrt(5 * k * k)) // 2 for k in range(1, 600)], 900, "Beatty", "⌊k·φ⌋ (k ≥ 1)"),
    ([isqrt(2 * k * k) + 3 for k in range(0, 600)], 800, "Beatty", "⌊k·√2⌋ + 3 (k ≥ 0)"),
    ([3 * k + 1 for k in range(100)], 300, "periodic", "n ≡ 1 (mod 3)"),
    ([0, 2, 5], 3000, "finite", "0, 2, 5 only"),
])
def test_position_families(zeros, n, kind, text):
    zeros = [z for z in zeros if z < n]
    rule = position_rule(np.array(zeros), n)
    assert rule is not None and rule.kind.startswith(kind) and text in rule.text
    seen = min(n, 2500)
    assert [m for m in range(seen) if rule.is_p(m)] == [z for z in zeros if z < seen]
    assert all(rule.is_p(z) for z in zeros)


@SLOW
@given(st.integers(1, 3), st.integers(0, 3))
def test_recurrence_predictions_far_past_the_data(base, c):
    # the P-positions (base+1)^k + c, k >= 0: a recurrence of order 2 in closed form
    terms = [(base + 1) ** k + c for k in range(10)]
    n = terms[-1] + 1
    rule = position_rule(np.array(terms), n)
    assert rule is not None
    far = (base + 1) ** 60 + c
    assert rule.is_p(far) and not rule.is_p(far + 1)


# -- 2-D tables ----------------------------------------------------------------------------------

A, B = np.indices((48, 48))


@pytest.mark.parametrize("grid, kind, text", [
    ((A % 4) ^ (B % 2), "separable (xor)", "G(a, b) = (a mod 4) xor (b mod 2)"),
    (A ^ B, "separable (xor)", "G(a, b) = a xor b"),
    (A + B, "separable (+)", "G(a, b) = a + b"),
    (np.minimum(A, B), "separable (min)", "G(a, b) = min(a, b)"),
    ((A + B) % 3, "separable (+ mod 3)", None),
    (np.array([[0, 1], [2, 0], [1, 3]])[A % 3, B % 2], "doubly periodic", "T[a mod 3][b mod 2]"),
    (np.where(A == B, 0, 1 + A * 0 + (A * B) % 5), "P iff f(a) = f(b)", "P-positions: a = b"),
    (np.where(A % 3 == B % 3, 0, 1 + (A * B) % 7), "P iff f(a) = f(b)", "a mod 3"),
    (np.where(np.abs(A - B) == 2, 0, 1 + (A * B) % 7), "diagonal P-positions", "|a − b| in {2}"),
])
def test_grid_families(grid, kind, text):
    rule = grid_rule(grid)
    assert rule is not None and rule.kind == kind, (rule and rule.kind)
    if text is not None:
        assert text in rule.text
    for a in range(48):
        for b in range(48):
            if rule.value is not None:
                assert rule.value((a, b)) == grid[a, b]
            assert rule.is_p((a, b)) == (grid[a, b] == 0)


def wythoff_like(step: int, size: int) -> np.ndarray:
    """The outcomes of the a-Wythoff game by brute force: take from one heap, or k, l >= 1 from both
    with |k - l| < step (Fraenkel 1982). 0 where P, 1 elsewhere."""
    p = np.zeros((size, size), dtype=bool)
    for a in range(size):
        for b in range(size):
            won = p[:a, b].any() or p[a, :b].any()
            for d in range(1 - step, step):  # take k and m = k - d from the two heaps, k, m >= 1
                first = max(1, 1 + d)  # the least k
                off = b - a + d  # the cells (a - k, b - k + d) lie on this diagonal
                diagonal = np.diagonal(p, offset=off)
                start = max(0, -off)  # the row of diagonal[0]
                last = a - first  # the largest row a - k
                if last >= start:
                    won = won or diagonal[: last - start + 1].any()
            p[a, b] = not won
    return np.where(p, 0, 1)


@pytest.mark.parametrize("step, alpha", [(1, "φ"), (2, "√2"), (3, "(−1 + √13)/2")])
def test_beatty_pairs_of_the_a_wythoff_games(step, alpha):
    truth = wythoff_like(step, 220)
    rule = grid_rule(truth[:160, :160], values=False)
    assert rule is not None and rule.kind == "Beatty pairs"
    assert f"⌊k·{alpha}⌋" in rule.text and (f"+ {step}k" in rule.text or step == 1)
    # past the table the rule was found in
    assert all(rule.is_p((a, b)) == (truth[a, b] == 0) for a in range(220) for b in range(220))


def test_the_a_wythoff_brute_force_is_wythoff_for_step_1():
    from grundy.rulesets.wythoff import is_p_position

    grid = wythoff_like(1, 30)
    assert all((grid[a, b] == 0) == is_p_position(a, b) for a in range(30) for b in range(30))


# -- the finder on rulesets ----------------------------------------------------------------------

CLOSED = sorted({e.examples[0].split()[0] for e in catalogue() if e.kind == "impartial"
                 and grundy.ruleset(e.examples[0].split()[0]).closed_form is not None})


def test_closed_forms_are_declared_where_expected():
    assert {"nim", "wythoff", "mock-turtles", "take-half", "fibonacci-nim", "rook-subtraction:1,2"} <= set(CLOSED)


@pytest.mark.parametrize("spec", CLOSED)
def test_every_known_closed_form_is_reported_proved(spec):
    rules = grundy.ruleset(spec)
    found = grundy.pattern(spec)
    assert found.found and found.proved and found.reason.startswith("proved: ")
    dims = found.dimensions
    cells = range(1, 40) if dims == 1 else [(a, b) for a in range(1, 14) for b in range(1, 14)]
    for c in cells:  # the predictors against the definition
        try:
            c = rules.validate(c)
        except grundy.GrundyError:
            continue
        if rules.shape is Shape.PILES:
            truth = rules.brute_grundy(c)
            assert found.is_p(c[0]) == (truth == 0)
            continue
        truth = rules.brute_grundy(c)
        assert found.is_p(c) == (truth == 0)
        if found.value(c) is not None:
            assert found.value(c) == truth


@pytest.mark.parametrize("spec", ["subtraction:1,3,4", "subtraction:2,5,6", "kayles", "dawson-kayles", "alice:2"])
def test_periods_the_theorems_prove(spec):
    found = grundy.pattern(spec)
    assert found.proved and found.kind == "periodic"
    assert "theorem" in found.reason or "finite subtraction set" in found.reason


def test_a_game_with_no_pattern_says_so():
    found = grundy.pattern("subtraction:fib")  # no rule of the families is known (HDU 1848)
    assert not found.found and found.kind == "none" and found.rule.startswith("no pattern found: tried")
    assert found.checked_up_to >= 1024 and not found.proved
    assert found.value(10) == grundy.ruleset("subtraction:fib").grundy(10)
    with pytest.raises(grundy.GrundyError, match="no pattern was found"):
        found.value(10**9)
    with pytest.raises(grundy.GrundyError, match="no pattern was found"):
        found.is_p(10**9)


def test_squares_have_no_pattern():
    @grundy.impartial
    def squares(n):
        return [n - k * k for k in range(1, isqrt(n) + 1)]

    found = grundy.pattern(squares, max_n=4096)
    assert not found.found and found.checked_up_to == 4096


def test_a_finite_set_needs_the_table_far_past_its_last_element():
    # Grundy's game: P-positions up to 1222, then none known (Winning Ways ch. 4)
    found = grundy.pattern("grundy-game")
    assert found.kind == "finite P-positions" and found.rule.endswith(" only")
    assert found.is_p(1222) and not any(found.is_p(n) for n in (1223, 5000, 10**20))
    assert found.checked_up_to >= 8 * 1222 and not found.proved and found.reason.startswith("conjecture")


def test_sequences_are_conjectures():
    found = grundy.pattern([n % 5 for n in range(100)])
    assert found.found and not found.proved and found.rule.startswith("G(n) = n mod 5")
    assert found.value(10**50 + 3) == 3 and found.checked_up_to == 100
    assert not grundy.pattern([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]).found


def test_bad_components_of_a_pattern():
    found = grundy.pattern("nim")
    for bad in (-1, 2.5, (1, 2), "3"):
        with pytest.raises(grundy.GrundyError, match="not a component"):
            found.value(bad)
    with pytest.raises(grundy.GrundyError, match="pattern needs components"):
        grundy.pattern("hackenbush")


def take_ruleset(amounts: tuple[int, ...]) -> grundy.Ruleset:
    return grundy.ruleset("subtraction:" + ",".join(map(str, amounts)))


@SLOW
@given(st.sets(st.integers(1, 9), min_size=1, max_size=4))
def test_predictions_of_subtraction_games_past_the_table(amounts):
    rules = take_ruleset(tuple(sorted(amounts)))
    found = grundy.pattern(rules)
    assert found.found and found.proved
    n = found.checked_up_to
    truth = brute_values(rules, n + 300)
    assert [found.value(m) for m in range(n, n + 300)] == truth[n:]


@SLOW
@given(st.sets(st.integers(1, 6), min_size=1, max_size=3))
def test_predictions_of_allbut_games_past_the_table(excluded):
    rules = grundy.ruleset("subtraction:allbut:" + ",".join(map(str, sorted(excluded))))
    found = grundy.pattern(rules, max_n=512)
    if not found.found:
        return
    n = found.checked_up_to
    truth = brute_values(rules, n + 200)
    assert all(found.is_p(m) == (truth[m] == 0) for m in range(n, n + 200))
    if found.value(n) is not None:
        assert [found.value(m) for m in range(n, n + 200)] == truth[n:]


@SLOW
@given(st.text(alphabet="0137", min_size=1, max_size=3).filter(lambda s: s.strip("0")))
def test_predictions_of_octal_games_past_the_table(digits):
    rules = grundy.ruleset(f"octal:0.{digits}")
    found = grundy.pattern(rules, max_n=1024)
    if not found.found:
        return
    n = found.checked_up_to
    truth = rules.values(n + 300).tolist()
    assert all(found.is_p(m) == (truth[m] == 0) for m in range(n, n + 300))
    if found.value(n) is not None:
        assert [found.value(m) for m in range(n, n + 300)] == truth[n:]


def test_user_games_of_pairs():
    @grundy.impartial(arity=2)
    def corner_king(p):  # a king moving left, down or diagonally down-left
        a, b = p
        return [(x, y) for x, y in ((a - 1, b), (a, b - 1), (a - 1, b - 1)) if x >= 0 and y >= 0]

    found = grundy.pattern(corner_king)
    assert found.found and found.dimensions == 2 and not found.proved
    assert found.rule.startswith("G(a, b) = ") or "P-positions" in found.rule
    truth = np.array(corner_king.value_grid(80))
    assert all(found.is_p((a, b)) == (truth[a, b] == 0) for a in range(80) for b in range(80))
    assert found.is_p((10**30, 10**30 + 2)) is (10**30 % 2 == 0)


def test_rule_is_a_plain_record():
    rule = Rule("periodic", "G(n) = n mod 2", 2, lambda n: n % 2, lambda n: n % 2 == 0)
    assert rule.value(7) == 1 and rule.is_p(8)


def test_a_pair_may_be_written_as_the_command_line_writes_it():
    found = grundy.pattern("wythoff")
    assert found.is_p("3,5") and found.is_p(" 3, 5") and not found.is_p("3,4")
    assert found.is_p("3,5") == found.is_p((3, 5))
    for bad in ("3,x", "3", "3,5,7", "-3,5"):
        with pytest.raises(ComponentError, match="expected a pair of non-negative integers"):
            found.is_p(bad)
