"""Stress-testing a user's program against grundy's answers (``grundy problem NAME --check CMD``).

Random valid inputs come from the problem's seeded generator, growing from tiny to ``max_size``
(never past the largest size whose inputs keep to the problem's limits,
:attr:`~grundy.problems.base.Problem.max_size`). At
the first difference the failing input is **shrunk**, in two phases sharing one wall-clock budget
(``shrink_seconds``): first the smallest size at which the same generator still makes failing inputs
is found (within a quarter of the budget) and the shortest failing input there kept; then that input
itself is edited down (:mod:`grundy.problems.shrink`: lines and numbers dropped, numbers lowered,
counts kept consistent; each edit must be accepted by grundy's own solver, leave a case to answer
and keep the layout of the lines) until no edit still fails. The report says whether it got there
(``minimal``) or the budget ran out, and holds the expected and the received output around their
first differing line. A program that runs longer than ``timeout`` seconds, or writes more than
:func:`output_limit` bytes, is stopped (its whole process group) and reported as too slow or too
talkative; one that crashes is reported with its exit status and the end of its stderr. An empty
command, or one the shell cannot find, is an input error (:class:`~grundy.core.errors.GrundyError`),
not a failing test. Ctrl-C raises :class:`~grundy.core.errors.Interrupted` holding the report so far:
the cases passed, and the smallest failing input found before the stop (not minimal).
"""

from __future__ import annotations

import contextlib
import os
import random
import selectors
import shlex
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass

from grundy.core.errors import GrundyError, Interrupted
from grundy.core.limits import format_size, shorten
from grundy.problems.base import Problem, read_layout
from grundy.problems.shrink import minimise

ASKED = "the largest size asked for"  # why the sizes ended where they did (the command line names its option)
DEFAULT_TOP = "the default largest size"
SHRINK_TRIES = 10  # inputs the generator makes at each smaller size
SHRINK_SECONDS = 60.0  # default wall-clock budget of the shrinking
MAX_TIMEOUT = 3600.0  # seconds one run may be allowed at most
OUTPUT_FLOOR = 4_000_000  # bytes of output always accepted before a program is stopped
STDERR_KEPT = 65_536  # bytes of the end of stderr kept for the report
SHOWN_LINES = 7  # lines of expected / received output shown around their first difference
SHOWN_WIDTH = 200  # characters of one shown line
NOT_FOUND = 127  # the shell's exit status for a command it cannot find
SMALL_SIZES = 10  # the first half of the inputs grows to this size (tiny inputs first: short failures)
UNCAPPED_TOP = 100  # the default largest size of a problem whose every size keeps to its limits
GROW_SECONDS = 0.5  # sizes stop growing once making one input and grundy's answer to it take this much CPU


@dataclass
class Failure:
    """A case the program got wrong. ``expected`` and ``received`` are whole, or windows of
    :data:`SHOWN_LINES` lines from line ``first_shown_line`` when the outputs are long (see
    :func:`excerpt`); ``first_difference_line`` is the first line whose tokens differ (None when
    the outputs agree, as after a crash that printed the right answer); ``minimal``: shrinking
    ended because no smaller edit of ``input`` fails (False: not shrunk, or out of time)."""

    input: str
    expected: str
    received: str
    reason: str
    first_difference_line: int | None
    first_shown_line: int
    expected_lines: int
    received_lines: int
    minimal: bool = False


def failure(text: str, expected: str, received: str, reason: str) -> Failure:
    """The :class:`Failure` of a program that answered ``received`` to ``text`` (not yet shrunk).

    >>> f = failure("1\\n2 1\\n", "second\\n", "first\\n", "wrong answer")
    >>> f.first_difference_line, f.expected_lines, f.minimal
    (1, 1, False)
    """
    shown_expected, shown_received, first_shown = excerpt(expected, received)
    return Failure(text, shown_expected, shown_received, reason, first_difference(expected, received), first_shown,
                   len(expected.splitlines()), len(received.splitlines()))


@dataclass
class CheckReport:
    """What a stress test found: how many cases passed, and the (shrunk) failure if any.
    ``largest_size``: the largest generator size the inputs could have (``max_size`` clamped to the
    problem's limits; None: not said); ``sizes``: the least and largest size tested, and
    ``why_largest`` why the sizes ended there; ``interrupted``: stopped by Ctrl-C, so the cases stopped at
    ``passed`` and a failure is the smallest found so far, not a minimal one."""

    problem: str
    passed: int
    failure: Failure | None
    shrink_seconds: float = SHRINK_SECONDS
    largest_size: int | None = None
    interrupted: bool = False
    sizes: tuple[int, int] = (1, 1)
    why_largest: str = ""


def output_limit(expected: str) -> int:
    """Bytes a program may write for one input: a few MB, or eight times the expected answer."""
    return max(OUTPUT_FLOOR, 8 * len(expected.encode()))


def check_command(command: str) -> None:
    """Raise :class:`GrundyError` for a command that cannot be run: empty, badly quoted, or naming
    a program that does not exist or is not executable (shell syntax beyond a simple command is
    left to the shell)."""
    if not command.strip():
        raise GrundyError("--check needs a command that reads the input on stdin, e.g. --check 'python3 sol.py'")
    try:
        words = shlex.split(command)
    except ValueError as exc:
        raise GrundyError(f"--check {shorten(command)!r}: cannot split the command into words ({exc})") from None
    words = [w for w in words if not _is_assignment(w)]  # FOO=1 ./a.out
    if not words or any(ch in command for ch in "|&;<>()`$\n") or words[0] in _SHELL_WORDS:
        return
    program = words[0]
    if "/" in program:
        if not os.path.exists(program):
            raise GrundyError(f"--check: no such file {shorten(program)!r}")
        if os.path.isdir(program) or not os.access(program, os.X_OK):
            raise GrundyError(f"--check: {shorten(program)!r} is not an executable file (chmod +x it, "
                              "or name its interpreter, e.g. --check 'python3 sol.py')")
    elif shutil.which(program) is None:
        raise GrundyError(f"--check: command {shorten(program)!r} not found (give a program on the PATH "
                          "or a path to one, e.g. --check './a.out')")


_SHELL_WORDS = {"cd", "exec", "eval", ".", "source", "if", "for", "while", "until", "case", "!", "{", "time",
                "command", "builtin", "echo", "printf", "read", "test", "[", "true", "false", ":", "exit"}


def _is_assignment(word: str) -> bool:
    name, equals, _ = word.partition("=")
    return bool(equals) and name.isidentifier()


def run_program(command: str, text: str, timeout: float, max_output: int = OUTPUT_FLOOR) -> tuple[str | None, str]:
    """Run ``command`` in a shell on ``text``: (its stdout, or None if it failed; what went wrong).

    The program is stopped (with its whole process group) after ``timeout`` seconds or once it has
    written more than ``max_output`` bytes; only the end of its stderr is kept.
    """
    out, trouble = _run(command, text, timeout, max_output)
    return (None, trouble) if trouble else (out, "")


def _run(command: str, text: str, timeout: float, max_output: int) -> tuple[str, str]:
    """(what the program wrote, even when stopped; what went wrong, or ``""``)."""
    process = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + timeout
    out, err = bytearray(), bytearray()
    try:
        try:
            trouble = _exchange(process, text.encode(), deadline, max_output, out, err)
        finally:
            with contextlib.suppress(OSError):
                process.stdin.close()  # type: ignore[union-attr]
        if trouble is None:
            try:
                process.wait(timeout=max(deadline - time.monotonic(), 0.001))
            except subprocess.TimeoutExpired:
                trouble = "time"
    except BaseException:  # Ctrl-C: the program, in a session of its own, would go on running
        _stop(process)
        raise
    written = out.decode(errors="replace")
    if trouble is not None:
        _stop(process)
        return written, f"no answer within {timeout:g} s (stopped)" if trouble == "time" else trouble
    if process.returncode != 0:
        lines = err.decode(errors="replace").strip().splitlines()[-3:]
        tail = shorten(" | ".join(line.strip() for line in lines), 300)
        return written, f"exited with status {process.returncode}" + (f": {tail}" if tail else "")
    return written, ""


def _stop(process: subprocess.Popen) -> None:
    """Kill the program and its whole process group, and reap it."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    for stream in (process.stdout, process.stderr):
        with contextlib.suppress(OSError):
            stream.close()  # type: ignore[union-attr]


def _exchange(process: subprocess.Popen, data: bytes, deadline: float, max_output: int, out: bytearray,
              err: bytearray) -> str | None:
    """Feed ``data`` to the program and collect its output until both its streams close: None,
    ``"time"`` past the deadline, or a message when the output grows past ``max_output``."""
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    with selectors.DefaultSelector() as selector:
        if data:
            os.set_blocking(process.stdin.fileno(), False)
            selector.register(process.stdin, selectors.EVENT_WRITE)
        else:
            process.stdin.close()
        selector.register(process.stdout, selectors.EVENT_READ, out)
        selector.register(process.stderr, selectors.EVENT_READ, err)
        sent = 0
        while any(key.fileobj is not process.stdin for key in selector.get_map().values()):
            left = deadline - time.monotonic()
            if left <= 0:
                return "time"
            for key, _ in selector.select(min(left, 1.0)):
                if key.fileobj is process.stdin:
                    try:
                        sent += os.write(process.stdin.fileno(), data[sent:sent + 65536])
                    except BlockingIOError:
                        continue
                    except OSError:  # a broken pipe: the program answers from what it has read
                        sent = len(data)
                    if sent >= len(data):
                        selector.unregister(process.stdin)
                        with contextlib.suppress(OSError):
                            process.stdin.close()
                    continue
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                key.data.extend(chunk)
                if key.data is out and len(out) > max_output:
                    return f"output too long: more than {format_size(max_output)} (stopped)"
                if key.data is err and len(err) > 2 * STDERR_KEPT:
                    del err[:-STDERR_KEPT]
    return None


def same_answer(expected: str, received: str) -> bool:
    """Answers match token by token (spacing and line ends do not matter)."""
    return expected.split() == received.split()


def first_difference(expected: str, received: str) -> int | None:
    """The first line (1-based) whose tokens differ, or None when the answers match.

    >>> first_difference("first\\nsecond\\n", "first\\nfirst\\n"), first_difference("1  2\\n", "1 2")
    (2, None)
    """
    if same_answer(expected, received):
        return None
    want, got = expected.splitlines(), received.splitlines()
    return 1 + next(i for i in range(max(len(want), len(got)))
                     if i >= min(len(want), len(got)) or want[i].split() != got[i].split())


def excerpt(expected: str, received: str) -> tuple[str, str, int]:
    """Both outputs, or when they are long :data:`SHOWN_LINES` lines of each from a few lines
    before their first difference, each line cut to :data:`SHOWN_WIDTH` characters; and the number
    of the first line shown.

    >>> e, r, first = excerpt("".join(f"{i}\\n" for i in range(100)), "".join(f"{i}\\n" for i in range(50)) + "x\\n")
    >>> first, r.splitlines()
    (48, ['47', '48', '49', 'x'])
    >>> excerpt("first\\n", "second\\n")
    ('first\\n', 'second\\n', 1)
    """
    want, got = expected.splitlines(), received.splitlines()
    if len(want) <= SHOWN_LINES and len(got) <= SHOWN_LINES and max(len(expected), len(received)) <= 2000:
        return expected, received, 1
    start = max((first_difference(expected, received) or 1) - 1 - SHOWN_LINES // 2, 0)
    return _window(want, start), _window(got, start), start + 1


def _window(lines: list[str], start: int) -> str:
    return "".join(shorten(line, SHOWN_WIDTH) + "\n" for line in lines[start:start + SHOWN_LINES])


def _verdict(problem: Problem, command: str, text: str, timeout: float) -> Failure | None:
    """The program's failure on ``text`` (a valid input), or None when it answers right."""
    return _judged(command, text, problem.solve(text), timeout)


def _judged(command: str, text: str, expected: str, timeout: float) -> Failure | None:
    received, trouble = _run(command, text, timeout, output_limit(expected))
    if trouble or not same_answer(expected, received):
        return failure(text, expected, received, trouble or "wrong answer")
    return None


def _edit_verdict(problem: Problem, command: str, text: str, timeout: float,
                  layout: frozenset[tuple[str | None, ...]]) -> Failure | None:
    """As :func:`_verdict`, and None for an edited input that the problem's format refuses, that
    leaves no case to answer (an empty input, or only the end marker), or whose lines do not keep
    to ``layout``, the lines of the input it was edited from (see
    :func:`~grundy.problems.base.read_layout`)."""
    try:
        expected, lines = read_layout(problem.solve, text)
    except GrundyError:
        return None
    return _judged(command, text, expected, timeout) if expected.strip() and lines <= layout else None


def shrink(problem: Problem, command: str, found: Failure, size: int, seed: int, timeout: float,
           seconds: float = SHRINK_SECONDS, status: Callable[[str], None] | None = None) -> Failure:
    """A minimal failing input, from the failure ``found`` at generator size ``size``: the shortest
    failing input the generator makes at the smallest size where it makes one (within a quarter
    of the budget), then edited down by :func:`~grundy.problems.shrink.minimise`, each edit keeping
    to the layout of that input's lines. The budget is ``seconds`` of wall-clock time (0: no
    shrinking); ``status`` hears of each smaller failing input.

    Ctrl-C raises :class:`~grundy.core.errors.Interrupted` holding the smallest failing input found
    so far (``minimal`` False)."""
    start = time.monotonic()
    best = found
    try:
        for smaller in range(1, size + 1):
            for attempt in range(SHRINK_TRIES):
                if time.monotonic() > start + seconds / 4:
                    break
                text = problem.generate(random.Random(f"{seed}/{smaller}/{attempt}"), smaller)
                if len(text) < len(best.input) and (verdict := _verdict(problem, command, text, timeout)):
                    best = verdict  # the shortest failing input at the smallest size that makes one
            if best is not found:
                break
        layout = read_layout(problem.solve, best.input)[1]

        def fails(text: str) -> Failure | None:
            nonlocal best
            verdict = _edit_verdict(problem, command, text, timeout, layout)
            if verdict is not None:
                best = verdict  # minimise goes on from every failing edit it is given
                if status is not None:
                    status(f"shrinking: failing input of {len(text.split()):,} tokens in {text.count(chr(10)):,} "
                           f"lines, {max(start + seconds - time.monotonic(), 0):.0f} s left")
            return verdict

        shrunk, minimal = minimise(best.input, best, fails, start + seconds)
    except KeyboardInterrupt:
        best.minimal = False
        raise Interrupted(best) from None
    shrunk.minimal = minimal
    return shrunk


def check(problem: Problem, command: str, seed: int = 0, cases: int = 100, timeout: float = 2.0,
          max_size: int | None = None, shrink_seconds: float = SHRINK_SECONDS,
          status: Callable[[str], None] | None = None) -> CheckReport:
    """Run ``command`` on ``cases`` random inputs and compare with grundy's answers.

    Parameters
    ----------
    problem:
        The catalogue entry.
    command:
        A shell command reading the input on stdin and writing the answer on stdout.
    seed, cases, timeout, max_size:
        The generator's seed, how many inputs, seconds allowed per run (at most
        :data:`MAX_TIMEOUT`), the largest input size (lowered to the problem's
        :attr:`~grundy.problems.base.Problem.max_size`, so every input keeps to its limits; None, the
        default: that size, or :data:`UNCAPPED_TOP` where every size keeps to the limits). The first
        half of the inputs grows to :data:`SMALL_SIZES`, the rest geometrically to the largest size,
        which stops growing once making one input and grundy's answer to it take :data:`GROW_SECONDS`.
    shrink_seconds:
        The wall-clock budget of shrinking a failing input (see :func:`shrink`).
    status:
        Called with a line saying what is being done (for a progress display).

    Raises :class:`GrundyError` when the command cannot be run at all or the timeout is out of range,
    and :class:`~grundy.core.errors.Interrupted` on Ctrl-C, holding the report so far (its
    ``interrupted`` set; its failure, if one was found, the smallest so far).
    """
    if not 0 < timeout <= MAX_TIMEOUT:  # also refuses nan and inf
        raise GrundyError(f"--timeout must be more than 0 and at most {MAX_TIMEOUT:g} seconds, got {timeout:g}")
    if not 0 <= shrink_seconds <= MAX_TIMEOUT:
        raise GrundyError(f"--shrink-seconds must be from 0 to {MAX_TIMEOUT:g}, got {shrink_seconds:g}")
    check_command(command)
    wanted = max_size if max_size is not None else problem.max_size or UNCAPPED_TOP
    top = largest_size(problem, wanted)
    why = (ASKED if max_size is not None and top == max_size
           else "the largest within the problem's limits" if problem.max_size is not None and top == problem.max_size
           else DEFAULT_TOP)
    rng = random.Random(seed)
    tested = (0, 0)
    for i in range(cases):
        size = min(schedule(i, cases, wanted), top)
        if status is not None:
            status(f"input {i + 1} of {cases} (size {size})")
        try:
            began = time.process_time()  # CPU time: the same on a loaded machine
            text = problem.generate(rng, size)
            expected = problem.solve(text)
            if time.process_time() - began > GROW_SECONDS and SMALL_SIZES < size < top:  # (the small sizes stay)
                top, why = size, f"larger inputs took over {GROW_SECONDS:g} s of CPU each to make and answer"
            found = _judged(command, text, expected, timeout)
        except KeyboardInterrupt:
            raise Interrupted(CheckReport(problem.name, i, None, shrink_seconds, top, interrupted=True,
                                          sizes=tested, why_largest=why)) from None
        tested = (tested[0] or size, max(tested[1], size))
        if i == 0 and found is not None and found.reason.startswith(f"exited with status {NOT_FOUND}:") \
                and "not found" in found.reason:
            raise GrundyError(f"--check: the shell cannot run {shorten(command)!r}: {found.reason}")
        if found is not None:
            if status is not None:
                status(f"input {i + 1} failed ({found.reason}): shrinking it, for at most {shrink_seconds:g} s")
            try:
                shrunk = shrink(problem, command, found, size, seed, timeout, shrink_seconds, status)
            except Interrupted as stop:
                raise Interrupted(CheckReport(problem.name, i, stop.partial, shrink_seconds, top,  # type: ignore[arg-type]
                                              interrupted=True, sizes=tested, why_largest=why)) from None
            return CheckReport(problem.name, i, shrunk, shrink_seconds, top, sizes=tested, why_largest=why)
    return CheckReport(problem.name, cases, None, shrink_seconds, top, sizes=tested, why_largest=why)


def schedule(i: int, cases: int, top: int) -> int:
    """The generator size of input ``i`` of ``cases``: the first half from 1 to :data:`SMALL_SIZES`
    (at most ``top``), the third quarter geometrically on to ``top``, and the last quarter at ``top``
    (where a mistake only at the largest inputs shows).

    >>> [schedule(i, 8, 1000) for i in range(8)]
    [1, 3, 6, 8, 10, 100, 1000, 1000]
    >>> [schedule(i, 12, 1000) for i in range(12)]
    [1, 2, 4, 6, 7, 9, 10, 46, 215, 1000, 1000, 1000]
    """
    small = min(SMALL_SIZES, top)
    half = cases // 2 if top > small else cases
    if i < half:
        return 1 + (i * small) // max(half, 1)
    steps = max((cases - half) // 2, 1)
    return round(small * (top / small) ** ((i - half) / steps)) if i - half < steps else top


def largest_size(problem: Problem, max_size: int) -> int:
    """``max_size``, or the problem's own :attr:`~grundy.problems.base.Problem.max_size` when that is
    smaller: the generator makes no input past the problem's limits.

    >>> from grundy.problems.base import get
    >>> largest_size(get("hdu1846"), 10), largest_size(get("hdu1846"), 10**9)
    (10, 100)
    """
    return max_size if problem.max_size is None else max(1, min(max_size, problem.max_size))
