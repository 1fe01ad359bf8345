"""Misère play (the last player to move loses): anti-Nim and the anti-SG (SJ) theorem.

- **Anti-Nim** (Bouton 1901): if every heap is 0 or 1, the player to move wins iff the number of
  heaps of 1 is even; otherwise iff the nim-sum is not 0.
- **SJ theorem** (Jia Zhihao 2009, anti-SG): for a sum of impartial games in which every
  position of Grundy value 0 is terminal (the game ends exactly when all values are 0), the player
  to move wins iff (the nim-sum is not 0 and some component is worth more than 1) or (the
  nim-sum is 0 and no component is worth more than 1). Where that condition fails, grundy searches
  the whole position instead (:mod:`grundy.core.search`), never a wrong shortcut.

>>> from grundy import ruleset
>>> anti_nim(ruleset("nim"), [1, 1, 1]).outcome, anti_nim(ruleset("nim"), [1, 2, 4]).outcome
('P', 'N')
"""

from __future__ import annotations

from collections import deque
from itertools import islice
from typing import Any

from grundy.core.ruleset import Ruleset, Verdict

REACH_LIMIT = 100_000  # components examined to decide whether the SJ theorem applies
MOVE_LIMIT = 2_000_000  # moves examined to decide it


def _sj_outcome(values: list[int]) -> str:
    total = 0
    for v in values:
        total ^= v
    big = any(v > 1 for v in values)
    return "N" if (total != 0) == big else "P"


def anti_nim(rules: Ruleset, heaps: list[int]) -> Verdict:
    """Misère Nim with every winning move, in time linear in the number of heaps."""
    total = 0
    for h in heaps:
        total ^= h
    large = [i for i, h in enumerate(heaps) if h > 1]
    ones = sum(1 for h in heaps if h == 1)
    moves: list[tuple[int, tuple, str]] = []
    if not large:
        outcome = "N" if ones % 2 == 0 else "P"
        why = f"every heap is 0 or 1, with {_ones(ones)} ({'even' if ones % 2 == 0 else 'odd'})"
        if outcome == "N":
            moves = [(i, (0,), "leaves an odd number of heaps of 1") for i, h in enumerate(heaps) if h == 1]
    elif len(large) == 1:
        outcome = "N"  # the large heap alone sets its top bit, so the nim-sum is not 0
        i = large[0]
        keep = 1 if ones % 2 == 0 else 0
        why = f"exactly one heap exceeds 1, so the nim-sum {total} is not 0"
        moves = [(i, (keep,), f"leaves {_ones(ones + keep)} (odd) and nothing larger")]
    else:
        outcome = "N" if total else "P"
        why = f"{len(large)} heaps exceed 1 and the nim-sum is {total}: play as in normal Nim"
        if total:
            moves = [(i, (h ^ total,), f"{h} ^ {total} = {h ^ total}: the nim-sum becomes 0 and a heap > 1 remains")
                     for i, h in enumerate(heaps) if h ^ total < h]
    verb = "wins" if outcome == "N" else "loses"
    return Verdict(outcome, f"Anti-Nim (misère Nim, Bouton): {why}, so the player to move {verb}.", moves)


def _ones(count: int) -> str:
    return f"{count} heap{'' if count == 1 else 's'} of 1"


def sj_applies(rules: Ruleset, components: list[Any]) -> bool:
    """Whether every component reachable from ``components`` that is worth 0 is terminal (the
    condition of the SJ theorem).

    Every component that moves can reach is examined, breadth first, larger heaps included (a move
    may go up). Past :data:`REACH_LIMIT` components or :data:`MOVE_LIMIT` moves the answer is
    False: the theorem is not used and the caller searches the whole position instead.

    >>> import grundy
    >>> up = grundy.impartial(lambda n: {1: [0, 7], 7: [8], 8: [9, 10], 10: [11]}.get(n, []))
    >>> sj_applies(up, [1])      # heap 7 is worth 0 and still has a move
    False
    """
    seen = set(components)
    todo = deque(seen)
    moving = []  # the reachable components that have a move
    budget = MOVE_LIMIT
    while todo:  # first what is reachable, within the limits; then the values (they need all of it)
        c = todo.popleft()
        options = list(islice(rules.options(c), budget + 1))
        budget -= len(options)
        if budget < 0:
            return False
        if options:
            moving.append(c)
        for option in options:
            for d in option:
                if d not in seen:
                    if len(seen) >= REACH_LIMIT:
                        return False
                    seen.add(d)
                    todo.append(d)
    return all(rules.grundy(c) != 0 for c in moving)


def sj_theorem(rules: Ruleset, components: list[Any]) -> Verdict | None:
    """The SJ-theorem answer for a misère sum, or None where the theorem's condition fails."""
    if not sj_applies(rules, components):
        return None
    values = [rules.grundy(c) for c in components]
    outcome = _sj_outcome(values)
    total = 0
    for v in values:
        total ^= v
    big = [v for v in values if v > 1]
    moves = []
    if outcome == "N":
        for i, c in enumerate(components):
            rest = values[:i] + values[i + 1:]
            for option in rules.options(c):
                after = rest + [rules.grundy(x) for x in option]
                if _sj_outcome(after) == "P":
                    moves.append((i, option, f"leaves values {after}, a misère P-position by the SJ theorem"))
    condition = ("the nim-sum is not 0 and some value exceeds 1" if total and big else
                 "the nim-sum is 0 and no value exceeds 1" if not total and not big else
                 "the nim-sum is 0 but a value exceeds 1" if not total else
                 "the nim-sum is not 0 but no value exceeds 1")
    verb = "wins" if outcome == "N" else "loses"
    return Verdict(outcome, f"SJ theorem (anti-SG; every position worth 0 here is terminal): values {values}, "
                            f"{condition}, so the player to move {verb}.", moves, grundy=None)
