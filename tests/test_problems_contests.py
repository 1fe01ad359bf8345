"""Codeforces and AtCoder problems: samples, random small inputs against the brute force, bad input."""

import random

import pytest

from grundy.problems.base import ProblemInputError, get

NAMES = ["cf768e", "cf850c", "cf603c", "agc016f", "caddi2018b", "agc002e", "agc010d"]


@pytest.mark.parametrize(("name", "text", "message"), [
    ("cf768e", "2\n1\n", "line 2: expected s (stones in a pile) #2, but the input ended"),
    ("cf768e", "2\n1\n61\n", "line 3: expected s (stones in a pile) #2, an integer 1..60, got 61"),
    ("cf768e", "1\n5\n5\n", "line 3: unexpected '5'"),
    ("cf850c", "2\n4 x\n", "line 2: expected a #2, an integer 1..10^9, got 'x'"),
    ("cf850c", "1\n1000000001\n", "line 2: expected a #1, an integer 1..10^9, got 1000000001"),
    ("cf850c", "101\n", "line 1: expected n, an integer 1..100, got 101"),
    ("cf603c", "1 0\n3\n", "line 1: expected k, an integer 1..10^9, got 0"),
    ("cf603c", "2 1\n3\n", "line 2: expected a #2"),
    ("agc016f", "3 2\n1 2\n2 1\n", "line 3: expected y_2 (x_2 < y_2 <= N), an integer 3..3, got 1"),
    ("agc016f", "3 2\n1 2\n1 2\n", "line 3: the edge 1 2 is given twice"),
    ("agc016f", "16 1\n1 2\n", "line 1: expected N, an integer 2..15, got 16"),
    ("agc016f", "3 4\n", "line 1: expected M, an integer 1..3, got 4"),
    ("caddi2018b", "2\n1\n0\n", "line 3: expected a (apples of a colour) #2, an integer 1..10^9, got 0"),
    ("caddi2018b", "0\n", "line 1: expected N (the number of colours)"),
    ("agc002e", "3\n1 2\n", "line 2: expected a (candies in a pile) #3"),
    ("agc002e", "2\n1 2.5\n", "got '2.5'"),
    ("agc010d", "2\n2 4\n", "line 2: the numbers A_1..A_N have gcd 2"),
    ("agc010d", "2\n2 4 5\n", "line 2: unexpected '5'"),
])
def test_bad_input_names_the_line(name, text, message):
    with pytest.raises(ProblemInputError) as error:
        get(name).solve(text)
    assert message in str(error.value)


def test_large_inputs_at_the_original_limits():
    rng = random.Random(5)
    heaps = [rng.randint(1, 60) for _ in range(10**5)]
    assert get("cf768e").solve(f"{len(heaps)}\n" + "\n".join(map(str, heaps)) + "\n") in ("YES\n", "NO\n")
    numbers = " ".join(str(rng.randint(1, 10**9)) for _ in range(10**5))
    assert get("cf603c").solve(f"100000 1000000000\n{numbers}\n") in ("Kevin\n", "Nicky\n")
    assert get("caddi2018b").solve(f"100000\n{numbers}\n") == "first\n"  # random counts: some odd
    assert get("agc002e").solve(f"100000\n{numbers}\n") in ("First\n", "Second\n")
    assert get("agc010d").solve("100000\n1 " + " ".join(["2"] * 99_999) + "\n") == "First\n"  # odd count of 2s
    primes = "999999937 999999929 999999893 999999883 999999797 999999761 999999757 999999751"
    assert get("cf850c").solve(f"8\n{primes}\n") == "Arpa\n"  # eight distinct primes: nim-sum 0
