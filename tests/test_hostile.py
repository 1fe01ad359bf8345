"""Every hostile command line stops cleanly within its budget (issue 10).

Each case of ``tests/hostile.py`` runs in a child process under a hard memory limit and a hard CPU
limit (``resource.setrlimit``: address space, CPU seconds) with grundy's own memory budget set lower
(``GRUNDY_MAX_MEMORY``). A case passes when the process ends by itself within :data:`CPU_BUDGET`
seconds of its own CPU time (not wall-clock time: the suite passes on a loaded machine), with an
expected exit status, no traceback, and, on exit 2, exactly one line ``grundy: error: ...``. Where
the answer or the limit matters (``Case.stdout``, ``Case.stderr``) the output must say it.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.hostile import GRUNDY, Case, cases, run_capped

pytestmark = pytest.mark.slow

HARD_LIMIT = 3 * 1024**3  # bytes of address space: past it the child fails to allocate
BUDGET = "1GB"  # grundy's own budget, which must stop it first, with a message
CPU_BUDGET = 60.0  # seconds of the child's own CPU time a case may spend


def test_the_check_can_fail(tmp_path: Path) -> None:
    """The check below can fail: a wrong exit status, a wrong answer and a traceback are all seen."""
    assert _check(Case("nim", ("solve", "nim", "3"), (0,), stdout="N"), tmp_path) is None
    assert "exit 0" in _check(Case("nim", ("solve", "nim", "3"), (2,)), tmp_path)
    assert "not in the output" in _check(Case("nim", ("solve", "nim", "3"), (0,), stdout="P:"), tmp_path)
    fake = tmp_path / "fake" / "grundy"  # a grundy that crashes, found first on the path
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "__main__.py").write_text("raise RuntimeError('broken on purpose')\n")
    broken = _check(Case("nim", ("solve", "nim", "3"), (0,)), tmp_path, {"PYTHONPATH": str(fake.parent)})
    assert broken is not None and "a traceback" in broken
    assert "s of CPU" in _check(Case("nim", ("solve", "nim", "3"), (0,)), tmp_path, cpu_budget=0.001)
    wrong_limit = Case("nim", ("solve", "nim", "3", "--max-states", "0"), (2,), stderr="--max-memory")
    assert "not in the error" in _check(wrong_limit, tmp_path)


def _check(case: Case, tmp: Path, env: dict | None = None, cpu_budget: float = CPU_BUDGET) -> str | None:
    """None when the case stopped cleanly within ``cpu_budget`` seconds of its CPU, else what went wrong."""
    proc = run_capped(GRUNDY + list(case.argv), case.stdin, {"GRUNDY_MAX_MEMORY": BUDGET, **(env or {})}, tmp,
                      memory=HARD_LIMIT, cpu=int(2 * CPU_BUDGET))
    problems = []
    if proc.status not in case.expect:
        problems.append(f"exit {proc.status}, expected {case.expect}")
    if proc.cpu > cpu_budget or proc.killed:
        problems.append(f"{proc.cpu:.1f} s of CPU, more than {cpu_budget:g}" + (" (killed)" if proc.killed else ""))
    if "Traceback" in proc.stderr:
        problems.append("a traceback")
    if proc.status == 2:
        lines = proc.stderr.strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith("grundy: error: "):
            problems.append(f"not one error line: {proc.stderr[:300]!r}")
        elif len(lines[0]) > 400:
            problems.append(f"an error line of {len(lines[0])} characters")
    if case.stdout is not None and case.stdout not in proc.stdout:
        problems.append(f"{case.stdout!r} not in the output {proc.stdout[:300]!r}")
    if case.stderr is not None and case.stderr not in proc.stderr:
        problems.append(f"{case.stderr!r} not in the error {proc.stderr[:300]!r}")
    return f"{case.name}: {'; '.join(problems)} (stderr: {proc.stderr[-300:]!r})" if problems else None


def test_every_hostile_case_stops_cleanly(tmp_path: Path) -> None:
    all_cases = cases(tmp_path)
    with ThreadPoolExecutor(max_workers=2) as pool:
        failures = [f for f in pool.map(lambda c: _check(c, tmp_path), all_cases) if f]
    assert not failures, "\n".join(failures)
