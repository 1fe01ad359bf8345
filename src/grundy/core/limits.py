"""Budgets: how many positions, how much memory, how many options, how many digits.

Every search, table and solver of grundy reads the budget in force here, so that any input either
gets an answer or stops with one line naming the limit that was hit and how to raise it. The
command line sets the budget from ``--max-states`` and ``--max-memory``; in Python, use
:func:`budget` (``grundy.budget``) as a context manager (or pass ``max_states=`` where a function
takes it). A message names the setting the way its reader can change it (:mod:`grundy.core.words`).
A :class:`LimitError` also carries the setting's name, its value and what was needed, for a program
to read.

>>> with budget(max_states=1000, max_memory="2GB"):
...     current().max_states, current().max_memory
(1000, 2000000000)
>>> parse_size("2GB"), parse_size("512M"), parse_size("1e9")
(2000000000, 512000000, 1000000000)
"""

from __future__ import annotations

import contextlib
import operator
import os
import re
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from itertools import islice
from typing import Any

from grundy.core.errors import GrundyError, LimitError

MAX_DIGITS = 4000  # the largest number of digits a number on the command line or in a spec may have
MAX_SHOWN = 80  # characters of a bad token quoted back in an error message
MAX_COUNT = 1 << 62  # the largest count or size a budget may have (past it, 64-bit counters overflow)


def _machine_memory() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 8 * 10**9


def _default_memory() -> int:
    """GRUNDY_MAX_MEMORY, else half the machine's memory, or three quarters of a lower limit the
    system puts on this process (its address space, ``ulimit -v``; its cgroup's ``memory.max``)."""
    text = os.environ.get("GRUNDY_MAX_MEMORY")
    if text:
        with contextlib.suppress(GrundyError):
            return parse_size(text)
    return max(10**8, min([max(10**9, _machine_memory() // 2)] + [3 * cap // 4 for cap in _system_caps()]))


def _system_caps() -> list[int]:
    """The limits the system puts on this process's memory, in bytes (none where it sets none)."""
    caps = []
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        if soft != resource.RLIM_INFINITY:
            caps.append(soft)
    except (ImportError, ValueError, OSError):
        pass
    with contextlib.suppress(OSError, ValueError):
        with open("/sys/fs/cgroup/memory.max") as f:
            text = f.read().strip()
        if text.isdigit():
            caps.append(int(text))
    return caps


@dataclass(frozen=True)
class Budget:
    """The limits in force.

    ``max_states``: positions a search or solver may store; ``max_memory``: bytes of resident
    memory the process may reach; ``max_options``: moves one position may have; ``max_values``:
    entries of one table of values.
    """

    max_states: int = 10_000_000
    max_memory: int = 0  # 0: the default share of the machine (half its memory, GRUNDY_MAX_MEMORY)
    max_options: int = 1_000_000
    max_values: int = 1 << 30

    @property
    def memory(self) -> int:
        return self.max_memory or _default_memory()


# context variables, so that each thread or task (a request of the web explorer) has its own budget
_DEFAULT = Budget()
_current: ContextVar[Budget | None] = ContextVar("grundy_budget", default=None)  # None: the default
_states_chosen: ContextVar[bool] = ContextVar("grundy_states_chosen", default=False)


def current() -> Budget:
    """The budget in force."""
    return _current.get() or _DEFAULT


@contextlib.contextmanager
def budget(**changes: Any) -> Iterator[Budget]:
    """Run a block under a changed budget: ``max_states``, ``max_options`` and ``max_values`` are
    counts (``10**7``, or text as the command line reads it: ``"1e7"``, ``"2^24"``), ``max_memory``
    bytes (``4 * 10**9`` or ``"4GB"``); ``None`` leaves a limit as it is. This only says what the
    budget is; :func:`grundy.core.memory.budget` (``grundy.budget``) also holds the block to it.

    >>> with budget(max_states="2^20"):
    ...     current().max_states
    1048576
    >>> with budget(max_states=-5):
    ...     pass
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: budget(max_states=-5): give a whole number of at least 1, such as 10**7 or '1e7'
    """
    changed = replace(current(), **{k: _budget_value(k, v) for k, v in changes.items() if v is not None})
    token = _current.set(changed)
    chosen = _states_chosen.set(_states_chosen.get() or changes.get("max_states") is not None)
    try:
        yield changed
    finally:
        _states_chosen.reset(chosen)
        _current.reset(token)


def states_chosen() -> bool:
    """Whether a state budget was chosen (``--max-states``, ``budget(max_states=...)``), even one equal
    to the default: a search may then be told to go on to it rather than judge the work ahead."""
    return _states_chosen.get()


def _budget_value(name: str, value: Any) -> int:
    """One limit given to :func:`budget`, read and checked."""
    if name not in Budget.__dataclass_fields__:
        raise GrundyError(f"budget() has no limit {name!r}: it takes max_states, max_memory, max_options, max_values")
    if isinstance(value, str):
        return parse_size(value) if name == "max_memory" else parse_count(value, f"a count for {name}")
    try:
        number = 0 if isinstance(value, bool) else operator.index(value)
    except TypeError:
        number = 0
    if number < 1:
        example = "4 * 10**9 or '4GB'" if name == "max_memory" else "10**7 or '1e7'"
        raise GrundyError(f"budget({name}={shorten(repr(value))}): give a whole number of at least 1, "
                          f"such as {example}")
    return within_reach(number, f"budget({name}={shorten(repr(value))})")


def within_reach(number: int, written: str) -> int:
    """``number`` (as its reader ``written`` it), refused past :data:`MAX_COUNT` (2^62), which no
    count or size of a budget can use.

    >>> within_reach(10**400, "1e400")
    Traceback (most recent call last):
    ...
    grundy.core.errors.LimitError: 1e400 is too large: at most 2^62 (about 4.6e18), more than any machine holds
    """
    if number > MAX_COUNT:
        raise LimitError(f"{shorten(written)} is too large: at most 2^62 (about 4.6e18), more than any machine holds")
    return number


def resident_bytes() -> int:
    """The resident memory of this process, in bytes (0 where the system does not say)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        try:
            import resource

            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        except (ImportError, OSError):
            return 0


def states_for(default: int) -> int:
    """The state limit of a slower search: the budget's ``max_states`` when one was chosen
    (:func:`budget`, ``--max-states``), else ``default`` (a search that spends far longer per
    position than a table stops sooner by default).

    >>> states_for(300_000)
    300000
    >>> with budget(max_states=50_000_000):
    ...     states_for(300_000)
    50000000
    """
    chosen = current().max_states
    return min(chosen, default) if chosen == Budget.max_states else chosen


def check_memory(what: str, more: int = 0) -> None:
    """Raise :class:`LimitError` if the process holds (or, with ``more`` bytes added, would hold)
    more memory than the budget allows."""
    from grundy.core import words  # the words sit above the budget they name

    limit = current().memory
    used = resident_bytes()
    if used + more > limit:
        need = f" (and {format_size(more)} more were asked for)" if more else ""
        raise LimitError(f"{what} would use more than {format_size(limit)} of memory{need}; "
                         f"{words.raise_or('max_memory', 'choose a smaller position')}",
                         knob="max_memory", limit=limit, needed=used + more)


def check_values(count: int, what: str = "the table", itemsize: int | None = None) -> None:
    """Raise :class:`LimitError` when a table of ``count`` values is past the value budget, or,
    given ``itemsize`` (bytes a value), would not fit the memory budget."""
    from grundy.core import words

    limit = current().max_values
    if count > limit:
        raise LimitError(f"{what} would need {count:,} values, more than the {limit:,} one table may hold; "
                         f"{words.hint('count', 'ask for fewer values ({})', web='ask for fewer values')}",
                         knob="max_values", limit=limit, needed=count)
    if itemsize is not None:
        check_memory(f"{what} of {count:,} values", more=count * itemsize)


def check_table(count: int, what: str) -> None:
    """Refuse a table of ``count`` values worked out one by one: each value counts as a position
    of the state budget (``max_states``), and the table must fit :func:`check_values`.

    >>> with budget(max_states=1000):
    ...     check_table(10**22, "a table of nim")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.LimitError: a table of nim: 10,...,000 values count as ... budget of 1,000; ...
    """
    from grundy.core import words

    limit = current().max_states
    if count > limit:
        raise LimitError(f"{what}: {count:,} values count as as many positions, more than "
                         f"{words.budget_of('max_states', limit)}; ask for fewer values"
                         f"{words.hint('max_states', ' or raise {}')}",
                         knob="max_states", limit=limit, needed=count)
    check_values(count, what, itemsize=8)


def bounded_options(options: Iterable[Any], where: Any, mover: str | None = None) -> list:
    """The options of one position as a list, refusing a position with more than
    ``max_options`` moves (an endless generator stops here too), and a moves function (named
    ``mover``) that returned no iterable of positions (an int, None, a string) at ``where``."""
    limit = current().max_options
    found = options if isinstance(options, list) else list(islice(_iterable(options, where, mover), limit + 1))
    if len(found) > limit:
        raise LimitError(f"position {shorten(repr(where))} has more than {limit:,} moves; "
                         "choose a smaller position (rules that never stop giving moves stop here too)",
                         knob="max_options", limit=limit)
    return found


def _iterable(options: Any, where: Any, mover: str | None) -> Any:
    """``options`` if a moves function may return it (an iterable other than a string), else a
    one-line GrundyError naming the function, what it returned and what it must return."""
    if not isinstance(options, (str, bytes)):
        try:
            return iter(options)
        except TypeError:
            pass
    function = f"the moves function {mover}" if mover else "the moves function"
    raise GrundyError(f"{function} returned {shorten(repr(options))} for position {shorten(repr(where))}: it must "
                      "return an iterable of positions (a list such as [n - 1, n - 2], empty where there is no move)")


def shorten(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut to about ``limit`` characters for an error message.

    >>> shorten("x" * 100)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (100 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit - 10]}... ({len(text):,} characters)"


def parse_int(text: str, what: str = "a number") -> int:
    """An integer from text, refusing more than :data:`MAX_DIGITS` digits with a clear message.

    >>> parse_int("12")
    12
    >>> parse_int("1" * 5000)
    Traceback (most recent call last):
    ...
    grundy.core.errors.LimitError: 1111111111111111111111111111111111111111111111111111111111111111111111... \
(5,000 characters) is too large: at most 4000 digits
    """
    stripped = text.strip()
    digits = stripped.lstrip("+-")
    if digits.isdigit() and len(digits) > MAX_DIGITS:
        raise LimitError(f"{shorten(stripped)} is too large: at most {MAX_DIGITS} digits")
    try:
        return int(stripped)
    except ValueError:
        raise GrundyError(f"{shorten(stripped)!r} is not {what}") from None


_SIZE = re.compile(r"^\s*([0-9.eE+]+)\s*([kKmMgGtT]?)[iI]?[bB]?\s*$")


def parse_size(text: str) -> int:
    """Bytes from ``2GB``, ``512M``, ``1e9``, ``3000000`` (powers of 1000; ``GiB`` counts 1024)."""
    match = _SIZE.match(str(text))
    if not match:
        raise GrundyError(f"{shorten(str(text))!r} is not a memory size: write e.g. 2GB, 500MB or 1e9 (bytes)")
    try:
        number = Decimal(match.group(1))
        if not number.is_finite() or number.adjusted() > MAX_DIGITS:
            raise InvalidOperation
    except InvalidOperation:
        raise GrundyError(f"{shorten(str(text))!r} is not a memory size: write e.g. 2GB, 500MB or 1e9") from None
    base = 1024 if "i" in text.lower() else 1000
    scale = base ** " KMGT".index(match.group(2).upper() or " ")
    size = within_reach(int(number * scale), f"the memory size {str(text).strip()}")
    if size < 1:
        raise GrundyError(f"{shorten(str(text))!r} is not a memory size: it must be positive")
    return size


_COUNT = re.compile(r"^\s*(?:(\d+)\s*(?:\^|\*\*)\s*(\d+)|(\d+(?:\.\d*)?)[eE]\+?(\d+)|(\d[\d_,]*))\s*$")


def parse_count(text: str, what: str = "a count") -> int:
    """A whole number from ``1000000``, ``1_000_000``, ``1,000,000``, ``2^30``, ``2**30`` or ``1e8``.

    >>> parse_count("2^30"), parse_count("2**26"), parse_count("1e8"), parse_count("1,048,576")
    (1073741824, 67108864, 100000000, 1048576)
    >>> parse_count("lots")
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: 'lots' is not a count: write e.g. 1000000, 2^20 or 1e8
    """
    match = _COUNT.match(str(text))
    bad = f"{shorten(str(text))!r} is not {what}: write e.g. 1000000, 2^20 or 1e8"
    if not match:
        raise GrundyError(bad)
    base, power, mantissa, exponent, plain = match.groups()
    if plain is not None:
        digits = plain.replace("_", "").replace(",", "")
        if len(digits) > MAX_DIGITS:
            raise LimitError(f"{shorten(str(text))} is too large: at most {MAX_DIGITS} digits")
        return int(digits)
    digits = int(power if power is not None else exponent)
    if digits > MAX_DIGITS:
        raise LimitError(f"{shorten(str(text))} is too large: at most {MAX_DIGITS} digits")
    if base is not None:
        number = int(base) ** digits
    else:
        whole, _, fraction = mantissa.partition(".")
        fraction = fraction.rstrip("0")
        if len(fraction) > digits:
            raise GrundyError(f"{shorten(str(text))!r} is not a whole number")
        number = int(whole + fraction.ljust(digits, "0"))
    if number.bit_length() > MAX_DIGITS * 3.33:
        raise LimitError(f"{shorten(str(text))} is too large: at most {MAX_DIGITS} digits")
    return number


def format_size(size: int) -> str:
    """``2.0 GB`` for 2*10^9 bytes."""
    for unit, scale in (("TB", 10**12), ("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} bytes"
