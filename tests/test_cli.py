import json
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.cli.main import run

ROOT = Path(__file__).resolve().parents[1]


def grundy_cli(capsys, *argv):
    with pytest.raises(SystemExit) as exit_info:
        run(list(argv))
    out, err = capsys.readouterr()
    return exit_info.value.code, out, err


def test_solve_json_contract(capsys):
    code, out, err = grundy_cli(capsys, "solve", "nim", "3", "4", "5", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["grundy"] == 2 and data["outcome"] == "N" and data["winning_move_count"] == 1
    assert data["winning_moves"][0]["to"] == [1]
    assert "Bouton" in data["explanation"]


def test_solve_text_shows_move_and_reason(capsys):
    code, out, _ = grundy_cli(capsys, "solve", "subtraction:1,3,4", "9", "5")
    assert code == 0
    assert "winning moves" in out and "nim-sum" in out


def test_solve_misere(capsys):
    code, out, _ = grundy_cli(capsys, "solve", "bash:3", "21", "--misere", "--json")
    data = json.loads(out)
    assert code == 0 and data["outcome"] == "P" and data["misere"] is True


def test_table_json_and_pattern(capsys):
    code, out, _ = grundy_cli(capsys, "table", "subtraction:1,3,4", "--n", "20", "--json")
    data = json.loads(out)
    assert data["values"] == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3]
    assert data["pattern"]["period"] == 7


def test_table_text(capsys):
    code, out, _ = grundy_cli(capsys, "table", "bash:2-3", "--n", "25")
    assert code == 0 and "Grundy values of bash:2-3" in out and "period 5" in out


def test_period_json(capsys):
    code, out, _ = grundy_cli(capsys, "period", "subtraction:2,5,6", "--json")
    data = json.loads(out)
    assert (data["preperiod"], data["period"], data["proved"]) == (0, 11, True)
    assert data["values_computed"] >= 17 and data["max_value"] == 3


def test_period_of_an_octal_game_and_its_proof(capsys):
    code, out, _ = grundy_cli(capsys, "period", "octal:.07", "--json")
    data = json.loads(out)
    assert (data["preperiod"], data["period"], data["proved"]) == (53, 34, True)
    code, out, _ = grundy_cli(capsys, "period", "kayles")
    assert "preperiod 71, period 12" in out and "Guy–Smith" in out


def test_period_not_proved_within_max(capsys):
    code, out, _ = grundy_cli(capsys, "period", "octal:.16", "--max", "4096", "--json")
    data = json.loads(out)
    assert data["proved"] is False and data["values_computed"] == 4096


def test_table_png(capsys, tmp_path):
    target = tmp_path / "kayles.png"
    code, _, _ = grundy_cli(capsys, "table", "kayles", "--n", "100", "--png", str(target))
    assert code == 0 and target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_list_names_every_ruleset(capsys):
    code, out, _ = grundy_cli(capsys, "list", "--json")
    specs = {form["spec"] for entry in json.loads(out) for form in entry["forms"]}
    assert {"nim", "subtraction:S", "subtraction:allbut:S", "subtraction:pow2", "subtraction:fib",
            "bash:M", "bash:A-B", "bash:A-B:all"} <= specs


def test_user_rules_file(capsys, tmp_path):
    rules = tmp_path / "game.py"
    rules.write_text("def moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n")
    code, out, _ = grundy_cli(capsys, "table", "--rules", f"{rules}:moves", "--n", "9", "--json")
    assert json.loads(out)["values"] == [0, 1, 2, 0, 1, 2, 0, 1, 2]
    code, out, _ = grundy_cli(capsys, "solve", "--rules", f"{rules}:moves", "4", "5", "--json")
    assert json.loads(out)["grundy"] == 1 ^ 2
    code, out, _ = grundy_cli(capsys, "period", "--rules", f"{rules}:moves", "--json")
    assert json.loads(out)["period"] == 3


def test_user_splitting_game_decorated(capsys, tmp_path):
    rules = tmp_path / "split.py"
    rules.write_text(
        "import grundy\n"
        "@grundy.impartial(splits=True)\n"
        "def lasker(n):\n"
        "    yield from ((m,) for m in range(n))\n"
        "    yield from ((a, n - a) for a in range(1, n // 2 + 1))\n"
    )
    code, out, _ = grundy_cli(capsys, "table", "--rules", f"{rules}:lasker", "--n", "9", "--json")
    assert json.loads(out)["values"] == [0, 1, 2, 4, 3, 5, 6, 8, 7]  # Lasker's Nim


@pytest.mark.parametrize("argv, message", [
    (["solve", "nimble", "3"], "unknown ruleset 'nimble'"),
    (["solve", "subtraction:1,x", "3"], "'x' is not an integer"),
    (["solve", "nim", "-3"], "'-3' is not a component of nim"),
    (["solve", "nim", "2.5"], "'2.5' is not a component of nim"),
    (["solve", "nim"], "no components given"),
    (["solve"], "missing SPEC"),
    (["table", "nim", "--n", "0"], "'--n'"),
    (["table", "nim", "--n", "ten"], "'--n'"),
    (["table", "--rules", "no/such/file.py:moves"], "does not exist"),
    (["table", "--rules", "examples/rules/take_or_halve.py:nothing"], "defines no function 'nothing'"),
    (["table", "--rules", "examples/rules/take_or_halve.py"], "FILE.py:FUNCTION"),
    (["solve", "--rules", "examples/rules/take_or_halve.py:moves", "x"], "not a position"),
    (["frobnicate"], "No such command"),
    (["table", "octal:0.1x7"], "'X' at position 4 is not an octal digit"),
    (["period", "kayles", "--max", "3"], "'--max'"),
    (["table", "kayles", "--png", "/no/such/folder/k.png"], "does not exist"),
])
def test_bad_input_is_one_line_exit_2(capsys, monkeypatch, argv, message):
    monkeypatch.chdir(ROOT)
    code, out, err = grundy_cli(capsys, *argv)
    assert code == 2
    assert err.startswith("grundy: error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_failing_user_rules_are_reported_not_traced(capsys, tmp_path):
    rules = tmp_path / "bad.py"
    rules.write_text("def moves(n):\n    return [n // 0]\n")
    code, _, err = grundy_cli(capsys, "solve", "--rules", f"{rules}:moves", "3")
    assert code == 2 and "ZeroDivisionError" in err and "Traceback" not in err


def test_real_entry_points():
    for command in ([str(Path(sys.executable).parent / "grundy")], [sys.executable, "-m", "grundy"]):
        done = subprocess.run(command + ["--version"], capture_output=True, text=True, cwd=ROOT)
        assert done.returncode == 0 and "0.1.0" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "grundy", "solve", "bash:0", "3"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("grundy: error:") and "Traceback" not in bad.stderr


def test_graph_files(capsys, tmp_path):
    triangle, stalk, dag = tmp_path / "t.txt", tmp_path / "s.txt", tmp_path / "d.txt"
    triangle.write_text("# a triangle on a stalk\n0 1\n1 2\n2 3\n3 1\n")
    stalk.write_text("0 1\n1 2\n")
    dag.write_text("1 2\n2 3\n1 3\n3 4\n")
    code, out, _ = grundy_cli(capsys, "solve", "hackenbush", "--graph", str(triangle), "--graph", str(stalk), "--json")
    assert code == 0 and json.loads(out)["outcome"] == "P"
    code, out, _ = grundy_cli(capsys, "solve", "dag", "--graph", str(dag), "--start", "1,2", "--json")
    data = json.loads(out)
    assert data["grundy"] == 2 and data["winning_moves"][0]["to"] == [2]
    code, _, err = grundy_cli(capsys, "solve", "nim", "--graph", str(dag))
    assert code == 2 and "--graph is for" in err
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1\n1 x\n")
    code, _, err = grundy_cli(capsys, "solve", "hackenbush", "--graph", str(bad))
    assert code == 2 and "line 2" in err


HUGE = "1" + "0" * 22  # past int64


def test_huge_subtraction_and_bash_parameters_answer(capsys):
    code, out, _ = grundy_cli(capsys, "solve", f"subtraction:{HUGE}", "3", "--json")
    assert code == 0 and json.loads(out)["outcome"] == "P"
    code, out, _ = grundy_cli(capsys, "solve", f"bash:{HUGE}", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["grundy"] == 3 and data["winning_moves"][0]["to"] == [0]
    code, out, _ = grundy_cli(capsys, "solve", f"bash:{HUGE}", "2" + HUGE, "--json")  # n mod (M+1)
    assert code == 0 and json.loads(out)["grundy"] == int("2" + HUGE) % (int(HUGE) + 1)
    code, out, _ = grundy_cli(capsys, "table", f"bash:{HUGE}-1{HUGE}:all", "--n", "5", "--json")
    assert code == 0 and json.loads(out)["values"] == [0, 1, 1, 1, 1]
    code, out, _ = grundy_cli(capsys, "period", f"subtraction:1,{HUGE}", "--max", "256", "--json")
    assert code == 0 and json.loads(out)["proved"] is False


def test_bash_counts_winning_moves_it_cannot_list(capsys):
    """bash:A-B with a huge A: every move of a residue block wins; they are counted, not listed."""
    spec = f"bash:{HUGE}-2{HUGE}"
    code, out, _ = grundy_cli(capsys, "solve", spec, "3" + HUGE, "--json")
    data = json.loads(out)
    assert code == 0 and data["outcome"] == "N" and data["winning_move_count"] > 10**21
    assert len(data["winning_moves"]) <= 10_000
    code, out, _ = grundy_cli(capsys, "solve", spec, "3" + HUGE, "--misere", "--json")
    data = json.loads(out)
    assert code == 0 and data["outcome"] == "N" and data["winning_move_count"] > 10**21


def test_bash_misere_one_heap_by_arithmetic_matches_the_definition():
    import grundy

    for spec in ("bash:3", "bash:2-5", "bash:2-5:all", "bash:1-1"):
        rules = grundy.ruleset(spec)
        for heap in range(30):
            fast = grundy.solve(spec, [heap], misere=True)
            lost = {m for m in range(heap) if rules.misere_outcome(m) == "P"}
            wins = {o[0] for o in rules.options(heap) if o[0] in lost}
            assert fast.outcome == ("N" if wins or not list(rules.options(heap)) else "P")
            assert {m.option[0] for m in fast.winning_moves} == wins and fast.winning_move_count == len(wins)


@pytest.mark.parametrize("argv, message", [
    (["solve", "x" * 100_000, "3"], "unknown ruleset"),
    (["solve", "nim", "9" * 1_000_000], "at most 4000 digits"),
    (["solve", "kayles", "9" * 5000], "too large"),
    (["solve", "subtraction:1," + "9" * 5000, "3"], "too large (at most 4000 digits)"),
    (["solve", "bash:" + "9" * 5000, "3"], "too large (at most 4000 digits)"),
    (["solve", "moore:" + "9" * 5000, "3"], "too large (at most 4000 digits)"),
    (["solve", "nim:" + "9" * 5000, "3"], "takes no parameters"),
    (["solve", "hackenbush", "0-1,1-" + "9" * 30], "at most 18 digits"),
    (["solve", "nimm", "3"], "did you mean 'nim'"),
    (["problem", "hdu1846", "--check", ""], "--check needs a command"),
    (["problem", "hdu1846", "--check", "no-such-command-grundy-test"], "not found"),
    (["problem", "hdu1846", "--check", "cat", "--timeout", "1e9"], "at most 3600 seconds"),
    (["problem", "hdu1846", "--check", "cat", "--timeout", "nan"], "--timeout"),
])
def test_long_or_huge_tokens_give_one_short_line(capsys, argv, message):
    code, out, err = grundy_cli(capsys, *argv)
    assert code == 2 and err.startswith("grundy: error: ") and message in err, err[:500]
    assert err.count("\n") == 1 and len(err) < 400 and "Traceback" not in err


def test_no_message_tells_the_user_to_call_python():
    """Messages of the parsing layer speak of command-line options, not Python calls."""
    import grundy

    for spec in ("nimm", "bash:x", "subtraction:", "moore:0"):
        with pytest.raises(grundy.GrundyError) as info:
            grundy.ruleset(spec)
        assert "()" not in str(info.value) and "max_states" not in str(info.value)
