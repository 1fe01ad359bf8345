"""The graph of a game's positions: every position reachable from a start, numbered in the order
found (breadth first), with its moves as CSR arrays and its primitive result — what the general
solver's retrograde pass (:mod:`grundy.kernels.retrograde`) settles backwards.

Finding positions is bounded: by a number of states, by the memory budget (checked as the index
grows, before its hash table doubles) and by the options of one position
(:func:`grundy.core.limits.bounded_options`). This is the path of games written in plain Python;
games on integer positions whose moves compile or vectorise are found by
:mod:`grundy.core.coded_graph` into the same :class:`GameGraph`.

>>> graph = reachable_graph(lambda n: [m for m in (n + 1, n + 2) if m <= 3], None, None, 0, limit=100)
>>> graph.index, graph.offsets.tolist(), graph.children.tolist()
({0: 0, 1: 1, 2: 2, 3: 3}, [0, 2, 4, 5, 5], [1, 2, 2, 3, 3])
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.core import limits
from grundy.core.errors import GrundyError, LimitError

LOSE, WIN, TIE = 1, 2, 3  # primitive codes for the player to move, as the retrograde kernel reads them
CODES = {"lose": LOSE, "win": WIN, "tie": TIE}
SCORED = 5  # a terminal position with a numeric score
CHECK_EVERY = 1 << 14  # positions (or moves) found between two checks of the memory budget


@dataclass
class GameGraph:
    """The positions reachable from a start, numbered in the order found, and their moves (CSR)."""

    index: Mapping  # position (its canonical key) -> its number
    offsets: np.ndarray  # int64: moves of position i are children[offsets[i]:offsets[i + 1]]
    children: np.ndarray  # int32 (int64 past 2^31 positions): position numbers
    primitive: np.ndarray  # int8: a code of CODES or SCORED, 0 when the game goes on
    scores: dict[int, float]  # the score of each SCORED position


def limit_error(count: int, limit: int) -> LimitError:
    """What every path of the general solver says when it finds ``count`` positions, past ``limit``."""
    return LimitError(f"the general solver stopped after {count:,} states (the limit is {limit:,}; "
                      f"raise it with {limits.knob('max_states')})")


def reachable_graph(moves_of: Callable[[Any], Iterable[Any]], primitive_of: Callable[[Any], Any] | None,
                    canonical: Callable[[Any], Any] | None, root: Any, limit: int,
                    progress: Callable[[int], None] | None = None) -> GameGraph:
    """Find every position reachable from ``root`` (breadth first), within the budget.

    ``moves_of`` and ``primitive_of`` are a game's (see :class:`grundy.core.general.Game`);
    ``primitive_of`` None: no position has a primitive result. ``canonical`` turns each move into
    its key (None: moves already give keys, and ``root`` is one). Past ``limit`` states
    :class:`LimitError`; ``progress`` is called with the count every 65,536.

    The state count is checked as each position is found; memory every :data:`CHECK_EVERY`
    positions or moves. Per position this keeps its key in the index and in the order found,
    four bytes per move (eight past 2^31 positions), eight bytes of offset and one of result.
    """
    index: dict[Any, int] = {root: 0}
    order = [root]  # the keys by number; the loop below walks it as it grows (breadth first)
    offsets = array("q", [0])
    children = array("i" if limit < 2**31 else "q")
    terminal: dict[int, int] = {}
    scores: dict[int, float] = {}
    get, append, found, mark = index.get, children.append, order.append, offsets.append
    bounded, max_options = limits.bounded_options, limits.current().max_options
    next_check = next_edge_check = CHECK_EVERY
    next_progress = 65536
    table = 8  # slots of the index's hash table, which grows (and briefly doubles) as it fills
    watch = min(limit, 2 * table // 3)  # the next state number at which to stop or check
    count = 1
    for here in order:
        result = None if primitive_of is None else primitive_of(here)
        if result is not None:
            i = len(offsets) - 1  # the number of the position here
            terminal[i] = _code(result, scores, i)
        else:
            options = moves_of(here)
            if type(options) is not list or len(options) > max_options:
                options = bounded(options, here)
            for key in options if canonical is None else map(canonical, options):
                j = get(key)
                if j is None:
                    j = count
                    if j >= watch:
                        if j >= limit:
                            raise limit_error(j + 1, limit)
                        table = 1 << (3 * j).bit_length()
                        limits.check_memory(f"the general solver (after {j:,} states and {len(children):,} moves)",
                                            more=_table_bytes(table))
                        watch = min(limit, 2 * table // 3)
                    index[key] = j
                    found(key)
                    count += 1
                append(j)
        mark(len(children))
        if count >= next_check or len(children) >= next_edge_check:
            limits.check_memory(f"the general solver (after {count:,} states and {len(children):,} moves)")
            next_check = count + CHECK_EVERY
            next_edge_check = len(children) + 16 * CHECK_EVERY
            if progress is not None and count >= next_progress:
                progress(count)
                next_progress = count + 65536
    primitive = np.zeros(count, np.int8)
    for i, code in terminal.items():
        primitive[i] = code
    kind = np.int32 if children.typecode == "i" else np.int64
    return GameGraph(index, np.frombuffer(offsets, np.int64), np.frombuffer(children, kind), primitive, scores)


def _code(result: Any, scores: dict[int, float], i: int) -> int:
    """The code of a primitive result (a score is kept in ``scores``)."""
    if isinstance(result, (int, float)) and not isinstance(result, bool):
        scores[i] = result
        return SCORED
    if isinstance(result, str) and result in CODES:
        return CODES[result]
    raise GrundyError(f"primitive() must return 'win', 'lose', 'tie', a score or None, "
                      f"not {limits.shorten(repr(result))}")


def _table_bytes(slots: int) -> int:
    """Bytes of a CPython dict's hash table of ``slots`` slots (indices, and entries for 2/3 of them)."""
    width = 1 if slots <= 1 << 8 else 2 if slots <= 1 << 16 else 4 if slots <= 1 << 32 else 8
    return width * slots + 24 * (2 * slots // 3)
