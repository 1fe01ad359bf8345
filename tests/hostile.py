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
    ``stdout`` a line the output must contain (where the answer matters); ``stderr`` words the one
    error line must contain (where the limit it names matters)."""

    name: str
    argv: tuple[str, ...]
    expect: tuple[int, ...] = (0, 2)
    stdin: str = ""
    stdout: str | None = None
    stderr: str | None = None


@dataclass
class Run:
    status: int | None  # None: killed by the runner
    seconds: float
    peak_mb: float
    last_line: str
    stdout: str
    stderr: str
    killed: str = ""  # "time" or "memory" when the runner stopped it


# -- the one table of bad input ------------------------------------------------------------------------
@dataclass(frozen=True)
class Bad:
    """One bad input: the command line after ``grundy`` and a piece of the one line
    ``grundy: error: ...`` it must print (exit status 2).

    ``api`` names the family whose test module also checks the spec alone: ``grundy.ruleset(argv[1])``
    must raise ``SpecError`` (``GrundyError`` for ``"games"``) with the same words ("heaps":
    tests/test_heap_rulesets.py, "takebreak": tests/test_takebreak.py, "games": tests/test_games.py).
    ``in_child``: also run in a child process under a memory limit (tests/test_hostile.py).
    Every entry is run in process by tests/test_cli.py; those with a token of more than 4,000
    characters also under the fuzzers' watchdog (tests/test_fuzz_cli.py).
    """

    argv: tuple[str, ...]
    said: str
    api: str | None = None
    in_child: bool = False

    @property
    def spec(self) -> str:
        return self.argv[1]

    @property
    def huge(self) -> bool:
        """A token longer than the 4,000 digits any number may have."""
        return any(len(word) > 4000 for word in self.argv)

    @property
    def name(self) -> str:
        shown = " ".join(w if len(w) <= 40 else f"{w[:12]}...({len(w):,} chars)" for w in self.argv)
        return f"grundy {shown}"


def _bad(said: str, *argv: str, api: str | None = None, in_child: bool = False) -> Bad:
    return Bad(tuple(argv), said, api, in_child)


TAKE_OR_HALVE = str(Path(__file__).resolve().parents[1] / "examples" / "rules" / "take_or_halve.py")
EXITS_ON_LOAD = str(DATA / "exits_on_load.py")
TEN_18 = "1" + "0" * 18
_N9 = "9" * 50
_TOO_MANY = "9" * 5000  # past the 4,000 digits a number may have

BAD_INPUT: list[Bad] = [
    # specs of heap rulesets
    _bad("unknown ruleset 'nimble'", "solve", "nimble", "3", api="heaps"),
    _bad("did you mean 'nim'", "solve", "nimm", "3"),
    _bad("takes no parameters", "solve", "nim:3", "3", api="heaps"),
    _bad("takes no parameters", "solve", "nim:" + _TOO_MANY, "3"),
    _bad("needs parameters", "solve", "subtraction", "3", api="heaps"),
    _bad("'x' is not an integer", "solve", "subtraction:1,x", "3", api="heaps"),
    _bad("must be >= 1", "solve", "subtraction:0,2", "3", api="heaps"),
    _bad("expected numbers", "solve", "subtraction:", "3", api="heaps"),
    _bad("1 <= A <= B", "solve", "bash:5-2", "3", api="heaps"),
    _bad("needs a range", "solve", "bash:3:all", "3", api="heaps"),
    _bad("unknown modifier", "solve", "bash:2-3:odd", "3", api="heaps"),
    _bad("bash: need 1 <= A <= B (or M >= 1), got '0'", "solve", "bash:0", "3"),
    _bad("too large (at most 4000 digits)", "solve", "subtraction:1," + _TOO_MANY, "3"),
    _bad("too large (at most 4000 digits)", "solve", "bash:" + _TOO_MANY, "3"),
    _bad("too large (at most 4000 digits)", "solve", "moore:" + _TOO_MANY, "3"),
    _bad("at most 4000 digits", "table", "bash:" + "9" * 100_000),
    _bad("not an integer", "table", "subtraction:" + "1," * 50_000 + "x"),
    _bad("unknown ruleset", "solve", "x" * 100_000, "3", in_child=True),
    # octal and hexadecimal codes
    _bad("'X' at position 4 is not an octal digit", "table", "octal:0.1x7", api="takebreak"),
    _bad("has no point", "table", "octal:137", api="takebreak"),
    _bad("a second '.'", "table", "octal:0.13.7", api="takebreak"),
    _bad("d0 (before the point) can only split", "table", "octal:1.07", api="takebreak"),
    _bad("never closed", "table", "octal:0.[3", api="takebreak"),
    _bad("repeat nothing", "table", "octal:0.[]", api="takebreak"),
    _bad("follows the repeating", "table", "octal:0.[3]7", api="takebreak"),
    _bad("must follow a digit", "table", "octal:0.!3", api="takebreak"),
    _bad("exactly one digit d0", "table", "octal:44.07", api="takebreak"),
    _bad("'8' at position 3 is not an octal digit", "table", "octal:0.8", api="takebreak"),
    # games of the general solver: the spec holds the whole position
    _bad("two binary strings", "solve", "weird-game:0110", api="games"),
    _bad("even length", "solve", "weird-game:011,100", api="games"),
    _bad("binary", "solve", "weird-game:0120,1001", api="games"),
    _bad("3 edges, not 2", "solve", "tree-colouring:1-2,3-4", api="games"),
    _bad("not a tree", "solve", "tree-colouring:1-2,3-4,2-1", api="games"),
    _bad("different", "solve", "tree-colouring:1-1", api="games"),
    _bad("written like 1-2", "solve", "tree-colouring:1-x", api="games"),
    _bad("numbered from 1", "solve", "tree-colouring:0-1", api="games"),
    _bad("number of cuts", "solve", "gameia:1-2", api="games"),
    _bad("A,B:prices", "solve", "buy-items:3:1,2", api="games"),
    _bad("comma-separated integers", "solve", "buy-items:3,2:1,x", api="games"),
    _bad(">= 0", "solve", "buy-items:3,-2:1", api="games"),
    _bad("N:r,g,b", "solve", "three-tokens:2:1,2", api="games"),
    _bad("must lie on the board", "solve", "three-tokens:2:1,2,3", api="games"),
    _bad("TOP <= 12", "solve", "guessing:40", api="games"),
    _bad("unknown ruleset 'hexx'", "solve", "hexx:3", api="games"),
    _bad(f"needs {'9' * 49}8 edges, not 1", "solve", "tree-colouring:1-" + _N9, api="games"),
    _bad("at most 4000 digits", "solve", "tree-colouring:1-" + _TOO_MANY, api="games"),
    _bad("at most 1,000 triples", "solve", "three-tokens:" + _N9 + ":1,2,1", api="games"),
    _bad("at most 1,000 triples", "solve", "three-tokens:11:1,2,1", api="games"),
    _bad("board 1..2", "solve", "three-tokens:2:1," + _N9 + ",1", api="games"),
    _bad("at most 4000 digits", "solve", "buy-items:3,2:1," + _TOO_MANY, api="games"),
    # components
    _bad("'-3' is not a component of nim", "solve", "nim", "-3"),
    _bad("'2.5' is not a component of nim", "solve", "nim", "2.5"),
    _bad("not a component", "solve", "nim", "-" + "9" * 4000),
    _bad("at most 4000 digits", "solve", "nim", "9" * 1_000_000),
    _bad("at most 4000 digits", "solve", "nim", "9" * 100_000, in_child=True),
    _bad("is too large for a component of kayles (at most 4000 digits)", "solve", "kayles", _TOO_MANY,
         in_child=True),
    _bad("at most 4000 digits", "solve", "wythoff", "3," + _TOO_MANY),
    _bad("at most 18 digits", "solve", "hackenbush", "0-1,1-" + "9" * 30),
    _bad("no components given", "solve", "nim"),
    # the command line: missing words, options, files
    _bad("missing SPEC", "solve"),
    _bad("No such command", "frobnicate"),
    _bad("'--max'", "table", "nim", "--max", "0"),
    _bad("'--max'", "table", "nim", "--n", "ten"),
    _bad("'--max'", "period", "kayles", "--max", "3"),
    _bad("does not exist", "table", "kayles", "--png", "/no/such/folder/k.png"),
    _bad("rules file no/such/file.py: no such file", "table", "--rules", "no/such/file.py:moves"),
    _bad("defines no function 'nothing'", "table", "--rules", f"{TAKE_OR_HALVE}:nothing"),
    _bad("FILE.py:FUNCTION", "table", "--rules", TAKE_OR_HALVE),
    _bad("not a position", "solve", "--rules", f"{TAKE_OR_HALVE}:moves", "x"),
    _bad("'-1' is not a component of nim", "play", "nim", "-1"),
    # budgets: one line naming the option that raises the limit
    _bad("the general solver stopped before searching: nim 1000 1000 1000 has at least 167,167,166 positions "
         "(the limit is 3,000,000; raise it with --max-states)", "solve", "nim", "1000", "1000", "1000", "--general"),
    _bad("the general solver stopped after 1,001 states (the limit is 1,000; raise it with --max-states)",
         "solve", "kayles", "30", "30", "30", "--general", "--max-states", "1000"),
    _bad("the general solver stopped after 5,001 states (the limit is 5,000; raise it with --max-states)",
         "solve", "gameia:1:" + ",".join(f"{i}-{i + 1}" for i in range(1, 31)), "--max-states", "5000"),
    _bad("the general solver stopped after 2,001 states (the limit is 2,000; raise it with --max-states)",
         "play", "--rules", f"{RULES}:forever", "5", "--first", "human", "--max-states", "2000"),
    _bad("'--max': 9999999999", "period", "kayles", "--max", _TOO_MANY),
    _bad("'--max-states': 1e400 is too large: at most 2^62", "solve", "nim", "3", "--max-states", "1e400"),
    _bad("the memory size 1e400GB is too large: at most 2^62", "solve", "nim", "3", "--max-memory", "1e400GB"),
    _bad("'--max-states': 2^70 is too large", "table", "kayles", "--max-states", "2^70"),
    _bad("too large to value move by move", "solve", "--rules", f"{RULES}:powers", TEN_18, in_child=True),
    _bad("too large to value move by move", "solve", "--rules", f"{RULES}:one_or_two", TEN_18, in_child=True),
    # files: only regular files are read, and an option-looking name is no file name
    _bad("graph file /dev/zero: a character device, not a regular file", "solve", "dag:/dev/zero", "1"),
    _bad("graph file /dev/zero: a character device, not a regular file", "solve", "hackenbush", "--graph",
         "/dev/zero"),
    _bad("rules file /dev/urandom: a character device", "solve", "--rules", "/dev/urandom:moves", "3"),
    _bad("--db: '-x' looks like an option, not a file name", "solve", "kayles", "3", "--general", "--db", "-x"),
    _bad("--png: '-x' looks like an option", "table", "kayles", "--png", "-x"),
    # partizan values: numbers too long to read, and work past the budget
    _bad("at most 4000 digits", "value", "--expr", "*" + _TOO_MANY),
    _bad("at most 4000 digits", "value", "--expr", "^" + _TOO_MANY),
    _bad("at most 4000 digits", "value", "--expr", "1/" + _TOO_MANY),
    _bad("past the --max-states budget of 10,000", "value", "eatcake", "30,30", "--max-states", "10000"),
    _bad("past the --max-states budget of 10,000", "value", "col", ",".join(f"{i}-{i + 1}" for i in range(3000)),
         "--max-states", "10000"),
    # a --rules file that misbehaves
    _bad("give moves from (2, 3) that cannot be stored (hashing them raised RuntimeError: no hash for you)",
         "solve", "--rules", f"{RULES}:unstorable", "2,3"),
    _bad("calls exit(7) as it is loaded", "solve", "--rules", f"{EXITS_ON_LOAD}:moves", "5", in_child=True),
    # pattern
    _bad("'x' is not an integer", "pattern", "--values", "0,1,x"),
    _bad("at most 4000 digits", "pattern", "--values", "0," + _TOO_MANY),
    _bad("smaller than 2^62", "pattern", "--values", "0,1," + "9" * 30),
    _bad("give one of SPEC", "pattern", "nim", "--values", "0,1"),
    _bad("--arity is for a game of your own", "pattern", "nim", "--arity", "2"),
    _bad("'--arity'", "pattern", "--rules", f"{TAKE_OR_HALVE}:moves", "--arity", "3"),
    _bad("needs components that are heap sizes or pairs", "pattern", "moore:2"),
    _bad("hackenbush has", "pattern", "hackenbush"),
    _bad("general solver", "pattern", "weird-game:0110,1001"),
    _bad("expected a heap size", "pattern", "nim", "--at", "3,4"),
    _bad("not a negative number", "pattern", "nim", "--at", "-3"),
    _bad("expected a pair a,b", "pattern", "wythoff", "--at", "3"),
    _bad("at most 4000 digits", "pattern", "nim", "--at", "10**100000"),
    _bad("'--max'", "pattern", "kayles", "--max", "3"),
    _bad("failed on position (0, 0)", "pattern", "--rules", f"{TAKE_OR_HALVE}:moves", "--arity", "2"),
    # problems
    _bad("unknown problem", "problem", "x" * 100_000),
    _bad("--check needs a command", "problem", "hdu1846", "--check", ""),
    _bad("not found", "problem", "hdu1846", "--check", "no-such-command-grundy-test"),
    _bad("at most 3600 seconds", "problem", "hdu1846", "--check", "cat", "--timeout", "1e9"),
    _bad("--timeout", "problem", "hdu1846", "--check", "cat", "--timeout", "nan"),
]


def api_cases(family: str) -> list[Bad]:
    """The bad specs that the tests of ``family`` check through ``grundy.ruleset``."""
    return [bad for bad in BAD_INPUT if bad.api == family]


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
        Case("period octal:.254 --max-states 10^6", ("period", "octal:.254", "--max-states", "10^6", "--json")),
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
        # memory held, not estimated: rules that list 10^18 moves stop at the budget (1 GB in the tests)
        Case("split_or_take 10^18", ("solve", "--rules", f"{rules}:split_or_take", "--splits", TEN_18), (2,),
             stderr="the work passed the memory budget of 1.0 GB"),
        Case("pattern split_or_take --at 10^18", ("pattern", "--rules", f"{rules}:split_or_take", "--splits", "--at",
                                                   "10**18")),
        # user rules that never end (a budget of 10^6 positions: the default 10^7 stops them the same way, in
        # ten times the CPU)
        *[Case(f"--rules {f} ({cmd})", (cmd, "--rules", f"{rules}:{f}", *args, "--max-states", "10^6"), stdin="quit\n")
          for f in ("forever", "gen", "wander", "huge", "down")
          for cmd, args in (("solve", ("5",)), ("table", ()), ("period", ()), ("play", ("5", "--first", "human")))],
        # --check
        Case("--check yes", ("problem", "hdu1846", "--check", str(yes_prog), "--cases", "2"), (1,)),
        Case("--check 20 MB output", ("problem", "hdu1846", "--check", str(big_prog), "--cases", "2"), (1,)),
        Case("--check ''", ("problem", "hdu1846", "--check", ""), (2,)),
        Case("--check no such command", ("problem", "hdu1846", "--check", "no-such-command-xyz"), (2,)),
        # messages: the bad inputs of the shared table that are also run in a child process
        *[Case(bad.name, bad.argv, (2,)) for bad in BAD_INPUT if bad.in_child],
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


# -- a child under a hard cap, measured by its own CPU time ----------------------------------------------
@dataclass
class Capped:
    status: int  # negative: killed by that signal
    stdout: str
    stderr: str
    cpu: float  # seconds of CPU the child spent (user + system), however loaded the machine
    peak_mb: float  # the child's peak resident memory
    killed: bool = False  # True: still running at the safety net, killed


def run_capped(argv: list[str], stdin: str = "", env: dict | None = None, cwd: str | Path | None = None,
               memory: int = 3 * 1024**3, cpu: int = 120, safety: float = 600.0) -> Capped:
    """Run ``argv`` under a hard cap: ``memory`` bytes of address space and ``cpu`` seconds of CPU
    (``RLIMIT_AS``, ``RLIMIT_CPU``: past them the child fails to allocate or is killed, so a failure
    cannot take the machine). ``safety`` seconds of wall-clock time is only a net for a child that
    waits on nothing (never the thing a test asserts: a loaded machine may be slow)."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))

    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=cap, env={**os.environ, **(env or {})}, cwd=cwd,
                            start_new_session=True)
    streams: dict[str, str] = {}

    def read(name: str, stream: object) -> None:
        streams[name] = stream.read()  # type: ignore[attr-defined]

    readers = [threading.Thread(target=read, args=(name, stream), daemon=True)
               for name, stream in (("out", proc.stdout), ("err", proc.stderr))]
    for reader in readers:
        reader.start()
    with contextlib.suppress(BrokenPipeError):
        proc.stdin.write(stdin)  # type: ignore[union-attr]
        proc.stdin.close()  # type: ignore[union-attr]
    killed = False
    deadline = time.monotonic() + safety
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            killed = True
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        time.sleep(0.05)
    proc.returncode = os.waitstatus_to_exitcode(status)
    for reader in readers:
        reader.join(10)
    return Capped(proc.returncode, streams.get("out", ""), streams.get("err", ""),
                  usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, killed)
