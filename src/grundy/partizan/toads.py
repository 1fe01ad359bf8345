"""Toads and Frogs: a strip of toads ``T`` (Left's, moving right), frogs ``F`` (Right's, moving
left) and empty cells ``.`` (Winning Ways, 2nd ed., vol. 1; Lessons in Play).

A toad moves one cell right into an empty cell, or jumps right over exactly one frog into the empty
cell beyond it; a frog does the same leftwards over a toad. Reversing the strip and swapping toads
with frogs swaps the players (the negative); no symmetry keeps the value.

The strip does not split in general, but some pieces are stuck for good: frogs at the left end,
toads at the right end, ``TTFF`` (the inner toad and frog block each other and the outer ones), and
any set of pieces each blocked by the others. Nothing ever crosses two adjacent stuck pieces, so the
strip splits there into independent strips, and the stuck pieces at their ends are dropped.

>>> from grundy.partizan.toads import ToadsAndFrogs
>>> game = ToadsAndFrogs()
>>> game.left_options("T.F"), game.right_options("T.F")
([('.TF',)], [('TF.',)])
>>> game.right_options(".TF"), game.split("FT.TTFF.TF."), game.negate("TT.F")
([('T.',)], ('T.', '.TF.'), 'T.FF')
"""

from __future__ import annotations

from functools import lru_cache

from grundy.partizan.ruleset import PartizanRuleset, unique

TOAD, FROG, EMPTY = "T", "F", "."


@lru_cache(maxsize=1 << 16)
def _split(strip: str) -> tuple:
    """The strip's independent pieces where something can still move: cut between any two adjacent
    pieces stuck for good (nothing ever crosses them), the stuck pieces at each end dropped; kept, as
    the strips of a search recur from many positions."""
    stuck = _stuck(strip)
    cuts = stuck & (stuck >> 1)  # bit i: cells i and i + 1 both stuck
    found = []
    start = 0
    while start < len(strip):
        end = (cuts & -cuts).bit_length() if cuts else len(strip)  # the part is cells start .. end - 1
        cuts &= cuts - 1
        first, last = start, end
        while first < last and stuck >> first & 1:
            first += 1
        while last > first and stuck >> (last - 1) & 1:
            last -= 1
        if _movable(strip[first:last]):
            found.append(strip[first:last])
        start = end
    return tuple(found)


def _stuck(strip: str) -> int:
    """The cells (bit i: cell i) holding a piece that can never move: the largest set of pieces each
    blocked by the set itself or the strip's end (a toad by a stuck toad on its right, or a stuck frog
    with a stuck piece beyond it; frogs likewise leftwards). Pieces that stay put keep each other
    blocked, so none of them ever moves."""
    n = len(strip)
    toads = int(strip[::-1].translate(_TOADS) or "0", 2) << 2  # bit i + 2: cell i (two cells off each end)
    frogs = int(strip[::-1].translate(_FROGS) or "0", 2) << 2
    ends = 0b11 | 0b11 << (n + 2)
    after, before = toads | 0b11 << (n + 2), frogs | 0b11  # the ends block like a piece of one's own
    stuck = toads | frogs | ends
    while True:
        blocked = (toads & stuck >> 1 & (after >> 1 | stuck >> 2)) | (frogs & stuck << 1 & (before << 1 | stuck << 2))
        kept = blocked | ends
        if kept == stuck:
            return (stuck >> 2) & ((1 << n) - 1)
        stuck = kept


_TOADS = str.maketrans({TOAD: "1", FROG: "0", EMPTY: "0"})
_FROGS = str.maketrans({TOAD: "0", FROG: "1", EMPTY: "0"})


def _movable(strip: str) -> bool:
    """Whether a toad can step (``T.``) or jump (``TF.``), or a frog (``.F``, ``.TF``)."""
    return "T." in strip or ".F" in strip or "TF." in strip or ".TF" in strip


def _moves(strip: str, piece: str) -> list[str]:
    """The strips one move of a ``piece`` leaves (toads step or jump right, frogs left), in the order
    of the pieces moved; a piece that can step cannot jump (the jump needs the next cell occupied)."""
    found = []
    i = strip.find(piece)
    while i >= 0:
        if piece == TOAD:
            if strip.startswith(EMPTY, i + 1):
                found.append(strip[:i] + EMPTY + TOAD + strip[i + 2:])
            elif strip.startswith(FROG + EMPTY, i + 1):
                found.append(strip[:i] + EMPTY + FROG + TOAD + strip[i + 3:])
        elif i >= 1 and strip[i - 1] == EMPTY:
            found.append(strip[:i - 1] + FROG + EMPTY + strip[i + 1:])
        elif i >= 2 and strip[i - 2:i] == EMPTY + TOAD:
            found.append(strip[:i - 2] + FROG + TOAD + EMPTY + strip[i + 1:])
        i = strip.find(piece, i + 1)
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
        strip = text.strip()  # '' is the empty strip: no moves, value 0 (as in CGSuite)
        stray = sorted(set(strip) - {TOAD, FROG, EMPTY})
        if stray:
            raise self.bad(text, f"{stray[0]!r} is not a cell; cells are T (toad) F (frog) . (empty)")
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
