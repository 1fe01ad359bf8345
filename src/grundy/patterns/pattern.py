"""Print the table, find the pattern (打表找规律): the simplest rule that explains a game's values.

:func:`find_pattern` grows a table of values (G(0..n-1), or G(a, b) for a, b < n) by doubling
until the rule it finds is the same over a doubling, a theorem proves it, or the budget ends; it
tries the families of :mod:`~grundy.patterns.line`, :mod:`~grundy.patterns.positions` and
:mod:`~grundy.patterns.plane`, simplest first, and accepts a rule only if it fits every value
computed and states far fewer numbers than the table holds. A rule from data alone is a
conjecture and says so; ``proved`` is True only where a theorem covers it (a periodicity theorem
for the values seen, or a closed form the ruleset proves).

>>> import grundy
>>> p = find_pattern(grundy.ruleset("subtraction:1,3,4"))
>>> p.found, p.proved, p.rule
(True, True, 'G(n + 7) = G(n) for n ≥ 0: one period G(0..6) = 0, 1, 0, 1, 2, 3, 2. P-positions: n ≡ 0, 2 (mod 7)')
>>> p.value(10**30), p.is_p(10**30 + 6)          # 10^30 ≡ 1 (mod 7)
(1, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.core import limits, progress, words
from grundy.core.errors import ComponentError, GrundyError, Interrupted, TableWorkError
from grundy.core.notebook import html_table
from grundy.core.ruleset import Ruleset, Shape, is_natural
from grundy.patterns.line import periodic_rule, value_rule
from grundy.patterns.period import IN_SIGHT, find_period
from grundy.patterns.periodicity import far_heaps
from grundy.patterns.plane import grid_rule
from grundy.patterns.positions import position_rule
from grundy.patterns.rule import Rule

FIRST = {1: 64, 2: 16}  # the first table: values, or the side of a square
STABLE = {1: 256, 2: 32}  # a guess counts as stable over a doubling only from this size
DEFAULT_MAX = {1: 1 << 16, 2: 256}  # the largest table when no max_n is given
CLOSED_SIZE = {1: 1024, 2: 64}  # the table that puts a proved closed form in words
DEFAULT_SECONDS = 5.0  # the time the default growth may take (a few seconds)
TRIED = {
    1: "periodic and arithmetic-periodic values, bit rules of n + c (ν₂, 2^ν₂, popcount and its parity, "
       "bit length, odious and evil numbers, ⌊√n⌋, triangular root); P-positions as a periodic set, a "
       "polynomial, a linear recurrence (order ≤ 6) or a Beatty sequence ⌊kα⌋ + c",
    2: "G(a, b) = f(a) ∘ g(b) for ∘ in xor, +, + mod k, min; values periodic in a and b; P-positions "
       "as a = b or f(a) = f(b), on a few diagonals, periodic in a and b, or Beatty pairs (⌊kα⌋, ⌊kβ⌋)",
}


@dataclass
class Pattern:
    """What :func:`find_pattern` found: the rule, how far it was checked, whether a theorem proves it.

    ``value(c)`` and ``is_p(c)`` answer for any component however large, from the rule (None
    from ``value`` when the rule describes the P-positions only); with no rule found they answer
    inside the table and raise :class:`~grundy.core.errors.GrundyError` past it.
    """

    spec: str
    found: bool
    kind: str
    rule: str
    proved: bool
    reason: str
    checked_up_to: int
    dimensions: int  # 1: heaps n; 2: pairs (a, b)
    values: np.ndarray = field(repr=False)  # the table: G(0..n-1), or G(a, b) for a, b < n (-1: not a position)
    positions_only: bool = field(default=False, repr=False)  # the table marks P-positions (0) and others (1)
    predict: Rule | None = field(default=None, repr=False)

    def value(self, component: Any) -> int | None:
        """The Grundy value of ``component`` (a heap, or a pair for a 2-D game: ``(3, 5)`` or
        ``"3,5"``) by the rule."""
        c = self._component(component)
        if self.predict is not None:
            return None if self.predict.value is None else int(self.predict.value(c))
        return None if self.positions_only else self._looked_up(c)

    def is_p(self, component: Any) -> bool:
        """Whether ``component`` alone is a P-position (the player to move loses) by the rule."""
        c = self._component(component)
        if self.predict is not None:
            return bool(self.predict.is_p(c))
        return self._looked_up(c) == 0

    def _looked_up(self, c: Any) -> int:
        inside = c < self.checked_up_to if self.dimensions == 1 else max(c) < self.checked_up_to
        if not inside:
            raise GrundyError(f"no pattern was found for {self.spec}: {self._shown(c)} lies past the table checked "
                              f"(< {self.checked_up_to:,}); {words.knob('solve')} computes it from the rules")
        found = int(self.values[c] if self.dimensions == 1 else self.values[c[0], c[1]])
        if found < 0:
            raise ComponentError(f"{self._shown(c)} is not a position of {self.spec}")
        return found

    def _component(self, component: Any) -> Any:
        if self.dimensions == 2 and isinstance(component, str):  # "3,5", as the command line writes a pair
            parts = [part.strip() for part in component.split(",")]
            if len(parts) == 2 and all(part.isascii() and part.isdigit() for part in parts):
                component = (int(parts[0]), int(parts[1]))
        if self.dimensions == 1 and is_natural(component):
            return int(component)
        if (self.dimensions == 2 and isinstance(component, (tuple, list)) and len(component) == 2
                and all(is_natural(x) for x in component)):
            return (int(component[0]), int(component[1]))
        wanted = "a non-negative integer" if self.dimensions == 1 else "a pair of non-negative integers (a, b)"
        raise ComponentError(f"{limits.shorten(repr(component))} is not a component of {self.spec}: expected {wanted}")

    def _shown(self, c: Any) -> str:
        return f"G({c})" if self.dimensions == 1 else f"G({c[0]}, {c[1]})"

    def to_dict(self) -> dict[str, Any]:
        return {"spec": self.spec, "found": self.found, "kind": self.kind, "rule": self.rule, "proved": self.proved,
                "reason": self.reason, "checked_up_to": self.checked_up_to}

    def __str__(self) -> str:
        if not self.found:
            return f"{self.spec}: no pattern found ({self.reason})\n{self.rule}"
        status = "proved" if self.proved else "conjecture"
        return f"{self.spec}: {self.rule}\n[{self.kind}; {status}] {self.reason}"

    def _repr_html_(self) -> str:
        return html_table(self.to_dict().items())


def find_pattern(game: Ruleset | Sequence[int] | np.ndarray, max_n: int | None = None,
                 progress: Callable[[int, int], Any] | None = None, seconds: float | None = None) -> Pattern:
    """Find the simplest rule for a game's values, say how far it was checked and whether it is proved.

    Parameters
    ----------
    game:
        A ruleset whose components are heaps or pairs of integers (a user game made with
        ``@grundy.impartial`` or ``@grundy.impartial(arity=2)`` too), or a sequence of values
        G(0), G(1), ... (then a rule can only be a conjecture).
    max_n:
        Check the rule against this many values (heaps 0..max_n-1; pairs with a, b < max_n).
        Default: grow the table by doubling until the rule is the same over a doubling, up to
        2^16 values (a 256 × 256 table for pairs) or a few seconds.
    progress:
        Optional callable ``progress(size, max_size)`` called as the table grows.
    seconds:
        The time the default growth may take (default 5); ignored when ``max_n`` is given.

    Returns
    -------
    Pattern
        ``found``, ``kind``, ``rule``, ``proved``, ``reason``, ``checked_up_to`` and the exact
        predictors ``value(c)`` and ``is_p(c)``.

    Raises
    ------
    GrundyError
        A game whose components are not heaps or pairs, or a table past the budget.
    Interrupted
        On Ctrl-C; its ``partial`` is the :class:`Pattern` of the values computed so far.

    Examples
    --------
    >>> import grundy
    >>> @grundy.impartial
    ... def at_most_half(n):                  # take at least one and at most half of the heap
    ...     return [n - k for k in range(1, n // 2 + 1)]
    >>> p = find_pattern(at_most_half)
    >>> p.rule, p.proved, p.is_p(2**100 - 1)
    ('P-positions: n = 2^k − 1 (k ≥ 0)', False, True)
    >>> find_pattern([0, 1, 0, 1, 2] * 10).rule
    'G(n + 5) = G(n) for n ≥ 0: one period G(0..4) = 0, 1, 0, 1, 2. P-positions: n ≡ 0, 2 (mod 5)'

    Reference: the tutorials' method of 打表找规律 (print the SG table, find the rule); Winning
    Ways ch. 4 (periodicity); Fraenkel, "Complementing and exactly covering sequences" (Beatty pairs).
    """
    if isinstance(game, (list, tuple, np.ndarray)):
        return _of_sequence(np.asarray(game, dtype=np.int64))
    dims = _dimensions(game)
    if game.closed_form is not None or game.known_period() is not None:
        return _closed(game, dims, max_n)
    return _grown(game, dims, max_n, progress, DEFAULT_SECONDS if seconds is None else seconds)


def _dimensions(game: Ruleset) -> int:
    if game.shape is Shape.HEAP:
        return 1
    if game.shape is Shape.PAIR:
        return 2
    if game.shape is Shape.PILES and game.closed_form is not None:
        return 1  # one number alone: a heap at the start (Fibonacci Nim's first move)
    raise ComponentError(f"a pattern needs components that are heap sizes or pairs of integers; {game.spec} has "
                         f"{game.component_kind}")


def _of_sequence(values: np.ndarray) -> Pattern:
    n = len(values)
    if values.ndim != 1 or n == 0:
        raise GrundyError("a sequence of values must be a non-empty list of integers")
    rule, _ = _analysed(values, 1, None, positions_only=False)
    return _made("sequence", 1, values, rule, n, proof=None)


def _closed(game: Ruleset, dims: int, max_n: int | None) -> Pattern:
    """A ruleset whose closed form a theorem proves: the rule in words from a table, the
    predictions from the closed form itself."""
    n = CLOSED_SIZE[dims] if max_n is None else max_n
    _check_size(game, dims, n)
    known = game.known_period()
    positions_only = game.closed_form == "P-positions"
    table = _table(game, dims, n, positions_only)
    found, _ = _analysed(table, dims, None, positions_only)

    def closed_p(c: Any) -> bool:
        if positions_only:
            verdict = game.position_rule([game.validate(c)])
            return verdict is not None and verdict.outcome == "P"
        return game.grundy(c) == 0

    def closed_value(c: Any) -> int:
        return game.grundy(c)

    theorem = f"closed form: {known[3]}" if known is not None else game.value_rule
    agrees = found is not None and (positions_only or found.value is not None) and all(
        found.is_p(c) == closed_p(c) and (positions_only or found.value is None or found.value(c) == closed_value(c))
        for c in _far(dims))
    kind, text = (found.kind, found.text) if agrees and found is not None else ("closed form", game.value_rule)
    predict = Rule(kind, text, 0, None if positions_only else closed_value, closed_p)
    reason = f"proved: {theorem}; the table agrees for all {_range(dims, n)}"
    return Pattern(game.spec, True, kind, text, True, reason, n, dims, table, positions_only, predict)


def _far(dims: int) -> list[Any]:
    heaps = far_heaps()  # the heaps the period search checks a closed form's period at, too
    return heaps if dims == 1 else [(a, b) for a in heaps[::5] for b in heaps[1::5]]


def _grown(game: Ruleset, dims: int, max_n: int | None, progress: Any, seconds: float) -> Pattern:
    """Double the table until the rule is proved, stable over a doubling, or the budget ends."""
    proof = game.period_proof() if dims == 1 else None
    most = max_n if max_n is not None else DEFAULT_MAX[dims]
    _check_size(game, dims, most)
    n = min(FIRST[dims], most)
    began = time.monotonic()
    previous: Rule | None = None
    last_cost = growth = 0.0
    stopped = False
    table = np.zeros((0,) * dims, dtype=np.int64)  # the last table computed whole
    try:
        while True:
            start = time.monotonic()
            try:
                table = _table(game, dims, n, positions_only=False)
            except TableWorkError as stop:  # the kernel's work budget ended: keep the values finished
                if stop.done < FIRST[dims]:
                    raise
                n, stopped = stop.done, True
                table = _table(game, dims, n, positions_only=False)
            rule, proved = _analysed(table, dims, proof, False, game.arithmetic_periodic)
            cost = time.monotonic() - start
            growth = max(cost / last_cost if last_cost > 0 else 2.0 ** dims, 2.0)
            last_cost = cost
            if progress is not None:
                progress(n, most)
            if proved or stopped or n >= most or (table < 0).any():  # holes: no family applies, however far
                break
            if max_n is None:
                stable = rule is not None and previous is not None and rule.text == previous.text
                if stable and n >= STABLE[dims]:
                    break
                if time.monotonic() - began + cost * growth > seconds:
                    break
            previous = rule
            n = min(2 * n, most)
    except KeyboardInterrupt as stop:  # Ctrl-C: the rule of the values computed so far
        partial = getattr(stop, "partial", None)
        if isinstance(partial, np.ndarray) and len(partial) > len(table):
            table = partial
        raise Interrupted(_interrupted(game, dims, table, proof)) from None
    if proof is not None and not proved and not stopped:
        rule, table, proved = _by_period(game, proof[0], most, rule, table)
        n = len(table)
    return _made(game.spec, dims, table, rule, n, proof if proved else None)


def _by_period(game: Ruleset, proof: tuple[int, int, int], most: int, rule: Rule | None,
               table: np.ndarray) -> tuple[Rule | None, np.ndarray, bool]:
    """Where the table grown here stopped short of the periodicity theorem for the period in sight,
    and its proof needs at most one more doubling (and ``most`` values), the period search's
    answer over exactly the values the proof needs: a proved period is the proved periodic rule,
    as ``grundy period`` says; else (or with no period in sight) the rule the table showed."""
    from grundy.kernels.period import least_period

    n = len(table)
    candidate = least_period(table, None, saltus_allowed=game.arithmetic_periodic, share=IN_SIGHT, periods=1)
    if candidate is None:
        return rule, table, False
    (a, b, c), (p, n0, _) = proof, candidate
    needed = a * max(n0, 1) + b * p + c  # as the period search counts it
    if needed > min(most, 2 * n):
        return rule, table, False
    found = find_period(game, max_n=max(needed, n))
    if not found.proved or found.period is None:
        return rule, table, False
    values = np.asarray(found.values, dtype=np.int64)
    return periodic_rule(values, found.period, found.preperiod, found.saltus), values, True


def _interrupted(game: Ruleset, dims: int, table: np.ndarray, proof: tuple | None) -> Pattern:
    """The pattern of the values computed when Ctrl-C stopped the search (its reason says so)."""
    n = len(table)
    count = n if dims == 1 else n * n
    why = f"interrupted after {count:,} values"
    if n == 0:
        return Pattern(game.spec, False, "none", "no pattern sought: no value was computed", False, why, 0, dims,
                       table)
    rule, proved = _analysed(table, dims, proof, False, game.arithmetic_periodic)
    found = _made(game.spec, dims, table, rule, n, proof if proved else None)
    found.reason += f"; {why}"
    return found


def _check_size(game: Ruleset, dims: int, most: int) -> None:
    if dims == 1:
        limits.check_table(most, f"a pattern search of {game.spec}")
    else:
        limits.check_values(most * most, f"a {most} × {most} pattern search of {game.spec}", itemsize=40)


def _table(game: Ruleset, dims: int, n: int, positions_only: bool) -> np.ndarray:
    """G(0..n-1) or the square G(a, b), a, b < n (-1 where a pair is not a position); with
    ``positions_only``, 0 for a P-position and 1 for any other."""
    if dims == 1 and game.shape is Shape.HEAP and not positions_only:
        try:
            return np.asarray(game.values(n), dtype=np.int64)
        except ComponentError:
            pass  # some heap is not a position (coins numbered from 1): value them one by one
        except Interrupted as stop:  # a game valued heap by heap (--rules) keeps the values it finished
            if isinstance(stop.partial, list):
                raise Interrupted(np.array(stop.partial, dtype=np.int64)) from None
            raise
    cells: list[Any] = list(range(n)) if dims == 1 else [(a, b) for a in range(n) for b in range(n)]

    def cell_value(i: int) -> int:
        try:
            c = game.validate(cells[i])
            if positions_only:
                verdict = game.position_rule([c])
                return 0 if verdict is not None and verdict.outcome == "P" else 1
            return game.grundy(c)
        except ComponentError:
            return -1  # not a position of this game (a hole in the table)

    try:
        table = np.array(progress.tabulate(cell_value, len(cells)), dtype=np.int64)
    except Interrupted as stop:  # Ctrl-C: the whole rows computed, as a square for pairs
        done = np.array(stop.partial, dtype=np.int64)
        rows = len(done) // n if dims == 2 else 0
        raise Interrupted(done if dims == 1 else done[:rows * n].reshape(rows, n)[:, :rows]) from None
    return table if dims == 1 else table.reshape(n, n)


def _analysed(table: np.ndarray, dims: int, proof: tuple | None, positions_only: bool,
              arithmetic: bool = False) -> tuple[Rule | None, bool]:
    """The simplest rule for the table, and whether the periodicity theorem ``proof`` proves it."""
    from grundy.kernels.period import least_period

    n = len(table)
    if (table < 0).any():
        return None, False  # some pairs are not positions: no rule of these families covers the holes
    if dims == 2:
        rule = grid_rule(table, values=not positions_only)
        return (rule if rule is not None and rule.size * 4 <= n * n else None), False
    if proof is not None:
        found = least_period(table, proof[0], saltus_allowed=arithmetic)
        if found is not None:
            return periodic_rule(table, *found), True
    rule = None if positions_only else value_rule(table)
    if rule is None or rule.size * 4 > n:
        rule = position_rule(np.flatnonzero(table == 0), n)
    return (rule if rule is not None and rule.size * 4 <= n else None), False


def _first_hole(table: np.ndarray) -> str:
    where = np.argwhere(table < 0)[0]
    return ",".join(str(int(x)) for x in where)


def _range(dims: int, n: int) -> str:
    return f"n < {n:,}" if dims == 1 else f"a, b < {n:,}"


def _made(spec: str, dims: int, table: np.ndarray, rule: Rule | None, n: int, proof: tuple | None) -> Pattern:
    if rule is None:
        text, why = f"no pattern found: tried {TRIED[dims]}", f"no rule fits all {_range(dims, n)}"
        if (table < 0).any():
            why = f"the table of {_range(dims, n)} has holes"
            text = (f"no pattern sought: some {'heaps' if dims == 1 else 'pairs'} of the table are not positions of "
                    f"{spec} (e.g. {_first_hole(table)}), and every family needs the whole table")
        return Pattern(spec, False, "none", text, False, why, n, dims, table)
    if proof is not None:
        reason = f"proved: {proof[1]}; checked for all {_range(dims, n)}"
    else:
        data = f"{n:,} values" if dims == 1 else f"{n * n:,} values"
        reason = (f"conjecture: checked for all {_range(dims, n)}; the rule states {rule.size} numbers "
                  f"against {data}")
    return Pattern(spec, True, rule.kind, rule.text, proof is not None, reason, n, dims, table, False, rule)
