"""Playing a game against a perfect opponent: the session behind ``grundy play``.

A game of the general solver (and a misère sum, or a sum of a game of one's own) is solved whole
first (:mod:`grundy.core.general`), so the computer knows the value and remoteness of every
position: from a won position it wins as fast as it can, from a lost one it delays as long as it
can. A normal-play sum of a ruleset whose values the theory gives (every ruleset of the catalogue)
is solved whole only where that fits :data:`REMOTENESS_WORK` moves; otherwise it is played from the
Grundy values at once (:class:`SumValues`: a move to nim-sum 0 when there is one), and the
remoteness is not computed. Ties among equally good moves are broken by a seeded random choice,
so a game can be replayed with ``seed``.

A sum of components of an impartial ruleset keeps its components in the order they were typed: a
move replaces component ``i`` by what the option leaves, in place, and is labelled ``i LEFT``
(component numbers from 1), so two equal heaps are two different components. Values are looked up
through the position's canonical key (:meth:`ImpartialGame.canonical`), so the solver still sees a
multiset.

>>> from grundy import ruleset
>>> session = PlaySession.for_ruleset(ruleset("nim"), [1, 2], seed=1)
>>> session.value()
'win'
>>> session.play_text("2 1")      # the human takes one from heap 2, leaving 1 1; its label
'2 1'
>>> session.computer_move()       # the computer takes a whole heap
'1 0'
>>> session.position, session.over
((0, 1), False)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from grundy.core import limits
from grundy.core.errors import CycleError, GrundyError, LimitError
from grundy.core.general import GeneralGame, default_max_states, flip, solve_game
from grundy.core.loopy_solve import loopy_why
from grundy.core.play_text import move_words, parse_move
from grundy.core.solve import solve as solve_position
from grundy.core.sum_game import ImpartialGame

REMOTENESS_WORK = 300_000  # moves a sum's session may list to value every position (about 0.5 s)
NOT_COMPUTED = "remoteness not computed"  # what a session played from values says of remoteness
BEST_LISTED = 1_000  # winning moves, at most, that the computer chooses among (from values)


class IllegalMove(GrundyError):
    """A move the rules do not allow, with the reason."""


@dataclass
class Hint:
    """One legal move with what it is worth to the player who makes it: ``number`` is its place
    in :meth:`PlaySession.legal_moves` (what ``#k`` plays), ``best`` whether perfect play chooses it."""

    number: int
    label: str
    move: Any
    value: str | float
    remoteness: int | None
    why: str
    best: bool


@dataclass(frozen=True)
class SumMove:
    """A move in a sum: component ``index`` (from 0) is replaced, in place, by the components of
    ``option``; ``after`` is the position it leaves, in the order typed."""

    index: int
    option: tuple
    after: tuple


class PlaySession:
    """A game in progress between a human and the perfect opponent.

    A move is a :class:`SumMove` when the game is a sum of an impartial ruleset, else the position
    it leaves (as the game's ``canonical`` gives it).
    """

    def __init__(self, the_game: GeneralGame, start: Any, seed: int | None = None, max_states: int | None = None,
                 db: str | None = None, progress: Any = None, by_values: bool = False) -> None:
        self.game = the_game
        self.sums = the_game.rules is not None
        if by_values:
            self.solution: Any = sum_solution(the_game, start, max_states, db, progress)
        else:
            self.solution = solve_game(the_game, start, max_states=max_states, db=db, progress=progress)
        self.history = [tuple(start) if self.sums else the_game.canonical(start)]
        self.rng = random.Random(seed)

    @classmethod
    def for_ruleset(cls, rules: Any, components: list, misere: bool = False, by_values: bool | None = None,
                    **options: Any) -> PlaySession:
        """A session on a sum of components of an impartial ruleset, in the order given.

        ``by_values`` (None: where :func:`theory_values` says the theory gives the values) plays from
        the Grundy values (misère: from the misère quotient), valuing every position only where cheap.
        """
        by_values = theory_values(rules) if by_values is None else by_values
        return cls(ImpartialGame(rules, misere), [rules.validate(c) for c in components], by_values=by_values,
                   **options)

    # -- the state ----------------------------------------------------------------------------------
    @property
    def position(self) -> Any:
        """The current position (for a sum: the tuple of components in the order typed)."""
        return self.history[-1]

    @property
    def over(self) -> bool:
        """Whether the game has ended (a primitive result, or no legal move)."""
        return self.game.primitive(self.position) is not None or not self.legal_moves()

    def value(self) -> str:
        """The value of the current position for the player to move."""
        return self.solution.value_of(self.position)

    def remoteness(self) -> int | None:
        """Moves to the end from the current position with perfect play; None where it is not known
        (a session played from values, a partizan game)."""
        return self.solution.remoteness_at(self.position)

    def remoteness_note(self) -> str | None:
        """:data:`NOT_COMPUTED` when the session plays from values and did not value every position."""
        return getattr(self.solution, "note", None)

    def remoteness_fields(self) -> dict[str, Any]:
        """What a turn of ``play --json`` (and the web) adds when the remoteness was not computed:
        ``{"remoteness_computed": False}``; nothing otherwise."""
        return {"remoteness_computed": False} if self.remoteness_note() else {}

    def describe(self) -> str:
        """The current position, for people."""
        return self.game.describe(self.position)

    def legal_moves(self) -> list[Any]:
        """Every legal move from the current position, in a fixed order (``#k`` numbers them)."""
        here = self.position
        if self.game.primitive(here) is not None:
            return []
        if not self.sums:
            return [self.game.canonical(m) for m in limits.bounded_options(self.game.moves(here), here)]
        moves, seen = [], set()
        for i, component in enumerate(here):
            for option in limits.bounded_options(self.game.rules.options(component), component):
                if (i, option) not in seen:
                    seen.add((i, option))
                    moves.append(SumMove(i, option, self._in_order(here[:i] + option + here[i + 1:])))
        return moves

    def _in_order(self, left: tuple) -> tuple:
        """``left`` with the components its canonical key drops (e.g. two heads on one coin) removed,
        the others kept in order."""
        key = self.game.canonical(left)
        if isinstance(key, tuple) and len(key) == len(left):
            return left
        try:
            wanted = Counter(key)
        except TypeError:
            return left
        kept = []
        for c in left:
            if wanted[c] > 0:
                wanted[c] -= 1
                kept.append(c)
        return tuple(kept)

    @staticmethod
    def after(move: Any) -> Any:
        """The position a move leaves."""
        return move.after if isinstance(move, SumMove) else move

    # -- moves --------------------------------------------------------------------------------------
    def label(self, move: Any) -> str:
        """How a move is typed: for a sum, the component number and what it leaves."""
        if isinstance(move, SumMove):
            shown = "+".join(self.game.rules.format_component(c) for c in move.option) or "-"
            return f"{move.index + 1} {shown}"
        return self.game.describe(move)

    def parse(self, text: str) -> Any:
        """The move a line of input means: ``#k`` (the k-th legal move), a typed move, or with one
        component what the move leaves alone (:func:`grundy.core.play_text.parse_move`)."""
        return parse_move(self, text, IllegalMove)

    def words(self, move: Any, before: Any = None) -> str:
        """A move for people: the ruleset's own words for it where it has them, with how it is
        typed (e.g. ``take 2 (18 left; the next move may take up to 4)   [1 18,4]``), else its label;
        ``before``: the position it is made from (default: the current one)."""
        words = move_words(self, move, before) if isinstance(move, SumMove) else None
        return f"{words}   [{self.label(move)}]" if words else self.label(move)

    def play(self, move: Any) -> None:
        """Make a legal move (one of :meth:`legal_moves`)."""
        if move not in self.legal_moves():
            raise IllegalMove(f"{self.game.describe(self.after(move))} cannot be reached in one move")
        self.history.append(self.after(move))

    def play_text(self, text: str) -> str:
        """Make the move a line of input means (see :meth:`parse`); return its label."""
        move = self.parse(text)
        self.play(move)
        return self.label(move)

    def computer_move(self) -> str:
        """Make the perfect opponent's move; return its label (:meth:`computer_choice`)."""
        return self.label(self.computer_choice())

    def computer_choice(self) -> Any:
        """Make the perfect opponent's move; return the move.

        The solver gives the best moves as canonical positions; the computer picks, by its seeded
        random choice, one of the legal moves that leads to one of them.
        """
        chosen = self.best_moves()
        if not chosen:
            raise IllegalMove("the game is over: no move is possible")
        move = self.rng.choice(chosen)
        self.history.append(self.after(move))
        return move

    def best_moves(self) -> list[Any]:
        """The legal moves perfect play chooses (fastest win, slowest loss), in the order of
        :meth:`legal_moves`."""
        best = set(self.solution.best_moves(self.position))
        return [m for m in self.legal_moves() if self.game.canonical(self.after(m)) in best]

    def undo(self, plies: int = 2) -> int:
        """Take back up to ``plies`` moves (the human's and the computer's); return how many."""
        undone = min(plies, len(self.history) - 1)
        del self.history[len(self.history) - undone:]
        return undone

    def take_back(self, human_first: bool) -> int:
        """Undo the human's last move and the computer's reply to it (the human's move alone when it
        ended the game; the computer's opening move when the human has not moved yet); return how
        many moves were taken back.

        >>> from grundy import ruleset
        >>> session = PlaySession.for_ruleset(ruleset("nim"), [1, 2], seed=1)
        >>> _ = session.play_text("2 1"), session.computer_move(), session.play_text("2 0")  # the human won
        >>> session.take_back(human_first=True), session.position     # back to where the human chose
        (1, (0, 1))
        >>> session.take_back(human_first=True), session.position
        (2, (1, 2))
        """
        last = len(self.history) - 1  # move k (from 1) was the human's when k is odd and the human began
        human_moved_last = (last % 2 == 1) == human_first
        return self.undo(1 if human_moved_last else 2)

    def hints(self) -> list[Hint]:
        """Every legal move, in the order of :meth:`legal_moves` (numbered as ``#k`` plays them),
        with its value for the mover, the remoteness after it, why, and whether it is best.

        >>> from grundy import ruleset
        >>> [(h.number, h.label, h.value, h.best) for h in PlaySession.for_ruleset(ruleset("nim"), [2]).hints()]
        [(1, '1 0', 'win', True), (2, '1 1', 'lose', False)]
        """
        best = set(self.best_moves())
        out = []
        for number, move in enumerate(self.legal_moves(), start=1):
            left = self.after(move)
            value = flip(self.solution.value_of(left))
            remoteness = self.solution.remoteness_at(left)
            out.append(Hint(number, self.label(move), move, value, remoteness, self._why(left, value, remoteness),
                            move in best))
        return out

    def _why(self, left: Any, value: str | float, remoteness: int | None) -> str:
        ends = (NOT_COMPUTED if remoteness is None and self.remoteness_note() else
                f"ends in {remoteness} more move{'s' if remoteness != 1 else ''}" if value != "draw" else "never ends")
        if self.sums and not self.game.misere:
            rules = self.game.rules
            if rules.loopy:
                return loopy_why(rules, left, ends)
            by_rule = self.remoteness_note() or rules.closed_form == "P-positions"  # big, or a P-position rule
            verdict = rules.position_rule(list(left)) if by_rule else None  # a rule's answer: no search
            if verdict is not None and (verdict.rule or verdict.grundy is None):  # the rule says who wins
                return f"{verdict.outcome}-position after it: {verdict.rule or f'by the rule of {rules.spec}'}; {ends}"
            try:
                total = verdict.grundy if verdict is not None else nim_sum(rules, left)
            except CycleError:  # a game of one's own whose moves cycle: Smith's values
                return loopy_why(rules, left, ends)
            return f"nim-sum after it {total} ({'P-position' if total == 0 else 'N-position'}); {ends}"
        faces = {"win": "a win", "lose": "a loss", "tie": "a tie", "draw": "a draw"}
        value_left = self.solution.value_of(left)
        return f"the opponent faces {faces.get(str(value_left), f'a score of {value_left}')}; {ends}"


def theory_values(rules: Any) -> bool:
    """Whether the theory gives the values of ``rules`` (so a sum is played from them): every
    ruleset of the catalogue. A game of one's own (``--rules``, :func:`grundy.impartial`, which keeps
    the user's function as ``function``) is solved whole, as the general solver does."""
    return getattr(rules, "function", None) is None


def nim_sum(rules: Any, components: Any) -> int:
    """The xor of the components' Grundy values."""
    total = 0
    for c in components:
        total ^= rules.grundy(c)
    return total


def sum_solution(the_game: ImpartialGame, start: Any, max_states: int | None = None, db: str | None = None,
                 progress: Any = None) -> Any:
    """The solution a session on a sum plays from: every position valued (remoteness too) when that
    fits :data:`REMOTENESS_WORK` moves listed and the state budget, else :class:`SumValues` (the Grundy
    values, remoteness not computed), at once; under misère play the misère quotient where one covers
    the heaps (:class:`~grundy.core.by_quotient.QuotientValues`), else every position valued."""
    limit = min(default_max_states() if max_states is None else max_states, REMOTENESS_WORK)
    capped = _Capped(the_game.rules, REMOTENESS_WORK, the_game.misere)
    try:
        solution = solve_game(capped, start, max_states=limit, db=db, progress=progress)
    except LimitError:
        if not the_game.misere:
            from grundy.core.loopy_play import LoopySums  # moves that cycle: played from Smith's values

            return LoopySums(the_game) if the_game.rules.loopy else SumValues(the_game)
        from grundy.core.by_quotient import QuotientValues, quotient_judge

        judge = quotient_judge(the_game.rules, list(start))  # else solved whole, under the whole budget
        if judge is None:
            return solve_game(the_game, start, max_states=max_states, db=db, progress=progress)
        return QuotientValues(the_game, judge, NOT_COMPUTED)
    solution.game = the_game  # the moves of play are not counted against the cap
    return solution


class _Capped(ImpartialGame):
    """An impartial sum whose moves stop with :class:`LimitError` once ``work`` moves are listed."""

    def __init__(self, rules: Any, work: int, misere: bool = False) -> None:
        super().__init__(rules, misere)
        self.left = work

    def moves(self, position: tuple) -> list[tuple]:
        found = super().moves(position)
        self.left -= len(found)
        if self.left < 0:
            raise LimitError(f"more than {REMOTENESS_WORK:,} moves to value every position")
        return found


class SumValues:
    """What a play session asks of a solution, answered from the Grundy values of a normal-play sum
    (the Sprague–Grundy theorem, or the ruleset's own rule for a whole position) rather than a
    search of every position: who wins, and the moves to nim-sum 0. Remoteness is not computed
    (``remoteness_at`` is None; ``note`` says so).

    >>> from grundy import ruleset
    >>> values = SumValues(ImpartialGame(ruleset("nim")))
    >>> values.value_of((100, 200, 300)), values.best_moves((100, 200, 300)), values.remoteness_at((1,))
    ('win', [(100, 172, 200)], None)
    """

    note = NOT_COMPUTED

    def __init__(self, the_game: ImpartialGame) -> None:
        self.game, self.rules = the_game, the_game.rules
        self._outcomes: dict[Any, str] = {}

    def value_of(self, position: Any) -> str:
        """``win`` or ``lose`` for the player to move."""
        key = self.game.canonical(position)
        if key not in self._outcomes:
            verdict = self.rules.position_rule(list(key))
            outcome = verdict.outcome if verdict is not None else "N" if nim_sum(self.rules, key) else "P"
            self._outcomes[key] = outcome
        return "win" if self._outcomes[key] == "N" else "lose"

    def remoteness_at(self, position: Any) -> None:
        return None

    def best_moves(self, position: Any) -> list[Any]:
        """The positions (canonical) of the moves to nim-sum 0 (P-positions), or of every move when
        there is none."""
        here = tuple(position)
        found = solve_position(self.rules, list(here), max_listed=BEST_LISTED).winning_moves
        if found:
            return [self.game.canonical(here[:m.index] + m.option + here[m.index + 1:]) for m in found]
        return self.game.moves(self.game.canonical(here))
