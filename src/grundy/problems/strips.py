r"""Strip, ring and staircase problems (pieces or coins in a row) in their original input/output format.

- ``hdu1730`` Northcott Game — ``northcott`` (with :func:`~grundy.rulesets.grid.northcott_gap`)
- ``hdu3951`` Coin Game — ``coin-circle:K``
- ``hdu4315`` Climbing the Hill — ``climbing-hill``; ``poj1704`` Georgia and Bob — ``georgia-bob``

Every solver reads its input with :class:`~grundy.problems.base.Reader` (bad input names the line)
and answers from the ruleset's closed form or position rule; each problem also has a brute-force
solver that plays the game straight from the statement (a search of the whole position,
:class:`~grundy.core.search.MoveSearch`, or the general solver for Northcott's partizan game, where
pieces may move back and forth), used by the tests.

>>> print(georgia_and_bob("1\n3\n1 2 3\n"), end="")
Bob will win
>>> print(coin_game("2\n3 1\n3 2\n"), end="")
Case 1: first
Case 2: second

References: the HDU and POJ problems named above; Winning Ways ch. 3 (staircase Nim, Northcott's
game); Moore's and Ferguson's notes on coin-turning games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import grundy
from grundy.core.errors import ComponentError
from grundy.core.general import decide_game, game
from grundy.core.search import MoveSearch, sum_outcome
from grundy.problems.base import ProblemInputError, Reader, largest, lines, problem, validated
from grundy.rulesets.grid import northcott_gap


# -- HDU 1730: Northcott Game ----------------------------------------------------------------------
def _gen_northcott(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 20))):
        rows = rng.randint(0, min(1000, size if size <= 3 else size * size))
        m = rng.randint(2, min(100, 2 + size if size <= 3 else 10 * size))
        cases.append(f"{rows} {m}")
        cases += [" ".join(map(str, rng.sample(range(1, m + 1), 2))) for _ in range(rows)]
    return "\n".join(cases) + "\n"


def _northcott_moves(state: tuple) -> list[tuple]:
    """``(m, board, Tom to move)``: the player to move slides one of their pieces along its row,
    any distance, not onto or past the other player's piece (a partizan game that may loop)."""
    m, board, tom = state
    out = []
    for i, (t, j) in enumerate(board):
        mine, other = (t, j) if tom else (j, t)
        lo, hi = (1, other - 1) if mine < other else (other + 1, m)
        for c in range(lo, hi + 1):
            if c != mine:
                row = (c, j) if tom else (t, c)
                out.append((m, board[:i] + (row,) + board[i + 1:], not tom))
    return out


_NORTHCOTT = game(_northcott_moves, name="Northcott's game")


def _brute_northcott(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 0
    while i < len(numbers):
        rows, m = numbers[i], numbers[i + 1]
        board = tuple((numbers[i + 2 + 2 * k], numbers[i + 3 + 2 * k]) for k in range(rows))
        i += 2 + 2 * rows
        verdict = decide_game(_NORTHCOTT, (m, board, True)).value
        out.append({"win": "I WIN!", "lose": "BAD LUCK!"}.get(verdict, "a draw?"))
    return lines(out)


@problem("hdu1730", "HDU 1730", "Northcott Game",
         "each row holds Tom's and Jerry's piece; a player slides one of their own pieces along its row any "
         "distance, not onto or past the other; who cannot move loses; Tom moves first",
         generate=_gen_northcott,
         samples=[("3 6\n4 5\n1 2\n1 2\n3 6\n4 5\n1 3\n1 2\n", "BAD LUCK!\nI WIN!\n")], brute=_brute_northcott)
def northcott_game(text: str) -> str:
    """Statement: a board of n rows and m columns; each row holds one piece of Tom and one of
    Jerry. In turn, Tom first, a player slides one of his own pieces along its row any distance,
    towards the other piece (not onto or past it) or away from it, within the board. Whoever cannot
    move loses. Does Tom win?

    Input: cases to the end of the input, each:
        n m
        T_i J_i        (n lines: the columns of Tom's and Jerry's pieces in row i)

    Output: per case 'I WIN!' if Tom wins, else 'BAD LUCK!'.

    Limits: 0 <= n <= 1000, 0 <= m <= 100 (at least 2 when n >= 1), 1 <= T_i, J_i <= m,
    T_i != J_i.

    Theory: Northcott's game is Nim on the gaps (grundy's northcott): a row is worth the number of
    empty squares between its pieces. Moving towards the other piece shrinks the gap, a Nim move.
    Moving away is reversible: the opponent advances his own piece by the same distance and every
    gap is as before, and retreats cannot go on for ever. So Tom wins iff the xor of the gaps is
    non-zero, although the game is partizan and may loop."""
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
        out.append("I WIN!" if sum_outcome(rules, gaps) == "N" else "BAD LUCK!")
    r.end()
    return lines(out)


# -- HDU 3951: Coin Game ---------------------------------------------------------------------------
def _gen_coin_game(rng: random.Random, size: int) -> str:
    count = rng.randint(1, min(size + 2, 100))
    rows = [f"{rng.randint(1, largest(size, 10**9, 4, cubed=True))} {rng.randint(1, 10)}" for _ in range(count)]
    return f"{len(rows)}\n" + "\n".join(rows) + "\n"


def _ring_moves(state: tuple[int, int, int]) -> Iterator[tuple[int, int, int]]:
    """``(n, k, tails)``: coins 0..n-1 in a ring, ``tails`` the bitmask of the coins turned; a move
    turns 1..k adjacent heads."""
    n, k, turned = state
    for start in range(n):
        mask = 0
        for t in range(min(k, n)):
            coin = 1 << ((start + t) % n)
            if turned & coin or mask & coin:
                break
            mask |= coin
            yield n, k, turned | mask


_RING = MoveSearch(_ring_moves)


def _brute_coin_game(text: str) -> str:
    numbers = list(map(int, text.split()))
    return lines([f"Case {c}: {'first' if _RING.wins((numbers[2 * c - 1], numbers[2 * c], 0)) else 'second'}"
                  for c in range(1, numbers[0] + 1)])


@problem("hdu3951", "HDU 3951", "Coin Game",
         "n coins in a ring, all heads; turn 1..K adjacent heads to tails; who turns the last coin wins",
         generate=_gen_coin_game, samples=[("2\n3 1\n3 2\n", "Case 1: first\nCase 2: second\n")],
         brute=_brute_coin_game)
def coin_game(text: str) -> str:
    """Statement: N coins in a ring, all heads up. In turn, a player turns 1 to K adjacent coins
    that are heads up to tails up; whoever turns the last coin wins. Does the first player win?

    Input: the number of cases T, then one line per case:
        T
        N K        (T lines)

    Output: per case 'Case i: first' if the first player wins, else 'Case i: second'.

    Limits: 1 <= T <= 1000, 1 <= N <= 10^9, 1 <= K <= 10.

    Theory: grundy's coin-circle:K. With K = 1 every move turns one coin, so the first player wins
    iff N is odd. With K >= 2 and N <= K he turns all the coins at once. With K >= 2 and N > K his
    first move leaves a row of heads (the octal game .77...7); the second player turns the middle
    one or two coins of it, leaving two equal rows, and copies every later move in the other row,
    so the second player wins."""
    r = Reader(text)
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 1000) + 1):
        n, k = r.int(f"N of case {case}", 1, 10**9), r.int(f"K of case {case}", 1, 10)
        rules = grundy.ruleset(f"coin-circle:{k}")
        out.append(f"Case {case}: {'first' if sum_outcome(rules, [(n, 1)]) == 'N' else 'second'}")
    r.end()
    return lines(out)


# -- HDU 4315: Climbing the Hill -------------------------------------------------------------------
def _increasing(rng: random.Random, count: int, top: int) -> list[int]:
    return sorted(rng.sample(range(1, max(top, count) + 1), count))


def _gen_hill(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 20))):
        n = rng.randint(1, min(1000, size + 1 if size <= 3 else size * size))
        king = rng.randint(1, n)
        dists = _increasing(rng, n, largest(size, 10**9, 4, cubed=True))
        cases.append(f"{n} {king}\n" + " ".join(map(str, dists)))
    return "\n".join(cases) + "\n"


def _hill_moves(state: tuple[int, tuple[int, ...]]) -> Iterator[tuple[int, tuple[int, ...]]]:
    """``(king's index, distances)``: a person moves up, not past the one ahead (the top, 0, holds
    any number); the king on the top has ended the game, won by whoever brought him there."""
    king, dists = state
    if dists[king] == 0:
        return
    for i, d in enumerate(dists):
        ahead = dists[i - 1] if i else 0
        for to in range(0 if ahead == 0 else ahead + 1, d):
            yield king, dists[:i] + (to,) + dists[i + 1:]


_HILL = MoveSearch(_hill_moves)


def _brute_hill(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 0
    while i < len(numbers):
        n, k = numbers[i], numbers[i + 1]
        out.append("Alice" if _HILL.wins((k - 1, tuple(numbers[i + 2:i + 2 + n]))) else "Bob")
        i += 2 + n
    return lines(out)


@problem("hdu4315", "HDU 4315", "Climbing the Hill",
         "people on a hill move up without passing one another (below the top one per cell); "
         "whoever brings the king to the top wins; Alice moves first",
         generate=_gen_hill, samples=[("3 3\n1 2 4\n2 1\n100 200\n", "Bob\nAlice\n")], brute=_brute_hill)
def climbing_the_hill(text: str) -> str:
    """Statement: N people climb a hill, at distances d_1 < d_2 < ... < d_N from the top. In turn,
    Alice first, a player moves one person up any distance, not onto or past the one ahead; only
    the top holds several people. The k-th nearest the top is the king, and whoever brings the king
    to the top wins. Who wins?

    Input: cases to the end of the input, each:
        N k
        d_1 d_2 ... d_N

    Output: per case 'Alice' if Alice wins, else 'Bob'.

    Limits: 1 <= N <= 1000, 1 <= k <= N, 0 < d_1 < d_2 < ... < d_N <= 10^9.

    Theory: grundy's climbing-hill. With the king nearest the top, Alice takes him there at once.
    Otherwise nobody wants to clear the way for the king, and the game is Georgia and Bob (POJ
    1704) on the distances, the top as the wall: pair the people from the back; the gaps inside
    the pairs are Nim heaps, and a move that widens a gap is undone by the partner's reply. When
    the king is second and N is odd, the first person may go no higher than just below the top,
    which shifts the pairing by one. Alice wins iff the xor of the paired gaps is non-zero."""
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
        hill = validated(rules, (k, *dists), r, at)
        out.append("Alice" if sum_outcome(rules, [hill]) == "N" else "Bob")
    r.end()
    return lines(out)


# -- POJ 1704: Georgia and Bob ---------------------------------------------------------------------
def _gen_georgia(rng: random.Random, size: int) -> str:
    cases = []
    for _ in range(rng.randint(1, min(size + 1, 20))):
        n = rng.randint(1, min(1000, size + 1 if size <= 3 else size * size))
        cells = rng.sample(range(1, max(largest(size, 10000, 4, cubed=True), n) + 1), n)
        cases.append(f"{n}\n" + " ".join(map(str, cells)))
    return f"{len(cases)}\n" + "\n".join(cases) + "\n"


def _strip_moves(cells: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """A piece moves left, not onto or past the piece before it (cells sorted)."""
    for i, c in enumerate(cells):
        for to in range((cells[i - 1] if i else 0) + 1, c):
            yield cells[:i] + (to,) + cells[i + 1:]


_STRIP = MoveSearch(_strip_moves)


def _brute_georgia(text: str) -> str:
    numbers = list(map(int, text.split()))
    out, i = [], 1
    for _ in range(numbers[0]):
        cells = tuple(sorted(numbers[i + 1:i + 1 + numbers[i]]))
        i += 1 + numbers[i]
        out.append("Georgia will win" if _STRIP.wins(cells) else "Bob will win")
    return lines(out)


@problem("poj1704", "POJ 1704", "Georgia and Bob",
         "pieces on a strip move left any distance without passing or landing on another; "
         "who cannot move loses; Georgia moves first",
         generate=_gen_georgia,
         samples=[("2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n", "Bob will win\nGeorgia will win\n")],
         brute=_brute_georgia)
def georgia_and_bob(text: str) -> str:
    """Statement: N pieces on the cells 1, 2, 3, ... of a strip. In turn, Georgia first, a player
    moves one piece left any number of cells, not onto or past another piece nor off the strip.
    Whoever cannot move loses. Who wins?

    Input: the number of cases T, then each case on two lines:
        T
        N
        P_1 P_2 ... P_N        (different cells, in any order)

    Output: per case 'Georgia will win' if Georgia wins, else 'Bob will win' (the statement's third
    answer, 'Not sure', never applies: the game is finite).

    Limits: 1 <= T <= 20, 1 <= N <= 1000, 1 <= P_i <= 10000.

    Theory: staircase Nim, grundy's georgia-bob. Sort the pieces and pair them from the right (with
    N odd, the first piece pairs with the left edge). The gap inside a pair is a Nim heap: moving
    the right piece of a pair shrinks it, and moving the left piece, which widens it, is undone by
    moving the right piece the same distance. So Georgia wins iff the xor of the gaps inside the
    pairs is non-zero."""
    r = Reader(text)
    rules = grundy.ruleset("georgia-bob")
    out = []
    for case in range(1, r.int("T (the number of cases)", 1, 20) + 1):
        n = r.int(f"N of case {case}", 1, 1000)
        at = r.position
        cells = r.ints(n, f"position of case {case}", 1, 10000)
        strip = validated(rules, tuple(cells), r, at)
        out.append("Georgia will win" if sum_outcome(rules, [strip]) == "N" else "Bob will win")
    r.end()
    return lines(out)
