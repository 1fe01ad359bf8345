"""``grundy solve``: who wins a sum of components, the Grundy value and every winning move."""

from __future__ import annotations

from typing import Any

import click

from grundy.cli import render
from grundy.cli.common import (
    FreeComponents,
    budget_options,
    emit_json,
    graph_input,
    json_option,
    own_game_options,
    rules_from,
    rules_option,
    under_budget,
)
from grundy.cli.paths import database_option_value, input_file_value
from grundy.cli.progress import doubling_progress
from grundy.core.errors import GrundyError

LISTED_ON_A_TERMINAL = 50  # winning moves listed without --max-moves (all are counted; --json lists 10,000)
GENERAL_GAME = ("a game of the general solver holds its whole position in its spec, and its own rules say who "
                "wins (it takes --db, --max-states, --max-memory and --json)")


@click.command(cls=FreeComponents)
@click.argument("words", nargs=-1, metavar="SPEC COMPONENT...")
@click.option("--misere", is_flag=True, help="Misère play: whoever moves last loses.")
@click.option("--compound", type=click.Choice(["every"]), default=None,
              help="every: Every-SG, each turn a player moves in every component that can move.")
@click.option("--max-moves", type=click.IntRange(min=0), default=None,
              help="List at most this many winning moves, all of them counted (default 50; 10,000 with --json).")
@click.option("--general", is_flag=True,
              help="Solve the whole position with the general solver (value and remoteness).")
@budget_options
@click.option("--db", metavar="FILE", callback=database_option_value,
              help="General solver: SQLite file to reuse and keep solved positions.")
@click.option("--graph", "graphs", metavar="FILE", multiple=True, callback=input_file_value("graph file"),
              help="A graph file (one 'u v' edge per line, # comments): a component of hackenbush, tree-cut or "
                   "leaf-forest (repeatable), or the graph of 'dag'.")
@click.option("--start", metavar="V,V,...", help="dag: the vertices holding tokens.")
@rules_option
@json_option
def solve(words: tuple[str, ...], misere: bool, compound: str | None, max_moves: int | None, general: bool,
          max_states: int | None, max_memory: int | None, db: str | None, graphs: tuple[str, ...],
          start: str | None, rules: str | None, arity: int | None, as_json: bool) -> None:
    """Who wins the sum of COMPONENTs, the Grundy value, and every winning move.

    A component is one token: a heap size, or numbers joined by commas (e.g. 3,5).
    With --rules, give only the components.
    """
    with under_budget(max_states, max_memory):
        _solve_command(words, misere, compound, max_moves, general, db, graphs, start, rules, arity, as_json)


def _solve_command(words: tuple[str, ...], misere: bool, compound: str | None, max_moves: int | None,
                   general: bool, db: str | None, graphs: tuple[str, ...], start: str | None, rules: str | None,
                   arity: int | None, as_json: bool) -> None:
    from grundy.core.general import GeneralGame, default_max_states
    from grundy.core.solve import MAX_LISTED_MOVES
    from grundy.service.solving import no_components, refuse_position, solve

    max_states = default_max_states()
    if rules is None and not words:
        raise GrundyError("missing SPEC: e.g. 'grundy solve nim 3 4 5' (see 'grundy list')")
    spec, tokens = (None, words) if rules is not None else (words[0], words[1:])
    own_game_options(rules, arity)
    by_graph = bool(graphs) and (spec or "").strip().lower() == "dag"  # dag --graph FILE: the file is the spec's
    the_game = None if by_graph else rules_from(spec, rules, arity, "solve")  # resolved once, here
    if isinstance(the_game, GeneralGame):
        refuse({"--misere": misere, "--compound every": compound is not None, "--max-moves": max_moves is not None,
                "--graph": bool(graphs), "--start": start is not None}, the_game.name, GENERAL_GAME)
        refuse_position(the_game, bool(tokens))
        _solve_general(the_game, the_game.start, max_states, db, as_json)
        return
    by_general = general or db is not None
    if compound is not None:
        refuse({"--misere": misere, "--general": general, "--db": db is not None}, "--compound every",
               "Every-SG is worked out from each component's step count, under normal play only (it takes "
               "--max-moves and --json)")
    if by_general:
        refuse({"--max-moves": max_moves is not None}, "the general solver (--general, --db)",
               "it lists every move with its value and remoteness")
    game, extra = graph_input(spec, rules, graphs, start, arity, the_game)
    if not tokens and not extra:
        raise no_components(game, "solve")
    components = [game.parse_component(t) for t in tokens] + extra
    if by_general:
        from grundy.core.sum_game import ImpartialGame

        _solve_general(ImpartialGame(game, misere), components, max_states, db, as_json)
        return
    listed = max_moves if max_moves is not None else MAX_LISTED_MOVES if as_json else LISTED_ON_A_TERMINAL
    solution = solve(game, components, misere=misere, compound=compound, max_listed=listed)
    if as_json:
        emit_json(solution.to_dict())
    else:
        render.solution(solution)


def refuse(given: dict[str, bool], target: str, reason: str) -> None:
    """Stop with one line if an option of ``given`` is set that does not apply to ``target``:
    the options, and ``reason`` (why not, and what does apply).

    >>> refuse({"--misere": False}, "nim", "no reason needed")
    >>> refuse({"--misere": True, "--json": False, "--db": True}, "x", "it is x")
    Traceback (most recent call last):
    grundy.core.errors.GrundyError: --misere and --db do not apply to x: it is x
    """
    named = [option for option, set_ in given.items() if set_]
    if named:
        options = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
        raise GrundyError(f"{options} {'do' if len(named) > 1 else 'does'} not apply to {target}: {reason}")


def _solve_general(the_game: Any, start: Any, max_states: int, db: str | None, as_json: bool) -> None:
    from grundy.core.general import solve_game
    from grundy.service.solving import general_data

    with doubling_progress(enabled=not as_json) as progress:
        solution = solve_game(the_game, start, max_states=max_states, db=db,
                              progress=(lambda n: progress(n, max_states)) if progress else None)
    if as_json:
        emit_json(general_data(the_game, start, solution))
    else:
        render.game_solution(the_game, start, solution)
