"""Budgets that hold on every path (issue 26): an open octal game's period search answers "no period
in sight" instead of running for hours, the default still proves .376, and the Python API and the
command line count a table's work against the same budget.

Each command runs as a child process under a hard address-space cap; the work is measured by the
tool's own counters (values computed) and, generously, by the child's CPU time, never by the clock.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

import grundy
from grundy.core import limits, words
from grundy.core.errors import GrundyError
from grundy.patterns.period import NOT_IN_SIGHT, SIGHT_VALUES, find_period, work_budget

GRUNDY = [sys.executable, "-m", "grundy"]
HARD_LIMIT = 3 * 1024**3  # bytes of address space a child may take
WATCHDOG = 120  # seconds: a safety net only, never the thing asserted


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (HARD_LIMIT, HARD_LIMIT))


def _grundy(*argv: str) -> tuple[subprocess.CompletedProcess, float]:
    """Run ``grundy ARGV`` under the memory cap: the finished process and the CPU seconds it took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(GRUNDY + list(argv), capture_output=True, text=True, timeout=WATCHDOG,
                          preexec_fn=_limit_memory, env={**os.environ, "GRUNDY_MAX_MEMORY": "2GB"})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def test_an_open_octal_game_stops_when_no_period_is_in_sight():
    """Before: both ran for hours by default (2^26 values at 0.01-0.2 M values/s)."""
    done, cpu = _grundy("period", "octal:.6", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    count = data["values_computed"]
    assert (data["period"], data["proved"]) == (None, False)
    assert data["reason"] == f"{NOT_IN_SIGHT} {count:,} values; --max to look further"
    assert 1 << 16 < count <= SIGHT_VALUES
    assert cpu < 60  # about 3 s on a quiet machine


def test_the_answer_without_json_is_one_line_of_what_to_do():
    """treblecross, without --json: the first line says what was found and how to look further."""
    done, cpu = _grundy("period", "treblecross")
    assert done.returncode == 0 and done.stderr == ""
    first = done.stdout.splitlines()[0]
    assert first.startswith("treblecross: no period in sight in ") and first.endswith(" values; --max to look further")
    assert cpu < 60  # about 4 s on a quiet machine


def test_the_default_still_proves_376():
    """.376: no period in sight at 2^21 values (it begins at 2,268,248); the values are cheap, so
    the search looks on, sees it and proves it at 4,536,507 values (about 6 s of CPU)."""
    done, cpu = _grundy("period", "octal:.376", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["preperiod"], data["period"], data["proved"], data["values_computed"]) == (2268248, 4, True,
                                                                                          4536507)
    assert cpu < 100


def test_the_look_is_shorter_under_a_smaller_budget_and_the_progress_heads_for_a_target():
    """The share of looking comes from the budget in force: a tenth of it, a tenth of the values."""
    seen = []
    with limits.budget(max_states=10**6):
        found = find_period(grundy.ruleset("octal:.6"), progress=seen.append)
    assert found.period is None and found.reason.startswith(NOT_IN_SIGHT)
    assert found.values_computed < SIGHT_VALUES // 8
    assert all(s.values <= s.target <= s.limit for s in seen[:-1])
    assert all(s.seconds_left is not None for s in seen[1:])
    proved = []
    found = grundy.period(grundy.ruleset("octal:.16"), progress=proved.append)
    assert proved[-1].target == proved[-1].needed == found.values_computed == 509622


def test_the_python_api_and_the_command_line_table_agree_under_the_default_budget():
    """Before: values(2**20) raised TableWorkError "more than 1,000,000,000 steps" at heap 189,398 in
    Python and in 'grundy table' alike, while 'grundy period' computed 2^22 (it was not bounded)."""
    values = grundy.ruleset("grundy-game").values(2**20)
    assert len(values) == 2**20
    done, _ = _grundy("table", "grundy-game", "--n", "2^20", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["values"] == values.tolist()


@pytest.mark.parametrize("spec, count, states", [
    ("grundy-game", 1 << 21, 1000),  # the table counts its values as positions (past those computed)
    ("treblecross", 1 << 16, 1 << 16),  # the kernel's steps pass max_states x WORK_PER_STATE
])
def test_a_small_budget_stops_both_doors_with_the_same_words(spec, count, states):
    from grundy.service import resolve

    resolve._cached.cache_clear()  # a fresh table, as the command line's: no values left by an earlier test
    with limits.budget(max_states=states), words.command_line():
        assert work_budget() == states * 10_000
        with pytest.raises(GrundyError) as stopped:
            grundy.ruleset(spec).values(count)
    done, _ = _grundy("table", spec, "--n", str(count), "--max-states", str(states))
    assert done.returncode == 2
    assert done.stderr == f"grundy: error: {stopped.value}\n"
    assert "--max-states" in done.stderr
