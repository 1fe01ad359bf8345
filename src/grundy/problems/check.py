"""Stress-testing a user's program against grundy's answers (``grundy problem NAME --check CMD``).

Random valid inputs come from the problem's seeded generator, growing from tiny to ``max_size``.
At the first difference the failing input is **shrunk**: the smallest size at which inputs made
by the same generator still fail is found, and the shortest failing input there is reported, with
the expected and the received output around their first difference. A program that runs longer
than ``timeout`` seconds, or writes more than :func:`output_limit` bytes, is stopped (its whole
process group) and reported as too slow or too talkative; one that crashes is reported with its
exit status and the end of its stderr. An empty command, or one the shell cannot find, is an input
error (:class:`~grundy.core.errors.GrundyError`), not a failing test.
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

from grundy.core.errors import GrundyError
from grundy.core.limits import format_size, shorten
from grundy.problems.base import Problem

SHRINK_TRIES = 30  # inputs tried at each smaller size
SHRINK_SECONDS = 60.0  # wall-clock budget of the shrinking (at least a few timeouts' worth)
MAX_TIMEOUT = 3600.0  # seconds one run may be allowed at most
OUTPUT_FLOOR = 4_000_000  # bytes of output always accepted before a program is stopped
STDERR_KEPT = 65_536  # bytes of the end of stderr kept for the report
SHOWN_LINES = 7  # lines of expected / received output shown around their first difference
SHOWN_WIDTH = 200  # characters of one shown line
NOT_FOUND = 127  # the shell's exit status for a command it cannot find


@dataclass
class Failure:
    """A case the program got wrong. ``expected`` and ``received`` are excerpts around the first
    difference when the outputs are long (see :func:`excerpt`)."""

    input: str
    expected: str
    received: str
    reason: str


@dataclass
class CheckReport:
    """What a stress test found: how many cases passed, and the (shrunk) failure if any."""

    problem: str
    passed: int
    failure: Failure | None


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
        trouble = _exchange(process, text.encode(), deadline, max_output, out, err)
    finally:
        with contextlib.suppress(OSError):
            process.stdin.close()  # type: ignore[union-attr]
    if trouble is None:
        try:
            process.wait(timeout=max(deadline - time.monotonic(), 0.001))
        except subprocess.TimeoutExpired:
            trouble = "time"
    written = out.decode(errors="replace")
    if trouble is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return written, f"no answer within {timeout:g} s (stopped)" if trouble == "time" else trouble
    if process.returncode != 0:
        lines = err.decode(errors="replace").strip().splitlines()[-3:]
        tail = shorten(" | ".join(line.strip() for line in lines), 300)
        return written, f"exited with status {process.returncode}" + (f": {tail}" if tail else "")
    return written, ""


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


def excerpt(expected: str, received: str) -> tuple[str, str]:
    """Both outputs cut to a few lines around the line where their tokens first differ, each line to
    :data:`SHOWN_WIDTH` characters, with a note of what was left out; short outputs are unchanged.

    >>> e, r = excerpt("".join(f"{i}\\n" for i in range(100)), "".join(f"{i}\\n" for i in range(50)) + "x\\n")
    >>> r.splitlines()
    ['... (47 lines before)', '47', '48', '49', 'x']
    >>> e.splitlines()[-1]
    '... (46 more lines)'
    """
    want, got = expected.splitlines(), received.splitlines()
    if len(want) <= SHOWN_LINES and len(got) <= SHOWN_LINES and max(len(expected), len(received)) <= 2000:
        return expected, received
    pairs = enumerate(zip(want, got, strict=False))
    first = next((i for i, (a, b) in pairs if a.split() != b.split()), min(len(want), len(got)))
    start = max(first - SHOWN_LINES // 2, 0)
    return _window(want, start), _window(got, start)


def _window(lines: list[str], start: int) -> str:
    shown = [shorten(line, SHOWN_WIDTH) for line in lines[start:start + SHOWN_LINES]]
    before = [f"... ({start:,} lines before)"] if start else []
    after = len(lines) - start - len(shown)
    return "\n".join(before + shown + ([f"... ({after:,} more lines)"] if after > 0 else []))


def _verdict(problem: Problem, command: str, text: str, timeout: float) -> Failure | None:
    expected = problem.solve(text)
    received, trouble = _run(command, text, timeout, output_limit(expected))
    if trouble:
        return Failure(text, *excerpt(expected, received), trouble)
    if not same_answer(expected, received):
        return Failure(text, *excerpt(expected, received), "wrong answer")
    return None


def shrink(problem: Problem, command: str, failure: Failure, size: int, seed: int, timeout: float) -> Failure:
    """The smallest failing input the generator makes at or below ``size`` (shortest at that size),
    looked for within :data:`SHRINK_SECONDS` (or a few timeouts) of wall-clock time."""
    stop = time.monotonic() + max(SHRINK_SECONDS, 3 * timeout)
    for smaller in range(1, size + 1):
        found: list[Failure] = []
        for attempt in range(SHRINK_TRIES):
            if time.monotonic() > stop:
                return min(found, key=lambda f: len(f.input)) if found else failure
            text = problem.generate(random.Random(f"{seed}/{smaller}/{attempt}"), smaller)
            if len(text) >= len(failure.input):
                continue
            verdict = _verdict(problem, command, text, timeout)
            if verdict is not None:
                found.append(verdict)
        if found:
            return min(found, key=lambda f: len(f.input))
    return failure


def check(problem: Problem, command: str, seed: int = 0, cases: int = 100, timeout: float = 2.0,
          max_size: int = 10, progress: Callable[[int], None] | None = None) -> CheckReport:
    """Run ``command`` on ``cases`` random inputs and compare with grundy's answers.

    Parameters
    ----------
    problem:
        The catalogue entry.
    command:
        A shell command reading the input on stdin and writing the answer on stdout.
    seed, cases, timeout, max_size:
        The generator's seed, how many inputs, seconds allowed per run (at most
        :data:`MAX_TIMEOUT`), the largest input size.

    Raises :class:`GrundyError` when the command cannot be run at all or the timeout is out of range.
    """
    if not 0 < timeout <= MAX_TIMEOUT:  # also refuses nan and inf
        raise GrundyError(f"--timeout must be more than 0 and at most {MAX_TIMEOUT:g} seconds, got {timeout:g}")
    check_command(command)
    rng = random.Random(seed)
    for i in range(cases):
        size = 1 + (i * max_size) // max(cases, 1)
        text = problem.generate(rng, size)
        failure = _verdict(problem, command, text, timeout)
        if i == 0 and failure is not None and failure.reason.startswith(f"exited with status {NOT_FOUND}:") \
                and "not found" in failure.reason:
            raise GrundyError(f"--check: the shell cannot run {shorten(command)!r}: {failure.reason}")
        if progress is not None:
            progress(i + 1)
        if failure is not None:
            return CheckReport(problem.name, i, shrink(problem, command, failure, size, seed, timeout))
    return CheckReport(problem.name, cases, None)
