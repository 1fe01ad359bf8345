"""P-positions far past a table, by a search for P-positions only (no Grundy values).

A table of 2^12 heaps of "take at most two thirds of the heap" holds the P-positions 0, 1, 4, 13,
40, 121, 364, 1093, 3280: too few to show a sequence. Past the table, a heap x is a P-position iff
no move from x leaves a P-position, and only the P-positions need keeping: one pass over the heaps
in order, each stopped at its first P option, finds the next P-positions at the cost of listing
moves, not of valuing every heap. A ruleset that finds its moves to value 0 itself
(``moves_to_value``) is asked that instead of listing all its moves.

>>> import grundy
>>> game = grundy.impartial(lambda n: [n - k for k in range(1, 2 * n // 3 + 1)])
>>> more_p_positions(game, 100, 3, 10**6, zeros=[0, 1, 4, 13, 40]).positions
[121, 364, 1093]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from grundy.core.errors import GrundyError, LimitError
from grundy.core.ruleset import TRUNCATED, Ruleset, Shape


@dataclass(frozen=True)
class FarZeros:
    """What :func:`more_p_positions` found: the P-positions from ``start`` on (ascending), the heap
    it reached (every heap below is decided: a P-position iff it was given or found), the options
    it looked at (its steps), and why it stopped short ("" when it found all it was asked for)."""

    positions: list[int]
    reached: int
    steps: int
    stopped: str = ""


class _Stop(Exception):
    """The search cannot go on past this heap (the reason is the message)."""


def more_p_positions(game: Ruleset, start: int, count: int, budget: int,
                     zeros: Iterable[int] | None = None) -> FarZeros:
    """The next ``count`` P-positions of a one-heap game from the heap ``start`` on, found by a
    search for P-positions only, within ``budget`` steps (one step: one option looked at, or one
    heap).

    ``zeros`` are all the P-positions below ``start`` (from a table); without them the search
    begins at the game's first heap and finds them too (at a cost). The search stops early, saying
    why in ``stopped``, when the budget ends, when a heap has more moves than the ``max_options``
    budget, or when a move does not lead to a smaller heap (then "P iff no option is P" cannot be
    decided in order).

    Raises
    ------
    GrundyError
        For a game whose components are not single heaps, or whose moves may split a heap (a P
        option there is a sum, which needs values, not P-positions).
    """
    if game.shape is not Shape.HEAP or game.splits:
        raise GrundyError(f"a search for P-positions only needs a game of one heap whose moves leave one heap; "
                          f"{game.spec} has {'moves that split' if game.splits else game.component_kind}")
    if zeros is None:
        known: set[int] = set()
        x = game.first
    else:
        known = {int(z) for z in zeros if int(z) < start}
        x = start
    fast = type(game).moves_to_value is not Ruleset.moves_to_value
    found: list[int] = []
    steps = 0
    stopped = ""
    while len(found) < count:
        if steps >= budget:
            stopped = f"the budget of {budget:,} steps ended at heap {x:,}"
            break
        try:
            has, used = _has_p_option(game, x, known, fast)
        except (_Stop, LimitError) as stop:
            stopped = str(stop)
            break
        steps += used + 1
        if not has:
            known.add(x)
            if x >= start:
                found.append(x)
        x += 1
    return FarZeros(found, x, steps, stopped)


def _has_p_option(game: Ruleset, x: int, known: set[int], fast: bool) -> tuple[bool, int]:
    """Whether some move from ``x`` leaves a P-position of ``known`` (all those below x), and how
    many options were looked at."""
    if fast:
        first = next(iter(game.moves_to_value(x, 0)), None)
        if first is not TRUNCATED:
            return first is not None, 1
    moves = game.moves(x)
    if isinstance(moves, (list, tuple)):  # listed already: look at them all at C speed
        if moves and max(moves) >= x:
            raise _Stop(f"a move from heap {x:,} leaves {max(moves):,}, not a smaller heap")
        return not known.isdisjoint(moves), len(moves)
    used = 0
    for y in moves:  # a generator: stop at the first P option
        used += 1
        if y >= x:
            raise _Stop(f"a move from heap {x:,} leaves {y:,}, not a smaller heap")
        if y in known:
            return True, used
    return False, used
