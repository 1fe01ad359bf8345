"""Games on a whole row of piles, where one move may touch several piles.

A component is the whole tuple of piles (``shape = Shape.PILES``), since a move changes several piles at
once; the moves follow the definition, the Grundy values come from the engine, and each ruleset
has a fast rule for the outcome of a single game (``position_rule``), checked against the
definition in the tests. :class:`WholeRow` holds what they share; the rows of numbers whose moves
divide (``decrementing``, ``prime-powers``) are in :mod:`grundy.rulesets.dividing`.

- ``harlequin`` — eat one apple of each colour in any non-empty set of colours (CADDi 2018 B,
  *Harlequin*): the player to move loses iff every count is even.
- ``candy-piles`` — eat the whole largest pile, or one candy from every pile; whoever eats the last
  candy loses (AGC 002 E, *Candy Piles*): the staircase (Young diagram) and its diagonal.

>>> import grundy
>>> [grundy.solve(spec, [c]).outcome for spec, c in [("harlequin", (1, 2)), ("candy-piles", (1, 2, 3))]]
['N', 'P']

References: CADDi 2018 problem D (task caddi2018_b) "Harlequin"; AtCoder Grand Contest 002 E
"Candy Piles", with its editorial.
"""

from __future__ import annotations

from collections.abc import Iterator

from grundy.core.errors import ComponentError, LimitError
from grundy.core.ruleset import Ruleset, Shape, Verdict
from grundy.rulesets.registry import register

FAMILY = "games on a row of piles"
MAX_STATES = 2_000_000  # states the engine may visit for one of these games (values from the definition)


class WholeRow(Ruleset):
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


class Harlequin(WholeRow):
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


class CandyPiles(WholeRow):
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
