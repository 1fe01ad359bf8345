"""Print the table, find the pattern (打表找规律): the simplest rule that explains a game's values.

:func:`find_pattern` grows a table of values (G(0..n-1), or G(a, b) for a, b < n) by doubling
until a theorem proves its rule, or the rule is the same over a doubling with the game's moves in
sight (the table several times the largest move seen from its last positions), or the budget
ends. It tries the rules of :mod:`~grundy.patterns.line`, :mod:`~grundy.patterns.positions` and
:mod:`~grundy.patterns.plane` that fit every value computed, simplest first, and states one only if
it is far shorter than the table, its exception list does not grow with the table, and it holds
at points far past the table by the game's own moves (:mod:`~grundy.patterns.selfcheck`); where
every rule that fits fails far out, the table grows on. A rule from data alone is a conjecture
and says so; ``proved`` is True only where a theorem covers it (a periodicity theorem for the
values seen, or a closed form the ruleset proves). The reason gives the self-check's figures.

>>> import grundy
>>> p = find_pattern(grundy.ruleset("subtraction:1,3,4"))
>>> p.found, p.proved, p.rule
(True, True, 'G(n + 7) = G(n) for n ≥ 0: one period G(0..6) = 0, 1, 0, 1, 2, 3, 2. P-positions: n ≡ 0, 2 (mod 7)')
>>> p.value(10**30), p.is_p(10**30 + 6)          # 10^30 ≡ 1 (mod 7)
(1, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from itertools import chain
from typing import Any

import numpy as np

from grundy.core import limits, progress
from grundy.core.errors import ComponentError, GrundyError, Interrupted, TableWorkError
from grundy.core.ruleset import Ruleset, Shape
from grundy.patterns.line import periodic_rule, value_rules
from grundy.patterns.period import IN_SIGHT, find_period, proof_numbers
from grundy.patterns.periodicity import far_heaps
from grundy.patterns.plane import grid_rules
from grundy.patterns.positions import position_rules
from grundy.patterns.rule import Pattern, Rule, SelfCheck
from grundy.patterns.selfcheck import self_check
from grundy.patterns.vetting import Vetting, reach

__all__ = ["Pattern", "find_pattern"]  # Pattern, the answer, is a record of patterns.rule

FIRST = {1: 64, 2: 16}  # the first table: values, or the side of a square
WARM = {1: 16, 2: 12}  # the table computed first, outside the budget, to load the kernels (loading is not work)
STABLE = {1: 256, 2: 32}  # a guess counts as stable over a doubling only from this size
DEFAULT_MAX = {1: 1 << 16, 2: 256}  # the largest table when no max_n is given
CLOSED_SIZE = {1: 1024, 2: 64}  # the table that puts a proved closed form in words
DEFAULT_SECONDS = 5.0  # the CPU time the default growth may take (a few seconds; CPU, so a loaded machine gets as far)
TRIED = {
    1: "periodic and arithmetic-periodic values, bit rules of n + c (ν₂, 2^ν₂, popcount and its parity, "
       "bit length, odious and evil numbers, ⌊√n⌋, triangular root), values or P-sets through ν₂, ν₃ and the "
       "Zeckendorf sum (smallest part, number of parts) of n + c; P-positions as a periodic set, a polynomial, "
       "a linear recurrence (order ≤ 6), a recurrence p' = ⌊c·p⌋ + d or a Beatty sequence ⌊kα⌋ + c",
    2: "G(a, b) = f(a) ∘ g(b) for ∘ in xor, +, + mod k, min; values periodic in a and b; G = f(h) for h in "
       "|a − b|, min, max, a + b, and f(min) xor/+ g(|a − b|); blocks k·(⌊a/k⌋ xor ⌊b/k⌋) + T[a mod k][b mod k] "
       "(k ≤ 8); P-positions as a = b or f(a) = f(b), on a few diagonals, periodic in a and b, Beatty pairs "
       "(⌊kα⌋, ⌊kβ⌋), h(a, b) in a 1-D P-set, generalized Wythoff pairs B_n = c·A_n + d·n + e (A_n the mex; "
       "shifted, mirrored or in one order), or b < 2^ν₂(a) and its kin (take at most j times the last take)",
}


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
        Default: grow the table by doubling until the rule is the same over a doubling with the
        game's moves in sight, up to 2^16 values (a 256 × 256 table for pairs) or a few seconds
        of work (loading the kernels in a fresh process is not counted).
    progress:
        Optional callable ``progress(size, max_size)`` called as the table grows.
    seconds:
        The CPU time the default growth may take (default 5 s); ignored when ``max_n`` is given.

    Returns
    -------
    Pattern
        ``found``, ``kind``, ``rule``, ``proved``, ``reason``, ``checked_up_to``, ``self_check``
        (the figures of the check far out) and the exact predictors ``value(c)`` and ``is_p(c)``.

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
    return _made("sequence", 1, values, rule, n, None, notes=["not self-checked: a list of values has no moves"])


def _closed(game: Ruleset, dims: int, max_n: int | None) -> Pattern:
    """A ruleset whose closed form a theorem proves: the rule in words from a table, the
    predictions from the closed form itself (self-checked against the moves far out too)."""
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
    check = None
    if game.shape in (Shape.HEAP, Shape.PAIR):
        check = self_check(game, predict, n, dims, reach=reach(game, dims, n))
        reason += f"; {check.words()}"
    else:
        reason += f"; not self-checked: a position of {game.spec} is more than one number"
    return Pattern(game.spec, True, kind, text, True, reason, n, dims, table, positions_only, predict, check)


def _far(dims: int) -> list[Any]:
    heaps = far_heaps()  # the heaps the period search checks a closed form's period at, too
    return heaps if dims == 1 else [(a, b) for a in heaps[::5] for b in heaps[1::5]]


def _grown(game: Ruleset, dims: int, max_n: int | None, progress: Any, seconds: float) -> Pattern:
    """Double the table until a rule that passes every check (:class:`Vetting`: the self-check far
    out among them) is proved, or stable over a doubling with the game's moves in sight, or the
    budget ends. Where every rule that fits fails far out, the table grows on."""
    proof = game.period_proof() if dims == 1 else None
    most = max_n if max_n is not None else DEFAULT_MAX[dims]
    _check_size(game, dims, most)
    n = min(FIRST[dims], most)
    vet = Vetting(game, dims)
    previous = proved_rule = rule = check = None
    proved_by = ""  # the theorem and its numbers, as 'grundy period' says them, where one proves proved_rule
    last_cost = 0.0
    stopped = False
    table = np.zeros((0,) * dims, dtype=np.int64)  # the last table computed whole
    try:
        _warm(game, dims)
        began = time.process_time()  # the budget counts the work from here: loading kernels is not work
        while True:
            start = time.process_time()
            table, n, stopped = _table_in_budget(game, dims, n)
            rules, proved_rule, proved_by = _candidates(table, dims, proof, game.arithmetic_periodic)
            vet.new_table(n, rules, _period(table) if dims == 1 else None)
            rule = vet.first()
            cost = time.process_time() - start
            growth = max(cost / last_cost if last_cost > 0 else 2.0 ** dims, 2.0)
            last_cost = cost
            if progress is not None:
                progress(n, most)
            room = max_n is not None or time.process_time() - began + cost * growth <= seconds
            can_grow = room and not stopped and n < most and not (table < 0).any()
            stable = rule is not None and previous is not None and rule.text == previous.text
            settled = rule is not None and (rule is proved_rule or (
                max_n is None and stable and n >= STABLE[dims] and vet.in_sight()))
            if settled or not can_grow:
                first, (rule, check) = rule, vet.checked()
                if not can_grow or (rule is not None and rule is first):
                    break  # else the failure far out is a reason to look further (a later rule must be stable too)
            previous = rule
            n = min(2 * n, most)
    except KeyboardInterrupt as stop:  # Ctrl-C: the rule of the values computed so far
        partial = getattr(stop, "partial", None)
        if isinstance(partial, np.ndarray) and len(partial) > len(table):
            table = partial
        raise Interrupted(_interrupted(game, dims, table, proof)) from None
    notes = vet.notes(rule is not None)
    proved = rule is not None and rule is proved_rule
    if proof is not None and not proved and not stopped:
        found, longer, proved_by = _by_period(game, proof[0], most, rule, table)
        better = vet.check(found) if proved_by and found is not None else None
        if better is not None and better.passed:
            rule, check, table = found, better, longer
        proved = better is not None and better.passed
        n = len(table)
    return _made(game.spec, dims, table, rule, n, proved_by if proved else None, check, notes)


def _warm(game: Ruleset, dims: int) -> None:
    """A tiny table and every family on it: the kernels load here, outside the budget (a cold
    process then reaches the table a warm one does)."""
    tiny = _table(game, dims, WARM[dims], positions_only=False)
    if not (tiny < 0).any():
        for _ in _candidates(tiny, dims, None)[0]:
            pass
        if dims == 1:
            _period(tiny)


def _table_in_budget(game: Ruleset, dims: int, n: int) -> tuple[np.ndarray, int, bool]:
    """The table of side ``n``, or the values finished when the kernel's work budget ended (and True)."""
    try:
        return _table(game, dims, n, positions_only=False), n, False
    except TableWorkError as stop:  # the kernel's work budget ended: keep the values finished
        if stop.done < FIRST[dims]:
            raise
        return _table(game, dims, stop.done, positions_only=False), stop.done, True


def _period(table: np.ndarray) -> int | None:
    """The period of a table of values (or of its P-positions), where one is seen: the self-check's
    far points sit at its multiples."""
    from grundy.kernels.period import least_period

    if len(table) < 8:
        return None
    for seq in (table, (table == 0).astype(np.int64)):
        found = least_period(np.ascontiguousarray(seq, dtype=np.int64), None, saltus_allowed=True)
        if found is not None:
            return int(found[0])
    return None


def _by_period(game: Ruleset, proof: tuple[int, int, int], most: int, rule: Rule | None,
               table: np.ndarray) -> tuple[Rule | None, np.ndarray, str]:
    """Where the table grown here stopped short of the periodicity theorem for the period in sight,
    and its proof needs at most one more doubling (and ``most`` values), the period search's
    answer over exactly the values the proof needs: a proved period is the proved periodic rule, with
    the search's reason (theorem and numbers); else (or with no period in sight) the table's rule and ""."""
    from grundy.kernels.period import least_period

    n = len(table)
    candidate = least_period(table, None, saltus_allowed=game.arithmetic_periodic, share=IN_SIGHT, periods=1)
    if candidate is None:
        return rule, table, ""
    (a, b, c), (p, n0, _) = proof, candidate
    needed = a * max(n0, 1) + b * p + c  # as the period search counts it
    if needed > min(most, 2 * n):
        return rule, table, ""
    found = find_period(game, max_n=max(needed, n))
    if not found.proved or found.period is None:
        return rule, table, ""
    values = np.asarray(found.values, dtype=np.int64)
    return periodic_rule(values, found.period, found.preperiod, found.saltus), values, found.reason


def _interrupted(game: Ruleset, dims: int, table: np.ndarray, proof: tuple | None) -> Pattern:
    """The pattern of the values computed when Ctrl-C stopped the search (its reason says so)."""
    n = len(table)
    count = n if dims == 1 else n * n
    why = f"interrupted after {count:,} values"
    if n == 0:
        return Pattern(game.spec, False, "none", "no pattern sought: no value was computed", False, why, 0, dims,
                       table)
    rule, proved_by = _analysed(table, dims, proof, False, game.arithmetic_periodic)
    return _made(game.spec, dims, table, rule, n, proved_by, notes=[f"{why}, before the self-check"])


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


def _candidates(table: np.ndarray, dims: int, proof: tuple | None, arithmetic: bool = False,
                positions_only: bool = False) -> tuple[Iterator[Rule], Rule | None, str]:
    """The rules that fit the whole table, simplest first and lazily (values before P-positions),
    the one the periodicity theorem ``proof`` proves (the first of them), if any, and the theorem
    with its numbers (:func:`~grundy.patterns.period.proof_numbers`, as ``grundy period`` says it)."""
    from grundy.kernels.period import least_period

    n = len(table)
    if (table < 0).any():
        return iter(()), None, ""  # some pairs are not positions: no rule of these families covers the holes
    if dims == 2:
        return grid_rules(table, values=not positions_only), None, ""
    zeros = np.flatnonzero(table == 0)
    rules = chain(() if positions_only else value_rules(table), position_rules(zeros, n))
    if proof is not None:
        found = least_period(table, proof[0], saltus_allowed=arithmetic)
        if found is not None:
            proved = periodic_rule(table, *found)
            return chain([proved], rules), proved, proof[1] + proof_numbers(proof[0], found)
    return rules, None, ""


def _analysed(table: np.ndarray, dims: int, proof: tuple | None, positions_only: bool,
              arithmetic: bool = False) -> tuple[Rule | None, str | None]:
    """The simplest rule that fits the table and is far shorter than it (not self-checked: for a
    list of values, the words of a closed form, or an interrupted search), and the theorem that
    proves it with its numbers (None where ``proof`` does not)."""
    rules, proved, proved_by = _candidates(table, dims, proof, arithmetic, positions_only)
    data = len(table) ** dims
    rule = next((r for r in rules if r.size * 4 <= data), None)
    return rule, proved_by if rule is not None and rule is proved else None


def _first_hole(table: np.ndarray) -> str:
    where = np.argwhere(table < 0)[0]
    return ",".join(str(int(x)) for x in where)


def _range(dims: int, n: int) -> str:
    return f"n < {n:,}" if dims == 1 else f"a, b < {n:,}"


def _made(spec: str, dims: int, table: np.ndarray, rule: Rule | None, n: int, proved_by: str | None,
          check: SelfCheck | None = None, notes: Sequence[str] = ()) -> Pattern:
    """The finder's answer; ``proved_by``: the theorem proving ``rule``, with its numbers (None: a conjecture)."""
    said = "".join(f"; {note}" for note in notes)
    if rule is None:
        text, why = f"no pattern found: tried {TRIED[dims]}", f"no rule fits all {_range(dims, n)}"
        if (table < 0).any():
            why = f"the table of {_range(dims, n)} has holes"
            text = (f"no pattern sought: some {'heaps' if dims == 1 else 'pairs'} of the table are not positions of "
                    f"{spec} (e.g. {_first_hole(table)}), and every family needs the whole table")
        return Pattern(spec, False, "none", text, False, why + said, n, dims, table)
    if proved_by is not None:
        reason = f"proved: {proved_by}; the table agrees for all {_range(dims, n)}"
    else:
        data = f"{n:,} values" if dims == 1 else f"{n * n:,} values"
        reason = (f"conjecture: checked for all {_range(dims, n)}; the rule states {rule.size} numbers "
                  f"against {data}")
    if check is not None:
        reason += f"; {check.words()}"
    return Pattern(spec, True, rule.kind, rule.text, proved_by is not None, reason + said, n, dims, table, False, rule,
                   check)
