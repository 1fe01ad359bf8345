"""The algebra's shortcuts (issue 29) against the plain definitions, on random small games.

- numbers + ups + stars in closed form (:mod:`grundy.cgt.nus`): the game made from a triple, its
  sums, multiples, negatives and comparisons, against the same games built from raw option trees
  with the recursive definitions of ``+`` and ``<=`` (no canonical form, no interning, no shortcut);
- comparisons decided by the stops (read as floats) against the recursive definition;
- thermographs in scaled integers against the cooled games' stops (Winning Ways ch. 6), on hot games
  with halves and quarters, where walls cross and meet between the points of their scale;
- the work budget still counts and stops a question whose steps come before its first look.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt import canonical, from_options, le_games, nimber, number, nus, times
from grundy.cgt.game import CanonicalGame
from grundy.core import limits
from grundy.core.errors import LimitError
from grundy.core.work import charge, metered
from tests.raw_games import (
    R0,
    Raw,
    raw_add,
    raw_eq,
    raw_le,
    raw_neg,
    raw_nimber,
    raw_number,
    sum_by_definition,
    to_game,
    to_raw,
)

RAW_UP: Raw = ((R0,), (raw_nimber(1),))


@cache
def raw_triple(x: Fraction, n: int, m: int) -> Raw:
    """x + n.^ + *m as a raw sum, by the definition of +."""
    total = raw_add(raw_number(x), raw_nimber(m))
    up = RAW_UP if n >= 0 else raw_neg(RAW_UP)
    for _ in range(abs(n)):
        total = raw_add(total, up)
    return total


def by_search(g: CanonicalGame) -> CanonicalGame:
    """g rebuilt from its options' own rebuilt forms (every step through the search of from_options)."""
    return from_options([by_search(x) for x in g.left], [by_search(x) for x in g.right])


XS = [Fraction(0), Fraction(1, 2), Fraction(-1), Fraction(3, 4)]
triples = st.tuples(st.sampled_from(XS), st.integers(-4, 4), st.integers(0, 4))
SMALL = [(x, n, m) for x in XS[:3] for n in range(-2, 3) for m in range(3)]  # raw trees small enough


def test_each_small_triple_is_its_value_and_compares_as_the_definition_says():
    for t in SMALL:
        g = nus.make(*t)
        assert raw_eq(to_raw(g), raw_triple(*t))  # the closed form has the value of the sum it names
        assert nus.triple(g) == (t if t[1] or t[2] else (t[0], 0, 0))
    canonical.clear_caches()
    for a in SMALL:
        for b in SMALL:
            assert le_games(nus.make(*a), nus.make(*b)) == raw_le(raw_triple(*a), raw_triple(*b)), (a, b)



@settings(max_examples=60, deadline=None)
@given(triples, triples)
def test_closed_form_sums_and_negatives_match_the_definition(a, b):
    g, h = nus.make(*a), nus.make(*b)
    assert by_search(g) is g  # the search finds the closed form: one object, whichever way it is reached
    assert g + h is sum_by_definition(g, h, {})
    assert -g is by_search(-g) and g + (-g) is number(0)


@settings(max_examples=40, deadline=None)
@given(triples, st.integers(-5, 5))
def test_multiples_in_closed_form_are_repeated_sums(t, k):
    g = nus.make(*t)
    total = number(0)
    for _ in range(abs(k)):
        total = total + (g if k > 0 else -g)
    assert times(g, k) is total
    assert by_search(times(g, k)) is times(g, k)


def test_long_chains_are_made_without_search():
    up = from_options([0], [nimber(1)])
    g = times(up, 10_000) + nimber(1)
    assert nus.triple(g) == (0, 10_000, 1) and g > 0 and nus.triple(g - times(up, 9_999)) == (0, 1, 1)
    assert str(times(up, 40) + nimber(1)) == "^40*"
    assert (g + (-g)) is number(0) and le_games(times(up, 2) + nimber(1), up) is False


# -- comparisons by the stops -------------------------------------------------------------------------------

LEAVES = [R0, raw_number(Fraction(1)), raw_number(Fraction(-1)), raw_number(Fraction(1, 2)),
          raw_number(Fraction(2)), raw_nimber(1)]


def trees(depth: int) -> st.SearchStrategy[Raw]:
    leaf = st.sampled_from(LEAVES)
    if depth == 0:
        return leaf
    sub = trees(depth - 1)
    return st.one_of(leaf, st.tuples(st.lists(sub, max_size=2).map(tuple), st.lists(sub, max_size=2).map(tuple)))


@settings(max_examples=80, deadline=None)
@given(trees(3), trees(3))
def test_comparisons_match_the_definition(a, b):
    g, h = to_game(a), to_game(b)
    canonical.clear_caches()  # compare afresh: shortcuts, not remembered answers
    assert le_games(g, h) == raw_le(a, b) and le_games(h, g) == raw_le(b, a)
    for x in (Fraction(-1), Fraction(0), Fraction(1, 2), Fraction(2)):
        assert le_games(g, number(x)) == raw_le(a, raw_number(x))
        assert le_games(number(x), g) == raw_le(raw_number(x), a)


# -- thermographs -------------------------------------------------------------------------------------------


def hot(depth: int) -> st.SearchStrategy[CanonicalGame]:
    leaf = st.sampled_from([Fraction(k, 4) for k in range(-12, 13)]).map(number)
    if depth == 0:
        return leaf
    sub = hot(depth - 1)
    return st.one_of(leaf, st.tuples(st.lists(sub, min_size=1, max_size=3), st.lists(sub, min_size=1, max_size=3))
                     .map(lambda sides: from_options(*sides)))


@settings(max_examples=60, deadline=None)
@given(hot(3))
def test_thermograph_walls_are_the_stops_of_the_cooled_game(g):
    th = g.thermograph
    points = {t for t, _ in th.left_wall} | {t for t, _ in th.right_wall}
    ts = sorted(points | {t + Fraction(1, 8) for t in points} | {Fraction(0)})
    for t in ts:
        if t < 0:
            continue
        cooled = g.cool(t)
        if t <= th.temperature:
            assert (cooled.left_stop, cooled.right_stop) == (th.left(t), th.right(t))
        else:
            assert cooled is number(th.mean)
    assert all(t <= max(th.temperature, 0) for t, _ in th.left_wall + th.right_wall)


def test_a_thermograph_meeting_between_the_points_of_its_scale():
    g = from_options([2], [-1])  # walls 2 - t and -1 + t meet at t = 3/2, the mean 1/2
    th = g.thermograph
    assert (th.mean, th.temperature) == (Fraction(1, 2), Fraction(3, 2))
    assert th.left_wall == ((0, 2), (Fraction(3, 2), Fraction(1, 2)))


# -- the work budget ----------------------------------------------------------------------------------------


def test_the_budget_counts_before_the_first_look():
    with limits.budget(max_states=100), metered(), pytest.raises(LimitError, match="max_states"):
        for _ in range(101):
            charge(1)
    with limits.budget(max_states=10), pytest.raises(LimitError, match="max_states"):
        times(from_options([0], [from_options([0], [-1])]), 64)  # Tiny(1) x 64: work, not a closed form
