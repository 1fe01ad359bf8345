"""A game's values, their period and the rule in them: the answers of ``grundy table``, ``period``
and ``pattern`` (objects for Python, plain data for ``--json`` and the web).

>>> table_data(require("subtraction:1,2", "table"), 20)["pattern"]["period"]
3
>>> period("subtraction:1,3,4").period
7
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from grundy.core.errors import CycleError, GrundyError
from grundy.core.loopy_solve import LOOPY_TABLE, LoopyTable, SmithValues, loopy_table, table_json
from grundy.core.ruleset import Ruleset, Shape, whole_count
from grundy.service.resolve import require

TABLE_SECONDS = 2.0  # the time a table gives the pattern finder
Values = Sequence[int] | np.ndarray  # values given as they are (a list or an array), not by a spec


def period(spec: Any, max_n: int | None = None, progress: Any = None, bounded: bool = False) -> Any:
    """The least preperiod and period of a heap game's values (or of values given as a list),
    proved where a theorem applies (:func:`grundy.patterns.period.find_period`, whose ``bounded``
    keeps the search within the state budget)."""
    from grundy.patterns.period import find_period

    target = spec if isinstance(spec, (list, tuple, np.ndarray)) else require(spec, "period")
    if max_n is not None:
        max_n = whole_count(max_n, "grundy.period(spec, max_n)", "max_n")
    if isinstance(target, Ruleset) and target.loopy:
        return loopy_period(target, max_n)
    try:
        return find_period(target, max_n=max_n, progress=progress, bounded=bounded)
    except CycleError:  # moves that return to a position: Smith's values, and no period sought among them
        return loopy_period(target, max_n)


def loopy_period(game: Ruleset, max_n: int | None) -> Any:
    """The answer of ``period`` for a heap game whose moves cycle: the table of its first ``max_n``
    Smith's values (:data:`~grundy.core.loopy_solve.LOOPY_TABLE` without one), and no period."""
    from grundy.core.limits import check_table

    game.require_heaps("a period")
    count = LOOPY_TABLE if max_n is None else max_n
    check_table(count, f"a table of {game.spec}")
    return LoopyTable(game.spec, game.first, loopy_table(game, count))


def pattern(spec: Any, max_n: int | None = None, progress: Any = None, seconds: float | None = None) -> Any:
    """The simplest rule that explains a game's values (or values given as a list), how far it was
    checked and whether a theorem proves it (:func:`grundy.patterns.pattern.find_pattern`)."""
    from grundy.patterns.pattern import find_pattern

    target = spec if isinstance(spec, (list, tuple, np.ndarray)) else require(spec, "pattern")
    if max_n is not None:
        max_n = whole_count(max_n, "grundy.pattern(game, max_n)", "max_n")
    return find_pattern(target, max_n=max_n, progress=progress, seconds=seconds)


def table_rule(game: Ruleset) -> Any:
    """The rule in a game's values, sought for a second or two (None where the shape has none)."""
    try:
        return pattern(game, seconds=TABLE_SECONDS)
    except GrundyError:
        return None


def table_parts(game: Ruleset, count: int) -> tuple[Any, Any, Any]:
    """The values of a table (G(0..count-1), from G(1) for coins numbered from 1, or the grid of pairs),
    its period (None for pairs, coin games numbered from 1 and short tables) and its rule (None where
    none was found)."""
    from grundy.core.limits import check_table
    from grundy.patterns.period import find_period

    if game.shape is Shape.PAIR:
        return game.value_grid(count), None, table_rule(game)
    check_table(count, f"a table of {game.spec}")
    try:
        values = loopy_values(game, count) if game.loopy else game.table(count)
    except CycleError:  # moves that return to a position: Smith's values (∞ entries), no period, no rule
        values = loopy_values(game, count)
    if isinstance(values, SmithValues):
        return values, None, None
    numbered_from_0 = game.first == 0  # periods are stated for G(0), G(1), ...; rules name their numbering
    pattern = find_period(game, max_n=count) if count >= 8 and numbered_from_0 else None
    return values, pattern, table_rule(game)


def draw_table(game: Ruleset, values: Any, pattern: Any, path: str) -> Any:
    """``grundy table --png FILE``: the values of a table (:func:`table_parts`) drawn, Smith's values
    (∞ entries in a band of their own) for a game whose moves cycle, else the scatter of Grundy values."""
    if isinstance(values, SmithValues):
        from grundy.patterns.plot_loopy import plot_loopy_values

        return plot_loopy_values(game.spec, values, path, first=game.first)
    from grundy.patterns.plot import plot_values

    return plot_values(game.spec, values, path, pattern, first=game.first)


def loopy_values(game: Ruleset, count: int) -> SmithValues:
    """Smith's values of a heap game whose moves cycle (:func:`~grundy.core.loopy_solve.loopy_table`)."""
    game.require_heaps("a table G(0..n-1)")
    return loopy_table(game, count)


def table_dict(game: Ruleset, count: int, values: Any, pattern: Any, rule: Any) -> dict[str, Any]:
    """The JSON of a table from its parts (:func:`table_parts`)."""
    if game.shape is Shape.PAIR:
        data: dict[str, Any] = {"spec": game.spec, "n": count, "first": list(game.first_pair), "values": values}
    else:
        smith = isinstance(values, SmithValues)  # a game whose moves cycle: ∞ entries as text
        shown = table_json(values) if smith else [int(v) for v in values]
        data = {"spec": game.spec, "n": count, "first": game.first, "values": shown}
        if smith:
            data["loopy"] = True
    if pattern is not None:
        data["pattern"] = pattern.to_dict()
    if rule is not None and rule.found:
        data["rule"] = rule.to_dict()
    return data


def table_data(game: Ruleset, count: int) -> dict[str, Any]:
    """``grundy table SPEC --max COUNT --json``: the values (a grid for pairs), their period and rule."""
    return table_dict(game, count, *table_parts(game, count))


def period_data(spec: Any, max_n: int | None = None) -> dict[str, Any]:
    """``grundy period SPEC --json``: the least preperiod and period, proved where a theorem applies."""
    return period(spec, max_n).to_dict()


def pattern_data(spec: Any, max_n: int | None = None, seconds: float | None = None) -> dict[str, Any]:
    """``grundy pattern SPEC --json``: the simplest rule of the values, how far checked, whether proved."""
    return pattern(spec, max_n, seconds=seconds).to_dict()
