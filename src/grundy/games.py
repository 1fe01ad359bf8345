"""Contest games from the tutorials that need the general solver (partizan, draws, or history).

Each game is a :class:`~grundy.core.general.Game` whose moves are the plain rules (the brute-force
definition, solved by :func:`~grundy.core.general.solve_game`), next to the fast rule the tutorial
gives, as a function. Positions are tuples (of ints, or of ints and packed bytes) whose first
entry is the player to move (0 = the first player, 1 = the second), so they can be stored and
replayed.

===================  ==========================================  ================================
registry name        game                                        fast rule
===================  ==========================================  ================================
``weird-game``       Codeforces 293A *Weird Game*                :func:`weird_game_winner`
``tree-colouring``   AtCoder AGC 014 D *Black and White Tree*    :func:`tree_colouring_winner`
``gameia``           HDU 6105 *Gameia* (tree colouring + cuts)   :func:`gameia_winner`
``buy-items``        HDU 4701 *Game* (buying items in order)     :func:`buy_items_winner`
``three-tokens``     Nowcoder 2023 *Link with Chess Game*        :func:`three_tokens_winner`
``guessing``         the warm-up number-guessing game            :func:`guessing_rounds`
===================  ==========================================  ================================

:data:`GAMES` maps each name to a parser ``text -> (game, start)`` for the command line, and
:func:`load_game` reads a whole ``name:parameters`` string:

>>> from grundy.core.general import solve_game
>>> the_game, start = load_game("weird-game:0111,1001")
>>> solve_game(the_game, start).value, weird_game_winner("0111", "1001")
('win', 'First')

Reference: the rules and fast rules are from the project's Chinese tutorials (the lecture on P/N
positions, SG functions and some forty contest problems; the SG-function tutorial with Alice Game
and Link with Chess Game); problem statements on Codeforces, AtCoder, HDU OJ and Nowcoder.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any

from grundy.core import limits
from grundy.core.errors import GrundyError, LimitError, SpecError
from grundy.core.general import Game

FIRST, SECOND = 0, 1


def _result(first_wins: bool | None, turn: int) -> str:
    """The primitive result for the player ``turn`` when the first player wins / loses / ties (None)."""
    if first_wins is None:
        return "tie"
    return "win" if first_wins == (turn == FIRST) else "lose"


# -- Weird Game (Codeforces 293A) -----------------------------------------------------------------


class WeirdGame(Game):
    """Codeforces 293A *Weird Game*: two binary strings ``s``, ``t`` of length ``2n``.

    The players alternately pick an index not picked before; the first player writes down
    ``s[i]``, the second ``t[i]``. At the end each arranges their ``n`` digits into the largest
    number; the larger number wins, equal numbers are a tie. A position is
    ``(turn, first_mask, second_mask)``: the indices each player has picked, as bit masks.

    >>> from grundy.core.general import solve_game
    >>> g = WeirdGame("0111", "0001")
    >>> solve_game(g, g.start).value
    'win'
    """

    name = "weird-game"

    def __init__(self, s: str, t: str) -> None:
        if len(s) != len(t) or len(s) % 2 or set(s + t) - {"0", "1"}:
            raise SpecError("weird-game needs two binary strings of the same even length, like 0110,1001")
        self.s, self.t = s, t
        self.full = (1 << len(s)) - 1
        self.start = (FIRST, 0, 0)

    def moves(self, position: tuple[int, int, int]) -> Iterator[tuple[int, int, int]]:
        turn, mine, theirs = position
        taken = mine | theirs
        for i in range(len(self.s)):
            bit = 1 << i
            if not taken & bit:
                yield (SECOND, mine | bit, theirs) if turn == FIRST else (FIRST, mine, theirs | bit)

    def check_size(self, start: tuple[int, int, int], limit: int) -> None:
        """Refuse strings whose picks surely make more than ``limit`` positions: after ``k`` picks
        from the start, each way of choosing the first player's and the second's indices is one."""
        n, taken = len(self.s), bin(start[1] | start[2]).count("1")
        total = 0
        for k in range(n - taken + 1):
            first = (k + 1) // 2
            total += math.comb(n - taken, first) * math.comb(n - taken - first, k // 2)
            if total > limit:
                raise LimitError(f"weird-game: strings of length {n:,} have more than {limit:,} positions "
                                 "(the indices each player picked); raise --max-states or use shorter strings")

    def primitive(self, position: tuple[int, int, int]) -> str | None:
        turn, first, second = position
        if first | second != self.full:
            return None
        a = sum(1 for i, d in enumerate(self.s) if first >> i & 1 and d == "1")
        b = sum(1 for i, d in enumerate(self.t) if second >> i & 1 and d == "1")
        return _result(None if a == b else a > b, turn)  # same length: more ones is the larger number

    def describe(self, position: tuple[int, int, int]) -> str:
        turn, first, second = position
        cells = "".join("F" if first >> i & 1 else "S" if second >> i & 1 else "." for i in range(len(self.s)))
        return f"s={self.s} t={self.t} picked={cells} ({'first' if turn == FIRST else 'second'} to move)"


def weird_game_winner(s: str, t: str) -> str:
    """``"First"``, ``"Second"`` or ``"Draw"`` for Codeforces 293A *Weird Game*, in O(n).

    Only the number of ones counts. Sort the indices into types by ``(s[i], t[i])``: both
    players take a ``11`` index while there is one (it gives a one and denies one); then the first
    player prefers ``10`` (a one for him) over ``01`` (denying the opponent), and the second player
    prefers ``01`` over ``10``; ``00`` indices come last. Simulating this greedy play gives the result.

    >>> weird_game_winner("0111", "0001"), weird_game_winner("01", "10"), weird_game_winner("1100", "0011")
    ('First', 'Draw', 'Draw')
    """
    both = sum(1 for a, b in zip(s, t, strict=True) if a == b == "1")
    only_first = sum(1 for a, b in zip(s, t, strict=True) if (a, b) == ("1", "0"))
    only_second = sum(1 for a, b in zip(s, t, strict=True) if (a, b) == ("0", "1"))
    ones = [0, 0]
    for turn in range(len(s)):
        player = turn % 2
        mine, theirs = (only_first, only_second) if player == FIRST else (only_second, only_first)
        if both:
            both -= 1
            ones[player] += 1
        elif mine:
            mine -= 1
            ones[player] += 1
        elif theirs:
            theirs -= 1
        only_first, only_second = (mine, theirs) if player == FIRST else (theirs, mine)
    return "First" if ones[0] > ones[1] else "Second" if ones[0] < ones[1] else "Draw"


# -- trees: Black and White Tree (AGC 014 D) and Gameia (HDU 6105) ---------------------------------


def _check_tree(n: int, edges: Sequence[tuple[int, int]]) -> list[list[int]]:
    """Adjacency lists of a tree on vertices ``0..n-1``; SpecError if the edges are not a tree."""
    if n < 1:
        raise SpecError("a tree needs at least one vertex")
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        if not (0 <= u < n and 0 <= v < n) or u == v:
            raise SpecError(f"bad edge {u + 1}-{v + 1}: vertices are 1..{n} and an edge joins two different ones")
        adjacent[u].append(v)
        adjacent[v].append(u)
    if len(edges) != n - 1:
        raise SpecError(f"a tree on {n} vertices has {n - 1} edges, not {len(edges)}")
    if len(_bfs_order(adjacent)[0]) != n:
        raise SpecError("the edges do not connect all the vertices, so they are not a tree")
    return adjacent


def _bfs_order(adjacent: list[list[int]], root: int = 0) -> tuple[list[int], list[int]]:
    """The vertices reachable from ``root`` in breadth-first order, and each one's parent (-1: root)."""
    parent = [-2] * len(adjacent)
    parent[root] = -1
    order = [root]
    for v in order:
        for w in adjacent[v]:
            if parent[w] == -2:
                parent[w] = v
                order.append(w)
    return order, parent


def has_perfect_matching(n: int, edges: Sequence[tuple[int, int]]) -> bool:
    """Whether a tree on vertices ``0..n-1`` has a perfect matching (greedy from the leaves, iterative).

    Going from the deepest vertices up, an unmatched vertex must be matched with its parent; the
    tree has a perfect matching iff this never fails.

    >>> has_perfect_matching(4, [(0, 1), (1, 2), (2, 3)]), has_perfect_matching(4, [(0, 1), (0, 2), (0, 3)])
    (True, False)
    """
    order, parent = _bfs_order(_check_tree(n, edges))
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


def _packed_size(n: int) -> int:
    """Bytes that hold ``n`` two-bit colours."""
    return (2 * n + 7) // 8


def colour_list(colours: int, n: int) -> list[int]:
    """The colours of vertices ``0..n-1`` as a list.

    >>> colour_list(0b1001, 3)
    [1, 2, 0]
    """
    return [colours >> 2 * v & 3 for v in range(n)]


def _coloured(colours: int) -> int:
    """How many vertices are coloured (two-bit cells that are not zero)."""
    low = _LOW if colours.bit_length() <= 2 * 4096 else int("01" * (colours.bit_length() // 2 + 1), 2)
    return ((colours | colours >> 1) & low).bit_count()


class TreeColouring(Game):
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
        self.adjacent = _check_tree(n, self.edges)
        self.size = _packed_size(n)
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
        if _coloured(colours) < self.n:
            return None
        cells = colour_list(colours, self.n)
        survives = any(c == 1 and all(cells[w] != 2 for w in self.adjacent[v]) for v, c in enumerate(cells))
        return _result(survives, turn)

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


class Gameia(Game):
    """HDU 6105 *Gameia*: tree colouring where Black paints neighbours too and may cut ``k`` edges.

    Rules (seed 000): A (first) colours an uncoloured vertex white; B colours an uncoloured vertex
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
        _check_tree(n, self.edges)
        self.incident = [[e for e, ends in enumerate(self.edges) if v in ends] for v in range(n)]
        self.size = _packed_size(n)
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
        if _coloured(colours) < self.n:
            return None
        return _result(1 in colour_list(colours, self.n), turn)

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


# -- Game: buying items in order (HDU 4701) ---------------------------------------------------------


class BuyItems(Game):
    """HDU 4701 *Game*: Alice has ``alice`` money, Bob ``bob``; items with ``prices`` are sold in order.

    Alice first, the players alternately buy the next one or more items (at least one), paying
    with their own money; item ``i + 1`` can only be bought after item ``i``. A player who cannot
    buy (not enough money for the next item, or nothing left) loses. A position is
    ``(turn, next_item, alice_money, bob_money)``.

    >>> from grundy.core.general import solve_game
    >>> g = BuyItems(3, 2, [1, 1, 2])
    >>> solve_game(g, g.start).value, buy_items_winner(3, 2, [1, 1, 2])
    ('win', 'Alice')
    """

    name = "buy-items"

    def __init__(self, alice: int, bob: int, prices: Sequence[int]) -> None:
        if alice < 0 or bob < 0 or any(c < 0 for c in prices):
            raise SpecError("money and prices must be >= 0")
        self.prices = list(prices)
        self.start = (FIRST, 0, alice, bob)

    def moves(self, position: tuple[int, int, int, int]) -> Iterator[tuple[int, int, int, int]]:
        turn, i, alice, bob = position
        money = alice if turn == FIRST else bob
        for j in range(i, len(self.prices)):
            money -= self.prices[j]
            if money < 0:
                return
            yield (SECOND, j + 1, money, bob) if turn == FIRST else (FIRST, j + 1, alice, money)

    def describe(self, position: tuple[int, int, int, int]) -> str:
        turn, i, alice, bob = position
        rest = ",".join(map(str, self.prices[i:])) or "(none)"
        return f"items left {rest}; Alice {alice}, Bob {bob} ({'Alice' if turn == FIRST else 'Bob'} to move)"


def buy_items_thresholds(prices: Sequence[int], total: int) -> list[int]:
    """``f[i]``: the player about to buy item ``i`` (0-based) wins iff they hold at least ``f[i]``.

    ``total`` is the players' money together at the start. With ``T_i = total - (c_0 + ... +
    c_{i-1})`` the money left when item ``i`` is next, the tutorial's recurrence (seed 000) is
    ``f[n-1] = c[n-1]`` and ``f[i] = max(c[i], min(T_i - f[i+1] + 1, f[i+1] + c[i]))``: buy item
    ``i`` and stop, leaving the opponent less than ``f[i+1]`` of the ``T_{i+1}`` left, or go on
    buying as the holder of ``x - c[i]`` at item ``i + 1``. The ``max(c[i], ...)`` (you must be able to
    pay for item ``i``) is missing in the tutorial's formula; without it ``A = B = 0``, prices
    ``5, 1`` would wrongly be a win for Alice.

    >>> buy_items_thresholds([1, 1, 2], 5)
    [3, 3, 2]
    """
    n = len(prices)
    f = [0] * n
    left = total - sum(prices[:-1]) if n else total
    for i in range(n - 1, -1, -1):
        if i == n - 1:
            f[i] = prices[i]
        else:
            left += prices[i]  # now T_i: the money left when item i is next
            f[i] = max(prices[i], min(left - f[i + 1] + 1, f[i + 1] + prices[i]))
    return f


def buy_items_winner(alice: int, bob: int, prices: Sequence[int]) -> str:
    """``"Alice"`` or ``"Bob"`` for HDU 4701 in O(n), by :func:`buy_items_thresholds`.

    >>> buy_items_winner(0, 0, [5, 1]), buy_items_winner(5, 0, [5, 1]), buy_items_winner(5, 5, [])
    ('Bob', 'Alice', 'Bob')
    """
    if not prices:
        return "Bob"
    return "Alice" if alice >= buy_items_thresholds(prices, alice + bob)[0] else "Bob"


# -- Link with Chess Game (2023 Nowcoder multi-university F) ---------------------------------------


MAX_CELLS = 1000  # triples of a three-tokens board (the visited set is one bit per triple)


class ThreeTokens(Game):
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

    The tutorial's table (seed 002): Alice wins when ``n`` is even; when ``n`` is odd she wins iff
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


# -- the warm-up: guessing a number with at most n guesses a round ---------------------------------


class GuessingGame(Game):
    """The warm-up of seed 000: B must find A's secret ``n`` (here ``1 <= n <= top``) in ``rounds`` rounds.

    Each round B writes a list of distinct integers; if the list is longer than ``n``, B loses; if
    ``n`` is on it, B wins; otherwise A says which numbers are smaller and which larger than ``n``.
    A answers adversarially (he may keep ``n`` open as long as it fits his answers), so B wins iff
    he wins against every secret. B moves first. Positions: ``(0, lo, hi, rounds_left)`` for B
    when ``n`` is known to lie in ``lo..hi``; ``(1, lo, hi, rounds_left, written)`` for A's answer;
    ``(0, 0, 0, 0)`` when B has written too many. B only writes numbers in ``lo..hi`` (others tell
    him nothing and only use up the list).

    >>> from grundy.core.general import solve_game
    >>> solve_game(GuessingGame(5, 2), GuessingGame(5, 2).start).value     # write 2, then 1 or 3,4,5
    'win'
    """

    name = "guessing"

    def __init__(self, top: int, rounds: int) -> None:
        if top < 1 or rounds < 0:
            raise SpecError("guessing needs a largest secret >= 1 and a number of rounds >= 0")
        self.top, self.rounds = top, rounds
        self.start = (0, 1, top, rounds)

    def moves(self, position: tuple) -> Iterator[tuple]:
        if position[0] == 0:
            _, lo, hi, left = position
            if lo == 0 or left == 0:
                return
            for size in range(1, hi - lo + 2):
                for written in combinations(range(lo, hi + 1), size):
                    yield 1, lo, hi, left - 1, written
            return
        _, lo, hi, left, written = position
        if len(written) > lo:  # A may hold n = lo, shorter than the list: B loses
            yield 0, 0, 0, 0
        for a, b in zip((lo - 1,) + written, written + (hi + 1,), strict=True):
            if b - a > 1:  # n strictly between two neighbouring numbers on the list
                yield 0, a + 1, b - 1, left

    def primitive(self, position: tuple) -> str | None:
        if position[0] == 0 and (position[1] == 0 or position[3] == 0):
            return "lose"  # B wrote too many, or has no round left without having found n
        return None

    def describe(self, position: tuple) -> str:
        if position[0] == 0:
            _, lo, hi, left = position
            return "B wrote too many numbers" if lo == 0 else f"n in {lo}..{hi}, {left} rounds left (B to write)"
        _, lo, hi, left, written = position
        return f"n in {lo}..{hi}, B wrote {','.join(map(str, written))} (A to answer)"


def guessing_coverage(lo: int, rounds: int, cap: int | None = None) -> int:
    """How many consecutive candidates ``lo, lo+1, ...`` B can surely resolve in ``rounds`` rounds.

    Knowing ``n >= lo``, B may safely write ``lo`` numbers. Optimal: leave below the first one a gap
    B can resolve with one round fewer, then after each number the gap that the larger lower
    bound allows, and after the last the same. So ``C(lo, 0) = 0``, ``C(lo, 1) = lo``,
    ``C(lo, 2) = (lo + 1) 2^(lo + 1) - lo - 2``, and in general
    ``C(lo, r) = sum of (C(s_j, r - 1) + 1) for j < lo, plus C(s_lo, r - 1)`` with ``s_0 = lo``,
    ``s_{j+1} = s_j + C(s_j, r - 1) + 1``. The values grow like towers, so with ``cap`` the answer
    stops at ``cap + 1`` once it passes ``cap``.

    >>> [guessing_coverage(1, r) for r in range(4)], guessing_coverage(7, 2)
    ([0, 1, 5, 2045], 2039)
    """
    big = cap + 1 if cap is not None else None
    if rounds == 0:
        return 0
    if rounds == 1:
        return lo if big is None else min(lo, big)
    if rounds == 2:
        if big is not None and lo + 1 > big.bit_length():
            return big
        value = (lo + 1) * 2 ** (lo + 1) - lo - 2
        return value if big is None else min(value, big)
    total, start = 0, lo
    for _ in range(lo):
        gap = guessing_coverage(start, rounds - 1, cap)
        total += gap + 1
        start += gap + 1
        if big is not None and total >= big:
            return big
    total += guessing_coverage(start, rounds - 1, cap)
    return total if big is None else min(total, big)


def guessing_rounds(top: int) -> int:
    """The fewest rounds in which B surely finds a secret ``1 <= n <= top`` (the warm-up of seed 000).

    The seed states the game but not its answer. With no bound on ``n`` no fixed number of rounds
    suffices (A can always pick ``n`` above everything B can reach), so the question is answered for
    ``n <= top``: the least ``r`` with ``guessing_coverage(1, r) >= top``, i.e. 1 round for ``top = 1``,
    2 up to 5, 3 up to 2045, 4 up to ``2046 + C(2047, 3)`` (more than ``2^(2^2047)``), ...

    >>> [guessing_rounds(t) for t in (1, 2, 5, 6, 2045, 2046, 10**100)]
    [1, 2, 2, 3, 3, 4, 4]
    """
    if top < 1:
        raise SpecError(f"the largest secret must be >= 1, not {top}")
    rounds = 0
    while guessing_coverage(1, rounds, cap=top) < top:
        rounds += 1
    return rounds


# -- the registry for the command line ---------------------------------------------------------------


def _ints(text: str, what: str) -> list[int]:
    try:
        return [limits.parse_int(x, what) for x in text.split(",") if x.strip()]
    except LimitError:
        raise
    except GrundyError:
        raise SpecError(f"{what} must be comma-separated integers, not {limits.shorten(text)!r}") from None


def _edges(text: str) -> tuple[int, list[tuple[int, int]]]:
    """``"1-2,2-3"`` -> (3, [(0, 1), (1, 2)]); ``"1"`` alone is the one-vertex tree."""
    text = text.strip()
    if text == "1":
        return 1, []
    edges = []
    for part in text.split(","):
        ends = part.strip().split("-")
        if len(ends) != 2 or not all(e.strip().isdigit() for e in ends):
            raise SpecError(f"an edge is written like 1-2 (vertices 1..n), not {limits.shorten(part.strip())!r}")
        u, v = (limits.parse_int(e, "a vertex number") for e in ends)
        if u < 1 or v < 1:
            raise SpecError(f"vertices are numbered from 1, not as in {limits.shorten(part.strip())!r}")
        edges.append((u - 1, v - 1))
    n = max(max(e) for e in edges) + 1
    if n > len(edges) + 1:
        raise SpecError(f"a tree on {limits.shorten(str(n))} vertices needs {limits.shorten(str(n - 1))} edges, "
                        f"not {len(edges):,}")  # said before the tree is built: n may be huge
    return n, edges


def parse_weird_game(text: str) -> tuple[WeirdGame, Any]:
    """``weird-game:S,T``: two binary strings of equal even length, e.g. ``weird-game:0110,1001``."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise SpecError(f"weird-game needs two binary strings s,t like 0110,1001, not {text!r}")
    g = WeirdGame(*parts)
    return g, g.start


def parse_tree_colouring(text: str) -> tuple[TreeColouring, Any]:
    """``tree-colouring:EDGES``: the tree's edges on vertices 1..n, e.g. ``tree-colouring:1-2,2-3,3-4``."""
    n, edges = _edges(text)
    g = TreeColouring(n, edges)
    return g, g.start


def parse_gameia(text: str) -> tuple[Gameia, Any]:
    """``gameia:K:EDGES``: B's number of cuts, then the tree's edges, e.g. ``gameia:1:1-2,2-3,3-4``."""
    k, sep, rest = text.partition(":")
    if not sep or not k.strip().isdigit():
        raise SpecError(f"gameia needs the number of cuts and the edges, like 1:1-2,2-3,3-4, not {text!r}")
    n, edges = _edges(rest)
    g = Gameia(n, edges, int(k))
    return g, g.start


def parse_buy_items(text: str) -> tuple[BuyItems, Any]:
    """``buy-items:A,B:PRICES``: Alice's and Bob's money, then the prices in order, e.g. ``buy-items:3,2:1,1,2``."""
    money, sep, rest = text.partition(":")
    budgets = _ints(money, "the money")
    if not sep or len(budgets) != 2:
        raise SpecError(f"buy-items needs A,B:prices like 3,2:1,1,2, not {text!r}")
    g = BuyItems(budgets[0], budgets[1], _ints(rest, "the prices"))
    return g, g.start


def parse_three_tokens(text: str) -> tuple[ThreeTokens, Any]:
    """``three-tokens:N:R,G,B``: board length and the tokens' cells (1..N), e.g. ``three-tokens:2:1,2,1``."""
    size, sep, rest = text.partition(":")
    cells = _ints(rest, "the token positions")
    if not sep or not size.strip().isdigit() or len(cells) != 3:
        raise SpecError(f"three-tokens needs N:r,g,b like 2:1,2,1, not {text!r}")
    g = ThreeTokens(int(size))
    return g, g.start_at(*cells)


def parse_guessing(text: str) -> tuple[GuessingGame, Any]:
    """``guessing:TOP[,ROUNDS]``: secrets 1..TOP (at most 12), rounds (default: the fewest that suffice)."""
    numbers = _ints(text, "the guessing parameters")
    if len(numbers) not in (1, 2) or not 1 <= numbers[0] <= 12:
        raise SpecError(f"guessing needs TOP[,ROUNDS] with 1 <= TOP <= 12, not {text!r}")
    top = numbers[0]
    g = GuessingGame(top, numbers[1] if len(numbers) == 2 else guessing_rounds(top))
    return g, g.start


GAMES: dict[str, Callable[[str], tuple[Game, Any]]] = {
    "weird-game": parse_weird_game,
    "tree-colouring": parse_tree_colouring,
    "gameia": parse_gameia,
    "buy-items": parse_buy_items,
    "three-tokens": parse_three_tokens,
    "guessing": parse_guessing,
}


USAGES = {
    "weird-game": ("weird-game:S,T", "pick digits of two binary strings; the larger number wins (CF 293A)"),
    "tree-colouring": ("tree-colouring:EDGES", "colour a tree white/black; a lone white vertex wins (AGC 014 D)"),
    "gameia": ("gameia:K:EDGES", "tree colouring where Black may cut up to K edges (HDU 6105)"),
    "buy-items": ("buy-items:A,B:PRICES", "buy items in order with budgets A and B (HDU 4701)"),
    "three-tokens": ("three-tokens:N:R,G,B", "move r, g, b on a line; no triple may repeat (Link with Chess)"),
    "guessing": ("guessing:TOP[,ROUNDS]", "the number-guessing warm-up: rounds needed for secrets 1..TOP"),
}


def game_catalogue() -> list[tuple[str, str, str]]:
    """(name, how to write it, what it is) for each game of :data:`GAMES`."""
    return [(name, *USAGES[name]) for name in GAMES]


def load_game(spec: str) -> tuple[Game, Any]:
    """A game and its start from ``name:parameters`` (see :data:`GAMES`).

    >>> the_game, start = load_game("three-tokens:3:1,1,1")
    >>> the_game.describe(start)
    'r=1 g=1 b=1, 1 triples used (first)'
    """
    name, _, params = spec.partition(":")
    parser = GAMES.get(name.strip())
    if parser is None:
        raise SpecError(f"no game called {limits.shorten(name.strip())!r}; the games are {', '.join(GAMES)}")
    return parser(params)
