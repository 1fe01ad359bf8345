"""Solving a misère sum (last mover loses): values do not add, so the position is searched whole
unless a closed form covers it (the ruleset's own for one component, the anti-SG (SJ) theorem, or
a misère quotient); every winning move is a move to a misère P-position (moved out of
:mod:`grundy.core.solve`, which calls :func:`solve_misere`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grundy.core.errors import LimitError
from grundy.core.ruleset import Option, Ruleset
from grundy.core.search import PositionSearch
from grundy.core.solve import Move, Solution, _from_verdict, _move_text


def solve_misere(rules: Ruleset, position: list, max_listed: int) -> Solution:
    """A misère sum: the ruleset's closed form for one component, the SJ theorem, else a search of the
    whole position; past :data:`~grundy.core.by_quotient.SMALL_SEARCH` positions, the misère quotient
    where one covers the heaps (:mod:`grundy.core.by_quotient`), else the search under the whole budget."""
    from grundy.core.by_quotient import SMALL_SEARCH, quotient_hint, quotient_judge
    from grundy.core.misere import sj_theorem

    single = rules.misere_outcome(position[0]) if len(position) == 1 else None
    if single is None and not rules.splits and (verdict := sj_theorem(rules, position)) is not None:
        return _from_verdict(rules, position, verdict, True, max_listed)
    if single is None:
        try:
            small = min(SMALL_SEARCH, PositionSearch(rules, misere=True).max_states)
            return _misere_by_search(rules, position, max_listed, PositionSearch(rules, misere=True, max_states=small))
        except LimitError:
            judge = quotient_judge(rules, position)
            if judge is not None:
                return _misere_solution(rules, position, max_listed, judge.outcome(position), judge.how(position),
                                        judge.outcome, judge.why)
    try:
        return _misere_by_search(rules, position, max_listed, PositionSearch(rules, misere=True), single)
    except LimitError as exc:
        hint = quotient_hint(rules, position) if single is None else None
        if hint is None:
            raise
        raise LimitError(f"{exc}; {hint}", **exc.fields()) from None  # type: ignore[arg-type]


def _misere_by_search(rules: Ruleset, position: list, max_listed: int, search: PositionSearch,
                      single: str | None = None) -> Solution:
    """A misère sum by ``search`` of the whole position (and the closed form of one component)."""
    if single is not None:
        outcome = single
        how = f"misère closed form of {rules.spec} for one component"
        left_outcome = lambda left: rules.misere_outcome(left[0]) if len(left) == 1 else search.outcome(left)  # noqa: E731
    else:
        outcome = search.outcome(position)
        how = "search of the whole position (misère values do not add)"
        left_outcome = search.outcome
    return _misere_solution(rules, position, max_listed, outcome, how, left_outcome)


def _misere_solution(rules: Ruleset, position: list, max_listed: int, outcome: str, how: str,
                     left_outcome: Any, why: Any = None) -> Solution:
    """A misère sum whose outcome is known (``how``): every winning move, a move to what ``left_outcome``
    says is a P-position (its reason ``why(left)``, else what the move leaves)."""
    live = _live_components(rules, position)
    if len(live) < len(position):
        how += (f"; equal {rules.component_noun}s cancel in {rules.spec}, so the position is "
                f"{rules.format_option(tuple(position[j] for j in live))}")
    moves: list[Move] = []
    count = 0
    if outcome == "N":
        for i in live:
            c = position[i]
            rest = [position[j] for j in live if j != i]
            for option in rules.options(c):
                left = rules.position_key(rest + list(option))
                if left_outcome(left) == "P":
                    count += 1
                    if len(moves) < max_listed:
                        move = _misere_move(rules, i, c, option, left, len(position))
                        moves.append(move if why is None else replace(move, why=why(left)))
    verdict = "the player to move wins" if outcome == "N" else "the player to move loses"
    explanation = f"Misère play (last mover loses): {how}: {verdict}."
    return Solution(rules.spec, position, None, None, outcome, moves, count, explanation,
                    misere=True, listed_all=count <= max_listed)


def _live_components(rules: Ruleset, position: list) -> list[int]:
    """The indices of the components that the position's key keeps: all of them, except in games
    whose equal components cancel (two heads on one coin), where each pair drops out."""
    kept: dict[Any, int] = {}
    for c in rules.position_key(position):
        kept[c] = kept.get(c, 0) + 1
    live = []
    for i, c in enumerate(position):
        if kept.get(c, 0):
            kept[c] -= 1
            live.append(i)
    return live


def _misere_move(rules: Ruleset, index: int, component: Any, option: Option, left: tuple, size: int) -> Move:
    """A winning misère move, saying what it leaves (a component it turns that was already there
    cancels, as a coin turned back to tails)."""
    text = _move_text(rules, index, component, option, size)
    why = f"leaves {rules.format_option(left)}, a misère P-position"
    kept = set(left)
    gone = [c for c in option if c not in kept]
    if gone:
        noun = rules.component_noun + ("s" if len(gone) > 1 else "")
        shown = ", ".join(rules.format_component(c) for c in gone)
        them = "them" if len(gone) > 1 else "it"
        state = (f"heads, so the move turns {them} back to tails" if rules.component_noun == "coin"
                 else f"there, and {them} cancel{'' if len(gone) > 1 else 's'}")
        text += f"  (leaves {rules.format_option(left)})"
        why = f"{why}: {noun} {shown} {'were' if len(gone) > 1 else 'was'} already {state}"
    return Move(index, component, option, why, text)
