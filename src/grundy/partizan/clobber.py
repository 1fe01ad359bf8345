"""Clobber and Konane: stones ``x`` (Left's) and ``o`` (Right's) on a board with empty cells ``.``.

- ``clobber`` — a player moves one of their stones onto an orthogonally adjacent stone of the
  opponent, which is removed (Lessons in Play; Albert, Grossman, Nowakowski, Wolfe, "An
  introduction to Clobber", *Integers* 5 (2005)). Stones only ever move onto stones, so the groups
  of orthogonally connected stones are independent, and a group of one colour is dead (``split``).
- ``konane`` — a player jumps one of their stones orthogonally over an adjacent opposing stone into
  the empty cell beyond, removing it, and may go on jumping in the **same direction** over further
  single opposing stones into empty cells; stopping after any jump is a separate option (M. D. Ernst,
  "Playing Konane mathematically", *UMAP Journal* 16 (1995); the opening removals of the Hawaiian
  game are not part of the positions).

For both games every symmetry of the square keeps the value (``key``), and swapping ``x`` with ``o``
is the negative. A component is the rows joined by ``|``, top row first: ``xo|ox``.

>>> from grundy.partizan.clobber import Clobber, Konane
>>> Clobber().left_options(("xxo",)), Clobber().right_options(("xxo",))
([()], [(('xo',),)])
>>> Konane().left_options(("xo.o.",)), Konane().negate(("xo.",))
([(('..xo.',),), ()], ('ox.',))
"""

from __future__ import annotations

from functools import lru_cache

from grundy.partizan.ruleset import (
    ORTHOGONAL,
    Grid,
    PartizanRuleset,
    check_grid,
    format_grid,
    least_image,
    parse_grid,
    regions,
    set_cells,
    trim,
    unique,
)

LEFT, RIGHT, EMPTY = "x", "o", "."
STONES = {"L": (LEFT, RIGHT), "R": (RIGHT, LEFT)}
STEPS = ORTHOGONAL
_EITHER_CASE = str.maketrans(LEFT.upper() + RIGHT.upper(), LEFT + RIGHT)  # CGSuite reads stones in either case


class Clobber(PartizanRuleset):
    """Clobber: move a stone onto an orthogonally adjacent opposing stone, removing it."""

    spec = "clobber"
    name = "Clobber"
    component_kind = ("a board: rows of 'x' (Left's stone), 'o' (Right's) and '.' (empty) joined by '|' "
                      "('X', 'O' too, as CGSuite reads them)")
    example = "xo|ox"
    meaning = "a stone moves onto an orthogonally adjacent opposing stone, which is removed"
    reference = "Lessons in Play; Albert, Grossman, Nowakowski, Wolfe, Integers 5 (2005)"

    def parse_component(self, text: str) -> Grid:
        if isinstance(text, str):
            text = text.translate(_EITHER_CASE)
        return parse_grid(self, text, LEFT + RIGHT + EMPTY)

    def component(self, position: object) -> Grid:
        return check_grid(self, position, LEFT + RIGHT + EMPTY)

    def format_component(self, position: Grid) -> str:
        return format_grid(position)

    def _moves(self, board: Grid, player: str) -> list[Grid]:
        mine, theirs = STONES[player]
        height, width = len(board), len(board[0])
        found = []
        for r, c in _stones(board, mine):
            for dr, dc in STEPS:
                rr, cc = r + dr, c + dc
                if 0 <= rr < height and 0 <= cc < width and board[rr][cc] == theirs:
                    found.append(set_cells(board, {(r, c): EMPTY, (rr, cc): mine}))
        return found

    def left_options(self, position: Grid) -> list[tuple]:
        return unique(self.split(board) for board in self._moves(position, "L"))

    def right_options(self, position: Grid) -> list[tuple]:
        return unique(self.split(board) for board in self._moves(position, "R"))

    def split(self, position: Grid) -> tuple:
        return tuple(group for group in regions(position, LEFT + RIGHT, EMPTY)
                     if any(LEFT in row for row in group) and any(RIGHT in row for row in group))

    def key(self, position: Grid) -> Grid:
        return least_image(trim(position, EMPTY))

    def negate(self, position: Grid) -> Grid:
        swap = str.maketrans(LEFT + RIGHT, RIGHT + LEFT)
        return tuple(row.translate(swap) for row in position)


def _stones(board: Grid, stone: str) -> list[tuple[int, int]]:
    """The cells holding ``stone``, in reading order."""
    return [(r, c) for r, row in enumerate(board) for c, cell in enumerate(row) if cell == stone]


@lru_cache(maxsize=1 << 16)
def _can_jump(board: Grid) -> bool:
    """Whether anyone can jump: a stone next to an opposing one with an empty cell beyond, in a row
    or a column (``xo.``, ``.ox``, ``ox.``, ``.xo``). The cells of each kind are bits of an integer
    (bit r * (width + 1) + c, a gap bit between rows that is none of them)."""
    flat = "|".join(board)[::-1]
    left, right, empty = (int(flat.translate(table), 2) for table in _BITS)
    for step in (1, len(board[0]) + 1):
        if (left & right >> step | right & left >> step) & (empty >> 2 * step | empty << step):
            return True
    return False


_BITS = tuple(str.maketrans({cell: "1" for cell in kind} | {cell: "0" for cell in LEFT + RIGHT + EMPTY + "|"
                                                             if cell not in kind}) for kind in (LEFT, RIGHT, EMPTY))


class Konane(Clobber):
    """Konane: jump over adjacent opposing stones into empty cells, in a straight line."""

    spec = "konane"
    name = "Konane"
    example = "xo.|.ox"
    meaning = ("a stone jumps orthogonally over an adjacent opposing stone into an empty cell, and may "
               "jump on in the same direction")
    reference = "Ernst, Playing Konane mathematically, UMAP Journal 16 (1995)"

    def _moves(self, board: Grid, player: str) -> list[Grid]:
        """The boards after each jump, found in the rows joined by ``|`` as one string: cell (r, c) is
        letter r * (width + 1) + c, a step is 1 or width + 1 letters either way, and the ``|`` ends
        any jump that would leave a row."""
        mine, theirs = STONES[player]
        flat = "|".join(board)
        size, stride = len(flat), len(board[0]) + 1
        found = []
        start = flat.find(mine)
        while start >= 0:
            for step in (-stride, stride, -1, 1):
                over, to = start + step, start + 2 * step
                letters = None
                while 0 <= to < size and flat[over] == theirs and flat[to] == EMPTY:
                    if letters is None:
                        letters = list(flat)
                        letters[start] = EMPTY
                    letters[over] = EMPTY
                    letters[to] = mine
                    found.append(tuple("".join(letters).split("|")))
                    letters[to] = EMPTY
                    over, to = to + step, to + 2 * step
            start = flat.find(mine, start + 1)
        return found

    def split(self, position: Grid) -> tuple:
        """Not split (empty cells matter); a board where nobody can move is 0 and dropped."""
        return (position,) if _can_jump(position) else ()

    def key(self, position: Grid) -> Grid:
        """The least of the board's eight images (untrimmed: empty border cells can be jumped into)."""
        return least_image(position)
