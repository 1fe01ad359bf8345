"""One rule for the width of text answers (issue 32): piped or redirected, rich tables and text
neither wrap nor drop columns (the width is $COLUMNS when set, else as wide as a line is); on a
terminal they fit the terminal. Each test runs the CLI as a pipe sees it (tests.helpers.run_cli) and
asserts the exact lines. ``grundy problem --list`` is one short line per problem.

Expected lines are worked out by hand: subtraction {1,3,4} has G = 0 1 0 1 2 3 2, period 7, its
P-positions n = 0, 2 (mod 7); the sweep rows are the ones the test writes.
"""

from pathlib import Path

import pytest

from grundy.cli.render import PIPED_WIDTH, AnswerConsole
from tests.helpers import run_cli

PERIOD_WHY = ("finite subtraction set: G(n) depends only on the 4 values before it, so G(n+p) = G(n) for "
              "n0 <= n < n0 + 4 implies it for all n >= n0")


@pytest.fixture(autouse=True)
def no_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """No $COLUMNS: what a pipe from an interactive shell sees (bash does not export it)."""
    monkeypatch.delenv("COLUMNS", raising=False)


def answer(*argv: str) -> list[str]:
    """The lines of stdout of a command that must succeed, with nothing on stderr."""
    code, out, err = run_cli(*argv)
    assert (code, err) == (0, ""), (argv, code, err[-2000:])
    return out.splitlines()


def test_problem_list_is_one_line_per_problem() -> None:
    lines = answer("problem", "--list")
    assert lines[0] == "grundy problems (grundy problem NAME < input; NAME --explain; NAME --sample)"
    rows = [line for line in lines[1:] if line.startswith("  ")]  # under the topics' headings (tests/test_rough_cli.py)
    assert len(rows) == 40 and len(lines) == 1 + 14 + 40  # the 40 problems, one line each (was 290 lines)
    assert lines[1] == "P/N positions (--topic pn)"
    assert lines[2].split() == ["agc002e", "AtCoder", "AGC", "002", "E", "Candy", "Piles"]
    assert all(line == line.rstrip() for line in lines[1:])
    assert all(len(line) < 120 for line in lines)
    names = [line.split()[0] for line in rows]
    assert sorted(names) == sorted(set(names)) and "hdu1846" in names


def test_problem_list_matching_a_word() -> None:
    # the three problems of Wythoff's game, in columns: name, source, title
    assert answer("problem", "--list", "wythoff") == [
        "grundy problems mentioning 'wythoff' (grundy problem NAME < input; NAME --explain; NAME --sample)",
        "Wythoff's game (--topic wythoff)",
        "  hdu1527  HDU 1527  取石子游戏 (Wythoff's game)",
        "  hdu2177  HDU 2177  取(2堆)石子游戏 (Wythoff's game, winning moves)",
        "  poj1067  POJ 1067  取石子游戏 (Wythoff's game)",
    ]


def test_period_line_is_whole_when_piped() -> None:
    lines = answer("period", "subtraction:1,3,4")
    assert len(lines) == 3, lines  # the why of the proof is one line, however long (was 4 lines at 80)
    assert lines[0].startswith(f"subtraction:1,3,4: preperiod 0, period 7 (proved: {PERIOD_WHY}") and len(lines[0]) > 80
    assert lines[0].endswith(")")
    assert lines[1:] == ["values computed: 256   largest value: 3", "P-positions: n ≡ 0, 2 (mod 7)"]


def test_pattern_lines_are_whole_when_piped() -> None:
    assert answer("pattern", "subtraction:1,3,4") == [
        "subtraction:1,3,4: G(n + 7) = G(n) for n ≥ 0: one period G(0..6) = 0, 1, 0, 1, 2, 3, 2. "
        "P-positions: n ≡ 0, 2 (mod 7)",
        f"proved (periodic): {PERIOD_WHY}; checked: G(n+7) = G(n) for every 0 <= n < 5 (= max(n0, 1) + 4, with "
        "n0 = 0, p = 7); the table agrees for all n < 64; self-checked at 83 points up to "
        "4,611,686,018,427,387,902 (0 sampled, 0 skipped)",
    ]


def test_solve_lines_are_whole_when_piped() -> None:
    # G(9) = G(2) = 0, G(5) = 3: nim-sum 3; the why is one line of 135 characters, not wrapped at 80
    assert answer("solve", "subtraction:1,3,4", "9", "5") == [
        "subtraction:1,3,4  position: 9  5", "Grundy value: 3   component values: [0, 3]",
        "N: the player to move wins",
        "why: Sprague–Grundy: subtraction set {1, 3, 4}: values by the mex table. Values [0, 3]; "
        "nim-sum 0 ^ 3 = 3: the player to move wins by making it 0.",
        "winning moves (2):", "  heap 1: 9 -> 5   its value 0 becomes 0 ^ 3 = 3",
        "  heap 2: 5 -> 2   its value 3 becomes 3 ^ 3 = 0"]


def sweep_database(path: Path) -> None:
    """A sweep of three games: a proved one, one whose note is long, one without a period."""
    from grundy.sweep.store import Row, Store

    store = Store(path)
    store.write(Row("octal", "octal:0.07", "octal:0.07", "done", 53, 34, 0, True, 256, 8, None, 0.1, "0.1.0"))
    store.write(Row("octal", "octal:0.17", "octal:0.17", "done", 0, 5, 0, False, 4096, 4, None, 0.2, "0.1.0",
                    "stopped at the work budget of 4,096 values"))
    store.write(Row("octal", "octal:0.37", "octal:0.37", "done", None, None, None, False, 65536, 9, None, 1.5,
                    "0.1.0", "no period within the values computed"))
    store.close()


def test_sweep_show_keeps_every_column_when_piped(tmp_path: Path) -> None:
    sweep_database(tmp_path / "s.sqlite")
    lines = answer("sweep", "show", "--db", str(tmp_path / "s.sqlite"))
    assert lines[0].rstrip() == f"{tmp_path / 's.sqlite'}: 3 games"
    head = [cell.strip() for cell in lines[2].strip("┃").split("┃")]
    rows = [[cell.strip() for cell in line.strip("│").split("│")] for line in lines if line.startswith("│")]
    assert head == ["spec", "preperiod", "period", "saltus", "proved", "values", "max", "note"]
    assert rows == [["octal:0.07", "53", "34", "0", "yes", "256", "8", ""],
                        ["octal:0.17", "0", "5", "0", "no", "4,096", "4", "observed, budget"],
                        ["octal:0.37", "", "", "", "no", "65,536", "9", "no period"]]
    assert lines[-1].startswith("└") and lines[-1].endswith("┘")  # the table's right edge is there too


def test_columns_sets_the_width_of_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    # $COLUMNS, when set, is the width asked for: the period's why wraps at 60 characters
    monkeypatch.setenv("COLUMNS", "60")
    lines = answer("period", "subtraction:1,3,4")
    assert max(len(line) for line in lines) <= 60 and len(lines) > 3


def test_the_console_fits_a_terminal_and_not_a_pipe() -> None:
    import io

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    piped, terminal = AnswerConsole(file=io.StringIO()), AnswerConsole(file=Terminal(), width=72)
    assert (piped.width, terminal.width) == (PIPED_WIDTH, 72)
