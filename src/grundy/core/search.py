"""Outcomes of whole positions: by the ruleset's rule or values, or by searching the moves.

:func:`sum_outcome` is the quick answer for a sum under normal play: the ruleset's position rule,
else the xor of the components' values (Sprague–Grundy), with no move listed.

The searches use no Sprague–Grundy shortcut: they are the plain definition of who wins, a position
being won for the player to move when some move leads to a lost position. They serve misère play
(where values do not add) and check every shortcut of the library. :class:`PositionSearch`
searches a sum of a ruleset's components, keyed by :meth:`Ruleset.position_key` (a sorted tuple:
equal multisets are searched once; coin games key sets, as two heads on a coin cancel);
:class:`MoveSearch` searches any game given by a plain moves function (:func:`sum_moves` makes one
for a sum of independent pieces), as the contest problems' brute forces play their statements.

A search stops at the first move found to win (it need not look at the others), keeps what it
learns for later questions, uses an explicit stack (no recursion, however long the game), and runs
under the budget of :mod:`grundy.core.limits`: past :func:`default_max_states` positions, or past
the memory budget, it stops with one line (:class:`~grundy.core.errors.LimitError`); a game that can
return to a position is refused (:class:`~grundy.core.errors.CycleError`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

from grundy.core import limits, progress, words
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


def sum_outcome(rules: Ruleset, components: Iterable[Any]) -> str:
    """Who wins a sum under normal play, without listing a move.

    Parameters
    ----------
    rules : Ruleset
        The ruleset of the components.
    components : iterable
        The components of the sum, each as :meth:`Ruleset.validate` returns it (they are not
        checked again: a contest problem reads a million heaps already in range).

    Returns
    -------
    str
        ``"N"`` if the player to move wins, ``"P"`` if the previous player wins: the ruleset's
        :meth:`~Ruleset.position_rule` where it gives a verdict, else Sprague–Grundy, the xor of the
        components' values being non-zero (equal components cancel in pairs, so each distinct
        component is valued once).

    Examples
    --------
    >>> from grundy import ruleset
    >>> sum_outcome(ruleset("nim"), [1, 2, 3]), sum_outcome(ruleset("wythoff"), [(3, 5)])
    ('P', 'P')
    >>> sum_outcome(ruleset("kayles"), [10**6] * 3)
    'N'

    Reference: Sprague (1935), Grundy (1939); Winning Ways ch. 2 (sums of games).
    """
    position = components if isinstance(components, list) else list(components)
    verdict = rules.position_rule(position)
    if verdict is not None:
        return verdict.outcome
    total = 0
    for component, times in Counter(position).items():
        if times % 2:
            total ^= rules.grundy(component)
    return "N" if total else "P"


def sum_moves(piece_moves: Callable[[Any], Iterable[tuple]]) -> Callable[[tuple], Iterator[tuple]]:
    """The moves of a sum of independent pieces, from the moves of one piece (for :class:`MoveSearch`).

    Parameters
    ----------
    piece_moves : callable
        ``piece_moves(piece)`` gives, for each move on that piece, the tuple of pieces it leaves
        (empty: the piece is gone; two: it was split).

    Returns
    -------
    callable
        ``moves(position)`` for a position given as a sorted tuple of pieces: each position one move
        on one piece leaves, sorted (equal pieces are moved once).

    Examples
    --------
    >>> moves = sum_moves(lambda heap: [(left,) if left else () for left in range(heap)])  # Nim
    >>> list(moves((1, 2)))
    [(2,), (1,), (1, 1)]
    >>> MoveSearch(moves).wins((1, 2, 3))
    False
    """

    def moves(position: tuple) -> Iterator[tuple]:
        for i, piece in enumerate(position):
            if i and position[i - 1] == piece:
                continue  # an equal piece moves the same way
            rest = position[:i] + position[i + 1:]
            for left in piece_moves(piece):
                yield tuple(sorted(rest + tuple(left)))

    return moves


class _Search:
    """The search shared by :class:`PositionSearch` and :class:`MoveSearch`: positions settled so
    far, an explicit stack, and the budget. A subclass says which positions one move leaves."""

    def __init__(self, misere: bool, max_states: int | None) -> None:
        self.misere = misere
        self.max_states = max_states if max_states is not None else default_max_states()
        self.memo: dict[Hashable, bool] = {}  # position -> whether the player to move wins
        self._countdown = 1  # look at the memory at the first new position, then every so often

    def _children(self, position: Any) -> list:
        """The positions one move leaves, each once."""
        raise NotImplementedError

    def _wins(self, start: Hashable) -> bool:
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
                                         f"(solve it with {words.knob('general')})")
                    on_path.add(child)
                    stack.append(self._frame(child))
                    self._count(len(memo) + len(on_path))
                    continue
                result = i < n  # a move to a lost position wins; else every move loses
            memo[key] = result
            on_path.discard(key)
            stack.pop()
        return memo[start]

    def _frame(self, key: Hashable) -> list:
        """``[key, children still to try, index]``, or ``[key, None, result]`` when one look at the
        known positions decides it (a move to a known lost position, or no move at all)."""
        children = self._children(key)
        if not children:
            return [key, None, self.misere]  # misère: the player who cannot move has won
        memo = self.memo
        if any(memo.get(c) is False for c in children):
            return [key, None, True]
        return [key, children, 0]

    def _count(self, states: int) -> None:
        if states > self.max_states:
            raise LimitError(f"more than {self.max_states:,} positions were needed; "
                             f"{words.raise_or('max_states', 'choose a smaller position')}", knob="max_states",
                             limit=self.max_states)
        self._countdown -= 1
        if not self._countdown:
            self._countdown = MEMORY_CHECK_EVERY
            limits.check_memory(f"the search ({states:,} positions so far)")
            progress.report("positions searched", states)


class PositionSearch(_Search):
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
        super().__init__(misere, max_states)
        self.rules = rules
        self._options: dict[Any, list] = {}  # component -> its options, listed once
        self._plain_key = type(rules).position_key is Ruleset.position_key

    def outcome(self, components: Iterable[Any]) -> str:
        """``"N"`` if the player to move wins, ``"P"`` if the previous player wins."""
        try:
            return "N" if self._wins(self.rules.position_key(components)) else "P"
        except LimitError as exc:
            play = "misère positions" if self.misere else "positions searched by their moves alone"
            raise LimitError(f"{play} are searched whole (values do not add), and {exc}") from None

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


class MoveSearch(_Search):
    """Who wins a position of any game given by its moves alone, by memoized iterative search.

    The brute force of a contest problem plays its statement with this: a moves function and
    nothing else of the library (no ruleset, no values).

    Parameters
    ----------
    moves : callable
        ``moves(position)`` gives the positions one move leaves (hashable; repeats are looked at
        once); a position with no move ends the game.
    misere : bool, optional
        Misère play: the player who cannot move has won (default: normal play, they have lost).
    max_states : int, optional
        The most positions stored (default :func:`default_max_states`); one position may have at
        most the budget's ``max_options`` moves.

    Examples
    --------
    >>> take_1_or_2 = MoveSearch(lambda n: [n - k for k in (1, 2) if k <= n])
    >>> [take_1_or_2.wins(n) for n in range(7)]
    [False, True, True, False, True, True, False]
    >>> MoveSearch(lambda n: [n - 1] if n else []).wins(100_000)  # a long game needs no recursion
    False
    >>> MoveSearch(lambda n: [n - 1] if n else [], max_states=1000).wins(5000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.LimitError: more than 1,000 positions were needed; raise max_states ...
    >>> misere = MoveSearch(lambda n: [n - 1] if n else [], misere=True)  # who cannot move has won
    >>> [misere.wins(n) for n in range(4)]
    [True, False, True, False]
    >>> MoveSearch(lambda n: [1 - n]).wins(0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.CycleError: the game can return to position 0: ...
    """

    def __init__(self, moves: Callable[[Any], Iterable[Hashable]], misere: bool = False,
                 max_states: int | None = None) -> None:
        super().__init__(misere, max_states)
        self.moves = moves

    def wins(self, position: Hashable) -> bool:
        """Whether the player to move at ``position`` wins.

        Raises
        ------
        LimitError
            The search needed more than ``max_states`` positions, more memory than the budget, or
            a position had more than ``max_options`` moves.
        CycleError
            The game can return to a position (only games that always end are searched).
        """
        return self._wins(position)

    def _children(self, position: Any) -> list:
        return list(dict.fromkeys(limits.bounded_options(self.moves(position), position)))


def _sized(options: Iterable[tuple], budget: int, where: Any) -> Iterator[tuple]:
    """The options, refusing a component whose moves leave more than ``budget`` components in all."""
    size = 0
    for option in options:
        size += len(option)
        if size > budget:
            raise LimitError(f"the moves of {limits.shorten(repr(where))} leave more than {budget:,} "
                             "components in all; choose a smaller position")
        yield option
