"""Coordinate games (grid.py): closed forms and reductions against the definition or the original game."""

from functools import cache
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.engine import GrundyEngine
from grundy.core.errors import ComponentError, LimitError, SpecError
from grundy.core.search import PositionSearch, position_moves
from grundy.rulesets.grid import HYPER_KNIGHT_MAX_SUM, HyperKnights, kiki_start, northcott_gap


def check_position(rules, components):
    """solve() against a search of the whole sum: outcome, and exactly the winning moves."""
    rules = grundy.ruleset(rules)
    search = PositionSearch(rules)
    solution = grundy.solve(rules, components)
    assert solution.outcome == search.outcome(components)
    winning = sorted((i, option) for i, option, left in position_moves(rules, tuple(components))
                     if search.outcome(left) == "P")
    assert solution.winning_move_count == len(winning)
    assert sorted((m.index, m.option) for m in solution.winning_moves) == winning
    assert (solution.grundy == 0) == (solution.outcome == "P")


squares = st.tuples(st.integers(0, 5), st.integers(0, 5))


# -- kiki's game -------------------------------------------------------------------------------------------
def kiki_closed_form(x, y):
    """The closed form written independently of the module, as stated in its docstring."""
    if x % 2 == 0 and y % 2 == 0:
        return 0
    if x % 2 and y % 2:
        return 2
    odd, even = (x, y) if x % 2 else (y, x)
    return 1 if odd > even else 3


def test_kiki_closed_form_matches_definition_on_a_grid():
    kiki = grundy.ruleset("kiki")
    for x, y in product(range(40), repeat=2):
        assert kiki.grundy((x, y)) == kiki.brute_grundy((x, y)) == kiki_closed_form(x, y), (x, y)
        assert (kiki.grundy((x, y)) == 0) == (x % 2 == 0 and y % 2 == 0)


@given(st.integers(0, 120), st.integers(0, 120))
def test_kiki_closed_form_matches_definition(x, y):
    kiki = grundy.ruleset("kiki")
    assert kiki.grundy((x, y)) == kiki.brute_grundy((x, y))


@cache
def hdu2147_first_player_wins(n, m, row, col):
    """HDU 2147 played on its own board: rows 1..n from the top, columns 1..m; left, down, left-down."""
    targets = [(row, col - 1), (row + 1, col), (row + 1, col - 1)]
    return any(r <= n and c >= 1 and not hdu2147_first_player_wins(n, m, r, c) for r, c in targets)


def test_kiki_start_maps_the_hdu_board():
    for n, m in product(range(1, 9), repeat=2):
        wins = hdu2147_first_player_wins(n, m, 1, m)  # the coin starts at the top right
        assert (grundy.solve("kiki", [kiki_start(n, m)]).outcome == "N") == wins
        assert wins == (n % 2 == 0 or m % 2 == 0)


def test_kiki_start_rejects_empty_boards():
    with pytest.raises(ComponentError, match="at least one row"):
        kiki_start(0, 3)


@given(st.lists(squares, min_size=1, max_size=3))
def test_kiki_sums(coins):
    check_position("kiki", coins)


# -- queens to the corner ------------------------------------------------------------------------------------
def queen_targets(x, y):
    yield from ((x - k, y) for k in range(1, x + 1))
    yield from ((x, y - k) for k in range(1, y + 1))
    yield from ((x - k, y - k) for k in range(1, min(x, y) + 1))


@cache
def corner_game_wins(queens):
    """The original BZOJ 1457 game: the player who moves any queen onto (0,0) wins."""
    return any(left is None or not corner_game_wins(left) for _, _, left in corner_game_moves(queens))


def corner_game_moves(queens):
    """Each move (queen index, target, position left); reaching the corner is a won position (None)."""
    for i, (x, y) in enumerate(queens):
        for target in queen_targets(x, y):
            if target == (0, 0):
                yield i, target, None
            else:
                yield i, target, tuple(sorted(queens[:i] + (target,) + queens[i + 1:]))


def test_queens_reduction_matches_the_original_game():
    board = [s for s in product(range(7), repeat=2) if s != (0, 0)]
    q = grundy.ruleset("queens-corner")
    for count in (1, 2):
        for queens in combinations_with_replacement(board, count):
            solution = grundy.solve(q, list(queens))
            assert (solution.outcome == "N") == corner_game_wins(queens), queens
            winning = {(i, target) for i, target, left in corner_game_moves(queens)
                       if left is None or not corner_game_wins(left)}
            listed = {(m.index, m.option[0]) for m in solution.winning_moves}
            if any(x == 0 or y == 0 or x == y for x, y in queens):
                assert listed and listed <= winning and all(t == (0, 0) for _, t in listed)
            else:
                assert listed == winning  # no winning move ever steps onto a line
                assert solution.winning_move_count == len(winning)


def test_queens_zeros_are_wythoffs_pairs():
    q = grundy.ruleset("queens-corner")
    phi = (1 + 5 ** 0.5) / 2
    pairs = {(int(k * phi), int(k * phi) + k) for k in range(1, 40)}
    pairs |= {(b, a) for a, b in pairs}
    zeros = {(x, y) for x, y in product(range(1, 60), repeat=2) if x != y and q.grundy((x, y)) == 0}
    assert zeros == {p for p in pairs if max(p) < 60}


def test_queens_reduced_moves_stay_off_the_lines():
    q = grundy.ruleset("queens-corner")
    assert q.moves((1, 2)) == [] and q.moves((2, 1)) == []
    for x, y in product(range(1, 12), repeat=2):
        if x != y:
            expected = {t for t in queen_targets(x, y) if not (t[0] == 0 or t[1] == 0 or t[0] == t[1])}
            assert sorted(q.moves((x, y))) == sorted(expected)


def test_queens_bad_components():
    q = grundy.ruleset("queens-corner")
    with pytest.raises(ComponentError, match="corner 0,0"):
        grundy.solve(q, [(0, 0), (1, 2)])
    with pytest.raises(ComponentError, match="no Grundy value"):
        q.grundy((3, 3))
    with pytest.raises(ComponentError, match="reaches the corner"):
        list(q.options((0, 4)))
    assert grundy.solve(q, [(0, 4)]).outcome == "N"


off_line = st.tuples(st.integers(1, 6), st.integers(1, 6)).filter(lambda s: s[0] != s[1])


@given(st.lists(off_line, min_size=1, max_size=3))
def test_queens_sums(queens):
    check_position("queens-corner", queens)


# -- Northcott's game ------------------------------------------------------------------------------------
def northcott_outcomes(width, rows):
    """Retrograde analysis of the real partizan game: every state with black or white to move.

    A state is (pieces, mover) with pieces a tuple of (black, white) squares per row. Returns
    {state: "win" | "loss" | "draw"} for the player to move (draw: undecided, the game can loop).
    """
    row_states = [(b, w) for b in range(width) for w in range(width) if b != w]
    states = [(pieces, mover) for pieces in product(row_states, repeat=rows) for mover in (0, 1)]

    def successors(state):
        pieces, mover = state
        for i, row in enumerate(pieces):
            mine, other = row[mover], row[1 - mover]
            for q in range(width):
                if q != mine and (q < other) == (mine < other) and q != other:
                    moved = (q, other) if mover == 0 else (other, q)
                    yield pieces[:i] + (moved,) + pieces[i + 1:], 1 - mover

    result = {}
    changed = True
    while changed:
        changed = False
        for state in states:
            if state in result:
                continue
            after = [result.get(s) for s in successors(state)]
            if "loss" in after:
                result[state] = "win"
            elif all(a == "win" for a in after):
                result[state] = "loss"
            else:
                continue
            changed = True
    return {s: result.get(s, "draw") for s in states}


@pytest.mark.parametrize("width,rows", [(2, 1), (3, 1), (5, 1), (7, 1), (3, 2), (4, 2), (5, 2), (3, 3), (4, 3)])
def test_northcott_is_nim_on_the_gaps(width, rows):
    northcott = grundy.ruleset("northcott")
    for (pieces, _mover), outcome in northcott_outcomes(width, rows).items():
        gaps = [northcott_gap(b, w) for b, w in pieces]
        assert outcome != "draw", pieces
        assert (outcome == "win") == (grundy.solve(northcott, gaps).outcome == "N"), pieces


def test_northcott_values_and_helper():
    northcott = grundy.ruleset("northcott")
    assert [northcott.grundy(g) for g in range(30)] == [northcott.brute_grundy(g) for g in range(30)] == list(range(30))
    assert northcott_gap(1, 4) == northcott_gap(4, 1) == 2
    assert northcott.misere_outcome(3) is None
    with pytest.raises(ComponentError, match="different squares"):
        northcott_gap(3, 3)
    with pytest.raises(ComponentError, match="gap"):
        northcott.validate(-1)


@given(st.lists(st.integers(0, 6), min_size=1, max_size=3))
def test_northcott_sums(gaps):
    check_position("northcott", gaps)


# -- Game of Hyper Knights ------------------------------------------------------------------------------
KNIGHT_ENGINE = GrundyEngine(grundy.ruleset("hyper-knights").moves)


def test_hyper_knight_moves_are_the_six_leaps():
    hk = grundy.ruleset("hyper-knights")
    assert sorted(hk.moves((5, 5))) == sorted([(3, 6), (3, 4), (4, 3), (6, 3), (2, 4), (4, 2)])
    assert hk.moves((0, 0)) == [] and sorted(hk.moves((1, 2))) == [(0, 0), (2, 0)]


def test_hyper_knights_table_matches_definition_on_a_grid():
    hk = HyperKnights()
    for x, y in product(range(60), repeat=2):
        assert hk.grundy((x, y)) == KNIGHT_ENGINE.value((x, y)), (x, y)


@given(st.integers(0, 180), st.integers(0, 180))
def test_hyper_knights_table_matches_definition(x, y):
    assert HyperKnights().grundy((x, y)) == KNIGHT_ENGINE.value((x, y))


def test_hyper_knights_table_grows_consistently():
    far_first, near_first = HyperKnights(), HyperKnights()
    far_first.grundy((300, 250))
    probes = [(x, y) for x in range(0, 300, 7) for y in range(0, 260, 11)]
    assert [far_first.grundy(p) for p in probes] == [near_first.grundy(p) for p in probes]
    assert near_first.grundy((1000, 1000)) == far_first.grundy((1000, 1000))


def test_hyper_knights_many_knights():
    knights = [((i * 7919) % 500, (i * 104729) % 500) for i in range(1000)]
    hk = grundy.ruleset("hyper-knights")
    s = grundy.solve(hk, knights)
    total = 0
    for k in knights:
        total ^= hk.grundy(k)
    assert s.grundy == total
    for move in s.winning_moves:
        assert total ^ hk.grundy(knights[move.index]) ^ hk.grundy(move.option[0]) == 0


def test_hyper_knights_limits():
    with pytest.raises(LimitError, match="x \\+ y"):
        grundy.ruleset("hyper-knights").grundy((HYPER_KNIGHT_MAX_SUM, 1))
    with pytest.raises(ComponentError, match="knight's square"):
        grundy.ruleset("hyper-knights").parse_component("1,2,3")


@given(st.lists(squares, min_size=1, max_size=3))
def test_hyper_knights_sums(knights):
    check_position("hyper-knights", knights)


# -- rook with a subtraction set --------------------------------------------------------------------------
step_sets = st.sets(st.integers(1, 6), min_size=1, max_size=3)


@given(step_sets, st.integers(0, 30), st.integers(0, 30))
def test_rook_subtraction_is_a_sum_of_two_subtraction_games(steps, x, y):
    rook = grundy.ruleset("rook-subtraction:" + ",".join(map(str, sorted(steps))))
    assert rook.grundy((x, y)) == rook.brute_grundy((x, y))
    for target in range(8):
        fast = sorted(rook.moves_to_value((x, y), target))
        slow = sorted(o for o in rook.options((x, y)) if rook.brute_grundy(o[0]) == target)
        assert fast == slow


def test_rook_subtraction_grid():
    rook = grundy.ruleset("rook-subtraction:1,3,4")
    engine = GrundyEngine(lambda s: [(s[0] - k, s[1]) for k in (1, 3, 4) if k <= s[0]]
                          + [(s[0], s[1] - k) for k in (1, 3, 4) if k <= s[1]])
    assert all(rook.grundy(s) == engine.value(s) for s in product(range(35), repeat=2))


@given(st.lists(squares, min_size=1, max_size=3))
def test_rook_subtraction_sums(rooks):
    check_position("rook-subtraction:1,2,5", rooks)


@pytest.mark.parametrize("spec,message", [
    ("rook-subtraction", "needs parameters"),
    ("rook-subtraction:0,2", "too small"),
    ("rook-subtraction:1,x", "not an integer"),
    ("rook-subtraction:1,,2", "separated by commas"),
    ("kiki:3", "takes no parameters"),
])
def test_bad_specs(spec, message):
    with pytest.raises(SpecError, match=message):
        grundy.ruleset(spec)


@pytest.mark.parametrize("spec", ["kiki", "queens-corner", "hyper-knights", "rook-subtraction:1,2"])
@pytest.mark.parametrize("bad", [(1,), (1, 2, 3), (-1, 2), 4, "a"])
def test_bad_components(spec, bad):
    with pytest.raises(ComponentError, match="expected .*x,y"):
        grundy.ruleset(spec).validate(bad)
