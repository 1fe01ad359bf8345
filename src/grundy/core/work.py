"""The work budget of the value algebra: every step counts against ``max_states``.

Valuing a partizan position costs far more than the positions searched: each canonical form built,
each sum simplified and each comparison worked out is work too, and a sum of a few dozen switches
needs no position at all. So one :class:`Meter` counts them all — positions searched, canonical
forms built, sums and comparisons worked out, options read — as *steps*, and stops the work with
one :class:`~grundy.core.errors.LimitError` naming the limit once the budget is spent. The budget is
``max_states`` when one was chosen (``--max-states``, :func:`grundy.budget`), else
:data:`DEFAULT_STEPS` (:func:`grundy.core.limits.states_for`); there is no second setting.

A question (a value, a thermograph, a parse) runs under one meter: :func:`metered` opens it, and the
calls made inside share it, so a question costs at most its budget however many sums it adds. The
meter also reports progress (:mod:`grundy.core.progress`: the positions valued by a search, else the
steps done of the budget) and looks at the memory in use, about every
:data:`~grundy.core.progress.LOOK_SECONDS`.

It imports only grundy.core's limits, progress and words: the value algebra (grundy.cgt), the partizan
search and the misère quotients (grundy.quotient) all count their work with it.

>>> from grundy.core import limits
>>> with limits.budget(max_states=100), metered():
...     charge(60)
...     charge(60)
Traceback (most recent call last):
...
grundy.core.errors.LimitError: more than 100 steps of work were needed (positions valued, canonical forms \
built, sums and comparisons worked out), past the max_states budget of 100; raise max_states \
(grundy.budget(max_states=...)) or choose a smaller position
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any, TypeVar

from grundy.core import limits, progress, words
from grundy.core.errors import LimitError

FIRST_LOOK = 1 << 10  # steps before a question first looks (a quicker one never reads the clock or memory)
DEFAULT_STEPS = 3_500_000  # steps of a question when no max_states was chosen (a 5x5 Domineering board: 3.05 M)
WHAT = "steps of value work"  # how progress names the steps

F = TypeVar("F", bound=Callable[..., Any])


class Meter:
    """The steps one question has used, against its limit; :meth:`look` runs every so often."""

    __slots__ = ("used", "limit", "due", "pace", "positions")

    def __init__(self, limit: int) -> None:
        self.used = 0
        self.positions = 0  # positions of a partizan search valued (see grundy.partizan.values)
        self.limit = limit
        self.pace: progress.Pace | None = None  # made at the first look (a quick question never needs one)
        self.due = min(FIRST_LOOK, limit + 1)  # the count of steps at which to look next

    def look(self) -> None:
        """Refuse past the limit; else report progress and check the memory when it is time."""
        if self.used > self.limit:
            raise LimitError(f"more than {self.limit:,} steps of work were needed (positions valued, canonical "
                             f"forms built, sums and comparisons worked out), past "
                             f"{words.budget_of('max_states', self.limit)}; "
                             f"{words.raise_or('max_states', 'choose a smaller position')}", knob="max_states",
                             limit=self.limit)
        if self.pace is None:
            self.pace = progress.Pace()
        now = self.pace.look()
        if self.pace.due(now):
            if self.positions:  # a search says how many positions, as the other searches do
                progress.report("positions valued", self.positions)
            else:
                progress.report(WHAT, self.used, self.limit)
            limits.check_memory(f"the value work ({self.used:,} steps so far)")
        self.due = min(self.used + self.pace.every, self.limit + 1)


_meter: ContextVar[Meter | None] = ContextVar("grundy_cgt_meter", default=None)


def charge(steps: int = 1) -> None:
    """Count ``steps`` against the question's budget (nothing outside :func:`metered`)."""
    meter = _meter.get()
    if meter is not None:
        meter.used += steps
        if meter.used >= meter.due:
            meter.look()


def used() -> int:
    """The steps the open question has used so far (0 outside :func:`metered`)."""
    meter = _meter.get()
    return 0 if meter is None else meter.used


@contextlib.contextmanager
def metered() -> Iterator[Meter]:
    """Run a question under one meter: the one already open, else a new one with the budget in force."""
    meter = _meter.get()
    if meter is not None:
        yield meter
        return
    meter = Meter(limits.states_for(DEFAULT_STEPS))
    token = _meter.set(meter)
    try:
        yield meter
    finally:
        _meter.reset(token)


def guarded(fn: F) -> F:
    """A public entry of the algebra: it runs under :func:`metered`, and a RecursionError (a game
    deeper than Python's stack) becomes one clear LimitError."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            if _meter.get() is not None:
                return fn(*args, **kwargs)
            token = _meter.set(Meter(limits.states_for(DEFAULT_STEPS)))  # as metered() does, inlined
            try:
                return fn(*args, **kwargs)
            finally:
                _meter.reset(token)
        except RecursionError:
            raise LimitError(
                "game too deep for the canonical-form algebra (Python's recursion limit); "
                "split it into a sum of smaller components"
            ) from None

    return wrapper  # type: ignore[return-value]
