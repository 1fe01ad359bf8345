"""The graph of a game's positions: every position reachable from a start, numbered in the order
found (breadth first), with its moves as CSR arrays and its primitive result — what the general
solver's retrograde pass (:mod:`grundy.kernels.retrograde`) settles backwards.

Finding positions is bounded: by a number of states, by the memory budget (checked as the index
grows, before its hash table doubles) and by the options of one position
(:func:`grundy.core.limits.bounded_options`). This is the path of games written in plain Python;
games on integer positions whose moves compile or vectorise are found by
:mod:`grundy.core.coded_graph` into the same :class:`GameGraph`. Where only the start's value is
asked, :func:`depth_first_value` searches depth first and stops as soon as the start is decided.

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

from grundy.core import limits, words
from grundy.core.errors import GrundyError, LimitError

LOSE, WIN, TIE = 1, 2, 3  # primitive codes for the player to move, as the retrograde kernel reads them
CODES = {"lose": LOSE, "win": WIN, "tie": TIE}
RESULT_CODES = {code: result for result, code in CODES.items()}
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
    return LimitError(f"the general solver stopped after {count:,} states ({words.limit_is('max_states', limit)})",
                      knob="max_states", limit=limit, needed=count)


def reachable_graph(moves_of: Callable[[Any], Iterable[Any]], primitive_of: Callable[[Any], Any] | None,
                    canonical: Callable[[Any], Any] | None, root: Any, limit: int,
                    progress: Callable[[int], None] | None = None) -> GameGraph:
    """Find every position reachable from ``root`` (breadth first), within the budget.

    ``moves_of`` and ``primitive_of`` are a game's (see :class:`grundy.core.general.GeneralGame`);
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
                options = bounded(options, here, _name(moves_of))
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


def depth_first_value(moves_of: Callable[[Any], Iterable[Any]], primitive_of: Callable[[Any], Any] | None,
                      canonical: Callable[[Any], Any] | None, root: Any, limit: int,
                      progress: Callable[[int], None] | None = None) -> tuple[int | None, int]:
    """The value of ``root`` for the player to move (``WIN``, ``LOSE`` or ``TIE``) by a depth-first
    search with a transposition table that stops as soon as it is decided (a move to a lost
    position wins; the other moves are not looked at), and the number of positions it visited.

    The arguments are those of :func:`reachable_graph`. A value is stored only once every move it
    rests on is valued, so each one is what the retrograde pass gives. The search gives up (value
    None) where that cannot hold: a move back to a position on the current path (a cycle, whose
    draws need the whole graph) or a position scored by a number; the caller then values every
    position. Past ``limit`` positions :class:`LimitError`, as :func:`reachable_graph` says it.

    >>> depth_first_value(lambda n: [m for m in (n + 1, n + 2) if m <= 10], None, None, 0, limit=100)
    (2, 11)
    >>> depth_first_value(lambda n: [(n + 1) % 3], None, None, 0, limit=100)[0] is None   # a cycle
    True
    """
    search = _DepthFirst(moves_of, primitive_of, canonical, limit, progress)
    return search.value(root), search.count


class _GiveUp(Exception):
    """The depth-first search met what only the retrograde pass values (a cycle, a score)."""


class _DepthFirst:
    """The state of :func:`depth_first_value`: the values found, the path, the count."""

    def __init__(self, moves_of: Callable, primitive_of: Callable | None, canonical: Callable | None,
                 limit: int, progress: Callable[[int], None] | None) -> None:
        self.moves_of, self.primitive_of, self.canonical = moves_of, primitive_of, canonical
        self.limit, self.progress = limit, progress
        self.known: dict[Any, int] = {}
        self.on_path: set = set()
        self.count = 0
        self._pending: list = []  # the moves of the position _step went down into
        self.max_options = limits.current().max_options

    def value(self, root: Any) -> int | None:
        try:
            return self._search(root)
        except _GiveUp:
            return None

    def _search(self, root: Any) -> int:
        first = self._open(root)
        if type(first) is int:
            return first
        stack = [[root, first, 0, False]]  # [position, its moves, the next to look at, a tie seen]
        self.on_path.add(root)
        settled = None  # the value of the move the frame on top went down into
        while True:
            frame = stack[-1]
            value = self._step(frame, settled)
            if value is None:  # went down into a move
                child = frame[1][frame[2] - 1]
                stack.append([child, self._pending, 0, False])
                self.on_path.add(child)
                settled = None
                continue
            stack.pop()
            self.on_path.discard(frame[0])
            self.known[frame[0]] = value
            if not stack:
                return value
            settled = value

    def _step(self, frame: list, settled: int | None) -> int | None:
        """Go on with ``frame`` (``settled``: the value of the move it went down into): its value
        once decided, or None after opening a move still to search (kept in ``_pending``)."""
        moves, tie = frame[1], frame[3]
        if settled == LOSE:
            return WIN
        tie = tie or settled == TIE
        known = self.known
        while frame[2] < len(moves):
            child = moves[frame[2]]
            frame[2] += 1
            found = known.get(child)
            if found is None:
                if child in self.on_path:
                    raise _GiveUp
                opened = self._open(child)
                if type(opened) is not int:
                    frame[3] = tie
                    self._pending = opened
                    return None
                known[child] = found = opened
            if found == LOSE:
                return WIN
            tie = tie or found == TIE
        return TIE if tie else LOSE

    def _open(self, here: Any) -> int | list:
        """A new position: its value when it is decided at once (over, no moves, or a move to a
        position known lost), else its moves (keys)."""
        self.count += 1
        count = self.count
        if count > self.limit:
            raise limit_error(count, self.limit)
        if count % CHECK_EVERY == 0:
            limits.check_memory(f"the general solver's depth-first search (after {count:,} states)")
            if self.progress is not None and count % 65536 == 0:
                self.progress(count)
        result = None if self.primitive_of is None else self.primitive_of(here)
        if result is not None:
            code = _code(result, {}, 0)
            if code == SCORED:
                raise _GiveUp
            return code
        options = self.moves_of(here)
        if type(options) is not list or len(options) > self.max_options:
            options = limits.bounded_options(options, here, _name(self.moves_of))
        moves = list(options) if self.canonical is None else [self.canonical(m) for m in options]
        if not moves:
            return LOSE
        known = self.known
        if any(known.get(m) == LOSE for m in moves):
            return WIN
        return moves


def _name(function: Any) -> str | None:
    """The name of a game's moves function, for a message about what it returned."""
    return getattr(function, "__qualname__", None) or getattr(function, "__name__", None)
