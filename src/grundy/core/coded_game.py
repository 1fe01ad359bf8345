"""Games on integer positions whose moves compile or vectorise: the general solver without a
Python call per position.

A game written in plain Python costs the general solver a few microseconds a position, spent in
the user's ``moves``. When positions are integers (a Gamesman-style hash: a board, a pair, a
count, coded as one number from 0 to 2^63 - 1), the moves can be handed over in a form that runs
without Python per position:

- :func:`compiled_game`: ``moves(position, out) -> count`` writes the positions one move reaches
  into the int64 array ``out`` (room for ``max_moves``) and returns how many it wrote;
  ``primitive(position) -> code`` is 0 while the game goes on, else :data:`LOSE`, :data:`WIN` or
  :data:`TIE` for the player to move. Both are compiled by numba (write them in the subset numba
  compiles: numbers, loops, numpy arrays); the search runs compiled too.
- :func:`vector_game`: positions are ``0 .. size-1``; ``children(positions)`` takes an int64 array
  of positions and returns an integer array of shape ``(len(positions), k)``, each row the
  positions one move reaches, padded with -1; ``primitive(positions)`` returns the codes. They are
  called with blocks of 65,536 positions, every position below ``size`` (plain numpy, no numba).

Both are :class:`~grundy.core.general.GeneralGame` objects: :func:`~grundy.core.general.solve_game` gives
the same :class:`~grundy.core.general.GameSolution` (values, remoteness, best moves, ``db=``) as for
the same game written in Python, and the same limits apply. A function that does not compile, or
that answers out of contract (a code outside 0-3, a count past ``max_moves``, a position out of
range, a write past ``out``), stops with a :class:`~grundy.core.errors.GrundyError` saying which.

>>> from grundy import solve_game
>>> @compiled_game(max_moves=2)
... def count_to_ten(n, out):          # add 1 or 2; whoever says 10 wins
...     count = 0
...     for step in (1, 2):
...         if n + step <= 10:
...             out[count] = n + step
...             count += 1
...     return count
>>> solution = solve_game(count_to_ten, 0)
>>> solution.value, solution.remoteness, solution.best_moves(0)
('win', 7, [1])

>>> import numpy as np
>>> count_up = vector_game(lambda n: np.stack([n + 1, n + 2], axis=1), size=12,
...                        primitive=lambda n: np.where(n >= 10, LOSE, 0))
>>> solve_game(count_up, 0).value
'win'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from grundy.core import limits
from grundy.core.coded_graph import CODE_RULE, POSITION_RULE, compiled_graph, vector_block, vector_graph
from grundy.core.errors import GrundyError, LimitError
from grundy.core.game_graph import CODES, LOSE, TIE, WIN, GameGraph
from grundy.core.general import GeneralGame

RESULT_OF = {code: name for name, code in CODES.items()}


def _goes_on(position):  # the primitive of a game that says none: no position is over before its moves run out
    return 0


class _IntegerGame(GeneralGame):
    """What both forms share: integer positions, a name, and how a position is shown."""

    def __init__(self, name: str, describe: Callable[[int], str] | None) -> None:
        self.name, self._describe = name, describe

    def position(self, position: Any) -> int:
        """``position`` as a Python int, refused unless it is an integer the game can hold."""
        if isinstance(position, (int, np.integer)) and not isinstance(position, bool) and 0 <= position < 2**63:
            return int(position)
        raise GrundyError(f"{limits.shorten(repr(position))} is not a position of {self.name}: {POSITION_RULE}")

    def describe(self, position: Any) -> str:
        return self._describe(position) if self._describe else str(position)

    def primitive(self, position: Any) -> str | None:
        code = self.primitive_code(self.position(position))
        if code not in (0, LOSE, WIN, TIE):
            raise GrundyError(f"primitive({position}) of {self.name} returned {code}: it must return {CODE_RULE}")
        return RESULT_OF.get(code)

    def primitive_code(self, position: int) -> int:
        raise NotImplementedError


class CompiledGame(_IntegerGame):
    """A game on integer positions whose ``moves`` and ``primitive`` numba compiles (see
    :func:`compiled_game`)."""

    def __init__(self, moves: Callable, max_moves: int, primitive: Callable | None = None,
                 name: str | None = None, describe: Callable[[int], str] | None = None) -> None:
        super().__init__(name or getattr(moves, "__name__", "compiled game"), describe)
        if not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 1:
            raise GrundyError(f"max_moves of {self.name} must be a positive integer (the most moves a position "
                              f"has), not {limits.shorten(repr(max_moves))}")
        if max_moves > limits.current().max_options:
            raise LimitError(f"max_moves of {self.name} is {max_moves:,}, more than the "
                              f"{limits.current().max_options:,} moves a position may have", knob="max_options",
                              limit=limits.current().max_options, needed=max_moves)
        self.max_moves = max_moves
        self.compiled_moves = self._compile(moves, "moves(position, out)", True)
        self.compiled_primitive = self._compile(primitive or _goes_on, "primitive(position)", False)
        self._out = np.empty(max_moves, np.int64)

    def _compile(self, function: Callable, what: str, with_buffer: bool) -> Callable:
        if not callable(function):
            raise GrundyError(f"{what} of {self.name} must be a function, not {limits.shorten(repr(function))}")
        from grundy.kernels.explore import compile_user

        compiled, problem = compile_user(function, with_buffer)
        if compiled is None:
            raise GrundyError(f"{what} of {self.name} {problem}")
        return compiled

    def moves(self, position: Any) -> list[int]:
        position = self.position(position)
        try:
            count = self.compiled_moves(position, self._out)
        except IndexError:
            count = -1
        if not 0 <= count <= self.max_moves:
            raise GrundyError(f"moves({position}) of {self.name} must write at most max_moves = {self.max_moves} "
                              "positions into out and return how many it wrote")
        return self._out[:count].tolist()

    def primitive_code(self, position: int) -> int:
        return int(self.compiled_primitive(position))

    def graph(self, start: Any, limit: int, progress: Callable[[int], None] | None = None) -> GameGraph:
        return compiled_graph(self, self.position(start), limit, progress)


class VectorGame(_IntegerGame):
    """A game on the positions ``0 .. size-1`` whose moves numpy computes for a block of positions
    at once (see :func:`vector_game`)."""

    def __init__(self, children: Callable[[np.ndarray], Any], size: int,
                 primitive: Callable[[np.ndarray], Any] | None = None, name: str | None = None,
                 describe: Callable[[int], str] | None = None) -> None:
        super().__init__(name or getattr(children, "__name__", "vectorised game"), describe)
        if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size < 2**63:
            raise GrundyError(f"size of {self.name} must be a positive integer (positions are 0 .. size - 1), "
                              f"not {limits.shorten(repr(size))}")
        for what, function in (("children", children), ("primitive", primitive)):
            if function is not None and not callable(function):
                raise GrundyError(f"{what} of {self.name} must be a function, not {limits.shorten(repr(function))}")
        self.size = size
        self.vector_children = children
        self.vector_primitive = primitive or (lambda positions: np.zeros(len(positions), np.int8))

    def position(self, position: Any) -> int:
        number = super().position(position)
        if number >= self.size:
            raise GrundyError(f"{number} is not a position of {self.name}: positions are 0 .. {self.size - 1}")
        return number

    def moves(self, position: Any) -> list[int]:
        _, rows = vector_block(self, np.array([self.position(position)], np.int64))
        return [int(c) for c in rows[0] if c >= 0]

    def primitive_code(self, position: int) -> int:
        codes, _ = vector_block(self, np.array([position], np.int64))
        return int(codes[0])

    def graph(self, start: Any, limit: int, progress: Callable[[int], None] | None = None) -> GameGraph:
        return vector_graph(self, self.position(start), limit, progress)


def compiled_game(moves: Callable | None = None, *, max_moves: int, primitive: Callable | None = None,
                  name: str | None = None, describe: Callable[[int], str] | None = None) -> Any:
    """Make a :class:`CompiledGame` (usable as ``@compiled_game(max_moves=K)``).

    Parameters
    ----------
    moves:
        ``moves(position, out) -> count``: write the positions one move reaches into ``out``
        (an int64 array of ``max_moves`` entries) and return how many; compiled by numba (a
        numba ``@njit`` function works too: its Python source is compiled again, with bounds
        checks on).
    max_moves:
        The most moves a position has (the length of ``out``).
    primitive:
        ``primitive(position) -> code``: 0 while the game goes on, else :data:`LOSE`,
        :data:`WIN` or :data:`TIE` for the player to move (without it, a position with no
        moves is a loss: normal play).
    name:
        The game's name in messages.
    describe:
        ``describe(position) -> str`` shows a position to people.

    Raises
    ------
    GrundyError
        When a function does not compile with numba or does not return an integer.
    """
    if moves is None:
        return lambda f: CompiledGame(f, max_moves, primitive, name, describe)
    return CompiledGame(moves, max_moves, primitive, name, describe)


def vector_game(children: Callable | None = None, *, size: int, primitive: Callable | None = None,
                name: str | None = None, describe: Callable[[int], str] | None = None) -> Any:
    """Make a :class:`VectorGame` (usable as ``@vector_game(size=N)``).

    Parameters
    ----------
    children:
        ``children(positions) -> rows``: for an int64 array of positions, an integer array of
        shape ``(len(positions), k)``, row ``i`` the positions one move from ``positions[i]``
        reaches, padded with -1 (any negative entry means no move).
    size:
        Positions are ``0 .. size-1``; all of them are computed (and count against the state
        limit), then what the start reaches is solved.
    primitive:
        ``primitive(positions) -> codes``: one code per position, 0 while the game goes on, else
        :data:`LOSE`, :data:`WIN` or :data:`TIE` for the player to move.
    name:
        As for :func:`compiled_game`.
    describe:
        As for :func:`compiled_game`.
    """
    if children is None:
        return lambda f: VectorGame(f, size, primitive, name, describe)
    return VectorGame(children, size, primitive, name, describe)
