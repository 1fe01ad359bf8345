"""``grundy value``: the combinatorial-game value of a partizan position (its canonical form, outcome,
stops, mean and temperature), or of a value written out (``--expr``); ``grundy thermograph``."""

from __future__ import annotations

import click

from grundy.cli.common import FreeComponents, budget_options, emit_json, json_option, under_budget
from grundy.cli.render import console
from grundy.core.errors import GrundyError
from grundy.service import partizan

SHOWN_MOVES = 50  # winning moves printed; --json gives every one
OUTCOMES = {"L": "L: Left wins, whoever starts", "R": "R: Right wins, whoever starts",
            "N": "N: the player to move wins", "P": "P: the player to move loses (the previous player wins)"}


@click.command(name="value", cls=FreeComponents)
@click.argument("words", nargs=-1, metavar="SPEC POSITION...")
@click.option("--expr", metavar="TEXT", help="A value written out, e.g. '{1|-1} + ^*' (no SPEC then).")
@click.option("--for", "player", type=click.Choice(["left", "right"]),
              help="Also list this player's winning moves (moving first), each with the value it leaves.")
@budget_options
@json_option
def value_command(words: tuple[str, ...], expr: str | None, player: str | None, max_states: int | None,
                  max_memory: int | None, as_json: bool) -> None:
    """The value of a partizan position: canonical form, outcome, left and right stops, mean and
    temperature (Left is the positive player).

    \b
    Examples:
      grundy value domineering '..|..'          +-1
      grundy value toads-and-frogs 'TT..FF'
      grundy value cutcake 2,3 1,4 --for left
      grundy value --expr '{1|-1} + ^*'
    """
    with under_budget(max_states, max_memory):
        data = partizan.position_value(words[0] if words else None, words[1:], expr, player)
    if as_json:
        emit_json(data)
        return
    console.print(f"value: [bold]{data['value']}[/]")
    console.print(OUTCOMES[data["outcome"]])
    console.print(f"left stop {data['left_stop']}, right stop {data['right_stop']}, mean {data['mean']}, "
                  f"temperature {data['temperature']}")
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
@click.argument("spec")
@click.argument("tokens", nargs=-1, metavar="POSITION...")
@click.option("--png", metavar="FILE", help="Also draw the thermograph to FILE (PNG).")
@budget_options
@json_option
def thermograph_command(spec: str, tokens: tuple[str, ...], png: str | None, max_states: int | None,
                        max_memory: int | None, as_json: bool) -> None:
    """The thermograph of a partizan position: its left and right walls against the temperature t
    (breakpoints, linear between them) up to the mast at the mean; --png draws it.

    \b
    Examples:
      grundy thermograph cutcake 3,4
      grundy thermograph cutcake 3,4 --png cake.png
      grundy thermograph domineering '...|...' --json
    """
    from grundy.core.pngs import writable

    if not tokens:
        raise GrundyError(f"give a POSITION: e.g. grundy thermograph {spec} ... (--png FILE to draw it)")
    if png is not None:
        writable(png)  # a file that cannot be written is refused before the work
    with under_budget(max_states, max_memory):
        found, data = partizan.position_thermograph(spec, tokens)
        if png is not None:
            found.thermograph.plot(png)
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
        console.print(f"drawn: {png}")
