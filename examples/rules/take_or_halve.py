"""A user-defined game for ``grundy --rules``: take one or two tokens, or halve an even heap.

    grundy solve --rules examples/rules/take_or_halve.py:moves 12 30
    grundy table --rules examples/rules/take_or_halve.py:moves --n 40
"""


def moves(n: int) -> list[int]:
    """The heaps a move can leave: n-1, n-2, or n/2 when n is even."""
    options = [n - k for k in (1, 2) if k <= n]
    if n % 2 == 0 and n > 0:
        options.append(n // 2)
    return options
