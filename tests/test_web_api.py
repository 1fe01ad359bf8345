"""The web explorer's JSON API (issue 15): the command line's answers, every error as one JSON line,
and the limits that keep the server answering.

Each good request is compared with the command line's ``--json`` for the same question (so the web
cannot drift from the CLI); each bad one with its status and exact message.
"""

from __future__ import annotations

import json
import threading
import time
import zlib

import pytest
from starlette.testclient import TestClient

from grundy.web.app import WebLimits, create_app
from tests.helpers import run_cli
from tests.test_cli_contract import GENERAL, PATTERN, PERIOD, SOLVE, TABLE, TURN

VALUE = {"value", "outcome", "left_stop", "right_stop", "mean", "temperature", "reduced_canonical_form", "birthday",
         "incentives", "companion", "followers"}
MOVE = {"number", "move", "after", "result", "remoteness", "why", "best"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def cli_json(*argv: str):
    code, out, err = run_cli(*argv, "--json")
    assert (code, err) == (0, ""), err
    return json.loads(out)


def error(reply, status: int) -> str:
    assert reply.status_code == status, (reply.status_code, reply.text[:300])
    data = reply.json()
    assert set(data) in ({"error"}, {"error", "knob", "limit", "needed"}) and "\n" not in data["error"]
    return data["error"]


# -- the answers are the command line's ------------------------------------------------------------------
@pytest.mark.parametrize(("path", "params", "argv", "keys"), [
    ("/api/solve", {"spec": "nim", "position": "3 4 5"}, ("solve", "nim", "3", "4", "5"), SOLVE),
    ("/api/solve", {"spec": "kayles", "position": "10 7", "misere": "1"}, ("solve", "kayles", "10", "7", "--misere"),
     SOLVE),
    ("/api/solve", {"spec": "wythoff", "position": "3,5 4,7"}, ("solve", "wythoff", "3,5", "4,7"), SOLVE),
    ("/api/solve", {"spec": "weird-game:0110,1001"}, ("solve", "weird-game:0110,1001"), GENERAL),
    ("/api/table", {"spec": "kayles", "n": "100"}, ("table", "kayles", "--max", "100"), TABLE),
    ("/api/table", {"spec": "wythoff", "n": "5"}, ("table", "wythoff", "--max", "5"), {"spec", "n", "first", "values",
                                                                                         "rule"}),
    ("/api/period", {"spec": "kayles"}, ("period", "kayles"), PERIOD),
    ("/api/pattern", {"spec": "subtraction:1,3,4"}, ("pattern", "subtraction:1,3,4"), PATTERN),
    ("/api/value", {"spec": "domineering", "position": "..|.. .|."}, ("value", "domineering", "..|..", ".|."),
     VALUE),
    ("/api/value", {"spec": "cutcake", "position": "1,3 2,1", "for": "left"},
     ("value", "cutcake", "1,3", "2,1", "--for", "left"), VALUE | {"moves"}),
    ("/api/value", {"expr": "{0|*}"}, ("value", "--expr", "{0|*}"),
     VALUE | {"atomic_weight", "expr", "result"}),
])
def test_an_answer_is_the_command_lines(client, path, params, argv, keys):
    data = client.get(path, params=params).json()
    assert set(data) == keys
    expected = cli_json(*argv)
    if path == "/api/table" and "pattern" in expected:  # the web's words for the command line's --max
        assert expected["pattern"]["reason"] == "raise --max to look further"
        expected["pattern"]["reason"] = "ask for more values (n) to look further"
    assert data == expected


def test_kayles_period_and_the_list(client):
    period = client.get("/api/period", params={"spec": "kayles"}).json()
    assert (period["preperiod"], period["period"], period["proved"]) == (71, 12, True)
    listed = client.get("/api/list", params={"q": "kayles"}).json()
    assert listed == cli_json("list", "kayles") and listed[0]["name"] == "kayles"


@pytest.mark.parametrize("word", [None, "cram", "hackenbush", "cake", "nim", "KAYLES"])
def test_the_list_is_grundy_list(client, word):
    # /api/list?q=WORD is 'grundy list WORD --json': the same entries, in the same order, with the same keys
    argv = ("list",) if word is None else ("list", word)
    listed = client.get("/api/list", params={} if word is None else {"q": word}).json()
    assert listed == cli_json(*argv)
    counts = {None: 72, "cram": 1, "hackenbush": 2, "cake": 3, "nim": 5, "KAYLES": 2}
    assert len(listed) == counts[word]
    # kind= keeps the impartial rulesets (the page's catalogue) or the partizan ones (its partizan panel)
    impartial = client.get("/api/list", params={"kind": "impartial"} | ({"q": word} if word else {}))
    partizan = client.get("/api/list", params={"kind": "partizan"} | ({"q": word} if word else {}))
    both = (impartial.json() if impartial.status_code == 200 else []) + (
        partizan.json() if partizan.status_code == 200 else [])
    assert sorted(e["name"] for e in both) == sorted(e["name"] for e in listed)


def test_an_unknown_word_is_the_lists_error(client):
    assert error(client.get("/api/list", params={"q": "zzz"}), 400) == run_cli("list", "zzz")[2].strip().removeprefix(
        "grundy: error: ") == "no ruleset mentions 'zzz'; 'grundy list' shows them all"


def test_every_move_with_its_result(client):
    # nim 1 2: only 2 -> 1 leaves nim-sum 0 (the mover wins); the others leave a position the opponent wins
    data = client.get("/api/moves", params={"spec": "nim", "position": "1 2"}).json()
    assert (data["position"], data["value"], data["remoteness"]) == ("1  2", "win", 3)
    assert [(m["move"], m["after"], m["result"], m["best"]) for m in data["moves"]] == [
        ("1 0", "0 2", "lose", False), ("2 0", "1 0", "lose", False), ("2 1", "1 1", "win", True)]
    assert all(set(m) == MOVE for m in data["moves"])
    assert data["moves"][2]["why"] == "nim-sum after it 0 (P-position); ends in 2 more moves"
    weird = client.get("/api/moves", params={"spec": "weird-game:0110,1001"}).json()
    assert {m["result"] for m in weird["moves"]} <= {"win", "lose", "tie", "draw"} and weird["value"] == "tie"
    assert all(m["after"] is None for m in weird["moves"])  # a general game's position is its spec


def test_a_problem_is_explained_and_solved(client):
    assert client.get("/api/problem/hdu1846").json() == cli_json("problem", "hdu1846", "--explain")
    reply = client.post("/api/problem/hdu1846", content="2\n23 2\n4 3\n")
    assert (reply.status_code, reply.text) == (200, "first\nsecond\n")
    assert reply.headers["content-type"].startswith("text/plain")
    assert client.get("/api/problems").json() == cli_json("problem", "--list")


# -- play ----------------------------------------------------------------------------------------------------
def test_a_game_is_played_to_the_end_and_undone(client):
    started = client.post("/api/play", json={"spec": "nim", "position": "1 2", "first": "human"}).json()
    key = started["id"]
    assert started["turns"] == [{"turn": 0, "played": None, "position": "1  2", "to_move": "human", "value": "win",
                                 "remoteness": 3, "over": False}]
    assert [m["move"] for m in started["moves"] if m["best"]] == ["2 1"]
    reply = client.post(f"/api/play/{key}/move", json={"move": "#3"}).json()  # 2 -> 1, then the computer
    assert [t["played"]["by"] for t in reply["turns"]] == ["human", "computer"]
    assert reply["turns"][0]["played"]["move"] == "2 1" and all(set(t) == TURN for t in reply["turns"])
    last = reply["moves"][0]["move"]  # one heap of 1 is left: take it
    end = client.post(f"/api/play/{key}/move", json={"move": last}).json()
    assert end["over"] is True and end["turns"][-1]["winner"] == "human" and end["moves"] == []
    assert error(client.post(f"/api/play/{key}/move", json={"move": "1 0"}), 400) == "the game is over: start a new one"
    # undo: first the winning move alone (it had no reply), back to where the human chose it; then a
    # move and its reply, back to the start
    undone = client.post(f"/api/play/{key}/undo").json()
    assert undone["undone"] == 1 and undone["turns"] == [reply["turns"][1] | {"played": None}]
    assert undone["turns"][0]["to_move"] == "human" and undone["moves"][0]["move"] == last
    undone = client.post(f"/api/play/{key}/undo").json()
    assert undone["undone"] == 2 and [t["position"] for t in undone["turns"]] == ["1  2"] and not undone["over"]


def test_the_computer_opens_when_asked(client):
    # nim 3: the computer takes the heap and wins at once
    reply = client.post("/api/play", json={"spec": "nim", "position": "3", "first": "computer"}).json()
    assert [t["to_move"] for t in reply["turns"]] == ["computer", "human"]
    assert reply["turns"][1] == {"turn": 1, "played": {"by": "computer", "move": "1 0"}, "position": "0",
                                 "to_move": "human", "value": "lose", "remoteness": 0, "over": True,
                                 "winner": "computer"}


@pytest.mark.parametrize(("body", "said"), [
    ({"position": "3"}, 'a game needs a spec: {"spec": "nim", "position": "3 4 5", "first": "human"}'),
    ({"spec": "nim", "position": "3", "first": "nobody"}, "first is 'human' or 'computer', not 'nobody'"),
    ({"spec": "nim", "position": "-1"}, "'-1' is not a component of nim: expected a heap size (a non-negative "
                                        "integer)"),
    ({"spec": "nim"}, "no components given: 'grundy solve nim COMPONENT...', each a heap size (a non-negative "
                      "integer)"),
])
def test_a_bad_game_is_refused(client, body, said):
    assert error(client.post("/api/play", json=body), 400) == said


def test_bad_moves_and_unknown_games(client):
    key = client.post("/api/play", json={"spec": "nim", "position": "1 2"}).json()["id"]
    assert error(client.post(f"/api/play/{key}/move", json={"move": "9 9"}), 400) == (
        "there is no component 9: they are numbered 1..2")
    assert error(client.post(f"/api/play/{key}/move", json={}), 400).startswith("say which move")
    assert error(client.post(f"/api/play/{key}/move", content=b"[1]"), 400).startswith("the body is a JSON object")
    assert error(client.post(f"/api/play/{key}/move", content=b"{"), 400).startswith("the body is not JSON")
    assert error(client.post("/api/play/no-such-id/undo"), 404).startswith("no such game")


# -- bad requests: one line, the CLI's words ----------------------------------------------------------------
@pytest.mark.parametrize(("path", "params", "said"), [
    ("/api/solve", {"spec": "nimm", "position": "3"},
     "unknown ruleset 'nimm' (did you mean 'nim'?); 'grundy list' shows all 72 rulesets and how to write their "
     "parameters"),
    ("/api/solve", {"position": "3"}, "missing parameter 'spec': e.g. /api/solve?spec=nim&position=3 4 5"),
    ("/api/solve", {"spec": "nim", "position": "3", "misere": "maybe"},
     "misere is 1 or 0 (true or false), not 'maybe'"),
    ("/api/solve", {"spec": "weird-game:0110,1001", "position": "3"},
     "weird-game takes its whole position in the spec: give no components (e.g. 'grundy solve weird-game:0110,1001')"),
    ("/api/solve", {"spec": "dag:/etc/passwd", "position": "1"},
     "the web explorer reads no files: write the edges in the spec, e.g. dag:1-2,2-3,1-3"),
    ("/api/table", {"spec": "kayles", "n": "10**7"}, "n must be between 1 and 1,000,000 here, not 10,000,000"),
    ("/api/table", {"spec": "kayles", "n": "lots"}, "'lots' is not a count (n): write e.g. 1000000, 2^20 or 1e8"),
    ("/api/table", {"spec": "wythoff", "n": "2000"},
     "a table of pairs of wythoff holds n x n values: n must be at most 1,000 here, not 2,000"),
    ("/api/table", {"spec": "weird-game:0110,1001"},
     "weird-game is a game of the general solver (no Grundy values): its spec holds the whole position; use "
     "'grundy solve weird-game:0110,1001' or 'grundy play weird-game:0110,1001'"),
    ("/api/solve", {"spec": "nim", "position": "1 " * 1500}, "position is 3,000 characters long: at most 2,000 are "
                                                             "read"),
    ("/api/value", {"spec": "domineering", "position": "..|..", "for": "up"}, "the player is left or right, not 'up'"),
    ("/api/value", {"expr": "{1|"}, "cannot read '{1|': at character 1, expected a matching '}', found nothing"),
    ("/api/value", {"expr": "^", "for": "left"},
     "the winning moves (for) are those of a position of a ruleset: give SPEC and POSITION"),
    ("/api/value", {"spec": "domineering"}, "give a SPEC and a POSITION, e.g. domineering and '..|..' "
                                            "(or a value written out, expr '{1|-1}'); 'grundy list' shows the "
                                            "rulesets"),
])
def test_bad_requests_are_one_line(client, path, params, said):
    assert error(client.get(path, params=params), 400) == said


def test_unknown_paths_and_methods(client):
    assert error(client.get("/api/nothing"), 404).startswith("no such page '/api/nothing': the API is /api/list")
    assert error(client.post("/api/solve"), 405) == "POST is not allowed on /api/solve"
    said = "unknown problem 'nosuch'; see 'grundy problem --list' (40 problems)"
    assert error(client.get("/api/problem/nosuch"), 404) == said
    assert error(client.post("/api/problem/nosuch", content="1\n"), 404) == said
    assert error(client.get("/api/problem/hdu1535"), 404).startswith("unknown problem 'hdu1535' (close: hdu1536)")


def test_a_body_past_64_kb_is_refused(client):
    said = error(client.post("/api/problem/hdu1846", content="1\n" * 40_000), 413)
    assert said == "the request body is 80,000 bytes or more: at most 65,536 are read"
    assert client.post("/api/problem/hdu1846", content="1\n5 2\n").text == "first\n"  # under it: answered


# -- limits: a request never hangs the server -----------------------------------------------------------------
def test_the_state_limit_is_a_clean_error():
    # misère nim 300 300 300: past the heaps a misère quotient is asked for (200), so searched as a whole
    # game, with far more than 1,000 multisets of heaps
    small = TestClient(create_app(WebLimits(max_states=1000)))
    said = error(small.get("/api/moves", params={"spec": "nim", "position": "300 300 300", "misere": "1"}), 400)
    assert said == error(small.post("/api/play", json={"spec": "nim", "position": "300 300 300", "misere": True}), 400)
    assert said == ("the general solver stopped before searching: nim 300 300 300 has at least 4,545,150 positions "
                    "(this explorer's limit is 1,000): choose a smaller position, or use the grundy command with "
                    "--max-states")
    assert small.get("/api/solve", params={"spec": "nim", "position": "20 20 20"}).json()["grundy"] == 20
    # misère nim 20 20 20 is played from the misère quotient of nim to heap 20 (within the 1,000 steps)
    assert small.post("/api/play", json={"spec": "nim", "position": "20 20 20", "misere": True}).status_code == 200
    # normal play is played from the values, whatever the size: no whole-game search to refuse
    assert small.post("/api/play", json={"spec": "nim", "position": "20 20 20"}).status_code == 200


def test_work_past_the_time_limit_is_503_and_the_server_keeps_answering():
    from grundy.web.workers import LOCK_STRIPES

    # queens-corner and nim take different locks, so the quick request need not wait for the slow one
    assert zlib.crc32(b"queens-corner") % LOCK_STRIPES != zlib.crc32(b"nim") % LOCK_STRIPES
    quick = TestClient(create_app(WebLimits(seconds=1.0)))
    answered: dict[str, object] = {}

    def slow() -> None:  # queens-corner from two big pairs, by the definition: far past a second
        started = time.monotonic()
        answered["reply"] = quick.get("/api/solve", params={"spec": "queens-corner", "position": "300,400 500,900"})
        answered["seconds"] = time.monotonic() - started

    worker = threading.Thread(target=slow)
    worker.start()
    time.sleep(0.2)
    started = time.monotonic()
    assert quick.get("/api/solve", params={"spec": "nim", "position": "3 4 5"}).json()["outcome"] == "N"
    assert time.monotonic() - started < 1.0  # answered while the slow one works
    worker.join(10)
    said = error(answered["reply"], 503)
    assert said.startswith("this took more than 1 seconds, the web explorer's limit per request (after ")
    assert answered["seconds"] < 1.0 + 2.5  # stopped at a progress report, or answered at the grace time


def test_the_partizan_list(client):
    names = [e["name"] for e in client.get("/api/list", params={"kind": "partizan"}).json()]
    assert names[:3] == ["domineering", "cram", "toads-and-frogs"] and "eatcake" in names and "nim" not in names
    assert [e["name"] for e in client.get("/api/list", params={"kind": "partizan", "q": "cake"}).json()] == [
        "cutcake", "maundy-cake", "eatcake"]
    assert "domineering" not in [e["name"] for e in client.get("/api/list", params={"kind": "impartial"}).json()]
    assert error(client.get("/api/list", params={"kind": "partizan", "q": "nim"}), 400) == (
        "no partizan ruleset mentions 'nim'; 'grundy list' shows them all")
    assert error(client.get("/api/list", params={"kind": "both"}), 400) == (
        "kind is impartial (the games /api/solve answers) or partizan (/api/value), not 'both'")


def test_a_partizan_value_past_the_time_limit_is_503():
    quick = TestClient(create_app(WebLimits(seconds=1.0)))
    started = time.monotonic()
    reply = quick.get("/api/value", params={"spec": "domineering", "position": "|".join(["......."] * 7)})
    said = error(reply, 503)
    assert said.startswith("this took more than 1 seconds") and "positions valued" in said
    assert time.monotonic() - started < 1.0 + 2.5
    assert quick.get("/api/value", params={"expr": "^+^"}).json()["value"] == "^^"


def test_a_question_asked_again_is_answered_from_the_cache(monkeypatch):
    from grundy.service import values as answers

    worked: list[int] = []
    real = answers.table_data
    monkeypatch.setattr(answers, "table_data", lambda game, count: worked.append(count) or real(game, count))
    cached = TestClient(create_app(WebLimits(cached=2)))
    first = cached.get("/api/table", params={"spec": "kayles", "n": "50"})
    again = cached.get("/api/table", params={"n": "50", "spec": "kayles"})  # the order of parameters is moot
    assert again.content == first.content and again.headers["content-type"] == "application/json"
    assert worked == [50]
    for n in ("60", "70"):  # two more answers: past 2 kept, the first goes
        cached.get("/api/table", params={"spec": "kayles", "n": n})
    assert cached.get("/api/table", params={"spec": "kayles", "n": "50"}).content == first.content
    assert worked == [50, 60, 70, 50]
    play = {"spec": "nim", "position": "1 2"}
    assert cached.post("/api/play", json=play).json()["id"] != cached.post("/api/play", json=play).json()["id"]


def subtraction_values(moves: tuple[int, ...], count: int) -> list[int]:
    """G(0..count-1) of a subtraction game by the definition (the mex of the options)."""
    values: list[int] = []
    for n in range(count):
        seen = {values[n - m] for m in moves if m <= n}
        values.append(min(set(range(len(seen) + 1)) - seen))
    return values


def ask_at_once(web: TestClient, asked: dict[str, tuple[str, dict[str, str]]]) -> dict[str, object]:
    """Each request of ``asked`` from its own thread, all started together; the replies by name."""
    replies: dict[str, object] = {}

    def ask(name: str, path: str, params: dict[str, str]) -> None:
        replies[name] = web.get(path, params=params)

    threads = [threading.Thread(target=ask, args=(name, *q)) for name, q in asked.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return replies


def test_requests_on_one_game_at_once_get_right_answers():
    # a fresh game each round (the catalogue keeps one object per spec, filled as it is asked): a
    # table, a solve, every move and a period asked at the same moment must agree with the definition
    web = TestClient(create_app())
    for k in range(8):
        moves = (1, 3, 5 + k)
        spec = "subtraction:" + ",".join(map(str, moves))
        right = subtraction_values(moves, 300)
        asked = {
            "table": ("/api/table", {"spec": spec, "n": "300"}),
            "solve": ("/api/solve", {"spec": spec, "position": "250 299 123"}),
            "moves": ("/api/moves", {"spec": spec, "position": "7 9"}),
            "period": ("/api/period", {"spec": spec}),
        }
        replies = ask_at_once(web, asked)
        assert replies["table"].json()["values"] == right
        assert replies["solve"].json()["component_values"] == [right[250], right[299], right[123]]
        expected = [("1 " + str(7 - m), right[7 - m] ^ right[9]) for m in moves if m <= 7]
        got = [(m["move"], m["result"]) for m in replies["moves"].json()["moves"] if m["move"].startswith("1 ")]
        assert got == [(move, "win" if left == 0 else "lose") for move, left in expected]
        assert replies["period"].json()["proved"] is True


# -- review of the web explorer: files, time, flags, words ------------------------------------------------------
NO_FILES = "the web explorer reads no files: write the edges in the spec, e.g. dag:1-2,2-3,1-3"
SPELLINGS = ["DAG:/etc/hostname", "Dag:/etc/hostname", " dag:/etc/hostname", "dag :/etc/hostname",
             "\tdAg :  /etc/hostname ", "DAG:1-2,2-3/../../etc/hostname"]
# no file to read: the spec's own error ('ｄａｇ' is no ruleset's name; 'dag:' names no file)
NOT_A_FILE = {"ｄａｇ:/etc/hostname": "unknown ruleset 'ｄａｇ'", "dag:": "dag: expected the path of an edge file"}
QUESTIONS = [("/api/solve", {"position": "1"}), ("/api/moves", {"position": "1"}), ("/api/table", {}),
             ("/api/period", {}), ("/api/pattern", {}), ("/api/value", {"position": "1"})]


@pytest.mark.parametrize("spec", SPELLINGS)
def test_no_spelling_of_dag_reads_a_file(client, spec):
    for path, params in QUESTIONS:
        assert error(client.get(path, params={"spec": spec, **params}), 400) == NO_FILES, path
    assert error(client.post("/api/play", json={"spec": spec, "position": "1"}), 400) == NO_FILES


@pytest.mark.parametrize(("spec", "said"), NOT_A_FILE.items())
def test_a_spec_that_names_no_file_says_what_is_wrong(client, spec, said):
    for path, params in QUESTIONS:
        assert error(client.get(path, params={"spec": spec, **params}), 400).startswith(said), path


def test_edges_written_in_the_spec_are_still_read(client):
    assert client.get("/api/solve", params={"spec": " DAG:1-2,2-3 ", "position": "1"}).json()["grundy"] == 0
    assert client.get("/api/solve", params={"spec": "Dag:1-2,2-3,1-3", "position": "1 2"}).json()["grundy"] == 3


def test_a_period_without_progress_reports_stays_within_the_time_limit():
    # treblecross (octal .007, unsolved): its kernel reports no progress; the web computes its values
    # ahead, a stretch at a time, and looks for the period in those computed within the limit. A spec
    # of its own, so that no other test has computed its values.
    web = TestClient(create_app(WebLimits(seconds=3.0)))
    spec = "octal:0.0070"
    answered: dict[str, object] = {}

    def period() -> None:
        started = time.monotonic()
        answered["period"] = web.get("/api/period", params={"spec": spec})
        answered["seconds"] = time.monotonic() - started

    worker = threading.Thread(target=period)
    worker.start()
    time.sleep(0.5)
    started = time.monotonic()  # a quick question on the same game goes in between the stretches
    solved = web.get("/api/solve", params={"spec": spec, "position": "4 7 10"}).json()
    assert (solved["component_values"], solved["outcome"], time.monotonic() - started < 1.5) == ([1, 2, 3], "P", True)
    worker.join(30)
    data = answered["period"].json()
    assert answered["period"].status_code == 200 and answered["seconds"] < 3.0
    assert (data["period"], data["proved"]) == (None, False)
    assert data["reason"] == (f"this explorer computed {data['values_computed']:,} values within its time limit; use "
                              "the grundy command to look further")
    assert 10_000 < data["values_computed"] < 1_000_000


def test_a_table_has_the_periods_budget(client):
    # the values a period search computes in a few seconds, a table gives too
    data = client.get("/api/table", params={"spec": "grundy-game", "n": "100000"}).json()
    assert (len(data["values"]), data["values"][:8], data["pattern"]["values_computed"]) == (
        100_000, [0, 0, 0, 1, 0, 2, 1, 0], 100_000)
    assert data["pattern"]["reason"] == ("no periodicity theorem applies to this game; no period seen in all "
                                         "100,000 values computed")


def test_a_table_past_the_time_limit_is_503_in_the_webs_words():
    web = TestClient(create_app(WebLimits(seconds=1.0)))
    said = error(web.get("/api/table", params={"spec": "octal:0.00700", "n": "1000000"}), 503)
    assert said.startswith("computing the values of octal:0.00700 up to heap 999,999 takes more than this explorer's 1 "
                           "seconds a request (it reached heap ")
    assert said.endswith("; ask for fewer values, or run 'grundy table octal:0.00700 --max 1000000'")


@pytest.mark.parametrize(("misere", "value"), [(True, "win"), (1, "win"), ("1", "win"), ("true", "win"),
                                                ("yes", "win"), (False, "lose"), (0, "lose"), ("0", "lose")])
def test_play_reads_misere_as_get_does(client, misere, value):
    # nim 1 1: the player to move loses in normal play and wins in misère play
    started = client.post("/api/play", json={"spec": "nim", "position": "1 1", "misere": misere}).json()
    assert started["turns"][0]["value"] == value


@pytest.mark.parametrize(("misere", "said"), [("maybe", "'maybe'"), (2, "2"), (None, "null"), ([1], "[1]"),
                                               (1.0, "1.0")])
def test_play_refuses_a_misere_it_cannot_read(client, misere, said):
    reply = client.post("/api/play", json={"spec": "nim", "position": "1 1", "misere": misere})
    assert error(reply, 400) == f"misere is 1 or 0 (true or false), not {said}"


def test_moves_explain_misere_and_general_games_in_words(client):
    misere = client.get("/api/moves", params={"spec": "nim", "position": "1 1", "misere": "1"}).json()
    assert [m["why"] for m in misere["moves"]] == ["the opponent faces a loss; ends in 1 more move"] * 2
    weird = client.get("/api/moves", params={"spec": "weird-game:0110,1001"}).json()
    assert weird["moves"][0]["why"] == "the opponent faces a tie; ends in 3 more moves"


def test_quick_questions_do_not_wait_behind_heavy_ones():
    # four heavy tables at once (fresh specs whose values take seconds) and a quick solve beside them
    web = TestClient(create_app(WebLimits(seconds=3.0)))
    asked = {f"table{k}": ("/api/table", {"spec": f"octal:0.{'0' * k}07", "n": "1000000"}) for k in range(2, 6)}
    replies: dict[str, object] = {}
    threads = [threading.Thread(target=lambda k=k, q=q: replies.__setitem__(k, web.get(q[0], params=q[1])))
               for k, q in asked.items()]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    started = time.monotonic()
    assert web.get("/api/solve", params={"spec": "nim", "position": "7 4"}).json()["grundy"] == 3
    assert time.monotonic() - started < 1.0
    for thread in threads:
        thread.join(30)
    assert {reply.status_code for reply in replies.values()} <= {200, 503}
