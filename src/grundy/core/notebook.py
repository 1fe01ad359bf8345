"""How results show in a notebook: one small HTML table, its cells escaped and cut short.

A result's ``_repr_html_`` gives its rows to :func:`html_table`; however large the position or the
explanation, the table stays a screenful (each cell at most :data:`CELL` characters).

>>> html_table([("rule", "G(n) < 3"), ("moves", "x" * 500)])[:62]
'<table><tr><th>rule</th><td>G(n) &lt; 3</td></tr><tr><th>moves'
>>> len(html_table([("moves", "x" * 10**6)])) < 400
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from grundy.core.limits import shorten

CELL = 300  # characters shown of one cell


def html_table(rows: Iterable[tuple[str, Any]]) -> str:
    """An HTML table of (label, value) rows, escaped, each value cut to :data:`CELL` characters."""
    body = "".join(f"<tr><th>{escape(str(label))}</th><td>{escape(shorten(str(value), CELL))}</td></tr>"
                   for label, value in rows)
    return f"<table>{body}</table>"
