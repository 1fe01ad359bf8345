"""The heap-game contest problems (grundy.problems.bash, .nim, .subtraction): samples, brute force, bad input,
and the values they read from a proved period against published values."""

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.problems.base import ProblemInputError, catalogue

NAMES = ["hdu1847", "hdu1848", "hdu1850", "hdu1907", "hdu2509", "hdu2149", "hdu2516", "hdu2486", "hdu3032",
         "hdu5795", "hdu1536", "hdu4764"]
PROBLEMS = {name: problem for name, problem in catalogue().items() if name in NAMES}


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


# Published values (not the library's closed forms): Lasker's Nim, Winning Ways ch. 4 (Lasker 1931);
# "take or split into three", the solution of HDU 5795. Both are checked against a plain mex below.
def lasker_published(n: int) -> int:
    return n + 1 if n % 4 == 3 else n - 1 if n and n % 4 == 0 else n


def split3_published(n: int) -> int:
    return n + 1 if n % 8 == 7 else n - 1 if n and n % 8 == 0 else n


def mex_values(count: int, parts: int) -> list[int]:
    """G(0..count-1) from the definition: take any number, or split into ``parts`` non-empty heaps."""
    g: list[int] = []
    for n in range(count):
        seen = set(g[:n])
        if parts == 2:
            seen |= {g[a] ^ g[n - a] for a in range(1, n // 2 + 1)}
        else:
            seen |= {g[a] ^ g[b] ^ g[n - a - b] for a in range(1, n // 3 + 1) for b in range(a, (n - a) // 2 + 1)}
        g.append(next(v for v in range(n + 2) if v not in seen))
    return g


@pytest.mark.parametrize(("parts", "published"), [(2, lasker_published), (3, split3_published)])
def test_published_values_equal_the_definition(parts, published):
    brute = mex_values(64, parts)
    assert [published(n) for n in range(64)] == brute
    assert [n for n in range(64)] != brute  # the comparison can fail: plain Nim's values are rejected


@given(st.lists(st.integers(0, 2**40), min_size=1, max_size=20))
def test_values_at_a_proved_period_equal_the_published_values(heaps):
    for spec, published in (("lasker", lasker_published), ("split3", split3_published)):
        values = grundy.period(spec).values_at(np.array(heaps, dtype=np.int64))
        assert values.tolist() == [published(h) for h in heaps]


@pytest.mark.parametrize(("name", "published", "first", "second"), [
    ("hdu3032", lasker_published, "Alice", "Bob"),
    ("hdu5795", split3_published, "First player wins.", "Second player wins.")])
def test_many_heaps_against_the_published_values(name, published, first, second):
    def solve(heaps):
        return PROBLEMS[name].solve(f"1\n{len(heaps)}\n{' '.join(map(str, heaps))}\n")

    rng = random.Random(name)
    heaps = [rng.randint(1, 2**29) for _ in range(20_000)]  # values below 2^29: every heap fits both limits
    total = 0
    for h in heaps:
        total ^= published(h)
    assert total and solve(heaps) == f"{first}\n"
    # both published maps swap two residues, so heap published(total) is worth total: the sum is 0
    assert solve(heaps + [published(total)]) == f"{second}\n"
    assert solve(heaps + heaps) == f"{second}\n"  # pairs of equal heaps: the second player mirrors


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
