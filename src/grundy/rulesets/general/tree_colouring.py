"""AtCoder AGC 014 D *Black and White Tree*: colour a tree; a lone white vertex wins.

The colours are packed two bits a vertex (:func:`colour_of`); :mod:`~grundy.rulesets.general.gameia`
uses the same packing.
"""

from __future__ import annotations

from collections.abc import Sequence

from grundy.core.general import GeneralGame
from grundy.core.graphs import bfs_order, parse_tree_edges, tree_adjacency
from grundy.rulesets.general.common import FAMILY, FIRST, SECOND, result
from grundy.rulesets.registry import register


def has_perfect_matching(n: int, edges: Sequence[tuple[int, int]]) -> bool:
    """Whether a tree on vertices ``0..n-1`` has a perfect matching (greedy from the leaves, iterative).

    Going from the deepest vertices up, an unmatched vertex must be matched with its parent; the
    tree has a perfect matching iff this never fails.

    >>> has_perfect_matching(4, [(0, 1), (1, 2), (2, 3)]), has_perfect_matching(4, [(0, 1), (0, 2), (0, 3)])
    (True, False)
    """
    order, parent = bfs_order(tree_adjacency(n, edges))
    matched = [False] * n
    for v in reversed(order):
        if not matched[v]:
            if parent[v] < 0 or matched[parent[v]]:
                return False
            matched[v] = matched[parent[v]] = True
    return True


_LOW = int("01" * 4096, 2)  # the low bit of each two-bit cell, for trees of up to 4096 vertices


def colour_of(colours: bytes | int, v: int) -> int:
    """The colour of vertex ``v`` (0 uncoloured, 1 white, 2 black) in colours packed two bits a
    vertex (as bytes, little-endian, or as the integer they hold).

    >>> colour_of(bytes([0b1001]), 0), colour_of(0b1001, 1), colour_of(0b1001, 2)
    (1, 2, 0)
    """
    if isinstance(colours, bytes):
        colours = int.from_bytes(colours, "little")
    return colours >> 2 * v & 3


def packed_size(n: int) -> int:
    """Bytes that hold ``n`` two-bit colours."""
    return (2 * n + 7) // 8


def colour_list(colours: int, n: int) -> list[int]:
    """The colours of vertices ``0..n-1`` as a list.

    >>> colour_list(0b1001, 3)
    [1, 2, 0]
    """
    return [colours >> 2 * v & 3 for v in range(n)]


def coloured_count(colours: int) -> int:
    """How many vertices are coloured (two-bit cells that are not zero)."""
    low = _LOW if colours.bit_length() <= 2 * 4096 else int("01" * (colours.bit_length() // 2 + 1), 2)
    return ((colours | colours >> 1) & low).bit_count()


class TreeColouring(GeneralGame):
    """AtCoder AGC 014 D *Black and White Tree*.

    The players alternately colour an uncoloured vertex, the first player white, the second
    black. When all are coloured, every white vertex next to a black one turns black; the first
    player wins iff a white vertex remains. A position is ``(turn, colours)`` with colours packed
    two bits a vertex into bytes (:func:`colour_of`): 0 = uncoloured, 1 = white, 2 = black. Packed,
    not a tuple of ``n`` ints: the solver stores millions of positions (a 200-vertex one takes 83
    bytes, not 1,700), and a move is one ``or``. Bytes rather than one integer, whose hash repeats
    every 61 bits and would make the solver's index collide. Vertices are ``0..n-1`` (``1..n`` on
    the command line).

    >>> from grundy.core.general import solve_game
    >>> g = TreeColouring(3, [(0, 1), (1, 2)])
    >>> solve_game(g, g.start).value                # colour the middle vertex white
    'win'
    """

    name = "tree-colouring"

    def __init__(self, n: int, edges: Sequence[tuple[int, int]]) -> None:
        self.n, self.edges = n, list(edges)
        self.adjacent = tree_adjacency(n, self.edges)
        self.size = packed_size(n)
        self.start = (FIRST, bytes(self.size))
        self._cells = [(3 << 2 * v, 1 << 2 * v, 2 << 2 * v) for v in range(n)]  # (cell, white, black)

    def moves(self, position: tuple[int, bytes]) -> list[tuple[int, bytes]]:
        turn, packed = position
        colours, size = int.from_bytes(packed, "little"), self.size
        if turn == FIRST:
            return [(SECOND, (colours | white).to_bytes(size, "little"))
                    for cell, white, _ in self._cells if not colours & cell]
        return [(FIRST, (colours | black).to_bytes(size, "little"))
                for cell, _, black in self._cells if not colours & cell]

    def primitive(self, position: tuple[int, bytes]) -> str | None:
        turn, packed = position
        colours = int.from_bytes(packed, "little")
        if coloured_count(colours) < self.n:
            return None
        cells = colour_list(colours, self.n)
        survives = any(c == 1 and all(cells[w] != 2 for w in self.adjacent[v]) for v, c in enumerate(cells))
        return result(survives, turn)

    def describe(self, position: tuple[int, bytes]) -> str:
        turn, packed = position
        shown = "".join(".WB"[c] for c in colour_list(int.from_bytes(packed, "little"), self.n))
        return f"colours {shown} ({'white' if turn == FIRST else 'black'} to move)"


def tree_colouring_winner(n: int, edges: Sequence[tuple[int, int]]) -> str:
    """``"First"`` or ``"Second"`` for AGC 014 D: the second player wins iff the tree has a perfect matching.

    With a perfect matching, Black answers each white vertex by its partner, so every white
    vertex has a black neighbour. Without one, White colours the parent of a leaf whose parent has
    one child (Black must answer at the leaf) until an unmatched vertex is left isolated.

    >>> tree_colouring_winner(4, [(0, 1), (1, 2), (2, 3)]), tree_colouring_winner(3, [(0, 1), (1, 2)])
    ('Second', 'First')
    """
    return "Second" if has_perfect_matching(n, edges) else "First"


@register("tree-colouring", FAMILY, {
    "EDGES": "colour a tree white/black; a lone white vertex wins (AGC 014 D)",
}, kind="general", examples=("tree-colouring:1-2,2-3,3-4",))
def _tree_colouring(params: str | None) -> TreeColouring:
    return TreeColouring(*parse_tree_edges(params or ""))
