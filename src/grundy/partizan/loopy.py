"""Partizan rulesets whose positions can repeat (Fox and Geese, Backsliding Toads and Frogs): valued as
loopy games, not by the short-game search of :mod:`grundy.partizan.values`.

A position's value is found from the whole graph of the positions reachable from it
(:func:`grundy.cgt.loopy.graph.from_moves`), valued by :func:`grundy.cgt.loopy.value.loopy_value`: a
short game's canonical form where no position can repeat, else a stopper or a sided value, printed as
CGSuite prints them. A position the ruleset settles at once (:meth:`LoopyRuleset.settled`: in Fox and
Geese, a fox past the geese) is the one vertex ``off`` of the graph, as CGSuite's decomposition of
those games replaces it by ``off``. A sum of components is the sum of their values.

Outcomes of loopy games include draws (infinite play): a player's winning moves are those that leave
a sum the player wins moving second (for Left: the offside of what is left is >= 0; read off its
outcome class, one of CGSuite's nine).

Reference: Siegel, *Combinatorial Game Theory* (AMS 2013), ch. VI; Berlekamp, Conway, Guy, *Winning
Ways* (2nd ed.), ch. 11; CGSuite's ``FoxAndGeese`` and ``GenToadsAndFrogs`` rulesets.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from grundy.partizan.ruleset import PartizanRuleset, Position


class _Off:
    """The position a settled one is replaced by: ``off`` (``{|pass}``: Right passes for ever)."""

    def __repr__(self) -> str:
        return "off"


OFF_POSITION = _Off()
KEPT_VALUES = 4096  # values a ruleset keeps between questions (each may have needed a large graph)
LEFT_WINS_SECOND = ("L", "P", "PHat")  # the outcome classes where Left wins when Right moves first
RIGHT_WINS_SECOND = ("R", "P", "PCheck")  # ... and where Right wins when Left moves first


class LoopyRuleset(PartizanRuleset):
    """A partizan ruleset whose moves can return to an earlier position: its value is a loopy game.

    Subclasses give the moves as any partizan ruleset does (each option a tuple of one component) and
    may override :meth:`settled`; the rest (the graph, the value, the winning moves) is shared."""

    loopy = True

    def __init__(self) -> None:
        self._values: dict[Hashable, Any] = {}

    def refusal(self, question: str) -> str | None:
        """A loopy position has a value (a stopper or sided value), but no thermograph here, no Grundy
        value (Left and Right have different moves), and is not played (perfect play may go on for ever)."""
        if question == "value":
            return None
        why = {"thermograph": "it has no thermograph here",
               "play": "'grundy play' does not play it (perfect play may go on for ever)"}
        return (f"{self.spec!r} is a loopy partizan game (Left and Right have different moves, and positions can "
                f"repeat): its value, a stopper or sided value, is 'grundy value {self.spec} ...'; "
                f"{why.get(question, 'it has no Grundy value')}")

    def settled(self, position: Position) -> Position:
        """The position as a vertex of the graph: itself, or :data:`OFF_POSITION` where the ruleset
        knows its value is ``off``."""
        return position

    def graph_moves(self, position: Position, player: str) -> list[Position]:
        """The vertices one move of ``player`` (``"L"`` or ``"R"``) leads to: ``off`` has one Right move,
        a pass to itself, and no Left move."""
        if position is OFF_POSITION:
            return [OFF_POSITION] if player == "R" else []
        return [self.settled(option[0]) for option in self.options(position, player)]

    def graph(self, position: Position, max_states: int | None = None) -> tuple[Any, list]:
        """The loopy graph of the positions reachable from ``position`` (start 0), and the position of
        each vertex; past ``max_states`` (default: the budget's), a LimitError naming the setting."""
        from grundy.cgt.loopy.graph import from_moves

        return from_moves(self.settled(position), lambda p: self.graph_moves(p, "L"),
                          lambda p: self.graph_moves(p, "R"), max_states)

    def loopy_value(self, position: Position) -> Any:
        """The value of one component: a short game's canonical form, a stopper or a sided value
        (kept for the next question)."""
        from grundy.cgt.loopy.value import loopy_value

        found = self._values.get(position)
        if found is None:
            graph, _ = self.graph(position)
            found = loopy_value(graph)
            if len(self._values) >= KEPT_VALUES:
                self._values.clear()
            self._values[position] = found
        return found

    def value_of(self, components: Iterable[Position]) -> Any:
        """The value of a sum of components: the sum of their values (0 for none)."""
        from grundy.cgt.game import ZERO
        from grundy.cgt.loopy.value import add

        total: Any = ZERO
        for component in components:
            total = add(total, self.loopy_value(component))
        return total

    def winning_moves(self, components: list[Position], player: str) -> list[dict[str, Any]]:
        """``player``'s (``"left"`` or ``"right"``) winning moves in a sum, each as
        :func:`grundy.partizan.values.winning_moves` gives it: those that leave a sum the player wins
        moving second (a draw is not a win)."""
        from grundy.partizan.values import _move

        side, wins = ("L", LEFT_WINS_SECOND) if player == "left" else ("R", RIGHT_WINS_SECOND)
        moves = []
        for i, component in enumerate(components):
            rest = components[:i] + components[i + 1:]
            for option in self.options(component, side):
                left = self.value_of([*rest, *option])
                if left.outcome in wins:
                    moves.append(_move(self, i, component, option, left))
        return moves
