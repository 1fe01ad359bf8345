"""Games won by a pairing (copy-cat) strategy: the coin circle and the new stone game.

- ``coin-circle:K`` — n coins in a ring, all heads; a move turns 1..K adjacent heads to tails
  (HDU 3951, *Coin Game*). The first move opens the ring into a row, and a row is the octal game
  0.77…7 (K sevens). A component is ``n,1`` (a ring of n coins) or ``n,0`` (a row of n coins).
  With K >= 2 every non-empty row is won by the player to move (take the middle one or two coins,
  then copy the opponent's moves in the mirror half), so a ring of n > K coins is lost for the
  player to move; with K = 1 everything goes by the parity of n.
- ``new-stone`` — heaps in a line; a move throws away at least one stone of one heap, then may move
  any of that heap's remaining stones onto other non-empty heaps (POJ 1740, *A New Stone Game*).
  A component is the whole game (all heaps, comma-joined). The player to move loses exactly when
  the non-empty heaps can be matched into pairs of equal heaps (the copy-cat strategy).

>>> import grundy
>>> grundy.solve("coin-circle:2", [(3, 1)]).outcome, grundy.solve("coin-circle:1", [(3, 1)]).outcome
('P', 'N')
>>> grundy.solve("new-stone", [(2, 1, 3)]).outcome, grundy.solve("new-stone", [(4, 1, 4, 1)]).outcome
('N', 'P')

References: HDU 3951 (Coin Game); POJ 1740 (A New Stone Game); Winning Ways ch. 2 (Tweedledum
and Tweedledee, the copy-cat strategy) and ch. 4 (octal games).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from grundy.core.errors import ComponentError
from grundy.core.nimber import mex
from grundy.core.ruleset import Option, Ruleset, Shape, Verdict
from grundy.rulesets.registry import parse_positive, register

FAMILY = "pairing strategies"


# -- the coin circle ---------------------------------------------------------------------------------
class CoinCircle(Ruleset):
    """Turn 1..K adjacent heads of a ring (``n,1``) or a row (``n,0``) of n heads to tails.

    Tails never turn back, so a ring of n heads with t turned is a row of n - t heads, and turning
    t heads of a row of n leaves two rows (either may be empty): a row is the octal game 0.77…7.

    Closed forms (checked against the definition in the tests):

    - K = 1: G(ring n) = G(row n) = n mod 2.
    - K >= 2, row: values of the octal game 0.77…7; the row is lost only when empty (the player to
      move takes the middle one or two heads and copies every later move in the other half).
    - K >= 2, ring of n > K: every move leaves a non-empty row, worth non-zero, so G = 0;
      a ring of n <= K: the mex of the rows 0..n-1 (n - 1, ..., 0 heads left), which contains 0.

    >>> import grundy
    >>> circle = grundy.ruleset("coin-circle:3")
    >>> [circle.grundy((n, 1)) for n in range(1, 7)], [circle.grundy((n, 0)) for n in range(7)]
    ([1, 2, 3, 0, 0, 0], [0, 1, 2, 3, 4, 1, 6])

    Reference: HDU 3951, Coin Game.
    """

    shape = Shape.PAIR
    splits = True
    component_kind = "n,1 (a ring of n coins) or n,0 (a row of n coins)"
    component_noun = "ring"

    def __init__(self, k: int) -> None:
        from grundy.rulesets.octal_codes import parse_code
        from grundy.rulesets.takebreak import TakeBreak

        super().__init__()
        self.k = k
        self.line = TakeBreak(parse_code("0." + "7" * k))  # the rows
        self.line.spec = "octal:0." + "7" * k
        self.value_rule = (
            f"coin circle, turn 1..{k} adjacent coins: G = n mod 2" if k == 1 else
            f"coin circle, turn 1..{k} adjacent coins: a row is octal 0.{'7' * k}, won whenever non-empty "
            f"(mirror play), so a ring of n > {k} coins is worth 0")

    def check(self, component: tuple[int, int]) -> tuple[int, int]:
        if component[1] not in (0, 1):
            raise ComponentError(f"{self.spec}: {self.format_component(component)!r} is not a component: write "
                                 "n,1 for a ring of n coins or n,0 for a row (the second number is 0 or 1)")
        return component

    def moves(self, component: tuple[int, int]) -> Iterator[tuple]:
        n, ring = component
        for t in range(1, min(self.k, n) + 1):
            if ring:
                yield ((n - t, 0),) if n > t else ()
            else:
                for left in range((n - t) // 2 + 1):
                    yield tuple((x, 0) for x in (left, n - t - left) if x)

    def _row(self, n: int) -> int:
        return n % 2 if self.k == 1 else self.line.grundy(n)

    def grundy(self, component: tuple[int, int]) -> int:
        n, ring = self.validate(component)
        if not ring:
            return self._row(n)
        if self.k == 1:
            return n % 2
        if n > self.k:
            return 0
        return mex(self._row(n - t) for t in range(1, n + 1))

    def moves_to_value(self, component: tuple[int, int], target: int) -> Iterator[Option]:
        n, ring = self.validate(component)
        if ring and target == 0 and self.k >= 2:  # only the empty row is worth 0: turn the whole ring
            if n <= self.k:
                yield ()
            return
        yield from super().moves_to_value(component, target)


@register("coin-circle", FAMILY, {
    "K": "n coins in a ring (component n,1) or a row (n,0); turn 1..K adjacent heads to tails (HDU 3951)",
}, examples=("coin-circle:2 5,0 4,1", "coin-circle:1 3,1 4,0"))
def _coin_circle(params: str | None) -> CoinCircle:
    from grundy.rulesets.octal_codes import MAX_CODE_DIGITS

    return CoinCircle(parse_positive(params, "coin-circle", maximum=MAX_CODE_DIGITS))


# -- the new stone game -----------------------------------------------------------------------------------
def pairs_up(heaps: tuple[int, ...] | list[int]) -> bool:
    """Whether the non-empty heaps can be matched into pairs of equal heaps.

    >>> pairs_up((1, 4, 4, 1)), pairs_up((2, 2, 2)), pairs_up((0, 3, 3))
    (True, False, True)
    """
    counts: dict[int, int] = {}
    for h in heaps:
        if h:
            counts[h] = counts.get(h, 0) ^ 1
    return not any(counts.values())


def _spread(stones: int, slots: int) -> Iterator[tuple[int, ...]]:
    """Every way to put ``stones`` stones into ``slots`` numbered places (a tuple of counts)."""
    for chosen in combinations_with_replacement(range(slots), stones):
        added = [0] * slots
        for i in chosen:
            added[i] += 1
        yield tuple(added)


class NewStone(Ruleset):
    """POJ 1740: throw away at least one stone of a heap, then move any of its remaining stones onto
    other non-empty heaps; whoever cannot move (no stones left) loses.

    A component is the whole game, its heaps comma-joined (kept sorted, empty heaps dropped). The
    player to move loses exactly when the heaps pair up into equal pairs: the opponent copies each
    move on the twin heap, and from any other position one move reaches such a pairing —

    - an odd number of heaps h1 <= ... <= hn: empty hn, using its stones to raise h1 to h2, h3 to
      h4, ... (this needs at most h(n-1) - h1 < hn stones, so at least one is thrown away);
    - an even number, not paired: cut hn to h1 and raise h2 to h3, h4 to h5, ... from it.

    :meth:`position_rule` answers a single game this way (listing that one winning move); sums of
    several games are valued from the definition.

    >>> import grundy
    >>> s = grundy.solve("new-stone", [(1, 2, 5)])
    >>> s.outcome, s.winning_moves[0].text
    ('N', '1,2,5 -> 2,2')

    Reference: POJ 1740, A New Stone Game.
    """

    shape = Shape.PILES
    splits = True
    component_kind = "the heap sizes of one game, comma-joined (e.g. 3,1,4,2)"
    component_noun = "game"
    value_rule = ("new stone game (POJ 1740): the player to move loses iff the heaps pair up into equal pairs "
                  "(copy-cat); Grundy values of sums from the definition")

    def check(self, heaps: tuple[int, ...]) -> tuple[int, ...]:
        kept = tuple(sorted(h for h in heaps if h))
        return kept or (0,)

    def moves(self, heaps: tuple[int, ...]) -> Iterator[tuple]:
        heaps = tuple(h for h in heaps if h)
        seen: set[tuple[int, ...]] = set()
        for i, a in enumerate(heaps):
            if i and heaps[i - 1] == a:
                continue  # the same heap size again: the same moves
            others = heaps[:i] + heaps[i + 1:]
            for moved in range(a if others else 1):  # stones carried to the other heaps
                for added in _spread(moved, len(others)):
                    raised = [h + d for h, d in zip(others, added, strict=True)]
                    for kept in range(a - moved):  # stones left in the heap (at least one thrown away)
                        left = tuple(sorted(raised + ([kept] if kept else [])))
                        if left not in seen:
                            seen.add(left)
                            yield (left,) if left else ()

    def position_rule(self, components: list) -> Verdict | None:
        if len(components) != 1:
            return None
        heaps = tuple(h for h in components[0] if h)
        if pairs_up(heaps):
            return Verdict("P", "New stone game: the heaps pair up into equal pairs, so the opponent copies "
                           "every move on the twin heap and the player to move loses.", [], grundy=0)
        move = _pairing_move(heaps)
        why = "leaves heaps that pair up into equal pairs"
        return Verdict("N", "New stone game: the heaps do not pair up into equal pairs, so one move makes them "
                       "pair up and the player to move wins.", [(0, (move,) if move else (), why)],
                       complete=False)


def _pairing_move(heaps: tuple[int, ...]) -> tuple[int, ...]:
    """What a winning move leaves from heaps that do not pair up (sorted, empty heaps dropped)."""
    h = sorted(heaps)
    n = len(h)
    if n % 2:  # empty the largest heap, raising h1 to h2, h3 to h4, ...
        left = h[:-1]
        for i in range(0, n - 1, 2):
            left[i] = left[i + 1]
    else:  # cut the largest to h1, raising h2 to h3, h4 to h5, ...
        left = h[:-1] + [h[0]]
        for i in range(1, n - 2, 2):
            left[i] = left[i + 1]
    return tuple(sorted(left))


@register("new-stone", FAMILY, {
    "": "throw away stones of one heap, then move any of its rest onto other non-empty heaps "
        "(POJ 1740; component: all heaps, comma-joined)",
}, examples=("new-stone 3,1,4,2", "new-stone 2,2 1,3"))
def _new_stone(params: str | None) -> NewStone:
    return NewStone()
