"""Moore's Nim (Nim-K): a move takes tokens from up to K heaps at once.

A move chooses between 1 and K heaps and takes a positive number of tokens from each. Moore's
theorem: the player to move loses iff, in every binary column, the number of heaps with a 1 is a
multiple of K + 1 (K = 1 is Bouton's theorem). A move touches several heaps, so a position is not
a sum: the whole list of heaps is one component (``3,5,6``).

A winning move is built column by column from the top bit: heaps already lowered are free below,
and each column is brought to a multiple of K + 1 by lowering at most K heaps in all (Moore 1910).

>>> import grundy
>>> grundy.solve("moore:2", [(1, 2, 3)]).outcome
'N'
>>> grundy.solve("moore:2", [(3, 3, 3)]).outcome
'P'

Reference: E. H. Moore, *A generalization of the game called Nim*, Annals of Math. 11 (1910).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from grundy.core.errors import LimitError
from grundy.core.ruleset import Ruleset, Shape, Verdict
from grundy.rulesets.registry import parse_positive, register

ENUMERATION_LIMIT = 200_000  # list every winning move when there are at most this many moves


def column_counts(heaps: tuple[int, ...]) -> list[int]:
    """How many heaps have a 1 in each binary column, lowest bit first."""
    top = max(heaps, default=0).bit_length()
    return [sum(h >> b & 1 for h in heaps) for b in range(top)]


def is_p_position(heaps: tuple[int, ...], k: int) -> bool:
    """Moore's criterion: every column count is a multiple of k + 1."""
    return all(c % (k + 1) == 0 for c in column_counts(heaps))


def winning_move(heaps: tuple[int, ...], k: int) -> tuple[int, ...] | None:
    """One move to a P-position (the heaps after it), or None from a P-position."""
    if is_p_position(heaps, k):
        return None
    new = list(heaps)
    free: list[int] = []  # heaps already lowered: their lower bits may be set freely
    for b in reversed(range(max(heaps).bit_length())):
        bit = 1 << b
        for i in free:
            new[i] &= ~bit
        ones = [i for i in range(len(heaps)) if i not in free and new[i] & bit]
        excess = len(ones) % (k + 1)
        if len(free) + excess <= k:
            for i in ones[:excess]:
                new[i] &= ~bit
                free.append(i)
        else:
            for i in free[: k + 1 - excess]:
                new[i] |= bit
    return tuple(new)


class MooreNim(Ruleset):
    """Nim in which up to K heaps may be reduced in one move (the component is the whole list)."""

    shape = Shape.PILES
    component_kind = "the heaps of the position, comma-joined (a move can touch several)"
    component_noun = "position"

    def __init__(self, k: int) -> None:
        super().__init__()
        self.k = k
        self.value_rule = (f"Moore's Nim-{k}: lost iff every binary column holds a multiple of {k + 1} ones")

    def moves(self, heaps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        live = [i for i, h in enumerate(heaps) if h]
        for size in range(1, min(self.k, len(live)) + 1):
            for chosen in combinations(live, size):
                for takes in product(*(range(1, heaps[i] + 1) for i in chosen)):
                    after = list(heaps)
                    for i, t in zip(chosen, takes, strict=True):
                        after[i] -= t
                    yield tuple(after)

    def move_count(self, heaps: tuple[int, ...]) -> int:
        """How many moves there are (products over the chosen heaps of their sizes)."""
        total = 0
        live = [h for h in heaps if h]
        for size in range(1, min(self.k, len(live)) + 1):
            for chosen in combinations(live, size):
                p = 1
                for h in chosen:
                    p *= h
                total += p
        return total

    def grundy(self, heaps: tuple[int, ...]) -> int:
        heaps = self.validate(heaps)
        if is_p_position(heaps, self.k):
            return 0
        if self.move_count(heaps) > ENUMERATION_LIMIT:
            raise LimitError(f"{self.spec}: Grundy values of large Moore positions are not computed; "
                             "the position alone is solved by Moore's theorem")
        return self.brute_grundy(heaps)

    def position_rule(self, components: list) -> Verdict | None:
        if len(components) != 1:
            return None
        heaps = components[0]
        counts = column_counts(heaps)
        shown = ", ".join(f"2^{b}: {c}" for b, c in reversed(list(enumerate(counts))) if c) or "all heaps empty"
        if is_p_position(heaps, self.k):
            return Verdict("P", f"Moore's theorem: column counts ({shown}) are all multiples of {self.k + 1}, "
                                "so the player to move loses.", [], grundy=0)
        why = f"every column count becomes a multiple of {self.k + 1}"
        if self.move_count(heaps) <= ENUMERATION_LIMIT:
            moves = [(0, (after,), why) for after in self.moves(heaps) if is_p_position(after, self.k)]
            complete = True
        else:
            moves, complete = [(0, (winning_move(heaps, self.k),), why)], False
        return Verdict("N", f"Moore's theorem: some column count ({shown}) is not a multiple of {self.k + 1}, "
                            "so the player to move wins.", moves, complete=complete)


@register("moore", "heap games", {
    "K": "Moore's Nim: take from up to K heaps at once (component: all heaps, comma-joined)",
}, examples=("moore:2 3,5,6", "moore:3 1,2,4,4"))
def _moore(params: str | None) -> MooreNim:
    return MooreNim(parse_positive(params, "moore"))
