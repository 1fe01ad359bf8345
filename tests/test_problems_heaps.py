"""The heap-game contest problems (grundy.problems.heaps): samples, brute force, bad input."""

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.problems.base import ProblemInputError, catalogue
from grundy.problems.heaps import values_by_period

NAMES = ["hdu1847", "hdu1848", "hdu1850", "hdu1907", "hdu2509", "hdu2149", "hdu2516", "hdu2486", "hdu3032",
         "hdu5795", "hdu1536", "hdu4764"]
PROBLEMS = {name: problem for name, problem in catalogue().items() if name in NAMES}
# the largest generator size whose inputs the whole-position brute force still searches quickly
BRUTE_SIZE = {"hdu1850": 2, "hdu3032": 2, "hdu5795": 2}
# samples whose numbers are too large for the brute force (n = 10000 in Fibonacci Nim, ...)
BRUTE_SKIPS_SAMPLE = {"hdu2516"}


def test_every_problem_is_registered():
    assert sorted(PROBLEMS) == sorted(NAMES)
    for problem in PROBLEMS.values():
        assert problem.samples and problem.brute is not None and problem.rule


def test_winning_move_counts_and_bids():
    good_boy = PROBLEMS["hdu1850"].solve
    assert good_boy("2\n3 3\n3\n1 2 4\n0\n") == "0\n1\n"
    assert good_boy("2\n1 2\n0\n") == "1\n"
    sale = PROBLEMS["hdu2149"].solve
    assert sale("10 3\n12 3\n5 5\n1 4\n") == "2\nnone\n5\n1 2 3 4\n"


def test_misere_edges():
    john = PROBLEMS["hdu1907"].solve
    assert john("4\n2\n1 1\n3\n1 1 1\n2\n1 4\n2\n2 2\n") == "John\nBrother\nJohn\nBrother\n"
    # Be the Winner: taking from the middle splits a group, but the answer is still anti-Nim
    winner = PROBLEMS["hdu2509"].solve
    assert winner("1\n1\n2\n1 1\n3\n1 2 3\n1\n5\n") == "No\nYes\nNo\nYes\n"


def test_simple_stone_game_smallest_take():
    solve = PROBLEMS["hdu2486"].solve
    # k = 1: the powers of two lose; otherwise take the lowest set bit
    assert solve("4\n12 1\n64 1\n12 2\n13 2\n") == "Case 1: 4\nCase 2: lose\nCase 3: 1\nCase 4: lose\n"


def test_many_heaps_use_the_bulk_path():
    rng = random.Random(3)
    for name, spec, high, first in [("hdu3032", "lasker", 2**31 - 1, "Alice"),
                                    ("hdu5795", "split3", 10**9, "First player wins.")]:
        heaps = [rng.randint(1, high) for _ in range(20_000)] + [3, 4, 7, 8]
        text = f"1\n{len(heaps)}\n{' '.join(map(str, heaps))}\n"
        rules = grundy.ruleset(spec)
        total = 0
        for h in heaps:
            total ^= rules.grundy(h)
        assert (PROBLEMS[name].solve(text) == f"{first}\n") == (total != 0)


@given(st.lists(st.integers(0, 2**40), min_size=1, max_size=20))
def test_values_by_period_is_the_closed_form(heaps):
    for spec in ("lasker", "split3"):
        rules = grundy.ruleset(spec)
        assert values_by_period(rules, np.array(heaps, dtype=np.int64)).tolist() == [rules.grundy(h) for h in heaps]


def test_values_by_period_against_the_definition():
    for spec in ("lasker", "split3"):
        rules = grundy.ruleset(spec)
        heaps = np.arange(40, dtype=np.int64)
        assert values_by_period(rules, heaps).tolist() == [rules.brute_grundy(h) for h in range(40)]


BAD = [
    ("hdu1847", "3\nx\n", 2, "got 'x'"),
    ("hdu1847", "5\n1001\n", 2, "past the problem's limits"),
    ("hdu1848", "1 1\n", 1, "input ended"),
    ("hdu1848", "1 2 1001\n0 0 0\n", 1, "past the problem's limits"),
    ("hdu1848", "1 2 3\n", 1, "input ended"),
    ("hdu1848", "1 1 1\n0 0 0\n5\n", 3, "unexpected '5'"),
    ("hdu1850", "3\n5 7\n0\n", 3, "heap of case 1 #3"),
    ("hdu1850", "101\n1\n0\n", 1, "past the problem's limits"),
    ("hdu1907", "1\n2\n3\n", 3, "input ended"),
    ("hdu1907", "1\n1\n4748\n", 3, "past the problem's limits"),
    ("hdu1907", "1\n48\n1\n", 2, "N (the number of heaps, case 1)"),
    ("hdu2509", "2\n2 x\n", 2, "got 'x'"),
    ("hdu2509", "1\n101\n", 2, "past the problem's limits"),
    ("hdu2149", "4 2\n4\n", 2, "input ended"),
    ("hdu2149", "1100 2\n", 1, "past the problem's limits"),
    ("hdu2516", "2\n1\n0\n", 2, "got 1"),
    ("hdu2516", "2\n", 1, "input ended"),
    ("hdu2516", "2147483648\n0\n", 1, "past the problem's limits"),
    ("hdu2486", "1\n16\n", 2, "input ended"),
    ("hdu2486", "1\n1 1\n", 2, "n of case 1"),
    ("hdu2486", "21\n", 1, "T (the number of cases)"),
    ("hdu2486", "1\n16 1\n17 2\n", 3, "unexpected '17'"),
    ("hdu2486", "1\n16 100001\n", 2, "k of case 1"),
    ("hdu3032", "1\n3\n1 2\n", 3, "input ended"),
    ("hdu3032", "1\n2\n1 2147483648\n", 3, "heap of case 1 #2"),
    ("hdu3032", "1\n2\n1 a\n", 3, "got 'a'"),
    ("hdu3032", "1\n2\n1 99999999999999999999999\n", 3, "past the problem's limits"),
    ("hdu5795", "1\n2\n0 4\n", 3, "heap of case 1 #1"),
    ("hdu5795", "1\n2\n4 1000000001\n", 3, "past the problem's limits"),
    ("hdu5795", "1\n1000001\n", 2, "N (the number of heaps, case 1)"),
    ("hdu1536", "2 2 5\n1\n2 5 10001\n0\n", 3, "heap of position 1 in test case 1 #2"),
    ("hdu1536", "2 2 5\n1\n3 5 12\n0\n", 4, "k (the size of S, test case 2"),
    ("hdu1536", "2 0 5\n1\n1 5\n0\n", 1, "member of S"),
    ("hdu1536", "2 2 5\n0\n", 2, "m (the number of positions, test case 1)"),
    ("hdu4764", "5 0\n0 0\n", 1, "N >= 1 and k >= 1"),
    ("hdu4764", "5 101\n0 0\n", 1, "past the problem's limits"),
    ("hdu4764", "0 0\n1 1\n", 2, "unexpected '1'"),
    ("hdu4764", "5 3\n", 1, "input ended"),
]


@pytest.mark.parametrize(("name", "text", "line", "fragment"), BAD)
def test_bad_input_names_the_line(name, text, line, fragment):
    with pytest.raises(ProblemInputError) as caught:
        PROBLEMS[name].solve(text)
    message = str(caught.value)
    assert message.startswith(f"line {line}:"), message
    assert fragment in message, message
