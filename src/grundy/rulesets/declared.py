"""A user game declared a finite subtraction game (``grundy.impartial(subtraction={1, 3, 4})``):
its rules are checked against the declaration, and then its periods are proved by the periodicity
theorem for finite subtraction sets (Winning Ways ch. 4), which data alone never proves.

>>> import grundy
>>> @grundy.impartial(subtraction=range(1, 4))
... def take_up_to_three(n):
...     return [n - s for s in (1, 2, 3) if s <= n]
>>> found = grundy.period(take_up_to_three)
>>> found.period, found.proved
(4, True)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Collection, Iterable
from typing import Any

from grundy.core import limits
from grundy.core.errors import DeclarationError, GrundyError
from grundy.core.ruleset import Ruleset, is_natural
from grundy.patterns.rule import listed
from grundy.rulesets.custom import UserRuleset

DECLARED_MOST = 1 << 20  # the most amounts a declared subtraction set may hold
LOW_CHECKED = 1024  # the small heaps (below 2·max(S) + 2, at most this many) checked first against a declaration
FAR_FROM = 1 << 16  # heaps of a declared subtraction game from here on are valued by its proved period
FAR_SEED = 28  # the seed of the random far heaps (the same heaps every run)


class DeclaredSubtraction(UserRuleset):
    """A user game declared the subtraction game of a finite set S (``subtraction=S``): from a heap
    of n a move takes s tokens, for each s in S with s <= n. The declaration is checked against the
    rules at every heap valued and, before the periodicity theorem is stated (:meth:`period_proof`),
    at :func:`declared_heaps`; a difference is a :class:`GrundyError` naming the heap. Heaps from
    :data:`FAR_FROM` on are valued by the proved period."""

    component_kind = Ruleset.component_kind

    def __init__(self, function: Callable[[Any], Iterable[Any]], subtractions: tuple[int, ...],
                 name: str | None = None) -> None:
        super().__init__(function, name=name)
        self.subtractions = subtractions
        self._amounts = frozenset(subtractions)
        self.declared = f"subtraction={{{limits.shorten(', '.join(map(str, subtractions)), 60)}}}"
        self.value_rule = f"values of {self.spec} from its rules (mex of the options), declared {self.declared}"
        self._far_checked: int | None = None  # far heaps checked against the declaration (None: not yet)
        self._period, self._period_tried = None, False

    def validate(self, component: Any) -> Any:
        return Ruleset.validate(self, component)  # a heap: a non-negative integer

    def parse_component(self, text: str) -> Any:
        return Ruleset.parse_component(self, text)  # a heap, written as counts are: 10**18 too

    def moves(self, position: Any) -> list:
        found = super().moves(position)
        self._compare(self.validate(position), found)
        return found

    def _compare(self, heap: int, found: list) -> None:
        """Raise :class:`GrundyError` unless the moves ``found`` from ``heap`` take exactly S's amounts <= heap."""
        count = bisect_right(self.subtractions, heap)
        takes = {heap - o for o in found}
        if len(takes) == count and all(t <= heap and t in self._amounts for t in takes):
            return
        wanted = set(self.subtractions[:count])
        odd = sorted(heap - t for t in takes if not 0 < t <= heap)
        extra, missing = sorted(t for t in takes if 0 < t <= heap and t not in wanted), sorted(wanted - takes)
        parts = [f"go to {listed(odd, 6)} (not a smaller heap)" if odd else "",
                 f"take {listed(extra, 6)} (not in S)" if extra else "",
                 f"never take {listed(missing, 6)} (in S)" if missing else ""]
        raise DeclarationError(f"{self.spec} is declared {self.declared}, but its rules differ at heap {heap:,}: its "
                               f"moves {' and '.join(p for p in parts if p)}; fix the rules or the declaration (the "
                               "moves must be exactly 'take s for each s in S up to the heap' from every heap)")

    def check_declared(self) -> int:
        """The far heaps of :func:`declared_heaps` the rules were checked at (once; the first to differ raises)."""
        if self._far_checked is None:
            low, far = declared_heaps(self.subtractions[-1])
            for heap in (*low, *far):
                self.moves(heap)
            self._far_checked = len(far)
        return self._far_checked

    def period_proof(self) -> tuple[tuple[int, int, int], str] | None:
        """The periodicity theorem for a finite subtraction set, once the declaration is checked far out."""
        from grundy.rulesets.subtraction import INT64_SAFE

        k = self.subtractions[-1]
        if k > INT64_SAFE:
            return None  # no table is long enough for the theorem's window
        far = self.check_declared()
        return (1, 1, k), (
            f"periodicity theorem for a finite subtraction set, as declared ({self.declared}; the rules agree with it "
            f"at every heap valued and at {far} far heaps: 10^18 + small, 2^k ± 2, 3^k ± 1 and random ones up to "
            f"10^18): G(n) depends only on the {k} values before it, so G(n+p) = G(n) for n0 <= n < n0 + {k} "
            "implies it for all n >= n0"
        )

    def proved_period(self) -> Any | None:
        """The period the theorem proves, found once within :data:`FAR_FROM` values; None if none is."""
        if not self._period_tried:
            from grundy.patterns.period import find_period

            self._period_tried = True  # also keeps the search below from asking again
            try:
                with limits.budget(max_states=min(FAR_FROM, limits.current().max_states)):
                    found = find_period(self, max_n=FAR_FROM, bounded=True)  # on to the proof (or FAR_FROM values)
            except BaseException:
                self._period_tried = False  # stopped (Ctrl-C, an error): asked again next time
                raise
            if found.proved:  # how heaps past FAR_FROM are valued, said where values are explained
                self._period = found
                self.value_rule += (f"; heaps from {FAR_FROM:,} on by the period it proves, G(n + {found.period}) "
                                    f"= G(n) for n ≥ {found.preperiod} (periodicity theorem for a finite subtraction "
                                    "set)")
        return self._period

    def grundy(self, component: Any) -> int:
        heap = self.validate(component)
        if heap >= FAR_FROM and (period := self.proved_period()) is not None:
            self.moves(heap)  # the declaration holds here too
            return period.value(heap)
        return super().grundy(heap)


def declared_heaps(largest: int) -> tuple[list[int], list[int]]:
    """Where a declared subtraction set (largest amount ``largest``) is checked against the rules:
    the small heaps (below 2·largest + 2, at most :data:`LOW_CHECKED`), then the far ones (near
    largest and 2·largest, 10^18, 2^k and 3^k, and random heaps below 10^18, the same every run).

    >>> low, far = declared_heaps(4)
    >>> low, len(far), max(far) > 10**19
    ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 83, True)
    """
    low = list(range(min(2 * largest + 2, LOW_CHECKED)))
    near = [largest + d for d in (-1, 0, 1)] + [2 * largest + d for d in (-1, 0, 1)]
    powers = [2**k + d for k in (12, 16, 20, 31, 32, 33, 48, 62, 63, 64) for d in (-2, -1, 0, 1, 2)]
    threes = [3**k + d for k in (10, 20, 38) for d in (-1, 0, 1)]
    pick = random.Random(FAR_SEED)
    far = near + [10**18 + d for d in range(8)] + powers + threes + [pick.randrange(10**18) for _ in range(16)]
    return low, sorted(set(far) - set(low))


def declared_set(subtraction: Any) -> tuple[int, ...]:
    """A declared subtraction set (a finite collection of positive integers) as a sorted tuple.

    >>> declared_set({4, 1, 3}), declared_set(range(1, 4))
    ((1, 3, 4), (1, 2, 3))
    """
    wanted = "a finite set of positive integers, such as {1, 3, 4} or range(1, 11)"
    if isinstance(subtraction, (str, bytes)) or not isinstance(subtraction, Collection):
        raise GrundyError(f"subtraction= needs {wanted}, not {limits.shorten(repr(subtraction))}")
    if len(subtraction) > DECLARED_MOST:
        raise GrundyError(f"subtraction= holds {len(subtraction):,} amounts, more than the {DECLARED_MOST:,} a "
                          "declaration may hold")
    amounts = list(subtraction)
    bad = [x for x in amounts if not (is_natural(x) and x > 0)]
    if bad or not amounts:
        what = f"{limits.shorten(repr(bad[0]))} is not one" if bad else "it is empty"
        raise GrundyError(f"subtraction= needs {wanted}: {what}")
    return tuple(sorted({int(x) for x in amounts}))
