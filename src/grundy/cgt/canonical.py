"""The canonical-form algebra: simplification, comparison, sums and negatives of short partizan games.

``{L | R}`` is simplified by repeating two steps until nothing changes (Siegel, *Combinatorial Game
Theory* (AMS 2013) ch. II.2; Lessons in Play ch. 4): remove dominated options, and bypass reversible
ones (a Left option G^L with some G^LR <= G is replaced by the Left options of that G^LR).
Comparison is :mod:`grundy.cgt.compare` (the recursive definition, with memo, number avoidance and
the stops as shortcuts, Siegel ch. II.1, II.3). Sums use number translation when one side is a number.

>>> star = nimber(1)
>>> from_options([0], [star]), from_options([0, star], [0]), add(star, star), times(from_options([0], [star]), 2)
(^, ^*, 0, ^^)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from grundy.cgt import nus
from grundy.cgt.compare import _le, _Raw
from grundy.cgt.game import (
    _LE,
    _NUMBERS,
    _SUMS,
    ZERO,
    CanonicalGame,
    CGTError,
    GameLike,
    _dyadic,
    _guarded,
    _intern,
    as_game,
    nimber,
    number,
)
from grundy.cgt.work import charge


@_guarded
def from_options(left: Iterable[GameLike], right: Iterable[GameLike]) -> CanonicalGame:
    """The canonical form of ``{left | right}``: dominated options removed, reversible ones bypassed.
    Each option read is a step of the work budget (:mod:`grundy.cgt.work`).

    >>> from_options([0], [0]), from_options([0, nimber(1)], [0]), from_options([], [])
    (*, ^*, 0)
    >>> from_options([-1], [1]), from_options([1], [1]), from_options([0], [from_options([0], [-1])])
    (0, 1*, Tiny(1))
    """
    return _canonical(_read_options(left, True), _read_options(right, False))


def _read_options(options: Iterable[GameLike], left: bool) -> list[CanonicalGame]:
    """The options as games, a step each; of the plain numbers (ints, Fractions) only Left's largest
    or Right's smallest is made a game, as it dominates the others."""
    if type(options) is list and all(type(x) is CanonicalGame for x in options):
        charge(len(options))  # the usual case (a search's options): games already
        return options
    if isinstance(options, (str, CanonicalGame)):
        raise CGTError(f"the options of a side are a list of games, not {options!r:.60}")
    try:
        found = iter(options)
    except TypeError:
        raise CGTError(f"the options of a side are a list of games, not {options!r:.60}") from None
    games: list[CanonicalGame] = []
    best: Fraction | None = None
    for x in found:
        charge(1)
        if isinstance(x, (int, Fraction)) and not isinstance(x, bool):
            x = _dyadic(x)
            if best is None or (x > best if left else x < best):
                best = x
        else:
            games.append(as_game(x))
    if best is not None:
        games.append(number(best))
    return games


def _canonical(left: list[CanonicalGame], right: list[CanonicalGame],
               apart: dict[CanonicalGame, int] | None = None,
               parts: tuple[CanonicalGame, CanonicalGame] | None = None) -> CanonicalGame:
    """Siegel ch. II.2: repeat (remove dominated options; bypass reversible ones) until nothing changes.
    Options that are all nimbers, the same for both players, give the nimber of their mex at once
    (Sprague-Grundy). ``apart`` maps options known to be pairwise incomparable to one group number
    (options of a sum G + H from one component's options: G^L1 + H, G^L2 + H are as incomparable
    as G^L1 and G^L2), never compared for domination; ``parts`` (g, h) when {L | R} = g + h, whose
    stops bound those of the form while it is simplified."""
    left = list(dict.fromkeys(left))
    right = list(dict.fromkeys(right))
    charge(1)
    mex = _impartial_mex(left, right)
    if mex is not None:
        return nimber(mex)
    g: _Raw | None = None
    while True:
        left = _undominated(left, True, apart)
        right = _undominated(right, False, apart)
        found = _number_between(left, right)
        if found is not None:
            return found
        if g is None:
            g = _Raw(left, right, parts)
        else:  # each pass keeps the value of {L | R}: the comparisons remembered so far still hold
            g.left, g.right = tuple(left), tuple(right)
        new_left, changed_left = _bypassed(left, g, True)
        new_right, changed_right = _bypassed(right, g, False)
        if not (changed_left or changed_right):
            return _intern(left, right)
        left, right = list(dict.fromkeys(new_left)), list(dict.fromkeys(new_right))
        charge(1)


def _impartial_mex(left: list[CanonicalGame], right: list[CanonicalGame]) -> int | None:
    """The mex of the options' nimbers when both sides are the same nimbers, else None."""
    if len(left) != len(right) or set(left) != set(right):
        return None
    values = {0 if g is ZERO else g._nim for g in left}
    if None in values:
        return None
    mex = 0
    while mex in values:
        mex += 1
    return mex


def _undominated(options: list[CanonicalGame], left: bool,
                 apart: dict[CanonicalGame, int] | None = None) -> list[CanonicalGame]:
    """The options no other option of the side dominates (for Left, a with no other b >= a; for
    Right, no other b <= a). Numbers and nimbers are sorted out among themselves without a search
    (numbers are ordered; *k <= x iff x > 0, x <= *k iff x < 0; distinct nimbers are fuzzy); the
    other options are compared with every option (:data:`PAIRS_A_STEP` pairs a step: most of them
    are remembered comparisons)."""
    numbers = [a for a in options if a._num is not None]
    nimbers = [a for a in options if a._nim is not None]
    general = [a for a in options if a._num is None and a._nim is None]
    simple: list[CanonicalGame] = []
    if numbers:
        best = max(numbers, key=_value) if left else min(numbers, key=_value)
        if not (nimbers and (best._num < 0 if left else best._num > 0)):
            simple.append(best)
    if nimbers and not (numbers and (best._num > 0 if left else best._num < 0)):
        simple.extend(nimbers)
    if not general:
        return [a for a in options if a in simple] if len(simple) < len(options) else options
    charge(len(general) * len(options) // PAIRS_A_STEP)
    apart = apart or _NONE_APART
    kept = {a for a in simple if not _beaten(a, general, left, apart)}
    kept.update(a for a in general if not _beaten(a, options, left, apart))
    return [a for a in options if a in kept]


_NONE_APART: dict[CanonicalGame, int] = {}


def _beaten(a: CanonicalGame, others: list[CanonicalGame], left: bool, apart: dict[CanonicalGame, int]) -> bool:
    """Whether another of ``others`` is at least as good as ``a`` for the side (>= a for Left, <= a for
    Right); those of a's group in ``apart`` are known not to be."""
    group = apart.get(a, 0)
    for b in others:
        if b is a or (group and apart.get(b) == group):
            continue
        if _le(a, b) if left else _le(b, a):
            return True
    return False


PAIRS_A_STEP = 4  # pairs of options looked at for domination that count as one step of work


def _value(g: CanonicalGame) -> Fraction:
    return g._num  # type: ignore[return-value]


def _bypassed(options: list[CanonicalGame], g: _Raw, left: bool) -> tuple[list[CanonicalGame], bool]:
    """The side's options with the reversible ones bypassed: a Left option a is reversible through a
    Right option ar of a with ar <= G (then Left's move to a is answered by ar, and a gives way to the
    Left options of ar); likewise for Right. Returns the new options and whether any changed."""
    found: list[CanonicalGame] = []
    changed = False
    for a in options:
        for answer in _answers(a, left):
            if _le(answer, g) if left else _le(g, answer):
                found.extend(answer.left if left else answer.right)
                changed = True
                break
        else:
            found.append(a)
    return found, changed


def _answers(a: CanonicalGame, left: bool) -> Iterable[CanonicalGame]:
    """The opponent's options in ``a`` (Right's when ``a`` is Left's), a step each; a nimber's one by
    one, not all made at once (0 first, which bypasses most)."""
    if a._nim is not None:
        for k in range(a._nim):
            charge(1)
            yield nimber(k)
        return
    answers = a.right if left else a.left
    charge(len(answers))
    yield from answers


def _number_between(left: list[CanonicalGame], right: list[CanonicalGame]) -> CanonicalGame | None:
    """The simplest number when the (undominated) options are numbers with every left one below every right one."""
    if len(left) > 1 or len(right) > 1:
        return None
    lo = left[0]._num if left else None
    hi = right[0]._num if right else None
    if (left and lo is None) or (right and hi is None):
        return None
    if lo is not None and hi is not None and lo >= hi:
        return None
    return _number(simplest_between(lo, hi))


def _number(x: Fraction) -> CanonicalGame:
    """:func:`number` of a dyadic Fraction the algebra made (a sum, a simplest number): the kept game
    when there is one, without checking the Fraction again."""
    g = _NUMBERS.get(x)
    return g if g is not None else number(x)


def simplest_between(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """The simplest number strictly between ``lo`` and ``hi`` (``None``: unbounded) — the simplicity rule.

    >>> simplest_between(Fraction(1, 2), Fraction(1)), simplest_between(None, Fraction(-3, 2)), simplest_between(-3, 5)
    (Fraction(3, 4), Fraction(-2, 1), Fraction(0, 1))
    >>> simplest_between(1, 0)
    Traceback (most recent call last):
    ...
    grundy.cgt.game.CGTError: no number lies strictly between 1 and 0: give lo < hi (None for no bound)
    """
    lo, hi = _bound(lo), _bound(hi)
    if lo is not None and hi is not None and lo >= hi:
        raise CGTError(f"no number lies strictly between {lo} and {hi}: give lo < hi (None for no bound)")
    if lo is None and hi is None:
        return Fraction(0)
    if lo is None:
        return Fraction(0) if hi > 0 else Fraction(math.ceil(hi) - 1)
    if hi is None:
        return Fraction(0) if lo < 0 else Fraction(math.floor(lo) + 1)
    if lo < 0 < hi:
        return Fraction(0)
    n = math.floor(lo) + 1 if lo >= 0 else math.ceil(hi) - 1
    if lo < n < hi:
        return Fraction(n)
    p, q, r, s = lo.numerator, lo.denominator, hi.numerator, hi.denominator
    k = 1
    while True:  # the first m / 2^k above lo that is below hi, in integers (no Fraction arithmetic)
        m = (p << k) // q + 1
        if m * s < r << k:
            return Fraction(m, 1 << k)
        k += 1


def _bound(x: Any) -> Fraction | None:
    """A bound of :func:`simplest_between` as a Fraction (None stays None)."""
    if x is None:
        return None
    if isinstance(x, bool) or not isinstance(x, (int, Fraction)):
        raise CGTError(f"a bound is an int, a Fraction or None, not {x!r:.60}")
    return Fraction(x)


# The stops decide g <= h in _le when they can (Siegel ch. II.3; Lessons in Play ch. 6): g <= h needs
# L(g) <= L(h) and R(g) <= R(h); and a number x is above every G with L(G) < x and below every G with
# R(G) > x. The stops are read as floats, whose rounding keeps every strict order it shows.


# -- sums, negatives -----------------------------------------------------------------------------------


@_guarded
def add(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    """The canonical form of ``g + h`` (memoised; numbers translate, Siegel ch. II.3).

    >>> add(nimber(1), nimber(3)), add(number(1), nimber(1))
    (*2, 1*)
    """
    return _add(g if type(g) is CanonicalGame else as_game(g), h if type(h) is CanonicalGame else as_game(h))


def _add(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    gn, hn = g._num, h._num
    if gn is not None and hn is not None:
        return _number(gn + hn)
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    a, b = g._nim, h._nim
    if a is not None and b is not None:  # nim addition: *a + *b = *(a xor b)
        return nimber(a ^ b)
    key = (g.uid, h.uid) if g.uid < h.uid else (h.uid, g.uid)
    found = _SUMS.get(key)
    if found is not None:
        return found
    charge(1)
    ta, tb = nus.triple(g), nus.triple(h)
    if ta is not None and tb is not None:  # numbers, ups and stars add in closed form
        result = _SUMS[key] = nus.add(ta, tb)
        return result
    if gn is not None:
        g, h = h, g
    if h._num is not None:  # number translation: G + x = {G^L + x | G^R + x} when G is not a number
        left = [_add(gl, h) for gl in g.left]
        right = [_add(gr, h) for gr in g.right]
        apart = _groups((left, 1), (right, 2))
    else:
        left_g, left_h = [_add(gl, h) for gl in g.left], [_add(g, hl) for hl in h.left]
        right_g, right_h = [_add(gr, h) for gr in g.right], [_add(g, hr) for hr in h.right]
        apart = _groups((left_g, 1), (left_h, 2), (right_g, 3), (right_h, 4))
        left, right = left_g + left_h, right_g + right_h
    result = _SUMS[key] = _canonical(left, right, apart, (g, h))
    return result


def _groups(*groups: tuple[list[CanonicalGame], int]) -> dict[CanonicalGame, int]:
    """Each option to the number of its group (the first when it is in two): the options of a canonical
    form are pairwise incomparable, and so are they all plus one game (G + X <= H + X iff G <= H)."""
    apart: dict[CanonicalGame, int] = {}
    for options, number_ in groups:
        for x in options:
            apart.setdefault(x, number_)
    return apart


@_guarded
def negate(g: CanonicalGame) -> CanonicalGame:
    """``-g`` = {-g^R | -g^L}, canonical when g is."""
    return _neg(as_game(g))


def _neg(g: CanonicalGame) -> CanonicalGame:
    if g._num is not None:
        return number(-g._num)
    if g._nim is not None:
        return g
    t = nus.triple(g)
    if t is not None:
        return nus.make(-t[0], -t[1], t[2])
    found = g._cache.get("neg")
    if found is None:
        found = _intern([_neg(r) for r in g.right], [_neg(x) for x in g.left])
        g._cache["neg"] = found
        found._cache["neg"] = g
    return found


@_guarded
def times(g: CanonicalGame, n: int) -> CanonicalGame:
    """``n.G``: the sum of ``n`` copies of g (of -g when n < 0), by doubling.

    >>> times(from_options([0], [nimber(1)]), 3)
    ^3
    """
    g = g if type(g) is CanonicalGame else as_game(g)
    if type(n) is not int and (isinstance(n, bool) or not isinstance(n, int)):
        raise CGTError(f"a count of copies is an int, not {n!r:.60}")
    t = nus.triple(g)
    if t is not None:  # x + k.^ + *m: n copies in closed form
        return nus.make(t[0] * n if t[0] else t[0], n * t[1], t[2] if n & 1 else 0)
    if n < 0:
        g, n = negate(g), -n
    result, power = ZERO, g
    while n:
        if n & 1:
            result = add(result, power)
        n >>= 1
        if n:
            power = add(power, power)
    return result


def clear_caches() -> None:
    """Forget memoised sums and comparisons (interned forms stay, so identity still means equality)."""
    _LE.clear()
    _SUMS.clear()
