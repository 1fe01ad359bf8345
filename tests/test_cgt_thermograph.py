"""Thermographs, mean, temperature, cooling and atomic weight of grundy.cgt, on random games and published values."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy import cgt
from grundy.cgt import from_options, nimber, number, parse

LEAVES = [cgt.zero, number(1), number(-1), number(Fraction(1, 2)), number(-2), number(3), cgt.star, cgt.up]


def games(depth: int = 3) -> st.SearchStrategy[cgt.CanonicalGame]:
    leaf = st.sampled_from(LEAVES)
    if depth == 0:
        return leaf
    sub = games(depth - 1)
    return st.one_of(leaf, st.builds(from_options, st.lists(sub, max_size=3), st.lists(sub, max_size=3)))


def all_small(depth: int = 3) -> st.SearchStrategy[cgt.CanonicalGame]:
    leaf = st.sampled_from([cgt.zero, cgt.star, cgt.up, cgt.down, nimber(2)])
    if depth == 0:
        return leaf
    sub = all_small(depth - 1)
    side = st.lists(sub, min_size=1, max_size=2)
    return st.one_of(leaf, st.builds(from_options, side, side))


TEMPERATURES = [Fraction(k, 4) for k in range(0, 17)]


# -- published values ----------------------------------------------------------------------------------


def test_published_temperatures_and_means():
    # Lessons in Play ch. 6 / Winning Ways ch. 6: {2|-1} has mean 1/2 and temperature 3/2
    g = parse("{2|-1}")
    assert g.mean == Fraction(1, 2) and g.temperature == Fraction(3, 2)
    th = cgt.switch(1).thermograph  # +-1: mast at 0 from temperature 1
    assert th.mast == 0 and th.temperature == 1
    assert th.left_wall == ((0, 1), (1, 0)) and th.right_wall == ((0, -1), (1, 0))
    # infinitesimals have temperature 0; numbers are colder (Siegel ch. II.5: -1 for integers, -1/2^k)
    assert cgt.star.temperature == 0 and cgt.up.temperature == 0 and parse("1*").temperature == 0
    assert number(3).temperature == -1 and number(Fraction(3, 4)).temperature == Fraction(-1, 4)
    assert number(Fraction(3, 4)).mean == Fraction(3, 4)
    # {3|1} = 2+-1 is +-1 moved by 2; cooled by 1 it is 2*; cooling a switch past its temperature leaves the mean
    assert parse("{3|1}").cool(1) is parse("2*") and parse("{3|1}").cool(2) is number(2)
    assert cgt.switch(1).cool(1) is cgt.star
    assert parse("{2||1|0}").mean == Fraction(5, 4) and parse("{2||1|0}").temperature == Fraction(3, 4)


def test_published_atomic_weights():
    # Lessons in Play ch. 9 / Siegel ch. II.7: aw(^) = 1, aw(*) = 0, aw(^n *m) = n
    assert cgt.up.atomic_weight == 1 and cgt.star.atomic_weight == 0
    for n in range(-4, 5):
        for m in range(4):
            assert (cgt.ups(n) + nimber(m)).atomic_weight == n
    assert cgt.tiny(1).atomic_weight is None and number(1).atomic_weight is None  # not all-small


def test_plot_writes_a_png(tmp_path):
    out = parse("{2||1|0}").thermograph.plot(tmp_path / "t.png", title="{2||1|0}")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    number(2).thermograph.plot(tmp_path / "n.png")


def test_bad_cooling_temperature():
    with pytest.raises(cgt.CGTError, match="t > -1"):
        cgt.star.cool(-1)
    with pytest.raises(cgt.CGTError, match="dyadic"):
        cgt.star.cool(Fraction(1, 3))


# -- against the definitions ---------------------------------------------------------------------------


@given(games())
def test_walls_are_the_stops_of_the_cooled_game(g):
    th = g.thermograph
    for t in TEMPERATURES:
        cooled = g.cool(t)
        if t <= th.temperature:
            assert (cooled.left_stop, cooled.right_stop) == (th.left(t), th.right(t))
        else:
            assert cooled is number(th.mean)
    assert th.left(0) == g.left_stop and th.right(0) == g.right_stop
    assert g.right_stop <= g.mean <= g.left_stop or g.is_number


@given(games(2), games(2))
def test_mean_is_additive_and_temperature_of_a_sum_is_at_most_the_larger(g, h):
    s = g + h
    assert s.mean == g.mean + h.mean  # the mean value theorem (Winning Ways ch. 6)
    assert s.temperature <= max(g.temperature, h.temperature, Fraction(0))


@given(games(2), games(2), st.sampled_from(TEMPERATURES))
def test_cooling_is_additive(g, h, t):
    assert (g + h).cool(t) is g.cool(t) + h.cool(t)  # Siegel ch. II.5: cooling is a homomorphism


@given(all_small(), all_small())
def test_atomic_weight_is_additive_and_two_ahead(g, h):
    a, b = g.atomic_weight, h.atomic_weight
    assert a is not None and b is not None
    assert (g + h).atomic_weight is a + b
    if a >= 2:  # the two-ahead rule (Lessons in Play ch. 9)
        assert g > 0
    if a <= -2:
        assert g < 0
    assert (-g).atomic_weight is -a


@given(games())
def test_a_thermograph_read_lazily_is_the_same_data_as_one_built_from_its_fields(g):
    import dataclasses
    import pickle

    lazy = cgt.thermograph(g)
    assert cgt.thermograph(g) is lazy  # cached on the game
    eager = cgt.Thermograph(lazy.left_wall, lazy.right_wall, lazy.mean, lazy.temperature)
    fresh = cgt.Thermograph._of(lazy._raw)  # nothing read yet: repr, ==, hash make the Fractions
    assert repr(fresh) == repr(eager) and fresh == eager and hash(fresh) == hash(eager)
    assert pickle.loads(pickle.dumps(fresh)) == lazy
    assert all(isinstance(x, Fraction) for point in lazy.left_wall + lazy.right_wall for x in point)
    assert lazy != (lazy.left_wall, lazy.right_wall, lazy.mean, lazy.temperature)
    with pytest.raises(dataclasses.FrozenInstanceError):
        lazy.mean = Fraction(0)  # type: ignore[misc]
