"""Heap rules from contest tutorials (take-half and no-repeat, the splitting games legendre, near-equal and
beans, and prime-powers): every closed form and fast method against the brute-force definition."""

from functools import reduce

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core import limits
from grundy.core.engine import GrundyEngine
from grundy.core.errors import ComponentError, LimitError, SpecError
from grundy.core.ruleset import TRUNCATED
from grundy.rulesets.dividing import exponent_moves, factorize
from grundy.rulesets.splitting import (
    MAX_SPLIT_HEAPS,
    NearEqual,
    beans_position,
    legendre_value,
    odious_position,
    odious_value,
)
from grundy.rulesets.takeaway import triangular_root
from tests.helpers import check_position


def definition_values(moves, n, splits=False):
    """G(0..n-1) straight from the rules with a fresh engine (no closed form, no table)."""
    engine = GrundyEngine(moves, splits=splits)
    return [engine.value(i) for i in range(n)]


def slow_moves_to_value(rules, component, target):
    return sorted(o for o in rules.options(component) if rules.option_value(o) == target)


# -- take-half -------------------------------------------------------------------------------------------
def take_half_moves(n):
    least = (n + 1) // 2
    return [n - t for t in range(max(least, 1), n + 1)]


def test_take_half_closed_form_is_the_bit_length():
    rules = grundy.ruleset("take-half")
    expected = definition_values(take_half_moves, 300)
    assert [rules.grundy(n) for n in range(300)] == expected
    assert [rules.brute_grundy(n) for n in range(300)] == expected
    assert expected[:13] == [0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4]  # the table of the tutorial
    assert rules.grundy(10**30) == (10**30).bit_length()


@given(st.integers(0, 600), st.integers(0, 11))
def test_take_half_moves_to_value(n, target):
    rules = grundy.ruleset("take-half")
    assert sorted(rules.moves_to_value(n, target)) == slow_moves_to_value(rules, n, target)


# -- no-repeat -------------------------------------------------------------------------------------------
def no_repeat_moves(state):
    left, taken = state
    return [(left - a, taken | {a}) for a in range(1, left + 1) if a not in taken]


NO_REPEAT = GrundyEngine(no_repeat_moves)


def test_no_repeat_closed_form_for_fresh_heaps():
    rules = grundy.ruleset("no-repeat")
    expected = [NO_REPEAT.value((n, frozenset())) for n in range(41)]
    assert [rules.grundy(n) for n in range(41)] == expected
    assert [rules.brute_grundy(n) for n in range(30)] == expected[:30]
    assert expected[:8] == [0, 1, 1, 2, 2, 2, 3, 3]  # the tutorial's table
    assert rules.values(41).tolist() == expected


@given(st.integers(0, 10**12))
def test_triangular_root_is_the_largest_k(n):
    k = triangular_root(n)
    assert k * (k + 1) // 2 <= n < (k + 1) * (k + 2) // 2


@given(st.integers(0, 16), st.sets(st.integers(1, 12), max_size=4))
def test_no_repeat_states_with_amounts_taken(left, taken):
    rules = grundy.ruleset("no-repeat")
    state = (left, *taken)
    assert rules.grundy(state) == NO_REPEAT.value((left, frozenset(taken)))
    shown = sorted(rules.options(state))
    assert shown == sorted(((left - a, *sorted(taken | {a})),) for a in range(1, left + 1) if a not in taken)


def test_no_repeat_components():
    rules = grundy.ruleset("no-repeat")
    assert rules.validate((5,)) == 5 and rules.validate([3, 4, 1]) == (3, 1, 4)
    assert rules.parse_component("3,4,1") == (3, 1, 4)
    with pytest.raises(ComponentError, match="distinct positive"):
        rules.validate((3, 1, 1))
    with pytest.raises(ComponentError, match="distinct positive"):
        rules.validate((3, 0))
    with pytest.raises(ComponentError, match="expected a heap size n, or r,t1,t2"):
        rules.validate(-2)


# -- legendre:K ----------------------------------------------------------------------------------------------
def legendre_moves(k):
    def moves(n):
        options = [(n - 1,)] if n else []
        if n and n % 2 == 0:
            options.append((n // 2,) * k)
        return options
    return moves


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 8])
def test_legendre_closed_form_matches_definition(k):
    rules = grundy.ruleset(f"legendre:{k}")
    expected = definition_values(legendre_moves(k), 400, splits=True)
    assert [rules.grundy(n) for n in range(400)] == expected
    assert [rules.brute_grundy(n) for n in range(60)] == expected[:60]


@given(st.integers(1, 12), st.integers(0, 250))
def test_legendre_closed_form_small_cases(k, n):
    expected = definition_values(legendre_moves(k), n + 1, splits=True)[n]
    assert legendre_value(n, k) == expected


@given(st.integers(1, 10**18), st.integers(1, 10**9))
def test_legendre_closed_form_obeys_the_recurrence_on_huge_heaps(n, k):
    options = {legendre_value(n - 1, k)}
    if n % 2 == 0:
        options.add(legendre_value(n // 2, k) if k % 2 else 0)
    mex = min(set(range(4)) - options)
    assert legendre_value(n, k) == mex


@given(st.integers(1, 7), st.integers(0, 300), st.integers(0, 3))
def test_legendre_moves_to_value(k, n, target):
    rules = grundy.ruleset(f"legendre:{k}")
    assert sorted(rules.moves_to_value(n, target)) == slow_moves_to_value(rules, n, target)


@given(st.lists(st.integers(0, 10**9), min_size=1, max_size=5), st.booleans())
def test_legendre_huge_k_counts_winning_splits(heaps, odd):
    # K beyond the listing limit: values only depend on the parity of K, so compare with a small K
    big, small = MAX_SPLIT_HEAPS + (1 if odd else 2), 3 if odd else 2
    s_big, s_small = grundy.solve(f"legendre:{big}", heaps), grundy.solve(f"legendre:{small}", heaps)
    assert (s_big.grundy, s_big.outcome) == (s_small.grundy, s_small.outcome)
    assert s_big.winning_move_count == s_small.winning_move_count
    removals = sorted((m.index, m.option) for m in s_small.winning_moves if m.option == (heaps[m.index] - 1,))
    assert sorted((m.index, m.option) for m in s_big.winning_moves) == removals


def test_legendre_huge_k_refuses_to_list_a_split():
    rules = grundy.ruleset(f"legendre:{10**9}")
    assert list(rules.options(1)) == [(0,)]
    with pytest.raises(LimitError, match="leaves 1,000,000,000 heaps"):
        list(rules.options(4))


# -- near-equal:F ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("least", [1, 2, 3, 5, 8])
def test_near_equal_table_and_fast_values_match_definition(least):
    expected = definition_values(NearEqual(least).moves, 70, splits=True)
    assert NearEqual(least).values(70).tolist() == expected
    fast = NearEqual(least)  # no table: values come from the memoized block enumeration
    assert [fast.grundy(n) for n in range(70)] == expected
    assert [fast.brute_grundy(n) for n in range(40)] == expected[:40]
    assert all(v == 0 for v in expected[:least])


@given(st.integers(1, 12), st.integers(0, 60))
def test_near_equal_small_cases(least, n):
    rules = NearEqual(least)
    assert rules.grundy(n) == rules.brute_grundy(n)


@given(st.integers(1, 40), st.integers(0, 3000))
def test_near_equal_memoized_method_agrees_with_the_table(least, n):
    table = grundy.ruleset(f"near-equal:{least}").values(3001)
    assert NearEqual(least).grundy(n) == table[n]


@given(st.integers(1, 6), st.integers(0, 40), st.integers(0, 5))
def test_near_equal_moves_to_value(least, n, target):
    rules = grundy.ruleset(f"near-equal:{least}")
    assert sorted(rules.moves_to_value(n, target)) == slow_moves_to_value(rules, n, target)


@given(st.integers(1, 6), st.integers(0, 400), st.integers(0, 7))
def test_near_equal_winning_splits_are_counted_by_their_runs(least, n, target):
    """The count by runs of ⌊n/M⌋ (used when the list is cut) is the number of splits worth the target."""
    rules = grundy.ruleset(f"near-equal:{least}")
    assert rules.count_moves_to_value(n, target) == len(slow_moves_to_value(rules, n, target))


def test_near_equal_huge_heaps_are_cut_counted_or_refused():
    rules = NearEqual(2)
    cut = list(rules.moves_to_value(10**5, 0))
    assert cut[-1] is TRUNCATED and sum(len(o) for o in cut[:-1]) <= 10**6  # the piles listed are bounded
    assert len(cut) > 100 and all(rules.option_value(o) == 0 for o in cut[:100])
    assert rules.count_moves_to_value(10**5, 0) == 50_000 > len(cut)
    with pytest.raises(LimitError, match="the [0-9,]+ that max_states allows"):
        rules.grundy(10**31)
    with limits.budget(max_states=10**5), pytest.raises(LimitError, match="heaps up to about"):
        rules.grundy(10**9)


def test_near_equal_values_can_be_extended():
    rules = NearEqual(2)
    first = rules.values(50).tolist()
    assert rules.values(120).tolist()[:50] == first
    assert rules.values(120).tolist() == NearEqual(2).values(120).tolist()


# -- prime-powers ------------------------------------------------------------------------------------------------
def arpa_moves(numbers):
    top = max(numbers)
    for p in range(2, top + 1):
        if all(p % q for q in range(2, p)):
            power = p
            while power <= top:
                if any(a % power == 0 for a in numbers):
                    yield tuple(a // power if a % power == 0 else a for a in numbers)
                power *= p


ARPA = GrundyEngine(arpa_moves)


@given(st.lists(st.integers(1, 64), min_size=1, max_size=3))
def test_prime_powers_decomposition_matches_the_whole_game(numbers):
    rules = grundy.ruleset("prime-powers")
    numbers = tuple(numbers)
    assert rules.grundy(numbers) == ARPA.value(numbers) == rules.brute_grundy(numbers)
    assert sorted(rules.moves(numbers)) == sorted(arpa_moves(numbers))


@given(st.lists(st.integers(1, 200), min_size=1, max_size=3), st.integers(0, 4))
def test_prime_powers_moves_to_value(numbers, target):
    rules = grundy.ruleset("prime-powers")
    numbers = tuple(numbers)
    assert sorted(rules.moves_to_value(numbers, target)) == slow_moves_to_value(rules, numbers, target)


@given(st.integers(1, 10**7))
def test_factorize(n):
    factors = factorize(n)
    assert reduce(lambda x, pe: x * pe[0] ** pe[1], factors, 1) == n
    assert all(all(p % q for q in range(2, min(p, 2000))) for p, _ in factors)


def test_exponent_game_values():
    engine = GrundyEngine(exponent_moves)
    assert [engine.value(m) for m in (0, 0b10, 0b100, 0b110, 0b1000)] == [0, 1, 2, 0, 3]
    rules = grundy.ruleset("prime-powers")
    assert rules.grundy((2**29, 3**18, 999999937)) == engine.value(1 << 29) ^ engine.value(1 << 18) ^ 1


@pytest.mark.parametrize("component, message", [
    ((0, 4), "0 is not allowed"),
    ((10**13,), "between 1 and"),
    ((), "an empty list is not a component"),
    ((3, -1), "expected numbers a1,a2"),
])
def test_prime_powers_bad_components(component, message):
    with pytest.raises(ComponentError, match=message):
        grundy.ruleset("prime-powers").grundy(component)


# -- beans --------------------------------------------------------------------------------------------------------
def bean_values(n):
    values = []
    for d in range(n):
        seen = {values[a] ^ values[b] for a in range(d) for b in range(a + 1)}
        values.append(min(set(range(len(seen) + 1)) - seen))
    return values


def test_beans_closed_form_is_mock_turtles():
    rules = grundy.ruleset("beans")
    expected = bean_values(90)
    assert [rules.grundy(d) for d in range(90)] == expected
    assert [rules.brute_grundy(d) for d in range(25)] == expected[:25]
    assert all(odious_position(odious_value(d)) == d for d in range(2000))
    assert [odious_position(v) for v in (3, 5, 6, 9)] == [None] * 4


@given(st.integers(0, 40), st.integers(0, 80))
def test_beans_moves_to_value(d, target):
    rules = grundy.ruleset("beans")
    assert sorted(rules.moves_to_value(d, target)) == slow_moves_to_value(rules, d, target)


def bottle_moves(counts):
    n = len(counts)
    for i in range(n):
        if counts[i]:
            for j in range(i + 1, n):
                for k in range(j, n):
                    after = list(counts)
                    after[i] -= 1
                    after[j] += 1
                    after[k] += 1
                    yield tuple(after)


BOTTLES = GrundyEngine(bottle_moves)


@given(st.lists(st.integers(0, 2), min_size=1, max_size=4))
def test_beans_position_matches_the_whole_bottle_game(counts):
    rules = grundy.ruleset("beans")
    value = 0
    for d in beans_position(counts):
        value ^= rules.grundy(d)
    assert value == BOTTLES.value(tuple(counts))


def test_beans_position_reads_parities():
    assert beans_position([1, 2, 3, 0, 5]) == [4, 2, 0]
    with pytest.raises(ComponentError, match="non-negative number of beans"):
        beans_position([1, -1])
    with pytest.raises(ComponentError, match="at least one bottle"):
        beans_position([])


# -- sums and specs --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["take-half", "no-repeat", "legendre:1", "legendre:2", "legendre:3",
                                  "near-equal:1", "near-equal:3"])
@given(heaps=st.lists(st.integers(0, 8), min_size=1, max_size=3))
def test_sums_of_heaps_agree_with_search(spec, heaps):
    check_position(spec, heaps)


@given(beans=st.lists(st.integers(0, 4), min_size=1, max_size=2))
def test_sums_of_beans_agree_with_search(beans):
    check_position("beans", beans)


@given(lists=st.lists(st.lists(st.integers(1, 16), min_size=1, max_size=2).map(tuple), min_size=1, max_size=2))
def test_sums_of_number_lists_agree_with_search(lists):
    check_position("prime-powers", lists)


@given(st.lists(st.one_of(st.integers(0, 7), st.tuples(st.integers(0, 6), st.integers(1, 4))), min_size=1, max_size=3))
def test_sums_of_no_repeat_states_agree_with_search(states):
    check_position("no-repeat", [grundy.ruleset("no-repeat").validate(s) for s in states])


def test_registered_names():
    families = {e.name: e.family for e in grundy.catalogue()}
    assert families["take-half"] == families["no-repeat"] == families["nim"] == "heap games"
    assert {name for name, family in families.items() if family == "heap-splitting games"} == {
        "legendre", "near-equal", "beans"}
    assert families["prime-powers"] == families["decrementing"] == "games on a row of piles"
    assert grundy.ruleset("prime-powers").parse_component("12,18,7") == (12, 18, 7)


@pytest.mark.parametrize("spec, message", [
    ("legendre:0", "K must be a positive integer"),
    ("legendre:x", "K must be a positive integer, got 'x'"),
    ("legendre", "needs parameters"),
    ("near-equal:x", "F must be a positive integer, got 'x'"),
    ("near-equal:-3", "F must be a positive integer"),
    ("near-equal:", "F must be a positive integer"),
    ("take-half:2", "takes no parameters"),
    ("beans:3", "takes no parameters"),
])
def test_bad_specs(spec, message):
    with pytest.raises(SpecError, match=message):
        grundy.ruleset(spec)


@pytest.mark.parametrize("spec", ["take-half", "legendre:2", "near-equal:2", "beans"])
@pytest.mark.parametrize("component", [-1, 2.5, "3", True])
def test_bad_heaps(spec, component):
    with pytest.raises(ComponentError, match="expected"):
        grundy.ruleset(spec).grundy(component)
