"""Solving a sum of impartial games whose moves can return to a position: Smith's theory.

Such a game has no Grundy value, but every position has Smith's value (:mod:`grundy.core.loopy`): a
nimber, or ∞ with the set K of the finite values of its options (``∞{0,2}``). The value of a sum is
the generalised nim-sum of its parts' values, and it says who wins: 0 is a loss for the player to
move (P), a nonzero nimber a win (N), ∞K a win when 0 is in K and else a draw with perfect play (D).

Every position reachable from the components is found once (:func:`~grundy.core.loopy.explore`,
under the state and memory budgets) and labelled (:func:`~grundy.core.loopy.graph_values`); a
winning move is a move to a position of sum value 0, a move that keeps a draw one to a sum ∞K with
0 not in K. Misère play and Every-SG lie outside the theory: they are refused, pointing to the
general solver, which says win, lose or draw for the whole position.

>>> from grundy.core.ruleset import Ruleset
>>> class Tokens(Ruleset):     # a token on a digraph: 0 <-> 1 -> 4, 2 -> 2 (a pass), 2 -> 4, 3 -> 2
...     spec, loopy, component_noun = "tokens", True, "token"
...     def moves(self, v):
...         return {0: [1], 1: [0, 4], 2: [2, 4], 3: [2], 4: []}[v]
>>> found = solve_loopy(Tokens(), [2, 1], False, 10, None)
>>> found.loopy_values, found.outcome, found.grundy
(['∞{0}', '1'], 'D', None)
>>> found.explanation.split("): ", 1)[1]
'∞{0} ⊕ 1 = ∞{1}: the finite parts xor to 1, which is not in K = {0}: a draw (D) with perfect play.'
>>> [m.text for m in found.drawing_moves]
['token 1: 2 -> 2']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np

from grundy.core import words
from grundy.core.errors import GrundyError
from grundy.core.loopy import LoopyValue, explore, graph_values, loopy_sum, vertex_value
from grundy.core.ruleset import Ruleset
from grundy.core.solve import Move, Solution, _move_text

ZERO = LoopyValue(0)
SMITH = "Smith's values (the moves can return to a position; ∞K is ∞ with K the finite values of its options)"
COUNTS = {2: "two", 3: "three", 4: "four", 5: "five"}


class LoopyParts:
    """Smith's values and counters of every position reachable from some components, one graph for
    them all: ``value(c)``, ``counter(c)`` (the labelling order, a counter function of Fraenkel and
    Yesha's definition; -1 for ∞) and ``followers(c)`` (distinct, in the order of the moves)."""

    def __init__(self, rules: Ruleset, roots: Iterable[Any], max_states: int | None = None) -> None:
        from grundy.core.general import default_max_states

        refuse_splits(rules)
        limit = default_max_states() if max_states is None else max_states
        self.graph = explore(rules.moves, roots, limit)
        self.gamma, self.counters = graph_values(self.graph.offsets, self.graph.targets)

    def __contains__(self, position: Any) -> bool:
        return position in self.graph.index

    def value(self, position: Any) -> LoopyValue:
        """Smith's value of one component."""
        graph = self.graph
        return vertex_value(self.gamma, graph.offsets, graph.targets, graph.index[position])

    def counter(self, position: Any) -> int:
        """The counter of a component of finite value (-1 for ∞)."""
        return int(self.counters[self.graph.index[position]])

    def followers(self, position: Any) -> list[Any]:
        """The components one move from ``position``, each once."""
        graph = self.graph
        return [graph.positions[t] for t in dict.fromkeys(graph.followers(graph.index[position]).tolist())]

    def sum_value(self, components: Iterable[Any]) -> LoopyValue:
        """Smith's value of a sum of components (the generalised nim-sum)."""
        return loopy_sum(self.value(c) for c in components)


_PARTS: WeakKeyDictionary[Ruleset, LoopyParts] = WeakKeyDictionary()  # the last graph valued, per ruleset


def parts_for(rules: Ruleset, position: Any) -> LoopyParts:
    """Smith's values of every position reachable from ``position`` (kept per ruleset, valued again
    only when a component lies outside the graph kept)."""
    parts = _PARTS.get(rules)
    if parts is None or any(c not in parts for c in position):
        parts = _PARTS[rules] = LoopyParts(rules, position)
    return parts


def loopy_why(rules: Ruleset, left: Any, ends: str) -> str:
    """Why a move of a sum whose moves cycle is worth what it is: Smith's value of what it leaves.

    ``sum value after it ∞{1} (a draw, D); never ends``
    """
    value = parts_for(rules, tuple(left)).sum_value(tuple(left))
    kind = {"P": "P-position", "N": "N-position", "D": "a draw, D"}[value.outcome]
    return f"Smith's sum value after it {value} ({kind}); {ends}"


def refuse_splits(rules: Ruleset) -> None:
    """Smith's labelling values a graph of single positions: a move that splits one is refused."""
    if rules.splits:
        raise GrundyError(f"the moves of {rules.spec} can return to a position and split a component: Smith's "
                          f"values cover moves that leave one component; solve the whole position with "
                          f"{words.knob('general')}")


def refuse_outside(rules: Ruleset, misere: bool, compound: str | None) -> None:
    """Misère play and Every-SG of a game whose moves cycle: outside Smith's theory, said in one line."""
    theory = f"{rules.spec}, whose moves can return to a position, is outside Smith's theory (normal play only)"
    if misere:
        raise GrundyError(f"misère play of {theory}: solve the whole position with {words.knob('general')}, which "
                          "says win, lose or draw")
    if compound is not None:
        raise GrundyError(f"Every-SG of {theory}, and its step counts need games that always end; "
                          f"{words.knob('general')} solves the ordinary sum (win, lose or draw)")


def solve_loopy(rules: Ruleset, position: list, misere: bool, max_listed: int, compound: str | None) -> Solution:
    """Who wins a sum of components of a game whose moves can cycle: the outcome (N, P or D), Smith's
    values, and the winning moves (N) or the moves that keep the draw (D), each with its reason."""
    refuse_outside(rules, misere, compound)
    parts = LoopyParts(rules, position)
    values = [parts.value(c) for c in position]
    total = loopy_sum(values)
    wanted = {"N": "P", "D": "D"}.get(total.outcome)  # what a good move leaves: a loss for the opponent, a draw
    listed: list[Move] = []
    count = 0
    for move in _good_moves(rules, parts, position, values, wanted):
        count += 1
        if len(listed) < max_listed:
            listed.append(move)
    explanation = explain(values, total)
    finite = all(not v.infinite for v in values)
    winning, drawing = (listed, []) if total.outcome == "N" else ([], listed)
    return Solution(rules.spec, position, [v.finite for v in values] if finite else None, total.finite,
                    total.outcome, winning, count if total.outcome == "N" else 0, f"{SMITH}: {explanation}",
                    listed_all=count <= max_listed, loopy_values=[str(v) for v in values], drawing_moves=drawing)


def _good_moves(rules: Ruleset, parts: LoopyParts, position: list, values: list[LoopyValue],
                wanted: str | None) -> Iterator[Move]:
    """The moves whose sum's value has the outcome ``wanted`` (P: winning moves, D: moves keeping a draw)."""
    if wanted is None:
        return
    size = len(position)
    for i, (c, rest) in enumerate(zip(position, _rests(values), strict=True)):
        for left in parts.followers(c):
            after = rest ^ parts.value(left)
            if after.outcome == wanted:
                note = _note(rules, i, values[i], parts.value(left), after, size)
                text = _move_text(rules, i, c, (left,), size)
                yield Move(i, c, (left,), f"Smith's values: {note}", text, note)


def _rests(values: list[LoopyValue]) -> list[LoopyValue]:
    """For each part, the sum of all the others (prefix and suffix sums: linear in the parts)."""
    before, after = [ZERO], [ZERO]
    for v in values:
        before.append(before[-1] ^ v)
    for v in reversed(values):
        after.append(after[-1] ^ v)
    after.reverse()
    return [before[i] ^ after[i + 1] for i in range(len(values))]


def _note(rules: Ruleset, index: int, was: LoopyValue, now: LoopyValue, after: LoopyValue, size: int) -> str:
    """What one move does to the values: ``moves heap 2 from ∞{0,2} to 0; the sum becomes 0``."""
    where = f"moves {rules.component_noun} {index + 1} from {was} to {now}; the sum becomes {after}" if size > 1 else (
        f"moves from {was} to {now}")
    if after == ZERO:
        return f"{where}: a loss for the opponent (P)"
    return f"{where}: still a draw ({_why_draw(after)})"


def _why_draw(value: LoopyValue) -> str:
    """Why ∞K is a draw: ``0 is not in K = {1,3}`` or ``K is empty``."""
    return f"0 is not in K = {_set(value.options)}" if value.options else "∞ with no finite option"


def _set(numbers: Iterable[int]) -> str:
    return "{" + ",".join(map(str, sorted(numbers))) + "}"


def explain(values: list[LoopyValue], total: LoopyValue) -> str:
    """Smith's rule for a sum, in one sentence: ``∞{0,2} ⊕ 1 ⊕ 3 = ∞{1,3}: the finite parts xor to 2,
    which is in K = {0,2}: N (...)``; the plain nim-sum when every part is finite.

    >>> explain([LoopyValue.parse("∞{0,2}"), LoopyValue(1), LoopyValue(3)], LoopyValue.parse("∞{1,3}"))
    '∞{0,2} ⊕ 1 ⊕ 3 = ∞{1,3}: the finite parts xor to 2, which is in K = {0,2}: N (the player to move wins by \
moving the ∞ part to a position of value 2).'
    """
    shown = " ⊕ ".join(map(str, values)) if values else "0"
    expr = f"{shown} = {total}" if len(values) != 1 else f"G = {shown}"
    infinite = [v for v in values if v.infinite]
    if not infinite:
        verdict = ("the player to move wins by making it 0" if total.finite
                   else "every move makes it non-zero or ∞ with 0 among its options, so the player to move loses")
        return f"{expr}{' (nim-sum)' if len(values) > 1 else ''}: {verdict}."
    if len(infinite) > 1:
        return (f"{expr}: {COUNTS.get(len(infinite), len(infinite))} infinite parts: a draw (D) with perfect play "
                "(each player can always leave an ∞ part for the other).")
    loop = infinite[0]
    finite = 0
    for v in values:
        finite ^= v.finite or 0
    held = f"the finite parts xor to {finite}, which" if len(values) > 1 else "0"
    if not loop.options:
        return f"{expr}: K is empty, so no move reaches a value of 0: a draw (D) with perfect play."
    if finite in loop.options:
        return (f"{expr}: {held} is in K = {_set(loop.options)}: N (the player to move wins by moving the "
                f"∞ part to a position of value {finite}).")
    return f"{expr}: {held} is not in K = {_set(loop.options)}: a draw (D) with perfect play."


# -- tables of heap games -------------------------------------------------------------------------
LOOPY_TABLE = 40  # values a period search of a game whose moves cycle shows without --max (a table's default)


class SmithValues(list):
    """A table of Smith's values (:class:`LoopyValue`, ∞ entries among them): a list that tells a table
    of a game whose moves cycle apart from a table of Grundy values (a numpy array)."""


def loopy_table(rules: Ruleset, count: int) -> SmithValues:
    """Smith's values of the components ``first .. first + count - 1`` of a heap game whose moves cycle
    (every position they reach is found and labelled once, under the state budget).

    >>> import grundy
    >>> [str(v) for v in loopy_table(grundy.impartial(lambda n: [n - 1, n + 1] if 0 < n < 5 else [n - 1] * (n > 0)), 6)]
    ['0', '∞{0}', '∞', '∞', '∞', '∞']
    """
    heaps = range(rules.first, rules.first + count)
    parts = LoopyParts(rules, heaps)
    return SmithValues(parts.value(n) for n in heaps)


def table_json(values: Iterable[LoopyValue | int | np.integer]) -> list[int | str]:
    """A table's values for JSON: nimbers as numbers, ∞ values as text (``[0, 1, "∞{0,2}"]``)."""
    return [str(v) if isinstance(v, LoopyValue) and v.infinite else int(v.finite if isinstance(v, LoopyValue) else v)
            for v in values]


@dataclass
class LoopyTable:
    """What ``grundy period`` says of a heap game whose moves can return to a position: its values are
    Smith's (∞ entries among them), so no period is sought; the table of the first values instead.

    >>> table = LoopyTable("f", 0, SmithValues([LoopyValue(0), LoopyValue.parse("∞{0}")]))
    >>> table.to_dict()["values"], table.period
    ([0, '∞{0}'], None)
    """

    spec: str
    first: int
    values: SmithValues
    period: None = None  # never: a loopy game's values are not searched for a period
    proved: bool = False

    @property
    def reason(self) -> str:
        infinite = [f"G({self.first + i}) = {v}" for i, v in enumerate(self.values) if v.infinite][:3]
        shown = f" ({', '.join(infinite)}{', ...' if len(infinite) == 3 else ''})" if infinite else ""
        return (f"the moves of {self.spec} can return to a position: its values are Smith's{shown}, and no "
                "period is sought among them")

    @property
    def values_computed(self) -> int:
        return len(self.values)

    def to_dict(self) -> dict[str, Any]:
        return {"spec": self.spec, "n": len(self.values), "first": self.first, "values": table_json(self.values),
                "loopy": True, "period": None, "proved": False, "reason": self.reason}

    def __str__(self) -> str:
        return f"{self.spec}: no period: {self.reason}"
