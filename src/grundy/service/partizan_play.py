"""A partizan game being played against the perfect opponent (Domineering, Toads and Frogs, Clobber,
Cutcake, ...): the session, and its turns and moves as plain data, for the command line and the web.

The human plays one side, Left or Right, and either player may move first; the computer plays the
other side from the values (:class:`~grundy.partizan.game.PartizanSession`: a move that leaves its
opponent lost when there is one). Whoever cannot move loses (normal play).

>>> session = session_for("domineering", ["..|.."], side="left", first="human", seed=1)
>>> turn_data(session, "left", True, None)["to_move_side"], session.value()
('Left', 'win')
>>> session.play_text("1 .|."), end_words(session, False)   # Left's upright domino leaves a column
('1 .|.', 'Right has no move: Left wins (you win)')
"""

from __future__ import annotations

from typing import Any

from grundy.core.errors import GrundyError
from grundy.core.limits import shorten
from grundy.partizan.ruleset import PartizanRuleset
from grundy.service.resolve import require

SIDES = ("left", "right")


def is_partizan(spec: Any) -> bool:
    """Whether SPEC names a partizan ruleset (unknown specs raise the resolver's error)."""
    return isinstance(require(spec, "play"), PartizanRuleset)


def session_for(spec: Any, tokens: list[str], side: str = "left", first: str = "human",
                seed: int | None = None) -> Any:
    """A :class:`~grundy.partizan.game.PartizanSession` on SPEC's components ``tokens`` (as the
    command line types them), the human playing ``side`` and ``first`` (``human`` or ``computer``)
    moving first."""
    from grundy.partizan.game import PartizanGame, PartizanSession

    rules = require(spec, "play")
    if not isinstance(rules, PartizanRuleset):
        raise GrundyError(f"{rules.spec} is not a partizan game: both players have the same moves, so neither "
                          "plays Left or Right")
    if side not in SIDES:
        raise GrundyError(f"side is 'left' or 'right' (the player you are), not {shorten(str(side))!r}")
    if first not in ("human", "computer"):
        raise GrundyError(f"first is 'human' or 'computer', not {shorten(str(first))!r}")
    game = PartizanGame(rules)
    if not tokens:
        raise GrundyError(f"no position given: write {rules.name}'s components, e.g. {rules.example}")
    left_to_move = (side == "left") == (first == "human")
    return PartizanSession(game, game.position(list(tokens), left_to_move), seed=seed)


def side_to_move(session: Any) -> str:
    """``Left`` or ``Right``: who is to move."""
    return "Left" if session.position[1] else "Right"


def board_data(session: Any, position: Any = None) -> list[dict[str, Any]]:
    """Each component of a position as it is typed (``text``), and a board of rows also as its
    ``rows`` (a grid, to draw as one)."""
    rules = session.game.partizan
    components = (session.position if position is None else position)[0]
    shown = []
    for component in components:
        entry: dict[str, Any] = {"text": rules.format_component(component)}
        if isinstance(component, tuple) and component and all(isinstance(r, str) for r in component):
            entry["rows"] = list(component)
        shown.append(entry)
    return shown


def end_words(session: Any, human_to_move: bool) -> str:
    """At the end: who has no move, who wins, and what that means for the human, e.g.
    'Left has no move: Right wins (you lose)'."""
    loser = side_to_move(session)
    winner = "Right" if loser == "Left" else "Left"
    return f"{loser} has no move: {winner} wins ({'you lose' if human_to_move else 'you win'})"


def turn_data(session: Any, human_side: str, human_to_move: bool, played: dict[str, str] | None) -> dict[str, Any]:
    """One turn as the web shows it: the move that led to it, the position (and its components, a
    grid's rows apart), who is to move (``human``/``computer`` and ``Left``/``Right``), the result
    for that player (``win``/``lose``), the position's value, and at the end the winner and why."""
    worth = session.solution.worth(session.position)
    data: dict[str, Any] = {"turn": len(session.history) - 1, "played": played, "position": session.describe(),
                            "board": board_data(session), "side": human_side,
                            "to_move": "human" if human_to_move else "computer",
                            "to_move_side": side_to_move(session), "value": session.value(),
                            "game_value": str(worth), "over": session.over}
    if session.over:
        data["winner"] = "computer" if human_to_move else "human"
        data["end"] = end_words(session, human_to_move)
    return data


def move_list(session: Any) -> list[dict[str, Any]]:
    """Every legal move of the player to move, numbered as ``#k`` plays it, with what it leaves,
    its result for that player (``win``/``lose``), why, and whether it is best."""
    return [{"number": h.number, "move": h.label, "after": session.game.describe(session.after(h.move)),
             "result": h.value, "why": h.why, "best": h.best} for h in session.hints()]
