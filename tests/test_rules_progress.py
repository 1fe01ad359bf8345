"""A game of your own (--rules) that is slow shows its progress like a built-in one: a bar on a
terminal within about a second whatever the count of values, and Ctrl-C says how far the work got
(the exact count, and for period and pattern the answer of the values computed so far)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from grundy.core import progress
from grundy.core.engine import GrundyEngine
from grundy.core.errors import Interrupted
from tests.test_cli_progress import _run, bar_frames, screen

# G(n) = n mod 3; each position logs itself and then takes 20 ms
SLOW = '''
import os
import time

LOG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "calls.log")


def moves(n):
    with open(LOG, "a") as log:
        log.write(f"{n}\\n")
    time.sleep(0.02)
    return [n - 1, n - 2] if n >= 2 else ([n - 1] if n else [])


def pairs(p):
    with open(LOG, "a") as log:
        log.write(f"{p}\\n")
    time.sleep(0.005)
    a, b = p
    return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)
'''
PERIOD_3 = "G(n) = n mod 3. P-positions: n ≡ 0 (mod 3)"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    (tmp_path / "slow.py").write_text(SLOW)
    return tmp_path


def _calls(folder: Path) -> int:
    log = folder / "calls.log"
    return len(log.read_text().splitlines()) if log.exists() else 0


def _stopped(argv: list[str], folder: Path, calls: int, terminal: bool = False) -> tuple[int, str, str, int]:
    """Run grundy ARGV in ``folder``, Ctrl-C once the rules have been called ``calls`` times.
    Returns the exit status, stdout, stderr and the calls of the rules made in all."""
    code, out, err = _run(argv, 30, terminal, until=lambda: _calls(folder) >= calls, cwd=str(folder))
    return code, out, err, _calls(folder)


def _finished(count: int, calls: int) -> None:
    """The count said is the real one: every position whose rules were called, but the one Ctrl-C
    stopped in the middle of its call."""
    assert calls - 1 <= count <= calls, (count, calls)


def _count(pattern: str, line: str) -> int:
    found = re.fullmatch(pattern, line)
    assert found, line
    return int(found.group(1).replace(",", ""))


def test_a_period_search_of_a_slow_rule_shows_its_bar_and_ctrl_c_prints_the_period_so_far(game):
    code, out, err, calls = _stopped(["period", "--rules", "slow.py:moves"], game, 80, terminal=True)
    assert code == 130
    # the bar within about a second, with far fewer values than a report by count would need
    assert bar_frames(err, r"\d+ of 256 values")
    n = _count(r"grundy: interrupted after (\d+) values", screen(err)[-1])  # a line of its own, under no bar
    _finished(n, calls)
    assert out.splitlines() == [
        f"moves: preperiod 0, period 3 (observed, not proved: interrupted after {n} values; the period in sight "
        "holds from heap 0 on)",
        f"values computed: {n}   largest value: 2",
        "P-positions: n ≡ 0 (mod 3)",
    ]


def test_period_json_of_a_slow_rule_says_it_was_interrupted(game):
    code, out, err, calls = _stopped(["period", "--rules", "slow.py:moves", "--json"], game, 40)
    n = _count(r"grundy: interrupted after (\d+) values\n", err)
    _finished(n, calls)
    data = json.loads(out)
    assert code == 130 and data["interrupted"] is True
    assert (data["preperiod"], data["period"], data["proved"], data["values_computed"]) == (0, 3, False, n)


def test_pattern_json_of_a_slow_rule_gives_the_rule_so_far_marked_interrupted(game):
    code, out, err, calls = _stopped(["pattern", "--rules", "slow.py:moves", "--json"], game, 40)
    n = _count(r"grundy: interrupted after (\d+) values\n", err)
    _finished(n, calls)
    assert code == 130
    assert json.loads(out) == {
        "spec": "moves", "found": True, "kind": "periodic", "rule": PERIOD_3, "proved": False,
        "reason": f"conjecture: checked for all n < {n}; the rule states 3 numbers against {n} values; "
                  f"interrupted after {n} values, before the self-check",
        "checked_up_to": n, "self_check": None, "interrupted": True,
    }


def test_pattern_off_a_terminal_prints_the_rule_so_far(game):
    code, out, err, calls = _stopped(["pattern", "--rules", "slow.py:moves"], game, 40)
    n = _count(r"grundy: interrupted after (\d+) values\n", err)
    _finished(n, calls)
    assert code == 130
    assert out.splitlines() == [
        f"moves: {PERIOD_3}",
        f"conjecture (periodic): checked for all n < {n}; the rule states 3 numbers against {n} values; "
        f"interrupted after {n} values, before the self-check",
    ]


def test_pattern_of_slow_pairs_gives_the_square_computed(game):
    code, out, err, calls = _stopped(["pattern", "--rules", "slow.py:pairs", "--arity", "2", "--json"], game, 200)
    data = json.loads(out)
    side = data["checked_up_to"]
    assert code == 130 and data["interrupted"] is True and side * side <= calls
    assert err == f"grundy: interrupted after {side * side:,} values\n"


def test_table_of_a_slow_rule_shows_its_bar_and_ctrl_c_says_how_many_values(game):
    code, out, err, calls = _stopped(["table", "--rules", "slow.py:moves", "--max", "2000"], game, 60,
                                     terminal=True)
    assert (code, out) == (130, "")
    assert bar_frames(err, r"\d+ of 2,000 values")
    n = _count(r"grundy: interrupted after (\d+) of 2,000 values \(no answer yet\)", screen(err)[-1])
    _finished(n, calls)


def test_solve_of_a_slow_rule_shows_its_bar_and_ctrl_c_says_how_many_positions(game):
    code, out, err, calls = _stopped(["solve", "--rules", "slow.py:moves", "300"], game, 60, terminal=True)
    assert (code, out) == (130, "")
    assert bar_frames(err, r"\d+ positions valued")
    n = _count(r"grundy: interrupted after (\d+) positions valued \(no answer yet\)", screen(err)[-1])
    _finished(n, calls)


def test_solve_off_a_terminal_gives_one_line_with_the_count(game):
    code, out, err, calls = _stopped(["solve", "--rules", "slow.py:moves", "300"], game, 30)
    assert (code, out) == (130, "")
    _finished(_count(r"grundy: interrupted after (\d+) positions valued \(no answer yet\)\n", err), calls)


def test_a_long_table_of_fast_rules_shows_its_bar():
    rules = str(Path(__file__).parent.parent / "examples" / "rules" / "take_or_halve.py") + ":moves"
    code, out, err = _run(["table", "--rules", rules, "--max", "3000000"], 2.5, terminal=True)
    assert (code, out) == (130, "")
    assert bar_frames(err, r"[\d,]+ of 3,000,000 values")
    assert re.fullmatch(r"grundy: interrupted after [\d,]+ of 3,000,000 values \(no answer yet\)", screen(err)[-1])


def test_tabulate_reports_by_time_and_keeps_the_values_finished_on_ctrl_c():
    heard = []

    def slow(i: int) -> int:
        if i == 12:
            raise KeyboardInterrupt
        time.sleep(0.03)
        return i % 3

    with progress.listening(lambda what, done, total: heard.append((what, done, total))), \
            pytest.raises(Interrupted) as stop:
        progress.tabulate(slow, 20)
    assert stop.value.partial == [i % 3 for i in range(12)]
    assert heard[-1] == ("values", 12, 20) and len(heard) >= 3  # ~0.36 s of work: a report every ~0.1 s
    assert progress.last() == "12 of 20 values"


def test_the_engine_reports_a_long_walk_by_time_not_by_count():
    heard = []

    def slow(n: int) -> list[int]:
        time.sleep(0.01)
        return [m for m in (n - 1, n - 2) if m >= 0]

    with progress.listening(lambda what, done, total: heard.append((what, done))):
        assert GrundyEngine(slow).value(120) == 0  # 1.2 s of a hundred positions
    assert heard and all(what == "positions valued" and done <= 121 for what, done in heard)
