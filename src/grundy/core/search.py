"""Outcomes of whole positions by searching them, with no Sprague–Grundy shortcut.

This is the plain definition of who wins a sum: a position is won for the player to move when
some move leads to a lost position. It serves misère play (where values do not add) and checks
every shortcut of the library. A position is kept as a sorted tuple of components, so equal
multisets are searched once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from grundy.core.engine import GrundyEngine
from grundy.core.ruleset import Ruleset

_END = None  # under misère play, a position with no move has one move, to here


def position_moves(rules: Ruleset, position: tuple) -> Iterator[tuple[int, tuple, tuple]]:
    """Each move of a sum: ``(index of the component moved, the option, the position left)``;
    the position left is keyed by :meth:`Ruleset.position_key`."""
    key = rules.position_key
    for i, component in enumerate(position):
        rest = position[:i] + position[i + 1:]
        for option in rules.options(component):
            yield i, option, key(rest + option)


class PositionSearch:
    """Who wins a whole position, under normal or misère play, by memoized iterative search.

    >>> from grundy import ruleset
    >>> PositionSearch(ruleset("nim")).outcome([1, 2, 3])
    'P'
    >>> PositionSearch(ruleset("nim"), misere=True).outcome([1, 1, 1])
    'P'
    """

    def __init__(self, rules: Ruleset, misere: bool = False, max_states: int | None = None) -> None:
        self.rules = rules
        self.misere = misere
        self._engine = GrundyEngine(self._successors)
        if max_states is not None:
            self._engine.max_states = max_states

    def _successors(self, position: tuple | None) -> list:
        if position is _END:
            return []
        moves = [left for _, _, left in position_moves(self.rules, position)]
        if not moves and self.misere:
            return [_END]  # the player who cannot move has won: give them a move to a lost end
        return moves

    def outcome(self, components: Iterable[Any]) -> str:
        """``"N"`` if the player to move wins, ``"P"`` if the previous player wins."""
        return "N" if self._engine.value(self.rules.position_key(components)) else "P"
