r"""Board, coordinate and staircase problems in their original input/output format, solved with grundy's rulesets.

- ``hdu2147`` kiki's game — ``kiki`` (with :func:`~grundy.rulesets.grid.kiki_start`)
- ``hdu1527``, ``poj1067`` 取石子游戏 — ``wythoff``; ``hdu2177`` 取(2堆)石子游戏 — its winning moves
- ``hdu1730`` Northcott Game — ``northcott`` (with :func:`~grundy.rulesets.grid.northcott_gap`)
- ``hdu4664`` Triangulation — ``triangulation`` (octal .07, its proved period)
- ``hdu3951`` Coin Game — ``coin-circle:K``
- ``hdu4315`` Climbing the Hill — ``climbing-hill``; ``poj1704`` Georgia and Bob — ``georgia-bob``
- ``poj1740`` A New Stone Game — ``new-stone``
- ``lightoj1315`` Game of Hyper Knights — ``hyper-knights``; ``bzoj1457`` 棋盘游戏 — ``queens-corner``
- ``bzoj1188`` 分裂游戏 — ``beans`` (with :func:`~grundy.rulesets.heaprules.beans_position`)
- ``bzoj3576`` 江南乐 — ``near-equal:F``

Every solver reads its input with :class:`~grundy.problems.base.Reader` (bad input names the line)
and answers from the ruleset's closed form, position rule or Sprague–Grundy values; each problem
also has a brute-force solver that plays the game straight from the statement (a search of the
whole position), used by the tests.

>>> print(kikis_game("5 3\n5 4\n0 0\n"), end="")
What a pity!
Wonderful!
>>> print(two_heaps_moves("5 8\n0 0\n"), end="")
1
4 7
3 5

References: the HDU, POJ, LightOJ and BZOJ problems named above; Winning Ways ch. 2-4; Wythoff,
*A modification of the game of Nim* (1907).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from functools import cache

import grundy
from grundy.core.errors import ComponentError
from grundy.core.ruleset import Ruleset
from grundy.problems.base import ProblemInputError, Reader, lines, problem
from grundy.rulesets.grid import kiki_start, northcott_gap
from grundy.rulesets.heaprules import beans_position
from grundy.rulesets.wythoff import p_pair


# -- shared helpers ------------------------------------------------------------------------------
def _outcome(rules: Ruleset, components: list) -> str:
    """``"N"``/``"P"`` of a sum without listing moves: the ruleset's position rule where it has one,
    otherwise the xor of the components' values (Sprague–Grundy)."""
    verdict = rules.position_rule(components)
    if verdict is not None:
        return verdict.outcome
    total = 0
    for c in components:
        total ^= rules.grundy(c)
    return "N" if total else "P"


def _component(rules: Ruleset, component: object, r: Reader, at: int) -> object:
    """``rules.validate(component)``, a refusal reported as bad input on the line of token ``at``."""
    try:
        return rules.validate(component)
    except ComponentError as e:
        raise ProblemInputError(f"line {r.line_of(at)}: {e}") from None


def _top(size: int, limit: int, base: int) -> int:
    """The largest number a generated input of this size uses: ``base·size`` for the tiny sizes the
    brute force searches (1..3), then ``base·size³``, capped at the problem's limit."""
    return max(1, min(limit, base * size if size <= 3 else base * size**3))


def _pairs_to_end(r: Reader, limit: int, stop_at_zeros: bool) -> Iterator[tuple[int, int]]:
    """Each pair ``a b`` up to the end of the input (or a ``0 0`` line)."""
    case = 0
    while not r.at_end():
        case += 1
        a, b = r.int(f"a of case {case}", 0, limit), r.int(f"b of case {case}", 0, limit)
        if stop_at_zeros and a == b == 0:
            return
        yield a, b


def _wins_by_search(moves: Callable[[tuple], Iterable[tuple]]) -> Callable[[tuple], bool]:
    """Brute force: ``wins(position)`` of a whole position (a sorted tuple), from its moves alone."""

    @cache
    def wins(position: tuple) -> bool:
        return any(not wins(left) for left in moves(position))

    return wins


def _sum_moves(piece_moves: Callable[[object], Iterable[tuple]]) -> Callable[[tuple], Iterator[tuple]]:
    """Moves of a position of independent pieces: one piece moves, leaving the pieces it names."""

    def moves(position: tuple) -> Iterator[tuple]:
        for i, piece in enumerate(position):
            if i and position[i - 1] == piece:
                continue
            rest = position[:i] + position[i + 1:]
            for left in piece_moves(piece):
                yield tuple(sorted(rest + tuple(left)))

    return moves


# -- HDU 2147: kiki's game -------------------------------------------------------------------------
def _gen_kiki(rng: random.Random, size: int) -> str:
    top = _top(size, 2000, 3)
    rows = [f"{rng.randint(1, top)} {rng.randint(1, top)}" for _ in range(rng.randint(1, min(size + 2, 50)))]
    return "\n".join(rows) + "\n0 0\n"


@cache
def _kiki_wins(x: int, y: int) -> bool:
    steps = [(x - 1, y)] * (x > 0) + [(x, y - 1)] * (y > 0) + [(x - 1, y - 1)] * (x > 0 and y > 0)
    return any(not _kiki_wins(a, b) for a, b in steps)


def _brute_kiki(text: str) -> str:
    numbers = list(map(int, text.split()))
    pairs = [numbers[i:i + 2] for i in range(0, len(numbers) - 2, 2)]
    return lines(["Wonderful!" if _kiki_wins(m - 1, n - 1) else "What a pity!" for n, m in pairs])


@problem("hdu2147", "HDU 2147", "kiki's game",
         "a coin on the top-right square of an n×m board steps left, down or left-down; "
         "who cannot move loses; kiki moves first",
         generate=_gen_kiki, samples=[("5 3\n5 4\n6 6\n0 0\n", "What a pity!\nWonderful!\nWonderful!\n")],
         brute=_brute_kiki)
def kikis_game(text: str) -> str:
    """Input: lines ``n m`` (0 < n, m <= 2000), ended by ``0 0`` (or by the end of the input).
    Output: per line ``Wonderful!`` if kiki (the first player) wins, else ``What a pity!``."""
    r = Reader(text)
    rules = grundy.ruleset("kiki")
    out = []
    while not r.at_end():
        case = len(out) + 1
        at = r.position
        n, m = r.int(f"n of case {case}", 0, 2000), r.int(f"m of case {case}", 0, 2000)
        if n == m == 0:
            break
        if not (n and m):
            raise ProblemInputError(f"line {r.line_of(at)}: a board of {n}×{m} squares: n and m must both be 1..2000 "
                                    "(only the last line is 0 0)")
        out.append("Wonderful!" if _outcome(rules, [kiki_start(n, m)]) == "N" else "What a pity!")
    r.end()
    return lines(out)


# -- HDU 1527 / POJ 1067 / HDU 2177: Wythoff's game --------------------------------------------------
def _wythoff_pair(rng: random.Random, top: int) -> tuple[int, int]:
    """A random pair up to ``top``; about a third are Wythoff's P-positions."""
    if rng.random() < 0.35:
        k = rng.randint(0, max(1, int(top / 2.7)))
        a, b = p_pair(k)
        if b <= top:
            return (a, b) if rng.random() < 0.5 else (b, a)
    return rng.randint(0, top), rng.randint(0, top)


def _gen_wythoff(limit: int, terminated: bool, ordered: bool) -> Callable[[random.Random, int], str]:
    def generate(rng: random.Random, size: int) -> str:
        top = _top(size, limit, 8)
        rows = []
        for _ in range(rng.randint(1, min(size + 2, 100))):
            a, b = _wythoff_pair(rng, top)
            if terminated and a == b == 0:
                b = 1
            rows.append(f"{min(a, b)} {max(a, b)}" if ordered else f"{a} {b}")
        return "\n".join(rows) + ("\n0 0\n" if terminated else "\n")

    return generate


@cache
def _wythoff_wins(a: int, b: int) -> bool:
    a, b = min(a, b), max(a, b)
    return (any(not _wythoff_wins(x, b) for x in range(a)) or any(not _wythoff_wins(a, y) for y in range(b))
            or any(not _wythoff_wins(a - t, b - t) for t in range(1, a + 1)))


def _brute_wythoff(text: str) -> str:
    numbers = list(map(int, text.split()))
    return lines([int(_wythoff_wins(numbers[i], numbers[i + 1])) for i in range(0, len(numbers), 2)])


WYTHOFF_RULE = "two heaps; take any number from one heap, or the same number from both; taking the last wins"


@problem("hdu1527", "HDU 1527", "取石子游戏 (Wythoff's game)", WYTHOFF_RULE + ": print 1 if the first player wins",
         generate=_gen_wythoff(10**9, False, False), samples=[("2 1\n8 4\n4 7\n", "0\n1\n0\n")],
         brute=_brute_wythoff)
def stones_hdu(text: str) -> str:
    """Input: lines ``a b`` (0 <= a, b <= 10^9) up to the end of the input.
    Output: per line ``1`` if the first player wins, else ``0``."""
    return _wythoff_outcomes(text)


@problem("poj1067", "POJ 1067", "取石子游戏 (Wythoff's game)", WYTHOFF_RULE + ": print 1 if the first player wins",
         generate=_gen_wythoff(10**9, False, False), samples=[("2 1\n8 4\n4 7\n", "0\n1\n0\n")],
         brute=_brute_wythoff)
def stones_poj(text: str) -> str:
    """Input: lines ``a b`` (0 <= a, b <= 10^9) up to the end of the input.
    Output: per line ``1`` if the first player wins, else ``0``."""
    return _wythoff_outcomes(text)


def _wythoff_outcomes(text: str) -> str:
    r = Reader(text)
    rules = grundy.ruleset("wythoff")
    out = [int(_outcome(rules, [(a, b)]) == "N") for a, b in _pairs_to_end(r, 10**9, False)]
    r.end()
    return lines(out)


def _brute_two_heaps(text: str) -> str:
    numbers = list(map(int, text.split()))
    out: list[str | int] = []
    for i in range(0, len(numbers) - 2, 2):
        a, b = sorted(numbers[i:i + 2])
        both = [(a - t, b - t) for t in range(1, a + 1) if not _wythoff_wins(a - t, b - t)]
        one = {tuple(sorted(p)) for p in [(x, b) for x in range(a)] + [(a, y) for y in range(b)]
               if not _wythoff_wins(*p)}
        out.append(int(bool(both or one)))
        out += [f"{x} {y}" for x, y in both + sorted(one)]
    return lines(out)


@problem("hdu2177", "HDU 2177", "取(2堆)石子游戏 (Wythoff's game, winning moves)",
         WYTHOFF_RULE + ": print 0 if the first player loses, else 1 and every winning first move",
         generate=_gen_wythoff(10**6, True, True),
         samples=[("1 2\n5 8\n4 7\n2 2\n0 0\n", "0\n1\n4 7\n3 5\n0\n1\n0 0\n1 2\n")], brute=_brute_two_heaps)
def two_heaps_moves(text: str) -> str:
    """Input: lines ``a b`` (0 <= a <= b <= 10^6; a > b is accepted too), ended by ``0 0`` (or by the
    end of the input).

    Output: per line ``0`` if the first player loses; otherwise ``1``, then each winning first move as
    the two heaps it leaves, ``x y`` with x <= y, one per line: as the statement requires, first the
    move taking the same number from both heaps (there is at most one), then the moves taking from
    one heap, in increasing order of x. Two one-heap moves leaving the same pair (from ``2 2``) are
    one line; a pair reached both ways (from ``5 7``: ``3 5``) is printed once in each group.
    """
    r = Reader(text)
    rules = grundy.ruleset("wythoff")
    out: list[str | int] = []
    for a, b in _pairs_to_end(r, 10**6, True):
        solution = grundy.solve(rules, [(a, b)])
        left = [move.option[0] for move in solution.winning_moves]  # (x, y) in the order of (a, b)
        both = [tuple(sorted(p)) for p in left if a - p[0] == b - p[1] > 0]
        one = sorted({tuple(sorted(p)) for p in left if not a - p[0] == b - p[1] > 0})
        out.append(int(solution.outcome == "N"))
        out += [f"{x} {y}" for x, y in both + one]
    r.end()
    return lines(out)


# -- HDU 1730: Northcott Game ----------------------------------------------------------------------
def _gen_northcott(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 20))):
        rows = rng.randint(0, min(1000, size if size <= 3 else size * size))
        m = rng.randint(2, min(100, 2 + size if size <= 3 else 10 * size))
        cases.append(f"{rows} {m}")
        cases += [" ".join(map(str, rng.sample(range(1, m + 1), 2))) for _ in range(rows)]
    return "\n".join(cases) + "\n"


@cache
def _northcott_table(rows: int, m: int) -> dict[tuple, str]:
    """Retrograde analysis of the whole board (a partizan game that may loop): for each state
    ``(pieces, Tom to move)`` the result ``"win"``/``"loss"``/``"draw"`` for the player to move."""
    squares = [(t, j) for t in range(1, m + 1) for j in range(1, m + 1) if t != j]
    boards = [tuple(b) for b in _product(squares, rows)]

    def moves(board: tuple, tom: bool) -> list[tuple]:
        out = []
        for i, (t, j) in enumerate(board):
            mine, other = (t, j) if tom else (j, t)
            lo, hi = (1, other - 1) if mine < other else (other + 1, m)
            for c in range(lo, hi + 1):
                if c != mine:
                    row = (c, j) if tom else (t, c)
                    out.append((board[:i] + (row,) + board[i + 1:], not tom))
        return out

    states = [(b, tom) for b in boards for tom in (True, False)]
    before: dict[tuple, list[tuple]] = {s: [] for s in states}
    waiting = {}
    result: dict[tuple, str] = {}
    lost = []
    for s in states:
        after = moves(*s)
        waiting[s] = len(after)  # moves not yet known to lead to a win for the opponent
        for x in after:
            before[x].append(s)
        if not after:
            result[s] = "loss"
            lost.append(s)
    queue = lost
    while queue:  # retrograde: a state is won if a move loses for the opponent, lost if all moves win
        x = queue.pop()
        for s in before[x]:
            if s in result:
                continue
            if result[x] == "loss":
                result[s] = "win"
                queue.append(s)
            else:
                waiting[s] -= 1
                if not waiting[s]:
                    result[s] = "loss"
                    queue.append(s)
    return {s: result.get(s, "draw") for s in states}


def _product(items: list, count: int) -> Iterator[list]:
    if count == 0:
        yield []
        return
    for rest in _product(items, count - 1):
        for item in items:
            yield rest + [item]


def _brute_northcott(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 0
    while i < len(numbers):
        rows, m = numbers[i], numbers[i + 1]
        board = tuple((numbers[i + 2 + 2 * k], numbers[i + 3 + 2 * k]) for k in range(rows))
        i += 2 + 2 * rows
        verdict = _northcott_table(rows, m)[(board, True)]
        out.append({"win": "I WIN!", "loss": "BAD LUCK!"}.get(verdict, "a draw?"))
    return lines(out)


@problem("hdu1730", "HDU 1730", "Northcott Game",
         "each row holds Tom's and Jerry's piece; a player slides one of their own pieces along its row any "
         "distance, not onto or past the other; who cannot move loses; Tom moves first",
         generate=_gen_northcott,
         samples=[("3 6\n4 5\n1 2\n1 2\n3 6\n4 5\n1 3\n1 2\n", "BAD LUCK!\nI WIN!\n")], brute=_brute_northcott)
def northcott_game(text: str) -> str:
    """Input: cases up to the end of the input, each ``n m`` (0 <= n <= 1000 rows, 0 <= m <= 100 columns)
    then n lines ``Ti Ji`` (1 <= Ti, Ji <= m, Ti != Ji): the columns of Tom's and Jerry's pieces.
    Output: per case ``I WIN!`` if Tom (the first player) wins, else ``BAD LUCK!``."""
    r = Reader(text)
    rules = grundy.ruleset("northcott")
    out = []
    while not r.at_end():
        case = len(out) + 1
        at = r.position
        n, m = r.int(f"n (rows) of case {case}", 0, 1000), r.int(f"m (columns) of case {case}", 0, 100)
        if n and m < 2:
            raise ProblemInputError(f"line {r.line_of(at)}: case {case} has {n} row(s) "
                                    f"but only {m} column(s): each row needs two squares for its two pieces")
        gaps = []
        for row in range(1, n + 1):
            at = r.position
            t = r.int(f"Tom's column in row {row} of case {case}", 1, m)
            j = r.int(f"Jerry's column in row {row} of case {case}", 1, m)
            try:
                gaps.append(northcott_gap(t, j))
            except ComponentError as e:
                raise ProblemInputError(f"line {r.line_of(at)}: {e}") from None
        out.append("I WIN!" if _outcome(rules, gaps) == "N" else "BAD LUCK!")
    r.end()
    return lines(out)


# -- HDU 4664: Triangulation -----------------------------------------------------------------------
def _gen_triangulation(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 100))):
        n = rng.randint(1, min(size, 1000) if size <= 3 else min(size * size, 1000))
        cases.append(f"{n}\n" + " ".join(str(rng.randint(1, _top(size, 10**9, 5))) for _ in range(n)))
    return f"{len(cases)}\n" + "\n".join(cases) + "\n"


def _triangulation_moves(points: int) -> Iterator[tuple[int, ...]]:
    """Join two points of a plane of ``points``: the segment leaves i and points - 2 - i on its sides."""
    for i in range((points - 2) // 2 + 1):
        yield tuple(x for x in (i, points - 2 - i) if x >= 2)


_triangulation_wins = _wins_by_search(_sum_moves(_triangulation_moves))


def _brute_triangulation(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 1
    for _ in range(numbers[0]):
        planes = numbers[i + 1:i + 1 + numbers[i]]
        i += 1 + numbers[i]
        out.append("Carol" if _triangulation_wins(tuple(sorted(p for p in planes if p >= 2))) else "Dave")
    return lines(out)


@cache
def _triangulation_period() -> grundy.Periodicity:
    period = grundy.period("triangulation")
    assert period.proved, "triangulation (octal .07) has a proved period"
    return period


@problem("hdu4664", "HDU 4664", "Triangulation",
         "planes of points in convex position; a move joins two points of a plane by a segment crossing no other "
         "(it splits the plane, as octal .07); who cannot move loses; Carol moves first",
         generate=_gen_triangulation, samples=[("2\n1\n2\n2\n2 2\n", "Carol\nDave\n")],
         brute=_brute_triangulation)
def triangulation(text: str) -> str:
    """Input: ``T`` (1 <= T <= 100), then per case ``N`` (1 <= N <= 10^6 planes) and N numbers of points
    ``Mi`` (1 <= Mi <= 10^9).
    Output: per case ``Carol`` if the first player wins, else ``Dave``.

    A plane of n points is worth G(n) of octal .07 (Dawson's Kayles), read from the proved period of
    ``triangulation`` (preperiod 53, period 34), so 10^9 points cost no table.
    """
    r = Reader(text)
    period = _triangulation_period()
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 100) + 1):
        n = r.int(f"N (the number of planes) of case {case}", 1, 10**6)
        total = 0
        for points in r.ints(n, f"points of a plane of case {case}", 1, 10**9):
            total ^= period.value(points)
        out.append("Carol" if total else "Dave")
    r.end()
    return lines(out)


# -- HDU 3951: Coin Game ---------------------------------------------------------------------------
def _gen_coin_game(rng: random.Random, size: int) -> str:
    count = rng.randint(1, min(size + 2, 100))
    rows = [f"{rng.randint(1, _top(size, 10**9, 4))} {rng.randint(1, 10)}" for _ in range(count)]
    return f"{len(rows)}\n" + "\n".join(rows) + "\n"


@cache
def _ring_wins(n: int, k: int, turned: int) -> bool:
    """Coins 0..n-1 in a ring, ``turned`` the bitmask of tails; turn 1..k adjacent heads."""
    for start in range(n):
        mask = 0
        for t in range(min(k, n)):
            coin = 1 << ((start + t) % n)
            if turned & coin or mask & coin:
                break
            mask |= coin
            if not _ring_wins(n, k, turned | mask):
                return True
    return False


def _brute_coin_game(text: str) -> str:
    numbers = list(map(int, text.split()))
    return lines([f"Case {c}: {'first' if _ring_wins(numbers[2 * c - 1], numbers[2 * c], 0) else 'second'}"
                  for c in range(1, numbers[0] + 1)])


@problem("hdu3951", "HDU 3951", "Coin Game",
         "n coins in a ring, all heads; turn 1..K adjacent heads to tails; who turns the last coin wins",
         generate=_gen_coin_game, samples=[("2\n3 1\n3 2\n", "Case 1: first\nCase 2: second\n")],
         brute=_brute_coin_game)
def coin_game(text: str) -> str:
    """Input: ``T`` (1 <= T <= 1000), then T lines ``N K`` (1 <= N <= 10^9, 1 <= K <= 10).
    Output: per case ``Case i: first`` if the first player wins, else ``Case i: second``."""
    r = Reader(text)
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 1000) + 1):
        n, k = r.int(f"N of case {case}", 1, 10**9), r.int(f"K of case {case}", 1, 10)
        rules = grundy.ruleset(f"coin-circle:{k}")
        out.append(f"Case {case}: {'first' if _outcome(rules, [(n, 1)]) == 'N' else 'second'}")
    r.end()
    return lines(out)


# -- HDU 4315: Climbing the Hill -------------------------------------------------------------------
def _increasing(rng: random.Random, count: int, top: int) -> list[int]:
    return sorted(rng.sample(range(1, max(top, count) + 1), count))


def _gen_hill(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 20))):
        n = rng.randint(1, min(1000, size + 1 if size <= 3 else size * size))
        cases.append(f"{n} {rng.randint(1, n)}\n" + " ".join(map(str, _increasing(rng, n, _top(size, 10**9, 4)))))
    return "\n".join(cases) + "\n"


@cache
def _hill_wins(king: int, dists: tuple[int, ...]) -> bool:
    for i, d in enumerate(dists):
        ahead = dists[i - 1] if i else 0
        for to in range(0 if ahead == 0 else ahead + 1, d):  # the top (0) holds any number of people
            if i == king and to == 0:
                return True
            if not _hill_wins(king, dists[:i] + (to,) + dists[i + 1:]):
                return True
    return False


def _brute_hill(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 0
    while i < len(numbers):
        n, k = numbers[i], numbers[i + 1]
        out.append("Alice" if _hill_wins(k - 1, tuple(numbers[i + 2:i + 2 + n])) else "Bob")
        i += 2 + n
    return lines(out)


@problem("hdu4315", "HDU 4315", "Climbing the Hill",
         "people on a hill move up without passing one another (below the top one per cell); "
         "whoever brings the king to the top wins; Alice moves first",
         generate=_gen_hill, samples=[("3 3\n1 2 4\n2 1\n100 200\n", "Bob\nAlice\n")], brute=_brute_hill)
def climbing_the_hill(text: str) -> str:
    """Input: cases up to the end of the input, each ``N k`` (1 <= N <= 1000, 1 <= k <= N: the king is
    the k-th nearest the top), then N distances from the top, 0 < d1 < d2 < ... < dN <= 10^9.
    Output: per case ``Alice`` if the first player wins, else ``Bob``."""
    r = Reader(text)
    rules = grundy.ruleset("climbing-hill")
    out = []
    while not r.at_end():
        case = len(out) + 1
        n = r.int(f"N of case {case}", 1, 1000)
        k = r.int(f"k (the king's place) of case {case}", 1, n)
        at = r.position
        dists = r.ints(n, f"distance of case {case}", 1, 10**9)
        for i in range(1, n):
            if dists[i] <= dists[i - 1]:
                raise ProblemInputError(f"line {r.line_of(at + i)}: the distances of case {case} must increase, "
                                        f"but {dists[i]} follows {dists[i - 1]}")
        hill = _component(rules, (k, *dists), r, at)
        out.append("Alice" if _outcome(rules, [hill]) == "N" else "Bob")
    r.end()
    return lines(out)


# -- POJ 1704: Georgia and Bob ---------------------------------------------------------------------
def _gen_georgia(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 20))):
        n = rng.randint(1, min(1000, size + 1 if size <= 3 else size * size))
        cells = rng.sample(range(1, max(_top(size, 10000, 4), n) + 1), n)
        cases.append(f"{n}\n" + " ".join(map(str, cells)))
    return f"{len(cases)}\n" + "\n".join(cases) + "\n"


def _strip_moves(cells: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    for i, c in enumerate(cells):
        for to in range((cells[i - 1] if i else 0) + 1, c):
            yield cells[:i] + (to,) + cells[i + 1:]


_strip_wins = _wins_by_search(_strip_moves)


def _brute_georgia(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 1
    for _ in range(numbers[0]):
        cells = tuple(sorted(numbers[i + 1:i + 1 + numbers[i]]))
        i += 1 + numbers[i]
        out.append("Georgia will win" if _strip_wins(cells) else "Bob will win")
    return lines(out)


@problem("poj1704", "POJ 1704", "Georgia and Bob",
         "pieces on a strip move left any distance without passing or landing on another; "
         "who cannot move loses; Georgia moves first",
         generate=_gen_georgia,
         samples=[("2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n", "Bob will win\nGeorgia will win\n")],
         brute=_brute_georgia)
def georgia_and_bob(text: str) -> str:
    """Input: ``T`` (1 <= T <= 20), then per case ``N`` (1 <= N <= 1000) and N different cells
    ``Pi`` (1 <= Pi <= 10000), in any order.
    Output: per case ``Georgia will win`` if the first player wins, else ``Bob will win`` (the
    statement's third answer, ``Not sure``, never applies: the game is finite)."""
    r = Reader(text)
    rules = grundy.ruleset("georgia-bob")
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 20) + 1):
        n = r.int(f"N of case {case}", 1, 1000)
        at = r.position
        cells = r.ints(n, f"position of case {case}", 1, 10000)
        strip = _component(rules, tuple(cells), r, at)
        out.append("Georgia will win" if _outcome(rules, [strip]) == "N" else "Bob will win")
    r.end()
    return lines(out)


# -- POJ 1740: A New Stone Game --------------------------------------------------------------------
def _gen_new_stone(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 2, 50))):
        n = rng.randint(1, min(10, size + 1))
        heaps = [rng.randint(1, _top(size, 100, 2)) for _ in range(n)]
        if rng.random() < 0.4 and n % 2 == 0:  # pair the heaps up: a lost position
            heaps[1::2] = heaps[0::2]
            rng.shuffle(heaps)
        cases.append(f"{n}\n" + " ".join(map(str, heaps)))
    return "\n".join(cases) + "\n0\n"


def _new_stone_moves(heaps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """From the statement: throw away r >= 1 stones of heap i, then give each other (non-empty) heap
    any number of the rest."""
    for i, a in enumerate(heaps):
        others = heaps[:i] + heaps[i + 1:]
        for rest in range(a):
            for given in _gifts(rest, len(others)):
                left = [h + g for h, g in zip(others, given, strict=True)] + [rest - sum(given)]
                yield tuple(sorted(h for h in left if h))


def _gifts(stones: int, places: int) -> Iterator[tuple[int, ...]]:
    """Each way to give at most ``stones`` stones to ``places`` heaps."""
    if places == 0:
        yield ()
        return
    for first in range(stones + 1):
        for tail in _gifts(stones - first, places - 1):
            yield (first, *tail)


_new_stone_wins = _wins_by_search(_new_stone_moves)


def _brute_new_stone(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 0
    while numbers[i]:
        out.append(int(_new_stone_wins(tuple(sorted(numbers[i + 1:i + 1 + numbers[i]])))))
        i += 1 + numbers[i]
    return lines(out)


@problem("poj1740", "POJ 1740", "A New Stone Game",
         "n heaps; throw away stones of one heap, then move any of its rest onto other non-empty heaps; "
         "who cannot move loses: print 1 if the first player wins",
         generate=_gen_new_stone, samples=[("3\n2 1 3\n2\n1 1\n0\n", "1\n0\n")], brute=_brute_new_stone)
def new_stone_game(text: str) -> str:
    """Input: cases ``n`` (1 <= n <= 10) then n heap sizes (1..100), ended by ``n = 0``.
    Output: per case ``1`` if Alice (the first player) wins, else ``0``."""
    r = Reader(text)
    rules = grundy.ruleset("new-stone")
    out = []
    while n := r.int(f"n (the number of heaps, case {len(out) + 1}; 0 ends the input)", 0, 10):
        heaps = r.ints(n, f"heap of case {len(out) + 1}", 1, 100)
        out.append(int(_outcome(rules, [rules.validate(tuple(heaps))]) == "N"))
    r.end()
    return lines(out)


# -- LightOJ 1315: Game of Hyper Knights -----------------------------------------------------------
def _gen_squares(limit: int, corner_ok: bool) -> Callable[[random.Random, int], str]:
    def generate(rng: random.Random, size: int) -> str:
        cases = []
        for _ in range(rng.randint(1, min(size + 1, 10))):
            n = rng.randint(1, min(1000, size if size <= 3 else size * size))
            squares = []
            while len(squares) < n:
                x, y = rng.randint(0, _top(size, limit, 2)), rng.randint(0, _top(size, limit, 2))
                if corner_ok or (x, y) != (0, 0):
                    squares.append(f"{x} {y}")
            cases.append(f"{n}\n" + "\n".join(squares))
        return f"{len(cases)}\n" + "\n".join(cases) + "\n"

    return generate


def _read_squares(r: Reader, case: int, limit: int) -> list[tuple[tuple[int, int], int]]:
    """The pieces of one case: ``((x, y), index of the token x)`` for each."""
    n = r.int(f"n (the number of pieces) of case {case}", 1, 1000)
    pieces = []
    for i in range(1, n + 1):
        at = r.position
        square = r.int(f"x of piece {i} of case {case}", 0, limit), r.int(f"y of piece {i} of case {case}", 0, limit)
        pieces.append((square, at))
    return pieces


def _brute_squares(wins: Callable[[tuple], bool], names: tuple[str, str], numbered: bool) -> Callable[[str], str]:
    def brute(text: str) -> str:
        numbers = list(map(int, text.split()))
        out, i = [], 1
        for case in range(1, numbers[0] + 1):
            n = numbers[i]
            pieces = tuple(sorted((numbers[i + 1 + 2 * k], numbers[i + 2 + 2 * k]) for k in range(n)))
            i += 1 + 2 * n
            name = names[0] if wins(pieces) else names[1]
            out.append(f"Case {case}: {name}" if numbered else name)
        return lines(out)

    return brute


def _knight_leaps(square: tuple[int, int]) -> Iterator[tuple[tuple[int, int]]]:
    x, y = square
    for dx, dy in ((-2, 1), (-2, -1), (-1, -2), (1, -2), (-3, -1), (-1, -3)):
        if x + dx >= 0 and y + dy >= 0:
            yield ((x + dx, y + dy),)


_knights_win = _wins_by_search(_sum_moves(_knight_leaps))


@problem("lightoj1315", "LightOJ 1315", "Game of Hyper Knights",
         "knights leap by (-2,+1), (-2,-1), (-1,-2), (+1,-2), (-3,-1) or (-1,-3), staying on the board; "
         "who cannot move loses; Alice moves first",
         generate=_gen_squares(499, True),
         samples=[("2\n1\n1 0\n2\n2 5\n3 5\n", "Case 1: Bob\nCase 2: Alice\n")],
         brute=_brute_squares(_knights_win, ("Alice", "Bob"), True))
def hyper_knights(text: str) -> str:
    """Input: ``T`` (1 <= T <= 200), then per case ``n`` (1 <= n <= 1000) and n lines ``x y``
    (0 <= x, y < 500).
    Output: per case ``Case i: Alice`` if the first player wins, else ``Case i: Bob``."""
    r = Reader(text)
    rules = grundy.ruleset("hyper-knights")
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 200) + 1):
        knights = [square for square, _ in _read_squares(r, case, 499)]
        out.append(f"Case {case}: {'Alice' if _outcome(rules, knights) == 'N' else 'Bob'}")
    r.end()
    return lines(out)


# -- BZOJ 1457: queens to the corner ---------------------------------------------------------------
def _queen_moves(square: tuple[int, int]) -> Iterator[tuple[int, int]]:
    x, y = square
    yield from ((x - k, y) for k in range(1, x + 1))
    yield from ((x, y - k) for k in range(1, y + 1))
    yield from ((x - k, y - k) for k in range(1, min(x, y) + 1))


@cache
def _queens_win(queens: tuple) -> bool:
    if any((0, 0) in set(_queen_moves(q)) for q in queens):
        return True  # a queen reaches the corner: the player to move wins at once
    return any(not _queens_win(left) for left in _sum_moves(lambda q: ((s,) for s in _queen_moves(q)))(queens))


@problem("bzoj1457", "BZOJ 1457", "棋盘游戏 (queens to the corner)",
         "queens on a 100×100 board move left, down or diagonally left-down any distance (several may share "
         "a square); whoever puts a queen on the corner (0,0) wins",
         generate=_gen_squares(99, False),
         samples=[("3\n2\n1 2\n2 1\n1\n3 4\n2\n1 2\n5 5\n", "T_T\n^o^\n^o^\n")],
         brute=_brute_squares(_queens_win, ("^o^", "T_T"), False))
def queens_to_corner(text: str) -> str:
    """Input: ``T`` (1 <= T <= 10), then per case ``N`` (1 <= N <= 1000) and N lines ``x y``
    (0 <= x, y <= 99, not both 0: a queen on the corner would have ended the game).
    Output: per case ``^o^`` if the first player wins, else ``T_T``."""
    r = Reader(text)
    rules = grundy.ruleset("queens-corner")
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 10) + 1):
        queens = [_component(rules, q, r, at) for q, at in _read_squares(r, case, 99)]
        out.append("^o^" if _outcome(rules, queens) == "N" else "T_T")
    r.end()
    return lines(out)


# -- BZOJ 1188: the split game with beans ----------------------------------------------------------
def _gen_beans(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 10))):
        n = rng.randint(2, min(21, size + 2 if size <= 3 else size * size))
        cases.append(f"{n}\n" + " ".join(str(rng.randint(0, _top(size, 10000, 1))) for _ in range(n)))
    return f"{len(cases)}\n" + "\n".join(cases) + "\n"


def _bean_moves(counts: tuple[int, ...]) -> Iterator[tuple[int, int, int, tuple[int, ...]]]:
    """``(i, j, k, counts after)`` for each move: a bean leaves bottle i < n-1 for bottles i < j <= k."""
    n = len(counts)
    for i in range(n - 1):
        if counts[i]:
            for j in range(i + 1, n):
                for k in range(j, n):
                    after = list(counts)
                    after[i] -= 1
                    after[j] += 1
                    after[k] += 1
                    after[-1] = 0  # beans in the last bottle never move again
                    yield i, j, k, tuple(after)


@cache
def _beans_win(counts: tuple[int, ...]) -> bool:
    return any(not _beans_win(after) for _, _, _, after in _bean_moves(counts))


def _brute_beans(text: str) -> str:
    numbers = list(map(int, text.split()))
    out: list[str | int] = []
    i = 1
    for _ in range(numbers[0]):
        counts = tuple(numbers[i + 1:i + 1 + numbers[i]])
        i += 1 + numbers[i]
        wins = [(a, b, c) for a, b, c, after in _bean_moves(counts) if not _beans_win(after)]
        out += [" ".join(map(str, wins[0])) if wins else "-1 -1 -1", len(wins)]
    return lines(out)


@problem("bzoj1188", "BZOJ 1188", "分裂游戏 (split game with beans, HNOI 2007)",
         "bottles 0..n-1 of beans; take a bean from bottle i and put one into each of bottles j and k, i < j <= k; "
         "who cannot move loses: print the first winning move and the number of winning moves",
         generate=_gen_beans, samples=[("2\n4\n1 0 1 5000\n3\n0 0 1\n", "0 2 3\n1\n-1 -1 -1\n0\n")],
         brute=_brute_beans)
def split_game(text: str) -> str:
    """Input: ``T`` (1 <= T <= 1000), then per case ``n`` (2 <= n <= 21) and the beans of bottles
    0..n-1 (0..10000 each).

    Output: per case two lines: the lexicographically smallest winning first move ``i j k`` (take a
    bean from bottle i, put one into j and one into k) or ``-1 -1 -1`` when there is none, then the
    number of winning first moves. Every non-empty bottle may be the source, including bottles with
    an even number of beans, whose beans cancel in :func:`~grundy.rulesets.heaprules.beans_position`:
    a move from bottle i wins exactly when it reaches a ``beans`` option of the bean at distance
    ``n-1-i`` worth its value xor the total.
    """
    r = Reader(text)
    rules = grundy.ruleset("beans")
    out: list[str | int] = []
    for case in range(1, r.int("T (the number of cases)", 1, 1000) + 1):
        n = r.int(f"n (the number of bottles) of case {case}", 2, 21)
        counts = r.ints(n, f"beans of a bottle of case {case}", 0, 10000)
        solution = grundy.solve(rules, beans_position(counts), max_listed=0)
        moves = []
        if solution.outcome == "N":
            for i, count in enumerate(counts):
                d = n - 1 - i
                if count:
                    target = rules.grundy(d) ^ solution.grundy
                    moves += [(i, n - 1 - d1, n - 1 - d2) for d1, d2 in rules.moves_to_value(d, target)]
        out += [" ".join(map(str, min(moves))) if moves else "-1 -1 -1", len(moves)]
    r.end()
    return lines(out)


# -- BZOJ 3576: near-equal splitting ---------------------------------------------------------------
def _gen_near_equal(rng: random.Random, size: int) -> str:
    f = rng.randint(1, _top(size, 10**5, 2))
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 100))):
        n = rng.randint(1, min(100, size if size <= 3 else size * size))
        cases.append(" ".join(map(str, [n] + [rng.randint(1, _top(size, 10**5, 3)) for _ in range(n)])))
    return f"{len(cases)} {f}\n" + "\n".join(cases) + "\n"


def _splits(f: int) -> Callable[[int], Iterator[tuple[int, ...]]]:
    def moves(heap: int) -> Iterator[tuple[int, ...]]:
        if heap >= f:
            for m in range(2, heap + 1):
                q, rest = divmod(heap, m)
                yield (q,) * (m - rest) + (q + 1,) * rest

    return moves


@cache
def _near_equal_wins(f: int) -> Callable[[tuple], bool]:
    return _wins_by_search(_sum_moves(_splits(f)))


def _brute_near_equal(text: str) -> str:
    numbers = list(map(int, text.split()))
    t, f = numbers[0], numbers[1]
    out, i = [], 2
    for _ in range(t):
        heaps = tuple(sorted(numbers[i + 1:i + 1 + numbers[i]]))
        i += 1 + numbers[i]
        out.append(str(int(_near_equal_wins(f)(heaps))))
    return " ".join(out) + "\n"


@problem("bzoj3576", "BZOJ 3576", "江南乐 (HNOI 2014, near-equal splitting)",
         "split a heap of at least F stones into M >= 2 heaps as equal as possible; who cannot move loses: "
         "print 1 if the first player wins",
         generate=_gen_near_equal, samples=[("4 3\n1 1\n1 2\n1 3\n1 5\n", "0 0 1 1\n")], brute=_brute_near_equal)
def near_equal_splitting(text: str) -> str:
    """Input: ``T F`` (1 <= T <= 100, 1 <= F <= 10^5), then T lines ``N a1 .. aN`` (1 <= N <= 100,
    1 <= ai <= 10^5).
    Output: one line of T numbers separated by spaces: ``1`` if the first player wins (小A, who
    moves second, loses), else ``0``."""
    r = Reader(text)
    t = r.int("T (the number of games)", 1, 100)
    rules = grundy.ruleset(f"near-equal:{r.int('F', 1, 10**5)}")
    out = []
    for case in range(1, t + 1):
        n = r.int(f"N (the number of heaps) of game {case}", 1, 100)
        heaps = r.ints(n, f"heap of game {case}", 1, 10**5)
        out.append(str(int(_outcome(rules, heaps) == "N")))
    r.end()
    return " ".join(out) + "\n"

