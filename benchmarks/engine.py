"""Benchmark: the generic Sprague–Grundy engine and the subtraction-game kernel.

Prints a table: what was computed, how, how long, and the rate, next to the naive method
(a recursive memoized solver, and a pure-Python mex table). Targets (issue 2): the engine at
>= 400,000 states/s on a Python game of 10^6 states with ~3 options each; the kernel on 10^7
values in < 1 s after compiling. (A side-by-side comparison with GamesmanPy, on the general
solver, is in benchmarks/solver.py.)

    python benchmarks/engine.py
"""

from __future__ import annotations

import sys
import threading
from functools import cache
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import grundy  # noqa: E402
from _table import print_table, timed  # noqa: E402

STATES = 1_000_000


def moves(n: int) -> list[int]:
    """A user game: from n move to n-1, n-3 or n//2 (about three options per state)."""
    return [m for m in (n - 1, n - 3, n // 2) if 0 <= m < n]


def engine_run() -> int:
    game = grundy.impartial(moves)
    game.grundy(STATES - 1)
    return len(game.engine.memo)


def naive_recursive(states: int) -> int:
    """The textbook solver: recursive DFS with a memo (needs a huge stack on long chains)."""

    @cache
    def value(n: int) -> int:
        seen = {value(m) for m in moves(n)}
        m = 0
        while m in seen:
            m += 1
        return m

    sys.setrecursionlimit(10 * states + 1000)
    result = []
    threading.stack_size(512 * 1024 * 1024)
    worker = threading.Thread(target=lambda: result.append(value(states - 1)))
    worker.start()
    worker.join()
    return value.cache_info().currsize


def naive_table(n: int, subtractions: list[int]) -> np.ndarray:
    """The textbook getSG loop in pure Python."""
    g = [0] * n
    for i in range(n):
        seen = {g[i - s] for s in subtractions if s <= i}
        m = 0
        while m in seen:
            m += 1
        g[i] = m
    return np.array(g)


def main() -> None:
    rows = []
    count, seconds, _ = timed(engine_run)
    rows.append(["user game, 10^6 states", "engine (iterative)", count, seconds, count / seconds])
    count, naive_seconds, _ = timed(lambda: naive_recursive(STATES))
    rows.append(["user game, 10^6 states", "naive recursive memo", count, naive_seconds, count / naive_seconds])

    spec = "subtraction:1,3,4,7,11"
    grundy.ruleset(spec).values(1000)  # compile (cached on disk after the first run)
    values, seconds, _ = timed(lambda: grundy.ruleset(spec + ",12").values(10_000_000))
    rows.append(["subtraction:1,3,4,7,11,12, 10^7", "numba kernel", len(values), seconds, len(values) / seconds])
    check, naive_seconds, _ = timed(lambda: naive_table(1_000_000, [1, 3, 4, 7, 11, 12]))
    assert np.array_equal(check, values[:1_000_000]), "kernel and naive table disagree"
    rows.append(["subtraction:1,3,4,7,11,12, 10^6", "naive Python table", len(check), naive_seconds,
                 len(check) / naive_seconds])
    print_table(["game", "method", "values", "seconds", "per second"], rows)
    print(f"\nengine speed-up over the naive recursive solver: {rows[1][3] / rows[0][3]:.1f}x; "
          f"kernel speed-up over the naive table (per value): {rows[2][4] / rows[3][4]:.0f}x")


if __name__ == "__main__":
    main()
