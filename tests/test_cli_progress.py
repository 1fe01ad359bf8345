"""Long work talks (issue 14): a progress bar on stderr when it is a terminal (never with --json, never
off a terminal), and Ctrl-C says how far the work got and exits 130."""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from tests.helpers import read_terminal

GRUNDY = [sys.executable, "-m", "grundy"]
SLOW_SOLVE = ["solve", "queens-corner", "300,400", "500,900"]  # minutes of values G(a, b) by the definition
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
BAR_FRAME = r"{words} [━╸╺ ]+ \d:\d\d:\d\d"  # a frame of the bar: its words, the bar, the time taken


def _run(argv: list[str], seconds: float, terminal: bool, until: Callable[[], bool] | None = None,
         cwd: str | None = None) -> tuple[int, str, str]:
    """Run grundy ARGV, stderr on a pseudo-terminal or a pipe; Ctrl-C after ``seconds`` (or as soon
    as ``until()`` holds) if still running. Returns the exit status, stdout and stderr."""
    env = os.environ | {"COLUMNS": "400"}  # answers on stdout unwrapped
    if terminal:
        main, child = pty.openpty()
        proc = subprocess.Popen(GRUNDY + argv, stdout=subprocess.PIPE, stderr=child, text=True, env=env, cwd=cwd)
        os.close(child)
        chunks: list[bytes] = []
        reader = read_terminal(main, chunks)
    else:
        proc = subprocess.Popen(GRUNDY + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                                cwd=cwd)
    deadline = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < deadline and not (until is not None and until()):
        time.sleep(0.05)
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    if terminal:
        reader.join(timeout=5)
        os.close(main)
        err = b"".join(chunks).decode(errors="replace")
    return proc.returncode, out, err


def screen(err: str) -> list[str]:
    """What a terminal showed on stderr, one entry per line or redrawn frame (colours taken out)."""
    return [line.strip() for line in re.split(r"[\r\n]", ANSI.sub("", err)) if line.strip()]


def bar_frames(err: str, words: str) -> list[str]:
    """The frames of the progress bar whose words match the pattern ``words``."""
    return [line for line in screen(err) if re.fullmatch(BAR_FRAME.format(words=words), line)]


@pytest.mark.pty
def test_a_long_solve_shows_progress_and_ctrl_c_says_how_far_it_got():
    code, out, err = _run(SLOW_SOLVE, 6, terminal=True)
    assert code == 130 and out == ""
    assert bar_frames(err, r"[\d,]+ positions valued")  # the bar, drawn while the values are worked out
    assert re.fullmatch(r"grundy: interrupted after [\d,]+ positions valued \(no answer yet\)", screen(err)[-1])


def test_off_a_terminal_ctrl_c_gives_one_line_and_no_bar():
    code, out, err = _run(SLOW_SOLVE, 4, terminal=False)
    assert (code, out) == (130, "")
    assert re.fullmatch(r"grundy: interrupted after [\d,]+ positions valued \(no answer yet\)\n", err)


@pytest.mark.pty
def test_json_keeps_stderr_quiet_even_on_a_terminal():
    code, out, err = _run(["period", "octal:.376", "--max", "2^20", "--json"], 120, terminal=True)
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert (data["spec"], data["period"], data["proved"], data["values_computed"]) == ("octal:.376", None, False,
                                                                                       1 << 20)
    assert "interrupted" not in data


@pytest.mark.pty
def test_a_quick_answer_draws_no_bar():
    code, out, err = _run(["solve", "nim", "3", "4", "5"], 60, terminal=True)
    assert (code, err) == (0, "")
    assert out.splitlines()[2] == "N: the player to move wins"


@pytest.mark.pty
def test_a_long_partizan_value_shows_progress_and_ctrl_c_stops_it():
    board = "|".join(["......."] * 7)  # hours of work: the empty 7 x 7 Domineering board
    code, out, err = _run(["value", "domineering", board], 5, terminal=True)
    assert code == 130 and out == ""
    assert bar_frames(err, r"[\d,]+ positions valued")
    assert re.fullmatch(r"grundy: interrupted after [\d,]+ positions valued \(no answer yet\)", screen(err)[-1])
