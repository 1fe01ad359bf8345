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

from functools import lru_cache

from grundy.partizan.ruleset import (
    Grid,
    PartizanRuleset,
    check_grid,
    format_grid,
    least_reflection,
    parse_grid,
    symmetries,
    transpose,
    trim,
    unique,
)

EMPTY, FILLED = ".", "#"


def _placements(board: Grid, vertical: bool) -> list[tuple]:
    """Every domino one way, as the regions of the board it leaves (in reading order of the domino's
    first cell, equal options once). The board's empty cells are bits of an integer (bit
    ``r * (width + 1) + c``, a gap bit between rows), a domino two of them."""
    width = len(board[0])
    empty = _empty_cells(board)
    shift = width + 1 if vertical else 1
    pairs = empty & (empty >> shift)  # bit i: cells i and i + shift both empty (gap bits never are)
    found: dict[tuple, None] = {}  # the options in first-seen order, each once
    regions = _regions
    while pairs:
        first = pairs & -pairs
        pairs ^= first
        found[regions(empty ^ (first | first << shift), width)] = None
    return list(found)


def _split(board: Grid) -> tuple:
    """The regions of empty cells that can hold a domino."""
    return _regions(_empty_cells(board), len(board[0]))


@lru_cache(maxsize=1 << 12)
def _empty_cells(board: Grid) -> int:
    """The empty cells as bits: bit ``r * (width + 1) + c`` for the cell (r, c) (kept: a board's
    options each way and its known value read them)."""
    flat = FILLED.join(board)[::-1].translate(_BITS)
    return int(flat, 2) if flat else 0


_BITS = str.maketrans({EMPTY: "1", FILLED: "0"})
_CELLS = str.maketrans({"1": EMPTY, "0": FILLED})


@lru_cache(maxsize=1 << 16)
def _regions(empty: int, width: int) -> tuple:
    """The connected regions of the ``empty`` cells that hold more than one cell, each cut to its
    bounding box (other cells filled), in reading order of first cells; kept, as the boards a search
    meets recur from many positions."""
    stride = width + 1
    found = []
    while empty:
        region = empty & -empty  # the first cell left, grown within ``empty`` until it stops growing:
        while True:  # a step up, down or left, then along each row to the right as far as it goes
            grown = (region | region >> 1 | region << stride | region >> stride) & empty
            grown |= ((empty + grown) ^ empty) & empty  # the carry runs from each cell through the row's run
            if grown == region:
                break
            region = grown
        empty ^= region
        if region & (region - 1):  # two cells or more
            found.append(_box(region, stride))
    return tuple(found)


@lru_cache(maxsize=1 << 16)
def _box(region: int, stride: int) -> Grid:
    """The rows of a region's bounding box, its cells empty and the others filled."""
    top = ((region & -region).bit_length() - 1) // stride
    bottom = (region.bit_length() - 1) // stride
    mask = (1 << (stride - 1)) - 1
    rows = [(region >> (r * stride)) & mask for r in range(top, bottom + 1)]
    columns = 0  # the columns the region meets
    for row in rows:
        columns |= row
    left = (columns & -columns).bit_length() - 1
    texts = _row_texts(columns.bit_length() - left)
    return tuple([texts[row >> left] for row in rows])


@lru_cache(maxsize=64)
def _row_texts(size: int) -> list[str] | _RowText:
    """The text of a row of ``size`` cells from its empty cells' bits (bit c: cell c): a list made once
    for rows of up to :data:`LISTED` cells, worked out each time for longer ones."""
    if size > LISTED:
        return _RowText(size)
    return [format(bits, f"0{size}b")[::-1].translate(_CELLS) for bits in range(1 << size)]


LISTED = 12  # rows up to this long have their texts listed (4,096 of them at most)


class _RowText:
    """The texts of rows longer than :data:`LISTED`, read as a list's items are."""

    def __init__(self, size: int) -> None:
        self.size = size

    def __getitem__(self, bits: int) -> str:
        return format(bits, f"0{self.size}b")[::-1].translate(_CELLS)


def _trimmed(board: Grid) -> bool:
    """Whether the board has an empty cell in its first and last rows and columns (the regions the
    moves leave always have)."""
    if EMPTY not in board[0] or EMPTY not in board[-1]:
        return False
    width = len(board[0])
    joined = "".join(board)
    return EMPTY in joined[::width] and EMPTY in joined[width - 1::width]


@lru_cache(maxsize=256)
def _integer(n: int) -> object:
    """The game of the integer ``n`` (kept: the boards where one player alone moves are many)."""
    from grundy.cgt.game import number

    return number(n)


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
        return least_reflection(position if _trimmed(position) else trim(position, FILLED))

    def negate(self, position: Grid) -> Grid:
        return transpose(position)

    def listing_cost(self, position: Grid) -> int:
        """As :meth:`PartizanRuleset.listing_cost` (its cells squared, over 32), read off the board's shape."""
        return (len(position) * len(position[0])) ** 2 // 32

    def known_value(self, position: Grid) -> object | None:
        """The value where only one player can move: an integer, plus (Left) or minus (Right) the most
        dominoes that player can place one after another. Dominoes of one direction in different
        columns (rows) never meet, and a run of k empty cells holds k // 2 of them; so a single row of
        any length is valued at once. Boards where both can move are searched."""
        empty = _empty_cells(position)
        if empty & (empty >> 1) and empty & (empty >> (len(position[0]) + 1)):
            return None  # a domino fits each way
        right = _most_dominoes(position)
        left = _most_dominoes(transpose(position))
        return None if left and right else _integer(left - right)


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
