"""The Python API as a notebook user meets it: results that print as summaries and show as small
HTML tables, plain functions given to the general solver, counts checked rather than sliced, one
meaning of a move's ``component``, components written as the command line writes them, and
messages that name the Python settings (the command line's options only while it runs).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pytest

import grundy
from grundy.core import limits, words
from grundy.core.errors import ComponentError, GrundyError, LimitError, SpecError
from tests.helpers import one_error_line, run_cli

SOURCE = Path(grundy.__file__).parent


def count_up(n):
    """Add 1 or 2 up to 10^5: whoever says 10^5 wins (100,001 positions)."""
    return [m for m in (n + 1, n + 2) if m <= 100_000]


# -- results print as summaries ----------------------------------------------------------------------
def test_a_solution_of_100_001_states_prints_as_one_line():
    solution = grundy.solve_game(count_up, 0)
    assert solution.states == 100_001
    assert repr(solution) == "<GameSolution count_up from 0: win in 66,667 moves, 100,001 states solved>"
    html = solution._repr_html_()
    assert len(html) < 1000 and "<th>states solved</th><td>100,001</td>" in html
    assert "<th>best moves</th><td>1</td>" in html and "<th>remoteness</th><td>66667</td>" in html


def test_a_solution_shows_its_start_and_best_moves_escaped_and_cut():
    solution = grundy.solve_game(lambda n: [m for m in range(n + 1, 40) if m < 40], 0)
    html = solution._repr_html_()
    assert "<th>game</th><td>&lt;lambda&gt;</td>" in html  # escaped, never raw markup
    huge = grundy.solve_game(lambda n: [] if n else list(range(1, 50)), 0)
    assert huge.value == "win" and huge.best_moves(0) == list(range(1, 50))
    assert "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ... (49 in all)" in huge._repr_html_()
    drawn = grundy.solve_game(lambda n: [1 - n], 0)  # two positions moving to each other for ever
    assert repr(drawn) == "<GameSolution <lambda> from 0: draw, 2 states solved>"


@pytest.mark.parametrize("make", [
    lambda: grundy.solve("nim", [3, 4, 5]),
    lambda: grundy.period("kayles"),
    lambda: grundy.pattern("wythoff"),
    lambda: grundy.solve("weird-game:0110,1001"),
    lambda: grundy.solve_game("subtraction:1,3,4", [10**5]),
])
def test_every_result_has_a_short_repr_and_an_html_view(make):
    result = make()
    assert len(repr(result)) < 500, repr(result)[:200]
    html = result._repr_html_()
    assert html.startswith("<table>") and len(html) < 5000


def test_a_huge_position_still_shows_small_and_markup_is_escaped():
    # 20,000 heaps: the explanation lists every value, yet the repr and the HTML stay a screenful
    huge = grundy.solve("nim", [10**200, 3, 5] + [1] * 20_000)
    assert len(repr(huge)) < 500 and len(huge._repr_html_()) < 5000
    # kayles' proof reads 'n0 <= n < 2·n0 + p + 2': escaped, it stays text in its cell
    period = grundy.period("kayles")._repr_html_()
    assert ("for n0 &lt;= n &lt; 2·n0 + p + 2 implies it for all n &gt;= n0; checked: G(n+12) = G(n) for every "
            "71 &lt;= n &lt; 156 (= 2·n0 + p + 2, with n0 = 71, p = 12)</td>") in period
    for html in (period, grundy.pattern("kayles")._repr_html_()):
        cells = re.findall(r"<td>(.*?)</td>", html)
        assert cells and not any("<" in cell or ">" in cell for cell in cells)


@pytest.mark.parametrize("call", [
    lambda p: p.value(-2),
    lambda p: p.value(1.5),
    lambda p: p.value(True),
    lambda p: p.values_at([-1]),
    lambda p: p.values_at(np.array([2.5])),
])
def test_a_period_never_indexes_from_the_end(call):
    period = grundy.period("kayles")
    assert period.value(3) == 3 and period.values_at([3]).tolist() == [3]  # good heaps still answer
    with pytest.raises(ComponentError, match="non-negative integer"):
        call(period)


def test_a_general_game_refuses_misere_and_compound_in_python():
    for options in ({"misere": True}, {"compound": "every"}):
        with pytest.raises(GrundyError, match="misère play and compounds do not apply"):
            grundy.solve("weird-game:0110,1001", **options)


# -- the general solver takes plain functions, rulesets and specs ------------------------------------
def test_solve_game_takes_a_plain_function():
    def take_one_or_two(n):
        return [n - k for k in (1, 2) if k <= n]

    assert grundy.solve_game(take_one_or_two, 9).value == "lose"
    assert grundy.solve_game(lambda n: [n - k for k in (1, 2) if k <= n], 10).best_moves(10) == [9]


def test_solve_game_takes_a_ruleset_with_its_components_or_a_spec():
    sums = grundy.solve_game(grundy.ruleset("nim"), [1, 2, 3])
    assert sums.value == "lose" and sums.remoteness == 6
    assert grundy.solve_game("nim", "1 2 3").value == "lose"  # the command line's words
    assert grundy.solve_game("wythoff", "3,5").value == "lose"  # one component, as the command line writes it
    assert grundy.solve_game("weird-game:0111,1001").value == "win"  # the spec holds the start


def test_solve_game_says_what_it_takes():
    with pytest.raises(GrundyError, match=r"solve_game takes a game, not 5: a grundy.GeneralGame, a function"):
        grundy.solve_game(5, 0)
    with pytest.raises(GrundyError, match=r"needs the start position: grundy.solve_game\(game, start\)"):
        grundy.solve_game(count_up)
    with pytest.raises(SpecError, match=r"grundy.impartial\(function\)"):
        grundy.solve(lambda n: [n - 1], [5])


# -- counts: an error, never a silent slice ----------------------------------------------------------
BAD_COUNTS = [-2, -1, 1.5, 1e6, "10", None, True, np.float64(3.0), [3]]
RULESETS = sorted({e.examples[0].split()[0] for e in grundy.catalogue() if e.kind == "impartial"})


@pytest.mark.parametrize("spec", RULESETS)
def test_every_ruleset_refuses_a_bad_count(spec):
    rules = grundy.ruleset(spec)
    for method in ("values", "table", "value_grid"):
        for bad in BAD_COUNTS:
            with pytest.raises(GrundyError):
                getattr(rules, method)(bad)


def test_a_bad_count_is_named_with_its_call():
    with pytest.raises(GrundyError, match=re.escape("values(n) needs a whole number n >= 0, such as 10 or 10**6, "
                                                    "not -2")):
        grundy.ruleset("subtraction:1,3,4").values(-2)
    with pytest.raises(GrundyError, match=re.escape("not '10' (a str)")):
        grundy.ruleset("kayles").table("10")
    with pytest.raises(GrundyError, match=re.escape("value_grid(n) needs a whole number n >= 0")):
        grundy.ruleset("wythoff").value_grid(-1)
    with pytest.raises(GrundyError, match=re.escape("values_by(method, n) needs a whole number n >= 0")):
        grundy.ruleset("kayles").values_by("naive", -2)
    with pytest.raises(GrundyError, match="the method is 'naive' or 'sparse', not 'fast'"):
        grundy.ruleset("kayles").values_by("fast", 10)
    with pytest.raises(GrundyError, match=re.escape("grundy.period(spec, max_n) needs a whole number max_n >= 0")):
        grundy.period("kayles", max_n="100")
    with pytest.raises(GrundyError, match=re.escape("grundy.pattern(game, max_n) needs a whole number max_n >= 0")):
        grundy.pattern("kayles", max_n=1.5)
    with pytest.raises(GrundyError, match=re.escape("max_listed) needs a whole number max_listed >= 0")):
        grundy.solve("nim", [3, 4, 5], max_listed=-1)


def test_good_counts_still_work():
    assert grundy.ruleset("nim").values(np.int64(4)).tolist() == [0, 1, 2, 3]
    assert grundy.ruleset("kayles").values(0).tolist() == []
    assert grundy.ruleset("ruler").table(4).tolist() == [1, 2, 1, 4]
    assert grundy.ruleset("take-half").values(5).tolist() == [0, 1, 2, 2, 3]


@pytest.mark.parametrize("spec", ["nim", "take-half", "ruler", "mock-turtles", "turning-turtles", "kayles"])
def test_an_enormous_count_is_a_limit_not_a_hang_or_a_memory_error(spec):
    rules = grundy.ruleset(spec)
    with limits.budget(max_states=10**6), pytest.raises(LimitError):
        rules.table(10**30)
    with limits.budget(max_states=10**6, max_memory="100MB"), pytest.raises(LimitError):
        rules.table(10**9)


# -- a move's component: one meaning ----------------------------------------------------------------
def test_a_move_names_its_component_by_index_as_json_does():
    move = grundy.solve("nim", [3, 4, 5]).winning_moves[0]
    assert (move.index, move.before, move.option) == (0, 3, (1,))
    as_json = move.to_dict()
    assert as_json["component"] == move.index and as_json["from"] == move.before
    assert as_json["to"] == list(move.option)
    assert move.component == move.index == 0  # one meaning: the place in the position, as in JSON
    first = grundy.solve("nim", [6, 1, 1]).winning_moves[0]  # 6 -> 0
    assert (first.component, first.before, first.to_dict()["component"]) == (0, 6, 0)
    last = grundy.solve("nim", [5, 4, 3]).winning_moves[0]  # 5 ^ 4 ^ 3 = 2: only 3 -> 1 lowers a heap
    assert (last.component, last.before, last.to_dict()["component"]) == (2, 3, 2)


# -- components as the command line writes them ----------------------------------------------------
def test_text_components_are_read_as_the_command_line_reads_them():
    as_text = grundy.solve("wythoff", ["1,2", "4,8"])
    as_tuples = grundy.solve("wythoff", [(1, 2), (4, 8)])
    assert as_text.to_dict() == as_tuples.to_dict()
    assert grundy.solve("nim", "3 4 5").to_dict() == grundy.solve("nim", [3, 4, 5]).to_dict()
    assert grundy.ruleset("wythoff").grundy("3,5") == 0
    assert grundy.ruleset("staircase").grundy("1,2,3") == grundy.ruleset("staircase").grundy((1, 2, 3))
    assert grundy.ruleset("fibonacci-nim").validate("21,20") == (21, 20)
    assert grundy.ruleset("hackenbush").grundy("0-1,1-2") == 2
    with pytest.raises(ComponentError, match="'3' is not a component of nim: .*; in Python a number, not text"):
        grundy.ruleset("nim").grundy("3")  # a heap is a number: text there is more likely a slip


def test_a_badly_written_component_says_how_to_write_it():
    with pytest.raises(ComponentError, match=re.escape("in Python a tuple such as (3, 5), or the text '3,5'")):
        grundy.solve("wythoff", [3])
    with pytest.raises(ComponentError, match=re.escape("in Python a tuple such as (1, 2, 3), or the text '1,2,3'")):
        grundy.ruleset("staircase").grundy([1, -2])
    with pytest.raises(ComponentError, match="'3,x' is not a component of wythoff"):
        grundy.ruleset("wythoff").grundy("3,x")
    code, _, err = run_cli("solve", "wythoff", "3")  # the command line's own message is unchanged
    assert code == 2 and one_error_line(err) == ("'3' is not a component of wythoff: expected two heap sizes a,b "
                                                 "(non-negative integers)")


# -- messages name the settings their reader has ----------------------------------------------------
def test_python_messages_name_the_budget_and_the_command_line_its_options():
    with limits.budget(max_states=1000), pytest.raises(LimitError) as python:
        grundy.solve_game("kayles", [30, 30, 30])
    assert str(python.value) == ("the general solver stopped after 1,001 states (the limit is 1,000; raise it with "
                                 "max_states (grundy.budget(max_states=...)))")
    code, _, err = run_cli("solve", "kayles", "30", "30", "30", "--general", "--max-states", "1000")
    assert code == 2 and one_error_line(err) == ("the general solver stopped after 1,001 states (the limit is "
                                                 "1,000; raise it with --max-states)")
    assert not words.on_command_line()  # the command line's wording ends with it


def test_python_messages_of_tables_and_periods():
    with limits.budget(max_states=1000), pytest.raises(LimitError) as table:
        grundy.ruleset("take-half").values(5000)
    assert "more than the max_states budget of 1,000; ask for fewer values or raise max_states " \
           "(grundy.budget(max_states=...))" in str(table.value)
    assert grundy.period("octal:.16", max_n=256).reason == "raise max_n to look further"
    with pytest.raises(SpecError, match=r"grundy.catalogue\(\) shows all \d+ rulesets"):
        grundy.ruleset("nimm")
    with words.command_line(), pytest.raises(SpecError, match=r"'grundy list' shows all \d+ rulesets"):
        grundy.ruleset("nimm")


def test_budget_reads_counts_and_sizes_and_refuses_nonsense():
    with grundy.budget(max_states="2^20", max_memory="4GB") as chosen:
        assert (chosen.max_states, chosen.max_memory) == (2**20, 4 * 10**9)
    for bad in ({"max_states": -5}, {"max_states": 2.5}, {"max_memory": "lots"}, {"max_stats": 10}):
        with pytest.raises(GrundyError), grundy.budget(**bad):
            pass


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings, with their lines (f-string parts too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    # the command line's own loader of --rules files, the table of knobs, and the web's tables that find
    # the command line's advice in a message to say it as the web does
    skipped = set()
    tables = {"_KNOBS"}
    for node in ast.walk(tree):
        if (isinstance(node, ast.FunctionDef) and node.name == "load_rules") or (
                isinstance(node, ast.Assign) and any(getattr(t, "id", "") in tables for t in node.targets)):
            skipped |= {id(n) for n in ast.walk(node)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings and id(node) not in skipped]


def command_line_options_in_messages(root: Path) -> list[str]:
    """Every string outside the command line's own modules that names one of its options."""
    option = re.compile(r"(?<![\w-])--[a-z][a-z-]+")
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root).parts[0] in ("cli", "problems"):
            continue
        found += [f"{path.relative_to(root)}:{line}: {text}" for line, text in _strings(path) if option.search(text)]
    return found


def test_no_message_outside_the_command_line_names_its_options_but_through_knob():
    assert command_line_options_in_messages(SOURCE) == []
