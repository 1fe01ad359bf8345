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


HEAPS = 16  # values of a heap game shown in a notebook
GRID = 8  # rows and columns of a game of pairs shown in a notebook
OUTCOME_WORDS = {"L": "L: Left wins, whoever starts", "R": "R: Right wins, whoever starts",
                 "N": "N: the player to move wins", "P": "P: the player to move loses"}


def ruleset_html(ruleset: Any) -> str:
    """A ruleset in a notebook: its name and positions over a small table of its values, G(n) for the
    first :data:`HEAPS` heaps or G(a, b) for a, b < :data:`GRID` (a ruleset without such a table, or
    whose values do not fit the work budget, says so in one line).

    >>> import grundy
    >>> ruleset_html(grundy.ruleset("nim")).endswith("<th>G(n)</th><td>0</td><td>1</td><td>2</td><td>3</td>"
    ...                                              "<td>4</td><td>5</td><td>6</td><td>7</td><td>8</td><td>9</td>"
    ...                                              "<td>10</td><td>11</td><td>12</td><td>13</td><td>14</td>"
    ...                                              "<td>15</td></tr></table>")
    True
    """
    from grundy.core.errors import GrundyError

    head = html_table([("ruleset", ruleset.spec), ("positions", getattr(ruleset, "component_kind", "positions"))])
    try:
        return head + _value_table(ruleset)
    except GrundyError as exc:
        return head + f"<p>{escape(shorten(str(exc), CELL))}</p>"


def _value_table(ruleset: Any) -> str:
    """The values as an HTML table: one row of G(n) under its heaps, or a grid of G(a, b)."""
    shape = getattr(getattr(ruleset, "shape", None), "name", "")
    if shape == "PAIR":
        a0, b0 = ruleset.first_pair
        rows = ruleset.value_grid(GRID)
        top = "<tr><th>a \\ b</th>" + "".join(f"<th>{b0 + b}</th>" for b in range(GRID)) + "</tr>"
        body = "".join(f"<tr><th>{a0 + a}</th>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>"
                       for a, row in enumerate(rows))
        return f"<table>{top}{body}</table>"
    if not hasattr(ruleset, "table"):
        return ("<p>a partizan ruleset: its positions have canonical values, not Grundy values "
                "(grundy value SPEC POSITION)</p>")
    first = ruleset.first
    values = ruleset.table(HEAPS)
    heaps = "".join(f"<th>{first + n}</th>" for n in range(len(values)))
    cells = "".join(f"<td>{escape(str(v))}</td>" for v in values)
    return f"<table><tr><th>n</th>{heaps}</tr><tr><th>G(n)</th>{cells}</tr></table>"


def game_html(game: Any) -> str:
    """A combinatorial game's value in a notebook: the value, its outcome in words, stops, mean and
    temperature.

    >>> from grundy.cgt.notation import parse
    >>> game_html(parse("{3|1}"))[:80]
    '<table><tr><th>value</th><td>{3|1}</td></tr><tr><th>outcome</th><td>L: Left wins'
    """
    rows = [("value", game), ("outcome", OUTCOME_WORDS.get(str(game.outcome), game.outcome))]
    for label, name in (("left stop", "left_stop"), ("right stop", "right_stop"), ("mean", "mean"),
                        ("temperature", "temperature")):
        value = getattr(game, name, None)
        if value is not None:
            rows.append((label, value))
    return html_table(rows)
