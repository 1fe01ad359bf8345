"""Outcomes of whole positions by searching them, with no Sprague–Grundy shortcut.

This is the plain definition of who wins a sum: a position is won for the player to move when
some move leads to a lost position. It serves misère play (where values do not add) and checks
every shortcut of the library. A position is keyed by :meth:`Ruleset.position_key` (a sorted
tuple: equal multisets are searched once; coin games key sets, as two heads on a coin cancel).

The search stops at the first move found to win (it need not look at the others), keeps each
component's moves once, and runs under the budget of :mod:`grundy.core.limits`: past
:func:`default_max_states` positions, or past the memory budget, it stops with one line.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from grundy.core import limits
from grundy.core.errors import CycleError, LimitError
from grundy.core.ruleset import Ruleset

SEARCH_DEFAULT = 300_000  # positions a whole-position search may store unless --max-states says otherwise
MEMORY_CHECK_EVERY = 1 << 15  # positions between two looks at the memory in use
KEY_WORK = 4  # the moves of one position may leave at most this many components per allowed move, in all


def default_max_states() -> int:
    """How many positions a whole-position search may store under the budget in force.

    The budget's ``max_states`` when it was chosen (``--max-states``, :func:`limits.budget`), else
    :data:`SEARCH_DEFAULT` (300,000): a whole position takes far longer per state than a value
    table (it lists every move of every component, some 50 µs a position), so 300,000 positions
    take about ten seconds and 60 MB, where the default of a table, 10,000,000, would take ten
    minutes and 2 GB.

    >>> default_max_states()
    300000
    """
    return limits.states_for(SEARCH_DEFAULT)


def position_moves(rules: Ruleset, position: tuple) -> Iterator[tuple[int, tuple, tuple]]:
    """Each move of a sum: ``(index of the component moved, the option, the position left)``;
    the position left is keyed by :meth:`Ruleset.position_key`.

    >>> from grundy import ruleset
    >>> list(position_moves(ruleset("nim"), (1, 2)))
    [(0, (0,), (0, 2)), (1, (0,), (0, 1)), (1, (1,), (1, 1))]
    """
    key = rules.position_key
    for i, component in enumerate(position):
        rest = position[:i] + position[i + 1:]
        for option in rules.options(component):
            yield i, option, key(rest + option)


class PositionSearch:
    """Who wins a whole position, under normal or misère play, by memoized iterative search.

    ``max_states`` bounds the positions stored (default :func:`default_max_states`); the memory
    budget is checked as the search grows; a game that can return to a position is refused.

    >>> from grundy import ruleset
    >>> PositionSearch(ruleset("nim")).outcome([1, 2, 3])
    'P'
    >>> PositionSearch(ruleset("nim"), misere=True).outcome([1, 1, 1])
    'P'
    """

    def __init__(self, rules: Ruleset, misere: bool = False, max_states: int | None = None) -> None:
        self.rules = rules
        self.misere = misere
        self.max_states = max_states if max_states is not None else default_max_states()
        self.memo: dict[Hashable, bool] = {}  # position key -> whether the player to move wins
        self._options: dict[Any, list] = {}  # component -> its options, listed once
        self._plain_key = type(rules).position_key is Ruleset.position_key
        self._countdown = 1  # look at the memory at the first new position, then every so often

    def outcome(self, components: Iterable[Any]) -> str:
        """``"N"`` if the player to move wins, ``"P"`` if the previous player wins."""
        try:
            return "N" if self._wins(self.rules.position_key(components)) else "P"
        except LimitError as exc:
            play = "misère positions" if self.misere else "positions searched by their moves alone"
            raise LimitError(f"{play} are searched whole (values do not add), and {exc}") from None

    # -- the search ----------------------------------------------------------------------------
    def _wins(self, start: tuple) -> bool:
        memo = self.memo
        found = memo.get(start)
        if found is not None:
            return found
        on_path = {start}
        stack = [self._frame(start)]
        while stack:
            frame = stack[-1]
            key, children, i = frame
            if children is None:  # decided when the frame was made
                result = i
            else:
                n = len(children)
                child = None
                while i < n:
                    child = children[i]
                    known = memo.get(child)
                    if known is None or not known:
                        break
                    i += 1
                if i < n and memo.get(child) is None:
                    frame[2] = i
                    if child in on_path:
                        raise CycleError(f"the game can return to position {limits.shorten(repr(child))}: "
                                         "outcomes by search exist only for games that always end "
                                         "(solve it with --general)")
                    on_path.add(child)
                    stack.append(self._frame(child))
                    self._count(len(memo) + len(on_path))
                    continue
                result = i < n  # a move to a lost position wins; else every move loses
            memo[key] = result
            on_path.discard(key)
            stack.pop()
        return memo[start]

    def _frame(self, key: tuple) -> list:
        """``[key, children still to try, index]``, or ``[key, None, result]`` when one look at the
        known positions decides it (a move to a known lost position, or no move at all)."""
        children = self._children(key)
        if not children:
            return [key, None, self.misere]  # misère: the player who cannot move has won
        memo = self.memo
        if any(memo.get(c) is False for c in children):
            return [key, None, True]
        return [key, children, 0]

    def _children(self, position: tuple) -> list:
        """The positions one move leaves, each once."""
        table = self._options
        plain = self._plain_key
        key = self.rules.position_key
        budget = max(limits.current().max_options, 1) * KEY_WORK
        left: dict = {}
        size = 0
        for i, component in enumerate(position):
            if i and component == position[i - 1]:
                continue  # an equal component moves the same way
            moves = table.get(component)
            if moves is None:
                moves = table[component] = limits.bounded_options(
                    _sized(self.rules.options(component), budget, component), component)
            rest = position[:i] + position[i + 1:]
            size += len(moves) * len(rest)
            if size > budget:
                raise LimitError(f"the moves of {limits.shorten(repr(position))} leave more than "
                                 f"{budget:,} components in all; choose a smaller position")
            if plain:
                try:
                    for option in moves:
                        left[tuple(sorted(rest + option))] = None
                    continue
                except TypeError:  # components that do not compare: the ruleset's key sorts them
                    self._plain_key = plain = False
            for option in moves:
                left[key(rest + option)] = None
        return list(left)

    def _count(self, states: int) -> None:
        if states > self.max_states:
            raise LimitError(f"more than {self.max_states:,} positions were needed; raise --max-states "
                             "or choose a smaller position")
        self._countdown -= 1
        if not self._countdown:
            self._countdown = MEMORY_CHECK_EVERY
            limits.check_memory(f"the search ({states:,} positions so far)")


def _sized(options: Iterable[tuple], budget: int, where: Any) -> Iterator[tuple]:
    """The options, refusing a component whose moves leave more than ``budget`` components in all."""
    size = 0
    for option in options:
        size += len(option)
        if size > budget:
            raise LimitError(f"the moves of {limits.shorten(repr(where))} leave more than {budget:,} "
                             "components in all; choose a smaller position")
        yield option
