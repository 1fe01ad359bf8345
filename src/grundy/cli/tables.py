"""``grundy table``, ``grundy period`` and ``grundy pattern``: a heap game's values, their period
and the rule in them."""

from __future__ import annotations

import sys
from typing import Any

import click

from grundy.cli import render_tables
from grundy.cli.common import (
    budget_options,
    count_callback,
    emit_json,
    json_option,
    rules_from,
    rules_option,
    under_budget,
)
from grundy.cli.paths import output_file_value
from grundy.cli.progress import close_bar, doubling_progress, period_progress
from grundy.core.errors import GrundyError, Interrupted, LimitError
from grundy.core.ruleset import Shape

MAX_VALUES = 1 << 20  # values --values takes
MEMORY_NOTICE = 10**9  # a search whose table may take more memory than this says so before it starts


@click.command()
@click.argument("spec", required=False)
@click.option("--max", "--n", "count", metavar="COUNT", callback=count_callback(1), default="40", show_default=True,
              help="How many values: G(0) .. G(COUNT-1) (coins numbered from 1: G(1) .. G(COUNT)); e.g. 100, 2^12.")
@click.option("--png", "png", metavar="FILE", callback=output_file_value("PNG"),
              help="Also draw the values as a scatter plot (PNG).")
@budget_options
@rules_option
@json_option
def table(spec: str | None, count: int, png: str | None, max_states: int | None, max_memory: int | None,
          rules: str | None, arity: int | None, as_json: bool) -> None:
    """The table of Grundy values G(0) .. G(N-1) of a heap game, with its period and the rule
    'grundy pattern' finds (G(a, b) for a, b < N when a component is a pair, as in Wythoff's game)."""
    with under_budget(max_states, max_memory):
        _table_command(spec, count, png, rules, arity, as_json)


def _table_command(spec: str | None, count: int, png: str | None, rules: str | None, arity: int | None,
                   as_json: bool) -> None:
    from grundy.service.values import draw_table, table_dict, table_parts

    game = rules_from(spec, rules, arity, "table")
    if png is not None and game.shape is Shape.PAIR:
        raise GrundyError(f"table --png draws the values of heaps; for the pairs of {game.spec} use "
                          f"'grundy pattern {game.spec} --png FILE' (a heat map)")
    values, pattern, rule = table_parts(game, count)
    if png is not None:
        draw_table(game, values, pattern, png)
    if as_json:
        emit_json(table_dict(game, count, values, pattern, rule) | _png_key(png))
    elif game.shape is Shape.PAIR:
        render_tables.value_grid(game.spec, values, game.first_pair)
        render_tables.pattern_line(rule)
    else:
        render_tables.value_table(game.spec, values, pattern, rule, game.first)
    _drawn(png, as_json)


def _png_key(png: str | None) -> dict[str, str]:
    """The ``"png"`` key of a --json answer that also drew a picture (none without --png)."""
    return {} if png is None else {"png": png}


def _drawn(png: str | None, as_json: bool) -> None:
    """The last line of a command that drew ``png``: ``drawn: FILE`` (the path whole, for scripts);
    --json names it under "png" instead."""
    if png is not None and not as_json:
        click.echo(f"drawn: {png}")


@click.command()
@click.argument("spec", required=False)
@click.option("--max", "max_n", metavar="COUNT", callback=count_callback(16), default=None,
              help="Compute up to this many values, e.g. 2^30 or 1e8. Default: until the period is proved, "
                   "up to 2^26 (or what --max-memory holds), looking only while a period is in sight.")
@budget_options
@rules_option
@click.option("--png", metavar="FILE", callback=output_file_value("PNG"),
              help="Also draw the strip of values with the preperiod and the period shaded (PNG).")
@json_option
def period(spec: str | None, max_n: int | None, max_states: int | None, max_memory: int | None, rules: str | None,
           arity: int | None, as_json: bool, png: str | None = None) -> None:
    """The least preperiod and period of a heap game's values, proved where a theorem applies.

    Values are computed until the period is proved (or, where no theorem applies, seen), or --max
    values. Without --max the search stops early when no period is in sight after a share of the
    work budget (--max-states), or when the proof of the one in sight would not fit the budget.
    A progress bar shows the values, the target they head for, the period in sight, how far its
    proof is and the time left; Ctrl-C prints what was found so far.

    \b
    Examples:
      grundy period kayles                preperiod 71, period 12, proved
      grundy period octal:.376            4.5 million values to prove it
      grundy period grundy-game --max 2^22
      grundy period kayles --png kayles.png   the strip, preperiod and period shaded
    """
    from grundy.patterns.period import Periodicity, table_plan
    from grundy.service import values

    if png is not None:
        from grundy.core.pngs import writable

        writable(png)  # no plot extra, or a file that cannot be written: refused before the work
    with under_budget(max_states, max_memory):
        game = rules_from(spec, rules, arity, "period")
        _, need = table_plan(game, max_n)  # a table past the budget is refused before any notice
        if need > MEMORY_NOTICE:
            from grundy.core.limits import format_size

            click.echo(f"grundy: this search may take up to {format_size(need)} of memory for its table "
                       "(lower --max to take less)", err=True)
        try:
            with period_progress(enabled=not as_json) as progress:
                found = values.period(game, max_n, progress, bounded=max_states is not None)
        except Interrupted as stop:
            if not isinstance(stop.partial, Periodicity):
                raise  # stopped outside the search: main says how far the work got
            _show_period(stop.partial, as_json, interrupted=True)
            _interrupted(stop.partial.values_computed)
    if png is not None:
        from grundy.patterns.plot import plot_period

        plot_period(found, png)
    _show_period(found, as_json, png=png)


def _interrupted(count: int) -> None:
    """The last word of a search stopped by Ctrl-C (its partial answer printed): one line on stderr
    under no bar, and exit status 130."""
    close_bar()
    click.echo(f"grundy: interrupted after {count:,} values", err=True)
    sys.exit(130)


def _show_period(found: Any, as_json: bool, interrupted: bool = False, png: str | None = None) -> None:
    close_bar()  # the answer is printed under no bar (an interrupted search's bar is live)
    if as_json:
        emit_json(found.to_dict() | ({"interrupted": True} if interrupted else {}) | _png_key(png))
    else:
        render_tables.periodicity(found)
    _drawn(png, as_json)


@click.command(name="pattern")
@click.argument("spec", required=False)
@click.option("--values", "sequence", metavar="V,V,...", help="Find the rule of these values G(0), G(1), ...")
@click.option("--max", "max_n", metavar="COUNT", callback=count_callback(16), default=None,
              help="Check the rule against this many values (pairs: a, b < MAX). Default: double the table "
                   "until the rule is stable, up to 65,536 values (256 x 256) or a few seconds.")
@click.option("--at", "at", metavar="COMPONENT", multiple=True,
              help="Predict the value and outcome of this component by the rule (any size; repeatable).")
@click.option("--png", metavar="FILE", callback=output_file_value("PNG"),
              help="Also draw the values (a scatter plot, or a heat map for pairs).")
@budget_options
@rules_option
@json_option
def pattern_command(spec: str | None, sequence: str | None, max_n: int | None, at: tuple[str, ...], png: str | None,
                    max_states: int | None, max_memory: int | None, rules: str | None, arity: int | None,
                    as_json: bool) -> None:
    """Print the table, find the pattern: the simplest rule that explains a game's values, how far it
    was checked, and whether a theorem proves it. A progress bar shows the values as they are
    computed; Ctrl-C prints the rule of the values so far.

    \b
    Examples:
      grundy pattern subtraction:1,3,4        periodic, proved
      grundy pattern wythoff --at 10**30,10**30
      grundy pattern --rules game.py:moves    a game of your own (--arity 2 for pairs)
      grundy pattern --values 0,1,0,1,2,0,1,0,1,2,0,1,0,1,2,0,1,0,1,2
    """
    with under_budget(max_states, max_memory):
        _pattern_command(spec, sequence, max_n, at, png, rules, arity, as_json)


def _pattern_command(spec: str | None, sequence: str | None, max_n: int | None, at: tuple[str, ...],
                     png: str | None, rules: str | None, arity: int | None, as_json: bool) -> None:
    from grundy.patterns.pattern import Pattern
    from grundy.service import values

    if sequence is not None:
        if spec is not None or rules is not None:
            raise GrundyError("give one of SPEC, --rules FILE.py:FUNCTION or --values V,V,..., not several")
        target: Any = _parse_values(sequence)
    else:
        target = rules_from(spec, rules, arity, "pattern")
    try:
        with doubling_progress(enabled=not as_json) as progress:
            found = values.pattern(target, max_n, progress)
    except Interrupted as stop:  # the rule of the values so far, marked as interrupted
        if not isinstance(stop.partial, Pattern):
            raise  # stopped outside the search: main says how far the work got
        close_bar()
        if as_json:
            emit_json(stop.partial.to_dict() | {"interrupted": True})
        else:
            render_tables.pattern(stop.partial, [])
        _interrupted(stop.partial.values.size)
    predictions = []
    for token in at:
        component = _parse_at(token, found.dimensions)
        predictions.append((token, found.value(component), found.is_p(component)))
    if png is not None:
        from grundy.patterns.plot import plot_pattern

        plot_pattern(found, png)
    if as_json:
        data = found.to_dict() | _png_key(png)
        if predictions:
            data["predictions"] = [{"component": t, "value": v, "p": p} for t, v, p in predictions]
        emit_json(data)
    else:
        render_tables.pattern(found, predictions)
    _drawn(png, as_json)


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
    if any(v < 0 for v in values):
        raise GrundyError(f"--values: Grundy values are non-negative, got {min(values)}")
    return values


def _parse_at(token: str, dimensions: int) -> Any:
    """``--at 10**30``, ``--at 1e18`` or ``--at 3,5``: a heap, or a pair for a game of pairs, each number
    written as a component's numbers are (``12``, ``10**18``, ``10^18``, ``1e18``: the reader of counts,
    :func:`~grundy.core.limits.parse_count`, which ``grundy solve`` reads powers with too)."""
    from grundy.core.limits import MAX_DIGITS, parse_count

    parts = token.split(",")
    wanted = "a heap size (e.g. --at 1000000, 10**30 or 1e18)" if dimensions == 1 else "a pair a,b (e.g. --at 3,5)"
    if len(parts) != dimensions:
        raise GrundyError(f"--at {token!r}: expected {wanted}")
    if any(part.strip().startswith("-") for part in parts):
        raise GrundyError(f"--at {token!r}: expected {wanted}, not a negative number")
    try:
        numbers = [parse_count(part, wanted) for part in parts]
    except LimitError:
        raise GrundyError(f"--at {token!r}: too large (a number has at most {MAX_DIGITS} digits)") from None
    except GrundyError:
        raise GrundyError(f"--at {token!r}: expected {wanted}") from None
    return numbers[0] if dimensions == 1 else tuple(numbers)
