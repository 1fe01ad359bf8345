"""Every-SG: each turn, the player moves in every component that can still move.

A player who cannot move in any component loses. Each component has an outcome and a *step*
count (its suspense number, in Winning Ways' continued conjunctive compound): a terminal position
is a loss in 0 steps; from an N-position the winner takes the longest win, step = 1 + the largest
step of an option that is a P-position; from a P-position the loser takes the shortest loss,
step = 1 + the smallest step of an option. The whole game ends when the slowest component ends,
so the player to move wins iff the largest step is odd.

>>> from grundy import ruleset
>>> every_sg(ruleset("nim"), [1, 2]).outcome, every_sg(ruleset("subtraction:1,3,4"), [7, 9, 2]).outcome
('N', 'P')

Reference: C. A. B. Smith, *Graphs and composite games*, J. Combin. Theory 1 (1966); Winning
Ways ch. 9 (remote, suspense).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

from grundy.core import limits
from grundy.core.engine import GrundyEngine
from grundy.core.errors import GrundyError
from grundy.core.ruleset import Ruleset


@dataclass
class EverySG:
    """Who wins an Every-SG compound, and how.

    ``steps`` holds each component's step count (odd: the player to move wins that component).
    ``plan`` is one winning move when ``outcome`` is ``"N"``: ``(component index, what it leaves,
    why)`` for every component that can move, to be made together this turn; ``ways`` counts every
    winning move (each a choice of one option in every component that can move).
    """

    outcome: str
    steps: list[int]
    explanation: str
    plan: list[tuple[int, Any, str]] = field(default_factory=list)
    ways: int = 0
    noun: str = "component"  # what a component is called (heap, graph, ...)

    @property
    def plan_why(self) -> str:
        """Why the plan wins (empty when there is none)."""
        longest = max(self.steps, default=0)
        return (f"Every {self.noun} that moves comes one step nearer its end, so the largest step count "
                f"becomes {longest - 1}, even: the opponent loses.") if self.plan else ""


def _fold(options: list[tuple[bool, int]]) -> tuple[bool, int]:
    """(wins, steps) of a position from those of its options."""
    if not options:
        return (False, 0)
    losing = [steps for wins, steps in options if not wins]
    if losing:
        return (True, max(losing) + 1)
    return (False, min(steps for _, steps in options) + 1)


def step_engine(rules: Ruleset) -> GrundyEngine:
    """An engine computing (wins, steps) for components of ``rules`` (plain games only)."""
    if rules.splits:
        raise GrundyError(f"Every-SG needs moves that leave one component; {rules.spec} can split a component")
    return rules.engine_with(_fold)


def every_sg(rules: Ruleset, components: list[Any]) -> EverySG:
    """Who wins the Every-SG compound of the components, and the moves to make together this turn.

    >>> from grundy import ruleset
    >>> found = every_sg(ruleset("subtraction:1,2"), [4, 1])
    >>> found.outcome, found.steps, found.ways
    ('N', [3, 1], 1)
    >>> [(i, left) for i, left, _ in found.plan]         # heap 1: 4 -> 3, heap 2: 1 -> 0, together
    [(0, 3), (1, 0)]
    >>> found.plan[0][2]
    '3 steps (odd): the mover wins it; the slowest win, leaving 2 steps'
    """
    components = [rules.validate(c) for c in components]
    engine = step_engine(rules)
    steps = [engine.value(c)[1] for c in components]
    longest = max(steps, default=0)
    outcome = "N" if longest % 2 else "P"
    verb = "wins" if outcome == "N" else "loses"
    parity = "odd" if longest % 2 else "even"
    noun = rules.component_noun
    explanation = (f"Every-SG: steps {steps} (each {noun}'s suspense number); the largest, {longest}, is {parity}, so "
                   f"the player to move {verb} (the winner prolongs the {noun}s they win and hurries the others).")
    found = EverySG(outcome, steps, explanation, noun=noun)
    if outcome == "N":
        options = {i: _option_steps(rules, engine, c) for i, (c, s) in enumerate(zip(components, steps, strict=True))
                   if s}
        found.plan = [(i, _planned(options[i], steps[i]), _why(steps[i])) for i in options]
        found.ways = _winning_ways(list(options.values()))
    return found


def _option_steps(rules: Ruleset, engine: GrundyEngine, component: Any) -> dict[Any, int]:
    """Each distinct option of ``component`` with its step count."""
    return {option: engine.value(option)[1]
            for option in limits.bounded_options(rules.moves(component), component)}


def _planned(options: dict[Any, int], steps: int) -> Any:
    """Smith's move in one component: to ``steps - 1``, the slowest win or the quickest loss."""
    return next(option for option, s in options.items() if s == steps - 1)


def _why(steps: int) -> str:
    """Why one component moves as the plan says: its step count's parity says who wins it."""
    left = f"leaving {steps - 1} step{'s' if steps != 2 else ''}"
    if steps % 2:
        return f"{steps} step{'s' if steps != 1 else ''} (odd): the mover wins it; the slowest win, {left}"
    return f"{steps} steps (even): the mover loses it; the quickest loss, {left}"


def _winning_ways(options: list[dict[Any, int]]) -> int:
    """How many choices of one option per component leave the largest step count even (a lost
    position for the opponent): those whose largest is t number F(t) - F(t - 1), where F(t) is
    the product over the components of how many of their options have at most t steps."""
    ordered = [sorted(steps.values()) for steps in options]
    ways = below = 0
    for t in sorted({s for steps in ordered for s in steps}):
        upto = math.prod(bisect_right(steps, t) for steps in ordered)
        if t % 2 == 0:
            ways += upto - below
        below = upto
    return ways
