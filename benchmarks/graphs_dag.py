"""Benchmark: tokens on a DAG and the AGC 016 F counting DP.

Prints a table: the Grundy value of every vertex of a random DAG with 10^6 edges by the numba kernel
(from a numpy array and from an edge file) next to the generic engine on the same graph; a path of
10^6 vertices (depth 10^6, no recursion); and the O(n·3^n) counting DP for n = 15 next to trying
every edge subset for n = 6. Target (issue 5): all vertices of a 10^6-edge DAG in <= 2 s after
compiling.

    python benchmarks/graphs_dag.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from _table import print_table, timed  # noqa: E402
from grundy.core.engine import GrundyEngine  # noqa: E402
from grundy.rulesets.dag import count_first_player_wins, dag_ruleset  # noqa: E402

VERTICES, EDGES = 200_000, 1_000_000


def random_dag(n: int, m: int, seed: int = 1) -> np.ndarray:
    """m edges u -> v between distinct random vertices, oriented by a hidden random order."""
    rng = np.random.default_rng(seed)
    a, b = rng.integers(0, n, 2 * m), rng.integers(0, n, 2 * m)
    keep = np.flatnonzero(a != b)[:m]
    a, b = a[keep], b[keep]
    order = rng.permutation(n)
    return np.stack([order[np.minimum(a, b)], order[np.maximum(a, b)]], axis=1)


def engine_values(edges: np.ndarray) -> np.ndarray:
    """The generic engine on the same graph: successor lists in Python, one value per vertex."""
    successors: dict[int, list[int]] = {}
    for u, v in edges.tolist():
        successors.setdefault(u, []).append(v)
    engine = GrundyEngine(lambda v: successors.get(v, ()))
    vertices = np.unique(edges)
    return np.array([engine.value(v) for v in vertices.tolist()])


def enumerate_wins(n: int, edges: list[tuple[int, int]]) -> int:
    """Every edge subset, values by a reverse sweep (edges go from lower to higher vertices)."""
    wins = 0
    for mask in range(1 << len(edges)):
        successors: list[list[int]] = [[] for _ in range(n + 1)]
        for i, (u, v) in enumerate(edges):
            if mask >> i & 1:
                successors[u].append(v)
        value = [0] * (n + 1)
        for v in range(n, 0, -1):
            taken = {value[w] for w in successors[v]}
            g = 0
            while g in taken:
                g += 1
            value[v] = g
        wins += value[1] != value[2]
    return wins


def main() -> None:
    dag_ruleset([(0, 1), (1, 2)])  # compile the kernels (cached on disk after the first run)
    count_first_player_wins(3, [(1, 2)])
    rows = []
    edges = random_dag(VERTICES, EDGES)
    game, seconds, _ = timed(lambda: dag_ruleset(edges))
    vertices, values = game.arrays()
    label = f"random DAG, {len(vertices):,} vertices, {EDGES:,} edges"
    rows.append([label, "numba kernel (numpy edges)", len(vertices), seconds, int(values.max())])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "edges.txt"
        np.savetxt(path, edges, fmt="%d", header="a random DAG")
        _, seconds, _ = timed(lambda: dag_ruleset(path))
    rows.append([label, "numba kernel (edge file)", len(vertices), seconds, int(values.max())])
    expected, seconds, _ = timed(lambda: engine_values(edges))
    assert np.array_equal(expected, values), "kernel and engine disagree"
    rows.append([label, "generic engine (Python)", len(vertices), seconds, int(expected.max())])

    n = 1_000_000
    path_edges = np.stack([np.arange(n - 1), np.arange(1, n)], axis=1)
    game, seconds, _ = timed(lambda: dag_ruleset(path_edges))
    rows.append([f"path of {n:,} vertices (depth {n - 1:,})", "numba kernel", n, seconds,
                 int(game.arrays()[1].max())])

    complete = [(a, b) for a in range(1, 16) for b in range(a + 1, 16)]
    count, seconds, _ = timed(lambda: count_first_player_wins(15, complete))
    rows.append(["AGC 016 F, n = 15, all 105 edges", "subset DP O(n·3^n), numba", 15, seconds, count])
    six = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)]
    count, seconds, _ = timed(lambda: count_first_player_wins(6, six))
    rows.append(["AGC 016 F, n = 6, all 15 edges", "subset DP O(n·3^n), numba", 6, seconds, count])
    brute, seconds, _ = timed(lambda: enumerate_wins(6, six))
    assert brute == count, "subset DP and enumeration disagree"
    rows.append(["AGC 016 F, n = 6, all 15 edges", "every edge subset (2^15), Python", 6, seconds, brute])
    print_table(["input", "method", "vertices", "seconds", "max value / count"], rows)
    print(f"\nkernel speed-up over the engine on the 10^6-edge DAG: {rows[2][3] / rows[0][3]:.0f}x")


if __name__ == "__main__":
    main()
