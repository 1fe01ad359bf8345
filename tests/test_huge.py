"""Huge components (issue 10): answers from a proved period, winning moves by residue class, and
lists that stop with TRUNCATED and a count, each checked against plain enumeration."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.core.ruleset import TRUNCATED
from grundy.core.solve import solve
from grundy.rulesets.heaptable import PERIOD_PROBE

PERIODIC = ["kayles", "dawson-kayles", "octal:.4", "octal:.34", "octal:4.7", "octal:.137"]


def enumerated(rules, period, heap: int, target: int) -> list[tuple]:
    """Every option of ``heap`` worth ``target``, by listing all options and valuing each component
    from the period (no residue classes, no pair sets)."""
    found = []
    for option in rules.options(heap):
        value = 0
        for c in option:
            value ^= period.value(c)
        if value == target:
            found.append(tuple(sorted(option)))
    return sorted(found)


@pytest.mark.parametrize("spec", PERIODIC)
@settings(max_examples=6, deadline=None)
@given(offset=st.integers(0, 5000), target=st.integers(0, 5))
def test_period_classes_find_every_winning_split(spec, offset, target):
    """Past the table, the moves come from the period's residue classes: the same as enumeration."""
    rules, period = grundy.ruleset(spec), grundy.period(spec)
    assert period.proved
    heap = PERIOD_PROBE + offset
    listed = list(rules.moves_to_value(heap, target))
    expected = enumerated(rules, period, heap, target)
    cut = bool(listed) and listed[-1] is TRUNCATED
    shown = sorted(tuple(sorted(o)) for o in listed[:-1 if cut else None])
    if cut:  # a right part of the list, no option twice
        assert len(set(shown)) == len(shown) < len(expected) and set(shown) <= set(expected)
    else:
        assert shown == expected
    assert rules.count_moves_to_value(heap, target) == len(expected)


def test_the_enumeration_can_tell_a_wrong_list():
    rules, period = grundy.ruleset("kayles"), grundy.period("kayles")
    expected = enumerated(rules, period, PERIOD_PROBE + 7, 0)
    assert expected and enumerated(rules, period, PERIOD_PROBE + 7, 1) != expected


@pytest.mark.parametrize("spec", ["kayles", "dawson-kayles"])
def test_astronomical_heaps_count_by_arithmetic(spec):
    """The count grows linearly along a residue class of the period, as enumeration says it must."""
    rules, period = grundy.ruleset(spec), grundy.period(spec)
    p = period.period
    base = 10**30 - (10**30 % p)
    counts = [rules.count_moves_to_value(base + k * p, 0) for k in range(3)]
    assert counts[2] - counts[1] == counts[1] - counts[0] > 0
    small = [PERIOD_PROBE - PERIOD_PROBE % p + k * p for k in range(3)]
    small_counts = [len(enumerated(rules, period, h, 0)) for h in small]
    per_period = small_counts[1] - small_counts[0]
    assert small_counts[2] - small_counts[1] == per_period == counts[1] - counts[0]


@pytest.mark.parametrize("spec", ["kayles", "dawson-kayles"])
def test_solve_a_heap_of_10_to_the_31(spec):
    rules = grundy.ruleset(spec)
    heap = 10**31
    s = solve(rules, [heap])
    assert s.outcome == ("N" if grundy.period(spec).value(heap) else "P")
    if s.outcome == "N":
        assert 0 < len(s.winning_moves) < s.winning_move_count
        assert "counted by arithmetic" in s.explanation
        assert all(rules.option_value(m.option) == 0 for m in s.winning_moves)


@pytest.mark.parametrize("spec, token", [
    ("beans", "1" + "0" * 31),
    ("mock-turtles", "1" + "0" * 31),
    ("tartan:mock-turtles*mock-turtles", "1" + "0" * 31 + ",1" + "0" * 31),
])
def test_coin_moves_of_huge_components_are_right_and_cut(spec, token):
    """A bounded search lists right moves only, then says TRUNCATED; solve says 'at least'."""
    rules = grundy.ruleset(spec)
    component = rules.parse_component(token)
    value = rules.grundy(component)
    for target in {0, value ^ 1}:
        moves = list(itertools.islice(rules.moves_to_value(component, target), 200))
        for option in moves:
            if option is not TRUNCATED:
                assert rules.option_value(option) == target
        assert TRUNCATED not in moves[:-1]
    s = solve(rules, [component])
    assert s.outcome == ("N" if value else "P")
    assert not s.winning_moves or all(rules.option_value(m.option) == 0 for m in s.winning_moves)


def test_a_limit_while_listing_moves_keeps_the_verdict():
    """no-repeat: a fresh heap's value is a closed form, but the states its moves leave are valued
    by search; past the limits the verdict stands and the missing list is said, not hidden."""
    rules = grundy.ruleset("no-repeat")
    s = solve(rules, [10**31])
    assert s.outcome == "N" and s.grundy == 4472135954999578 and not s.listed_all
    assert s.winning_moves == [] and "stopped at a limit" in s.explanation
    small = solve(rules, [10])  # within the limits every winning move is listed
    assert small.listed_all and small.winning_moves and all(rules.option_value(m.option) == 0
                                                            for m in small.winning_moves)
