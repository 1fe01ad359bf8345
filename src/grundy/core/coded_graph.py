"""The graph of a game on integer positions, found without calling Python per position.

Two ways in, one result: a :class:`~grundy.core.game_graph.GameGraph` whose index is a
:class:`PositionIndex` (a compiled hash table, not a Python dict), ready for the retrograde pass.

- :func:`compiled_graph`: a game's numba-compiled ``moves`` and ``primitive`` are called from a
  compiled breadth-first search (:func:`grundy.kernels.explore.explore`); the arrays it fills are
  grown here, between calls, after checking the memory budget.
- :func:`vector_graph`: a game's numpy ``children(positions)`` and ``primitive(positions)`` are
  called on blocks of the positions ``0 .. size-1``; what the start reaches is kept
  (:func:`grundy.kernels.explore.reachable_subgraph`).

Every answer of the user's functions is checked; one out of contract stops with a
:class:`GrundyError` naming the function, the position and the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

import numpy as np

from grundy.core import limits, words
from grundy.core.errors import GrundyError, LimitError
from grundy.core.game_graph import GameGraph, limit_error

BLOCK = 1 << 16  # positions per call of a vectorised game's functions, and between two progress reports
CODE_RULE = "0 (the game goes on), 1 (lose), 2 (win) or 3 (tie)"
POSITION_RULE = "positions are integers from 0 to 2^63 - 1"


class CompiledGame(Protocol):
    """What :func:`compiled_graph` reads of a :class:`grundy.core.coded_game.CompiledGame`."""

    name: str
    max_moves: int
    compiled_moves: Callable  # moves(position, out) -> count, as grundy.kernels.explore.compile_user made it
    compiled_primitive: Callable  # primitive(position) -> code


class VectorGame(Protocol):
    """What :func:`vector_graph` reads of a :class:`grundy.core.coded_game.VectorGame`."""

    name: str
    size: int
    vector_children: Callable[[np.ndarray], Any]  # positions -> rows of positions, -1 for no move
    vector_primitive: Callable[[np.ndarray], Any]  # positions -> codes


class PositionIndex(Mapping):
    """Position -> number, for integer positions, in a compiled hash table
    (:func:`grundy.kernels.explore.lookup`): what a Python dict does for the general solver, at
    a fraction of its memory and without building one entry at a time."""

    def __init__(self, keys: np.ndarray, table: np.ndarray) -> None:
        self.keys, self.table = keys, table

    def __getitem__(self, position: Any) -> int:
        from grundy.kernels.explore import lookup

        if isinstance(position, (int, np.integer)) and not isinstance(position, bool) and 0 <= position < 2**63:
            found = int(lookup(self.table, self.keys, position))
            if found >= 0:
                return found
        raise KeyError(position)

    def __iter__(self) -> Iterator[int]:
        return iter(self.keys.tolist())

    def __len__(self) -> int:
        return len(self.keys)


def _index(keys: np.ndarray) -> PositionIndex:
    """The index of ``keys`` (numbered by place)."""
    from grundy.kernels.explore import fill_table

    table = np.empty(_slots(len(keys)), np.int64 if len(keys) >= 2**31 else np.int32)
    fill_table(table, keys, len(keys))
    return PositionIndex(keys, table)


def _slots(count: int) -> int:
    """Slots of a hash table holding ``count`` positions at most two thirds full (a power of two)."""
    return 1 << max(4, (3 * count // 2 + 1).bit_length())


def compiled_graph(game: CompiledGame, start: int, limit: int,
                   progress: Callable[[int], None] | None = None) -> GameGraph:
    """Every position reachable from ``start`` by the compiled functions of ``game``.

    The arrays start small and double when the search runs short of room; the memory budget is
    checked before each growth and every :data:`BLOCK` positions, when ``progress`` is told the
    count. Past ``limit`` states :class:`LimitError`, as for a game written in Python.
    """
    from grundy.kernels import explore as k

    width = game.max_moves
    number = np.int32 if limit < 2**31 else np.int64
    room = min(limit, 1 << 12) + width
    keys, codes, offsets = np.empty(room, np.int64), np.empty(room, np.int8), np.zeros(room + 1, np.int64)
    children, table = np.empty(2 * room, number), np.full(_slots(room), -1, number)
    keys[0] = start
    k.fill_table(table, keys, 1)
    state = np.zeros(k.STATE_SIZE, np.int64)
    state[k.FOUND] = 1
    out = np.empty(width, np.int64)
    pause_at = BLOCK
    while True:
        try:
            k.explore(game.compiled_moves, game.compiled_primitive, out, keys, table, offsets, children, codes,
                      state, limit, pause_at)
        except Exception as exc:  # an exception raised in the user's function (bounds, division, ...)
            raise _failed(game, state, exc) from None
        found, edges, status = (int(state[i]) for i in (k.FOUND, k.EDGES, k.STATUS))
        if status == k.DONE:
            break
        if status == k.PAUSE:
            pause_at += BLOCK
            limits.check_memory(f"the general solver (after {found:,} states and {edges:,} moves)")
            if progress is not None:
                progress(found)
        elif status == k.ROOM:
            keys, codes, offsets, children, table = _grown(keys, codes, offsets, children, table,
                                                           found, edges, width, limit)
        else:
            raise _broken(game, state, limit)
    index = PositionIndex(keys[:found].copy(), table)
    return GameGraph(index, offsets[:found + 1], children[:edges], codes[:found], {})


def _grown(keys: np.ndarray, codes: np.ndarray, offsets: np.ndarray, children: np.ndarray, table: np.ndarray,
           found: int, edges: int, width: int, limit: int) -> tuple[np.ndarray, ...]:
    """The search's arrays with room for ``width`` more positions and moves (doubling what is
    short), after checking the memory budget for what is added."""
    from grundy.kernels.explore import fill_table

    states = max(2 * len(keys), found + width) if found + width > len(keys) else len(keys)
    states = min(states, limit + width)
    moves = max(2 * len(children), edges + width) if edges + width > len(children) else len(children)
    slots = _slots(found + width) if 3 * (found + width) > 2 * len(table) else len(table)
    slots = max(slots, 2 * len(table)) if slots > len(table) else slots
    more = (states - len(keys)) * 17 + (moves - len(children) + slots - len(table)) * children.itemsize
    limits.check_memory(f"the general solver (after {found:,} states and {edges:,} moves)", more=more)
    if states > len(keys):
        keys, codes, offsets = _longer(keys, states), _longer(codes, states), _longer(offsets, states + 1)
    if moves > len(children):
        children = _longer(children, moves)
    if slots > len(table):
        table = np.empty(slots, table.dtype)
        fill_table(table, keys, found)
    return keys, codes, offsets, children, table


def _longer(array: np.ndarray, length: int) -> np.ndarray:
    """``array`` copied into the front of a new array of ``length`` entries."""
    grown = np.empty(length, array.dtype)
    grown[:len(array)] = array
    return grown


def _failed(game: CompiledGame, state: np.ndarray, exc: Exception) -> GrundyError:
    """The error for an exception raised inside the game's compiled functions."""
    from grundy.kernels.explore import IN_MOVES, WHERE

    function = "moves" if state[IN_MOVES] else "primitive"
    hint = f" (moves() may write at most max_moves = {game.max_moves} positions into out)" \
        if isinstance(exc, IndexError) and state[IN_MOVES] else ""
    return GrundyError(f"{function}({state[WHERE]}) of {game.name} failed: {type(exc).__name__}: "
                       f"{limits.shorten(str(exc))}{hint}")


def _broken(game: CompiledGame, state: np.ndarray, limit: int) -> GrundyError:
    """The error for a stop of the compiled search other than done, pause or room."""
    from grundy.kernels import explore as k

    status, where, what = (int(state[i]) for i in (k.STATUS, k.WHERE, k.WHAT))
    if status == k.LIMIT:
        return limit_error(int(state[k.FOUND]) + 1, limit)
    if status == k.BAD_PRIMITIVE:
        return GrundyError(f"primitive({where}) of {game.name} returned {what}: it must return {CODE_RULE}")
    if status == k.BAD_COUNT:
        return GrundyError(f"moves({where}) of {game.name} returned {what}: it must return how many positions "
                           f"it wrote into out, from 0 to max_moves = {game.max_moves}")
    return GrundyError(f"moves({where}) of {game.name} gave the position {what}: {POSITION_RULE}")


def vector_graph(game: VectorGame, start: int, limit: int,
                 progress: Callable[[int], None] | None = None) -> GameGraph:
    """Every position reachable from ``start`` in a vectorised game: its functions are called on
    blocks of :data:`BLOCK` of the positions ``0 .. size-1`` (all of them count against ``limit``),
    then what ``start`` reaches is kept, numbered breadth first."""
    from grundy.kernels.explore import reachable_subgraph

    size = game.size
    if size > limit:
        raise LimitError(f"the general solver stopped before searching: {game.name} has {size:,} positions "
                         f"({words.limit_is('max_states', limit)})", knob="max_states", limit=limit, needed=size)
    number = np.int32 if size < 2**31 else np.int64
    limits.check_memory(f"the general solver's table of {size:,} positions",
                        more=size * (9 + 2 * np.dtype(number).itemsize))
    offsets, codes, parts = np.zeros(size + 1, np.int64), np.empty(size, np.int8), []
    for low in range(0, size, BLOCK):
        positions = np.arange(low, min(size, low + BLOCK), dtype=np.int64)
        block_codes, rows = vector_block(game, positions)
        codes[low:low + len(positions)] = block_codes
        moves = rows >= 0
        offsets[low + 1:low + 1 + len(positions)] = moves.sum(axis=1)
        parts.append(rows[moves].astype(number))
        limits.check_memory(f"the general solver (after {low + len(positions):,} of {size:,} positions)")
        if progress is not None:
            progress(low + len(positions))
    np.cumsum(offsets, out=offsets)
    keys, offsets, children, codes = reachable_subgraph(offsets, np.concatenate(parts), codes, start,
                                                        np.full(size, -1, number))
    return GameGraph(_index(keys), offsets, children, codes, {})


def vector_block(game: VectorGame, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(codes, rows)`` of a block of positions: each one's primitive code, and a row of the
    positions it moves to, ``-1`` where there is no move (and throughout the row where the game is
    over). Both checked against the contract of :class:`grundy.core.coded_game.VectorGame`."""
    codes = _checked(game, "primitive", positions, 1)
    if codes.size and (codes.min() < 0 or codes.max() > 3):
        bad = int(np.flatnonzero((codes < 0) | (codes > 3))[0])
        raise GrundyError(f"primitive() of {game.name} gave {codes[bad]} for position {positions[bad]}: "
                          f"each code must be {CODE_RULE}")
    rows = _checked(game, "children", positions, 2)
    live = codes == 0
    past = (rows >= game.size) & live[:, None]
    if past.any():
        at, move = np.argwhere(past)[0]
        raise GrundyError(f"children() of {game.name} gave the position {rows[at, move]} from {positions[at]}: "
                          f"positions are 0 .. size - 1 = {game.size - 1} (negative entries mean no move)")
    return codes.astype(np.int8), np.where(live[:, None], rows.astype(np.int64), -1)


def _checked(game: VectorGame, name: str, positions: np.ndarray, dimensions: int) -> np.ndarray:
    """The answer of the game's function ``name`` on ``positions``, refused unless it is an integer
    array of one entry (``dimensions`` 1) or one row (2) per position."""
    function = game.vector_primitive if name == "primitive" else game.vector_children
    try:
        answer = np.asarray(function(positions))
    except GrundyError:
        raise
    except Exception as exc:  # the user's function failed: say which one, on which block
        raise GrundyError(f"{name}() of {game.name} failed on positions {positions[0]}..{positions[-1]}: "
                          f"{type(exc).__name__}: {limits.shorten(str(exc))}") from None
    shape = "(len(positions),)" if dimensions == 1 else "(len(positions), k)"
    if answer.dtype.kind not in "iu" or answer.ndim != dimensions or answer.shape[0] != len(positions):
        raise GrundyError(f"{name}() of {game.name} must return an integer array of shape {shape}; for "
                          f"{len(positions)} positions it returned {answer.dtype} of shape {answer.shape}")
    return answer
