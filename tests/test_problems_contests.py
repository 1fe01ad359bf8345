"""Codeforces and AtCoder problems: samples, random small inputs against the brute force, bad input."""

import random
from functools import cache

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


# Game of Stones (Codeforces 768E): the value of a pile of s is OEIS A003056 (k appears k + 1 times), s = 0..60
A003056 = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7,
           8, 8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10]


@cache
def no_repeat_value(left: int, taken: frozenset) -> int:
    """The definition: take k stones, k not taken from this pile before (only takes <= left matter)."""
    seen = {no_repeat_value(left - k, frozenset(x for x in taken | {k} if x <= left - k))
            for k in range(1, left + 1) if k not in taken}
    return next(v for v in range(len(seen) + 1) if v not in seen)


def test_game_of_stones_values_are_the_published_ones():
    brute = [no_repeat_value(s, frozenset()) for s in range(37)]
    assert brute == A003056[:37]
    assert brute != [s.bit_length() for s in range(37)]  # the comparison can fail: a wrong guess is rejected


def test_large_inputs_at_the_original_limits():
    rng = random.Random(5)

    def lines_of(numbers, sep="\n"):
        return f"{len(numbers)}\n" + sep.join(map(str, numbers)) + "\n"

    # Game of Stones: up to 10^5 piles, the nim-sum of the published values; both answers occur
    piles = [rng.randint(1, 60) for _ in range(10**5 - 4)]
    total = 0
    for s in piles:
        total ^= A003056[s]
    assert total and get("cf768e").solve(lines_of(piles)) == "NO\n"
    cancel = [A003056.index(1 << bit) for bit in range(4) if total >> bit & 1]  # piles worth the bits of total
    assert get("cf768e").solve(lines_of(piles + cancel)) == "YES\n"
    # the strategy arguments below hold whatever the values: the second player mirrors a twin position
    numbers = [rng.randint(1, 10**9) for _ in range(49_999)]
    twins = numbers + numbers
    rng.shuffle(twins)
    assert get("cf603c").solve(f"99998 1000000000\n{' '.join(map(str, twins))}\n") == "Nicky\n"
    assert get("cf603c").solve(f"99999 1000000000\n{' '.join(map(str, twins + [1]))}\n") == "Kevin\n"  # take it
    # Harlequin: all counts even, the second player eats the colours the first just ate; any odd count, the first
    # eats one apple of each odd colour and becomes that second player
    evens = [2 * rng.randint(1, 5 * 10**8) for _ in range(10**5)]
    assert get("caddi2018b").solve(lines_of(evens)) == "second\n"
    assert get("caddi2018b").solve(lines_of(evens[:-1] + [3])) == "first\n"
    # Candy Piles, whoever eats the last candy loses: n piles of one candy are lost exactly for odd n (each move
    # removes one pile, or eats them all); one pile of a candies is lost exactly for odd a
    assert get("agc002e").solve(lines_of([1] * 100_000, " ")) == "First\n"
    assert get("agc002e").solve(lines_of([1] * 99_999, " ")) == "Second\n"
    assert get("agc002e").solve(lines_of([10**9], " ")) == "First\n"
    assert get("agc002e").solve(lines_of([10**9 - 1], " ")) == "Second\n"
    assert get("agc010d").solve("100000\n1 " + " ".join(["2"] * 99_999) + "\n") == "First\n"  # odd count of 2s
    primes = "999999937 999999929 999999893 999999883 999999797 999999761 999999757 999999751"
    assert get("cf850c").solve(f"8\n{primes}\n") == "Arpa\n"  # eight distinct primes: nim-sum 0
