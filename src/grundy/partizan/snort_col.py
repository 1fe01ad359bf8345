"""Snort and Col: players colour the vertices of a graph, Left blue and Right red (Winning Ways,
2nd ed., vol. 1, ch. 2; Lessons in Play).

- ``col`` — two adjacent vertices may never have the **same** colour;
- ``snort`` — two adjacent vertices may never have **different** colours.

A coloured vertex never moves again; all it does is forbid one player its uncoloured neighbours.
So a position is kept, as in Winning Ways, as the graph of the uncoloured vertices, each with a
*tint*: ``l`` if only Left may colour it, ``r`` if only Right may, none if both may (a vertex neither
may colour is dropped). A component is one token of items joined by commas: edges ``u-v``, lone
vertices ``u``, and tints ``u:l`` or ``u:r``; vertices are renumbered from 0 in increasing order.
Swapping the tints is the negative; the pieces of a disconnected graph are independent. The moves
and pieces are worked out on bitmasks (:mod:`grundy.partizan.graph_pieces`), and Col positions are
valued as numbers and stars by the theorem that every one is x or x* (:mod:`grundy.partizan.col_values`).

>>> from grundy.partizan.snort_col import Col, Snort
>>> edge = Snort().parse_component("0-1")
>>> Snort().format_component(edge), Snort().left_options(edge), Col().left_options(edge)
('0-1', [(('l', ()),)], [(('r', ()),)])
>>> Snort().format_component(Snort().parse_component("5-7,7-9,9:l"))
'0-1,1-2,2:l'
"""

from __future__ import annotations

from grundy.partizan.col_values import col_value
from grundy.partizan.graph_pieces import (
    FREE,
    LEFT,
    RIGHT,
    Graph,
    board_of,
    connected,
    path_edges,
    piece_key,
    pieces,
    relabel,
)
from grundy.partizan.ruleset import PartizanRuleset, unique

MAX_VERTICES = 10_000


def _is_edge(edge: object, vertices: int) -> bool:
    """Whether ``edge`` is a pair (u, v) of two distinct vertices among ``range(vertices)``."""
    return (isinstance(edge, tuple) and len(edge) == 2 and edge[0] != edge[1]
            and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < vertices for x in edge))


class Snort(PartizanRuleset):
    """Snort: colour a vertex; neighbours may not take different colours."""

    spec = "snort"
    name = "Snort"
    component_kind = "a graph: edges 'u-v', lone vertices 'u' and tints 'u:l' (only Left may colour u) or 'u:r'"
    example = "0-1,1-2,2-3"
    meaning = "Left colours a vertex blue, Right red; adjacent vertices may not have different colours"
    reference = "Winning Ways vol. 1 ch. 2"
    same_colour_forbidden = False  # Col forbids the same colour next door, Snort a different one

    def parse_component(self, text: str) -> Graph:
        if not isinstance(text, str) or not text.strip():
            raise self.bad(text if isinstance(text, str) else repr(text), "no vertices")
        vertices: set[int] = set()
        tints: dict[int, str] = {}
        edges = []
        for item in text.strip().split(","):
            item = item.strip()
            ends, colon, tint = item.partition(":")
            numbers = ends.split("-")
            if len(numbers) > 2 or not all(x.isdigit() and x.isascii() for x in numbers):
                raise self.bad(text, f"{item!r} is not an edge u-v or a vertex u")
            if colon and (len(numbers) != 1 or tint not in (LEFT, RIGHT)):
                raise self.bad(text, f"{item!r}: a tint is written u:l or u:r")
            ends_ = [int(x) for x in numbers]
            vertices.update(ends_)
            if colon:
                if tints.get(ends_[0], tint) != tint:
                    raise self.bad(text, f"vertex {ends_[0]} is tinted twice")
                tints[ends_[0]] = tint
            elif len(ends_) == 2:
                if ends_[0] == ends_[1]:
                    raise self.bad(text, f"{item!r} is a loop")
                edges.append(tuple(ends_))
        if len(vertices) > MAX_VERTICES:
            raise self.bad(text, f"more than {MAX_VERTICES} vertices")
        order = sorted(vertices)
        return relabel("".join(tints.get(v, FREE) for v in range(max(order) + 1)), edges, order)

    def component(self, position: object) -> Graph:
        if not (isinstance(position, tuple) and len(position) == 2 and isinstance(position[0], str) and position[0]
                and not set(position[0]) - {FREE, LEFT, RIGHT} and isinstance(position[1], (tuple, list))
                and all(_is_edge(edge, len(position[0])) for edge in position[1])):
            raise self.bad(repr(position), "a position is (tints, edges): a string of . l r, a letter a vertex, "
                                           "and pairs (u, v) of two of its vertices")
        tints, edges = position
        if len(tints) > MAX_VERTICES:
            raise self.bad(repr(position), f"more than {MAX_VERTICES} vertices")
        return relabel(tints, edges, list(range(len(tints))))

    def listing_cost(self, position: Graph) -> int:
        """Each of the 2 v moves relabels the graph and finds its pieces, some v + e steps each."""
        tints, edges = position
        return len(tints) * (len(tints) + len(edges))

    def format_component(self, position: Graph) -> str:
        tints, edges = position
        touched = {x for edge in edges for x in edge}
        items = [f"{u}-{v}" for u, v in edges]
        items += [str(v) for v in range(len(tints)) if v not in touched and tints[v] == FREE]
        items += [f"{v}:{tint}" for v, tint in enumerate(tints) if tint != FREE]
        return ",".join(items)

    def _colour(self, position: Graph, player: str) -> list[tuple]:
        """The moves of ``player`` (``"L"`` or ``"R"``), each the pieces it leaves, each its own key."""
        # a neighbour of the vertex coloured can no longer be coloured by the player that colour
        # forbids there: the same player in Col, the other one in Snort
        board = board_of(position)
        return unique(tuple(board.graph(piece) for piece in option)
                      for option in board.moves(board.start, player == "L", self.same_colour_forbidden))

    def left_options(self, position: Graph) -> list[tuple]:
        return self._colour(position, "L")

    def right_options(self, position: Graph) -> list[tuple]:
        return self._colour(position, "R")

    def split(self, position: Graph) -> tuple:
        return (position,) if connected(position) else tuple(pieces(position))

    def key(self, position: Graph) -> Graph:
        """Pieces keyed exactly when paths, cycles or small (:func:`~grundy.partizan.graph_pieces.piece_key`),
        as labelled otherwise."""
        tints, edges = position
        if edges == path_edges(len(tints)):  # a path numbered along it, as the moves leave one
            return position if tints <= tints[::-1] else (tints[::-1], edges)
        if connected(position):
            return piece_key(*position)
        keyed = [piece_key(tints, edges) for tints, edges in pieces(position)]
        joined_tints, joined_edges, offset = "", [], 0
        for tints, edges in sorted(keyed):
            joined_edges.extend((u + offset, v + offset) for u, v in edges)
            joined_tints += tints
            offset += len(tints)
        return joined_tints, tuple(joined_edges)

    def negate(self, position: Graph) -> Graph:
        tints, edges = position
        return tints.translate(str.maketrans(LEFT + RIGHT, RIGHT + LEFT)), edges


class Col(Snort):
    """Col: colour a vertex; neighbours may not take the same colour."""

    spec = "col"
    name = "Col"
    meaning = "Left colours a vertex blue, Right red; adjacent vertices may not have the same colour"
    same_colour_forbidden = True

    def known_value(self, position: Graph) -> object | None:
        """The value of a connected position of at most ``SCALE`` vertices by the theorem that every
        Col position is a number or a number plus star (:mod:`grundy.partizan.col_values`)."""
        return col_value(*position)
