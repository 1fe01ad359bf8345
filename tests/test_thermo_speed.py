"""The integer walls of grundy.cgt.thermo_walls (issue 29's speed round): exact at every scale, the same
thermograph by every path (walls meeting on the options' masts, or walked piece by piece; envelopes of
several options), made once per game and counted against the work budget."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import cgt
from grundy.cgt import from_options, number, parse
from grundy.cgt.thermo_walls import FLOOR, _envelope, _hot, points, walls
from grundy.core import limits
from grundy.core.errors import LimitError
from grundy.core.work import metered

FINE = [number(Fraction(k, 2**d)) for k, d in ((1, 20), (-3, 18), (5, 17), (7, 3), (-1, 1), (9, 0))]
LEAVES = [cgt.zero, cgt.star, cgt.up, number(1), number(-2), number(Fraction(1, 2)), *FINE]


def games(depth: int = 3) -> st.SearchStrategy[cgt.CanonicalGame]:
    leaf = st.sampled_from(LEAVES)
    if depth == 0:
        return leaf
    sub = games(depth - 1)
    return st.one_of(leaf, st.builds(from_options, st.lists(sub, min_size=1, max_size=3),
                                      st.lists(sub, min_size=1, max_size=3)))


def _times(th: cgt.Thermograph) -> list[Fraction]:
    """The breakpoints of both walls, the midpoints between them and the temperature."""
    ts = sorted({t for t, _ in th.left_wall + th.right_wall} | {max(th.temperature, Fraction(0))})
    return ts + [(a + b) / 2 for a, b in zip(ts, ts[1:], strict=False)]


@settings(max_examples=60, deadline=None)
@given(games())
def test_the_walls_are_the_stops_of_the_cooled_game_at_every_breakpoint(g):
    # Siegel, Combinatorial Game Theory ch. II.5: below the temperature, LW(t) and RW(t) are the stops
    # of G cooled by t; the leaves of 2^-20 put the breakpoints on scales finer than the walls' floor
    th = g.thermograph
    for t in _times(th):
        if t <= th.temperature:
            cooled = g.cool(t)
            assert (th.left(t), th.right(t)) == (cooled.left_stop, cooled.right_stop)
    assert th.mean == g.mean and (g.is_number or g.right_stop <= th.mean <= g.left_stop)


def test_a_switch_of_fine_numbers_is_exact_past_the_floor():
    x, y = Fraction(3, 2**40), Fraction(-5, 2**41)
    th = from_options([number(x)], [number(y)]).thermograph  # {x | y}: mean (x + y) / 2, temperature (x - y) / 2
    assert th.mean == (x + y) / 2 and th.temperature == (x - y) / 2
    assert th.left_wall == ((0, x), ((x - y) / 2, (x + y) / 2))
    assert walls(from_options([number(x)], [number(y)]))[4] == 42 > FLOOR  # (x - y) / 2 = 11 / 2^42


def test_the_two_ways_to_the_temperature_agree_with_published_values():
    # Lessons in Play ch. 6: {2||1|0} has mean 5/4, temperature 3/4; its walls meet on the masts of its
    # options. {{10|0}|-1}: LW = RW({10|0}) - t = 0 and RW = t - 1 meet at t = 1, below the option's
    # temperature 5, so the walls are walked piece by piece
    g = parse("{2||1|0}")
    assert (g.mean, g.temperature) == (Fraction(5, 4), Fraction(3, 4))
    th = parse("{{10|0}|-1}").thermograph
    assert (th.mean, th.temperature) == (0, 1)
    assert th.left_wall == ((0, 0), (1, 0)) and th.right_wall == ((0, -1), (1, 0))


def test_an_envelope_takes_the_crossings_of_the_options_walls():
    # RW({4|2}) = 2 + t up to 1, then 3; RW({10|0}) = t up to 5, then 5: their max crosses at t = 3,
    # so LW = max - t is 2, 3 - t, 0, 5 - t; RW = t - 20; they meet at 25/2 (Winning Ways ch. 6)
    g = parse("{{10|0},{4|2}|-20}")
    walls_of_g = ((0, 2), (1, 2), (3, 0), (5, 0), (Fraction(25, 2), Fraction(-15, 2)))
    for h, sign in ((g, 1), (-g, -1)):  # -g takes the min of its right options' left walls
        th = h.thermograph
        assert (th.mean, th.temperature) == (sign * Fraction(-15, 2), Fraction(25, 2))
        side = th.left_wall if sign == 1 else th.right_wall
        assert side == tuple((t, sign * x) for t, x in walls_of_g)
    a, b = (walls(parse(text))[1] for text in ("{10|0}", "{4|2}"))
    assert _envelope([a, b], 1) == _envelope([b, a], 1)  # the same max, whichever leads at first
    unit = Fraction(1, 1 << a[0])
    assert [(t * unit, x * unit) for t, x in points(_envelope([a, b], 1), 0)] == [(0, 2), (1, 3), (3, 3), (5, 5)]


def test_walls_meeting_half_way_before_a_breakpoint_take_one_more_binary_digit():
    # in units u = 2^-FLOOR: lam = L - t with L a right wall 5u up to t = 5u, then t up to 10u, then
    # 10u; rho = -2u + t: they meet at t = 7u/2 on L's first piece (slopes -1 and 1), before L's
    # breakpoints, half way between two points of the scale: the walls move to the scale 2^-(FLOOR + 1)
    left = (FLOOR, 0, 5, 0, 5, 0, 1, 10, 10, 0)  # intercept form (t, c, u) per piece, a right wall
    right = (FLOOR, 0, -2, 1)  # the number -2u as a left wall
    lw, rw, mean, tau, e = _hot(left, right)
    assert (e, tau, mean) == (FLOOR + 1, 7, 3)  # 7/2 u and 3/2 u
    assert points(lw, -1) == [(0, 10), (7, 3)] and points(rw, 0) == [(0, -4), (7, 3)]


def test_each_follower_is_worked_out_once_and_counted():
    g = parse("{{{1006|1004}|{1002|1000}}|{{998|996}|{994|992}}}")  # numbers no other test uses
    with metered() as meter:
        cgt.thermograph(g)
        first = meter.used
        cgt.thermograph(g)
        assert meter.used == first  # cached on the game: nothing more to do
    assert 7 <= first <= 7 + 8  # seven switches, and the eight numbers below them unless known already


def test_the_work_budget_stops_a_large_thermograph():
    text = "-5000"
    for k in range(30):
        text = f"{{{5100 + 10 * k}|{text}}}"  # {5390|{5380|...{5100|-5000}...}}: 30 hot followers
    g = parse(text)  # parsed outside the budget: only the thermograph's steps count below
    with limits.budget(max_states=10), pytest.raises(LimitError, match="max_states"):
        cgt.thermograph(g)
    assert cgt.thermograph(g).temperature > 0  # with the default budget it is made
