"""Short partizan games in canonical form, interned: equal values are the same object.

A game ``{L | R}`` is kept only in its canonical form — dominated options removed and reversible
options bypassed (Siegel, *Combinatorial Game Theory* (AMS 2013) ch. II.2; Albert, Nowakowski,
Wolfe, *Lessons in Play* ch. 4; Winning Ways ch. 2) — and every canonical form exists once (hash
consing), so ``G == H`` is ``G is H`` and ``hash`` is cheap. Numbers carry their exact dyadic value
(a :class:`fractions.Fraction` whose denominator is a power of two) and build their options only when
asked, so ``number(10**6)`` costs nothing. Sums, comparisons and negatives are memoised.

At import time this module is the lowest of the package but for the work budget
(:mod:`grundy.core.work`, which every public entry runs under): the algebra
(:mod:`grundy.cgt.canonical`), the notation, thermographs and atomic weights are built on the interned
forms made here. The methods and operators of a CanonicalGame (``G + H``, ``G <= H``, ``str(G)``,
``G.thermograph``, ...) are those functions: each method imports the one it calls at its first call
(never at import time, so the imports at module level all point down to this module, and there is no
table of operations to fill); the derived values and CGSuite's operations (``g.mean``, ``g.heat(t)``,
``g.reduced_canonical_form``, ...) are the same kind of methods, kept in the mixin
:mod:`grundy.cgt.methods`. A class whose operators make new interned forms of itself cannot be below
the algebra that makes them, so the class and that algebra are one unit of the package.

>>> from grundy.cgt.canonical import from_options
>>> one, star = number(1), nimber(1)
>>> from_options([one], [one]) is one + star
True
>>> up = from_options([0], [star])
>>> up > 0, up.fuzzy(star), (up + star).fuzzy(0), up + (-up) is ZERO
(True, True, True, True)
>>> from_options([Fraction(1, 2)], [1]).number
Fraction(3, 4)

Recursion follows the game's depth (its birthday, or the sum of the birthdays in a sum); a game too
deep for Python's stack raises :class:`~grundy.core.errors.LimitError` with one clear line.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, Union

from grundy.cgt.methods import Derived
from grundy.core import limits
from grundy.core.errors import GrundyError, LimitError
from grundy.core.work import charge, guarded

GameLike = Union["CanonicalGame", int, Fraction, str]


class CGTError(GrundyError):
    """A value the algebra of short partizan games cannot take (a non-dyadic number, a bad option)."""


_guarded = guarded  # the siblings' name for a public entry of the algebra (see grundy.core.work)


_uids = itertools.count(1)
_NO_FRACTION = Fraction(0)
_NUMBERS: dict[Fraction, CanonicalGame] = {}
_FORMS: dict[tuple[tuple[int, ...], tuple[int, ...]], CanonicalGame] = {}
_LE: dict[tuple[int, int], bool] = {}
_SUMS: dict[tuple[int, int], CanonicalGame] = {}


def _games_only(method: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``method`` for the values :func:`as_game` reads; NotImplemented for another kind (a loopy value),
    so that Python asks that value's reflected method (``1 + over``, ``^ <= over``)."""
    @functools.wraps(method)
    def games_only(self: Any, other: Any) -> Any:
        if not isinstance(other, (CanonicalGame, int, Fraction, float, str)):
            return NotImplemented
        return method(self, other)
    return games_only


class CanonicalGame(Derived):
    """A short partizan game in canonical form. Build with :func:`from_options`, :func:`number`, ...

    Never construct directly: every instance is interned, so two equal games are one object.
    """

    __slots__ = ("uid", "_left", "_right", "_num", "_nim", "_cache", "_hash", "_fs", "_t", "__weakref__")

    def __init__(self, left: tuple[CanonicalGame, ...] | None, right: tuple[CanonicalGame, ...] | None,
                 num: Fraction | None, nim: int | None = None):
        self.uid = next(_uids)
        self._left = left
        self._right = right
        self._num = num
        self._nim = nim  # n for the nimber *n (n >= 1), whose options are built only when asked
        self._cache: dict[str, Any] = {}
        self._fs: tuple[float, float] | None = None  # the stops as floats (grundy.cgt.compare._stops)
        # (x, n, m) when the game is x + n.^ + *m (grundy.cgt.nus sets it for the others it makes)
        self._t: tuple[Fraction, int, int] | None = (num, 0, 0) if num is not None else \
            (_NO_FRACTION, 0, nim) if nim is not None else None
        self._hash = hash(num) if num is not None else hash(("game", self.uid))  # a number's hash is its value's

    # -- options -------------------------------------------------------------------------------------
    @property
    def left(self) -> tuple[CanonicalGame, ...]:
        """Left's options (canonical forms)."""
        if self._left is None:
            self._build_options()
        return self._left  # type: ignore[return-value]

    @property
    def right(self) -> tuple[CanonicalGame, ...]:
        """Right's options (canonical forms)."""
        if self._right is None:
            self._build_options()
        return self._right  # type: ignore[return-value]

    @guarded
    def _build_options(self) -> None:
        """The options of a number, a nimber or x + n.^ + *m, made when first asked (*n's n options cost
        n steps)."""
        if self._nim is not None:
            charge(self._nim)
            self._left = self._right = tuple(nimber(k) for k in range(self._nim))
            return
        x = self._num
        if x is None:  # x + n.^ + *m, made by grundy.cgt.nus
            from grundy.cgt.nus import options

            self._left, self._right = options(self._cache["nus"])
            charge(len(self._left))
            return
        if x.denominator == 1:
            self._left = (number(x - 1),) if x > 0 else ()
            self._right = (number(x + 1),) if x < 0 else ()
        else:
            step = Fraction(1, x.denominator)
            self._left, self._right = (number(x - step),), (number(x + step),)

    # -- kinds ---------------------------------------------------------------------------------------
    @property
    def number(self) -> Fraction | None:
        """The value as an exact :class:`Fraction` when the game is a number, else ``None``."""
        return self._num

    @property
    def is_number(self) -> bool:
        """Whether the game equals a (dyadic) number."""
        return self._num is not None

    @property
    def nimber(self) -> int | None:
        """``n`` when the game is ``*n`` (``0`` for zero), else ``None`` (every game equal to ``*n`` is
        the one object :func:`nimber` gives, so this is read, not worked out)."""
        return 0 if self is ZERO else self._nim

    @property
    def is_nimber(self) -> bool:
        """Whether the game is a nimber ``*n`` (zero included)."""
        return self.nimber is not None

    @property
    def is_infinitesimal(self) -> bool:
        """Whether ``-x < G < x`` for every positive number x (zero included): both stops are 0."""
        return self.left_stop == 0 and self.right_stop == 0

    @property
    @_guarded
    def is_all_small(self) -> bool:
        """Whether every follower with an option for one player has one for the other (Siegel ch. V.1)."""
        cache = self._cache
        if "small" not in cache:
            if self is ZERO or self._nim is not None:
                cache["small"] = True
            elif not self.left or not self.right:
                cache["small"] = False
            else:
                cache["small"] = all(g.is_all_small for g in self.left + self.right)
        return cache["small"]

    # -- sizes ---------------------------------------------------------------------------------------
    @property
    @_guarded
    def birthday(self) -> int:
        """The birthday: 0 for zero, else one more than the latest-born option."""
        cache = self._cache
        if "birthday" not in cache:
            x = self._num
            if x is not None:
                k = x.denominator.bit_length() - 1  # m/2^k is born on day floor(|x|) + k + 1
                cache["birthday"] = math.floor(abs(x)) + k + 1 if k else abs(int(x))
            elif self._nim is not None:
                cache["birthday"] = self._nim
            else:
                cache["birthday"] = 1 + max(g.birthday for g in self.left + self.right)
        return cache["birthday"]

    def followers(self) -> frozenset[CanonicalGame]:
        """Every game reachable by zero or more moves (the game itself included), as canonical forms."""
        seen = {self}
        stack = [self]
        while stack:
            g = stack.pop()
            for h in g.left + g.right:
                if h not in seen:
                    seen.add(h)
                    stack.append(h)
        return frozenset(seen)

    # -- stops and outcome ---------------------------------------------------------------------------
    @property
    @_guarded
    def left_stop(self) -> Fraction:
        """The number reached when Left moves first and both play until a number (Lessons in Play ch. 6)."""
        cache = self._cache
        if "ls" not in cache:
            cache["ls"] = self._num if self._num is not None else Fraction(0) if self._nim is not None else \
                max(g.right_stop for g in self.left)
        return cache["ls"]

    @property
    @_guarded
    def right_stop(self) -> Fraction:
        """The number reached when Right moves first and both play until a number."""
        cache = self._cache
        if "rs" not in cache:
            cache["rs"] = self._num if self._num is not None else Fraction(0) if self._nim is not None else \
                min(g.left_stop for g in self.right)
        return cache["rs"]

    @property
    @_guarded
    def outcome(self) -> str:
        """``"L"`` (Left wins), ``"R"``, ``"N"`` (the next player wins) or ``"P"`` (the previous player)."""
        from grundy.cgt.compare import le_games

        ge, le = le_games(ZERO, self), le_games(self, ZERO)
        return "P" if ge and le else "L" if ge else "R" if le else "N"

    # -- algebra -------------------------------------------------------------------------------------
    # each method calls the function it is (grundy.cgt.canonical, .compare, .notation) through _late,
    # which imports that module at the first call: at import time every module of the package imports
    # this one, never the reverse
    @_games_only
    def __add__(self, other: GameLike) -> CanonicalGame:
        return _late("canonical").add(self, other)  # add makes a game of other

    __radd__ = __add__

    @_games_only
    def __sub__(self, other: GameLike) -> CanonicalGame:
        algebra = _late("canonical")
        return algebra.add(self, algebra.negate(as_game(other)))

    @_games_only
    def __rsub__(self, other: GameLike) -> CanonicalGame:
        algebra = _late("canonical")
        return algebra.add(as_game(other), algebra.negate(self))

    def __neg__(self) -> CanonicalGame:
        return _late("canonical").negate(self)

    def __pos__(self) -> CanonicalGame:
        return self

    def __mul__(self, n: int) -> CanonicalGame:
        """``G * n`` for an integer n: the sum of n copies (``-G`` copies when n is negative)."""
        if not isinstance(n, int) or isinstance(n, bool):
            return NotImplemented
        return _late("canonical").times(self, n)

    __rmul__ = __mul__

    @_games_only
    def __le__(self, other: GameLike) -> bool:
        return _late("compare").le_games(self, as_game(other))

    @_games_only
    def __ge__(self, other: GameLike) -> bool:
        return _late("compare").le_games(as_game(other), self)

    @_games_only
    def __lt__(self, other: GameLike) -> bool:
        h = as_game(other)
        return h is not self and _late("compare").le_games(self, h)

    @_games_only
    def __gt__(self, other: GameLike) -> bool:
        h = as_game(other)
        return h is not self and _late("compare").le_games(h, self)

    def fuzzy(self, other: GameLike) -> bool:
        """``G || H``: neither ``G <= H`` nor ``G >= H`` (the first player wins ``G - H``)."""
        le_games = _late("compare").le_games
        h = as_game(other)
        return not le_games(self, h) and not le_games(h, self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CanonicalGame):
            return self is other
        if isinstance(other, (int, Fraction)) and not isinstance(other, bool):
            return self._num is not None and self._num == other
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def _repr_html_(self) -> str:
        """In a notebook: value, outcome, stops, mean and temperature (grundy.core.notebook.game_html)."""
        from grundy.core.notebook import game_html

        return game_html(self)

    def __bool__(self) -> bool:
        return self is not ZERO

    # -- text ----------------------------------------------------------------------------------------
    def __str__(self) -> str:
        from grundy.cgt.notation import to_text

        return to_text(self)

    __repr__ = __str__

# -- construction --------------------------------------------------------------------------------------


MAX_BITS = int(limits.MAX_DIGITS * 3.3220)  # binary digits of the largest numerator, denominator or nimber kept


def _dyadic(x: int | Fraction) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, (int, float, Fraction, str)):
        raise CGTError(f"a number is an int, a dyadic Fraction or text like '3/4', not {x!r:.60}")
    if isinstance(x, str) and sum(c.isdigit() for c in x) > limits.MAX_DIGITS:
        raise LimitError(f"{limits.shorten(x)} is too large: at most {limits.MAX_DIGITS} digits")
    try:
        x = Fraction(x)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise CGTError(f"{x!r:.60} is not a number: write an int, a dyadic Fraction or text like '3/4'") from None
    _check_size(max(x.numerator.bit_length(), x.denominator.bit_length()), "a number")
    d = x.denominator
    if d & (d - 1):
        raise CGTError(f"{x} is not a dyadic rational: a short game's numbers have a power of two as denominator")
    return x


def number(x: int | Fraction | str) -> CanonicalGame:
    """The number ``x`` (an int, a dyadic Fraction, or text like ``"3/4"``).

    Examples
    --------
    >>> number(Fraction(3, 4)).left, number(Fraction(3, 4)).right
    ((1/2,), (1,))
    >>> number(-2).right
    (-1,)
    """
    x = _dyadic(x)
    g = _NUMBERS.get(x)
    if g is None:
        g = _NUMBERS[x] = CanonicalGame(None, None, x)
    return g


def _intern(left: Iterable[CanonicalGame], right: Iterable[CanonicalGame]) -> CanonicalGame:
    """The one object for the canonical form with these options (which must already be canonical)."""
    lk, lt = _by_uid(left)
    rk, rt = _by_uid(right)
    if lk == rk and lt:
        values = {0 if g is ZERO else g._nim for g in lt}
        if None not in values and max(values) == len(lt) - 1:  # type: ignore[type-var]
            return nimber(len(lt))  # {0, *, .., *(n-1) | the same}: the one object for *n
    key = (lk, rk)
    g = _FORMS.get(key)
    if g is None:
        nus = _late("nus")
        t = nus.recognise(lt, rt)  # x + n.^ + *m is one object, made by grundy.cgt.nus
        g = _FORMS[key] = CanonicalGame(lt, rt, None) if t is None else nus.make(*t)
        if len(_FORMS) % MEMORY_CHECK_EVERY == 0:
            limits.check_memory(f"the {len(_FORMS):,} canonical forms kept")
    return g


_LATE: dict[str, Any] = {}


def _late(module: str) -> Any:
    """The sibling module ``grundy.cgt.<module>``, imported at its first use (it imports this one, so
    this one cannot import it at import time); kept, as an import statement in a hot method costs
    more than the method's own work."""
    found = _LATE.get(module)
    if found is None:
        from grundy.cgt import canonical, compare, nus

        _LATE.update(canonical=canonical, compare=compare, nus=nus)
        found = _LATE[module]
    return found


MEMORY_CHECK_EVERY = 1 << 12  # new canonical forms between two looks at the memory in use


def _by_uid(options: Iterable[CanonicalGame]) -> tuple[tuple[int, ...], tuple[CanonicalGame, ...]]:
    """The distinct options' uids in increasing order, and the options in that order."""
    if type(options) is list and len(options) < 3:  # the most common sizes, without a dict and a sort
        if not options:
            return (), ()
        a = options[0]
        if len(options) == 1:
            return (a.uid,), (a,)
        b = options[1]
        if a.uid < b.uid:
            return (a.uid, b.uid), (a, b)
        return ((b.uid, a.uid), (b, a)) if b is not a else ((a.uid,), (a,))
    by_uid = {g.uid: g for g in options}
    uids = tuple(sorted(by_uid))
    return uids, tuple([by_uid[u] for u in uids])


def nimber(n: int) -> CanonicalGame:
    """The nimber ``*n`` = {0, *1, ..., *(n-1) | 0, *1, ..., *(n-1)}, of any size: its value, outcome,
    stops, temperature and sums with nimbers (``*a + *b = *(a xor b)``) are known without its options,
    which are made only when asked (n steps of the work budget).

    Examples
    --------
    >>> nimber(0) is ZERO, nimber(3).left, nimber(10**30).birthday == 10**30
    (True, (0, *, *2), True)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise CGTError(f"a nimber needs a non-negative integer, not {n!r:.60}")
    if n == 0:
        return ZERO
    g = _NIMBERS.get(n)
    if g is None:
        _check_size(n.bit_length(), "a nimber")
        g = _NIMBERS[n] = CanonicalGame(None, None, None, nim=n)
    return g


def _check_size(bits: int, what: str) -> None:
    """Refuse a number or nimber of more than :data:`MAX_BITS` binary digits (too long to print)."""
    if bits > MAX_BITS:
        raise LimitError(f"{what} of more than {limits.MAX_DIGITS} digits is too large for the algebra")


_NIMBERS: dict[int, CanonicalGame] = {}


def as_game(x: GameLike) -> CanonicalGame:
    """A CanonicalGame from a CanonicalGame, an int, a dyadic Fraction (or float), or text in the usual notation."""
    if isinstance(x, CanonicalGame):
        return x
    if isinstance(x, bool):
        raise CGTError(f"not a game: {x!r}")
    if isinstance(x, (int, Fraction)):
        return number(x)
    if isinstance(x, float):
        return number(Fraction(x))
    if isinstance(x, str):
        from grundy.cgt.notation import parse

        return parse(x)
    raise CGTError(f"not a game: {x!r} (use a CanonicalGame, an int, a dyadic Fraction or text like '{{1|-1}}')")


ZERO = number(0)
