"""The whole contract of the command line, command by command (README, DESIGN "Contracts").

Every command of the click group :data:`grundy.cli.main.cli` is listed in :data:`CONTRACT` with good
command lines (exit 0; the exact set of top-level JSON keys where the command prints JSON) and bad
ones (exit 2 and one line ``grundy: error: ...``, no traceback). A command added to the CLI without
an entry here fails :func:`test_every_command_is_in_the_contract`. Everything runs in process, with
click's ``CliRunner`` swapping the streams, through the real entry point :func:`grundy.cli.main.run`.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from grundy.cli.main import cli
from tests.helpers import one_error_line, run_cli

ROOT = Path(__file__).resolve().parents[1]
RULES = f"{ROOT / 'examples' / 'rules' / 'take_or_halve.py'}:moves"
BRAVE_GAME = ROOT / "tests" / "data" / "hdu1846_solution.py"  # a right answer to HDU 1846, for --check

# -- the top-level keys of every JSON answer, as they are today ---------------------------------------
SOLVE = {"spec", "components", "component_values", "grundy", "outcome", "misere", "winning_moves",
         "winning_move_count", "winning_moves_truncated", "explanation"}
GENERAL = {"value", "remoteness", "states", "best_moves", "moves"}  # solve of a general-solver game
TABLE = {"spec", "n", "first", "values", "pattern", "rule"}
TABLE_NO_RULE = {"spec", "n", "first", "values", "pattern"}  # no rule found in the values
TABLE_SHORT = {"spec", "n", "first", "values"}  # fewer than 8 values (no period) and no rule, or a grid without one
PATTERN = {"spec", "found", "kind", "rule", "proved", "reason", "checked_up_to", "self_check"}
PERIOD = {"spec", "preperiod", "period", "saltus", "proved", "reason", "values_computed", "max_value",
          "p_positions"}
LIST_ENTRY = {"name", "kind", "family", "component", "example", "aliases", "forms"}  # each element of the list
PROBLEM_ENTRY = {"name", "source", "title", "rule", "topic"}  # each element of 'problem --list --json'
CHECK = {"problem", "passed", "failure", "sizes"}
EXPLAIN = {"problem", "name", "source", "title", "rule", "statement", "input_format", "output_format", "limits",
           "theory", "samples"}
SAMPLE = {"problem", "samples"}
EVERY_SG = SOLVE | {"compound", "steps"}  # solve --compound every
LOOPY = SOLVE | {"loopy_values", "drawing_moves"}  # solve of a game whose moves cycle (Smith's values)
VALUE = {"value", "outcome", "left_stop", "right_stop", "mean", "temperature",  # grundy value --json
         "reduced_canonical_form", "birthday", "incentives", "companion", "followers"}
MISERE = {"value", "outcome", "winner", "genus", "misere_grundy", "grundy", "birthday"}  # grundy value --misere
MISERE_QUOTIENT = {"spec", "max_heap", "genus", "quotient"}  # grundy misere --json
THERMOGRAPH = {"value", "mean", "temperature", "left_wall", "right_wall"}  # grundy thermograph --json
TURN = {"turn", "played", "position", "to_move", "value", "remoteness", "over"}  # each turn of play --json


@dataclass(frozen=True)
class Good:
    """A command line that answers: exit 0, nothing on stderr. ``keys``: the exact top-level keys
    of its one line of JSON (of each element when ``each``; of each of its ``lines`` lines of JSON,
    the last one with ``winner`` too, when ``lines``); ``out``: its exact stdout, else its last line."""

    argv: tuple[str, ...]
    keys: set[str] | None = None
    each: bool = False
    stdin: str = ""
    out: str | None = None
    last_line: str | None = None
    lines: int = 0


@dataclass(frozen=True)
class Command:
    json: bool  # the command has a --json option
    good: list[Good]
    bad: list[tuple[str, ...]] = field(default_factory=list)


CONTRACT: dict[str, Command] = {
    "solve": Command(json=True, good=[
        Good(("solve", "nim", "3", "4", "5", "--json"), SOLVE),
        Good(("solve", "kayles", "10", "7", "--misere", "--json"), SOLVE),
        Good(("solve", "wythoff", "3,5", "4,7", "--json"), SOLVE),
        Good(("solve", "--rules", RULES, "12", "30", "--json"), SOLVE),
        Good(("solve", "weird-game:0110,1001", "--json"), GENERAL),
        Good(("solve", "nim", "2", "3", "--general", "--json"), GENERAL),
        Good(("solve", "nim", "3", "4", "--compound", "every", "--json"), EVERY_SG),
        Good(("solve", "digraph:1-2,2-1,2-5,3-3,3-5,4-3", "3", "2", "--json"), LOOPY),
    ], bad=[
        ("solve", "nimble", "3", "--json"),
        ("solve", "nim", "-3", "--json"),
        ("solve", "weird-game:0110", "--json"),
        ("solve", "weird-game:0110,1001", "3", "--json"),
        ("solve", "nim", "3", "--frobnicate"),
        ("solve", "nim", "3", "--misre"),
        ("solve", "nim", "--", "--misere"),
        ("solve", "digraph:1-2,2-1,2-5,3-3,3-5,4-3", "3", "--misere", "--json"),
        ("solve",),
    ]),
    "table": Command(json=True, good=[
        Good(("table", "kayles", "--n", "20", "--json"), TABLE),
        Good(("table", "kayles", "--n", "5", "--json"), TABLE_SHORT | {"rule"}),
        Good(("table", "wythoff", "--n", "3", "--json"), TABLE_SHORT | {"rule"}),
        Good(("table", "hyper-knights", "--n", "3", "--json"), TABLE_SHORT),
        Good(("table", "subtraction:fib", "--n", "20", "--json"), TABLE_NO_RULE),
        Good(("table", "--rules", RULES, "--n", "12", "--json"), TABLE),
    ], bad=[
        ("table", "nim", "--n", "0", "--json"),
        ("table", "octal:0.8", "--json"),
        ("table", "weird-game:0110,1001", "--json"),
    ]),
    "period": Command(json=True, good=[
        Good(("period", "kayles", "--json"), PERIOD),
        Good(("period", "subtraction:2,5,6", "--max", "64", "--json"), PERIOD),
        Good(("period", "--rules", RULES, "--max", "64", "--json"), PERIOD),
    ], bad=[
        ("period", "kayles", "--max", "3", "--json"),
        ("period", "nimm", "--json"),
    ]),
    "pattern": Command(json=True, good=[
        Good(("pattern", "kayles", "--json"), PATTERN),
        Good(("pattern", "wythoff", "--at", "10**30,10**30", "--json"), PATTERN | {"predictions"}),
        Good(("pattern", "--rules", RULES, "--max", "256", "--json"), PATTERN),
        Good(("pattern", "--values", "0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2", "--json"), PATTERN),
        Good(("pattern", "subtraction:1,3,4", "--at", "10**30"),
             last_line="  10**30: G = 1, N (the player to move wins)"),
    ], bad=[
        ("pattern", "nimm", "--json"),
        ("pattern", "--values", "", "--json"),
        ("pattern", "moore:2", "--json"),
        ("pattern", "--json"),
    ]),
    "list": Command(json=True, good=[
        Good(("list", "--json"), LIST_ENTRY, each=True),
        Good(("list",)),
        Good(("list", "kayles", "--json"), LIST_ENTRY, each=True),
    ], bad=[
        ("list", "--frobnicate"),
        ("list", "no-such-word"),
    ]),
    "problem": Command(json=True, good=[
        Good(("problem", "--list", "--json"), PROBLEM_ENTRY, each=True),
        Good(("problem", "hdu1846", "--check", f"{sys.executable} {BRAVE_GAME}", "--cases", "3", "--json"), CHECK),
        Good(("problem", "hdu1846"), stdin="2\n23 2\n4 3\n", out="first\nsecond\n"),  # its own output
        Good(("problem", "hdu1846", "--explain", "--json"), EXPLAIN),
        Good(("problem", "hdu1846", "--sample", "--json"), SAMPLE),
    ], bad=[
        ("problem", "nosuch"),
        ("problem", "hdu1846", "--check", ""),
        ("problem", "hdu1846", "--check", "cat", "--timeout", "nan", "--json"),
    ]),
    "misere": Command(json=True, good=[
        Good(("misere", "kayles", "--max-heap", "6", "--json"), MISERE_QUOTIENT),
        Good(("misere", "nim", "--max-heap", "2", "--outcome", "1,1", "--json"), MISERE_QUOTIENT | {"outcomes"}),
    ], bad=[("misere",), ("misere", "wythoff", "--max-heap", "5"), ("misere", "kayles", "--max-heap", "-1"),
            ("misere", "kayles", "--max-heap", "5", "--outcome", "1,x")]),
    "sweep": Command(json=True, good=[], bad=[  # sweeps that run (and their --json) are tested in test_sweep.py
        ("sweep",),
        ("sweep", "octal"),
        ("sweep", "octal", "--digits", "9"),
    ]),
    "value": Command(json=True, good=[
        Good(("value", "domineering", "..|..", "--json"), VALUE),
        Good(("value", "--expr", "^*", "--json"), VALUE | {"atomic_weight", "expr", "result"}),
        Good(("value", "--expr", "^ > 0", "--json"), {"expr", "result"}),
        Good(("value", "--misere", "kayles", "3", "--json"), MISERE),
        Good(("value", "cutcake", "1,3", "2,1", "--for", "left", "--json"), VALUE | {"moves"}),
    ], bad=[
        ("value",),
        ("value", "domineering", "..|.", "--json"),
        ("value", "--expr", "{1|", "--json"),
        ("value", "nosuch", "x"),
    ]),
    "thermograph": Command(json=True, good=[  # the drawing is tested in test_cgt_values.py
        Good(("thermograph", "cutcake", "2,3", "--json"), THERMOGRAPH),
        Good(("thermograph", "--", "cutcake", "1,1"),
             out="value 0: mean 0, temperature -1\nleft wall (t, value): (0, 0)\n"
                 "right wall (t, value): (0, 0)\nmast: value 0 for t >= 0\n"),
    ], bad=[
        ("thermograph", "cutcake"),
        ("thermograph", "cutcake", "2,3", "--png", "/no/such/folder/t.png", "--json"),
        ("thermograph", "nosuch", "2,3"),
    ]),
    "serve": Command(json=False, good=[], bad=[  # a server that answers is tested in test_web_api.py
        ("serve", "--port", "70000"),
        ("serve", "--frobnicate"),
    ]),
    "play": Command(json=True, good=[
        Good(("play", "nim", "1", "--first", "computer", "--json"), TURN, lines=2),
        Good(("play", "nim", "2", "--first", "human", "--json"), TURN, stdin="1 0\n", lines=2),
        Good(("play", "nim", "1", "--first", "computer"),
             stdin="quit\n", last_line="bye"),
        Good(("play", "weird-game:0110,1001", "--first", "computer"), stdin="quit\n", last_line="bye"),
    ], bad=[
        ("play", "nim", "-1"),
        ("play", "nim", "3", "--first", "nobody"),
        ("play", "nim", "3", "--json"),  # --json asks nothing: --first is needed
        ("play", "nim", "3", "--frist", "human"),
        ("play",),
    ]),
}


def check_commands(contract: dict[str, Command]) -> None:
    assert set(cli.commands) == set(contract), "a command of the CLI is missing from CONTRACT, or gone"


def check_good(good: Good) -> None:
    code, out, err = run_cli(*good.argv, stdin=good.stdin)
    assert (code, err) == (0, ""), (code, err[-2000:])
    if good.keys is not None and good.lines:
        turns = [json.loads(line) for line in out.splitlines()]
        assert len(turns) == good.lines
        assert [set(turn) for turn in turns] == [good.keys] * (good.lines - 1) + [good.keys | {"winner"}]
    elif good.keys is not None:
        assert out.endswith("\n") and out.count("\n") == 1, out[:500]  # one line of JSON
        data = json.loads(out)
        if good.each:
            assert isinstance(data, list) and data
            assert all(set(item) == good.keys for item in data)
        else:
            assert isinstance(data, dict) and set(data) == good.keys
    if good.out is not None:
        assert out == good.out
    if good.last_line is not None:
        assert out.splitlines()[-1] == good.last_line


def check_bad(argv: tuple[str, ...]) -> None:
    code, out, err = run_cli(*argv)
    assert code == 2, (code, out[:300], err[:300])
    assert out == ""
    assert one_error_line(err)


def test_every_command_is_in_the_contract():
    check_commands(CONTRACT)


@pytest.mark.parametrize("name", sorted(CONTRACT))
def test_json_option_is_where_the_contract_says(name):
    options = {opt for param in cli.commands[name].params for opt in getattr(param, "opts", [])}
    assert ("--json" in options) == CONTRACT[name].json


GOOD = [good for command in CONTRACT.values() for good in command.good]
BAD = [argv for command in CONTRACT.values() for argv in command.bad]


@pytest.mark.parametrize("good", GOOD, ids=[" ".join(g.argv)[:70] for g in GOOD])
def test_good_input_answers_with_the_contract_keys(good):
    check_good(good)


@pytest.mark.parametrize("argv", BAD, ids=[" ".join(a)[:70] for a in BAD])
def test_bad_input_is_one_error_line_and_exit_2(argv):
    check_bad(argv)


@pytest.mark.parametrize("name", sorted(CONTRACT))
def test_help_of_every_command(name):
    for flag in ("--help", "-h"):
        code, out, err = run_cli(name, flag)
        assert (code, err) == (0, "")
        assert out.startswith(f"Usage: grundy {name} ")


def test_top_level_help_lists_every_command():
    code, out, err = run_cli("--help")
    assert (code, err) == (0, "")
    listed = re.findall(r"^  (\S+)  ", out.split("Commands:")[1], flags=re.MULTILINE)
    assert set(listed) == set(CONTRACT)
    assert run_cli("--version") == (0, "grundy, version 0.1.0\n", "")


@pytest.mark.parametrize("check, case", [
    (check_commands, {name: c for name, c in CONTRACT.items() if name != "play"}),  # a command not listed
    (check_good, Good(("solve", "nim", "3", "--json"), SOLVE - {"explanation"})),  # a key not listed
    (check_good, Good(("solve", "nim", "3", "--json"), SOLVE | {"why"})),  # a key that is not there
    (check_good, Good(("solve", "nim", "-3", "--json"), SOLVE)),  # exit 2
    (check_good, Good(("list", "--json"), PROBLEM_ENTRY, each=True)),
    (check_good, Good(("problem", "hdu1846"), stdin="1\n4 3\n", out="first\n")),  # 4 = m + 1: second
    (check_bad, ("solve", "nim", "3")),  # exit 0
    (check_bad, ("problem", "hdu1846", "--check", "cat", "--cases", "1")),  # exit 1: a wrong answer
], ids=["unlisted command", "unlisted key", "missing key", "exit 2", "other keys", "wrong output",
        "exit 0", "exit 1"])
def test_the_contract_checks_can_fail(check, case):
    with pytest.raises(AssertionError):
        check(case)
