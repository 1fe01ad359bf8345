"""The algebra's shortcuts of issue 29's speed round (the sum row beside cgt-py), against the plain
definitions:

- a number translates a canonical form with nothing left to simplify: g + x = {g^L + x | g^R + x} is
  the canonical form the plain search finds (the Number Translation Theorem, and no dominated or
  reversible option, see grundy.cgt.canonical._translated);
- the stops read in floats from the options' are the exact stops, rounded;
- a raw form's stops read from its options are the stops of its value whenever they are given;
- L(g) < R(h) puts a number between, so g < h whatever g and h are;
- interning does not depend on the order of the options, nor on repeats;
- the work budget still counts and stops a translation, with the same words.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt import canonical, from_options, le_games, number, parse
from grundy.cgt.compare import _form_stops, _stops
from grundy.cgt.game import CanonicalGame
from grundy.core import limits
from grundy.core.errors import LimitError
from grundy.core.work import metered
from tests.raw_games import raw_add, raw_eq, raw_le, raw_number, sum_by_definition, to_raw


def _pool(seed: int) -> list[CanonicalGame]:
    """Canonical games built at random from small ones: numbers, switches, ups, stars and their forms."""
    rng = random.Random(seed)
    pool = [parse(s) for s in ("0", "1", "-1", "*", "1/2", "-3/4", "{1|-1}", "^", "v*", "{2|0}", "{0|-3}",
                               "*2", "{1|*}", "{1/2|-2}")]
    for _ in range(3):
        pool += [from_options(rng.sample(pool, rng.randint(0, 3)), rng.sample(pool, rng.randint(0, 3)))
                 for _ in range(14)]
    hot = [g for g in pool if not g.is_number and g.birthday <= 3]
    pool += [rng.choice(hot) + rng.choice(hot) for _ in range(30)]  # sums: forms with more options
    return sorted(set(pool), key=lambda g: g.uid)


POOL = _pool(2929)
HOT = [g for g in POOL if not g.is_number]
NUMBERS = [Fraction(k, 8) for k in (-13, -8, -3, 1, 4, 8, 11, 24)]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(HOT), st.sampled_from(NUMBERS))
def test_a_number_translates_a_canonical_form_with_nothing_to_simplify(g, x):
    canonical.clear_caches()  # the translation afresh
    fast = g + number(x)
    assert not fast.is_number
    assert set(fast.left) == {gl + number(x) for gl in g.left}  # the options as they stand
    assert set(fast.right) == {gr + number(x) for gr in g.right}
    canonical.clear_caches()
    assert fast is sum_by_definition(g, number(x), {})  # the plain search finds the same form


def test_the_pool_has_games_with_several_options_a_side():
    assert sum(len(g.left) > 1 for g in HOT) >= 4 and sum(len(g.right) > 1 for g in HOT) >= 10


def test_translations_of_small_games_have_the_value_of_the_sum():
    small = [g for g in HOT if g.birthday <= 4 and len(g.left) + len(g.right) > 2][:12]
    assert len(small) >= 6
    for g, x in itertools.product(small, (Fraction(1, 2), Fraction(-5, 4))):
        assert raw_eq(to_raw(g + number(x)), raw_add(to_raw(g), raw_number(x))), (g, x)


def test_the_stops_in_floats_are_the_exact_stops():
    for g in POOL:
        g._fs = None  # worked out afresh from the options' floats
        assert _stops(g) == (float(g.left_stop), float(g.right_stop)), g


def test_a_raw_forms_stops_read_from_its_options_are_its_values_stops():
    rng = random.Random(29)
    told = 0
    for _ in range(300):
        left, right = rng.sample(POOL, rng.randint(1, 3)), rng.sample(POOL, rng.randint(1, 3))
        found = _form_stops(tuple(left), tuple(right))
        if found is None:
            continue
        told += 1
        g = from_options(left, right)
        assert found == (float(g.left_stop),) * 2 + (float(g.right_stop),) * 2, (left, right, g)
    assert told > 100


def test_a_left_stop_below_a_right_stop_puts_a_number_between():
    seen = 0
    for g, h in itertools.product(POOL, repeat=2):
        if g.left_stop < h.right_stop:
            seen += not (g.is_number or h.is_number)
            canonical.clear_caches()
            assert le_games(g, h) and not le_games(h, g)
            if g.birthday + h.birthday <= 6:
                assert raw_le(to_raw(g), to_raw(h)) and not raw_le(to_raw(h), to_raw(g)), (g, h)
    assert seen > 10  # the rule is used beyond numbers


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(POOL), min_size=1, max_size=4), st.lists(st.sampled_from(POOL), max_size=4),
       st.randoms(use_true_random=False))
def test_interning_ignores_the_order_and_repeats_of_the_options(left, right, rng):
    g = from_options(left, right)
    shuffled_left, shuffled_right = left + left[:1], right + right[:2]
    rng.shuffle(shuffled_left)
    rng.shuffle(shuffled_right)
    assert from_options(shuffled_left, shuffled_right) is g


def test_the_budget_still_counts_and_stops_a_translation():
    g = parse("{4|-4}") + parse("{3|-3}") + parse("{2|-2}") + parse("{1|*}") + parse("^")
    canonical.clear_caches()
    with metered() as meter:
        g + number(Fraction(1, 2))
        assert meter.used > 20  # the options read count
    canonical.clear_caches()
    with limits.budget(max_states=20), pytest.raises(LimitError) as refused:
        g + number(Fraction(3, 2))
    assert "past the max_states budget of 20" in str(refused.value) and "raise max_states" in str(refused.value)
