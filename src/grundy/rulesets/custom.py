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
from collections.abc import Callable, Collection, Hashable, Iterable
from numbers import Integral
from pathlib import Path
from typing import Any

import numpy as np

from grundy.core import limits, progress
from grundy.core.errors import ComponentError, GrundyError, LimitError
from grundy.core.general import moves_function
from grundy.core.ruleset import GRID_BYTES, Ruleset, Shape, is_natural, read_number, whole_count


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
            found = limits.bounded_options(self.function(position), position, self.spec)
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

        Examples
        --------
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

        Examples
        --------
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
            numbers = tuple(read_number(p) for p in parts)  # 12, 10**18, 1e18, as every component is read
        except LimitError as exc:
            raise ComponentError(f"a position of {self.spec}: {exc}") from None
        except GrundyError:
            raise ComponentError(
                f"{limits.shorten(text)!r} is not a position of {self.spec}: on the command line a position is an "
                "integer or integers joined by commas"
            ) from None
        return numbers[0] if len(numbers) == 1 else numbers


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
        heap (checked against the rules, then periods are proved by the periodicity theorem).
        Without it a rule is a conjecture, whatever the moves look like.

    Returns
    -------
    Ruleset
        Usable wherever a spec is: ``grundy.solve(game, [...])``, ``grundy.period(game)``,
        ``game.values(20)``; calling it calls the function.

    Raises
    ------
    GrundyError
        At once, when ``function`` is not a function (``grundy.impartial(5)``); when a game is
        solved, when the function returns no iterable of positions or fails on a position.

    Examples
    --------
    >>> @impartial
    ... def halving(n):
    ...     return [n // 2, n - 1] if n else []
    >>> halving.values(11).tolist()
    [0, 1, 0, 2, 1, 2, 0, 1, 0, 2, 0]
    """
    if function is None:
        return lambda f: _made(moves_function(f, "grundy.impartial"), splits, name, arity, subtraction)
    return _made(moves_function(function, "grundy.impartial"), splits, name, arity, subtraction)


def _made(function: Callable, splits: bool, name: str | None, arity: int,
          subtraction: Collection[int] | None) -> UserRuleset:
    """The ruleset of a function of moves: a :class:`DeclaredSubtraction` where S is declared."""
    if subtraction is None:
        return UserRuleset(function, splits=splits, name=name, arity=arity)
    from grundy.rulesets.declared import DeclaredSubtraction, declared_set

    if splits or arity != 1:
        raise GrundyError("subtraction= declares moves that take tokens from one heap: a game declared so has "
                          "heaps as positions, so it takes neither pairs (arity 2) nor moves that split a heap")
    return DeclaredSubtraction(function, declared_set(subtraction), name=name)


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
