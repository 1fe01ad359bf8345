"""One door, one answer: every example of the catalogue asked through the command line (``--json``),
the Python API and the web API gives the same answer.

The answers compared are what a user reads: the outcome, the Grundy value and the component values,
the number of winning moves (impartial sums); the value and remoteness (games of the general
solver); the canonical value and its outcome (partizan and impartial positions alike, through
``grundy value``); a table's first values and its period. The first test proves the comparison
can fail.
"""

from __future__ import annotations

import functools
import json
import operator
import shlex
from typing import Any

import pytest
from starlette.testclient import TestClient

import grundy
from grundy import cgt
from grundy.partizan.values import value as partizan_value
from grundy.service.resolve import require
from grundy.web.app import create_app
from tests.helpers import run_cli

ENTRIES = grundy.catalogue()
EXAMPLES = [(e.kind, example) for e in ENTRIES for example in e.examples]
HEAP_TABLES = [e.examples[0].split()[0] for e in ENTRIES
               if e.kind == "impartial" and grundy.ruleset(e.examples[0].split()[0]).shape.name == "HEAP"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def cli_json(*argv: str) -> Any:
    code, out, err = run_cli(*argv, "--json")
    assert code == 0, (argv, err)
    return json.loads(out)


def web_json(client: TestClient, path: str, **params: str) -> Any:
    response = client.get(path, params=params)
    assert response.status_code == 200, (path, params, response.text)
    return response.json()


def solve_answer(data: dict[str, Any]) -> tuple:
    """What a user reads of a solve: for a sum, outcome, value, component values and the count of
    winning moves; for a game of the general solver, its value and remoteness."""
    if "outcome" in data:
        return data["outcome"], data["grundy"], data.get("values"), data["winning_move_count"]
    return data["value"], data["remoteness"]


def api_solve(kind: str, spec: str, tokens: list[str]) -> dict[str, Any]:
    if kind == "general":
        solution = grundy.solve(spec)
        return {"value": solution.value, "remoteness": solution.remoteness}
    return grundy.solve(spec, " ".join(tokens)).to_dict()


def test_the_comparison_can_fail(client):
    nim = solve_answer(cli_json("solve", "nim", "3", "4", "5"))
    other = solve_answer(web_json(client, "/api/solve", spec="nim", position="3 4 6"))
    assert nim != other
    assert solve_answer(api_solve("impartial", "nim", ["3", "4", "5"])) == nim


@pytest.mark.parametrize(("kind", "example"), [x for x in EXAMPLES if x[0] != "partizan"],
                         ids=[x[1] for x in EXAMPLES if x[0] != "partizan"])
def test_solve_is_one_answer_at_every_door(client, kind, example):
    spec, *tokens = shlex.split(example)
    by_cli = solve_answer(cli_json("solve", spec, *tokens))
    by_api = solve_answer(api_solve(kind, spec, tokens))
    by_web = solve_answer(web_json(client, "/api/solve", spec=spec, position=" ".join(tokens)))
    assert by_cli == by_api == by_web
    if kind == "impartial" and grundy.ruleset(spec).closed_form == "values":
        assert by_cli[1] is not None, f"{example}: the Grundy value the theory gives is shown"


@pytest.mark.parametrize(("kind", "example"), [x for x in EXAMPLES if x[0] != "general"],
                         ids=[x[1] for x in EXAMPLES if x[0] != "general"])
def test_value_is_one_answer_at_every_door(client, kind, example):
    spec, *tokens = shlex.split(example)
    by_cli = cli_json("value", spec, *tokens)
    by_web = web_json(client, "/api/value", spec=spec, position=" ".join(tokens))
    game = grundy.ruleset(spec)
    if kind == "partizan":
        found = partizan_value(game, [game.parse_component(t) for t in tokens])
    elif game.loopy:  # Smith's value of a sum that can cycle: a nimber when finite, else ∞K
        from grundy.core.loopy import loopy_sum

        total = loopy_sum(game.loopy_value(game.parse_component(t)) for t in tokens)
        found = total if total.infinite else cgt.nimber(total.finite)
    else:  # an impartial position's canonical value is the nimber of its Grundy value (the xor of its parts')
        found = cgt.nimber(functools.reduce(operator.xor, (game.grundy(game.parse_component(t)) for t in tokens), 0))
    assert (by_cli["value"], by_cli["outcome"]) == (by_web["value"], by_web["outcome"]) == (str(found), found.outcome)


@pytest.mark.parametrize("expr", ["^ > 0", "{2|-1} <= 0", "{3||2+*|1+*}.Cool(1/2)", "*2 NimProduct *3", "^.Birthday",
                                  "{0,*|v}.Incentives", "* + *:1", "{3|1}.Heat(1).Freeze"])
def test_an_expression_is_one_answer_at_every_door(client, expr):
    from grundy.cgt.expression import result_json

    by_cli = cli_json("value", "--expr", expr)
    by_web = web_json(client, "/api/value", expr=expr)
    assert by_cli == by_web and by_cli["result"] == result_json(cgt.evaluate(expr))


@pytest.mark.parametrize("spec, tokens", [("nim", ["1", "1"]), ("nim", ["2", "2"]), ("kayles", ["5"]),
                                          ("octal:0.07", ["4", "6"]), ("subtraction:1,2", ["3", "5"])])
def test_a_misere_form_is_one_answer_at_every_door(client, spec, tokens):
    from grundy.cgt import misere

    by_cli = cli_json("value", "--misere", spec, *tokens)
    by_web = web_json(client, "/api/value", spec=spec, position=" ".join(tokens), misere="1")
    game = grundy.ruleset(spec)

    def form(component):  # the misère canonical form from the ruleset's moves, a component at a time
        options = game.options(component)
        return misere.from_options([misere.total([form(part) for part in option]) for option in options])

    @functools.cache
    def to_move_wins(position: tuple) -> bool:  # misère play by the definition: no move left is a win
        moves = [tuple(sorted(position[:i] + tuple(option) + position[i + 1:], key=repr))
                 for i, part in enumerate(position) for option in game.options(part)]
        return not moves or any(not to_move_wins(after) for after in moves)

    components = tuple(game.parse_component(t) for t in tokens)
    found = misere.total([form(part) for part in components])
    assert by_cli == by_web and by_cli["value"] == str(found)
    assert by_cli["outcome"] == found.outcome == ("N" if to_move_wins(components) else "P")


@pytest.mark.parametrize("spec, max_heap, sums", [
    ("kayles", 10, [[1, 4, 6], [2, 2], [3, 5, 7, 10]]), ("octal:.07", 14, [[4, 7, 9], [2, 3], [14, 14, 5]]),
    ("subtraction:1,3,4", 9, [[7, 9, 5], [2, 2, 6]]),
])
def test_a_misere_quotient_is_one_answer_at_every_door(client, monkeypatch, spec, max_heap, sums):
    """``grundy misere --json``, ``/api/misere``, ``grundy.misere_quotient`` and ``solve --misere`` (made to
    answer by the quotient) give the same quotient and outcomes, and a plain misère search agrees."""
    from grundy.core import by_quotient
    from grundy.core.search import PositionSearch

    asked = [",".join(map(str, heaps)) for heaps in sums]
    by_cli = cli_json("misere", spec, "--max-heap", str(max_heap), *[f"--outcome={a}" for a in asked])
    response = client.get("/api/misere", params={"spec": spec, "max_heap": str(max_heap), "outcome": asked})
    assert response.status_code == 200, response.text
    assert by_cli == response.json()
    q = grundy.misere_quotient(spec, max_heap)
    assert by_cli["quotient"] == q.to_dict()["quotient"]
    monkeypatch.setattr(by_quotient, "SMALL_SEARCH", 1)
    search = PositionSearch(grundy.ruleset(spec), misere=True)
    for heaps, answer in zip(sums, by_cli["outcomes"], strict=True):
        solved = grundy.solve(spec, heaps, misere=True)
        assert "misère quotient" in solved.explanation
        assert answer["outcome"] == q.outcome(heaps) == solved.outcome == search.outcome(heaps), heaps


def test_a_general_game_has_no_value_at_any_door(client):
    spec = "weird-game:0110,1001"
    code, _, err = run_cli("value", spec, "x")
    response = client.get("/api/value", params={"spec": spec, "position": "x"})
    with pytest.raises(grundy.GrundyError) as raised:
        require(spec, "value")
    assert code == 2 and response.status_code == 400
    assert "game of the general solver" in err and "game of the general solver" in response.json()["error"]
    assert "game of the general solver" in str(raised.value)


@pytest.mark.parametrize("spec", HEAP_TABLES[::3])
def test_table_and_period_are_one_answer_at_every_door(client, spec):
    by_cli = cli_json("table", spec, "--max", "40")
    by_web = web_json(client, "/api/table", spec=spec, n="40")
    by_api = grundy.ruleset(spec)
    first = by_api.first
    assert by_cli["values"] == by_web["values"] == [int(by_api.grundy(first + i)) for i in range(40)]
    # the period found is one answer; how to look further is said in each door's words
    assert without_reason(by_cli.get("pattern")) == without_reason(by_web.get("pattern"))


def without_reason(data: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if data is None else {k: v for k, v in data.items() if k != "reason"}


@pytest.mark.parametrize("spec", ["nim", "subtraction:1,3,4", "kayles", "bash:3", "octal:0.07"])
def test_period_is_one_answer_at_every_door(client, spec):
    by_cli = cli_json("period", spec)
    by_web = web_json(client, "/api/period", spec=spec)
    by_api = grundy.period(spec).to_dict()
    keys = ("preperiod", "period", "saltus", "proved")
    assert [by_cli[k] for k in keys] == [by_web[k] for k in keys] == [by_api[k] for k in keys]
