"""Games on a whole row of piles, where one move may touch several piles (AtCoder problems).

A component is the whole tuple of piles (``shape = Shape.PILES``), since a move changes several piles at
once; the moves follow the definition, the Grundy values come from the engine, and each ruleset
has a fast rule for the outcome of a single game (``position_rule``), checked against the
definition in the tests.

- ``harlequin`` — eat one apple of each colour in any non-empty set of colours (CADDi 2018 B,
  *Harlequin*): the player to move loses iff every count is even.
- ``candy-piles`` — eat the whole largest pile, or one candy from every pile; whoever eats the last
  candy loses (AGC 002 E, *Candy Piles*): the staircase (Young diagram) and its diagonal.
- ``decrementing`` — subtract 1 from a number >= 2, then divide all numbers by their gcd (AGC 010 D,
  *Decrementing*): the parity of the number of even numbers, with a recursion when one odd is left.

>>> import grundy
>>> [grundy.solve(spec, [c]).outcome for spec, c in
...  [("harlequin", (1, 2)), ("candy-piles", (1, 2, 3)), ("decrementing", (7, 8, 8, 8, 8))]]
['N', 'P', 'P']

References: CADDi 2018 problem D (task caddi2018_b) "Harlequin"; AtCoder Grand Contest 002 E
"Candy Piles" and 010 D "Decrementing", with their editorials.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import gcd

import numpy as np

from grundy.core.errors import ComponentError, LimitError
from grundy.core.ruleset import Ruleset, Shape, Verdict
from grundy.rulesets.registry import register

FAMILY = "pile rows from contests"
MAX_STATES = 2_000_000  # states the engine may visit for one of these games (values from the definition)
MAX_LISTED_NUMBERS = 1_000_000  # winning moves listed for a large game: at most this many numbers in all


class _WholeRow(Ruleset):
    """Shared parts: a component is a tuple of numbers; the engine is bounded."""

    shape = Shape.PILES
    component_noun = "game"
    engine_states = MAX_STATES

    def _reject(self, numbers: tuple[int, ...], why: str) -> ComponentError:
        return ComponentError(f"{self.format_component(numbers)!r} is not a component of {self.spec}: {why}")

    def check(self, numbers: tuple[int, ...]) -> tuple[int, ...]:
        if not numbers:
            raise ComponentError(f"an empty tuple is not a component of {self.spec}: expected {self.component_kind}")
        return numbers


def _listed(count: int, size: int) -> int:
    """How many winning moves of a game of ``size`` numbers to list (each is a whole tuple)."""
    return min(count, max(1, MAX_LISTED_NUMBERS // max(size, 1)))


# -- Harlequin ------------------------------------------------------------------------------------------
MAX_COLOURS = 16  # the moves of a game are the 2^k - 1 non-empty sets of its k non-empty colours


def harlequin_outcome(counts: tuple[int, ...] | list[int]) -> str:
    """``"P"`` if every count is even (the player to move loses), else ``"N"`` (CADDi 2018 B).

    From a position with an odd count, eating one apple of exactly the odd colours leaves all counts
    even; from all-even counts every move makes some count odd. The player facing all zeros (even)
    has no move and loses.

    >>> harlequin_outcome((1, 2)), harlequin_outcome((100000, 30000, 20000))
    ('N', 'P')
    """
    return "N" if any(c % 2 for c in counts) else "P"


class Harlequin(_WholeRow):
    """Apples of N colours: a move eats one apple of each colour in a non-empty set of colours.

    A component is the tuple of counts. The player who eats the last apple wins (normal play).
    Grundy values come from the definition (they have no simple form: G(1, 1, 2) = 4); the outcome
    of one game is the parity rule of :func:`harlequin_outcome`.

    >>> import grundy
    >>> rules = grundy.ruleset("harlequin")
    >>> list(rules.moves((1, 2))), rules.grundy((1, 2))
    ([(0, 2), (1, 1), (0, 1)], 3)
    >>> grundy.solve(rules, [(3, 2, 5)]).winning_moves[0].text
    '3,2,5 -> 2,2,4'
    """

    component_kind = "the apple counts of the colours c1,c2,... (non-negative integers), e.g. 1,2"
    outcome_rule = ("Harlequin (CADDi 2018 B): the player to move loses iff every count is even "
                    "(eating one apple of each odd colour leaves all even; from all even every move makes one odd)")
    value_rule = ("Harlequin (CADDi 2018 B): values from the definition (mex of the options); one game alone is "
                  "lost for the player to move iff every count is even")

    def moves(self, counts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        full = [i for i, c in enumerate(counts) if c]
        if len(full) > MAX_COLOURS:
            raise LimitError(f"{self.spec}: {len(full)} non-empty colours have 2^{len(full)} - 1 moves; grundy lists "
                             f"them for at most {MAX_COLOURS} (the outcome of one game needs no moves: "
                             "the parity rule)")
        for chosen in range(1, 1 << len(full)):
            after = list(counts)
            for bit, i in enumerate(full):
                if chosen >> bit & 1:
                    after[i] -= 1
            yield tuple(after)

    def position_rule(self, components: list) -> Verdict | None:
        if len(components) != 1:
            return None  # a sum of several games: Grundy values
        counts = components[0]
        outcome = harlequin_outcome(counts)
        odd = [i + 1 for i, c in enumerate(counts) if c % 2]
        if outcome == "P":
            return Verdict("P", f"{self.outcome_rule}. Every count is even: the player to move loses.", grundy=0)
        option = (tuple(c - c % 2 for c in counts),)
        shown = ", ".join(map(str, odd[:10])) + (", ..." if len(odd) > 10 else "")
        why = f"eat one apple of each odd colour ({shown}): every count is then even"
        return Verdict("N", f"{self.outcome_rule}. Colour(s) {shown} have an odd count: the player to move wins.",
                       [(0, option, why)])


@register("harlequin", FAMILY, {
    "": "apples of several colours: eat one apple of each colour in a non-empty set of colours; "
        "the last apple wins (CADDi 2018 B; component 1,2)",
}, examples=("harlequin 1,2 2,2", "harlequin 3,1,2"))
def _harlequin(params: str | None) -> Harlequin:
    return Harlequin()


# -- Candy Piles -----------------------------------------------------------------------------------------
def candy_corner(piles: tuple[int, ...] | list[int]) -> tuple[int, int, int]:
    """``(k, up, right)`` for piles sorted from the largest: the diagonal of the staircase.

    Draw pile i (0-based, largest first) as a column of a[i] cells. Eating the largest pile removes
    the leftmost column, eating one from every pile removes the bottom row, so a game is a point
    (x, y) that moves right or up inside the staircase. (k, k) is the last cell of the diagonal from
    (0, 0); ``up`` counts the cells above it in its column, ``right`` the cells right of it in its row.

    >>> candy_corner((3, 2, 1)), candy_corner((3, 1))
    ((1, 0, 0), (0, 2, 1))
    """
    a = piles
    k = 0
    while k + 1 < len(a) and a[k + 1] > k + 1:
        k += 1
    right = 0
    while k + 1 + right < len(a) and a[k + 1 + right] > k:
        right += 1
    return k, a[k] - 1 - k, right


def candy_outcome(piles: tuple[int, ...] | list[int]) -> str:
    """Who wins Candy Piles (AGC 002 E; eating the last candy loses): ``"N"`` or ``"P"``, O(N log N).

    A cell of the staircase and the next cell on its diagonal have the same outcome (editorial,
    and the seed tutorial): if (x+1, y+1) loses, both moves from (x, y) lead to cells that move
    there, so (x, y) loses; if it wins, one of its moves, say to (x+1, y+2), loses, so (x, y+1)
    loses too and (x, y) wins. Past the diagonal's last cell (k, k) only one direction stays inside
    (the other move eats the last candy, which loses), so the player to move at (k, k) loses iff
    both ``up`` and ``right`` of :func:`candy_corner` are even.

    >>> candy_outcome([1, 3]), candy_outcome([1, 2, 1]), candy_outcome([1, 2, 3])
    ('N', 'N', 'P')
    """
    a = sorted((p for p in piles if p > 0), reverse=True)
    if not a:
        raise ComponentError("no candy is left: the game is over (the player who ate the last candy lost)")
    _, up, right = candy_corner(a)
    return "N" if up % 2 or right % 2 else "P"


class CandyPiles(_WholeRow):
    """Candy piles: eat every candy of the largest pile, or one candy from every pile; whoever eats
    the last candy loses (AtCoder AGC 002 E).

    A component is the tuple of non-empty piles, kept from the largest down. A move that eats the
    last candy loses on the spot, so a winner never makes it; leaving such moves out gives a
    normal-play game with the same outcomes (a game whose every move eats the last candy has no
    move here, and is lost). The moves are therefore those that leave some candy. Two different
    moves may leave the same piles (from 2,1 both leave 1); both are listed.

    >>> import grundy
    >>> rules = grundy.ruleset("candy-piles")
    >>> list(rules.moves((3, 1))), rules.grundy((1, 3)), list(rules.moves((1,)))
    ([(1,), (2,)], 2, [])
    >>> [m.text for m in grundy.solve(rules, [(1, 3)]).winning_moves]
    ['3,1 -> 1']
    """

    component_kind = "the piles a1,a2,... (non-negative integers, at least one candy), e.g. 1,3"
    outcome_rule = ("Candy Piles (AGC 002 E): on the staircase of the sorted piles, a cell has the outcome of the "
                    "next cell on its diagonal; from the last one (k, k) the player to move loses iff the cells "
                    "above it and the cells right of it are both even in number")
    value_rule = ("Candy Piles (AGC 002 E), eating the last candy left out: values from the definition (mex of the "
                  "options); one game alone by the diagonal of its staircase")

    def check(self, piles: tuple[int, ...]) -> tuple[int, ...]:
        super().check(piles)
        kept = tuple(sorted((p for p in piles if p), reverse=True))
        if not kept:
            raise self._reject(piles, "no candy is left (the game is over): expected at least one candy")
        return kept

    def _moves(self, piles: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], str]]:
        if len(piles) > 1:
            yield piles[1:], f"eat the largest pile ({piles[0]})"
        fewer = tuple(p - 1 for p in piles if p > 1)
        if fewer:
            yield fewer, "eat one candy from every pile"

    def moves(self, piles: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for after, _ in self._moves(piles):
            yield after

    def position_rule(self, components: list) -> Verdict | None:
        if len(components) != 1:
            return None  # a sum of several games: Grundy values
        piles = components[0]
        k, up, right = candy_corner(piles)
        corner = (f"the diagonal from 0,0 ends at cell {k},{k} with {up} cell(s) above it and {right} right of it")
        outcome = "N" if up % 2 or right % 2 else "P"
        moves = [(0, (after,), f"{what}: leaves {self.format_component(after)}, lost by the diagonal rule")
                 for after, what in self._moves(piles) if candy_outcome(after) == "P"]
        verdict = "the player to move wins" if outcome == "N" else "the player to move loses"
        return Verdict(outcome, f"{self.outcome_rule}. Here {corner}: {verdict}.", moves,
                       grundy=0 if outcome == "P" else None)


@register("candy-piles", FAMILY, {
    "": "eat the largest pile, or one candy from every pile; eating the last candy loses "
        "(AGC 002 E; component 1,2,3)",
}, examples=("candy-piles 1,3 2,2", "candy-piles 1,2,3"))
def _candy_piles(params: str | None) -> CandyPiles:
    return CandyPiles()


# -- Decrementing ----------------------------------------------------------------------------------------
def _divided(numbers: list[int]) -> list[int]:
    g = gcd(*numbers)
    return numbers if g == 1 else [x // g for x in numbers]


def _array(numbers: tuple[int, ...] | list[int] | np.ndarray) -> np.ndarray:
    """The numbers as int64 (object integers past 2^62, so nothing overflows)."""
    return np.array(numbers, dtype=np.int64 if max(numbers) < 1 << 62 else object)


def decrementing_outcome(numbers: tuple[int, ...] | list[int]) -> str:
    """Who wins Decrementing (AGC 010 D): ``"N"`` or ``"P"`` for numbers with gcd 1, O(N log max).

    With gcd 1 some number is odd, so a gcd that divides after a move is odd unless every number is
    even, and an odd gcd keeps every parity. Then (editorial): an odd count of even numbers wins
    (make an even number odd; answer each reply so that the count of evens stays even with at least
    two odd numbers); an even count loses when at least two numbers are odd or the only odd number
    is 1 (any move on an even number gives the opponent an odd count). Otherwise the only sensible
    move takes 1 from the single odd number, all numbers become even, the division halves them at
    least, and the outcome flips: at most log2(max) rounds.

    >>> decrementing_outcome([3, 6, 7]), decrementing_outcome([1, 2, 4, 8]), decrementing_outcome([7, 8, 8, 8, 8])
    ('N', 'N', 'P')
    """
    a = _array(numbers)
    flipped = False
    while True:
        odd = a & 1
        odds = int(np.count_nonzero(odd))
        if (len(a) - odds) % 2:
            outcome = "N"
            break
        if odds != 1 or a[int(np.argmax(odd))] == 1:
            outcome = "P"
            break
        a = a - odd  # the forced move: 1 from the only odd number; then all are even
        a //= np.gcd.reduce(a)
        flipped = not flipped
    return ("P" if outcome == "N" else "N") if flipped else outcome


def decrementing_winning_moves(numbers: tuple[int, ...] | list[int]) -> list[int]:
    """The indices i of the winning moves (subtract 1 from number i), O(N log max).

    The gcd after each move comes from prefix and suffix gcds; with an odd gcd the parities are
    those of the numbers with one changed, so the count of evens and odds decides, and only the
    (at most three) moves that leave a single odd number > 1 or all numbers even need the recursion.

    >>> decrementing_winning_moves([3, 6, 7]), decrementing_winning_moves([7, 8, 8, 8, 8])
    ([1, 2], [])
    """
    a = _array(numbers)
    n = len(a)
    zero = np.zeros(1, dtype=a.dtype)
    left = np.concatenate([zero, np.gcd.accumulate(a)[:-1]])  # gcd of the numbers before i
    right = np.concatenate([np.gcd.accumulate(a[::-1])[::-1][1:], zero])  # ... and after i
    g = np.gcd(np.gcd(left, right), a - 1)  # the gcd after the move on i
    odd = (a & 1).astype(bool)
    odds = int(np.count_nonzero(odd))
    evens_after = (n - odds) + np.where(odd, 1, -1)
    odds_after = odds + np.where(odd, -1, 1)
    kept = (a >= 2) & (g % 2 == 1) & (evens_after % 2 == 0)  # parities kept; even count of evens
    winning = set(np.flatnonzero(kept & (odds_after >= 2)).tolist())  # and two odd numbers or more
    for i in np.flatnonzero((a >= 2) & ((g % 2 == 0) | (kept & (odds_after < 2)))).tolist():
        # at most three moves leave a single odd number (or none, before the halving): the rule decides
        after = a.copy()
        after[i] -= 1
        if decrementing_outcome(after // g[i]) == "P":
            winning.add(i)
    return sorted(winning)


class Decrementing(_WholeRow):
    """Numbers with gcd 1: a move subtracts 1 from a number >= 2, then divides every number by the
    gcd of all of them; a player who cannot move (all numbers 1) loses (AtCoder AGC 010 D).

    A component is the tuple of numbers, in the order given (a move keeps the order).

    >>> import grundy
    >>> rules = grundy.ruleset("decrementing")
    >>> list(rules.moves((2, 3))), rules.grundy((3, 6, 7))
    ([(1, 3), (1, 1)], 1)
    >>> [m.text for m in grundy.solve(rules, [(3, 6, 7)]).winning_moves]
    ['3,6,7 -> 3,5,7', '3,6,7 -> 1,2,2']
    """

    component_kind = "numbers a1,a2,... (positive integers whose gcd is 1), e.g. 3,6,7"
    outcome_rule = ("Decrementing (AGC 010 D): an odd count of even numbers wins; an even count loses unless "
                    "exactly one number is odd and it is > 1, when the forced move on it halves everything and the "
                    "outcome flips")
    value_rule = ("Decrementing (AGC 010 D): values from the definition (mex of the options); one game alone by "
                  "the parity of its count of even numbers")

    def check(self, numbers: tuple[int, ...]) -> tuple[int, ...]:
        super().check(numbers)
        if 0 in numbers:
            raise self._reject(numbers, "the numbers must be positive integers")
        g = gcd(*numbers)
        if g != 1:
            raise self._reject(numbers, f"their gcd is {g}, but the game starts from numbers whose gcd is 1")
        return numbers

    def moves(self, numbers: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for i, x in enumerate(numbers):
            if x >= 2:
                yield self.after_move(numbers, i)

    @staticmethod
    def after_move(numbers: tuple[int, ...], i: int) -> tuple[int, ...]:
        """What subtracting 1 from number ``i`` leaves, after the division by the gcd."""
        return tuple(_divided([y - 1 if j == i else y for j, y in enumerate(numbers)]))

    def position_rule(self, components: list) -> Verdict | None:
        if len(components) != 1:
            return None  # a sum of several games: Grundy values
        numbers = components[0]
        outcome = decrementing_outcome(numbers)
        evens = sum(1 for x in numbers if x % 2 == 0)
        state = f"{evens} even and {len(numbers) - evens} odd number(s)"
        if outcome == "P":
            return Verdict("P", f"{self.outcome_rule}. Here {state}: the player to move loses.", grundy=0)
        winning = decrementing_winning_moves(numbers)
        listed = [(0, (self.after_move(numbers, i),), f"subtract 1 from number {i + 1} ({numbers[i]}): "
                   "leaves a lost position") for i in winning[:_listed(len(winning), len(numbers))]]
        return Verdict("N", f"{self.outcome_rule}. Here {state}: the player to move wins.", listed,
                       move_count=len(winning))


@register("decrementing", FAMILY, {
    "": "numbers with gcd 1: subtract 1 from a number >= 2, then divide all by their gcd (AGC 010 D; "
        "component 3,6,7)",
}, examples=("decrementing 3,6,7 2,3", "decrementing 1,4"))
def _decrementing(params: str | None) -> Decrementing:
    return Decrementing()
