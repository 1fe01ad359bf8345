"""The tutorial games of grundy.games: each fast rule against the general solver on small instances."""

import re
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.errors import GrundyError, LimitError, SpecError
from grundy.core.general import solve_game
from grundy.rulesets.general import (
    BuyItems,
    Gameia,
    GuessingGame,
    ThreeTokens,
    TreeColouring,
    WeirdGame,
    buy_items_thresholds,
    buy_items_winner,
    gameia_winner,
    guessing_coverage,
    guessing_rounds,
    has_perfect_matching,
    three_tokens_winner,
    tree_colouring_winner,
    weird_game_winner,
)
from tests.hostile import api_cases

FIRST_PLAYER = {"win": "First", "lose": "Second", "tie": "Draw"}


def solved(the_game, start=None):
    return solve_game(the_game, the_game.start if start is None else start).value


@st.composite
def trees(draw, max_n=8):
    """A random tree as (n, edges): vertex i > 0 hangs below a random earlier vertex, then relabelled."""
    n = draw(st.integers(1, max_n))
    labels = draw(st.permutations(range(n)))
    edges = [(labels[draw(st.integers(0, i - 1))], labels[i]) for i in range(1, n)]
    return n, edges


def all_trees(n):
    """Every tree on 0..n-1 given by a parent array (parent of i < i): all shapes, many labellings."""
    for parents in product(*(range(i) for i in range(1, n))):
        yield [(p, i + 1) for i, p in enumerate(parents)]


# -- Weird Game ----------------------------------------------------------------------------------


@given(st.integers(1, 4).flatmap(lambda n: st.tuples(st.text("01", min_size=2 * n, max_size=2 * n),
                                                     st.text("01", min_size=2 * n, max_size=2 * n))))
def test_weird_game_greedy_equals_solver(strings):
    s, t = strings
    assert weird_game_winner(s, t) == FIRST_PLAYER[solved(WeirdGame(s, t))], strings


def test_weird_game_greedy_on_every_length_four_pair():
    outcomes = set()
    for s, t in product(("".join(bits) for bits in product("01", repeat=4)), repeat=2):
        result = FIRST_PLAYER[solved(WeirdGame(s, t))]
        assert weird_game_winner(s, t) == result, (s, t)
        outcomes.add(result)
    assert outcomes == {"First", "Second", "Draw"}


def test_weird_game_hand_checked_cases():
    cases = {("0111", "0001"): "First", ("110110", "001001"): "First", ("111000", "000111"): "Draw",
             ("10", "11"): "Draw", ("00", "11"): "Second", ("0011", "1111"): "Second", ("1010", "0101"): "Draw"}
    for (s, t), winner in cases.items():
        assert weird_game_winner(s, t) == winner == FIRST_PLAYER[solved(WeirdGame(s, t))], (s, t)
    assert weird_game_winner("1" * 10**5, "1" * 10**5) == "Draw"


# -- Black and White Tree, Gameia ------------------------------------------------------------------


@given(trees())
def test_tree_colouring_matching_rule_equals_solver(tree):
    n, edges = tree
    assert tree_colouring_winner(n, edges) == FIRST_PLAYER[solved(TreeColouring(n, edges))], tree


def test_tree_colouring_on_every_small_tree():
    for n in range(1, 7):
        for edges in all_trees(n):
            assert tree_colouring_winner(n, edges) == FIRST_PLAYER[solved(TreeColouring(n, edges))], edges


def test_perfect_matching_on_known_trees():
    assert has_perfect_matching(2, [(0, 1)])
    assert not has_perfect_matching(1, [])
    assert has_perfect_matching(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])
    assert not has_perfect_matching(6, [(0, 1), (0, 2), (0, 3), (3, 4), (3, 5)])   # a vertex with two leaves
    assert has_perfect_matching(6, [(0, 1), (0, 2), (2, 3), (0, 4), (4, 5)])
    # a long path works without recursion
    n = 200_000
    assert has_perfect_matching(n, [(i, i + 1) for i in range(n - 1)])
    assert tree_colouring_winner(n + 1, [(i, i + 1) for i in range(n)]) == "First"


@given(trees(max_n=6), st.integers(0, 3))
def test_gameia_rule_equals_solver(tree, k):
    n, edges = tree
    value = solved(Gameia(n, edges, k))
    assert gameia_winner(n, edges, k) == ("A" if value == "win" else "B"), (tree, k)


def test_gameia_every_small_tree_and_cut_count():
    for n in range(1, 7):
        for edges in all_trees(n):
            for k in range(n // 2 + 1):
                value = solved(Gameia(n, edges, k))
                assert gameia_winner(n, edges, k) == ("A" if value == "win" else "B"), (edges, k)


def test_gameia_cuts_only_at_the_painted_vertex_lose_nothing():
    for n in range(1, 6):
        for edges in all_trees(n):
            for k in range(3):
                assert solved(Gameia(n, edges, k)) == solved(Gameia(n, edges, k, any_cuts=True)), (edges, k)


def test_gameia_needs_the_cuts():
    path6 = [(i, i + 1) for i in range(5)]   # perfect matching of 3 pairs: 2 cuts needed
    assert [gameia_winner(6, path6, k) for k in range(4)] == ["A", "A", "B", "B"]
    assert [solved(Gameia(6, path6, k)) for k in range(3)] == ["win", "win", "lose"]


# -- Game (buying items, HDU 4701) -------------------------------------------------------------------


@given(st.integers(0, 10), st.integers(0, 10), st.lists(st.integers(0, 4), max_size=6))
def test_buy_items_threshold_rule_equals_solver(alice, bob, prices):
    value = solved(BuyItems(alice, bob, prices))
    assert buy_items_winner(alice, bob, prices) == ("Alice" if value == "win" else "Bob"), (alice, bob, prices)


def test_buy_items_thresholds_are_exact_for_every_split():
    # f[0] is a threshold: Alice wins exactly with at least f[0] of the fixed total
    for prices in ([1, 1, 2], [3, 1, 2, 2], [0, 2, 0, 1], [2, 2, 2, 2, 2]):
        for total in range(12):
            f0 = buy_items_thresholds(prices, total)[0]
            for alice in range(total + 1):
                won = solved(BuyItems(alice, total - alice, prices)) == "win"
                assert won == (alice >= f0), (prices, total, alice)


def test_buy_items_needs_the_price_floor_missing_in_the_tutorial():
    def seed_formula(alice, bob, prices):
        f, total = prices[-1], alice + bob
        for i in range(len(prices) - 2, -1, -1):
            f = min(total - sum(prices[:i]) - f + 1, f + prices[i])
        return "Alice" if alice >= f else "Bob"

    assert solved(BuyItems(0, 0, [5, 1])) == "lose"
    assert buy_items_winner(0, 0, [5, 1]) == "Bob" != seed_formula(0, 0, [5, 1])
    # one item each, then Alice is stuck: the same as the solver says for money 1, 1 and prices 1, 1, 1, 1
    assert buy_items_winner(10**9, 10**9, [10**9] * 10**5) == "Bob" == buy_items_winner(1, 1, [1] * 4)
    assert solved(BuyItems(1, 1, [1] * 4)) == "lose"


# -- Link with Chess Game ----------------------------------------------------------------------------

SEED_TABLE = {1: "0", 2: "1" * 8, 3: "01" * 13 + "0"}   # seed 002: n:r g b -> SG, r, g, b in order


def test_three_tokens_rule_matches_the_seed_table():
    for n, row in SEED_TABLE.items():
        cells = product(range(1, n + 1), repeat=3)
        assert "".join("1" if three_tokens_winner(n, *c) == "Alice" else "0" for c in cells) == row


@pytest.mark.parametrize("n", [1, 2])
def test_three_tokens_rule_equals_solver_on_every_start(n):
    g = ThreeTokens(n)
    for cell in product(range(1, n + 1), repeat=3):
        value = solved(g, g.start_at(*cell))
        assert three_tokens_winner(n, *cell) == ("Alice" if value == "win" else "Bob"), cell


@pytest.mark.parametrize("box", [(1, 1, 4), (1, 1, 5), (1, 2, 3), (1, 3, 3), (3, 1, 3), (2, 2, 3), (1, 3, 5),
                                 (5, 3, 1), (1, 2, 6)])
def test_three_tokens_rule_equals_solver_on_small_boxes(box):
    g = ThreeTokens(0, lengths=box)
    for cell in product(*(range(1, x + 1) for x in box)):
        value = solved(g, g.start_at(*cell))
        assert three_tokens_winner(0, *cell, lengths=box) == ("Alice" if value == "win" else "Bob"), (box, cell)


@given(st.tuples(st.integers(1, 3), st.integers(1, 3), st.integers(1, 2)).flatmap(
    lambda box: st.tuples(st.just(box), st.tuples(*(st.integers(1, x) for x in box)))))
def test_three_tokens_rule_on_random_boxes(case):
    box, cell = case
    g = ThreeTokens(0, lengths=box)
    value = solved(g, g.start_at(*cell))
    assert three_tokens_winner(0, *cell, lengths=box) == ("Alice" if value == "win" else "Bob"), case


def test_three_tokens_history_matters():
    g = ThreeTokens(2)
    start = g.start_at(1, 1, 1)
    after = list(g.moves(start))
    assert len(after) == 3
    assert all(start[1] not in {c for _, c, _ in g.moves(m)} for m in after)   # no going back


# -- the warm-up: guessing ---------------------------------------------------------------------------


@pytest.mark.parametrize("top", range(1, 8))
def test_guessing_rounds_equals_solver(top):
    need = guessing_rounds(top)
    for rounds in range(need + 2):
        assert solved(GuessingGame(top, rounds)) == ("win" if rounds >= need else "lose"), (top, rounds)


def test_guessing_coverage_from_higher_lower_bounds():
    for lo in range(1, 5):
        for rounds in (1, 2):
            reach = guessing_coverage(lo, rounds)
            g = GuessingGame(7, rounds)
            for hi in range(lo, min(lo + reach + 1, 8)):
                assert solve_game(g, (0, lo, hi, rounds)).value == ("win" if hi - lo + 1 <= reach else "lose")


def test_guessing_closed_form_for_two_rounds_is_the_recurrence():
    for lo in range(1, 30):
        start, total = lo, 0
        for _ in range(lo):
            total += guessing_coverage(start, 1) + 1
            start += guessing_coverage(start, 1) + 1
        assert guessing_coverage(lo, 2) == total + guessing_coverage(start, 1)
        assert guessing_coverage(lo, 2, cap=100) == min(total + start, 101)


def test_guessing_rounds_grow_very_slowly():
    assert [guessing_rounds(t) for t in (1, 2, 5, 6, 2045, 2046)] == [1, 2, 2, 3, 3, 4]
    assert guessing_rounds(10**300) == 4
    with pytest.raises(SpecError, match=">= 1"):
        guessing_rounds(0)


# -- the registry ------------------------------------------------------------------------------------

CASES = [
    ("weird-game:0111,0001", "win"),
    ("weird-game:111000,000111", "tie"),
    ("tree-colouring:1-2,2-3,3-4", "lose"),
    ("tree-colouring:1", "win"),
    ("gameia:1:1-2,2-3,3-4", "lose"),
    ("gameia:0:1-2,2-3,3-4", "win"),
    ("buy-items:3,2:1,1,2", "win"),
    ("buy-items:0,0:5,1", "lose"),
    ("three-tokens:2:1,2,1", "win"),
    ("three-tokens:1:1,1,1", "lose"),
    ("guessing:5", "win"),
    ("guessing:6,2", "lose"),
]


def load_game(spec: str) -> tuple:
    """The game a spec names in the one catalogue, and the position it holds."""
    the_game = grundy.ruleset(spec)
    return the_game, the_game.start


@pytest.mark.parametrize("spec, value", CASES)
def test_catalogue_parses_and_solves(spec, value):
    the_game, start = load_game(spec)
    solution = solve_game(the_game, start)
    assert solution.value == value
    assert isinstance(the_game.describe(start), str)
    assert the_game.spec == spec


def test_general_games_are_in_the_one_catalogue():
    general = {e.name for e in grundy.catalogue() if e.family == "general games"}
    assert general == {"weird-game", "tree-colouring", "gameia", "buy-items", "three-tokens", "guessing"}


@pytest.mark.parametrize("bad", api_cases("games"), ids=lambda bad: bad.name[:80])
def test_bad_instances_are_refused_clearly(bad):
    """The bad game specs of the shared table (tests/hostile.py), refused by the API in its words."""
    with pytest.raises(GrundyError, match=re.escape(bad.said)):
        load_game(bad.spec)


def test_weird_game_too_long_is_refused_before_the_search():
    """2n indices picked in turn: the count of positions is known before a single one is stored."""
    the_game, start = load_game("weird-game:" + "01" * 20 + "," + "10" * 20)
    with pytest.raises(LimitError, match="weird-game: strings of length 40 have more than 3,000,000"):
        solve_game(the_game, start)
    small, begin = load_game("weird-game:0110,1001")
    small.check_size(begin, 100)  # 4 indices: 1 + 4 + 12 + 12 + 6 = 35 positions of picks
    with pytest.raises(LimitError):
        small.check_size(begin, 34)
    assert solve_game(small, begin).states == 35  # the bound is exact here: the turn follows from the picks
