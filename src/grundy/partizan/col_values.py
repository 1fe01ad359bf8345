"""Col positions valued as numbers and stars, without the general canonical-form algebra.

**Theorem** (Conway, *On Numbers and Games*, and Winning Ways (2nd ed.) vol. 1 ch. 2, "Col"):
the value of every Col position is a number x or a number plus star, x*. So a position's value is
a pair (x, s), s = 1 for the star, and a sum of pieces is (the sum of the x, the xor of the s). The
value of ``G = {G^L | G^R}`` follows from its options' pairs by two theorems of the general theory
(Siegel, *Combinatorial Game Theory* (AMS 2013), ch. II.3):

- **simplicity**: if some number x has ``G^L <| x <| G^R`` for every option, G is the simplest such
  x; for options that are numbers or numbers plus star, ``a <| x`` means a < x and ``a* <| x`` means
  a <= x (and on the right, ``x <| b`` is x < b, ``x <| b*`` is x <= b): an interval of numbers;
- **number avoidance**: otherwise G is no number, so by the theorem above G = x*; then G >= y for
  a number y exactly when no ``G^R <= y``, which makes x the least number part of Right's options,
  reached by one of them with no star, and likewise the greatest of Left's.

Numbers are kept as integers counting ``2**-SCALE``: a game of n vertices lasts at most n moves, so
its birthday, and the power of two under its value, is at most n; a piece of more than ``SCALE``
vertices is left to the general search (:mod:`grundy.partizan.values`), which values its smaller
followers here. The work budget is charged as that search charges it, a position at a time.
The tests check every value against the general search on many small graphs.

>>> from grundy.partizan.col_values import col_value
>>> col_value(".", ()), col_value("..", ((0, 1),)), col_value("l.", ((0, 1),))
(*, 0, 1/2)
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from grundy.partizan.graph_pieces import Board, Masks, along_path

SCALE = 64  # numbers are counted in 2**-SCALE; a piece of more vertices is searched in general
ONE = 1 << SCALE
KEPT = 1 << 16  # the values kept between questions; past it they start afresh
Pair = tuple[int, int]  # (the number, in 2**-SCALE, and 1 when plus star)

_values: dict[Hashable, Pair] = {}  # by piece key (Board.key)


class _NotNumberish(Exception):
    """Options whose values do not fit the theorem (never raised for a Col position)."""


def col_value(tints: str, edges: tuple) -> Any:
    """The value (a :class:`~grundy.cgt.CanonicalGame`) of a connected Col position ``(tints, edges)``
    (as :mod:`grundy.partizan.snort_col` keeps it), or None when it has more than ``SCALE`` vertices."""
    from grundy.cgt.game import nimber, number
    from grundy.core.work import metered

    if len(tints) > SCALE:
        return None
    board = Board(*along_path((tints, edges)))  # a path numbered along it: its pieces are runs of bits
    if len(board.parts(board.start[0])) != 1:
        return None
    with metered() as meter:
        try:
            x, star = _search(board, meter)
        except _NotNumberish:  # pragma: no cover - the theorem says it cannot happen
            return None
    found = number(Fraction(x, ONE))
    return found + nimber(1) if star else found


def _search(board: Board, meter: Any) -> Pair:
    """The pair of ``board.start``, searched with an explicit stack as the general search does: the
    pairs found kept by piece key between questions, and by mask position within this one."""
    from grundy.core.work import charge

    if len(_values) > KEPT:
        _values.clear()
    values, keys = _values, _Keys(board)
    local: dict[Masks, Pair] = {}
    pending: dict[Masks, tuple[list, list]] = {}
    stack = [board.start]
    while stack:
        top = stack[-1]
        if top in local:
            stack.pop()
            continue
        options = pending.get(top)
        if options is None:
            found = values.get(keys.of(top))
            if found is None:  # the negative (tints swapped) valued already: its value negated
                found = values.get(keys.of((top[0], top[2], top[1])))
                found = None if found is None else (-found[0], found[1])
            if found is not None:
                local[top] = found
                stack.pop()
                continue
            charge(1 + keys.cost(top))  # as listing a position's moves does in the general search
            options = pending[top] = (board.moves(top, True, True), board.moves(top, False, True))
            parts = [piece for side in options for option in side for piece in option]
            charge(len(parts))
            unknown = [piece for piece in parts if piece not in local]
            if unknown:
                stack.extend(unknown)
                continue
        stack.pop()
        del pending[top]
        charge(len(options[0]) + len(options[1]))
        local[top] = values[keys.of(top)] = _from_options([_sum(o, local) for o in options[0]],
                                                          [_sum(o, local) for o in options[1]])
        meter.positions += 1
    return local[board.start]


class _Keys:
    """The piece key of each mask position of one board, and the steps of listing its moves, worked
    out once."""

    __slots__ = ("board", "known")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.known: dict[Masks, tuple[Hashable, int]] = {}

    def of(self, position: Masks) -> Hashable:
        """The piece key of the position (:meth:`Board.key`)."""
        found = self.known.get(position)
        if found is None:
            found = self.known[position] = self.board.key(position)
        return found[0]

    def cost(self, position: Masks) -> int:
        """The steps of listing the position's moves: as ``Snort.listing_cost``, v (v + e)."""
        self.of(position)
        return self.known[position][1]


def _sum(option: tuple[Masks, ...], local: dict[Masks, Pair]) -> Pair:
    """The pair of a sum of pieces: the numbers added, the stars cancelled in twos."""
    x = star = 0
    for piece in option:
        y, s = local[piece]
        x += y
        star ^= s
    return x, star


def _from_options(lefts: list[Pair], rights: list[Pair]) -> Pair:
    """The pair of ``{lefts | rights}`` by the simplicity and number-avoidance theorems (see above)."""
    # 2 x - s at its greatest: Left's greatest number part x, odd when every option reaching it has a
    # star (then x itself is not barred); 2 x + s at its least, likewise for Right
    lo_code = max([2 * x - s for x, s in lefts]) if lefts else None
    hi_code = min([2 * x + s for x, s in rights]) if rights else None
    lo = None if lo_code is None else (lo_code + 1) >> 1
    hi = None if hi_code is None else hi_code >> 1
    lo_in, hi_in = lo_code is not None and lo_code & 1 == 1, hi_code is not None and hi_code & 1 == 1
    if lo is None or hi is None or lo < hi or (lo == hi and lo_in and hi_in):
        return _simplest(lo, lo_in, hi, hi_in), 0
    if lo == hi and not lo_in and not hi_in:
        return lo, 1
    raise _NotNumberish


def _simplest(lo: int | None, lo_in: bool, hi: int | None, hi_in: bool) -> int:
    """The simplest number (in ``2**-SCALE``) above ``lo`` and below ``hi`` (either may be None: no
    bound; ``lo_in``, ``hi_in``: the bound itself allowed): the integer nearest 0, else the number
    of least denominator."""

    def inside(x: int) -> bool:
        return ((lo is None or x > lo or (lo_in and x == lo))
                and (hi is None or x < hi or (hi_in and x == hi)))

    if inside(0):
        return 0
    step = ONE
    while step:
        if lo is not None and lo >= 0:  # the least multiple of step allowed above lo
            x = -(-lo // step) * step
            x += step if x == lo and not lo_in else 0
        else:  # the greatest multiple allowed below hi (hi <= 0)
            x = hi // step * step  # type: ignore[operator]
            x -= step if x == hi and not hi_in else 0
        if inside(x):
            return x
        step >>= 1
    raise _NotNumberish  # pragma: no cover - a number of birthday <= SCALE lies between
