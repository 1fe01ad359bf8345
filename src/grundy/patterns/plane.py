"""Rules for the values G(a, b) of a game whose positions are pairs of integers, simplest first.

Values: ``G(a, b) = f(a) ∘ g(b)`` for ∘ in xor, +, + mod k and min, with f and g found by
:mod:`grundy.patterns.line` (``(a mod 4) xor (b mod 2)``); values periodic in both coordinates;
then the folds and blocks of :mod:`grundy.patterns.pairs` (``min(a, b) mod 3``, ``|a − b|``,
``3·(⌊a / 3⌋ xor ⌊b / 3⌋) + (a + b) mod 3``).
P-positions: ``P iff f(a) = f(b)`` (``a = b``; ``a ≡ b (mod k)``); a P-set periodic in both
coordinates (parity rules such as "a and b both odd"); pairs ``(⌊kα⌋, ⌊kβ⌋)`` and their mirrors
with α, β found exactly (Wythoff's ``(⌊kφ⌋, ⌊kφ⌋ + k)`` and its variants); then P-sets of a fold,
the generalized Wythoff pairs of :mod:`grundy.patterns.mexpairs` (B_n = c·A_n + d·n + e, shifted,
misère Wythoff) and "b < 2^ν₂(a)" and its kin (:func:`grundy.patterns.pairs.take_at_most`).
:func:`grid_rules` gives every rule that fits, simplest first; :func:`grid_rule` the first.

>>> import numpy as np
>>> a, b = np.indices((64, 64))
>>> print(grid_rule((a % 4) ^ (b % 2)).text)
G(a, b) = (a mod 4) xor (b mod 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from grundy.patterns.line import value_rule
from grundy.patterns.mexpairs import mex_pairs
from grundy.patterns.numbers import floor_times, show
from grundy.patterns.pairs import blocks, folded, folded_positions, folded_sum, take_at_most, term
from grundy.patterns.positions import MIN_TERMS, beatty_index, fit_beatty
from grundy.patterns.rule import Rule

MIN_SIDE = 12
MAX_MODULUS = 16


def grid_rules(grid: np.ndarray, values: bool = True) -> Iterator[Rule]:
    """Every rule of the families that fits the whole square table ``grid[a][b] = G(a, b)``, simplest
    first, found lazily (the next family is tried only when the caller asks for another rule); with
    ``values`` False the table only tells P-positions (0) from others, and only P-position rules are
    tried."""
    grid = np.asarray(grid, dtype=np.int64)
    if len(grid) < MIN_SIDE:
        return
    value_families = (_one(separable), _one(periodic_values), folded, blocks, folded_sum) if values else ()
    position_families = (_one(equal_classes), _one(diagonal_positions), _one(periodic_positions),
                         _one(beatty_pairs), folded_positions, mex_pairs, take_at_most)
    for family in value_families + position_families:
        yield from family(grid)


def grid_rule(grid: np.ndarray, values: bool = True) -> Rule | None:
    """The simplest rule for a square table ``grid[a][b] = G(a, b)``, or None (the first of :func:`grid_rules`)."""
    return next(grid_rules(grid, values), None)


def _one(family: Callable[[np.ndarray], Rule | None]) -> Callable[[np.ndarray], Iterator[Rule]]:
    """A family that finds at most one rule, as an iterator."""
    def rules(grid: np.ndarray) -> Iterator[Rule]:
        rule = family(grid)
        if rule is not None:
            yield rule
    return rules


# -- values --------------------------------------------------------------------------------------

def _ops(grid: np.ndarray) -> list[tuple[str, np.ndarray, np.ndarray, Callable[[int, int], int]]]:
    """Candidate ``(name, f, g, combine)`` with f, g read off row 0, column 0 (or the maxima)."""
    first, top = grid[:, 0], grid[0, :]
    candidates = [("xor", first ^ grid[0, 0], top, lambda x, y: x ^ y),
                  ("+", first - grid[0, 0], top, lambda x, y: x + y)]
    high = int(grid.max())
    for k in range(2, min(high + 1, MAX_MODULUS) + 1):
        candidates.append((f"+ mod {k}", first - grid[0, 0], top, lambda x, y, k=k: (x + y) % k))
        candidates.append((f"+ mod {k}", (first - grid[0, 0]) % k, top % k, lambda x, y, k=k: (x + y) % k))
    candidates.append(("min", grid.max(axis=1), grid.max(axis=0), min))
    return candidates


def separable(grid: np.ndarray) -> Rule | None:
    """``G(a, b) = f(a) ∘ g(b)`` for ∘ in xor, +, + mod k, min, with rules for f and g."""
    for name, f, g, combine in _ops(grid):
        table = np.frompyfunc(combine, 2, 1)(f[:, None], g[None, :]).astype(np.int64)
        if not np.array_equal(table, grid):
            continue
        rf, rg = value_rule(f), value_rule(g)
        if rf is None or rg is None or rf.value is None or rg.value is None:
            continue
        left, right = term(rf, "a", "f", True), term(rg, "b", "g", True)
        if name.startswith("+ mod"):
            body = f"({left[0]} + {right[0]}) mod {name.split()[-1]}"
        elif name == "min":
            body = f"min({left[0]}, {right[0]})"
        else:
            body = f" {name} ".join(t for t in (left[0], right[0]) if t != "0") or "0"
        text = f"G(a, b) = {body}" + "".join(w for w in (left[1], right[1]) if w)
        fv, gv = rf.value, rg.value

        def value(c: tuple[int, int], fv=fv, gv=gv, combine=combine) -> int:
            return int(combine(fv(c[0]), gv(c[1])))

        return Rule(f"separable ({name})", text, rf.size + rg.size + 1, value, lambda c, value=value: value(c) == 0)
    return None


def _periods(grid: np.ndarray) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """``((a0, p), (b0, q))``: rows repeat with period p from a0, columns with q from b0."""
    from grundy.kernels.period import least_period

    found = []
    for table in (grid, grid.T):
        _, ids = np.unique(table, axis=0, return_inverse=True)
        period = least_period(ids.reshape(-1).astype(np.int64), None)
        if period is None:
            return None
        found.append((period[1], period[0]))
    return found[0], found[1]


def _reduce(x: int, start: int, period: int) -> int:
    return x if x < start else start + (x - start) % period


def periodic_values(grid: np.ndarray) -> Rule | None:
    """G(a + p, b) = G(a, b) for a >= a0 and G(a, b + q) = G(a, b) for b >= b0."""
    periods = _periods(grid)
    if periods is None:
        return None
    (a0, p), (b0, q) = periods
    block = grid[:a0 + p, :b0 + q].copy()

    def value(c: tuple[int, int]) -> int:
        return int(block[_reduce(c[0], a0, p), _reduce(c[1], b0, q)])

    text = f"G(a, b) = T[{_index('a', a0, p)}][{_index('b', b0, q)}] with T = {_show_block(block)}"
    return Rule("doubly periodic", text, block.size + 4, value, lambda c: value(c) == 0)


def _index(var: str, start: int, period: int) -> str:
    if period == 1:
        return f"min({var}, {start})"
    if start == 0:
        return f"{var} mod {period}"
    return f"{var} if {var} < {start} else {start} + ({var} − {start}) mod {period}"


def _show_block(block: np.ndarray) -> str:
    rows = ["[" + " ".join(str(int(v)) for v in row) + "]" for row in block[:12]]
    return "[" + ", ".join(rows) + (", …" if len(block) > 12 else "") + "]"


# -- P-positions ----------------------------------------------------------------------------------

def equal_classes(grid: np.ndarray) -> Rule | None:
    """P iff f(a) = f(b): the P-positions form an equivalence relation whose classes f has a rule for."""
    p = grid == 0
    n = len(p)
    if not p.any():
        return None
    firsts = np.argmax(p, axis=1)  # the least b with (a, b) a P-position
    if not p[np.arange(n), np.arange(n)].all():
        return None
    labels = np.unique(firsts, return_inverse=True)[1].reshape(-1)
    if not np.array_equal(labels[:, None] == labels[None, :], p):
        return None
    rule = value_rule(labels)
    if rule is None or rule.value is None or rule.size * 4 > n:
        return None
    f = rule.value
    if rule.formula is not None and rule.formula("n") == "n":
        text = "P-positions: a = b"
    else:
        left, words = term(rule, "a", "f", True)
        right = term(rule, "b", "f", True)[0]
        text = f"P-positions: {left} = {right}{words}"
    return Rule("P iff f(a) = f(b)", text, rule.size + 1, None, lambda c: f(c[0]) == f(c[1]))


def diagonal_positions(grid: np.ndarray) -> Rule | None:
    """P iff b − a lies in a short finite set D (the P-positions lie on a few diagonals)."""
    p = grid == 0
    n = len(p)
    if not np.array_equal(p[1:, 1:], p[:-1, :-1]):
        return None
    gaps = sorted({int(d) for d in np.flatnonzero(p[0])} | {-int(d) for d in np.flatnonzero(p[:, 0])})
    if not gaps or len(gaps) * 8 > n or max(abs(d) for d in gaps) * 2 >= n:
        return None
    if gaps == [0]:
        text = "P-positions: a = b"
    elif gaps == sorted(-d for d in gaps):
        text = f"P-positions: |a − b| in {{{', '.join(str(d) for d in gaps if d >= 0)}}}"
    else:
        text = f"P-positions: b − a in {{{', '.join(map(str, gaps))}}}"
    chosen = set(gaps)
    return Rule("diagonal P-positions", text, len(gaps) + 1, None, lambda c: c[1] - c[0] in chosen)


def periodic_positions(grid: np.ndarray) -> Rule | None:
    """The P-positions repeat with a period in each coordinate (parity rules and the like)."""
    indicator = (grid == 0).astype(np.int64)
    periods = _periods(indicator)
    if periods is None:
        return None
    (a0, p), (b0, q) = periods
    block = indicator[:a0 + p, :b0 + q].copy()
    if block.size * 4 > grid.size:
        return None

    def is_p(c: tuple[int, int]) -> bool:
        return bool(block[_reduce(c[0], a0, p), _reduce(c[1], b0, q)])

    cells = {(int(a), int(b)) for a, b in zip(*np.nonzero(block), strict=True)}
    text = "P-positions: " + _parity_words(cells, (a0, p), (b0, q))
    return Rule("periodic P-positions", text, block.size + 4, None, is_p)


PARITY = {frozenset({(1, 1)}): "a and b both odd", frozenset({(0, 0)}): "a and b both even",
          frozenset({(0, 0), (1, 1)}): "a and b of the same parity (a + b even)",
          frozenset({(0, 1), (1, 0)}): "a and b of different parity (a + b odd)",
          frozenset({(0, 0), (0, 1), (1, 0)}): "a or b even, not both odd",
          frozenset(): "none"}


def _parity_words(cells: set[tuple[int, int]], rows: tuple[int, int], cols: tuple[int, int]) -> str:
    (a0, p), (b0, q) = rows, cols
    if (a0, p, b0, q) == (0, 2, 0, 2) and frozenset(cells) in PARITY:
        return PARITY[frozenset(cells)]
    shown = ", ".join(f"({a}, {b})" for a, b in sorted(cells)[:24]) + (", …" if len(cells) > 24 else "")
    return f"({_index('a', a0, p)}, {_index('b', b0, q)}) in {{{shown}}}"


def beatty_pairs(grid: np.ndarray) -> Rule | None:
    """P-positions ``(⌊kα⌋, ⌊kβ⌋)`` for k >= 0 and their mirrors (Wythoff's game and its kin)."""
    p = grid == 0
    if not np.array_equal(p, p.T):
        return None
    rows, cols = np.nonzero(np.triu(p))
    pairs = sorted(zip(rows.tolist(), cols.tolist(), strict=True))
    if len(pairs) < MIN_TERMS + 1 or len(set(rows.tolist())) < len(pairs) or len(set(cols.tolist())) < len(pairs):
        return None
    alpha = fit_beatty(list(enumerate(a for a, _ in pairs)))
    beta = fit_beatty(list(enumerate(b for _, b in pairs)))
    if alpha is None or beta is None:
        return None
    k_next = len(pairs)
    if floor_times(beta, k_next) < len(grid):  # a pair inside the table was missed
        return None
    c = pairs[1][1] - pairs[1][0]
    if all(b - a == c * k for k, (a, b) in enumerate(pairs)):  # β = α + c
        second = f"⌊k·{show(alpha)}⌋ + k" if c == 1 else f"⌊k·{show(alpha)}⌋ + {c}k"
    else:
        second = f"⌊k·{show(beta)}⌋"

    def is_p(pos: tuple[int, int]) -> bool:
        a, b = sorted(pos)
        k = beatty_index(alpha, a)
        return k is not None and floor_times(beta, k) == b

    text = f"P-positions: (⌊k·{show(alpha)}⌋, {second}) for k ≥ 0, and the same pairs swapped"
    return Rule("Beatty pairs", text, 6, None, is_p)

