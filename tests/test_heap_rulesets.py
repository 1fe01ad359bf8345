"""Every heap ruleset: closed forms and kernels against the brute-force definition."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.engine import GrundyEngine
from grundy.core.errors import ComponentError, SpecError
from grundy.core.search import PositionSearch


def definition_values(moves, n):
    """G(0..n-1) straight from the rules with a fresh engine (no closed form, no kernel)."""
    engine = GrundyEngine(moves)
    return [engine.value(i) for i in range(n)]


FIXED_SPECS = ["nim", "subtraction:1,3,4", "subtraction:2,5,6", "subtraction:allbut:1,2",
               "subtraction:pow2", "subtraction:fib", "bash:3", "bash:2-5", "bash:3-4:all",
               "bash:1-1", "bash:4-4:all", "bash:1-6:all"]


@pytest.mark.parametrize("spec", FIXED_SPECS)
def test_closed_forms_and_tables_match_definition(spec):
    rules = grundy.ruleset(spec)
    expected = definition_values(rules.moves, 120)
    assert [rules.grundy(n) for n in range(120)] == expected
    assert rules.values(120).tolist() == expected


subtraction_sets = st.sets(st.integers(1, 12), min_size=1, max_size=5)


@given(subtraction_sets)
def test_subtraction_kernel_matches_definition(moves):
    spec = "subtraction:" + ",".join(map(str, sorted(moves)))
    rules = grundy.ruleset(spec)
    expected = definition_values(lambda n: [n - s for s in moves if s <= n], 150)
    assert rules.values(150).tolist() == expected


@given(st.sets(st.integers(1, 10), min_size=1, max_size=4))
def test_allbut_kernel_matches_definition(excluded):
    rules = grundy.ruleset("subtraction:allbut:" + ",".join(map(str, sorted(excluded))))
    expected = definition_values(lambda n: [n - t for t in range(1, n + 1) if t not in excluded], 130)
    assert rules.values(130).tolist() == expected


@given(st.integers(1, 9), st.integers(0, 9), st.booleans())
def test_bash_closed_forms_match_definition(low, extra, rest):
    high = low + extra

    def moves(n):
        options = [n - x for x in range(low, high + 1) if x <= n]
        return options + [0] if rest and 0 < n < low else options

    spec = f"bash:{low}-{high}" + (":all" if rest else "")
    rules = grundy.ruleset(spec)
    assert [rules.grundy(n) for n in range(90)] == definition_values(moves, 90)
    # misère single heap: the closed form against a search of the game tree
    search = PositionSearch(rules, misere=True)
    assert [rules.misere_outcome(n) for n in range(60)] == [search.outcome([n]) for n in range(60)]


@given(st.integers(1, 9), st.integers(0, 9), st.booleans(), st.integers(0, 10**18), st.data())
def test_bash_moves_to_value_on_huge_heaps(low, extra, rest, heap, data):
    high = low + extra
    rules = grundy.ruleset(f"bash:{low}-{high}" + (":all" if rest else ""))
    heap = heap % 200 if data.draw(st.booleans()) else heap
    target = data.draw(st.integers(0, high // low + 1))
    fast = sorted(rules.moves_to_value(heap, target))
    slow = sorted(o for o in rules.options(heap) if rules.option_value(o) == target)
    assert fast == slow


def test_nim_misere_single_heap():
    search = PositionSearch(grundy.ruleset("nim"), misere=True)
    nim = grundy.ruleset("nim")
    assert [nim.misere_outcome(n) for n in range(12)] == [search.outcome([n]) for n in range(12)]


def test_powers_of_two_closed_form_is_mod_three():
    rules = grundy.ruleset("subtraction:pow2")
    assert rules.grundy(10**30) == 10**30 % 3
    assert rules.values(9).tolist() == [0, 1, 2, 0, 1, 2, 0, 1, 2]


def test_fibonacci_subtraction_known_values():
    # HDU 1848: the SG table of the Fibonacci subtraction game begins 0 1 2 3 0 1 2 3 4 5 0
    assert grundy.ruleset("subtraction:fib").values(11).tolist() == [0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0]


def test_huge_heap_uses_the_proved_period():
    rules = grundy.ruleset("subtraction:2,5,6")
    table = rules.values(2000)
    period = grundy.period("subtraction:2,5,6")
    for n in [10**18, 10**18 + 1, 123456789012345678901234567890]:
        reduced = period.preperiod + (n - period.preperiod) % period.period
        assert rules.grundy(n) == table[reduced]


def test_values_are_numpy_and_compact():
    values = grundy.ruleset("subtraction:1,3,4").values(1000)
    assert isinstance(values, np.ndarray)
    assert values.dtype.itemsize <= 2


@pytest.mark.parametrize("spec, message", [
    ("nimble", "unknown ruleset 'nimble'"),
    ("nim:3", "takes no parameters"),
    ("subtraction", "needs parameters"),
    ("subtraction:1,x", "'x' is not an integer"),
    ("subtraction:0,2", "must be >= 1"),
    ("subtraction:", "expected numbers"),
    ("bash:5-2", "1 <= A <= B"),
    ("bash:3:all", "needs a range"),
    ("bash:2-3:odd", "unknown modifier"),
])
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(SpecError, match=message):
        grundy.ruleset(spec)


@pytest.mark.parametrize("component", [-1, 2.5, "3", True, (1, 2)])
def test_bad_components_are_refused(component):
    with pytest.raises(ComponentError, match="expected a heap size"):
        grundy.ruleset("nim").grundy(component)
