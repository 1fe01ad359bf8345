"""Every heap ruleset: closed forms and kernels against a plain mex of the rules written here.

The expected values come from the rules, typed in this file and evaluated by a plain mex (no grundy
engine, closed form or period finder), or from published tables (HDU 1848).
"""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.errors import ComponentError, SpecError
from tests.helpers import mex, repeats_from
from tests.hostile import api_cases


def plain_values(moves, n):
    """G(0..n-1) by a plain mex: ``moves(heap)`` lists the heaps a move leaves (all smaller)."""
    values = []
    for heap in range(n):
        values.append(mex({values[m] for m in moves(heap)}))
    return values


def misere_outcomes(moves, n):
    """'N' or 'P' for one heap of 0..n-1 in misère play: with no move the player to move has won."""
    outcomes = []
    for heap in range(n):
        options = moves(heap)
        outcomes.append("N" if not options or any(outcomes[m] == "P" for m in options) else "P")
    return outcomes


def take(amounts):
    return lambda n: [n - a for a in amounts if a <= n]


def bash(low, high, rest=False):
    """Take low..high tokens; with ``rest``, also all of a heap smaller than low."""
    return lambda n: take(range(low, high + 1))(n) + ([0] if rest and 0 < n < low else [])


FIB = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144]
RULES = {
    "nim": lambda n: list(range(n)),
    "subtraction:1,3,4": take([1, 3, 4]),
    "subtraction:2,5,6": take([2, 5, 6]),
    "subtraction:allbut:1,2": lambda n: [n - t for t in range(3, n + 1)],
    "subtraction:pow2": take([2**i for i in range(8)]),
    "subtraction:fib": take(FIB),
    "bash:3": bash(1, 3),
    "bash:2-5": bash(2, 5),
    "bash:3-4:all": bash(3, 4, rest=True),
    "bash:1-1": bash(1, 1),
    "bash:4-4:all": bash(4, 4, rest=True),
    "bash:1-6:all": bash(1, 6, rest=True),
}


@pytest.mark.parametrize("spec", sorted(RULES))
def test_closed_forms_and_tables_match_definition(spec):
    rules = grundy.ruleset(spec)
    expected = plain_values(RULES[spec], 120)
    assert [rules.grundy(n) for n in range(120)] == expected
    assert rules.values(120).tolist() == expected
    assert [sorted(o[0] for o in rules.options(n)) for n in range(40)] == [sorted(RULES[spec](n)) for n in range(40)]


subtraction_sets = st.sets(st.integers(1, 12), min_size=1, max_size=5)


@given(subtraction_sets)
def test_subtraction_kernel_matches_definition(moves):
    spec = "subtraction:" + ",".join(map(str, sorted(moves)))
    rules = grundy.ruleset(spec)
    assert rules.values(150).tolist() == plain_values(take(moves), 150)


@given(st.sets(st.integers(1, 10), min_size=1, max_size=4))
def test_allbut_kernel_matches_definition(excluded):
    rules = grundy.ruleset("subtraction:allbut:" + ",".join(map(str, sorted(excluded))))
    expected = plain_values(lambda n: [n - t for t in range(1, n + 1) if t not in excluded], 130)
    assert rules.values(130).tolist() == expected


@given(st.integers(1, 9), st.integers(0, 9), st.booleans())
def test_bash_closed_forms_match_definition(low, extra, rest):
    high = low + extra
    moves = bash(low, high, rest)
    rules = grundy.ruleset(f"bash:{low}-{high}" + (":all" if rest else ""))
    assert [rules.grundy(n) for n in range(90)] == plain_values(moves, 90)
    # misère single heap: the closed form against the plain recursion of the rules
    assert [rules.misere_outcome(n) for n in range(60)] == misere_outcomes(moves, 60)


def bash_value(low, high, table):
    """G of any heap of bash:low-high from a plain table that repeats with period low + high from
    heap ``high`` on: past heap ``low`` the game is the subtraction game {low..high}, so ``high``
    repeating values in a row prove the period for ever."""
    period = low + high
    assert len(table) >= high + period + high and repeats_from(table, high, period)
    return lambda n: table[n] if n < len(table) else table[high + (n - high) % period]


@given(st.integers(1, 9), st.integers(0, 9), st.booleans(), st.integers(0, 10**18), st.data())
def test_bash_moves_to_value_on_huge_heaps(low, extra, rest, heap, data):
    high = low + extra
    rules = grundy.ruleset(f"bash:{low}-{high}" + (":all" if rest else ""))
    value = bash_value(low, high, plain_values(bash(low, high, rest), 4 * (low + high) + 10))
    heap = heap % 200 if data.draw(st.booleans()) else heap
    target = data.draw(st.integers(0, high // low + 1))
    fast = sorted(rules.moves_to_value(heap, target))
    expected = sorted((m,) for m in bash(low, high, rest)(heap) if value(m) == target)
    assert fast == expected


def test_nim_misere_single_heap():
    # misère Nim, one heap: the player to move loses only on a heap of 1 (Bouton)
    nim = grundy.ruleset("nim")
    assert [nim.misere_outcome(n) for n in range(12)] == ["N", "P"] + ["N"] * 10
    assert misere_outcomes(RULES["nim"], 12) == ["N", "P"] + ["N"] * 10


def test_powers_of_two_closed_form_is_mod_three():
    # taking a power of two: G(n) = n mod 3 (2^k mod 3 is 1 or 2, never 0)
    rules = grundy.ruleset("subtraction:pow2")
    assert rules.grundy(10**30) == 10**30 % 3
    assert rules.values(9).tolist() == [0, 1, 2, 0, 1, 2, 0, 1, 2]


def test_fibonacci_subtraction_known_values():
    # HDU 1848: the SG table of the Fibonacci subtraction game begins 0 1 2 3 0 1 2 3 4 5 0
    assert grundy.ruleset("subtraction:fib").values(11).tolist() == [0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0]


def test_huge_heap_uses_the_proved_period():
    # subtraction {2,5,6}: G = 0 0 1 1 0 2 1 3 0 2 1, period 11 from 0 (a plain mex; a finite subtraction
    # game whose values repeat for max(S) = 6 heaps in a row repeat for ever)
    table = plain_values(RULES["subtraction:2,5,6"], 60)
    assert table[:11] == [0, 0, 1, 1, 0, 2, 1, 3, 0, 2, 1] and repeats_from(table, 0, 11)
    rules = grundy.ruleset("subtraction:2,5,6")
    for n in [10**18, 10**18 + 1, 123456789012345678901234567890]:
        assert rules.grundy(n) == table[n % 11]


def test_values_are_numpy_and_compact():
    values = grundy.ruleset("subtraction:1,3,4").values(1000)
    assert isinstance(values, np.ndarray)
    assert values.dtype.itemsize <= 2


@pytest.mark.parametrize("bad", api_cases("heaps"), ids=lambda bad: bad.spec)
def test_bad_specs_say_what_is_wrong(bad):
    """The bad heap specs of the shared table (tests/hostile.py), refused by the API in its words."""
    with pytest.raises(SpecError, match=re.escape(bad.said)):
        grundy.ruleset(bad.spec)


@pytest.mark.parametrize("component", [-1, 2.5, "3", True, (1, 2)])
def test_bad_components_are_refused(component):
    with pytest.raises(ComponentError, match="expected a heap size"):
        grundy.ruleset("nim").grundy(component)
