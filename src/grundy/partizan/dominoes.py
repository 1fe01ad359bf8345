"""Toppling Dominoes: a row of blue ``l`` (Left's), red ``r`` (Right's) and green ``e`` (either's)
dominoes (Albert, Nowakowski, Wolfe, *Lessons in Play*).

A player topples one of their dominoes (or a green one) to the left or to the right; it knocks
down every domino in that direction to the end of the row, and the dominoes on its other side
stay. Reading the row backwards keeps the value (``key``); swapping ``l`` with ``r`` negates it.
A row of ``n`` blue dominoes is worth ``n``.

>>> from grundy.partizan.dominoes import TopplingDominoes
>>> game = TopplingDominoes()
>>> game.left_options("lrl"), game.right_options("lrl")
([('rl',), (), ('lr',)], [('l',)])
>>> game.key("rll"), game.negate("lre")
('llr', 'rle')
"""

from __future__ import annotations

from grundy.partizan.ruleset import PartizanRuleset, unique

BLUE, RED, GREEN = "l", "r", "e"
PLAYS = {"L": BLUE + GREEN, "R": RED + GREEN}
_LETTERS = str.maketrans({"x": BLUE, "o": RED, ".": None})  # CGSuite's (and cgt-tools') x/o; '.' toppled, no domino


def _topples(row: str, colours: str) -> list[tuple]:
    found = []
    for i, domino in enumerate(row):
        if domino in colours:
            found.append(row[i + 1:])  # toppled leftwards: dominoes 0 .. i fall
            found.append(row[:i])  # toppled rightwards: dominoes i .. end fall
    return unique((rest,) if rest else () for rest in found)


class TopplingDominoes(PartizanRuleset):
    """Toppling Dominoes: topple one of your dominoes left or right, and all beyond it that way."""

    spec = "toppling-dominoes"
    name = "Toppling Dominoes"
    component_kind = ("a row of 'l' or 'x' (blue, Left's), 'r' or 'o' (red, Right's) and 'e' (green, either's) "
                      "dominoes ('.' for a toppled one, skipped, as in CGSuite)")
    example = "lrel"
    meaning = ("a player topples a domino of theirs (or a green one) left or right, knocking down all "
               "dominoes beyond it in that direction")
    reference = "Lessons in Play"

    def parse_component(self, text: str) -> str:
        if not isinstance(text, str):
            raise self.bad(repr(text), "a component is one string")
        row = text.strip().translate(_LETTERS)  # '' is the empty row: value 0
        stray = sorted(set(row) - {BLUE, RED, GREEN})
        if stray:
            raise self.bad(text, f"{stray[0]!r} is not a domino; dominoes are l or x (Left's), r or o (Right's), "
                                 "e (either's), . (toppled)")
        return row

    def component(self, position: object) -> str:
        return self.parse_component(position)  # a row is its own text

    def format_component(self, position: str) -> str:
        return position

    def left_options(self, position: str) -> list[tuple]:
        return _topples(position, PLAYS["L"])

    def right_options(self, position: str) -> list[tuple]:
        return _topples(position, PLAYS["R"])

    def split(self, position: str) -> tuple:
        return (position,) if position else ()

    def key(self, position: str) -> str:
        return min(position, position[::-1])

    def negate(self, position: str) -> str:
        return position.translate(str.maketrans(BLUE + RED, RED + BLUE))
