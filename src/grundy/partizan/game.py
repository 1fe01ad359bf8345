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

import random
from collections.abc import Iterable
from typing import Any

from grundy.core.general import GeneralGame
from grundy.core.limits import shorten
from grundy.core.play import IllegalMove, PlaySession, SumMove


class PartizanGame(GeneralGame):
    """The sums of a partizan ruleset's components, with the player to move, for the general solver."""

    def __init__(self, rules: Any) -> None:
        self.rules = None  # not an impartial sum: the play loop shows and parses whole positions
        self.partizan = rules
        self.name = rules.name
        self.spec = rules.spec

    def position(self, components: Iterable[Any], left_to_move: bool) -> tuple:
        """The position of these components (text as the command line writes it, or positions)."""
        parsed = [self.partizan.parse_component(c) if isinstance(c, str) else c for c in components]
        return tuple(parsed), left_to_move

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

    def board_lines(self, position: tuple) -> list[str] | None:
        """A position drawn for people: who is to move, then each component by its number as it is
        typed, a grid (a board of rows) with its rows on the lines below; None when no component is a
        grid (the one-line form says it).

        >>> from grundy.partizan.registry import partizan_ruleset
        >>> game = PartizanGame(partizan_ruleset("domineering"))
        >>> print("\\n".join(game.board_lines(game.position(["..#|..."], True))))
        (Left to move; type a move on one line: COMPONENT WHAT-IT-LEAVES, rows joined by '|')
          1: ..#|...
               ..#
               ...
        """
        components, left_to_move = position
        if not any(_is_grid(c) for c in components):
            return None
        lines = [f"({'Left' if left_to_move else 'Right'} to move; type a move on one line: COMPONENT "
                 "WHAT-IT-LEAVES, rows joined by '|')"]
        for i, c in enumerate(components, start=1):
            shown = self.partizan.format_component(c)
            lines.append(f"  {i}: {shown}")
            if _is_grid(c) and len(c) > 1:  # one row reads well as it is typed
                lines.extend(f"       {row}" for row in c)
        return lines


def _is_grid(component: Any) -> bool:
    """Whether a component is a board of rows (a tuple of strings), as Domineering's are."""
    return isinstance(component, tuple) and bool(component) and all(isinstance(r, str) for r in component)


class ValueSolution:
    """What the play loop asks of a solution, answered from the values (:mod:`grundy.partizan.values`)
    rather than a search of every position: who wins from a position, and the moves that keep a win.
    Values split a position into regions and share symmetric ones, so boards far too big to search
    whole (the empty 5x5 Domineering board) are played perfectly. There is no remoteness: a value
    says who wins, not how soon (``remoteness_at`` is None)."""

    def __init__(self, game: PartizanGame) -> None:
        self.game = game

    def worth(self, position: tuple) -> Any:
        from grundy.partizan.values import value

        return value(self.game.partizan, list(position[0]))

    def value_of(self, position: tuple) -> str:
        """``win`` or ``lose`` for the player to move (normal play: no ties, no draws)."""
        winners = ("L", "N") if position[1] else ("R", "N")
        return "win" if self.worth(position).outcome in winners else "lose"

    def remoteness_at(self, position: tuple) -> None:
        return None

    def best_moves(self, position: tuple) -> list[tuple]:
        """The moves that leave the opponent lost, or every move when there is none."""
        moves = [self.game.canonical(m) for m in self.game.moves(position)]
        winning = [m for m in moves if self.value_of(m) == "lose"]
        return winning or moves


class PartizanSession(PlaySession):
    """A partizan game against the perfect opponent, its moves chosen by the values.

    >>> from grundy.partizan.registry import partizan_ruleset
    >>> game = PartizanGame(partizan_ruleset("domineering"))
    >>> session = PartizanSession(game, game.position(["....|....|....|...."], True), seed=1)
    >>> session.value(), len(session.legal_moves()), len(session.best_moves())   # 4x4 is N: the mover wins
    ('win', 4, 2)
    """

    def __init__(self, game: PartizanGame, start: tuple, seed: int | None = None) -> None:
        self.game = game
        self.sums = False
        self.solution = ValueSolution(game)  # type: ignore[assignment]  # answers what the loop asks
        self.history = [start]  # positions as played (a symmetric copy would puzzle the player)
        self.rng = random.Random(seed)

    def every_move(self) -> list[SumMove]:
        """Every move from here: component ``index`` (from 0) replaced by the option's components."""
        components, left_to_move = self.position
        rules, moves = self.game.partizan, []
        for i, component in enumerate(components):
            for option in rules.left_options(component) if left_to_move else rules.right_options(component):
                option = tuple(option)
                moves.append(SumMove(i, option, (components[:i] + option + components[i + 1:], not left_to_move)))
        return moves

    def legal_moves(self) -> list[Any]:
        """The moves from here as played, one for each position they lead to up to symmetry (any
        other may still be typed)."""
        seen, moves = set(), []
        for move in self.every_move():
            key = self.game.canonical(move.after)
            if key not in seen:
                seen.add(key)
                moves.append(move)
        return moves

    def unlisted(self) -> int:
        """How many legal moves :meth:`legal_moves` leaves out, as mirror images of moves it lists."""
        return len(self.every_move()) - len(self.legal_moves())

    def label(self, move: Any) -> str:
        """How a move is typed: the component's number and what it leaves (regions joined by '+',
        '-' for nothing), e.g. ``1 .|.``."""
        shown = "+".join(self.game.partizan.format_component(c) for c in move.option) or "-"
        return f"{move.index + 1} {shown}"

    def parse(self, text: str) -> Any:
        """``#k`` (the k-th move 'moves' lists) or a typed move ``COMPONENT WHAT-IT-LEAVES``, any
        legal one (also the mirror images that 'moves' lists once)."""
        typed = " ".join(text.split())
        try:
            return super().parse(typed)
        except IllegalMove:
            if typed.startswith("#") or not self.legal_moves():
                raise
        labels = (typed, f"1 {typed}") if len(self.position[0]) == 1 else (typed,)  # one board: no number
        for move in self.every_move():
            if self.label(move) in labels:
                return move
        example = self.label(self.legal_moves()[0])
        raise IllegalMove(f"{shorten(typed)!r} is not a legal move: type COMPONENT WHAT-IT-LEAVES as 'moves' "
                          f"lists them (e.g. '{example}'), or '#k' for the k-th")

    def play(self, move: Any) -> None:
        if move not in self.every_move():
            raise IllegalMove(f"{self.game.describe(self.after(move))} cannot be reached in one move")
        self.history.append(self.after(move))

    def _why(self, left: Any, value: str | float, remoteness: int) -> str:
        worth = self.solution.worth(left)
        mover = "Right" if left[1] else "Left"
        return f"leaves {worth} with {'Left' if left[1] else 'Right'} to move: {mover} {value}s"
