"""A sum of an impartial ruleset's components as a game of the general solver
(:class:`ImpartialGame`): normal or misère play, positions keyed as multisets, the size of a sum
bounded before it is solved.

>>> import grundy
>>> from grundy.core.general import solve_game
>>> solve_game(ImpartialGame(grundy.ruleset("nim"), misere=True), (1, 1)).value
'win'
"""

from __future__ import annotations

import math
from typing import Any

from grundy.core import limits, words
from grundy.core.errors import LimitError
from grundy.core.game_graph import CHECK_EVERY
from grundy.core.general import GeneralGame

SIZE_CHECK_WORK = 1 << 21  # options looked at, at most, to bound the size of a sum before solving it
MAX_BITS = int(limits.MAX_DIGITS * math.log2(10)) + 1  # a number of more than MAX_DIGITS digits has more bits


def _check_digits(rules: Any, position: tuple) -> None:
    """Refuse a position holding a number of more than :data:`limits.MAX_DIGITS` digits (a user
    game whose numbers grow for ever would otherwise slow down without end, not filling memory)."""
    for c in position:
        for x in c if isinstance(c, tuple) else (c,):
            if isinstance(x, int) and x.bit_length() > MAX_BITS and len(str(abs(x))) > limits.MAX_DIGITS:
                raise LimitError(f"a position of {rules.spec} holds a number of more than {limits.MAX_DIGITS} "
                                 f"digits (the most grundy accepts); its moves must not grow numbers without end")


def _count(number: int) -> str:
    """``12,345`` for a number of moderate size, ``about 10^120`` for a huge one."""
    return f"{number:,}" if number < 10**15 else f"about 10^{len(str(number)) - 1}"


class ImpartialGame(GeneralGame):
    """A sum of components of an impartial ruleset as a general game (normal or misère play).

    Positions are keyed by :meth:`Ruleset.position_key` (by default the sorted tuple of the
    components), so a sum is solved as a multiset; :meth:`moves` gives keyed positions. The options
    of one component go through :func:`grundy.core.limits.bounded_options`, so a component with
    endless moves stops with a message.
    """

    moves_are_canonical = True

    def __init__(self, rules: Any, misere: bool = False) -> None:
        from grundy.core.ruleset import Ruleset

        self.rules, self.misere = rules, misere
        self.name = rules.spec + (" (misère)" if misere else "")
        self._sorted_keys = type(rules).position_key is Ruleset.position_key

    def canonical(self, position: Any) -> tuple:
        return self.rules.position_key(position)

    def moves(self, position: tuple) -> list[tuple]:
        """The keyed positions one move leaves (equal components are moved once: they give the same)."""
        rules = self.rules
        _check_digits(rules, position)
        if len(position) == 1 and not rules.splits and self._sorted_keys:
            return limits.bounded_options(rules.options(position[0]), position[0])  # (x,) is its own key
        out, seen = [], set()
        for i, component in enumerate(position):
            if component in seen:
                continue
            seen.add(component)
            rest = position[:i] + position[i + 1:]
            for option in limits.bounded_options(rules.options(component), component):
                out.append(rest + option)
        if self._sorted_keys:
            try:
                return [tuple(sorted(left)) for left in out]
            except TypeError:
                pass
        return [rules.position_key(left) for left in out]

    def check_size(self, start: Any, limit: int) -> None:
        """Refuse a sum that surely has more than ``limit`` positions, before searching it.

        Without splits, each component reaches its own set of components R_i, and the sum reaches
        every multiset taking one from each: at least ``|R_1| * ... * |R_k| / k!`` of them (k!
        orders give one multiset). Each R_i is explored for at most :data:`SIZE_CHECK_WORK` options
        in all (what was found by then is still a lower bound), which is cheap next to the sum
        (``nim 1000 1000 1000``: 3 x 1,001 components for 1.7 x 10^8 positions).
        """
        position = self.canonical(start)
        if self.rules.splits or not self._sorted_keys or len(position) < 2:
            return
        distinct = set(position)
        reached = {c: self._reachable(c, limit, SIZE_CHECK_WORK // len(distinct)) for c in distinct}
        ordered = 1
        for c in position:
            ordered *= reached[c]
        count = ordered // math.factorial(len(position))
        if count > limit:
            shown = limits.shorten(" ".join([self.rules.spec, *map(self.rules.format_component, position)]))
            raise LimitError(f"the general solver stopped before searching: {shown} has at least "
                             f"{_count(count)} positions ({words.limit_is('max_states', limit)})",
                             knob="max_states", limit=limit, needed=count)

    def _reachable(self, component: Any, limit: int, work: int) -> int:
        """How many components ``component`` reaches (itself included), or a lower bound once
        ``work`` options have been looked at; LimitError past ``limit``."""
        seen, waiting = {component}, [component]
        next_check = CHECK_EVERY
        while waiting and work > 0:
            here = waiting.pop()
            options = limits.bounded_options(self.rules.options(here), here)
            work -= len(options)
            for option in options:
                for c in option:
                    if c not in seen:
                        seen.add(c)
                        waiting.append(c)
            if len(seen) > limit:
                raise LimitError(f"the general solver stopped before searching: the component "
                                 f"{limits.shorten(self.rules.format_component(component))} alone reaches "
                                 f"more than {limit:,} positions ({words.limit_is('max_states', limit)})",
                                 knob="max_states", limit=limit)
            if len(seen) >= next_check:
                limits.check_memory(f"the general solver (after {len(seen):,} states of one component)")
                next_check = len(seen) + CHECK_EVERY
        return len(seen)

    def primitive(self, position: tuple) -> str | None:
        if self.misere and all(next(iter(self.rules.options(c)), None) is None for c in position):
            return "win"  # the opponent made the last move, and loses
        return None

    def describe(self, position: tuple) -> str:
        return "  ".join(self.rules.format_component(c) for c in position) or "(nothing left)"
