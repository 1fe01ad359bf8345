"""The algebra's per-call shortcuts (issue 29, speed beside cgt-py) against the plain definitions.

- a sum's simplification knows more than a bare {L | R}: options from one component's options are
  never compared for domination (G^L1 + H and G^L2 + H are as incomparable as G^L1 and G^L2), its
  raw form is compared with bounds on the stops of g + h, and every pass of the simplification shares
  one memo; the sums must still be the canonical forms the plain search finds, and compare as the
  recursive definition says;
- a comparison found true remembers the reverse one as false (distinct canonical forms differ);
- x + n.^ + *m with x = 0 made without Fraction arithmetic is the same object as with it;
- thermographs read their walls in integers: numbers and infinitesimals keep their printed walls;
- the work budget still counts and stops a sum, with the same words, when the meter is opened inline.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt import canonical, from_options, le_games, nimber, number, nus, parse, thermograph, times
from grundy.cgt.compare import _sum_stops
from grundy.cgt.game import CanonicalGame
from grundy.core import limits
from grundy.core.errors import LimitError
from grundy.core.work import used
from tests.raw_games import raw_le, sum_by_definition, to_raw


def _pool(seed: int, rounds: int = 3) -> list[CanonicalGame]:
    """Canonical games built at random from small ones (numbers, switches, ups, stars and their forms)."""
    rng = random.Random(seed)
    pool = [parse(s) for s in ("0", "1", "-1", "*", "1/2", "{1|-1}", "^", "v", "{2|0}", "{0|-3}", "*2", "{1|*}")]
    for _ in range(rounds):
        pool += [from_options(rng.sample(pool, rng.randint(0, 2)), rng.sample(pool, rng.randint(0, 2)))
                 for _ in range(12)]
    return sorted(set(pool), key=lambda g: g.uid)


POOL = _pool(29)



games = st.sampled_from(POOL)


@settings(max_examples=80, deadline=None)
@given(games, games)
def test_sums_are_the_canonical_forms_of_the_plain_search(g, h):
    canonical.clear_caches()  # the sum worked out afresh, with its shortcuts
    fast = g + h
    canonical.clear_caches()
    assert fast is sum_by_definition(g, h, {})


def test_the_stops_of_a_sum_lie_within_the_bounds_used_while_simplifying():
    for g, h in itertools.product(POOL, repeat=2):
        s = g + h
        least_left, most_left, least_right, most_right = _sum_stops(g, h)
        assert least_left <= float(s.left_stop) <= most_left, (g, h, s)
        assert least_right <= float(s.right_stop) <= most_right, (g, h, s)


def test_comparisons_and_their_remembered_reverses_match_the_definition():
    small = [g for g in POOL if g.birthday <= 3][:24]
    canonical.clear_caches()
    for g, h in itertools.product(small, repeat=2):
        both = le_games(g, h), le_games(h, g)  # the second is often read from the first's memo
        assert both == (raw_le(to_raw(g), to_raw(h)), raw_le(to_raw(h), to_raw(g))), (g, h)
        assert both != (True, True) or g is h


def test_number_up_star_is_one_object_with_or_without_a_number_part():
    up = from_options([0], [nimber(1)])
    assert times(up, 40) + nimber(1) is nus.make(Fraction(0), 40, 1) is parse("^40*")
    assert nus.triple(times(up, 40) + nimber(1)) == (Fraction(0), 40, 1)
    half_up = nus.make(Fraction(1, 2), 1, 0)
    assert times(half_up, 4) is nus.make(Fraction(2), 4, 0) is number(2) + times(up, 4)
    assert times(up, 3) + times(-up, 3) is number(0) and nus.make(Fraction(0), 0, 3) is nimber(3)
    assert nus.add(nus.triple(half_up), nus.triple(-half_up)) is number(0)


def test_thermographs_read_in_integers_keep_their_walls():
    th = thermograph(number(Fraction(3, 4)))
    assert (th.left_wall, th.right_wall, th.mean, th.temperature) == (
        ((Fraction(0), Fraction(3, 4)),), ((Fraction(0), Fraction(3, 4)),), Fraction(3, 4), Fraction(-1, 4))
    th = thermograph(parse("^"))
    assert (th.left_wall, th.mean, th.temperature) == (((0, 0),), 0, 0)
    th = thermograph(parse("{3|{1|-5}}"))  # Right's wall is {1|-5}'s left wall (1 up to t = 3) plus t, less t
    assert (th.left_wall, th.right_wall, th.mean, th.temperature) == (((0, 3), (2, 1)), ((0, 1), (2, 1)), 1, 2)


def test_the_budget_still_counts_and_stops_a_sum():
    forms = [parse("{1|0,*}"), parse("{0,*|-1}"), parse("{1|-1}"), parse("v"), parse("{1|*}")] * 8
    with limits.budget(max_states=200), pytest.raises(LimitError) as refused:
        canonical.clear_caches()
        total = number(0)
        for g in forms:
            total = total + g
    assert "past the max_states budget of 200" in str(refused.value)
    assert "raise max_states" in str(refused.value)
    assert used() == 0  # each call opened its own meter, and closed it
