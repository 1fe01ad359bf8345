"""The ``grundy`` command: ``solve``, ``table``, ``period``, ``pattern``, ``play``, ``problem``, ``list``,
``serve``, ``sweep``, ``value``, ``thermograph`` and ``misere``.

Every command that answers takes ``--json`` (``serve`` answers on the web). Bad input prints one line
``grundy: error: ...`` and exits 2.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Iterator, Mapping

import click

from grundy import __version__
from grundy.cli.progress import activity
from grundy.core import memory, words
from grundy.core import progress as reports
from grundy.core.errors import GrundyError

# Each command, imported only when it runs (``grundy --help`` loads none of them): its name, the module and
# attribute of its click command, and the one line ``grundy --help`` shows for it.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "solve": ("grundy.cli.solve", "solve", "Who wins a sum of components, and every winning move."),
    "table": ("grundy.cli.tables", "table", "The table of Grundy values and the pattern in them."),
    "period": ("grundy.cli.tables", "period", "The least preperiod and period of a heap game, proved."),
    "pattern": ("grundy.cli.tables", "pattern_command", "The rule in a game's values, proved or a conjecture."),
    "play": ("grundy.cli.play", "play", "Play a position against the perfect opponent."),
    "problem": ("grundy.cli.problem", "problem_command", "Solve a classic contest problem, or check your answer."),
    "list": ("grundy.cli.catalogue", "list_rulesets", "Every ruleset with its parameters."),
    "serve": ("grundy.cli.serve", "serve", "The web explorer: heat maps, coloured moves, play."),
    "sweep": ("grundy.cli.sweep", "sweep", "Survey a whole family of games on Dask: periods, values."),
    "misere": ("grundy.cli.misere", "misere", "The misère quotient of a heap game: who wins misère sums."),
    "value": ("grundy.cli.partizan", "value_command", "A partizan position's value: canonical form, temperature."),
    "thermograph": ("grundy.cli.partizan", "thermograph_command", "The thermograph of a partizan position."),
}


class Stopped(Exception):
    """Ctrl-C inside a command, carried past click (which would print a bare newline for it)."""


class LazyCommands(Mapping[str, click.Command]):
    """The group's commands by name, as click reads them: every name of :data:`COMMANDS` is there, and
    a command's module is imported the first time the command is asked for."""

    def __init__(self) -> None:
        self.loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self.loaded:
            module, attribute, _ = COMMANDS[name]
            self.loaded[name] = getattr(importlib.import_module(module), attribute)
        return self.loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS)


class Commands(click.Group):
    """The ``grundy`` group: commands loaded as they run (:class:`LazyCommands`), listed by ``--help``
    from :data:`COMMANDS`, in its order."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.commands = LazyCommands()  # type: ignore[assignment]

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands with their one line each, importing none of them."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, summary) for name, (_, _, summary) in COMMANDS.items()])

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            raise Stopped from exc


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
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
      grundy serve --open               the web explorer: heat maps, coloured moves, play
      grundy sweep octal --digits 2     the periods of a whole family of games, on Dask
      grundy misere kayles --max-heap 9 misère play: the quotient of Kayles' heaps up to 9
      grundy value domineering '..|..'  a partizan position's value (canonical form, temperature)
    """


def run(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turning every user error into one line and exit status 2."""
    args = sys.argv[1:] if argv is None else argv
    quiet = "--json" in args or (args[:1] in (["play"], ["serve"]))  # play draws its own bars between prompts
    # the memory budget holds on the whole command; the web and the sweep hold each request or game to it
    # instead (their main thread only serves)
    guard = contextlib.nullcontext() if args[:1] in (["serve"], ["sweep"]) else memory.enforced()
    try:
        with words.command_line(), activity(enabled=not quiet), guard:
            code = cli.main(args=args, prog_name="grundy", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else "")
        sys.exit(0)
    except click.ClickException as exc:
        hint = ""
        if isinstance(exc, click.UsageError):
            hint = f" (see '{exc.ctx.command_path if exc.ctx else 'grundy'} --help')"
            if isinstance(exc, click.NoSuchOption) and exc.ctx and _free_components(exc.ctx.command):
                hint += "; a component that begins with '-' goes after '--'"
        _fail(exc.format_message() + hint)
    except GrundyError as exc:
        _fail(str(exc))
    except (click.Abort, KeyboardInterrupt, Stopped):
        done = reports.last()
        click.echo("grundy: interrupted" + (f" after {done} (no answer yet)" if done else ""), err=True)
        sys.exit(130)
    except (MemoryError, memory.OverBudget):  # past the guard, where it does not hold
        _fail("out of memory: choose a smaller position or a lower limit")
    except BrokenPipeError:
        sys.exit(0)
    sys.exit(code if isinstance(code, int) else 0)


def _free_components(command: click.Command) -> bool:
    """Whether ``command`` takes free-form components (its module, a command's, is loaded already)."""
    from grundy.cli.common import FreeComponents

    return isinstance(command, FreeComponents)


def _fail(message: str) -> None:
    click.echo(f"grundy: error: {' '.join(message.split())}", err=True)
    sys.exit(2)
