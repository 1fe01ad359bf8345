"""The graph of a game's positions: every position reachable from a start, numbered in the order
found (breadth first), with its moves as CSR arrays and its primitive result — what the general
solver's retrograde pass (:mod:`grundy.kernels.retrograde`) settles backwards.

Finding positions is bounded: by a number of states, by the memory budget (checked as the index
grows, before its hash table doubles) and by the options of one position
(:func:`grundy.core.limits.bounded_options`).

>>> graph = reachable_graph(lambda n: [m for m in (n + 1, n + 2) if m <= 3], lambda n: None,
...                         lambda n: n, 0, limit=100)
>>> graph.index, graph.arrays()[0].tolist(), graph.arrays()[1].tolist()
({0: 0, 1: 1, 2: 2, 3: 3}, [0, 2, 4, 5, 5], [1, 2, 2, 3, 3])
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.core import limits
from grundy.core.errors import GrundyError, LimitError

CODES = {"lose": 1, "win": 2, "tie": 3}  # a primitive result as the retrograde kernel reads it
SCORED = 5  # a terminal position with a numeric score
CHECK_EVERY = 1 << 14  # positions (or moves) found between two checks of the memory budget


@dataclass
class GameGraph:
    """The positions reachable from a start, numbered in the order found, and their moves (CSR)."""

    index: dict  # position (its canonical key) -> its number
    offsets: array  # int64: moves of position i are children[offsets[i]:offsets[i + 1]]
    children: array  # int32 (int64 past 2^31 positions): position numbers
    primitive: bytearray  # a code of CODES or SCORED, 0 when the game goes on
    scores: dict[int, float]  # the score of each SCORED position

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(offsets, children, primitive)`` as numpy arrays (views, no copies) for the kernels."""
        children = np.frombuffer(self.children, np.int32 if self.children.typecode == "i" else np.int64)
        return np.frombuffer(self.offsets, np.int64), children, np.frombuffer(self.primitive, np.int8)


def reachable_graph(moves_of: Callable[[Any], Iterable[Any]], primitive_of: Callable[[Any], Any],
                    canonical: Callable[[Any], Any], start: Any, limit: int,
                    progress: Callable[[int], None] | None = None, keyed: bool = False) -> GameGraph:
    """Find every position reachable from ``start`` (breadth first), within the budget.

    ``moves_of``, ``primitive_of`` and ``canonical`` are a game's (see
    :class:`grundy.core.general.Game`); ``keyed`` says that moves already give canonical positions.
    Past ``limit`` states :class:`LimitError`; ``progress`` is called with the count every 65,536.

    The state count is checked as each position is found; memory every :data:`CHECK_EVERY`
    positions or moves. Per position this keeps its key in the index, four bytes per move (eight
    past 2^31 positions), eight bytes of offset and one of result.
    """
    index: dict[Hashable, int] = {}
    offsets = array("q", [0])
    children = array("i" if limit < 2**31 else "q")
    primitive = bytearray()
    scores: dict[int, float] = {}
    bounded = limits.bounded_options
    root = canonical(start)
    index[root] = 0
    waiting = deque([root])
    next_check = next_edge_check = CHECK_EVERY
    next_progress = 65536
    table = 8  # slots of the index's hash table, which grows (and briefly doubles) as it fills
    watch = min(limit, 2 * table // 3)  # the next state number at which to stop or check
    i = 0
    while waiting:
        here = waiting.popleft()
        result = primitive_of(here)
        if result is not None:
            if isinstance(result, (int, float)) and not isinstance(result, bool):
                scores[i] = result
                primitive.append(SCORED)
            elif result in CODES:
                primitive.append(CODES[result])
            else:
                raise GrundyError(f"primitive() must return 'win', 'lose', 'tie', a score or None, "
                                  f"not {limits.shorten(repr(result))}")
        else:
            primitive.append(0)
            for move in bounded(moves_of(here), here):
                key = move if keyed else canonical(move)
                j = index.get(key)
                if j is None:
                    j = len(index)
                    if j >= watch:
                        if j >= limit:
                            raise LimitError(f"the general solver stopped after {j + 1:,} states (the limit is "
                                             f"{limit:,}; raise it with --max-states)")
                        table = 1 << (3 * j).bit_length()
                        limits.check_memory(f"the general solver (after {j:,} states and {len(children):,} moves)",
                                            more=_table_bytes(table))
                        watch = min(limit, 2 * table // 3)
                    index[key] = j
                    waiting.append(key)
                children.append(j)
        offsets.append(len(children))
        i += 1
        if len(index) >= next_check or len(children) >= next_edge_check:
            limits.check_memory(f"the general solver (after {len(index):,} states and {len(children):,} moves)")
            next_check = len(index) + CHECK_EVERY
            next_edge_check = len(children) + 16 * CHECK_EVERY
            if progress is not None and len(index) >= next_progress:
                progress(len(index))
                next_progress = len(index) + 65536
    return GameGraph(index, offsets, children, primitive, scores)


def _table_bytes(slots: int) -> int:
    """Bytes of a CPython dict's hash table of ``slots`` slots (indices, and entries for 2/3 of them)."""
    width = 1 if slots <= 1 << 8 else 2 if slots <= 1 << 16 else 4 if slots <= 1 << 32 else 8
    return width * slots + 24 * (2 * slots // 3)
