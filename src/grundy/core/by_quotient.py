"""Misère play by the quotient: a misère sum of heaps answered from the misère quotient of its ruleset
(Plambeck, "Taming the wild in impartial combinatorial games", 2005; Plambeck–Siegel, "Misère quotients
for impartial games", JCTA 2008; :mod:`grundy.quotient` computes and proves them).

``grundy solve SPEC H... --misere`` and ``grundy play --misere`` use it so: a position whose whole search
fits :data:`SMALL_SEARCH` positions is searched (the same answer, with the search's own explanation);
beyond that, when every component is a heap of a heap ruleset, the quotient of the heaps up to the
largest heap of the position (or one computed before that covers them: a larger one, or a complete one,
which covers every heap) answers: outcome, every winning move. The quotient is computed under the
budget (``max_states`` where one was chosen, else at most :data:`QUOTIENT_STATES` steps of work, about
1-2 s) and heaps up to :data:`QUOTIENT_MAX_HEAP`; where it stops (or the ruleset is not a game of
heaps) the whole position is searched as before, under the whole budget, so the answer is the
search's, or its limit message with the way to ask the quotient (:func:`quotient_hint`).

>>> from grundy import ruleset
>>> judge = quotient_judge(ruleset("nim"), [1, 1, 1])
>>> judge.outcome([1, 1, 1]), judge.outcome([1, 1])
('P', 'N')
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from grundy.core import limits, words
from grundy.core.errors import GrundyError, LimitError
from grundy.core.ruleset import Ruleset, Shape

SMALL_SEARCH = 10_000  # positions a misère sum is searched whole within before the quotient is asked
QUOTIENT_STATES = 300_000  # the most work (max_states) a quotient computed for solve or play may take
QUOTIENT_MAX_HEAP = 200  # the largest heap a quotient is computed up to for solve or play
HINT_MAX_HEAP = 10_000  # past it, a search that stops does not point to the quotient (far past what it reaches)
KEPT = 16  # quotients kept, the most recent ones (one per ruleset)

_kept: OrderedDict[int, tuple[Ruleset, Any]] = OrderedDict()  # id(ruleset) -> (the ruleset, its quotient)


def heap_refusal(rules: Any) -> str | None:
    """Why ``rules`` has no misère quotient here (None when it has): quotients are of sums of heaps.

    >>> from grundy import ruleset
    >>> heap_refusal(ruleset("kayles")) is None, heap_refusal(ruleset("wythoff"))[:40]
    (True, 'misère quotients are for games of heaps ')
    """
    kinds = "(octal:..., hex:..., subtraction:..., kayles, grundy-game: one number a component)"
    if not isinstance(rules, Ruleset):
        name = getattr(rules, "spec", None) or type(rules).__name__
        return f"misère quotients are for games of heaps {kinds}; {name} is not an impartial ruleset of heaps"
    if rules.shape is not Shape.HEAP:
        return f"misère quotients are for games of heaps {kinds}; a component of {rules.spec} is a {rules.shape.value}"
    if type(rules).position_key is not Ruleset.position_key:
        return (f"misère quotients are for games of heaps {kinds}; in {rules.spec} equal components cancel, "
                "so a position is not a sum of heaps")
    return None


def quotient(rules: Ruleset, max_heap: int, exact: bool = False) -> Any:
    """The misère quotient of ``rules`` for heaps up to ``max_heap`` (:func:`grundy.quotient.quotient_of`),
    or a kept one that covers those heaps (unless ``exact``: then Q_N of that N only); raises
    :class:`GrundyError` for a ruleset that is not a game of heaps, :class:`LimitError` at a limit."""
    from grundy.quotient import quotient_of

    reason = heap_refusal(rules)
    if reason is not None:
        raise GrundyError(reason)
    kept = _kept.get(id(rules))
    fits = kept is not None and kept[0] is rules and (
        kept[1].max_heap == max_heap if exact else kept[1].complete or kept[1].max_heap >= max_heap)
    if fits:
        _kept.move_to_end(id(rules))
        return kept[1]
    found = quotient_of(rules, max_heap)
    _kept[id(rules)] = (rules, found)
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return found


@dataclass(frozen=True)
class QuotientJudge:
    """Who wins a misère sum of heaps, from a quotient that covers them, and why."""

    spec: str
    found: Any  # the MisereQuotient

    def outcome(self, heaps: Iterable[int]) -> str:
        """``"N"`` or ``"P"`` under misère play."""
        return self.found.outcome(heaps)

    def word(self, heaps: Iterable[int]) -> str:
        """The element of the quotient a sum of heaps maps to, as a word (``ab²``; ``1``, the identity)."""
        return self.found.word(self.found.element(heaps))

    def why(self, left: Iterable[int]) -> str:
        """The reason of a winning move that leaves ``left``."""
        return f"moves to a P-position of the quotient: element {self.word(left)}"

    def how(self, position: Iterable[int]) -> str:
        """How the outcome of ``position`` is known, for the explanation."""
        q = self.found
        cover = (f", complete: periodic from heap {q.preperiod} (shown by the heaps up to {q.complete_from_heap}), "
                 "so it covers every heap" if q.complete
                 else "")
        side = "in" if self.outcome(position) == "P" else "not in"
        return (f"the misère quotient of {self.spec} for heaps up to {q.max_heap} (order {q.order}{cover}) "
                f"maps the position to element {self.word(position)}, {side} its P-portion")


def quotient_judge(rules: Any, position: list) -> QuotientJudge | None:
    """A judge of ``position`` by a quotient that covers its heaps (computed under the budget: the
    ``max_states`` chosen, else at most :data:`QUOTIENT_STATES` steps of work), or None: not a sum of
    heaps, a heap past :data:`QUOTIENT_MAX_HEAP` that the quotient to there does not cover (it is not
    complete), or the quotient stopped at a limit."""
    if heap_refusal(rules) is not None or not all(type(c) is int and c >= 0 for c in position):
        return None
    largest = min(max(position, default=0), QUOTIENT_MAX_HEAP)  # past it, only a complete quotient covers
    most = limits.current().max_states
    cap = most if limits.states_chosen() else min(most, QUOTIENT_STATES)  # a budget chosen is the user's
    try:
        with limits.budget(max_states=cap):
            found = quotient(rules, largest)
    except (LimitError, GrundyError):
        return None
    if not all(found.covers(h) for h in position):
        return None
    return QuotientJudge(rules.spec, found)


def quotient_hint(rules: Any, position: list) -> str | None:
    """Where a misère search of a sum of heaps stopped: how to ask the misère quotient instead (with
    more work), or None when the position is not a sum of heaps or has a heap past :data:`HINT_MAX_HEAP`.

    >>> from grundy import ruleset
    >>> quotient_hint(ruleset("kayles"), [20, 30])
    'the misère quotient of kayles to heap 30 answers sums of heaps: \
grundy.misere_quotient(spec, max_heap).outcome(heaps)'
    """
    if heap_refusal(rules) is not None or not all(type(c) is int and c >= 0 for c in position):
        return None
    largest = max(position, default=0)
    if largest > HINT_MAX_HEAP:
        return None
    return f"the misère quotient of {rules.spec} to heap {largest} answers sums of heaps: {words.knob('misere')}"


class QuotientValues:
    """What a play session asks of a solution, answered from a misère quotient (who wins, the moves to
    a P-position of the quotient); remoteness is not computed (``remoteness_at`` is None)."""

    def __init__(self, the_game: Any, judge: QuotientJudge, note: str) -> None:
        self.game, self.judge, self.note = the_game, judge, note

    def value_of(self, position: Any) -> str:
        """``win`` or ``lose`` for the player to move."""
        return "win" if self.judge.outcome(self.game.canonical(position)) == "N" else "lose"

    def remoteness_at(self, position: Any) -> None:
        return None

    def best_moves(self, position: Any) -> list[Any]:
        """The positions (canonical) of the moves to a P-position of the quotient, or of every move
        when there is none."""
        every = self.game.moves(self.game.canonical(position))
        return [left for left in every if self.judge.outcome(left) == "P"] or every
