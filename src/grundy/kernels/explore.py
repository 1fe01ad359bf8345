"""Finding the graph of a game whose positions are integers, in compiled code.

Positions are integers from 0 to 2^63 - 1 (a Gamesman-style hash); each one found gets a number,
in the order found. A **position table** maps positions to their numbers: an open-addressing hash
table (linear probing, splitmix64 mixing) of numbers, ``-1`` where a slot is empty, next to
``keys``, the position of each number. The general solver's retrograde pass
(:mod:`grundy.kernels.retrograde`) then works on the numbers only.

- :func:`explore` finds every position reachable from ``keys[0]`` breadth first, calling a game's
  compiled ``moves(position, out) -> count`` and ``primitive(position) -> code``, into CSR arrays
  that the caller allocates. It stops, resumably, when the arrays are short of room or after a
  stretch of positions (so the caller can check its budgets, grow them and report progress),
  and for good at the state limit or when a user function answers out of contract.
- :func:`reachable_subgraph` keeps, of a graph on positions ``0 .. size-1``, what one start reaches.
- :func:`fill_table` and :func:`lookup` build and read a position table.

>>> keys = np.array([7, 2**62, 5], np.int64)
>>> table = np.full(8, -1, np.int64)
>>> fill_table(table, keys, 3)
>>> lookup(table, keys, 2**62), lookup(table, keys, 6)
(1, -1)
"""

from __future__ import annotations

import numba as nb
import numpy as np

# how explore() stopped (state[STATUS]); the first two may be resumed
ROOM, PAUSE, DONE, LIMIT, BAD_PRIMITIVE, BAD_COUNT, BAD_CHILD = range(7)
# the entries of explore()'s state array
FOUND, DONE_UP_TO, EDGES, STATUS, WHERE, WHAT, IN_MOVES = range(7)
STATE_SIZE = 7


@nb.njit(cache=True, nogil=True, inline="always")
def _slot(table, keys, key):  # pragma: no cover - compiled
    """The slot of ``table`` that holds the number of ``key``, or the empty slot where it goes."""
    mask = np.uint64(table.shape[0] - 1)
    z = np.uint64(key)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    h = np.int64((z ^ (z >> np.uint64(31))) & mask)
    while True:
        j = table[h]
        if j < 0 or keys[j] == key:
            return h
        h = (h + 1) & np.int64(mask)


@nb.njit(cache=True, nogil=True)
def fill_table(table, keys, count):  # pragma: no cover - compiled
    """Empty ``table`` (a power of two of slots, more than ``count``), then enter ``keys[:count]``
    (distinct positions) with their numbers."""
    table[:] = -1
    for j in range(count):
        table[_slot(table, keys, keys[j])] = j


@nb.njit(cache=True, nogil=True)
def lookup(table, keys, key):  # pragma: no cover - compiled
    """The number of position ``key``, or -1 when it is not in the table."""
    return table[_slot(table, keys, key)]


MOVES = nb.types.FunctionType(nb.int64(nb.int64, nb.int64[::1]))  # a game's compiled moves(position, out)
PRIMITIVE = nb.types.FunctionType(nb.int64(nb.int64))  # and its primitive(position)


def _explore_signature(number):
    """explore()'s signature where position numbers are ``number`` (int32 or int64)."""
    return (MOVES, PRIMITIVE, nb.int64[::1], nb.int64[::1], number[::1], nb.int64[::1], number[::1], nb.int8[::1],
            nb.int64[::1], nb.int64, nb.int64)


@nb.njit([_explore_signature(nb.int32), _explore_signature(nb.int64)], cache=True, nogil=True)
def explore(moves, primitive, out, keys, table, offsets, children, codes, state, limit,
            pause_at):  # pragma: no cover - compiled
    """Expand found positions in order, from ``state[DONE_UP_TO]`` on, until all are expanded.

    ``moves`` and ``primitive`` are first-class compiled functions (see :func:`compile_user`), so
    this search is compiled once for every game, not once per game.

    Position number ``i`` is ``keys[i]``; its moves go to ``children[offsets[i]:offsets[i + 1]]``
    (as numbers) and its primitive code to ``codes[i]``. ``out`` is the buffer ``moves`` writes
    into; its length is the most moves a position may have. ``state`` holds the counts
    (``FOUND``, ``DONE_UP_TO``, ``EDGES``) between calls and, on return, ``STATUS``: ``ROOM``
    (grow the arrays, then call again), ``PAUSE`` (``pause_at`` positions are done), ``DONE``,
    ``LIMIT`` (a position past number ``limit`` would be found), or a contract broken by the game
    at position ``state[WHERE]``, with the bad answer in ``state[WHAT]``: ``BAD_PRIMITIVE`` (not a
    code 0-3), ``BAD_COUNT`` (a count outside ``0 .. len(out)``), ``BAD_CHILD`` (a negative
    position). While a user function runs, ``state[WHERE]`` is its position and
    ``state[IN_MOVES]`` says which function it is, so an exception can be traced to both.
    """
    found, done, edges = state[FOUND], state[DONE_UP_TO], state[EDGES]
    width = out.shape[0]
    status = DONE
    while done < found:
        if (found + width > keys.shape[0] or edges + width > children.shape[0]
                or 3 * (found + width) > 2 * table.shape[0]):
            status = ROOM
            break
        if done >= pause_at:
            status = PAUSE
            break
        here = keys[done]
        state[WHERE] = here
        state[IN_MOVES] = 0
        code = primitive(here)
        if code < 0 or code > 3:
            status = BAD_PRIMITIVE
            state[WHAT] = code
            break
        codes[done] = code
        if code == 0:
            state[IN_MOVES] = 1
            count = moves(here, out)
            if count < 0 or count > width:
                status = BAD_COUNT
                state[WHAT] = count
                break
            for k in range(count):
                child = out[k]
                if child < 0:
                    status = BAD_CHILD
                    state[WHAT] = child
                    break
                h = _slot(table, keys, child)
                j = table[h]
                if j < 0:
                    if found >= limit:
                        status = LIMIT
                        break
                    j = found
                    table[h] = j
                    keys[j] = child
                    found += 1
                children[edges] = j
                edges += 1
            if status != DONE:
                break
        done += 1
        offsets[done] = edges
    state[FOUND], state[DONE_UP_TO], state[EDGES], state[STATUS] = found, done, edges, status


@nb.njit(cache=True, nogil=True)
def reachable_subgraph(offsets, children, codes, start, number):  # pragma: no cover - compiled
    """What ``start`` reaches in a graph on positions ``0 .. size-1`` (``children`` are positions),
    numbered breadth first: ``(keys, offsets, children, codes)`` of that part, its children as
    numbers. ``number`` (``size`` entries of -1) is the work array that numbers positions."""
    keys = np.empty(offsets.shape[0] - 1, np.int64)
    keys[0] = start
    number[start] = 0
    found, done, edges = 1, 0, 0
    while done < found:
        here = keys[done]
        for e in range(offsets[here], offsets[here + 1]):
            child = children[e]
            if number[child] < 0:
                number[child] = found
                keys[found] = child
                found += 1
            edges += 1
        done += 1
    kept = np.zeros(found + 1, np.int64)
    moves = np.empty(edges, children.dtype)
    kept_codes = np.empty(found, np.int8)
    edges = 0
    for i in range(found):
        here = keys[i]
        kept_codes[i] = codes[here]
        for e in range(offsets[here], offsets[here + 1]):
            moves[edges] = number[children[e]]
            edges += 1
        kept[i + 1] = edges
    return keys[:found].copy(), kept, moves, kept_codes


def compile_user(function, with_buffer: bool) -> tuple:
    """Compile a game's ``moves(position, out) -> count`` (``with_buffer``) or
    ``primitive(position) -> code`` for int64 positions, with bounds checks on (a write past
    ``out`` raises IndexError instead of corrupting memory), as :data:`MOVES` or
    :data:`PRIMITIVE` want it. ``function`` is a Python function or a numba dispatcher (its Python
    source is compiled again). Returns ``(compiled, "")``, or ``(None, what is wrong)`` when it
    does not compile or does not return an integer."""
    source = getattr(function, "py_func", function)
    arguments = (nb.int64, nb.int64[::1]) if with_buffer else (nb.int64,)
    compiled = nb.njit(nogil=True, boundscheck=True)(source)
    try:
        compiled.compile(arguments)
    except Exception as exc:  # numba's typing and lowering errors, or Python it cannot compile
        return None, f"does not compile with numba: {_first_line(str(exc))}"
    returns = compiled.nopython_signatures[0].return_type
    if not isinstance(returns, nb.types.Integer):
        return None, f"returns {returns}, not an integer"
    if returns != nb.int64:  # a first-class function returns exactly int64: widen (safe for an integer)
        compiled = nb.njit(nb.int64(*arguments), nogil=True, boundscheck=True)(source)
    return compiled, ""


def _first_line(message: str) -> str:
    """The line of a numba error that says what is wrong (not which compiler pass found it)."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    useful = [line for line in lines if not line.startswith(("Failed in", "During:", "File "))]
    return (useful or lines or ["(no message)"])[0]
