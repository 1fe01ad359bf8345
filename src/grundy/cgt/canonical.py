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

from collections.abc import Iterable, Iterator
from fractions import Fraction

from grundy.cgt import nus
from grundy.cgt.compare import _le, _le_raw, _Raw, _stops
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
from grundy.cgt.simplest import simplest_between
from grundy.core.work import charge


@_guarded
def from_options(left: Iterable[GameLike], right: Iterable[GameLike]) -> CanonicalGame:
    """The canonical form of ``{left | right}``: dominated options removed, reversible ones bypassed.
    Each option read is a step of the work budget (:mod:`grundy.core.work`).

    Examples
    --------
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
               apart: dict[int, int] | None = None,
               parts: tuple[CanonicalGame, CanonicalGame] | None = None) -> CanonicalGame:
    """Siegel ch. II.2: repeat (remove dominated options; bypass reversible ones) until nothing changes.
    Options that are all nimbers, the same for both players, give the nimber of their mex at once
    (Sprague-Grundy). ``apart`` maps the uids of options known to be pairwise incomparable to one
    group number (options of a sum G + H from one component's options: G^L1 + H, G^L2 + H are as
    incomparable as G^L1 and G^L2), never compared for domination; ``parts`` (g, h) when
    {L | R} = g + h, whose stops bound those of the form while it is simplified."""
    left, right = _distinct(left), _distinct(right)
    charge(1)
    if len(left) == len(right) and left and (left[0] is ZERO or left[0]._nim is not None):
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
        new_left, changed_left, read_left = _bypassed(left, g, True)
        new_right, changed_right, read_right = _bypassed(right, g, False)
        if not (changed_left or changed_right):
            charge(read_left + read_right)
            return _intern(left, right)
        left, right = _distinct(new_left), _distinct(new_right)
        charge(read_left + read_right + 1)  # the answers read, and one more pass


def _distinct(options: list[CanonicalGame]) -> list[CanonicalGame]:
    """The options without repeats, in their order (interned forms: one uid per value)."""
    n = len(options)
    if n < 3:
        return options if n < 2 or options[0] is not options[1] else options[:1]
    by_uid = {a.uid: a for a in options}
    return options if len(by_uid) == len(options) else list(by_uid.values())


def _impartial_mex(left: list[CanonicalGame], right: list[CanonicalGame]) -> int | None:
    """The mex of the options' nimbers when both sides are the same nimbers, else None."""
    values = {0 if g is ZERO else g._nim for g in left}
    if None in values or values != {0 if g is ZERO else g._nim for g in right}:
        return None
    mex = 0
    while mex in values:
        mex += 1
    return mex


def _undominated(options: list[CanonicalGame], left: bool,
                 apart: dict[int, int] | None = None) -> list[CanonicalGame]:
    """The options no other option of the side dominates (for Left, a with no other b >= a; for
    Right, no other b <= a). Numbers and nimbers are sorted out among themselves without a search
    (numbers are ordered; *k <= x iff x > 0, x <= *k iff x < 0; distinct nimbers are fuzzy); the
    other options are compared with every option (:data:`PAIRS_A_STEP` pairs a step: most of them
    are remembered comparisons)."""
    if len(options) < 2:
        return options
    general: list[CanonicalGame] = []
    best: CanonicalGame | None = None
    nimbers = False
    for a in options:
        if a._num is not None:
            if best is None or _better(a, best, left):
                best = a
        elif a._nim is not None:
            nimbers = True
        else:
            general.append(a)
    sign = 0 if best is None else best._num.numerator  # type: ignore[union-attr]
    keep_best = best is not None and not (nimbers and (sign < 0 if left else sign > 0))
    keep_nimbers = nimbers and not (sign > 0 if left else sign < 0)
    if len(general) * len(options) >= PAIRS_A_STEP:
        charge(len(general) * len(options) // PAIRS_A_STEP)
    apart = apart or _NONE_APART
    kept = []
    for a in options:
        if a._num is not None:
            if a is best and keep_best and not _beaten(a, general, left, apart):
                kept.append(a)
        elif a._nim is not None:
            if keep_nimbers and not _beaten(a, general, left, apart):
                kept.append(a)
        elif not _beaten(a, options, left, apart):
            kept.append(a)
    return options if len(kept) == len(options) else kept


_NONE_APART: dict[int, int] = {}


def _better(x: CanonicalGame, y: CanonicalGame, left: bool) -> bool:
    """Whether the number x is better than the number y for the side (larger for Left): in floats
    when they differ (rounding keeps every strict order it shows), else exactly."""
    a, b = (x._fs or _stops(x))[0], (y._fs or _stops(y))[0]
    if a != b:
        return a > b if left else a < b
    return x._num > y._num if left else x._num < y._num  # type: ignore[operator]


def _beaten(a: CanonicalGame, others: list[CanonicalGame], left: bool, apart: dict[int, int]) -> bool:
    """Whether another of ``others`` is at least as good as ``a`` for the side (>= a for Left, <= a for
    Right); those of a's group in ``apart`` are known not to be."""
    group = apart.get(a.uid, 0) if apart else 0
    for b in others:
        if b is a or (group and apart.get(b.uid) == group):
            continue
        if _le(a, b) if left else _le(b, a):
            return True
    return False


PAIRS_A_STEP = 4  # pairs of options looked at for domination that count as one step of work


def _bypassed(options: list[CanonicalGame], g: _Raw, left: bool) -> tuple[list[CanonicalGame], bool, int]:
    """The side's options with the reversible ones bypassed: a Left option a is reversible through a
    Right option ar of a with ar <= G (then Left's move to a is answered by ar, and a gives way to the
    Left options of ar); likewise for Right. Returns the new options, whether any changed, and the
    answers read (steps of the work budget, which the caller counts; a nimber's are counted here)."""
    found: list[CanonicalGame] = []
    changed = False
    steps = 0
    for a in options:
        if a._nim is None:
            answers = a.right if left else a.left
            steps += len(answers)
        else:
            answers = _nimber_answers(a._nim)
        for answer in answers:
            if _le_raw(answer, g) if left else _le_raw(g, answer):
                found.extend(answer.left if left else answer.right)
                changed = True
                break
        else:
            found.append(a)
    return found, changed, steps


def _nimber_answers(n: int) -> Iterator[CanonicalGame]:
    """The options of ``*n`` (either player's), a step each, made one by one (0 first, which bypasses
    most), not all at once."""
    for k in range(n):
        charge(1)
        yield nimber(k)


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


# The stops decide g <= h in _le when they can (Siegel ch. II.3; Lessons in Play ch. 6): g <= h needs
# L(g) <= L(h) and R(g) <= R(h); and a number x is above every G with L(G) < x and below every G with
# R(G) > x. The stops are read as floats, whose rounding keeps every strict order it shows.


# -- sums, negatives -----------------------------------------------------------------------------------


def add(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    """The canonical form of ``g + h`` (memoised; numbers translate, Siegel ch. II.3). Sums of
    x + n.^ + *m are made in closed form at once; the others run under the work budget.

    Examples
    --------
    >>> add(nimber(1), nimber(3)), add(number(1), nimber(1))
    (*2, 1*)
    """
    g = g if type(g) is CanonicalGame else as_game(g)
    h = h if type(h) is CanonicalGame else as_game(h)
    ta, tb = g._t, h._t
    if ta is not None and tb is not None:  # a few integer and Fraction operations: no search to meter
        return nus.add(ta, tb)
    return _metered_add(g, h)


def _add(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    key = (g.uid, h.uid) if g.uid < h.uid else (h.uid, g.uid)
    found = _SUMS.get(key)
    if found is not None:
        return found
    gn, hn = g._num, h._num
    if gn is not None and hn is not None:  # remembered too: Fraction arithmetic costs more than a look-up
        result = _SUMS[key] = _number(gn + hn)
        return result
    a, b = g._nim, h._nim
    if a is not None and b is not None:  # nim addition: *a + *b = *(a xor b)
        return nimber(a ^ b)
    charge(1)
    ta, tb = g._t, h._t  # nus.triple, read inline
    if ta is not None and tb is not None:  # numbers, ups and stars add in closed form
        result = _SUMS[key] = nus.add(ta, tb)
        return result
    if gn is not None:
        g, h = h, g
    if h._num is not None:  # number translation, already canonical (see _translated)
        result = _SUMS[key] = _translated(g, h)
        return result
    left_g, left_h = [_add(gl, h) for gl in g.left], [_add(g, hl) for hl in h.left]
    right_g, right_h = [_add(gr, h) for gr in g.right], [_add(g, hr) for hr in h.right]
    apart = _groups((left_g, 1), (left_h, 2), (right_g, 3), (right_h, 4))
    result = _SUMS[key] = _canonical(left_g + left_h, right_g + right_h, apart, (g, h))
    return result


def _translated(g: CanonicalGame, x: CanonicalGame) -> CanonicalGame:
    """``g + x`` for a number x and a canonical g that is not a number: {g^L + x | g^R + x}, which is
    canonical as it stands (an option a step of the work budget).

    The Number Translation Theorem (Siegel, *Combinatorial Game Theory* ch. II.3; Lessons in Play
    ch. 6) gives the value; the form has nothing to simplify. No option dominates another, as
    g^L1 + x <= g^L2 + x iff g^L1 <= g^L2. No Left option a = g^L + x is reversible: when g^L is not a
    number, a's canonical Right options are g^LR + x (by induction), and g^LR + x <= g + x would make
    g^LR <= g, impossible in the canonical g; when g^L = y is a number, a's Right option is a number
    z > y + x, and z <= g + x would give w = z - x <= g with w > y, so L(g) >= R(g) >= w (g is not a
    number), so some Left option A of g has R(A) >= w > y, hence A > y (Lessons in Play ch. 6: a
    right stop above a number puts the game above it), and A would dominate y in the canonical g.
    Right's options mirror this."""
    left, right = g.left, g.right
    charge(len(left) + len(right))
    return _intern([_add(gl, x) for gl in left], [_add(gr, x) for gr in right])


_metered_add = _guarded(_add)


def _groups(*groups: tuple[list[CanonicalGame], int]) -> dict[int, int]:
    """Each option's uid to the number of its group (the first when it is in two): the options of a
    canonical form are pairwise incomparable, and so are they all plus one game (G + X <= H + X iff
    G <= H)."""
    apart: dict[int, int] = {}
    for options, number_ in reversed(groups):  # the first group written last: it wins
        for x in options:
            apart[x.uid] = number_
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


def times(g: CanonicalGame, n: int) -> CanonicalGame:
    """``n.G``: the sum of ``n`` copies of g (of -g when n < 0): x + k.^ + *m in closed form at once,
    the others by doubling, under the work budget.

    Examples
    --------
    >>> times(from_options([0], [nimber(1)]), 3)
    ^3
    """
    g = g if type(g) is CanonicalGame else as_game(g)
    if type(n) is not int and (isinstance(n, bool) or not isinstance(n, int)):
        raise CGTError(f"a count of copies is an int, not {n!r:.60}")
    t = g._t
    if t is not None:  # x + k.^ + *m: n copies in closed form
        return nus.make(t[0] * n if t[0] else t[0], n * t[1], t[2] if n & 1 else 0)
    return _doubled(g, n)


@_guarded
def _doubled(g: CanonicalGame, n: int) -> CanonicalGame:
    """n.g by doubling (g not x + k.^ + *m)."""
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
