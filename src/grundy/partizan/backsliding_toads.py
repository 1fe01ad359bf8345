"""Backsliding Toads and Frogs: Toads and Frogs (:mod:`grundy.partizan.toads`) where a piece may also
step one cell back into an empty cell, as CGSuite's ``GenToadsAndFrogs(1, backsliding => true)``.

Left's toads ``T`` step right into an empty cell or jump right over one frog into the empty cell beyond
it, or slide one cell left into an empty cell; Right's frogs ``F`` do the same mirrored. There are no
backward jumps and no captures. Pieces can slide back and forth, so positions repeat and the value is
a loopy game: CGSuite's ``BackslidingToadsAndFrogs("ttt..fff").GameValue`` is
``{on||0|-1/2} & {1/2|0||off}``. Strips are written as in Toads and Frogs; the lower-case letters
CGSuite writes (``ttt..fff``) are read as well.

>>> game = BackslidingToadsAndFrogs()
>>> game.left_options(".TF"), game.right_options(".TF.")
([('T.F',)], [('FT..',), ('.T.F',)])
>>> game.parse_component("tt.f"), game.negate("TT.F")
('TT.F', 'T.FF')
"""

from __future__ import annotations

from grundy.partizan.loopy import LoopyRuleset
from grundy.partizan.ruleset import unique
from grundy.partizan.toads import EMPTY, FROG, TOAD, ToadsAndFrogs, _moves

_UPPER = str.maketrans({"t": TOAD, "f": FROG})


def backslides(strip: str, piece: str) -> list[str]:
    """The strips one backward step of a ``piece`` leaves: a toad one cell left, a frog one cell right,
    into an empty cell (in the order of the pieces moved).

    >>> backslides(".T.F.", "T"), backslides(".T.F.", "F")
    (['T..F.'], ['.T..F'])
    """
    found = []
    i = strip.find(piece)
    while i >= 0:
        if piece == TOAD and i >= 1 and strip[i - 1] == EMPTY:
            found.append(strip[:i - 1] + TOAD + EMPTY + strip[i + 1:])
        elif piece == FROG and strip.startswith(EMPTY, i + 1):
            found.append(strip[:i] + EMPTY + FROG + strip[i + 2:])
        i = strip.find(piece, i + 1)
    return found


class BackslidingToadsAndFrogs(LoopyRuleset, ToadsAndFrogs):
    """Toads and Frogs where a piece may also slide one cell back: a loopy game."""

    spec = "backsliding-toads-and-frogs"
    name = "Backsliding Toads and Frogs"
    example = "FF.TT"  # +-on: either side can slide for ever
    meaning = ("toads (Left) step or jump one frog rightwards, frogs (Right) leftwards, and either may "
               "step one cell back; a loopy game")
    reference = "Winning Ways vol. 2, ch. 11; CGSuite game.strip.BackslidingToadsAndFrogs"

    def parse_component(self, text: str) -> str:
        if isinstance(text, str):
            text = text.translate(_UPPER)
        return super().parse_component(text)

    def left_options(self, position: str) -> list[tuple]:
        return unique((strip,) for strip in _moves(position, TOAD) + backslides(position, TOAD))

    def right_options(self, position: str) -> list[tuple]:
        return unique((strip,) for strip in _moves(position, FROG) + backslides(position, FROG))

    def split(self, position: str) -> tuple:
        return (position,)
