"""Minimising a failing input by editing it (the second phase of ``--check``'s shrinking).

An input is read as lines of whitespace-separated tokens. :func:`minimise` tries smaller edits of
it, biggest cuts first, and keeps the first one that still fails:

- drop a block of consecutive lines (half of them, a quarter, ..., one line);
- drop a run of tokens inside a line (half of them, ..., one token);
- either of those with one count before the cut lowered by what was dropped (the lines, the
  tokens, or one), so that "n, then n numbers" stays a valid input;
- lower one number to each smaller value below 32, and along v/2, 3v/4, 7v/8, ..., v - 1;
- lower two neighbouring numbers of a line by one each ("3 2" to "2 1").

Whether an edit "still fails" is the caller's question: ``fails(text)`` returns the failure, or
None when the program passes or when the edit is not a valid input (the problem's own solver
refuses it), so invalid edits cost no run of the program. After each success the edits start
again on the smaller input, until a whole round finds none that fails: the input is then
minimal for these edits. Every kept edit has fewer tokens, or as many with a smaller sum of
numbers, so the search ends; a deadline on the wall clock bounds it too.

>>> def fails(text):   # valid: a line "n", then n numbers on one line; fails: a number >= 7
...     lines = [line.split() for line in text.splitlines()]
...     valid = len(lines) == 2 and lines[0] == [str(len(lines[1]))]
...     return text if valid and max(map(int, lines[1])) >= 7 else None
>>> minimise("4\\n3 9 12 5\\n", "4\\n3 9 12 5\\n", fails, deadline=float("inf"))
('1\\n7\\n', True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TypeVar

F = TypeVar("F")
Grid = tuple[tuple[str, ...], ...]
SMALL = 32  # a number is tried at each of 0..SMALL-1 below it
COUNTS_NEAR = 4  # numbers before a cut that may count what it dropped (besides those of the first line)
COUNT_PLACES = 3  # only the first tokens of a line may be counts


def minimise(text: str, failure: F, fails: Callable[[str], F | None], deadline: float) -> tuple[F, bool]:
    """The smallest failure reachable from ``failure`` (the program's failure on ``text``) by the
    edits above, and whether it is minimal (False: the ``deadline``, a :func:`time.monotonic`
    time, came first)."""
    grid = _grid(text)
    tried = {text, _text(grid)}
    while True:
        for candidate in _candidates(grid):
            shown = _text(candidate)
            if shown in tried:
                continue
            if time.monotonic() > deadline:
                return failure, False
            tried.add(shown)
            found = fails(shown)
            if found is not None:
                grid, failure = candidate, found
                break
        else:
            return failure, True


def _grid(text: str) -> Grid:
    return tuple(tuple(line.split()) for line in text.splitlines() if line.split())


def _text(grid: Grid) -> str:
    return "".join(" ".join(line) + "\n" for line in grid if line)


def _number(token: str) -> int | None:
    """The value of a token written as a plain non-negative integer (``07`` or ``+7`` are not)."""
    return int(token) if token.isdigit() and (token == "0" or token[0] != "0") else None


def _candidates(grid: Grid) -> Iterator[Grid]:
    for smaller, line, col, lines, tokens in _cuts(grid):
        yield smaller
        for at in _counts_before(smaller, line, col):
            value = _number(smaller[at[0]][at[1]])
            for by in sorted({1, lines, tokens} - {0}):
                if value is not None and value >= by:
                    yield _replaced(smaller, {at: str(value - by)})
    yield from _lowered(grid)


def _cuts(grid: Grid) -> Iterator[tuple[Grid, int, int, int, int]]:
    """Each cut as (what is left, the line and column where it was, lines dropped, tokens dropped)."""
    for size in _sizes(len(grid)):
        for start in range(0, len(grid) - size + 1, max(1, size // 2)):
            dropped = grid[start:start + size]
            yield grid[:start] + grid[start + size:], start, 0, size, sum(map(len, dropped))
    for i, line in enumerate(grid):
        for size in _sizes(len(line) - 1):
            for start in range(0, len(line) - size + 1, max(1, size // 2)):
                yield grid[:i] + (line[:start] + line[start + size:],) + grid[i + 1:], i, start, 0, size


def _sizes(count: int) -> list[int]:
    """Block sizes to cut from ``count`` items: half, a quarter, ..., one.

    >>> _sizes(10), _sizes(1), _sizes(0)
    ([5, 2, 1], [1], [])
    """
    sizes = []
    size = count // 2 if count > 1 else count
    while size >= 1:
        sizes.append(size)
        size //= 2
    return sizes


def _counts_before(grid: Grid, line: int, col: int) -> list[tuple[int, int]]:
    """Places of the tokens before (line, col) that may count what a cut there dropped: the first
    :data:`COUNT_PLACES` of each line, the :data:`COUNTS_NEAR` nearest first, then those of line 0."""
    places = [(i, j) for i in range(min(line, len(grid) - 1), -1, -1)
              for j in range(min(COUNT_PLACES, len(grid[i])) - 1, -1, -1) if (i, j) < (line, col)]
    chosen = places[:COUNTS_NEAR] + [p for p in places[COUNTS_NEAR:] if p[0] == 0]
    return [p for p in chosen if _number(grid[p[0]][p[1]])]


def _lowered(grid: Grid) -> Iterator[Grid]:
    numbers = [((i, j), value) for i, line in enumerate(grid) for j, token in enumerate(line)
               if (value := _number(token))]
    for at, value in numbers:
        for lower in _lower_values(value):
            yield _replaced(grid, {at: str(lower)})
    for (at, a), (nxt, b) in zip(numbers, numbers[1:], strict=False):
        if at[0] == nxt[0] and nxt[1] == at[1] + 1:
            yield _replaced(grid, {at: str(a - 1), nxt: str(b - 1)})


def _lower_values(value: int) -> list[int]:
    """The values tried below ``value``, smallest first: every one below :data:`SMALL`, then the
    steps of a binary search towards ``value`` (which find the least failing value when failing
    means "above some threshold").

    >>> _lower_values(3), _lower_values(1000)[30:]
    ([0, 1, 2], [30, 31, 500, 750, 875, 938, 969, 985, 993, 997, 999])
    """
    ladder = {value - (value >> k) for k in range(1, value.bit_length())}
    return sorted(set(range(min(value, SMALL))) | ladder)


def _replaced(grid: Grid, new: dict[tuple[int, int], str]) -> Grid:
    return tuple(tuple(new.get((i, j), token) for j, token in enumerate(line)) for i, line in enumerate(grid))
