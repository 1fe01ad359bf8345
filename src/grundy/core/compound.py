"""Every-SG: each turn, the player moves in every component that can still move.

A player who cannot move in any component loses. Each component has an outcome and a *step*
count (Smith's remoteness): a terminal position is a loss in 0 steps; from an N-position the
winner takes the longest win, step = 1 + the largest step of an option that is a P-position; from
a P-position the loser takes the shortest loss, step = 1 + the smallest step of an option. The
whole game ends when the slowest component ends, so the player to move wins iff the largest step
is odd.

>>> from grundy import ruleset
>>> every_sg(ruleset("nim"), [1, 2]).outcome, every_sg(ruleset("subtraction:1,3,4"), [7, 9, 2]).outcome
('N', 'P')

Reference: C. A. B. Smith, *Graphs and composite games*, J. Combin. Theory 1 (1966); Winning
Ways ch. 9 (remote, suspense).
"""

from __future__ import annotations

from typing import Any

from grundy.core.engine import GrundyEngine
from grundy.core.errors import GrundyError
from grundy.core.ruleset import Ruleset, Verdict


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


def every_sg(rules: Ruleset, components: list[Any]) -> Verdict:
    """Who wins the Every-SG compound of the components, and the moves to make this turn."""
    components = [rules.validate(c) for c in components]
    engine = step_engine(rules)
    results = [engine.value(c) for c in components]
    steps = [s for _, s in results]
    longest = max(steps, default=0)
    outcome = "N" if longest % 2 else "P"
    moves = []
    if outcome == "N":
        for i, (c, (wins, s)) in enumerate(zip(components, results, strict=True)):
            if s == 0:
                continue
            for option in rules.moves(c):
                o_wins, o_steps = engine.value(option)
                if o_steps == s - 1 and o_wins != wins:
                    plan = "wins it in" if wins else "loses it in no fewer than"
                    moves.append((i, (option,), f"this {rules.component_noun} {plan} {s} steps"))
                    break
    verb = "wins" if outcome == "N" else "loses"
    parity = "odd" if longest % 2 else "even"
    return Verdict(outcome, f"Every-SG: steps {steps}; the largest, {longest}, is {parity}, so the player to move "
                            f"{verb} (the winner prolongs the components they win and hurries the others).", moves)
