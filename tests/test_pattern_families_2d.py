"""The 2-D families of issue 28 (folds of min, |a − b|; blocks; generalized Wythoff pairs; "b < 2^ν₂(a)")
on user games whose rule is known: the finder's rule on the engine's table, its predictions against a
plain brute force written here (twice the side) and against the closed form far out (10^30)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache
from math import isqrt

import numpy as np
import pytest

import grundy
from grundy.patterns import plane
from grundy.patterns.mexpairs import MexPairs
from grundy.patterns.plane import grid_rule, grid_rules
from tests.helpers import mex

SIDE = 48
FAR = [(10**30, 10**30 + 7), (10**30 + 7, 10**30), (3**60, 2**90 + 1), (0, 10**30), (10**30, 0), (10**18, 10**18)]


def table(moves: Callable, side: int = SIDE) -> np.ndarray:
    """G(a, b), a, b < side, by grundy's engine for the user game (as the pattern finder gets it)."""
    return np.array(grundy.impartial(moves, arity=2).value_grid(side), dtype=np.int64)


def brute(moves: Callable, side: int) -> dict[tuple[int, int], int]:
    """G(a, b) for a, b < side by a plain memoized mex over the moves (no engine)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    @cache
    def g(p: tuple[int, int]) -> int:
        return mex({g(o) for o in moves(p)})

    return {(a, b): g((a, b)) for a in range(side) for b in range(side)}


def p_only(allowed: Callable[[int, int], bool], side: int) -> np.ndarray:
    """0 at the P-positions (1 elsewhere) of: take any amount from one heap, or k >= 1 from the first
    and l >= 1 from the second where ``allowed(k, l)`` (plain definition, row by row)."""
    grid, found = np.ones((side, side), dtype=np.int64), []
    for a in range(side):
        for b in range(side):
            if not any((x == a and y < b) or (y == b and x < a) or (a > x and b > y and allowed(a - x, b - y))
                       for x, y in found):
                found.append((a, b))
                grid[a, b] = 0
    return grid


def first_rule(grid: np.ndarray, values: bool = True):
    rule = grid_rule(grid, values)
    assert rule is not None, "no rule found"
    return rule


# -- the games ------------------------------------------------------------------------------------

def diagonal_steps(p):
    """A token moves 1 or 2 steps down the diagonal: subtraction {1, 2} on min(a, b), G = min(a, b) mod 3."""
    a, b = p
    return [(a - k, b - k) for k in (1, 2) if k <= min(a, b)]


def close_the_gap(p):
    """Lower the larger heap, not below the smaller: Nim on the gap, G = |a − b|."""
    a, b = p
    return [(a - k, b) for k in range(1, a - b + 1)] + [(a, b - k) for k in range(1, b - a + 1)]


def diagonal_and_gap(p):
    """Both moves at once: 1 or 2 steps down the diagonal, or the gap lowered by 1..3 — the sum of
    subtraction games {1, 2} on min(a, b) and {1, 2, 3} on |a − b|."""
    a, b = p
    gap = [(a - k, b) for k in (1, 2, 3) if k <= a - b] + [(a, b - k) for k in (1, 2, 3) if k <= b - a]
    return diagonal_steps(p) + gap


def diagonal_or_gap(p):
    """Any number of steps down the diagonal, or the gap lowered by any amount: Nim on min(a, b) plus
    Nim on |a − b|, G = min(a, b) xor |a − b|."""
    a, b = p
    return [(a - k, b - k) for k in range(1, min(a, b) + 1)] + close_the_gap(p)


def cap_both(p):
    """Cut both heaps down to at most max(a, b) − k, k = 1 or 2: subtraction {1, 2} on the larger
    heap, G = max(a, b) mod 3."""
    a, b = p
    top = max(a, b)
    return [(min(a, top - k), min(b, top - k)) for k in (1, 2) if k <= top]


def nim_and_a_few(k: int) -> Callable:
    """Nim on two heaps, plus a move taking 1..k−1 tokens in all from the two heaps together; G =
    k·(⌊a/k⌋ xor ⌊b/k⌋) + (a + b) mod k (no source known to us: checked by the brute force here)."""
    def moves(p):
        a, b = p
        both = [(a - i, b - j) for i in range(k) for j in range(k) if 1 <= i + j < k and i <= a and j <= b]
        return [(a - i, b) for i in range(1, a + 1)] + [(a, b - j) for j in range(1, b + 1)] + both
    moves.__name__ = f"nim_and_a_few_{k}"
    return moves


def take_at_most(times: int) -> Callable:
    """(n, m): n tokens, at most m may be taken; taking x leaves (n − x, times·x) (Schwenk 1970;
    times = 2 is Fibonacci Nim, Whinihan 1963). P iff m < the smallest term of n's greedy
    representation in powers of 2 (times = 1) or Fibonacci numbers (times = 2)."""
    def moves(p):
        n, m = p
        return [(n - x, times * x) for x in range(1, min(n, m) + 1)]
    return moves


def wythoff_kept(p):
    """Wythoff's game where no heap may drop below 1 (a heap of 0 stays): Wythoff shifted by 1."""
    a, b = p
    return [(a - i, b) for i in range(1, a)] + [(a, b - j) for j in range(1, b)] + \
        [(a - k, b - k) for k in range(1, min(a, b))]


def wythoff_not_both_empty(p):
    """Wythoff's game where no move may empty both heaps: misère Wythoff at every pair but (0, 0)."""
    a, b = p
    moves = [(a - i, b) for i in range(1, a + 1)] + [(a, b - j) for j in range(1, b + 1)] + \
        [(a - k, b - k) for k in range(1, min(a, b) + 1)]
    return [o for o in moves if o != (0, 0)]


def fraenkel(c: int, d: int) -> Callable[[int, int], bool]:
    """The joint move: k from one heap and j from the other, k <= j < c·k + d, besides taking from
    one heap (Fraenkel's games with P-positions B_n = c·A_n + d·n, as we read "Heap games,
    numeration systems and sequences", 1998; the brute force here is the arbiter)."""
    return lambda k, j: k <= j < c * k + d or j <= k < c * j + d


def fraenkel_moves(c: int, d: int) -> Callable:
    allowed = fraenkel(c, d)

    def moves(p):
        a, b = p
        joint = [(a - k, b - j) for k in range(1, a + 1) for j in range(1, b + 1) if allowed(k, j)]
        return [(a - i, b) for i in range(1, a + 1)] + [(a, b - j) for j in range(1, b + 1)] + joint
    return moves


# -- closed forms -------------------------------------------------------------------------------------

def lowest_fibonacci(n: int) -> int:
    """The smallest term of n's Zeckendorf representation (Fibonacci numbers 1, 2, 3, 5, ...)."""
    fib = [1, 2]
    while fib[-1] <= n:
        fib.append(fib[-1] + fib[-2])
    last = n
    for f in reversed(fib):
        if f <= n:
            n, last = n - f, f
    return last


def wythoff_p(x: int, y: int) -> bool:
    """Wythoff's P-positions (⌊kφ⌋, ⌊kφ⌋ + k) and mirrors, exactly."""
    x, y = sorted((x, y))
    k = y - x
    return x == (k + isqrt(5 * k * k)) // 2


# -- the comparison can fail ------------------------------------------------------------------------

def test_the_comparison_can_fail():
    rule = first_rule(table(diagonal_steps))
    assert any(rule.value(c) != min(c) % 4 for c in FAR + [(5, 7)])  # mod 3 against mod 4
    pairs = first_rule(p_only(fraenkel(2, 1), 64), values=False)
    truth = p_only(fraenkel(3, 1), 64)
    assert any(pairs.is_p((a, b)) != (truth[a, b] == 0) for a in range(64) for b in range(64))
    halves = first_rule(table(take_at_most(1)))
    assert any(halves.is_p((n, m)) != (m < lowest_fibonacci(n)) for n in range(1, 40) for m in range(40))


# -- values: folds and blocks -------------------------------------------------------------------------

VALUES = [
    (diagonal_steps, "fold (min)", "G(a, b) = min(a, b) mod 3", lambda a, b: min(a, b) % 3),
    (close_the_gap, "fold (|a − b|)", "G(a, b) = |a − b|", lambda a, b: abs(a - b)),
    (diagonal_and_gap, "fold (min xor |a − b|)", "G(a, b) = (min(a, b) mod 3) xor (|a − b| mod 4)",
     lambda a, b: (min(a, b) % 3) ^ (abs(a - b) % 4)),
    (cap_both, "fold (max)", "G(a, b) = max(a, b) mod 3", lambda a, b: max(a, b) % 3),
    (diagonal_or_gap, "fold (min xor |a − b|)", "G(a, b) = min(a, b) xor |a − b|",
     lambda a, b: min(a, b) ^ abs(a - b)),
    (nim_and_a_few(3), "blocks of 3", "G(a, b) = 3·(⌊a / 3⌋ xor ⌊b / 3⌋) + (a + b) mod 3",
     lambda a, b: 3 * ((a // 3) ^ (b // 3)) + (a + b) % 3),
    (nim_and_a_few(5), "blocks of 5", "G(a, b) = 5·(⌊a / 5⌋ xor ⌊b / 5⌋) + (a + b) mod 5",
     lambda a, b: 5 * ((a // 5) ^ (b // 5)) + (a + b) % 5),
]


@pytest.mark.parametrize(("moves", "kind", "text", "closed"), VALUES, ids=[v[0].__name__ for v in VALUES])
def test_value_families_on_games(moves, kind, text, closed):
    rule = first_rule(table(moves))
    assert (rule.kind, rule.text) == (kind, text)
    truth = brute(moves, 2 * SIDE)
    for (a, b), g in truth.items():
        assert g == closed(a, b), f"the theory is wrong at {a, b}"
        assert rule.value((a, b)) == g and rule.is_p((a, b)) == (g == 0), (a, b)
    for a, b in FAR:
        assert rule.value((a, b)) == closed(a, b), (a, b)


def test_the_finder_states_a_fold_for_a_user_game():
    found = grundy.pattern(grundy.impartial(diagonal_steps, arity=2), max_n=SIDE)
    assert found.found and not found.proved and found.rule == "G(a, b) = min(a, b) mod 3"
    assert found.value((10**30, 10**30 + 7)) == 10**30 % 3


def test_a_fold_of_the_p_positions_only():
    outcomes = np.where(table(diagonal_steps) == 0, 0, 1)
    rule = first_rule(outcomes, values=False)
    assert rule.kind == "fold P (min)" and rule.value is None and "n = min(a, b)" in rule.text
    assert all(rule.is_p(c) == (min(c) % 3 == 0) for c in FAR)


# -- P-positions: b < 2^ν₂(a) and its kin --------------------------------------------------------------

@cache
def taken(times: int, n: int, m: int) -> bool:
    """Whether (n, m) is a P-position of take_at_most(times), by the plain definition."""
    return not any(taken(times, n - x, min(times * x, n - x)) for x in range(1, min(n, m) + 1))


@pytest.mark.parametrize("swap", [False, True])
@pytest.mark.parametrize(("times", "kind", "bound", "closed"), [
    (1, "2-adic P-positions", "2^ν₂", lambda n, m: n == 0 or m < (n & -n)),
    (2, "take-at-most P-positions", "Zeckendorf", lambda n, m: n == 0 or m < lowest_fibonacci(n)),
])
def test_take_at_most_the_last_take(times, kind, bound, closed, swap):
    game = take_at_most(times)
    moves = (lambda p: [o[::-1] for o in game(p[::-1])]) if swap else game
    rule = first_rule(table(moves))
    assert rule.kind == kind and bound in rule.text and rule.value is None
    assert rule.text.startswith("P-positions: a <" if swap else "P-positions: b <")
    for n in range(2 * SIDE):
        for m in range(2 * SIDE):
            truth = taken(times, n, min(m, n))
            assert truth == closed(n, m), f"the theory is wrong at {n, m}"
            assert rule.is_p((m, n) if swap else (n, m)) == truth, (n, m)
    for n, m in FAR + [(2**100, 2**100 - 1), (2**100, 2**100), (3 * 2**70, 2**70 - 1), (3 * 2**70, 2**70)]:
        assert rule.is_p((m, n) if swap else (n, m)) == closed(n, m), (n, m)


# -- generalized Wythoff pairs -------------------------------------------------------------------------

def check_mex_definition_far(rule, c: int, d: int, m: int) -> None:
    """At the m-th pair far out: (A, B) is P, B = c·A + d·m, and every number between A_m and
    A_(m+1) is a B-term (A_(m+1) is the mex), by the plain definition (bisection on the B's)."""
    pairs = MexPairs(1, c, d, d)  # after (0, 0): from (1, c + d), the pair of index m is pairs.a(m - 1)
    a, b, following = pairs.a(m - 1), pairs.b(m - 1), pairs.a(m)
    assert b == c * a + d * m and rule.is_p((a, b)) and rule.is_p((b, a))
    assert not rule.is_p((a, b + 1)) and not rule.is_p((a + 1, b)) and not rule.is_p((a, a))
    for x in range(a + 1, following):  # a B-term: B_j = x for some j (B increases with j)
        lo, hi = 0, m
        while lo < hi:
            mid = (lo + hi) // 2
            if pairs.b(mid) < x:
                lo = mid + 1
            else:
                hi = mid
        assert pairs.b(lo) == x, x


@pytest.mark.parametrize(("c", "d", "text"), [(2, 1, "B_n = 2·A_n + n"), (3, 1, "B_n = 3·A_n + n"),
                                              (2, 3, "B_n = 2·A_n + 3n")])
def test_fraenkel_pairs(c, d, text):
    grid = p_only(fraenkel(c, d), 2 * SIDE)
    rule = first_rule(grid[:64, :64], values=False)
    assert rule.kind == "mex pairs" and text in rule.text and "A_n = mex{A_i, B_i : i < n}" in rule.text
    assert all(rule.is_p((a, b)) == (grid[a, b] == 0) for a in range(2 * SIDE) for b in range(2 * SIDE))
    for m in (10**6, 10**18, 10**30):
        check_mex_definition_far(rule, c, d, m)


def test_fraenkel_pairs_from_the_user_game():
    rule = first_rule(table(fraenkel_moves(2, 1), 40))
    assert rule.kind == "mex pairs" and "B_n = 2·A_n + n" in rule.text
    nearest = rule.special[:4]  # the next pair past the table, mirrored, and beside it (not P)
    assert [rule.is_p(q) for q in nearest] == [True, True, False, False] and nearest[0][1] >= 40, nearest


def test_wythoff_as_mex_pairs_agrees_with_beatty_far_out():
    rules = list(grid_rules(p_only(fraenkel(1, 1), 64), values=False))
    assert [r.kind for r in rules][:2] == ["Beatty pairs", "mex pairs"], [r.kind for r in rules]
    beatty, pairs = rules[:2]
    for k in (10**6, 10**18, 10**30 + 7):
        x = (k + isqrt(5 * k * k)) // 2
        for c in ((x, x + k), (x + k, x), (x, x + k + 1), (x + 1, x + k)):
            assert pairs.is_p(c) == beatty.is_p(c) == wythoff_p(*c), c


@pytest.mark.parametrize(("moves", "words", "closed"), [
    (wythoff_kept, "with a number below 2, only (0, 0), (0, 1), (1, 1)",
     lambda x, y: (min(x, y) >= 1 and wythoff_p(x - 1, y - 1)) or (max(x, y) <= 1)),
    (wythoff_not_both_empty, "with a number below 3, only (0, 0), (0, 1), (2, 2)",
     lambda x, y: (x, y) in {(0, 0), (0, 1), (1, 0), (2, 2)} or (min(x, y) >= 3 and wythoff_p(x, y))),
])
def test_shifted_and_misere_wythoff(moves, words, closed):
    rule = first_rule(table(moves, 64))
    assert rule.kind == "mex pairs" and words in rule.text, rule.text
    truth = brute(moves, 96)
    for (a, b), g in truth.items():
        assert (g == 0) == closed(a, b), f"the theory is wrong at {a, b}"
        assert rule.is_p((a, b)) == (g == 0), (a, b)
    for k in (10**6, 10**30 + 7):
        x = (k + isqrt(5 * k * k)) // 2
        for c in ((x, x + k), (x + 1, x + k + 1), (x + k + 1, x + 1), (x + 1, x + k + 2), *FAR):
            assert rule.is_p(c) == closed(*c), c


def test_pairs_in_one_order_only():
    grid = p_only(fraenkel(2, 1), 64)
    upper = np.where(np.tril(np.ones_like(grid), -1) == 1, 1, grid)  # only the pairs with a <= b
    for shown, cells, order in ((upper, upper, "(a, b) = (A_n, B_n)"), (upper.T, upper.T, "(a, b) = (B_n, A_n)")):
        rule = first_rule(np.ascontiguousarray(shown), values=False)
        assert rule.kind == "mex pairs" and order in rule.text
        assert all(rule.is_p((a, b)) == (cells[a, b] == 0) for a in range(64) for b in range(64))


def test_mex_pairs_are_exact_past_the_direct_terms():
    for s, c, d, e in ((1, 1, 1, 1), (1, 2, 1, 1), (3, 1, 1, 2), (0, 2, 0, 1), (2, 3, 2, 0)):
        pairs, used, x, firsts = MexPairs(s, c, d, e), set(), s, []
        for m in range(6000):
            while x in used:
                x += 1
            firsts.append(x)
            used.add(c * x + d * m + e)
            x += 1
        fresh = MexPairs(s, c, d, e)
        assert [fresh.a(m) for m in range(5999, 1000, -97)] == firsts[5999:1000:-97]  # far first, no warm memo
        assert [pairs.a(m) for m in range(6000)] == firsts
        numbers = set(firsts[:5000])
        assert all((pairs.index(v) is not None) == (v in numbers) for v in range(s, firsts[5000]))
    with pytest.raises(ValueError):
        MexPairs(0, 1, 0, 0)


# -- the iterator, and honesty on noise ---------------------------------------------------------------

def test_grid_rules_is_lazy(monkeypatch):
    def broken(grid):
        raise AssertionError("a later family was tried")
        yield

    monkeypatch.setattr(plane, "mex_pairs", broken)
    a, b = np.indices((SIDE, SIDE))
    assert next(grid_rules(np.minimum(a, b) % 3)).text == "G(a, b) = min(a, b) mod 3"
    with pytest.raises(AssertionError, match="later family"):
        list(grid_rules(np.minimum(a, b) % 3))


def test_no_rule_in_noise():
    rng = np.random.default_rng(28)
    for _ in range(5):
        assert next(grid_rules(rng.integers(0, 4, (SIDE, SIDE))), None) is None
        p = rng.random((SIDE, SIDE)) < 0.1
        assert next(grid_rules(np.where(p | p.T, 0, 1), values=False), None) is None
