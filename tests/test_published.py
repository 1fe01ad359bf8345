"""Rulesets against values published outside grundy (issue 27, item 8).

A ruleset checked only against ``brute_grundy`` over its own ``options()`` cannot catch a wrong move
generator: the brute force uses the same moves. Every expected value here was typed in from a source
named beside it (OEIS, Winning Ways, papers, CGSuite tables); none was computed by grundy. Where a
published sequence belongs to an equivalent game (Cram on a 1 x n strip is Dawson's Kayles, tiles of
length 3 are Treblecross), the equivalence is stated with its reason.

Each table is one parametrised case; ``mismatches`` lists every position where grundy's answer and the
published one differ, and ``test_a_perturbed_table_is_reported`` shows that the comparison can fail.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import grundy
from grundy import cgt
from grundy.partizan.values import value
from tests.helpers import DAWSON_CHESS_A002187


def terms(text: str, offset: int = 0) -> dict[int, int]:
    """An OEIS data line ``a(offset), a(offset + 1), ...`` as {n: a(n)}."""
    return {offset + i: int(t) for i, t in enumerate(text.replace(" ", "").split(","))}


def mismatches(published: dict[Any, Any], computed: Callable[[Any], Any]) -> list[tuple[Any, Any, Any]]:
    """(position, published, grundy's) for every position where the two differ."""
    found = []
    for position, expected in published.items():
        got = computed(position)
        if got != expected:
            found.append((position, expected, got))
    return found


# -- impartial heap games: Sprague-Grundy values {heap: value} -------------------------------------------------
# OEIS A002188, Grundy's game, n = 0..104 (Guy and Smith 1956, Table 4; Winning Ways ch. 4)
A002188 = terms("0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0,4,3,0,4,3,0,4,1,2,3,1,2,4,1,2,4,1,2,4,1,5,4,1,5,4,1,"
                "5,4,1,0,2,1,0,2,1,5,2,1,3,2,1,3,2,4,3,2,4,3,2,4,3,2,4,3,2,4,3,2,4,5,2,4,5,2,4,3,7,4,3,7,4,3,"
                "7,4,3,5,2,3,5,2,3,5,2,3")
# A. Flammenkamp, "Sprague-Grundy values of Grundy's game" (uni-bielefeld.de/achim/grundy.html): the known
# values of the sparse set, those below 232 (beyond OEIS's data line from 87 on)
GRUNDY_SPARSE = {0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 6: 1, 7: 0, 9: 1, 10: 0, 12: 1, 15: 1, 20: 0, 23: 0, 26: 0, 28: 1,
                 31: 1, 34: 1, 37: 1, 40: 1, 43: 1, 46: 1, 49: 1, 50: 0, 52: 1, 53: 0, 55: 1, 58: 1, 61: 1, 87: 7,
                 90: 7, 93: 7, 146: 6, 149: 6, 152: 6, 158: 11, 161: 11, 164: 11, 167: 11, 176: 7, 179: 7, 181: 12,
                 182: 7, 185: 7, 188: 7, 190: 12, 193: 12, 196: 10, 231: 10}
# CGSuite 2.2 (TakeAndBreak(code)(n).NimValue and .MisereNimValue), n = 0..25, as tabulated in the tests of
# github.com/nehalahmedshaikh/pycgt (tests/test_impartial_misere.py): (normal, misere) nim values.
TREBLECROSS_CGSUITE = [(0, 1), (0, 1), (0, 1), (1, 0), (1, 0), (1, 0), (2, 2), (2, 2), (0, 1), (3, 3), (3, 3),
                       (1, 0), (1, 0), (1, 0), (0, 1), (4, 1), (3, 1), (3, 3), (3, 3), (2, 0), (2, 2), (2, 2),
                       (4, 1), (4, 1), (0, 1), (5, 0)]
OFFICERS_CGSUITE = [(0, 1), (0, 1), (1, 0), (2, 2), (0, 1), (1, 0), (2, 2), (3, 1), (1, 0), (2, 2), (3, 1), (4, 0),
                    (0, 2), (3, 1), (4, 0), (2, 2), (1, 1), (3, 0), (2, 2), (1, 1), (0, 0), (2, 2), (1, 1), (4, 0),
                    (5, 4), (1, 1)]
KAYLES_CGSUITE = [(0, 1), (1, 0), (2, 2), (3, 3), (1, 0), (4, 1), (3, 3), (2, 2), (1, 1), (4, 0), (2, 2), (6, 4),
                  (4, 0), (1, 1), (2, 2), (7, 5), (1, 1), (4, 6), (3, 3), (2, 2), (1, 0), (4, 6), (6, 4), (7, 5),
                  (4, 6), (1, 7)]
DAWSON_CHESS_CGSUITE = [(0, 1), (1, 0), (1, 0), (2, 2), (0, 1), (3, 3), (1, 0), (1, 0), (0, 1), (3, 1), (3, 3),
                        (2, 0), (2, 2), (4, 1), (0, 1), (5, 0), (2, 0), (2, 2), (3, 1), (3, 3), (0, 0), (1, 0),
                        (1, 1), (3, 1), (0, 3), (2, 0)]
GRUNDY_GAME_CGSUITE = [(0, 1), (0, 1), (0, 1), (1, 0), (0, 1), (2, 2), (1, 0), (0, 1), (2, 2), (1, 0), (0, 1),
                       (2, 2), (1, 0), (3, 1), (2, 2), (1, 0), (3, 1), (2, 2), (4, 0), (3, 1)]


def normal(table: list[tuple[int, int]]) -> dict[int, int]:
    return {n: pair[0] for n, pair in enumerate(table)}


def misere_outcomes(table: list[tuple[int, int]]) -> dict[int, str]:
    """A heap's misere outcome: P exactly when its misere nim value is 0."""
    return {n: "P" if pair[1] == 0 else "N" for n, pair in enumerate(table)}


# The octal games whose periods tests/test_takebreak.py checks, here value by value: OEIS data lines
# (offset 1 unless said; Winning Ways ch. 4, pp. 102-104; Flammenkamp's octal game tables)
OCTAL_OEIS = {
    "octal:.176": ("A125920", terms("1,1,0,2,2,3,4,4,1,1,6,2,2,3,4,4,1,1,6,6,3,3,2,4,1,1,6,6,3,3,4,4,1,1,6,6,3,3,4,"
                                    "4,1,1,6,6,3,3,4,4,1,1,6,6,3,3,4,4,1,1,6,6,3,3,4,4,1,1,6,6,3,3,4,4,1,1,6,6,3,"
                                    "3,4,4,1,1,6,6,3,3,4,4,1,1,6,6,3,3,4,4,1,1,6,6,3,3,4", 1)),
    "octal:.117": ("A071453", terms("1,1,1,0,2,2,1,3,4,0,1,1,1,3,2,2,2,3,4,0,1,5,4,3,2,2,2,3,1,0,1,0,4,3,2,2,2,0,1,"
                                    "0,1,0,4,3,2,5,4,0,1,0,1,0,2,3,2,3,4,0,1,0,1,3,2,3,2,3,4,0,1,0,4,3,2,3,2,3,1,"
                                    "0,1,0,4,3,2,3,2,0,1,0,1,0,4,3,2,3,4,0,1,0,1,0,2,3,2,3,4", 1)),
    "octal:.177": ("A071435", terms("1,1,2,2,3,1,1,4,4,3,2,2,1,1,4,2,2,6,4,4,1,1,2,2,7,1,1,4,4,3,2,2,1,1,4,8,2,7,4,"
                                    "4,1,1,2,2,7,8,1,4,4,7,2,2,1,1,4,4,2,7,7,4,1,1,2,2,7,7,1,1,4,7,2,2,1,1,4,4,6,"
                                    "2,7,4,1,1,2,2,8,8,5,1,4,7,2,2,1,1,8,8,6,7,7,4,1,1", 1)),
    "octal:.1377": ("A071434", terms("1,1,2,2,3,3,1,1,4,4,3,3,2,2,1,1,4,4,2,2,6,6,4,4,1,1,2,2,7,7,1,1,4,4,3,3,2,2,"
                                     "1,1,4,4,6,6,7,7,4,4,1,1,2,2,8,8,5,5,4,4,7,7,2,2,1,1,8,8,6,6,7,7,4,4,1,1,2,2,"
                                     "3,3,1,1,4,4,7,7,2,2,1,1,8,8,2,2,7,7,4,4,1,1,2,2,8,8", 1)),
    "octal:.7777": ("A071074", terms("0,1,2,3,4,5,6,7,3,2,8,9,7,6,5,4,3,2,8,9,4,5,12,13,9,8,2,3,4,5,15,14,3,2,8,9,"
                                     "7,6,5,4,3,2,8,9,13,12,15,14,9,8,2,3,4,5,16,17,10,11,8,9,14,15,5,4,3,2,16,17,"
                                     "13,12,15,14,9,8,2,3,4,5,6,7,3,2,8,9,14,15,5,4,3,2", 0)),  # Double Kayles
    "octal:.11377": ("A071452", terms("1,1,1,2,2,2,3,3,1,1,1,4,4,4,3,3,2,2,2,1,1,1,4,4,2,2,2,6,6,4,4,4,1,1,1,2,2,"
                                      "2,7,7,1,1,1,4,4,4,3,3,2,2,2,1,1,1,4,4,8,6,2,7,7,4,4,4,1,1,1,2,2,2,8,8,8,5,"
                                      "1,4,4,4,7,7,2,2,2,1,1,1,8,8,8,6,2,7,7,4,4,4,1,1,1,2,2,2,3,8,1", 1)),
    "octal:.127": ("A071464", terms("1,0,2,2,1,0,4,4,1,2,2,0,1,4,4,6,1,7,7,0,1,2,2,6,1,4,4,8,1,2,7,8,1,0,7,2,6,8,1,"
                                    "4,9,8,1,2,6,0,1,4,6,2,1,8,9,0,1,6,2,2,7,0,1,8,3,2,1,4,4,8,9,2,7,8,1,0,9,2,2,"
                                    "6,4,4,1,8,3,2,1,0,4", 1)),
    "octal:.56": ("A071436", terms("1,0,2,2,4,1,1,3,2,4,4,6,6,2,1,1,7,6,8,4,1,1,6,5,4,8,1,1,12,4,5,6,1,1,3,12,6,6,"
                                   "8,9,2,11,6,6,4,2,1,1,12,13,4,10,8,1,12,12,5,11,1,16,2,2,12,6,1,1,2,13,12,6,6,8,"
                                   "1,1,7,6,11,4,16,16,6,5,5,19,1,1,12,4,14,16,1,1", 1)),  # .560-.563
    "octal:.1777": ("A071509", terms("1,1,2,2,3,4,1,1,6,6,3,2,2,1,1,6,6,8,4,4,5,10,1,1,8,3,3,4,4,7,6,6,8,8,4,1,1,"
                                     "6,7,8,4,4,5,10,8,1,1,15,5,4,4,7,6,6,1,1,4,3,3,6,1,1,4,4,3,8,8,1,1,10,14,8,"
                                     "4,13,6,6,1,1,8,3,3,13,1,1,6", 1)),
}
# OEIS A125829, octal .115 (Winning Ways ch. 4, p. 104), n = 1..98. The Alice game with K = 3 (take a whole row
# of at most 3, or exactly 3 from inside a row leaving two rows) is the octal game .115.
A125829 = terms("1,1,1,0,1,1,1,2,2,2,1,2,2,2,1,1,1,0,1,1,1,2,2,2,1,2,2,2,1,1,1,0,1,1,1,2,2,2,1,2,2,2,1,1,1,0,1,1,"
                "1,2,2,2,1,2,2,2,1,1,1,0,1,1,1,2,2,2,1,2,2,2,1,1,1,0,1,1,1,2,2,2,1,2,2,2,1,1,1,0,1,1,1,2,2,2,1,2,"
                "2,2", 1)
# Dawson's Kayles (.07) has the values A002187(n - 1) (OEIS A002187, comment); placing a tile of length 2 on a
# strip takes two adjacent cells and leaves the rest in 0, 1 or 2 strips: octal .07 again.
DAWSON_KAYLES = {0: 0} | {n + 1: v for n, v in enumerate(DAWSON_CHESS_A002187)}

HEAP_TABLES = {  # id: (spec, source, {heap: value})
    "grundy-game A002188": ("grundy-game", "OEIS A002188", A002188),
    "grundy-game sparse": ("grundy-game", "Flammenkamp, sparse values", GRUNDY_SPARSE),
    "treblecross CGSuite": ("treblecross", "CGSuite .007", normal(TREBLECROSS_CGSUITE)),
    "officers CGSuite": ("officers", "CGSuite .6", normal(OFFICERS_CGSUITE)),
    # a tile of length 3 takes 3 adjacent cells and leaves 0, 1 or 2 strips: octal .007, Treblecross
    "tiles:3 CGSuite .007": ("tiles:3", "CGSuite .007", normal(TREBLECROSS_CGSUITE)),
    "tiles:2 A002187": ("tiles:2", "OEIS A002187 shifted", DAWSON_KAYLES),
    "octal:.6 CGSuite": ("octal:.6", "CGSuite .6", normal(OFFICERS_CGSUITE)),
    "octal:.115 A125829": ("octal:.115", "OEIS A125829", A125829),
    "alice:3 A125829": ("alice:3", "OEIS A125829 (.115)", A125829),
} | {f"{spec} {number}": (spec, f"OEIS {number}", table) for spec, (number, table) in OCTAL_OEIS.items()}


@pytest.mark.parametrize("name", sorted(HEAP_TABLES))
def test_heap_values_are_the_published_ones(name):
    spec, _, table = HEAP_TABLES[name]
    values = grundy.ruleset(spec).values(max(table) + 1).tolist()
    assert mismatches(table, values.__getitem__) == [], (spec, HEAP_TABLES[name][1])


MISERE_TABLES = {"kayles": KAYLES_CGSUITE, "dawson-chess": DAWSON_CHESS_CGSUITE, "grundy-game": GRUNDY_GAME_CGSUITE,
                 "treblecross": TREBLECROSS_CGSUITE, "officers": OFFICERS_CGSUITE}


@pytest.mark.parametrize("spec", sorted(MISERE_TABLES))
def test_misere_outcomes_of_one_heap_are_cgsuites(spec):
    table = MISERE_TABLES[spec]
    assert mismatches(misere_outcomes(table), lambda n: grundy.solve(spec, [n], misere=True).outcome) == []
    assert mismatches(normal(table), grundy.ruleset(spec).values(len(table)).tolist().__getitem__) == []


def test_fibonacci_nim_loses_exactly_on_fibonacci_heaps():
    # Whinihan (Fibonacci Quarterly 1, 1963): the first player loses exactly when the heap is a Fibonacci
    # number (OEIS A000045: 1, 2, 3, 5, 8, ...)
    fibonacci, a, b = set(), 1, 2
    while a <= 300:
        fibonacci.add(a)
        a, b = b, a + b
    published = {n: "P" if n in fibonacci else "N" for n in range(1, 301)}
    assert mismatches(published, lambda n: grundy.solve("fibonacci-nim", [n]).outcome) == []


# -- games on two coordinates -------------------------------------------------------------------------------
# OEIS A317205: Sprague-Grundy values of Wythoff's game, triangle G(r, c), 0 <= c <= r <= 11 (Winning Ways p. 76;
# Blass and Fraenkel 1990, Table 2)
A317205 = terms("0,1,2,2,0,1,3,4,5,6,4,5,3,2,7,5,3,4,0,6,8,6,7,8,1,9,10,3,7,8,6,9,0,1,4,5,8,6,7,10,1,2,5,3,4,9,10,"
                "11,12,8,7,13,14,15,16,10,11,9,8,13,12,0,15,16,17,14,11,9,10,7,12,14,2,13,17,6,18,15")
# OEIS A047708: the diagonal G(n, n) of Wythoff's game, n = 0..70
A047708 = terms("0,2,1,6,7,8,3,5,4,16,14,15,10,9,11,20,13,21,12,25,17,18,19,30,31,38,35,36,22,23,43,45,48,49,24,26,"
                "27,28,29,33,60,32,61,57,66,37,63,34,64,67,40,39,41,42,82,44,74,79,47,46,87,86,50,95,96,52,101,51,"
                "102,53,54")
# OEIS A051775: the nim-product n * m read by antidiagonals (Conway, On Numbers and Games, p. 52). Turning
# Corners (coins x, y from 0) has G(x, y) = x * y (Winning Ways ch. 14, "Turning Corners").
A051775 = terms("0,0,0,0,1,0,0,2,2,0,0,3,3,3,0,0,4,1,1,4,0,0,5,8,2,8,5,0,0,6,10,12,12,10,6,0,0,7,11,15,6,15,11,7,0,"
                "0,8,9,13,2,2,13,9,8,0,0,9,12,14,14,7,14,14,12,9,0,0,10,14,4,10,8,8,10,4,14,10,0,0,11,15,7,11")


def triangle(flat: dict[int, int]) -> dict[tuple[int, int], int]:
    """A triangle read by rows r = 0, 1, ... (row r holds c = 0..r) as {(r, c): value}."""
    cells = [(r, c) for r in range(len(flat)) for c in range(r + 1)]
    return {cells[i]: v for i, v in flat.items()}


def antidiagonals(flat: dict[int, int]) -> dict[tuple[int, int], int]:
    """A table read by antidiagonals d = 0, 1, ... (T(0, d), T(1, d - 1), ...) as {(n, m): value}."""
    cells = [(n, d - n) for d in range(len(flat)) for n in range(d + 1)]
    return {cells[i]: v for i, v in flat.items()}


GRID_TABLES = {  # id: (spec, {(x, y): value})
    "wythoff A317205": ("wythoff", triangle(A317205)),
    "wythoff A047708": ("wythoff", {(n, n): v for n, v in A047708.items()}),
    "turning-corners A051775": ("turning-corners", antidiagonals(A051775)),
    "tartan:twins*twins A051775": ("tartan:twins*twins", antidiagonals(A051775)),  # Twins: G(n) = n from 0
}


@pytest.mark.parametrize("name", sorted(GRID_TABLES))
def test_grid_values_are_the_published_ones(name):
    spec, table = GRID_TABLES[name]
    rules = grundy.ruleset(spec)
    assert mismatches(table, rules.grundy) == []


# -- partizan games: canonical values {position: value} -------------------------------------------------------
# OEIS A006022: Maundy Cake on an n x 1 sheet, n = 1..79 (Winning Ways pp. 28, 53). A cake one tall that Left
# divides is the integer a(n); its transpose, which only Right can divide, is -a(n).
A006022 = terms("0,1,1,3,1,4,1,7,4,6,1,10,1,8,6,15,1,13,1,16,8,12,1,22,6,14,13,22,1,21,1,31,12,18,8,31,1,20,14,36,"
                "1,29,1,34,21,24,1,46,8,31,18,40,1,40,12,50,20,30,1,51,1,32,29,63,14,45,1,52,24,43,1,67,1,38,31,58,"
                "12,53,1", 1)


def board(rows: int, columns: int) -> str:
    return "|".join(["." * columns] * rows)


PARTIZAN_TABLES: dict[str, tuple[str, dict[str, str]]] = {
    "maundy-cake A006022": ("maundy-cake", {f"1,{n}": str(v) for n, v in A006022.items()}
                            | {f"{n},1": str(-v) for n, v in A006022.items()}),
    # Cram on a 1 x n strip: a domino takes two adjacent cells, Dawson's Kayles, *A002187(n - 1)
    "cram 1xn A002187": ("cram", {"." * n: f"*{DAWSON_KAYLES[n]}" for n in range(1, 40)}),
    "domineering published": ("domineering", {
        board(2, 2): "+-1",  # Berlekamp, Blockbusting and Domineering (JCT A 49, 1988), App. B.1: G_1
        board(4, 2): "Tiny(2)",  # ... G_2 (2 wide, 4 tall) is tiny-2
        board(6, 2): "+-1 + Tiny(2) + Tiny(2)",  # ... G_3
        board(4, 5): "1",  # D. Wolfe's 4 x 5 board (Guy, Unsolved problems, Games of No Chance 1996, Problem 4)
        board(11, 2): "{1|{{1/2|-1}|{-3/2|-7/2}}}",  # Uiterwijk, arXiv:1305.3257: the 11 x 2 board
    }),
    # CGSuite 2.2, Domineering(Grid.Empty(2, n)).CanonicalForm, as tabulated in pycgt's
    # tests/test_published_values.py (rows x columns; Left places vertical dominoes)
    "domineering 2xn CGSuite": ("domineering", {
        board(2, 1): "1", board(2, 2): "+-1", board(2, 3): "{2|-1/2}", board(2, 4): "Miny(2)", board(2, 5): "1/2",
        board(2, 6): "{1 + Miny(2)|-1}", board(2, 7): "{3/2|-1/2}", board(2, 8): "{{2 + Miny(2)|0}|{-1/2|-2}}",
        board(2, 9): "{{5/2|1/2}|{0|-3/2}}", board(2, 13): "0"}),
    # CGSuite values of Toads and Frogs strips (T: toad, Left's; F: frog), one of each value of length <= 5, as
    # tabulated in pycgt's tests/test_toads_and_frogs.py
    "toads-and-frogs CGSuite": ("toads-and-frogs", {
        "T": "0", "T.": "1", "TT.": "2", "TTT.": "3", "TT..": "4", "TT.T.": "5", "TTT..": "6", ".F": "-1",
        ".FF": "-2", ".FFF": "-3", "..FF": "-4", ".F.FF": "-5", "..FFF": "-6", "T.F": "*", "T.TFF": "^",
        "TTF.F": "v", "T.TF": "1/2", "TF.F": "-1/2", "TT.F.": "3/2", ".T.FF": "-3/2", "TT.TF": "1*", "TF.FF": "-1*",
        "TT.F": "{1/2|0}", "T.FF": "{0|-1/2}", "TTT.F": "{1*|0}", "T.FFF": "{0|-1*}"}),
    # CGSuite values of Clobber boards (x: Left's stones), as tabulated in pycgt's tests/test_clobber.py
    # (written as CGSuite writes them: "+-{*,^}" is {*,^|*,v})
    "clobber CGSuite": ("clobber", {
        "x": "0", "xo": "*", "xxo": "^", "xoo": "v", "xoxo": "+-{*,^}", "xoox": "0", "xxoo": "0",
        "xoxox": "{*|v}", "xoxoxo": "0", "xxooxx": "0", "xo|ox": "*", "xx|oo": "0", "xo|xo": "0", "xox|oxo": "0",
        "xxo|oxx": "^", "xoxo|oxox": "*"}),
}


@pytest.mark.parametrize("name", sorted(PARTIZAN_TABLES))
def test_partizan_values_are_the_published_ones(name):
    spec, table = PARTIZAN_TABLES[name]
    published = {position: cgt.parse(text) for position, text in table.items()}
    found = mismatches(published, lambda position: value(spec, position))
    assert [(position, str(want), str(got)) for position, want, got in found] == []


# CGSuite 2.2 .Temperature and .Mean of the 2 x n Domineering rectangle (pycgt's tests/test_published_values.py)
DOMINEERING_HEAT = {  # n: (temperature, mean)
    2: ("1", "0"), 3: ("5/4", "3/4"), 4: ("0", "0"), 5: ("-1/2", "1/2"), 6: ("1", "0"), 7: ("1", "1/2"),
    8: ("9/8", "-1/8"), 9: ("9/8", "3/8"), 10: ("19/16", "-5/16"), 11: ("19/16", "3/16"), 12: ("0", "-1/2")}


def test_domineering_temperatures_and_means_are_cgsuites():
    from fractions import Fraction

    published = {n: (Fraction(t), Fraction(m)) for n, (t, m) in DOMINEERING_HEAT.items()}

    def heat(n: int) -> tuple[Fraction, Fraction]:
        found = value("domineering", board(2, n))
        return found.temperature, found.mean

    assert mismatches(published, heat) == []


# -- the comparison can fail ----------------------------------------------------------------------------------
def test_a_perturbed_table_is_reported():
    values = grundy.ruleset("grundy-game").values(105).tolist()
    wrong = dict(A002188) | {87: 6}  # G(87) is 7 (OEIS A002188): a typo in a table must not pass
    assert mismatches(wrong, values.__getitem__) == [(87, 6, 7)]
    assert mismatches(A002188, values.__getitem__) == []
    wythoff = grundy.ruleset("wythoff")
    assert mismatches(triangle(A317205) | {(3, 2): 4}, wythoff.grundy) == [((3, 2), 4, 5)]
    swapped = {"T.": cgt.parse("-1")}  # a toad's step is Left's: +1, not -1
    assert [(p, str(w), str(g)) for p, w, g in mismatches(swapped, lambda p: value("toads-and-frogs", p))] == [
        ("T.", "-1", "1")]
