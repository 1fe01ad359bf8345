"""One-heap games whose largest move grows with the heap (tutorial and textbook exercises).

    grundy pattern --rules examples/patterns/shrinking.py:at_most_half --at 2**100
    grundy pattern --rules examples/patterns/shrinking.py:square_root_bound --at 10**30
"""

from math import isqrt


def at_most_half(n: int) -> list[int]:
    """Take at least one and at most half of the heap (1 ≤ k ≤ ⌊n/2⌋; a heap of 1 is stuck).

    Known rule: P iff n = 2^k − 1 (0, 1, 3, 7, 15, ...): from 2^k − 1 every move leaves
    between 2^(k−1) and 2^k − 2 tokens, and from any other heap one can move to the largest
    2^j − 1 below it. The values are G(2m) = m, G(2m + 1) = G(m).
    """
    return [n - k for k in range(1, n // 2 + 1)]


def at_most_third(n: int) -> list[int]:
    """Take at least one and at most a third of the heap (1 ≤ k ≤ ⌊n/3⌋).

    Known rule: the P-positions are p(0) = 0 and p(k + 1) = ⌊3·p(k)/2⌋ + 1 (0, 1, 2, 4, 7, 11,
    17, 26, 40, 61, 92, ...): the moves from n reach n − ⌊n/3⌋ .. n − 1, so the next lost heap
    after p is the least n with n − ⌊n/3⌋ > p, that is n > 3p/2. The recurrence is not linear; the
    finder's family p' = ⌊c·p⌋ + d finds it.
    """
    return [n - k for k in range(1, n // 3 + 1)]


def square_root_bound(n: int) -> list[int]:
    """Take at least one and at most ⌊2√n⌋ − 1 tokens.

    Known rule: P iff n = k(k + 1) (0, 2, 6, 12, 20, ...), the pronic numbers. From
    n = k(k + 1) + j with 1 ≤ j ≤ 2k + 1, 4n ≥ (2k + 1)², so at least 2k tokens may go, and
    2k + 1 when j ≥ k + 1 (then 4n ≥ (2k + 2)²): enough to reach k(k + 1). From (k + 1)(k + 2),
    4n < (2k + 3)², so at most 2k + 1 tokens go, which cannot reach k(k + 1).
    """
    return [n - k for k in range(1, isqrt(4 * n) - 1 + 1)]


def one_or_halve(n: int) -> list[int]:
    """Take one token, or halve an even heap (n → n − 1, or n → n/2 for even n > 0).

    Known rule: P iff n is 0, 2, or an odd number ≥ 5. An odd n ≥ 5 can only go to the even
    n − 1 ≥ 4; an even n ≥ 6 goes to the odd n − 1 ≥ 5, and 4 goes to 2.
    """
    options = [n - 1] if n > 0 else []
    if n > 0 and n % 2 == 0:
        options.append(n // 2)
    return options
