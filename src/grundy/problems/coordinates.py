r"""Coordinate problems (a piece or a pair of heaps as a point) in their original input/output format.

- ``hdu2147`` kiki's game — ``kiki`` (with :func:`~grundy.rulesets.grid.kiki_start`)
- ``hdu1527``, ``poj1067`` 取石子游戏 — ``wythoff``; ``hdu2177`` 取(2堆)石子游戏 — its winning moves
- ``lightoj1315`` Game of Hyper Knights — ``hyper-knights``; ``bzoj1457`` 棋盘游戏 — ``queens-corner``

Every solver reads its input with :class:`~grundy.problems.base.Reader` (bad input names the line)
and answers from the ruleset's closed form, position rule or Sprague–Grundy values; each problem
also has a brute-force solver that plays the game straight from the statement (a search of the
whole position, :class:`~grundy.core.search.MoveSearch`), used by the tests.

>>> print(kikis_game("5 3\n5 4\n0 0\n"), end="")
What a pity!
Wonderful!
>>> print(two_heaps_moves("5 8\n0 0\n"), end="")
1
4 7
3 5

References: the HDU, POJ, LightOJ and BZOJ problems named above; Winning Ways ch. 2-3; Wythoff,
*A modification of the game of Nim* (1907).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

import grundy
from grundy.core.search import MoveSearch, sum_moves, sum_outcome
from grundy.problems.base import ProblemInputError, Reader, largest, lines, problem, validated
from grundy.rulesets.grid import kiki_start
from grundy.rulesets.wythoff import p_pair


# -- HDU 2147: kiki's game -------------------------------------------------------------------------
def _gen_kiki(rng: random.Random, size: int) -> str:
    top = largest(size, 2000, 3, cubed=True)
    rows = [f"{rng.randint(1, top)} {rng.randint(1, top)}" for _ in range(rng.randint(1, min(size + 2, 50)))]
    return "\n".join(rows) + "\n0 0\n"


def _kiki_steps(square: tuple[int, int]) -> list[tuple[int, int]]:
    """The coin ``x`` columns and ``y`` rows from the corner steps left, down or left-down."""
    x, y = square
    return [(x - 1, y)] * (x > 0) + [(x, y - 1)] * (y > 0) + [(x - 1, y - 1)] * (x > 0 and y > 0)


_KIKI = MoveSearch(_kiki_steps)


def _brute_kiki(text: str) -> str:
    numbers = list(map(int, text.split()))
    pairs = [numbers[i:i + 2] for i in range(0, len(numbers) - 2, 2)]
    return lines(["Wonderful!" if _KIKI.wins((m - 1, n - 1)) else "What a pity!" for n, m in pairs])


@problem("hdu2147", "HDU 2147", "kiki's game",
         "a coin on the top-right square of an n×m board steps left, down or left-down; "
         "who cannot move loses; kiki moves first",
         generate=_gen_kiki, samples=[("5 3\n5 4\n6 6\n0 0\n", "What a pity!\nWonderful!\nWonderful!\n")],
         brute=_brute_kiki)
def kikis_game(text: str) -> str:
    """Statement: a coin lies on the top-right square of a board of n rows and m columns. In turn,
    kiki first, a player moves it one square left, down, or diagonally left-down; whoever cannot
    move (the coin is on the bottom-left square) loses. Does kiki win?

    Input: one case per line, and a last line 0 0 (or the end of the input):
        n m

    Output: per case 'Wonderful!' if kiki wins, else 'What a pity!'.

    Limits: 1 <= n, m <= 2000.

    Theory: grundy's kiki. A square x columns and y rows from the corner is lost for the player to
    move iff x and y are both even: from there every step makes one of them odd, and from any other
    square a step left, down or diagonal makes both even. The coin starts at (m - 1, n - 1), so
    kiki loses iff n and m are both odd."""
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
        out.append("Wonderful!" if sum_outcome(rules, [kiki_start(n, m)]) == "N" else "What a pity!")
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
        top = largest(size, limit, 8, cubed=True)
        rows = []
        for _ in range(rng.randint(1, min(size + 2, 100))):
            a, b = _wythoff_pair(rng, top)
            if terminated and a == b == 0:
                b = 1
            rows.append(f"{min(a, b)} {max(a, b)}" if ordered else f"{a} {b}")
        return "\n".join(rows) + ("\n0 0\n" if terminated else "\n")

    return generate


def _wythoff_moves(pair: tuple[int, int]) -> Iterator[tuple[int, int]]:
    """From the statement: take from one heap, or the same number from both (pairs kept sorted)."""
    a, b = pair
    yield from ((min(x, b), max(x, b)) for x in range(a))
    yield from ((min(a, y), max(a, y)) for y in range(b))
    yield from ((a - t, b - t) for t in range(1, a + 1))


_WYTHOFF = MoveSearch(_wythoff_moves)


def _wythoff_wins(a: int, b: int) -> bool:
    return _WYTHOFF.wins((min(a, b), max(a, b)))


def _brute_wythoff(text: str) -> str:
    numbers = list(map(int, text.split()))
    return lines([int(_wythoff_wins(numbers[i], numbers[i + 1])) for i in range(0, len(numbers), 2)])


WYTHOFF_RULE = "two heaps; take any number from one heap, or the same number from both; taking the last wins"


@problem("poj1067", "POJ 1067", "取石子游戏 (Wythoff's game)", WYTHOFF_RULE + ": print 1 if the first player wins",
         generate=_gen_wythoff(10**9, False, False), samples=[("2 1\n8 4\n4 7\n", "0\n1\n0\n")],
         brute=_brute_wythoff)
@problem("hdu1527", "HDU 1527", "取石子游戏 (Wythoff's game)", WYTHOFF_RULE + ": print 1 if the first player wins",
         generate=_gen_wythoff(10**9, False, False), samples=[("2 1\n8 4\n4 7\n", "0\n1\n0\n")],
         brute=_brute_wythoff)
def wythoff_stones(text: str) -> str:
    """Statement: two heaps of a and b stones; a move takes any positive number of stones from one
    heap, or the same positive number from both. Whoever takes the last stone wins. Does the first
    player win?

    Input: one case per line, to the end of the input:
        a b

    Output: per case 1 if the first player wins, else 0.

    Limits: 0 <= a, b <= 10^9.

    Theory: Wythoff's game (1907), grundy's wythoff. The losing positions are the pairs
    (⌊kφ⌋, ⌊kφ⌋ + k), k = 0, 1, 2, ..., with φ = (1 + √5) / 2 (Beatty pairs): every number is in
    exactly one pair and the differences are all distinct, so no move leads from a pair to another,
    while from any other position one move reaches a pair. grundy decides it in exact integer
    arithmetic, with no floating-point error at 10^9."""
    return _wythoff_outcomes(text)


def _pairs_to_end(r: Reader, limit: int, stop_at_zeros: bool) -> Iterator[tuple[int, int]]:
    """Each pair ``a b`` up to the end of the input (or a ``0 0`` line)."""
    case = 0
    while not r.at_end():
        case += 1
        a, b = r.int(f"a of case {case}", 0, limit), r.int(f"b of case {case}", 0, limit)
        if stop_at_zeros and a == b == 0:
            return
        yield a, b


def _wythoff_outcomes(text: str) -> str:
    r = Reader(text)
    rules = grundy.ruleset("wythoff")
    out = [int(sum_outcome(rules, [(a, b)]) == "N") for a, b in _pairs_to_end(r, 10**9, False)]
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
    """Statement: Wythoff's game: two heaps of a and b stones; a move takes any positive number of
    stones from one heap, or the same positive number from both, and whoever takes the last stone
    wins. Does the first player win, and with which first moves?

    Input: one case per line, and a last line 0 0 (or the end of the input):
        a b

    Output: per case 0 if the first player loses; otherwise 1, then each winning first move as the
    two heaps it leaves, 'x y' with x <= y, one per line. As the statement requires, first the move
    taking the same number from both heaps (there is at most one), then the moves taking from one
    heap, in increasing order of x. Two one-heap moves leaving the same pair (from 2 2) are one
    line; a pair reached both ways (from 5 7: 3 5) is printed once in each group.

    Limits: 0 <= a <= b <= 10^6 (a > b is accepted too).

    Theory: Wythoff's game (1907), grundy's wythoff. The losing positions are the pairs
    (⌊kφ⌋, ⌊kφ⌋ + k), k = 0, 1, 2, ..., with φ = (1 + √5) / 2 (Beatty pairs): every number is in
    exactly one pair and the differences are all distinct, so no move leads from a pair to another,
    while from any other position one move reaches a pair. grundy decides it in exact integer
    arithmetic, with no floating-point error at 10^9.
    The winning moves reach a losing pair: taking from both heaps keeps b - a, so only the pair
    with difference b - a can be reached that way; taking from one heap keeps the other, so only
    the pairs holding a or b can be."""
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


# -- LightOJ 1315 / BZOJ 1457: pieces on a board, each moving towards the corner ----------------------
def _gen_squares(limit: int, corner_ok: bool) -> Callable[[random.Random, int], str]:
    def generate(rng: random.Random, size: int) -> str:
        cases = []
        for _ in range(rng.randint(1, min(size + 1, 10))):
            n = rng.randint(1, min(1000, size if size <= 3 else size * size))
            squares = []
            while len(squares) < n:
                top = largest(size, limit, 2, cubed=True)
                x, y = rng.randint(0, top), rng.randint(0, top)
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


def _brute_squares(search: MoveSearch, names: tuple[str, str], numbered: bool) -> Callable[[str], str]:
    def brute(text: str) -> str:
        numbers = list(map(int, text.split()))
        out, i = [], 1
        for case in range(1, numbers[0] + 1):
            n = numbers[i]
            pieces = tuple(sorted((numbers[i + 1 + 2 * k], numbers[i + 2 + 2 * k]) for k in range(n)))
            i += 1 + 2 * n
            name = names[0] if search.wins(pieces) else names[1]
            out.append(f"Case {case}: {name}" if numbered else name)
        return lines(out)

    return brute


def _knight_leaps(square: tuple[int, int]) -> Iterator[tuple[tuple[int, int]]]:
    x, y = square
    for dx, dy in ((-2, 1), (-2, -1), (-1, -2), (1, -2), (-3, -1), (-1, -3)):
        if x + dx >= 0 and y + dy >= 0:
            yield ((x + dx, y + dy),)


@problem("lightoj1315", "LightOJ 1315", "Game of Hyper Knights",
         "knights leap by (-2,+1), (-2,-1), (-1,-2), (+1,-2), (-3,-1) or (-1,-3), staying on the board; "
         "who cannot move loses; Alice moves first",
         generate=_gen_squares(499, True),
         samples=[("2\n1\n1 0\n2\n2 5\n3 5\n", "Case 1: Bob\nCase 2: Alice\n")],
         brute=_brute_squares(MoveSearch(sum_moves(_knight_leaps)), ("Alice", "Bob"), True))
def hyper_knights(text: str) -> str:
    """Statement: knights on the cells (x, y), x, y >= 0, of a board; a move leaps one knight by
    (-2, +1), (-2, -1), (-1, -2), (+1, -2), (-3, -1) or (-1, -3), staying on the board, and several
    knights may share a cell. Whoever cannot move loses; Alice moves first. Who wins?

    Input: the number of cases T, then each case:
        T
        n
        x y        (n lines, one knight each)

    Output: per case 'Case i: Alice' if Alice wins, else 'Case i: Bob'.

    Limits: 1 <= T <= 200, 1 <= n <= 1000, 0 <= x, y < 500.

    Theory: Sprague–Grundy: each knight is an independent game, and the first player wins iff the
    xor of the knights' values is non-zero. Every leap lowers x + y by 1 to 4, so grundy's
    hyper-knights fills G(x, y) = mex of the values of the leaps anti-diagonal by anti-diagonal
    (打表) and reads each knight from the table."""
    r = Reader(text)
    rules = grundy.ruleset("hyper-knights")
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 200) + 1):
        knights = [square for square, _ in _read_squares(r, case, 499)]
        out.append(f"Case {case}: {'Alice' if sum_outcome(rules, knights) == 'N' else 'Bob'}")
    r.end()
    return lines(out)


def _queen_moves(square: tuple[int, int]) -> Iterator[tuple[tuple[int, int]]]:
    x, y = square
    yield from (((x - k, y),) for k in range(1, x + 1))
    yield from (((x, y - k),) for k in range(1, y + 1))
    yield from (((x - k, y - k),) for k in range(1, min(x, y) + 1))


_queen_sum_moves = sum_moves(_queen_moves)


def _queens_moves(queens: tuple) -> Iterable[tuple]:
    """A queen on the corner has ended the game: whoever put it there has won."""
    return () if (0, 0) in queens else _queen_sum_moves(queens)


@problem("bzoj1457", "BZOJ 1457", "棋盘游戏 (queens to the corner)",
         "queens on a 100×100 board move left, down or diagonally left-down any distance (several may share "
         "a square); whoever puts a queen on the corner (0,0) wins",
         generate=_gen_squares(99, False),
         samples=[("3\n2\n1 2\n2 1\n1\n3 4\n2\n1 2\n5 5\n", "T_T\n^o^\n^o^\n")],
         brute=_brute_squares(MoveSearch(_queens_moves), ("^o^", "T_T"), False))
def queens_to_corner(text: str) -> str:
    """Statement: queens on a 100 x 100 board; a move takes one queen any distance left, down, or
    diagonally left-down (several queens may share a square). Whoever puts a queen on the corner
    (0, 0) wins. Does the first player win?

    Input: the number of cases T, then each case:
        T
        N
        x y        (N lines, one queen each)

    Output: per case '^o^' if the first player wins, else 'T_T'.

    Limits: 1 <= T <= 10, 1 <= N <= 1000, 0 <= x, y <= 99, not both 0 (a queen on the corner
    would have ended the game).

    Theory: grundy's queens-corner. A queen on row 0, column 0 or the diagonal x = y reaches the
    corner in one move: if one stands there, the first player wins at once. Otherwise moving a
    queen onto those lines hands the opponent that win, so nobody does: the game is Wythoff's
    game played on the squares off the lines, a true sum whose end positions are (1, 2) and
    (2, 1), and by Sprague–Grundy the first player wins iff the xor of the queens' values
    (computed by the mex table) is non-zero."""
    r = Reader(text)
    rules = grundy.ruleset("queens-corner")
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 10) + 1):
        queens = [validated(rules, q, r, at) for q, at in _read_squares(r, case, 99)]
        out.append("^o^" if sum_outcome(rules, queens) == "N" else "T_T")
    r.end()
    return lines(out)
