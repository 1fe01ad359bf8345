"""The command line: exit status and the exact answer of every command (in process), and the one
table of bad input (tests/hostile.py), each line of it exit 2 and one line ``grundy: error: ...``.

Expected answers are worked out by hand in the comments (values of small games, winning moves,
counts of winning moves by arithmetic), not read back from grundy.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import grundy
from grundy.core.words import command_line
from tests.helpers import one_error_line, run_cli, words
from tests.hostile import BAD_INPUT, Bad

ROOT = Path(__file__).resolve().parents[1]


def answer(*argv: str) -> str:
    """stdout of a command that must succeed: exit 0 and nothing on stderr."""
    code, out, err = run_cli(*argv)
    assert (code, err) == (0, ""), (argv, code, err[-2000:])
    return out


def answer_json(*argv: str):
    out = answer(*argv)
    assert out.endswith("\n") and out.count("\n") == 1, out[:500]  # one line of JSON
    return json.loads(out)


def table_rows(out: str) -> list[list[int]]:
    """The numbers of a value table drawn with box characters: each row without its label."""
    rows = [line.strip("│").split("│") for line in out.splitlines() if line.startswith("│")]
    return [[int(cell) for cell in row[1:] if cell.strip()] for row in rows]


def test_solve_json_contract():
    # nim 3 4 5: nim-sum 3 ^ 4 ^ 5 = 2; only heap 3 can drop to 3 ^ 2 = 1
    assert answer_json("solve", "nim", "3", "4", "5", "--json") == {
        "spec": "nim", "components": [3, 4, 5], "component_values": [3, 4, 5], "grundy": 2, "outcome": "N",
        "misere": False,
        "winning_moves": [{"component": 0, "from": 3, "to": [1], "move": "heap 1: 3 -> 1",
                           "why": "Bouton's theorem: a heap of n tokens is worth n; nim-sum 3 ^ 4 ^ 5 = 2, "
                                  "and 3 ^ 2 = 1 < 3"}],
        "winning_move_count": 1, "winning_moves_truncated": False,
        "explanation": "Sprague–Grundy: Bouton's theorem: a heap of n tokens is worth n. Values [3, 4, 5]; "
                       "nim-sum 3 ^ 4 ^ 5 = 2: the player to move wins by making it 0.",
    }


def test_solve_text_shows_move_and_reason():
    # subtraction {1,3,4}: G = 0 1 0 1 2 3 2, period 7; G(9) = G(2) = 0, G(5) = 3: nim-sum 3.
    # Winning: 9 -> 5 (G 3, by taking 4) and 5 -> 2 (G 0, by taking 3). The why is said once, each
    # move adds only its own step; piped, each line comes whole
    assert answer("solve", "subtraction:1,3,4", "9", "5").splitlines() == [
        "subtraction:1,3,4  position: 9  5",
        "Grundy value: 3   component values: [0, 3]",
        "N: the player to move wins",
        "why: Sprague–Grundy: subtraction set {1, 3, 4}: values by the mex table. Values [0, 3]; "
        "nim-sum 0 ^ 3 = 3: the player to move wins by making it 0.",
        "winning moves (2):",
        "  heap 1: 9 -> 5   its value 0 becomes 0 ^ 3 = 3",
        "  heap 2: 5 -> 2   its value 3 becomes 3 ^ 3 = 0",
    ]


def test_solve_misere():
    # misère Bash, take 1..3: the player to move loses exactly when n mod 4 = 1; 21 mod 4 = 1
    assert answer_json("solve", "bash:3", "21", "--misere", "--json") == {
        "spec": "bash:3", "components": [21], "component_values": None, "grundy": None, "outcome": "P",
        "misere": True, "winning_moves": [], "winning_move_count": 0, "winning_moves_truncated": False,
        "explanation": "Misère play (last mover loses): misère closed form of bash:3 for one component: with "
                       "r = n mod 4, P iff r = 1; r = 1, so the player to move loses.",
    }


def test_table_json_and_pattern():
    assert answer_json("table", "subtraction:1,3,4", "--max", "20", "--json") == {
        "spec": "subtraction:1,3,4", "n": 20, "first": 0,
        "values": [0, 1, 0, 1, 2, 3, 2] * 2 + [0, 1, 0, 1, 2, 3],
        "pattern": {
            "spec": "subtraction:1,3,4", "preperiod": 0, "period": 7, "saltus": 0, "proved": True,
            "reason": "finite subtraction set: G(n) depends only on the 4 values before it, so G(n+p) = G(n) "
                      "for n0 <= n < n0 + 4 implies it for all n >= n0; checked: G(n+7) = G(n) for every "
                      "0 <= n < 5 (= max(n0, 1) + 4, with n0 = 0, p = 7)",
            "values_computed": 20, "max_value": 3, "p_positions": "P-positions: n ≡ 0, 2 (mod 7)",
        },
        "rule": {
            "spec": "subtraction:1,3,4", "found": True, "kind": "periodic", "proved": True,
            "rule": "G(n + 7) = G(n) for n ≥ 0: one period G(0..6) = 0, 1, 0, 1, 2, 3, 2. "
                    "P-positions: n ≡ 0, 2 (mod 7)",
            "reason": "proved: finite subtraction set: G(n) depends only on the 4 values before it, so G(n+p) = G(n) "
                      "for n0 <= n < n0 + 4 implies it for all n >= n0; checked: G(n+7) = G(n) for every 0 <= n < 5 "
                      "(= max(n0, 1) + 4, with n0 = 0, p = 7); the table agrees for all n < 64; self-checked at 83 "
                      "points up to 4,611,686,018,427,387,902 (0 sampled, 0 skipped)",
            "checked_up_to": 64,
            "self_check": {"points": 83, "farthest": 4611686018427387902, "sampled": 0, "skipped": 0},
        },
    }


def test_table_text():
    # Bash, take 2..3: G(n) = floor((n mod 5) / 2)
    out = answer("table", "bash:2-3", "--n", "25")
    assert out.splitlines()[0].strip() == "Grundy values of bash:2-3"
    assert table_rows(out) == [[0, 0, 1, 1, 2] * 2, [0, 0, 1, 1, 2] * 2, [0, 0, 1, 1, 2]]
    assert words(out).endswith(words("""
        bash:2-3: preperiod 0, period 5 (proved: closed form: Bash, take 2..3: G(n) = ⌊(n mod 5) / 2⌋)
        P-positions: n ≡ 0, 1 (mod 5)"""))


def test_period_json():
    # subtraction {2,5,6}: G = 0 0 1 1 0 2 1 3 0 2 1, then again (period 11, P at n ≡ 0, 1, 4, 8)
    assert answer_json("period", "subtraction:2,5,6", "--json") == {
        "spec": "subtraction:2,5,6", "preperiod": 0, "period": 11, "saltus": 0, "proved": True,
        "reason": "finite subtraction set: G(n) depends only on the 6 values before it, so G(n+p) = G(n) "
                  "for n0 <= n < n0 + 6 implies it for all n >= n0; checked: G(n+11) = G(n) for every "
                  "0 <= n < 7 (= max(n0, 1) + 6, with n0 = 0, p = 11)",
        "values_computed": 256, "max_value": 3, "p_positions": "P-positions: n ≡ 0, 1, 4, 8 (mod 11)",
    }


def test_period_of_an_octal_game_and_its_proof():
    # Dawson's Kayles .07: period 34 after the last exception at n = 52 (OEIS A002187 shifted by one)
    assert answer_json("period", "octal:.07", "--json") == {
        "spec": "octal:.07", "preperiod": 53, "period": 34, "saltus": 0, "proved": True,
        "reason": "Guy–Smith periodicity theorem (finite octal game, last digit at 2): G(n+p) = G(n) for "
                  "n0 <= n < 2·n0 + p + 2 implies it for all n >= n0; checked: G(n+34) = G(n) for every "
                  "53 <= n < 142 (= 2·n0 + p + 2, with n0 = 53, p = 34)",
        "values_computed": 256, "max_value": 9,
        "p_positions": "P-positions: n ≡ 5, 9, 21, 25, 29 (mod 34) for n >= 53; below 53: 0, 1, 5, 9, 15, 21, 25, "
                       "29, 35, 39, 43",
    }
    # Kayles: period 12 from n = 71 on (OEIS A002186; Guy and Smith 1956)
    assert words(answer("period", "kayles")) == words("""
        kayles: preperiod 71, period 12 (proved: Guy–Smith periodicity theorem (finite octal game, last digit
        at 2): G(n+p) = G(n) for n0 <= n < 2·n0 + p + 2 implies it for all n >= n0; checked: G(n+12) = G(n)
        for every 71 <= n < 156 (= 2·n0 + p + 2, with n0 = 71, p = 12))
        values computed: 256   largest value: 8
        P-positions: none for n >= 71; below 71: 0""")


def test_period_not_proved_within_max():
    # octal .16 becomes periodic only at n = 105351 (Gangolli and Plambeck 1989)
    assert answer_json("period", "octal:.16", "--max", "4096", "--json") == {
        "spec": "octal:.16", "preperiod": None, "period": None, "saltus": None, "proved": False,
        "reason": "raise --max to look further", "values_computed": 4096, "max_value": 16,
        "p_positions": "P-positions among the first 4096: 0, 2, 3, 9, 15, 23, 837",
    }


# Kayles G(0..99), OEIS A002186 (Guy and Smith 1956)
KAYLES_100 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8,
]


def test_table_png(tmp_path):
    target = tmp_path / "kayles.png"
    out = answer("table", "kayles", "--n", "100", "--png", str(target))
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [v for row in table_rows(out) for v in row] == KAYLES_100
    # no period in 100 values; the pattern finder looks further and the Guy–Smith theorem proves it
    assert "kayles: no period found" not in out
    assert "rule (proved, periodic): G(n + 12) = G(n) for n ≥ 71" in words(out)


def test_list_names_every_ruleset():
    listed = answer_json("list", "--json")
    assert all(set(entry) == {"name", "kind", "family", "component", "example", "aliases", "forms"}
               for entry in listed)
    # one catalogue: the impartial rulesets and the general games, then the partizan ones ('grundy value')
    assert [entry["name"] for entry in listed] == [e.name for e in grundy.catalogue()]
    kinds = [entry["kind"] for entry in listed]
    assert set(kinds) == {"impartial", "general", "partizan"}
    assert kinds.index("partizan") == len(kinds) - kinds.count("partizan")
    forms = {entry["name"]: [form["spec"] for form in entry["forms"]] for entry in listed}
    assert forms["nim"] == ["nim"]
    assert forms["subtraction"] == ["subtraction:S", "subtraction:allbut:S", "subtraction:pow2", "subtraction:fib"]
    assert forms["bash"] == ["bash:M", "bash:A-B", "bash:A-B:all"]
    assert all(form["meaning"] for entry in listed for form in entry["forms"])


def test_user_rules_file(tmp_path):
    rules = tmp_path / "game.py"
    rules.write_text("def moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n")
    # take 1 or 2: G(n) = n mod 3
    table = answer_json("table", "--rules", f"{rules}:moves", "--n", "9", "--json")
    assert (table["spec"], table["n"], table["values"]) == ("moves", 9, [0, 1, 2, 0, 1, 2, 0, 1, 2])
    assert table["pattern"]["period"] is None and table["pattern"]["values_computed"] == 9
    solved = answer_json("solve", "--rules", f"{rules}:moves", "4", "5", "--json")
    # G(4) ^ G(5) = 1 ^ 2 = 3: move 4 -> 2 (G 2) or 5 -> 4 (G 1)
    assert (solved["component_values"], solved["grundy"], solved["outcome"]) == ([1, 2], 3, "N")
    assert [(m["component"], m["from"], m["to"]) for m in solved["winning_moves"]] == [(0, 4, [2]), (1, 5, [4])]
    assert solved["winning_move_count"] == 2
    found = answer_json("period", "--rules", f"{rules}:moves", "--json")
    assert {k: found[k] for k in ("preperiod", "period", "saltus", "proved", "values_computed", "max_value")} == {
        "preperiod": 0, "period": 3, "saltus": 0, "proved": False, "values_computed": 256, "max_value": 2}
    assert found["p_positions"] == "P-positions: n ≡ 0 (mod 3)"


def test_user_splitting_game_decorated(tmp_path):
    rules = tmp_path / "split.py"
    rules.write_text(
        "import grundy\n"
        "@grundy.impartial(splits=True)\n"
        "def lasker(n):\n"
        "    yield from ((m,) for m in range(n))\n"
        "    yield from ((a, n - a) for a in range(1, n // 2 + 1))\n"
    )
    table = answer_json("table", "--rules", f"{rules}:lasker", "--n", "9", "--json")
    assert table["values"] == [0, 1, 2, 4, 3, 5, 6, 8, 7]  # Lasker's Nim (Winning Ways)


@pytest.mark.parametrize("bad", BAD_INPUT, ids=lambda bad: bad.name[:80])
def test_bad_input_is_one_line_exit_2(monkeypatch, bad: Bad):
    monkeypatch.chdir(ROOT)
    code, out, err = run_cli(*bad.argv)
    assert code == 2, (code, out[:300], err[:300])
    line = one_error_line(err)
    assert bad.said in line and len(line) < 400, line[:500]


def test_failing_user_rules_are_reported_not_traced(tmp_path):
    rules = tmp_path / "bad.py"
    rules.write_text("def moves(n):\n    return [n // 0]\n")
    code, out, err = run_cli("solve", "--rules", f"{rules}:moves", "3")
    assert (code, out) == (2, "")
    assert one_error_line(err) == ("the rules of moves failed on position 3: ZeroDivisionError: "
                                   "integer division or modulo by zero")


def test_real_entry_points():
    for command in ([str(Path(sys.executable).parent / "grundy")], [sys.executable, "-m", "grundy"]):
        done = subprocess.run(command + ["--version"], capture_output=True, text=True, cwd=ROOT)
        assert (done.returncode, done.stdout, done.stderr) == (0, "grundy, version 0.1.0\n", "")
    bad = subprocess.run([sys.executable, "-m", "grundy", "solve", "bash:0", "3"], capture_output=True, text=True)
    assert (bad.returncode, bad.stdout) == (2, "")
    assert one_error_line(bad.stderr) == "bash: need 1 <= A <= B (or M >= 1), got '0'"


def test_graph_files(tmp_path):
    triangle, stalk, dag = tmp_path / "t.txt", tmp_path / "s.txt", tmp_path / "d.txt"
    triangle.write_text("# a triangle on a stalk\n0 1\n1 2\n2 3\n3 1\n")
    stalk.write_text("0 1\n1 2\n")
    dag.write_text("1 2\n2 3\n1 3\n3 4\n")
    # Green Hackenbush: the triangle fuses to three loops on vertex 1 (1 ^ 1 ^ 1 = 1), on its stalk 1 + 1 = 2;
    # the path of two edges is worth 2; 2 ^ 2 = 0
    sum_ = answer_json("solve", "hackenbush", "--graph", str(triangle), "--graph", str(stalk), "--json")
    assert (sum_["components"], sum_["grundy"], sum_["outcome"]) == (
        [[[0, 1], [1, 2], [1, 3], [2, 3]], [[0, 1], [1, 2]]], 0, "P")
    assert sum_["winning_moves"] == [] and sum_["winning_move_count"] == 0
    # DAG 1->2, 2->3, 1->3, 3->4: G(4) = 0, G(3) = 1, G(2) = 0, G(1) = mex{0, 1} = 2; tokens on 1 and 2: 2 ^ 0
    tokens = answer_json("solve", "dag", "--graph", str(dag), "--start", "1,2", "--json")
    assert (tokens["component_values"], tokens["grundy"], tokens["outcome"]) == ([2, 0], 2, "N")
    assert [(m["component"], m["from"], m["to"]) for m in tokens["winning_moves"]] == [(0, 1, [2])]
    code, out, err = run_cli("solve", "nim", "--graph", str(dag))
    assert (code, out) == (2, "")
    assert one_error_line(err) == "--graph is for hackenbush, tree-cut, leaf-forest and dag, not nim"
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1\n1 x\n")
    code, out, err = run_cli("solve", "hackenbush", "--graph", str(bad))
    assert (code, out) == (2, "")
    assert one_error_line(err) == (f"{bad}, line 2: expected an edge 'u v' (two vertex numbers "
                                   "0..999,999,999,999,999,999), got '1 x'")


HUGE = "1" + "0" * 22  # past int64
H = int(HUGE)


def test_huge_subtraction_and_bash_parameters_answer():
    # subtraction {10^22}: no move from 3
    heap = answer_json("solve", f"subtraction:{HUGE}", "3", "--json")
    assert (heap["grundy"], heap["outcome"], heap["winning_move_count"]) == (0, "P", 0)
    # bash:M, G(n) = n mod (M + 1): take all 3
    small = answer_json("solve", f"bash:{HUGE}", "3", "--json")
    assert (small["grundy"], small["outcome"], small["winning_move_count"]) == (3, "N", 1)
    assert small["winning_moves"][0]["to"] == [0]
    # 2.1e23 = 21 (M + 1) - 21: G = M + 1 - 21; the one winning move takes all of that
    big = answer_json("solve", f"bash:{HUGE}", "2" + HUGE, "--json")
    assert big["grundy"] == H + 1 - 21 == int("2" + HUGE) % (H + 1)
    assert [m["to"] for m in big["winning_moves"]] == [[int("2" + HUGE) - (H + 1 - 21)]]
    # take A..B with the rest below A: every heap 1..4 < A can be taken whole
    table = answer_json("table", f"bash:{HUGE}-1{HUGE}:all", "--n", "5", "--json")
    assert table["values"] == [0, 1, 1, 1, 1]
    found = answer_json("period", f"subtraction:1,{HUGE}", "--max", "256", "--json")
    # within 256 values only the move 1 counts: G alternates 0 1, period 2, not provable from 256 values
    assert (found["preperiod"], found["period"], found["proved"], found["values_computed"]) == (0, 2, False, 256)


def test_bash_counts_winning_moves_it_cannot_list():
    """bash:A-B with A = 10^22, B = 2.1e23, n = 3.1e23: the values repeat every A + B = 2.2e23.
    Normal play: G(n) = floor((n mod 2.2e23) / A) = floor(9e22 / 1e22) = 9; the moves leave m in
    [n - B, n - A] = [1e23, 3e23], and G(m) = 0 for m in [2.2e23, 2.3e23): 10^22 winning moves.
    Misère: P iff m mod 2.2e23 is in [A, 2A), i.e. m in [2.3e23, 2.4e23): again 10^22 of them."""
    spec, heap = f"bash:{HUGE}-2{HUGE}", "3" + HUGE
    normal = answer_json("solve", spec, heap, "--json")
    assert (normal["grundy"], normal["outcome"], normal["winning_move_count"]) == (9, "N", H)
    assert normal["winning_moves_truncated"] is True and len(normal["winning_moves"]) == 10_000
    assert normal["winning_moves"][0]["to"] == [23 * H - 1] and normal["winning_moves"][-1]["to"] == [23 * H - 10_000]
    misere = answer_json("solve", spec, heap, "--misere", "--json")
    assert (misere["grundy"], misere["outcome"], misere["winning_move_count"]) == (None, "N", H)
    assert misere["winning_moves_truncated"] is True and len(misere["winning_moves"]) == 10_000
    assert misere["winning_moves"][0]["to"] == [24 * H - 1]


def test_bash_misere_one_heap_by_arithmetic_matches_the_definition():
    for spec in ("bash:3", "bash:2-5", "bash:2-5:all", "bash:1-1"):
        rules = grundy.ruleset(spec)
        for heap in range(30):
            fast = grundy.solve(spec, [heap], misere=True)
            lost = {m for m in range(heap) if rules.misere_outcome(m) == "P"}
            wins = {o[0] for o in rules.options(heap) if o[0] in lost}
            assert fast.outcome == ("N" if wins or not list(rules.options(heap)) else "P")
            assert {m.option[0] for m in fast.winning_moves} == wins and fast.winning_move_count == len(wins)


def test_no_message_tells_the_user_to_call_python():
    """Messages of the parsing layer speak of command-line options, not Python calls, while the
    command line runs (tests/test_notebook.py has their Python wording)."""
    for spec in ("nimm", "bash:x", "subtraction:", "moore:0"):
        with command_line(), pytest.raises(grundy.GrundyError) as info:
            grundy.ruleset(spec)
        assert "()" not in str(info.value) and "max_states" not in str(info.value)
