"""One-heap games from divisors and binary digits.

    grundy pattern --rules examples/patterns/divisors.py:divisor_game --at 10**30
    grundy pattern --rules examples/patterns/divisors.py:fewer_ones --at 3**40
"""


def divisor_game(n: int) -> list[int]:
    """LeetCode 1025, "Divisor Game": pick x with 0 < x < n dividing n, and n becomes n − x.

    Known rule: G(n) = ν₂(n), the exponent of 2 in n, for n ≥ 1 (a ruler sequence); P iff n
    is odd: an odd n has only odd divisors and leaves an even number; an even n takes 1.
    The heap 0 is never reached (it is a position without moves here).
    """
    return [n - d for d in range(1, n) if n % d == 0]


def to_a_divisor(n: int) -> list[int]:
    """Replace n by a proper divisor d of n (1 ≤ d < n).

    Known rule: P iff n ≤ 1 (every n ≥ 2 moves to 1); the values are G(n) = Ω(n), the number
    of prime factors of n counted with multiplicity (n ≥ 1), which no finder family describes.
    """
    return [d for d in range(1, n) if n % d == 0]


def fewer_ones(n: int) -> list[int]:
    """Replace n by any smaller number with fewer 1 bits in binary.

    Known rule: G(n) = popcount(n), the number of 1 bits: the moves reach every popcount below
    it (2^j − 1 < n for j < popcount(n)) and never the same one. P iff n = 0.
    """
    ones = bin(n).count("1")
    return [m for m in range(n) if bin(m).count("1") < ones]
