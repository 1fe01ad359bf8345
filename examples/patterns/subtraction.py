"""Subtraction games on one heap: a move takes s tokens, s from a fixed infinite set.

Textbook exercises (Ferguson, *Game Theory*, Part I, ch. 1-2; Berlekamp, Conway and Guy,
*Winning Ways*, ch. 4) and the contest tutorials' "print the SG table, find the rule" warm-ups.
Each function takes a heap size n and returns the heaps a move can leave:

    grundy pattern --rules examples/patterns/subtraction.py:power_of_three --at 10**30
    grundy pattern --rules examples/patterns/subtraction.py:square
"""

from math import isqrt


def power_of_three(n: int) -> list[int]:
    """Take a power of three: 1, 3, 9, 27, ... tokens.

    Known rule: G(n) = n mod 2. Every power of three is odd, so each move changes the parity of
    the heap, and taking 1 reaches the other parity: an even heap is lost (P iff n is even).
    """
    options = []
    power = 1
    while power <= n:
        options.append(n - power)
        power *= 3
    return options


def is_prime(k: int) -> bool:
    """Whether k is a prime (trial division; the heaps here are small)."""
    if k < 2:
        return False
    d = 2
    while d * d <= k:
        if k % d == 0:
            return False
        d += 1
    return True


def one_or_prime(n: int) -> list[int]:
    """Take one token or a prime number of tokens (1, 2, 3, 5, 7, 11, ...).

    Known rule: G(n) = n mod 4 (P iff 4 divides n). Taking 1, 2 or 3 reaches every smaller value
    of n mod 4, and no prime is a multiple of 4, so no move keeps n mod 4.
    """
    return [n - k for k in range(1, n + 1) if k == 1 or is_prime(k)]


def not_a_square(n: int) -> list[int]:
    """Take any positive number of tokens that is not a perfect square (2, 3, 5, 6, 7, 8, 10, ...).

    Known rule: G(n) = ⌊n/2⌋ (P iff n is 0 or 1). Keeping ⌊n/2⌋ needs taking 1, a square; every
    smaller value j is reached by taking n − 2j or n − 2j − 1, and of two consecutive numbers
    at least 2 one is not a square.
    """
    return [n - k for k in range(1, n + 1) if isqrt(k) ** 2 != k]


def square(n: int) -> list[int]:
    """Subtract a square: take 1, 4, 9, 16, ... tokens (Winning Ways ch. 15; OEIS A030193 lists
    its P-positions 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, ...).

    No pattern is known: the P-positions are not periodic, and by Sárközy's theorem they have
    density zero; no simple rule describes the values.
    """
    return [n - k * k for k in range(1, isqrt(n) + 1)]


def cube(n: int) -> list[int]:
    """Subtract a cube: take 1, 8, 27, 64, ... tokens. No pattern is known for its values."""
    options = []
    k = 1
    while k ** 3 <= n:
        options.append(n - k ** 3)
        k += 1
    return options
