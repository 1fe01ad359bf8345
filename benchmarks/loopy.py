"""Benchmark: Smith's values of impartial games that may cycle (issue 31).

1. ``graph_values`` (the Smith / Fraenkel–Yesha labelling, the numba kernel) on random digraphs of
   10^4, 10^5 and 10^6 vertices, average out-degree about 3 (most edges go down, some go anywhere, 1%
   of the vertices have a self-loop): vertices valued per CPU second (best of 3; the kernel's first
   load or compile is timed apart), the share of ∞ vertices, the stages, the kernel's memory and
   the plain-Python labelling on the smallest graph for comparison.
2. Sums of k random small digraphs (k = 2, 3): the outcome by Smith's sum rule (the components'
   values, then a generalised nim-sum per position) against the win / lose / draw retrograde analysis
   of the whole sum's product graph (``grundy.core.loopy_brute``), CPU seconds of each and their ratio;
   the outcomes of every position of the product are compared (mismatches must be 0).

    python benchmarks/loopy.py                 # about a minute
    python benchmarks/loopy.py --sizes 10000 --trials 2
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from _table import print_table  # noqa: E402

SIZES = (10**4, 10**5, 10**6)
DEGREE = 3.0
SUMS = ((2, 30), (2, 200), (2, 1000), (3, 30), (3, 60), (3, 100))  # (components k, vertices of each)
SUM_DEGREE = 2.5


def random_digraph(n: int, degree: float, rng: np.random.Generator, up: float = 0.15,
                   loops: float = 0.01) -> tuple[np.ndarray, np.ndarray]:
    """A random digraph in CSR form: Poisson(``degree``) out-edges a vertex, each to a lower vertex
    (probability 1 - ``up``) or to any vertex; a self-loop on a ``loops`` share of the vertices."""
    counts = rng.poisson(degree, n)
    sources = np.repeat(np.arange(n, dtype=np.int64), counts)
    anywhere = rng.random(len(sources)) < up
    lower = (rng.random(len(sources)) * sources).astype(np.int64)
    ends = np.where(anywhere | (sources == 0), rng.integers(0, n, len(sources)), lower)
    looped = np.flatnonzero(rng.random(n) < loops)
    sources = np.concatenate([sources, looped])
    ends = np.concatenate([ends, looped])
    order = np.argsort(sources, kind="stable")
    offsets = np.concatenate([[0], np.cumsum(np.bincount(sources, minlength=n))]).astype(np.int64)
    return offsets, ends[order].astype(np.int32)


def _cpu(function):
    """(result, CPU seconds of this process) of one call."""
    start = time.process_time()
    result = function()
    return result, time.process_time() - start


def _best(function, repeat: int = 3):
    """(result, least CPU seconds) of ``repeat`` calls."""
    runs = [_cpu(function) for _ in range(repeat)]
    return runs[0][0], min(seconds for _, seconds in runs)


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: kB


def value_rows(sizes: list[int], rng: np.random.Generator) -> tuple[list, float]:
    """One row per size for the labelling kernel, and the kernel's first load (CPU s)."""
    from grundy.core.loopy import labelling_bytes, plain_graph_values
    from grundy.kernels.loopy import graph_values

    _, first = _cpu(lambda: graph_values(*random_digraph(100, DEGREE, rng)))
    rows = []
    for n in sizes:
        offsets, targets = random_digraph(n, DEGREE, rng)
        (gamma, counter), seconds = _best(lambda: graph_values(offsets, targets))  # noqa: B023
        plain = _best(lambda: plain_graph_values(offsets, targets), 1)[1] if n <= 10**4 else None  # noqa: B023
        infinite = float(np.mean(gamma < 0))
        work = labelling_bytes(n, len(targets), targets.itemsize) / 1e6
        rows.append([n, len(targets), f"{infinite:.1%}", int(gamma.max()), seconds, n / seconds,
                     "-" if plain is None else f"{plain:.2f}", f"{work:.0f}", f"{_rss_mb():.0f}"])
    return rows, first


def sum_rows(sums: list[tuple[int, int]], trials: int, rng: np.random.Generator) -> list:
    """One row per (k, n): Smith's rule against the retrograde solve of the product, ``trials`` sums."""
    from grundy.core.loopy import graph_values, loopy_sum, vertex_value
    from grundy.core.loopy_brute import brute_outcomes, product_index, smith_outcomes

    rows = []
    for k, n in sums:
        smith_s = query_s = brute_s = 0.0
        mismatches = draws = positions = 0
        for _ in range(trials):
            graphs = [random_digraph(n, SUM_DEGREE, rng, up=0.1, loops=0.02) for _ in range(k)]
            values, seconds = _cpu(lambda: [_values(g, graph_values, vertex_value) for g in graphs])  # noqa: B023
            smith_s += seconds
            starts = [tuple(int(x) for x in rng.integers(0, n, k)) for _ in range(1000)]
            _, seconds = _cpu(lambda: [loopy_sum(v[x] for v, x in zip(values, s, strict=True))  # noqa: B023
                                       for s in starts])  # noqa: B023
            query_s += seconds / len(starts)
            brute, seconds = _cpu(lambda: brute_outcomes(graphs))  # noqa: B023
            brute_s += seconds
            smith = smith_outcomes(graphs)
            mismatches += int(np.sum(smith != brute))
            draws += int(np.sum(brute == "D"))
            positions += len(brute)
            assert all(smith[product_index([n] * k, s)] == brute[product_index([n] * k, s)] for s in starts[:10])
        one = (smith_s + query_s) / trials
        rows.append([k, n, n**k, f"{draws / positions:.0%}", one, query_s / trials * 1e6, brute_s / trials,
                     f"{brute_s / trials / one:,.0f}x", mismatches])
    return rows


def _values(graph, graph_values, vertex_value) -> list:
    offsets, targets = graph
    gamma, _ = graph_values(offsets, targets)
    return [vertex_value(gamma, offsets, targets, v) for v in range(len(offsets) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=list(SIZES), help="vertices of the random digraphs")
    parser.add_argument("--trials", type=int, default=3, help="random sums per row of the comparison")
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    rows, first = value_rows(args.sizes, rng)
    print(f"graph_values: random digraphs, out-degree ~{DEGREE}; kernel first call (load or compile): "
          f"{first:.2f} CPU s, not counted below")
    print_table(["vertices", "edges", "∞", "max γ", "CPU s (best of 3)", "vertices/s", "plain Python s",
                 "kernel work MB", "peak RSS MB"], rows)
    print()
    print(f"sums of k random digraphs (out-degree ~{SUM_DEGREE}), {args.trials} sums a row; Smith = the "
          "components' values + one sum's outcome; retrograde = the whole product graph")
    print_table(["k", "n each", "product positions", "draws", "Smith CPU s", "µs a query", "retrograde CPU s",
                 "ratio", "mismatches"], sum_rows(list(SUMS), args.trials, rng))


if __name__ == "__main__":
    main()
