"""The value algebra of grundy.cgt against the definitions, on random small games, and published values.

The brute-force checks work on raw option trees (nested tuples ``(lefts, rights)``) with the plain
recursive definition of ``<=`` (Siegel, *Combinatorial Game Theory* (AMS 2013) ch. II.1): no
canonical form, no interning, no shortcut is used on that side.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy import cgt
from grundy.cgt import from_options, nimber, number, parse
from grundy.core.errors import GrundyError, LimitError
from grundy.partizan.values import value
from tests.raw_games import R0, Raw, raw_add, raw_eq, raw_le, raw_nimber, raw_number, to_game, to_raw

LEAVES = [R0, raw_number(1), raw_number(-1), raw_number(Fraction(1, 2)), raw_number(Fraction(-1, 2)),
          raw_number(2), raw_nimber(1), raw_nimber(2)]


def trees(depth: int = 3) -> st.SearchStrategy[Raw]:
    leaf = st.sampled_from(LEAVES)
    if depth == 0:
        return leaf
    sub = trees(depth - 1)
    node = st.tuples(st.lists(sub, max_size=3).map(tuple), st.lists(sub, max_size=3).map(tuple))
    return st.one_of(leaf, node)


small = trees(2)
medium = trees(3)


# -- the algebra against the definitions ---------------------------------------------------------------


@given(medium)
def test_canonical_form_keeps_the_value(t):
    g = to_game(t)
    assert raw_eq(to_raw(g), t)


@given(medium)
def test_g_minus_g_is_zero(t):
    g = to_game(t)
    assert g + (-g) is cgt.zero
    assert g - g == 0


@given(small, small)
def test_comparison_agrees_with_the_definition_and_the_outcome_of_the_difference(a, b):
    g, h = to_game(a), to_game(b)
    assert (g <= h) == raw_le(a, b)
    assert (g >= h) == ((g - h).outcome in ("L", "P"))
    assert (g <= h) == ((g - h).outcome in ("R", "P"))
    assert (g == h) == ((g - h).outcome == "P") == raw_eq(a, b)
    assert g.fuzzy(h) == ((g - h).outcome == "N")
    assert (g < h) == (g <= h and not h <= g)


@given(small, small)
def test_sum_agrees_with_the_definition(a, b):
    g, h = to_game(a), to_game(b)
    assert raw_eq(to_raw(g + h), raw_add(a, b))


@given(medium, medium)
def test_equal_values_give_one_object_and_one_string(a, b):
    g, h = to_game(a), to_game(b)
    assert (g is h) == raw_eq(a, b)
    # another construction of the same value: a dominated option, a zero added as {*|*}, options reordered
    padded = ((*reversed(a[0]), raw_number(-3)), tuple(reversed(a[1])))
    via = raw_add(((raw_nimber(1),), (raw_nimber(1),)), a) if len(str(a)) < 200 else a
    for other in (padded, via):
        if a[0] or not a[1]:  # adding -3 to Left's options keeps the value only when Left has a move or Right has none
            assert to_game(other) is g
            assert str(to_game(other)) == str(g)


@given(medium)
def test_parse_and_print_round_trip(t):
    g = to_game(t)
    assert parse(str(g)) is g
    assert parse(repr(g)) is g


@given(small, small, small)
def test_sums_commute_and_associate(a, b, c):
    g, h, k = to_game(a), to_game(b), to_game(c)
    assert g + h is h + g
    assert (g + h) + k is g + (h + k)
    assert -(g + h) is (-g) + (-h)


@given(medium)
def test_stops_outcome_and_predicates_agree_with_the_form(t):
    g = to_game(t)
    assert g.left_stop >= g.right_stop or g.is_number
    assert g.outcome == {(True, True): "P", (True, False): "L", (False, True): "R", (False, False): "N"}[
        (g >= 0, g <= 0)]
    assert g in g.followers()
    assert all(h in g.followers() for h in g.left + g.right)
    if g.is_nimber:
        assert g is nimber(g.nimber)
    if g.is_infinitesimal:
        assert -number(Fraction(1, 64)) < g < number(Fraction(1, 64))


def test_brute_force_checker_tells_games_apart():
    # the reference itself must not call everything equal: * is not 0, ^ is not *
    assert not raw_eq(raw_nimber(1), R0)
    assert not raw_eq(to_raw(cgt.up), raw_nimber(1))
    assert raw_eq(((raw_nimber(1),), (raw_nimber(1),)), R0)


# -- published values ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Lessons in Play (2007) ch. 4-5; Winning Ways (2001) vol. 1 ch. 2-3; Siegel ch. II.2
        ("{0|0}", "*"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0,*|0}", "^*"),
        ("{0|0,*}", "v*"),
        ("{1|1}", "1*"),
        ("{1/2|1}", "3/4"),
        ("{0|1}", "1/2"),
        ("{1|}", "2"),
        ("{|-1}", "-2"),
        ("{-1|1}", "0"),
        ("{0||0|-1}", "Tiny(1)"),
        ("{1|0||0}", "Miny(1)"),
        ("{0|^*}", "^^"),
        ("{0|^}", "^^*"),
        ("{0,*,*2|0,*,*2}", "*3"),
        ("{1|-1}", "+-1"),
        ("{*|*}", "0"),
        ("{0,*|0,*}", "*2"),
        ("*2+*3", "*"),
        ("^+^+^", "^3"),
        ("{3|1}", "{3|1}"),  # CGSuite writes x+-y in braces
        ("{2||1|0}", "{2||1|0}"),
        ("+-{2|1}", "+-{2|1}"),
    ],
)
def test_published_values(text, expected):
    assert str(parse(text)) == expected
    assert parse(expected) is parse(text)


def test_published_facts():
    up, star = cgt.up, cgt.star
    assert up > 0 and up.fuzzy(star) and (up + star).fuzzy(0)  # Winning Ways ch. 3: ^* is fuzzy
    assert up + up + star > 0  # ^^* > 0 (Lessons in Play ch. 5)
    assert cgt.tiny(1) > 0 and cgt.tiny(1) < up  # tiny is smaller than up (Lessons in Play ch. 5)
    assert nimber(2) + nimber(3) is star  # nim addition
    assert parse("1/2") + parse("1/2") is number(1)  # Winning Ways ch. 1: 1/2 + 1/2 = 1
    assert cgt.switch(1).outcome == "N" and star.outcome == "N" and up.outcome == "L"
    assert number(0).outcome == "P" and number(-1).outcome == "R"
    assert parse("{2|-1}").left_stop == 2 and parse("{2|-1}").right_stop == -1
    assert parse("{1|-1}").followers() == {parse("{1|-1}"), number(1), number(0), number(-1)}
    assert nimber(3).birthday == 3 and number(Fraction(3, 4)).birthday == 3 and up.birthday == 2


def test_numbers_are_exact_and_lazy():
    big = number(10**9)
    assert big.number == 10**9 and big.birthday == 10**9
    assert big + number(Fraction(1, 2**40)) > big
    assert str(number(Fraction(-5, 8))) == "-5/8"
    assert big + cgt.star > big - 1 and (big + cgt.star).fuzzy(big)


# -- errors --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "where"),
    [("{1|", "character 1"), ("1/3", "dyadic"), ("{1|2|3}", "character 5"), ("{1|2}}", "character 6"),
     ("{1,|2}", "character 4"), ("x", "character 1"), ("", "nothing"), ("Tiny 2", "'('"), ("{1 2 |}", None)],
)
def test_bad_text_is_one_clear_error(text, where):
    if where is None:  # juxtaposition adds: {1 2|} = {3|} = 4 is fine
        assert parse(text) is number(4)
        return
    with pytest.raises(cgt.NotationError) as err:
        parse(text)
    message = str(err.value)
    assert "\n" not in message and where in message
    assert isinstance(err.value, GrundyError)


def test_non_dyadic_number_and_bad_values_are_refused():
    with pytest.raises(GrundyError, match="dyadic"):
        number(Fraction(1, 3))
    with pytest.raises(GrundyError):
        nimber(-1)
    with pytest.raises(GrundyError):
        cgt.as_game(object())


def test_too_deep_is_a_limit_error():
    g = cgt.number(-1)
    for _ in range(1500):  # {0|{0|...{0|-1}}}: building is shallow, walking it is not (a chain ending in * would
        # be 1500.^* in closed form, grundy.cgt.nus)
        g = from_options([0], [g])
    assert len(g.right) == 1 and not g.is_number
    for walk in (lambda: g.is_all_small, lambda: g.birthday, lambda: g + g, lambda: str(g)):
        with pytest.raises(LimitError, match="too deep"):
            walk()


@cache
def born_by(day: int) -> dict[Fraction, int]:
    """Every number born by ``day`` with its birthday: day n adds one past each end and the midpoints."""
    if day == 0:
        return {Fraction(0): 0}
    before = born_by(day - 1)
    known = sorted(before)
    new = [known[0] - 1, known[-1] + 1] + [(a + b) / 2 for a, b in zip(known, known[1:], strict=False)]
    return {**before, **{x: day for x in new}}


@given(st.integers(-96, 96), st.integers(-96, 96))
def test_simplest_between_is_the_oldest_number_in_between(a, b):
    from grundy.cgt.canonical import simplest_between

    lo, hi = sorted((Fraction(a, 16), Fraction(b, 16)))  # |x| <= 6, born by day 10
    if lo == hi:
        return
    numbers = born_by(12)  # the simplest number between is born at most a day after lo or hi
    inside = [x for x in numbers if lo < x < hi]
    first = min(numbers[x] for x in inside)
    assert [x for x in inside if numbers[x] == first] == [simplest_between(lo, hi)]
    assert simplest_between(lo, None) == min((x for x in numbers if x > lo), key=lambda x: (numbers[x], x))


@pytest.mark.parametrize("call", [
    lambda: cgt.le_games(1, "x"), lambda: cgt.cool(None, 1), lambda: cgt.cool("{3|-1}", None),
    lambda: cgt.ups("x"), lambda: cgt.number("abc"), lambda: cgt.number("1/0"), lambda: cgt.number(None),
    lambda: cgt.thermograph([1]), lambda: cgt.atomic_weight(object()), lambda: cgt.nimber(10**5000),
    lambda: cgt.simplest_between(1, 0), lambda: cgt.from_options(5, []), lambda: cgt.parse('9' * 5000),
    lambda: value(None, "..|.."), lambda: value("domineering", None),
    lambda: value("cutcake", [(0, 3)]), lambda: value("domineering", [("..", "x")]),
    lambda: value("cutcake", [5]),
])
def test_the_python_api_refuses_bad_arguments_with_a_grundy_error(call):
    with pytest.raises(GrundyError) as err:
        call()
    assert "\n" not in str(err.value)


def test_the_python_api_takes_anything_that_names_a_game():
    assert cgt.le_games(0, "^") and cgt.add(1, "*") is parse("1*") and cgt.negate("^") is cgt.down
    assert cgt.to_text(1) == "1" and cgt.atomic_weight("^") is number(1) and str(cgt.cool("{3|-1}", "1")) == "{2|0}"
    assert str(value("domineering", [("..", "..")])) == "+-1"  # a position given as a position
