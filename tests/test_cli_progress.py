"""Long work talks (issue 14): a progress bar on stderr when it is a terminal (never with --json, never
off a terminal), and Ctrl-C says how far the work got and exits 130."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import threading
import time

GRUNDY = [sys.executable, "-m", "grundy"]
SLOW_SOLVE = ["solve", "wythoff", "300,400", "500,900"]  # minutes of values G(a, b) by the definition


def _run(argv: list[str], seconds: float, terminal: bool) -> tuple[int, str, str]:
    """Run grundy ARGV, stderr on a pseudo-terminal or a pipe; Ctrl-C after ``seconds`` if still
    running. Returns the exit status, stdout and stderr."""
    if terminal:
        main, child = pty.openpty()
        proc = subprocess.Popen(GRUNDY + argv, stdout=subprocess.PIPE, stderr=child, text=True)
        os.close(child)
        chunks: list[bytes] = []

        def read() -> None:
            while True:
                try:
                    chunk = os.read(main, 4096)
                except OSError:
                    return
                if not chunk:
                    return
                chunks.append(chunk)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
    else:
        proc = subprocess.Popen(GRUNDY + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    if terminal:
        reader.join(timeout=5)
        os.close(main)
        err = b"".join(chunks).decode(errors="replace")
    return proc.returncode, out, err


def test_a_long_solve_shows_progress_and_ctrl_c_says_how_far_it_got():
    code, out, err = _run(SLOW_SOLVE, 6, terminal=True)
    assert code == 130 and out == ""
    assert "positions valued" in err  # the bar, drawn while the values are worked out
    last = err.replace("\r", "\n").strip().splitlines()[-1]
    assert "grundy: interrupted after " in last and last.endswith(" positions valued (no answer yet)")


def test_off_a_terminal_ctrl_c_gives_one_line_and_no_bar():
    code, out, err = _run(SLOW_SOLVE, 4, terminal=False)
    assert (code, out) == (130, "")
    assert err.count("\n") == 1 and err.startswith("grundy: interrupted after ") and "Traceback" not in err


def test_json_keeps_stderr_quiet_even_on_a_terminal():
    code, out, err = _run(["period", "octal:.376", "--max", "2^20", "--json"], 120, terminal=True)
    assert code == 0 and '"values_computed": 1048576' in out
    assert "values" not in err


def test_a_quick_answer_draws_no_bar():
    code, out, err = _run(["solve", "nim", "3", "4", "5"], 60, terminal=True)
    assert code == 0 and "N: the player to move wins" in out and err == ""


def test_a_long_partizan_value_shows_progress_and_ctrl_c_stops_it():
    board = "|".join(["......."] * 7)  # hours of work: the empty 7 x 7 Domineering board
    code, out, err = _run(["value", "domineering", board], 5, terminal=True)
    assert code == 130 and out == ""
    assert "positions valued" in err
    last = err.replace("\r", "\n").strip().splitlines()[-1]
    assert "grundy: interrupted after " in last and "positions valued" in last
