"""Plain references for Smith's theory of impartial games that may cycle (:mod:`grundy.core.loopy`).

- :func:`brute_outcomes`: who wins every position of a sum of games given as graphs, by the
  win / lose / draw retrograde analysis of the whole sum's game graph (the product of the components'
  graphs, a move changing exactly one component), with no Smith shortcut: the general solver's own
  retrograde pass (:func:`grundy.core.retrograde.retrograde`). It costs the product of the sizes.
- :func:`product_graph`: that product graph in CSR form (numpy, vectorised).
- :func:`definition_faults`: what breaks conditions A, B, C of the definition of γ (Fraenkel–Yesha)
  for proposed values and counter; an empty list means γ is Smith's value (it is unique).
- :func:`smith_outcomes`: the same outcomes as :func:`brute_outcomes`, by Smith's sum rule on the
  components' values (what the library answers), for comparisons.

>>> cycle = (np.array([0, 1, 2]), np.array([1, 0]))         # 0 <-> 1: a draw alone
>>> path = (np.array([0, 1, 1]), np.array([1]))             # 0 -> 1
>>> brute_outcomes([cycle, path]).tolist() == smith_outcomes([cycle, path]).tolist()
True
>>> brute_outcome([path, path], (0, 0)), brute_outcome([cycle], (0,))
('P', 'D')
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from grundy.core.loopy import INFINITE, graph_values, loopy_sum, vertex_value
from grundy.core.retrograde import DRAW, LOSE, WIN, retrograde

Graph = tuple[np.ndarray, np.ndarray]  # (offsets, targets) in CSR form
OUTCOME_OF_CODE = {WIN: "N", LOSE: "P", DRAW: "D"}


def product_graph(graphs: Sequence[Graph]) -> Graph:
    """The game graph of the sum of ``graphs``: vertex ``(x_1, ..., x_k)`` is numbered
    :func:`product_index` (the first component most significant); its followers change one component
    along one of its edges. O(product of sizes × total degree) time and memory.

    >>> offsets, targets = product_graph([(np.array([0, 1, 1]), np.array([1]))] * 2)
    >>> offsets.tolist(), targets.tolist()
    ([0, 2, 3, 4, 4], [2, 1, 3, 3])
    """
    sizes = [len(offsets) - 1 for offsets, _ in graphs]
    total = int(np.prod(sizes, dtype=np.int64)) if sizes else 1
    vertices = np.arange(total, dtype=np.int64)
    sources, ends = [], []
    for (offsets, targets), stride, size in zip(graphs, _strides(sizes), sizes, strict=True):
        here = (vertices // stride) % size
        degree = np.diff(np.asarray(offsets, np.int64))[here]
        moved = np.repeat(here, degree)
        start = np.repeat(np.cumsum(degree) - degree, degree)
        within = np.arange(len(moved), dtype=np.int64) - start
        after = np.asarray(targets, np.int64)[np.asarray(offsets, np.int64)[moved] + within]
        source = np.repeat(vertices, degree)
        sources.append(source)
        ends.append(source + (after - moved) * stride)
    source = np.concatenate(sources) if sources else np.zeros(0, np.int64)
    end = np.concatenate(ends) if ends else np.zeros(0, np.int64)
    order = np.argsort(source, kind="stable")
    counts = np.bincount(source, minlength=total)
    offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    kind = np.int32 if total < 2**31 else np.int64
    return offsets, end[order].astype(kind)


def _strides(sizes: Sequence[int]) -> list[int]:
    """The place value of each component in a product vertex number (the last one is 1)."""
    strides, place = [], 1
    for size in reversed(sizes):
        strides.append(place)
        place *= size
    return strides[::-1]


def product_index(sizes: Sequence[int], position: Sequence[int]) -> int:
    """The number of the product vertex ``position`` (one vertex of each component).

    >>> product_index([3, 4], (2, 1))
    9
    """
    return sum(int(x) * stride for x, stride in zip(position, _strides(sizes), strict=True))


def brute_outcomes(graphs: Sequence[Graph]) -> np.ndarray:
    """``"N"``, ``"P"`` or ``"D"`` for every vertex of the sum's product graph (numbered as
    :func:`product_index`), by retrograde analysis of the whole product graph: a position with no
    move is lost, one with a move to a lost position won, one whose every move goes to a won
    position lost; what is never decided is a draw."""
    offsets, targets = product_graph(graphs)
    codes, _ = retrograde(offsets, targets, np.zeros(len(offsets) - 1, np.int8))
    return _letters(codes, {code: letter for code, letter in OUTCOME_OF_CODE.items()})


def brute_outcome(graphs: Sequence[Graph], position: Sequence[int]) -> str:
    """The outcome of one position of the sum (``"N"``, ``"P"`` or ``"D"``), by :func:`brute_outcomes`."""
    sizes = [len(offsets) - 1 for offsets, _ in graphs]
    return str(brute_outcomes(graphs)[product_index(sizes, position)])


def smith_outcomes(graphs: Sequence[Graph]) -> np.ndarray:
    """The outcome of every vertex of the product, numbered as :func:`brute_outcomes`, by Smith's
    sum rule on each component's values (:func:`grundy.core.loopy.graph_values`)."""
    parts = []
    for offsets, targets in graphs:
        gamma, _ = graph_values(offsets, targets)
        parts.append([vertex_value(gamma, offsets, targets, v) for v in range(len(offsets) - 1)])
    outcomes = [loopy_sum(values).outcome for values in _product(parts)]
    return np.array(outcomes, dtype="<U1")


def _product(parts: list[list]) -> list[tuple]:
    """Every combination of one entry of each part, the first part most significant."""
    combos: list[tuple] = [()]
    for part in parts:
        combos = [c + (x,) for c in combos for x in part]
    return combos


def _letters(codes: np.ndarray, letters: dict[int, str]) -> np.ndarray:
    table = np.array([letters.get(c, "?") for c in range(max(letters) + 1)], dtype="<U1")
    return table[codes]


def definition_faults(offsets: np.ndarray, targets: np.ndarray, gamma: np.ndarray,
                      counter: np.ndarray) -> list[str]:
    """Where ``gamma`` (-1 for ∞) with the counter ``counter`` breaks the definition of Smith's γ:

    - **A** a finite γ(u) is the mex of the finite values of u's followers;
    - **B** if γ(u) is finite and a follower v has γ(v) > γ(u) or ∞, some follower w of v has
      γ(w) = γ(u) and c(w) < c(u);
    - **C** if γ(u) is ∞, some infinite follower v of u has no follower of value mex(u).

    Empty when ``gamma`` is Smith's γ (the definition has exactly one solution).

    >>> definition_faults(np.array([0, 1, 1]), np.array([1]), np.array([1, 0]), np.array([1, 0]))
    []
    >>> definition_faults(np.array([0, 1, 1]), np.array([1]), np.array([0, 0]), np.array([1, 0]))
    ['A: vertex 0 has value 0, the mex of its finite followers is 1']
    """
    starts, ends, g, c = offsets.tolist(), targets.tolist(), gamma.tolist(), counter.tolist()
    faults = []
    for u in range(len(starts) - 1):
        follow = ends[starts[u]:starts[u + 1]]
        low = _mex({g[v] for v in follow if g[v] != INFINITE})
        if g[u] != INFINITE:
            if g[u] != low:
                faults.append(f"A: vertex {u} has value {g[u]}, the mex of its finite followers is {low}")
            for v in follow:
                if (g[v] == INFINITE or g[v] > g[u]) and not any(
                        g[w] == g[u] and c[w] < c[u] for w in ends[starts[v]:starts[v + 1]]):
                    faults.append(f"B: vertex {u} (value {g[u]}) moves to {v}, which cannot reverse to {g[u]} "
                                  "with a smaller counter")
        elif all(any(g[w] == low for w in ends[starts[v]:starts[v + 1]]) for v in follow if g[v] == INFINITE):
            faults.append(f"C: vertex {u} is ∞ but every infinite follower reverses to {low}, the mex")
    return faults


def _mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m
