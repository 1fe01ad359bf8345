"""Rows of numbers where a move divides: the whole row is one component (``Shape.PILES``).

- ``decrementing`` — subtract 1 from a number >= 2, then divide all numbers by their gcd (AGC 010 D,
  *Decrementing*): the parity of the number of even numbers, with a recursion when one odd is left.
- ``prime-powers`` — a list of numbers; divide every multiple of p^k by p^k (Codeforces 850C,
  *Arpa and a game with Mojtaba*): a sum over primes of games on sets of exponents.

>>> import grundy
>>> grundy.solve("decrementing", [(7, 8, 8, 8, 8)]).outcome, grundy.ruleset("prime-powers").grundy((12, 18, 7))
('P', 1)

References: AtCoder Grand Contest 010 D "Decrementing" and Codeforces 850C, with their editorials.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from math import gcd

import numpy as np

from grundy.core.engine import GrundyEngine
from grundy.core.errors import ComponentError
from grundy.core.ruleset import Option, Ruleset, Shape, Verdict
from grundy.rulesets.piles import FAMILY, WholeRow
from grundy.rulesets.registry import register

MAX_LISTED_NUMBERS = 1_000_000  # winning moves listed for a large game: at most this many numbers in all


def _listed(count: int, size: int) -> int:
    """How many winning moves of a game of ``size`` numbers to list (each is a whole tuple)."""
    return min(count, max(1, MAX_LISTED_NUMBERS // max(size, 1)))


# -- Decrementing ----------------------------------------------------------------------------------------
def _divided(numbers: list[int]) -> list[int]:
    g = gcd(*numbers)
    return numbers if g == 1 else [x // g for x in numbers]


def _array(numbers: tuple[int, ...] | list[int] | np.ndarray) -> np.ndarray:
    """The numbers as int64 (object integers past 2^62, so nothing overflows)."""
    return np.array(numbers, dtype=np.int64 if max(numbers) < 1 << 62 else object)


def decrementing_outcome(numbers: tuple[int, ...] | list[int]) -> str:
    """Who wins Decrementing (AGC 010 D): ``"N"`` or ``"P"`` for numbers with gcd 1, O(N log max).

    With gcd 1 some number is odd, so a gcd that divides after a move is odd unless every number is
    even, and an odd gcd keeps every parity. Then (editorial): an odd count of even numbers wins
    (make an even number odd; answer each reply so that the count of evens stays even with at least
    two odd numbers); an even count loses when at least two numbers are odd or the only odd number
    is 1 (any move on an even number gives the opponent an odd count). Otherwise the only sensible
    move takes 1 from the single odd number, all numbers become even, the division halves them at
    least, and the outcome flips: at most log2(max) rounds.

    >>> decrementing_outcome([3, 6, 7]), decrementing_outcome([1, 2, 4, 8]), decrementing_outcome([7, 8, 8, 8, 8])
    ('N', 'N', 'P')
    """
    a = _array(numbers)
    flipped = False
    while True:
        odd = a & 1
        odds = int(np.count_nonzero(odd))
        if (len(a) - odds) % 2:
            outcome = "N"
            break
        if odds != 1 or a[int(np.argmax(odd))] == 1:
            outcome = "P"
            break
        a = a - odd  # the forced move: 1 from the only odd number; then all are even
        a //= np.gcd.reduce(a)
        flipped = not flipped
    return ("P" if outcome == "N" else "N") if flipped else outcome


def decrementing_winning_moves(numbers: tuple[int, ...] | list[int]) -> list[int]:
    """The indices i of the winning moves (subtract 1 from number i), O(N log max).

    The gcd after each move comes from prefix and suffix gcds; with an odd gcd the parities are
    those of the numbers with one changed, so the count of evens and odds decides, and only the
    (at most three) moves that leave a single odd number > 1 or all numbers even need the recursion.

    >>> decrementing_winning_moves([3, 6, 7]), decrementing_winning_moves([7, 8, 8, 8, 8])
    ([1, 2], [])
    """
    a = _array(numbers)
    n = len(a)
    zero = np.zeros(1, dtype=a.dtype)
    left = np.concatenate([zero, np.gcd.accumulate(a)[:-1]])  # gcd of the numbers before i
    right = np.concatenate([np.gcd.accumulate(a[::-1])[::-1][1:], zero])  # ... and after i
    g = np.gcd(np.gcd(left, right), a - 1)  # the gcd after the move on i
    odd = (a & 1).astype(bool)
    odds = int(np.count_nonzero(odd))
    evens_after = (n - odds) + np.where(odd, 1, -1)
    odds_after = odds + np.where(odd, -1, 1)
    kept = (a >= 2) & (g % 2 == 1) & (evens_after % 2 == 0)  # parities kept; even count of evens
    winning = set(np.flatnonzero(kept & (odds_after >= 2)).tolist())  # and two odd numbers or more
    for i in np.flatnonzero((a >= 2) & ((g % 2 == 0) | (kept & (odds_after < 2)))).tolist():
        # at most three moves leave a single odd number (or none, before the halving): the rule decides
        after = a.copy()
        after[i] -= 1
        if decrementing_outcome(after // g[i]) == "P":
            winning.add(i)
    return sorted(winning)


class Decrementing(WholeRow):
    """Numbers with gcd 1: a move subtracts 1 from a number >= 2, then divides every number by the
    gcd of all of them; a player who cannot move (all numbers 1) loses (AtCoder AGC 010 D).

    A component is the tuple of numbers, in the order given (a move keeps the order).

    >>> import grundy
    >>> rules = grundy.ruleset("decrementing")
    >>> list(rules.moves((2, 3))), rules.grundy((3, 6, 7))
    ([(1, 3), (1, 1)], 1)
    >>> [m.text for m in grundy.solve(rules, [(3, 6, 7)]).winning_moves]
    ['3,6,7 -> 3,5,7', '3,6,7 -> 1,2,2']
    """

    component_kind = "numbers a1,a2,... (positive integers whose gcd is 1), e.g. 3,6,7"
    outcome_rule = ("Decrementing (AGC 010 D): an odd count of even numbers wins; an even count loses unless "
                    "exactly one number is odd and it is > 1, when the forced move on it halves everything and the "
                    "outcome flips")
    value_rule = ("Decrementing (AGC 010 D): values from the definition (mex of the options); one game alone by "
                  "the parity of its count of even numbers")

    def check(self, numbers: tuple[int, ...]) -> tuple[int, ...]:
        super().check(numbers)
        if 0 in numbers:
            raise self._reject(numbers, "the numbers must be positive integers")
        g = gcd(*numbers)
        if g != 1:
            raise self._reject(numbers, f"their gcd is {g}, but the game starts from numbers whose gcd is 1")
        return numbers

    def moves(self, numbers: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for i, x in enumerate(numbers):
            if x >= 2:
                yield self.after_move(numbers, i)

    @staticmethod
    def after_move(numbers: tuple[int, ...], i: int) -> tuple[int, ...]:
        """What subtracting 1 from number ``i`` leaves, after the division by the gcd."""
        return tuple(_divided([y - 1 if j == i else y for j, y in enumerate(numbers)]))

    def position_rule(self, components: list) -> Verdict | None:
        if len(components) != 1:
            return None  # a sum of several games: Grundy values
        numbers = components[0]
        outcome = decrementing_outcome(numbers)
        evens = sum(1 for x in numbers if x % 2 == 0)
        state = f"{evens} even and {len(numbers) - evens} odd number(s)"
        if outcome == "P":
            return Verdict("P", f"{self.outcome_rule}. Here {state}: the player to move loses.", grundy=0)
        winning = decrementing_winning_moves(numbers)
        listed = [(0, (self.after_move(numbers, i),), f"subtract 1 from number {i + 1} ({numbers[i]}): "
                   "leaves a lost position") for i in winning[:_listed(len(winning), len(numbers))]]
        return Verdict("N", f"{self.outcome_rule}. Here {state}: the player to move wins.", listed,
                       move_count=len(winning))


@register("decrementing", FAMILY, {
    "": "numbers with gcd 1: subtract 1 from a number >= 2, then divide all by their gcd (AGC 010 D; "
        "component 3,6,7)",
}, examples=("decrementing 3,6,7 2,3", "decrementing 1,4"))
def _decrementing(params: str | None) -> Decrementing:
    return Decrementing()


# -- Arpa's prime-power game ---------------------------------------------------------------------------------
MAX_NUMBER = 10**12  # numbers are factored by trial division


@lru_cache(maxsize=65536)
def factorize(n: int) -> tuple[tuple[int, int], ...]:
    """The prime factorisation of ``n >= 1`` as ``((p, e), ...)`` with p ascending (trial division).

    >>> factorize(360), factorize(1)
    (((2, 3), (3, 2), (5, 1)), ())
    """
    found = []
    for p in _trial_divisors():
        if p * p > n:
            break
        e = 0
        while n % p == 0:
            n //= p
            e += 1
        if e:
            found.append((p, e))
    if n > 1:
        found.append((n, 1))
    return tuple(found)


def _trial_divisors() -> Iterator[int]:
    """2, 3, then the numbers 6k ± 1 (every prime is among them)."""
    yield from (2, 3)
    p = 5
    while True:
        yield p
        yield p + 2
        p += 6


def exponent_moves(mask: int) -> list[int]:
    """The moves of one prime's game: bit e of ``mask`` says some number has exponent exactly e >= 1.

    Choosing k lowers every exponent e >= k by k and keeps those below k; exponent 0 is dropped.

    >>> [bin(m) for m in exponent_moves(0b1010)]  # exponents {1, 3}
    ['0b100', '0b10', '0b10']
    """
    return [((mask >> k) | (mask & ((1 << k) - 1))) & ~1 for k in range(1, mask.bit_length())]


class PrimePowers(Ruleset):
    """Arpa's game: choose a prime p and k >= 1 with p^k dividing some number; every number that
    p^k divides is divided by p^k (Codeforces 850C, *Arpa and a game with Mojtaba*).

    A move touches one prime only, and only the set of exponents of p matters (equal exponents move
    together), so the game is the sum over primes p of a game on a bitmask of exponents, valued
    from the definition with memoization.

    >>> import grundy
    >>> rules = grundy.ruleset("prime-powers")
    >>> rules.grundy((12, 18, 7)), list(rules.moves((4, 6)))
    (1, [(2, 3), (1, 6), (4, 2)])
    """

    value_rule = ("Arpa's game (Codeforces 850C): the sum over primes p of the game on the set of exponents of p, "
                  "each valued on bitmasks with memoization")
    component_kind = f"numbers a1,a2,... (at least one; each a positive integer at most {MAX_NUMBER:.0e}), e.g. 12,18,7"
    component_noun = "list"
    shape = Shape.PILES

    def __init__(self) -> None:
        super().__init__()
        self.masks = GrundyEngine(exponent_moves)

    def check(self, numbers: tuple[int, ...]) -> tuple[int, ...]:
        if not numbers:
            raise ComponentError(f"an empty list is not a component of {self.spec}: expected {self.component_kind}")
        for a in numbers:
            if not 1 <= a <= MAX_NUMBER:
                raise ComponentError(f"{self.format_component(numbers)!r} is not a component of {self.spec}: "
                                     f"{a} is not allowed; each number must be between 1 and {MAX_NUMBER:,}")
        return numbers

    def moves(self, numbers: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for p, top in self._top_exponents(numbers).items():
            for k in range(1, top + 1):
                power = p**k
                yield tuple(a // power if a % power == 0 else a for a in numbers)

    @staticmethod
    def _top_exponents(numbers: tuple[int, ...]) -> dict[int, int]:
        top: dict[int, int] = {}
        for a in numbers:
            for p, e in factorize(a):
                top[p] = max(top.get(p, 0), e)
        return top

    def exponent_masks(self, numbers: tuple[int, ...]) -> dict[int, int]:
        """For each prime p, the bitmask of the exponents e >= 1 of p among the numbers.

        >>> import grundy
        >>> {p: bin(m) for p, m in grundy.ruleset("prime-powers").exponent_masks((12, 18)).items()}
        {2: '0b110', 3: '0b110'}
        """
        masks: dict[int, int] = {}
        for a in numbers:
            for p, e in factorize(a):
                masks[p] = masks.get(p, 0) | 1 << e
        return masks

    def grundy(self, numbers: tuple[int, ...]) -> int:
        total = 0
        for mask in self.exponent_masks(self.validate(numbers)).values():
            total ^= self.masks.value(mask)
        return total

    def moves_to_value(self, numbers: tuple[int, ...], target: int) -> Iterator[Option]:
        numbers = self.validate(numbers)
        masks = self.exponent_masks(numbers)
        total = 0
        for mask in masks.values():
            total ^= self.masks.value(mask)
        for p, mask in masks.items():
            rest = total ^ self.masks.value(mask)
            for k, after in enumerate(exponent_moves(mask), start=1):
                if rest ^ self.masks.value(after) == target:
                    power = p**k
                    yield (tuple(a // power if a % power == 0 else a for a in numbers),)


@register("prime-powers", FAMILY, {
    "": "numbers a1,a2,...: pick a prime power p^k dividing one, divide all its multiples by it (Codeforces 850C)",
}, examples=("prime-powers 12,18,7", "prime-powers 8,4 9"))
def _prime_powers(params: str | None) -> PrimePowers:
    return PrimePowers()
