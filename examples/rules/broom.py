"""A user-defined game of pairs whose moves can leave nothing: Green Hackenbush brooms.

A broom is one grounded edge (the trunk) carrying two stalks of a and b edges. A move cuts an edge of a stalk
(leaving a shorter stalk) or the trunk (everything falls: nothing is left, written ``()`` under ``--splits``). By
the colon principle of Green Hackenbush, the two stalks are worth a ⊕ b together, so the broom is worth
(a ⊕ b) + 1.

    grundy pattern --rules examples/rules/broom.py:moves --arity 2 --splits --max 16 --png broom.png
    grundy solve --rules examples/rules/broom.py:moves --arity 2 --splits 3,5
"""


def moves(broom: tuple[int, int]) -> list:
    """Cut the first stalk to x < a edges, the second to y < b edges, or the trunk (nothing left)."""
    a, b = broom
    return [(x, b) for x in range(a)] + [(a, y) for y in range(b)] + [()]
