"""Issue 32's rough edges in what a proof says: a proved period's reason gives the numbers the
theorem was checked with (every door: ``grundy period``, its ``--json``, ``grundy solve``'s why),
and ``grundy problem NAME --check`` says the sizes it tested and by default reaches the problem's limits."""

import json
import resource
import subprocess
import sys
from pathlib import Path

GRUNDY = str(Path(sys.executable).parent / "grundy")

OCTAL_CHECKED = ("checked: G(n+34) = G(n) for every 53 <= n < 142 (= 2·n0 + p + 2, with n0 = 53, p = 34)")
SUBTRACTION_CHECKED = ("checked: G(n+3) = G(n) for every 0 <= n < 8 (= max(n0, 1) + 7, with n0 = 0, p = 3)")

# Brave Game (hdu1846: n, m <= 1000), right except for the largest heaps
WRONG_WHEN_LARGE = """import sys
d = sys.stdin.read().split()
for i in range(int(d[0])):
    n, m = int(d[1 + 2 * i]), int(d[2 + 2 * i])
    print("first" if (n % (m + 1) != 0) != (n > 900) else "second")
"""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3,) * 2)


def grundy(*args: str, cwd: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([GRUNDY, *args], capture_output=True, text=True, timeout=120, preexec_fn=_capped, cwd=cwd)


def flat(text: str) -> str:
    """The output with its line breaks (a terminal's or a pipe's width) taken out."""
    return " ".join(text.split())


def test_period_proof_says_its_numbers_on_every_door():
    done = grundy("period", "octal:0.07")
    assert done.returncode == 0, done.stderr
    assert flat(done.stdout).startswith(
        "octal:0.07: preperiod 53, period 34 (proved: Guy–Smith periodicity theorem (finite octal game, last "
        "digit at 2): G(n+p) = G(n) for n0 <= n < 2·n0 + p + 2 implies it for all n >= n0; " + OCTAL_CHECKED + ")")
    reason = json.loads(grundy("period", "subtraction:1,2,7", "--json").stdout)["reason"]
    assert reason == ("finite subtraction set: G(n) depends only on the 7 values before it, so G(n+p) = G(n) "
                      "for n0 <= n < n0 + 7 implies it for all n >= n0; " + SUBTRACTION_CHECKED)
    why = flat(grundy("solve", "subtraction:1,2,7", "10000000000").stdout)
    assert f"implies it for all n >= n0; {SUBTRACTION_CHECKED}). G = 1" in why


def test_problem_check_reaches_the_limits_and_says_the_sizes(tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text(WRONG_WHEN_LARGE)
    command = f"{sys.executable} {wrong}"
    small = grundy("problem", "hdu1846", "--check", command, "--cases", "20", "--max-size", "10")
    assert small.returncode == 0, small.stderr
    assert small.stdout == "ok: 20 random inputs of hdu1846 passed (sizes 1 to 10: --max-size 10)\n"
    caught = grundy("problem", "hdu1846", "--check", command, "--cases", "40", "--shrink-seconds", "0", "--json")
    assert caught.returncode == 1, caught.stderr
    report = json.loads(caught.stdout)
    assert report["failure"]["reason"] == "wrong answer" and report["sizes"][1] == 100
    failing = [int(n) for n in report["failure"]["input"].split()[1::2]]
    assert max(failing) > 900


def test_problem_check_ok_line_names_the_largest_size(tmp_path):
    right = tmp_path / "right.py"
    right.write_text(WRONG_WHEN_LARGE.replace(" != (n > 900)", ""))
    done = grundy("problem", "hdu1846", "--check", f"{sys.executable} {right}", "--cases", "12")
    assert done.returncode == 0, done.stderr
    assert done.stdout == ("ok: 12 random inputs of hdu1846 passed "
                           "(sizes 1 to 100: the largest within the problem's limits)\n")
