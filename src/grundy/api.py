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

from grundy.core import limits
from grundy.core.errors import GrundyError
from grundy.core.general import GameSolution, GeneralGame
from grundy.core.general import solve_game as solve_general
from grundy.core.memory import guarded
from grundy.core.nimber import nim_sum as add_nimbers
from grundy.core.ruleset import Ruleset, is_natural
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
        A spec string (``"nim"``, ``"subtraction:1,3,4"``; ``grundy.catalogue()`` lists them), a
        ruleset (``grundy.ruleset(spec)``, or a function made a game by ``@grundy.impartial``). A
        spec of a general-solver game (``"weird-game:0110,1001"``) names a whole position: it is
        solved as ``grundy.solve_game`` solves it and the answer is a ``GameSolution``.
    components:
        The components of the position (heap sizes, ...); the position is their sum. None for a
        general-solver game. A component of several numbers is a tuple, ``(3, 5)``, or the
        command line's text, ``"3,5"``; one string of them all, ``"3 4 5"`` or ``"10**18 1e18"``,
        is read as the command line reads its words.
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
        A bad spec or component; or a limit of the budget (a ``LimitError``, a kind of
        ``grundy.GrundyError``, whose message says which limit and how to raise it).

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
    every position reachable from ``start``.

    Parameters
    ----------
    game:
        A plain function ``position -> positions one move reaches`` (loops and draws are
        allowed), a game made with ``@grundy.game`` (which adds ``primitive=`` for positions
        that end the game with a result), a ruleset or a spec string (``"weird-game:0111,1001"``).
    start:
        The starting position; for a ruleset its components, ``[1, 2, 3]``. Default: the
        position a general game's spec names.
    max_states:
        Stop with a ``LimitError`` once more positions than this are found (default: the
        budget's ``max_states``).
    progress:
        Called with the number of positions found so far, now and then.
    db:
        An SQLite file: results found there for ``start`` are reused, new ones stored.

    Returns
    -------
    GameSolution
        ``value`` (``"win"``, ``"lose"``, ``"tie"``, ``"draw"``) and ``remoteness`` of the start
        for the player to move, ``value_of(p)`` for every position reached, ``best_moves(p)``.

    Examples
    --------
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
    """The least preperiod and period of a heap game's values, proved where a theorem applies.

    Parameters
    ----------
    spec:
        A spec string (``"kayles"``, ``"subtraction:1,3,4"``), a ruleset whose positions are heap
        sizes, or a list of values G(0), G(1), ... (a period of a list is only observed).
    max_n:
        The most values to compute. Default: as many as the theorem needs, or as the budget
        holds; where no theorem applies the search stops at the first period seen (over half
        the values and three whole periods).
    progress:
        Optional callable, given the search's status after each block of values.

    Returns
    -------
    Periodicity
        ``preperiod`` and ``period`` (``period`` is None when none was found), ``saltus`` (the
        rise per period of an arithmetic-periodic game), ``proved`` and ``reason`` (the theorem
        and the values it checked), ``values``.

    Raises
    ------
    GrundyError
        A spec whose positions are not heaps, or a table past the budget.

    Examples
    --------
    >>> period("kayles").period, period([0, 1, 0, 1, 0, 1, 0, 1]).period
    (12, 2)
    """
    return values.period(spec, max_n, progress)


@guarded
def pattern(game: str | Ruleset | Sequence[int] | np.ndarray, max_n: int | None = None,
            progress: Any = None) -> Pattern:
    """The simplest rule that explains a game's values, how far it was checked, and whether a
    theorem proves it.

    Parameters
    ----------
    game:
        A spec string (``"wythoff"``), a ruleset whose positions are heaps or pairs of integers
        (``@grundy.impartial`` or ``@grundy.impartial(arity=2)`` too), or a list of values G(0),
        G(1), ... (a rule of a list is only a conjecture).
    max_n:
        Check the rule against this many values (heaps 0..max_n-1; pairs with a, b < max_n).
        Default: grow the table by doubling until the rule holds over a doubling, within a few
        seconds of work.
    progress:
        Optional callable ``progress(size, max_size)`` called as the table grows.

    Returns
    -------
    Pattern
        ``found``, ``kind``, ``rule``, ``proved``, ``reason``, ``checked_up_to`` and the exact
        predictors ``value(c)`` and ``is_p(c)`` for any component ``c``.

    Raises
    ------
    GrundyError
        A game whose positions are not heaps or pairs, or a table past the budget.

    Examples
    --------
    >>> p = pattern("wythoff")
    >>> p.rule, p.proved, p.is_p((10**40, 10**40 + 1))
    ('P-positions: (⌊k·φ⌋, ⌊k·φ⌋ + k) for k ≥ 0, and the same pairs swapped', True, False)
    >>> pattern([0, 1, 2] * 8).rule
    'G(n) = n mod 3. P-positions: n ≡ 0 (mod 3)'
    """
    return values.pattern(game, max_n, progress)


@guarded
def misere_quotient(spec: str | Ruleset, max_heap: int) -> Any:
    """The misère quotient of a heap game's heaps up to ``max_heap`` (Plambeck–Siegel), proved
    (``grundy misere SPEC --max-heap N`` prints it).

    Parameters
    ----------
    spec:
        A spec string of a heap game (``"nim"``, ``"octal:0.07"``) or a ruleset whose positions
        are heap sizes.
    max_heap:
        The largest heap the quotient covers.

    Returns
    -------
    MisereQuotient
        ``order``, ``presentation``, ``p_portion``, ``tame``, ``elements`` (heap -> its element),
        ``complete`` (it covers every heap), and ``outcome(heaps)``, the misère outcome of a sum
        of heaps.

    Examples
    --------
    >>> q = misere_quotient("nim", 3)
    >>> q.order, q.tame, q.outcome([1, 1, 1]), q.outcome([2, 2])
    (6, True, 'P', 'P')

    Reference: T. Plambeck and A. N. Siegel, "Misère quotients for impartial games", JCTA 2008.
    """
    from grundy.service.quotient import misere_quotient as quotient

    return quotient(spec, max_heap)


def nim_sum(*values: int | Iterable[int]) -> int:
    """Nim-addition: the bitwise exclusive or of non-negative integers, the Grundy value of a sum
    of games whose values they are.

    Parameters
    ----------
    values:
        The Grundy values of the components, given one by one, ``nim_sum(3, 4, 5)``, or as one
        list (or any iterable), ``nim_sum([3, 4, 5])``; none at all gives 0.

    Returns
    -------
    int
        The Grundy value of the sum: 0 exactly when the player to move loses.

    Raises
    ------
    GrundyError
        A value that is not a non-negative integer.

    Examples
    --------
    >>> nim_sum(3, 4, 5), nim_sum([3, 4, 5]), nim_sum(1, 2, 3), nim_sum()
    (2, 2, 0, 0)

    Reference: C. L. Bouton, *Nim, a game with a complete mathematical theory*, Annals of Math. 3 (1901).
    """
    given = values[0] if len(values) == 1 and _is_many(values[0]) else values
    numbers = list(given)
    for value in numbers:
        if not is_natural(value):
            raise GrundyError(f"grundy.nim_sum adds non-negative integers, as nim_sum(3, 4, 5) or nim_sum([3, 4, 5]); "
                              f"got {limits.shorten(repr(value))}")
    return add_nimbers(*(int(v) for v in numbers))


def _is_many(value: Any) -> bool:
    """Whether ``value`` is a collection of values (a list, a tuple, an array, a generator), not one value."""
    return isinstance(value, Iterable) and not isinstance(value, (str, bytes))
