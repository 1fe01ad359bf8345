"""Budgets: how many positions, how much memory, how many options, how many digits.

Every search, table and solver of grundy reads the budget in force here, so that any input either
gets an answer or stops with one line naming the limit that was hit and how to raise it. The
command line sets the budget from ``--max-states`` and ``--max-memory``; in Python, use
:func:`budget` (``grundy.budget``) as a context manager (or pass ``max_states=`` where a function
takes it). A message names the setting the way its reader can change it (:func:`knob`,
:func:`raise_hint`): its reader is the :func:`audience` in force, ``"python"`` by default, ``"cli"``
while :func:`command_line` is in force (the ``grundy`` command), or ``"web"`` (the explorer, whose
user cannot change its limits: its messages say what they are instead). A :class:`LimitError` also
carries the setting's name, its value and what was needed, for a program to read.

>>> with budget(max_states=1000, max_memory="2GB"):
...     current().max_states, current().max_memory
(1000, 2000000000)
>>> parse_size("2GB"), parse_size("512M"), parse_size("1e9")
(2000000000, 512000000, 1000000000)
>>> knob("max_states")
'max_states (grundy.budget(max_states=...))'
>>> with command_line():
...     knob("max_states"), raise_or("max_states", "choose a smaller position")
('--max-states', 'raise --max-states or choose a smaller position')
>>> with audience("web", numbers={"max_states": 10**6}):
...     knob("max_states"), raise_or("max_states", "choose a smaller position"), budget_of("max_states", 10**6)
("this explorer's limit of 1,000,000 positions", 'choose a smaller position', "this explorer's budget of 1,000,000")
"""

from __future__ import annotations

import contextlib
import operator
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from itertools import islice
from typing import Any, NamedTuple

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


class _Knob(NamedTuple):
    """A setting a message may tell its reader to change, as each audience says it."""

    option: str  # the command line's option
    python: str  # the Python name
    how: str  # how Python sets it ("" where the name says it all)
    web: str = ""  # the web explorer's words for it ("": the command line's, which the web's user can run)
    web_full: str = ""  # the same with its value ({max_states:,}, {memory}), when it has one


_KNOBS = {
    "max_states": _Knob("--max-states", "max_states", "grundy.budget(max_states=...)", "this explorer's budget",
                        "this explorer's limit of {max_states:,} positions"),
    "max_memory": _Knob("--max-memory", "max_memory", "grundy.budget(max_memory='4GB')",
                        "this explorer's memory budget", "this explorer's memory budget of {memory}"),
    "max": _Knob("--max", "max_n", "", "the values asked for"),  # values a period or pattern search computes
    "count": _Knob("--max", "the count of values asked for", "", "the values asked for"),  # values(n), table(n)
    "general": _Knob("--general", "grundy.solve_game(rules, components)", "", "'grundy solve --general'"),
    "list": _Knob("'grundy list'", "grundy.catalogue()", ""),  # the catalogue of rulesets
    "solve": _Knob("'grundy solve'", "grundy.solve", ""),  # a position's value from the rules
    "pattern": _Knob("'grundy pattern ... --at N'", "grundy.pattern(game).value(n)", ""),  # a rule found in the values
}
AUDIENCES = ("python", "cli", "web")
WEB_ELSEWHERE = "use the grundy command"  # the web's advice where its user cannot raise a limit


@dataclass(frozen=True)
class Audience:
    """Who reads the messages: ``kind`` is ``"python"`` (a program calling the library), ``"cli"``
    (the ``grundy`` command) or ``"web"`` (the explorer's user, who cannot change its limits:
    ``numbers`` holds their values, e.g. ``{"max_states": 10**6}``, and ``hints`` a request's own
    way to raise a setting, e.g. ``{"max": "ask with a larger max"}``)."""

    kind: str = "python"
    numbers: Mapping[str, int] = field(default_factory=dict)
    hints: Mapping[str, str] = field(default_factory=dict)


_audience: ContextVar[Audience | None] = ContextVar("grundy_audience", default=None)  # None: Python's


def _reader() -> Audience:
    """The audience in force."""
    return _audience.get() or Audience()


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


@contextlib.contextmanager
def audience(kind: str | None = None, numbers: Mapping[str, int] | None = None, **hints: str) -> Iterator[Audience]:
    """Word messages for ``kind`` (one of :data:`AUDIENCES`) while the block runs; ``numbers`` and
    ``hints`` as :class:`Audience` says. Without ``kind``, the audience in force with these numbers
    and hints added (a web request that knows how its user may look further).

    >>> with audience("web"), audience(max="ask with a larger max"):
    ...     raise_hint("max"), raise_hint("max_states")
    ('ask with a larger max', 'use the grundy command')
    """
    now = _reader()
    if kind is None:
        chosen = Audience(now.kind, {**now.numbers, **(numbers or {})}, {**now.hints, **hints})
    elif kind in AUDIENCES:
        chosen = Audience(kind, dict(numbers or {}), hints)
    else:
        raise GrundyError(f"audience({kind!r}): the audiences are {', '.join(AUDIENCES)}")
    token = _audience.set(chosen)
    try:
        yield chosen
    finally:
        _audience.reset(token)


def command_line() -> contextlib.AbstractContextManager[Audience]:
    """Word messages for the ``grundy`` command while the block runs (``audience("cli")``):
    :func:`knob` names its options (``--max-states``) instead of the Python settings."""
    return audience("cli")


def on_command_line() -> bool:
    """Whether the reader writes text rather than Python: the ``grundy`` command (:func:`command_line`)
    or the web explorer, whose messages may then point to the command's own commands."""
    return _reader().kind != "python"


def knob(name: str, bare: bool = False) -> str:
    """The setting ``name`` as a message's reader knows it: the command line's option while
    :func:`command_line` is in force, its Python name with how to set it for Python (``bare``: the
    name alone, for a message that only refers to it), the explorer's words for its own limit on
    the web (``bare``: without its value).

    >>> knob("max_memory"), knob("max_memory", bare=True), knob("max")
    ("max_memory (grundy.budget(max_memory='4GB'))", 'max_memory', 'max_n')
    """
    setting, said = _KNOBS[name], _reader()
    if said.kind == "cli" or (said.kind == "web" and not setting.web):
        return setting.option
    if said.kind == "web":
        numbers = {"max_states": current().max_states, **said.numbers}
        numbers["memory"] = format_size(numbers.get("max_memory") or current().memory)
        return setting.web if bare or not setting.web_full else setting.web_full.format(**numbers)
    return f"{setting.python} ({setting.how})" if setting.how and not bare else setting.python


def option(name: str) -> str:
    """The command line's option for ``name`` whoever reads (a message telling its reader to run
    the ``grundy`` command)."""
    return _KNOBS[name].option


def hint(name: str, template: str, web: str = "") -> str:
    """Advice about the setting ``name``: ``template`` with :func:`knob` in its ``{}`` for the
    command line and Python, ``web`` for the web (its user cannot change the setting).

    >>> hint("count", "ask for fewer values ({})", web="ask for fewer values")
    'ask for fewer values (the count of values asked for)'
    """
    return web if _reader().kind == "web" else template.replace("{}", knob(name))


def raise_hint(name: str) -> str:
    """``raise --max-states`` (the command line), ``raise max_states (grundy.budget(...))`` (Python);
    on the web, the request's own way to raise it (:class:`Audience` ``hints``), else
    :data:`WEB_ELSEWHERE`. It reads before "to look further" and as advice of its own."""
    said = _reader()
    return said.hints.get(name, WEB_ELSEWHERE) if said.kind == "web" else f"raise {knob(name)}"


def raise_or(name: str, other: str) -> str:
    """``raise KNOB or OTHER``; on the web ``OTHER`` alone, unless the request has a way to raise it."""
    said = _reader()
    if said.kind == "web" and name not in said.hints:
        return other
    return f"{raise_hint(name)} or {other}"


def budget_of(name: str, limit: int) -> str:
    """``the --max-states budget of 1,000`` (Python: ``max_states``; the web: ``this explorer's budget
    of 1,000``)."""
    if _reader().kind == "web":
        return f"{knob(name, bare=True)} of {limit:,}"
    return f"the {knob(name, bare=True)} budget of {limit:,}"


def limit_is(name: str, limit: int) -> str:
    """``the limit is 1,000; raise it with --max-states`` (the web: ``this explorer's limit is 1,000``)."""
    if _reader().kind == "web":
        return f"this explorer's limit is {limit:,}"
    return f"the limit is {limit:,}; raise it with {knob(name)}"


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
    limit = current().memory
    used = resident_bytes()
    if used + more > limit:
        need = f" (and {format_size(more)} more were asked for)" if more else ""
        raise LimitError(f"{what} would use more than {format_size(limit)} of memory{need}; "
                         f"{raise_or('max_memory', 'choose a smaller position')}",
                         knob="max_memory", limit=limit, needed=used + more)


def check_values(count: int, what: str = "the table", itemsize: int | None = None) -> None:
    """Raise :class:`LimitError` when a table of ``count`` values is past the value budget, or,
    given ``itemsize`` (bytes a value), would not fit the memory budget."""
    limit = current().max_values
    if count > limit:
        raise LimitError(f"{what} would need {count:,} values, more than the {limit:,} one table may hold; "
                         f"{hint('count', 'ask for fewer values ({})', web='ask for fewer values')}",
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
    limit = current().max_states
    if count > limit:
        raise LimitError(f"{what}: {count:,} values count as as many positions, more than "
                         f"{budget_of('max_states', limit)}; ask for fewer values{hint('max_states', ' or raise {}')}",
                         knob="max_states", limit=limit, needed=count)
    check_values(count, what, itemsize=8)


def bounded_options(options: Iterable[Any], where: Any) -> list:
    """The options of one position as a list, refusing a position with more than
    ``max_options`` moves (an endless generator stops here too)."""
    limit = current().max_options
    found = options if isinstance(options, list) else list(islice(options, limit + 1))
    if len(found) > limit:
        raise LimitError(f"position {shorten(repr(where))} has more than {limit:,} moves; "
                         "choose a smaller position (rules that never stop giving moves stop here too)",
                         knob="max_options", limit=limit)
    return found


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
