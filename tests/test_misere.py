"""Misère play against brute force (issue 10): coin rows as sets, the SJ theorem's condition over
every reachable position, the budget of whole-position searches, and huge coin components.

The brute forces here share nothing with the library: a coin row is a frozenset of heads coins whose
moves come straight from each game's rule text, a game graph is a dict, and outcomes come from plain
recursion (the player who cannot move wins under misère play and loses under normal play).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core import limits
from grundy.core.errors import LimitError
from grundy.core.misere import sj_applies
from grundy.core.nimber import mex, nim_product
from grundy.core.ruleset import TRUNCATED, Ruleset
from grundy.core.search import SEARCH_DEFAULT, PositionSearch, default_max_states
from grundy.rulesets.coins import Twins, coin_set
from grundy.rulesets.custom import load_rules

RULES_FILE = Path(__file__).parent / "data" / "hostile_rules.py"

# -- coin rows as sets --------------------------------------------------------------------------------

FIRST = {"turning-turtles": 1, "mock-turtles": 0, "ruler": 1, "twins": 0}


def turned_sets(name: str, x: int) -> list[frozenset]:
    """The sets of coins a move may turn over when the rightmost, x, goes heads to tails, from the
    rule texts: turning-turtles one or two coins (from 1), mock-turtles one to three (from 0),
    ruler any run ending at x (from 1), twins exactly two (from 0)."""
    first = FIRST[name]
    below = range(first, x)
    if name == "turning-turtles":
        return [frozenset({x})] + [frozenset({a, x}) for a in below]
    if name == "mock-turtles":
        return [frozenset({x, *others}) for k in (0, 1, 2) for others in combinations(below, k)]
    if name == "ruler":
        return [frozenset(range(start, x + 1)) for start in range(first, x + 1)]
    return [frozenset({a, x}) for a in below]  # twins


@cache
def row_wins(name: str, heads: frozenset, misere: bool) -> bool:
    """Whether the player to move wins the row with these heads coins, by plain recursion."""
    after = [heads ^ s for x in heads for s in turned_sets(name, x)]
    if not after:
        return misere
    return any(not row_wins(name, a, misere) for a in after)


def winning_sets(name: str, heads: frozenset, misere: bool) -> list[frozenset]:
    return [s for x in heads for s in turned_sets(name, x) if not row_wins(name, heads ^ s, misere)]


def check_row(name: str, heads: frozenset) -> None:
    coins = sorted(heads)
    for misere in (True, False):
        solution = grundy.solve(name, coins, misere=misere)
        expected = "N" if row_wins(name, heads, misere) else "P"
        assert solution.outcome == expected, (name, coins, misere)
        assert solution.winning_move_count == len(winning_sets(name, heads, misere)), (name, coins, misere)
        assert solution.listed_all
        turned = set()
        for move in solution.winning_moves:
            s = frozenset({move.before, *move.option})  # the coin goes to tails, the others flip
            assert move.before in heads and len(s) == 1 + len(move.option)
            assert s in turned_sets(name, move.before)
            assert not row_wins(name, heads ^ s, misere), (name, coins, move.text)
            turned.add(s)
        assert len(turned) == solution.winning_move_count


@pytest.mark.parametrize("name", FIRST)
@given(data=st.data())
def test_coin_rows_against_brute_force(name, data):
    first = FIRST[name]
    heads = data.draw(st.frozensets(st.integers(first, first + 7), max_size=6))
    if heads:
        check_row(name, heads)


@pytest.mark.parametrize("name", FIRST)
def test_every_small_row(name):
    first = FIRST[name]
    coins = range(first, first + 6)
    for k in range(1, len(coins) + 1):
        for heads in combinations(coins, k):
            check_row(name, frozenset(heads))


@pytest.mark.parametrize("name, heads, outcome", [("twins", {2, 3}, "P"), ("turning-turtles", {2, 3}, "P"),
                                                  ("mock-turtles", {1, 2, 3}, "P")])
def test_the_reported_rows(name, heads, outcome):
    assert ("N" if row_wins(name, frozenset(heads), True) else "P") == outcome
    assert grundy.solve(name, sorted(heads), misere=True).outcome == outcome


def test_the_check_can_fail_with_multisets():
    """Keyed as multisets (the old behaviour), twins {2, 3} came out N; the brute force says P."""

    class MultisetTwins(Twins):
        spec = "twins"
        position_key = Ruleset.position_key

    assert not row_wins("twins", frozenset({2, 3}), True)
    assert PositionSearch(MultisetTwins(), misere=True).outcome([2, 3]) == "N"
    assert PositionSearch(grundy.ruleset("twins"), misere=True).outcome([2, 3]) == "P"


def test_heads_listed_twice_cancel():
    assert coin_set([5, 3, 5, 5, 1, 1]) == (3, 5)
    assert grundy.ruleset("turning-corners").position_key([(1, 2), (0, 1), (1, 2)]) == ((0, 1),)
    solution = grundy.solve("twins", [3, 3, 5], misere=True)
    assert solution.outcome == ("N" if row_wins("twins", frozenset({5}), True) else "P")
    assert {m.index for m in solution.winning_moves} == {2}  # the two heads on coin 3 are gone
    assert "the position is 5" in solution.explanation


def test_a_move_that_turns_a_heads_coin_back_says_so():
    solution = grundy.solve("ruler", [3, 4, 7], misere=True)
    back = [m for m in solution.winning_moves if m.option == (3,)]
    assert back and back[0].text == "coin 2: 4 -> 3  (leaves 7)"
    assert "leaves 7, a misère P-position" in back[0].why and "back to tails" in back[0].why
    assert not row_wins("ruler", frozenset({7}), True)


def test_ruler_row_is_searched_as_a_set():
    search = PositionSearch(grundy.ruleset("ruler"), misere=True)
    assert search.outcome([8]) == ("N" if row_wins("ruler", frozenset({8}), True) else "P")
    assert len(search.memo) <= 2 ** 8  # sets of coins 1..8, not multisets


@pytest.mark.parametrize("spec", ["turning-corners", "tartan:ruler*mock-turtles", "tartan:twins*turning-turtles"])
def test_boards_are_sets_too(spec):
    rules = grundy.ruleset(spec)
    x0, y0 = rules.row.first, rules.column.first
    coins = [(x0 + 1, y0 + 1), (x0 + 2, y0 + 1), (x0 + 1, y0 + 2)]
    search = PositionSearch(rules)
    assert search.outcome(coins) == ("N" if grundy.solve(spec, coins).grundy else "P")
    assert all(len(set(key)) == len(key) for key in search.memo)


# -- the SJ theorem ----------------------------------------------------------------------------------

def test_sj_theorem_not_used_when_a_larger_heap_is_worth_0():
    up = load_rules(f"{RULES_FILE}:up")
    assert not sj_applies(up, [1])
    solution = grundy.solve(up, [1], misere=True)
    assert solution.outcome == "N"
    assert [m.option for m in solution.winning_moves] == [(7,)]
    assert "SJ theorem" not in solution.explanation


@st.composite
def dag_games(draw):
    """A random acyclic game on the numbers 0..n-1: moves follow a random order of the numbers,
    so they go to larger numbers as often as to smaller ones."""
    n = draw(st.integers(2, 9))
    order = draw(st.permutations(range(n)))
    graph = {}
    for k, v in enumerate(order):
        later = order[k + 1:]
        graph[v] = sorted(draw(st.sets(st.sampled_from(later), max_size=3))) if later else []
    start = draw(st.lists(st.sampled_from(range(n)), min_size=1, max_size=3))
    return graph, start


def sum_wins(graph: dict, position: tuple, misere: bool) -> bool:
    """Whether the player to move wins a sum of tokens on the graph, searched whole."""

    @cache
    def wins(p: tuple) -> bool:
        after = [tuple(sorted(p[:i] + (w,) + p[i + 1:])) for i, v in enumerate(p) for w in graph[v]]
        if not after:
            return misere
        return any(not wins(a) for a in after)

    return wins(tuple(sorted(position)))


def sj_condition(graph: dict, start: list) -> bool:
    @cache
    def value(v: int) -> int:
        return mex(value(w) for w in graph[v])

    seen, todo = set(start), list(start)
    while todo:
        v = todo.pop()
        if graph[v] and value(v) == 0:
            return False
        for w in graph[v]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return True


@given(dag_games())
def test_misere_dag_games_against_brute_force(game):
    graph, start = game
    rules = grundy.impartial(lambda v: graph[v], name="dag")
    assert sj_applies(rules, start) == sj_condition(graph, start)
    solution = grundy.solve(rules, start, misere=True)
    assert solution.outcome == ("N" if sum_wins(graph, tuple(start), True) else "P")
    winning = [(i, (w,)) for i, v in enumerate(start) for w in graph[v]
               if not sum_wins(graph, tuple(start[:i] + [w] + start[i + 1:]), True)]
    assert sorted((m.index, m.option) for m in solution.winning_moves) == sorted(winning)
    assert solution.winning_move_count == len(winning)


def test_sj_check_is_bounded():
    """A game whose heaps grow without end: the check gives up and the search stops at its limit."""
    rules = grundy.impartial(lambda n: [n + 1, n + 2] if n < 10**9 else [], name="climb")
    assert not sj_applies(rules, [0])
    with limits.budget(max_states=5000), pytest.raises(LimitError, match="misère positions are searched whole"):
        grundy.solve(rules, [0], misere=True)


# -- the budget of whole-position searches -------------------------------------------------------------

def test_default_cap_of_whole_position_searches():
    assert default_max_states() == SEARCH_DEFAULT == PositionSearch(grundy.ruleset("nim")).max_states
    with limits.budget(max_states=123):
        assert default_max_states() == 123 == PositionSearch(grundy.ruleset("nim")).max_states
    with limits.budget(max_states=50 * SEARCH_DEFAULT):
        assert default_max_states() == 50 * SEARCH_DEFAULT


def test_misere_search_stops_at_max_states():
    with limits.budget(max_states=2000), pytest.raises(LimitError) as info:
        grundy.solve("kayles", [20, 30, 40], misere=True)
    message = str(info.value)
    assert "misère positions are searched whole (values do not add)" in message
    assert "2,000 positions" in message and "\n" not in message
    assert "raise max_states (grundy.budget(max_states=...))" in message


def test_misere_search_stops_at_the_memory_budget():
    # the search's own look at the memory ("searched whole ...") and the guard's watchdog race to a
    # budget of 1 byte: either stops the work with one LimitError naming the setting to raise
    with limits.budget(max_memory=1), pytest.raises(LimitError, match="memory.* raise max_memory"):
        grundy.solve("kayles", [20, 30, 40], misere=True)


def test_a_huge_coin_is_refused_not_listed():
    with pytest.raises(LimitError, match="misère positions are searched whole.*components in all"):
        grundy.solve("ruler", [10**6], misere=True)
    with pytest.raises(LimitError, match="more than 1,000,000 moves|components in all"):
        grundy.solve("turning-corners", [(10**31, 7)], misere=True)


# -- huge coin components ---------------------------------------------------------------------------

def check_found(rules, coin, target, complete=None):
    found = list(rules.moves_to_value(coin, target))
    truncated = bool(found) and found[-1] is TRUNCATED
    moves = found[:-1] if truncated else found
    assert TRUNCATED not in moves
    for option in moves:
        assert rules.option_value(option) == target
    assert len(set(moves)) == len(moves)
    if complete is not None:
        assert truncated != complete
    return moves


def test_turning_corners_with_one_huge_coordinate_is_complete():
    rules = grundy.ruleset("turning-corners")
    x = 10**31
    for target in (0, 1, 5, nim_product(x, 7) ^ 3):
        moves = check_found(rules, (x, 7), target, complete=True)
        assert len(moves) <= 7  # one move for each b < 7 at most
    solution = grundy.solve(rules, [(x, 7)])
    assert solution.outcome == "N" and solution.winning_move_count == 3


@pytest.mark.parametrize("spec", ["tartan:mock-turtles*mock-turtles", "tartan:ruler*mock-turtles"])
def test_huge_tartan_coins_stop_and_say_so(spec):
    rules = grundy.ruleset(spec)
    x = 10**31
    value = rules.grundy((x, x))
    assert value == nim_product(rules.row.grundy(x), rules.column.grundy(x))
    for target in (0, 7):
        check_found(rules, (x, x), target, complete=False)
    first = next(iter(rules.options((x, x))))  # the moves are listed lazily
    assert len(first) == 0 or max(first) < (x, x)


def test_mock_turtles_pairs_stop_and_say_so():
    rules = grundy.ruleset("mock-turtles")
    moves = check_found(rules, 10**31, 6, complete=False)
    assert moves  # pairs were found before the work ran out
    assert check_found(rules, 10**31, 0, complete=True) == [()]


@pytest.mark.parametrize("spec", [f"tartan:{a}*{b}" for a in FIRST for b in FIRST])
@given(data=st.data())
def test_tartan_moves_to_value_matches_scan(spec, data):
    rules = grundy.ruleset(spec)
    x = data.draw(st.integers(rules.row.first, rules.row.first + 6))
    y = data.draw(st.integers(rules.column.first, rules.column.first + 6))
    target = data.draw(st.integers(0, 40))
    moves = check_found(rules, (x, y), target, complete=True)
    assert sorted(moves) == sorted(o for o in rules.options((x, y)) if rules.option_value(o) == target)


def test_huge_tables_stop_before_any_work():
    rules = grundy.ruleset("turning-corners")
    with pytest.raises(LimitError, match="100000 x 100000 table"):
        rules.value_grid(100_000)
    with limits.budget(max_memory=10**9), pytest.raises(LimitError, match="memory"):
        rules.value_grid(30_000)
    assert rules.value_grid(3) == [[nim_product(a, b) for b in range(3)] for a in range(3)]
