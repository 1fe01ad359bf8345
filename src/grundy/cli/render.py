"""How results look on a terminal (rich), kept apart from parsing: the consoles, clipping, and the
answers of ``solve`` and of the general solver. Each other command prints in its own module."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape

console = Console(highlight=False)
stderr = Console(stderr=True, highlight=False)
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


def solution(s: Any) -> None:
    """Print a :class:`grundy.Solution`: verdict, values, winning moves, explanation."""
    verdict = ("[bold green]N[/]: the player to move wins" if s.outcome == "N"
               else "[bold red]P[/]: the player to move loses (the previous player wins)")
    play = " (misère)" if s.misere else ""
    console.print(f"[bold]{escape(s.spec)}[/]{play}  position: {escape(clip('  '.join(s.shown)))}")
    if s.grundy is not None:
        values = f"   component values: {s.component_values}" if s.component_values is not None else ""
        console.print(f"Grundy value: {s.grundy}{values}")
    console.print(verdict)
    if s.winning_move_count:
        console.print(f"winning moves ({s.winning_move_count}):")
        for move in s.winning_moves:
            console.print(f"  [cyan]{escape(clip(move.text))}[/]")
        if len(s.winning_moves) < s.winning_move_count:
            console.print(f"  ... {s.winning_move_count - len(s.winning_moves)} more (--max-moves)")
        console.print(f"why: {escape(clip(s.winning_moves[0].why))}" if s.winning_moves else "")
    console.print(f"[dim]{s.explanation}[/]")


def game_solution(the_game: Any, start: Any, solution: Any) -> None:
    """Print a general solver result: value, remoteness and each move's value."""
    console.print(f"[bold]{the_game.name}[/]  position: {the_game.describe(start)}")
    console.print(f"value for the player to move: [bold]{solution.value}[/], remoteness {solution.remoteness}"
                  f"   ({solution.states:,} positions solved)")
    best = solution.best_moves(start)
    for move, value, remoteness in solution.move_values(start):
        mark = "[cyan]*[/]" if move in best else " "
        console.print(f" {mark} {the_game.describe(move)}: mover {value}, remoteness after {remoteness}")
