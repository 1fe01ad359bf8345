"""The general solver: win / lose / tie / draw with remoteness, for any finite two-player game.

A game is described by its moves and its terminal results, always from the view of the player to
move (so a partizan game keeps whose turn it is inside the position):

- ``moves(position)``: the positions one move can reach;
- ``primitive(position)``: ``"win"``, ``"lose"`` or ``"tie"`` when the game is over there, else
  None (a position with no moves and no primitive result is a loss: normal play);
- ``canonical(position)``: optional, one representative for symmetric positions.

Every position reachable from the start is found, then values are settled backwards from the end
(retrograde analysis, in a numba kernel): a win takes the shortest route, a loss the longest, a
tie the shortest; a position from which neither side can force an end is a **draw** — cycles never
cause infinite recursion or a wrong "loss". Results can be kept in SQLite (``db=``) for later runs
and for ``grundy play``.

>>> @game
... def count_to_ten(n):                 # add 1 or 2; whoever says 10 wins
...     return [m for m in (n + 1, n + 2) if m <= 10]
>>> solution = solve_game(count_to_ten, 0)
>>> solution.value, solution.remoteness
('win', 7)
>>> solution.best_moves(0)
[1]

References: Gamesman (Garcia et al.), retrograde analysis; Winning Ways ch. 11 (loopy games).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from grundy.core.errors import GrundyError, LimitError

RESULTS = ("unknown", "lose", "win", "tie", "draw")
CODES = {"lose": 1, "win": 2, "tie": 3}
SCORED = 5  # a terminal position with a numeric score
DEFAULT_MAX_STATES = 5_000_000


def flip(value: str | float) -> str | float:
    """A value for the player to move, seen by the player who just moved."""
    if isinstance(value, str):
        return {"win": "lose", "lose": "win", "tie": "tie", "draw": "draw"}[value]
    return -value


def rank(value: str | float) -> float:
    """Preference order of values: a win, a tie, a draw, a loss; scores by size."""
    return {"win": 3, "tie": 2, "draw": 1, "lose": 0}[value] if isinstance(value, str) else value


class Game:
    """A finite two-player game; subclass it or make one with :func:`game`."""

    name = "game"

    def moves(self, position: Any) -> Iterable[Any]:
        raise NotImplementedError

    def primitive(self, position: Any) -> str | float | None:
        """``"win"``/``"lose"``/``"tie"`` (or a numeric score) for the player to move when the game is
        over, else None."""
        return None

    def canonical(self, position: Any) -> Any:
        return position

    def describe(self, position: Any) -> str:
        """How a position is shown to people."""
        return str(position)


class FunctionGame(Game):
    """A :class:`Game` made of plain functions."""

    def __init__(self, moves: Callable[[Any], Iterable[Any]], primitive: Callable[[Any], str | None] | None = None,
                 canonical: Callable[[Any], Any] | None = None, name: str | None = None) -> None:
        self._moves, self._primitive, self._canonical = moves, primitive, canonical
        self.name = name or getattr(moves, "__name__", "game")

    def moves(self, position: Any) -> Iterable[Any]:
        return self._moves(position)

    def primitive(self, position: Any) -> str | None:
        return self._primitive(position) if self._primitive else None

    def canonical(self, position: Any) -> Any:
        return self._canonical(position) if self._canonical else position


def game(moves: Callable | None = None, *, primitive: Callable | None = None, canonical: Callable | None = None,
         name: str | None = None) -> Any:
    """Make a :class:`Game` from a moves function (usable as ``@game`` or ``@game(primitive=...)``).

    Parameters
    ----------
    moves:
        ``position -> iterable of positions`` one move can reach.
    primitive:
        ``position -> "win" | "lose" | "tie" | None``: the result for the player to move where the
        game is over (None: not over; with no moves that is a loss).
    canonical:
        ``position -> position``: one representative of symmetric positions.
    """
    if moves is None:
        return lambda f: FunctionGame(f, primitive, canonical, name)
    return FunctionGame(moves, primitive, canonical, name)


@dataclass
class GameSolution:
    """Values and remoteness of every position reachable from ``start``."""

    game: Game
    start: Any
    index: dict
    values: np.ndarray
    remoteness_of: np.ndarray
    scored: bool = False  # values are scores (negamax) rather than win/lose/tie/draw

    @property
    def value(self) -> str | float:
        return self.value_of(self.start)

    @property
    def remoteness(self) -> int:
        return self.remoteness_at(self.start)

    @property
    def states(self) -> int:
        return len(self.index)

    def _id(self, position: Any) -> int:
        key = self.game.canonical(position)
        found = self.index.get(key)
        if found is None:
            raise GrundyError(f"position {self.game.describe(position)} is not reachable from the solved start")
        return found

    def value_of(self, position: Any) -> str | float:
        """``"win"``/``"lose"``/``"tie"``/``"draw"`` for the player to move at ``position``
        (in a score game: the score the player to move can secure)."""
        if self.scored:
            return float(self.values[self._id(position)])
        return RESULTS[self.values[self._id(position)]]

    def remoteness_at(self, position: Any) -> int:
        """Moves to the end with perfect play (0 for a draw, which never ends)."""
        return int(self.remoteness_of[self._id(position)])

    def move_values(self, position: Any) -> list[tuple[Any, str, int]]:
        """Each move with the value it gives the mover and the remoteness after it."""
        position = self.game.canonical(position)
        if self.game.primitive(position) is not None:
            return []
        return [(m, flip(self.value_of(m)), self.remoteness_at(m)) for m in self.game.moves(position)]

    def best_moves(self, position: Any) -> list[Any]:
        """The moves perfect play chooses: fastest win, slowest loss, fastest tie."""
        options = self.move_values(position)
        if not options:
            return []
        best = max(rank(v) for _, v, _ in options)
        chosen = [(m, r) for m, v, r in options if rank(v) == best]
        pick = max if best < 0 or (not self.scored and best == 0) else min
        target = pick(r for _, r in chosen)
        return [m for m, r in chosen if r == target]

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "remoteness": self.remoteness, "states": self.states}


def solve_game(the_game: Game, start: Any, max_states: int = DEFAULT_MAX_STATES,
               progress: Callable[[int], None] | None = None, db: str | Path | None = None) -> GameSolution:
    """Solve every position reachable from ``start``.

    Parameters
    ----------
    the_game:
        A :class:`Game`.
    start:
        The starting position.
    max_states:
        Stop with :class:`LimitError` (saying how many states were seen) past this many positions.
    progress:
        Called with the number of positions found so far, every 65,536.
    db:
        An SQLite file: results found there for ``start`` are reused, new ones are stored.
    """
    if db is not None:
        stored = _load(db, the_game, start)
        if stored is not None:
            return stored
    index: dict[Hashable, int] = {}
    positions: list[Any] = []
    offsets = [0]
    children: list[int] = []
    primitive: list[int] = []
    scores: dict[int, float] = {}
    canonical = the_game.canonical
    identity = type(the_game).canonical is Game.canonical
    root = canonical(start)
    index[root] = 0
    positions.append(root)
    i = 0
    while i < len(positions):
        here = positions[i]
        result = the_game.primitive(here)
        if result is not None:
            if isinstance(result, (int, float)) and not isinstance(result, bool):
                scores[i] = result
                primitive.append(SCORED)
            elif result in CODES:
                primitive.append(CODES[result])
            else:
                raise GrundyError(f"primitive() must return 'win', 'lose', 'tie', a score or None, not {result!r}")
        else:
            primitive.append(0)
            for move in the_game.moves(here):
                key = move if identity else canonical(move)
                j = index.get(key)
                if j is None:
                    j = index[key] = len(positions)
                    positions.append(key)
                children.append(j)
        offsets.append(len(children))
        i += 1
        if len(positions) > max_states:
            raise LimitError(f"stopped after {len(positions):,} states (the limit is {max_states:,}; "
                             "raise it with --max-states)")
        if progress is not None and i % 65536 == 0:
            progress(i)
    if scores:
        solution = _solve_scores(the_game, start, index, offsets, children, primitive, scores)
    else:
        from grundy.kernels.retrograde import retrograde

        values, remoteness = retrograde(np.array(offsets, np.int64), np.array(children, np.int64),
                                        np.array(primitive, np.int8))
        solution = GameSolution(the_game, start, index, values, remoteness)
    if db is not None:
        _store(db, solution)
    return solution


def _solve_scores(the_game: Game, start: Any, index: dict, offsets: list[int], children: list[int],
                  primitive: list[int], scores: dict[int, float]) -> GameSolution:
    """Negamax scores (see :func:`grundy.kernels.retrograde.score_retrograde`); score games must end."""
    from grundy.kernels.retrograde import score_retrograde

    if any(code not in (0, SCORED) for code in primitive):
        raise GrundyError("a game's primitive() returns either results ('win', ...) or scores, not both")
    ends = [i for i in range(len(primitive)) if offsets[i] == offsets[i + 1] and primitive[i] == 0]
    if ends:
        raise GrundyError("in a score game every position without moves needs a score from primitive()")
    terminal = np.array([code == SCORED for code in primitive])
    score = np.zeros(len(primitive))
    for i, v in scores.items():
        score[i] = v
    values, remoteness, settled = score_retrograde(np.array(offsets, np.int64), np.array(children, np.int64),
                                                   terminal, score)
    if not settled.all():
        raise GrundyError("a score game must always end, but this one can repeat a position")
    return GameSolution(the_game, start, index, values, remoteness, scored=True)


def _key(position: Any) -> str:
    return repr(position)


def _load(db: str | Path, the_game: Game, start: Any) -> GameSolution | None:
    try:
        with sqlite3.connect(db) as connection:
            connection.execute("CREATE TABLE IF NOT EXISTS solved (root TEXT, position TEXT, value INTEGER, "
                               "remoteness INTEGER, PRIMARY KEY (root, position))")
            rows = connection.execute("SELECT position, value, remoteness FROM solved WHERE root = ?",
                                      (_key(the_game.canonical(start)),)).fetchall()
    except sqlite3.Error as exc:
        raise GrundyError(f"cannot use the database {str(db)!r}: {exc}") from None
    if not rows:
        return None
    from ast import literal_eval

    index = {literal_eval(p): i for i, (p, _, _) in enumerate(rows)}
    values = np.array([v for _, v, _ in rows], np.int8)
    remoteness = np.array([r for _, _, r in rows], np.int64)
    return GameSolution(the_game, start, index, values, remoteness)


def _store(db: str | Path, solution: GameSolution) -> None:
    root = _key(solution.game.canonical(solution.start))
    rows = ((root, _key(p), int(solution.values[i]), int(solution.remoteness_of[i])) for p, i in solution.index.items())
    try:
        with sqlite3.connect(db) as connection:
            connection.execute("CREATE TABLE IF NOT EXISTS solved (root TEXT, position TEXT, value INTEGER, "
                               "remoteness INTEGER, PRIMARY KEY (root, position))")
            connection.executemany("INSERT OR REPLACE INTO solved VALUES (?, ?, ?, ?)", rows)
    except sqlite3.Error as exc:
        raise GrundyError(f"cannot write the database {str(db)!r}: {exc}") from None


class ImpartialGame(Game):
    """A sum of components of an impartial ruleset as a general game (normal or misère play).

    A position is the sorted tuple of its components.
    """

    def __init__(self, rules: Any, misere: bool = False) -> None:
        self.rules, self.misere = rules, misere
        self.name = rules.spec + (" (misère)" if misere else "")

    def canonical(self, position: Any) -> tuple:
        return self.rules.position_key(position)

    def moves(self, position: tuple) -> list[tuple]:
        from grundy.core.search import position_moves

        return [left for _, _, left in position_moves(self.rules, position)]

    def primitive(self, position: tuple) -> str | None:
        if self.misere and next(iter(self.moves(position)), None) is None:
            return "win"  # the opponent made the last move, and loses
        return None

    def describe(self, position: tuple) -> str:
        return "  ".join(self.rules.format_component(c) for c in position) or "(nothing left)"
