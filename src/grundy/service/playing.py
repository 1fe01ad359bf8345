"""A game being played: every move of a position with its result and reason, and the turns of a
game against the perfect opponent, as plain data for the command line and the web.

>>> [m["move"] for m in moves_data("nim", "1 2")["moves"] if m["best"]]
['2 1']
"""

from __future__ import annotations

from typing import Any

from grundy.core.general import GeneralGame
from grundy.service.resolve import require
from grundy.service.solving import components_of, refuse_position


def session_for(spec: Any, position: str = "", misere: bool = False, seed: int | None = None) -> Any:
    """A :class:`~grundy.core.play.PlaySession` on SPEC and POSITION: a game of the general solver (or a
    misère sum) solved whole, under the budget; a normal-play sum played from its Grundy values, with
    remoteness where valuing every position is cheap."""
    from grundy.core.general import default_max_states
    from grundy.core.play import PlaySession

    game = require(spec, "play")
    if isinstance(game, GeneralGame):
        refuse_position(game, bool(position.split()), misere, question="play")
        return PlaySession(game, game.start, seed=seed, max_states=default_max_states())
    return PlaySession.for_ruleset(game, components_of(game, position), misere=misere, seed=seed,
                                   max_states=default_max_states())


def position_text(session: Any, position: Any) -> str | None:
    """A position of a sum as the command line writes it (None for a game of the general solver)."""
    if not session.sums:
        return None
    return " ".join(session.game.rules.format_component(c) for c in position)


def move_list(session: Any) -> list[dict[str, Any]]:
    """Every legal move, numbered as ``#k`` plays it, with its result for the player who makes it
    (``win``, ``lose``, ``draw``, ``tie``), the remoteness after it, why, and whether it is best."""
    return [{"number": h.number, "move": h.label, "after": position_text(session, session.after(h.move)),
             "result": h.value, "remoteness": h.remoteness, "why": h.why, "best": h.best}
            for h in session.hints()]


def moves_data(spec: str, position: str = "", misere: bool = False) -> dict[str, Any]:
    """Every move of a position with its result, as the explorer colours them."""
    session = session_for(spec, position, misere)
    return {"position": session.describe(), "value": session.value(),
            "remoteness": session.solution.remoteness_at(session.position), "moves": move_list(session)}


def turn_data(session: Any, human_to_move: bool, played: dict[str, str] | None,
              winner: Any = None) -> dict[str, Any]:
    """One turn of ``play --json``: the move that led to it, the position, who is to move, its value
    and remoteness for that player, and at the end the winner (``human``, ``computer``, None: a tie)."""
    data: dict[str, Any] = {"turn": len(session.history) - 1, "played": played, "position": session.describe(),
                            "to_move": "human" if human_to_move else "computer", "value": session.value(),
                            "remoteness": session.solution.remoteness_at(session.position), "over": session.over}
    if session.over:
        data["winner"] = winner
    return data


def winner(session: Any, human_to_move: bool) -> str | None:
    """At the end of a game: ``human``, ``computer``, or None for a tie."""
    result = session.game.primitive(session.position) or "lose"
    if result == "tie":
        return None
    return "human" if (result == "win") == human_to_move else "computer"




def end_words(session: Any, human_to_move: bool) -> str:
    """At the end of a game, who won and why, in plain words: 'you have no move: you lose', 'the
    computer has no move: you win' (misère: the one with no move wins), or the game's own end."""
    won = winner(session, human_to_move)
    outcome = "a tie" if won is None else "you win" if won == "human" else "you lose"
    result = session.game.primitive(session.position)
    if result is None or (session.sums and getattr(session.game, "misere", False)):  # nobody may move
        return f"{'you have' if human_to_move else 'the computer has'} no move: {outcome}"
    mover = "you" if human_to_move else "the computer"
    return f"the game's rules end it here, with {mover} to move: {outcome}"
