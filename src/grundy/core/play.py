"""Playing a game against a perfect opponent: the session behind ``grundy play``.

The whole game is solved first (:mod:`grundy.core.general`), so the computer always knows the
value and remoteness of every position: from a won position it wins as fast as it can, from a
lost one it delays as long as it can. Ties among equally good moves are broken by a seeded
random choice, so a game can be replayed with ``seed``.

>>> session = PlaySession.for_ruleset("nim", [1, 2], seed=1)
>>> session.value()
'win'
>>> session.play_text("2 1")      # the human takes one from heap 2, leaving 1 1
>>> session.computer_move()       # the computer takes a whole heap
'1 0'
>>> session.over
False
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from grundy.core.errors import GrundyError
from grundy.core.general import DEFAULT_MAX_STATES, Game, ImpartialGame, flip, rank, solve_game


class IllegalMove(GrundyError):
    """A move the rules do not allow, with the reason."""


@dataclass
class Hint:
    """One legal move with what it is worth to the player who makes it."""

    label: str
    move: Any
    value: str | float
    remoteness: int
    why: str


class PlaySession:
    """A game in progress between a human and the perfect opponent."""

    def __init__(self, the_game: Game, start: Any, seed: int | None = None, max_states: int = DEFAULT_MAX_STATES,
                 db: str | None = None, progress: Any = None) -> None:
        self.game = the_game
        self.solution = solve_game(the_game, start, max_states=max_states, db=db, progress=progress)
        self.history = [the_game.canonical(start)]
        self.rng = random.Random(seed)

    @classmethod
    def for_ruleset(cls, spec: Any, components: list, misere: bool = False, **options: Any) -> PlaySession:
        """A session on a sum of components of an impartial ruleset."""
        from grundy.rulesets.registry import ruleset

        rules = ruleset(spec)
        return cls(ImpartialGame(rules, misere), [rules.validate(c) for c in components], **options)

    # -- the state ----------------------------------------------------------------------------------
    @property
    def position(self) -> Any:
        return self.history[-1]

    @property
    def over(self) -> bool:
        return self.game.primitive(self.position) is not None or not self.legal_moves()

    def value(self) -> str:
        """The value of the current position for the player to move."""
        return self.solution.value_of(self.position)

    def describe(self) -> str:
        return self.game.describe(self.position)

    def legal_moves(self) -> list[Any]:
        if self.game.primitive(self.position) is not None:
            return []
        return [self.game.canonical(m) for m in self.game.moves(self.position)]

    # -- moves --------------------------------------------------------------------------------------
    def label(self, move: Any) -> str:
        """How a move is typed: for a sum, the component number and what it leaves."""
        if isinstance(self.game, ImpartialGame):
            before, after = list(self.position), list(move)
            for c in after:
                if c in before:
                    before.remove(c)
            gone = before[0] if before else None
            index = self.position.index(gone) + 1 if gone is not None else 0
            left = list(move)
            rest = list(self.position)
            rest.remove(gone)
            for c in rest:
                left.remove(c)
            shown = "+".join(self.game.rules.format_component(c) for c in left) or "-"
            return f"{index} {shown}"
        return self.game.describe(move)

    def parse(self, text: str) -> Any:
        """The move a line of input means: ``#k`` (the k-th legal move) or a typed move."""
        text = " ".join(text.split())
        moves = self.legal_moves()
        if not moves:
            raise IllegalMove("the game is over: no move is possible")
        if text.startswith("#"):
            try:
                k = int(text[1:])
            except ValueError:
                raise IllegalMove(f"{text!r}: after '#' give a move number 1..{len(moves)} (see 'moves')") from None
            if not 1 <= k <= len(moves):
                raise IllegalMove(f"there is no move #{k}: the moves are numbered 1..{len(moves)} (see 'moves')")
            return moves[k - 1]
        by_label = {self.label(m): m for m in moves}
        if text in by_label:
            return by_label[text]
        if isinstance(self.game, ImpartialGame):
            raise IllegalMove(self._why_illegal(text))
        raise IllegalMove(f"{text!r} is not a legal move; type 'moves' to see them (or '#k' for the k-th)")

    def _why_illegal(self, text: str) -> str:
        parts = text.split(" ")
        count = len(self.position)
        if len(parts) != 2:
            return "type a move as: COMPONENT WHAT-IT-LEAVES, e.g. '2 3' (heap 2 becomes 3), '2 1+4', '2 -'"
        try:
            index = int(parts[0])
        except ValueError:
            return f"{parts[0]!r} is not a component number (1..{count})"
        if not 1 <= index <= count:
            return f"there is no component {index}: they are numbered 1..{count}"
        fmt = self.game.rules.format_component
        component = self.position[index - 1]
        allowed = sorted({self.label(m).split(" ", 1)[1] for m in self.legal_moves()
                          if self.label(m).split(" ", 1)[0] == str(index)})
        if not allowed:
            return f"component {index} ({fmt(component)}) has no move left"
        shown = ", ".join(allowed[:12]) + (" ..." if len(allowed) > 12 else "")
        return f"{fmt(component)} cannot become {parts[1]}: from it a move can leave {shown}"

    def play(self, move: Any) -> None:
        if move not in self.legal_moves():
            raise IllegalMove(f"{self.game.describe(move)} cannot be reached in one move")
        self.history.append(self.game.canonical(move))

    def play_text(self, text: str) -> None:
        self.play(self.parse(text))

    def computer_move(self) -> str:
        """Make the perfect opponent's move; return its label."""
        best = self.solution.best_moves(self.position)
        if not best:
            raise IllegalMove("the game is over: no move is possible")
        move = self.game.canonical(self.rng.choice(best))
        label = self.label(move)
        self.history.append(move)
        return label

    def undo(self, plies: int = 2) -> int:
        """Take back up to ``plies`` moves (the human's and the computer's); return how many."""
        undone = min(plies, len(self.history) - 1)
        del self.history[len(self.history) - undone:]
        return undone

    def hints(self) -> list[Hint]:
        """Every legal move with its value for the mover, the remoteness after it, and why."""
        out = []
        for move in self.legal_moves():
            value = flip(self.solution.value_of(move))
            remoteness = self.solution.remoteness_at(move)
            why = self._why(move, value, remoteness)
            out.append(Hint(self.label(move), move, value, remoteness, why))
        return sorted(out, key=lambda h: (-rank(h.value), h.remoteness if rank(h.value) > 0 else -h.remoteness))

    def _why(self, move: Any, value: str, remoteness: int) -> str:
        ends = f"ends in {remoteness} more move{'s' if remoteness != 1 else ''}" if value != "draw" else "never ends"
        if isinstance(self.game, ImpartialGame) and not self.game.misere:
            total = 0
            for c in move:
                total ^= self.game.rules.grundy(c)
            return f"nim-sum after it {total} ({'P-position' if total == 0 else 'N-position'}); {ends}"
        return f"the opponent faces a {self.solution.value_of(move)}; {ends}"
