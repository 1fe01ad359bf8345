"""Domineering and Cram: dominoes placed on a board of empty (``.``) and filled (``#``) cells.

- ``domineering`` — Left places a **vertical** domino on two empty cells one above the other,
  Right a **horizontal** one on two empty cells side by side (Winning Ways, 2nd ed., vol. 1;
  Lessons in Play). Transposing the board swaps the players, so it negates the
  value; reflecting it left-right or top-bottom keeps the value.
- ``cram`` — the impartial version: both players may place a domino either way (Winning Ways,
  vol. 3, "Cram"). Every position is a nimber; all eight symmetries of the board keep it.

A component is the board's rows joined by ``|``, top row first: ``..|..`` is the empty 2x2 board.
A move leaves the board split into its connected regions of empty cells, each cut to its bounding
box (a region of one cell, where nobody can ever play, is dropped).

>>> from grundy.partizan.domineering import Domineering
>>> game = Domineering()
>>> board = game.parse_component("..|..")
>>> [game.format_component(p) for (p,) in game.left_options(board)]  # equal options once
['.|.']
>>> game.split(game.parse_component("..#|##.|#.."))
(('..',), ('#.', '..'))
>>> game.negate(game.parse_component("...")), game.key(game.parse_component(".#|.."))
(('.', '.', '.'), ('#.', '..'))
"""

from __future__ import annotations

from grundy.partizan.ruleset import (
    Grid,
    PartizanRuleset,
    check_grid,
    format_grid,
    parse_grid,
    reflections,
    regions,
    symmetries,
    transpose,
    trim,
    unique,
)

EMPTY, FILLED = ".", "#"


def _placements(board: Grid, vertical: bool) -> list[tuple]:
    """Every domino one way, as the regions of the board it leaves."""
    height, width = len(board), len(board[0])
    dr, dc = (1, 0) if vertical else (0, 1)
    found = []
    for r in range(height - dr):
        row, below = board[r], board[r + dr]
        for c in range(width - dc):
            if row[c] == EMPTY and below[c + dc] == EMPTY:
                found.append(_split(board, ((r, c), (r + dr, c + dc))))
    return unique(found)


def _split(board: Grid, covered: tuple = ()) -> tuple:
    """The regions of empty cells (the ``covered`` cells filled) that can hold a domino."""
    return tuple(region for region in regions(board, EMPTY, FILLED, blocked=covered)
                 if len(region) * len(region[0]) > 1)


def _most_dominoes(board: Grid) -> int:
    """The most horizontal dominoes the board's rows hold."""
    return sum(len(run) // 2 for row in board for run in row.split(FILLED))


class Domineering(PartizanRuleset):
    """Domineering: Left places vertical dominoes, Right horizontal ones."""

    spec = "domineering"
    name = "Domineering"
    component_kind = "a board: rows of '.' (empty) and '#' (filled) joined by '|', top row first"
    example = "..|.."
    meaning = "Left places vertical dominoes on empty cells, Right horizontal ones"
    reference = "Winning Ways vol. 1; Lessons in Play"

    def parse_component(self, text: str) -> Grid:
        return parse_grid(self, text, EMPTY + FILLED)

    def component(self, position: object) -> Grid:
        return check_grid(self, position, EMPTY + FILLED)

    def format_component(self, position: Grid) -> str:
        return format_grid(position)

    def left_options(self, position: Grid) -> list[tuple]:
        return _placements(position, vertical=True)

    def right_options(self, position: Grid) -> list[tuple]:
        return _placements(position, vertical=False)

    def split(self, position: Grid) -> tuple:
        return _split(position)

    def key(self, position: Grid) -> Grid:
        """The least of the trimmed board's four reflections (never a transpose: that negates)."""
        return min(reflections(trim(position, FILLED)))

    def negate(self, position: Grid) -> Grid:
        return transpose(position)

    def known_value(self, position: Grid) -> object | None:
        """The value where only one player can move: an integer, plus (Left) or minus (Right) the most
        dominoes that player can place one after another. Dominoes of one direction in different
        columns (rows) never meet, and a run of k empty cells holds k // 2 of them; so a single row of
        any length is valued at once. Boards where both can move are searched."""
        from grundy.cgt.game import number

        right = _most_dominoes(position)
        left = _most_dominoes(transpose(position))
        return None if left and right else number(left - right)


class Cram(Domineering):
    """Cram: Domineering where both players may place a domino either way."""

    spec = "cram"
    name = "Cram"
    meaning = "both players place dominoes either way on empty cells (impartial Domineering)"
    reference = "Winning Ways vol. 3"
    impartial = True

    def left_options(self, position: Grid) -> list[tuple]:
        return unique(_placements(position, vertical=True) + _placements(position, vertical=False))

    right_options = left_options

    def key(self, position: Grid) -> Grid:
        """The least of the trimmed board's eight images under the symmetries of the square."""
        return min(symmetries(trim(position, FILLED)))

    def known_value(self, position: Grid) -> object | None:
        """Cram is searched (its rows are octal games, not integers)."""
        return None

    def negate(self, position: Grid) -> Grid:
        """An impartial game is its own negative."""
        return position
