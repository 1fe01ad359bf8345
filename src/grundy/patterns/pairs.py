"""2-D rules built from 1-D ones: values of min(a, b), max, |a − b|, a + b; blocks; P-sets of
"the second number below a function of the first".

- **folds**: ``G(a, b) = f(h(a, b))`` for h in |a − b|, min, max, a + b and a 1-D rule f of
  :mod:`grundy.patterns.line` (``G = min(a, b) mod 3``: a token moved 1 or 2 steps down the
  diagonal), and ``f(min(a, b)) ∘ g(|a − b|)`` for ∘ in xor, + (a sum of a move along the diagonal
  and one across it); P-positions ``h(a, b)`` in a 1-D P-set of :mod:`grundy.patterns.positions`;
- **blocks**: ``G(a, b) = m·(⌊a/k⌋ xor ⌊b/k⌋) + T[a mod k][b mod k]``, T named where it is
  ``(a + b) mod k`` (two Nim heaps with an extra move taking 1..k−1 tokens in all from both);
- **take-at-most P-sets**: ``P iff b < L(a)`` (or the same with a and b swapped), L the smallest
  term of a's greedy representation in Schwenk's base for "take at most j times the last take":
  ``b < 2^ν₂(a)`` for j = 1, the smallest Zeckendorf term for j = 2 (Fibonacci Nim).

Every rule predicts exactly with Python integers, for pairs of any size.

>>> import numpy as np
>>> a, b = np.indices((48, 48))
>>> print(next(folded(np.minimum(a, b) % 3)).text)
G(a, b) = min(a, b) mod 3
>>> print(next(blocks(3 * ((a // 3) ^ (b // 3)) + (a + b) % 3)).text)
G(a, b) = 3·(⌊a / 3⌋ xor ⌊b / 3⌋) + (a + b) mod 3

Reference: Schwenk, "Take-away games", Fibonacci Quarterly 8 (1970) 225-234; Whinihan,
"Fibonacci Nim", Fibonacci Quarterly 1 (1963) 9-13.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator

import numpy as np

from grundy.patterns.line import value_rule
from grundy.patterns.positions import position_rule
from grundy.patterns.rule import Rule

MAX_BLOCK = 8  # the largest block side k tried
MAX_TAKE = 4  # "take at most j times the last take" for j up to this

# name, numpy form on index grids, exact form, how the text writes it
FOLDS: list[tuple[str, Callable, Callable[[int, int], int], str]] = [
    ("|a − b|", lambda a, b: np.abs(a - b), lambda a, b: abs(a - b), "|a − b|"),
    ("min", np.minimum, min, "min(a, b)"),
    ("max", np.maximum, max, "max(a, b)"),
    ("a + b", lambda a, b: a + b, lambda a, b: a + b, "(a + b)"),
]


def term(rule: Rule, expr: str, name: str, bracket: bool = False) -> tuple[str, str]:
    """A 1-D rule's formula applied to ``expr`` (bracketed, with ``bracket``, where it has spaces and
    is more than ``expr``), and any words it needs (``f(min(a, b))``; ``f: f(n) = ...`` where the rule
    has no short formula)."""
    if rule.formula is not None:
        text = rule.formula(expr)
        if text == expr:
            return (expr[1:-1] if expr.startswith("(") and not bracket else expr), ""
        return (f"({text})" if bracket and " " in text else text), ""
    inner = expr[1:-1] if expr.startswith("(") else expr
    values_only = rule.text.partition(". P-positions: ")[0]  # the zeros of f are not the game's P-positions
    return f"{name}({inner})", f"; {name}: {values_only.replace('G(', f'{name}(')}"


def _short(rule: Rule | None, n: int) -> Rule | None:
    """A 1-D value rule that states at most a quarter of the ``n`` numbers it was found in, else None."""
    return rule if rule is not None and rule.value is not None and rule.size * 4 <= n else None


def _level_values(grid: np.ndarray, h: np.ndarray) -> np.ndarray | None:
    """``v[k]`` = the value every cell with ``h == k`` holds, or None if some level holds two."""
    size = int(h.max()) + 1
    first = np.full(size, -1, dtype=np.int64)
    flat_h, flat_g = h.reshape(-1), grid.reshape(-1)
    first[flat_h[::-1]] = flat_g[::-1]  # the value of some cell of each level
    return first if np.array_equal(first[flat_h], flat_g) else None


def folded(grid: np.ndarray) -> Iterator[Rule]:
    """``G(a, b) = f(h(a, b))`` for h in |a − b|, min, max, a + b, simplest h first."""
    a, b = np.indices(grid.shape)
    for name, vector, exact, shown in FOLDS:
        seq = _level_values(grid, vector(a, b))
        rule = _short(value_rule(seq), len(grid)) if seq is not None else None
        if rule is None:
            continue
        body, words = term(rule, shown, "f")
        f = rule.value

        def value(c: tuple[int, int], f=f, exact=exact) -> int:
            return int(f(exact(c[0], c[1])))

        yield Rule(f"fold ({name})", f"G(a, b) = {body}{words}", rule.size + 1, value,
                   lambda c, value=value: value(c) == 0)


def folded_sum(grid: np.ndarray) -> Iterator[Rule]:
    """``G(a, b) = f(min(a, b)) ∘ g(|a − b|)`` for ∘ in xor, +: a move along the diagonal plus one across it."""
    a, b = np.indices(grid.shape)
    low, gap = np.minimum(a, b), np.abs(a - b)
    diagonal, edge, corner = np.diagonal(grid).copy(), grid[0, :].copy(), int(grid[0, 0])
    for name, f, combine in (("xor", diagonal ^ corner, operator.xor), ("+", diagonal - corner, operator.add)):
        constant = len(set(f.tolist())) < 2 or len(set(edge.tolist())) < 2  # a fold of one number, found before
        if constant or not np.array_equal(combine(f[low], edge[gap]), grid):
            continue
        rf, rg = _short(value_rule(f), len(grid)), _short(value_rule(edge), len(grid))
        if rf is None or rg is None:
            continue
        (left, lw), (right, rw) = term(rf, "min(a, b)", "f", True), term(rg, "|a − b|", "g", True)
        body = f" {name} ".join(t for t in (left, right) if t != "0") or "0"
        fv, gv = rf.value, rg.value

        def value(c: tuple[int, int], fv=fv, gv=gv, combine=combine) -> int:
            return int(combine(fv(min(c)), gv(abs(c[0] - c[1]))))

        yield Rule(f"fold (min {name} |a − b|)", f"G(a, b) = {body}{lw}{rw}", rf.size + rg.size + 1, value,
                   lambda c, value=value: value(c) == 0)


def folded_positions(grid: np.ndarray) -> Iterator[Rule]:
    """P iff h(a, b) is in a 1-D P-set (``min(a, b) ≡ 0 (mod 3)``), for h as in :func:`folded`."""
    a, b = np.indices(grid.shape)
    indicator = (grid != 0).astype(np.int64)
    for name, vector, exact, shown in FOLDS:
        seq = _level_values(indicator, vector(a, b))
        if seq is None or seq.all():
            continue
        n = len(seq) if name != "a + b" else len(grid)  # sums past the side lie on short diagonals
        rule = position_rule(np.flatnonzero(seq[:n] == 0), n)
        if rule is None or rule.size * 4 > n or not all(rule.is_p(m) == (seq[m] == 0) for m in range(len(seq))):
            continue
        text = f"{rule.text}, where n = {shown.strip('()') if name == 'a + b' else shown}"
        is_p = rule.is_p
        yield Rule(f"fold P ({name})", text, rule.size + 1, None,
                   lambda c, is_p=is_p, exact=exact: bool(is_p(exact(c[0], c[1]))))


# -- blocks ---------------------------------------------------------------------------------------

def blocks(grid: np.ndarray) -> Iterator[Rule]:
    """``G(a, b) = m·(⌊a/k⌋ xor ⌊b/k⌋) + T[a mod k][b mod k]`` for 2 <= k <= :data:`MAX_BLOCK`."""
    n = len(grid)
    a, b = np.indices(grid.shape)
    for k in range(2, min(MAX_BLOCK, n // 4) + 1):
        table = grid[:k, :k].copy()
        high = (a // k) ^ (b // k)
        rest = grid - table[a % k, b % k]
        m = int(rest[0, k])  # high is 1 there
        if m < 1 or not np.array_equal(rest, m * high):
            continue
        low_text, size = _block_words(table, k)

        def value(c: tuple[int, int], k=k, m=m, table=table) -> int:
            x, y = c
            return m * ((x // k) ^ (y // k)) + int(table[x % k, y % k])

        yield Rule(f"blocks of {k}", f"G(a, b) = {m}·(⌊a / {k}⌋ xor ⌊b / {k}⌋) + {low_text}", size, value,
                        lambda c, value=value: value(c) == 0)


def _block_words(table: np.ndarray, k: int) -> tuple[str, int]:
    """The low part of a block rule in words, and how many numbers it states."""
    r, s = np.indices(table.shape)
    named = [((r + s) % k, f"(a + b) mod {k}"), (r ^ s, f"(a mod {k}) xor (b mod {k})"),
             (np.minimum(r, s), f"min(a mod {k}, b mod {k})")]
    for candidate, words in named:
        if np.array_equal(candidate, table):
            return words, 3
    rows = "[" + ", ".join("[" + " ".join(str(int(v)) for v in row) + "]" for row in table) + "]"
    return f"T[a mod {k}][b mod {k}] with T = {rows}", table.size + 2


# -- take at most j times the last take: P iff b < L(a) -------------------------------------------

def schwenk_base(j: int, beyond: int) -> list[int]:
    """1 = H_0 < H_1 < ... up to the first term past ``beyond``: H_{i+1} = H_i + H_t, t the least
    with j·H_t >= H_i (powers of 2 for j = 1, Fibonacci numbers for j = 2).

    >>> schwenk_base(2, 20), schwenk_base(3, 10)
    ([1, 2, 3, 5, 8, 13, 21], [1, 2, 3, 4, 6, 8, 11])
    """
    base, t = [1], 0
    while base[-1] <= beyond:
        while j * base[t] < base[-1]:
            t += 1
        base.append(base[-1] + base[t])
    return base


def lowest_term(n: int, j: int) -> int:
    """The smallest term of the greedy representation of ``n >= 1`` in :func:`schwenk_base` (``2^ν₂(n)`` for j = 1).

    >>> [lowest_term(n, 1) for n in (1, 6, 40)], [lowest_term(n, 2) for n in (4, 12, 13)]
    ([1, 2, 8], [1, 1, 13])
    """
    if j == 1:
        return n & -n
    last = n
    for h in reversed(schwenk_base(j, n)):
        if h <= n:
            n, last = n - h, h
    return last


BASES = {1: "2^ν₂({x})", 2: "the smallest term of {x}'s Zeckendorf representation (Fibonacci numbers 1, 2, 3, 5, …)"}


def _lowest_words(j: int, x: str) -> str:
    if j in BASES:
        return BASES[j].format(x=x)
    shown = ", ".join(map(str, schwenk_base(j, 12)[:7]))
    return (f"the smallest term of {x}'s greedy representation in H = {shown}, … "
            f"(H_(i+1) = H_i + H_t, t the least with {j}·H_t ≥ H_i)")


def _prefix_lengths(p: np.ndarray) -> np.ndarray | None:
    """``L[x]`` with row x's P-cells exactly ``0 <= y < L[x]`` (``len(p)`` for a row all P), or None."""
    n = p.shape[1]
    lengths = np.where(p.all(axis=1), n, np.argmin(p, axis=1))
    inside = np.arange(n)[None, :] < lengths[:, None]
    return lengths if np.array_equal(inside, p) else None


def take_at_most(grid: np.ndarray) -> Iterator[Rule]:
    """P iff y < L(x) (x = 0: always), (x, y) = (a, b) or (b, a), with L(x) = the smallest term of x
    in Schwenk's base for j, plus 0 or 1, or that term divided by j rounded up."""
    n = len(grid)
    for swap in (False, True):
        p = (grid.T if swap else grid) == 0
        lengths = _prefix_lengths(p)
        if lengths is None or lengths[0] != n or (lengths[1:] >= n).any():
            continue
        x, y = ("b", "a") if swap else ("a", "b")
        for j in range(1, MAX_TAKE + 1):
            lows = np.array([lowest_term(m, j) for m in range(1, n)], dtype=np.int64)
            shapes = [(0, 1, "<"), (1, 1, "≤")] + ([(0, j, "<")] if j > 1 else [])
            for plus, over, sign in shapes:
                if not np.array_equal(-(-(lows + plus) // over), lengths[1:]):
                    continue
                yield _take_rule(j, plus, over, sign, swap, (x, y))


def _take_rule(j: int, plus: int, over: int, sign: str, swap: bool, names: tuple[str, str]) -> Rule:
    x, y = names
    bound = _lowest_words(j, x)
    if over > 1:
        bound = f"({bound}) / {over}"
    text = f"P-positions: {y} {sign} {bound}, or {x} = 0"

    def is_p(c: tuple[int, int]) -> bool:
        first, second = (c[1], c[0]) if swap else c
        return first == 0 or second * over < lowest_term(first, j) + plus

    points = [(q, q - 1 + d) for q in (1 << e for e in range(1, 64, 7)) for d in (0, 1)]  # the bound, each side
    special = tuple((v, u) for u, v in points) if swap else tuple(points)
    kind = "2-adic P-positions" if j == 1 else "take-at-most P-positions"
    return Rule(kind, text, 3, None, is_p, special=special)
