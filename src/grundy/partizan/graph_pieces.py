"""The pieces of a Snort or Col graph, worked out with bitmasks, and their keys.

A tinted graph (:mod:`grundy.partizan.snort_col`) is kept as text-like tuples, ``(tints, edges)``; a
move needs only which vertices are left and who may colour them, so the moves here work on a
*mask* position of one fixed graph: three integers ``(alive, only_left, only_right)``, a bit a
vertex, with each vertex's neighbours a bitmask too (:class:`Board`). A move clears bits, and the
connected pieces are grown a bitmask at a time (on a path numbered along it, they are the runs of
bits); a piece becomes a ``(tints, edges)`` position again only when asked (:meth:`Board.graph`), as
its own key.

The key of a piece (:func:`piece_key`) is exact for paths and cycles (the least tint string read
along the graph, either way and from every vertex of a cycle) and for small graphs (every labelling
tried), and the piece as labelled otherwise.

>>> board = Board("...", ((0, 1), (1, 2)))
>>> [board.graph(p) for option in board.moves(board.start, True, True) for p in option]
[('.r', ((0, 1),)), ('r', ()), ('r', ()), ('.r', ((0, 1),))]
>>> piece_key("rl.", ((0, 1), (1, 2)))
('.lr', ((0, 1), (1, 2)))
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from itertools import permutations

Graph = tuple[str, tuple[tuple[int, int], ...]]  # (the tint of each vertex, the edges u < v)
Masks = tuple[int, int, int]  # (the vertices left, those only Left may colour, those only Right may)
FREE, LEFT, RIGHT, DEAD = ".", "l", "r", "x"
BRUTE_VERTICES = 6  # graphs of at most this many vertices get an exact key (every labelling tried)


class Board:
    """One graph's neighbour masks, for the moves of its mask positions (:data:`Masks`)."""

    __slots__ = ("tints", "edges", "around", "start", "split", "lined", "graphs")
    around: list[int] | tuple[int, ...]

    def __init__(self, tints: str, edges: tuple[tuple[int, int], ...]) -> None:
        self.tints, self.edges = tints, edges
        n = len(tints)
        self.lined = edges == path_edges(n)  # a path 0-1-2-...: each piece a run of bits
        self.around = _path_around(n) if self.lined else _around(n, edges)
        self.split: dict[int, list[int]] = {}  # the pieces of each set of vertices asked about
        self.graphs: dict[Masks, Graph] = {}  # each mask position's graph, once asked for
        read = "0" + tints[::-1]  # vertex 0 the lowest bit
        self.start: Masks = (int(read.translate(_ALIVE), 2), int(read.translate(_ONLY_LEFT), 2),
                             int(read.translate(_ONLY_RIGHT), 2))

    def moves(self, position: Masks, left: bool, same: bool) -> list[tuple[Masks, ...]]:
        """The moves of Left (``left``) or Right: each the pieces it leaves, repeats dropped. A vertex
        coloured bars its uncoloured neighbours to the mover when ``same`` (Col), else to the other
        player (Snort): a neighbour only the barred player could colour is dead, a free one is tinted
        for the player not barred."""
        alive, only_left, only_right = position
        around = self.around
        barred_left = left == same  # Left is the player barred next to the vertex coloured
        forbidden = only_right if left else only_left  # the vertices the mover may not colour
        found: dict[tuple[Masks, ...], None] = {}
        todo = alive & ~forbidden
        while todo:
            bit = todo & -todo
            todo ^= bit
            near = around[bit.bit_length() - 1] & alive
            if barred_left:
                rest = alive & ~bit & ~(near & only_left)
                tinted_left, tinted_right = only_left & rest, (only_right | near) & rest
            else:
                rest = alive & ~bit & ~(near & only_right)
                tinted_left, tinted_right = (only_left | near) & rest, only_right & rest
            found[tuple([(c, tinted_left & c, tinted_right & c) for c in self.parts(rest)])] = None
        return list(found)

    def parts(self, alive: int) -> list[int]:
        """The connected pieces of the vertices ``alive``, each a mask, lowest vertex first."""
        found = self.split.get(alive)
        if found is None:
            found = self.split[alive] = self._parts(alive)
        return found

    def _parts(self, alive: int) -> list[int]:
        """:meth:`parts`, worked out: runs of bits on a path numbered along it, else grown a step at a
        time."""
        found = []
        if self.lined:
            while alive:
                run = alive & ~(alive + (alive & -alive))  # the carry clears the lowest run
                found.append(run)
                alive ^= run
            return found
        around = self.around
        while alive:
            piece = frontier = alive & -alive
            while frontier:
                grown = 0
                while frontier:
                    bit = frontier & -frontier
                    frontier ^= bit
                    grown |= around[bit.bit_length() - 1]
                frontier = grown & alive & ~piece
                piece |= frontier
            alive &= ~piece
            found.append(piece)
        return found

    def key(self, position: Masks) -> tuple[Hashable, int]:
        """A key of a connected mask position, the same for every labelling of the piece: a path's
        :func:`path_key`, else the :func:`piece_key` of its graph; and its v (v + e) for v vertices and
        e edges (the steps of listing its moves)."""
        alive, only_left, only_right = position
        n = alive.bit_count()
        if self.lined:  # a run of bits, read along the path
            low = (alive & -alive).bit_length() - 1
            return path_key(n, only_left >> low, only_right >> low), n * (2 * n - 1)
        around = self.around
        degrees = [(around[bit.bit_length() - 1] & alive).bit_count() for bit in _bits(alive)]
        e = sum(degrees) // 2
        if max(degrees) > 2 or e != n - 1:
            graph = self.graph(position)
            return piece_key(*graph), n * (n + e)
        at = next(bit for bit, d in zip(_bits(alive), degrees, strict=True) if d < 2)
        seen, lefts, rights, i = at, 0, 0, 0
        while at:
            lefts |= (1 << i) if only_left & at else 0
            rights |= (1 << i) if only_right & at else 0
            at = around[at.bit_length() - 1] & alive & ~seen
            at &= -at
            seen |= at
            i += 1
        return path_key(n, lefts, rights), n * (n + e)

    def graph(self, position: Masks) -> Graph:
        """The connected mask position as ``(tints, edges)``, its own :func:`piece_key`: a piece of a
        path numbered along it read its least way, else its vertices renumbered in increasing order
        and then keyed."""
        found = self.graphs.get(position)
        if found is None:
            found = self.graphs[position] = self._graph(position)
        return found

    def _graph(self, position: Masks) -> Graph:
        """:meth:`graph`, worked out."""
        alive, only_left, only_right = position
        if self.lined:
            low = (alive & -alive).bit_length() - 1
            n = alive.bit_count()
            along = _run_tints(n, only_left >> low, only_right >> low)
            return min(along, along[::-1]), path_edges(n)
        new = {}
        tints = []
        v, rest = 0, alive
        while rest:
            bit = rest & -rest
            rest ^= bit
            old = bit.bit_length() - 1
            new[old] = v
            v += 1
            tints.append(LEFT if only_left & bit else RIGHT if only_right & bit else FREE)
        get = new.get
        edges = tuple((a, b) for u, w in self.edges if (a := get(u)) is not None and (b := get(w)) is not None)
        return piece_key("".join(tints), edges)


@lru_cache(maxsize=64)
def board_of(position: Graph) -> Board:
    """The board of a ``(tints, edges)`` position (tint ``x`` for a dead vertex); its mask position is
    ``board.start`` (the few last are kept: Left's and Right's moves are listed one after the other)."""
    return Board(*position)


def pieces(position: Graph) -> list[Graph]:
    """The connected pieces of a ``(tints, edges)`` position (its dead vertices, tinted ``x``, left
    out), each as :meth:`Board.graph` gives it (its own :func:`piece_key`)."""
    board = board_of(position)
    alive, only_left, only_right = board.start
    return [board.graph((c, only_left & c, only_right & c)) for c in board.parts(alive)]


def connected(position: Graph) -> bool:
    """Whether the position is one piece with no dead vertex."""
    tints, edges = position
    if len(edges) < len(tints) - 1 or DEAD in tints:
        return False
    board = board_of(position)
    return len(board.parts(board.start[0])) == 1


@lru_cache(maxsize=1 << 16)
def piece_key(tints: str, edges: tuple) -> Graph:
    """An exact key of a connected piece when it is a path or a cycle (the least tint string of its
    walks, on the edges of a walk) or small (every labelling tried); the piece as labelled otherwise."""
    n = len(tints)
    around: list[list[int]] = [[] for _ in tints]
    for u, v in edges:
        around[u].append(v)
        around[v].append(u)
    walk = _walk(around, len(edges))
    if walk is not None:
        return _least_walk("".join(tints[v] for v in walk), len(edges) == n)
    if n > BRUTE_VERTICES:
        return tints, edges
    return min(relabel(tints, edges, order) for order in permutations(range(n)))


def relabel(tints: str, edges, order) -> Graph:
    """The graph on the vertices ``order`` (others dropped), the i-th of them renumbered i."""
    new = {old: i for i, old in enumerate(order)}
    get = new.get
    kept = sorted({(a, b) if a < b else (b, a) for u, v in edges
                   if (a := get(u)) is not None and (b := get(v)) is not None})
    return "".join(tints[old] for old in order), tuple(kept)  # type: ignore[return-value]


def path_key(n: int, lefts: int, rights: int) -> tuple[int, int, int]:
    """The key of a path of ``n`` vertices whose i-th vertex from one end is tinted for Left when bit
    i of ``lefts`` is set, for Right when that of ``rights`` is: the least of it read either way."""
    if n == 1:
        return 1, lefts, rights
    return min((n, lefts, rights), (n, int(f"{lefts:0{n}b}"[::-1], 2), int(f"{rights:0{n}b}"[::-1], 2)))


def along_path(position: Graph) -> Graph:
    """A connected ``(tints, edges)`` position renumbered along it when it is a path, as it was else."""
    tints, edges = position
    around: list[list[int]] = [[] for _ in tints]
    for u, v in edges:
        around[u].append(v)
        around[v].append(u)
    walk = _walk(around, len(edges)) if len(edges) == len(tints) - 1 else None
    return position if walk is None else relabel(tints, edges, walk)


_TINTS = str.maketrans("012", FREE + LEFT + RIGHT)
_ALIVE = str.maketrans({FREE: "1", LEFT: "1", RIGHT: "1", DEAD: "0"})
_ONLY_LEFT = str.maketrans({FREE: "0", LEFT: "1", RIGHT: "0", DEAD: "0"})
_ONLY_RIGHT = str.maketrans({FREE: "0", LEFT: "0", RIGHT: "1", DEAD: "0"})


def _around(n: int, edges: tuple[tuple[int, int], ...]) -> list[int]:
    """Each vertex's neighbours, as a mask."""
    around = [0] * n
    for u, v in edges:
        around[u] |= 1 << v
        around[v] |= 1 << u
    return around


@lru_cache(maxsize=256)
def _path_around(n: int) -> tuple[int, ...]:
    """Each vertex's neighbours on the path 0-1-...-(n-1), as a mask."""
    return tuple(_around(n, path_edges(n)))


def _run_tints(n: int, lefts: int, rights: int) -> str:
    """The tints of ``n`` vertices, bit i of ``lefts`` (``rights``) set when vertex i is tinted for
    Left (Right): each bit made a hexadecimal digit, 1 for Left and 2 for Right, read lowest first."""
    digits = int(format(lefts, "b"), 16) + 2 * int(format(rights, "b"), 16)
    return format(digits, f"0{n}x")[::-1].translate(_TINTS)


def _least_walk(along: str, cycle: bool) -> Graph:
    """The key of a path (``cycle`` false) or cycle whose tints, read along it, are ``along``: the
    least string read either way (and from every vertex of a cycle), on the edges of a walk."""
    n = len(along)
    turned = along[::-1]
    if not cycle:
        return min(along, turned), path_edges(n)
    return min(min(along[i:] + along[:i], turned[i:] + turned[:i]) for i in range(n)), _cycle_edges(n)


def _bits(mask: int) -> list[int]:
    """The bits of ``mask``, lowest first, each as a mask."""
    found = []
    while mask:
        bit = mask & -mask
        found.append(bit)
        mask ^= bit
    return found


@lru_cache(maxsize=256)
def path_edges(n: int) -> tuple[tuple[int, int], ...]:
    """The edges of the path 0-1-...-(n-1)."""
    return tuple((i, i + 1) for i in range(n - 1))


@lru_cache(maxsize=256)
def _cycle_edges(n: int) -> tuple[tuple[int, int], ...]:
    """The edges of the cycle 0-1-...-(n-1)-0, sorted."""
    return tuple(sorted(path_edges(n) + ((0, n - 1),)))


def _walk(around: list[list[int]], edges: int) -> list[int] | None:
    """The vertices of a connected path in order from an end, or of a cycle from vertex 0; None for
    any other graph."""
    n = len(around)
    if edges not in (n - 1, n) or any(len(near) > 2 for near in around):
        return None
    before = -1
    at = 0 if edges == n else next(v for v, near in enumerate(around) if len(near) < 2)
    walk = [at]
    for _ in range(n - 1):
        near = around[at]
        before, at = at, near[0] if near[0] != before else near[-1]
        walk.append(at)
    return walk if len(set(walk)) == n else None
