"""How the web explorer words what it reads and what went wrong: yes-or-no parameters, and the JSON
of an error, with the advice its user can follow (the explorer's own limits cannot be raised there).

>>> flag_of("misere", "yes"), flag_of("misere", 0)
(True, False)
"""

from __future__ import annotations

import json
from typing import Any

from grundy.core import limits, words
from grundy.core.errors import GrundyError, LimitError

SMALLER = {"max_states": "choose a smaller position"}  # what the web's user can do within its budget


class BadRequest(GrundyError):
    """A request the API cannot read (a missing or malformed parameter)."""


class NotFound(GrundyError):
    """A game id or a problem the server does not hold (a 404)."""


def flag_of(name: str, value: object) -> bool:
    """A yes-or-no parameter: 1, "1", "true", "yes", "on" or JSON true; 0, "0", "false", "no",
    "off", "" or JSON false; else :class:`BadRequest`."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (str, int)):
        text = str(value).strip().lower()
        if text in ("", "0", "false", "no", "off"):
            return False
        if text in ("1", "true", "yes", "on"):
            return True
    shown = repr(str(value).strip().lower()) if isinstance(value, str) else json.dumps(value)
    raise BadRequest(f"{name} is 1 or 0 (true or false), not {limits.shorten(shown)}")


def advice(exc: GrundyError) -> str:
    """The error's one line, and where it only names the explorer's limit (``(this explorer's limit
    is 1,000)``), what its user can do: a smaller position, or the grundy command with its option.

    >>> advice(LimitError("the general solver stopped after 11 states (this explorer's limit is 10)",
    ...                   knob="max_states", limit=10))
    "the general solver stopped after 11 states (this explorer's limit is 10): choose a smaller position, \
or use the grundy command with --max-states"
    """
    line = " ".join(str(exc).split())
    if not isinstance(exc, LimitError) or exc.knob not in SMALLER or exc.limit is None:
        return line
    with words.audience("web"):
        bare = f"({words.limit_is(exc.knob, exc.limit)})"
    if not line.endswith(bare):
        return line  # the message says already what to do
    return f"{line}: {SMALLER[exc.knob]}, or {words.WEB_ELSEWHERE} with {words.option(exc.knob)}"


def error_data(exc: GrundyError) -> dict[str, Any]:
    """The JSON of an error: its one line (:func:`advice`), and for a limit which setting it was, its
    value and what was needed (:meth:`LimitError.fields`).

    >>> error_data(LimitError("more than 9 positions were needed", knob="max_states", limit=9))
    {'error': 'more than 9 positions were needed', 'knob': 'max_states', 'limit': 9, 'needed': None}
    """
    return {"error": advice(exc), **(exc.fields() if isinstance(exc, LimitError) else {})}
