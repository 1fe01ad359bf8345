"""The value of a position as the theory of short games gives it (``grundy value``, ``grundy
thermograph``): a partizan position's canonical form, and an impartial one's nimber — the canonical
value of an impartial position is *G, G its Grundy value (Winning Ways ch. 2) — with its outcome,
stops, mean, temperature, and the winning moves of the player asked.

>>> position_value("domineering", ["..|.."])["value"]
'+-1'
>>> position_value("nim", ["3", "4", "5"])["value"]
'*2'
>>> position_value(None, [], "{1|-1}")["temperature"]
'1'
"""

from __future__ import annotations

from typing import Any

from grundy.core.errors import GrundyError
from grundy.core.general import GeneralGame
from grundy.core.words import knob
from grundy.partizan.ruleset import PartizanRuleset
from grundy.service.resolve import require


def _value_of(spec: str, tokens: list[str] | tuple[str, ...], question: str) -> tuple[Any, Any, list[Any]]:
    """The game, the value and the components of SPEC's position, for ``question`` (``value`` or
    ``thermograph``), under the caller's work budget."""
    from grundy.cgt import nimber
    from grundy.partizan.values import value

    game = require(spec, question)
    if isinstance(game, PartizanRuleset):
        components = [game.parse_component(token) for token in tokens]
        return game, value(game, components), components
    if isinstance(game, GeneralGame):  # refused by require; kept for the type checker
        raise GrundyError(game.refusal(question) or "")
    from grundy.service.solving import solve

    position = " ".join(tokens)
    grundy = solve(game, position).grundy
    if grundy is None:  # the outcome came from a P-position rule: the value is the definition's
        grundy = 0
        for component in (game.parse_component(token) for token in tokens):
            grundy ^= int(game.grundy(component))
    return game, nimber(grundy), position


def position_value(spec: str | None, tokens: list[str] | tuple[str, ...], expr: str | None = None,
                   player: str | None = None) -> dict[str, Any]:
    """The answer of ``grundy value``: the value of SPEC's position (its components' text), or of a
    value written out (``expr``), as :func:`value_data` gives it, with ``player``'s winning moves
    (``moves``) when one is asked ("left" or "right")."""
    from grundy.cgt import parse
    from grundy.cgt.work import metered

    if expr is not None:
        if spec is not None or tokens:
            raise GrundyError(f"give either a value written out ({knob('expr', bare=True)}) or a SPEC and "
                              "POSITION, not both")
        if player is not None:
            raise GrundyError(f"the winning moves ({knob('for', bare=True)}) are those of a position of a ruleset: "
                              "give SPEC and POSITION")
        with metered():  # one work budget for the whole answer (grundy.cgt.work)
            return value_data(parse(expr))
    if spec is None or not tokens:
        raise GrundyError(f"give a SPEC and a POSITION, e.g. domineering and '..|..' (or a value written out, "
                          f"{knob('expr', bare=True)} '{{1|-1}}'); {knob('list')} shows the rulesets")
    if player not in (None, "left", "right"):
        raise GrundyError(f"the player is left or right, not {player!r}")
    with metered():
        game, found, components = _value_of(spec, tokens, "value")
        data = value_data(found)
        if player is not None:
            data["moves"] = _winning_moves(game, components, player)
    return data


def _winning_moves(game: Any, components: Any, player: str) -> list[dict[str, Any]]:
    """``player``'s winning moves: a partizan ruleset's (each with the value it leaves), or an
    impartial sum's (the same for both players: those to a position of value 0)."""
    if isinstance(game, PartizanRuleset):
        from grundy.partizan.values import winning_moves

        return winning_moves(game, components, player)
    from grundy.service.solving import solve

    return [{"move": str(move), "value": "0"} for move in solve(game, components).winning_moves]


def position_thermograph(spec: str, tokens: list[str] | tuple[str, ...]) -> tuple[Any, dict[str, Any]]:
    """The value of SPEC's position (its components' text) and :func:`thermograph_data` of it, under
    one work budget (``grundy thermograph``)."""
    from grundy.cgt.work import metered

    with metered():
        _, found, _ = _value_of(spec, tokens, "thermograph")
        return found, thermograph_data(found)


def thermograph_data(found: Any) -> dict[str, Any]:
    """The JSON of a value's thermograph: the value, its mean and temperature, and each wall as its
    ``[t, value]`` breakpoints from t = 0 (linear between them; above the temperature the mast
    stands at the mean), rationals as strings."""
    graph = found.thermograph

    def wall(points: Any) -> list[list[str]]:
        return [[str(t), str(x)] for t, x in points]

    return {"value": str(found), "mean": str(graph.mean), "temperature": str(graph.temperature),
            "left_wall": wall(graph.left_wall), "right_wall": wall(graph.right_wall)}


def value_data(found: Any) -> dict[str, Any]:
    """The JSON of a value: its string, outcome, stops, mean, temperature (rationals as strings such as
    '3/2'), and the atomic weight where it is defined."""
    data: dict[str, Any] = {"value": str(found), "outcome": found.outcome, "left_stop": str(found.left_stop),
                            "right_stop": str(found.right_stop), "mean": str(found.mean),
                            "temperature": str(found.temperature)}
    try:
        weight = found.atomic_weight
    except GrundyError:
        weight = None
    if weight is not None:
        data["atomic_weight"] = str(weight)
    return data
