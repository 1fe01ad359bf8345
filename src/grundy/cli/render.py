"""How results look on a terminal (rich), kept apart from parsing: the consoles, clipping, and the
answers of ``solve`` and of the general solver. Each other command prints in its own module."""

from __future__ import annotations

import os
from typing import Any

from rich.console import Console, ConsoleDimensions
from rich.markup import escape

PIPED_WIDTH = 100_000  # the width of a console that is not a terminal and has no $COLUMNS: lines come whole


class AnswerConsole(Console):
    """A rich console with the one rule of width for every command: on a terminal, the terminal's
    width (tables and text fit it); piped or redirected, ``$COLUMNS`` if set, else :data:`PIPED_WIDTH`,
    so tables keep every column and lines come whole (for grep and scripts)."""

    @property
    def size(self) -> ConsoleDimensions:
        """The terminal's size, or when not a terminal, a width that wraps nothing."""
        found = Console.size.fget(self)  # type: ignore[attr-defined]
        if self.is_terminal:
            return found
        columns = os.environ.get("COLUMNS", "")
        return ConsoleDimensions(int(columns) if columns.isdigit() else PIPED_WIDTH, found.height)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)  # type: ignore[attr-defined]


console = AnswerConsole(highlight=False)
stderr = AnswerConsole(stderr=True, highlight=False)
SHOWN = 300  # characters of one position or move on a terminal (--json prints them whole)


def clip(text: str, limit: int = SHOWN) -> str:
    """``text`` as it is, or its start, its length and its end (a terminal cannot show a million
    edges; the end keeps what a move leaves in sight).

    >>> clip("0-1," * 100 + " -> nothing", 60)
    '0-1,0-1,0-1,0-1,0- ... [411 characters] ... ,0-1,0-1, -> nothing'
    """
    if len(text) <= limit:
        return text
    tail = limit // 3
    return f"{text[:limit - tail - 22]} ... [{len(text):,} characters] ... {text[-tail:]}"


def _say(text: str) -> None:
    """One line of an answer: wrapped to a terminal's width, whole when piped (for grep and scripts)."""
    console.print(text, soft_wrap=not console.is_terminal)


def solution(s: Any) -> None:
    """Print a :class:`grundy.Solution`: verdict, values, why (once), and the winning moves with
    what each adds to the why; under Every-SG, the one plan of moves to make together."""
    verdict = {"N": "[bold green]N[/]: the player to move wins",
               "D": "[bold yellow]D[/]: a draw with perfect play (neither player can force a win)"}.get(
        s.outcome, "[bold red]P[/]: the player to move loses (the previous player wins)")
    play = " (misère)" if s.misere else " (Every-SG)" if s.every_sg is not None else ""
    _say(f"[bold]{escape(s.spec)}[/]{play}  position: {escape(clip('  '.join(s.shown)))}")
    if s.loopy_values is not None:
        _say(f"Smith's values: {escape(clip('  '.join(s.loopy_values)))}")
    elif s.grundy is not None:
        values = f"   component values: {s.component_values}" if s.component_values is not None else ""
        _say(f"Grundy value: {s.grundy}{values}")
    _say(verdict)
    _say(f"why: {escape(s.explanation)}")
    if s.every_sg is not None:
        _plan(s)
    elif s.winning_move_count:
        _say(f"winning moves ({s.winning_move_count:,}):")
        _moves(s.winning_moves, s.winning_move_count, "")
    elif s.drawing_moves:
        listed = f"{len(s.drawing_moves):,}"
        shown = listed if s.listed_all else f"the first {listed}; --max-moves lists more"
        _say(f"moves that keep the draw ({shown}):")
        _moves(s.drawing_moves, len(s.drawing_moves), "")


def _plan(s: Any) -> None:
    """The Every-SG plan: one move made of a move in every component that can move."""
    found = s.every_sg
    if not found.plan:
        return
    others = "" if found.ways < 2 else " (1 other way wins too)" if found.ways == 2 else \
        f" ({found.ways - 1:,} other ways win too)"
    _say(f"this turn, move in every {found.noun} that can move, all together{others}:")
    _moves(s.winning_moves, len(found.plan), f" {found.noun}s")
    _say(escape(found.plan_why))


def _moves(moves: list, count: int, unit: str) -> None:
    """The moves listed, each with its reason, then how many more there are."""
    width = min(max((len(m.text) for m in moves), default=0), 40)
    for move in moves:
        _say(f"  [cyan]{escape(clip(move.text)):<{width}}[/]   {escape(clip(move.reason))}")
    if len(moves) < count:
        _say(f"  ... {count - len(moves):,} more{unit} (--max-moves)")


def game_solution(the_game: Any, start: Any, solution: Any) -> None:
    """Print a general solver result: value, remoteness and each move's value."""
    _say(f"[bold]{escape(the_game.name)}[/]  position: {escape(clip(the_game.describe(start)))}")
    _say(f"value for the player to move: [bold]{solution.value}[/], remoteness {solution.remoteness}"
         f"   ({solution.states:,} positions solved)")
    best = solution.best_moves(start)
    for move, value, remoteness in solution.move_values(start):
        mark = "[cyan]*[/]" if move in best else " "
        _say(f" {mark} {escape(clip(the_game.describe(move)))}: mover {value}, remoteness after {remoteness}")
