"""Games on a row of piles (harlequin, candy-piles, decrementing): every fast rule against the definition."""

import itertools
import random
from functools import cache
from math import gcd

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.errors import ComponentError, LimitError, SpecError
from grundy.core.general import game, solve_game
from grundy.rulesets.dividing import decrementing_outcome, decrementing_winning_moves
from grundy.rulesets.piles import MAX_COLOURS, candy_corner, candy_outcome, harlequin_outcome
from tests.helpers import check_position

HARLEQUIN = grundy.ruleset("harlequin")
CANDY = grundy.ruleset("candy-piles")
DECREMENTING = grundy.ruleset("decrementing")


# -- Harlequin -------------------------------------------------------------------------------------------
@cache
def harlequin_wins(counts):
    """Straight from the rules: eat one apple of each colour of a non-empty set; no move loses."""
    colours = [i for i, c in enumerate(counts) if c]
    for size in range(1, len(colours) + 1):
        for chosen in itertools.combinations(colours, size):
            after = tuple(c - (i in chosen) for i, c in enumerate(counts))
            if not harlequin_wins(after):
                return True
    return False


def test_harlequin_parity_rule_on_every_small_game():
    for n in (1, 2, 3):
        for counts in itertools.product(range(5), repeat=n):
            expected = "N" if harlequin_wins(counts) else "P"
            assert harlequin_outcome(counts) == expected
            assert (HARLEQUIN.brute_grundy(counts) != 0) == (expected == "N")
            assert grundy.solve("harlequin", [counts]).outcome == expected


@given(st.lists(st.integers(0, 3), min_size=1, max_size=3))
def test_harlequin_single_game_winning_moves(counts):
    check_position("harlequin", [tuple(counts)])


@given(st.lists(st.lists(st.integers(0, 2), min_size=1, max_size=2).map(tuple), min_size=2, max_size=2))
def test_harlequin_sums_agree_with_search(games):
    check_position("harlequin", games)


def test_harlequin_moves_and_values_have_no_simple_form():
    assert sorted(HARLEQUIN.moves((1, 2))) == [(0, 1), (0, 2), (1, 1)]
    assert HARLEQUIN.grundy((1, 1, 2)) == 4 and HARLEQUIN.grundy((2, 2, 3)) == 2
    assert list(HARLEQUIN.moves((0, 0))) == []


def test_harlequin_large_game_by_the_rule_and_a_clear_limit_for_values():
    counts = tuple(range(1, 100_001))
    s = grundy.solve("harlequin", [counts], max_listed=0)
    assert s.outcome == "N" and s.winning_move_count == 1
    assert grundy.solve("harlequin", [(100_000, 30_000, 20_000)]).outcome == "P"
    with pytest.raises(LimitError, match="non-empty colours"):
        HARLEQUIN.brute_grundy((1,) * (MAX_COLOURS + 1))


# -- Candy Piles -----------------------------------------------------------------------------------------
def _candy_moves(piles):
    """The original moves (eating the last candy allowed): leave the piles sorted, zeros dropped."""
    piles = tuple(sorted(piles, reverse=True))
    return [piles[1:], tuple(p - 1 for p in piles if p > 1)] if piles else []


# The original end rule: at no candy, the player to move wins (the other one ate the last candy).
ORIGINAL_CANDY = game(_candy_moves, primitive=lambda piles: "win" if not piles else None)


def original_candy_outcome(piles):
    return "N" if solve_game(ORIGINAL_CANDY, tuple(sorted(piles, reverse=True))).value == "win" else "P"


def test_candy_rule_and_normal_play_form_match_the_original_game():
    checked = 0
    for n in (1, 2, 3, 4):
        for piles in itertools.combinations_with_replacement(range(7, 0, -1), n):
            expected = original_candy_outcome(piles)
            assert candy_outcome(piles) == expected, piles
            assert (CANDY.brute_grundy(piles) != 0) == (expected == "N"), piles
            checked += 1
    assert checked > 300


@given(st.lists(st.integers(1, 12), min_size=1, max_size=6))
def test_candy_rule_on_random_piles(piles):
    assert candy_outcome(piles) == original_candy_outcome(piles)
    check_position("candy-piles", [tuple(piles)])


@given(st.lists(st.lists(st.integers(1, 3), min_size=1, max_size=2).map(tuple), min_size=2, max_size=2))
def test_candy_sums_agree_with_search(games):
    check_position("candy-piles", games)


def test_candy_components_and_moves():
    assert CANDY.validate((1, 0, 3)) == (3, 1)
    assert list(CANDY.options((2, 1))) == [((1,),), ((1,),)]  # two different moves, the same piles
    assert list(CANDY.moves((1,))) == []  # the only move eats the last candy
    assert candy_corner((3, 2, 1)) == (1, 0, 0) and candy_corner((5, 5, 5, 1)) == (2, 2, 0)
    assert [candy_outcome(p) for p in ([1, 3], [1, 2, 1], [1, 2, 3])] == ["N", "N", "P"]  # AGC 002 E samples
    s = grundy.solve("candy-piles", [(2, 1)])  # both moves leave 1, which must eat the last candy
    assert s.outcome == "N" and s.winning_move_count == 2
    reasons = {m.why.split(":")[0] for m in s.winning_moves}
    assert reasons == {"eat the largest pile (2)", "eat one candy from every pile"}


def test_candy_large_game():
    piles = tuple(range(100_000, 0, -1))
    s = grundy.solve("candy-piles", [piles], max_listed=0)
    assert s.outcome == candy_outcome(piles) and "diagonal" in s.explanation


# -- Decrementing ----------------------------------------------------------------------------------------
@cache
def decrementing_wins(numbers):
    """Straight from the rules: subtract 1 from a number >= 2, divide all by the gcd; no move loses."""
    for i, x in enumerate(numbers):
        if x >= 2:
            after = numbers[:i] + (x - 1,) + numbers[i + 1:]
            g = gcd(*after)
            if not decrementing_wins(tuple(y // g for y in after)):
                return True
    return False


def test_decrementing_rule_on_every_small_game():
    for n in (1, 2, 3):
        for numbers in itertools.product(range(1, 10), repeat=n):
            if gcd(*numbers) != 1:
                continue
            expected = "N" if decrementing_wins(numbers) else "P"
            assert decrementing_outcome(numbers) == expected, numbers
            assert (DECREMENTING.brute_grundy(numbers) != 0) == (expected == "N")


@given(st.lists(st.integers(1, 40), min_size=1, max_size=4).filter(lambda a: gcd(*a) == 1))
def test_decrementing_rule_and_winning_moves_on_random_games(numbers):
    numbers = tuple(numbers)
    assert decrementing_outcome(numbers) == ("N" if decrementing_wins(numbers) else "P")
    winning = [i for i, x in enumerate(numbers) if x >= 2
               and not decrementing_wins(DECREMENTING.after_move(numbers, i))]
    assert decrementing_winning_moves(numbers) == winning


@given(st.lists(st.sampled_from([1, 2, 3, 4, 6, 8, 9, 12, 16, 24, 27, 48, 96]), min_size=1, max_size=40)
       .filter(lambda a: gcd(*a) == 1))
def test_decrementing_fast_winning_moves_against_the_rule_per_move(numbers):
    """Long rows (where the counting shortcut matters) against the rule applied to every option."""
    expected = [i for i, x in enumerate(numbers) if x >= 2
                and decrementing_outcome(DECREMENTING.after_move(numbers, i)) == "P"]
    assert decrementing_winning_moves(numbers) == expected


@given(st.lists(st.integers(1, 12), min_size=1, max_size=3).filter(lambda a: gcd(*a) == 1))
def test_decrementing_single_games_agree_with_search(numbers):
    check_position("decrementing", [tuple(numbers)])


@given(st.lists(st.lists(st.integers(1, 4), min_size=1, max_size=2).filter(lambda a: gcd(*a) == 1).map(tuple),
                min_size=2, max_size=2))
def test_decrementing_sums_agree_with_search(games):
    check_position("decrementing", games)


def test_decrementing_samples_moves_and_a_large_game():
    assert [decrementing_outcome(a) for a in ([3, 6, 7], [1, 2, 4, 8], [7, 8, 8, 8, 8])] == ["N", "N", "P"]
    assert list(DECREMENTING.moves((2, 3))) == [(1, 3), (1, 1)]
    assert list(DECREMENTING.moves((1, 1))) == []
    numbers = (999_999_999,) + tuple(2 * x for x in range(1, 100_000))
    s = grundy.solve("decrementing", [numbers])
    assert s.outcome == "N" and s.winning_move_count == 99_999 and 1 <= len(s.winning_moves) < 100


@pytest.mark.parametrize("depth", [0, 1, 5, 29, 30, 80])
def test_decrementing_forced_chain_flips_the_outcome(depth):
    """a = 2b + e_i has one odd number and an even count of evens: the forced move halves it back to b,
    so from all ones (lost) each doubling flips the outcome; past 2^62 the numbers are Python integers."""
    rng = random.Random(depth)
    numbers = [1] * 7
    for _ in range(depth):
        numbers = [2 * x for x in numbers]
        numbers[rng.randrange(7)] += 1
    expected = "P" if depth % 2 == 0 else "N"
    assert decrementing_outcome(numbers) == expected
    assert grundy.solve("decrementing", [tuple(numbers)]).outcome == expected
    if depth:  # every move on an even number gives the opponent an odd count of evens
        odd = next(i for i, x in enumerate(numbers) if x % 2)
        assert decrementing_winning_moves(numbers) == ([odd] if expected == "N" else [])


# -- errors ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("spec", "component", "message"), [
    ("decrementing", (2, 4), "gcd is 2"),
    ("decrementing", (0, 1), "positive"),
    ("candy-piles", (0, 0), "no candy is left"),
    ("harlequin", (1, -1), "apple counts"),
    ("harlequin", (), "apple counts"),
])
def test_bad_components(spec, component, message):
    with pytest.raises(ComponentError, match=message):
        grundy.solve(spec, [component])


def test_bad_components_from_the_command_line_form():
    with pytest.raises(ComponentError, match="gcd is 3"):
        DECREMENTING.parse_component("3,6")
    with pytest.raises(ComponentError, match="positive integers whose gcd is 1"):
        DECREMENTING.parse_component("3,x")


@pytest.mark.parametrize("spec", ["harlequin:2", "candy-piles:1", "decrementing:3"])
def test_no_parameters(spec):
    with pytest.raises(SpecError, match="takes no parameters"):
        grundy.ruleset(spec)
