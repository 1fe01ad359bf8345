"""Cake-cutting games: a component ``m,n`` is a cake ``m`` tall and ``n`` wide.

- ``cutcake`` — Left cuts a cake **vertically** along a grid line (splitting its width ``n`` into two
  positive parts), Right **horizontally** (splitting its height ``m``); Winning Ways (2nd ed.),
  vol. 1, ch. 2 "Cutcakes"; Lessons in Play. Every position is an integer.
- ``maundy-cake`` — Left divides the width into ``k`` equal parts for a divisor ``k > 1`` of ``n``
  (leaving ``k`` cakes ``m, n/k``), Right the height the same way; Winning Ways vol. 1 ch. 2.

Turning a cake on its side (``m,n`` to ``n,m``) swaps the players: the negative. A ``1,1`` cake has no
moves and is dropped from the options. Eatcake (Winning Ways) is not provided: its rules could not
be checked against the book here.

>>> from grundy.partizan.cake import Cutcake, MaundyCake
>>> Cutcake().left_options((2, 3)), Cutcake().right_options((2, 3))
([((2, 1), (2, 2))], [((1, 3), (1, 3))])
>>> MaundyCake().left_options((1, 6)), MaundyCake().negate((1, 6))
([((1, 3), (1, 3)), ((1, 2), (1, 2), (1, 2)), ()], (6, 1))
"""

from __future__ import annotations

from grundy.partizan.ruleset import PartizanRuleset

Cake = tuple[int, int]
MAX_SIDE = 10_000  # larger cakes are refused (Maundy Cake leaves up to n pieces in one option)


def _live(*cakes: Cake) -> tuple:
    return tuple(cake for cake in cakes if cake != (1, 1))


class Cutcake(PartizanRuleset):
    """Cutcake: Left cuts vertically (width), Right horizontally (height), into two pieces."""

    spec = "cutcake"
    name = "Cutcake"
    component_kind = "a cake 'm,n': m tall and n wide, positive integers"
    example = "2,3"
    meaning = "Left cuts a cake vertically (splits the width n), Right horizontally (splits the height m)"
    reference = "Winning Ways vol. 1 ch. 2"

    def parse_component(self, text: str) -> Cake:
        if not isinstance(text, str):
            raise self.bad(repr(text), "a component is one string")
        parts = text.strip().split(",")
        if len(parts) != 2 or not all(p.strip().isdigit() and p.strip().isascii() for p in parts):
            raise self.bad(text, "two positive integers and a comma")
        m, n = (int(p) for p in parts)
        if m < 1 or n < 1:
            raise self.bad(text, "a side of 0")
        if max(m, n) > MAX_SIDE:
            raise self.bad(text, f"a side above {MAX_SIDE}")
        return (m, n)

    def format_component(self, position: Cake) -> str:
        return f"{position[0]},{position[1]}"

    def _cuts(self, length: int) -> list[tuple[int, ...]]:
        """The ways one side may be divided (each an increasing tuple of part lengths)."""
        return [(a, length - a) for a in range(1, length // 2 + 1)]

    def left_options(self, position: Cake) -> list[tuple]:
        m, n = position
        return [_live(*((m, part) for part in parts)) for parts in self._cuts(n)]

    def right_options(self, position: Cake) -> list[tuple]:
        m, n = position
        return [_live(*((part, n) for part in parts)) for parts in self._cuts(m)]

    def split(self, position: Cake) -> tuple:
        return _live(position)

    def negate(self, position: Cake) -> Cake:
        return (position[1], position[0])


class MaundyCake(Cutcake):
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
