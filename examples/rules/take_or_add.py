"""A user-defined game whose moves can cycle, for ``grundy --rules``: take one or two tokens from a
heap, or add one to a heap of 4, 9, 14 or 19.

A heap can grow back, so play may go on for ever: the positions have Smith's values (a number, or ∞
with the finite values of its options), and a sum can be a draw.

    grundy solve --rules examples/rules/take_or_add.py:moves 4 2
    grundy table --rules examples/rules/take_or_add.py:moves --n 20
"""


def moves(n: int) -> list[int]:
    """The heaps a move can leave: n-1, n-2, and n+1 when n is 4, 9, 14 or 19."""
    options = [n - k for k in (1, 2) if k <= n]
    if n % 5 == 4 and n < 20:
        options.append(n + 1)
    return options
