"""The game model: a ruleset says how components move; a position is a multiset of components.

``options(component)`` yields, for each legal move, the tuple of components the move leaves (empty:
the piece is gone; two entries: it was split). The Grundy value of a component is the mex of the
xor of its options' values; of a position, the xor of its components' values.

A ruleset may supply a closed form by overriding :meth:`Ruleset.grundy`; :meth:`Ruleset.brute_grundy`
always answers from the definition, and the tests compare the two.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import numpy as np

from grundy.core import limits, progress, words
from grundy.core.engine import GrundyEngine
from grundy.core.errors import ComponentError, GrundyError, LimitError
from grundy.core.memory import guarded

Component = Hashable
GRID_BYTES = 40  # memory one entry of a table G(a, b) takes (a list slot and an int)
Option = tuple
TRUNCATED = object()  # the last item of a moves_to_value that stopped early: more winning moves may exist


class Shape(Enum):
    """What one component of a ruleset is: how it is read, checked and tabulated.

    Examples
    --------
    >>> import grundy
    >>> grundy.ruleset("wythoff").shape, grundy.ruleset("wythoff").shape.numbers
    (<Shape.PAIR: 'pair'>, 2)
    """

    HEAP = "heap"  # one non-negative integer: tables G(0..n-1) and periods
    PAIR = "pair"  # two non-negative integers (a square of a board, two heaps): 2-D tables G(a, b)
    PILES = "piles"  # one or more non-negative integers moved together (staircase, Moore's Nim-k)
    GRAPH = "graph"  # a graph given by its edges (Hackenbush, trees); also read from --graph files
    VERTEX = "vertex"  # a vertex of a graph the ruleset was made from (tokens on a DAG)

    @property
    def numbers(self) -> int | None:
        """How many integers a component holds: 1, 2, or None (any number; not integers for graphs)."""
        return {Shape.HEAP: 1, Shape.VERTEX: 1, Shape.PAIR: 2}.get(self)


@dataclass
class Verdict:
    """A ruleset's direct answer for a whole position (a P-position rule, a closed form).

    ``moves`` lists the winning moves as ``(component index, option, why)``; ``move_count`` is
    their number when not all are listed; ``grundy`` is the position's value where it is known.
    """

    outcome: str
    explanation: str
    moves: list[tuple[int, Option, str]] = field(default_factory=list)
    grundy: int | None = None
    move_count: int | None = None
    complete: bool = True  # False: only some of the winning moves are listed (and counted)
    rule: str = ""  # the outcome's reason in a few words, for one line (a hint): "(3, 5) is a Beatty pair"


_GUARDED = ("grundy", "values", "table")  # the methods a Python caller asks, held to the memory budget


class Ruleset:
    """How a game is played; subclasses give :meth:`moves` and, where known, closed forms.

    Class attributes describe the ruleset: ``spec`` (the name it was made from), ``shape`` (what a
    component is: :class:`Shape`), ``splits`` (whether a move can leave several components),
    ``value_rule`` (one line saying how values are known, quoted in explanations) and
    ``component_kind`` (what a component is, for error messages), ``loopy`` (whether moves can
    return to a position: Smith's values instead of Grundy values). Every hook a ruleset may
    override is declared here with its default.
    """

    spec: str = "?"
    splits: bool = False
    value_rule: str = "Sprague–Grundy values computed from the definition (mex of the options)"
    component_kind: str = "a heap size (a non-negative integer)"
    component_noun: str = "heap"
    shape: Shape = Shape.HEAP  # what a component is (one heap size unless a ruleset says otherwise)
    first: int = 0  # the least component of a one-number shape (coins numbered from 1): tables start here
    keeps_table: bool = False  # True: values live in a growing table (reserve, values(n, bounded=...))
    value_dtype: Any = np.int64  # the type of one value in a table of this ruleset
    arithmetic_periodic: bool = False  # True: values may grow by a saltus each period
    engine_states: int | None = None  # a ruleset's own bound on its engine's memo (None: the budget's)
    # (mask, rare) of the last fill by the sparse-space kernel (take-and-break games), for progress
    sparse_stats: tuple[int, int] | None = None
    work_done: int = 0  # kernel steps taken so far, by rulesets whose kernels count them (the work budget)
    # what a theorem gives for every component, stated in value_rule: "values" (grundy() is a closed
    # form), "P-positions" (position_rule() decides one component alone), or None; pattern reports it proved
    closed_form: str | None = None
    # True: moves can return to a position (tokens on a digraph with cycles), so values are Smith's
    # (grundy.core.loopy: a nimber or ∞K) and sums are solved by grundy.core.loopy_solve; a game of one's
    # own whose moves cycle is found out when the engine meets a cycle
    loopy: bool = False

    def __init__(self) -> None:
        self._engines: dict[Any, GrundyEngine] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """The entry points a Python caller uses, held to the memory budget (:func:`guarded`)."""
        super().__init_subclass__(**kwargs)
        for name in _GUARDED:
            if name in cls.__dict__:
                setattr(cls, name, guarded(cls.__dict__[name]))

    def refusal(self, question: str) -> str | None:
        """Why this ruleset cannot answer ``question``, or None: an impartial ruleset answers every
        question (``solve``, ``play``, ``table``, ``period``, ``pattern``, and ``value`` and
        ``thermograph``, where a position's canonical value is the nimber of its Grundy value)."""
        return None

    # -- the rules -------------------------------------------------------------------------------
    def moves(self, component: Any) -> Iterable[Any]:
        """What each move leaves: components, or tuples of components when ``splits`` is true."""
        raise NotImplementedError

    def options(self, component: Any) -> Iterator[Option]:
        """Each legal move from ``component`` as the tuple of components it leaves.

        Examples
        --------
        >>> import grundy
        >>> list(grundy.ruleset("subtraction:1,3,4").options(4))
        [(3,), (1,), (0,)]
        """
        component = self.validate(component)
        if self.splits:
            for option in self.moves(component):
                yield tuple(option)
        else:
            for option in self.moves(component):
                yield (option,)

    # -- values ----------------------------------------------------------------------------------
    @property
    def engine(self) -> GrundyEngine:
        """The memoizing Sprague–Grundy engine of this ruleset (one per ruleset object).

        It searches with ``search_moves`` where a ruleset defines one (the moves with components
        renumbered, so that equal positions meet in the memo), else with ``moves``.
        """
        return self.engine_with(None)

    def engine_with(self, combine: Callable[[list], Any] | None) -> GrundyEngine:
        """The memoizing engine that folds the results of a component's options with ``combine``
        (None: the mex, i.e. Sprague–Grundy values); one per function, kept with the ruleset, so
        what it learnt is remembered (Every-SG keeps its step counts here)."""
        if combine not in self._engines:
            self._engines[combine] = GrundyEngine(self.search_moves, splits=self.splits and combine is None,
                                                  max_states=self.engine_states, combine=combine)
        return self._engines[combine]

    def search_moves(self, component: Any) -> Iterable[Any]:
        """The moves the engine searches: :meth:`moves`, unless a ruleset renumbers the components
        they leave so that equal positions meet in the memo (graphs)."""
        return self.moves(component)

    # -- periodicity (heap games) -----------------------------------------------------------------
    def known_period(self) -> tuple[int, int, int, str] | None:
        """``(preperiod, period, saltus, why)`` where a closed form gives the period of the values;
        None (the default) where it must be found."""
        return None

    def period_proof(self) -> tuple[tuple[int, int, int], str] | None:
        """``((a, b, c), theorem)`` where a theorem proves a period seen over ``a*n0 + b*p + c``
        values (n0 the preperiod, p the period); None (the default) where none applies."""
        return None

    def proved_period(self) -> Any | None:
        """The proved period (a :class:`~grundy.patterns.period.Periodicity`) that values the heaps
        past a table kept by the ruleset (``keeps_table``); None (the default) where there is none."""
        return None

    def brute_grundy(self, component: Any) -> int:
        """The Grundy value from the definition alone (the engine), ignoring any closed form."""
        return self.engine.value(self.validate(component))

    @guarded
    def grundy(self, component: Any) -> int:
        """The Grundy value of one component (a closed form where the ruleset knows one)."""
        return self.brute_grundy(component)

    def option_value(self, option: Option) -> int:
        """The Grundy value of what a move leaves: the xor of its components' values."""
        x = 0
        for c in option:
            x ^= self.grundy(c)
        return x

    def moves_to_value(self, component: Any, target: int) -> Iterator[Option]:
        """The options of ``component`` whose value is ``target`` (rulesets may find them faster).

        A ruleset that stops early (a component with astronomically many options) yields
        :data:`TRUNCATED` as its last item; :meth:`count_moves_to_value` may then count them all.
        """
        for option in self.options(component):
            if self.option_value(option) == target:
                yield option

    def count_moves_to_value(self, component: Any, target: int) -> int | None:
        """How many options of ``component`` are worth ``target``, where a ruleset can count them
        without listing them (by arithmetic on a period, say); None where it cannot."""
        return None

    @guarded
    def values(self, n: int) -> np.ndarray:
        """Grundy values of the heaps ``0 .. n-1`` as a numpy array (heap games only); each value
        worked out one by one counts as a position of the budget (:func:`limits.check_table`).

        Examples
        --------
        >>> import grundy
        >>> grundy.ruleset("subtraction:1,3,4").values(10).tolist()
        [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
        >>> grundy.ruleset("take-half").values(-2)
        Traceback (most recent call last):
        ...
        grundy.core.errors.GrundyError: values(n) needs a whole number n >= 0, such as 10 or 10**6, not -2
        """
        n = whole_count(n, "values(n)")
        self.require_heaps("a table G(0..n-1)")
        limits.check_table(n, f"a table of {self.spec}")
        return np.array([self.grundy(i) for i in range(n)], dtype=np.int64)

    # -- whole positions ---------------------------------------------------------------------------
    def position_key(self, components: Iterable[Any]) -> tuple:
        """One key per position, for searches of whole positions: by default the components as a
        sorted tuple (a position is a multiset). Coin games override it: two heads on the same
        coin cancel, so their positions are sets."""
        items = list(components)
        try:
            return tuple(sorted(items))
        except TypeError:
            return tuple(sorted(items, key=repr))

    def position_rule(self, components: list) -> Verdict | None:
        """A direct rule for the whole position under normal play (None: use Grundy values)."""
        return None

    def misere_rule(self, components: list) -> Verdict | None:
        """A direct rule for the whole position under misère play (None: search it)."""
        return None

    @guarded
    def table(self, n: int) -> np.ndarray:
        """G(first), ..., G(first + n - 1): the values ``grundy table`` shows. ``first`` is 0 (then
        this is :meth:`values`) except for games whose components are numbered from 1 (coins).

        Examples
        --------
        >>> import grundy
        >>> grundy.ruleset("ruler").first, grundy.ruleset("ruler").table(8).tolist()
        (1, [1, 2, 1, 4, 1, 2, 1, 8])
        """
        n = whole_count(n, "table(n)")
        if self.first == 0:
            return self.values(n)
        self.require_heaps("a table")
        limits.check_table(n, f"a table of {self.spec}")
        return np.array([self.grundy(c) for c in range(self.first, self.first + n)], dtype=np.int64)

    @property
    def first_pair(self) -> tuple[int, int]:
        """The least ``(a, b)`` of a two-number component: where :meth:`value_grid` starts."""
        return (0, 0)

    def value_grid(self, n: int) -> list[list[int]]:
        """G(a, b) for a0 <= a < a0 + n, b0 <= b < b0 + n, with ``(a0, b0)`` :attr:`first_pair`
        ((0, 0) but for coins numbered from 1): the 2-D table of ``grundy table``."""
        n = whole_count(n, "value_grid(n)")
        if self.shape is not Shape.PAIR:
            raise ComponentError(f"a 2-D table needs components of two numbers; {self.spec} has {self.component_kind}")
        limits.check_values(n * n, f"a {n} x {n} table", itemsize=GRID_BYTES)
        a0, b0 = self.first_pair
        rows = []
        for a in range(a0, a0 + n):
            rows.append([self.grundy((a, b)) for b in range(b0, b0 + n)])
            progress.report("values", len(rows) * n, n * n)
        return rows

    # -- components ------------------------------------------------------------------------------
    def validate(self, component: Any) -> Any:
        """Return ``component`` (normalised) if this ruleset accepts it, else raise
        :class:`ComponentError`. Subclasses add range checks in :meth:`check`. A component of
        several numbers may be text, read as the command line reads it (:meth:`parse_component`):
        ``"3,5"`` is ``(3, 5)``; a heap is a number, never text.

        Examples
        --------
        >>> import grundy
        >>> wythoff = grundy.ruleset("wythoff")
        >>> wythoff.validate("3,5"), wythoff.validate([3, 5]), wythoff.grundy("3,5")
        ((3, 5), (3, 5), 0)
        >>> wythoff.validate(3)
        Traceback (most recent call last):
        ...
        grundy.core.errors.ComponentError: '3' is not a component of wythoff: expected two heap sizes a,b \
(non-negative integers); in Python a tuple such as (3, 5), or the text '3,5'
        """
        count = self.shape.numbers
        if count == 1 and is_natural(component):
            return self.check(int(component))
        if self.shape is Shape.PILES and is_natural(component):
            component = (component,)  # one number where any number may be given
        sized = isinstance(component, (tuple, list)) and (count is None or len(component) == count)
        if sized and self.shape is not Shape.GRAPH and all(is_natural(x) for x in component):
            return self.check(tuple(int(x) for x in component))
        if isinstance(component, str) and count != 1:
            return self.validate(self.parse_component(component))
        written = {Shape.PAIR: "(3, 5)", Shape.PILES: "(1, 2, 3)"}.get(self.shape)
        if words.on_command_line():
            how = ""
        elif written:
            how = f"; in Python a tuple such as {written}, or the text {written[1:-1].replace(' ', '')!r}"
        else:
            how = "; in Python a number, not text" if isinstance(component, str) else ""
        raise ComponentError(f"{self.shown(component)} is not a component of {self.spec}: "
                             f"expected {self.component_kind}{how}")

    def shown(self, component: Any) -> str:
        """A component quoted in an error message: its token, cut to about 80 characters.

        Examples
        --------
        >>> import grundy
        >>> grundy.ruleset("nim").shown(-10**5000)
        'a negative number of about 5,001 digits'
        """
        try:
            text = (self.format_component(component) if isinstance(component, (int, tuple))
                    else component if isinstance(component, str) else repr(component))
        except Exception:  # noqa: BLE001 - only a message is at stake: fall back to a plain description
            return _described(component)
        return repr(limits.shorten(text))

    def check(self, component: Any) -> Any:
        """Further conditions on a well-formed component (raise ComponentError); default none."""
        return component

    def parse_component(self, text: str) -> Any:
        """Read a component from one command-line token (numbers joined by commas, each of at
        most :data:`~grundy.core.limits.MAX_DIGITS` digits, written out or as a power, as counts
        are: ``10**18``, ``10^18``, ``1e18``).

        Examples
        --------
        >>> import grundy
        >>> grundy.ruleset("nim").parse_component("10**18"), grundy.ruleset("wythoff").parse_component("2^10,1e3")
        (1000000000000000000, (1024, 1000))
        """
        text = text.strip()
        numbers = []
        for token in text.split(","):
            digits = token.strip().lstrip("+-")
            too_large = ComponentError(f"{limits.shorten(token.strip())} is too large for a component of {self.spec} "
                                       f"(at most {limits.MAX_DIGITS} digits); expected {self.component_kind}")
            if digits.isdigit() and len(digits) > limits.MAX_DIGITS:
                raise too_large
            try:
                numbers.append(read_number(token))
            except LimitError:
                raise too_large from None
            except GrundyError:
                raise ComponentError(f"{limits.shorten(text)!r} is not a component of {self.spec}: "
                                     f"expected {self.component_kind}") from None
        return self.validate(numbers[0] if self.shape.numbers == 1 and len(numbers) == 1 else tuple(numbers))

    def format_component(self, component: Any) -> str:
        """One token for a component, as the command line reads it."""
        if isinstance(component, tuple):
            return ",".join(str(c) for c in component)
        return str(component)

    def format_option(self, option: Option) -> str:
        """What a move leaves, for people: components joined by ``+``, or ``nothing``; a run of
        three or more equal components is written once with its count.

        Examples
        --------
        >>> import grundy
        >>> grundy.ruleset("near-equal:2").format_option((3, 3, 3, 3, 4))
        '3 ×4 + 4'
        """
        if not option:
            return "nothing"
        runs: list[list] = []
        for c in option:
            if runs and runs[-1][0] == c:
                runs[-1][1] += 1
            else:
                runs.append([c, 1])
        return " + ".join(" + ".join([self.format_component(c)] * n) if n < 3 else f"{self.format_component(c)} ×{n}"
                          for c, n in runs)

    def require_heaps(self, what: str) -> None:
        """Raise :class:`ComponentError` saying ``what`` needs heap sizes unless components are heaps."""
        if self.shape is not Shape.HEAP:
            raise ComponentError(f"{what} needs heap-size positions; {self.spec} has {self.component_kind}")

    # -- misère play -----------------------------------------------------------------------------
    def misere_outcome(self, component: Any) -> str | None:
        """Closed-form misère outcome (``"N"``/``"P"``) of one component, or None if none is known."""
        return None

    def __repr__(self) -> str:
        return f"grundy.ruleset({self.spec!r})"

    def _repr_html_(self) -> str:
        """In a notebook: the name over a small table of values (:func:`grundy.core.notebook.ruleset_html`)."""
        from grundy.core.notebook import ruleset_html

        return ruleset_html(self)


def read_number(token: str) -> int:
    """One number of a component as the command line writes it: ``12``, ``-3`` (refused later, with
    the reason), or a power as counts are written (``10**18``, ``10^18``, ``1e18``)."""
    try:
        return limits.parse_int(token, "a number")
    except LimitError:
        raise
    except GrundyError:
        return limits.parse_count(token, "a number")


def _described(component: Any) -> str:
    """A component for a message when it cannot be written out (Python refuses to write numbers
    of more than 4300 digits): its type, or the size of its number."""
    if isinstance(component, int):
        sign = "negative " if component < 0 else ""
        return f"a {sign}number of about {int(abs(component).bit_length() * 0.30103) + 1:,} digits"
    return f"a {type(component).__name__} holding very large numbers" if isinstance(component, (tuple, list)) else (
        f"a {type(component).__name__}")


def whole_count(n: Any, what: str, name: str = "n") -> int:
    """``n`` as a count (of values, say): a non-negative integer, numpy's included;
    :class:`GrundyError` for anything else (a negative number, a float, text), so that a bad count
    never slices a table silently. The message names the call ``what`` and its argument ``name``.

    Examples
    --------
    >>> whole_count(np.int64(5), "values(n)")
    5
    >>> whole_count(1e6, "values(n)")
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: values(n) needs a whole number n >= 0, such as 10 or 10**6, not 1000000.0 (a float)
    """
    if is_natural(n):
        return int(n)
    plain = n is None or isinstance(n, int) and not isinstance(n, bool)
    shown = limits.shorten(repr(n)) + ("" if plain else f" (a {type(n).__name__})")
    raise GrundyError(f"{what} needs a whole number {name} >= 0, such as 10 or 10**6, not {shown}")


def is_natural(x: Any) -> bool:
    """Whether ``x`` is a non-negative integer (a Python or numpy integer; ``True`` is not one).

    Examples
    --------
    >>> [bool(is_natural(x)) for x in (3, np.int64(0), True, -1, 2.0)]
    [True, True, False, False, False]
    """
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool) and x >= 0
