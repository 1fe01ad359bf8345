"""Sums: the xor of component values against a search of the whole sum (no xor used)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from tests.helpers import check_position


@grundy.impartial(splits=True)
def take_or_split(n):
    """Take 1 or 2 tokens, or split a heap into two unequal non-empty heaps (a splitting game)."""
    for k in (1, 2):
        if k <= n:
            yield (n - k,) if n > k else ()
    for a in range(1, (n + 1) // 2):
        yield (a, n - a)


@grundy.impartial
def halving(n):
    return [n // 2, n - 1] if n else []


RULESETS = ["nim", "subtraction:1,3,4", "subtraction:allbut:2", "subtraction:pow2",
            "subtraction:fib", "bash:3", "bash:2-4", "bash:2-4:all", take_or_split, halving,
            "kayles", "dawson-chess", "grundy-game", "lasker", "split3", "octal:4.07", "hex:.B4",
            "alice:2", "tiles:2,3"]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r if isinstance(r, str) else r.spec)
@given(heaps=st.lists(st.integers(0, 9), min_size=1, max_size=3))
def test_xor_of_values_agrees_with_search_of_the_sum(rules, heaps):
    check_position(rules, heaps)


@pytest.mark.parametrize("rules", ["nim", "subtraction:1,3,4", "bash:3", "bash:2-4", "bash:2-3:all",
                                   take_or_split], ids=str)
@given(heaps=st.lists(st.integers(0, 7), min_size=1, max_size=3))
def test_misere_sums_and_winning_moves(rules, heaps):
    check_position(rules, heaps, misere=True)


def test_solution_explains_itself():
    s = grundy.solve("nim", [3, 4, 5])
    assert s.grundy == 2 and s.outcome == "N" and s.winning_move_count == 1
    move = s.winning_moves[0]
    assert (move.index, move.option) == (0, (1,))
    assert "3 ^ 4 ^ 5 = 2" in move.why and "Bouton" in move.why
    assert "player to move wins" in repr(s)
    assert "<table>" in s._repr_html_()
    data = s.to_dict()
    assert {"grundy", "outcome", "winning_moves", "winning_move_count", "explanation"} <= data.keys()


def test_nim_counts_winning_moves_on_a_large_position():
    heaps = [(i * 7919) % 100003 for i in range(1, 20001)]
    s = grundy.solve("nim", heaps, max_listed=3)
    total = 0
    for h in heaps:
        total ^= h
    assert s.winning_move_count == sum(1 for h in heaps if h ^ total < h)
    assert len(s.winning_moves) == min(3, s.winning_move_count)


def test_lost_position_has_no_winning_moves():
    s = grundy.solve("subtraction:1,3,4", [7, 2, 14])
    assert (s.outcome, s.winning_moves, s.winning_move_count) == ("P", [], 0)


def test_canonical_is_order_free():
    key = grundy.ruleset("nim").position_key
    assert key([3, 1, 2]) == key([2, 3, 1]) == (1, 2, 3)
