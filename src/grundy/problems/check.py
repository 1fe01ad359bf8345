"""Stress-testing a user's program against grundy's answers (``grundy problem NAME --check CMD``).

Random valid inputs come from the problem's seeded generator, growing from tiny to ``max_size``.
At the first difference the failing input is **shrunk**: the smallest size at which inputs made
by the same generator still fail is found, and the shortest failing input there is reported, with
the expected and the received output. A program that runs longer than ``timeout`` seconds is
stopped (its whole process group) and reported as too slow; one that crashes is reported with its
exit status and the end of its stderr.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
from collections.abc import Callable
from dataclasses import dataclass

from grundy.problems.base import Problem

SHRINK_TRIES = 30  # inputs tried at each smaller size


@dataclass
class Failure:
    """A case the program got wrong."""

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


def run_program(command: str, text: str, timeout: float) -> tuple[str | None, str]:
    """Run ``command`` in a shell on ``text``: (its stdout, or None if it failed; what went wrong)."""
    process = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = process.communicate(text, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return None, f"no answer within {timeout:g} s (stopped)"
    if process.returncode != 0:
        tail = " | ".join(err.strip().splitlines()[-3:])
        return None, f"exited with status {process.returncode}" + (f": {tail}" if tail else "")
    return out, ""


def same_answer(expected: str, received: str) -> bool:
    """Answers match token by token (spacing and line ends do not matter)."""
    return expected.split() == received.split()


def _verdict(problem: Problem, command: str, text: str, timeout: float) -> Failure | None:
    expected = problem.solve(text)
    received, trouble = run_program(command, text, timeout)
    if received is None:
        return Failure(text, expected, "", trouble)
    if not same_answer(expected, received):
        return Failure(text, expected, received, "wrong answer")
    return None


def shrink(problem: Problem, command: str, failure: Failure, size: int, seed: int, timeout: float) -> Failure:
    """The smallest failing input the generator makes at or below ``size`` (shortest at that size)."""
    for smaller in range(1, size + 1):
        found: list[Failure] = []
        for attempt in range(SHRINK_TRIES):
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
        The generator's seed, how many inputs, seconds allowed per run, the largest input size.
    """
    rng = random.Random(seed)
    for i in range(cases):
        size = 1 + (i * max_size) // max(cases, 1)
        text = problem.generate(rng, size)
        failure = _verdict(problem, command, text, timeout)
        if progress is not None:
            progress(i + 1)
        if failure is not None:
            return CheckReport(problem.name, i, shrink(problem, command, failure, size, seed, timeout))
    return CheckReport(problem.name, cases, None)
