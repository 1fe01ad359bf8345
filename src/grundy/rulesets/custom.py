"""User-defined impartial games: a Python function from a position to its moves.

>>> import grundy
>>> @grundy.impartial
... def take_one_or_two(n):
...     return [n - k for k in (1, 2) if k <= n]
>>> take_one_or_two.values(7).tolist()
[0, 1, 2, 0, 1, 2, 0]
>>> @grundy.impartial(splits=True)
... def split_or_take(n):            # take one token, or split a heap into two non-empty heaps
...     yield from ([(n - 1,)] if n else [])
...     yield from ((a, n - a) for a in range(1, n // 2 + 1))
>>> grundy.solve(split_or_take, [3, 4]).outcome
'N'
>>> @grundy.impartial(arity=2)          # positions are pairs (a, b): G(a, b) tables and 2-D patterns
... def two_rows(p):
...     a, b = p
...     return [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - 1)] * (b > 0)
>>> two_rows.value_grid(3)
[[0, 1, 0], [1, 0, 1], [2, 3, 2]]
>>> @grundy.impartial(subtraction={1, 3, 4})   # declared: a move takes 1, 3 or 4 (checked against the rules)
... def take_134(n):
...     return [n - s for s in (1, 3, 4) if s <= n]
>>> grundy.period(take_134).proved, take_134.grundy(10**18)      # 10^18 ≡ 1 (mod 7)
(True, 1)
"""

from __future__ import annotations

import importlib.util
import random
from bisect import bisect_right
from collections.abc import Callable, Collection, Hashable, Iterable
from numbers import Integral
from pathlib import Path
from typing import Any

import numpy as np

from grundy.core import limits, progress
from grundy.core.errors import ComponentError, GrundyError, LimitError
from grundy.core.ruleset import GRID_BYTES, Ruleset, Shape, is_natural, whole_count
from grundy.patterns.rule import listed

DECLARED_MOST = 1 << 20  # the most amounts a declared subtraction set may hold
LOW_CHECKED = 1024  # the small heaps (below 2·max(S) + 2, at most this many) checked first against a declaration
FAR_FROM = 1 << 16  # heaps of a declared subtraction game from here on are valued by its proved period
FAR_SEED = 28  # the seed of the random far heaps (the same heaps every run)


class UserRuleset(Ruleset):
    """A ruleset made from a function ``position -> iterable`` of the positions its moves leave
    (or, with ``splits=True``, of tuples of positions). Calling it calls the function."""

    component_kind = "a position of this game (a hashable value)"
    component_noun = "component"
    split_switch = "splits=True (grundy.impartial(splits=True))"  # how a move that splits is declared

    def __init__(self, function: Callable[[Any], Iterable[Any]], splits: bool = False,
                 name: str | None = None, arity: int = 1) -> None:
        super().__init__()
        if arity not in (1, 2):
            raise GrundyError(f"arity must be 1 (positions are integers or any hashable value) or 2 (pairs of "
                              f"integers), not {arity!r}")
        self.function = function
        self.splits = splits
        self.arity = arity
        if arity == 2:
            self.shape = Shape.PAIR
            self.component_kind = "a pair of non-negative integers a,b"
        self.spec = name or getattr(function, "__name__", "user game")
        self.value_rule = f"values of {self.spec} from its rules (mex of the options)"
        self.__doc__ = function.__doc__

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.function(*args, **kwargs)

    def moves(self, position: Any) -> list:
        try:
            found = limits.bounded_options(self.function(position), position)
        except (GrundyError, MemoryError):  # an allocation past the hard limit is the memory budget's to word
            raise
        except (Exception, SystemExit) as exc:  # the user's code failed (or called exit): say where, no traceback
            raise GrundyError(
                f"the rules of {self.spec} failed on position {limits.shorten(repr(position))}: "
                f"{type(exc).__name__}: {limits.shorten(str(exc))}"
            ) from exc
        if not self.splits and self.arity == 1 and type(position) is int and all(type(o) is int for o in found):
            return found  # the common case, checked at once: integers from an integer
        shape = _shape(position)
        moves = [self._move(position, shape, option) for option in found]
        try:
            hash(tuple(moves))  # every search stores positions: a hash that fails is the rules' fault, said here
        except Exception as exc:
            raise GrundyError(
                f"the rules of {self.spec} give moves from {limits.shorten(repr(position))} that cannot be stored "
                f"(hashing them raised {type(exc).__name__}: {limits.shorten(str(exc))}): a position must be "
                "hashable, such as an int, a string or a tuple of them"
            ) from None
        return moves

    def _move(self, position: Any, shape: Any, option: Any) -> Any:
        """One move as the ruleset keeps it: the position it leaves or, with ``splits``, the tuple
        of positions it leaves (a lone position, shaped as ``position`` is, leaves just itself)."""
        if not self.splits:
            if _reads_as_split(position, shape, option, self.arity):
                raise GrundyError(self._bad_move(position, option, "a tuple of positions, as in a move that "
                                                 f"splits: add {self.split_switch} if a move may leave several "
                                                 "positions (else a move is the one position it leaves)"))
            return self._position(position, option, option)
        parts = (option,) if _shape(option) == shape else option
        if not isinstance(parts, (tuple, list)):
            raise GrundyError(self._not_a_position(position, option, "tuples of positions (splits)"))
        return tuple(self._position(position, option, part) for part in parts)

    def _position(self, position: Any, option: Any, part: Any) -> Any:
        """``part`` of a move from ``position``, checked: a pair of non-negative integers (arity 2),
        an integer where positions are integers, else as it is."""
        if self.arity == 2:
            if not (isinstance(part, (tuple, list)) and len(part) == 2 and all(is_natural(x) for x in part)):
                raise GrundyError(self._not_a_position(position, option, "pairs of non-negative integers"))
            return (int(part[0]), int(part[1]))
        if isinstance(position, int) and (not isinstance(part, int) or isinstance(part, bool)):
            raise GrundyError(self._not_a_position(position, option, "integers"))
        return part

    def _not_a_position(self, position: Any, option: Any, shape: str) -> str:
        kind = "a pair" if self.arity == 2 else "an integer position"
        return self._bad_move(position, option, f"that is not a position of this game (moves from {kind} must be "
                                                f"{shape})")

    def _bad_move(self, position: Any, option: Any, what: str) -> str:
        return (f"the rules of {self.spec} give {limits.shorten(repr(option))} as a move from "
                f"{limits.shorten(repr(position))}: {what}")

    def values(self, n: int) -> np.ndarray:
        """G(0 .. n-1), one heap at a time: the function may be slow, so progress is reported about
        every tenth of a second, and Ctrl-C raises :class:`~grundy.core.errors.Interrupted` with the
        values finished (a list) as its ``partial``.

        >>> impartial(lambda n: [n - 1] if n else []).values(5).tolist()
        [0, 1, 0, 1, 0]
        """
        n = whole_count(n, "values(n)")
        self.require_heaps("a table G(0..n-1)")
        limits.check_table(n, f"a table of {self.spec}")
        return np.array(progress.tabulate(self.grundy, n), dtype=np.int64)

    def value_grid(self, n: int) -> list[list[int]]:
        """G(a, b) for a, b < n (arity 2), reported as values every tenth of a second like
        :meth:`values` (a slow function shows its progress within a row).

        >>> impartial(lambda p: [(p[0] - 1, p[1])] * (p[0] > 0), arity=2).value_grid(2)
        [[0, 0], [1, 1]]
        """
        n = whole_count(n, "value_grid(n)")
        if self.arity != 2:
            return super().value_grid(n)  # says why not
        limits.check_values(n * n, f"a {n} x {n} table", itemsize=GRID_BYTES)
        flat = progress.tabulate(lambda i: self.grundy(divmod(i, n)), n * n)
        return [flat[a * n:(a + 1) * n] for a in range(n)]

    def validate(self, component: Any) -> Any:
        if self.arity == 2:
            return super().validate(component)
        if not isinstance(component, Hashable):
            raise ComponentError(f"{component!r} is not a position of {self.spec}: positions must be hashable")
        return component

    def parse_component(self, text: str) -> Any:
        parts = [p.strip() for p in text.split(",")]
        try:
            numbers = tuple(limits.parse_int(p, "an integer") for p in parts)
        except LimitError as exc:
            raise ComponentError(f"a position of {self.spec}: {exc}") from None
        except GrundyError:
            raise ComponentError(
                f"{limits.shorten(text)!r} is not a position of {self.spec}: on the command line a position is an "
                "integer or integers joined by commas"
            ) from None
        return numbers[0] if len(numbers) == 1 else numbers


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
        raise GrundyError(f"{self.spec} is declared {self.declared}, but its rules differ at heap {heap:,}: its moves "
                          f"{' and '.join(p for p in parts if p)}; fix the rules or the declaration (the moves must be "
                          "exactly 'take s for each s in S up to the heap' from every heap)")

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


def impartial(function: Callable | None = None, *, splits: bool = False, name: str | None = None,
              arity: int = 1, subtraction: Collection[int] | None = None) -> Any:
    """Make a ruleset from a function giving each position's moves.

    Parameters
    ----------
    function:
        ``position -> iterable of positions`` (a plain game) or, with ``splits=True``,
        ``position -> iterable of tuples of positions`` (a move may leave several components).
    splits:
        Whether options are tuples of components.
    name:
        The name shown in results (default: the function's name).
    arity:
        2 when positions are pairs of non-negative integers ``(a, b)`` (two heaps, a square of a
        board): then ``grundy table`` shows G(a, b) and ``grundy pattern`` looks for 2-D rules.
    subtraction:
        A finite set S of positive integers: declares that a move takes s tokens, s in S, from a
        heap (:class:`DeclaredSubtraction`: checked against the rules, then periods are proved by
        the periodicity theorem). Without it a rule is a conjecture, whatever the moves look like.

    Returns
    -------
    UserRuleset
        Usable wherever a spec is: ``grundy.solve(game, [...])``, ``game.values(20)``.

    Examples
    --------
    >>> @impartial
    ... def halving(n):
    ...     return [n // 2, n - 1] if n else []
    >>> halving.values(11).tolist()
    [0, 1, 0, 2, 1, 2, 0, 1, 0, 2, 0]
    """
    if function is None:
        return lambda f: _made(f, splits, name, arity, subtraction)
    return _made(function, splits, name, arity, subtraction)


def _made(function: Callable, splits: bool, name: str | None, arity: int,
          subtraction: Collection[int] | None) -> UserRuleset:
    """The ruleset of a function of moves: a :class:`DeclaredSubtraction` where S is declared."""
    if subtraction is None:
        return UserRuleset(function, splits=splits, name=name, arity=arity)
    if splits or arity != 1:
        raise GrundyError("subtraction= declares moves that take tokens from one heap: a game declared so has "
                          "heaps as positions, so it takes neither arity=2 (--arity 2) nor splits=True (--splits)")
    return DeclaredSubtraction(function, declared_set(subtraction), name=name)


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


def load_rules(reference: str, arity: int | None = None, splits: bool = False) -> Ruleset:
    """Load ``path/to/file.py:function`` (a plain function, an ``@impartial`` ruleset or a
    :class:`Ruleset`); ``arity`` 2 says the function's positions are pairs of integers (``--arity
    2``), ``splits`` that a move may leave several positions (``--splits``)."""
    path_text, sep, attribute = reference.rpartition(":")
    if not sep or not path_text or not attribute:
        raise GrundyError(f"--rules needs FILE.py:FUNCTION, got {reference!r}")
    path = Path(path_text)
    if not path.is_file():
        raise GrundyError(f"rules file {path_text!r} does not exist")
    spec = importlib.util.spec_from_file_location(f"grundy_user_rules_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise GrundyError(f"rules file {path_text!r} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except MemoryError:  # the memory budget's to word
        raise
    except SystemExit as exc:  # the file ends the program as it is loaded: say so, never exit with its status
        raise GrundyError(f"could not load {path_text!r}: it calls exit({limits.shorten(repr(exc.code))}) as it is "
                          "loaded; a rules file should only define functions") from None
    except Exception as exc:
        raise GrundyError(f"could not load {path_text!r}: {type(exc).__name__}: "
                          f"{limits.shorten(str(exc))}") from None
    found = getattr(module, attribute, None)
    if found is None:
        raise GrundyError(f"{path_text!r} defines no function {attribute!r}")
    declared = None
    if isinstance(found, UserRuleset):
        function, name, splits, arity = found.function, found.spec, found.splits or splits, arity or found.arity
        declared = getattr(found, "subtractions", None)  # a game decorated with subtraction=S keeps it
    elif isinstance(found, Ruleset):
        if arity is not None or splits:
            raise GrundyError(f"{attribute!r} in {path_text!r} is a ruleset, which says itself what its positions and "
                              "moves are: --arity and --splits are for a function of moves")
        return found
    elif callable(found):
        function, name, arity = found, attribute, arity or 1
    else:
        raise GrundyError(f"{attribute!r} in {path_text!r} is not a function")
    rules = _made(function, splits, name, arity, declared)
    rules.split_switch = "--splits"
    return rules


def _shape(x: Any) -> Any:
    """What kind of position ``x`` is: ``int`` for an integer, the shapes of its parts for a tuple
    or a list, else its type (so that a move can be told from a tuple of moves).

    >>> _shape(3) == _shape(-1), _shape((1, 2)) == _shape((5, 0)), _shape((1, 2)) == _shape(((1, 2),))
    (True, True, False)
    """
    if isinstance(x, Integral) and not isinstance(x, bool):
        return int
    if isinstance(x, (tuple, list)):
        return tuple(_shape(part) for part in x)
    return type(x)


def _reads_as_split(position: Any, shape: Any, option: Any, arity: int) -> bool:
    """Whether a move given as ``option`` reads as several positions shaped as ``position`` (a
    move that splits), not as one: ``(2, 1)`` or ``()`` from the integer 3, ``((1, 2),)`` from the
    pair (1, 3). An empty tuple from a tuple of any length may be a position, and is not flagged."""
    if not isinstance(option, (tuple, list)):
        return False
    if not option:
        return isinstance(position, int) or arity == 2
    return all(_shape(part) == shape for part in option)
