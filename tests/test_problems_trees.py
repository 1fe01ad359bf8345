"""Tree and two-string contest problems (grundy.problems.trees): samples, brute force, bad input."""

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.problems.base import ProblemInputError, get
from grundy.problems.trees import _bob_ben_tree

NAMES = ["cf293a", "agc014d", "hdu4701", "hdu6105", "agc017d", "bob-and-ben"]


def test_every_problem_is_registered():
    for name in NAMES:
        entry = get(name)
        assert entry.samples and entry.brute is not None and entry.rule and entry.solve.__doc__


def test_weird_game_every_pair_of_short_strings():
    entry = get("cf293a")
    for n in (1, 2):
        for s, t in product(("".join(bits) for bits in product("01", repeat=2 * n)), repeat=2):
            text = f"{n}\n{s}\n{t}\n"
            assert entry.solve(text) == entry.brute(text), text


@given(st.integers(0, 8), st.integers(0, 8), st.lists(st.integers(0, 4), min_size=1, max_size=6))
def test_buy_items_against_the_brute_force(a, b, prices):
    entry = get("hdu4701")
    text = f"{len(prices)} {a} {b}\n{' '.join(map(str, prices))}\n"
    assert entry.solve(text) == entry.brute(text)


@given(st.lists(st.tuples(st.integers(1, 6), st.integers(2, 4)), min_size=1, max_size=3))
def test_bob_and_ben_against_the_brute_force(trees):
    entry = get("bob-and-ben")
    text = f"1\n{len(trees)}\n" + "".join(f"{m} {k}\n" for m, k in trees)
    assert entry.solve(text) == entry.brute(text)


def test_bob_and_ben_trees_follow_the_statement():
    for m in range(1, 30):
        for k in (2, 3, 7):
            tree = _bob_ben_tree(m, k)
            if m == 1:
                assert tree == ((0,),)
                continue
            assert len(tree) == m - 1 and {v for edge in tree for v in edge} == set(range(m))
            assert all((max(1, (b + 1) // k) - 1, b) == (a, b) for a, b in tree)


def test_known_families():
    path = lambda n: f"{n}\n" + "".join(f"{i} {i + 1}\n" for i in range(1, n))  # noqa: E731
    star = lambda n: f"{n}\n" + "".join(f"1 {i}\n" for i in range(2, n + 1))  # noqa: E731
    # a path 1-2-...-N rooted at an end is one stalk of N - 1 edges: always a first-player win
    assert get("agc017d").solve(path(3000)) == "Alice\n"
    # a star with an even number of leaves: pairs of stalks of length 1 cancel
    assert get("agc017d").solve(star(7)) == "Bob\n" and get("agc017d").solve(star(8)) == "Alice\n"
    # a path has a perfect matching iff it has an even number of vertices; a star of 3+ never does
    assert get("agc014d").solve(path(3000)) == "Second\n" and get("agc014d").solve(path(2999)) == "First\n"
    assert get("agc014d").solve(star(4)) == "First\n"
    # Gameia on a path of 2m vertices: Bob needs m - 1 cuts
    parents = " ".join(str(i) for i in range(1, 400))
    assert get("hdu6105").solve(f"2\n400 199\n{parents}\n400 198\n{parents}\n") == "Bob\nAlice\n"
    # Bob and Ben: sizes 3 and 5 are both worth 1 and cancel, whatever the k
    assert get("bob-and-ben").solve("2\n2\n3 2\n5 99\n2\n1000000000 2\n4 3\n") == "BEN\nBEN\n"


BAD = [
    ("cf293a", "0\n", 1, "expected n, an integer 1..10^6, got 0"),
    ("cf293a", "2\n0111\n000\n", 3, "expected the string t, 4 characters 0 or 1"),
    ("cf293a", "2\n01x1\n0001\n", 2, "expected the string s"),
    ("cf293a", "2\n0111\n", 2, "expected the string t, but the input ended"),
    ("cf293a", "1\n01\n10\n5\n", 4, "unexpected '5'"),
    ("agc014d", "1\n", 1, "expected N (the number of vertices), an integer 2..100000, got 1"),
    ("agc014d", "100001\n", 1, "past the problem's limits"),
    ("agc014d", "3\n1 2\n", 2, "expected a_2 (an end of edge 2), but the input ended"),
    ("agc014d", "3\n1 2\n2 4\n", 3, "expected b_2 (the other end of edge 2), an integer 1..3, got 4"),
    ("agc014d", "3\n1 2\n2 1\n", 3, "edge 2 1 closes a cycle"),
    ("agc014d", "3\n1 1\n2 3\n", 2, "edge 1 1 joins a vertex to itself"),
    ("agc014d", "3\n1 2\n2 three\n", 3, "got 'three'"),
    ("hdu4701", "2 1 1\n1\n", 2, "expected C (a price, case 1) #2, but the input ended"),
    ("hdu4701", "1 1 1\n-1\n", 2, "expected C (a price, case 1) #1, an integer 0..10^9, got -1"),
    ("hdu4701", "1 1 x\n1\n", 1, "expected B (Bob's money, case 1), an integer 0..10^9, got 'x'"),
    ("hdu4701", "1 1 1\n1\n1 1000000001 1\n1\n", 3, "expected A (Alice's money, case 2)"),
    ("hdu4701", "0 1 1\n", 1, "expected N (the number of items, case 1), an integer 1..10^6, got 0"),
    ("hdu6105", "101\n", 1, "expected T (the number of test cases), an integer 1..100, got 101"),
    ("hdu6105", "1\n3 1\n1 3\n", 3, "expected p_3 (the parent of vertex 3, case 1), an integer 1..2, got 3"),
    ("hdu6105", "1\n2 501\n1\n", 2, "expected k (B's number of cuts, case 1), an integer 0..500, got 501"),
    ("hdu6105", "1\n501 1\n", 2, "expected n (the number of vertices, case 1), an integer 1..500"),
    ("hdu6105", "2\n2 1\n1\n", 3, "expected n (the number of vertices, case 2), but the input ended"),
    ("hdu6105", "1\n2 1\n1\n5\n", 4, "unexpected '5'"),
    ("agc017d", "2\n1 2\n3 4\n", 3, "unexpected '3'"),
    ("agc017d", "4\n1 2\n3 4\n4 3\n", 4, "edge 4 3 closes a cycle"),
    ("agc017d", "4\n1 2\n2 3\n3 5\n", 4, "an integer 1..4, got 5"),
    ("agc017d", "2\n1 2.0\n", 2, "got '2.0'"),
    ("bob-and-ben", "1\n1\n3 1\n", 3, "expected k (a tree of game 1), an integer 2..100, got 1"),
    ("bob-and-ben", "1\n2\n1 2\n1 101\n", 4, "expected k (a tree of game 1), an integer 2..100, got 101"),
    ("bob-and-ben", "1\n1\n0 2\n", 3, "an integer 1..10^9, got 0"),
    ("bob-and-ben", "1\n1\n1000000001 2\n", 3, "past the problem's limits"),
    ("bob-and-ben", "2\n1\n1 2\n", 3, "expected n (the number of trees, game 2), but the input ended"),
    ("bob-and-ben", "1\n1000001\n", 2, "expected n (the number of trees, game 1), an integer 1..10^6"),
    ("bob-and-ben", "101\n", 1, "expected g (the number of games), an integer 1..100, got 101"),
    ("bob-and-ben", "1\n1\n2 2\n7\n", 4, "unexpected '7'"),
]


@pytest.mark.parametrize(("name", "text", "line", "fragment"), BAD)
def test_bad_input_names_the_line(name, text, line, fragment):
    with pytest.raises(ProblemInputError) as info:
        get(name).solve(text)
    message = str(info.value)
    assert message.startswith(f"line {line}: "), message
    assert fragment in message, message


def test_bob_and_ben_limits_the_trees_in_all_games():
    text = "2\n500001\n" + "1 2\n" * 500001 + "500000\n"
    with pytest.raises(ProblemInputError, match=r"^line 500004: the games have 1000001 trees so far"):
        get("bob-and-ben").solve(text)
