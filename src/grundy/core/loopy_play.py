"""Playing a sum whose moves can return to a position, from Smith's values (:mod:`grundy.core.loopy`).

A play session (:class:`~grundy.core.play.PlaySession`) values every position of a small sum with
the general solver, which already knows draws; past that it plays from Smith's values here, as
:class:`~grundy.core.play.SumValues` plays from Grundy values:

- from a win (N) it moves to a position of sum value 0, choosing among those the one of least total
  counter (the sum of the components' counters, all finite at a 0): after each of the opponent's
  moves some move to 0 has a total counter below the last one (condition B of the definition
  reverses a move up to a smaller counter; a move down lowers a value and, counters being given stage
  by stage, its counter too), so the win cannot be put off for ever;
- from a draw (D) it moves only to positions that are draws again (never to a win for the opponent);
- from a loss (P) any move is as good as another (the opponent then wins; remoteness is not computed).

>>> from grundy.core.ruleset import Ruleset
>>> from grundy.core.sum_game import ImpartialGame
>>> class Tokens(Ruleset):     # a token on a digraph: 0 <-> 1 -> 4, 2 -> 2 (a pass), 2 -> 4, 3 -> 2
...     spec, loopy = "tokens", True
...     def moves(self, v):
...         return {0: [1], 1: [0, 4], 2: [2, 4], 3: [2], 4: []}[v]
>>> values = LoopySums(ImpartialGame(Tokens()))
>>> values.value_of((2, 1)), values.best_moves((2, 1)), values.value_of((2, 0)), values.best_moves((2, 0))
('draw', [(1, 2)], 'win', [(0, 4)])
"""

from __future__ import annotations

from typing import Any

from grundy.core.loopy import LoopyValue
from grundy.core.loopy_solve import parts_for
from grundy.core.play import NOT_COMPUTED

RESULT = {"N": "win", "P": "lose", "D": "draw"}


class LoopySums:
    """What a play session asks of a solution, answered from Smith's values of a sum whose moves can
    cycle: ``win``, ``lose`` or ``draw``, and the best moves (see the module). Remoteness is not
    computed (``remoteness_at`` is None; ``note`` says so)."""

    note = NOT_COMPUTED

    def __init__(self, the_game: Any) -> None:
        self.game, self.rules = the_game, the_game.rules

    def sum_value(self, position: Any) -> LoopyValue:
        """Smith's value of a whole position."""
        return parts_for(self.rules, position).sum_value(position)

    def value_of(self, position: Any) -> str:
        """``win``, ``lose`` or ``draw`` for the player to move."""
        return RESULT[self.sum_value(position).outcome]

    def remoteness_at(self, position: Any) -> None:
        return None

    def best_moves(self, position: Any) -> list[Any]:
        """The positions (canonical) of the best moves: to sum value 0 with the least total counter
        (a win), to a draw (a draw), else every move."""
        here = tuple(position)
        parts = parts_for(self.rules, here)
        outcome = parts.sum_value(here).outcome
        afters = [here[:i] + (left,) + here[i + 1:] for i, c in enumerate(here) for left in parts.followers(c)]
        if outcome == "N":
            wins = [a for a in afters if parts.sum_value(a).outcome == "P"]
            least = min(sum(parts.counter(c) for c in a) for a in wins)
            afters = [a for a in wins if sum(parts.counter(c) for c in a) == least]
        elif outcome == "D":
            afters = [a for a in afters if parts.sum_value(a).outcome == "D"]
        return list(dict.fromkeys(self.game.canonical(a) for a in afters))
