"""Fox and Geese as CGSuite plays it: geese (Left's) and a fox (Right's) on the dark squares of a
board 8 columns wide (``fox-and-geese:W``: W columns), row 1 at the bottom, rows without end above.

A goose steps one square diagonally down; the fox steps one square diagonally in any direction;
neither may step onto another piece, and nothing is captured. The geese try to trap the fox (Right
then has no move), the fox to get past them: a fox on or above the top row of geese, or one row below
it with a free square diagonally up, has got away (it can move for ever, the geese only finitely
often), and such a position is ``off``, as CGSuite's decomposition of the game makes it. Positions
repeat (the fox goes back and forth), so the value is a loopy game: CGSuite's
``FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue`` is ``{4*|7/2}``.

A position is written as the geese's squares ``row,col`` joined by ``;``, then ``|`` and the fox's
square: ``4,2;4,4;4,6;4,8|1,1``. A square is dark when row + col is even.

>>> game = FoxAndGeese()
>>> position = game.parse_component("2,2|1,1")
>>> game.left_options(position), game.right_options(position)
([((((1, 3),), (1, 1)),)], [])
>>> game.settled(game.parse_component("2,2|1,3"))   # the fox is past the goose
off
>>> FoxAndGeese(10).spec, game.format_component(position)
('fox-and-geese:10', '2,2|1,1')

Reference: Winning Ways (2nd ed.), vol. 3; Siegel, *Combinatorial Game Theory* ch. VI; CGSuite's
``game.grid.FoxAndGeese``.
"""

from __future__ import annotations

from grundy.core.errors import GrundyError, SpecError
from grundy.core.limits import parse_int, shorten
from grundy.partizan.loopy import OFF_POSITION, LoopyRuleset

Square = tuple[int, int]  # (row, col), both from 1; row 1 is the bottom
Geese = tuple[Square, ...]  # sorted
FoxPosition = tuple[Geese, Square]

WIDTH = 8
MAX_WIDTH = 1000
GOOSE_STEPS = ((-1, -1), (-1, 1))
FOX_STEPS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


class FoxAndGeese(LoopyRuleset):
    """Fox and Geese (CGSuite's rules): geese step diagonally down, the fox diagonally any way."""

    name = "Fox and Geese"
    component_kind = "the geese's squares row,col joined by ';', then '|' and the fox's square row,col"
    example = "3,1;3,3;3,5|2,2"
    meaning = ("geese (Left) step diagonally down, the fox (Right) diagonally any way, on 8 columns "
               "(fox-and-geese:W: W columns); a loopy game")
    reference = "Winning Ways vol. 3; CGSuite game.grid.FoxAndGeese"

    def __init__(self, width: int = WIDTH) -> None:
        super().__init__()
        self.width = width
        self.spec = "fox-and-geese" if width == WIDTH else f"fox-and-geese:{width}"

    def parse_component(self, text: str) -> FoxPosition:
        if not isinstance(text, str):
            raise self.bad(repr(text), "a component is one string")
        geese_text, bar, fox_text = text.strip().partition("|")
        if not bar:
            raise self.bad(text, "no '|' before the fox's square")
        geese = [self._square(text, part, "goose") for part in geese_text.split(";")] if geese_text.strip() else []
        fox = self._square(text, fox_text, "the fox")
        if len(set(geese)) < len(geese):
            twice = next(g for g in geese if geese.count(g) > 1)
            raise self.bad(text, f"two geese on {_written(twice)}")
        if fox in geese:
            raise self.bad(text, f"the fox and a goose are both on {_written(fox)}")
        return tuple(sorted(geese)), fox

    def _square(self, text: str, part: str, piece: str) -> Square:
        """One square ``row,col`` of the position ``text``, checked as CGSuite checks coordinates."""
        numbers = part.split(",")
        try:
            if len(numbers) != 2:
                raise GrundyError("not two numbers")
            row, col = (parse_int(n, "a whole number") for n in numbers)
        except GrundyError:
            raise self.bad(text, f"{piece} {shorten(part.strip())!r}: a square is row,col, two whole numbers") from None
        if row < 1:
            raise self.bad(text, f"{piece} on {row},{col}: rows are numbered from 1, the bottom")
        if not 1 <= col <= self.width:
            raise self.bad(text, f"{piece} on {row},{col}: columns are 1 to {self.width}")
        if (row + col) % 2:
            raise self.bad(text, f"{piece} on {row},{col} is not a dark square (row + col must be even)")
        return row, col

    def format_component(self, position: FoxPosition) -> str:
        geese, fox = position
        return ";".join(map(_written, geese)) + "|" + _written(fox)

    def left_options(self, position: FoxPosition) -> list[tuple]:
        geese, fox = position
        taken = set(geese) | {fox}
        found = []
        for i, (row, col) in enumerate(geese):
            for dr, dc in GOOSE_STEPS:
                step = (row + dr, col + dc)
                if self._on_board(step) and step not in taken:
                    moved = tuple(sorted(geese[:i] + (step,) + geese[i + 1:]))
                    found.append(((moved, fox),))
        return found

    def right_options(self, position: FoxPosition) -> list[tuple]:
        geese, (row, col) = position
        found = []
        for dr, dc in FOX_STEPS:
            step = (row + dr, col + dc)
            if self._on_board(step) and step not in geese:
                found.append(((geese, step),))
        return found

    def _on_board(self, square: Square) -> bool:
        return square[0] >= 1 and 1 <= square[1] <= self.width

    def settled(self, position: object) -> object:
        """``off`` where the fox has got past the geese (CGSuite's decomposition): it stands on or above
        the top row of geese, or one row below it with a free square diagonally up."""
        if position is OFF_POSITION:
            return position
        geese, (row, col) = position  # type: ignore[misc]
        top = max((r for r, _ in geese), default=0)
        if row >= top:
            return OFF_POSITION
        if row == top - 1:
            up = [(row + 1, col + dc) for dc in (-1, 1) if 1 <= col + dc <= self.width]
            if any(square not in geese for square in up):
                return OFF_POSITION
        return position

    def negate(self, position: FoxPosition) -> None:
        return None


def _written(square: Square) -> str:
    return f"{square[0]},{square[1]}"


def fox_and_geese(params: str | None) -> FoxAndGeese:
    """The ruleset of ``fox-and-geese`` (8 columns) or ``fox-and-geese:W`` (W columns, at least 2)."""
    from grundy.rulesets.registry import parse_positive

    width = WIDTH if params is None else parse_positive(params, "fox-and-geese", "W", MAX_WIDTH)
    if width < 2:
        raise SpecError("fox-and-geese: W must be at least 2 (a goose steps to the next column)")
    return _MADE.setdefault(width, FoxAndGeese(width))


_MADE: dict[int, FoxAndGeese] = {}
