"""The memory budget, enforced on what the process really holds.

An estimate made before a table is allocated (:func:`grundy.core.limits.check_memory`) cannot see
a user's rules that build a list of 10^18 moves, a dictionary that grows by a million entries a
second, or a canonical form nobody sized in advance. :func:`enforced` watches the process itself,
in two ways:

- a **watchdog** thread reads the resident memory (``/proc/self/statm``) every
  :data:`WATCH_SECONDS`; once it passes the budget, the guarded threads are interrupted
  (an exception raised in them at their next Python instruction), and the block ends with a
  :class:`~grundy.core.errors.LimitError` naming the budget;
- a **hard limit** on the process's data (``RLIMIT_DATA``, every private writable mapping), set a
  margin above the budget while any block is guarded and restored after: work that allocates
  faster than the watchdog looks, or inside compiled code that never returns to Python, gets a
  ``MemoryError`` instead of taking the machine, and the block turns it into the same one line.

Blocks nest (the innermost budget of a thread is the one watched) and may run in many threads at
once (the web explorer's requests). :func:`budget` sets a budget and holds its block to it: the
command line, the web, the sweep and ``with grundy.budget(...)`` use it, and the public API
functions (:func:`guarded`) enter a block of their own.

>>> with enforced(10**12):
...     sum(range(1000))
499500
>>> with enforced(10**12):
...     raise MemoryError
Traceback (most recent call last):
...
grundy.core.errors.LimitError: the work ran out of memory: ...
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from grundy.core import limits, words
from grundy.core.errors import LimitError

WATCH_SECONDS = 0.05  # how often the watchdog reads the resident memory
MARGIN = 512 * 10**6  # the hard data limit stands this far above the budget (or a quarter of it, if more)
F = TypeVar("F", bound=Callable[..., Any])


class OverBudget(BaseException):  # noqa: N818 (not an error of the user's: a signal to stop the work)
    """Raised by the watchdog inside a guarded thread that holds more memory than its budget.

    A ``BaseException``, so that no ``except Exception`` on the way (a user's rules, a fallback)
    swallows it; :func:`enforced` turns it into a :class:`LimitError` where the guarded block ends.
    """


@dataclass
class _Guarded:
    """The nested blocks of one thread (a token and a budget each), and whether the watchdog has
    stopped the innermost one."""

    blocks: list[tuple[object, int]] = field(default_factory=list)
    fired: bool = False
    peak: int = 0


class _Watchdog:
    """One thread per process that watches the resident memory while any block is guarded."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.wake = threading.Event()
        self.guarded: dict[int, _Guarded] = {}
        self.thread: threading.Thread | None = None
        self.saved_limit: tuple[int, int] | None = None  # RLIMIT_DATA before the watchdog set it
        self.applied = 0  # the budget the hard limit was last set for (0: none set)

    def enter(self, ident: int, token: object, budget: int) -> None:
        with self.lock:
            entry = self.guarded.setdefault(ident, _Guarded())
            entry.blocks.append((token, budget))
            self._set_hard_limit()  # no system call while the budget stays the same
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._watch, name="grundy memory watchdog", daemon=True)
                self.thread.start()
        if not self.wake.is_set():
            self.wake.set()

    def leave(self, ident: int, token: object) -> int:
        """End the block ``token`` of thread ``ident`` (again, harmlessly, if it has ended); an
        interruption sent but not yet raised stays pending, for :func:`_leave` to take. The most
        memory seen in the thread."""
        with self.lock:
            entry = self.guarded.get(ident)
            if entry is None:
                return 0
            entry.fired = False
            entry.blocks = [block for block in entry.blocks if block[0] is not token]
            if not entry.blocks:
                del self.guarded[ident]
            if not self.guarded and self.applied != _default_budget():
                self._set_hard_limit()  # a budget of its own: put back at once (the default's, by the watchdog)
            return entry.peak

    def _set_hard_limit(self) -> None:
        """RLIMIT_DATA a margin above the largest budget in force, or as it was when none is: set as
        a block enters with a new budget, and put back as the last block leaves (by the watchdog's
        thread within :data:`WATCH_SECONDS` for the default budget, so that the library's functions
        called one after another make no system call). The limit is the
        process's: while a block runs, other threads are held to it too (the web's requests share
        one budget, so this is what they all hold to)."""
        try:
            import resource
        except ImportError:  # pragma: no cover - not a POSIX system: the watchdog alone
            return
        budget = max((budget for entry in self.guarded.values() for _, budget in entry.blocks), default=0)
        if budget == self.applied:
            return
        if self.saved_limit is None:
            self.saved_limit = resource.getrlimit(resource.RLIMIT_DATA)
        soft, hard = self.saved_limit
        wanted = soft
        if budget:
            wanted = max(budget, _data_bytes()) + max(MARGIN, budget // 4)  # never below what is mapped already
            for given in (soft, hard):
                if given != resource.RLIM_INFINITY:
                    wanted = min(wanted, given)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_DATA, (wanted, hard))
        self.applied = budget

    def _watch(self) -> None:
        while True:
            self.wake.wait()
            with self.lock:
                self._set_hard_limit()
                if not self.guarded:
                    self.wake.clear()
                    continue
                held = limits.resident_bytes()
                for ident, entry in self.guarded.items():
                    entry.peak = max(entry.peak, held)
                    if not entry.fired and held > entry.blocks[-1][1]:
                        entry.fired = True
                        _raise_in(ident, OverBudget)
            time.sleep(WATCH_SECONDS)


def _raise_in(ident: int, exception: type[BaseException]) -> None:
    """Raise ``exception`` in thread ``ident`` at its next Python instruction."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(exception))


def _data_bytes() -> int:
    """The private writable memory the process has mapped (what RLIMIT_DATA counts), in bytes: read
    only when the hard limit changes."""
    try:
        with open("/proc/self/status", "rb") as f:
            for line in f:
                if line.startswith(b"VmData:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


@functools.cache
def _default_budget() -> int:
    """The memory budget of the process when none is chosen (read once)."""
    return limits.Budget().memory


def _budget_in_force() -> int:
    return limits.current().max_memory or _default_budget()


_WATCHDOG = _Watchdog()


@contextlib.contextmanager
def enforced(budget: int | None = None) -> Iterator[None]:
    """Run a block that may hold at most ``budget`` bytes of resident memory (default: the budget in
    force, :func:`grundy.core.limits.current`); past it, or when an allocation fails, the block ends
    with a :class:`LimitError` that names the budget and how to raise it."""
    limit = budget if budget is not None else _budget_in_force()
    ident, token = threading.get_ident(), object()
    outcome = ""
    try:
        try:
            _WATCHDOG.enter(ident, token, limit)  # inside the try: an interruption while it enters still leaves
            yield
        except OverBudget:
            outcome = "over"
        except MemoryError:
            outcome = "out"
    except OverBudget:  # sent by the watchdog while the block was ending
        outcome = outcome or "over"
    finally:
        peak = _leave(ident, token)
    if outcome == "over":
        raise _over(limit, peak)
    if outcome == "out":
        raise _out(limit)


def _over(limit: int, peak: int = 0) -> LimitError:
    held = max(peak, limits.resident_bytes())
    return LimitError(f"the work passed the memory budget of {limits.format_size(limit)} (the process held "
                      f"{limits.format_size(held)}); {words.raise_or('max_memory', 'choose a smaller position')}",
                      knob="max_memory", limit=limit, needed=held)


def _out(limit: int) -> LimitError:
    return LimitError(f"the work ran out of memory: an allocation failed with the process holding "
                      f"{limits.format_size(limits.resident_bytes())}, its budget {limits.format_size(limit)}; "
                      f"choose a smaller position{words.hint('max_memory', ' (or raise {} if the machine has more)')}",
                      knob="max_memory", limit=limit)


def _leave(ident: int, token: object) -> int:
    """:meth:`_Watchdog.leave`, then the watchdog's last interruption taken here if it was sent and not
    yet raised (at most one is sent to a block, and leaving twice is harmless). It is never taken back
    with ``PyThreadState_SetAsyncExc(id, NULL)``: that leaves the interpreter's eval breaker set for
    good, which slows every later instruction and hangs a traced thread (a debugger, coverage)."""
    peak = 0
    while True:
        try:
            peak = max(peak, _WATCHDOG.leave(ident, token))
            _take_pending()
            return peak
        except OverBudget:
            continue


def _take_pending() -> None:
    """A call: an interruption pending for this thread is raised as it begins."""


@contextlib.contextmanager
def budget(**changes: Any) -> Iterator[limits.Budget]:
    """Run a block under a changed budget (``grundy.budget``), held to its memory limit on what the
    process really holds (a watchdog reads the resident memory; :func:`enforced`).

    Parameters
    ----------
    **changes : int | str | None
        The limits to change. ``max_states``, ``max_options``, ``max_values`` are counts: an int
        (``10**7``) or text as the command line reads it (``"1e7"``, ``"2^24"``); past
        ``max_states`` positions a search stops with a :class:`~grundy.core.errors.LimitError`.
        ``max_memory`` is bytes: an int (``4 * 10**9``) or text (``"4GB"``, ``"500MB"``). A limit
        left out (or ``None``) stays as it is.

    Returns
    -------
    Budget
        The budget in force inside the block (the value of ``with grundy.budget(...) as chosen``).

    Examples
    --------
    >>> with budget(max_states="2^20", max_memory="4GB") as chosen:
    ...     chosen.max_states, guarding()
    (1048576, True)
    """
    with limits.budget(**changes) as chosen, enforced(chosen.memory):
        yield chosen


def guarding() -> bool:
    """Whether the calling thread runs inside :func:`enforced`."""
    return threading.get_ident() in _WATCHDOG.guarded


def guarded(function: F) -> F:
    """``function`` run inside :func:`enforced` (at once, when its thread is guarded already): the
    public entry points of the library wear it, so a Python caller is held to the budget too.

    >>> @guarded
    ... def grow():
    ...     raise MemoryError
    >>> grow()
    Traceback (most recent call last):
    ...
    grundy.core.errors.LimitError: the work ran out of memory: ...
    """
    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> Any:
        ident = threading.get_ident()
        token = None if ident in _WATCHDOG.guarded else object()  # inside a block: no block of its own
        limit = _budget_in_force()
        try:  # entered inside the try: an interruption that lands while it enters still leaves
            if token is not None:
                _WATCHDOG.enter(ident, token, limit)
            return function(*args, **kwargs)
        except OverBudget:  # its error, raised from here, so that the caller can catch it
            entry = _WATCHDOG.guarded.get(ident)
            raise _over(limit, entry.peak if entry else 0) from None
        except MemoryError:
            raise _out(limit) from None
        finally:
            if token is not None:
                _leave(ident, token)
    return run  # type: ignore[return-value]
