"""The one-heap families of issue 28: rules through ν₂ and ν₃, Zeckendorf (Fibonacci-base) rules,
recurrences p' = ⌊c·p⌋ + d, the iterators of candidate rules, and the search for P-positions only
that finds a sparse sequence's terms past the table.

Each family is checked on a game whose rule is known, built here from its moves: the truth is a
plain mex over those moves (or the P-recursion "P iff no option is P") on the table, and the
theory's closed form at 10^30 and at structured far heaps (powers of 2 and 3, Fibonacci numbers).
"""

from __future__ import annotations

import time
from math import isqrt

import numpy as np
import pytest

import grundy
from grundy.core.errors import GrundyError
from grundy.patterns import positions as positions_module
from grundy.patterns.adic import nu
from grundy.patterns.line import value_rule, value_rules
from grundy.patterns.positions import position_rule, position_rules
from grundy.patterns.sparse import more_p_positions
from grundy.patterns.zeckendorf import zeckendorf, zlow, zparts

BIG = 10**30


# -- the truth: a plain mex, the P-recursion, and the theory's closed forms ------------------------------

def mex(seen: set[int]) -> int:
    g = 0
    while g in seen:
        g += 1
    return g


def brute(moves, n: int) -> np.ndarray:
    """G(0..n-1) from the moves alone (each leads to a smaller heap)."""
    values: list[int] = []
    for heap in range(n):
        options = moves(heap)
        assert all(0 <= o < heap for o in options)
        values.append(mex({values[o] for o in options}))
    return np.array(values, dtype=np.int64)


def brute_p(moves, n: int) -> list[int]:
    """The P-positions below n by the P-recursion alone: P iff no option is P."""
    p: set[int] = set()
    for heap in range(n):
        if p.isdisjoint(moves(heap)):
            p.add(heap)
    return sorted(p)


def halve(n: int) -> list[int]:
    """Halve an even heap. G(n) = ν₂(n) mod 2 for n ≥ 1 (the only move lowers ν₂ by one)."""
    return [n // 2] if n and n % 2 == 0 else []


def halve_or_quarter(n: int) -> list[int]:
    """Halve an even heap or quarter one divisible by 4: the subtraction game {1, 2} on ν₂, so
    G(n) = ν₂(n) mod 3 for n ≥ 1."""
    return ([n // 2] if n and n % 2 == 0 else []) + ([n // 4] if n and n % 4 == 0 else [])


def divide_by_three(n: int) -> list[int]:
    """Divide a heap by 3 when 3 divides it: G(n) = ν₃(n) mod 2 for n ≥ 1."""
    return [n // 3] if n and n % 3 == 0 else []


def drop_a_part(n: int) -> list[int]:
    """Remove one part of the Zeckendorf sum of n: each move lowers the number of parts by one,
    so G(n) = zparts(n) mod 2."""
    return [n - part for part in zeckendorf(n)]


def lower_smallest_part(n: int) -> list[int]:
    """Move to any 1 ≤ m < n whose smallest Zeckendorf part is smaller than n's: every smaller index
    is reached (F_j < n), never the same one, so G(n) = zlow(n) for n ≥ 1."""
    return [m for m in range(1, n) if zlow(m) < zlow(n)] if n else []


def take_up_to_smallest_part(n: int) -> list[int]:
    """Take 1 up to the smallest Zeckendorf part of n tokens (a one-heap cousin of Fibonacci Nim).
    Found here: P iff n = 0 or n ≥ 2 has smallest part 1 (checked by brute force below)."""
    return [n - k for k in range(1, zeckendorf(n)[-1] + 1)] if n else []


def at_most_third(n: int) -> list[int]:
    """Take 1 up to ⌊n/3⌋ (examples/patterns/shrinking.py): P-positions p' = ⌊3p/2⌋ + 1 from 0."""
    return [n - k for k in range(1, n // 3 + 1)]


def at_most_golden(n: int) -> list[int]:
    """Take 1 up to ⌊n/φ²⌋ = ⌊n(3 − √5)/2⌋: the moves reach down to ⌈n/φ⌉, so the next P-position
    after p is ⌊φp⌋ + 1 (the argument of at_most_third with 3/2 replaced by φ)."""
    most = (3 * n - isqrt(5 * n * n) - 1) // 2 if n else 0
    return [n - k for k in range(1, most + 1)]


def at_most_two_thirds(n: int) -> list[int]:
    """Take 1 up to ⌊2n/3⌋: the moves reach down to ⌈n/3⌉, so the P-position after p is 3p + 1:
    the P-positions are (3^k − 1)/2 (0, 1, 4, 13, 40, ...; derived here as at_most_half's 2^k − 1
    is in examples/patterns/shrinking.py)."""
    return [n - k for k in range(1, 2 * n // 3 + 1)]


def floor_sequence(c_num: int, c_den: int, d: int, limit: int) -> list[int]:
    seq = [0]
    while seq[-1] < limit:
        seq.append(seq[-1] * c_num // c_den + d)
    return seq


def golden_sequence(limit: int) -> list[int]:
    seq = [0]
    while seq[-1] < limit:
        p = seq[-1]
        seq.append((p + isqrt(5 * p * p)) // 2 + 1)
    return seq


# (game, table size, value closed form or None, P closed form, words the first rule must contain)
GAMES = [
    (halve, 512, lambda n: nu(2, n) % 2 if n else 0, lambda n: n == 0 or nu(2, n) % 2 == 0,
     "G(n) = ν₂(n) mod 2"),
    (halve_or_quarter, 512, lambda n: nu(2, n) % 3 if n else 0, lambda n: n == 0 or nu(2, n) % 3 == 0,
     "G(n) = ν₂(n) mod 3"),
    (divide_by_three, 729, lambda n: nu(3, n) % 2 if n else 0, lambda n: n == 0 or nu(3, n) % 2 == 0,
     "G(n) = ν₃(n) mod 2"),
    (drop_a_part, 512, lambda n: zparts(n) % 2, lambda n: zparts(n) % 2 == 0, "G(n) = zparts(n) mod 2"),
    (lower_smallest_part, 300, lambda n: zlow(n) if n else 0, lambda n: n == 0 or zlow(n) == 0, "G(n) = zlow(n)"),
]


def far_heaps(extra: int = 0) -> list[int]:
    """Heaps far past any table: 10^30 and its neighbours, powers of 2 and 3 and their multiples,
    Fibonacci numbers and their sums."""
    fib = [1, 2]
    while fib[-1] < 10**40:
        fib.append(fib[-1] + fib[-2])
    heaps = [BIG + i for i in range(-3, 4)] + [2**100, 3 * 2**99, 5 * 2**101, 3**60, 2 * 3**61, 4 * 3**62]
    heaps += [fib[150], fib[151] + fib[149], fib[160] + fib[140] + 1, fib[170] - 1]
    return [h + extra for h in heaps]


# -- the comparison can fail -----------------------------------------------------------------------------

def test_the_comparisons_can_fail():
    """A wrong closed form is caught by the brute force, and a wrong rule by the closed form far out."""
    truth = brute(halve_or_quarter, 200)
    assert any(truth[n] != nu(2, n) % 2 for n in range(1, 200))  # ν₂ mod 2 is not this game
    rule = value_rule(brute(halve, 512))  # ν₂(n) mod 2 ...
    assert rule is not None and any(rule.value(h) != nu(2, h) % 3 for h in far_heaps())  # ... is not ν₂ mod 3
    third = position_rule(np.array(brute_p(at_most_third, 2048)), 2048)
    assert third is not None and not third.is_p(floor_sequence(3, 2, 1, 10**30)[-1] + 1)
    assert brute_p(at_most_two_thirds, 200) != brute_p(at_most_third, 200)


# -- the new families on games with a known rule ---------------------------------------------------------

@pytest.mark.parametrize(("game", "n", "value", "is_p", "words"), GAMES, ids=[g[0].__name__ for g in GAMES])
def test_statistic_value_rules(game, n, value, is_p, words):
    table = brute(game, n)
    assert all(table[h] == value(h) for h in range(n)), "the theory is wrong"
    assert all((table[h] == 0) == is_p(h) for h in range(n)), "the theory is wrong"
    rule = value_rule(table)
    assert rule is not None and rule.text.startswith(words), rule and rule.text
    assert rule.value is not None and all(rule.value(h) == table[h] for h in range(n))
    for heap in far_heaps() + far_heaps(1):
        assert rule.value(heap) == value(heap), heap
        assert rule.is_p(heap) == is_p(heap), heap


@pytest.mark.parametrize(("game", "n", "value", "is_p", "words"), GAMES, ids=[g[0].__name__ for g in GAMES])
def test_statistic_position_rules(game, n, value, is_p, words):
    zeros = brute_p(game, n)
    rule = position_rule(np.array(zeros), n)
    assert rule is not None and rule.kind == "statistic P-positions" and rule.value is None, rule
    assert [h for h in range(n) if rule.is_p(h)] == zeros
    for heap in far_heaps() + far_heaps(1) + far_heaps(2):
        assert rule.is_p(heap) == is_p(heap), heap


def test_the_words_of_the_2_adic_and_zeckendorf_rules():
    halving = position_rule(np.array(brute_p(halve, 512)), 512)
    assert halving.text.startswith("P-positions: ν₂(n) even, ν₂(n) the exponent of 2 in n, for n ≥ 1; below: 0")
    parts = position_rule(np.array(brute_p(drop_a_part, 512)), 512)
    assert parts.text.startswith("P-positions: zparts(n) even, zparts(n) the number of parts of the Zeckendorf sum")
    quarter = position_rule(np.array(brute_p(halve_or_quarter, 512)), 512)
    assert quarter.text.startswith("P-positions: ν₂(n) ≡ 0 (mod 3)")


def test_take_up_to_the_smallest_zeckendorf_part():
    n = 600
    zeros = brute_p(take_up_to_smallest_part, n)
    assert zeros == [h for h in range(n) if h == 0 or (h >= 2 and zlow(h) == 0)]  # the rule, by brute force
    rule = position_rule(np.array(zeros), n)
    assert rule is not None and rule.text.startswith("P-positions: zlow(n) = 0"), rule
    for heap in far_heaps() + far_heaps(1):
        assert rule.is_p(heap) == (zlow(heap) == 0), heap


@pytest.mark.parametrize(("game", "n", "truth", "words"), [
    (at_most_third, 2048, floor_sequence(3, 2, 1, 10**32), "p(k + 1) = ⌊3·p(k)/2⌋ + 1"),
    (at_most_golden, 2048, golden_sequence(10**32), "⌊φ·p(k)⌋ + 1"),
])
def test_floor_recurrences(game, n, truth, words):
    zeros = brute_p(game, n)
    assert zeros == [p for p in truth if p < n], "the theory is wrong"
    rules = [r for r in position_rules(np.array(zeros), n) if r.kind == "floor recurrence P-positions"]
    assert rules and words in rules[0].text, [r.text for r in rules]
    rule = rules[0]
    far = [p for p in truth if p > BIG][:3]
    for p in far:
        assert rule.is_p(p) and not rule.is_p(p + 1) and not rule.is_p(p - 1), p
    assert sum(rule.is_p(BIG + i) for i in range(200)) == sum(1 for p in truth if BIG <= p < BIG + 200)


def test_golden_p_positions_are_fibonacci_numbers_less_one():
    """⌊φp⌋ + 1 from 0 gives F − 1: the linear recurrence says so first, in words."""
    rule = position_rule(np.array(brute_p(at_most_golden, 2048)), 2048)
    assert rule.kind == "linear recurrence P-positions" and "n = F − 1 for the Fibonacci numbers" in rule.text, rule
    fib = [1, 2]
    while fib[-1] < 10**40:
        fib.append(fib[-1] + fib[-2])
    assert all(rule.is_p(f - 1) and not rule.is_p(f) for f in fib[100:110])


def test_a_floor_recurrence_needs_its_next_term_past_the_table():
    """A table reaching past the next term, without it, is no such sequence (one P-position missed)."""
    seq = floor_sequence(3, 2, 1, 5000)
    n = seq[-1] + 10  # the table holds every term, then one is missing
    zeros = seq[:-1]
    assert all(r.kind != "floor recurrence P-positions" for r in position_rules(np.array(zeros), n))


# -- the iterators -----------------------------------------------------------------------------------------

def test_value_rules_give_every_candidate_and_value_rule_the_first():
    table = brute(lower_smallest_part, 300)
    rules = list(value_rules(table))
    assert rules[0].text == value_rule(table).text
    assert all(all(r.value(h) == table[h] for h in range(300)) for r in rules)
    assert value_rule(np.arange(60) % 3).text.startswith("G(n) = n mod 3")  # today's order: periodic first
    assert list(value_rules(np.arange(5))) == []  # too few values for any rule


def test_position_rules_are_lazy(monkeypatch):
    """A later family is not computed while an earlier candidate is taken."""
    def fail(*_args):
        raise AssertionError("computed too early")

    monkeypatch.setattr(positions_module, "floor_recurrence", fail)
    rules = position_rules(np.array([2**k - 1 for k in range(13)]), 5000)
    assert next(rules).text == "P-positions: n = 2^k − 1 (k ≥ 0)"
    with pytest.raises(AssertionError, match="too early"):
        list(rules)


def test_every_position_candidate_fits_the_table():
    zeros = brute_p(take_up_to_smallest_part, 600)
    rules = list(position_rules(np.array(zeros), 600))
    assert len(rules) >= 2  # several descriptions of the same set
    for rule in rules:
        assert [h for h in range(600) if rule.is_p(h)] == zeros, rule.text


def test_no_statistic_rule_in_noise():
    rng = np.random.default_rng(28)
    for _ in range(5):
        values = rng.integers(0, 3, 2000)
        assert value_rule(values) is None
        zeros = np.flatnonzero(rng.random(2000) < 0.3)
        assert position_rule(zeros, 2000) is None


# -- the search for P-positions only ------------------------------------------------------------------------

def test_more_p_positions_finds_a_sparse_sequence_past_the_table():
    game = grundy.impartial(at_most_two_thirds)
    table = 256
    zeros = brute_p(at_most_two_thirds, table)
    assert zeros == [0, 1, 4, 13, 40, 121] and position_rule(np.array(zeros), table) is None  # too few
    far = more_p_positions(game, table, 4, 10**8, zeros=zeros)
    assert far.positions == [364, 1093, 3280, 9841] and far.stopped == "" and far.reached == 9842
    assert far.positions == [(3**k - 1) // 2 for k in range(6, 10)]
    rule = position_rule(np.array(zeros + far.positions), far.reached)
    assert rule is not None and "n = (3^k − 1)/2" in rule.text, rule
    assert rule.is_p((3**70 - 1) // 2) and not rule.is_p((3**70 + 1) // 2) and not rule.is_p(BIG)


def test_more_p_positions_on_the_existing_games():
    at_most_half = grundy.impartial(lambda n: [n - k for k in range(1, n // 2 + 1)])
    assert more_p_positions(at_most_half, 100, 3, 10**7).positions == [127, 255, 511]  # from heap 0
    third = grundy.impartial(at_most_third)
    found = more_p_positions(third, 50, 5, 10**7, zeros=[0, 1, 2, 4, 7, 11, 17, 26, 40]).positions
    assert found == [p for p in floor_sequence(3, 2, 1, 10**4) if p >= 50][:5]
    subtraction = grundy.ruleset("subtraction:1,3,4")  # finds its moves to value 0 itself
    found = more_p_positions(subtraction, 1000, 6, 10**6, zeros=[z for z in range(1000) if z % 7 in (0, 2)])
    assert found.positions == [z for z in range(1000, 1100) if z % 7 in (0, 2)][:6]


def test_more_p_positions_stops_at_its_budget_and_says_why():
    game = grundy.impartial(at_most_two_thirds)
    zeros = [0, 1, 4, 13, 40, 121]
    began = time.process_time()
    far = more_p_positions(game, 256, 4, 100_000, zeros=zeros)
    assert time.process_time() - began < 20  # a safety net: the budget counts options, not time
    assert far.positions == [364] and far.stopped == f"the budget of 100,000 steps ended at heap {far.reached:,}"
    assert 100_000 <= far.steps < 100_000 + far.reached and 364 < far.reached < 1093


def test_more_p_positions_refuses_what_it_cannot_decide():
    upward = grundy.impartial(lambda n: [n + 1] if n % 5 == 4 and n < 50 else ([n - 1] if n else []))
    far = more_p_positions(upward, 0, 100, 10**6)
    assert far.stopped == "a move from heap 4 leaves 5, not a smaller heap" and far.reached == 4
    with pytest.raises(GrundyError, match="one heap whose moves leave one heap"):
        more_p_positions(grundy.ruleset("kayles"), 10, 1, 1000)


def test_the_rules_give_their_own_special_points_past_the_table():
    """The points the self-check should look at: where ν₂ or the Zeckendorf sum changes, the next terms."""
    halving = value_rule(brute(halve, 512))
    assert min(halving.special) >= 512 and {2**j for j in range(9, 14)} <= set(halving.special)
    third = next(r for r in position_rules(np.array(brute_p(at_most_third, 512)), 512)
                 if r.kind == "floor recurrence P-positions")
    nxt = [p for p in floor_sequence(3, 2, 1, 10**6) if p >= 512][:3]
    assert set(nxt) <= set(third.special) and all(third.is_p(p) for p in nxt)
    parts = position_rule(np.array(brute_p(drop_a_part, 512)), 512)
    assert min(parts.special) >= 512 and any(zparts(h) % 2 == 0 for h in parts.special)
