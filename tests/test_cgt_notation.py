"""CGSuite's notation, read and written: ``parse(to_text(G)) is G`` and CGSuite's own printed forms.

The table of printed forms is CGSuite's ``CanonicalShortGameTestCase.scala`` (aaron-siegel/cgsuite,
lib/core/src/test/scala/org/cgsuite/lang/): each input there and the text CGSuite prints for it,
with the game built here from its options by hand (not through the parser) where that is short.
The uptimal definitions are CGSuite's ``G.Pow`` / ``G.PowTo`` (Siegel, *Combinatorial Game Theory*
ch. II.4): ``^<n> = {0 | v[n-1]*}``, ``^[n] = {^[n-1] | *}``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt import CanonicalGame, NotationError, from_options, negate, nimber, number, parse, to_text
from grundy.cgt.canonical import add
from grundy.cgt.uptimal import build, expansion, up_nth, up_to
from grundy.partizan.values import value
from tests.helpers import one_error_line, run_cli

ZERO, STAR = number(0), nimber(1)
UP = from_options([ZERO], [STAR])
DOWN_STAR = from_options([ZERO], [ZERO, STAR])  # v* = {0 | 0, *}


def opt(left: list, right: list) -> CanonicalGame:
    return from_options(left, right)


def round_trips(write, g: CanonicalGame) -> bool:
    """Whether the text ``write`` gives for g reads back as g itself."""
    return parse(write(g)) is g


# -- the check can fail ------------------------------------------------------------------------------


def test_the_round_trip_check_catches_a_wrong_writer():
    flipped = lambda g: to_text(g).replace("^", "#").replace("v", "^").replace("#", "v")  # noqa: E731
    dropped = lambda g: to_text(g).replace("Tiny", "Miny")  # noqa: E731
    assert not round_trips(flipped, UP) and not round_trips(flipped, up_to(3))
    assert not round_trips(dropped, opt([0], [opt([0], [-2])]))
    assert round_trips(to_text, UP) and round_trips(to_text, up_to(3))
    assert parse("^<2>") is not parse("^2") and parse("^[2]") is not parse("^<2>")  # the forms differ


# -- random games: printed, then read back -----------------------------------------------------------

_leaves = st.one_of(
    st.builds(lambda n, d: number(Fraction(n, 2 ** d)), st.integers(-6, 6), st.integers(0, 3)),
    st.builds(nimber, st.integers(0, 5)),
    st.sampled_from([UP, DOWN_STAR, opt([0], [opt([0], [-1])])]),
    st.builds(lambda n, s: up_nth(n) if s else negate(up_nth(n)), st.integers(1, 4), st.booleans()),
    st.builds(lambda n, s: up_to(n) if s else negate(up_to(n)), st.integers(1, 4), st.booleans()),
)


def _game_from(options):
    left, right = options
    return from_options(left, right)


_games = st.recursive(
    _leaves,
    lambda inner: st.one_of(
        st.builds(_game_from, st.tuples(st.lists(inner, max_size=3), st.lists(inner, max_size=3))),
        st.builds(add, inner, inner),
        st.builds(lambda g: opt([g], [negate(g)]), inner),  # switches +-G
        st.builds(lambda x, g: add(x, opt([0], [opt([0], [negate(g)])])), _leaves, inner),  # x + Tiny(g)
    ),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None)
@given(_games)
def test_every_printed_game_reads_back_as_itself(g):
    text = to_text(g)
    assert parse(text) is g, text
    assert to_text(parse(text)) == text  # one string per value


_dyadics = st.builds(lambda n, d: Fraction(n, 2 ** d), st.integers(-12, 12), st.integers(0, 3))


@settings(max_examples=60, deadline=None)
@given(_dyadics, st.lists(st.integers(-2, 2), max_size=4), st.integers(0, 4))
def test_uptimals_are_found_and_printed(x, digits, m):
    while digits and digits[-1] == 0:
        digits.pop()
    g = build(x, tuple(digits), m)
    assert expansion(g) == (x, tuple(digits), m)
    assert parse(to_text(g)) is g


# -- CGSuite's printed forms ---------------------------------------------------------------------------

# (what CGSuite is given, what it prints): CanonicalShortGameTestCase.scala, inputs and outputs
CGSUITE_PRINTS = [
    ("0", "0"), ("5", "5"), ("-1/2", "-1/2"), ("25/16", "25/16"), ("*8", "*8"), ("9/8+*", "9/8*"),
    ("^", "^"), ("v*", "v*"), ("6+^*", "6^*"), ("^*6", "^*6"), ("73/16+v9*8", "73/16v9*8"),
    ("{0|*||*|||*||||*}", "^[4]"), ("{0||0|v*}", "{0|^<2>}"),
    ("{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
     "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}"),
    ("{0||0|vvv}", "{0||0|v3}"), ("{^^^|vv}", "{^3|vv}"), ("{0||0|-3/2}", "Tiny(3/2)"),
    ("{0|||0||-1|-3}", "Tiny({3|1})"), ("{5||3|1|||0||||0}", "Miny({5||3|1})"), ("{1|^^||^}", "{1|^^||^}"),
    ("{1|^^^||^}", "{1|^3||^}"), ("{3||2+*|1+*}", "{3||2*|1*}"),
    ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"),
    # its answers to questions about these (companions, incentives, options), printed the same way
    ("{0|^<2>*}", "{0|^<2>*}"), ("v<4>", "v<4>"), ("^[4]*", "^[4]*"), ("{v<2>|0}", "{v<2>|0}"),
    ("{0|^[3]*||0,^[3]*|||0}", "{0|^[3]*||0,^[3]*|||0}"), ("{^3,{^3|0}|0}", "{^3,{^3|0}|0}"),
    ("{0,*||*|v3*}", "{0,*||*|v3*}"), ("{5||3|1|||*||||0,*}", "{5||3|1|||*||||0,*}"),
    ("{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}", "{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}"),
    ("{{1v|^},{1v||1vv|0}|0,{^|0,{0|-1^^}}}", "{{1v|^},{1v||1vv|0}|0,{^|0,{0|-1^^}}}"),
    ("{2*|1*||0}", "{2*|1*||0}"), ("{3|||2|2||1|1}", "{3||2*|1*}"),  # the last: grundy's old text of it
]


@pytest.mark.parametrize(("given", "printed"), CGSUITE_PRINTS)
def test_cgsuites_printed_forms_read_and_print_back(given, printed):
    g = parse(given)
    assert to_text(g) == printed
    assert parse(printed) is g


def test_the_printed_forms_are_the_games_built_from_options():
    up2 = opt([0], [DOWN_STAR])  # ^<2> = {0 | v*}
    assert up_nth(2) is up2 and parse("^<2>") is up2 and parse("{0|^<2>}") is opt([0], [up2])
    assert parse("^[4]") is opt([opt([opt([UP], [STAR])], [STAR])], [STAR])
    assert parse("^[3]") is add(add(UP, up2), up_nth(3)) and parse("v[3]") is negate(parse("^[3]"))
    assert parse("3/4v[3]*") is add(add(number(Fraction(3, 4)), negate(up_to(3))), STAR)
    assert parse("^<2>*") is add(up2, STAR) and parse("v<2>") is negate(up2)
    assert parse("^3") is parse("^^^") is add(add(UP, UP), UP) and parse("v3") is negate(parse("^3"))
    assert parse("Tiny(3/2)") is opt([0], [opt([0], [Fraction(-3, 2)])])
    assert parse("Tiny({3|1})") is opt([0], [opt([0], [opt([-1], [-3])])])
    assert parse("Miny({5||3|1})") is opt([opt([opt([5], [opt([3], [1])])], [0])], [0])
    assert parse("2Tiny(2)") is opt([2], [opt([2], [0])]) and to_text(opt([2], [opt([2], [0])])) == "2Tiny(2)"
    assert parse("-1Tiny(2)") is add(number(-1), parse("Tiny(2)"))
    assert parse("+-{2|1}") is opt([opt([2], [1])], [opt([-1], [-2])])
    assert parse("+-(1*)") is opt([add(number(1), STAR)], [add(number(-1), STAR)])
    assert to_text(opt([add(number(1), STAR)], [add(number(-1), STAR)])) == "+-(1*)"


def test_the_empty_4x4_domineering_board_prints_as_cgsuite_prints_it():
    g = value("domineering", "....|....|....|....")
    text = "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
    assert to_text(g) == text and parse(text) is g
    x = opt([opt([2], [0]), opt([2], [opt([2], [0])])], [opt([2], [0]), opt([opt([2], [0])], [0])])
    assert g is opt([0, x], [0, negate(x)])  # +-{A,B}: Left's options A, B and Right's -A, -B
    code, out, err = run_cli("value", "domineering", "....|....|....|....")
    assert code == 0 and out.splitlines()[0] == "value: " + text, err


def test_cgsuite_symbols_and_cgsuite_2_method_forms_are_read():
    assert parse("↑") is UP and parse("↓*") is parse("v*") and parse("⇑") is parse("^^")
    assert parse("⇓") is parse("vv") and parse("±1") is parse("+-1") and parse("↑<2>") is parse("^<2>")
    assert parse("2.Tiny") is parse("Tiny(2)") and parse("(3/2).Tiny") is parse("Tiny(3/2)")
    assert parse("{3|1}.Miny") is parse("Miny({3|1})") and parse("1+2.Tiny") is parse("1Tiny(2)")
    assert parse("2+-1") is parse("{3|1}") and parse("1 + -1") is ZERO  # grundy's older forms still read


@pytest.mark.parametrize(("text", "place"), [
    ("^<0>", "character 1"), ("{1|2} + ^[]", "character 10"), ("+-{}", "character 4"), ("Tiny 2", "character 6"),
    ("{1,2}", "character 5"), ("2.Foo", "character 2"), ("{1||2||3}", "character 6"), ("^<2", "character 2"),
])
def test_bad_text_names_the_place(text, place):
    with pytest.raises(NotationError, match=place):
        parse(text)


def test_the_uptimal_constructors_follow_their_definitions():
    for n in range(1, 6):
        assert up_to(n) is opt([up_to(n - 1)], [STAR])
        assert up_nth(n) is opt([0], [add(STAR, negate(up_to(n - 1)))])
        assert up_to(n) is add(up_to(n - 1), up_nth(n))
        assert expansion(up_nth(n)) == (0, (0,) * (n - 1) + (1,), 0)
        assert to_text(up_nth(n)) == ("^" if n == 1 else f"^<{n}>")
    assert up_nth(0) is STAR and up_to(0) is ZERO  # CGSuite's ^.Pow(0) and ^.PowTo(0)
    assert expansion(parse("{3|1}")) is None and expansion(parse("Tiny(1)")) is None


# -- CGSuite's letters in the rulesets ----------------------------------------------------------------


def test_cgsuites_letters_are_read_by_the_rulesets():
    assert value("toads-and-frogs", "") is ZERO  # the empty strip
    assert value("toppling-dominoes", "xoxo") is value("toppling-dominoes", "lrlr")
    assert value("toppling-dominoes", "x.o") is value("toppling-dominoes", "xo")
    assert value("toppling-dominoes", "") is ZERO
    assert value("clobber", "XO|ox") is value("clobber", "xo|ox")
    code, out, err = run_cli("value", "toads-and-frogs", "")
    assert code == 0 and out.startswith("value: 0\n"), err
    code, out, err = run_cli("value", "toppling-dominoes", "xq")
    assert code == 2 and "l or x (Left's), r or o (Right's)" in one_error_line(err)
    code, out, err = run_cli("value", "clobber", "xo|oq")
    assert code == 2 and "'X', 'O' too" in one_error_line(err)
