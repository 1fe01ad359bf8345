"""Dynamic subtraction: Fibonacci Nim and the k-multiple game.

One heap of n tokens. The first move takes any number but not all; after that a move takes at
most K times what the previous move took (K = 2: Fibonacci Nim). A component is ``n`` (the
first move) or ``n,limit`` (a position in mid-game where at most ``limit`` may be taken).

The P-positions of the first move are the terms of a(1) = 1, a(i+1) = b(i) + 1, where b(i) is the
largest m such that every 1..m is a sum of terms of a(1..i), each chosen term more than K times
the one chosen before it (K = 1: powers of two; K = 2: Fibonacci numbers, Zeckendorf's
theorem). Writing n greedily as such a sum r1 > r2 > ... > rt, the position (n, limit) is won
iff rt <= limit, and the winning moves take a tail sum q = rs + ... + rt with q <= limit and
r(s-1) > K·q (or everything, when q = n <= limit) — checked against brute force for K = 1..6.

>>> import grundy
>>> grundy.solve("fibonacci-nim", [13]).outcome, grundy.solve("fibonacci-nim", [12]).outcome
('P', 'N')
>>> [m.option for m in grundy.solve("fibonacci-nim", [12]).winning_moves]
[((11, 2),)]

References: R. E. Whinihan, *Fibonacci Nim*, Fibonacci Quarterly 1 (1963); HDU 2486 / 2516
(A Simple Stone Game; Take-Away game); Schwenk (1970) for the k-multiple rule.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from functools import lru_cache

import numpy as np

from grundy.core.errors import ComponentError, LimitError
from grundy.core.ruleset import Option, Ruleset, Shape, Verdict
from grundy.rulesets.registry import parse_positive, register

MAX_K = 1_000_000  # the first K + 1 terms are 1, 2, 3, ...: a larger K lists too many of them
ENGINE_LIMIT = 200  # Grundy values of sums are searched over (heap, limit) states, O(n^3)


@lru_cache(maxsize=64)
def _terms(k: int, upto_bits: int) -> np.ndarray | tuple[int, ...]:
    """The terms up to 2**upto_bits and one more (numpy int64, or exact Python ints past 62 bits)."""
    if upto_bits > 62:
        a, b, j = [1], [1], 0
        while a[-1] <= (1 << upto_bits):
            nxt = b[-1] + 1
            a.append(nxt)
            while a[j + 1] * k < nxt:
                j += 1
            b.append(b[j] + nxt if a[j] * k < nxt else nxt)
        return tuple(a)
    from grundy.kernels.dynamic import multiple_terms

    return multiple_terms(k, 1 << upto_bits)


def _known(k: int, n: int) -> np.ndarray | tuple[int, ...]:
    return _terms(k, max(n, 1).bit_length())


def terms(k: int, upto: int) -> list[int]:
    """The P-positions a(1), a(2), ... of the K-multiple game, up to ``upto``.

    >>> terms(2, 30), terms(1, 20)
    ([1, 2, 3, 5, 8, 13, 21], [1, 2, 4, 8, 16])
    """
    known = _known(k, upto)
    return [int(t) for t in known[: bisect_right(known, upto)]]


def representation(k: int, n: int) -> list[int]:
    """n as a greedy sum of terms, largest first (for K = 2 the Zeckendorf representation).

    >>> representation(2, 12)
    [8, 3, 1]
    """
    known = _known(k, n)
    parts = []
    i = len(known)
    while n:
        i = bisect_right(known, n, 0, i)
        parts.append(int(known[i - 1]))
        n -= parts[-1]
    return parts


class DynamicSubtraction(Ruleset):
    """The K-multiple dynamic subtraction game (Fibonacci Nim for K = 2)."""

    closed_form = "P-positions"  # value_rule states a theorem for every component
    shape = Shape.PILES
    component_kind = "a heap n (first move), or n,limit (mid-game: take at most limit)"

    def __init__(self, k: int, name: str) -> None:
        super().__init__()
        self.k = k
        self.name = name
        self.term_name = {1: "power of two", 2: "Fibonacci number"}.get(k, f"term of the {k}-multiple sequence")
        self.rule_name = {1: "binary", 2: "Zeckendorf"}.get(k, f"greedy sum of {k}-multiple terms")  # n's sum
        self.value_rule = (f"{name}: n is a P-position for the first move iff n is a {self.term_name}; "
                           f"(n, limit) is won iff the smallest part of n's greedy sum is <= limit")

    def check(self, component: tuple[int, ...]) -> tuple[int, int]:
        if len(component) > 2:
            raise ComponentError(f"{self.spec}: a component is n or n,limit, not {','.join(map(str, component))}")
        n = component[0]
        limit = component[1] if len(component) == 2 else max(n - 1, 0)
        return (n, min(limit, n))

    def format_component(self, component: tuple[int, int]) -> str:
        """``n`` for a heap at its first move (any but all may be taken), else ``n,limit``.

        >>> import grundy
        >>> rules = grundy.ruleset("fibonacci-nim")
        >>> rules.format_component(rules.validate(21)), rules.format_component((13, 8))
        ('21', '13,8')
        """
        n, limit = component
        return str(n) if limit == max(n - 1, 0) else f"{n},{limit}"

    def describe_move(self, component: tuple[int, int], option: Option) -> str | None:
        """A move in the game's own words: how many it takes, how many are left, and the most the
        next move may take.

        >>> import grundy
        >>> grundy.ruleset("fibonacci-nim").describe_move((20, 19), ((18, 4),))
        'take 2 (18 left; the next move may take up to 4)'
        >>> grundy.ruleset("fibonacci-nim").describe_move((3, 2), ((0, 0),))
        'take 3 (none left)'
        """
        if len(option) > 1:
            return None
        n, (left, next_limit) = component[0], option[0] if option else (0, 0)
        if left == 0:
            return f"take {n} (none left)"
        return f"take {n - left} ({left} left; the next move may take up to {next_limit})"

    def moves(self, position: tuple[int, int]) -> Iterator[tuple[int, int]]:
        n, limit = position
        for q in range(1, min(n, limit) + 1):
            yield (n - q, min(self.k * q, n - q))

    def winning_takes(self, position: tuple[int, int]) -> list[int]:
        """Every winning amount to take (tail sums of the greedy representation)."""
        n, limit = position
        parts = representation(self.k, n)
        takes = []
        for s in range(len(parts)):
            q = sum(parts[s:])
            if q <= limit and (s == 0 or parts[s - 1] > self.k * q):
                takes.append(q)
        return sorted(takes)

    def position_rule(self, components: list) -> Verdict | None:
        if len(components) != 1:
            return None
        n, limit = components[0]
        parts = representation(self.k, n) if n else []
        shown = " + ".join(map(str, parts)) or "0"
        if not parts or parts[-1] > limit:
            why = (f"{n} = {shown}; its smallest part {parts[-1]} is more than the {limit} that may be taken"
                   if parts else "no tokens are left")
            return Verdict("P", f"{self.name}: {why}, so the player to move loses.", [], grundy=0,
                           rule=f"{self.rule_name}: {why}" if parts else why)
        moves = []
        for q in self.winning_takes((n, limit)):
            left = (n - q, min(self.k * q, n - q))
            why = (f"{n} = {shown}: take {q}, leaving {n - q} where the opponent may take at most "
                   f"{self.k * q}, less than its smallest part" if q < n else f"take all {n}")
            moves.append((0, (left,), why))
        return Verdict("N", f"{self.name}: {n} = {shown}; the smallest part {parts[-1]} <= {limit}, "
                            "so the player to move wins by taking it.", moves,
                       rule=f"{self.rule_name}: {n} = {shown}, its smallest part {parts[-1]} <= the {limit} "
                            "that may be taken")

    def grundy(self, position: tuple[int, int]) -> int:
        n, limit = self.validate(position)
        if self.position_rule([(n, limit)]).outcome == "P":
            return 0
        if n > ENGINE_LIMIT:
            raise LimitError(f"{self.spec}: Grundy values (for sums) are searched for heaps up to {ENGINE_LIMIT}; "
                             f"{n} is larger. One heap alone is solved exactly by the {self.term_name} rule.")
        return self.brute_grundy((n, limit))

    def moves_to_value(self, position: tuple[int, int], target: int) -> Iterator[Option]:
        position = self.validate(position)
        if target == 0:
            n, _ = position
            for q in self.winning_takes(position):
                yield ((n - q, min(self.k * q, n - q)),)
        else:
            yield from super().moves_to_value(position, target)


@register("fibonacci-nim", "heap games", {
    "": "one heap; the first move takes any but all, then at most twice the previous take (n or n,limit)",
}, examples=("fibonacci-nim 5 8 10", "fibonacci-nim 7,2 6"))
def _fibonacci(params: str | None) -> DynamicSubtraction:
    return DynamicSubtraction(2, "Fibonacci Nim (Zeckendorf)")


@register("dynamic", "heap games", {
    "K": "one heap; the first move takes any but all, then at most K times the previous take",
}, examples=("dynamic:2 5 9", "dynamic:3 8,2 7"))
def _dynamic(params: str | None) -> DynamicSubtraction:
    k = parse_positive(params, "dynamic", maximum=MAX_K)
    return DynamicSubtraction(k, f"{k}-multiple dynamic subtraction")
