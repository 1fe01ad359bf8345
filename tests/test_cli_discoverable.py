"""The command line as people meet it (issue 14): the catalogue filtered by a word, each entry with
its component and an example; tables of coin games numbered from 1; one name (--max) for a count of
values, read as 2^12 or 1e3 too. Exact lines, worked out by hand."""

from __future__ import annotations

import json
import shlex

from tests.helpers import one_error_line, run_cli, words


def answer(*argv: str) -> str:
    code, out, err = run_cli(*argv)
    assert (code, err) == (0, ""), (argv, code, err[-2000:])
    return out


def test_list_filters_by_a_word_and_shows_component_and_example():
    assert words(answer("list", "climbing")) == words("""
        staircase games
          climbing-hill  bring the king to the top of the hill to win (HDU 4315)
              component: k,d1,d2,...: the king's place k (1-based) then the distances from the top, nearest
              first; e.g. grundy solve climbing-hill 1,2,4,7
    """)
    entries = json.loads(answer("list", "TURTLES", "--json"))  # any case; name or meaning
    assert [e["name"] for e in entries] == ["turning-turtles", "mock-turtles", "tartan"]
    assert entries[0]["component"] == "the number of a heads coin (an integer >= 1)"
    assert entries[0]["example"] == "grundy solve turning-turtles 2 3 5"


def test_every_entry_has_a_component_and_an_example_that_solves():
    entries = json.loads(answer("list", "--json"))
    assert len(entries) > 50
    for entry in entries:
        command = "value" if entry["family"].startswith("partizan") else "solve"
        assert entry["component"] and entry["example"].startswith(f"grundy {command} {entry['name']}")
    impartial = [e for e in entries if not e["family"].startswith("partizan")]
    partizan = [e for e in entries if e["family"].startswith("partizan")]
    assert impartial and partizan
    for last in (impartial[-1], partizan[-1]):
        code, _, err = run_cli(*shlex.split(last["example"])[1:])
        assert code == 0, err


def test_list_of_a_word_nothing_mentions_is_one_error_line():
    code, out, err = run_cli("list", "zzz")
    assert (code, out) == (2, "")
    assert one_error_line(err) == "no ruleset mentions 'zzz'; 'grundy list' shows them all"


def test_coin_games_tabulate_from_coin_1():
    # ruler: G(n) is the largest power of two dividing n, for coins n = 1, 2, ...
    data = json.loads(answer("table", "ruler", "--max", "12", "--json"))
    assert (data["first"], data["values"]) == (1, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4])
    out = answer("table", "turning-turtles", "--max", "12")
    lines = [line for line in out.splitlines() if line.startswith("│")]
    assert words(out.splitlines()[0]) == "Grundy values of turning-turtles (numbered from 1)"
    assert words(lines[0]) == "│ 1 │ 1 │ 2 │ 3 │ 4 │ 5 │ 6 │ 7 │ 8 │ 9 │ 10 │"
    assert words(lines[1]) == "│ 11 │ 11 │ 12 │ │ │ │ │ │ │ │ │"


def test_tartan_of_coins_from_1_tabulates_from_1_1():
    # ruler x turning-turtles: G(x, y) = G_ruler(x) ⊗ y; row x = 2 has G = 2: 2⊗1, 2⊗2, 2⊗3 = 2, 3, 1
    data = json.loads(answer("table", "tartan:ruler*turning-turtles", "--max", "3", "--json"))
    assert data["first"] == [1, 1]
    assert data["values"] == [[1, 2, 3], [2, 3, 1], [1, 2, 3]]


def test_table_counts_with_max_like_period_and_pattern():
    data = json.loads(answer("table", "nim", "--max", "2^3", "--json"))
    assert data["values"] == list(range(8))
    assert json.loads(answer("table", "nim", "--n", "1e1", "--json"))["values"] == list(range(10))
    code, _, err = run_cli("table", "nim", "--max", "0")
    assert code == 2 and one_error_line(err) == "invalid value for '--max': 0 is below 1"


def test_problem_list_filters_by_a_name_or_word():
    everything = json.loads(answer("problem", "--list", "--json"))
    assert len(everything) == 40  # unfiltered: what NAME used to be ignored for
    for argv in (["problem", "hdu1846", "--list"], ["problem", "--list", "HDU1846"]):
        assert [e["name"] for e in json.loads(answer(*argv, "--json"))] == ["hdu1846"]
    assert [e["name"] for e in json.loads(answer("problem", "--list", "hdu184", "--json"))] == [
        "hdu1846", "hdu1847", "hdu1848"]
    shown = answer("problem", "--list", "hdu1536")
    assert "hdu1536" in shown and "hdu1846" not in shown and "mentioning 'hdu1536'" in words(shown)
    code, out, err = run_cli("problem", "--list", "zzz")
    assert (code, out) == (2, "")
    assert one_error_line(err) == "no problem mentions 'zzz'; 'grundy problem --list' shows them all"


def test_problem_json_answers_an_input_as_the_samples_give_theirs():
    code, out, err = run_cli("problem", "hdu1846", "--json", stdin="1\n1 1\n")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"problem": "hdu1846", "output": "first\n"}  # not the plain "first" of old
    sample = json.loads(answer("problem", "hdu1846", "--sample", "--json"))["samples"][0]
    code, out, _ = run_cli("problem", "hdu1846", "--json", stdin=sample["input"])
    assert json.loads(out)["output"] == sample["output"] == "first\nsecond\n"
    code, out, err = run_cli("problem", "hdu1846", "--json", stdin="1\n1 x\n")
    assert (code, out) == (2, "")
    assert one_error_line(err) == "line 2: expected m of case 1, an integer 1..1000, got 'x'"


def test_rules_that_exit_and_negative_values_are_one_line(tmp_path):
    rules = tmp_path / "exiting.py"
    rules.write_text("def moves(n):\n    raise SystemExit(5)\n")
    code, out, err = run_cli("solve", "--rules", f"{rules}:moves", "3")
    assert (code, out) == (2, "")
    assert one_error_line(err) == "the rules of moves failed on position 3: SystemExit: 5"
    code, out, err = run_cli("pattern", "--values", "-1,2")
    assert (code, out) == (2, "")
    assert one_error_line(err) == "--values: Grundy values are non-negative, got -1"
