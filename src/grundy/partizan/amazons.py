"""The Game of the Amazons on small boards: amazons ``L`` (Left's) and ``R`` (Right's), empty cells
``.`` and burnt cells ``#``.

A move: one of the player's amazons moves like a chess queen (one or more steps in one of the eight
directions, through empty cells only), then from its new square shoots an arrow, again like a queen
through empty cells, burning the cell where the arrow lands. The square the amazon left is empty by
then, so the arrow may pass through it or land on it. A player with no move loses (normal play).
(Winning Ways, 2nd ed.; Berlekamp, "Sums of N x 2 Amazons", *Game Theory, Optimal Stopping,
Probability and Statistics* (2000); Lessons in Play.)

Amazons, arrows and burnt cells never cross a burnt cell, so the board falls apart into its regions
of cells that are not burnt, connected through the eight neighbours of a cell (a queen moves
diagonally between two burnt cells): those are independent (``split``). A region without an empty
cell or without an amazon is dropped (nobody can move there); a region is cut to its bounding box,
with burnt cells around it, since the board's edge acts like burnt cells. Queen moves look the same
under every symmetry of the square and neither player has a direction, so all eight images of a
board keep its value (``key``); swapping ``L`` with ``R`` is the negative (``negate``).

A component is the rows joined by ``|``, top row first: ``L.|.R``.

>>> from grundy.partizan.amazons import Amazons
>>> game = Amazons()
>>> game.left_options(("L.",)), game.right_options(("L.",))  # L. = {0 | } = 1
([()], [])
>>> game.left_options(("L..",))  # L.. = {1, 1, 0 | } = 2
[(('L.',),), (('.L',),), ()]
>>> game.split(("L.#.", "###R", "..#.")), game.key(("#.", "#L")), game.negate(("L.R",))
((('L.',), ('.', 'R', '.')), ('.', 'L'), ('R.L',))
"""

from __future__ import annotations

from grundy.partizan.ruleset import (
    KING,
    Grid,
    PartizanRuleset,
    check_grid,
    format_grid,
    parse_grid,
    regions,
    set_cells,
    symmetries,
    trim,
    unique,
)

LEFT, RIGHT, EMPTY, BURNT = "L", "R", ".", "#"
DIRECTIONS = KING  # a queen moves and shoots along the eight directions to the king's neighbours


def _reach(board: Grid, r: int, c: int) -> list[tuple[int, int]]:
    """The cells a queen on ``(r, c)`` reaches through empty cells (itself excluded)."""
    height, width = len(board), len(board[0])
    found = []
    for dr, dc in DIRECTIONS:
        rr, cc = r + dr, c + dc
        while 0 <= rr < height and 0 <= cc < width and board[rr][cc] == EMPTY:
            found.append((rr, cc))
            rr, cc = rr + dr, cc + dc
    return found


def _moves(board: Grid, amazon: str) -> list[Grid]:
    """Every board after a whole move (queen move, then arrow) by the amazons written ``amazon``."""
    found = []
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell != amazon:
                continue
            for to in _reach(board, r, c):
                moved = set_cells(board, {(r, c): EMPTY, to: amazon})
                for shot in _reach(moved, *to):
                    found.append(set_cells(moved, {shot: BURNT}))
    return found


def _regions(board: Grid) -> list[Grid]:
    """The regions of cells that are not burnt, connected through the eight neighbours, each cut to
    its bounding box (the rest of the box burnt); only those with an amazon and an empty cell."""
    return [box for box in regions(board, LEFT + RIGHT + EMPTY, BURNT, KING)
            if any(EMPTY in row for row in box) and any(LEFT in row or RIGHT in row for row in box)]


class Amazons(PartizanRuleset):
    """The Game of the Amazons: move an amazon like a queen, then shoot an arrow like a queen."""

    spec = "amazons"
    name = "Amazons"
    component_kind = ("a board: rows of 'L' (Left's amazon), 'R' (Right's), '.' (empty) and '#' (burnt) "
                      "joined by '|'")
    example = "L..|..R"
    meaning = ("an amazon moves like a chess queen through empty cells, then shoots an arrow like a queen "
               "from where it lands; the arrow burns its cell")
    reference = "Winning Ways (2nd ed.); Berlekamp, Sums of N x 2 Amazons (2000); Lessons in Play"

    def parse_component(self, text: str) -> Grid:
        return parse_grid(self, text, LEFT + RIGHT + EMPTY + BURNT)

    def component(self, position: object) -> Grid:
        return check_grid(self, position, LEFT + RIGHT + EMPTY + BURNT)

    def format_component(self, position: Grid) -> str:
        return format_grid(position)

    def left_options(self, position: Grid) -> list[tuple]:
        return unique(self.split(board) for board in _moves(position, LEFT))

    def right_options(self, position: Grid) -> list[tuple]:
        return unique(self.split(board) for board in _moves(position, RIGHT))

    def split(self, position: Grid) -> tuple:
        return tuple(_regions(position))

    def key(self, position: Grid) -> Grid:
        """The least of the trimmed board's eight images under the symmetries of the square."""
        return min(symmetries(trim(position, BURNT)))

    def negate(self, position: Grid) -> Grid:
        swap = str.maketrans(LEFT + RIGHT, RIGHT + LEFT)
        return tuple(row.translate(swap) for row in position)
