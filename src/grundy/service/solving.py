"""Solving a position: who wins, the values and every winning move, for every kind of game a spec
names, as objects (for Python) and as plain data (what ``--json`` prints and the web returns).

>>> solve_data("nim", "3 4 5")["outcome"]
'N'
>>> solve("wythoff", ["3,5", (4, 7)]).outcome
'P'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from grundy.core import limits, words
from grundy.core.errors import GrundyError
from grundy.core.general import GameSolution, GeneralGame
from grundy.core.ruleset import Ruleset, whole_count
from grundy.core.solve import MAX_LISTED_MOVES, Solution
from grundy.service.resolve import require


def refuse_position(game: GeneralGame, components: bool, misere: bool = False, compound: bool = False,
                    question: str = "solve") -> None:
    """Stop with the general game's own words when a position is given with components, misère play
    or a compound (its spec holds the whole position, its rules say who wins)."""
    reason = game.position_refusal(components, misere, compound, question)
    if reason is not None:
        raise GrundyError(reason)


def components_of(game: Ruleset, components: Iterable[Any] | str | None, command: str = "solve") -> list[Any]:
    """The components of a position: a list (heap sizes, tuples, or the command line's text of
    each; an empty list is the empty position), or one string of them all as the command line
    writes it (words split by spaces; at least one)."""
    if components is None or (isinstance(components, str) and not components.split()):
        raise no_components(game, command)
    if isinstance(components, str):
        return [game.parse_component(word) for word in components.split()]
    if not isinstance(components, Iterable):
        raise GrundyError(f"the components of a position are a list, such as grundy.solve({game.spec!r}, "
                          f"[{limits.shorten(repr(components))}]), not {limits.shorten(repr(components))}")
    return list(components)


def no_components(game: Ruleset, command: str) -> GrundyError:
    """The error of a position given no components: what one is, for this game.

    >>> from grundy.service.resolve import ruleset
    >>> str(no_components(ruleset("nim"), "play"))
    "no components given: e.g. grundy.solve('nim', [3, 4, 5]), each a heap size (a non-negative integer)"
    """
    if not words.on_command_line():
        return GrundyError(f"no components given: e.g. grundy.solve({game.spec!r}, [3, 4, 5]), each "
                           f"{game.component_kind}")
    return GrundyError(f"no components given: 'grundy {command} {game.spec} COMPONENT...', each {game.component_kind}")


def solve(spec: Any, components: Iterable[Any] | str | None = None, misere: bool = False,
          compound: str | None = None, max_listed: int = MAX_LISTED_MOVES) -> Solution | GameSolution:
    """Who wins the position: a sum of ``components`` of an impartial ruleset (a :class:`Solution`),
    or the whole position a general game's spec names (a :class:`GameSolution`)."""
    from grundy.core.general import default_max_states, solve_game
    from grundy.core.solve import solve as solve_sum

    game = require(spec, "solve")
    if isinstance(game, GeneralGame):
        given = components.split() if isinstance(components, str) else components
        refuse_position(game, bool(given), misere, compound is not None)
        return solve_game(game, game.start, max_states=default_max_states())
    max_listed = whole_count(max_listed, "grundy.solve(..., max_listed)", "max_listed")
    return solve_sum(game, components_of(game, components), misere, max_listed, compound)


def solve_data(spec: str, position: str = "", misere: bool = False, compound: str | None = None,
               max_listed: int | None = None) -> dict[str, Any]:
    """``grundy solve SPEC POSITION --json``: the outcome, the values and the winning moves (for a
    game of the general solver, whose spec is the whole position: value, remoteness and every move)."""
    listed = MAX_LISTED_MOVES if max_listed is None else max_listed
    game = require(spec, "solve")
    found = solve(game, position, misere, compound, listed)
    if isinstance(found, GameSolution):
        return general_data(game, game.start, found)
    return found.to_dict()


def general_data(game: Any, start: Any, solution: Any) -> dict[str, Any]:
    """A general-solver answer: value, remoteness and states, the best moves and every move's value."""
    data = solution.to_dict()
    data["best_moves"] = [game.describe(m) for m in solution.best_moves(start)]
    data["moves"] = [{"move": game.describe(m), "value": v, "remoteness": r}
                     for m, v, r in solution.move_values(start)]
    return data


