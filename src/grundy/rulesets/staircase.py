"""Staircase Nim and the games that reduce to it.

- ``staircase``: stones on steps 1..m (a component ``s1,s2,...,sm``, step 1 nearest the ground);
  a move carries any positive number of stones from step i down to step i-1 (from step 1 they
  leave the game). Only odd steps count: its Grundy value is the xor of the odd steps, because a
  move on an even step can be undone by carrying the same stones one step further.
- ``georgia-bob`` (POJ 1704): pieces on a strip (component: their cells, e.g. ``1,2,3``); a piece
  moves left any number of cells without passing or landing on another. The gaps in front of the
  pieces, read from the last piece down, form a staircase.
- ``climbing-hill`` (HDU 4315): people on a hill at their distances from the top (component:
  distances, comma-joined, with the king's index first: ``k;d1,d2,...`` is written ``k,d1,d2,...``);
  a move carries one person up without passing anyone; below the top a place holds one person;
  whoever brings the king to the top wins.
- ``poker-nim``: Nim in which a player may also put back tokens they took before; the additions
  are reversible, so it is won exactly as Nim is.

>>> import grundy
>>> grundy.ruleset("staircase").grundy((3, 5, 2, 7))   # odd steps: 3 and 2
1

References: Winning Ways ch. 2 (staircase Nim); POJ 1704 Georgia and Bob; HDU 4315 Climbing the
Hill; Winning Ways ch. 2 (Poker Nim).
"""

from __future__ import annotations

from collections.abc import Iterator

from grundy.core.errors import ComponentError
from grundy.core.ruleset import Option, Ruleset, Shape, Verdict
from grundy.rulesets.nim import Nim
from grundy.rulesets.registry import register


def odd_step_xor(steps: tuple[int, ...]) -> int:
    """The xor of the stones on steps 1, 3, 5, ... (``steps[0]`` is step 1)."""
    x = 0
    for s in steps[::2]:
        x ^= s
    return x


class Staircase(Ruleset):
    """Staircase Nim: carry stones one step down; the value is the xor of the odd steps."""

    shape = Shape.PILES
    component_kind = "stones on steps 1, 2, ..., comma-joined"
    component_noun = "staircase"
    value_rule = "staircase Nim: the value is the xor of the stones on odd steps (even-step moves are reversible)"

    def moves(self, steps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for i, count in enumerate(steps):
            for c in range(1, count + 1):
                moved = list(steps)
                moved[i] -= c
                if i > 0:
                    moved[i - 1] += c
                yield tuple(moved)

    def grundy(self, steps: tuple[int, ...]) -> int:
        return odd_step_xor(self.validate(steps))

    def moves_to_value(self, steps: tuple[int, ...], target: int) -> Iterator[Option]:
        steps = self.validate(steps)
        current = odd_step_xor(steps)
        for i in range(len(steps)):
            if i % 2 == 0:  # an odd step: take stones off it (down to an even step)
                want = steps[i] ^ current ^ target
                if want < steps[i]:
                    moved = list(steps)
                    moved[i] = want
                    if i > 0:
                        moved[i - 1] += steps[i] - want
                    yield (tuple(moved),)
            elif steps[i]:  # an even step: add stones to the odd step below
                want = steps[i - 1] ^ current ^ target
                if steps[i - 1] < want <= steps[i - 1] + steps[i]:
                    moved = list(steps)
                    moved[i - 1] = want
                    moved[i] -= want - steps[i - 1]
                    yield (tuple(moved),)


def strip_to_staircase(cells: tuple[int, ...]) -> tuple[int, ...]:
    """Georgia and Bob: the empty cells in front of each piece, from the last piece down.

    >>> strip_to_staircase((1, 2, 3))
    (0, 0, 0)
    >>> strip_to_staircase((1, 5, 6, 9))   # gaps 0, 3, 0, 2, read from the right
    (2, 0, 3, 0)
    """
    ordered = sorted(cells)
    gaps = [b - a - 1 for a, b in zip([0, *ordered], ordered, strict=False)]
    return tuple(reversed(gaps))


class GeorgiaBob(Ruleset):
    """Pieces on a strip move left without passing each other (POJ 1704): staircase Nim on gaps."""

    shape = Shape.PILES
    component_kind = "the cells (1, 2, ...) of the pieces on one strip, comma-joined, all different"
    component_noun = "strip"
    value_rule = ("Georgia and Bob: the gaps in front of the pieces, counted from the last piece, are a "
                  "staircase; the value is the xor of gaps 1, 3, 5, ... from the right")

    def check(self, cells: tuple[int, ...]) -> tuple[int, ...]:
        if 0 in cells or len(set(cells)) != len(cells):
            raise ComponentError(f"{self.spec}: pieces stand on different cells 1, 2, ...; got {cells}")
        return tuple(sorted(cells))

    def moves(self, cells: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for i, cell in enumerate(cells):
            floor = cells[i - 1] if i else 0
            for to in range(floor + 1, cell):
                yield cells[:i] + (to,) + cells[i + 1:]

    def grundy(self, cells: tuple[int, ...]) -> int:
        return odd_step_xor(strip_to_staircase(self.validate(cells)))


class ClimbingHill(Ruleset):
    """Climbing the Hill (HDU 4315): bring the king to the top to win.

    A component is ``k,d1,d2,...``: the king is the k-th person (1-based) and the d's are the
    distances of the people from the top, nearest first (all different and positive). Only one
    component makes sense (a single hill), so this ruleset answers by its position rule:
    with the king first the player to move wins at once; with the king second and an odd number
    of people the person at the top may not be brought up first, so the pairing shifts by one;
    otherwise it is Georgia and Bob on the distances, the top as the left end.
    """

    shape = Shape.PILES
    component_kind = "k,d1,d2,...: the king's place k (1-based) then the distances from the top, nearest first"
    component_noun = "hill"
    value_rule = "Climbing the Hill: pair the climbers from the back, as in Georgia and Bob"

    def check(self, hill: tuple[int, ...]) -> tuple[int, ...]:
        king, dists = hill[0], hill[1:]
        if not dists or not 1 <= king <= len(dists):
            raise ComponentError(f"{self.spec}: write k,d1,...,dn with 1 <= k <= n; got {hill}")
        below_top = [d for d in dists if d]
        if len(set(below_top)) != len(below_top) or list(dists) != sorted(dists):
            raise ComponentError(f"{self.spec}: distances must increase, only the top (0) may hold several; "
                                 f"got {dists}")
        return hill

    def moves(self, hill: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Carry one climber up, not past the one ahead (only the top holds several); none once
        the king is on top (the player who brought him there has won)."""
        king, dists = hill[0], hill[1:]
        if dists[king - 1] == 0:
            return
        for i, d in enumerate(dists):
            ahead = dists[i - 1] if i else 0
            for to in range(0 if ahead == 0 else ahead + 1, d):
                yield (king, *dists[:i], to, *dists[i + 1:])

    def position_rule(self, components: list) -> Verdict | None:
        if len(components) != 1:
            return None
        hill = components[0]
        outcome, why = self._rule(hill)
        moves = []
        if outcome == "N" and sum(hill[1:]) <= 100_000:
            moves = [(0, (after,), "leaves the opponent lost: " + self._rule(after)[1])
                     for after in self.moves(hill) if self._rule(after)[0] == "P"]
        return Verdict(outcome, f"Climbing the Hill: {why}.", moves)

    def _rule(self, hill: tuple[int, ...]) -> tuple[str, str]:
        king, dists = hill[0], hill[1:]
        if dists[king - 1] == 0:
            return "P", "the king is on the top: the previous player has won"
        on_top = dists.count(0)  # climbers on the top neither move nor block: leave them out
        king, dists = king - on_top, dists[on_top:]
        if king == 1:
            return "N", "the king is nearest the top, so he climbs at once and wins"
        cells = list(dists)
        if king == 2 and len(cells) % 2 == 1:
            cells[0] -= 1  # the first climber may go no higher than just below the top
        value = odd_step_xor(strip_to_staircase(tuple(c + 1 for c in cells)))
        return ("N" if value else "P"), f"as Georgia and Bob on the distances, the paired gaps xor to {value}"


class PokerNim(Nim):
    """Poker Nim: as Nim, and a player may add back tokens; whoever wins Nim undoes each addition."""

    value_rule = ("Poker Nim: additions are reversible (the winner takes them away again), so a heap of n "
                  "is worth n, as in Nim (Bouton)")


@register("staircase", "staircase games", {"": "carry stones one step down a staircase (component: steps 1,2,...)"},
          examples=("staircase 3,1,2 0,4", "staircase 2,2,2"))
def _staircase(params: str | None) -> Staircase:
    return Staircase()


@register("georgia-bob", "staircase games", {"": "pieces on a strip move left without passing (POJ 1704)"},
          examples=("georgia-bob 1,3,6 2,5", "georgia-bob 1,2,4"))
def _georgia(params: str | None) -> GeorgiaBob:
    return GeorgiaBob()


@register("climbing-hill", "staircase games", {"": "bring the king to the top of the hill to win (HDU 4315)"},
          examples=("climbing-hill 1,2,4,7", "climbing-hill 2,1,3,6"))
def _climbing(params: str | None) -> ClimbingHill:
    return ClimbingHill()


@register("poker-nim", "staircase games", {"": "Nim where taken tokens may be put back (reversible moves)"},
          examples=("poker-nim 3 4 5", "poker-nim 2 2"))
def _poker(params: str | None) -> PokerNim:
    return PokerNim()
