"""Board, strip and splitting problems (grundy.problems.coordinates, .strips, .splits) and the pairing rulesets
they use (grundy.rulesets.pairing): samples, brute force, bad input, published values, closed forms against
the definition."""

import itertools
import random
from collections import Counter
from functools import cache
from math import isqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.errors import ComponentError, SpecError
from grundy.core.search import PositionSearch
from grundy.problems.base import ProblemInputError, catalogue
from grundy.rulesets.pairing import pairs_up
from tests.helpers import check_position

NAMES = ["hdu2147", "hdu1527", "poj1067", "hdu2177", "hdu1730", "hdu4664", "hdu3951", "hdu4315", "poj1704",
         "poj1740", "lightoj1315", "bzoj1457", "bzoj1188", "bzoj3576"]
PROBLEMS = {name: problem for name, problem in catalogue().items() if name in NAMES}


# -- the catalogue entries -----------------------------------------------------------------------------
def test_every_problem_is_registered():
    assert sorted(PROBLEMS) == sorted(NAMES)
    for problem in PROBLEMS.values():
        assert problem.samples and problem.brute is not None and problem.rule and problem.title


@pytest.mark.parametrize("name", NAMES)
def test_samples(name):
    problem = PROBLEMS[name]
    for text, expected in problem.samples:
        assert problem.solve(text) == expected
        assert problem.brute(text) == expected


@pytest.mark.parametrize("name", NAMES)
def test_random_small_inputs_agree_with_brute_force(name):
    problem = PROBLEMS[name]
    rng = random.Random(name)
    for i in range(30):
        text = problem.generate(rng, 1 + i % 3)
        assert problem.solve(text) == problem.brute(text), text


@pytest.mark.parametrize("name", NAMES)
def test_generated_inputs_grow_and_stay_valid(name):
    problem = PROBLEMS[name]
    rng = random.Random(11)
    small = [problem.generate(rng, 1) for _ in range(5)]
    large = [problem.generate(rng, 10) for _ in range(3)]
    for text in small + large:
        problem.solve(text)  # valid input: no ProblemInputError
    biggest = lambda texts: max(int(t) for text in texts for t in text.split())  # noqa: E731
    assert biggest(large) > biggest(small)


# -- bad input: each names its line --------------------------------------------------------------------
BAD = [
    ("hdu2147", "5 3\n5\n", 2, "input ended"),
    ("hdu2147", "5 x\n0 0\n", 1, "'x'"),
    ("hdu2147", "5 3\n2001 4\n0 0\n", 2, "2001"),
    ("hdu2147", "5 3\n0 4\n0 0\n", 2, "0×4"),
    ("hdu2147", "5 3\n0 0\n7\n", 3, "unexpected '7'"),
    ("hdu1527", "2 1\n8\n", 2, "input ended"),
    ("hdu1527", "2 1\n8 -4\n", 2, "-4"),
    ("poj1067", "2 1\n1000000001 4\n", 2, "past the problem's limits"),
    ("hdu2177", "1 2\n5\n", 2, "input ended"),
    ("hdu2177", "1 2\n5 1000001\n0 0\n", 2, "1000001"),
    ("hdu1730", "2 6\n4 5\n1\n", 3, "input ended"),
    ("hdu1730", "1 6\n4 4\n", 2, "different squares"),
    ("hdu1730", "1 6\n4 7\n", 2, "1..6"),
    ("hdu1730", "1 1\n1 1\n", 1, "column"),
    ("hdu4664", "1\n2\n3 x\n", 3, "'x'"),
    ("hdu4664", "1\n2\n3 1000000001\n", 3, "past the problem's limits"),
    ("hdu4664", "2\n1\n3\n", 3, "input ended"),
    ("hdu3951", "1\n3 11\n", 2, "K of case 1"),
    ("hdu3951", "2\n3 1\n", 2, "input ended"),
    ("hdu4315", "3 2\n5 6 6\n", 2, "must increase"),
    ("hdu4315", "3 4\n5 6 7\n", 1, "1..3"),
    ("hdu4315", "3 2\n5 6\n", 2, "input ended"),
    ("poj1704", "1\n3\n1 2 2\n", 3, "different cells"),
    ("poj1704", "1\n3\n1 2 10001\n", 3, "10001"),
    ("poj1740", "2\n1 1\n3\n1 2 101\n0\n", 4, "101"),
    ("poj1740", "11\n", 1, "0..10"),
    ("lightoj1315", "1\n2\n1 0\n500 3\n", 4, "499"),
    ("lightoj1315", "1\n2\n1 0\n", 3, "input ended"),
    ("bzoj1457", "1\n2\n1 2\n0 0\n", 4, "corner"),
    ("bzoj1457", "1\n1\n100 2\n", 3, "0..99"),
    ("bzoj1188", "1\n1\n5\n", 2, "2..21"),
    ("bzoj1188", "1\n3\n1 x 1\n", 3, "'x'"),
    ("bzoj3576", "2 3\n1 1\n2 1\n", 3, "input ended"),
    ("bzoj3576", "1 3\n1 100001\n", 2, "100000"),
]


@pytest.mark.parametrize(("name", "text", "line", "fragment"), BAD, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)])
def test_bad_input_names_the_line(name, text, line, fragment):
    with pytest.raises(ProblemInputError) as info:
        PROBLEMS[name].solve(text)
    message = str(info.value)
    assert message.startswith(f"line {line}:"), message
    assert fragment in message, message


# -- details of the formats ----------------------------------------------------------------------------
def test_wythoff_winning_moves_order():
    solve = PROBLEMS["hdu2177"].solve
    # both heaps first, then one heap by increasing x; 5 7 reaches 3 5 and 7 10 reaches 4 7 both ways
    assert solve("5 7\n7 10\n0 5\n0 0\n") == "1\n3 5\n3 5\n4 7\n1\n4 7\n4 7\n6 10\n1\n0 0\n"
    assert solve("8 5\n0 0\n") == solve("5 8\n0 0\n") == "1\n4 7\n3 5\n"  # a > b is read as b a
    assert solve("0 0\n") == ""


def test_wythoff_outcomes_to_the_end_of_the_input():
    assert PROBLEMS["hdu1527"].solve("") == ""
    assert PROBLEMS["poj1067"].solve("0 0\n1000000000 1000000000\n3 5\n") == "0\n1\n0\n"


def test_beans_even_bottles_are_sources_too():
    # bottle 3 holds two beans: they cancel in the position, but moving one of them (3 -> 4, 4) wins too
    text = "1\n5\n1 1 1 2 0\n"
    assert PROBLEMS["bzoj1188"].solve(text) == PROBLEMS["bzoj1188"].brute(text) == "0 1 2\n2\n"


# Wythoff's P-positions (a_n, b_n), n >= 1: OEIS A000201 (lower Wythoff sequence) and A001950 (upper), to 110
A000201 = [1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37, 38, 40, 42, 43, 45,
           46, 48, 50, 51, 53, 55, 56, 58, 59, 61, 63, 64, 66, 67, 69, 71, 72, 74, 76, 77, 79, 80, 82, 84, 85, 87,
           88, 90, 92, 93, 95, 97, 98, 100, 101, 103, 105, 106, 108, 110]
A001950 = [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52, 54, 57, 60, 62, 65, 68, 70, 73,
           75, 78, 81, 83, 86, 89, 91, 94, 96, 99, 102, 104, 107, 109, 112, 115, 117, 120, 123, 125, 128, 130, 133, 136,
           138, 141, 143, 146, 149, 151, 154, 157]


def wythoff_answers(lost: set, top: int) -> str:
    """The output of HDU 1527 for every pair ``a b`` up to ``top`` when the lost pairs are ``lost``."""
    return "".join(f"{int((a, b) not in lost and (b, a) not in lost)}\n" for a in range(top) for b in range(top))


def test_wythoff_p_positions_are_the_published_ones():
    top = 110
    pairs = "".join(f"{a} {b}\n" for a in range(top) for b in range(top))
    lost = {(0, 0)} | {(a, b) for a, b in zip(A000201, A001950, strict=False) if b < top}
    answer = PROBLEMS["hdu1527"].solve(pairs)
    assert answer == wythoff_answers(lost, top)
    assert answer != wythoff_answers(lost - {(38, 62)}, top)  # the comparison can fail: one pair left out
    assert PROBLEMS["poj1067"].solve(pairs) == answer
    # far along: a_n = floor(n·phi) = (n + isqrt(5n²)) // 2 and b_n = a_n + n (the definitions of A000201, A001950)
    n = 10**8
    a = (n + isqrt(5 * n * n)) // 2
    assert PROBLEMS["hdu1527"].solve(f"{a} {a + n}\n{a + n} {a}\n{a} {a + n + 1}\n{a + 1} {a + n}\n") == "0\n0\n1\n1\n"


# Dawson's chess .137, OEIS A002187 (n = 0..131); octal .07 (Dawson's Kayles, a plane of n points in HDU 4664)
# has value A002187(n - 1). "Period 34 with the only exceptions at n = 0, 14, 16, 17, 31, 34 and 51."
A002187 = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1,
           1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2,
           0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3,
           1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4]


def plane_value(points: int) -> int:
    """G of a plane of ``points`` from the published values and their period (34, from 52 on)."""
    if points == 0:
        return 0
    n = points - 1
    return A002187[n if n < 52 else 52 + (n - 52) % 34]


def test_triangulation_against_the_published_values():
    # the published values are the definition: a segment leaves i and n - 2 - i points on its sides
    g = [0, 0]
    for n in range(2, 132):
        seen = {g[i] ^ g[n - 2 - i] for i in range(n - 1)}
        g.append(next(v for v in range(n) if v not in seen))
    assert g == [0] + A002187[:131]
    rng = random.Random(4664)
    cases = [[n] for n in range(1, 140)] + [[rng.randint(1, 10**9) for _ in range(rng.randint(1, 5))]
                                            for _ in range(200)]
    answers, expected = [], []
    for start in range(0, len(cases), 100):
        chunk = cases[start:start + 100]
        text = f"{len(chunk)}\n" + "".join(f"{len(planes)}\n{' '.join(map(str, planes))}\n" for planes in chunk)
        answers += PROBLEMS["hdu4664"].solve(text).split()
        for planes in chunk:
            total = 0
            for points in planes:
                total ^= plane_value(points)
            expected.append("Carol" if total else "Dave")
    assert answers == expected
    assert set(expected) == {"Carol", "Dave"}  # both answers occur: the comparison can fail


def test_small_edge_cases():
    assert PROBLEMS["hdu1730"].solve("0 5\n") == "BAD LUCK!\n"
    assert PROBLEMS["hdu3951"].solve("3\n10 10\n11 10\n1000000000 1\n") == \
        "Case 1: first\nCase 2: second\nCase 3: second\n"
    assert PROBLEMS["hdu4664"].solve("1\n3\n1000000000 999999999 1\n") == "Carol\n"
    assert PROBLEMS["hdu4315"].solve("1 1\n1000000000\n") == "Alice\n"
    assert PROBLEMS["poj1740"].solve("1\n100\n4\n100 3 3 100\n0\n") == "1\n0\n"
    assert PROBLEMS["bzoj1457"].solve("1\n2\n99 99\n1 2\n") == "^o^\n"  # on the diagonal: straight home
    assert PROBLEMS["bzoj3576"].solve("2 100000\n1 99999\n2 100000 100000\n") == "0 0\n"


# -- the pairing rulesets: coin-circle:K -------------------------------------------------------------------
@cache
def ring_wins(n: int, k: int, tails: int = 0) -> bool:
    """A ring of n coins searched on its bitmask of tails (no rows, no values)."""
    for start in range(n):
        run = 0
        for t in range(min(k, n)):
            coin = 1 << ((start + t) % n)
            if tails & coin or run & coin:
                break
            run |= coin
            if not ring_wins(n, k, tails | run):
                return True
    return False


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_coin_circle_closed_form_against_the_definition(k):
    rules = grundy.ruleset(f"coin-circle:{k}")
    for n in range(0, 14):
        assert rules.grundy((n, 0)) == rules.brute_grundy((n, 0))
        assert rules.grundy((n, 1)) == rules.brute_grundy((n, 1))
        if 1 <= n <= 9:
            assert (rules.grundy((n, 1)) != 0) == ring_wins(n, k)


@given(k=st.integers(1, 10), n=st.integers(1, 10**9))
def test_coin_circle_outcome_of_large_rings(k, n):
    expected = "N" if (n % 2 if k == 1 else n <= k) else "P"
    assert grundy.solve(f"coin-circle:{k}", [(n, 1)]).outcome == expected


@given(k=st.integers(1, 3), components=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 1)), min_size=1,
                                                  max_size=2))
def test_coin_circle_sums_against_a_search(k, components):
    check_position(f"coin-circle:{k}", components)


def test_coin_circle_bad_specs_and_components():
    for spec in ("coin-circle", "coin-circle:0", "coin-circle:x"):
        with pytest.raises(SpecError, match="coin-circle"):
            grundy.ruleset(spec)
    with pytest.raises(ComponentError, match="0 or 1"):
        grundy.ruleset("coin-circle:2").grundy((5, 2))
    with pytest.raises(ComponentError, match="ring of n coins"):
        grundy.ruleset("coin-circle:2").parse_component("5")


# -- the pairing rulesets: new-stone -------------------------------------------------------------------
def small_games(most_heaps: int, largest: int):
    for n in range(1, most_heaps + 1):
        yield from itertools.combinations_with_replacement(range(1, largest + 1), n)


def test_new_stone_rule_and_its_move_against_the_definition():
    rules = grundy.ruleset("new-stone")
    search = PositionSearch(rules)
    for heaps in small_games(4, 4):
        solution = grundy.solve(rules, [heaps])
        paired = all(count % 2 == 0 for count in Counter(heaps).values())  # the known answer of POJ 1740
        assert solution.outcome == search.outcome([heaps]) == ("P" if paired else "N"), heaps
        assert (rules.brute_grundy(heaps) == 0) == paired
        if solution.outcome == "N":
            move = solution.winning_moves[0].option
            assert move in list(rules.options(heaps))
            assert search.outcome(list(move)) == "P"


def test_new_stone_moves_follow_the_statement():
    rules = grundy.ruleset("new-stone")
    options = {o[0] if o else () for o in rules.options((3, 1, 4, 2))}
    # from the first heap (3): throw one and keep 2; or throw one and move one to the heap of 1; ...
    assert {(1, 2, 2, 4), (1, 2, 2, 4), (2, 2, 4), (1, 2, 5), (2, 3, 4)} <= options
    assert (1, 2, 3, 4) not in options  # something must be thrown away
    assert list(rules.options((1,))) == [()]
    assert rules.validate((0, 3, 0, 3)) == (3, 3)


@given(games=st.lists(st.lists(st.integers(0, 3), min_size=1, max_size=2).map(tuple), min_size=2, max_size=2))
def test_new_stone_sums_of_games_against_a_search(games):
    check_position("new-stone", [grundy.ruleset("new-stone").validate(g) for g in games])


@given(heaps=st.lists(st.integers(0, 6), max_size=8))
def test_pairs_up_means_every_size_an_even_number_of_times(heaps):
    assert pairs_up(heaps) == all(heaps.count(h) % 2 == 0 for h in set(heaps) if h)


def test_new_stone_bad_spec_and_component():
    with pytest.raises(SpecError, match="takes no parameters"):
        grundy.ruleset("new-stone:3")
    with pytest.raises(ComponentError, match="comma-joined"):
        grundy.ruleset("new-stone").parse_component("1,x")
