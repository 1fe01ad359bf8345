"""A user-defined game whose moves split heaps, for ``grundy --rules ... --splits``: Lasker's Nim.

A move takes any number of tokens from one heap, or splits a heap into two non-empty heaps. A move
that leaves one heap gives that heap (an integer); a move that leaves several gives them as a tuple
(``--splits`` says that tuples are several heaps; ``()`` would leave nothing).

    grundy solve --rules examples/rules/lasker.py:moves --splits 3 7
    grundy play --rules examples/rules/lasker.py:moves --splits 3 7
    grundy period --rules examples/rules/lasker.py:moves --splits
"""


def moves(n: int) -> list:
    """Take 1..n tokens (leaving n - k), or split the heap into a and n - a."""
    return [n - k for k in range(1, n + 1)] + [(a, n - a) for a in range(1, n // 2 + 1)]
