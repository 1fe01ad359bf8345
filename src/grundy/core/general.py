"""The general solver: win / lose / tie / draw with remoteness, for any finite two-player game.

A game is described by its moves and its terminal results, always from the view of the player to
move (so a partizan game keeps whose turn it is inside the position):

- ``moves(position)``: the positions one move can reach;
- ``primitive(position)``: ``"win"``, ``"lose"`` or ``"tie"`` when the game is over there, else
  None (a position with no moves and no primitive result is a loss: normal play);
- ``canonical(position)``: optional, one representative for symmetric positions.

Every position reachable from the start is found (:mod:`grundy.core.game_graph`), then values are
settled backwards from the end (retrograde analysis: :mod:`grundy.core.retrograde`, in plain Python
for a small graph, a numba kernel for a large one): a win takes the shortest
route, a loss the longest, a tie the shortest; a position from which neither side can force an end
is a **draw** — cycles never cause infinite recursion or a wrong "loss". Results can be kept in
SQLite (``db=``, :mod:`grundy.core.game_store`) for later runs and for ``grundy play``.
:class:`~grundy.core.sum_game.ImpartialGame` is a sum of an impartial ruleset's components as such a game (normal or
misère play).

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

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from grundy.core import limits, words
from grundy.core.errors import GrundyError
from grundy.core.game_graph import RESULT_CODES, SCORED, GameGraph, depth_first_value, reachable_graph
from grundy.core.game_store import load_solved, store_solved
from grundy.core.notebook import html_table

RESULTS = ("unknown", "lose", "win", "tie", "draw")
DEFAULT_MAX_STATES = 3_000_000  # positions solved unless the budget says otherwise (~20 s, ~700 MB)
SHOWN_MOVES = 10  # best moves a GameSolution shows in a notebook


def flip(value: str | float) -> str | float:
    """A value for the player to move, seen by the player who just moved."""
    if isinstance(value, str):
        return {"win": "lose", "lose": "win", "tie": "tie", "draw": "draw"}[value]
    return -value


def rank(value: str | float) -> float:
    """Preference order of values: a win, a tie, a draw, a loss; scores by size."""
    return {"win": 3, "tie": 2, "draw": 1, "lose": 0}[value] if isinstance(value, str) else value


class GeneralGame:
    """A finite two-player game; subclass it or make one with :func:`game`."""

    name = "game"
    spec = "game"  # the spec it was made from (the catalogue sets it)
    start: Any = None  # the position a spec names (games made from a spec hold their whole position)
    moves_are_canonical = False  # True: moves() already gives canonical positions (skip canonical())
    rules: Any = None  # the impartial ruleset when the game is a sum of its components (ImpartialGame)

    def moves(self, position: Any) -> Iterable[Any]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"grundy.ruleset({self.spec!r})" if self.spec != "game" else f"<game {self.name}>"

    # -- what a game of the general solver answers (the service asks; every door says the same) --------
    def refusal(self, question: str) -> str | None:
        """Why this game cannot answer ``question`` (``"solve"``, ``"play"``, ``"table"``, ``"period"``,
        ``"pattern"``, ``"value"``, ``"thermograph"``), or None when it can: a game of the general solver
        is solved whole (win, lose, tie or draw, with remoteness); it has no Grundy values and no
        partizan value.

        Examples
        --------
        >>> import grundy
        >>> grundy.ruleset("weird-game:01,10").refusal("period")  # doctest: +ELLIPSIS
        "weird-game is a game of the general solver (no Grundy values): its spec holds the whole position; ..."
        """
        if question in ("solve", "play"):
            return None
        ask = (f"'grundy solve {self.spec}' or 'grundy play {self.spec}'" if words.on_command_line()
               else f"grundy.solve({self.spec!r})")
        return (f"{self.name} is a game of the general solver (no Grundy values): its spec holds the whole "
                f"position; use {ask}")

    def position_refusal(self, components: bool, misere: bool, compound: bool, question: str = "solve") -> str | None:
        """Why a position given with components, misère play or a compound does not apply (a game of the
        general solver holds its whole position in its spec, and its own rules say who wins), or None."""
        if components:
            example = (f"'grundy {question} {self.spec}'" if words.on_command_line()
                       else f"grundy.solve({self.spec!r})")
            return f"{self.name} takes its whole position in the spec: give no components (e.g. {example})"
        if misere or compound:
            return (f"misère play and compounds do not apply to {self.name}: a game of the general solver holds its "
                    "whole position in its spec, and its own rules say who wins")
        return None

    def primitive(self, position: Any) -> str | float | None:
        """``"win"``/``"lose"``/``"tie"`` (or a numeric score) for the player to move when the game is
        over, else None."""
        return None

    def canonical(self, position: Any) -> Any:
        return position

    def describe(self, position: Any) -> str:
        """How a position is shown to people."""
        return str(position)

    def check_size(self, start: Any, limit: int) -> None:
        """Raise :class:`LimitError` when more than ``limit`` positions are surely reachable from
        ``start`` (a quick lower bound, tried before the search; by default nothing is known)."""

    def graph(self, start: Any, limit: int, progress: Callable[[int], None] | None = None) -> GameGraph:
        """Every position reachable from ``start`` with its moves (the general solver's first step),
        found by calling :meth:`moves`, :meth:`primitive` and :meth:`canonical` per position."""
        return reachable_graph(*self.search_functions(), self.canonical(start), limit, progress)

    def search_functions(self) -> tuple[Callable, Callable | None, Callable | None]:
        """``(moves, primitive, canonical)`` as the searches call them: None for a primitive or
        canonical form the game does not have (or, for canonical, one its moves already give)."""
        keyed = _overrides(self, "canonical") is None or self.moves_are_canonical
        return self.moves, _overrides(self, "primitive"), None if keyed else self.canonical


def _overrides(the_game: GeneralGame, name: str) -> Callable | None:
    """The game's method ``name``, or None where it is :class:`GeneralGame`'s default."""
    method = getattr(the_game, name)
    return None if getattr(method, "__func__", None) is getattr(GeneralGame, name) else method


class FunctionGame(GeneralGame):
    """A :class:`GeneralGame` made of plain functions."""

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

    def search_functions(self) -> tuple[Callable, Callable | None, Callable | None]:
        """The user's functions, called directly (not through methods)."""
        return self._moves, self._primitive, self._canonical


def game(moves: Callable | None = None, *, primitive: Callable | None = None, canonical: Callable | None = None,
         name: str | None = None) -> Any:
    """Make a :class:`GeneralGame` from a moves function (usable as ``@game`` or ``@game(primitive=...)``).

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
        return lambda f: FunctionGame(moves_function(f, "grundy.game"), primitive, canonical, name)
    return FunctionGame(moves_function(moves, "grundy.game"), primitive, canonical, name)


def moves_function(given: Any, entry: str) -> Callable:
    """``given`` if it is a function (anything callable), else a GrundyError at once saying what
    ``entry`` (``grundy.game``, ``grundy.impartial``) was given and what it takes.

    Examples
    --------
    >>> moves_function(5, "grundy.game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: grundy.game takes a function position -> positions of its moves, ...; got 5 (an int)
    """
    if callable(given):
        return given
    kind = type(given).__name__
    raise GrundyError(f"{entry} takes a function position -> positions of its moves, used as @{entry} or {entry}(f); "
                      f"got {limits.shorten(repr(given))} ({'an' if kind[0] in 'aeiou' else 'a'} {kind})")


@dataclass(eq=False)
class GameSolution:
    """Values and remoteness of every position reachable from ``start``.

    It prints as a summary (the value and remoteness of the start, the states solved), never as
    the whole table; in a notebook it shows as a small table with the best moves from the start.

    Examples
    --------
    >>> @game
    ... def count_to_ten(n):                 # add 1 or 2; whoever says 10 wins
    ...     return [m for m in (n + 1, n + 2) if m <= 10]
    >>> solve_game(count_to_ten, 0)
    <GameSolution count_to_ten from 0: win in 7 moves, 11 states solved>
    """

    game: GeneralGame
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
            raise GrundyError(f"position {limits.shorten(self.game.describe(position))} is not reachable from "
                              "the solved start")
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

    def _outcome(self) -> str:
        """The start's value and remoteness in words: ``win in 7 moves``, ``draw``, ``score 2.0``."""
        value, moves = self.value, self.remoteness
        if self.scored:
            return f"score {value} in {moves:,} move{'s' * (moves != 1)}"
        return value if value == "draw" else f"{value} in {moves:,} move{'s' * (moves != 1)}"

    def _shown(self, position: Any) -> str:
        """A position as the game describes it, cut short (or its type, where it cannot be written)."""
        try:
            return limits.shorten(self.game.describe(position))
        except Exception:  # noqa: BLE001 - only a summary is at stake (Python writes ints of <= 4300 digits)
            return f"a {type(position).__name__}"

    def __repr__(self) -> str:
        return (f"<GameSolution {self.game.name} from {self._shown(self.start)}: {self._outcome()}, "
                f"{self.states:,} state{'s' * (self.states != 1)} solved>")

    def _repr_html_(self) -> str:
        best = self.best_moves(self.start)
        shown = ", ".join(self._shown(m) for m in best[:SHOWN_MOVES])
        rows = [("game", self.game.name), ("start", self._shown(self.start)),
                ("value (player to move)", self.value), ("remoteness", self.remoteness),
                ("states solved", f"{self.states:,}"),
                ("best moves", (shown + (f" ... ({len(best):,} in all)" if len(best) > SHOWN_MOVES else "")) or "none")]
        return html_table(rows)


def default_max_states() -> int:
    """Positions the general solver may find: ``--max-states`` where it was given, else
    :data:`DEFAULT_MAX_STATES` (a position of a Python-defined game costs microseconds, not the
    nanoseconds of a table value)."""
    return limits.states_for(DEFAULT_MAX_STATES)


def solve_game(the_game: Any, start: Any, max_states: int | None = None,
               progress: Callable[[int], None] | None = None, db: str | Path | None = None) -> GameSolution:
    """Solve every position reachable from ``start``.

    Parameters
    ----------
    the_game:
        A :class:`GeneralGame`; or a plain function ``position -> positions`` one move can reach (made a
        game as :func:`game` makes it); or an impartial ruleset, whose sum of components ``start``
        is then solved whole (normal play; the command line's ``solve --general``).
    start:
        The starting position (for a ruleset: its components, ``[3, 4, 5]``, or one component).
    max_states:
        Stop with :class:`LimitError` as soon as more than this many positions are found
        (default: the budget's ``max_states`` where one was chosen, else
        :data:`DEFAULT_MAX_STATES`). The memory budget is checked as
        positions are found and before the retrograde pass allocates its arrays; one position
        with more than ``max_options`` moves (or moves that never end) stops it too.
    progress:
        Called with the number of positions found so far, every 65,536.
    db:
        An SQLite file: results found there for ``start`` are reused, new ones are stored.

    Returns
    -------
    GameSolution
        The value (``"win"``, ``"lose"``, ``"tie"``, ``"draw"`` or a score) and remoteness of
        every reachable position for the player to move, and the best moves.

    Raises
    ------
    LimitError
        Past the state or memory budget, with the count seen and the option that raises it.

    Examples
    --------
    >>> import grundy
    >>> g = grundy.ruleset("weird-game:0111,1001")
    >>> s = solve_game(g, g.start)
    >>> s.value, s.remoteness
    ('win', 4)
    >>> solve_game(lambda n: [n - k for k in (1, 2) if k <= n], 9).value    # a plain function
    'lose'
    >>> solve_game(grundy.ruleset("nim"), [1, 2, 3])
    <GameSolution nim from 1  2  3: lose in 6 moves, 14 states solved>

    Reference: retrograde analysis as in Gamesman (D. Garcia, *GamesCrafters*); remoteness as in
    Winning Ways ch. 9.
    """
    the_game, start = as_game(the_game, start)
    if db is not None:
        stored = load_solved(db, the_game.canonical(start))
        if stored is not None:
            return GameSolution(the_game, start, *stored)
    limit = default_max_states() if max_states is None else max_states
    the_game.check_size(start, limit)
    graph = the_game.graph(start, limit, progress)
    offsets, children, primitive = graph.offsets, graph.children, graph.primitive
    n, moves = len(graph.index), len(children)
    from grundy.core.retrograde import retrograde, retrograde_bytes

    limits.check_memory(f"the general solver's retrograde pass over {n:,} states and {moves:,} moves",
                        more=retrograde_bytes(n, moves, children.itemsize, scores=bool(graph.scores)))
    if graph.scores:
        solution = _solve_scores(the_game, start, graph.index, offsets, children, primitive, graph.scores)
    else:
        values, remoteness = retrograde(offsets, children, primitive)
        solution = GameSolution(the_game, start, graph.index, values, remoteness)
    if db is not None:
        store_solved(db, the_game.canonical(start), solution.index, solution.values, solution.remoteness_of)
    return solution


@dataclass(eq=False)
class GameDecision:
    """Who wins from ``start`` (``value`` for the player to move: win, lose, tie or draw) and how it
    was found: ``depth_first`` (a search that stopped once the start was decided, remoteness not
    computed) or every reachable position valued (``solution`` then holds them all)."""

    game: GeneralGame
    start: Any
    value: str
    states: int
    depth_first: bool
    solution: GameSolution | None = None

    @property
    def how(self) -> str:
        """How the value was found, in words."""
        if self.depth_first:
            return (f"decided by a depth-first search that stopped once the start was decided "
                    f"({self.states:,} position{'s' * (self.states != 1)})")
        return f"every reachable position valued ({self.states:,} position{'s' * (self.states != 1)})"

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "states": self.states, "decided_by": self.how}

    def __repr__(self) -> str:
        return f"<GameDecision {self.game.name}: {self.value}, {self.how}>"


def decide_game(the_game: Any, start: Any, max_states: int | None = None,
                progress: Callable[[int], None] | None = None) -> GameDecision:
    """Who wins from ``start`` (win/lose/tie/draw), when nothing else is asked (no remoteness, no
    table): a depth-first search with a transposition table (as easyAI's solver) that stops once the
    start is decided. Where it meets a cycle (draws need the whole graph) or a scored game, and for
    games that build their graph in compiled code, every reachable position is valued instead, as
    :func:`solve_game` does; the answer says which was done. Arguments as :func:`solve_game`; both
    stop past ``max_states`` positions and give the same value.

    Examples
    --------
    >>> @game
    ... def count_to_ten(n):                 # add 1 or 2; whoever says 10 wins
    ...     return [m for m in (n + 1, n + 2) if m <= 10]
    >>> decision = decide_game(count_to_ten, 0)
    >>> decision.value, decision.how
    ('win', 'decided by a depth-first search that stopped once the start was decided (11 positions)')
    >>> decide_game(lambda n: [(n + 1) % 3], 0).how       # a cycle: every position is valued
    'every reachable position valued (3 positions)'
    """
    the_game, start = as_game(the_game, start)
    limit = default_max_states() if max_states is None else max_states
    if type(the_game).graph is GeneralGame.graph:  # no compiled graph to prefer
        code, count = depth_first_value(*the_game.search_functions(), the_game.canonical(start), limit, progress)
        if code is not None:
            return GameDecision(the_game, start, RESULT_CODES[code], count, True)
    solution = solve_game(the_game, start, max_states=limit, progress=progress)
    return GameDecision(the_game, start, str(solution.value), solution.states, False, solution)


def as_game(target: Any, start: Any) -> tuple[GeneralGame, Any]:
    """``target`` and ``start`` as the general solver takes them: a :class:`GeneralGame` as it is, a
    function of moves as :func:`game` makes it, a ruleset as the :class:`ImpartialGame` of its sums
    with ``start`` its components: a list, one component alone, or text read as the command line
    reads its words (``"3,5 4,7"``)."""
    from grundy.core.ruleset import Ruleset
    from grundy.core.sum_game import ImpartialGame

    if isinstance(target, GeneralGame):
        return target, start
    if isinstance(target, Ruleset):
        if isinstance(start, str):
            return ImpartialGame(target), tuple(target.parse_component(word) for word in start.split())
        components = list(start) if isinstance(start, (list, tuple)) else [start]
        return ImpartialGame(target), tuple(target.validate(c) for c in components)
    if callable(target):
        return FunctionGame(target), start
    raise GrundyError(f"solve_game takes a game, not {limits.shorten(repr(target))}: a grundy.GeneralGame, a function "
                      "position -> positions one move reaches (@grundy.game), or a ruleset with its components")


def _solve_scores(the_game: GeneralGame, start: Any, index: dict, offsets: np.ndarray, children: np.ndarray,
                  primitive: np.ndarray, scores: dict[int, float]) -> GameSolution:
    """Negamax scores (see :func:`grundy.kernels.retrograde.score_retrograde`); score games must end."""
    from grundy.kernels.retrograde import score_retrograde

    if np.any((primitive != 0) & (primitive != SCORED)):
        raise GrundyError("a game's primitive() returns either results ('win', ...) or scores, not both")
    if np.any((offsets[1:] == offsets[:-1]) & (primitive == 0)):
        raise GrundyError("in a score game every position without moves needs a score from primitive()")
    terminal = primitive == SCORED
    score = np.zeros(len(primitive))
    for i, v in scores.items():
        score[i] = v
    values, remoteness, settled = score_retrograde(offsets, children, terminal, score)
    if not settled.all():
        raise GrundyError("a score game must always end, but this one can repeat a position")
    return GameSolution(the_game, start, index, values, remoteness, scored=True)
