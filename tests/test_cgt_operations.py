"""CGSuite's operations on short games (grundy.cgt.operations, grundy.cgt.reduced) against their
definitions on random small games, and CGSuite's published examples.

The published examples are CGSuite's own tests: ``CgscriptTest.scala`` ("game.CanonicalShortGame should
implement >=2-ary methods correctly": ConwayMultiply, Heat, NortonMultiply, Overheat, Pow, PowTo) and
``lang2/CanonicalShortGameTestCase.scala`` (Incentives, LeftIncentives, RightIncentives, Companion,
Freeze, ReducedCanonicalForm, FollowerCount), in aaron-siegel/cgsuite. The brute-force checks build the
definition as a raw option tree (nested tuples ``(lefts, rights)``, no canonical form) and compare it
with the plain recursive definition of ``<=`` (Siegel, *Combinatorial Game Theory* (AMS 2013) ch. II.1).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import cgt
from grundy.cgt import CanonicalGame, from_options, nimber, number, parse
from grundy.cgt.operations import (
    conway_product,
    freeze,
    heat,
    nim_product,
    norton_product,
    ordinal_sum,
    overheat,
    power,
    power_to,
)
from grundy.cgt.reduced import (
    companion,
    incentives,
    left_incentives,
    reduced_canonical_form,
    right_incentives,
    size,
)
from grundy.cgt.uptimal import up_nth, up_to
from grundy.core import limits
from grundy.core.errors import GrundyError, LimitError
from tests.raw_games import R0, Raw, raw_add, raw_eq, raw_neg, to_raw


def raw_sum(*parts: Raw) -> Raw:
    total = parts[0]
    for p in parts[1:]:
        total = raw_add(total, p)
    return total


def same(raw: Raw, g: CanonicalGame) -> bool:
    return raw_eq(raw, to_raw(g))


LEAVES = ["0", "1", "-1", "1/2", "2", "*", "*2", "^", "v*"]


def games(depth: int) -> st.SearchStrategy[CanonicalGame]:
    leaf = st.sampled_from(LEAVES).map(parse)
    if depth == 0:
        return leaf
    sub = games(depth - 1)
    side = st.lists(sub, max_size=2)
    return st.one_of(leaf, st.tuples(side, side).map(lambda lr: from_options(*lr)))


small, medium = games(1), games(2)
temperatures = st.sampled_from([Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2)])


# -- CGSuite's published examples ----------------------------------------------------------------------

G = "{3||2*|1*}"


@pytest.mark.parametrize(("call", "expected"), [
    # CgscriptTest.scala, "game.CanonicalShortGame should implement >=2-ary methods correctly"
    (lambda: conway_product(parse("*4"), parse("*4")), "*6"),
    (lambda: conway_product(parse("*19"), parse("*23")), "*86"),
    (lambda: conway_product(15, parse("^^*2")), "^30*2"),
    (lambda: conway_product(parse("{3|1}"), parse("^^")), "{^6|^^}"),
    (lambda: conway_product(parse("^^"), parse("^^")), "{0||0,*|0,{0,*|0,*2}}"),
    (lambda: heat(parse(G), 0), "{3||2*|1*}"),
    (lambda: heat(parse(G), Fraction(1, 2)), "{7/2|||5/2|3/2||+-1/2}"),
    (lambda: heat(parse(G), 1), "{4|||3|1||0|-2}"),
    (lambda: heat(parse(G), Fraction(-3, 4)), "9/4*"),
    (lambda: heat(parse(G), -1), "9/4"),
    (lambda: heat(parse(G), -2), "3/2"),
    (lambda: heat(parse(G), -3), "1"),
    (lambda: heat(parse(G), -4), "0"),
    (lambda: heat(parse(G), parse("*")), "{3*||2|1}"),
    (lambda: norton_product(0, parse("^")), "0"),
    (lambda: norton_product(6, parse("^")), "^6"),
    (lambda: norton_product(-4, parse("^")), "v4"),
    (lambda: norton_product(Fraction(1, 2), parse("^")), "{^^*|v*}"),
    (lambda: norton_product(parse("^"), parse("^")), "{^^*||0|v4}"),
    (lambda: norton_product(parse("Tiny(2)"), parse("^")), "{^^*||0|v6}"),
    (lambda: overheat(parse(G), parse("*"), parse("1*")), "{1||+-(1*)|-1,{-1|-3}}"),
    (lambda: overheat(Fraction(7, 16), 0, 0), "^[3]"),
    (lambda: power(parse("^"), Fraction(7, 4)), "{0||0,v*|0,{0,v*|0,*}}"),
    (lambda: power(parse("{0||0|-2}"), 3), "{0||0|-2,{0|-2,{0|-2}}}"),
    (lambda: power(parse("{0||0|-2}"), Fraction(7, 4)), "{0||0,{0|-2,{0|-2}}|-2,{0,{0|-2,{0|-2}}|-2,{0|-2}}}"),
    (lambda: power_to(parse("^"), Fraction(7, 4)), "{^|*,^[2]||*,^[2]}"),
    (lambda: power_to(parse("^"), 3), "^[3]"),
    (lambda: power_to(parse("{0||0|-2}"), 3), "{Tiny(2)||0|-2|||0|-2}"),
    (lambda: power_to(parse("{0||0|-2}"), Fraction(7, 4)), "{Tiny(2)|{0|-2},{Tiny(2)||0|-2}||{0|-2},{Tiny(2)||0|-2}}"),
    (lambda: power_to(parse("+-1"), 3), "{1,{1,+-1|-1}|-1}"),
    # CgscriptTest.scala, "game.Integer should implement methods correctly": 8.NimProduct(8)
    (lambda: nim_product(nimber(8), nimber(8)), "*13"),
    # CgscriptTest.scala, "process game operations": an integer times a game is that many copies
    (lambda: norton_product(5, parse("{3||2|1}")), "{12|||11||10,{11|10}|9Tiny({2|1})}"),
])
def test_cgsuite_published_examples_of_binary_operations(call, expected):
    assert call() is parse(expected)


def test_cgsuite_powers_of_up_are_the_uptimals():
    up = parse("^")
    assert [power(up, n) for n in range(1, 6)] == [up_nth(n) for n in range(1, 6)]  # ^.Pow(3) is ^<3>
    assert [power_to(up, n) for n in range(1, 6)] == [up_to(n) for n in range(1, 6)]  # ^.PowTo(3) is ^[3]


# lang2/CanonicalShortGameTestCase.scala: (game, incentives, left incentives, right incentives,
# companion, freeze, reduced canonical form, follower count)
UNARY = [
    ("0", "", "", "", "*", "0", "0", 1),
    ("5", "-1", "-1", "", "5", "5", "5", 6),
    ("-1/2", "-1/2", "-1/2", "-1/2", "-1/2", "-1/2", "-1/2", 3),
    ("25/16", "-1/16", "-1/16", "-1/16", "25/16", "25/16", "25/16", 7),
    ("*8", "*8;*9;*10;*11;*12;*13;*14;*15", "*8;*9;*10;*11;*12;*13;*14;*15", "*8;*9;*10;*11;*12;*13;*14;*15",
     "*8", "*8", "0", 9),
    ("9/8+*", "*", "*", "*", "9/8*", "9/8*", "9/8", 7),
    ("^", "^*", "v", "^*", "^*", "^", "0", 3),
    ("v*", "^*", "^*", "v;v*", "v", "v*", "0", 3),
    ("6+^*", "^*", "v;v*", "^*", "6^*", "6^*", "6", 9),
    ("^*6", "^*", "v*6", "^*", "^*6", "^*6", "0", 9),
    ("73/16+v9*8", "^*", "^*", "v9*8", "73/16v9*8", "73/16v9*8", "73/16", 28),
    ("{0||0|vvv}", "{^3,{^3|0}|0}", "{^3|0||0}", "{^3,{^3|0}|0}", "{0,*||*|v3*}", "{0||0|v3}", "0", 7),
    ("{^^^|vv}", "{^5|0}", "{^5|0}", "{^5|0}", "{^3*|vv*}", "{^3|vv}", "0", 8),
    ("{0||0|-3/2}", "{3/2,{3/2|0}|0}", "Miny(3/2)", "{3/2,{3/2|0}|0}", "{0,*||*|-3/2}", "Tiny(3/2)", "0", 6),
    ("{5||3|1|||0||||0}", None, None, "Miny({5||3|1})", "{5||3|1|||*||||0,*}", "Miny({5||3|1})", "0", 10),
    ("{1|^^||^}", "{1v|^||0};{{1v|^},{1v||1vv|0}|0,{^|0,{0|-1^^}}}", "{{1v|^},{1v||1vv|0}|0,{^|0,{0|-1^^}}}",
     "{1v|^||0}", "{1|^^*||^*}", "{1|^^||^}", "0", 8),
    (G, "{2*|1*||0}", "{2*|1*||0}", "{2*|1*||0}", G, "9/4*", "{3||2|1}", 8),
    ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", None, None, None,
     "{3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}", "-5/16*", "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}", 17),
]


def games_of(text: str | None) -> set[CanonicalGame] | None:
    return None if text is None else {parse(t) for t in text.split(";") if t}


@pytest.mark.parametrize(("text", "inc", "linc", "rinc", "comp", "frozen", "rcf", "count"), UNARY)
def test_cgsuite_published_examples_of_unary_operations(text, inc, linc, rinc, comp, frozen, rcf, count):
    g = parse(text)
    for found, expected in ((incentives(g), inc), (left_incentives(g), linc), (right_incentives(g), rinc)):
        if expected is not None:
            assert set(found) == games_of(expected) and len(found) == len(set(found))
    assert companion(g) is parse(comp)
    assert freeze(g) is parse(frozen)
    assert reduced_canonical_form(g) is parse(rcf)
    assert size(g) == count == len(g.followers())


def test_methods_on_canonical_game_are_the_functions():
    g, up = parse(G), parse("^")
    assert g.heat(1) is heat(g, 1) and g.overheat("*", "1*") is overheat(g, "*", "1*") and g.freeze() is freeze(g)
    assert up.norton_product(up) is norton_product(up, up) and up.conway_product("^") is conway_product(up, up)
    assert g.ordinal_sum(1) is ordinal_sum(g, 1) and up.pow(2) is up_nth(2) and up.pow_to(2) is up_to(2)
    assert g.reduced_canonical_form is reduced_canonical_form(g) and g.incentives == incentives(g)
    assert g.left_incentives == left_incentives(g) and g.right_incentives == right_incentives(g)
    assert g.companion is companion(g) and g.size == size(g) == 8
    assert cgt.heat is heat and cgt.nim_product(3, 3) == 2 and cgt.size(number(-10**12)) == 10**12 + 1


# -- heating, overheating ------------------------------------------------------------------------------


@given(medium, temperatures)
def test_cooling_undoes_heating(g, t):
    # Siegel ch. II.5: (heat of G by t) cooled by t is G, for every short G and t > 0
    assert cgt.cool(heat(g, t), t) is g


def cools_exactly(g: CanonicalGame, t: Fraction) -> bool:
    """Cooling by t changes the form nowhere: every non-number follower H has H_t = {H^L_t - t | H^R_t + t}
    as its canonical form (no option dominated, reversed or swallowed by a number)."""
    for h in g.followers():
        if h.is_number:
            continue
        cooled = cgt.cool(h, t)
        if cooled.is_number or set(cooled.left) != {cgt.cool(x, t) - t for x in h.left} \
                or set(cooled.right) != {cgt.cool(x, t) + t for x in h.right}:
            return False
    return True


@given(medium, temperatures)
def test_heating_undoes_cooling_where_cooling_keeps_the_form(g, t):
    if cools_exactly(g, t):
        assert heat(cgt.cool(g, t), t) is g


def test_heating_undoes_cooling_only_where_the_form_is_kept():
    g, t = parse("{2|1,+-1}"), Fraction(1, 2)  # cooling by 1/2 makes Right's 1 dominated: lost for good
    assert not cools_exactly(g, t) and heat(cgt.cool(g, t), t) is not g
    assert cools_exactly(parse("{3|-1}"), Fraction(1)) and heat(parse("1+-1"), 1) is parse("{3|-1}")


@given(st.fractions(max_denominator=16).filter(lambda x: x.denominator & (x.denominator - 1) == 0), small)
def test_heating_keeps_numbers(x, t):
    assert heat(x, t) is number(x)


def raw_heat(g: Raw, t: Raw, is_number) -> Raw:  # noqa: ANN001 - is_number: Raw -> bool
    """The definition, on the option tree: numbers stay, else {heat(G^L) + t | heat(G^R) - t}."""
    if is_number(g):
        return g
    return (tuple(raw_add(raw_heat(x, t, is_number), t) for x in g[0]),
            tuple(raw_add(raw_heat(x, t, is_number), raw_neg(t)) for x in g[1]))


@given(small, st.sampled_from(["1", "*", "1/2", "-1", "^"]))
def test_heat_and_overheat_agree_with_the_definition(g, t_text):
    t = parse(t_text)

    def is_number(raw: Raw) -> bool:
        return from_raw(raw).is_number

    assert same(raw_heat(to_raw(g), to_raw(t), is_number), heat(g, t))
    s = parse("*")

    def raw_over(raw: Raw) -> Raw:  # integers n become n.s, else {t + G^L | -t + G^R}
        x = from_raw(raw).number
        if x is not None and x.denominator == 1:
            n = int(x)
            return raw_sum(*([to_raw(s if n > 0 else -s)] * abs(n))) if n else R0
        return (tuple(raw_add(to_raw(t), raw_over(y)) for y in raw[0]),
                tuple(raw_add(raw_neg(to_raw(t)), raw_over(y)) for y in raw[1]))

    assert same(raw_over(to_raw(g)), overheat(g, s, t))


@cache
def from_raw(raw: Raw) -> CanonicalGame:
    return from_options([from_raw(x) for x in raw[0]], [from_raw(x) for x in raw[1]])


# -- Norton, Conway, ordinal sums --------------------------------------------------------------------


U_TEXTS = ["^", "1", "1/2", "{2|1}", "^^*"]


@given(small, st.sampled_from(U_TEXTS))
def test_norton_product_agrees_with_the_definition(g, u_text):
    u = parse(u_text)
    shifts = [to_raw(u + i) for i in left_incentives(u) + right_incentives(u)]

    def raw_norton(raw: Raw) -> Raw:  # integers n: n copies of U; else {G^L.U + U + I | G^R.U - U - I}
        x = from_raw(raw).number
        if x is not None and x.denominator == 1:
            return to_raw(cgt.times(u, int(x)))
        return (tuple(raw_add(raw_norton(y), d) for y in raw[0] for d in shifts),
                tuple(raw_add(raw_norton(y), raw_neg(d)) for y in raw[1] for d in shifts))

    assert same(raw_norton(to_raw(g)), norton_product(g, u))


@given(st.integers(-6, 6), st.sampled_from(U_TEXTS + ["*", "{1|-1}"]))
def test_norton_product_by_an_integer_is_that_many_copies(n, u_text):
    u = parse(u_text)
    assert norton_product(n, u) is cgt.times(u, n)


@given(medium, medium, st.sampled_from(["1", "1/2", "{2|1}", "3/4"]))
def test_norton_product_by_a_positive_number_is_linear_and_keeps_the_order(g, h, u_text):
    u = parse(u_text)  # Norton: for U > 0 a number, G -> G.U is an order-embedding homomorphism
    assert norton_product(g + h, u) is norton_product(g, u) + norton_product(h, u)
    assert (g <= h) == (norton_product(g, u) <= norton_product(h, u))


@given(small, small)
def test_conway_product_agrees_with_the_definition(g, h):
    def raw_conway(a: CanonicalGame, b: CanonicalGame) -> Raw:  # over canonical options, sums kept raw
        def term(x: CanonicalGame, y: CanonicalGame) -> Raw:  # x.b + a.y - x.y
            return raw_sum(to_raw(conway_product(x, b)), to_raw(conway_product(a, y)),
                           raw_neg(to_raw(conway_product(x, y))))
        left = [term(x, y) for x in a.left for y in b.left] + [term(x, y) for x in a.right for y in b.right]
        right = [term(x, y) for x in a.left for y in b.right] + [term(x, y) for x in a.right for y in b.left]
        return (tuple(left), tuple(right))

    assert same(raw_conway(g, h), conway_product(g, h))
    assert conway_product(g, h) is conway_product(h, g)


@given(st.fractions(max_denominator=8), st.fractions(max_denominator=8))
def test_conway_product_of_numbers_is_their_product(x, y):
    if x.denominator & (x.denominator - 1) or y.denominator & (y.denominator - 1):
        return
    assert conway_product(x, y) is number(x * y)


def signs(x: Fraction) -> str:
    """The sign expansion of a dyadic number: its path from 0 in the tree of numbers."""
    out, lo, hi, here = "", None, None, Fraction(0)
    while here != x:
        out += "+" if x > here else "-"
        lo, hi = (here, hi) if x > here else (lo, here)
        here = cgt.simplest_between(lo, hi)
    return out


def from_signs(expansion: str) -> Fraction:
    lo = hi = None
    here = Fraction(0)
    for s in expansion:
        lo, hi = (here, hi) if s == "+" else (lo, here)
        here = cgt.simplest_between(lo, hi)
    return here


dyadics = st.builds(lambda m, k: Fraction(m, 2**k), st.integers(-9, 9), st.integers(0, 3))


@given(dyadics, dyadics)
def test_ordinal_sum_of_numbers_joins_the_sign_expansions(x, y):
    assert ordinal_sum(x, y) is number(from_signs(signs(x) + signs(y)))


def test_sign_expansions():
    assert [signs(Fraction(v)) for v in ("0", "3", "-2", "1/2", "3/4", "-5/8")] == ["", "+++", "--", "+-", "+-+",
                                                                                     "-+-+"]


@given(small, small)
def test_ordinal_sum_agrees_with_the_definition(g, h):
    def raw_ordinal(b: Raw) -> Raw:  # G : H = {G^L, G : H^L | G^R, G : H^R}, G's canonical options
        return (tuple(to_raw(x) for x in g.left) + tuple(raw_ordinal(y) for y in b[0]),
                tuple(to_raw(x) for x in g.right) + tuple(raw_ordinal(y) for y in b[1]))

    assert same(raw_ordinal(to_raw(h)), ordinal_sum(g, h))


# -- incentives, reduced canonical form, companion, size -------------------------------------------------


@given(medium)
def test_incentives_are_the_differences_and_the_undominated_ones_are_kept(g):
    assert set(left_incentives(g)) == {h - g for h in g.left}
    assert set(right_incentives(g)) == {g - h for h in g.right}
    every = set(left_incentives(g)) | set(right_incentives(g))
    kept = incentives(g)
    assert all(not (a <= b) for a, b in itertools.permutations(kept, 2))
    assert all(any(a <= b for b in kept) for a in every)


INFINITESIMALS = [parse(s) for s in ["^", "*", "v*", "Tiny(1)", "Miny(2)", "{0|^}", "^^*", "*2"]]


def born_by(day: int) -> set[CanonicalGame]:
    found = {number(0)}
    for _ in range(day):
        old = sorted(found, key=lambda g: g.uid)
        sides = [s for r in range(len(old) + 1) for s in itertools.combinations(old, r)]
        found = {from_options(a, b) for a in sides for b in sides}
    return found


DAY2 = born_by(2)


def close(g: CanonicalGame, h: CanonicalGame) -> bool:
    return (g - h).is_infinitesimal


def ge_inf(g: CanonicalGame, h: CanonicalGame) -> bool:
    """g >= h modulo infinitesimals (some infinitesimal e has g + e >= h): the Right stop of g - h is >= 0."""
    return (g - h).right_stop >= 0


def reduced(r: CanonicalGame) -> bool:
    """Grossman & Siegel's test: r is a number or its options are reduced, none dominated or reversible
    modulo infinitesimals (no other option at least as good; no r^LR <= r, no r^RL >= r)."""
    if r.is_number:
        return True
    sides = ((r.left, True), (r.right, False))
    return (r.left_stop != r.right_stop and all(reduced(x) for x in r.left + r.right)
            and not any(ge_inf(b, a) if left else ge_inf(a, b)
                        for options, left in sides for a, b in itertools.permutations(options, 2))
            and not any(ge_inf(r, y) for x in r.left for y in x.right)
            and not any(ge_inf(y, r) for x in r.right for y in x.left))


HOT_LEFT = [parse(t) for t in ["3", "2", "1", "{3|0}", "{3|-1}", "{2|0}", "*", "^", "1*"]]
HOT_RIGHT = [parse(t) for t in ["-3", "-2", "-1", "{0|-3}", "{1|-3}", "{0|-2}", "0", "v", "-1*"]]
hot = st.builds(from_options, st.lists(st.sampled_from(HOT_LEFT), min_size=1, max_size=3, unique=True),
                st.lists(st.sampled_from(HOT_RIGHT), min_size=1, max_size=2, unique=True))
rcf_games = st.one_of(hot, hot, medium)  # hot games: options reversible only modulo infinitesimals are common


@settings(max_examples=150)
@given(rcf_games, st.sampled_from(INFINITESIMALS))
def test_reduced_canonical_form_is_close_unique_reduced_and_minimal(g, eps):
    r = reduced_canonical_form(g)
    assert close(g, r)  # G - rcf(G) is infinitesimal
    assert reduced_canonical_form(g + eps) is r  # one rcf for games equal modulo infinitesimals
    assert reduced_canonical_form(r) is r and reduced(r)
    assert all(not close(g, k) for k in DAY2 if k.birthday < r.birthday)  # no older game is as close


def test_reduced_canonical_form_bypasses_what_is_reversible_only_modulo_infinitesimals():
    # Left's {3|0} in G = {2,{3|0}|0}: Right's answer 0 is not <= G (Right, moving first in G, moves to 0
    # and wins) but 0 <= G + ^ (the Right stop of G is 0), so {3|0} is bypassed: G is {2|0} modulo infinitesimals
    g = parse("{2,{3|0}|0}")
    assert not (g >= 0) and ge_inf(g, parse("0")) and reduced_canonical_form(g) is parse("{2|0}")
    assert reduced_canonical_form(parse("{*,{3|-2}|-2}")) is parse("{0|-2}")
    assert not reduced(g) and reduced(parse("{2|0}"))


def test_the_day_two_games_are_twenty_two():
    assert len(DAY2) == 22 and len(born_by(1)) == 4


@given(medium, medium)
def test_companion_is_an_order_automorphism_and_an_involution(g, h):
    c = companion(g)
    assert companion(c) is g
    assert (g <= h) == (c <= companion(h))


@given(medium)
def test_size_counts_the_followers(g):
    assert size(g) == len(g.followers())


def test_size_of_numbers_and_nimbers_is_known_without_the_followers():
    assert size(number(-1823437481924)) == 1823437481925  # CanonicalShortGameTestCase: its FollowerCount
    assert size(nimber(10**6)) == 10**6 + 1
    assert size(from_options([nimber(5)], [number(-10**9)])) == 1 + 6 + 10**9  # 0 once: *0..*5 and -10^9..0
    small_twin = from_options([nimber(5)], [number(-9)])
    assert size(small_twin) == len(small_twin.followers()) == 1 + 6 + 9


# -- the nim product -----------------------------------------------------------------------------------


def test_nim_product_agrees_with_the_mex_definition():
    table: dict[tuple[int, int], int] = {}
    for a in range(16):
        for b in range(16):
            seen = {table[x, b] ^ table[a, y] ^ table[x, y] for x in range(a) for y in range(b)}
            table[a, b] = next(n for n in itertools.count() if n not in seen)
            assert nim_product(a, b) == table[a, b]
    assert nim_product(2**32, 2**32) == 3 * 2**31 and nim_product(19, 23) == 86


# -- refusals and the work budget ----------------------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda: power(parse("+-1"), 3),  # CgscriptTest: "Base must be of the form {0|H}."
    lambda: power(parse("^"), 0), lambda: power_to(parse("^"), Fraction(1, 2)), lambda: power(parse("^"), "*"),
    lambda: nim_product(parse("^"), nimber(2)), lambda: nim_product(-1, 2), lambda: nim_product(2.5, 2),
    lambda: heat(parse("^"), None), lambda: norton_product("{1|", 1),
])
def test_bad_arguments_are_one_line_errors(call):
    with pytest.raises(GrundyError) as err:
        call()
    assert "\n" not in str(err.value)


def test_operations_run_under_the_work_budget():
    big = parse("{3||2|1}") + parse("{5|-5||0}") + parse("^*")
    with limits.budget(max_states=2000), pytest.raises(LimitError, match="max_states"):
        conway_product(big, big + parse("{4|1}"))


# CGSuite's GameTest.scala (">=2-ary methods"): G.Subordinate(base)
@pytest.mark.parametrize("game, base, expected", [
    ("1/8", "1", "-3"), ("^[5]*", "*", "5"), ("+-1", "0", "+-1"), ("+-1", "+-1", "0"), ("-13/16", "-1", "3/8"),
])
def test_subordinate_matches_cgsuites_examples(game: str, base: str, expected: str) -> None:
    assert cgt.subordinate(parse(game), parse(base)) is parse(expected)
    assert parse(game).subordinate(parse(base)) is parse(expected)


def test_subordinate_refuses_a_game_that_is_no_ordinal_sum_on_the_base() -> None:
    with pytest.raises(GrundyError, match="cannot be subordinated to 1"):
        cgt.subordinate(parse("*"), 1)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["0", "1", "-1", "*", "+-1", "^", "{2|0}", "1/2"]), st.sampled_from(
    ["0", "1", "-2", "3/4", "*", "*2", "^", "{1|-1}", "{0|*}", "v*", "{2|1/2}"]))
def test_subordinate_undoes_the_ordinal_sum(base: str, h: str) -> None:
    joined = cgt.ordinal_sum(parse(base), parse(h))
    found = cgt.subordinate(joined, parse(base))
    assert cgt.ordinal_sum(parse(base), found) is joined


# CGSuite's GameTest.scala: cooling below zero (-1 < t < 0) is the plain recursion, numbers included
@pytest.mark.parametrize("game, t, expected", [
    ("{3||2*|1*}", "-1/2", "{7/2|||5/2|3/2||+-1/2}"), ("1/4", "-1/8", "1/4"), ("1/4", "-1/4", "1/4*"),
    ("1/4", "-3/8", "{3/8|1/8}"), ("{3||2*|1*}", "1/4", "{11/4||2|3/2}"), ("{3||2*|1*}", "5/8", "{19/8|17/8}"),
])
def test_cooling_matches_cgsuites_examples(game: str, t: str, expected: str) -> None:
    assert cgt.cool(parse(game), t) is parse(expected)


def test_cooling_by_minus_one_or_less_is_refused() -> None:
    with pytest.raises(GrundyError, match="t > -1"):
        cgt.cool(parse("{3||2*|1*}"), -1)
