"""The problem catalogue's plumbing and the stress tester (`grundy problem NAME --check CMD`)."""

import json
import os
import pty
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grundy.core.errors import GrundyError
from grundy.problems import check as check_module
from grundy.problems.base import GENERATED_SIZES, ProblemInputError, Reader, catalogue, get, read_layout
from grundy.problems.check import check, excerpt, failure, run_program
from grundy.problems.shrink import minimise
from tests.helpers import read_all, read_terminal

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


def test_a_wrong_solution_is_caught_and_shrunk_to_a_minimal_input(programs, monkeypatch):
    _, wrong = programs  # wrong when n > 20 and m + 1 divides n
    problem = get("hdu1846")
    original = first_failing_input(problem, wrong, seed=3, cases=60, max_size=10)
    report = check(problem, wrong, seed=3, cases=60, max_size=10)
    found = report.failure
    assert found is not None and found.reason == "wrong answer" and found.minimal
    assert problem.solve(found.input) == found.expected != found.received
    # no smaller input fails: one case, and n + m at its least (22 1 and 21 2 both have 23)
    assert found.input in ("1\n22 1\n", "1\n21 2\n") and len(found.input) < len(original)
    smaller = "".join(f"{n} {m}\n" for n in range(1, 23) for m in range(1, 23 - n))
    received, trouble = run_program(wrong, f"{smaller.count(chr(10))}\n{smaller}", timeout=30)
    assert not trouble and received == problem.solve(f"{smaller.count(chr(10))}\n{smaller}")
    # the assertions can fail: when shrinking does nothing, the reported input is the first failing one
    monkeypatch.setattr(check_module, "shrink", lambda problem, command, found, *rest: found)
    unshrunk = check(problem, wrong, seed=3, cases=60, max_size=10).failure
    assert unshrunk.input == original and not unshrunk.minimal


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
    assert len(failure.received) < 5000 and failure.received_lines > 100_000


def test_a_huge_output_is_not_dumped(tmp_path):
    big = _script(tmp_path, "big.sh", "head -c 20000000 /dev/zero | tr '\\0' 'x'")
    report = check(get("hdu1846"), big, cases=1)
    assert report.failure.reason.startswith("output too long") and len(report.failure.received) < 5000


def test_a_long_wrong_answer_is_shown_around_its_first_difference():
    expected = "".join(f"{i}\n" for i in range(100_000))
    received = expected.replace("\n70000\n", "\nx\n")
    shown_expected, shown_received, first = excerpt(expected, received)
    assert first == 70001 - 3 and shown_received.splitlines()[3] == "x" and shown_expected.splitlines()[3] == "70000"
    assert len(shown_expected) < 2000 and len(shown_received) < 2000
    assert excerpt("first\n", "second\n") == ("first\n", "second\n", 1)


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
    from grundy.problems.check import CheckReport

    long_input = "".join(f"{i} 1\n" for i in range(1000))
    check_report(CheckReport("hdu1846", 3, failure(long_input, "first\n", "second\n", "wrong answer")))
    out = capsys.readouterr().out
    assert "more lines" in out and out.count("\n") < 40


def test_cli_check_errors_and_too_much_output(tmp_path):
    empty = subprocess.run([GRUNDY, "problem", "hdu1846", "--check", ""], capture_output=True, text=True)
    assert empty.returncode == 2 and empty.stderr.startswith("grundy: error: ") and empty.stderr.count("\n") == 1
    big = _script(tmp_path, "yes.sh", "yes")
    done = subprocess.run([GRUNDY, "problem", "hdu1846", "--check", big, "--cases", "2"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1 and "output too long" in done.stdout and len(done.stdout) < 5000


# -- shrinking to a minimal input, and the report side by side ---------------------------------------
ALWAYS_SECOND = "import sys\nfor _ in range(int(sys.stdin.read().split()[0])):\n    print('second')\n"


def test_cli_reports_the_smallest_failing_input_side_by_side(tmp_path):
    program = tmp_path / "second.py"
    program.write_text(ALWAYS_SECOND)  # wrong whenever m + 1 does not divide n: "1 1" is the least
    done = subprocess.run([GRUNDY, "problem", "hdu1846", "--check", f"{sys.executable} {program}"],
                          capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout.splitlines() == [
        "failed after 0 passing inputs: wrong answer",
        "input (minimal: no smaller edit of it still fails):",
        "1",
        "1 1",
        "output (line 1 differs):",
        "  line  expected  received",
        ">    1  first     second",
    ]


def test_cli_says_when_the_shrinking_budget_ran_out(tmp_path):
    program = tmp_path / "second.py"
    program.write_text(ALWAYS_SECOND)
    argv = [GRUNDY, "problem", "hdu1846", "--check", f"{sys.executable} {program}", "--seed", "4", "--cases", "30",
            "--shrink-seconds", "0"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert done.stdout.splitlines()[1] == ("input (shrinking stopped at its 0 s budget; a smaller one may fail too: "
                                           "raise --shrink-seconds):")
    data = json.loads(subprocess.run(argv + ["--json"], capture_output=True, text=True, timeout=300).stdout)
    found = data["failure"]
    assert set(found) == {"input", "expected", "received", "reason", "first_difference_line", "first_shown_line",
                          "expected_lines", "received_lines", "minimal"}
    assert found["minimal"] is False and found["input"] == "1\n5 2\n"  # the first failing input: not shrunk
    assert found["expected"] == get("hdu1846").solve(found["input"]) and set(found["received"].split()) == {"second"}


def _wrong_letters(text):
    """An S-Nim "program" that errs on any position holding a heap of 5 or more."""
    right = get("hdu1536").solve(text)
    return right.replace("W", "x") if max(map(int, text.split())) >= 5 else right


def test_edits_keep_nested_counts_and_the_layout_of_lines():
    problem = get("hdu1536")
    sample = problem.samples[0][0]  # two test cases, three positions each, heaps up to 12
    layout = read_layout(problem.solve, sample)[1]

    def verdict(text):  # as check_module._edit_verdict does, with an S-Nim "program" in process
        try:
            expected, lines = read_layout(problem.solve, text)
        except GrundyError:
            return None
        return text if lines <= layout and _wrong_letters(text) != expected else None

    assert verdict(sample) == sample
    found, minimal = minimise(sample, sample, verdict, deadline=float("inf"))
    assert (found, minimal) == ("1 1\n1\n1 5\n0\n", True)  # k, S = {1}; m; l = 1 heap of 5; the end
    # without the layout, "1 1\n1 1 5\n0\n" reads the same tokens: m and the heaps' count on one line
    assert read_layout(problem.solve, "1 1\n1 1 5\n0\n")[1] - layout


def test_edits_stop_at_the_deadline():
    assert minimise("3\n5 7 9\n0\n", "first", lambda text: text, deadline=0.0) == ("first", False)


def _report_lines(capsys, found):
    from grundy.cli.problem import check_report
    from grundy.problems.check import CheckReport

    found.minimal = True
    check_report(CheckReport("hdu1850", 2, found))
    return capsys.readouterr().out.splitlines()


def test_long_outputs_are_compared_around_their_first_difference(capsys):
    expected = "".join(f"{i}\n" for i in range(100))
    lines = _report_lines(capsys, failure("1\n5 7 9\n", expected, expected.replace("\n60\n", "\n6O\n"),
                                          "wrong answer"))
    assert lines[:4] == ["failed after 2 passing inputs: wrong answer",
                         "input (minimal: no smaller edit of it still fails):", "1", "5 7 9"]
    assert lines[4:] == [
        "output (line 61 differs; lines 58-64 shown of 100 expected and 100 received):",
        "  line  expected  received",
        "    58  57        57",
        "    59  58        58",
        "    60  59        59",
        ">   61  60        6O",
        "    62  61        61",
        "    63  62        62",
        "    64  63        63",
    ]


def test_missing_lines_are_shown_as_such(capsys):
    lines = _report_lines(capsys, failure("2\n1 1\n2 1\n", "first\nsecond\n", "first\n", "wrong answer"))
    assert lines[5:] == ["output (line 2 differs):", "  line  expected  received", "     1  first     first",
                         ">    2  second    (no line)"]


def test_wide_lines_are_compared_one_under_the_other(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")  # an 80-column width: too narrow for the two side by side
    wide, other = "1 " * 40, "1 " * 39 + "0"
    lines = _report_lines(capsys, failure("1\n3\n", wide + "\n", other + "\n", "wrong answer"))
    assert lines[4:] == ["output (line 1 differs):", "expected:", f">    1  {wide}", "received:", f">    1  {other}"]


# -- generated inputs keep to each problem's limits (--max-size is clamped) ---------------------------
def test_generated_inputs_keep_to_every_problems_limits():
    problems = catalogue()
    assert set(GENERATED_SIZES) == set(problems)  # a new problem needs its entry
    for name, problem in problems.items():  # past its max_size a size is taken as max_size
        for size, seeds in ((1, 3), (10, 3), (100, 3), (10**9, 1)):  # inputs of 10^6 numbers take seconds
            for seed in range(seeds):
                problem.solve(problem.generate(random.Random(f"{name}/{size}/{seed}"), size))  # raises if refused
    # the check can fail: without the cap, hdu1846's generator writes n or m past 1000 at size 1000
    raw = get("hdu1846").generate.__wrapped__
    refused = 0
    for seed in range(20):
        try:
            get("hdu1846").solve(raw(random.Random(seed), 1000))
        except ProblemInputError as exc:
            assert "(past the problem's limits)" in str(exc)
            refused += 1
    assert refused > 10


def test_max_size_past_the_limits_is_lowered_and_said(programs):
    right, _ = programs
    assert check(get("hdu1846"), right, cases=3, max_size=1000).largest_size == 100
    assert check(get("hdu1846"), right, cases=3, max_size=50).largest_size == 50
    done = subprocess.run([GRUNDY, "problem", "hdu1846", "--check", right, "--cases", "30", "--max-size", "1000"],
                          capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [
        "note: --max-size 1,000 lowered to 100, the largest size whose inputs keep to the limits of hdu1846",
        "ok: 30 random inputs of hdu1846 passed (sizes 1 to 100: the largest within the problem's limits)"]
    for name in ("cf850c", "bob-and-ben"):  # wrong programs: every failure is theirs, never a refused input
        assert check(get(name), "true", cases=1, max_size=10**9).largest_size == get(name).max_size
        done = subprocess.run([GRUNDY, "problem", name, "--check", right, "--cases", "3", "--max-size", "100000",
                               "--shrink-seconds", "0", "--json"], capture_output=True, text=True, timeout=300)
        assert done.returncode == 1, done.stderr
        found = json.loads(done.stdout)["failure"]
        assert found["expected"] == get(name).solve(found["input"])


# -- Ctrl-C keeps what was found; --json draws nothing -----------------------------------------------
LOGGED = """import os, sys, time
seen = open({log!r}).read().splitlines() if os.path.exists({log!r}) else []
with open({log!r}, "a") as log:
    log.write(f"start {{os.getpid()}}\\n")
runs = sum(line.startswith("start") for line in seen)
since_wrong = sum(line.startswith("start") for line in seen[seen.index("wrong"):]) if "wrong" in seen else -1
if {hang}:
    time.sleep(60)
d = sys.stdin.read().split()
out, right = [], []
for i in range(int(d[0])):
    n, m = int(d[1 + 2 * i]), int(d[2 + 2 * i])
    out.append("first" if n % (m + 1) or n > {wrong_past} else "second")
    right.append("first" if n % (m + 1) else "second")
with open({log!r}, "a") as log:
    log.write("wrong\\n" if out != right else "right\\n")
print("\\n".join(out))
"""


def _logged(tmp_path, wrong_past=20, hang="since_wrong >= 3"):
    """An hdu1846 program, wrong when m + 1 divides some n > ``wrong_past``, that logs each run ('start
    PID', then 'wrong' or 'right') and hangs for a minute when ``hang`` holds (of ``runs`` started
    before, and ``since_wrong``, runs started since the first wrong answer, or -1)."""
    log = tmp_path / f"runs-{wrong_past}-{len(hang)}.log"
    program = tmp_path / f"logged-{wrong_past}-{len(hang)}.py"
    program.write_text(LOGGED.format(log=str(log), hang=hang, wrong_past=wrong_past))
    return f"{sys.executable} {program}", log


def _runs(log):
    return log.read_text().splitlines() if log.exists() else []


def _started(log):
    return [line.split()[1] for line in _runs(log) if line.startswith("start")]


def _shrinking(log, runs=4):
    """Whether ``runs`` runs have started since the first wrong answer (shrinking is under way)."""
    seen = _runs(log)
    return "wrong" in seen and sum(line.startswith("start") for line in seen[seen.index("wrong"):]) >= runs


def _gone(pid: str) -> bool:
    """Whether process ``pid`` ends (or is a zombie) within 5 s; one left running sleeps for a minute."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                return True
        except (FileNotFoundError, ProcessLookupError):
            return True
        time.sleep(0.05)
    return False


def _interrupted(argv, ready, terminal=False):
    """Run grundy ARGV (stderr on a pseudo-terminal when ``terminal``), send Ctrl-C once ``ready(stderr so
    far)`` holds, and return its exit status, stdout and stderr."""
    if terminal:
        main, child = pty.openpty()
        proc = subprocess.Popen([GRUNDY, *argv], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=child,
                                text=True)
        os.close(child)
    else:
        proc = subprocess.Popen([GRUNDY, *argv], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
    shown: list[bytes] = []
    reader = read_terminal(main, shown) if terminal else None
    deadline = time.monotonic() + 120
    while not ready(b"".join(shown).decode(errors="replace")):
        assert proc.poll() is None and time.monotonic() < deadline, "ended before Ctrl-C"
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    if reader is not None:
        reader.join(timeout=5)
        os.close(main)
        err = b"".join(shown).decode(errors="replace")
    return proc.returncode, out, err


def test_ctrl_c_while_shrinking_shows_the_smallest_failing_input_so_far(tmp_path):
    command, log = _logged(tmp_path)
    argv = ["problem", "hdu1846", "--check", command, "--seed", "3", "--cases", "60", "--timeout", "100"]
    code, out, err = _interrupted(argv, lambda _: _shrinking(log))
    assert (code, err) == (130, "grundy: interrupted\n")
    lines = out.splitlines()
    assert lines[0].startswith("failed after ") and lines[0].endswith(" passing inputs: wrong answer")
    assert lines[1] == ("input (interrupted while shrinking: the smallest failing input so far; not minimal, a "
                        "smaller one may fail too):")
    at = lines.index("  line  expected  received")
    shown = "".join(f"{line}\n" for line in lines[2:at - 1])
    assert lines[at - 1].startswith("output (line ") and " differs" in lines[at - 1]
    expected = get("hdu1846").solve(shown)  # a valid input that the program gets wrong
    assert "second" in expected and any(row.startswith(">") and row.split()[2:] == ["second", "first"]
                                        for row in lines[at + 1:])
    assert _gone(_started(log)[-1])  # the program running at Ctrl-C is stopped too
    # the same run to its end says minimal instead (the first assertions can fail)
    done = subprocess.run([GRUNDY, *argv[:3], _logged(tmp_path, hang="False")[0], *argv[4:]], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 1 and done.stdout.splitlines()[1:4] == [
        "input (minimal: no smaller edit of it still fails):", "1", "22 1"]


def test_ctrl_c_while_shrinking_with_json_gives_the_failure_so_far(tmp_path):
    command, log = _logged(tmp_path)
    code, out, err = _interrupted(["problem", "hdu1846", "--check", command, "--seed", "3", "--cases", "60", "--json",
                                   "--timeout", "100"],
                                  lambda _: _shrinking(log))
    assert (code, err) == (130, "grundy: interrupted\n")
    data = json.loads(out)
    assert data["interrupted"] is True and data["passed"] == _runs(log).index("wrong") // 2
    found = data["failure"]
    assert found["minimal"] is False and found["expected"] == get("hdu1846").solve(found["input"]) != found["received"]


def test_ctrl_c_before_any_failure_says_how_many_passed(tmp_path):
    command, log = _logged(tmp_path, wrong_past=10**9, hang="runs >= 3")  # right; the 4th run hangs
    code, out, err = _interrupted(["problem", "hdu1846", "--check", command, "--timeout", "100"],
                                  lambda _: len(_started(log)) >= 4)
    assert (code, err) == (130, "grundy: interrupted\n")
    assert out == "interrupted: 3 random inputs of hdu1846 passed before Ctrl-C, no failure found\n"
    assert _gone(_started(log)[-1])  # the program running at Ctrl-C is stopped too


def test_ctrl_c_on_a_terminal_while_shrinking(tmp_path):
    command, log = _logged(tmp_path)
    code, out, err = _interrupted(["problem", "hdu1846", "--check", command, "--seed", "3", "--cases", "60",
                                   "--timeout", "100"], lambda shown: "shrinking" in shown and _shrinking(log),
                                  terminal=True)
    assert code == 130 and out.splitlines()[1].startswith(
        "input (interrupted while shrinking: the smallest failing input so far;")
    assert err.endswith("grundy: interrupted\r\n") and "Traceback" not in err


def test_json_draws_nothing_on_a_terminal(tmp_path):
    command, _ = _logged(tmp_path, hang="False")

    def run(*extra):
        main, child = pty.openpty()
        proc = subprocess.Popen([GRUNDY, "problem", "hdu1846", "--check", command, "--seed", "3", "--cases", "60",
                                 *extra], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=child, text=True)
        os.close(child)
        shown = read_all(main)
        out = proc.communicate(timeout=300)[0]
        os.close(main)
        return proc.returncode, out, shown.decode(errors="replace")

    code, out, err = run()
    assert code == 1 and "shrinking" in err  # the spinner, drawn without --json (so the check below can fail)
    code, out, err = run("--json")
    assert (code, err) == (1, "") and json.loads(out)["failure"]["minimal"] is True
