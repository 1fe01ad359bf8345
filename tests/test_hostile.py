"""Every hostile command line stops cleanly within its budget (issue 10).

Each case of ``tests/hostile.py`` runs in a child process under a hard memory limit
(``resource.setrlimit``, address space) with grundy's own memory budget set lower
(``GRUNDY_MAX_MEMORY``), and a wall-clock limit. A case passes when the process ends by itself, with
an expected exit status, no traceback, and, on exit 2, exactly one line ``grundy: error: ...``.
Where the answer matters (``Case.stdout``) the output must say it.
"""

from __future__ import annotations

import os
import resource
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.hostile import GRUNDY, Case, cases

HARD_LIMIT = 3 * 1024**3  # bytes of address space: past it the child fails to allocate
BUDGET = "1GB"  # grundy's own budget, which must stop it first, with a message
TIMEOUT = 60.0


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (HARD_LIMIT, HARD_LIMIT))


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


def _check(case: Case, tmp: Path, env: dict | None = None) -> str | None:
    """None when the case stopped cleanly, else what went wrong."""
    proc = subprocess.run(
        GRUNDY + list(case.argv), input=case.stdin, capture_output=True, text=True, timeout=TIMEOUT,
        preexec_fn=_limit_memory, env={**os.environ, "GRUNDY_MAX_MEMORY": BUDGET, **(env or {})}, cwd=tmp,
    )
    problems = []
    if proc.returncode not in case.expect:
        problems.append(f"exit {proc.returncode}, expected {case.expect}")
    if "Traceback" in proc.stderr:
        problems.append("a traceback")
    if proc.returncode == 2:
        lines = proc.stderr.strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith("grundy: error: "):
            problems.append(f"not one error line: {proc.stderr[:300]!r}")
        elif len(lines[0]) > 400:
            problems.append(f"an error line of {len(lines[0])} characters")
    if case.stdout is not None and case.stdout not in proc.stdout:
        problems.append(f"{case.stdout!r} not in the output {proc.stdout[:300]!r}")
    return f"{case.name}: {'; '.join(problems)} (stderr: {proc.stderr[-300:]!r})" if problems else None


def test_every_hostile_case_stops_cleanly(tmp_path: Path) -> None:
    all_cases = cases(tmp_path)
    with ThreadPoolExecutor(max_workers=2) as pool:
        failures = [f for f in pool.map(lambda c: _check(c, tmp_path), all_cases) if f]
    assert not failures, "\n".join(failures)
