"""*Link with Chess Game* (2023 Nowcoder multi-university F): three tokens on a line, no triple twice."""

from __future__ import annotations

from collections.abc import Iterator

from grundy.core import limits
from grundy.core.errors import LimitError, SpecError
from grundy.core.general import GeneralGame
from grundy.rulesets.general.common import FAMILY, FIRST, parse_ints
from grundy.rulesets.registry import register

MAX_CELLS = 1000  # triples of a three-tokens board (the visited set is one bit per triple)


class ThreeTokens(GeneralGame):
    """*Link with Chess Game*: tokens r, g, b on a board ``1..n``; no (r, g, b) triple may repeat.

    A move moves one token one cell left or right (tokens may share a cell: each token has its own
    line); the new triple ``(r, g, b)`` must never have occurred before in the game, the start
    included. Who cannot move loses. This is *undirected vertex geography* on the ``n x n x n``
    grid graph, so the position must hold the history: ``(turn, (r, g, b), visited_mask)`` with
    one bit per cell. ``lengths`` gives each token its own board length (the tests use small
    boxes); the default is ``(n, n, n)``.

    >>> from grundy.core.general import solve_game
    >>> g = ThreeTokens(2)
    >>> solve_game(g, g.start_at(1, 1, 1)).value
    'win'
    """

    name = "three-tokens"

    def __init__(self, n: int, lengths: tuple[int, int, int] | None = None) -> None:
        self.lengths = lengths or (n, n, n)
        if len(self.lengths) != 3 or min(self.lengths) < 1:
            raise SpecError("the board lengths must be three numbers >= 1")
        cells = self.lengths[0] * self.lengths[1] * self.lengths[2]
        if cells > MAX_CELLS:
            raise LimitError(f"three-tokens: a board of {limits.shorten(str(cells))} triples is searched with "
                             f"one bit per triple visited; at most {MAX_CELLS:,} triples (n <= 10)")

    def _bit(self, cell: tuple[int, int, int]) -> int:
        r, g, b = cell
        _, lg, lb = self.lengths
        return 1 << (((r - 1) * lg + (g - 1)) * lb + (b - 1))

    def start_at(self, r: int, g: int, b: int) -> tuple[int, tuple[int, int, int], int]:
        """The start position with the tokens at ``r``, ``g``, ``b`` (1-based)."""
        if not all(1 <= x <= size for x, size in zip((r, g, b), self.lengths, strict=True)):
            board = (f"1..{self.lengths[0]}" if len(set(self.lengths)) == 1
                     else "1.." + ", 1..".join(map(str, self.lengths)))
            raise SpecError(f"token positions {limits.shorten(f'{r},{g},{b}')} must lie on the board {board}")
        return FIRST, (r, g, b), self._bit((r, g, b))

    def moves(self, position: tuple[int, tuple[int, int, int], int]) -> Iterator[tuple]:
        turn, cell, visited = position
        for token in range(3):
            for step in (-1, 1):
                moved = list(cell)
                moved[token] += step
                if 1 <= moved[token] <= self.lengths[token]:
                    bit = self._bit(tuple(moved))
                    if not visited & bit:
                        yield 1 - turn, tuple(moved), visited | bit

    def describe(self, position: tuple[int, tuple[int, int, int], int]) -> str:
        turn, (r, g, b), visited = position
        return f"r={r} g={g} b={b}, {bin(visited).count('1')} triples used ({'first' if turn == FIRST else 'second'})"


def three_tokens_winner(n: int, r: int, g: int, b: int, lengths: tuple[int, int, int] | None = None) -> str:
    """``"Alice"`` (first) or ``"Bob"`` for *Link with Chess Game*.

    The SG-function tutorial's table: Alice wins when ``n`` is even; when ``n`` is odd she wins iff
    ``r + g + b`` is even. Reason: in undirected vertex geography the first player wins iff every
    maximum matching covers the start (Fraenkel, Scheinerman, Ullman 1993). A box with an even side
    has a perfect matching; a box with all sides odd is bipartite by the parity of ``r + g + b``
    with one more odd cell (the corners are odd), and a maximum matching can miss any odd cell but
    no even one. With ``lengths`` the same holds for an ``a x b x c`` box.

    >>> three_tokens_winner(2, 1, 1, 1), three_tokens_winner(3, 1, 1, 1), three_tokens_winner(3, 1, 1, 2)
    ('Alice', 'Bob', 'Alice')
    """
    sizes = lengths or (n, n, n)
    return "Bob" if all(x % 2 for x in sizes) and (r + g + b) % 2 else "Alice"


@register("three-tokens", FAMILY, {
    "N:R,G,B": "move r, g, b on a line; no triple may repeat (Link with Chess)",
}, kind="general", examples=("three-tokens:2:1,2,1",))
def _three_tokens(params: str | None) -> ThreeTokens:
    text = params or ""
    size, sep, rest = text.partition(":")
    cells = parse_ints(rest, "the token positions")
    if not sep or not size.strip().isdigit() or len(cells) != 3:
        raise SpecError(f"three-tokens needs N:r,g,b like 2:1,2,1, not {text!r}")
    game = ThreeTokens(int(size))
    game.start = game.start_at(*cells)
    return game
