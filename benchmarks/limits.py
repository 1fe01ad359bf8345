"""Benchmark: hostile command lines (issue 10) — does each stop cleanly, how fast, in how much memory.

Runs every case of ``tests/hostile.py`` in a child process with a wall-clock and a resident-memory
limit, and prints a table: exit status (or what the runner killed it for), seconds, peak MB and the
last line printed. ``--timeout`` and ``--max-mb`` set the limits; ``--only WORD`` picks cases.

    python benchmarks/limits.py [--timeout 60] [--max-mb 3000] [--only kayles]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
from _table import print_table  # noqa: E402
from hostile import cases, run_case  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--max-mb", type=float, default=3000.0)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases(Path(tmp)):
            if args.only not in case.name:
                continue
            run = run_case(case, timeout=args.timeout, max_mb=args.max_mb)
            status = f"killed ({run.killed})" if run.killed else str(run.status)
            traceback = " TRACEBACK" if "Traceback" in run.stderr else ""
            rows.append([case.name, status + traceback, run.seconds, round(run.peak_mb), run.last_line[:90]])
            print_table(["case", "exit", "seconds", "peak MB", "last line"], rows[-1:])
            sys.stdout.flush()
    print()
    print_table(["case", "exit", "seconds", "peak MB", "last line"], rows)


if __name__ == "__main__":
    main()
