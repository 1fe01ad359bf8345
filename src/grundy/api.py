"""The public functions of the Python API: thin calls into :mod:`grundy.service`, which resolves the
spec and answers as it does for the command line and the web (this module adds the budget guard
and the documentation).

>>> import grundy
>>> grundy.solve("nim", [3, 4, 5]).outcome, grundy.period("subtraction:1,3,4").period
('N', 7)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from grundy.core.errors import GrundyError
from grundy.core.general import GameSolution, GeneralGame
from grundy.core.general import solve_game as solve_general
from grundy.core.memory import guarded
from grundy.core.ruleset import Ruleset
from grundy.core.solve import MAX_LISTED_MOVES, Solution
from grundy.patterns.pattern import Pattern
from grundy.patterns.period import Periodicity
from grundy.service import solving, values
from grundy.service.resolve import ruleset


@guarded
def solve(spec: str | Ruleset | GeneralGame, components: Iterable[Any] | None = None, misere: bool = False,
          max_listed: int = MAX_LISTED_MOVES, compound: str | None = None) -> Solution | GameSolution:
    """Solve a position: who wins, its Grundy value and every winning move with its reason.

    Parameters
    ----------
    spec:
        A spec string (``"nim"``, ``"subtraction:1,3,4"``) or a ruleset object. A spec of a
        general-solver game (``"weird-game:0110,1001"``) names a whole position: it is solved by
        :func:`~grundy.core.general.solve_game` and the answer is a ``GameSolution``.
    components:
        The components of the position (heap sizes, ...); the position is their sum. None for a
        general-solver game. A component of several numbers is a tuple, ``(3, 5)``, or the
        command line's text, ``"3,5"``; one string of them all, ``"3 4 5"``, is read as the
        command line reads its words.
    misere:
        Misère play: the player who makes the last move loses.
    max_listed:
        List at most this many winning moves (``winning_move_count`` still counts them all).
    compound:
        ``"every"`` for Every-SG (each turn a player moves in every component that can move);
        the winning moves are then the moves to make together this turn.

    Returns
    -------
    Solution
        The outcome, the values, the winning moves with their reasons, and an explanation (a
        ``GameSolution``, with value and remoteness, for a general-solver game).

    Raises
    ------
    GrundyError
        A bad spec or component, or a limit of the budget (:mod:`grundy.core.limits`).

    Examples
    --------
    >>> s = solve("nim", [3, 4, 5])
    >>> s.outcome, s.grundy, s.winning_move_count
    ('N', 2, 1)
    >>> print(s.winning_moves[0])
    heap 1: 3 -> 1  (Bouton's theorem: a heap of n tokens is worth n; nim-sum 3 ^ 4 ^ 5 = 2, and 3 ^ 2 = 1 < 3)
    >>> solve("weird-game:0111,1001").value
    'win'
    >>> solve("wythoff", ["3,5", (4, 7)]).outcome, solve("nim", "3 4 5").grundy
    ('P', 2)

    Reference: R. P. Sprague (1935), P. M. Grundy (1939); Winning Ways ch. 2.
    """
    return solving.solve(spec, components, misere, compound, max_listed)


@guarded
def solve_game(game: str | GeneralGame | Ruleset | Callable, start: Any = None, max_states: int | None = None,
               progress: Callable[[int], None] | None = None, db: str | Path | None = None) -> GameSolution:
    """Solve a game whole with the general solver: win, lose, tie or draw, with remoteness, for
    every position reachable from ``start`` (:func:`grundy.core.general.solve_game` documents the
    parameters).

    ``game`` may be a :class:`~grundy.core.general.GeneralGame`, a plain function ``position ->
    positions``, a ruleset (``start`` is then its components), or a spec string; ``start``
    defaults to the position a general game's spec names.

    >>> solve_game(lambda n: [m for m in (n + 1, n + 2) if m <= 10], 0)
    <GameSolution <lambda> from 0: win in 7 moves, 11 states solved>
    >>> solve_game("weird-game:0111,1001").value, solve_game("nim", [1, 2, 3]).value
    ('win', 'lose')
    """
    target = ruleset(game) if isinstance(game, str) else game
    if start is None:
        start = getattr(target, "start", None)
        if start is None:
            raise GrundyError("solve_game needs the start position: grundy.solve_game(game, start)")
    return solve_general(target, start, max_states=max_states, progress=progress, db=db)


@guarded
def period(spec: str | Ruleset | Sequence[int] | np.ndarray, max_n: int | None = None,
           progress: Any = None) -> Periodicity:
    """The least preperiod and period of a heap game's values, proved where a theorem applies
    (:func:`grundy.patterns.period.find_period`, which documents the parameters); ``spec`` may
    also be a spec string.

    >>> period("kayles").period, period([0, 1, 0, 1, 0, 1, 0, 1]).period
    (12, 2)
    """
    return values.period(spec, max_n, progress)


@guarded
def pattern(game: str | Ruleset | Sequence[int] | np.ndarray, max_n: int | None = None,
            progress: Any = None) -> Pattern:
    """The simplest rule that explains a game's values, how far it was checked, and whether a
    theorem proves it (:func:`grundy.patterns.pattern.find_pattern` documents the parameters);
    ``game`` may also be a spec string.

    >>> p = pattern("wythoff")
    >>> p.rule, p.proved, p.is_p((10**40, 10**40 + 1))
    ('P-positions: (⌊k·φ⌋, ⌊k·φ⌋ + k) for k ≥ 0, and the same pairs swapped', True, False)
    >>> pattern([0, 1, 2] * 8).rule
    'G(n) = n mod 3. P-positions: n ≡ 0 (mod 3)'
    """
    return values.pattern(game, max_n, progress)


@guarded
def misere_quotient(spec: str | Ruleset, max_heap: int) -> Any:
    """The misère quotient of a heap game's heaps up to ``max_heap`` (Plambeck–Siegel), proved: a
    :class:`~grundy.quotient.MisereQuotient` with ``order``, ``presentation``, ``p_portion``, ``tame``,
    ``elements`` (heap -> its element), ``complete`` (it covers every heap), and ``.outcome(heaps)``,
    the misère outcome of a sum of heaps (``grundy misere SPEC --max-heap N`` prints it).

    >>> q = misere_quotient("nim", 3)
    >>> q.order, q.tame, q.outcome([1, 1, 1]), q.outcome([2, 2])
    (6, True, 'P', 'P')

    Reference: T. Plambeck and A. N. Siegel, "Misère quotients for impartial games", JCTA 2008.
    """
    from grundy.service.quotient import misere_quotient as quotient

    return quotient(spec, max_heap)
