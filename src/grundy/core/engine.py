"""The Sprague–Grundy engine: Grundy values of the positions of any finite impartial game.

The value of a component is ``mex{ xor of the values of an option's components }``. The engine
walks the game tree with an explicit stack (never Python recursion), so a chain of a million
successive positions is fine, memoizes every value it finds, and refuses cleanly when a game has a
cycle or more states than the limit allows.

>>> engine = GrundyEngine(lambda n: [m for m in (n - 1, n - 2) if m >= 0])
>>> [engine.value(n) for n in range(6)]
[0, 1, 2, 0, 1, 2]
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from grundy.core import limits, progress, words
from grundy.core.errors import CycleError, GrundyError, LimitError

MEMORY_CHECK_EVERY = 1 << 16  # states between two looks at the memory in use
FORESEE_FROM = 1 << 16  # states valued before the engine first guesses how many lie ahead (then at each doubling)
FORESEE_SAMPLE = 256  # heaps drawn to see whether the values below a heap are being filled in densely
LONG_CALL = 0.5  # seconds one call of value() runs before it reports its progress

Successors = Callable[[Any], Iterable[Any]]


class GrundyEngine:
    """Memoized, iterative Grundy values of a game given by its successor function.

    Parameters
    ----------
    successors:
        ``state -> iterable`` of what each move leaves: states (a plain game) or, when
        ``splits`` is true, tuples of states (a move that leaves several independent components).
    splits:
        Whether options are tuples of components rather than single states.
    max_states:
        How many states the memo may hold before :class:`LimitError` is raised (default: the
        budget in force, :mod:`grundy.core.limits`). The memory budget is checked as the memo
        grows, and a position with more moves than ``max_options`` is refused.
    combine:
        Instead of the mex, fold the options' values with this function (plain games only):
        the same iterative walk then computes other recursive quantities, such as the outcome
        and remoteness pairs of Every-SG.
    """

    def __init__(
        self, successors: Successors, splits: bool = False, max_states: int | None = None,
        combine: Callable[[list], Any] | None = None,
    ) -> None:
        self.successors = successors
        self.splits = splits
        self.max_states = max_states if max_states is not None else limits.current().max_states
        self.combine = combine
        self.memo: dict[Hashable, Any] = {}
        # the clock is looked at every few states, however slow the successor function (kept from call
        # to call: a table valued heap by heap makes a million calls of one state each)
        self._pace = progress.Pace()
        self._countdown = 1
        self._memory_at = MEMORY_CHECK_EVERY
        self._foresee_at = FORESEE_FROM
        # a heap is judged too large only under the default budget: a budget chosen (--max-states, grundy.budget)
        # is searched to its end
        self._judges = max_states is None and not limits.states_chosen()

    def value(self, state: Hashable) -> int:
        """The Grundy value of ``state``, computing every value below it that is still unknown."""
        memo = self.memo
        found = memo.get(state)
        if found is not None:
            return found
        successors = self.successors
        splits = self.splits
        combine = self.combine
        limit = self.max_states
        max_options = limits.current().max_options
        countdown = self._countdown
        first_look = 0.0  # when this call first looked at the clock (0: not yet)
        in_progress: dict[Hashable, list] = {}  # the states on the current path, with their options
        stack = [state]
        push = stack.append
        pop = stack.pop
        try:
            while stack:
                top = stack[-1]
                if top in memo:
                    pop()
                    continue
                options = in_progress.get(top)
                if options is None:
                    options = successors(top)
                    if type(options) is not list or len(options) > max_options:
                        options = limits.bounded_options(options, top)
                    in_progress[top] = options
                    countdown -= 1 + (len(options) >> 6)  # a position of many moves is much work: it counts more
                    if countdown <= 0:  # a long chain grows the path, not the memo: count both
                        countdown, first_look = self._look(first_look, len(memo) + len(in_progress), limit)
                        if len(memo) + len(in_progress) >= self._foresee_at and self._judges:
                            self._foresee_at *= 2
                            _foresee(state, in_progress, memo, limit, successors)
                    try:
                        if splits:
                            unknown = [c for option in options for c in option if c not in memo]
                        else:
                            unknown = [c for c in options if c not in memo]
                    except TypeError as exc:  # an unhashable position (a list, a dict, ...)
                        raise GrundyError(_not_a_position(top, options, splits)) from exc
                    if unknown:
                        for child in unknown:
                            if child in in_progress:
                                raise CycleError(
                                    f"the game can return to position {limits.shorten(repr(child))}: Grundy values "
                                    f"exist only for games that always end (solve it with {words.knob('general')})"
                                )
                            push(child)
                        continue
                pop()
                del in_progress[top]
                if combine is not None:
                    memo[top] = combine([memo[c] for c in options])
                    continue
                if splits:
                    seen = set()
                    for option in options:
                        x = 0
                        for c in option:
                            x ^= memo[c]
                        seen.add(x)
                else:
                    seen = {memo[c] for c in options}
                m = 0
                while m in seen:
                    m += 1
                memo[top] = m
                if len(memo) > limit:
                    self._check_budget(len(memo), limit)
        except KeyboardInterrupt:  # Ctrl-C: a long call says exactly how far it got
            if first_look and time.monotonic() - first_look >= LONG_CALL:
                progress.report("positions valued", len(memo) + len(in_progress))
            raise
        self._countdown = countdown
        return memo[state]

    def _look(self, first_look: float, states: int, limit: int) -> tuple[int, float]:
        """A look at the clock and the budget after ``states`` positions: progress is reported once one
        call has run :data:`LONG_CALL` seconds (a table valued heap by heap reports its own), and the
        memory is checked every :data:`MEMORY_CHECK_EVERY` positions. Returns the states until the
        next look and when this call first looked."""
        pace = self._pace
        now = pace.look()
        if not first_look:
            first_look = now
        elif now - first_look >= LONG_CALL and pace.due(now):
            progress.report("positions valued", states)
        if states >= self._memory_at:
            self._memory_at = states + MEMORY_CHECK_EVERY
            self._check_budget(states, limit)
        return pace.every, first_look

    @staticmethod
    def _check_budget(states: int, limit: int) -> None:
        if states > limit:
            raise LimitError(f"more than {limit:,} positions were needed; "
                             f"{words.raise_or('max_states', 'choose a smaller position')}", knob="max_states",
                             limit=limit)
        limits.check_memory(f"the search ({states:,} positions so far)")

    def option_value(self, option: Any) -> int:
        """The value an option leaves: the xor of its components' values (splitting games)."""
        if not self.splits:
            return self.value(option)
        x = 0
        for c in option:
            x ^= self.value(c)
        return x


def _foresee(root: Any, path: dict, memo: dict, limit: int, successors: Successors) -> None:
    """Refuse at once a heap whose search cannot fit the state budget, rather than after filling it.

    Only a heap (an integer) far past the budget is judged, from what the search has done so far:

    - a path that walks down from the heap (take-one-or-two from 10^18 stacks every other heap below
      it) needs about its density times the heaps still below its end;
    - values filled in densely from 0 (a sample of the heaps below the count valued are all known),
      while a move of the search still leads to a heap u far above them from which a move goes so
      little a way down that four budgets of such moves would not reach them, need about the heaps
      between: u minus the count valued.

    Either estimate past four times the budget is a refusal that says so. Only the default budget
    judges: with a budget chosen, the search goes on to it (the estimates can be fooled by a game
    that walks down densely, then jumps).
    """
    if type(root) is not int or root <= 4 * limit or len(path) < 2:
        return
    top = next(reversed(path))
    ahead = 0
    if type(top) is int and 0 <= top < root:
        ahead = (len(path) - 1) * top // (root - top)
    valued = len(memo)
    drawn = random.Random(valued).sample(range(valued), min(valued, FORESEE_SAMPLE))
    if ahead <= 4 * limit and valued and all(heap in memo for heap in drawn):
        unexplored = [c for options in path.values() for c in options
                      if type(c) is int and c not in memo and c not in path]
        far = max(unexplored, default=0)
        step = max(1, (far - valued) // (4 * limit))  # moves this short from far need too many positions to reach 0
        if far - valued > 4 * limit and any(type(c) is int and far - step <= c < far for c in successors(far)):
            ahead = far - valued
    if ahead > 4 * limit:
        raise LimitError(
            f"heap {limits.shorten(str(root))} is too large to value move by move: about {ahead:.2e} more positions "
            f"lie below it (judged from the {len(memo) + len(path):,} searched so far), more than "
            f"{words.budget_of('max_states', limit)}"
            f"{words.hint('max_states', ' (choose a budget with {} to search anyway)')}; for a rule that answers "
            f"at any size, try {words.knob('pattern')}", knob="max_states", limit=limit, needed=int(ahead))


def _not_a_position(parent: Any, options: list, splits: bool) -> str:
    shape = "tuples of positions" if splits else "positions"
    bad = next((o for o in options if not _hashable(o)), options[0] if options else None)
    return (f"the moves of {limits.shorten(repr(parent))} include {limits.shorten(repr(bad))}, which is not a "
            f"position: moves must be {shape} that can be compared and stored (ints, strings, tuples)")


def _hashable(x: Any) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True
