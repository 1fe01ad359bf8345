"""Coin-turning games: closed forms against the engine, and the coin-at-a-time principle against a
separate search of whole rows and boards (heads/tails coins, no Sprague–Grundy shortcut)."""

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.errors import ComponentError, SpecError
from grundy.core.nimber import mex, nim_product
from grundy.rulesets.coins import gray, row_value
from tests.helpers import check_position

ONE_D = {"turning-turtles": 1, "mock-turtles": 0, "ruler": 1, "twins": 0}  # name: first coin
TARTANS = [f"tartan:{a}*{b}" for a in ONE_D for b in ONE_D]


def expected_1d(name, n):
    """The closed forms as the literature states them, written out plainly."""
    if name in ("turning-turtles", "twins"):
        return n
    if name == "mock-turtles":
        return next(v for v in (2 * n, 2 * n + 1) if bin(v).count("1") % 2 == 1)
    power = 1
    while n % (2 * power) == 0:
        power *= 2
    return power  # ruler: the largest power of two dividing n


# -- closed forms against the engine ----------------------------------------------------------------

@pytest.mark.parametrize("name", ONE_D)
def test_one_row_closed_forms_match_engine(name):
    rules = grundy.ruleset(name)
    first = ONE_D[name]
    for n in range(first, 70):
        assert rules.grundy(n) == rules.brute_grundy(n) == expected_1d(name, n), n


@pytest.mark.parametrize("name", ONE_D)
@given(n=st.integers(0, 110))
def test_one_row_closed_forms_match_engine_further(name, n):
    rules = grundy.ruleset(name)
    n += ONE_D[name]
    assert rules.grundy(n) == rules.brute_grundy(n) == expected_1d(name, n)


@pytest.mark.parametrize("name", ["mock-turtles", "twins"])
def test_tables_from_coin_zero(name):
    rules = grundy.ruleset(name)
    assert rules.values(60).tolist() == [rules.brute_grundy(n) for n in range(60)]


def test_known_sequences():
    assert grundy.ruleset("mock-turtles").values(12).tolist() == [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]
    assert [grundy.ruleset("ruler").grundy(n) for n in range(1, 17)] == [
        1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]
    assert grundy.ruleset("turning-turtles").grundy(10**30) == 10**30


@pytest.mark.parametrize("spec", ["turning-corners", *TARTANS])
def test_board_closed_forms_match_engine(spec):
    rules = grundy.ruleset(spec)
    fx, fy = rules.row.first, rules.column.first
    for x in range(fx, fx + 7):
        for y in range(fy, fy + 7):
            assert rules.grundy((x, y)) == rules.brute_grundy((x, y)), (x, y)


@pytest.mark.parametrize("spec", ["turning-corners", "tartan:mock-turtles*ruler", "tartan:ruler*ruler"])
@given(x=st.integers(0, 17), y=st.integers(0, 17))
def test_tartan_theorem_on_larger_boards(spec, x, y):
    rules = grundy.ruleset(spec)
    x, y = x + rules.row.first, y + rules.column.first
    expected = nim_product(expected_1d(rules.row.spec, x), expected_1d(rules.column.spec, y))
    assert rules.grundy((x, y)) == rules.brute_grundy((x, y)) == expected


def test_turning_corners_is_nim_multiplication_and_twins_squared():
    corners, twins = grundy.ruleset("turning-corners"), grundy.ruleset("tartan:twins*twins")
    for x in range(9):
        for y in range(9):
            assert corners.grundy((x, y)) == nim_product(x, y)
            assert sorted(corners.options((x, y))) == sorted(twins.options((x, y)))
    assert sorted(corners.options((1, 2))) == [((0, 0), (0, 2), (1, 0)), ((0, 1), (0, 2), (1, 1))]
    assert corners.value_grid(16) == [[nim_product(a, b) for b in range(16)] for a in range(16)]
    assert corners.grundy((2**40, 2**40)) == nim_product(2**40, 2**40)


# -- fast winning-move finders against the plain scan of the options -------------------------------

def slow_moves(rules, component, target):
    return sorted(o for o in rules.options(component) if rules.option_value(o) == target)


@pytest.mark.parametrize("name", ONE_D)
@given(data=st.data())
def test_moves_to_value_matches_scan(name, data):
    rules = grundy.ruleset(name)
    n = data.draw(st.integers(ONE_D[name], 70))
    target = data.draw(st.integers(0, 2 * n + 3))
    assert sorted(rules.moves_to_value(n, target)) == slow_moves(rules, n, target)


@given(x=st.integers(0, 14), y=st.integers(0, 14), target=st.integers(0, 16))
def test_turning_corners_moves_to_value_matches_scan(x, y, target):
    rules = grundy.ruleset("turning-corners")
    assert sorted(rules.moves_to_value((x, y), target)) == slow_moves(rules, (x, y), target)


def test_ruler_runs_are_worth_gray_codes():
    running = 0
    for m in range(1, 300):
        running ^= m & -m
        assert gray(m) == running


def test_winning_moves_on_a_large_board():
    rules = grundy.ruleset("turning-corners")
    position = [(1000, 777), (33, 64), (5, 9)]
    s = grundy.solve(rules, position)
    assert s.grundy == nim_product(1000, 777) ^ nim_product(33, 64) ^ nim_product(5, 9) != 0
    assert s.winning_moves
    for move in s.winning_moves:
        left = position[:move.index] + position[move.index + 1:] + list(move.option)
        total = 0
        for coin in left:
            total ^= nim_product(*coin)
        assert total == 0


# -- the coin-at-a-time principle against a search of whole rows ----------------------------------

def row_sets(name, coins):
    """Every set of coins (from ``coins``, ascending) that a move of the named game turns over."""
    if name == "ruler":
        return [coins[i:j] for i in range(len(coins)) for j in range(i + 1, len(coins) + 1)]
    sizes = {"turning-turtles": (1, 2), "mock-turtles": (1, 2, 3), "twins": (2,)}[name]
    return [list(c) for k in sizes for c in combinations(coins, k)]


def board_sets(spec, xs, ys):
    if spec == "turning-corners":
        return [[(a, b), (a, y), (x, b), (x, y)] for x in xs for y in ys for a in xs if a < x
                for b in ys if b < y]
    first, second = spec.removeprefix("tartan:").split("*")
    return [[(a, b) for a in s for b in t] for s in row_sets(first, xs) for t in row_sets(second, ys)]


def whole_game(coins, sets, top):
    """Grundy values and outcomes of every heads/tails pattern on ``coins``, searched directly.

    A state is the bit mask of the heads coins (bit i is ``coins[i]``); a move turns over an allowed
    set whose ``top`` coin (the rightmost, the one with the largest index) is heads. Turning it
    lowers the mask, so the states are solved in increasing order.
    """
    index = {c: i for i, c in enumerate(coins)}
    moves = []
    for s in sets:
        mask = 0
        for c in s:
            mask |= 1 << index[c]
        assert mask.bit_length() - 1 == index[top(s)]
        moves.append(mask)
    values, wins = [], []
    for state in range(1 << len(coins)):
        after = [state ^ m for m in moves if state & (1 << (m.bit_length() - 1))]
        values.append(mex(values[a] for a in after))
        wins.append(any(not wins[a] for a in after))
    return values, wins


def heads_of(coins, state):
    return [c for i, c in enumerate(coins) if state >> i & 1]


@pytest.mark.parametrize("name", ONE_D)
def test_coin_at_a_time_matches_whole_row_search(name):
    coins = list(range(ONE_D[name], ONE_D[name] + 8))
    values, wins = whole_game(coins, row_sets(name, coins), max)
    for state in range(1 << len(coins)):
        heads = heads_of(coins, state)
        assert row_value(name, heads) == values[state], heads
        assert (row_value(name, heads) != 0) == wins[state]
        text = "".join("H" if state >> i & 1 else "T" for i in range(len(coins)))
        assert row_value(name, text) == values[state]


@pytest.mark.parametrize("spec, width, height", [("turning-corners", 3, 3), ("turning-corners", 3, 4),
                                                 *[(t, 3, 3) for t in TARTANS]])
def test_coin_at_a_time_matches_whole_board_search(spec, width, height):
    rules = grundy.ruleset(spec)
    xs = list(range(rules.row.first, rules.row.first + width))
    ys = list(range(rules.column.first, rules.column.first + height))
    coins = [(x, y) for x in xs for y in ys]
    values, wins = whole_game(coins, board_sets(spec, xs, ys), lambda s: (max(a for a, _ in s), max(b for _, b in s)))
    for state in range(1 << len(coins)):
        heads = heads_of(coins, state)
        assert row_value(rules, heads) == values[state], heads
        assert (row_value(rules, heads) != 0) == wins[state]


# -- sums: solve() against a search of the sum of heads coins -------------------------------------

@pytest.mark.parametrize("name", ONE_D)
@given(data=st.data())
def test_sums_of_coins_against_search(name, data):
    first = ONE_D[name]
    heads = data.draw(st.lists(st.integers(first, first + 4), min_size=1, max_size=3))
    check_position(name, heads)


@pytest.mark.parametrize("spec, span", [("turning-corners", 3), ("tartan:ruler*mock-turtles", 2),
                                        ("tartan:mock-turtles*twins", 2)])
@given(data=st.data())
def test_sums_of_board_coins_against_search(spec, span, data):
    # a move leaves up to |S|·|T| - 1 coins, so the searched sums grow fast: keep the boards small
    rules = grundy.ruleset(spec)
    coin = st.tuples(st.integers(rules.row.first, rules.row.first + span - 1),
                     st.integers(rules.column.first, rules.column.first + span - 1))
    check_position(spec, data.draw(st.lists(coin, min_size=1, max_size=3)))


# -- errors -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, component, message", [
    ("mock-turtles", -1, "expected the number of a heads coin"),
    ("ruler", 0, "numbered from 1"),
    ("turning-turtles", 0, "numbered from 1"),
    ("twins", (1, 2), "expected the number of a heads coin"),
    ("mock-turtles", 2.0, "expected the number of a heads coin"),
    ("turning-corners", 3, "expected a heads coin x,y"),
    ("turning-corners", (1, -2), "expected a heads coin x,y"),
    ("turning-corners", (1, 2, 3), "expected a heads coin x,y"),
    ("tartan:ruler*mock-turtles", (0, 3), "x counts coins of ruler .from 1."),
    ("tartan:mock-turtles*turning-turtles", (3, 0), "y coins of turning-turtles .from 1."),
])
def test_bad_components_say_what_is_allowed(spec, component, message):
    with pytest.raises(ComponentError, match=message):
        grundy.ruleset(spec).grundy(component)


def test_bad_command_line_coins():
    with pytest.raises(ComponentError, match="expected a heads coin x,y"):
        grundy.ruleset("turning-corners").parse_component("4")
    assert grundy.ruleset("turning-corners").parse_component("4,5") == (4, 5)
    with pytest.raises(ComponentError, match="numbered from 1"):
        grundy.ruleset("ruler").parse_component("0")


def test_tables_of_coins_numbered_from_1_start_there():
    with pytest.raises(ComponentError, match="numbers its coins from 1, so it has no G.0.: table"):
        grundy.ruleset("ruler").values(10)
    ruler = grundy.ruleset("ruler")
    assert ruler.table(6).tolist() == [ruler.grundy(c) for c in range(1, 7)] == [1, 2, 1, 4, 1, 2]
    product = grundy.ruleset("tartan:ruler*twins")
    assert product.first_pair == (1, 0)
    assert product.value_grid(3) == [[product.grundy((a, b)) for b in range(3)] for a in range(1, 4)]


def test_row_value_refuses_bad_rows():
    with pytest.raises(ComponentError, match="listed twice"):
        row_value("mock-turtles", [3, 1, 3])
    with pytest.raises(ComponentError, match="H .heads. and T"):
        row_value("mock-turtles", "HTX")
    with pytest.raises(ComponentError, match="one-row coin game"):
        row_value("turning-corners", "HTH")
    with pytest.raises(ComponentError, match="numbered from 1"):
        row_value("ruler", [0, 2])
    assert row_value("ruler", "") == row_value("ruler", []) == 0


@pytest.mark.parametrize("spec, message", [
    ("tartan", "needs parameters"),
    ("tartan:ruler", "two coin games joined by"),
    ("tartan:ruler*", "two coin games joined by"),
    ("tartan:ruler*twins*twins", "two coin games joined by"),
    ("tartan:nim*ruler", "'nim' is not a one-row coin game"),
    ("tartan:turning-corners*ruler", "'turning-corners' is not a one-row coin game"),
    ("mock-turtles:3", "takes no parameters"),
])
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(SpecError, match=message):
        grundy.ruleset(spec)


def test_listed_in_the_catalogue():
    family = {e.name for e in grundy.catalogue() if e.family == "coin-turning games"}
    assert family == {"turning-turtles", "mock-turtles", "ruler", "twins", "turning-corners", "tartan"}


def test_a_coin_table_from_coin_1_shows_its_rule_and_period_says_where_to_look():
    import json

    from tests.helpers import one_error_line, run_cli

    code, out, err = run_cli("table", "ruler", "--max", "8", "--json")
    assert (code, err) == (0, "")
    table = json.loads(out)
    assert (table["first"], table["values"]) == (1, [1, 2, 1, 4, 1, 2, 1, 8])
    assert (table["rule"]["rule"], table["rule"]["proved"]) == (
        "Ruler: a heads coin n (numbered from 1) is worth the largest power of two dividing n", True)
    assert "pattern" not in table  # a period is of G(0), G(1), ...
    code, out, err = run_cli("period", "ruler")
    assert (code, out) == (2, "")
    assert one_error_line(err) == ("ruler numbers its coins from 1, so it has no G(0): 'grundy table ruler' shows "
                                   "G(1), G(2), ... and 'grundy pattern ruler' their rule")
    with pytest.raises(ComponentError, match=r"^ruler numbers its coins from 1, so it has no G\(0\): table\(n\) "
                                             r"gives the n values from G\(1\) on$"):
        grundy.ruleset("ruler").values(4)
