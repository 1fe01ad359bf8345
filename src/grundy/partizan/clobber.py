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

import threading
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


_BITS = tuple(str.maketrans({cell: "1" for cell in kind} | {cell: "0" for cell in LEFT + RIGHT + EMPTY + "|"
                                                             if cell not in kind}) for kind in (LEFT, RIGHT, EMPTY))
_SWAP = str.maketrans(LEFT + RIGHT, RIGHT + LEFT)


@lru_cache(maxsize=256)
def _bits(flat: str) -> tuple[int, int, int]:
    """The cells of each kind (``x``, ``o``, ``.``) of a board written as its rows joined by ``|``,
    as integers: bit i is letter i (a ``|`` is none of them, so no jump leaves a row)."""
    backwards = flat[::-1]
    return (int(backwards.translate(_BITS[0]), 2), int(backwards.translate(_BITS[1]), 2),
            int(backwards.translate(_BITS[2]), 2))


def _anyone_jumps(mine: int, theirs: int, empty: int, stride: int) -> bool:
    """Whether anyone can jump: a stone next to an opposing one with an empty cell beyond, in a row
    (a step of 1) or a column (a step of ``stride``, the row length + 1): ``xo.``, ``.ox``, ``ox.``,
    ``.xo`` (the same for both players: ``mine`` and ``theirs`` are the two colours either way)."""
    if (mine & theirs >> 1 | theirs & mine >> 1) & (empty >> 2 | empty << 1):
        return True
    return bool((mine & theirs >> stride | theirs & mine >> stride) & (empty >> 2 * stride | empty << stride))


def _can_jump(board: Grid) -> bool:
    """Whether anyone can jump on the board (:func:`_anyone_jumps`)."""
    return _anyone_jumps(*_bits("|".join(board)), len(board[0]) + 1)


def _jumps(flat: str, stride: int, player: str) -> list[tuple[str, bool]]:
    """``player``'s jumps on a board written as its rows joined by ``|`` (cell (r, c) is letter
    r * stride + c, stride the row length + 1): each the board after it, in the same writing, and
    whether anyone can jump there (:func:`_anyone_jumps`). The stones ready to jump each way are
    found on bits (:func:`_bits`); a jump goes on over single opposing stones while the cell beyond
    is empty."""
    left, right, empty = _bits(flat)
    mine, theirs = (left, right) if player == "L" else (right, left)
    stone, other = STONES[player]
    found = []
    for step in (stride, -stride, 1, -1):
        ready = (mine & theirs >> step & empty >> 2 * step if step > 0  # mine, theirs a step on, empty beyond
                 else mine & theirs << -step & empty << -2 * step)
        while ready:
            low = ready & -ready
            ready ^= low
            start = low.bit_length() - 1
            letters = list(flat)
            letters[start] = EMPTY
            gone, over, to = low, start + step, start + 2 * step
            while True:  # one hop more each time round
                letters[over] = EMPTY
                letters[to] = stone
                gone |= 1 << over
                moved = 1 << to
                live = _anyone_jumps((mine & ~gone) | moved, theirs & ~gone, (empty | gone) & ~moved, stride)
                found.append(("".join(letters), live))
                letters[to] = EMPTY
                over, to = to + step, to + 2 * step
                if not (0 <= to < len(flat) and flat[over] == other and flat[to] == EMPTY):
                    break
    return found


class Konane(Clobber):
    """Konane: jump over adjacent opposing stones into empty cells, in a straight line. The jumps
    and whether anyone can jump after each are worked out on bits (:func:`_jumps`), and a board
    where nobody can jump is left out of an option (it is 0)."""

    spec = "konane"
    name = "Konane"
    example = "xo.|.ox"
    meaning = ("a stone jumps orthogonally over an adjacent opposing stone into an empty cell, and may "
               "jump on in the same direction")
    reference = "Ernst, Playing Konane mathematically, UMAP Journal 16 (1995)"

    def _moves(self, board: Grid, player: str) -> list[Grid]:
        """The boards after each of ``player``'s jumps (:func:`_jumps`)."""
        return [tuple(after.split("|")) for after, _ in _jumps("|".join(board), len(board[0]) + 1, player)]

    def _options(self, board: Grid, player: str) -> list[tuple]:
        """``player``'s options: each board after a jump, and ``()`` last if nobody can jump after
        some of them (distinct jumps leave distinct boards, so nothing else repeats)."""
        found: list[tuple] = []
        over = False
        for after, live in _jumps("|".join(board), len(board[0]) + 1, player):
            if live:
                found.append((tuple(after.split("|")),))
            else:
                over = True
        if over:
            found.append(())
        return found

    def left_options(self, position: Grid) -> list[tuple]:
        return self._options(position, "L")

    def right_options(self, position: Grid) -> list[tuple]:
        return self._options(position, "R")

    def split(self, position: Grid) -> tuple:
        """Not split (empty cells matter); a board where nobody can move is 0 and dropped."""
        return (position,) if _can_jump(position) else ()

    def key(self, position: Grid) -> Grid:
        """The least of the board's eight images (untrimmed: empty border cells can be jumped into),
        each written as its rows joined by ``|``: the rows joined, the columns joined (the transpose),
        each with its lines in the other order, and each of those four read backwards."""
        flat, upside = "|".join(position), "|".join(position[::-1])
        columns = tuple(map("".join, zip(*position, strict=True)))
        down, across = "|".join(columns), "|".join(columns[::-1])
        return tuple(min(flat, flat[::-1], upside, upside[::-1], down, down[::-1], across, across[::-1]).split("|"))

    def negate(self, position: Grid) -> Grid:
        return tuple("|".join(position).translate(_SWAP).split("|"))

    def listing_cost(self, position: Grid) -> int:
        """As :meth:`PartizanRuleset.listing_cost` (cells * cells / 32), from the board's shape."""
        cells = len(position) * len(position[0])
        return cells * cells // 32

    def known_value(self, position: Grid) -> object | None:
        """The value searched compiled (:func:`_kernel_value`) for a board of at most
        :data:`KERNEL_CELLS` cells, else None (searched in Python)."""
        return _kernel_value(position)


KERNEL_CELLS = 64  # the most cells of a board searched compiled (two 64-bit sets of stones)
KERNEL_CHUNK = 1 << 16  # steps of the compiled search between two charges to the work budget
KERNEL_FORMS = 1 << 20  # forms the compiled store keeps; past it the next search starts a new store
_KERNEL: dict[str, tuple] = {}  # the compiled store of canonical forms (grundy.kernels.cgt_store)
_KERNEL_LOCK = threading.RLock()  # one search at a time uses the store (its ids are shared)


def _kernel_value(board: Grid) -> object | None:
    """The value of a board of at most :data:`KERNEL_CELLS` cells by the compiled search
    (:mod:`grundy.kernels.konane`), its steps charged to the work budget every
    :data:`KERNEL_CHUNK` steps (:mod:`grundy.core.work`: a LimitError past ``max_states``, the
    memory looked at); None for a larger board or a number too fine for the store. One search at a
    time uses the store (a lock), as its ids are shared."""
    height, width = len(board), len(board[0])
    cells = height * width
    if cells > KERNEL_CELLS:
        return None
    from grundy.core.work import charge
    from grundy.kernels import cgt_store
    from grundy.kernels import konane as kernel

    x = o = 0
    for i, cell in enumerate("".join(board)):
        if cell == LEFT:
            x |= 1 << i
        elif cell == RIGHT:
            o |= 1 << i
    state = kernel.start(x, o)
    nxt = kernel.neighbours(height, width)
    with _KERNEL_LOCK:
        store = _store()  # made anew only here: the table's ids are the store's
        while True:
            store = _KERNEL["store"] = cgt_store.grown(store)
            status, steps, root, state = kernel.run(store, state, nxt, cells, cells * cells // 32, KERNEL_CHUNK)
            charge(steps)
            if status == kernel.DONE:
                return _exported(store, root)
            if status == kernel.FAILED:
                _KERNEL.clear()
                return None


def _store() -> tuple:
    """The compiled store, made anew at first and once it holds :data:`KERNEL_FORMS` forms."""
    from grundy.kernels import cgt_store

    store = _KERNEL.get("store")
    if store is None or store[0][cgt_store.IDS] > KERNEL_FORMS:
        store = _KERNEL["store"] = cgt_store.new_store()
    return store


def _exported(store: tuple, root: int) -> object:
    """The store's form ``root`` as grundy's :class:`~grundy.cgt.game.CanonicalGame` (numbers by
    :func:`~grundy.cgt.game.number`, other forms interned from their options' games, which are
    canonical), built from the leaves up with an explicit stack."""
    from fractions import Fraction

    from grundy.cgt.game import _intern, number
    from grundy.kernels import cgt_store as cs

    node, opts = store[1], store[2]
    games: dict[int, object] = {}
    stack = [int(root)]
    while stack:
        g = stack[-1]
        if g in games:
            stack.pop()
        elif node[g, cs.ISNUM]:
            games[stack.pop()] = number(Fraction(int(node[g, cs.NUMVAL]), cs.SCALE))
        else:
            at, nl, nr = node[g, cs.START:cs.NRIGHT + 1].tolist()
            options = opts[at:at + nl + nr].tolist()
            missing = [h for h in options if h not in games]
            if missing:
                stack.extend(missing)
                continue
            games[stack.pop()] = _intern([games[h] for h in options[:nl]], [games[h] for h in options[nl:]])
    return games[int(root)]
