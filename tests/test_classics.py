"""The classic theory: Wythoff, dynamic subtraction, staircase family, Moore's Nim, misère, Every-SG."""

from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.compound import every_sg
from grundy.core.engine import GrundyEngine
from grundy.core.errors import ComponentError, LimitError, SpecError
from grundy.core.misere import sj_applies, sj_theorem
from grundy.core.search import PositionSearch
from grundy.rulesets import dynamic, moore, wythoff
from tests.helpers import check_position

# -- Wythoff -------------------------------------------------------------------------------------


def test_wythoff_p_positions_are_the_zeros_of_the_engine():
    rules = grundy.ruleset("wythoff")
    for a in range(40):
        for b in range(40):
            assert (rules.brute_grundy((a, b)) == 0) == wythoff.is_p_position(a, b), (a, b)


def test_beatty_pairs_exact_for_huge_heaps():
    k = 10**200 + 12345
    a, b = wythoff.p_pair(k)
    assert b - a == k and wythoff.is_p_position(a, b) and wythoff.partner(a) == b and wythoff.partner(b) == a
    assert not wythoff.is_p_position(a + 1, b)
    # every positive integer is in exactly one pair (Beatty): the lower and upper sequences partition
    lows = {wythoff.lower(j) for j in range(1, 400)}
    ups = {wythoff.lower(j) + j for j in range(1, 400)}
    assert not lows & ups and set(range(1, 400)) <= lows | ups


@given(st.integers(0, 60), st.integers(0, 60))
def test_wythoff_winning_moves_are_all_moves_to_p(a, b):
    rules = grundy.ruleset("wythoff")
    solution = grundy.solve("wythoff", [(a, b)])
    to_p = sorted(m for m in rules.moves((a, b)) if wythoff.is_p_position(*m))
    assert sorted(m.option[0] for m in solution.winning_moves) == to_p
    assert solution.outcome == ("P" if wythoff.is_p_position(a, b) else "N")


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=3))
def test_wythoff_sums_against_search(pairs):
    check_position("wythoff", pairs)


def test_wythoff_table_and_errors():
    assert grundy.ruleset("wythoff").value_grid(3) == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    with pytest.raises(ComponentError, match="two heap sizes"):
        grundy.solve("wythoff", [(-1, 3)])
    with pytest.raises(ComponentError):
        grundy.solve("wythoff", [5])
    with pytest.raises(LimitError, match="Beatty"):
        grundy.solve("wythoff", [(10**6, 3 * 10**6), (1, 1)])


# -- dynamic subtraction -------------------------------------------------------------------------


@pytest.mark.parametrize("k", range(1, 7))
def test_dynamic_rule_against_brute_force(k):
    rules = grundy.ruleset(f"dynamic:{k}")

    @cache
    def wins(n, limit):
        return any(not wins(n - q, k * q) for q in range(1, min(n, limit) + 1))

    for n in range(1, 70):
        assert (n in dynamic.terms(k, n)) == (not wins(n, n - 1))
        for limit in range(1, n + 1):
            s = grundy.solve(rules, [(n, limit)])
            assert s.outcome == ("N" if wins(n, limit) else "P"), (k, n, limit)
            brute = sorted(q for q in range(1, min(n, limit) + 1) if not wins(n - q, k * q))
            assert sorted(n - m.option[0][0] for m in s.winning_moves) == brute


def test_dynamic_sequences():
    assert dynamic.terms(1, 100) == [1, 2, 4, 8, 16, 32, 64]
    assert dynamic.terms(2, 100) == [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
    assert dynamic.terms(3, 40) == [1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40]
    assert grundy.solve("fibonacci-nim", [2**60]).outcome == "N"
    assert grundy.solve("fibonacci-nim", [1548008755920]).outcome == "P"  # F(60)
    assert "Zeckendorf" in grundy.solve("fibonacci-nim", [100]).explanation


@given(st.lists(st.integers(1, 9), min_size=1, max_size=3))
def test_dynamic_sums_against_search(heaps):
    check_position("fibonacci-nim", heaps)


def test_dynamic_bad_input():
    with pytest.raises(SpecError, match="at least 1"):
        grundy.ruleset("dynamic:0")
    with pytest.raises(SpecError, match="positive integer"):
        grundy.ruleset("dynamic:x")
    with pytest.raises(ComponentError, match="n or n,limit"):
        grundy.solve("dynamic:2", [(5, 2, 1)])


# -- staircase family ----------------------------------------------------------------------------


@given(st.lists(st.integers(0, 4), min_size=1, max_size=4))
def test_staircase_value_is_xor_of_odd_steps(steps):
    rules = grundy.ruleset("staircase")
    assert rules.grundy(tuple(steps)) == rules.brute_grundy(tuple(steps))


@given(st.lists(st.lists(st.integers(0, 3), min_size=1, max_size=3), min_size=1, max_size=2))
def test_staircase_sums_and_moves(stairs):
    check_position("staircase", [tuple(s) for s in stairs])


@given(st.sets(st.integers(1, 9), min_size=1, max_size=4))
def test_georgia_bob_reduces_to_staircase(cells):
    rules = grundy.ruleset("georgia-bob")
    cells = tuple(sorted(cells))
    assert rules.grundy(cells) == rules.brute_grundy(cells)


def test_climbing_the_hill_rule_against_search():
    rules = grundy.ruleset("climbing-hill")
    for n in range(1, 5):
        for dists in combinations(range(1, 9), n):
            for king in range(1, n + 1):
                hill = (king, *dists)
                solution = grundy.solve(rules, [hill])
                assert solution.outcome == ("N" if rules.brute_grundy(hill) else "P"), hill
                for move in solution.winning_moves:
                    assert rules.brute_grundy(move.option[0]) == 0


def test_poker_nim_is_nim():
    assert grundy.solve("poker-nim", [3, 4, 5]).grundy == 2
    assert "reversible" in grundy.solve("poker-nim", [3, 4, 5]).explanation


# -- Moore's Nim ----------------------------------------------------------------------------------


@given(st.integers(1, 3), st.lists(st.integers(0, 5), min_size=1, max_size=4))
def test_moore_theorem_against_brute_force(k, heaps):
    rules = grundy.ruleset(f"moore:{k}")
    heaps = tuple(heaps)
    assert (rules.brute_grundy(heaps) == 0) == moore.is_p_position(heaps, k)
    solution = grundy.solve(rules, [heaps])
    to_p = sorted(m for m in rules.moves(heaps) if moore.is_p_position(m, k))
    assert sorted(m.option[0] for m in solution.winning_moves) == to_p


@given(st.integers(1, 4), st.lists(st.integers(0, 10**12), min_size=1, max_size=9))
def test_moore_constructive_move_on_big_heaps(k, heaps):
    heaps = tuple(heaps)
    move = moore.winning_move(heaps, k)
    if moore.is_p_position(heaps, k):
        assert move is None
    else:
        changed = [i for i in range(len(heaps)) if move[i] != heaps[i]]
        assert 1 <= len(changed) <= k and all(move[i] < heaps[i] for i in changed)
        assert moore.is_p_position(move, k)


# -- misère ---------------------------------------------------------------------------------------


@given(st.lists(st.integers(0, 7), min_size=1, max_size=4))
def test_anti_nim_against_search(heaps):
    check_position("nim", heaps, misere=True)


@grundy.impartial
def halve_or_take(n):
    """Take at least half: worth the bit length of n, so 0 only at 0 (the SJ theorem applies)."""
    return list(range(n // 2 + 1)) if n else []


@given(st.lists(st.integers(0, 12), min_size=1, max_size=4))
def test_sj_theorem_against_search(heaps):
    assert sj_applies(halve_or_take, heaps)
    verdict = sj_theorem(halve_or_take, heaps)
    search = PositionSearch(halve_or_take, misere=True)
    assert verdict.outcome == search.outcome(heaps)
    for i, option, _ in verdict.moves:
        assert search.outcome(heaps[:i] + heaps[i + 1:] + list(option)) == "P"
    assert "SJ theorem" in grundy.solve(halve_or_take, heaps, misere=True).explanation


def test_sj_theorem_is_not_used_where_it_does_not_apply():
    assert not sj_applies(grundy.ruleset("subtraction:1,3,4"), [7, 9])
    solution = grundy.solve("subtraction:1,3,4", [7, 9], misere=True)
    assert "search of the whole position" in solution.explanation
    assert solution.outcome == PositionSearch(grundy.ruleset("subtraction:1,3,4"), misere=True).outcome([7, 9])


# -- Every-SG --------------------------------------------------------------------------------------


def every_sg_by_search(rules, components):
    """The Every-SG compound searched whole: a move moves every component that can move."""

    def successors(position):
        live = [i for i, c in enumerate(position) if next(iter(rules.moves(c)), None) is not None]
        if not live:
            return []
        choices = [list(rules.moves(position[i])) for i in live]
        out = []
        for picks in product(*choices):
            new = list(position)
            for i, c in zip(live, picks, strict=True):
                new[i] = c
            out.append(tuple(sorted(new)))
        return out

    return "N" if GrundyEngine(successors).value(tuple(sorted(components))) else "P"


@pytest.mark.parametrize("spec", ["nim", "subtraction:1,3,4", "bash:2-3", "subtraction:pow2"])
@given(heaps=st.lists(st.integers(0, 8), min_size=1, max_size=3))
def test_every_sg_against_search(spec, heaps):
    rules = grundy.ruleset(spec)
    solution = grundy.solve(spec, heaps, compound="every")
    assert solution.outcome == every_sg_by_search(rules, heaps)
    if solution.outcome == "N":  # the moves listed, made together, leave a lost position
        after = list(heaps)
        for m in solution.winning_moves:
            after[m.index] = m.option[0]
        assert every_sg_by_search(rules, after) == "P"


def test_every_sg_refuses_splitting_games_and_misere():
    with pytest.raises(grundy.GrundyError, match="leave one component"):
        every_sg(grundy.ruleset("lasker"), [3])
    with pytest.raises(grundy.GrundyError, match="normal play"):
        grundy.solve("nim", [3], misere=True, compound="every")
