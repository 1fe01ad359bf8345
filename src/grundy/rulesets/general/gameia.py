"""HDU 6105 *Gameia*: tree colouring where Black paints neighbours too and may cut edges."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from grundy.core.errors import SpecError
from grundy.core.general import GeneralGame
from grundy.core.graphs import parse_tree_edges, tree_adjacency
from grundy.rulesets.general.common import FAMILY, FIRST, SECOND, result
from grundy.rulesets.general.tree_colouring import colour_list, coloured_count, has_perfect_matching, packed_size
from grundy.rulesets.registry import register


class Gameia(GeneralGame):
    """HDU 6105 *Gameia*: tree colouring where Black paints neighbours too and may cut ``k`` edges.

    Rules (the P/N-positions lecture): A (first) colours an uncoloured vertex white; B colours an uncoloured vertex
    black *and every vertex joined to it* black (white ones too). B also holds ``k`` "tricks": at
    any time, as many at once as he likes, a trick cuts one edge of the tree. When every vertex is
    coloured, A wins iff some vertex is white.

    Cuts only matter through B's painting, and a cut can always wait until the B move that it
    helps, so here B makes his cuts as part of a move, just before painting: by default only edges
    at the vertex he paints (``any_cuts=True``: any edges, the literal rule; the tests check both
    give the same values). A position is ``(turn, colours, edges_left_mask, cuts_left)``, colours
    packed bytes as in :class:`TreeColouring`.

    >>> from grundy.core.general import solve_game
    >>> path = [(0, 1), (1, 2), (2, 3)]
    >>> [solve_game(g, g.start).value for g in (Gameia(4, path, 0), Gameia(4, path, 1))]   # for A
    ['win', 'lose']
    """

    name = "gameia"

    def __init__(self, n: int, edges: Sequence[tuple[int, int]], k: int, any_cuts: bool = False) -> None:
        if k < 0:
            raise SpecError(f"the number of cuts must be >= 0, not {k}")
        self.n, self.edges, self.k, self.any_cuts = n, list(edges), k, any_cuts
        tree_adjacency(n, self.edges)
        self.incident = [[e for e, ends in enumerate(self.edges) if v in ends] for v in range(n)]
        self.size = packed_size(n)
        self.start = (FIRST, bytes(self.size), (1 << len(self.edges)) - 1, k)

    def moves(self, position: tuple) -> Iterator[tuple]:
        turn, packed, mask, cuts = position
        colours, width = int.from_bytes(packed, "little"), self.size
        present = [e for e in range(len(self.edges)) if mask >> e & 1] if turn == SECOND and self.any_cuts else []
        for v in range(self.n):
            if colours >> 2 * v & 3:
                continue
            if turn == FIRST:
                yield SECOND, (colours | 1 << 2 * v).to_bytes(width, "little"), mask, cuts
                continue
            at_v = [e for e in self.incident[v] if mask >> e & 1]
            cuttable = present if self.any_cuts else at_v
            for size in range(min(cuts, len(cuttable)) + 1):
                for cut in combinations(cuttable, size):
                    left = mask & ~sum(1 << e for e in cut)
                    painted = colours | 2 << 2 * v
                    for e in at_v:
                        if left >> e & 1:
                            a, b = self.edges[e]
                            w = a + b - v
                            painted = painted & ~(3 << 2 * w) | 2 << 2 * w
                    yield FIRST, painted.to_bytes(width, "little"), left, cuts - size

    def primitive(self, position: tuple) -> str | None:
        turn, packed, _, _ = position
        colours = int.from_bytes(packed, "little")
        if coloured_count(colours) < self.n:
            return None
        return result(1 in colour_list(colours, self.n), turn)

    def describe(self, position: tuple) -> str:
        turn, packed, mask, cuts = position
        colours = int.from_bytes(packed, "little")
        kept = ",".join(f"{a + 1}-{b + 1}" for e, (a, b) in enumerate(self.edges) if mask >> e & 1)
        shown = "".join(".WB"[c] for c in colour_list(colours, self.n))
        return (f"colours {shown} edges {kept or '(none)'} cuts left {cuts} "
                f"({'A' if turn == FIRST else 'B'} to move)")


def gameia_winner(n: int, edges: Sequence[tuple[int, int]], k: int) -> str:
    """``"A"`` or ``"B"`` for HDU 6105 *Gameia*: B wins iff the tree has a perfect matching and
    ``k >= n/2 - 1`` (enough cuts to split it into the ``n/2`` matched pairs).

    >>> gameia_winner(4, [(0, 1), (1, 2), (2, 3)], 1), gameia_winner(4, [(0, 1), (1, 2), (2, 3)], 0)
    ('B', 'A')
    """
    return "B" if has_perfect_matching(n, edges) and k >= n // 2 - 1 else "A"


@register("gameia", FAMILY, {
    "K:EDGES": "tree colouring where Black may cut up to K edges (HDU 6105)",
}, kind="general", examples=("gameia:1:1-2,2-3,3-4",))
def _gameia(params: str | None) -> Gameia:
    text = params or ""
    k, sep, rest = text.partition(":")
    if not sep or not k.strip().isdigit():
        raise SpecError(f"gameia needs the number of cuts and the edges, like 1:1-2,2-3,3-4, not {text!r}")
    n, edges = parse_tree_edges(rest)
    return Gameia(n, edges, int(k))
