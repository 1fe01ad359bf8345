"""What the quotient engine reads from a ruleset: each heap's options as tuples of smaller heaps,
and how far a move reaches (for the periodicity test).

>>> import grundy
>>> heap_options(grundy.ruleset("octal:0.07"), 4)
[[], [], [()], [(1,)], [(1, 1), (2,)]]
>>> reach(grundy.ruleset("octal:0.07")), reach(grundy.ruleset("subtraction:1,3,4")), reach(grundy.ruleset("nim"))
((2, 2), (4, 1), None)
"""

from __future__ import annotations

from typing import Any

from grundy.core import limits, work
from grundy.core.errors import GrundyError
from grundy.core.ruleset import Shape

ALLOWED = ("misère quotients need a heap game (octal:..., hex:..., subtraction:..., kayles, dawson-kayles, "
           "grundy-game, nim or any ruleset whose components are heap sizes)")


def heap_options(rules: Any, max_heap: int) -> list[list[tuple[int, ...]]]:
    """The options of heaps ``0..max_heap``, each a sorted tuple of the heaps a move leaves (empty
    heaps left out); refuses rulesets whose components are not heaps, or whose moves do not make
    every heap smaller."""
    if getattr(rules, "shape", None) is not Shape.HEAP:
        kind = getattr(rules, "component_kind", "components that are not heaps")
        raise GrundyError(f"{ALLOWED}; {getattr(rules, 'spec', rules)} has {kind}")
    found = []
    for n in range(max_heap + 1):
        opts = set()
        for option in limits.bounded_options(rules.options(n), n):
            heaps = tuple(sorted(int(h) for h in option if h))
            if any(h >= n or h < 0 for h in heaps):
                raise GrundyError(f"{rules.spec}: a move from heap {n} leaves heap {max(heaps)}, which is not "
                                  "smaller; misère quotients need moves that make every heap smaller")
            opts.add(heaps)
        work.charge(len(opts) + 1)
        found.append(sorted(opts))
    return found


def reach(rules: Any) -> tuple[int, int] | None:
    """(t, k): the most tokens one move takes and the most heaps it leaves, when the ruleset says so
    (finite octal/hex codes without ``!`` splits, finite subtraction sets), else None."""
    code = getattr(rules, "code", None)
    if code is not None and getattr(code, "finite", False) and not code.has_unequal:
        return code.last_digit, 3 if code.hexadecimal else 2
    subtractions = getattr(rules, "subtractions", None)
    if subtractions and getattr(rules, "finite", False) and not getattr(rules, "splits", False):
        return max(subtractions), 1
    return None
