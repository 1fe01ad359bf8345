"""The value of a partizan position: the canonical form of ``{left options | right options}``, worked
out from the leaves up with an explicit stack (no recursion), a transposition table keyed by the
ruleset's symmetries (:meth:`PartizanRuleset.key`), and sums split into independent regions
(:meth:`PartizanRuleset.split`) before any search: the value of a sum is the sum of the values.
A position whose negative (:meth:`PartizanRuleset.negate`) is valued already is not searched: its
value is the negative's, negated.

>>> from grundy.partizan.registry import partizan_ruleset
>>> str(value(partizan_ruleset("domineering"), ["..|.."]))
'+-1'
>>> str(value(partizan_ruleset("red-blue-hackenbush"), ["0-1:b,1-2:r"]))
'1/2'

Reference: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.), ch. 1-2; Siegel, *Combinatorial Game
Theory* (AMS 2013), ch. II.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from grundy.core.errors import GrundyError


class Values:
    """The values of one ruleset's positions, kept for every question asked of it."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.memo: dict[Hashable, Any] = {}
        self.keys: dict[Hashable, Hashable] = {}  # each position's key (symmetries), worked out once
        self.sums: dict[tuple, Any] = {}  # the options of several components, summed
        self.asked = 0  # option components looked up in the table
        self.missed = 0  # ... of which were not there yet (the hit rate is 1 - missed / asked)

    def of(self, components: Iterable[Any]) -> Any:
        """The value of a sum of components (each split into its regions first)."""
        from grundy.cgt.game import ZERO as zero

        total = zero
        for component in components:
            for region in self.rules.split(component):
                total = total + self.region(region)
        return total

    def key(self, position: Any) -> Hashable:
        found = self.keys.get(position)
        if found is None:
            found = self.keys[position] = self.rules.key(position)
        return found

    def region(self, position: Any) -> Any:
        """The canonical value of one region, searched with an explicit stack. Listing the moves of a
        position costs 1 + :meth:`~grundy.partizan.ruleset.PartizanRuleset.listing_cost` steps of the
        work budget, charged before they are listed, and a step for each component its options leave
        (:mod:`grundy.core.work`: the same budget counts the forms built and the sums)."""
        from grundy.core.work import metered

        found = self.memo.get(self.key(position))
        if found is not None:
            return found
        with metered() as meter:
            return self._search(position, meter)

    def _search(self, position: Any, meter: Any) -> Any:
        """The search of :meth:`region`: the algebra's inner functions called directly (the options
        are canonical games already), a RecursionError worded as the algebra's public entries word it."""
        from grundy.core.work import guarded

        return guarded(self._searched)(position, meter)

    def _searched(self, position: Any, meter: Any) -> Any:
        from grundy.cgt.canonical import _canonical
        from grundy.core.work import charge

        memo, keys, key_of, pending = self.memo, self.keys, self.key, {}
        stack = [position]  # pending: the options (left, right) of positions whose options are being valued
        while stack:
            top = stack[-1]
            key = keys.get(top)
            if key is None:
                key = key_of(top)
            if key in memo:
                stack.pop()
                continue
            options = pending.get(key)
            if options is None:
                options = self._listed(top, key, charge)
                if options is None:  # valued at once
                    stack.pop()
                    continue
                pending[key] = options
                unknown = self._unknown(options, charge)
                if unknown:
                    stack.extend(unknown)
                    continue
            stack.pop()
            del pending[key]
            lefts, rights = self._valued(options[0]), self._valued(options[1])
            charge(len(lefts) + len(rights))  # a step an option, as from_options charges
            memo[key] = _canonical(lefts, rights)
            meter.positions += 1
        return memo[key_of(position)]

    def _listed(self, position: Any, key: Hashable, charge: Any) -> tuple[list, list] | None:
        """A position's options (left, right), charged before they are listed; or None when its value
        is known at once (the ruleset's :meth:`known_value`, or its negative's value), kept."""
        rules = self.rules
        known = rules.known_value(position)
        if known is None:
            known = self._negated(position)
        if known is not None:
            self.memo[key] = known
            return None
        charge(1 + rules.listing_cost(position))  # before the moves are listed: each copies the position
        return rules.left_options(position), rules.right_options(position)

    def _unknown(self, options: tuple[list, list], charge: Any) -> list:
        """The components the options leave that are not valued yet (a step charged for each component)."""
        memo, keys, key_of = self.memo, self.keys, self.key
        unknown = []
        asked = 0
        for side in options:
            for option in side:
                asked += len(option)
                for component in option:
                    key = keys.get(component)
                    if key is None:
                        key = key_of(component)
                    if key not in memo:
                        unknown.append(component)
        charge(asked)
        self.asked += asked
        self.missed += len(unknown)
        return unknown

    def _valued(self, side: list) -> list:
        """The values of one side's options (an option of one component, the most, is its value)."""
        memo, keys = self.memo, self.keys
        return [memo[keys[o[0]]] if len(o) == 1 else self._sum(o) for o in side]

    def _sum(self, option: tuple) -> Any:
        """The value of an option of no component or of several: their values summed (kept, as the same
        option is left by moves from many positions)."""
        total = self.sums.get(option)
        if total is None:
            from grundy.cgt.canonical import _add
            from grundy.cgt.game import ZERO

            memo, keys = self.memo, self.keys
            total = memo[keys[option[0]]] if option else ZERO
            for component in option[1:]:
                total = _add(total, memo[keys[component]])
            if len(self.sums) >= SUMS_KEPT:
                self.sums.clear()
            self.sums[option] = total
        return total

    def _negated(self, position: Any) -> Any:
        """The value of a position whose negative (Left and Right swapped) is valued already, or None:
        Domineering's transposed regions, Toads and Frogs' reversed strips, Snort's swapped tints."""
        negative = None if self.rules.impartial else self.rules.negate(position)
        if negative is None:
            return None
        found = self.memo.get(self.key(negative))
        return None if found is None else -found


_tables: dict[str, Values] = {}


KEPT = 1 << 21  # positions a table keeps between questions; past it the next question starts afresh
SUMS_KEPT = 1 << 18  # options of several components a table keeps summed; past it they start afresh


def table_of(rules: Any) -> Values:
    """The table of values kept for ``rules`` (made when first asked, and made again once it holds
    more than ``KEPT`` positions, with the memoised sums and comparisons of the algebra, so a
    long-running program or server does not grow without end)."""
    table = _tables.get(rules.spec)
    if table is not None and len(table.memo) > KEPT:
        from grundy.cgt.canonical import clear_caches

        clear_caches()
        table = None
    if table is None or table.rules is not rules:
        table = _tables[rules.spec] = Values(rules)
    return table


def value(rules: Any, position: Any) -> Any:
    """The value (canonical form) of a partizan position: ``rules`` a ruleset or its spec
    (``"domineering"``), ``position`` its components (a list of positions or of their text) or the
    command line's words (one string, components split by spaces). The positions valued are kept for
    the next question about the same ruleset.

    >>> str(value("domineering", "..|.. ..|..")), str(value("cutcake", ["1,3"]))
    ('0', '2')
    """
    from grundy.core.work import metered

    rules = _ruleset(rules)
    components = _components(rules, position)
    with metered():  # one budget for the whole sum
        if getattr(rules, "loopy", False):  # positions can repeat: a stopper or sided value (partizan/loopy.py)
            return rules.value_of(components)
        return table_of(rules).of(components)


def winning_moves(rules: Any, position: Any, player: str) -> list[dict[str, Any]]:
    """``player``'s winning moves (``"left"`` or ``"right"``, moving first) in a position (given as to
    :func:`value`): those that leave a value the player wins moving second (>= 0 for Left, <= 0 for
    Right). Each is ``component`` (the index of the component moved in), ``from`` and ``to`` (its
    text, and the texts of the components the move leaves), ``move`` (``"1: .. -> ."``, numbered from
    1) and ``value`` (the value left, as text); all under one work budget.

    >>> [m["move"] for m in winning_moves("cutcake", "1,3 2,1", "left")], winning_moves("cutcake", "1,2 2,1", "left")
    (['1: 1,3 -> 1,2'], [])
    """
    from grundy.cgt.game import ZERO
    from grundy.core.work import metered

    rules = _ruleset(rules)
    if player not in ("left", "right"):
        raise GrundyError(f"the player is left or right, not {player!r:.60}")
    components = _components(rules, position)
    if getattr(rules, "loopy", False):
        return rules.winning_moves(components, player)
    table = table_of(rules)
    moves = []
    with metered():
        values = [table.of([c]) for c in components]
        before = [ZERO]  # before[i]: the sum of the values of the components before the i-th; after[i]: after it
        for found in values:
            before.append(before[-1] + found)
        after = [ZERO]
        for found in reversed(values):
            after.append(after[-1] + found)
        after.reverse()
        for i, component in enumerate(components):
            rest = before[i] + after[i + 1]
            for option in rules.left_options(component) if player == "left" else rules.right_options(component):
                left = rest + table.of(option)
                if left >= ZERO if player == "left" else left <= ZERO:
                    moves.append(_move(rules, i, component, option, left))
    return moves


def _move(rules: Any, i: int, component: Any, option: tuple, left: Any) -> dict[str, Any]:
    """One winning move as :func:`winning_moves` gives it."""
    before, after = rules.format_component(component), [rules.format_component(c) for c in option]
    return {"component": i, "from": before, "to": after,
            "move": f"{i + 1}: {before} -> {' '.join(after) or '(nothing)'}", "value": str(left)}


def _ruleset(rules: Any) -> Any:
    """A partizan ruleset from itself or its spec."""
    from grundy.partizan.registry import partizan_ruleset
    from grundy.partizan.ruleset import PartizanRuleset

    if isinstance(rules, str):
        return partizan_ruleset(rules)
    if not isinstance(rules, PartizanRuleset):
        raise GrundyError(f"rules: a partizan ruleset or its spec, e.g. 'domineering', not {rules!r:.60}")
    return rules


def _components(rules: Any, position: Any) -> list[Any]:
    """The components of a position given as a list (of positions, or of their text) or as the command
    line's words (one string); each checked by the ruleset (:meth:`PartizanRuleset.component`: a cake
    with a side of 0 is refused as its text is) and in the ruleset's own form."""
    if isinstance(position, str):
        position = position.split()
    elif not isinstance(position, (list, tuple)):
        raise GrundyError(f"position: a list of components or the words of the command line (e.g. "
                          f"{rules.example!r}), not {position!r:.60}")
    return [rules.parse_component(c) if isinstance(c, str) else rules.component(c) for c in position]
