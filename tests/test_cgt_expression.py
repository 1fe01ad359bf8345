"""CGSuite's expression language (grundy.cgt.evaluate, ``grundy value --expr``): each method equals the
library call, CGSuite's own published examples written as CGSuite writes them, comparisons, the levels
of the operators, errors that name the place, and the command line's answers. The first test proves
the comparison of a method with its library call can fail."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from grundy import cgt
from grundy.cgt.expression import ExpressionError, evaluate, result_json, result_text
from tests.helpers import one_error_line, run_cli

GAMES = ["{3||2*|1*}", "{2|-1}", "^", "^^*", "*2", "Tiny(2)", "{1|0}", "-3/4", "{0,*|v}", "+-{2|1}"]
ALL_SMALL = ["^", "^^*", "*2", "{0,*|v}", "{0||0|v*}", "v3*"]


def test_a_method_and_its_library_call_can_differ():
    g = cgt.parse("{3||2*|1*}")
    assert evaluate("{3||2*|1*}.Cool(1/2)") == g.cool(Fraction(1, 2))
    assert evaluate("{3||2*|1*}.Cool(1/2)") != g.cool(Fraction(1, 4))  # the comparison tells values apart
    assert evaluate("^.Birthday") == 2 and evaluate("^.Birthday") != 3


# -- each method is the library's ------------------------------------------------------------------------
LIBRARY = {
    "Cool(1/2)": lambda g: g.cool(Fraction(1, 2)),
    "Heat(1)": lambda g: cgt.heat(g, 1),
    "Heat(*)": lambda g: cgt.heat(g, cgt.star),
    "Overheat(1, 2)": lambda g: cgt.overheat(g, 1, 2),
    "Freeze": lambda g: cgt.freeze(g),
    "NortonProduct(^)": lambda g: cgt.norton_product(g, cgt.up),
    "NortonMultiply(^)": lambda g: cgt.norton_product(g, cgt.up),
    "ConwayProduct(^^)": lambda g: cgt.conway_product(g, cgt.ups(2)),
    "OrdinalSum(1)": lambda g: cgt.ordinal_sum(g, 1),
    "ReducedCanonicalForm": lambda g: cgt.reduced_canonical_form(g),
    "Incentives": lambda g: cgt.incentives(g),
    "LeftIncentives": lambda g: cgt.left_incentives(g),
    "RightIncentives": lambda g: cgt.right_incentives(g),
    "Companion": lambda g: cgt.companion(g),
    "Birthday": lambda g: g.birthday,
    "Size": lambda g: cgt.size(g),
    "Mean": lambda g: g.mean,
    "Temperature": lambda g: g.temperature,
    "LeftStop": lambda g: g.left_stop,
    "RightStop": lambda g: g.right_stop,
    "OutcomeClass": lambda g: g.outcome,
}


@pytest.mark.parametrize("call", sorted(LIBRARY))
def test_each_method_is_the_library_call(call):
    for text in GAMES:
        g = cgt.parse(text)
        assert evaluate(f"({text}).{call}") == LIBRARY[call](g), (text, call)


def test_the_methods_of_all_small_games_and_powers():
    for text in ALL_SMALL:
        g = cgt.parse(text)
        assert evaluate(f"({text}).AtomicWeight") == g.atomic_weight
    assert evaluate("^.Pow(3)") == cgt.power(cgt.up, 3) and evaluate("^.PowTo(3)") == cgt.power_to(cgt.up, 3)
    assert evaluate("*3 : ^") == cgt.ordinal_sum(cgt.nimber(3), cgt.up) == evaluate("*3.OrdinalSum(^)")


# -- CGSuite's published examples, written as CGSuite writes them ------------------------------------------
# CGSuite's GameTest.scala ("game.CanonicalShortGame should implement >=2-ary methods correctly")
GAME_TEST = [
    ("*4.ConwayProduct(*4)", "*6"), ("*19.ConwayProduct(*23)", "*86"), ("15.ConwayProduct(^^*2)", "^30*2"),
    ("{3|1}.ConwayProduct(^^)", "{^6|^^}"), ("^^.ConwayProduct(^^)", "{0||0,*|0,{0,*|0,*2}}"),
    ("{3||2+*|1+*}.Cool(0)", "{3||2*|1*}"), ("{3||2+*|1+*}.Cool(1/4)", "{11/4||2|3/2}"),
    ("{3||2+*|1+*}.Cool(1/2)", "{5/2|2*}"), ("{3||2+*|1+*}.Cool(5/8)", "{19/8|17/8}"),
    ("{3||2+*|1+*}.Cool(3/4)", "9/4*"), ("{3||2+*|1+*}.Cool(70)", "9/4"),
    ("{3||2+*|1+*}.Heat(0)", "{3||2*|1*}"), ("{3||2+*|1+*}.Heat(1/2)", "{7/2|||5/2|3/2||+-1/2}"),
    ("{3||2+*|1+*}.Heat(1)", "{4|||3|1||0|-2}"), ("{3||2+*|1+*}.Heat(*)", "{3*||2|1}"),
    ("0.NortonProduct(^)", "0"), ("6.NortonProduct(^)", "^6"), ("(-4).NortonProduct(^)", "v4"),
    ("(1/2).NortonProduct(^)", "{^^*|v*}"), ("^.NortonProduct(^)", "{^^*||0|v4}"),
    ("Tiny(2).NortonProduct(^)", "{^^*||0|v6}"),
    ("{3||2+*|1+*}.Overheat(*,1+*)", "{1||+-(1*)|-1,{-1|-3}}"), ("(7/16).Overheat(0,0)", "^[3]"),
    ("^.Pow(7/4)", "{0||0,v*|0,{0,v*|0,*}}"), ("^.Pow(3)", "^<3>"),
    ("{0||0|-2}.Pow(3)", "{0||0|-2,{0|-2,{0|-2}}}"),
    ("{0||0|-2}.Pow(7/4)", "{0||0,{0|-2,{0|-2}}|-2,{0,{0|-2,{0|-2}}|-2,{0|-2}}}"),
    ("^.PowTo(7/4)", "{^|*,^[2]||*,^[2]}"), ("^.PowTo(3)", "^[3]"),
    ("{0||0|-2}.PowTo(3)", "{Tiny(2)||0|-2|||0|-2}"),
    ("{0||0|-2}.PowTo(7/4)", "{Tiny(2)|{0|-2},{Tiny(2)||0|-2}||{0|-2},{Tiny(2)||0|-2}}"),
    ("(+-1).PowTo(3)", "{1,{1,+-1|-1}|-1}"),
]
# CGSuite's CgscriptTest.scala ("process infix ops", "handle comparison operators", game.Integer methods)
INFIX_TEST = [("* Heat 2", "+-2"), ("*2 Heat 2", "+-{2,{4|0}}"), ("^ Heat 2", "{2||0|-4}"),
              ("^* Heat 2", "{2,{4|0}|-2}"), ("^^ Heat 2", "{2||0,+-2|-4}")]


@pytest.mark.parametrize(("expr", "printed"), GAME_TEST + INFIX_TEST)
def test_cgsuite_published_examples(expr, printed):
    assert evaluate(expr) == cgt.parse(printed), expr


def test_cgsuite_nim_products_and_comparisons():
    # GameTest.scala: [8 NimProduct n for n from 1 to 16]; CgscriptTest.scala: 8.NimProduct(8), 3 <> 3+*
    assert [evaluate(f"8 NimProduct {n}") for n in range(1, 17)] == [8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10,
                                                                      2, 128]
    assert evaluate("8.NimProduct(8)") == 13 and evaluate("*8 NimProduct *8") == cgt.nimber(13)
    assert evaluate("3 <> 3+*") is True and result_text(evaluate("3 <> 3+*")) == "true"


# CanonicalShortGameTestCase.scala: x, Birthday, LeftStop, Mean, RightStop, Temperature
PROPERTIES = [
    ("0", "0", "0", "0", "0", "-1"), ("5", "5", "5", "5", "5", "-1"),
    ("-1823437481924", "1823437481924", "-1823437481924", "-1823437481924", "-1823437481924", "-1"),
    ("-1/2", "2", "-1/2", "-1/2", "-1/2", "-1/2"), ("25/16", "6", "25/16", "25/16", "25/16", "-1/16"),
    ("*8", "8", "0", "0", "0", "0"), ("^", "2", "0", "0", "0", "0"), ("v*", "2", "0", "0", "0", "0"),
    ("6+^*", "8", "6", "6", "6", "0"), ("^*6", "8", "0", "0", "0", "0"),
    ("73/16+v9*8", "27", "73/16", "73/16", "73/16", "0"), ("{0|*||*|||*||||*}", "5", "0", "0", "0", "0"),
    ("{0||0|v*}", "4", "0", "0", "0", "0"),
]


@pytest.mark.parametrize("row", PROPERTIES, ids=[row[0] for row in PROPERTIES])
def test_cgsuite_properties_of_canonical_short_games(row):
    x, *expected = row
    names = ["Birthday", "LeftStop", "Mean", "RightStop", "Temperature"]
    assert [result_text(evaluate(f"({x}).{name}")) for name in names] == expected


# -- comparisons and the levels of the operators ---------------------------------------------------------
@pytest.mark.parametrize(("expr", "truth"), [
    ("^ > 0", True), ("^ < 0", False), ("^ >= 0", True), ("^ <= 0", False), ("^ == ^", True), ("^ != ^", False),
    ("^ || *", True), ("^ <> *", True), ("^* || 0", True), ("^ || 0", False), ("v <| 0", True), ("* <| 0", True),
    ("^ <| 0", False), ("^ |> 0", True), ("{1|-1} >= 0", False), ("{1|-1} || 0", True), ("1/2 < 3/4", True),
    ("{1||0|-1} == {1|{0|-1}}", True), ("^.Birthday == 2", True), ("^.Incentives == ^.RightIncentives", True),
    ("^.Incentives == ^.LeftIncentives", False),
])
def test_comparisons_give_true_or_false(expr, truth):
    assert evaluate(expr) is truth


def test_the_levels_of_the_operators():
    assert evaluate("* + *:1") == cgt.up != evaluate("(* + *):1") == cgt.number(1)  # ':' binds tighter than '+'
    assert evaluate("* Heat 1 + 1") == cgt.switch(2)  # an infix call is looser than '+' (CGSuite's 4 Max 3 + 5)
    assert evaluate("-^.Pow(2)") == -cgt.power(cgt.up, 2)  # a call binds tighter than '-'
    assert evaluate("^^*2.Birthday") == cgt.parse("^^*2").birthday  # the items written together receive it
    assert evaluate("1 + ^.Birthday") == 3 and evaluate("{^.Cool(0), 1 | -1}") == cgt.parse("{1|-1}")
    assert evaluate("{3||2*|1*}.Cool(1/4).Freeze") == cgt.freeze(cgt.parse("{11/4||2|3/2}"))  # chained
    assert evaluate("{1|-1} || 0") is True and evaluate("{1||0|-1}") == cgt.parse("{1||0|-1}")  # || in braces
    assert evaluate("Tiny(^.Birthday)") == cgt.tiny(2) and evaluate("2Tiny(2)") == 2 + cgt.tiny(2)


def test_answers_are_written_as_cgsuite_writes_them():
    assert [result_text(evaluate(e)) for e in ("^ > 0", "^.Birthday", "{5|2}.Mean", "^.OutcomeClass")] == \
        ["true", "2", "7/2", "L"]
    incentives = evaluate("{0,*|v}.Incentives")
    assert result_text(incentives) == "[" + ",".join(str(g) for g in incentives) + "]"
    assert result_json(incentives) == [str(g) for g in incentives] and result_json(evaluate("^ < 0")) is False


# -- errors name the place ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("expr", "said"), [
    ("^.Frob", "at character 3, expected a method of a game (AtomicWeight, Birthday, "),
    ("^.Birthday +", "at character 13, expected a game, found the end"),
    ("{1|}.Cool(1/3)", "at character 11: cannot read '1/3'"),
    ("^.Cool", "at character 3, expected Cool with 1 argument(s), found 0"),
    ("^.Birthday(1)", "expected Birthday with 0 argument(s), found 1"),
    ("^ > 0 > 1", "at character 7, expected one comparison at a time"),
    ("^.Incentives + 1", "at character 14, expected a game, found [^*] (not a game)"),
    ("(^ > 0).Birthday", "at character 9, expected a game, found true (not a game)"),
    ("(^.Mean", "at character 8, expected ')'"),
    ("^ = 0", "at character 3"),
    ("{1|-1}.AtomicWeight", "AtomicWeight at character 8: +-1 has no atomic weight"),
    ("^ NimProduct 2", "NimProduct at character 3: the nim product takes two nimbers"),
])
def test_errors_name_the_place(expr, said):
    with pytest.raises(ExpressionError) as raised:
        evaluate(expr)
    assert said in str(raised.value) and "\n" not in str(raised.value)


def test_plain_notation_is_the_notations():
    for text in ["{1|-1} + ^*", "-1^", "2+-1", "3/4v[3]*", "+-{2|1}", "{1||0|-1}", "^<2>*"]:
        assert evaluate(text) is cgt.parse(text)
    with pytest.raises(cgt.NotationError, match="cannot read '1/0': at character 1"):
        evaluate("1/0")


# -- the command line --------------------------------------------------------------------------------------
def test_the_command_line_prints_true_false_and_numbers():
    assert run_cli("value", "--expr", "^ > 0") == (0, "true\n", "")
    assert run_cli("value", "--expr", "^ || 0") == (0, "false\n", "")
    assert run_cli("value", "--expr", "{0,*|v}.Birthday") == (0, "3\n", "")
    code, out, _ = run_cli("value", "--expr", "{3||2+*|1+*}.Cool(1/2)")
    assert code == 0 and out.splitlines()[0] == "value: {5/2|2*}"
    code, out, _ = run_cli("value", "--expr", "*2 NimProduct *3", "--json")
    assert code == 0 and json.loads(out)["result"] == "*" == json.loads(out)["value"]
    assert json.loads(run_cli("value", "--expr", "^ <| 0", "--json")[1]) == {"expr": "^ <| 0", "result": False}


def test_a_bad_name_is_one_line_and_exit_2():
    code, out, err = run_cli("value", "--expr", "^.cool(1)")  # the names are case-sensitive, as in CGSuite
    assert (code, out) == (2, "")
    assert one_error_line(err).startswith("cannot read '^.cool(1)': at character 3, expected a method of a game")


def test_json_adds_cgsuite_properties_and_the_plain_answer_stands():
    code, out, _ = run_cli("value", "--expr", "{0,*|v}", "--json")
    data = json.loads(out)
    g = cgt.parse("{0,*|v}")
    assert code == 0 and data["birthday"] == g.birthday and data["followers"]["count"] == cgt.size(g)
    assert data["reduced_canonical_form"] == str(cgt.reduced_canonical_form(g))
    assert data["incentives"] == [str(h) for h in cgt.incentives(g)] and data["companion"] == str(cgt.companion(g))
    assert sorted(data["followers"]["values"]) == sorted(str(h) for h in g.followers())
    big = run_cli("value", "--expr", "*64 + 1000", "--json")[1]
    assert json.loads(big)["followers"] == {"count": cgt.size(cgt.parse("*64 + 1000")), "values": None}


def test_an_extra_past_the_budget_is_null_and_the_answer_stands():
    from grundy.core.work import metered

    expr = "{8||4|2} + {9|||7||5|3} + {1/2|1/4} + {6||5|4}"  # its value: ~3,000 steps; its incentives: ~60,000
    cgt.clear_caches()
    with metered() as meter:
        run_cli("value", "--expr", expr)
    budget = str(meter.used + 100)  # the value's own work, and a little more
    cgt.clear_caches()
    code, out, _ = run_cli("value", "--expr", expr, "--json", "--max-states", budget)
    data = json.loads(out)
    assert code == 0 and data["value"] == str(cgt.parse(expr)) and data["incentives"] is None
    assert "--max-states" in data["not_computed"]["incentives"] and "value" not in data["not_computed"]
    cgt.clear_caches()
    code, out, _ = run_cli("value", "--expr", expr, "--max-states", budget)  # the plain answer: no extras
    assert code == 0 and out.startswith("value: ")
    assert json.loads(run_cli("value", "--expr", expr, "--json")[1])["incentives"]  # unbounded: they are there
