"""Toads and Frogs: a strip of toads ``T`` (Left's, moving right), frogs ``F`` (Right's, moving
left) and empty cells ``.`` (Winning Ways, 2nd ed., vol. 1; Lessons in Play).

A toad moves one cell right into an empty cell, or jumps right over exactly one frog into the empty
cell beyond it; a frog does the same leftwards over a toad. Reversing the strip and swapping toads
with frogs swaps the players (the negative); no symmetry keeps the value.

The strip does not split in general, but some pieces are stuck for good and are dropped: frogs at
the left end, toads at the right end, and ``TTFF`` is a wall nothing ever crosses (the inner toad
and frog can never move), so the strip splits there into two independent strips.

>>> from grundy.partizan.toads import ToadsAndFrogs
>>> game = ToadsAndFrogs()
>>> game.left_options("T.F"), game.right_options("T.F")
([('.TF',)], [('TF.',)])
>>> game.right_options(".TF"), game.split("FT.TTFF.TF."), game.negate("TT.F")
([('T.',)], ('T.', '.TF.'), 'T.FF')
"""

from __future__ import annotations

from grundy.partizan.ruleset import PartizanRuleset, unique

TOAD, FROG, EMPTY = "T", "F", "."
WALL = "TTFF"


def _split(strip: str) -> tuple:
    parts = []
    rest = strip
    while WALL in rest:
        at = rest.index(WALL)
        parts.append(rest[:at + 2])
        rest = rest[at + 2:]
    parts.append(rest)
    trimmed = (part.lstrip(FROG).rstrip(TOAD) for part in parts)
    return tuple(part for part in trimmed if _movable(part))


def _movable(strip: str) -> bool:
    return bool(_moves(strip, TOAD) or _moves(strip, FROG))


def _moves(strip: str, piece: str) -> list[str]:
    """The strips one move of a ``piece`` leaves (toads step or jump right, frogs left)."""
    step, other = (1, FROG) if piece == TOAD else (-1, TOAD)
    found = []
    cells = list(strip)
    for i, cell in enumerate(strip):
        if cell != piece:
            continue
        for to, over in ((i + step, None), (i + 2 * step, i + step)):
            if not 0 <= to < len(strip) or strip[to] != EMPTY or (over is not None and strip[over] != other):
                continue
            moved = cells.copy()
            moved[i], moved[to] = EMPTY, piece
            found.append("".join(moved))
            break  # a piece that can step cannot jump (the jump needs the next cell occupied)
    return found


class ToadsAndFrogs(PartizanRuleset):
    """Toads and Frogs: Left's toads move right, Right's frogs move left, by a step or a jump."""

    spec = "toads-and-frogs"
    name = "Toads and Frogs"
    component_kind = "a strip of 'T' (toad, Left's), 'F' (frog, Right's) and '.' (empty)"
    example = "TT..FF"
    meaning = "toads (Left) step or jump one frog rightwards, frogs (Right) leftwards, into empty cells"
    reference = "Winning Ways vol. 1; Lessons in Play"

    def parse_component(self, text: str) -> str:
        if not isinstance(text, str):
            raise self.bad(repr(text), "a component is one string")
        strip = text.strip()
        if not strip:
            raise self.bad(text, "no cells")
        stray = sorted(set(strip) - {TOAD, FROG, EMPTY})
        if stray:
            raise self.bad(text, f"{stray[0]!r} is not a cell; cells are T F .")
        return strip

    def component(self, position: object) -> str:
        return self.parse_component(position)  # a row is its own text

    def format_component(self, position: str) -> str:
        return position

    def left_options(self, position: str) -> list[tuple]:
        return unique(_split(strip) for strip in _moves(position, TOAD))

    def right_options(self, position: str) -> list[tuple]:
        return unique(_split(strip) for strip in _moves(position, FROG))

    def split(self, position: str) -> tuple:
        return _split(position)

    def negate(self, position: str) -> str:
        return position[::-1].translate(str.maketrans("TF", "FT"))
