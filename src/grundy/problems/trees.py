r"""Tree and two-string contest problems, in their original input/output format, solved with grundy.

- ``cf293a`` — Codeforces 293A *Weird Game* (:func:`grundy.rulesets.general.weird_game_winner`)
- ``agc014d`` — AtCoder AGC 014 D *Black and White Tree* (:func:`grundy.rulesets.general.tree_colouring_winner`)
- ``hdu4701`` — HDU 4701 *Game*, buying items in order (:func:`grundy.rulesets.general.buy_items_winner`)
- ``hdu6105`` — HDU 6105 *Gameia* (:func:`grundy.rulesets.general.gameia_winner`)
- ``agc017d`` — AtCoder AGC 017 D *Game on Tree* (the ``tree-cut`` ruleset: Green Hackenbush, colon principle)
- ``bob-and-ben`` — HackerRank *Bob and Ben* (the ``leaf-forest`` ruleset)

Every solver reads its input with :class:`~grundy.problems.base.Reader` (bad input names the line)
and answers with grundy's fast rules; each problem also has a brute-force solver that plays the
game straight from its definition (:func:`~grundy.core.general.decide_game` on the games of
:mod:`grundy.rulesets.general`, or :func:`~grundy.problems.base.ruleset_search` on the ruleset's moves), used by
the tests on small inputs. Each solver's docstring gives the format it reads and writes.

>>> print(game_on_tree("5\n1 2\n2 3\n2 4\n4 5\n"), end="")
Alice
>>> print(bob_and_ben("2\n2\n1 2\n1 3\n1\n3 2\n"), end="")
BEN
BOB

References: the problems on Codeforces, AtCoder, HDU OJ and HackerRank named above; the project's
Chinese lecture on P/N positions, SG functions and contest problems; Winning Ways ch. 7 (the colon
principle).
"""

from __future__ import annotations

import random

import grundy
from grundy.core.general import decide_game
from grundy.core.graphs import closing_edge, graph_item
from grundy.problems.base import ProblemInputError, Reader, lines, problem, ruleset_search
from grundy.rulesets.general import (
    BuyItems,
    Gameia,
    TreeColouring,
    WeirdGame,
    buy_items_winner,
    gameia_winner,
    tree_colouring_winner,
    weird_game_winner,
)
from grundy.rulesets.leaf_forest import leaf_forest_value

Edges = list[tuple[int, int]]


# -- shared helpers ------------------------------------------------------------------------------
def _read_edges(r: Reader, n: int) -> Edges:
    """``n - 1`` edges ``a b`` on vertices ``1..n`` that must form a tree; returned 0-based.

    A loop, a repeated edge or an edge closing a cycle is reported with its line.
    """
    start = r.position
    count = 2 * (n - 1)
    chunk = r.tokens[start:start + count]
    values: list[int] | None = None
    if len(chunk) == count:
        try:
            values = [int(token) for token in chunk]
        except ValueError:
            values = None
        if values is not None and values and not (min(values) >= 1 and max(values) <= n):
            values = None
    if values is None:
        values = []
        for i in range(n - 1):
            values.append(r.int(f"a_{i + 1} (an end of edge {i + 1})", 1, n))
            values.append(r.int(f"b_{i + 1} (the other end of edge {i + 1})", 1, n))
    else:
        r.advance(count, "the ends of the edges")
    edges: Edges = [(values[2 * i] - 1, values[2 * i + 1] - 1) for i in range(n - 1)]
    bad = closing_edge(edges)
    if bad >= 0:
        a, b = edges[bad]
        line = r.line_of(start + 2 * bad)
        if a == b:
            raise ProblemInputError(f"line {line}: edge {a + 1} {b + 1} joins a vertex to itself (the edges must "
                                    "form a tree)")
        raise ProblemInputError(f"line {line}: edge {a + 1} {b + 1} closes a cycle (the {n - 1} edges must "
                                f"form a tree on vertices 1..{n})")
    return edges


def _random_tree(rng: random.Random, n: int, matched: bool = False) -> Edges:
    """A random tree on ``0..n-1`` (shuffled labels and edge order); with ``matched`` (n even) one
    that has a perfect matching: pairs ``2i, 2i+1`` joined, and the pairs joined into a tree."""
    if matched and n % 2 == 0:
        edges = [(2 * i, 2 * i + 1) for i in range(n // 2)]
        edges += [(2 * i + rng.randrange(2), 2 * rng.randrange(i) + rng.randrange(2)) for i in range(1, n // 2)]
    else:
        edges = [(rng.randrange(i), i) for i in range(1, n)]
    label = list(range(n))
    rng.shuffle(label)
    edges = [(label[a], label[b]) if rng.random() < 0.5 else (label[b], label[a]) for a, b in edges]
    rng.shuffle(edges)
    return edges


def _edge_lines(edges: Edges) -> str:
    return "".join(f"{a + 1} {b + 1}\n" for a, b in edges)


# -- Codeforces 293A Weird Game --------------------------------------------------------------------
def _gen_293a(rng: random.Random, size: int) -> str:
    n = rng.randint(1, size + 1 if size <= 3 else size * size)
    s = "".join(rng.choice("01") for _ in range(2 * n))
    t = "".join(rng.choice("01") for _ in range(2 * n))
    return f"{n}\n{s}\n{t}\n"


def _read_293a(text: str) -> tuple[str, str]:
    r = Reader(text)
    n = r.int("n", 1, 10**6)
    words = []
    for name in ("s", "t"):
        line = r.line
        word = r.word(f"the string {name}")
        if len(word) != 2 * n or word.strip("01"):
            raise ProblemInputError(f"line {line}: expected the string {name}, {2 * n} characters 0 or 1 "
                                    f"(2n with n = {n}), got {word[:40]!r}{'...' if len(word) > 40 else ''}")
        words.append(word)
    r.end()
    return words[0], words[1]


def _brute_293a(text: str) -> str:
    g = WeirdGame(*_read_293a(text))
    return lines([{"win": "First", "lose": "Second", "tie": "Draw"}[decide_game(g, g.start).value]])


@problem("cf293a", "Codeforces 293A", "Weird Game",
         "pick unused indices of two binary strings, each keeps the digits of their own string; the larger "
         "number wins: 'First', 'Second' or 'Draw'",
         generate=_gen_293a, brute=_brute_293a,
         samples=[("2\n0111\n0001\n", "First\n"), ("3\n110110\n001001\n", "First\n"),
                  ("3\n111000\n000111\n", "Draw\n"), ("4\n01010110\n00101101\n", "First\n"),
                  ("4\n01100000\n10010011\n", "Second\n")])
def weird_game(text: str) -> str:
    """Statement: two binary strings s (Yaroslav's) and t (Andrey's) of length 2n. In turn,
    Yaroslav first, a player picks an index not picked before: Yaroslav writes down s[i], Andrey
    t[i]. At the end each arranges his n digits into the largest number he can; the larger number
    wins, and equal numbers are a draw. Who wins?

    Input: three lines:
        n
        s
        t

    Output: 'First' if Yaroslav wins, 'Second' if Andrey wins, 'Draw' for a draw.

    Limits: 1 <= n <= 10^6; s and t have 2n characters, each 0 or 1.

    Theory: not an impartial game, and only the number of ones counts. Sort the indices by the
    pair (s[i], t[i]): both players take a 11 index while there is one (it gives a one and denies
    one); then Yaroslav prefers 10 (a one for him) to 01 (denying Andrey), Andrey the reverse, and
    00 comes last. grundy plays this greedy game out in O(n); its tests check it against the
    general solver's search of the game (win, loss or draw) on short strings."""
    return lines([weird_game_winner(*_read_293a(text))])


# -- AtCoder AGC 014 D Black and White Tree --------------------------------------------------------
def _gen_014d(rng: random.Random, size: int) -> str:
    top = 2 * size + 2 if size <= 3 else min(10**5, size * size)
    matched = rng.random() < 0.5
    n = 2 * rng.randint(1, top // 2) if matched else rng.randint(2, top)
    return f"{n}\n" + _edge_lines(_random_tree(rng, n, matched))


def _read_tree_problem(text: str) -> tuple[int, Edges]:
    r = Reader(text)
    n = r.int("N (the number of vertices)", 2, 10**5)
    edges = _read_edges(r, n)
    r.end()
    return n, edges


def _brute_014d(text: str) -> str:
    g = TreeColouring(*_read_tree_problem(text))
    return lines(["First" if decide_game(g, g.start).value == "win" else "Second"])


@problem("agc014d", "AtCoder AGC 014 D", "Black and White Tree",
         "colour a tree's vertices in turn, first white, second black; then white vertices next to black turn "
         "black: 'First' if a white vertex remains",
         generate=_gen_014d, brute=_brute_014d,
         samples=[("3\n1 2\n2 3\n", "First\n"), ("4\n1 2\n2 3\n2 4\n", "First\n"),
                  ("6\n1 2\n2 3\n3 4\n2 5\n5 6\n", "Second\n")])
def black_and_white_tree(text: str) -> str:
    """Statement: a tree of N uncoloured vertices. In turn, Takahashi first, a player colours an
    uncoloured vertex, Takahashi white and Aoki black. When all are coloured, every white vertex
    next to a black one turns black at once; Takahashi wins if a white vertex remains. Who wins?

    Input: N, then one edge per line:
        N
        a_i b_i        (N - 1 lines)

    Output: 'First' if Takahashi wins, else 'Second'.

    Limits: 2 <= N <= 10^5; the edges form a tree on the vertices 1..N.

    Theory: the second player wins iff the tree has a perfect matching. With one, Aoki answers
    each white vertex by colouring its partner black, so every white vertex ends next to a black
    one. Without one, Takahashi colours the parent of a leaf whose parent has no other child, Aoki
    must answer at that leaf, and repeating this leaves an unmatched white vertex with no black
    neighbour. grundy finds the matching greedily from the leaves, in O(N)."""
    return lines([tree_colouring_winner(*_read_tree_problem(text))])


# -- HDU 4701 Game (buying items in order) -----------------------------------------------------------
def _gen_4701(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size, 5))):
        n = rng.randint(1, size + 2 if size <= 3 else size * size)
        high = 3 * size if size <= 3 else 10 ** min(9, size)
        prices = [rng.randint(0 if rng.random() < 0.1 else 1, high) for _ in range(n)]
        money = sum(prices)
        a, b = rng.randint(0, money), rng.randint(0, money)
        cases.append(f"{n} {min(a, 10**9)} {min(b, 10**9)}\n{' '.join(map(str, prices))}\n")
    return "".join(cases)


def _read_4701(text: str) -> list[tuple[int, int, list[int]]]:
    r = Reader(text)
    cases = []
    while not r.at_end():
        case = len(cases) + 1
        n = r.int(f"N (the number of items, case {case})", 1, 10**6)
        a = r.int(f"A (Alice's money, case {case})", 0, 10**9)
        b = r.int(f"B (Bob's money, case {case})", 0, 10**9)
        cases.append((a, b, r.ints(n, f"C (a price, case {case})", 0, 10**9)))
    return cases


def _brute_4701(text: str) -> str:
    out = []
    for a, b, prices in _read_4701(text):
        g = BuyItems(a, b, prices)
        out.append("ALICE" if decide_game(g, g.start).value == "win" else "BOB")
    return lines(out)


@problem("hdu4701", "HDU 4701", "Game",
         "buy the next one or more items in order with your own money, Alice first; who cannot buy loses: "
         "'ALICE' or 'BOB'",
         generate=_gen_4701, brute=_brute_4701,
         samples=[("3 3 2\n1 1 2\n2 0 0\n5 1\n2 5 0\n5 1\n", "ALICE\nBOB\nALICE\n")])
def buy_items(text: str) -> str:
    """Statement: N items are sold in order at prices C_1, ..., C_N; Alice has A money and Bob B.
    In turn, Alice first, a player buys the next one or more items, paying with his own money.
    Whoever cannot buy (too little money for the next item, or nothing left) loses. Who wins?

    Input: cases to the end of the input, each:
        N A B
        C_1 C_2 ... C_N

    Output: per case 'ALICE' if Alice wins, else 'BOB'.

    Limits: 1 <= N <= 10^6, 0 <= A, B <= 10^9, 0 <= C_i <= 10^9.

    Theory: the money of both players together is fixed by the number of items bought, so a
    position is the next item i and the money x of the player to move, who wins iff x >= f(i):
    f(N) = C_N, and f(i) = max(C_i, min(T_i - f(i+1) + 1, f(i+1) + C_i)), T_i being the money left
    in all when item i is next. Either he buys item i and stops, leaving the opponent less than
    f(i+1), or he keeps buying as the holder of x - C_i at item i + 1; the max(C_i, ...) (he must
    pay for item i) is missing from the usual tutorial formula. One pass from the last item, O(N)."""
    return lines(["ALICE" if buy_items_winner(a, b, prices) == "Alice" else "BOB"
                  for a, b, prices in _read_4701(text)])


# -- HDU 6105 Gameia ---------------------------------------------------------------------------------
def _gen_6105(rng: random.Random, size: int) -> str:
    rows = []
    for _ in range(rng.randint(1, min(size + 1, 5))):
        top = 2 * size if size <= 3 else min(500, size * size)
        matched = rng.random() < 0.6
        n = 2 * rng.randint(1, top // 2) if matched else rng.randint(1, top)
        edges = _random_tree(rng, n, matched)
        adjacent: list[list[int]] = [[] for _ in range(n)]
        for a, b in edges:
            adjacent[a].append(b)
            adjacent[b].append(a)
        order, parent = [rng.randrange(n)], {}  # breadth-first numbering: every parent comes first
        parent[order[0]] = -1
        for v in order:
            for w in adjacent[v]:
                if w not in parent:
                    parent[w] = v
                    order.append(w)
        number = {v: i + 1 for i, v in enumerate(order)}
        k = rng.randint(0, n // 2 + 1) if size <= 3 else rng.randint(0, 500)
        rows.append(f"{n} {k}\n{' '.join(str(number[parent[v]]) for v in order[1:])}\n")
    return f"{len(rows)}\n" + "".join(rows)


def _read_6105(text: str) -> list[tuple[int, Edges, int]]:
    r = Reader(text)
    cases = []
    for case in range(1, r.int("T (the number of test cases)", 1, 100) + 1):
        n = r.int(f"n (the number of vertices, case {case})", 1, 500)
        k = r.int(f"k (B's number of cuts, case {case})", 0, 500)
        edges = [(r.int(f"p_{i} (the parent of vertex {i}, case {case})", 1, i - 1) - 1, i - 1)
                 for i in range(2, n + 1)]
        cases.append((n, edges, k))
    r.end()
    return cases


def _brute_6105(text: str) -> str:
    out = []
    for n, edges, k in _read_6105(text):
        g = Gameia(n, edges, k, any_cuts=True)
        out.append("Alice" if decide_game(g, g.start).value == "win" else "Bob")
    return lines(out)


@problem("hdu6105", "HDU 6105", "Gameia",
         "Alice paints a vertex white, Bob paints one and its neighbours black and may cut k edges: 'Alice' if "
         "a white vertex is left",
         generate=_gen_6105, brute=_brute_6105,
         samples=[("2\n2 1\n1\n3 1\n1 2\n", "Bob\nAlice\n")])
def gameia(text: str) -> str:
    """Statement: a tree of n uncoloured vertices. In turn, Alice first, Alice paints an uncoloured
    vertex white, and Bob paints an uncoloured vertex black together with all its neighbours (white
    ones too). Bob may also cut up to k edges in all, at any time. When every vertex is painted,
    Alice wins if some vertex is white. Who wins?

    Input: the number of cases T, then each case on two lines:
        T
        n k
        p_2 p_3 ... p_n        (vertex i is joined to p_i)

    Output: per case 'Alice' if Alice wins, else 'Bob'.

    Limits: 1 <= T <= 100, 1 <= n <= 500, 0 <= k <= 500, 1 <= p_i < i.

    Theory: Bob wins iff the tree has a perfect matching and k >= n/2 - 1. Then Bob cuts the tree
    into the n/2 matched pairs and answers each white vertex by painting its partner, which paints
    the white one black. Without a matching Alice wins as in AtCoder AGC 014 D, and with fewer
    cuts some painting of Bob's spills onto an uncoloured vertex of another pair, which gives
    Alice the last vertex; grundy's tests check the rule against a search of the game with any
    cuts."""
    return lines(["Alice" if gameia_winner(n, edges, k) == "A" else "Bob" for n, edges, k in _read_6105(text)])


# -- AtCoder AGC 017 D Game on Tree ----------------------------------------------------------------------
def _gen_017d(rng: random.Random, size: int) -> str:
    n = rng.randint(2, 2 * size + 2 if size <= 3 else min(10**5, size * size))
    return f"{n}\n" + _edge_lines(_random_tree(rng, n))


def _rooted(edges: Edges) -> list[tuple[int, int]]:
    """The tree as a ``tree-cut`` component: vertex 1 of the statement is the root 0."""
    return [graph_item(edge) for edge in edges]


def _brute_017d(text: str) -> str:
    _, edges = _read_tree_problem(text)
    return lines(["Alice" if ruleset_search("tree-cut").outcome([tuple(sorted(_rooted(edges)))]) == "N" else "Bob"])


@problem("agc017d", "AtCoder AGC 017 D", "Game on Tree",
         "delete an edge of a tree rooted at 1 with the part cut off from the root; who cannot move loses: "
         "'Alice' (first) or 'Bob'",
         generate=_gen_017d, brute=_brute_017d,
         samples=[("5\n1 2\n2 3\n2 4\n4 5\n", "Alice\n"), ("5\n1 2\n2 3\n1 4\n4 5\n", "Bob\n"),
                  ("6\n1 2\n2 4\n5 1\n6 3\n3 2\n", "Alice\n"), ("7\n1 2\n3 7\n4 6\n2 3\n2 4\n1 5\n", "Bob\n")])
def game_on_tree(text: str) -> str:
    """Statement: a tree on the vertices 1..N, rooted at 1. In turn, Alice first, a player deletes
    an edge together with the part that is no longer connected to vertex 1. Whoever cannot move
    loses. Who wins?

    Input: N, then one edge per line:
        N
        x_i y_i        (N - 1 lines)

    Output: 'Alice' if Alice wins, else 'Bob'.

    Limits: 2 <= N <= 10^5; the edges form a tree on the vertices 1..N.

    Theory: Green Hackenbush on a rooted tree, grundy's tree-cut. By the colon principle a subtree
    hanging from an edge plays like a Nim heap one larger than the subtree's own value, so a
    vertex is worth the xor of (child's value + 1) over its children, and Alice wins iff the root's
    value is non-zero. O(N)."""
    _, edges = _read_tree_problem(text)
    return lines(["Alice" if grundy.ruleset("tree-cut").grundy(_rooted(edges)) else "Bob"])


# -- HackerRank Bob and Ben ----------------------------------------------------------------------------
def _gen_bob_ben(rng: random.Random, size: int) -> str:
    rows = []
    for _ in range(rng.randint(1, min(size, 5))):
        trees = rng.randint(1, size if size <= 3 else size * size)
        high = size + 3 if size <= 3 else 10 ** min(9, size)
        rows.append(f"{trees}\n" + "".join(f"{rng.randint(1, high)} {rng.randint(2, 100)}\n" for _ in range(trees)))
    return f"{len(rows)}\n" + "".join(rows)


def _read_bob_ben(text: str) -> list[tuple[list[int], list[int]]]:
    """Each game as (the trees' sizes m_i, their k_i)."""
    r = Reader(text)
    games = []
    total = 0
    for game in range(1, r.int("g (the number of games)", 1, 100) + 1):
        line = r.line
        n = r.int(f"n (the number of trees, game {game})", 1, 10**6)
        total += n
        if total > 10**6:
            raise ProblemInputError(f"line {line}: the games have {total} trees so far, more than the 10^6 allowed "
                                    "in all")
        values = r.ints(2 * n, f"m or k (a tree of game {game}: vertices, then k)", 1, 10**9)
        sizes, ks = values[::2], values[1::2]
        if not 2 <= min(ks) <= max(ks) <= 100:
            bad = next(i for i, k in enumerate(ks) if not 2 <= k <= 100)
            line = r.line_of(r.position - 2 * n + 2 * bad + 1)
            raise ProblemInputError(f"line {line}: expected k (a tree of game {game}), an integer 2..100, "
                                    f"got {ks[bad]} (past the problem's limits)")
        games.append((sizes, ks))
    r.end()
    return games


def _bob_ben_tree(m: int, k: int) -> tuple:
    """The tree of the statement as a ``leaf-forest`` component: vertex j's parent is max(1, j // k)."""
    if m == 1:
        return ((0,),)
    return tuple(sorted((max(1, j // k) - 1, j - 1) for j in range(2, m + 1)))


def _brute_bob_ben(text: str) -> str:
    search = ruleset_search("leaf-forest")
    return lines(["BOB" if search.outcome([_bob_ben_tree(m, k) for m, k in zip(sizes, ks, strict=True)]) == "N"
                  else "BEN" for sizes, ks in _read_bob_ben(text)])


@problem("bob-and-ben", "HackerRank", "Bob and Ben",
         "a forest; remove a leaf, or a whole tree that has a non-leaf; who cannot move loses: 'BOB' (first) "
         "or 'BEN'",
         generate=_gen_bob_ben, brute=_brute_bob_ben,
         samples=[("2\n2\n1 2\n1 3\n1\n3 2\n", "BEN\nBOB\n")])
def bob_and_ben(text: str) -> str:
    """Statement: a forest of n trees; tree i has the vertices 1..m_i, and the parent of its vertex
    j is max(1, ⌊j / k_i⌋). In turn, Bob first, a player removes a leaf of a tree, or a whole tree
    that has a vertex which is not a leaf. Whoever cannot move loses. Who wins each game?

    Input: the number of games g, then each game:
        g
        n
        m_i k_i        (n lines, one tree each)

    Output: per game 'BOB' if Bob wins, else 'BEN'.

    Limits: 1 <= g <= 100, 1 <= n <= 10^6 (at most 10^6 trees in all), 1 <= m_i <= 10^9,
    2 <= k_i <= 100.

    Theory: Sprague–Grundy with grundy's leaf-forest: a tree of m vertices is worth 1 if m = 1, 0 if
    m = 2, and from 3 on 1 for odd m and 2 for even m, whatever its shape (so k does not matter).
    Once a vertex has degree 2 or more the tree may also be removed whole, worth 0, so
    G(m) = mex{G(m - 1), 0}. Bob wins iff the xor of the trees' values is non-zero."""
    out = []
    for sizes, _ in _read_bob_ben(text):
        total = 0
        for m in sizes:
            total ^= leaf_forest_value(m)
        out.append("BOB" if total else "BEN")
    return lines(out)
