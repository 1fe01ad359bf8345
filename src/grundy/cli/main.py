"""The ``grundy`` command: ``solve``, ``table``, ``period`` and ``list``.

Every command takes ``--json``. Bad input prints one line ``grundy: error: ...`` and exits 2.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from grundy import __version__
from grundy.cli import render
from grundy.core.errors import GrundyError
from grundy.core.ruleset import Shape


def _rules(spec: str | None, rules: str | None):
    """The ruleset named by SPEC, or the user's game from --rules FILE.py:FUNCTION."""
    from grundy.rulesets.custom import load_rules
    from grundy.rulesets.registry import ruleset

    if rules is not None:
        if spec is not None:
            raise GrundyError("give either a SPEC or --rules FILE.py:FUNCTION, not both")
        return load_rules(rules)
    if spec is None:
        raise GrundyError("missing SPEC: name a ruleset (see 'grundy list') or use --rules FILE.py:FUNCTION")
    found = ruleset(spec)
    if _general_game(spec) is not None:
        raise GrundyError(f"{found.name} is a game of the general solver (no Grundy values): its spec holds the "
                          f"whole position; use 'grundy solve {spec}' or 'grundy play {spec}'")
    return found


def _graph_input(spec: str | None, rules: str | None, graphs: tuple[str, ...], start: str | None):
    """The ruleset and the components that --graph / --start add (graph files are read here)."""
    if not graphs and start is None:
        return _rules(spec, rules), []
    from grundy.core.graphs import read_graph_file
    from grundy.rulesets.dag import dag_ruleset

    if spec is not None and spec.strip() == "dag":
        if len(graphs) != 1:
            raise GrundyError("dag takes exactly one --graph FILE (or write the spec as dag:FILE)")
        game = dag_ruleset(graphs[0])
        tokens = [t for t in (start or "").split(",") if t.strip()]
        if not tokens:
            raise GrundyError("dag needs --start V,V,...: the vertices that hold tokens")
        return game, [game.parse_component(t) for t in tokens]
    game = _rules(spec, rules)
    if start is not None:
        raise GrundyError("--start is for the tokens of 'dag' (grundy solve dag --graph FILE --start 1,2)")
    if game.shape is not Shape.GRAPH:
        raise GrundyError(f"--graph is for hackenbush, tree-cut, leaf-forest and dag, not {game.spec}")
    return game, [read_graph_file(path) for path in graphs]


def _general_game(spec: str | None) -> Any:
    """The game of the general solver SPEC names (it holds the whole position as ``start``), else None."""
    from grundy.rulesets.registry import names_general_game, ruleset

    return ruleset(spec) if spec is not None and names_general_game(spec) else None


def _solve_general(the_game: Any, start: Any, max_states: int, db: str | None, as_json: bool) -> None:
    from grundy.core.general import solve_game

    with render.doubling_progress(enabled=not as_json) as progress:
        solution = solve_game(the_game, start, max_states=max_states, db=db,
                              progress=(lambda n: progress(n, max_states)) if progress else None)
    if as_json:
        data = solution.to_dict()
        data["best_moves"] = [the_game.describe(m) for m in solution.best_moves(start)]
        data["moves"] = [{"move": the_game.describe(m), "value": v, "remoteness": r}
                         for m, v, r in solution.move_values(start)]
        _emit_json(data)
    else:
        render.game_solution(the_game, start, solution)


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))


json_option = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")


def _memory_size(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    from grundy.core.limits import parse_size

    return None if value is None else parse_size(value)


def budget_options(function: Any) -> Any:
    """``--max-states`` and ``--max-memory``: the budget every search of the command runs under."""
    function = click.option("--max-memory", metavar="SIZE", callback=_memory_size,
                            help="Stop cleanly past this much memory (e.g. 2GB, 500MB; "
                                 "default half the machine's memory).")(function)
    return click.option("--max-states", type=click.IntRange(min=1), default=None,
                        help="Stop cleanly past this many positions (default 10,000,000 values of a table; "
                             "3,000,000 for the general solver and play; 300,000 for a whole misère "
                             "position).")(function)


def _budget(max_states: int | None, max_memory: int | None) -> Any:
    from grundy.core.limits import budget

    return budget(max_states=max_states, max_memory=max_memory)
rules_option = click.option("--rules", metavar="FILE.py:FUNCTION",
                            help="Use your own game: a function position -> positions of its moves.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="grundy")
def cli() -> None:
    """Who wins a combinatorial game, why, and how.

    \b
    Examples:
      grundy solve nim 3 4 5            who wins, and every winning move
      grundy table subtraction:1,3,4    Sprague–Grundy values and their pattern
      grundy period subtraction:2,5,6   the period, proved
      grundy list                       every ruleset with its parameters
    """


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, metavar="SPEC COMPONENT...")
@click.option("--misere", is_flag=True, help="Misère play: whoever moves last loses.")
@click.option("--compound", type=click.Choice(["every"]), default=None,
              help="every: Every-SG, each turn a player moves in every component that can move.")
@click.option("--max-moves", type=click.IntRange(min=0), default=50, show_default=True,
              help="List at most this many winning moves (all are counted).")
@click.option("--general", is_flag=True,
              help="Solve the whole position with the general solver (value and remoteness).")
@budget_options
@click.option("--db", metavar="FILE", help="General solver: SQLite file to reuse and keep solved positions.")
@click.option("--graph", "graphs", metavar="FILE", multiple=True,
              help="A graph file (one 'u v' edge per line, # comments): a component of hackenbush, tree-cut or "
                   "leaf-forest (repeatable), or the graph of 'dag'.")
@click.option("--start", metavar="V,V,...", help="dag: the vertices holding tokens.")
@rules_option
@json_option
def solve(words: tuple[str, ...], misere: bool, compound: str | None, max_moves: int, general: bool,
          max_states: int | None, max_memory: int | None, db: str | None, graphs: tuple[str, ...],
          start: str | None, rules: str | None, as_json: bool) -> None:
    """Who wins the sum of COMPONENTs, the Grundy value, and every winning move.

    A component is one token: a heap size, or numbers joined by commas (e.g. 3,5).
    With --rules, give only the components.
    """
    with _budget(max_states, max_memory):
        _solve_command(words, misere, compound, max_moves, general, db, graphs, start, rules, as_json)


def _solve_command(words: tuple[str, ...], misere: bool, compound: str | None, max_moves: int, general: bool,
                   db: str | None, graphs: tuple[str, ...], start: str | None, rules: str | None,
                   as_json: bool) -> None:
    from grundy.core.general import default_max_states
    from grundy.core.solve import solve as solve_position

    max_states = default_max_states()
    if rules is None and not words:
        raise GrundyError("missing SPEC: e.g. 'grundy solve nim 3 4 5' (see 'grundy list')")
    spec, tokens = (None, words) if rules is not None else (words[0], words[1:])
    if (the_game := _general_game(spec)) is not None:
        if tokens:
            raise GrundyError(f"{the_game.name} takes its whole position in the spec: give no components "
                              f"(e.g. 'grundy solve {spec}')")
        _solve_general(the_game, the_game.start, max_states, db, as_json)
        return
    game, extra = _graph_input(spec, rules, graphs, start)
    if not tokens and not extra:
        raise GrundyError(f"no components given: e.g. 'grundy solve {game.spec} 3 4 5'")
    components = [game.parse_component(t) for t in tokens] + extra
    if general or db is not None:
        from grundy.core.general import ImpartialGame

        _solve_general(ImpartialGame(game, misere), components, max_states, db, as_json)
        return
    solution = solve_position(game, components, misere=misere, compound=compound,
                              max_listed=max_moves if not as_json else 10_000)
    if as_json:
        _emit_json(solution.to_dict())
    else:
        render.solution(solution)


@cli.command()
@click.argument("spec", required=False)
@click.option("--n", "count", type=click.IntRange(min=1), default=40, show_default=True,
              help="How many values: G(0) .. G(N-1).")
@click.option("--png", "png", metavar="FILE", help="Also draw the values as a scatter plot (PNG).")
@budget_options
@rules_option
@json_option
def table(spec: str | None, count: int, png: str | None, max_states: int | None, max_memory: int | None,
          rules: str | None, as_json: bool) -> None:
    """The table of Grundy values G(0) .. G(N-1) of a heap game, with its pattern
    (G(a, b) for a, b < N when a component is a pair, as in Wythoff's game)."""
    with _budget(max_states, max_memory):
        _table_command(spec, count, png, rules, as_json)


def _table_command(spec: str | None, count: int, png: str | None, rules: str | None, as_json: bool) -> None:
    from grundy.core.limits import check_table
    from grundy.patterns.period import find_period

    game = _rules(spec, rules)
    if game.shape is Shape.PAIR:
        grid = game.value_grid(count)
        if as_json:
            _emit_json({"spec": game.spec, "n": count, "values": grid})
        else:
            render.value_grid(game.spec, grid)
        return
    check_table(count, f"a table of {game.spec}")
    values = game.values(count)
    pattern = find_period(game, max_n=count) if count >= 8 else None
    if png is not None:
        from grundy.patterns.plot import plot_values

        plot_values(game.spec, values, png, pattern)
    if as_json:
        data: dict[str, Any] = {"spec": game.spec, "n": count, "values": [int(v) for v in values]}
        if pattern is not None:
            data["pattern"] = pattern.to_dict()
        _emit_json(data)
    else:
        render.value_table(game.spec, values, pattern)


@cli.command()
@click.argument("spec", required=False)
@click.option("--max", "max_n", type=click.IntRange(min=16), default=None,
              help="Compute at most this many values (default 2^20).")
@budget_options
@rules_option
@json_option
def period(spec: str | None, max_n: int | None, max_states: int | None, max_memory: int | None, rules: str | None,
           as_json: bool) -> None:
    """The least preperiod and period of a heap game's values, proved where a theorem applies."""
    from grundy.patterns.period import find_period

    game = _rules(spec, rules)
    with _budget(max_states, max_memory), render.doubling_progress(enabled=not as_json) as progress:
        found = find_period(game, max_n=max_n, progress=progress)
    if as_json:
        _emit_json(found.to_dict())
    else:
        render.periodicity(found)


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, metavar="SPEC COMPONENT...")
@click.option("--misere", is_flag=True, help="Misère play: whoever moves last loses.")
@click.option("--first", type=click.Choice(["human", "computer"]), default=None,
              help="Who moves first (asked when not given).")
@click.option("--seed", type=int, default=None, help="Seed for the computer's choice among equal moves.")
@budget_options
@click.option("--db", metavar="FILE", help="SQLite file to reuse and keep solved positions.")
@rules_option
def play(words: tuple[str, ...], misere: bool, first: str | None, seed: int | None, max_states: int | None,
         max_memory: int | None, db: str | None, rules: str | None) -> None:
    """Play a position against the perfect opponent (moves typed in the terminal or piped in).

    Example: grundy play nim 3 4 5 --first human
    """
    with _budget(max_states, max_memory):
        _play_command(words, misere, first, seed, db, rules)


def _play_command(words: tuple[str, ...], misere: bool, first: str | None, seed: int | None, db: str | None,
                  rules: str | None) -> None:
    from grundy.cli.play import run_play
    from grundy.core.general import default_max_states
    from grundy.core.play import PlaySession

    max_states = default_max_states()

    if rules is None and not words:
        raise GrundyError("missing SPEC: e.g. 'grundy play nim 3 4 5' (see 'grundy list')")
    spec, tokens = (None, words) if rules is not None else (words[0], words[1:])
    if (found := _general_game(spec)) is not None:
        if tokens:
            raise GrundyError(f"{found.name} takes its whole position in the spec: give no components "
                              f"(e.g. 'grundy play {spec}')")
        with render.doubling_progress() as progress:
            session = PlaySession(found, found.start, seed=seed, max_states=max_states, db=db,
                                  progress=(lambda n: progress(n, max_states)) if progress else None)
        run_play(session, first)
        return
    game = _rules(spec, rules)
    if not tokens:
        raise GrundyError(f"no components given: e.g. 'grundy play {game.spec} 3 4 5'")
    components = [game.parse_component(t) for t in tokens]
    with render.doubling_progress() as progress:
        session = PlaySession.for_ruleset(game, components, misere=misere, seed=seed, max_states=max_states,
                                          db=db, progress=(lambda n: progress(n, max_states)) if progress else None)
    run_play(session, first)


@cli.command(name="problem")
@click.argument("name", required=False)
@click.option("--list", "show_list", is_flag=True, help="List the problems: source, title, rule.")
@click.option("--check", "command", metavar="CMD", help="Stress-test your program CMD (stdin to stdout).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random inputs.")
@click.option("--cases", type=click.IntRange(min=1), default=100, show_default=True, help="How many inputs.")
@click.option("--timeout", type=click.FloatRange(min=0.01), default=2.0, show_default=True,
              help="Seconds allowed for one run of CMD.")
@click.option("--max-size", type=click.IntRange(min=1), default=10, show_default=True,
              help="The largest size of a generated input.")
@json_option
def problem_command(name: str | None, show_list: bool, command: str | None, seed: int, cases: int,
                    timeout: float, max_size: int, as_json: bool) -> None:
    """Solve a classic contest problem: its original input on stdin, its output on stdout.

    Example: echo "2 23 2 4 3" | grundy problem hdu1846
    """
    from grundy.problems.base import catalogue, get

    if show_list or name is None:
        problems = catalogue()
        if as_json:
            _emit_json([{"name": p.name, "source": p.source, "title": p.title, "rule": p.rule}
                        for p in problems.values()])
        else:
            render.problems(list(problems.values()))
        return
    entry = get(name)
    if command is None:
        sys.stdout.write(entry.solve(sys.stdin.read()))
        return
    from grundy.problems.check import check

    report = check(entry, command, seed=seed, cases=cases, timeout=timeout, max_size=max_size)
    if as_json:
        failure = report.failure.__dict__ if report.failure else None
        _emit_json({"problem": report.problem, "passed": report.passed, "failure": failure})
    else:
        render.check_report(report)
    if report.failure is not None:
        sys.exit(1)


@cli.command(name="list")
@json_option
def list_rulesets(as_json: bool) -> None:
    """Every ruleset name, with its parameters and one line of meaning."""
    from grundy.rulesets.registry import catalogue

    entries = catalogue()
    if as_json:
        _emit_json([{"name": e.name, "family": e.family,
                     "forms": [{"spec": usage, "meaning": meaning} for usage, meaning in e.usages]}
                    for e in entries])
    else:
        render.catalogue(entries)


def run(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turning every user error into one line and exit status 2."""
    try:
        code = cli.main(args=argv, prog_name="grundy", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else "")
        sys.exit(0)
    except click.ClickException as exc:
        hint = " (see 'grundy --help')" if isinstance(exc, click.UsageError) else ""
        _fail(exc.format_message() + hint)
    except GrundyError as exc:
        _fail(str(exc))
    except (click.Abort, KeyboardInterrupt):
        click.echo("grundy: interrupted", err=True)
        sys.exit(130)
    except MemoryError:
        _fail("out of memory: choose a smaller position or a lower limit")
    except BrokenPipeError:
        sys.exit(0)
    sys.exit(code if isinstance(code, int) else 0)


def _fail(message: str) -> None:
    click.echo(f"grundy: error: {' '.join(message.split())}", err=True)
    sys.exit(2)
