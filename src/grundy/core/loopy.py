"""Impartial games that may cycle: Smith's values (the generalised Sprague–Grundy function γ).

A finite impartial game whose moves can return to a position has no Sprague–Grundy value, but it
has Smith's (1966) value γ, each vertex of its game graph getting a nimber n or ∞ with the set K of
the finite values of its options (printed ``3``, ``∞{0,2}``, ``∞``). Fraenkel and Yesha (1986) define
γ by a counter function c over the finite vertices:

- **A** a finite γ(u) is the mex of the finite values of u's options;
- **B** if γ(u) is finite and an option v has γ(v) > γ(u) (or ∞), some option w of v has
  γ(w) = γ(u) and c(w) < c(u) (every move up can be reversed, with progress);
- **C** if γ(u) = ∞, not every infinite option of u can be reversed to the mex of u's options.

The labelling algorithm (:func:`graph_values`) finds γ and a counter in O((Δ+1)(V+E)) time: stage
m labels m every vertex that already has options of every value below m, none of value m, and
whose every unlabelled option can move to a vertex labelled m in this stage. Plain Python for a
small graph, the numba kernel :mod:`grundy.kernels.loopy` for a large one (loaded only then).

A sum adds values by Smith's rule (:meth:`LoopyValue.__xor__`): a ⊕ b is the nim-sum for finite
values, a ⊕ ∞(K) = ∞(K ⊕ a), and ∞(K) ⊕ ∞(L) = ∞ with no finite options. A value 0 is a loss for
the player to move (P), a nonzero nimber a win (N), ∞(K) a win when 0 is in K (move to 0), else a
draw with best play (D).

>>> g = {"a": ["b"], "b": ["a", "t"], "c": ["c", "t"], "d": ["c"], "t": []}
>>> values = loopy_values(g.__getitem__, ["a", "b", "c", "d"], max_states=100)
>>> {p: str(v) for p, v in values.items()}
{'a': '0', 'b': '1', 'c': '∞{0}', 'd': '0'}
>>> str(values["c"] ^ values["b"]), (values["c"] ^ values["b"]).outcome
('∞{1}', 'D')

References: C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51–81;
A. S. Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its invariance under
certain mappings", J. Combin. Theory A 43 (1986) 165–177; Winning Ways ch. 12.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.core import limits, words
from grundy.core.errors import GrundyError, LimitError

INFINITE = -1  # gamma of a vertex whose value is ∞ (and its counter)
PLAIN_UP_TO = 20_000  # vertices + edges labelled in plain Python (numba costs ~0.5 s to load)


# -- values ---------------------------------------------------------------------------------------
@dataclass(frozen=True, order=False)
class LoopyValue:
    """Smith's value of an impartial position that may cycle: a nimber n, or ∞ with the set K of the
    finite values of its options (printed ``3``, ``∞{0,2}``, ``∞`` when K is empty).

    >>> a, b = LoopyValue(3), LoopyValue.parse("∞{0,2}")
    >>> str(a ^ b), str(b ^ b), (a ^ 1).outcome, b.outcome, (b ^ 1).outcome
    ('∞{1,3}', '∞', 'N', 'N', 'D')
    """

    finite: int | None  # None for ∞
    options: frozenset[int] = frozenset()  # K, only for ∞ (empty for finite values)

    def __post_init__(self) -> None:
        if self.finite is not None:
            if isinstance(self.finite, bool) or not isinstance(self.finite, (int, np.integer)) or self.finite < 0:
                raise GrundyError(f"a loopy value's nimber is a non-negative integer, not {self.finite!r}")
            if self.options:
                raise GrundyError("a finite loopy value has no set K (only ∞ values have one)")
            object.__setattr__(self, "finite", int(self.finite))
        else:
            kept = frozenset(int(k) for k in self.options)
            if any(k < 0 for k in kept):
                raise GrundyError(f"the set K of an ∞ value holds non-negative nimbers, not {sorted(kept)}")
            object.__setattr__(self, "options", kept)

    @classmethod
    def infinity(cls, options: Iterable[int] = ()) -> LoopyValue:
        """∞ with the finite option values ``options`` (K)."""
        return cls(None, frozenset(options))

    @property
    def infinite(self) -> bool:
        return self.finite is None

    def __str__(self) -> str:
        if self.finite is not None:
            return str(self.finite)
        if not self.options:
            return "∞"
        return "∞{" + ",".join(map(str, sorted(self.options))) + "}"

    def __repr__(self) -> str:
        return f"LoopyValue.parse({str(self)!r})"

    def __xor__(self, other: LoopyValue | int) -> LoopyValue:
        """Smith's sum rule: nim-sum of nimbers; a ⊕ ∞(K) = ∞(K ⊕ a); ∞ ⊕ ∞ = ∞ (K empty)."""
        if not isinstance(other, LoopyValue):
            if isinstance(other, bool) or not isinstance(other, (int, np.integer)):
                return NotImplemented
            other = LoopyValue(int(other))
        if self.finite is not None and other.finite is not None:
            return LoopyValue(self.finite ^ other.finite)
        if self.finite is None and other.finite is None:
            return LoopyValue(None)
        nimber, loop = (self.finite, other) if self.finite is not None else (other.finite, self)
        return LoopyValue(None, frozenset(k ^ nimber for k in loop.options))

    __rxor__ = __xor__

    @property
    def outcome(self) -> str:
        """``"P"`` (0), ``"N"`` (a nonzero nimber, or ∞K with 0 in K) or ``"D"`` (∞K without 0: a draw)."""
        if self.finite is not None:
            return "P" if self.finite == 0 else "N"
        return "N" if 0 in self.options else "D"

    @classmethod
    def parse(cls, text: str) -> LoopyValue:
        """The value written ``3``, ``∞{0,2}``, ``∞`` (or ``inf{0,2}``, ``inf``): the inverse of str.

        >>> LoopyValue.parse("inf{2, 0}") == LoopyValue.parse("∞{0,2}"), LoopyValue.parse(" 7 ").finite
        (True, 7)
        """
        written = text.strip() if isinstance(text, str) else ""
        match = _WRITTEN.fullmatch(written)
        if not match:
            raise GrundyError(f"a loopy value is written like 3, ∞{{0,2}} or ∞ (or inf{{0,2}}), "
                              f"not {limits.shorten(repr(text))}")
        if match["nimber"] is not None:
            return cls(limits.parse_int(match["nimber"], "a nimber"))
        listed = match["options"] or ""
        return cls(None, frozenset(limits.parse_int(k, "a nimber") for k in listed.split(",") if k.strip()))


_WRITTEN = re.compile(r"(?P<nimber>\d+)|(?:∞|inf)\s*(?:\{(?P<options>\s*(?:\d+\s*(?:,\s*\d+\s*)*)?)\})?")


def loopy_sum(values: Iterable[LoopyValue | int]) -> LoopyValue:
    """The value of a sum: the generalised nim-sum of its parts' values (``LoopyValue(0)`` for none).

    >>> str(loopy_sum([LoopyValue.parse("∞{0,2}"), LoopyValue(1), LoopyValue(3)]))
    '∞{0,2}'
    """
    total = LoopyValue(0)
    for value in values:
        total = total ^ value
    return total


# -- the graph of a game --------------------------------------------------------------------------
@dataclass
class MoveGraph:
    """The positions reachable from some roots of an impartial game, numbered, as CSR arrays."""

    positions: list  # position of each vertex number
    index: dict  # position -> vertex number
    offsets: np.ndarray  # int64, len n+1; followers of v: targets[offsets[v]:offsets[v+1]]
    targets: np.ndarray  # int32 (int64 past 2^31 vertices)

    def __len__(self) -> int:
        return len(self.positions)

    def followers(self, v: int) -> np.ndarray:
        """The vertex numbers one move from vertex ``v``."""
        return self.targets[self.offsets[v]:self.offsets[v + 1]]


class _Roots:
    """The made-up position whose moves are the roots (so one explorer finds several roots)."""


def explore(moves: Callable[[Any], Iterable[Any]], roots: Iterable[Any], max_states: int) -> MoveGraph:
    """Every position reachable from ``roots`` (breadth first, numbered in the order found; the roots
    first), with its moves as CSR arrays. Iterative; positions must be hashable. Past ``max_states``
    positions :class:`LimitError` (naming ``max_states``); the memory budget is checked as it grows.

    >>> graph = explore(lambda n: [(n + 1) % 3], [0], max_states=10)
    >>> graph.positions, graph.offsets.tolist(), graph.targets.tolist()
    ([0, 1, 2], [0, 1, 2, 3], [1, 2, 0])
    """
    from grundy.core.game_graph import reachable_graph

    roots = list(dict.fromkeys(roots))
    start = _Roots()
    try:
        found = reachable_graph(lambda p: roots if p is start else moves(p), None, None, start, max_states + 1)
    except LimitError as exc:
        if exc.knob != "max_states":
            raise
        raise LimitError(f"valuing a game that may cycle needs every reachable position: more than "
                         f"{max_states:,} were found ({words.limit_is('max_states', max_states)})",
                         knob="max_states", limit=max_states, needed=max_states + 1) from None
    positions = list(found.index)[1:]
    first = int(found.offsets[1])
    offsets = found.offsets[1:] - first
    targets = found.children[first:] - 1
    return MoveGraph(positions, {p: i for i, p in enumerate(positions)}, offsets, targets)


def has_cycle(moves: Callable[[Any], Iterable[Any]], root: Any, max_states: int) -> bool:
    """Whether some position reachable from ``root`` can return to itself (Kahn's peeling).

    >>> has_cycle(lambda n: [n - 1] if n else [], 5, 10), has_cycle(lambda n: [n], 0, 10)
    (False, True)
    """
    graph = explore(moves, [root], max_states)
    return not _acyclic(graph.offsets, graph.targets)


def _acyclic(offsets: np.ndarray, targets: np.ndarray) -> bool:
    """Whether the graph has no cycle: peeling vertices with no followers left reaches them all."""
    n = len(offsets) - 1
    left = np.diff(offsets).tolist()
    parents = _reverse(offsets, targets)
    ready = [v for v in range(n) if left[v] == 0]
    for v in ready:  # grows as it goes
        for p in parents[v]:
            left[p] -= 1
            if left[p] == 0:
                ready.append(p)
    return len(ready) == n


def _reverse(offsets: np.ndarray, targets: np.ndarray) -> list[list[int]]:
    """The predecessors of each vertex (one entry per edge)."""
    starts, ends = offsets.tolist(), targets.tolist()
    parents: list[list[int]] = [[] for _ in range(len(starts) - 1)]
    for u in range(len(starts) - 1):
        for v in ends[starts[u]:starts[u + 1]]:
            parents[v].append(u)
    return parents


# -- values of every vertex -----------------------------------------------------------------------
def graph_values(offsets: np.ndarray, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Smith / Fraenkel–Yesha labelling of a graph in CSR form: ``(gamma, counter)``, int64 arrays;
    ``gamma[v] >= 0`` a finite value, :data:`INFINITE` (-1) for ∞; ``counter[v]`` the order in which
    v got its label (a counter function of the definition; -1 for ∞). Plain Python up to
    :data:`PLAIN_UP_TO` vertices + edges, else the numba kernel; both give the same arrays.

    >>> gamma, counter = graph_values(np.array([0, 1, 3, 5, 6, 6]), np.array([1, 0, 4, 2, 4, 2]))
    >>> gamma.tolist(), counter.tolist()
    ([0, 1, -1, 0, 0], [1, 3, -1, 2, 0])
    """
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    targets = np.ascontiguousarray(targets)
    if targets.dtype not in (np.int32, np.int64):
        targets = targets.astype(np.int64)
    n = len(offsets) - 1
    if n + len(targets) <= PLAIN_UP_TO:
        return plain_graph_values(offsets, targets)
    limits.check_memory(f"Smith's values of {n:,} positions",
                        more=labelling_bytes(n, len(targets), targets.dtype.itemsize))
    from grundy.kernels.loopy import graph_values as kernel

    return kernel(offsets, targets)


def labelling_bytes(vertices: int, edges: int, index_bytes: int = 8) -> int:
    """Bytes the kernel allocates for a graph whose vertex numbers take ``index_bytes``: the reverse
    CSR, the two results and six work arrays of a vertex each.

    >>> labelling_bytes(10, 30, 4)
    618
    """
    return 8 * (vertices + 1) + index_bytes * edges + 33 * vertices + 2 * index_bytes * vertices


def plain_graph_values(offsets: np.ndarray, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The labelling of :func:`graph_values` in plain Python (the same arrays as the kernel)."""
    starts, ends = offsets.tolist(), targets.tolist()
    n = len(starts) - 1
    parents = _reverse(offsets, targets)
    label = [INFINITE] * n
    counter = [INFINITE] * n
    eligible = [True] * n
    unlabelled = list(range(n))
    order = 0
    m = 0
    while any(eligible[u] for u in unlabelled):
        order = _stage(m, unlabelled, starts, ends, parents, label, counter, eligible, order)
        unlabelled = [u for u in unlabelled if label[u] == INFINITE]
        m += 1
    return np.array(label, np.int64), np.array(counter, np.int64)


def _stage(m: int, unlabelled: list[int], starts: list[int], ends: list[int], parents: list[list[int]],
           label: list[int], counter: list[int], eligible: list[bool], order: int) -> int:
    """Stage ``m`` of the labelling: label m where it belongs; returns the next counter."""
    pending = {u: sum(1 for v in ends[starts[u]:starts[u + 1]] if label[v] == INFINITE) for u in unlabelled}
    reversible: set[int] = set()  # unlabelled vertices with an option labelled m in this stage
    queue = deque(u for u in unlabelled if eligible[u] and pending[u] == 0)
    for u in queue:
        label[u] = m
    while queue:
        w = queue.popleft()
        counter[w] = order
        order += 1
        for v in parents[w]:
            if label[v] != INFINITE or v in reversible:
                continue
            reversible.add(v)
            for u in parents[v]:
                if label[u] != INFINITE or u in reversible:
                    continue
                pending[u] -= 1
                if pending[u] == 0 and eligible[u]:
                    label[u] = m
                    queue.append(u)
    for u in unlabelled:
        if label[u] == INFINITE and u not in reversible:
            eligible[u] = False
    return order


def vertex_value(gamma: np.ndarray, offsets: np.ndarray, targets: np.ndarray, v: int) -> LoopyValue:
    """The :class:`LoopyValue` of vertex ``v`` (K, the finite values of its followers, for ∞)."""
    g = int(gamma[v])
    if g != INFINITE:
        return LoopyValue(g)
    around = gamma[targets[offsets[v]:offsets[v + 1]]]
    return LoopyValue(None, frozenset(around[around != INFINITE].tolist()))


def loopy_values(moves: Callable[[Any], Iterable[Any]], roots: Iterable[Any], max_states: int) -> dict[Any, LoopyValue]:
    """``{root: LoopyValue}`` for each of ``roots`` of the game ``moves`` (every reachable position is
    found and labelled once)."""
    graph = explore(moves, roots, max_states)
    gamma, _ = graph_values(graph.offsets, graph.targets)
    return {p: vertex_value(gamma, graph.offsets, graph.targets, graph.index[p]) for p in dict.fromkeys(roots)}
