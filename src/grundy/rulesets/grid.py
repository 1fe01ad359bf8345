"""Coordinate games: one token (a coin, a queen, a knight, a rook) moving towards a corner of a grid.

A component is the token's square ``x,y`` (distances from the corner it moves towards); a position
with several tokens is their sum, since tokens never block one another.

- ``kiki`` — a coin steps one square left, down, or diagonally left-down (HDU 2147, kiki's game).
  Closed form: G = 0 if x, y are both even, 2 if both odd, and for mixed parities 1 when the odd
  coordinate is the larger, 3 when it is the smaller.
- ``queens-corner`` — queens move any distance left, down or diagonally; whoever puts a queen on
  the corner (0,0) wins (BZOJ 1457). Reduced to Wythoff's game off row 0, column 0 and the diagonal.
- ``northcott`` — Northcott's game (HDU 1730): one black and one white piece per row; a component
  is the gap between them, a Nim heap.
- ``hyper-knights`` — knights with six backward leaps (LightOJ 1315, Game of Hyper Knights); values
  from a table filled one anti-diagonal ``x + y = s`` at a time.
- ``rook-subtraction:S`` — a rook moves left or down by ``s`` in S: G(x,y) = G_S(x) xor G_S(y).

>>> import grundy
>>> grundy.ruleset("kiki").grundy((4, 7)), grundy.solve("hyper-knights", [(1, 3), (5, 2)]).outcome
(1, 'N')

References: HDU 2147 (kiki's game), BZOJ 1457 (棋盘游戏), HDU 1730 (Northcott Game), LightOJ 1315
(Game of Hyper Knights); Berlekamp, Conway, Guy, *Winning Ways*, ch. 2 and 3 (sums, Wythoff's game).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from grundy.core.errors import ComponentError, LimitError, SpecError
from grundy.core.ruleset import Option, Ruleset, Shape, Verdict
from grundy.rulesets.nim import Nim
from grundy.rulesets.registry import parse_int_list, register

PAIR = "a square x,y (two non-negative integers)"


# -- kiki's game -------------------------------------------------------------------------------------
def kiki_start(rows: int, columns: int) -> tuple[int, int]:
    """The component ``(x, y)`` of HDU 2147's start: an ``rows × columns`` board, coin at the top right.

    HDU 2147 reads ``n m`` (rows, columns) and puts the coin on the top-right square; moving left
    ``m - 1`` times and down ``n - 1`` times reaches the bottom-left corner, so ``(x, y) = (m - 1, n - 1)``.
    The first player loses exactly when n and m are both odd ("What a pity!").

    >>> kiki_start(5, 3), kiki_start(2, 2)
    ((2, 4), (1, 1))
    """
    if not (isinstance(rows, int) and isinstance(columns, int)) or rows < 1 or columns < 1:
        raise ComponentError(f"kiki: a board needs at least one row and one column, got {rows!r} × {columns!r}")
    return columns - 1, rows - 1


class Kiki(Ruleset):
    """A coin at distances ``(x, y)`` from the bottom-left corner steps left, down or left-down.

    Closed form (by induction on x + y, checked against the definition in the tests)::

        G(x, y) = 0 if x, y both even;  2 if both odd;
                  1 if exactly one is odd and it is the larger;  3 if it is the smaller.

    So the player to move loses exactly when x and y are both even. HDU 2147 gives the board size
    ``n m`` with the coin at the top right: ``(x, y) = (m - 1, n - 1)`` (see :func:`kiki_start`), lost
    for the first player iff n and m are both odd.

    >>> import grundy
    >>> kiki = grundy.ruleset("kiki")
    >>> [kiki.grundy((x, 2)) for x in range(5)], kiki.grundy(kiki_start(3, 5))
    ([0, 3, 0, 1, 0], 0)

    Reference: HDU 2147, kiki's game.
    """

    closed_form = "values"  # value_rule states a theorem for every component
    shape = Shape.PAIR
    component_kind = "a coin's distances x,y from the bottom-left corner (two non-negative integers)"
    component_noun = "coin"
    value_rule = ("kiki's game closed form: G(x,y) = 0 if x, y are even, 2 if both odd, "
                  "else 1 if the odd one is larger and 3 if it is smaller")

    def moves(self, square: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = square
        out = []
        if x:
            out.append((x - 1, y))
        if y:
            out.append((x, y - 1))
        if x and y:
            out.append((x - 1, y - 1))
        return out

    def grundy(self, square: tuple[int, int]) -> int:
        x, y = self.validate(square)
        if x % 2 == y % 2:
            return 2 * (x % 2)
        odd, even = (x, y) if x % 2 else (y, x)
        return 1 if odd > even else 3


@register("kiki", "coordinate games", {
    "": "a coin steps left, down or diagonally left-down towards the corner (HDU 2147; component x,y)",
}, examples=("kiki 3,4 2,2", "kiki 5,1"))
def _kiki(params: str | None) -> Kiki:
    return Kiki()


# -- queens to the corner --------------------------------------------------------------------------------
def _on_line(x: int, y: int) -> bool:
    """Whether a queen on (x, y) reaches the corner (0,0) in one move."""
    return x == 0 or y == 0 or x == y


class QueensCorner(Ruleset):
    """Queens move any distance left, down or diagonally left-down; whoever reaches (0,0) wins.

    BZOJ 1457. Queens do not interact (several may share a square), but the game ends when one
    queen reaches the corner, so it is not a plain sum. The reduction: a queen on row 0, column 0 or
    the diagonal x = y reaches the corner in one move, so

    - if some queen is on those lines the player to move wins at once (:meth:`position_rule`
      answers with a :class:`Verdict`, outcome ``"N"``, listing the moves to the corner);
    - otherwise moving a queen onto a line hands the opponent that win, so nobody does: the game is
      Wythoff's game played on the squares off the lines, a true sum, whose end positions are
      (1,2) and (2,1). :meth:`moves` gives that reduced game and the engine its values.

    With one queen this is Wythoff's game itself, so the zeros of the reduced game are Wythoff's
    P-positions other than (0,0); the values differ, and matter for several queens.

    Components on a line are accepted (for :meth:`position_rule`) but have no Grundy value; the
    corner (0,0) itself is not a position (the game is already over).

    >>> import grundy
    >>> q = grundy.ruleset("queens-corner")
    >>> q.grundy((1, 2)), q.grundy((2, 4)), grundy.solve(q, [(2, 3), (4, 4)]).winning_moves[0].text
    (0, 3, 'queen 2: 4,4 -> 0,0')

    Reference: BZOJ 1457 (棋盘游戏); Wythoff, *A modification of the game of Nim* (1907).
    """

    shape = Shape.PAIR
    component_kind = "a queen's square x,y (two non-negative integers, not the corner 0,0)"
    component_noun = "queen"
    value_rule = ("Wythoff's game on the squares off row 0, column 0 and the diagonal "
                  "(a move onto them lets the opponent reach the corner): values by the mex table")

    def check(self, square: tuple[int, int]) -> tuple[int, int]:
        if square == (0, 0):
            raise ComponentError("queens-corner: a queen on the corner 0,0 has already ended the game; "
                                 "give squares x,y other than 0,0")
        return square

    def _reduced(self, square: tuple[int, int]) -> tuple[int, int]:
        x, y = self.validate(square)
        if _on_line(x, y):
            raise ComponentError(
                f"queens-corner: a queen on {x},{y} (row 0, column 0 or the diagonal) reaches the corner in one "
                "move, so the player to move wins at once; such a square has no Grundy value (solve the position)")
        return x, y

    def moves(self, square: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = self._reduced(square)
        out = [(a, y) for a in range(x - 1, 0, -1) if a != y]
        out += [(x, b) for b in range(y - 1, 0, -1) if b != x]
        out += [(x - k, y - k) for k in range(1, min(x, y))]
        return out

    def brute_grundy(self, square: tuple[int, int]) -> int:
        return self.engine.value(self._reduced(square))

    def position_rule(self, components: list) -> Verdict | None:
        """Outcome ``"N"`` when some queen is on row 0, column 0 or the diagonal: move it to the corner.

        The moves listed are these immediate wins (other winning moves may exist but are never needed).
        """
        wins = [(i, ((0, 0),), "a queen on row 0, column 0 or the diagonal reaches the corner and wins")
                for i, (x, y) in enumerate(components) if _on_line(x, y)]
        if not wins:
            return None
        return Verdict("N", "A queen stands on row 0, column 0 or the diagonal: the player to move "
                       "takes it to the corner 0,0 and wins at once.", wins)


@register("queens-corner", "coordinate games", {
    "": "queens move left, down or diagonally; putting one on the corner 0,0 wins (BZOJ 1457; component x,y)",
}, examples=("queens-corner 3,5 2,1", "queens-corner 4,6"))
def _queens_corner(params: str | None) -> QueensCorner:
    return QueensCorner()


# -- Northcott's game ----------------------------------------------------------------------------------------
def northcott_gap(black: int, white: int) -> int:
    """The component of one row of Northcott's game: the number of empty squares between the pieces.

    >>> northcott_gap(2, 7), northcott_gap(5, 4)
    (4, 0)
    """
    if black == white:
        raise ComponentError(f"northcott: the two pieces of a row must be on different squares, both are on {black}")
    return abs(black - white) - 1


class Northcott(Nim):
    """Northcott's game: each row holds a black and a white piece; a player slides one of their own
    pieces any distance along its row, towards the other piece (not onto or past it) or away from it
    (within the board). Whoever cannot move loses.

    A component is a row's gap, the number of empty squares between its pieces (:func:`northcott_gap`).
    Moving towards the other piece shrinks the gap: a Nim move. Moving away (a retreat) is
    reversible: the opponent advances their own piece by the same distance and restores every gap,
    and retreats cannot go on for ever (the pieces drift towards an edge). So the partizan game is
    won exactly as Nim on the gaps is: the player to move wins iff the xor of the gaps is non-zero.
    This holds for normal play only; no misère rule is claimed.

    >>> import grundy
    >>> grundy.solve("northcott", [northcott_gap(1, 4), northcott_gap(6, 2)]).outcome
    'N'

    Reference: HDU 1730 (Northcott Game); Winning Ways ch. 3 (reversible moves).
    """

    component_kind = "the gap between a row's two pieces (a non-negative integer)"
    component_noun = "row"
    value_rule = ("Northcott's game is Nim on the gaps: a retreat is reversed by advancing the other piece "
                  "the same distance, so a gap of n is worth n")

    def misere_outcome(self, heap: int) -> None:
        return None


@register("northcott", "coordinate games", {
    "": "Northcott's game: a row's black and white pieces slide towards or away from each other; "
        "component: the gap between them (HDU 1730)",
}, examples=("northcott 3 5 2", "northcott 0 7"))
def _northcott(params: str | None) -> Northcott:
    return Northcott()


# -- Game of Hyper Knights -----------------------------------------------------------------------------------
HYPER_KNIGHT_MOVES = ((-2, 1), (-2, -1), (-1, -2), (1, -2), (-3, -1), (-1, -3))
HYPER_KNIGHT_MAX_SUM = 8000  # the table covers x + y <= this (64 MB of uint8 at most)


class HyperKnights(Ruleset):
    """LightOJ 1315: a hyper knight at ``(x, y)`` leaps by (-2,+1), (-2,-1), (-1,-2), (+1,-2), (-3,-1)
    or (-1,-3), staying at coordinates >= 0 (the board is infinite to the bottom right). Several
    knights (sharing squares freely) are a sum; whoever cannot move loses.

    Every leap lowers x + y (by 1, 3 or 4), so the values are filled one anti-diagonal x + y = s at a
    time, with numpy, into a table that grows as larger squares are asked for (x + y up to
    8000). No closed form is known; the table is checked against the definition in the tests.

    >>> import grundy
    >>> hk = grundy.ruleset("hyper-knights")
    >>> [hk.grundy((2, y)) for y in range(6)], hk.grundy((999, 1000))
    ([1, 2, 2, 2, 3, 3], 3)

    Reference: LightOJ 1315, Game of Hyper Knights.
    """

    shape = Shape.PAIR
    component_kind = "a knight's square x,y (two non-negative integers)"
    component_noun = "knight"
    value_rule = "Game of Hyper Knights: values by the mex table, filled by anti-diagonals x + y"

    def __init__(self) -> None:
        super().__init__()
        self._table = np.zeros((1, 1), dtype=np.uint8)  # _table[x, y] for x + y <= self._filled
        self._filled = 0

    def moves(self, square: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = square
        return [(x + dx, y + dy) for dx, dy in HYPER_KNIGHT_MOVES if x + dx >= 0 and y + dy >= 0]

    def grundy(self, square: tuple[int, int]) -> int:
        x, y = self.validate(square)
        if x + y > HYPER_KNIGHT_MAX_SUM:
            raise LimitError(f"hyper-knights: x + y = {x + y} is past the value table; "
                             f"squares with x + y <= {HYPER_KNIGHT_MAX_SUM} are supported")
        if x + y > self._filled:
            self._grow(min(max(x + y, 2 * self._filled, 64), HYPER_KNIGHT_MAX_SUM))
        return int(self._table[x, y])

    def _grow(self, top: int) -> None:
        """Extend the table to every square with x + y <= top."""
        old, done = self._table, self._filled
        table = np.zeros((top + 1, top + 1), dtype=np.uint8)
        table[:old.shape[0], :old.shape[1]] = old
        for s in range(done + 1, top + 1):  # (0,0), with no move, is worth 0 from the start
            xs = np.arange(s + 1)
            ys = s - xs
            seen = []
            for dx, dy in HYPER_KNIGHT_MOVES:
                sx, sy = xs + dx, ys + dy
                ok = (sx >= 0) & (sy >= 0)
                values = np.full(s + 1, 255, dtype=np.uint8)  # 255: no such move
                values[ok] = table[sx[ok], sy[ok]]
                seen.append(values)
            options = np.stack(seen)
            mex = np.zeros(s + 1, dtype=np.uint8)
            while True:  # raise each square's candidate until no option has it: the mex
                hit = (options == mex).any(axis=0)
                if not hit.any():
                    break
                mex[hit] += 1
            table[xs, ys] = mex
        self._table, self._filled = table, top


@register("hyper-knights", "coordinate games", {
    "": "knights leap by (-2,+1), (-2,-1), (-1,-2), (+1,-2), (-3,-1), (-1,-3) staying at x,y >= 0 (LightOJ 1315)",
}, examples=("hyper-knights 3,4 5,2", "hyper-knights 6,6"))
def _hyper_knights(params: str | None) -> HyperKnights:
    return HyperKnights()


# -- a rook with a subtraction set --------------------------------------------------------------------------
class RookSubtraction(Ruleset):
    """A rook at ``(x, y)`` moves left or down by ``s`` squares, ``s`` in a finite set S.

    It is the sum of two subtraction games (one per coordinate), so G(x, y) = G_S(x) xor G_S(y)
    with G_S the values of ``subtraction:S``.

    >>> import grundy
    >>> rook = grundy.ruleset("rook-subtraction:1,3,4")
    >>> rook.grundy((4, 5)), grundy.ruleset("subtraction:1,3,4").values(6).tolist()[4:]
    (1, [2, 3])

    Reference: Winning Ways ch. 2 (sums) and ch. 4 (subtraction games).
    """

    closed_form = "values"  # value_rule states a theorem for every component
    shape = Shape.PAIR
    component_kind = "a rook's square x,y (two non-negative integers)"
    component_noun = "rook"

    def __init__(self, subtractions: tuple[int, ...]) -> None:
        from grundy.rulesets.subtraction import SubtractionGame

        super().__init__()
        self.subtractions = subtractions
        self.line = SubtractionGame(subtractions)
        self.line.spec = "subtraction:" + ",".join(map(str, subtractions))
        self.value_rule = (f"a sum of two subtraction games {{{', '.join(map(str, subtractions))}}}: "
                           "G(x,y) = G_S(x) xor G_S(y)")

    def moves(self, square: tuple[int, int]) -> Iterator[tuple[int, int]]:
        x, y = square
        for s in self.subtractions:
            if s <= x:
                yield (x - s, y)
        for s in self.subtractions:
            if s <= y:
                yield (x, y - s)

    def grundy(self, square: tuple[int, int]) -> int:
        x, y = self.validate(square)
        return self.line.grundy(x) ^ self.line.grundy(y)

    def moves_to_value(self, square: tuple[int, int], target: int) -> Iterator[Option]:
        x, y = self.validate(square)
        gx, gy = self.line.grundy(x), self.line.grundy(y)
        for s in self.subtractions:
            if s <= x and self.line.grundy(x - s) ^ gy == target:
                yield ((x - s, y),)
        for s in self.subtractions:
            if s <= y and gx ^ self.line.grundy(y - s) == target:
                yield ((x, y - s),)


@register("rook-subtraction", "coordinate games", {
    "S": "a rook moves left or down by s squares, s in the finite set S (e.g. rook-subtraction:1,3,4)",
}, examples=("rook-subtraction:1,2 3,4 2,5",))
def _rook_subtraction(params: str | None) -> RookSubtraction:
    if params is None or not params.strip():
        raise SpecError("rook-subtraction: give the set of step lengths, e.g. rook-subtraction:1,3,4")
    return RookSubtraction(parse_int_list(params, "rook-subtraction step set"))
