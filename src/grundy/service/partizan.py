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
    solution = solve(game, position)
    grundy = solution.grundy
    if solution.loopy_values is not None and grundy is None:  # an ∞ part: Smith's value, not a nimber
        from grundy.core.loopy import LoopyValue, loopy_sum

        return game, loopy_sum(LoopyValue.parse(v) for v in solution.loopy_values), position
    if grundy is None:  # the outcome came from a P-position rule: the value is the definition's
        grundy = 0
        for component in (game.parse_component(token) for token in tokens):
            grundy ^= int(game.grundy(component))
    return game, nimber(grundy), position


def position_value(spec: str | None, tokens: list[str] | tuple[str, ...], expr: str | None = None,
                   player: str | None = None, extras: bool = True) -> dict[str, Any]:
    """The answer of ``grundy value``: the value of SPEC's position (its components' text), or of an
    expression (``expr``, :func:`expression_data`), as :func:`value_data` gives it (with the
    :data:`EXTRAS` unless ``extras`` is false), with ``player``'s winning moves (``moves``) when one
    is asked ("left" or "right")."""
    from grundy.core.work import metered

    if expr is not None:
        if spec is not None or tokens:
            raise GrundyError(f"give either a value written out ({knob('expr', bare=True)}) or a SPEC and "
                              "POSITION, not both")
        if player is not None:
            raise GrundyError(f"the winning moves ({knob('for', bare=True)}) are those of a position of a ruleset: "
                              "give SPEC and POSITION")
        with metered():  # one work budget for the whole answer (grundy.core.work)
            return expression_data(expr, extras)
    if spec is None or not tokens:
        raise GrundyError(f"give a SPEC and a POSITION, e.g. domineering and '..|..' (or a value written out, "
                          f"{knob('expr', bare=True)} '{{1|-1}}'); {knob('list')} shows the rulesets")
    if player not in (None, "left", "right"):
        raise GrundyError(f"the player is left or right, not {player!r}")
    with metered():
        game, found, components = _value_of(spec, tokens, "value")
        data = value_data(found, extras) if not _smith(found) else {
            "value": str(found), "outcome": found.outcome, "left_stop": None, "right_stop": None, "mean": None,
            "temperature": None, "theory": "Smith's values of games that can cycle: ∞K is ∞ with K the finite "
                                          "values of its options"}
        if player is not None:
            data["moves"] = _winning_moves(game, components, player)
    return data


def _smith(found: Any) -> bool:
    """Whether ``found`` is Smith's value of an impartial position that can cycle (∞ or ∞K)."""
    from grundy.core.loopy import LoopyValue

    return isinstance(found, LoopyValue)


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
    from grundy.cgt.loopy.parse import is_loopy
    from grundy.core.work import metered

    with metered():
        _, found, _ = _value_of(spec, tokens, "thermograph")
        if is_loopy(found) or _smith(found):
            raise GrundyError(f"the position's value {found} is loopy: a thermograph is drawn for short games only")
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


def expression_data(expr: str, extras: bool = True) -> dict[str, Any]:
    """The answer to a CGSuite expression (:func:`grundy.cgt.evaluate`): ``expr``, its ``result`` as
    JSON (true/false, a whole number such as a birthday, a list of values as texts, else text such as
    '{1|-1}' or '3/2'), and when the result is a game, :func:`value_data` of it.

    >>> expression_data("^ > 0"), expression_data("^.Birthday")["result"], expression_data("^+^")["value"]
    ({'expr': '^ > 0', 'result': True}, 2, '^^')
    """
    from grundy.cgt import CanonicalGame
    from grundy.cgt.expression import evaluate, result_json
    from grundy.cgt.loopy.parse import is_loopy

    found = evaluate(expr)
    data = {"expr": expr, "result": result_json(found)}
    if isinstance(found, CanonicalGame) or is_loopy(found):
        data.update(value_data(found, extras))
    return data


EXTRAS = ("reduced_canonical_form", "birthday", "incentives", "companion", "followers")
SHOWN_FOLLOWERS = 50  # the followers are listed when there are at most this many (else their count only)


def value_data(found: Any, extras: bool = True) -> dict[str, Any]:
    """The JSON of a value: its string, outcome, stops, mean, temperature (rationals as strings such as
    '3/2'), and the atomic weight where it is defined; with ``extras``, the :data:`EXTRAS` of
    :func:`extras_data` too. A loopy value (grundy.cgt.loopy) gives its own keys (onside, offside,
    degree (with ``extras``), is_stopper; its stops may be on or off), with mean and temperature null
    and no extras."""
    from grundy.cgt.loopy.parse import is_loopy

    if is_loopy(found):
        return {**found.to_json(with_degree=extras), "mean": None, "temperature": None}
    data: dict[str, Any] = {"value": str(found), "outcome": found.outcome, "left_stop": str(found.left_stop),
                            "right_stop": str(found.right_stop), "mean": str(found.mean),
                            "temperature": str(found.temperature)}
    try:
        weight = found.atomic_weight
    except GrundyError:
        weight = None
    if weight is not None:
        data["atomic_weight"] = str(weight)
    if extras:
        data.update(extras_data(found))
    return data


def extras_data(found: Any) -> dict[str, Any]:
    """CGSuite's further properties of a value: ``reduced_canonical_form`` (text), ``birthday``,
    ``incentives`` (texts, as CGSuite lists them), ``companion`` (text), ``followers`` ({"count": the
    distinct followers of the canonical form, the value included; "values": their texts when there are at most
    :data:`SHOWN_FOLLOWERS`, else null}). Each is worked out under the question's work budget; one
    past it is null, and ``not_computed`` names it with the limit's message (the value itself stands).

    >>> from grundy.cgt import parse
    >>> extras_data(parse("^*"))
    {'reduced_canonical_form': '0', 'birthday': 2, 'incentives': ['^*'], 'companion': '^', \
'followers': {'count': 3, 'values': ['0', '*', '^*']}}
    """
    from grundy.cgt import companion, incentives, reduced_canonical_form
    from grundy.core.errors import LimitError

    work = {"reduced_canonical_form": lambda: str(reduced_canonical_form(found)),
            "birthday": lambda: found.birthday, "incentives": lambda: [str(h) for h in incentives(found)],
            "companion": lambda: str(companion(found)), "followers": lambda: _followers(found)}
    data: dict[str, Any] = {}
    missed: dict[str, str] = {}
    for key in EXTRAS:
        try:
            data[key] = work[key]()
        except LimitError as exc:
            data[key] = None
            missed[key] = str(exc)
    if missed:
        data["not_computed"] = missed
    return data


def _followers(found: Any) -> dict[str, Any]:
    """The count of the followers of a canonical form (the value included), and their texts (numbers,
    nimbers, then by birthday) when they are few."""
    from grundy.cgt import size

    count = size(found)
    if count > SHOWN_FOLLOWERS:
        return {"count": count, "values": None}
    order = sorted(found.followers(), key=lambda g: (g.number is None, g.nimber is None, g.birthday, str(g)))
    return {"count": count, "values": [str(g) for g in order]}
