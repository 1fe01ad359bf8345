"""The problem catalogue's plumbing and the stress tester (`grundy problem NAME --check CMD`)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.problems.base import ProblemInputError, Reader, get
from grundy.problems.check import check

GRUNDY = str(Path(sys.executable).parent / "grundy")

RIGHT = """import sys
d = sys.stdin.read().split()
for i in range(int(d[0])):
    n, m = int(d[1 + 2 * i]), int(d[2 + 2 * i])
    print("first" if n % (m + 1) else "second")
"""
WRONG = RIGHT.replace("n % (m + 1)", "n % (m + 1) or n > 50")


@pytest.fixture()
def programs(tmp_path):
    right, wrong = tmp_path / "right.py", tmp_path / "wrong.py"
    right.write_text(RIGHT)
    wrong.write_text(WRONG)
    return f"{sys.executable} {right}", f"{sys.executable} {wrong}"


def test_a_wrong_solution_is_caught_and_shrunk(programs):
    _, wrong = programs
    report = check(get("hdu1846"), wrong, seed=3, cases=60, max_size=10)
    assert report.failure is not None and report.failure.reason == "wrong answer"
    failure = report.failure
    assert failure.expected != failure.received
    assert get("hdu1846").solve(failure.input) == failure.expected
    # shrunk: no smaller generated size fails, and it is no longer than the first failing input
    assert len(failure.input.split()) <= 1 + 2 * 10


def test_a_correct_solution_passes(programs):
    right, _ = programs
    report = check(get("hdu1846"), right, seed=1, cases=25)
    assert report.failure is None and report.passed == 25


def test_a_hanging_program_is_stopped():
    report = check(get("hdu1846"), "sleep 30", cases=2, timeout=0.3)
    assert report.failure is not None and "no answer within 0.3 s" in report.failure.reason


def test_a_crashing_program_is_reported():
    report = check(get("hdu1846"), f"{sys.executable} -c 'raise SystemExit(3)'", cases=1)
    assert "exited with status 3" in report.failure.reason


def test_cli_check_exit_codes(programs):
    right, wrong = programs
    ok = subprocess.run([GRUNDY, "problem", "hdu1846", "--check", right, "--cases", "10"],
                        capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0 and "passed" in ok.stdout
    bad = subprocess.run([GRUNDY, "problem", "hdu1846", "--check", wrong, "--cases", "60", "--seed", "3", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 1 and json.loads(bad.stdout)["failure"]["reason"] == "wrong answer"


def test_cli_solves_from_stdin_and_reports_bad_lines():
    done = subprocess.run([GRUNDY, "problem", "hdu1846"], input="2\n23 2\n4 3\n", capture_output=True, text=True)
    assert done.stdout == "first\nsecond\n"
    bad = subprocess.run([GRUNDY, "problem", "hdu1846"], input="2\n23 2\n4 x\n", capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("grundy: error: line 3:") and "Traceback" not in bad.stderr
    unknown = subprocess.run([GRUNDY, "problem", "nosuch"], capture_output=True, text=True)
    assert unknown.returncode == 2 and "unknown problem" in unknown.stderr



def test_reader_messages():
    r = Reader("1 2\n3\n")
    assert r.ints(3, "heap", 0, 5) == [1, 2, 3]
    with pytest.raises(ProblemInputError, match="line 2: expected more, but the input ended"):
        r.word("more")
    with pytest.raises(ProblemInputError, match="line 1: unexpected '9' after the last test case"):
        r2 = Reader("9")
        r2.end()
