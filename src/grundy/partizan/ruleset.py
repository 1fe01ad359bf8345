"""The protocol every partizan ruleset follows, and the grid helpers the board games share.

A partizan position is a *component*: an immutable, hashable value (a tuple of row strings, a
string, a pair of integers, a tuple of edges). A move by Left or by Right leaves a **tuple of
components** — the position after the move, already split into independent regions (``()`` when
nothing playable is left). A sum of components is played as usual: a move is made in exactly one
of them, which is replaced by the option's components. Nothing here knows about values; the value
algebra (:mod:`grundy.cgt`) is built on top of these moves.

>>> from grundy.partizan.ruleset import PartizanRuleset
>>> class Stick(PartizanRuleset):
...     spec = name = "stick"
...     def parse_component(self, text): return int(text)
...     def format_component(self, position): return str(position)
...     def left_options(self, position): return [((position - 1,) if position > 1 else ())]
...     def right_options(self, position): return []
>>> Stick().left_options(2), Stick().options(2, "R"), Stick().negate(2)
([(1,)], [], None)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import lru_cache
from operator import itemgetter

from grundy.core.errors import ComponentError

Position = Hashable
Grid = tuple[str, ...]  # rows, top row first, all of one length


class PartizanRuleset:
    """A partizan ruleset: how a component is written, and the moves Left and Right have in it.

    Subclasses set the class attributes and override the four abstract methods; ``key``, ``split``
    and ``negate`` have safe defaults (no symmetry, no splitting, negation unknown).
    """

    spec: str = ""  # the spec string that names the ruleset, e.g. "domineering"
    name: str = ""  # the name for people, e.g. "Domineering"
    component_kind: str = ""  # how a component is written, for messages and help
    example: str = ""  # an example component, as written on the command line
    meaning: str = ""  # the rules in one line, for the catalogue
    reference: str = ""  # where the rules are published
    impartial: bool = False  # Left's options are always Right's (the value is a nimber)

    def refusal(self, question: str) -> str | None:
        """Why this ruleset cannot answer ``question``, or None: a partizan position has a value
        (``grundy value``: its canonical form, stops, temperature) and a thermograph, and can be played;
        Left and Right have different moves, so it has no Grundy value, table or period."""
        if question in ("value", "thermograph", "play"):
            return None
        return (f"{self.spec!r} is a partizan game (Left and Right have different moves): its value is "
                f"'grundy value {self.spec} ...', and 'grundy play {self.spec} ...' plays it")

    def parse_component(self, text: str) -> Position:
        """One command-line token as a position; bad text raises :class:`ComponentError`."""
        raise NotImplementedError

    def format_component(self, position: Position) -> str:
        """The position as one token: ``parse_component(format_component(p)) == p``."""
        raise NotImplementedError

    def component(self, position: Position) -> Position:
        """A position given as a value (not as text), checked and in the ruleset's own form; a value
        that is not a position raises :class:`ComponentError`. The rulesets here check the value
        itself; this default, for a ruleset that does not, reads the position back from its text."""
        try:
            text = self.format_component(position)
        except (TypeError, ValueError, AttributeError, IndexError, KeyError):
            raise self.bad(repr(position), "not a position of this ruleset") from None
        return self.parse_component(text)

    def left_options(self, position: Position) -> list[tuple]:
        """Left's moves, each the tuple of components it leaves."""
        raise NotImplementedError

    def right_options(self, position: Position) -> list[tuple]:
        """Right's moves, each the tuple of components it leaves."""
        raise NotImplementedError

    def options(self, position: Position, player: str) -> list[tuple]:
        """``left_options`` for ``player`` ``"L"``, ``right_options`` for ``"R"``."""
        if player == "L":
            return self.left_options(position)
        if player == "R":
            return self.right_options(position)
        raise ValueError(f"player must be 'L' or 'R', not {player!r}")

    def key(self, position: Position) -> Position:
        """A canonical representative of the position under the symmetries that keep its value
        (Left stays Left); itself a position of the ruleset, so it can be searched or printed."""
        return position

    def split(self, position: Position) -> tuple:
        """The position as a tuple of independent components whose sum equals it."""
        return (position,)

    def negate(self, position: Position) -> Position | None:
        """The position with Left and Right swapped (its negative), or None where that is not cheap."""
        return None

    def listing_cost(self, position: Position) -> int:
        """About how many steps of the work budget listing the position's moves costs, charged before
        they are listed (:mod:`grundy.core.work`): s * s / 32 for a position of size s (its letters,
        cells or edges), as each of about s moves copies the position."""
        return size(position) ** 2 // 32

    def known_value(self, position: Position) -> object | None:
        """The value of the position by a proved formula (a :class:`grundy.cgt.Game`), or None when
        it must be searched; a ruleset that has one keeps a search-based check of it in the tests."""
        return None

    def bad(self, text: str, why: str = "") -> ComponentError:
        """The one-line error for a token this ruleset does not accept."""
        reason = f" ({why})" if why else ""
        shown = text if len(text) <= 60 else text[:57] + "..."
        return ComponentError(f"{shown!r} is not a {self.spec} component{reason}: write {self.component_kind}, "
                              f"e.g. {self.example!r}")

    def __repr__(self) -> str:
        return f"partizan_ruleset({self.spec!r})"


def size(position: Position) -> int:
    """About how much a position holds: the letters of a row, the cells of a board (its rows'
    letters), the edges of a graph; 1 for anything else (a cake).

    >>> size("lre"), size(("..", "..")), size((2, 3))
    (3, 4, 2)
    """
    if isinstance(position, str):
        return len(position)
    if isinstance(position, tuple):
        return sum(len(part) if isinstance(part, (str, tuple)) else 1 for part in position)
    return 1


def parse_grid(ruleset: PartizanRuleset, text: str, cells: str) -> Grid:
    """Rows joined by ``|`` (top row first) of the characters in ``cells``, all of one length.

    >>> parse_grid(PartizanRuleset(), "..|.#", ".#")
    ('..', '.#')
    """
    if not isinstance(text, str):
        raise ruleset.bad(repr(text), "a component is one string")
    return check_grid(ruleset, tuple(text.strip().split("|")), cells, text)


def check_grid(ruleset: PartizanRuleset, rows: object, cells: str, shown: str | None = None) -> Grid:
    """``rows`` (a tuple or list of row strings, top row first) checked as a grid of the characters
    in ``cells``, all of one length; ``shown`` is how the position is named in an error.

    >>> check_grid(PartizanRuleset(), ["..", ".#"], ".#")
    ('..', '.#')
    """
    shown = repr(rows) if shown is None else shown
    if not isinstance(rows, (tuple, list)) or not rows or not all(isinstance(row, str) for row in rows):
        raise ruleset.bad(shown, "a grid is a tuple of row strings")
    if not rows[0]:
        raise ruleset.bad(shown, "no cells")
    if len({len(row) for row in rows}) != 1:
        raise ruleset.bad(shown, "rows of different lengths")
    stray = sorted(set("".join(rows)) - set(cells))
    if stray:
        raise ruleset.bad(shown, f"{stray[0]!r} is not a cell; cells are {' '.join(cells)}")
    return tuple(rows)


def format_grid(grid: Grid) -> str:
    """The inverse of :func:`parse_grid`.

    >>> format_grid(('..', '.#'))
    '..|.#'
    """
    return "|".join(grid)


def transpose(grid: Grid) -> Grid:
    """Rows become columns (the reflection in the main diagonal).

    >>> transpose(('ab', 'cd', 'ef'))
    ('ace', 'bdf')
    """
    return tuple(map("".join, zip(*grid, strict=True)))


def reflections(grid: Grid) -> list[Grid]:
    """The grid and its images under left-right and top-bottom reflection (and both).

    >>> reflections(('ab', 'cd'))
    [('ab', 'cd'), ('ba', 'dc'), ('cd', 'ab'), ('dc', 'ba')]
    """
    mirrored = tuple(row[::-1] for row in grid)
    return [grid, mirrored, grid[::-1], mirrored[::-1]]


def least_reflection(grid: Grid) -> Grid:
    """``min(reflections(grid))``, building only the images that can be least: an image is as small
    as its first row, which is the grid's first or last row, read either way.

    >>> least_reflection(('ab', 'cd')), least_reflection(('dc', 'ba'))
    (('ab', 'cd'), ('ab', 'cd'))
    """
    first, last = grid[0], grid[-1]
    backward_first, backward_last = first[::-1], last[::-1]
    least = min(first, last, backward_first, backward_last)
    images = []
    if first == least:
        images.append(grid)
    if last == least:
        images.append(grid[::-1])
    if backward_first == least or backward_last == least:
        mirrored = tuple([row[::-1] for row in grid])
        if backward_first == least:
            images.append(mirrored)
        if backward_last == least:
            images.append(mirrored[::-1])
    return images[0] if len(images) == 1 else min(images)


def symmetries(grid: Grid) -> list[Grid]:
    """All eight images of the grid under the symmetries of the square (reflections and transposes).

    >>> len(set(symmetries(('ab', 'cd'))))
    8
    """
    return reflections(grid) + reflections(transpose(grid))


def least_image(grid: Grid, turned: bool = True) -> Grid:
    """``min(symmetries(grid))`` (``min(reflections(grid))`` when not ``turned``): every image read off
    the grid's letters at once by the index list of its shape (worked out once per shape), then
    compared as strings, rows joined by a space: a space sorts before every cell, so the strings order
    as the tuples of rows do.

    >>> least_image(('ba', '.x', 'o.')) == min(symmetries(('ba', '.x', 'o.')))
    True
    """
    pick, slices = _images(len(grid), len(grid[0]), turned)
    images = "".join(pick("".join(grid) + " "))
    return tuple(min(map(images.__getitem__, slices)).split(" "))


@lru_cache(maxsize=256)
def _images(height: int, width: int, turned: bool) -> tuple:
    """For a ``height`` x ``width`` grid: a function from its letters (row after row, then a space) to
    its images one after another (each with its rows joined by spaces), and the slice of each."""
    space = height * width
    cells = [[r * width + c for c in range(width)] for r in range(height)]
    images = reflections(tuple(cells)) + (reflections(tuple(zip(*cells, strict=True))) if turned else [])  # type: ignore[arg-type]
    order: list[int] = []
    slices = []
    for image in images:
        joined = [space if i is None else i for i in _joined([list(row) for row in image])]
        slices.append(slice(len(order), len(order) + len(joined)))
        order.extend(joined)
    return itemgetter(*order), tuple(slices)


def _joined(rows: list[list[int]]) -> list[int | None]:
    """The rows' cells one after another, None between rows."""
    out: list[int | None] = []
    for row in rows:
        if out:
            out.append(None)
        out.extend(row)
    return out


ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
KING = ORTHOGONAL + ((-1, -1), (-1, 1), (1, -1), (1, 1))  # the eight neighbours


def set_cells(grid: Grid, changes: dict[tuple[int, int], str]) -> Grid:
    """A copy of the grid with the cells ``(row, column)`` set to the given characters.

    >>> set_cells(('..', '..'), {(0, 1): '#', (1, 1): '#'})
    ('.#', '.#')
    """
    rows = [list(row) for row in grid]
    for (r, c), char in changes.items():
        rows[r][c] = char
    return tuple("".join(row) for row in rows)


def trim(grid: Grid, blank: str) -> Grid:
    """The grid without the rows and columns made only of ``blank`` on its borders (a grid of
    nothing else becomes one such cell): boards that differ by such borders are one position.

    >>> trim(('###', '#.#', '###'), '#'), trim(('..', '..'), '.')
    (('.',), ('.',))
    """
    rows = [r for r, row in enumerate(grid) if row.strip(blank)]
    if not rows:
        return (blank,)
    cols = [c for c in range(len(grid[0])) if any(row[c] != blank for row in grid)]
    return tuple(row[cols[0]:cols[-1] + 1] for row in grid[rows[0]:rows[-1] + 1])


def regions(grid: Grid, inside: str, fill: str, steps: tuple[tuple[int, int], ...] = ORTHOGONAL,
            blocked: Iterable[tuple[int, int]] = ()) -> list[Grid]:
    """The connected regions of cells whose character is in ``inside`` (neighbours one of ``steps``
    away: orthogonal unless told), each cut to its bounding box with every other cell of the box set
    to ``fill``; in reading order of first cells. The ``blocked`` cells ``(row, column)`` count as
    ``fill`` whatever they hold (a move's cells, without a copy of the grid).

    >>> regions(('..#', '#.#', '##.'), '.', '#')
    [('..', '#.'), ('.',)]
    >>> len(regions(('.#', '#.'), '.', '#')), len(regions(('.#', '#.'), '.', '#', KING))
    (2, 1)
    >>> regions(('...',), '.', '#', blocked=[(0, 1)])
    [('.',), ('.',)]
    """
    if not grid:
        return []
    width = len(grid[0])
    stride = width + 1  # bit r * stride + c is cell (r, c); bit r * stride + width separates the rows
    flat = "\n".join(grid) + "\n"
    todo = plain = 0  # the cells of regions not yet found; the cells not holding ``fill``
    for i, char in enumerate(flat):
        if char in inside:
            todo |= 1 << i
        if char != fill:
            plain |= 1 << i
    for r, c in blocked:
        todo &= ~(1 << (r * stride + c))
    shifts = [dr * stride + dc for dr, dc in steps]
    found = []
    while todo:
        region = todo & -todo  # the first cell left, grown a step at a time within ``todo``
        while True:
            grown = region
            for shift in shifts:
                grown |= region << shift if shift > 0 else region >> -shift
            grown &= todo
            if grown == region:
                break
            region = grown
        todo &= ~region
        top = ((region & -region).bit_length() - 1) // stride
        bottom = (region.bit_length() - 1) // stride
        rows = [(region >> (r * stride)) & ((1 << width) - 1) for r in range(top, bottom + 1)]
        left = min((row & -row).bit_length() - 1 for row in rows if row)
        right = max(row.bit_length() for row in rows)
        span = ((1 << right) - 1) ^ ((1 << left) - 1)
        box = []
        for r, row in enumerate(rows, start=top):
            base = r * stride
            if (plain >> base) & span == row & span:  # the row's box holds this region and fill alone
                box.append(flat[base + left:base + right])
            else:
                box.append("".join(flat[base + c] if row >> c & 1 else fill for c in range(left, right)))
        found.append(tuple(box))
    return found


def unique(options: Iterable[tuple]) -> list[tuple]:
    """The options without repeats, in first-seen order.

    >>> unique([(1,), (), (1,)])
    [(1,), ()]
    """
    return list(dict.fromkeys(options))
