"""Cake-cutting games: a component ``m,n`` is a cake ``m`` tall and ``n`` wide.

- ``cutcake`` — Left cuts a cake **vertically** along a grid line (splitting its width ``n`` into two
  positive parts), Right **horizontally** (splitting its height ``m``); Winning Ways (2nd ed.),
  vol. 1, ch. 2 "Cutcakes"; Lessons in Play. Every position is an integer, given by a formula (see
  :func:`cutcake_value`), so even a cake 10,000 wide needs no search.
- ``maundy-cake`` — Left divides the width into ``k`` equal parts for a divisor ``k > 1`` of ``n``
  (leaving ``k`` cakes ``m, n/k``), Right the height the same way; Winning Ways vol. 1 ch. 2.

- ``eatcake`` — Left eats one whole **column** (a vertical strip of unit width, the cake's full height)
  from a cake, Right one whole **row**; what is left of the cake, if anything, stays as one or two
  cakes (two when the strip eaten was not at an edge). Winning Ways names Eatcake among its cake
  games; the rule here is the one just stated (the book itself could not be consulted while writing
  it), and the tests check its values against a plain search of that rule. Both players can move
  while any cake remains, so every position is all-small (an infinitesimal with an atomic weight):
  ``1,1`` is ``*`` (either player eats it), ``1,2`` is ``v`` (Right eats the row at one bite, Left
  needs two), ``2,2`` is ``{^|v}`` = ``*``.

Turning a cake on its side (``m,n`` to ``n,m``) swaps the players: the negative. In Cutcake and Maundy
Cake a ``1,1`` cake has no moves and is dropped from the options; in Eatcake only eaten cake goes.

>>> from grundy.partizan.cake import Cutcake, Eatcake, MaundyCake
>>> Cutcake().left_options((2, 3)), Cutcake().right_options((2, 3))
([((2, 1), (2, 2))], [((1, 3), (1, 3))])
>>> MaundyCake().left_options((1, 6)), MaundyCake().negate((1, 6))
([((1, 3), (1, 3)), ((1, 2), (1, 2), (1, 2)), ()], (6, 1))
>>> Eatcake().left_options((2, 3)), Eatcake().right_options((2, 3))
([((2, 2),), ((2, 1), (2, 1))], [((1, 3),)])
"""

from __future__ import annotations

import math

from grundy.core import limits
from grundy.core.errors import LimitError
from grundy.partizan.ruleset import PartizanRuleset

Cake = tuple[int, int]
MAX_SIDE = 10_000  # larger cakes are refused (Maundy Cake leaves up to n pieces in one option)


def cutcake_value(m: int, n: int) -> int:
    """The value of an ``m`` tall, ``n`` wide Cutcake cake: for ``n >= m`` it is
    ``n // 2**(k - 1) - 1`` where ``k`` is the number of binary digits of ``m``, and a cake turned on
    its side is the negative (Winning Ways vol. 1 ch. 2, the table of Cutcake values; the tests check
    it against a search of the rules).

    >>> cutcake_value(1, 4), cutcake_value(2, 4), cutcake_value(3, 3), cutcake_value(4, 2), cutcake_value(3, 16)
    (3, 1, 0, -1, 7)
    """
    if n < m:
        return -cutcake_value(n, m)
    return n // (1 << (m.bit_length() - 1)) - 1


def prime_factors(n: int) -> list[int]:
    """The prime factors of ``n`` with repeats, smallest first (trial division: sides are small).

    >>> prime_factors(360), prime_factors(1)
    ([2, 2, 2, 3, 3, 5], [])
    """
    found, p = [], 2
    while p * p <= n:
        while n % p == 0:
            found.append(p)
            n //= p
        p += 1
    return found + ([n] if n > 1 else [])


def strip_moves(n: int) -> int:
    """The value of a ``1,n`` Maundy cake, where Left alone can move: the most cuts she can make, by
    dividing by the largest prime first: ``1 + p1 + p1 p2 + ... + p1 ... p(s-1)`` for the prime
    factors ``p1 >= p2 >= ... >= ps`` of ``n``.

    >>> [strip_moves(n) for n in (1, 2, 6, 12, 16)]
    [0, 1, 4, 10, 15]
    """
    total, product = 0, 1
    for p in reversed(prime_factors(n)):
        total += product
        product *= p
    return total


def maundy_value(m: int, n: int) -> int:
    """The value of an ``m`` tall, ``n`` wide Maundy cake: take away the ``r`` smallest prime factors
    of both sides, ``r`` the fewer prime factors (with repeats) of the two; one side is then 1, and
    the value is the moves its player alone has on the other: ``strip_moves`` of the width for Left,
    minus that of the height for Right (Winning Ways vol. 1 ch. 2; the tests check it against a
    search of the rules).

    >>> maundy_value(1, 6), maundy_value(2, 4), maundy_value(12, 2), maundy_value(5040, 5040)
    (4, 1, -4, 0)
    """
    tall, wide = prime_factors(m), prime_factors(n)
    r = min(len(tall), len(wide))
    left = math.prod(wide[r:])
    right = math.prod(tall[r:])
    return strip_moves(left) - strip_moves(right)


class CakeGame(PartizanRuleset):
    """What the cake games share: a cake ``m,n``, Left dividing the width and Right the height in
    the ways :meth:`_cuts` lists, and the pieces that can still be played (:meth:`_live`) staying."""

    component_kind = "a cake 'm,n': m tall and n wide, positive integers"

    def parse_component(self, text: str) -> Cake:
        if not isinstance(text, str):
            raise self.bad(repr(text), "a component is one string")
        parts = text.strip().split(",")
        if len(parts) != 2 or not all(p.strip().isdigit() and p.strip().isascii() for p in parts):
            raise self.bad(text, "two positive integers and a comma")
        try:
            m, n = (limits.parse_int(p) for p in parts)
        except LimitError:
            raise self.bad(text, f"a side above {MAX_SIDE}") from None
        return self._sides(m, n, text)

    def component(self, position: object) -> Cake:
        if not (isinstance(position, (tuple, list)) and len(position) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in position)):
            raise self.bad(repr(position), "a cake is a pair of positive integers (m, n)")
        return self._sides(position[0], position[1], repr(position))

    def _sides(self, m: int, n: int, shown: str) -> Cake:
        """The cake m x n, its sides checked (``shown`` names it in an error)."""
        if m < 1 or n < 1:
            raise self.bad(shown, "a side of 0")
        if max(m, n) > MAX_SIDE:
            raise self.bad(shown, f"a side above {MAX_SIDE}")
        return (m, n)

    def format_component(self, position: Cake) -> str:
        return f"{position[0]},{position[1]}"

    def _cuts(self, length: int) -> list[tuple[int, ...]]:
        """The ways one side may be divided (each an increasing tuple of part lengths)."""
        raise NotImplementedError

    def _live(self, *cakes: Cake) -> tuple:
        """The cakes that still have a move in them (a 1 x 1 cake cannot be cut)."""
        return tuple(cake for cake in cakes if cake != (1, 1))

    def left_options(self, position: Cake) -> list[tuple]:
        m, n = position
        return [self._live(*((m, part) for part in parts)) for parts in self._cuts(n)]

    def right_options(self, position: Cake) -> list[tuple]:
        m, n = position
        return [self._live(*((part, n) for part in parts)) for parts in self._cuts(m)]

    def split(self, position: Cake) -> tuple:
        return self._live(position)

    def negate(self, position: Cake) -> Cake:
        return (position[1], position[0])


class Cutcake(CakeGame):
    """Cutcake: Left cuts vertically (width), Right horizontally (height), into two pieces."""

    spec = "cutcake"
    name = "Cutcake"
    example = "2,3"
    meaning = "Left cuts a cake vertically (splits the width n), Right horizontally (splits the height m)"
    reference = "Winning Ways vol. 1 ch. 2"

    def _cuts(self, length: int) -> list[tuple[int, ...]]:
        return [(a, length - a) for a in range(1, length // 2 + 1)]

    def known_value(self, position: Cake) -> object | None:
        from grundy.cgt.game import number

        return number(cutcake_value(*position))


class MaundyCake(CakeGame):
    """Maundy Cake: a side is divided into k equal parts, k a divisor greater than 1."""

    spec = "maundy-cake"
    name = "Maundy Cake"
    example = "3,6"
    meaning = ("Left divides the width n into k equal parts (k > 1 divides n), Right the height m; "
               "the k pieces stay")
    reference = "Winning Ways vol. 1 ch. 2"

    def _cuts(self, length: int) -> list[tuple[int, ...]]:
        divisors = [k for k in range(2, length + 1) if length % k == 0]
        return [(length // k,) * k for k in divisors]

    def known_value(self, position: Cake) -> object | None:
        from grundy.cgt.game import number

        return number(maundy_value(*position))


class Eatcake(CakeGame):
    """Eatcake: Left eats a whole column of one cake, Right a whole row; the rest stays, in one or two cakes."""

    spec = "eatcake"
    name = "Eatcake"
    example = "2,3"
    meaning = ("Left eats a whole column of a cake (a strip 1 wide), Right a whole row; "
               "what is left stays as one or two cakes")
    reference = "Winning Ways (named there; the rule as stated in this module)"

    def _cuts(self, length: int) -> list[tuple[int, ...]]:
        """Eat the strip after the first ``a`` units: ``a`` and ``length - 1 - a`` remain (0 is none)."""
        return [(a, length - 1 - a) for a in range((length - 1) // 2 + 1)]

    def _live(self, *cakes: Cake) -> tuple:
        """The cakes left (a side of 0 is no cake); any cake, even 1 x 1, can still be eaten."""
        return tuple(cake for cake in cakes if min(cake) > 0)
