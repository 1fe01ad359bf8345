"""Nim: take any positive number of tokens from one heap (Bouton 1901).

Bouton's theorem: a heap of ``n`` has Grundy value ``n``, so a position is a loss for the player
to move exactly when the xor (nim-sum) ``s`` of its heaps is 0; otherwise each heap ``a`` with
``a xor s < a`` gives one winning move, to ``a xor s``.

>>> import grundy
>>> grundy.solve("nim", [3, 4, 5]).winning_moves[0].option
(1,)

Reference: C. L. Bouton, *Nim, a game with a complete mathematical theory*, Annals of Math. 3 (1901).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from grundy.core import limits
from grundy.core.ruleset import Option, Ruleset, Verdict, whole_count
from grundy.rulesets.registry import register


class Nim(Ruleset):
    """Nim: a move takes any positive number of tokens from one heap."""

    closed_form = "values"  # value_rule states a theorem for every component
    value_rule = "Bouton's theorem: a heap of n tokens is worth n"

    def moves(self, heap: int) -> range:
        return range(heap)

    def grundy(self, heap: int) -> int:
        return self.validate(heap)

    def values(self, n: int) -> np.ndarray:
        n = whole_count(n, "values(n)")
        limits.check_values(n, f"a table of {self.spec}", itemsize=8)
        return np.arange(n, dtype=np.int64)

    def moves_to_value(self, heap: int, target: int) -> Iterator[Option]:
        if 0 <= target < self.validate(heap):
            yield (target,)

    def misere_outcome(self, heap: int) -> str:
        return "P" if self.validate(heap) == 1 else "N"

    def misere_rule(self, heaps: list) -> Verdict:
        from grundy.core.misere import anti_nim

        return anti_nim(self, heaps)


@register("nim", "heap games", {"": "take any positive number of tokens from one heap (Bouton)"},
          examples=("nim 3 4 5", "nim 1 2 3"))
def _nim(params: str | None) -> Nim:
    return Nim()
