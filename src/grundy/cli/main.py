"""The ``grundy`` command: ``solve``, ``table``, ``period``, ``pattern``, ``play``, ``problem``, ``list``,
``serve`` and ``sweep``.

Every command that answers takes ``--json`` (``serve`` answers on the web). Bad input prints one line
``grundy: error: ...`` and exits 2.
"""

from __future__ import annotations

import contextlib
import sys

import click

from grundy import __version__
from grundy.cli.catalogue import list_rulesets
from grundy.cli.common import FreeComponents
from grundy.cli.partizan import thermograph_command, value_command
from grundy.cli.play import play
from grundy.cli.problem import problem_command
from grundy.cli.progress import activity
from grundy.cli.serve import serve
from grundy.cli.solve import solve
from grundy.cli.sweep import sweep
from grundy.cli.tables import pattern_command, period, table
from grundy.core import limits, memory
from grundy.core import progress as reports
from grundy.core.errors import GrundyError


class Stopped(Exception):
    """Ctrl-C inside a command, carried past click (which would print a bare newline for it)."""


class Commands(click.Group):
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
      grundy value domineering '..|..'  a partizan position's value (canonical form, temperature)
    """


for command in (solve, table, period, pattern_command, play, problem_command, list_rulesets, serve, sweep,
                value_command, thermograph_command):
    cli.add_command(command)


def run(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turning every user error into one line and exit status 2."""
    args = sys.argv[1:] if argv is None else argv
    quiet = "--json" in args or (args[:1] in (["play"], ["serve"]))  # play draws its own bars between prompts
    # the memory budget holds on the whole command; the web and the sweep hold each request or game to it
    # instead (their main thread only serves)
    guard = contextlib.nullcontext() if args[:1] in (["serve"], ["sweep"]) else memory.enforced()
    try:
        with limits.command_line(), activity(enabled=not quiet), guard:
            code = cli.main(args=args, prog_name="grundy", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else "")
        sys.exit(0)
    except click.ClickException as exc:
        hint = ""
        if isinstance(exc, click.UsageError):
            hint = f" (see '{exc.ctx.command_path if exc.ctx else 'grundy'} --help')"
            if isinstance(exc, click.NoSuchOption) and exc.ctx and isinstance(exc.ctx.command, FreeComponents):
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


def _fail(message: str) -> None:
    click.echo(f"grundy: error: {' '.join(message.split())}", err=True)
    sys.exit(2)
