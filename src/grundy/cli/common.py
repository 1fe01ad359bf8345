"""What the commands share: the options every command takes (``--json``, the budget, ``--rules``),
how a SPEC or ``--rules`` names a game, and how JSON is printed."""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

import click

from grundy.cli.paths import rules_option_value
from grundy.core.errors import GrundyError
from grundy.core.ruleset import Shape

NUMBER_LIKE = re.compile(r"-[0-9.]")


class FreeComponents(click.Command):
    """A command whose components are free-form words.

    A word that begins with '-' is still an option unless it reads as a number ('-3', '-1,2') or comes
    after '--': an unknown option is refused with click's "did you mean", never taken for a component.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("context_settings", {})["ignore_unknown_options"] = True
        super().__init__(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        params = [p for p in self.get_params(ctx) if isinstance(p, click.Option)]
        names = {name: p for p in params for name in p.opts + p.secondary_opts}
        words = iter(args)
        for word in words:
            if word == "--":
                break
            if not word.startswith("-") or NUMBER_LIKE.match(word):
                continue
            name, joined, _ = word.partition("=")
            option = names.get(name)
            if option is None:
                close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
                raise click.NoSuchOption(name, possibilities=close, ctx=ctx)
            if not (option.is_flag or option.count or joined):
                next(words, None)  # the option's value, whatever it looks like
        return super().parse_args(ctx, args)


def rules_from(spec: str | None, rules: str | None, arity: int | None = None, question: str = "table"):
    """The game SPEC names, when it answers ``question`` (the service's resolver), or the user's game
    from --rules FILE.py:FUNCTION (--arity 2: its positions are pairs of integers; --splits, read
    from the command's context: a move may leave several positions)."""
    from grundy.rulesets.custom import load_rules
    from grundy.service.resolve import require

    own_game_options(rules, arity)
    if rules is not None:
        if spec is not None:
            raise GrundyError("give either a SPEC or --rules FILE.py:FUNCTION, not both")
        return load_rules(rules, arity, splits_given())
    if spec is None:
        raise GrundyError("missing SPEC: name a ruleset (see 'grundy list') or use --rules FILE.py:FUNCTION")
    return require(spec, question)


def graph_input(spec: str | None, rules: str | None, graphs: tuple[str, ...], start: str | None,
                 arity: int | None = None, game: Any = None):
    """The ruleset (``game`` where the caller has resolved it already) and the components that
    --graph / --start add (graph files are read here)."""
    if not graphs and start is None:
        return game if game is not None else rules_from(spec, rules, arity, "solve"), []
    from grundy.core.graphs import read_graph_file
    from grundy.rulesets.dag import DagGame, dag_ruleset

    if spec is not None and spec.strip() == "dag":
        if len(graphs) != 1:
            raise GrundyError("dag takes exactly one --graph FILE (or write the spec as dag:FILE)")
        return _tokens(dag_ruleset(graphs[0]), start)
    game = game if game is not None else rules_from(spec, rules, question="solve")
    if start is not None:
        if not isinstance(game, DagGame):
            raise GrundyError("--start is for the tokens of 'dag' (grundy solve dag --graph FILE --start 1,2)")
        if graphs:
            raise GrundyError(f"{game.spec} holds its graph in the spec: drop --graph, or write the spec as 'dag'")
        return _tokens(game, start)
    if game.shape is not Shape.GRAPH:
        raise GrundyError(f"--graph is for hackenbush, tree-cut, leaf-forest and dag, not {game.spec}")
    return game, [read_graph_file(path) for path in graphs]


def _tokens(game: Any, start: str | None) -> tuple[Any, list]:
    """A dag and the vertices ``--start V,V,...`` puts tokens on."""
    tokens = [t for t in (start or "").split(",") if t.strip()]
    if not tokens:
        raise GrundyError("dag needs --start V,V,...: the vertices that hold tokens")
    return game, [game.parse_component(t) for t in tokens]


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))


json_option = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")


def count_callback(minimum: int) -> Any:
    """A click callback reading a count written ``1000000``, ``2^30``, ``2**30`` or ``1e8``."""
    def read(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
        from grundy.core.limits import parse_count, within_reach

        if value is None:
            return None
        where = f"invalid value for '{param.opts[0]}'"
        try:
            count = within_reach(parse_count(value), value)
        except GrundyError as exc:
            raise type(exc)(f"{where}: {exc}") from None
        if count < minimum:
            raise GrundyError(f"{where}: {value} is below {minimum}")
        return count
    return read


def memory_size(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    """A click callback reading a memory size (``4GB``, ``500MB``, ``1e9``)."""
    from grundy.core.limits import parse_size

    return None if value is None else parse_size(value)


def budget_options(function: Any) -> Any:
    """``--max-states`` and ``--max-memory``: the budget every search of the command runs under."""
    function = click.option("--max-memory", metavar="SIZE", callback=memory_size,
                            help="Stop cleanly past this much memory (e.g. 2GB, 500MB; "
                                 "default half the machine's memory).")(function)
    return click.option("--max-states", metavar="COUNT", callback=count_callback(1), default=None,
                        help="Stop cleanly past this many positions (default 10,000,000 values of a table; "
                             "3,000,000 for the general solver and play; 300,000 for a whole misère "
                             "position).")(function)


def under_budget(max_states: int | None, max_memory: int | None) -> Any:
    from grundy.core.memory import budget

    return budget(max_states=max_states, max_memory=max_memory)


_SPLITS = "grundy.splits"  # where --splits is kept in the click context


def splits_given() -> bool:
    """Whether the command running was given ``--splits`` (see :func:`rules_option`)."""
    context = click.get_current_context(silent=True)
    return bool(context is not None and context.meta.get(_SPLITS))


def own_game_options(rules: str | None, arity: int | None) -> None:
    """Refuse ``--arity`` and ``--splits`` without ``--rules``: they describe a game of your own."""
    for given, option in ((arity is not None, "--arity"), (splits_given(), "--splits")):
        if given and rules is None:
            raise GrundyError(f"{option} is for a game of your own: give it with --rules FILE.py:FUNCTION")


def _keep_splits(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    ctx.meta[_SPLITS] = value
    return value


def rules_option(function: Any) -> Any:
    """``--rules FILE.py:FUNCTION`` (a game of your own), ``--arity`` (its positions are pairs) and
    ``--splits`` (a move may leave several positions). ``--splits`` is not passed to the command:
    :func:`rules_from` reads it with :func:`splits_given`, so every command with ``--rules`` takes it."""
    function = click.option("--splits", is_flag=True, expose_value=False, callback=_keep_splits,
                            help="With --rules: a move may leave several positions, given as a tuple "
                                 "(e.g. (1, 2): a heap of 3 split in two; () leaves nothing).")(function)
    function = click.option("--arity", type=click.IntRange(1, 2), default=None,
                            help="With --rules: 2 when positions are pairs of integers a,b.")(function)
    return click.option("--rules", metavar="FILE.py:FUNCTION", callback=rules_option_value,
                        help="Use your own game: a function position -> positions of its moves.")(function)
