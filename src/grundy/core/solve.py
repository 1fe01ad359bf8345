"""Solving positions: the Grundy value, the outcome and every winning move, with the reasons.

Under normal play a position is a sum, solved component by component: its value is the xor of the
components' values (the Sprague–Grundy theorem), and a winning move takes one component ``c`` to an
option worth ``G(c) xor s`` where ``s`` is the total. Under misère play values do not add; the
position is searched whole unless a closed form covers it (:mod:`grundy.core.misere_solve`). A game
whose moves can return to a position has Smith's values instead (:mod:`grundy.core.loopy_solve`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from grundy.core import limits, words
from grundy.core.compound import EverySG, every_sg
from grundy.core.errors import CycleError, GrundyError, LimitError
from grundy.core.notebook import html_table
from grundy.core.ruleset import TRUNCATED, Option, Ruleset, Verdict

MAX_LISTED_MOVES = 10_000
LONE_STATES = 1 << 20  # values that a lone component's Grundy value, beside its P-position rule, may take (about 1 s)


@dataclass(frozen=True)
class Move:
    """One move of a position: which component, what it leaves, and why it wins.

    ``index`` is the component's place in the position, from 0 (JSON ``"component"``), ``before``
    the component as it was (JSON ``"from"``), ``option`` what the move leaves (JSON ``"to"``).
    ``why`` says it all on its own; ``note`` is what the move adds to the position's explanation
    (empty when that is all of ``why``), so a listing under the explanation says nothing twice.
    """

    index: int
    before: Any
    option: Option
    why: str
    text: str
    note: str = ""

    @property
    def reason(self) -> str:
        """The move's reason beside the position's explanation: ``note``, else ``why``."""
        return self.note or self.why

    @property
    def component(self) -> int:
        """The component's place in the position, from 0: :attr:`index`, as JSON's ``"component"``
        (the component as it was is :attr:`before`).

        Examples
        --------
        >>> from grundy.api import solve
        >>> move = solve("nim", [3, 4, 5]).winning_moves[0]
        >>> move.component, move.before, move.option
        (0, 3, (1,))
        """
        return self.index

    def to_dict(self) -> dict[str, Any]:
        return {
            "component": self.index,
            "from": _jsonable(self.before),
            "to": [_jsonable(c) for c in self.option],
            "move": self.text,
            "why": self.why,
        }

    def __str__(self) -> str:
        return f"{self.text}  ({self.why})"


@dataclass
class Solution:
    """The answer for a position: value, outcome, winning moves and an explanation.

    ``outcome`` is ``"N"`` when the player to move wins and ``"P"`` when the previous player does;
    ``"D"``, a draw with perfect play, where moves can return to a position (then ``loopy_values``
    holds Smith's value of each component, ``"3"`` or ``"∞{0,2}"``, and ``drawing_moves`` the moves
    that keep a draw: :mod:`grundy.core.loopy_solve`).
    ``grundy`` is the position's Grundy value (None under misère play, where it means nothing).
    Under Every-SG (``every_sg``, the compound's steps and plan) one winning move is a move in every
    component at once: ``winning_moves`` are the parts of one such plan, made together this turn,
    and ``winning_move_count`` counts the winning plans.
    """

    spec: str
    components: list
    component_values: list[int] | None
    grundy: int | None
    outcome: str
    winning_moves: list[Move]
    winning_move_count: int
    explanation: str
    misere: bool = False
    listed_all: bool = field(default=True)
    shown: list[str] = field(default_factory=list)  # the components as the command line writes them
    every_sg: EverySG | None = None  # the Every-SG compound's steps and plan, where it was asked for
    loopy_values: list[str] | None = None  # Smith's values of the components, where moves can cycle
    drawing_moves: list[Move] = field(default_factory=list)  # outcome D: the moves that keep the draw

    def to_dict(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "components": [_jsonable(c) for c in self.components],
            "component_values": self.component_values,
            "grundy": self.grundy,
            "outcome": self.outcome,
            "misere": self.misere,
            "winning_moves": [m.to_dict() for m in self.winning_moves],
            "winning_move_count": self.winning_move_count,
            "winning_moves_truncated": not self.listed_all,
            "explanation": self.explanation,
        } | (self._every_sg_dict() if self.every_sg is not None else {}) | (
            {"loopy_values": self.loopy_values, "drawing_moves": [m.to_dict() for m in self.drawing_moves]}
            if self.loopy_values is not None else {})

    def _every_sg_dict(self) -> dict[str, Any]:
        """The Every-SG keys: the steps, and the winning plan as one move made of a move in every
        component (listed whole unless ``max_listed`` cut it; ``components_moved`` says how many)."""
        found = self.every_sg
        plan = {
            "move": "; ".join(m.text for m in self.winning_moves),
            "why": found.plan_why,
            "moves": [m.to_dict() | {"steps": found.steps[m.index]} for m in self.winning_moves],
            "components_moved": len(found.plan),
        }
        return {"compound": "every", "steps": found.steps, "winning_moves": [plan] if found.plan else []}

    def __repr__(self) -> str:
        who = {"N": "player to move wins", "D": "a draw with perfect play"}.get(self.outcome, "player to move loses")
        g = "" if self.grundy is None else f", grundy={limits.shorten(str(self.grundy), 60)}"
        moves = "; ".join(limits.shorten(m.text, 60) for m in self.winning_moves[:5])
        if self.every_sg is not None:
            more = " ..." if len(self.every_sg.plan) > 5 else ""
            return f"<Solution {self.spec} Every-SG {self.outcome} ({who}), winning plan: [{moves}{more}]>"
        more = " ..." if self.winning_move_count > 5 else ""
        if self.outcome == "D":
            moves, more = "; ".join(limits.shorten(m.text, 60) for m in self.drawing_moves[:5]), ""
        kind = "drawing" if self.outcome == "D" else "winning"
        return f"<Solution {self.spec} {self.outcome} ({who}){g}, {kind} moves: [{moves}{more}]>"

    def _repr_html_(self) -> str:
        rows = [("ruleset", self.spec), ("outcome", self.outcome), ("grundy", self.grundy),
                ("explanation", self.explanation)]
        label = "part of the winning plan" if self.every_sg is not None else "winning move"
        rows += [(f"{label} {i + 1}", str(m)) for i, m in enumerate(self.winning_moves[:20])]
        if self.loopy_values is not None:
            rows += [("Smith's values", ", ".join(self.loopy_values))]
            rows += [(f"drawing move {i + 1}", str(m)) for i, m in enumerate(self.drawing_moves[:20])]
        return html_table(rows)


def solve(rules: Ruleset, components: Iterable[Any], misere: bool = False,
          max_listed: int = MAX_LISTED_MOVES, compound: str | None = None) -> Solution:
    """:func:`grundy.solve` on a ruleset object (the public function reads spec strings).

    >>> from grundy import ruleset
    >>> solve(ruleset("nim"), [3, 4, 5]).outcome
    'N'
    """
    from grundy.core.loopy_solve import solve_loopy  # (it builds Solutions: imported when it runs)

    position = [rules.validate(c) for c in components]
    try:
        solution = (solve_loopy if rules.loopy else _solve)(rules, position, misere, max_listed, compound)
    except CycleError:  # moves that return to a position: Smith's values answer (normal play only)
        solution = solve_loopy(rules, position, misere, max_listed, compound)
    solution.shown = [rules.format_component(c) for c in position]
    return solution


def _solve(rules: Ruleset, position: list, misere: bool, max_listed: int, compound: str | None) -> Solution:
    if compound is not None:
        if compound != "every":
            raise GrundyError(f"compound must be 'every' (Every-SG), not {compound!r}")
        if misere:
            raise GrundyError("Every-SG is solved under normal play only: drop misère or the compound")
        return _every_sg(rules, position, max_listed)
    verdict = rules.misere_rule(position) if misere else rules.position_rule(position)
    if verdict is not None:
        return _from_verdict(rules, position, verdict, misere, max_listed)
    if misere:
        from grundy.core.misere_solve import solve_misere  # (it builds Solutions: imported when it runs)

        return solve_misere(rules, position, max_listed)
    values = [rules.grundy(c) for c in position]
    value_rule = _value_reason(rules, position)
    total = 0
    for v in values:
        total ^= v
    xor_text = " ^ ".join(map(str, values)) if values else "0"
    moves: list[Move] = []
    count = 0
    partial = cut = False
    limit_hit = ""  # the message of a limit that stopped the search for winning moves
    if total:
        for i, (c, v) in enumerate(zip(position, values, strict=False)):
            target = v ^ total
            why = (f"{value_rule}; nim-sum {xor_text} = {total}, "
                   f"and {v} ^ {total} = {target}" + (f" < {v}" if target < v else ""))
            shown = Move(i, c, (), why, "", f"its value {v} becomes {v} ^ {total} = {target}")
            try:
                found, stopped = _winning_moves(rules, shown, target, len(position), moves, max_listed)
            except LimitError as exc:  # the values are known; only the list of moves is cut short
                found, stopped, limit_hit = 0, True, str(exc)
            if stopped:
                cut = True
                counted = None if limit_hit else rules.count_moves_to_value(c, target)
                partial = partial or counted is None
                found = found if counted is None else max(counted, found)
            count += found
    outcome = "N" if total else "P"
    verdict = ("the player to move wins by making it 0" if total
               else "every move makes it non-zero, so the player to move loses")
    explanation = (f"Sprague–Grundy: {value_rule}. Values {values}; "
                   f"nim-sum {xor_text} = {total}: {verdict}.") if len(position) != 1 else (
                   f"{value_rule}. G = {total}: {verdict}.")
    if limit_hit and not count:
        explanation += (f" No winning move was listed: the search for them stopped at a limit ({limit_hit}); "
                        "moves exist, since the nim-sum is not 0.")
    elif partial:
        explanation += (f" At least {count:,} winning move{'s' if count != 1 else ''}; the list was cut at a "
                        "bounded search, more may exist.")
    elif cut:
        explanation += (f" {count:,} winning move{'s' if count != 1 else ''} in all, counted by arithmetic; "
                        f"{len(moves):,} listed.")
    return Solution(rules.spec, position, values, total, outcome, moves, count, explanation,
                    listed_all=not cut and count <= max_listed)


def _value_reason(rules: Ruleset, position: list) -> str:
    """How the values of ``position`` are known: the ruleset's :attr:`~Ruleset.value_rule`, and, where
    a heap lies past any table (at least ``max_states``: a table that long is refused, so only a
    proved period can have valued it), the period found by search and the theorem that proves it."""
    far = [c for c in position if isinstance(c, int) and c >= limits.current().max_states]
    if not far or not rules.keeps_table or rules.known_period() is not None:
        return rules.value_rule
    period = rules.proved_period()
    if period is None or period.period is None:
        return rules.value_rule
    shift = f" + {period.saltus}" if period.saltus else ""
    return (f"{rules.value_rule}; past the table, by the proved period G(n + {period.period}) = G(n){shift} "
            f"for n ≥ {period.preperiod} ({period.reason})")


def _every_sg(rules: Ruleset, position: list, max_listed: int) -> Solution:
    """The Every-SG compound: its steps, and one winning plan (a move in every component that can move)."""
    found = every_sg(rules, position)
    moves = [Move(i, position[i], (left,), why, _move_text(rules, i, position[i], (left,), len(position)))
             for i, left, why in found.plan[:max_listed]]
    return Solution(rules.spec, position, None, None, found.outcome, moves, found.ways, found.explanation,
                    listed_all=found.ways <= 1 and len(moves) == len(found.plan), every_sg=found)


def _winning_moves(rules: Ruleset, shown: Move, target: int, size: int, moves: list[Move],
                   max_listed: int) -> tuple[int, bool]:
    """Add the moves of one component to a value of ``target`` to ``moves`` (up to ``max_listed``
    in all), each as ``shown`` (its component and reasons) with its option; return how many were
    found and whether the search stopped early: the ruleset said ``TRUNCATED``, or more than
    ``max_options`` were met (nothing is counted for ever)."""
    found = 0
    limit = limits.current().max_options
    index, component = shown.index, shown.before
    for option in rules.moves_to_value(component, target):
        if option is TRUNCATED or found >= limit:
            return found, True
        found += 1
        if len(moves) < max_listed:
            moves.append(replace(shown, option=option, text=_move_text(rules, index, component, option, size)))
    return found, False


def _from_verdict(rules: Ruleset, position: list, verdict: Verdict, misere: bool, max_listed: int) -> Solution:
    moves = [Move(i, position[i], option, why, _move_text(rules, i, position[i], option, len(position)))
             for i, option, why in verdict.moves[:max_listed]]
    count = verdict.move_count if verdict.move_count is not None else len(verdict.moves)
    grundy, explanation = verdict.grundy, verdict.explanation
    if grundy is None and not misere and rules.closed_form == "P-positions" and len(position) == 1:
        grundy, note = _lone_value(rules, position[0])
        explanation += f" {note}"
    values = [grundy] if grundy is not None and len(position) == 1 else None
    return Solution(rules.spec, position, values, grundy, verdict.outcome, moves, count,
                    explanation, misere=misere, listed_all=verdict.complete and count <= len(moves))


def _lone_value(rules: Ruleset, component: Any) -> tuple[int | None, str]:
    """The Grundy value of a lone component whose outcome a P-position rule gave (Wythoff, Fibonacci
    Nim), computed as for sums (:meth:`Ruleset.grundy`), with the sentence that says where it came
    from; (None, why not) past :data:`LONE_STATES` values (unless a state budget was chosen) or the
    ruleset's own limit. The rule stays the reason for the outcome."""
    cap = limits.current().max_states if limits.states_chosen() else min(limits.current().max_states, LONE_STATES)
    try:
        with limits.budget(max_states=cap):
            value = rules.grundy(component)
    except LimitError as exc:
        if exc.knob != "max_states":
            return None, f"Its Grundy value is not shown: {exc}"
        return None, (f"Its Grundy value is not shown: it needs more than {cap:,} values to be worked out "
                      f"({words.knob('max_states')} allows more).")
    return value, f"Its Grundy value, {value}, is the mex of its options' values (the rule decides who wins)."


def _move_text(rules: Ruleset, index: int, component: Any, option: Option, size: int) -> str:
    where = f"{rules.component_noun} {index + 1}: " if size > 1 else ""
    return f"{where}{rules.format_component(component)} -> {rules.format_option(option)}"


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value

