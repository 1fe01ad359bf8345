"""Games on pairs (a, b) of non-negative integers: two heaps, or a piece moving towards a corner.

Each function takes a pair and returns the pairs its moves leave; give ``--arity 2``:

    grundy pattern --rules examples/patterns/pairs.py:larger_heap_nim --arity 2
    grundy pattern --rules examples/patterns/pairs.py:ferguson_knight --arity 2 --at 10**30,7
"""

from math import isqrt


def larger_heap_nim(p: tuple[int, int]) -> list[tuple[int, int]]:
    """Nim on two heaps, but only the larger heap may be touched (either one when equal).

    Known rule: P iff a = b: from equal heaps every move leaves them unequal, and from unequal
    heaps the larger one can be cut down to the smaller.
    """
    a, b = p
    options = []
    if a >= b:
        options += [(a - k, b) for k in range(1, a + 1)]
    if b >= a:
        options += [(a, b - k) for k in range(1, b + 1)]
    return options


def one_two_three_and_one(p: tuple[int, int]) -> list[tuple[int, int]]:
    """Two heaps: take 1, 2 or 3 tokens from the first, or exactly 1 from the second.

    Known rule: the sum of subtraction games {1, 2, 3} and {1}, so G(a, b) = (a mod 4) xor (b mod 2).
    """
    a, b = p
    return [(a - k, b) for k in (1, 2, 3) if k <= a] + ([(a, b - 1)] if b > 0 else [])


def ferguson_knight(p: tuple[int, int]) -> list[tuple[int, int]]:
    """A chess knight moving "generally south-west" on the quarter plane (Ferguson, *Game
    Theory*, Part I, exercise on the knight): moves (−2, +1), (−2, −1), (+1, −2), (−1, −2).

    Known rule: P iff a mod 4 ∈ {0, 1} and b mod 4 ∈ {0, 1}. Every move changes one coordinate
    by 2, taking it from {0, 1} to {2, 3} (mod 4); from outside, move the coordinate that is 2 or 3
    (mod 4) down by 2 and the other by ±1 into {0, 1}.
    """
    a, b = p
    steps = ((-2, 1), (-2, -1), (1, -2), (-1, -2))
    return [(a + x, b + y) for x, y in steps if a + x >= 0 and b + y >= 0]


def same_from_both(p: tuple[int, int]) -> list[tuple[int, int]]:
    """Two heaps: take the same positive number of tokens from both (Wythoff's diagonal move alone).

    Known rule: G(a, b) = min(a, b), a Nim heap of the smaller size; P iff a heap is empty.
    """
    a, b = p
    return [(a - k, b - k) for k in range(1, min(a, b) + 1)]


def two_heaps_not_a_square(p: tuple[int, int]) -> list[tuple[int, int]]:
    """Two heaps: take from one heap any positive number of tokens that is not a perfect square.

    Known rule: each heap alone has G(n) = ⌊n/2⌋ (see subtraction.py:not_a_square), so by the
    Sprague-Grundy theorem G(a, b) = ⌊a/2⌋ xor ⌊b/2⌋.
    """
    a, b = p
    allowed = [k for k in range(1, max(a, b) + 1) if isqrt(k) ** 2 != k]
    return [(a - k, b) for k in allowed if k <= a] + [(a, b - k) for k in allowed if k <= b]


def a_wythoff(p: tuple[int, int], a: int = 2) -> list[tuple[int, int]]:
    """Fraenkel's a-Wythoff game: take any k ≥ 1 from one heap, or k ≥ 1 from one and j ≥ 1 from
    the other with |k − j| < a (Fraenkel, "How to beat your Wythoff games' opponent on three
    fronts", Amer. Math. Monthly 89 (1982) 353-361). a = 1 is Wythoff's game.

    Known rule: the P-positions are (A_k, B_k) and their mirrors, A_k = mex of the earlier A's
    and B's and B_k = A_k + a·k; A_k = ⌊kα⌋ and B_k = ⌊kβ⌋ with α = (2 − a + √(a² + 4))/2 and
    β = α + a. For a = 2: α = √2, pairs (0, 0), (1, 3), (2, 6), (4, 10), (5, 13), (7, 17), ...
    """
    x, y = p
    options = [(x - k, y) for k in range(1, x + 1)] + [(x, y - j) for j in range(1, y + 1)]
    for k in range(1, x + 1):
        for j in range(max(1, k - a + 1), min(y, k + a - 1) + 1):  # |k − j| < a
            options.append((x - k, y - j))
    return options


def wythoff_2(p: tuple[int, int]) -> list[tuple[int, int]]:
    """The 2-Wythoff game (see a_wythoff): P-positions (⌊k√2⌋, ⌊k√2⌋ + 2k) and mirrors."""
    return a_wythoff(p, 2)


def wythoff_3(p: tuple[int, int]) -> list[tuple[int, int]]:
    """The 3-Wythoff game: P-positions (⌊kα⌋, ⌊kα⌋ + 3k), α = (√13 − 1)/2, and mirrors."""
    return a_wythoff(p, 3)


def wythoff_4(p: tuple[int, int]) -> list[tuple[int, int]]:
    """The 4-Wythoff game: P-positions (⌊kα⌋, ⌊kα⌋ + 4k), α = √5 − 1, and mirrors."""
    return a_wythoff(p, 4)


def wythoff_1(p: tuple[int, int]) -> list[tuple[int, int]]:
    """The 1-Wythoff game, Wythoff's own (grundy has it built in as 'wythoff'; here as data for
    the pattern finder): P-positions (⌊kφ⌋, ⌊kφ⌋ + k) and mirrors, φ = (1 + √5)/2."""
    return a_wythoff(p, 1)


def euclid(p: tuple[int, int]) -> list[tuple[int, int]]:
    """Euclid's game (Cole and Davie 1969): subtract a positive multiple of the smaller number
    from the larger, leaving it non-negative; whoever makes a 0 wins (a pair with a 0 has no move).

    Known rule: for 0 < a < b, P iff b < φa (φ = (1 + √5)/2); (a, a) is won by moving to (a, 0).
    A wedge between two lines is none of the finder's 2-D families, so no pattern is expected.
    """
    a, b = p
    if a == 0 or b == 0:
        return []
    if a <= b:
        return [(a, b - k * a) for k in range(1, b // a + 1)]
    return [(a - k * b, b) for k in range(1, a // b + 1)]
