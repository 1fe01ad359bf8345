"""Codeforces and AtCoder game problems, solved with grundy's rulesets.

- ``cf768e`` — Codeforces 768E *Game of Stones* (``no-repeat``)
- ``cf850c`` — Codeforces 850C *Arpa and a game with Mojtaba* (``prime-powers``)
- ``cf603c`` — Codeforces 603C *Lieges of Legendre* (``legendre:K``)
- ``agc016f`` — AtCoder AGC 016 F *Games on DAG* (:func:`grundy.rulesets.dag.count_first_player_wins`)
- ``caddi2018b`` — AtCoder CADDi 2018 D (task caddi2018_b) *Harlequin* (``harlequin``)
- ``agc002e`` — AtCoder AGC 002 E *Candy Piles* (``candy-piles``)
- ``agc010d`` — AtCoder AGC 010 D *Decrementing* (``decrementing``)

Each solver's docstring gives the input and output format it reads and writes.

>>> from grundy.problems.base import get
>>> get("agc002e").solve("3\\n1 2 3\\n")
'Second\\n'
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import gcd

import grundy
from grundy.core.general import decide_game, game
from grundy.core.search import MoveSearch, sum_outcome
from grundy.problems.base import ProblemInputError, Reader, lines, problem, ruleset_search
from grundy.rulesets.dag import count_first_player_wins


def _heaps_win(spec: str, heaps: list[int]) -> bool:
    """Whether the player to move wins a sum of heaps read within the problem's limits (Sprague–Grundy:
    each size that occurs an odd number of times is valued once; no move listed)."""
    return sum_outcome(grundy.ruleset(spec), heaps) == "N"


def _whole_wins(spec: str, component: tuple[int, ...]) -> bool:
    """Whether the player to move wins one whole-position component (the ruleset's position rule)."""
    rules = grundy.ruleset(spec)
    return sum_outcome(rules, [rules.validate(component)]) == "N"


def _search_outcome(spec: str, components: list) -> str:
    """The brute force: a search of the whole position from the moves alone (no values, no rule)."""
    return ruleset_search(spec).outcome(components)


# -- Codeforces 768E Game of Stones ---------------------------------------------------------------------
def _gen_768e(rng: random.Random, size: int) -> str:
    heaps = [rng.randint(1, min(60, 2 * size + 1)) for _ in range(rng.randint(1, size + 1))]
    return f"{len(heaps)}\n" + "".join(f"{s}\n" for s in heaps)


def _read_768e(text: str) -> list[int]:
    r = Reader(text)
    n = r.int("n (the number of piles)", 1, 10**6)
    heaps = r.ints(n, "s (stones in a pile)", 1, 60)
    r.end()
    return heaps


def _brute_768e(text: str) -> str:
    return lines(["YES" if _search_outcome("no-repeat", _read_768e(text)) == "P" else "NO"])


@problem("cf768e", "Codeforces 768E", "Game of Stones",
         "piles of stones, never the same amount twice from one pile; Sam starts: 'YES' if Jon (second) wins",
         generate=_gen_768e, samples=[("1\n5\n", "NO\n"), ("2\n1\n2\n", "YES\n")], brute=_brute_768e)
def game_of_stones(text: str) -> str:
    """Statement: n piles of stones. In turn, Sam first, a player removes any positive number of
    stones from one pile, but never the same number twice from the same pile. Whoever cannot move
    loses. Does Jon, who moves second, win?

    Input: n, then one pile per line:
        n
        s_i        (n lines)

    Output: 'YES' if Jon wins, else 'NO'.

    Limits: 1 <= n <= 10^6, 1 <= s_i <= 60.

    Theory: Sprague–Grundy with grundy's no-repeat: a fresh pile of s stones is worth the largest k
    with 1 + 2 + ... + k <= s, the most moves the pile can last (a closed form that grundy's tests
    check against the definition, whose states are the stones left and the amounts used). Jon
    wins iff the xor of the piles' values is 0."""
    return lines(["NO" if _heaps_win("no-repeat", _read_768e(text)) else "YES"])


# -- Codeforces 850C Arpa and a game with Mojtaba --------------------------------------------------------
def _gen_850c(rng: random.Random, size: int) -> str:
    numbers = []
    for _ in range(rng.randint(1, min(100, size + 1))):
        if rng.random() < 0.5:
            numbers.append(rng.randint(1, 4 * size**3))
        else:
            a = 1
            for p in (2, 3, 5):
                a *= p ** rng.randint(0, size)
            numbers.append(min(a, 10**9))
    return f"{len(numbers)}\n{' '.join(map(str, numbers))}\n"


def _read_850c(text: str) -> tuple[int, ...]:
    r = Reader(text)
    n = r.int("n", 1, 100)
    numbers = tuple(r.ints(n, "a", 1, 10**9))
    r.end()
    return numbers


def _brute_850c(text: str) -> str:
    return lines(["Mojtaba" if _search_outcome("prime-powers", [_read_850c(text)]) == "N" else "Arpa"])


@problem("cf850c", "Codeforces 850C", "Arpa and a game with Mojtaba",
         "divide every multiple of a prime power p^k by it: 'Mojtaba' if the first player wins, else 'Arpa'",
         generate=_gen_850c, brute=_brute_850c,
         samples=[("4\n1 1 1 1\n", "Arpa\n"), ("4\n1 1 17 17\n", "Mojtaba\n"), ("4\n1 1 17 289\n", "Arpa\n"),
                  ("5\n1 2 3 4 5\n", "Arpa\n")])
def arpa(text: str) -> str:
    """Statement: a list of n numbers. In turn, Mojtaba first, a player picks a prime power p^k
    (k >= 1) dividing at least one number of the list, and divides every number divisible by p^k
    by it. Whoever cannot move loses. Who wins?

    Input: n, then the numbers on one line:
        n
        a_1 a_2 ... a_n

    Output: 'Mojtaba' if Mojtaba wins, else 'Arpa'.

    Limits: 1 <= n <= 100, 1 <= a_i <= 10^9.

    Theory: grundy's prime-powers. Each prime is an independent game: for a prime p the position
    is the set of exponents of p among the numbers, a bit mask, and choosing k lowers every
    exponent e >= k by k. Its values come from the definition, memoised on masks (about 30 bits
    at most), and by Sprague–Grundy Mojtaba wins iff the xor over the primes is non-zero."""
    return lines(["Mojtaba" if grundy.ruleset("prime-powers").grundy(_read_850c(text)) else "Arpa"])


# -- Codeforces 603C Lieges of Legendre ------------------------------------------------------------------
def _gen_603c(rng: random.Random, size: int) -> str:
    large = size >= 4 and rng.random() < 0.3  # a huge k only in larger inputs (the brute force lists splits)
    k = rng.randint(1, 10 ** min(size, 9)) if large else rng.randint(1, 3)
    heaps = [rng.randint(1, 2 * size + 2) for _ in range(rng.randint(1, size))]
    return f"{len(heaps)} {k}\n{' '.join(map(str, heaps))}\n"


def _read_603c(text: str) -> tuple[int, list[int]]:
    r = Reader(text)
    n, k = r.int("n", 1, 10**5), r.int("k", 1, 10**9)
    heaps = r.ints(n, "a", 1, 10**9)
    r.end()
    return k, heaps


def _brute_603c(text: str) -> str:
    k, heaps = _read_603c(text)
    return lines(["Kevin" if _search_outcome(f"legendre:{k}", heaps) == "N" else "Nicky"])


@problem("cf603c", "Codeforces 603C", "Lieges of Legendre",
         "remove one cow, or replace an even pile 2x by k piles of x: 'Kevin' if the first player wins, else 'Nicky'",
         generate=_gen_603c, brute=_brute_603c, samples=[("2 1\n3 4\n", "Kevin\n"), ("1 2\n3\n", "Nicky\n")])
def lieges_of_legendre(text: str) -> str:
    """Statement: n piles of cows. In turn, Kevin first, a player either removes one cow from a
    non-empty pile, or replaces a pile of an even size 2x by k piles of x cows. Whoever removes the
    last cow wins. Who wins?

    Input: n and k, then the piles on one line:
        n k
        a_1 a_2 ... a_n

    Output: 'Kevin' if Kevin wins, else 'Nicky'.

    Limits: 1 <= n <= 10^5, 1 <= k <= 10^9, 1 <= a_i <= 10^9.

    Theory: Sprague–Grundy with grundy's legendre:k; k equal piles are worth G(x) when k is odd
    and 0 when k is even. For even k: G = 0, 1, 2 for piles of 0, 1, 2, then 1 on even and 0 on odd
    sizes. For odd k: G = 0, 1, 0, 1, 2 for sizes below 5, 0 on odd sizes from 5 on, and on even
    sizes from 6 on G(n) = 2 if G(n/2) = 1, else 1: a recursion of O(log n) steps. Kevin wins iff
    the xor of the piles' values is non-zero."""
    k, heaps = _read_603c(text)
    return lines(["Kevin" if _heaps_win(f"legendre:{k}", heaps) else "Nicky"])


# -- AtCoder AGC 016 F Games on DAG ----------------------------------------------------------------------
MODULUS = 10**9 + 7


def _gen_016f(rng: random.Random, size: int) -> str:
    n = rng.randint(2, min(15, size + 2))
    pairs = [(x, y) for x in range(1, n + 1) for y in range(x + 1, n + 1)]
    edges = rng.sample(pairs, rng.randint(1, len(pairs)))
    return f"{n} {len(edges)}\n" + "".join(f"{x} {y}\n" for x, y in edges)


def _read_016f(text: str) -> tuple[int, list[tuple[int, int]]]:
    r = Reader(text)
    n = r.int("N", 2, 15)
    m = r.int("M", 1, n * (n - 1) // 2)
    edges: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    for i in range(1, m + 1):
        line = r.line
        x = r.int(f"x_{i}", 1, n - 1)
        y = r.int(f"y_{i} (x_{i} < y_{i} <= N)", x + 1, n)
        if (x, y) in seen:
            raise ProblemInputError(f"line {line}: the edge {x} {y} is given twice (the edges must be distinct)")
        seen.add((x, y))
        edges.append((x, y))
    r.end()
    return n, edges


def _brute_016f(text: str) -> str:
    n, edges = _read_016f(text)
    wins = 0
    for chosen in range(1 << len(edges)):
        successors: list[list[int]] = [[] for _ in range(n + 1)]
        for bit, (x, y) in enumerate(edges):
            if chosen >> bit & 1:
                successors[x].append(y)
        value = [0] * (n + 1)
        for v in range(n, 0, -1):  # edges go from x to y > x
            seen = {value[w] for w in successors[v]}
            while value[v] in seen:
                value[v] += 1
        wins += value[1] != value[2]
    return lines([wins % MODULUS])


@problem("agc016f", "AtCoder AGC 016 F", "Games on DAG",
         "tokens on vertices 1 and 2 of a DAG: count the edge subsets where the first player wins, mod 10^9+7",
         generate=_gen_016f, brute=_brute_016f,
         samples=[("2 1\n1 2\n", "1\n"), ("3 3\n1 2\n1 3\n2 3\n", "6\n"), ("4 2\n1 3\n2 4\n", "2\n")])
def games_on_dag(text: str) -> str:
    """Statement: a directed graph on vertices 1..N with M edges x_i -> y_i, x_i < y_i. For each of
    the 2^M subsets of the edges, tokens stand on vertices 1 and 2, and in turn a player moves one
    token along an edge of the subset; whoever cannot move loses. In how many subsets does the
    first player win?

    Input: N and M, then one edge per line:
        N M
        x_i y_i        (M lines)

    Output: that number of subsets, modulo 10^9 + 7.

    Limits: 2 <= N <= 15, 1 <= M <= N(N - 1)/2, 1 <= x_i < y_i <= N, the edges distinct.

    Theory: by Sprague–Grundy the first player wins iff G(1) != G(2), so count the subsets with
    G(1) = G(2) and subtract from 2^M. Count them over sets S of vertices by peeling off the set U
    of vertices of value 0, with 1 and 2 both in U or both out: no edge inside U, every vertex of
    S outside U needs an edge into U, edges from U are free, and the rest is counted again on S
    without U with every value one lower. An O(N·3^N) subset DP, run by a compiled kernel."""
    n, edges = _read_016f(text)
    return lines([count_first_player_wins(n, edges, MODULUS)])


# -- AtCoder CADDi 2018 Harlequin ------------------------------------------------------------------------
def _gen_harlequin(rng: random.Random, size: int) -> str:
    even = rng.random() < 0.4  # all counts even: the second player wins
    counts = [rng.randint(1, 2 * size) * (2 if even else 1) for _ in range(rng.randint(1, size + 1))]
    return f"{len(counts)}\n" + "".join(f"{a}\n" for a in counts)


def _read_counts(text: str, count_name: str, item: str) -> tuple[int, ...]:
    """``N`` (1 <= N <= 10^5) and N integers 1..10^9 (the AtCoder problems below)."""
    r = Reader(text)
    n = r.int(count_name, 1, 10**5)
    numbers = tuple(r.ints(n, item, 1, 10**9))
    r.end()
    return numbers


def _brute_harlequin(text: str) -> str:
    counts = _read_counts(text, "N (the number of colours)", "a (apples of a colour)")
    return lines(["first" if _search_outcome("harlequin", [counts]) == "N" else "second"])


@problem("caddi2018b", "AtCoder CADDi 2018 D (caddi2018_b)", "Harlequin",
         "eat one apple of each colour in a non-empty set of colours, the last apple wins: 'first' or 'second'",
         generate=_gen_harlequin, brute=_brute_harlequin,
         samples=[("2\n1\n2\n", "first\n"), ("3\n100000\n30000\n20000\n", "second\n")])
def harlequin(text: str) -> str:
    """Statement: apples of N colours, a_i of colour i. In turn, you first, a player eats one apple
    of each colour in a non-empty set of colours of his choice. Whoever eats the last apple wins.
    Do you win?

    Input: N, then one count per line:
        N
        a_i        (N lines)

    Output: 'first' if you win, else 'second'.

    Limits: 1 <= N <= 10^5, 1 <= a_i <= 10^9.

    Theory: grundy's harlequin. The player to move loses iff every count is even: from there every
    move makes some count odd, and from a position with odd counts, eating one apple of exactly the
    odd colours makes them all even again. The end, every count 0, is even."""
    counts = _read_counts(text, "N (the number of colours)", "a (apples of a colour)")
    return lines(["first" if _whole_wins("harlequin", counts) else "second"])


# -- AtCoder AGC 002 E Candy Piles -----------------------------------------------------------------------
def _gen_candy(rng: random.Random, size: int) -> str:
    piles = [rng.randint(1, 3 * size) for _ in range(rng.randint(1, size + 1))]
    return f"{len(piles)}\n{' '.join(map(str, piles))}\n"


def _candy_moves(piles: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The original moves, eating the last candy included (piles kept from the largest, zeros dropped)."""
    return [piles[1:], tuple(p - 1 for p in piles if p > 1)] if piles else []


# The original end rule: with no candy left, the player to move has won (the other ate the last one).
_CANDY_GAME = game(_candy_moves, primitive=lambda piles: None if piles else "win", name="candy piles")


def _brute_candy(text: str) -> str:
    piles = tuple(sorted(_read_counts(text, "N (the number of piles)", "a (candies in a pile)"), reverse=True))
    return lines(["First" if decide_game(_CANDY_GAME, piles).value == "win" else "Second"])


@problem("agc002e", "AtCoder AGC 002 E", "Candy Piles",
         "eat the largest pile or one candy from every pile; eating the last candy loses: 'First' or 'Second'",
         generate=_gen_candy, brute=_brute_candy,
         samples=[("2\n1 3\n", "First\n"), ("3\n1 2 1\n", "First\n"), ("3\n1 2 3\n", "Second\n")])
def candy_piles(text: str) -> str:
    """Statement: N piles of candies. In turn, a player either eats every candy of the largest
    pile, or eats one candy from every pile. Whoever eats the last candy loses. Who wins?

    Input: N, then the piles on one line:
        N
        a_1 a_2 ... a_N

    Output: 'First' if the first player wins, else 'Second'.

    Limits: 1 <= N <= 10^5, 1 <= a_i <= 10^9.

    Theory: grundy's candy-piles. Draw the piles, largest first, as columns of a staircase: eating
    the largest pile removes the leftmost column and eating one from every pile the bottom row, so
    the game moves a point right or up inside the staircase from (0, 0). A cell has the outcome of
    the next cell on its diagonal; past the last diagonal cell (k, k) only one direction is left,
    so the player to move there loses iff the cells above it and the cells right of it are both
    even in number. O(N log N)."""
    piles = _read_counts(text, "N (the number of piles)", "a (candies in a pile)")
    return lines(["First" if _whole_wins("candy-piles", piles) else "Second"])


# -- AtCoder AGC 010 D Decrementing ----------------------------------------------------------------------
def _gen_decrementing(rng: random.Random, size: int) -> str:
    numbers = [rng.randint(1, 4 * size) for _ in range(rng.randint(1, size + 1))]
    g = gcd(*numbers)
    return f"{len(numbers)}\n{' '.join(str(a // g) for a in numbers)}\n"


def _read_decrementing(text: str) -> tuple[int, ...]:
    r = Reader(text)
    numbers = tuple(r.ints(r.int("N", 1, 10**5), "A", 1, 10**9))
    r.end()
    g = gcd(*numbers)
    if g != 1:
        raise ProblemInputError(f"line {r.line}: the numbers A_1..A_N have gcd {g}, but the problem guarantees gcd 1")
    return numbers


def _decrements(numbers: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """From the statement: subtract 1 from a number >= 2, then divide all by their gcd."""
    for i, a in enumerate(numbers):
        if a >= 2:
            after = numbers[:i] + (a - 1,) + numbers[i + 1:]
            g = gcd(*after)
            yield tuple(b // g for b in after)


_DECREMENTING = MoveSearch(_decrements)


def _brute_decrementing(text: str) -> str:
    return lines(["First" if _DECREMENTING.wins(_read_decrementing(text)) else "Second"])


@problem("agc010d", "AtCoder AGC 010 D", "Decrementing",
         "subtract 1 from a number >= 2, then divide all by their gcd; no move loses: 'First' or 'Second'",
         generate=_gen_decrementing, brute=_brute_decrementing,
         samples=[("3\n3 6 7\n", "First\n"), ("4\n1 2 4 8\n", "First\n"), ("5\n7 8 8 8 8\n", "Second\n")])
def decrementing(text: str) -> str:
    """Statement: N numbers whose gcd is 1. In turn, Takahashi first, a player subtracts 1 from a
    number of at least 2 and then divides all the numbers by their gcd. Whoever cannot move (all
    numbers are 1) loses. Who wins?

    Input: N, then the numbers on one line:
        N
        A_1 A_2 ... A_N

    Output: 'First' if the first player wins, else 'Second'.

    Limits: 1 <= N <= 10^5, 1 <= A_i <= 10^9, gcd(A_1, ..., A_N) = 1.

    Theory: grundy's decrementing. While some number is odd every gcd is odd, so dividing by it
    keeps all parities, and each move changes the count of even numbers by one; the end (all 1)
    has none. Facing an odd count, the player decrements an even number, so at least two odd
    numbers stay and the gcd stays odd: he wins. Facing an even count he loses, unless exactly one
    number is odd and it is greater than 1: decrementing it makes every number even, the division
    by their even gcd at least halves them, and the game starts again with the roles swapped;
    grundy follows these restarts (about 30 at most)."""
    return lines(["First" if _whole_wins("decrementing", _read_decrementing(text)) else "Second"])
