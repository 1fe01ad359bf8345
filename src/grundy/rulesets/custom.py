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
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Hashable, Iterable
from pathlib import Path
from typing import Any

from grundy.core import limits
from grundy.core.errors import ComponentError, GrundyError, LimitError
from grundy.core.ruleset import Ruleset, Shape, is_natural


class UserRuleset(Ruleset):
    """A ruleset made from a function ``position -> iterable`` of the positions its moves leave
    (or, with ``splits=True``, of tuples of positions). Calling it calls the function."""

    component_kind = "a position of this game (a hashable value)"
    component_noun = "component"

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
        except GrundyError:
            raise
        except Exception as exc:  # the user's code failed: say where, without a traceback
            raise GrundyError(
                f"the rules of {self.spec} failed on position {limits.shorten(repr(position))}: "
                f"{type(exc).__name__}: {limits.shorten(str(exc))}"
            ) from exc
        if self.arity == 2:
            return [self._pair(position, option) for option in found]
        if isinstance(position, int):  # integer games stay integer games: 0.5 or "x" is no position
            for option in found:
                for c in (option if self.splits and isinstance(option, tuple) else (option,)):
                    if not isinstance(c, int) or isinstance(c, bool):
                        raise GrundyError(self._not_a_position(position, option, "integers"))
        if self.splits:
            for option in found:
                if not isinstance(option, (tuple, list)):
                    raise GrundyError(self._not_a_position(position, option, "tuples of positions (splits)"))
        return found

    def _pair(self, position: Any, option: Any) -> Any:
        """An option of a pair game: a pair of non-negative integers (a tuple of pairs with ``splits``)."""
        parts = option if self.splits else (option,)
        if not isinstance(parts, (tuple, list)):
            raise GrundyError(self._not_a_position(position, option, "tuples of pairs (splits)"))
        pairs = []
        for part in parts:
            if not (isinstance(part, (tuple, list)) and len(part) == 2 and all(is_natural(x) for x in part)):
                raise GrundyError(self._not_a_position(position, option, "pairs of non-negative integers"))
            pairs.append((int(part[0]), int(part[1])))
        return tuple(pairs) if self.splits else pairs[0]

    def _not_a_position(self, position: Any, option: Any, shape: str) -> str:
        return (f"the rules of {self.spec} give {limits.shorten(repr(option))} as a move from "
                f"{limits.shorten(repr(position))}: that is not a position of this game (moves from "
                f"{'a pair' if self.arity == 2 else 'an integer position'} must be {shape})")

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


def impartial(function: Callable | None = None, *, splits: bool = False, name: str | None = None,
              arity: int = 1) -> Any:
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
        return lambda f: UserRuleset(f, splits=splits, name=name, arity=arity)
    return UserRuleset(function, splits=splits, name=name, arity=arity)


def load_rules(reference: str, arity: int | None = None) -> UserRuleset:
    """Load ``path/to/file.py:function`` (a plain function or an ``@impartial`` ruleset); ``arity``
    2 says its positions are pairs of integers (``--arity 2``)."""
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
    except Exception as exc:
        raise GrundyError(f"could not load {path_text!r}: {type(exc).__name__}: {exc}") from None
    found = getattr(module, attribute, None)
    if found is None:
        raise GrundyError(f"{path_text!r} defines no function {attribute!r}")
    if isinstance(found, UserRuleset) and arity is not None and arity != found.arity:
        return UserRuleset(found.function, splits=found.splits, name=found.spec, arity=arity)
    if isinstance(found, Ruleset):
        return found
    if not callable(found):
        raise GrundyError(f"{attribute!r} in {path_text!r} is not a function")
    return UserRuleset(found, name=attribute, arity=arity or 1)
