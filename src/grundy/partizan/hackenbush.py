"""Red-Blue-Green Hackenbush: a graph of coloured edges standing on the ground (vertex 0).

Left deletes a **blue** (``b``) or green (``g``) edge, Right a **red** (``r``) or green one; whatever
is then no longer joined to the ground falls away (Winning Ways, 2nd ed., vol. 1, ch. 1 and 7;
Lessons in Play). Swapping red with blue is the negative.

A component is one token of edges ``u-v:c`` joined by commas, e.g. ``0-1:b,1-2:r`` (a blue edge on
the ground with a red one on top: the value 1/2); loops and parallel edges are allowed, and ``0``
alone is the bare ground. A position is kept as a sorted tuple of edges ``(u, v, colour)`` with
``u <= v``, without the edges that do not reach the ground. Components meeting only at the ground
are independent (``split``); ``key`` labels trees canonically (any labelling gives the same key) and
small graphs by trying every labelling, bigger ones by a breadth-first relabelling.

>>> from grundy.partizan.hackenbush import Hackenbush
>>> game = Hackenbush()
>>> stalk = game.parse_component("0-1:b,1-2:r")
>>> game.left_options(stalk), game.right_options(stalk)
([()], [(((0, 1, 'b'),),)])
>>> game.split(game.parse_component("0-1:g,0-2:b,2-3:r,5-6:b"))
(((0, 1, 'g'),), ((0, 1, 'b'), (1, 2, 'r')))
>>> game.format_component(game.key(game.parse_component("0-7:b,7-3:r,7-4:b"))), game.format_component(())
('0-1:b,1-2:b,1-3:r', '0')
"""

from __future__ import annotations

from itertools import permutations

from grundy.partizan.ruleset import PartizanRuleset, unique

Edge = tuple[int, int, str]
Graph = tuple[Edge, ...]
BLUE, RED, GREEN = "b", "r", "g"
PLAYS = {"L": BLUE + GREEN, "R": RED + GREEN}
BRUTE_VERTICES = 6  # graphs (not trees) with at most this many vertices above ground get an exact key
MAX_EDGES = 10_000


def _is_edge(edge: object) -> bool:
    """Whether ``edge`` is an edge (u, v, c) of a position: two vertices and a colour."""
    return (isinstance(edge, tuple) and len(edge) == 3 and edge[2] in (BLUE, RED, GREEN)
            and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in edge[:2]))


def _normal(edges) -> Graph:
    """Sorted edges ``u <= v``, only those joined to the ground."""
    edges = sorted((min(u, v), max(u, v), c) for u, v, c in edges)
    around: dict[int, list[int]] = {}
    for u, v, _ in edges:
        around.setdefault(u, []).append(v)
        around.setdefault(v, []).append(u)
    reached, stack = {0}, [0]
    while stack:
        for w in around.get(stack.pop(), ()):
            if w not in reached:
                reached.add(w)
                stack.append(w)
    return tuple(edge for edge in edges if edge[0] in reached)


def _parts(graph: Graph) -> list[list[Edge]]:
    """The edges grouped into the pieces that meet only at the ground, in order of first edge."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for u, v, _ in graph:
        if u:
            parent[find(u)] = find(v)
    groups: dict[object, list[Edge]] = {}
    for i, (u, v, c) in enumerate(graph):
        groups.setdefault(find(v) if v else ("loop", i), []).append((u, v, c))
    return list(groups.values())


def _relabel(edges, labels: dict[int, int]) -> Graph:
    return tuple(sorted((min(labels[u], labels[v]), max(labels[u], labels[v]), c) for u, v, c in edges))


def _breadth_first(edges) -> Graph:
    """Vertices renumbered in the order a breadth-first search from the ground meets them."""
    around: dict[int, list[tuple[str, int]]] = {}
    for u, v, c in edges:
        around.setdefault(u, []).append((c, v))
        around.setdefault(v, []).append((c, u))
    labels, queue = {0: 0}, [0]
    for x in queue:
        for _, w in sorted(around.get(x, ()), key=lambda cw: (cw[0], labels.get(cw[1], -1), cw[1])):
            if w not in labels:
                labels[w] = len(labels)
                queue.append(w)
    return _relabel(edges, labels)


def _tree(edges) -> tuple[list[int], dict[int, list[tuple[str, int]]]] | None:
    """A tree standing on the ground as its vertices in breadth-first order from the ground and each
    vertex's children ``(colour, child)``; None when ``edges`` is no tree (a loop, a cycle)."""
    vertices = {x for u, v, _ in edges for x in (u, v)} - {0}
    if len(edges) != len(vertices) or any(u == v for u, v, _ in edges):
        return None
    children: dict[int, list[tuple[str, int]]] = {}
    around: dict[int, list[tuple[str, int]]] = {}
    for u, v, c in edges:
        around.setdefault(u, []).append((c, v))
        around.setdefault(v, []).append((c, u))
    order, seen = [0], {0}
    for x in order:  # breadth first from the ground: parents before children
        for c, w in around.get(x, ()):
            if w in seen:
                continue
            seen.add(w)
            children.setdefault(x, []).append((c, w))
            order.append(w)
    if len(seen) != len(vertices) + 1:
        return None
    return order, children


def _tree_key(edges) -> Graph | None:
    """The canonical labelling of a tree standing on the ground, or None when ``edges`` is no tree."""
    tree = _tree(edges)
    if tree is None:
        return None
    order, children = tree
    code: dict[int, str] = {}
    for x in reversed(order):  # children before parents
        code[x] = "(" + "".join(sorted(c + code[w] for c, w in children.get(x, ()))) + ")"
    labels, stack = {0: 0}, [0]
    while stack:  # depth first, children in the order of their codes
        x = stack.pop()
        kids = sorted(children.get(x, ()), key=lambda cw: cw[0] + code[cw[1]])
        for _, w in kids:
            labels[w] = len(labels)
        stack.extend(w for _, w in reversed(kids))
    return _relabel(edges, labels)


def _part_key(edges) -> Graph:
    tree = _tree_key(edges)
    if tree is not None:
        return tree
    vertices = sorted({x for u, v, _ in edges for x in (u, v)} - {0})
    if len(vertices) <= BRUTE_VERTICES:
        return min(_relabel(edges, {0: 0, **dict(zip(vertices, perm, strict=True))})
                   for perm in permutations(range(1, len(vertices) + 1)))
    return _breadth_first(edges)


def _join(parts) -> Graph:
    """Pieces (each labelled from 1 up) put side by side on one ground, renumbered apart."""
    joined: list[Edge] = []
    offset = 0
    for part in parts:
        top = max((v for _, v, _ in part), default=0)
        joined.extend((u and u + offset, v and v + offset, c) for u, v, c in part)
        offset += top
    return tuple(sorted(joined))


class Hackenbush(PartizanRuleset):
    """Red-Blue-Green Hackenbush on any graph grounded at vertex 0."""

    spec = "red-blue-hackenbush"
    name = "Hackenbush"
    component_kind = "edges 'u-v:c' joined by commas, c = b (blue, Left), r (red, Right) or g (green); ground 0"
    example = "0-1:b,1-2:r"
    meaning = ("Left deletes a blue or green edge, Right a red or green one; what no longer reaches "
               "the ground (vertex 0) falls away (grundy play red-blue-hackenbush ... plays it)")
    reference = "Winning Ways vol. 1 ch. 1, 7; Lessons in Play"

    def parse_component(self, text: str) -> Graph:
        if not isinstance(text, str):
            raise self.bad(repr(text), "a component is one string")
        written = text.strip()
        if written == "0":
            return ()
        if not written:
            raise self.bad(text, "no edges")
        edges = []
        for item in written.split(","):
            ends, colon, colour = item.strip().partition(":")
            u, dash, v = ends.partition("-")
            if not (colon and dash and colour in (BLUE, RED, GREEN)):
                raise self.bad(text, f"{item.strip()!r} is not an edge u-v:c")
            if not all(x.strip().isdigit() and x.strip().isascii() for x in (u, v)):
                raise self.bad(text, f"{item.strip()!r}: vertices are non-negative integers")
            edges.append((int(u), int(v), colour))
        if len(edges) > MAX_EDGES:
            raise self.bad(text, f"more than {MAX_EDGES} edges")
        return _normal(edges)

    def component(self, position: object) -> Graph:
        if not isinstance(position, (tuple, list)) or not all(_is_edge(edge) for edge in position):
            raise self.bad(repr(position), "a position is a tuple of edges (u, v, c), u and v non-negative "
                                           "integers, c one of b r g")
        if len(position) > MAX_EDGES:
            raise self.bad(repr(position), f"more than {MAX_EDGES} edges")
        return _normal(position)

    def format_component(self, position: Graph) -> str:
        return ",".join(f"{u}-{v}:{c}" for u, v, c in position) or "0"

    def _options(self, position: Graph, colours: str) -> list[tuple]:
        return unique(self.split(_normal(position[:i] + position[i + 1:]))
                      for i, edge in enumerate(position)
                      if edge[2] in colours and (i == 0 or edge != position[i - 1]))

    def left_options(self, position: Graph) -> list[tuple]:
        return self._options(position, PLAYS["L"])

    def right_options(self, position: Graph) -> list[tuple]:
        return self._options(position, PLAYS["R"])

    def split(self, position: Graph) -> tuple:
        return tuple(_breadth_first(part) for part in _parts(position))

    def key(self, position: Graph) -> Graph:
        return _join(sorted(_part_key(part) for part in _parts(position)))

    def negate(self, position: Graph) -> Graph:
        swap = {BLUE: RED, RED: BLUE, GREEN: GREEN}
        return tuple(sorted((u, v, swap[c]) for u, v, c in position))

    def known_value(self, position: Graph) -> object | None:
        """The value of a tree by the colon principle, without searching its moves: a vertex is worth
        the sum of its branches, and a branch (an edge with the tree above it worth ``H``) the ordinal
        sum ``edge : H`` (Winning Ways vol. 1 ch. 7, the colon principle; Conway, On Numbers and
        Games ch. 15). Graphs with a cycle are searched."""
        tree = _tree(position)
        if tree is None:
            return None
        from grundy.cgt.game import ZERO

        order, children = tree
        worth: dict[int, object] = {}
        for x in reversed(order):  # children before parents
            total = ZERO
            for colour, child in children.get(x, ()):
                total = total + self._ordinal(colour, worth.pop(child))
            worth[x] = total
        return worth[0]

    def _ordinal(self, colour: str, above: object) -> object:
        """``edge : above`` for a ``colour`` edge, worked through the followers of ``above`` with an
        explicit stack: Left's options are 0 (cut the edge, when she may) and ``edge : H`` for her
        options H of ``above``; Right's likewise."""
        from grundy.cgt.canonical import from_options
        from grundy.cgt.game import ZERO

        memo = self.__dict__.setdefault("_ordinals", {})
        stack = [above]
        while stack:
            game = stack[-1]
            if (colour, game) in memo:
                stack.pop()
                continue
            todo = [h for h in game.left + game.right if (colour, h) not in memo]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            lefts = [memo[colour, h] for h in game.left] + ([ZERO] if colour in PLAYS["L"] else [])
            rights = [memo[colour, h] for h in game.right] + ([ZERO] if colour in PLAYS["R"] else [])
            memo[colour, game] = from_options(lefts, rights)
        return memo[colour, above]
