"""A partizan position as a game of the general solver, to play it (``grundy play domineering
'..|..'``): a position is the sum's components and who is to move; Left moves by the ruleset's
left options, Right by its right options, and whoever cannot move loses (normal play).

>>> from grundy.core.general import solve_game
>>> from grundy.partizan.registry import partizan_ruleset
>>> game = PartizanGame(partizan_ruleset("domineering"))
>>> solve_game(game, game.position(["..|.."], left_to_move=True)).value   # 2x2 is +-1: the mover wins
'win'
>>> solve_game(game, game.position([".|."], left_to_move=False)).value    # 1: Left's, Right to move loses
'lose'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from grundy.core.general import Game


class PartizanGame(Game):
    """The sums of a partizan ruleset's components, with the player to move, for the general solver."""

    def __init__(self, rules: Any) -> None:
        self.rules = None  # not an impartial sum: the play loop shows and parses whole positions
        self.partizan = rules
        self.name = rules.name
        self.spec = rules.spec

    def position(self, components: Iterable[Any], left_to_move: bool) -> tuple:
        """The position of these components (text as the command line writes it, or positions)."""
        parsed = [self.partizan.parse_component(c) if isinstance(c, str) else c for c in components]
        return self.canonical((tuple(parsed), left_to_move))

    def moves(self, position: tuple) -> list[tuple]:
        components, left_to_move = position
        found = []
        for i, component in enumerate(components):
            options = self.partizan.left_options(component) if left_to_move else self.partizan.right_options(component)
            for option in options:
                found.append((components[:i] + tuple(option) + components[i + 1:], not left_to_move))
        return found

    def canonical(self, position: tuple) -> tuple:
        components, left_to_move = position
        keys = [self.partizan.key(region) for c in components for region in self.partizan.split(c)]
        return tuple(sorted(keys, key=repr)), left_to_move

    def describe(self, position: tuple) -> str:
        components, left_to_move = position
        shown = "  ".join(self.partizan.format_component(c) for c in components) or "(nothing left)"
        return f"{shown}   ({'Left' if left_to_move else 'Right'} to move)"
