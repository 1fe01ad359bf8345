"""Snort and Col: players colour the vertices of a graph, Left blue and Right red (Winning Ways,
2nd ed., vol. 1, ch. 2; Lessons in Play).

- ``col`` — two adjacent vertices may never have the **same** colour;
- ``snort`` — two adjacent vertices may never have **different** colours.

A coloured vertex never moves again; all it does is forbid one player its uncoloured neighbours.
So a position is kept, as in Winning Ways, as the graph of the uncoloured vertices, each with a
*tint*: ``l`` if only Left may colour it, ``r`` if only Right may, none if both may (a vertex neither
may colour is dropped). A component is one token of items joined by commas: edges ``u-v``, lone
vertices ``u``, and tints ``u:l`` or ``u:r``; vertices are renumbered from 0 in increasing order.
Swapping the tints is the negative; the pieces of a disconnected graph are independent.

>>> from grundy.partizan.snort_col import Col, Snort
>>> edge = Snort().parse_component("0-1")
>>> Snort().format_component(edge), Snort().left_options(edge), Col().left_options(edge)
('0-1', [(('l', ()),)], [(('r', ()),)])
>>> Snort().format_component(Snort().parse_component("5-7,7-9,9:l"))
'0-1,1-2,2:l'
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from grundy.partizan.ruleset import PartizanRuleset, unique

Graph = tuple[str, tuple[tuple[int, int], ...]]  # (the tint of each vertex, the edges u < v)
FREE, LEFT, RIGHT, DEAD = ".", "l", "r", "x"
BRUTE_VERTICES = 6  # graphs of at most this many vertices get an exact key (every labelling tried)
MAX_VERTICES = 10_000


def _is_edge(edge: object, vertices: int) -> bool:
    """Whether ``edge`` is a pair (u, v) of two distinct vertices among ``range(vertices)``."""
    return (isinstance(edge, tuple) and len(edge) == 2 and edge[0] != edge[1]
            and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < vertices for x in edge))


def _relabel(tints: str, edges, order: list[int]) -> Graph:
    """The graph on the vertices ``order`` (others dropped), the i-th of them renumbered i."""
    new = {old: i for i, old in enumerate(order)}
    get = new.get
    kept = sorted({(a, b) if a < b else (b, a) for u, v in edges
                   if (a := get(u)) is not None and (b := get(v)) is not None})
    return "".join(tints[old] for old in order), tuple(kept)  # type: ignore[return-value]


def _neighbours(tints: str, edges) -> list[list[int]]:
    """Each vertex's neighbours, in label order."""
    around: list[list[int]] = [[] for _ in tints]
    for u, v in edges:
        around[u].append(v)
        around[v].append(u)
    for near in around:
        near.sort()
    return around


def _pieces(position: Graph, around: list[list[int]] | None = None) -> list[Graph]:
    """The connected pieces, each renumbered in breadth-first order (neighbours in label order); the
    vertices tinted dead (neither player may colour them) left out."""
    tints, edges = position
    around = _neighbours(tints, edges) if around is None else around
    seen = {v for v, tint in enumerate(tints) if tint == DEAD}
    found = []
    for start in range(len(tints)):
        if start in seen:
            continue
        seen.add(start)
        order = [start]
        for x in order:
            for w in around[x]:
                if w not in seen:
                    seen.add(w)
                    order.append(w)
        found.append(_relabel(tints, edges, order))
    return found


@lru_cache(maxsize=1 << 16)
def _piece_key(tints: str, edges: tuple) -> Graph:
    """An exact key of a connected piece when it is a path or a cycle (its two or 2 n walks tried) or
    small (every labelling tried); the piece as labelled otherwise."""
    around: list[list[int]] = [[] for _ in tints]
    for u, v in edges:
        around[u].append(v)
        around[v].append(u)
    walks = _walks(around, len(edges))
    if walks is None:
        if len(tints) > BRUTE_VERTICES:
            return tints, edges
        walks = [list(order) for order in permutations(range(len(tints)))]
    return min(_relabel(tints, edges, order) for order in walks)


def _walks(around: list[list[int]], edges: int) -> list[list[int]] | None:
    """The walks along a connected path (from either end) or cycle (from every vertex, either way),
    or None for any other graph."""
    n = len(around)
    if any(len(near) > 2 for near in around) or edges not in (n - 1, n):
        return None
    start = 0 if edges == n else next(v for v, near in enumerate(around) if len(near) < 2)
    walk, seen = [start], {start}
    while len(walk) < n:
        step = next(w for w in around[walk[-1]] if w not in seen)
        seen.add(step)
        walk.append(step)
    if edges == n - 1:
        return [walk, walk[::-1]]
    turned = walk[::-1]
    return [walk[i:] + walk[:i] for i in range(n)] + [turned[i:] + turned[:i] for i in range(n)]


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
        return _relabel("".join(tints.get(v, FREE) for v in range(max(order) + 1)), edges, order)

    def component(self, position: object) -> Graph:
        if not (isinstance(position, tuple) and len(position) == 2 and isinstance(position[0], str) and position[0]
                and not set(position[0]) - {FREE, LEFT, RIGHT} and isinstance(position[1], (tuple, list))
                and all(_is_edge(edge, len(position[0])) for edge in position[1])):
            raise self.bad(repr(position), "a position is (tints, edges): a string of . l r, a letter a vertex, "
                                           "and pairs (u, v) of two of its vertices")
        tints, edges = position
        if len(tints) > MAX_VERTICES:
            raise self.bad(repr(position), f"more than {MAX_VERTICES} vertices")
        return _relabel(tints, edges, list(range(len(tints))))

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
        tints, edges = position
        mine = LEFT if player == "L" else RIGHT
        other = RIGHT if mine == LEFT else LEFT
        # a neighbour of the vertex coloured can no longer be coloured by the player that colour
        # forbids there: the same player in Col, the other one in Snort
        barred = mine if self.same_colour_forbidden else other
        around = _neighbours(tints, edges)
        found = []
        for v, tint in enumerate(tints):
            if tint not in (FREE, mine):
                continue
            new = list(tints)
            new[v] = DEAD
            for w in around[v]:
                if new[w] == FREE:
                    new[w] = LEFT if barred == RIGHT else RIGHT
                elif new[w] == barred:
                    new[w] = DEAD
            found.append(tuple(_pieces(("".join(new), edges), around)))
        return unique(found)

    def left_options(self, position: Graph) -> list[tuple]:
        return self._colour(position, "L")

    def right_options(self, position: Graph) -> list[tuple]:
        return self._colour(position, "R")

    def split(self, position: Graph) -> tuple:
        return tuple(_pieces(position))

    def key(self, position: Graph) -> Graph:
        """Pieces labelled exactly when small (every labelling tried), by breadth-first order otherwise."""
        keyed = [_piece_key(tints, edges) for tints, edges in _pieces(position)]
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
