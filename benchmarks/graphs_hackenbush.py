"""Benchmark: Green Hackenbush by the fusion and colon principles, and the winning-edge kernel.

Prints a table: what was computed, on what, how, how long. Targets (issue 5): the fusion value of a
random connected multigraph with 10^6 edges in <= 3 s; the colon value of a 10^6-vertex tree, and
of a path of depth 10^6, in <= 1 s (after compiling). For comparison: the fusion step done with
networkx (``networkx.bridges``, then the parts and the tree of parts; if networkx is installed) and
the brute-force definition on a small graph.

    python benchmarks/graphs_hackenbush.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import grundy  # noqa: E402
from _table import print_table, timed  # noqa: E402
from grundy.rulesets.graph_arrays import GraphArrays  # noqa: E402
from grundy.rulesets.hackenbush import brute_value, colon_value, fusion_value  # noqa: E402

EDGES = 1_000_000
VERTICES = 300_000


def random_multigraph(n: int, m: int, rng: np.random.Generator) -> np.ndarray:
    """A random spanning tree on n vertices (so it is connected) plus m - n + 1 random edges:
    loops and parallel edges included."""
    child = np.arange(1, n)
    parent = (rng.random(n - 1) * child).astype(np.int64)
    extra = m - (n - 1)
    us = np.concatenate([parent, rng.integers(0, n, extra)])
    vs = np.concatenate([child, rng.integers(0, n, extra)])
    return np.stack([us, vs], axis=1)


def random_tree(n: int, rng: np.random.Generator) -> np.ndarray:
    child = np.arange(1, n)
    return np.stack([(rng.random(n - 1) * child).astype(np.int64), child], axis=1)


def networkx_fusion(edges: np.ndarray) -> int:
    """The fusion principle with networkx doing the graph work: bridges, then the parts."""
    import networkx as nx

    g = nx.MultiGraph()
    g.add_edges_from(edges.tolist())
    bridges = {tuple(sorted(e)) for e in nx.bridges(g)}
    inner = nx.MultiGraph()
    inner.add_nodes_from(g)
    inner.add_edges_from(e for e in edges.tolist() if tuple(sorted(e)) not in bridges)
    part_of = {v: i for i, c in enumerate(nx.connected_components(inner)) for v in c}
    count: dict[int, int] = {}
    for u, _ in inner.edges():
        count[part_of[u]] = count.get(part_of[u], 0) + 1
    root = part_of[0]
    swap = {root: 0, 0: root}
    tree = [(swap.get(part_of[u], part_of[u]), swap.get(part_of[v], part_of[v])) for u, v in bridges]
    top = len(set(part_of.values()))
    for p, c in count.items():
        if c % 2:  # an odd part keeps one loop: a stalk of one edge
            tree.append((swap.get(p, p), top))
            top += 1
    return colon_value(np.array(tree, dtype=np.int64).reshape(-1, 2))


def main() -> None:
    rng = np.random.default_rng(2024)
    fusion_value([(0, 1), (1, 2), (2, 0)])  # compile (cached on disk after the first run)
    colon_value([(0, 1)])
    GraphArrays([(0, 1), (1, 2), (2, 0)]).winning(0)

    rows = []
    graph = random_multigraph(VERTICES, EDGES, rng)
    value, seconds, _ = timed(lambda: fusion_value(graph))
    rows.append(["fusion value", f"random connected multigraph, {VERTICES:,} vertices, {EDGES:,} edges",
                 "numba kernel", seconds, value])
    cuts, seconds, _ = timed(lambda: len(GraphArrays(graph).winning(value ^ 1)))
    rows.append(["winning edges (to value ^ 1)", "the same multigraph", f"numba kernel: {cuts:,} edges", seconds, ""])
    component = tuple(map(tuple, np.sort(graph, axis=1).tolist()))
    solution, seconds, _ = timed(lambda: grundy.solve("hackenbush", [component, "0-1"]))
    rows.append(["grundy.solve (tuples in, moves out)", "the same multigraph + a stalk",
                 f"{solution.winning_move_count:,} winning moves", seconds, solution.grundy])

    small = random_multigraph(30_000, 100_000, rng)
    value, seconds, _ = timed(lambda: fusion_value(small))
    rows.append(["fusion value", "random connected multigraph, 30,000 vertices, 100,000 edges", "numba kernel",
                 seconds, value])
    try:
        check, nx_seconds, _ = timed(lambda: networkx_fusion(small))
    except ImportError:
        rows.append(["fusion value", "the same", "networkx.bridges: not installed", float("nan"), ""])
    else:
        assert check == value, "networkx-based fusion and the kernel disagree"
        rows.append(["fusion value", "the same", "networkx.bridges + parts", nx_seconds, check])

    tree = random_tree(EDGES, rng)
    value, seconds, _ = timed(lambda: colon_value(tree))
    rows.append(["colon value", f"random tree, {EDGES:,} vertices", "numba kernel", seconds, value])
    value, seconds, _ = timed(lambda: fusion_value(tree))
    rows.append(["fusion value", "the same tree", "numba kernel", seconds, value])
    cuts, seconds, _ = timed(lambda: len(GraphArrays(tree).winning(0)))
    rows.append(["winning edges (to 0)", "the same tree", f"numba kernel: {cuts:,} edges", seconds, ""])

    path = np.stack([np.arange(EDGES - 1), np.arange(1, EDGES)], axis=1)
    value, seconds, _ = timed(lambda: colon_value(path))
    rows.append(["colon value", f"path of depth {EDGES - 1:,}", "numba kernel", seconds, value])
    cuts, seconds, _ = timed(lambda: len(GraphArrays(path).winning(123_456)))
    rows.append(["winning edges (to 123,456)", "the same path", f"numba kernel: {cuts:,} edge", seconds, ""])

    ring = np.stack([np.arange(EDGES), (np.arange(EDGES) + 1) % EDGES], axis=1)
    cuts, seconds, _ = timed(lambda: len(GraphArrays(ring).winning(EDGES - 1)))
    rows.append([f"winning edges (to {EDGES - 1:,})", f"cycle of {EDGES:,} edges (one cut-pair class)",
                 f"numba kernel + chain trie: {cuts:,} edges", seconds, ""])

    tiny = [tuple(e) for e in random_multigraph(6, 13, rng).tolist()]
    value, seconds, _ = timed(lambda: fusion_value(tiny))
    rows.append(["fusion value", "random multigraph, 6 vertices, 13 edges", "numba kernel", seconds, value])
    check, seconds, _ = timed(lambda: brute_value(tiny))
    assert check == value, "brute force and fusion disagree"
    rows.append(["value", "the same", "brute force (delete each edge, memo)", seconds, check])

    print_table(["computed", "input", "method", "seconds", "value"], rows)


if __name__ == "__main__":
    main()
