"""``grundy value``: the combinatorial-game value of a partizan position (its canonical form, outcome,
stops, mean and temperature), or of a value written out (``--expr``); ``grundy thermograph``."""

from __future__ import annotations

from typing import Any

import click
from rich.markup import escape

from grundy.cli.common import FreeComponents, budget_options, emit_json, json_option, under_budget
from grundy.cli.render import console
from grundy.core.errors import GrundyError
from grundy.core.limits import shorten
from grundy.service import partizan

SHOWN_MOVES = 50  # winning moves printed; --json gives every one
TITLE_VALUE = 60  # characters of a value shown over its thermograph
OUTCOMES = {"L": "L: Left wins, whoever starts", "R": "R: Right wins, whoever starts",
            "N": "N: the player to move wins", "P": "P: the player to move loses (the previous player wins)",
            "D": "D: a draw with perfect play, whoever starts",
            "NHat": "NHat: Left wins moving first; a draw when Right starts",
            "NCheck": "NCheck: a draw when Left starts; Right wins moving first",
            "PHat": "PHat: a draw when Left starts; Left wins when Right starts",
            "PCheck": "PCheck: Right wins when Left starts; a draw when Right starts"}


@click.command(name="value", cls=FreeComponents)
@click.argument("words", nargs=-1, metavar="SPEC POSITION...")
@click.option("--expr", metavar="TEXT", help="A value written out or a CGSuite expression, e.g. '{1|-1} + ^*', "
              "'{3|1}.Heat(1)', '*2 NimProduct *3', '^ > 0' (no SPEC then).")
@click.option("--for", "player", type=click.Choice(["left", "right"]),
              help="Also list this player's winning moves (moving first), each with the value it leaves.")
@click.option("--misere", is_flag=True, help="The misère canonical form of an impartial position (CGSuite's "
              "MisereCanonicalForm), with its misère outcome and genus.")
@budget_options
@json_option
def value_command(words: tuple[str, ...], expr: str | None, player: str | None, max_states: int | None,
                  max_memory: int | None, as_json: bool, misere: bool = False) -> None:
    """The value of a partizan position: canonical form, outcome, left and right stops, mean and
    temperature (Left is the positive player).

    \b
    Examples:
      grundy value domineering '..|..'          +-1
      grundy value toads-and-frogs 'TT..FF'
      grundy value cutcake 2,3 1,4 --for left
      grundy value --misere kayles 5 7          *[...] with genus, misère play
      grundy value --expr '{1|-1} + ^*'
      grundy value --expr '{3||2*|1*}.Cool(1/2).Freeze'
      grundy value --expr '^.PowTo(2) > ^.Pow(2)'      true

    \b
    --expr reads CGSuite's syntax: methods G.Cool(t), G.Heat(t), G.Overheat(s,t),
    G.Freeze, G.NortonProduct(U), G.ConwayProduct(H), G.OrdinalSum(H) or G : H,
    G.Pow(n), G.PowTo(n), properties G.Birthday, G.AtomicWeight, G.Incentives,
    G.ReducedCanonicalForm, G.Companion, ...; a NimProduct b; comparisons
    ==, !=, <, <=, >, >=, <> or || (confused), <|, |> (true or false).
    --json gives "expr" and "result" (true/false, a whole number, a list of
    texts, or text), and for a game result the keys of a value; the value of
    a position or game adds reduced_canonical_form, birthday, incentives,
    companion and followers ({"count", "values": listed up to 50, else null});
    one past the work budget is null and named under "not_computed".
    """
    if misere:
        _misere_value(words, expr, player, max_states, max_memory, as_json)
        return
    with under_budget(max_states, max_memory):
        data = partizan.position_value(words[0] if words else None, words[1:], expr, player, extras=as_json)
    if as_json:
        emit_json(data)
        return
    if "value" not in data:  # an expression's answer that is not a game: true/false, a number, a list
        result = data["result"]
        click.echo(("true" if result else "false") if isinstance(result, bool) else
                   "[" + ",".join(result) + "]" if isinstance(result, list) else str(result))
        return
    console.print(f"value: [bold]{escape(data['value'])}[/]")  # loopy values hold brackets: ^[on]
    console.print(OUTCOMES[data["outcome"]])
    heat = f", mean {data['mean']}, temperature {data['temperature']}" if data.get("mean") is not None else ""
    if data["left_stop"] is not None:
        console.print(escape(f"left stop {data['left_stop']}, right stop {data['right_stop']}{heat}"))
    if "theory" in data:
        console.print(data["theory"])
    if "atomic_weight" in data:
        console.print(f"atomic weight {data['atomic_weight']}")
    moves = data.get("moves")
    if moves is not None:
        console.print(f"winning moves for {player} moving first ({len(moves)}):")
        for move in moves[:SHOWN_MOVES]:
            console.print(f"  {move['move']}   leaves {move['value']}")
        if len(moves) > SHOWN_MOVES:
            console.print(f"  ... and {len(moves) - SHOWN_MOVES:,} more (--json lists them all)")


@click.command(name="thermograph")
@click.argument("spec", required=False)
@click.argument("tokens", nargs=-1, metavar="POSITION...")
@click.option("--expr", metavar="TEXT", help="The thermograph of a value written out, e.g. '{3|1}' or "
              "'{2|-1} + *' (no SPEC then).")
@click.option("--png", metavar="FILE", help="Also draw the thermograph to FILE (PNG).")
@budget_options
@json_option
def thermograph_command(spec: str | None, tokens: tuple[str, ...], png: str | None, max_states: int | None,
                        max_memory: int | None, as_json: bool, expr: str | None = None) -> None:
    """The thermograph of a partizan position: its left and right walls against the temperature t
    (breakpoints, linear between them) up to the mast at the mean; --png draws it.

    \b
    Examples:
      grundy thermograph domineering '...|...'
      grundy thermograph domineering '...|...' --png domineering.png
      grundy thermograph cutcake 3,4 --json
      grundy thermograph --expr '{3|1}' --png hot.png
    """
    from grundy.core.pngs import writable

    _thermograph_words(spec, tokens, expr)
    if png is not None:
        writable(png)  # a file that cannot be written is refused before the work
    with under_budget(max_states, max_memory):
        if expr is not None:
            found, data = _expression_thermograph(expr)
        else:
            found, data = partizan.position_thermograph(spec, tokens)
        if png is not None:
            found.thermograph.plot(png, title=_picture_title(expr or " ".join((spec or "", *tokens)), found))
            data["png"] = png
    if as_json:
        emit_json(data)
        return
    console.print(f"value {data['value']}: mean {data['mean']}, temperature {data['temperature']}")
    for side in ("left", "right"):
        points = ", ".join(f"({t}, {x})" for t, x in data[f"{side}_wall"])
        console.print(f"{side} wall (t, value): {points}")
    console.print(f"mast: value {data['mean']} for t >= {max(found.thermograph.temperature, 0)}")
    if png is not None:
        console.print(f"drawn: {png}", markup=False, soft_wrap=True)  # a path whole, for scripts


def _thermograph_words(spec: str | None, tokens: tuple[str, ...], expr: str | None) -> None:
    """A SPEC and a POSITION, or --expr alone: anything else is one clear error."""
    if expr is not None and spec is not None:
        raise GrundyError("give a SPEC and a POSITION, or --expr TEXT, not both")
    if expr is None and spec is None:
        raise GrundyError("give a SPEC and a POSITION (e.g. grundy thermograph domineering '...|...') or --expr TEXT "
                          "(e.g. --expr '{3|1}')")
    if expr is None and not tokens:
        raise GrundyError(f"give a POSITION: e.g. grundy thermograph {spec} ... (--png FILE to draw it)")


def _picture_title(asked: str, found: Any) -> str:
    """The title over a thermograph: what was asked for, and its value where that reads differently."""
    value = shorten(str(found), TITLE_VALUE)
    asked = shorten(asked, TITLE_VALUE)
    return f"thermograph of {asked}" + ("" if asked == value else f" = {value}")


def _expression_thermograph(expr: str) -> tuple[Any, dict[str, Any]]:
    """The value an expression stands for and its thermograph's JSON, under one work budget."""
    from grundy.cgt import CanonicalGame
    from grundy.cgt.expression import evaluate
    from grundy.cgt.loopy.parse import is_loopy
    from grundy.core.work import metered

    with metered():
        found = evaluate(expr)
        if not isinstance(found, CanonicalGame):
            kind = "a loopy game" if is_loopy(found) else "not a game"
            raise GrundyError(f"--expr {shorten(expr, TITLE_VALUE)!r} gives {shorten(str(found), TITLE_VALUE)} "
                              f"({kind}): a thermograph is drawn for short games only")
        return found, partizan.thermograph_data(found)


def _misere_value(words: tuple[str, ...], expr: str | None, player: str | None, max_states: int | None,
                  max_memory: int | None, as_json: bool) -> None:
    """``grundy value --misere SPEC POSITION...``: the misère canonical form of an impartial position."""
    from grundy.service.misere import position_misere

    if expr is not None or player is not None:
        raise GrundyError("--misere takes a SPEC and a POSITION of an impartial ruleset (not --expr or --for)")
    if not words:
        raise GrundyError("give a SPEC and a POSITION, e.g. 'grundy value --misere kayles 5 7'")
    with under_budget(max_states, max_memory):
        data = position_misere(words[0], words[1:])
    if as_json:
        emit_json(data)
        return
    click.echo(f"misère canonical form: {data['value']}")
    click.echo(f"misère play: {OUTCOMES[data['outcome']]}")
    click.echo(f"genus {data['genus']} (normal-play Grundy value {data['grundy']}, misère Grundy value "
               f"{data['misere_grundy']}), birthday {data['birthday']}")
