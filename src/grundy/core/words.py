"""How a message names a setting for its reader: the command line's option (``--max-states``), the
Python setting (``max_states (grundy.budget(max_states=...))``), or the web explorer's own words
(its user cannot change its limits: its messages say what they are instead).

The reader is the :func:`audience` in force: ``"python"`` by default, ``"cli"`` while
:func:`command_line` is in force (the ``grundy`` command), or ``"web"``. A message is worded as it is
made, so no door rewords another's.

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
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import NamedTuple

from grundy.core.errors import GrundyError
from grundy.core.limits import current, format_size


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
    "expr": _Knob("--expr", "expr", "", "expr"),  # a value written out ('{1|-1}'), for grundy value
    "for": _Knob("--for", "player", "", "for"),  # the player whose winning moves grundy value lists
    "pattern": _Knob("'grundy pattern ... --at N'", "grundy.pattern(game).value(n)", ""),  # a rule found in the values
    "misere": _Knob("'grundy misere SPEC --max-heap N --outcome H1,H2,...'",  # a misère quotient's answers
                    "grundy.misere_quotient(spec, max_heap).outcome(heaps)", "", "'grundy misere'"),
    "max_heap": _Knob("--max-heap", "max_heap", "", "max_heap"),  # the heaps a misère quotient covers
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


_audience: ContextVar[Audience | None] = ContextVar("grundy_audience", default=None)  # None: Python's


def _reader() -> Audience:
    """The audience in force."""
    return _audience.get() or Audience()


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
