"""The ``grundy`` command: ``solve``, ``table``, ``period``, ``pattern``, ``play``, ``problem`` and ``list``.

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


def _rules(spec: str | None, rules: str | None, arity: int | None = None):
    """The ruleset named by SPEC, or the user's game from --rules FILE.py:FUNCTION (--arity 2: its
    positions are pairs of integers)."""
    from grundy.rulesets.custom import load_rules
    from grundy.rulesets.registry import ruleset

    if arity is not None and rules is None:
        raise GrundyError("--arity is for a game of your own: give it with --rules FILE.py:FUNCTION")
    if rules is not None:
        if spec is not None:
            raise GrundyError("give either a SPEC or --rules FILE.py:FUNCTION, not both")
        return load_rules(rules, arity)
    if spec is None:
        raise GrundyError("missing SPEC: name a ruleset (see 'grundy list') or use --rules FILE.py:FUNCTION")
    found = ruleset(spec)
    if _general_game(spec) is not None:
        raise GrundyError(f"{found.name} is a game of the general solver (no Grundy values): its spec holds the "
                          f"whole position; use 'grundy solve {spec}' or 'grundy play {spec}'")
    return found


def _graph_input(spec: str | None, rules: str | None, graphs: tuple[str, ...], start: str | None,
                 arity: int | None = None):
    """The ruleset and the components that --graph / --start add (graph files are read here)."""
    if not graphs and start is None:
        return _rules(spec, rules, arity), []
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
TABLE_SECONDS = 2.0  # the time 'grundy table' gives the pattern finder
MAX_VALUES = 1 << 20  # values --values takes
MEMORY_NOTICE = 10**9  # a search whose table may take more memory than this says so before it starts


def _count(minimum: int) -> Any:
    """A click callback reading a count written ``1000000``, ``2^30``, ``2**30`` or ``1e8``."""
    def read(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
        from grundy.core.limits import parse_count

        if value is None:
            return None
        where = f"invalid value for '{param.opts[0]}'"
        try:
            count = parse_count(value)
        except GrundyError as exc:
            raise type(exc)(f"{where}: {exc}") from None
        if count < minimum:
            raise GrundyError(f"{where}: {value} is below {minimum}")
        return count
    return read


def _memory_size(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    from grundy.core.limits import parse_size

    return None if value is None else parse_size(value)


def budget_options(function: Any) -> Any:
    """``--max-states`` and ``--max-memory``: the budget every search of the command runs under."""
    function = click.option("--max-memory", metavar="SIZE", callback=_memory_size,
                            help="Stop cleanly past this much memory (e.g. 2GB, 500MB; "
                                 "default half the machine's memory).")(function)
    return click.option("--max-states", metavar="COUNT", callback=_count(1), default=None,
                        help="Stop cleanly past this many positions (default 10,000,000 values of a table; "
                             "3,000,000 for the general solver and play; 300,000 for a whole misère "
                             "position).")(function)


def _budget(max_states: int | None, max_memory: int | None) -> Any:
    from grundy.core.limits import budget

    return budget(max_states=max_states, max_memory=max_memory)
def rules_option(function: Any) -> Any:
    """``--rules FILE.py:FUNCTION`` (a game of your own) and ``--arity`` (its positions are pairs)."""
    function = click.option("--arity", type=click.IntRange(1, 2), default=None,
                            help="With --rules: 2 when positions are pairs of integers a,b.")(function)
    return click.option("--rules", metavar="FILE.py:FUNCTION",
                        help="Use your own game: a function position -> positions of its moves.")(function)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="grundy")
def cli() -> None:
    """Who wins a combinatorial game, why, and how.

    \b
    Examples:
      grundy solve nim 3 4 5            who wins, and every winning move
      grundy table subtraction:1,3,4    Sprague–Grundy values and their pattern
      grundy period subtraction:2,5,6   the period, proved
      grundy pattern wythoff            the rule in the values (打表找规律), proved or a conjecture
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
          start: str | None, rules: str | None, arity: int | None, as_json: bool) -> None:
    """Who wins the sum of COMPONENTs, the Grundy value, and every winning move.

    A component is one token: a heap size, or numbers joined by commas (e.g. 3,5).
    With --rules, give only the components.
    """
    with _budget(max_states, max_memory):
        _solve_command(words, misere, compound, max_moves, general, db, graphs, start, rules, arity, as_json)


def _solve_command(words: tuple[str, ...], misere: bool, compound: str | None, max_moves: int, general: bool,
                   db: str | None, graphs: tuple[str, ...], start: str | None, rules: str | None,
                   arity: int | None, as_json: bool) -> None:
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
    game, extra = _graph_input(spec, rules, graphs, start, arity)
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
          rules: str | None, arity: int | None, as_json: bool) -> None:
    """The table of Grundy values G(0) .. G(N-1) of a heap game, with its period and the rule
    'grundy pattern' finds (G(a, b) for a, b < N when a component is a pair, as in Wythoff's game)."""
    with _budget(max_states, max_memory):
        _table_command(spec, count, png, rules, arity, as_json)


def _table_rule(game: Any) -> Any:
    """The rule in a game's values, sought for a second or two (None where the shape has none)."""
    from grundy.patterns.pattern import find_pattern

    try:
        return find_pattern(game, seconds=TABLE_SECONDS)
    except GrundyError:
        return None


def _table_command(spec: str | None, count: int, png: str | None, rules: str | None, arity: int | None,
                   as_json: bool) -> None:
    from grundy.core.limits import check_table
    from grundy.patterns.period import find_period

    game = _rules(spec, rules, arity)
    if game.shape is Shape.PAIR:
        grid = game.value_grid(count)
        rule = _table_rule(game)
        if as_json:
            data = {"spec": game.spec, "n": count, "values": grid}
            if rule is not None and rule.found:
                data["rule"] = rule.to_dict()
            _emit_json(data)
        else:
            render.value_grid(game.spec, grid)
            render.pattern_line(rule)
        return
    check_table(count, f"a table of {game.spec}")
    values = game.values(count)
    pattern = find_period(game, max_n=count) if count >= 8 else None
    rule = _table_rule(game)
    if png is not None:
        from grundy.patterns.plot import plot_values

        plot_values(game.spec, values, png, pattern)
    if as_json:
        data: dict[str, Any] = {"spec": game.spec, "n": count, "values": [int(v) for v in values]}
        if pattern is not None:
            data["pattern"] = pattern.to_dict()
        if rule is not None and rule.found:
            data["rule"] = rule.to_dict()
        _emit_json(data)
    else:
        render.value_table(game.spec, values, pattern, rule)


@cli.command()
@click.argument("spec", required=False)
@click.option("--max", "max_n", metavar="COUNT", callback=_count(16), default=None,
              help="Compute at most this many values, e.g. 2^30 or 1e8 (default 2^26, or what --max-memory "
                   "holds).")
@budget_options
@rules_option
@json_option
def period(spec: str | None, max_n: int | None, max_states: int | None, max_memory: int | None, rules: str | None,
           arity: int | None, as_json: bool) -> None:
    """The least preperiod and period of a heap game's values, proved where a theorem applies.

    Values are computed until the period is proved (or, where no theorem applies, seen), or --max
    values. A progress bar shows the values, the period in sight and how far its proof is; Ctrl-C
    prints what was found so far.

    \b
    Examples:
      grundy period kayles                preperiod 71, period 12, proved
      grundy period octal:.376            4.5 million values to prove it
      grundy period grundy-game --max 2^22
    """
    from grundy.core.errors import Interrupted
    from grundy.patterns.period import default_max, find_period, table_bytes

    with _budget(max_states, max_memory):
        game = _rules(spec, rules, arity)
        need = table_bytes(game, default_max(game) if max_n is None else max_n)
        if need > MEMORY_NOTICE:
            from grundy.core.limits import format_size

            click.echo(f"grundy: this search may take up to {format_size(need)} of memory for its table "
                       "(lower --max to take less)", err=True)
        try:
            with render.period_progress(enabled=not as_json) as progress:
                found = find_period(game, max_n=max_n, progress=progress)
        except Interrupted as stop:
            _show_period(stop.partial, as_json, interrupted=True)
            click.echo("grundy: interrupted", err=True)
            sys.exit(130)
    _show_period(found, as_json)


def _show_period(found: Any, as_json: bool, interrupted: bool = False) -> None:
    if as_json:
        _emit_json(found.to_dict() | ({"interrupted": True} if interrupted else {}))
    else:
        render.periodicity(found)


@cli.command(name="pattern")
@click.argument("spec", required=False)
@click.option("--values", "sequence", metavar="V,V,...", help="Find the rule of these values G(0), G(1), ...")
@click.option("--max", "max_n", metavar="COUNT", callback=_count(16), default=None,
              help="Check the rule against this many values (pairs: a, b < MAX). Default: double the table "
                   "until the rule is stable, up to 65,536 values (256 x 256) or a few seconds.")
@click.option("--at", "at", metavar="COMPONENT", multiple=True,
              help="Predict the value and outcome of this component by the rule (any size; repeatable).")
@click.option("--png", metavar="FILE", help="Also draw the values (a scatter plot, or a heat map for pairs).")
@budget_options
@rules_option
@json_option
def pattern_command(spec: str | None, sequence: str | None, max_n: int | None, at: tuple[str, ...], png: str | None,
                    max_states: int | None, max_memory: int | None, rules: str | None, arity: int | None,
                    as_json: bool) -> None:
    """Print the table, find the pattern: the simplest rule that explains a game's values, how far it
    was checked, and whether a theorem proves it.

    \b
    Examples:
      grundy pattern subtraction:1,3,4        periodic, proved
      grundy pattern wythoff --at 10**30,10**30
      grundy pattern --rules game.py:moves    a game of your own (--arity 2 for pairs)
      grundy pattern --values 0,1,0,1,2,0,1,0,1,2
    """
    with _budget(max_states, max_memory):
        _pattern_command(spec, sequence, max_n, at, png, rules, arity, as_json)


def _pattern_command(spec: str | None, sequence: str | None, max_n: int | None, at: tuple[str, ...],
                     png: str | None, rules: str | None, arity: int | None, as_json: bool) -> None:
    from grundy.patterns.pattern import find_pattern

    if sequence is not None:
        if spec is not None or rules is not None:
            raise GrundyError("give one of SPEC, --rules FILE.py:FUNCTION or --values V,V,..., not several")
        target: Any = _parse_values(sequence)
    else:
        target = _rules(spec, rules, arity)
    with render.doubling_progress(enabled=not as_json) as progress:
        found = find_pattern(target, max_n=max_n, progress=progress)
    predictions = []
    for token in at:
        component = _parse_at(token, found.dimensions)
        predictions.append((token, found.value(component), found.is_p(component)))
    if png is not None:
        from grundy.patterns.plot import plot_pattern

        plot_pattern(found, png)
    if as_json:
        data = found.to_dict()
        if predictions:
            data["predictions"] = [{"component": t, "value": v, "p": p} for t, v, p in predictions]
        _emit_json(data)
    else:
        render.pattern(found, predictions)


def _parse_values(text: str) -> list[int]:
    """``--values 0,1,0,2``: integers joined by commas (at most :data:`MAX_VALUES` of them)."""
    from grundy.core.limits import parse_int

    tokens = [t for t in text.replace(" ", ",").split(",") if t]
    if not tokens:
        raise GrundyError("--values needs integers joined by commas, e.g. --values 0,1,0,1,2")
    if len(tokens) > MAX_VALUES:
        raise GrundyError(f"--values takes at most {MAX_VALUES:,} values, got {len(tokens):,}")
    values = [parse_int(t, "an integer (--values takes integers joined by commas, e.g. 0,1,0,1,2)") for t in tokens]
    if any(abs(v) >= 1 << 62 for v in values):
        raise GrundyError("--values: each value must be smaller than 2^62 in size")
    return values


def _parse_at(token: str, dimensions: int) -> Any:
    """``--at 10**30`` or ``--at 3,5``: a heap, or a pair for a game of pairs (``**`` powers allowed)."""
    from grundy.core.limits import parse_int

    parts = token.split(",")
    wanted = "a heap size (e.g. --at 1000000 or --at 10**30)" if dimensions == 1 else "a pair a,b (e.g. --at 3,5)"
    if len(parts) != dimensions:
        raise GrundyError(f"--at {token!r}: expected {wanted}")
    numbers = []
    for part in parts:
        base, _, exponent = part.strip().partition("**")
        value = parse_int(base, wanted)
        if exponent:
            power = parse_int(exponent, wanted)
            if power < 0 or power * max(abs(value), 1).bit_length() > 13_000:  # about 4000 digits
                raise GrundyError(f"--at {token!r}: a power a**b must be a whole number of at most 4000 digits")
            value = value ** power
        if value < 0:
            raise GrundyError(f"--at {token!r}: expected {wanted}, not a negative number")
        numbers.append(value)
    return numbers[0] if dimensions == 1 else tuple(numbers)


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
         max_memory: int | None, db: str | None, rules: str | None, arity: int | None) -> None:
    """Play a position against the perfect opponent (moves typed in the terminal or piped in).

    Example: grundy play nim 3 4 5 --first human
    """
    with _budget(max_states, max_memory):
        _play_command(words, misere, first, seed, db, rules, arity)


def _play_command(words: tuple[str, ...], misere: bool, first: str | None, seed: int | None, db: str | None,
                  rules: str | None, arity: int | None) -> None:
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
    game = _rules(spec, rules, arity)
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
