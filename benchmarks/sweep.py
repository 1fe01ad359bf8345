"""Benchmark: ``grundy sweep`` over every octal code 0.d1d2d3 (and the shorter ones), each to 2^16 values,
on a local Dask cluster of 1 worker and of 2 (issue 16): games per second and the speed-up, next to
the naive method (the same games one after another in this process, no Dask). The equivalent codes
(trailing zeros, covered moves) are recorded without work; the table counts the games worked out.

    python benchmarks/sweep.py [--digits 3] [--max 2^16]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _table import print_table  # noqa: E402
from grundy.core.limits import parse_count  # noqa: E402
from grundy.sweep.families import octal_family  # noqa: E402
from grundy.sweep.runner import run, work_out  # noqa: E402
from grundy.sweep.store import Store  # noqa: E402


def naive(members: list, max_n: int) -> float:
    """Every representative in turn, in this process: the seconds taken."""
    started = time.perf_counter()
    for member in members:
        if member.spec == member.representative:
            work_out(member.family, member.spec, member.representative, max_n, None)
    return time.perf_counter() - started


def swept(members: list, max_n: int, workers: int) -> tuple[float, float, int, int]:
    """A sweep into a fresh database: (seconds in all, seconds once the cluster was up, proved, unproved)."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.sqlite")
        up: list[float] = []
        started = time.perf_counter()
        tally = run(members, store, max_n, workers=workers, on_start=lambda *_: up.append(time.perf_counter()))
        ended = time.perf_counter()
        store.close()
    return ended - started, ended - up[0], tally.proved, tally.unproved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--digits", type=int, default=3)
    parser.add_argument("--max", default="2^16")
    options = parser.parse_args()
    max_n = parse_count(options.max)
    members = octal_family(options.digits)
    games = sum(m.spec == m.representative for m in members)
    naive(members[:20], 1 << 10)  # warm-up: the kernels compile (and are cached on disk for the workers)
    rows = []
    alone = naive(members, max_n)
    rows.append(["naive: one process, one game after another", games, alone, alone, games / alone, 1.0, "", ""])
    for workers in (1, 2):
        total, working, proved, unproved = swept(members, max_n, workers)
        rows.append([f"grundy sweep, {workers} worker{'s' if workers > 1 else ''}", games, total, working,
                     games / working, alone / working, proved, unproved])
    print(f"octal codes of up to {options.digits} digits: {len(members)} codes, {games} games worked out "
          f"(the others equal one of them), to {max_n:,} values each")
    print_table(["run", "games", "seconds", "seconds (cluster up)", "games/s", "speed-up", "proved", "unproved"], rows)


if __name__ == "__main__":
    main()
