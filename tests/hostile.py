"""Hostile inputs of the command line, and a runner that watches time and memory (not a test module).

Each case is a command line that once hung, took gigabytes, showed a traceback or gave a wrong
answer. ``run_case`` runs one in a child process with a wall-clock limit and a resident-memory
limit (the child is killed past either), and reports its exit status, time, peak memory and the
last line it printed. ``tests/test_hostile.py`` asserts that every case stops cleanly within its
budget; ``benchmarks/limits.py`` prints the table.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).parent / "data"
RULES = DATA / "hostile_rules.py"
GRUNDY = [sys.executable, "-m", "grundy"]
WINS, LOSES = "N: the player to move wins", "P: the player to move loses"


@dataclass(frozen=True)
class Case:
    """One command line: ``argv`` after ``grundy``; ``expect`` the exit statuses that are right;
    ``stdout`` a line the output must contain (where the answer matters)."""

    name: str
    argv: tuple[str, ...]
    expect: tuple[int, ...] = (0, 2)
    stdin: str = ""
    stdout: str | None = None


@dataclass
class Run:
    status: int | None  # None: killed by the runner
    seconds: float
    peak_mb: float
    last_line: str
    stdout: str
    stderr: str
    killed: str = ""  # "time" or "memory" when the runner stopped it


def _path_file(tmp: Path, edges: int) -> str:
    path = tmp / f"path{edges}.txt"
    if not path.exists():
        path.write_text("".join(f"{i} {i + 1}\n" for i in range(edges)))
    return str(path)


def cases(tmp: Path) -> list[Case]:
    """The hostile cases; files they need are written into ``tmp``."""
    rules = str(RULES)
    path199 = ",".join(f"{i}-{i + 1}" for i in range(1, 200))
    path99 = ",".join(f"{i}-{i + 1}" for i in range(1, 100))
    fib_1000 = "1" + "0" * 999
    yes_prog = tmp / "yes.sh"
    yes_prog.write_text("#!/bin/sh\nyes\n")
    yes_prog.chmod(0o755)
    big_prog = tmp / "big.sh"
    big_prog.write_text("#!/bin/sh\nhead -c 20000000 /dev/zero | tr '\\0' 'x'\n")
    big_prog.chmod(0o755)
    out = [
        # wrong answers
        Case("misère twins {2,3}", ("solve", "twins", "2", "3", "--misere"), (0,), stdout=LOSES),
        Case("misère turning-turtles {2,3}", ("solve", "turning-turtles", "2", "3", "--misere"), (0,),
             stdout=LOSES),
        Case("misère mock-turtles {1,2,3}", ("solve", "mock-turtles", "1", "2", "3", "--misere"), (0,),
             stdout=LOSES),
        Case("misère ruler 8", ("solve", "ruler", "8", "--misere"), (0,)),
        Case("misère SJ beyond the heap", ("solve", "--rules", f"{rules}:up", "1", "--misere"), (0,), stdout=WINS),
        Case("play nim 3 4 4, move 3 2", ("play", "nim", "3", "4", "4", "--first", "human"), (0,),
             stdin="3 2\nquit\n", stdout="computer plays"),
        # tracebacks
        Case("subtraction:10^22", ("solve", "subtraction:10000000000000000000000", "3")),
        Case("bash:10^22", ("solve", "bash:10000000000000000000000", "3")),
        Case("--rules returns lists", ("solve", "--rules", f"{rules}:lists", "3")),
        Case("--rules returns dicts", ("solve", "--rules", f"{rules}:dicts", "3")),
        Case("--rules returns 0.5", ("solve", "--rules", f"{rules}:half", "3")),
        Case("--rules returns a string", ("solve", "--rules", f"{rules}:text", "3")),
        Case("--check --timeout 1e9", ("problem", "hdu1846", "--check", "cat", "--timeout", "1e9", "--cases", "1"),
             (0, 1, 2)),
        # huge components
        Case("kayles 10^31", ("solve", "kayles", "1" + "0" * 31)),
        Case("dawson-kayles 10^12", ("solve", "dawson-kayles", "1" + "0" * 12)),
        Case("grundy-game 10^9", ("solve", "grundy-game", "1" + "0" * 9)),
        Case("no-repeat 10^31", ("solve", "no-repeat", "1" + "0" * 31)),
        Case("fibonacci-nim 1000 digits", ("solve", "fibonacci-nim", fib_1000)),
        Case("tartan mock*mock 10^31", ("solve", "tartan:mock-turtles*mock-turtles", "1" + "0" * 31 + ",1" + "0" * 31)),
        Case("near-equal:2 10^31", ("solve", "near-equal:2", "1" + "0" * 31)),
        Case("beans 10^31", ("solve", "beans", "1" + "0" * 31)),
        Case("turning-corners 10^31,7", ("solve", "turning-corners", "1" + "0" * 31 + ",7")),
        Case("octal .7x200 10^6", ("solve", "octal:." + "7" * 200, "1000000")),
        # tables and periods
        Case("table kiki --n 100000", ("table", "kiki", "--n", "100000", "--json")),
        Case("table turning-corners --n 100000", ("table", "turning-corners", "--n", "100000", "--json")),
        Case("period grundy-game --max 10^10", ("period", "grundy-game", "--max", "10000000000", "--json")),
        Case("period octal:.254", ("period", "octal:.254", "--json")),
        # searches and --max-states
        Case("misère kayles 20 30 40", ("solve", "kayles", "20", "30", "40", "--misere")),
        Case("nim 1000^3 --general", ("solve", "nim", "1000", "1000", "1000", "--general")),
        Case("tree-colouring 199-edge path", ("solve", f"tree-colouring:{path199}")),
        Case("gameia 99-edge path", ("solve", f"gameia:1:{path99}")),
        Case("play wythoff 10^6,10^6", ("play", "wythoff", "1000000,1000000", "--first", "human"), stdin="quit\n"),
        Case("tree-cut 10^6-edge path", ("solve", "tree-cut", "--graph", _path_file(tmp, 10**6)), (0,)),
        Case("tree-colouring vertex 10^50", ("solve", "tree-colouring:1-1" + "0" * 50), (2,)),
        Case("three-tokens board 10^50", ("solve", "three-tokens:1" + "0" * 50 + ":1,2,1"), (2,)),
        Case("weird-game 10,000 digits", ("solve", "weird-game:" + "01" * 5000 + "," + "10" * 5000), (2,)),
        # user rules that never end
        *[Case(f"--rules {f} ({cmd})", (cmd, "--rules", f"{rules}:{f}", *args), stdin="quit\n")
          for f in ("forever", "gen", "wander", "huge", "down")
          for cmd, args in (("solve", ("5",)), ("table", ()), ("period", ()), ("play", ("5", "--first", "human")))],
        # --check
        Case("--check yes", ("problem", "hdu1846", "--check", str(yes_prog), "--cases", "2"), (1,)),
        Case("--check 20 MB output", ("problem", "hdu1846", "--check", str(big_prog), "--cases", "2"), (1,)),
        Case("--check ''", ("problem", "hdu1846", "--check", ""), (2,)),
        Case("--check no such command", ("problem", "hdu1846", "--check", "no-such-command-xyz"), (2,)),
        # messages
        Case("100k-character spec", ("solve", "x" * 100_000, "3"), (2,)),
        Case("100,000-digit heap", ("solve", "nim", "9" * 100_000), (2,)),
        Case("5000-digit heap", ("solve", "kayles", "9" * 5000), (2,)),
    ]
    return out


def _rss_mb(pid: int) -> float:
    """Resident memory of a process and its children, in MB (0 when gone)."""
    total = 0.0
    try:
        children = subprocess.run(["ps", "-o", "rss=", "--ppid", str(pid), "-p", str(pid)],
                                  capture_output=True, text=True, timeout=5).stdout.split()
        total = sum(int(x) for x in children) / 1024
    except (OSError, ValueError, subprocess.TimeoutExpired):
        pass
    return total


def run_case(case: Case, timeout: float = 60.0, max_mb: float = 3000.0, env: dict | None = None) -> Run:
    """Run one case; kill it (and its process group) past ``timeout`` seconds or ``max_mb`` MB."""
    start = time.monotonic()
    proc = subprocess.Popen(GRUNDY + list(case.argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env={**os.environ, **(env or {})})
    killed = ""
    peak = 0.0
    result: dict = {}

    def talk() -> None:
        result["out"], result["err"] = proc.communicate(case.stdin)

    thread = threading.Thread(target=talk, daemon=True)
    thread.start()
    while thread.is_alive():
        thread.join(0.2)
        peak = max(peak, _rss_mb(proc.pid))
        elapsed = time.monotonic() - start
        if elapsed > timeout or peak > max_mb:
            killed = "time" if elapsed > timeout else "memory"
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            thread.join(10)
            break
    seconds = time.monotonic() - start
    out, err = result.get("out", ""), result.get("err", "")
    lines = [line for line in (err or out or "").splitlines() if line.strip()]
    return Run(None if killed else proc.returncode, seconds, peak, lines[-1][:160] if lines else "", out or "",
               err or "", killed)
