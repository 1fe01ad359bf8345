"""Loopy partizan values as users see them (grundy.cgt.loopy.value, .text, .parse; ``grundy value --expr``):
CGSuite's own fixtures (CanonicalStopperTestCase, SidedValueTestCase, the loopy-games tutorial) printed
as CGSuite prints them, their stops, degrees, varieties and outcomes, the values read back from their
text (random stoppers too), errors in one line, and the command line's JSON."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from grundy import cgt
from grundy.cgt.expression import ExpressionError, evaluate, result_text
from grundy.cgt.loopy import LoopyGraph, NotStopperSided, from_canonical, loopy_value
from grundy.cgt.loopy.value import CanonicalStopper, SidedValue
from tests.helpers import one_error_line, run_cli

# CGSuite's CanonicalStopperTestCase.scala: input, printed form, LeftStop, RightStop, Degree
STOPPERS = [
    ("{pass|}", "on", "on", "on", "on"),
    ("{|pass}", "off", "off", "off", "on"),
    ("{0|pass}", "over", "0", "0", "over"),
    ("{pass|3/2}", "3/2under", "3/2", "3/2", "over"),
    ("{-1/4+*|pass}", "-1/4v[on]", "-1/4", "-1/4", "^<on>"),
    ("{0|{0||0|0,pass}||-{0||0|0,pass}}", "{0|^<on>||v<on>}", "0", "0", "^<on>"),
    ("{0|||0||0|{|pass}}", "{0|Tiny(on)}", "0", "0", "{0||||0|||Miny(on)|0||off}"),
    ("{{pass|}|0||0}", "Miny(on)", "0", "0", "Tiny(on)"),
    ("{0|||0||pass|0}", "Tiny(over)", "0", "0", "Tiny(over)"),
    ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}", "0", "0", None),
]
# the Variety column (the {0|Tiny(on)} row: "Degree must be an idempotent")
VARIETIES = [("{pass|}", "on"), ("{|pass}", "off"), ("{0|pass}", "over"), ("{pass|3/2}", "under"),
             ("{-1/4+*|pass}", "^<on>"), ("{{pass|}|0||0}", "Miny(on)"), ("{0|||0||pass|0}", "Tiny(over)")]
# the long row of the table: read with -1+*, printed with -1*
LONG = "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}"


@pytest.mark.parametrize(("text", "printed", "left", "right", "degree"), STOPPERS)
def test_cgsuite_stoppers_print_stop_and_have_their_degree(text, printed, left, right, degree):
    g = evaluate(text)
    assert isinstance(g, CanonicalStopper) and g.is_stopper
    assert (str(g), str(g.left_stop), str(g.right_stop)) == (printed, left, right)
    if degree is not None:
        assert str(g.degree) == degree == result_text(evaluate(f"({text}).Degree"))
    assert evaluate(printed) == g  # the printed form reads back as the same value


def test_the_long_row_prints_its_star_parts_as_cgsuite():
    g = evaluate(LONG)
    assert str(g) == LONG.replace("-1+*", "-1*") and (g.left_stop, g.right_stop) == (0, 0)


@pytest.mark.parametrize(("text", "variety"), VARIETIES)
def test_cgsuite_varieties(text, variety):
    assert str(evaluate(text).variety) == variety


def test_degrees_and_varieties_with_named_positions_and_several_loopy_options():
    g = evaluate("a{0||||0|||a|*||*}")
    assert (str(g.degree), str(g.variety)) == ("{0|a{0|0,{0|||a|0||0}}}", "{a{0,{0||0|a|||0}|0}|0}")
    assert str(evaluate("{0|^<on>||v<on>}").variety) == "{^[on]*,^<on>||v<on>|0}"
    assert evaluate(LONG).is_idempotent  # its degree is itself (CGSuite; slow here: see the report)


def test_cgscript_upsums_and_sided_sums():
    # CgscriptTest.scala: upon.Downsum(^.Pow(on)), upon.Upsum(^.Pow(on)); its commented-out ^.Pow(on) + {0|upon}
    assert (str(evaluate("upon.Downsum(^<on>)")), str(evaluate("upon.Upsum(^<on>)"))) == ("^[on]", "{0|^<on>*}")
    g = evaluate("^<on> + {0|upon}")
    assert (str(g), g.outcome) == ("{0||0|^<on>*} & {0|^[on]}", "L")
    assert str(evaluate("upon - upon")) == "^<on> & v<on>"
    btf = evaluate("{on||0|-1/2} & {1/2|0||off}")  # BackslidingToadsAndFrogs("ttt..fff") in CGSuite's tests
    assert (str(btf), btf.outcome) == ("{on||0|-1/2} & {1/2|0||off}", "D")


def test_a_variety_needs_an_idempotent_degree():
    with pytest.raises(ExpressionError, match="Variety degree must be an idempotent"):
        evaluate("{0|||0||0|{|pass}}.Variety")


def test_constants_and_upon_forms():
    assert [str(evaluate(t)) for t in ("on", "off", "over", "under", "dud", "upon", "-upon", "{pass,0|0}")] == \
        ["on", "off", "over", "under", "dud", "^[on]", "v[on]", "^[on]*"]
    assert evaluate("upon") == evaluate("{pass|*}") == evaluate("^[on]") and evaluate("a{0|a}") == evaluate("over")
    assert [str(evaluate(t)) for t in ("Tiny(on)", "Miny(on)", "Tiny(over)", "2 + over", "1 + {pass|0}")] == \
        ["Tiny(on)", "Miny(on)", "Tiny(over)", "2over", "1under"]
    on, over, up, under, off = (evaluate(t) for t in ("on", "over", "^", "under", "off"))
    assert on > over > up > 0 > under > off and evaluate("over > ^") is True and evaluate("^ > over") is False


# CGSuite's SidedValueTestCase.scala: input, printed form, onside, offside, outcome
SIDED = [("dud", "dud", "on", "off", "D"), ("a{{|a}|}", "1 & 0", "1", "0", "PHat"),
         ("{0|{dud|},*}", "^ & v*", "^", "v*", "NHat")]


@pytest.mark.parametrize(("text", "printed", "onside", "offside", "outcome"), SIDED)
def test_cgsuite_sided_values(text, printed, onside, offside, outcome):
    g = evaluate(text)
    assert isinstance(g, SidedValue) and not g.is_stopper
    assert (str(g), str(g.onside), str(g.offside), g.outcome) == (printed, onside, offside, outcome)
    assert result_text(evaluate(f"({text}).Onside")) == onside and evaluate(f"({text}).OutcomeClass") == outcome
    assert evaluate(printed) == g


def test_the_tutorials_sums():
    assert str(evaluate("on + off")) == "dud" and str(evaluate("over - over")) == "over & under"
    assert evaluate("(over & v) + 1 + *") == evaluate("(1*over) & (1v*)")
    assert evaluate("over.Upsum(under)") == evaluate("over") and evaluate("over.Downsum(under)") == evaluate("under")


def test_sided_order_and_negation():
    a, b = evaluate("1 & 0"), evaluate("2 & 0")
    assert a <= b and not b <= a and -a == evaluate("0 & -1") and evaluate("1 & 0 < 2 & 0") is True
    assert evaluate("dud <> 0") is True and evaluate("(1 & 0).IsStopper") is False


def test_stopper_outcomes_and_idempotents():
    assert [evaluate(t).outcome for t in ("on", "off", "over", "upon + *", "Tiny(on)")] == ["L", "R", "L", "N", "L"]
    assert evaluate("on.IsIdempotent") and evaluate("over.IsIdempotent") and not evaluate("(3/2under).IsIdempotent")


# -- read back what is printed ----------------------------------------------------------------------------
SHORT = [cgt.parse(t) for t in ("0", "*", "1", "-1", "1/2", "^")]


@st.composite
def loopy_graphs(draw):
    """A graph of 1-3 loopy positions over the short games SHORT (options anywhere, passes allowed)."""
    n = draw(st.integers(1, 3))
    leaves = [from_canonical(g) for g in SHORT]
    offsets = [n]
    for leaf in leaves[:-1]:
        offsets.append(offsets[-1] + len(leaf))
    targets = st.one_of(st.sampled_from(range(n)), st.sampled_from(offsets))  # half of them loopy
    left, right = [], []
    for _ in range(n):
        left.append(tuple(sorted(set(draw(st.lists(targets, max_size=2))))))
        right.append(tuple(sorted(set(draw(st.lists(targets, max_size=2))))))
    for leaf, offset in zip(leaves, offsets, strict=True):
        left += [tuple(w + offset for w in t) for t in leaf.left]
        right += [tuple(w + offset for w in t) for t in leaf.right]
    return LoopyGraph(tuple(left), tuple(right), 0)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(loopy_graphs())
def test_a_stopper_reads_back_from_its_text(graph):
    assume(graph.is_stopper())
    g = loopy_value(graph)
    assert evaluate(str(g)) == g


@settings(max_examples=80, deadline=None)
@given(loopy_graphs())
def test_any_stopper_sided_value_reads_back_from_its_text(graph):
    try:
        g = loopy_value(graph)
    except NotStopperSided:
        return
    assert evaluate(str(g)) == g and (" & " in str(g) or str(g) == "dud") == isinstance(g, SidedValue)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(loopy_graphs(), st.randoms(use_true_random=False))
def test_the_text_does_not_depend_on_the_numbering(graph, rng):
    assume(graph.is_stopper())
    n = len(graph)
    order = list(range(1, n))
    rng.shuffle(order)
    new = {old: i for i, old in enumerate([0, *order])}
    back = {i: old for old, i in new.items()}
    renumbered = LoopyGraph(tuple(tuple(new[w] for w in graph.left[back[i]]) for i in range(n)),
                            tuple(tuple(new[w] for w in graph.right[back[i]]) for i in range(n)), 0)
    assert str(loopy_value(renumbered)) == str(loopy_value(graph))


# -- errors and the command line ------------------------------------------------------------------------
BACH = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"  # Bach's Carousel: its sides are not stoppers


@pytest.mark.parametrize(("expr", "words"), [
    ("a{0|b}", "unknown name 'b'"),
    ("1 & 2", "offside is not <= onside"),
    (BACH, "stopper"),
    ("pass", "pass is an option inside braces"),
    ("{0|pass", "matching '}'"),
    ("over.Heat(1)", "a method of a loopy game"),
])
def test_errors_are_one_line(expr, words):
    code, out, err = run_cli("value", "--expr", expr)
    assert code == 2 and out == "" and words in one_error_line(err)


def test_the_command_line_json_of_a_loopy_value():
    code, out, _ = run_cli("value", "--expr", "a{{|a}|}", "--json")
    data = json.loads(out)
    assert code == 0 and data["result"] == data["value"] == "1 & 0"
    assert {k: data[k] for k in ("outcome", "onside", "offside", "left_stop", "right_stop", "degree", "is_stopper")} \
        == {"outcome": "PHat", "onside": "1", "offside": "0", "left_stop": "1", "right_stop": "0", "degree": None,
            "is_stopper": False}
    assert data["mean"] is None and data["temperature"] is None and "incentives" not in data
    data = json.loads(run_cli("value", "--expr", "{pass|3/2}", "--json")[1])
    assert (data["value"], data["degree"], data["is_stopper"], data["outcome"]) == ("3/2under", "over", True, "L")
    assert json.loads(run_cli("value", "--expr", "over.LeftStop", "--json")[1])["result"] == "0"


def test_the_command_line_text_of_a_stopper():
    code, out, _ = run_cli("value", "--expr", "{2over|1}")
    assert code == 0 and "{2over|1}" in out and "left stop 2, right stop 1" in out


def test_the_command_line_text_of_loopy_values():
    assert "^[on]" in run_cli("value", "--expr", "upon")[1]
    code, out, err = run_cli("value", "--expr", "dud")
    assert code == 0 and "dud" in out and "D: a draw" in out and err == ""


def test_an_option_written_as_a_short_value_name_reads():
    # found by hypothesis: the stopper printed '{0,pass|v}' (v: down) did not read back, 'v' taken for a name
    assert str(evaluate("{0,pass|v}")) == "{0,pass|v}"
    assert evaluate(str(evaluate("{0,pass|v}"))) == evaluate("{0,pass|v}")
    with pytest.raises(ExpressionError, match="unknown name 'w'"):
        evaluate("{pass|w}")
