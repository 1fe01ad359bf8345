"""The problem catalogue's plumbing and the stress tester (`grundy problem NAME --check CMD`)."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.core.errors import GrundyError
from grundy.problems import check as check_module
from grundy.problems.base import ProblemInputError, Reader, get
from grundy.problems.check import check, excerpt, run_program

GRUNDY = str(Path(sys.executable).parent / "grundy")

RIGHT = """import sys
d = sys.stdin.read().split()
for i in range(int(d[0])):
    n, m = int(d[1 + 2 * i]), int(d[2 + 2 * i])
    print("first" if n % (m + 1) else "second")
"""
WRONG = RIGHT.replace("n % (m + 1)", "n % (m + 1) or n > 20")


@pytest.fixture()
def programs(tmp_path):
    right, wrong = tmp_path / "right.py", tmp_path / "wrong.py"
    right.write_text(RIGHT)
    wrong.write_text(WRONG)
    return f"{sys.executable} {right}", f"{sys.executable} {wrong}"


def first_failing_input(problem, command, seed, cases, max_size):
    """Replay the generator as ``check`` does: the input of the first case the program gets wrong."""
    rng = random.Random(seed)
    for i in range(cases):
        text = problem.generate(rng, 1 + (i * max_size) // cases)
        out, trouble = run_program(command, text, timeout=30)
        if trouble or out.split() != problem.solve(text).split():
            return text
    return None


def test_a_wrong_solution_is_caught_and_shrunk(programs, monkeypatch):
    _, wrong = programs
    problem = get("hdu1846")
    original = first_failing_input(problem, wrong, seed=3, cases=60, max_size=10)
    report = check(problem, wrong, seed=3, cases=60, max_size=10)
    failure = report.failure
    assert failure is not None and failure.reason == "wrong answer"
    assert problem.solve(failure.input) == failure.expected != failure.received
    # shrunk: strictly shorter than the first failing input, and the program still fails on it
    assert len(failure.input) < len(original)
    received, trouble = run_program(wrong, failure.input, timeout=30)
    assert not trouble and received.split() != problem.solve(failure.input).split()
    # the assertion can fail: when shrinking does nothing, the reported input is the first failing one
    monkeypatch.setattr(check_module, "shrink", lambda problem, command, failure, *rest: failure)
    unshrunk = check(problem, wrong, seed=3, cases=60, max_size=10).failure
    assert unshrunk.input == original and not len(unshrunk.input) < len(original)


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


def _script(tmp_path, name, body):
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


def test_a_program_that_prints_forever_is_stopped(tmp_path):
    report = check(get("hdu1846"), _script(tmp_path, "yes.sh", "yes"), cases=2)
    failure = report.failure
    assert failure is not None and failure.reason.startswith("output too long")
    assert len(failure.received) < 5000 and "more lines" in failure.received


def test_a_huge_output_is_not_dumped(tmp_path):
    big = _script(tmp_path, "big.sh", "head -c 20000000 /dev/zero | tr '\\0' 'x'")
    report = check(get("hdu1846"), big, cases=1)
    assert report.failure.reason.startswith("output too long") and len(report.failure.received) < 5000


def test_a_long_wrong_answer_is_shown_around_its_first_difference():
    expected = "".join(f"{i}\n" for i in range(100_000))
    received = expected.replace("\n70000\n", "\nx\n")
    shown_expected, shown_received = excerpt(expected, received)
    assert "70000" in shown_expected and "\nx\n" in shown_received
    assert len(shown_expected) < 2000 and len(shown_received) < 2000 and "lines before" in shown_received
    assert excerpt("first\n", "second\n") == ("first\n", "second\n")


@pytest.mark.parametrize("command, message", [
    ("", "needs a command"),
    ("   ", "needs a command"),
    ("no-such-command-grundy-test", "not found"),
    ("/no/such/program", "no such file"),
    ("'unbalanced", "cannot split"),
])
def test_commands_that_cannot_run_are_input_errors(command, message):
    with pytest.raises(GrundyError, match=message):
        check(get("hdu1846"), command, cases=1)


def test_a_file_that_is_not_executable_is_an_input_error(tmp_path):
    plain = tmp_path / "sol.py"
    plain.write_text("print('first')\n")
    with pytest.raises(GrundyError, match="not an executable file"):
        check(get("hdu1846"), str(plain), cases=1)


@pytest.mark.parametrize("timeout", [1e9, float("nan"), float("inf"), 0.0, -1.0])
def test_timeouts_out_of_range_are_refused(timeout):
    with pytest.raises(GrundyError, match="--timeout"):
        check(get("hdu1846"), "cat", cases=1, timeout=timeout)


def test_run_program_streams_both_ways_and_bounds_stderr(tmp_path):
    text = "7 " * 1_500_000  # 3 MB through cat: no deadlock between its stdin and stdout
    out, trouble = run_program("cat", text, timeout=30, max_output=10_000_000)
    assert trouble == "" and out == text
    out, trouble = run_program("true", text, timeout=30)  # stops reading at once: no broken pipe
    assert (out, trouble) == ("", "")
    noisy = _script(tmp_path, "noisy.sh", "head -c 5000000 /dev/zero | tr '\\0' 'e' >&2; exit 4")
    out, trouble = run_program(noisy, "", timeout=30)
    assert out is None and trouble.startswith("exited with status 4") and len(trouble) < 400


def test_the_report_cuts_a_long_input(capsys):
    from grundy.cli.problem import check_report
    from grundy.problems.check import CheckReport, Failure

    long_input = "".join(f"{i} 1\n" for i in range(1000))
    check_report(CheckReport("hdu1846", 3, Failure(long_input, "first\n", "second\n", "wrong answer")))
    out = capsys.readouterr().out
    assert "more lines" in out and out.count("\n") < 40


def test_cli_check_errors_and_too_much_output(tmp_path):
    empty = subprocess.run([GRUNDY, "problem", "hdu1846", "--check", ""], capture_output=True, text=True)
    assert empty.returncode == 2 and empty.stderr.startswith("grundy: error: ") and empty.stderr.count("\n") == 1
    big = _script(tmp_path, "yes.sh", "yes")
    done = subprocess.run([GRUNDY, "problem", "hdu1846", "--check", big, "--cases", "2"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1 and "output too long" in done.stdout and len(done.stdout) < 5000
