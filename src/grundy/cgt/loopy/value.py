"""The values of loopy partizan games that users see: :class:`CanonicalStopper`, :class:`SidedValue`.

:func:`loopy_value` values a :class:`~grundy.cgt.loopy.graph.LoopyGraph` as CGSuite does: a loopfree
graph is a short game (grundy's :class:`~grundy.cgt.game.CanonicalGame`), a stopper its simplest form (a
:class:`CanonicalStopper`), any other game its onside and offside (Winning Ways ch. 11; Siegel,
*Combinatorial Game Theory* ch. VI), a :class:`SidedValue` ``onside & offside`` — or one stopper when the
sides are equal. The operations are CGSuite's:

- ``G + H``: for stoppers the simplest form of the sum when it is a stopper, else its sides;
  (A & B) + (C & D) = (A Upsum C) & (B Downsum D), where ``A Upsum C`` = (A + C)'s onside and
  ``B Downsum D`` = (B + D)'s offside; ``-(A & B)`` = (-B) & (-A);
- ``G <= H``: the stopper order; (A & B) <= (C & D) iff A <= C and B <= D;
- stops: a number, on or off (x over and x under stop at x); ``degree`` = G Upsum -G, ``variety``;
- ``outcome``: L, R, N, P for stoppers; for A & B, from the outcomes of A and B (CGSuite's
  SidedValue.outcomeClass): D, NHat, NCheck, PHat, PCheck as well.

A short game mixed in (``stopper + CanonicalGame``, comparisons) is taken as its graph.

>>> from grundy.cgt.loopy.graph import ON, OFF, OVER, LoopyGraph
>>> on, off, over = loopy_value(ON), loopy_value(OFF), loopy_value(OVER)
>>> on + off, over - over, (on + off).outcome, over.degree, on > over > 0
(dud, over & under, 'D', over, True)
>>> loopy_value(LoopyGraph(((1,), ()), ((), (0,))))   # a{{|a}|}
1 & 0
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any, Union

from grundy.cgt.game import ZERO, CanonicalGame, as_game
from grundy.cgt.loopy.canonical import canonical_stopper, stopper_key
from grundy.cgt.loopy.compare import leq as graph_leq
from grundy.cgt.loopy.graph import OFF, ON, OVER, UNDER, UPON, LoopyGraph, from_canonical, to_canonical
from grundy.cgt.loopy.text import graph_text, short_parts, sided_text
from grundy.core.errors import GrundyError, LimitError
from grundy.core.work import guarded

__all__ = ["CanonicalStopper", "SidedValue", "Value", "add", "constant", "degree", "downsum", "leq",
           "loopy_value", "negate", "outcome", "sided", "stops", "to_json", "upsum", "variety"]

Value = Union[CanonicalGame, "CanonicalStopper", "SidedValue"]
OUTCOMES = {("L", "L"): "L", ("L", "N"): "NHat", ("L", "P"): "PHat", ("L", "R"): "D", ("N", "N"): "N",
            ("N", "R"): "NCheck", ("P", "P"): "P", ("P", "R"): "PCheck", ("R", "R"): "R"}
"""The outcome of A & B from the outcomes of A and of B (CGSuite's SidedValue.outcomeClass)."""


class _Loopy:
    """The operators of the loopy values (CGSuite's names as properties and methods)."""

    def __add__(self, other: Any) -> Value:
        return add(self, _as_value(other))  # type: ignore[arg-type]

    __radd__ = __add__

    def __sub__(self, other: Any) -> Value:
        return add(self, negate(_as_value(other)))  # type: ignore[arg-type]

    def __rsub__(self, other: Any) -> Value:
        return add(_as_value(other), negate(self))  # type: ignore[arg-type]

    def __neg__(self) -> Value:
        return negate(self)  # type: ignore[arg-type]

    def __and__(self, other: Any) -> Value:
        """``G & H``: onside G, offside H (:func:`sided`)."""
        return sided(self, _as_value(other))  # type: ignore[arg-type]

    def __rand__(self, other: Any) -> Value:
        return sided(_as_value(other), self)  # type: ignore[arg-type]

    def __le__(self, other: Any) -> bool:
        return leq(self, _as_value(other))  # type: ignore[arg-type]

    def __ge__(self, other: Any) -> bool:
        return leq(_as_value(other), self)  # type: ignore[arg-type]

    def __lt__(self, other: Any) -> bool:
        h = _as_value(other)
        return leq(self, h) and not leq(h, self)  # type: ignore[arg-type]

    def __gt__(self, other: Any) -> bool:
        h = _as_value(other)
        return leq(h, self) and not leq(self, h)  # type: ignore[arg-type]

    def fuzzy(self, other: Any) -> bool:
        """Neither ``G <= H`` nor ``G >= H``."""
        h = _as_value(other)
        return not leq(self, h) and not leq(h, self)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return str(self)

    @property
    def left_stop(self) -> Fraction | CanonicalStopper:
        """Left's stop: a number, or on or off (a CanonicalStopper)."""
        return stops(self)[0]  # type: ignore[arg-type]

    @property
    def right_stop(self) -> Fraction | CanonicalStopper:
        """Right's stop: a number, or on or off."""
        return stops(self)[1]  # type: ignore[arg-type]

    @property
    def outcome(self) -> str:
        """L, R, N, P; for a sided value also D, NHat, NCheck, PHat, PCheck."""
        return outcome(self)  # type: ignore[arg-type]

    @property
    def degree(self) -> Value:
        """G Upsum -G (CGSuite's Degree; stoppers only)."""
        return degree(self)  # type: ignore[arg-type]

    @property
    def variety(self) -> Value:
        """CGSuite's Variety (stoppers whose degree is an idempotent)."""
        return variety(self)  # type: ignore[arg-type]

    @property
    def is_idempotent(self) -> bool:
        """G + G = G."""
        return add(self, self) == self  # type: ignore[arg-type]

    def upsum(self, other: Any) -> Value:
        """The onside of G + H."""
        return upsum(self, _as_value(other))  # type: ignore[arg-type]

    def downsum(self, other: Any) -> Value:
        """The offside of G + H."""
        return downsum(self, _as_value(other))  # type: ignore[arg-type]

    def to_json(self, with_degree: bool = True) -> dict[str, Any]:
        """The value's text, outcome, sides, stops, degree (null for a sided value) and is_stopper."""
        return to_json(self, with_degree)  # type: ignore[arg-type]


class CanonicalStopper(_Loopy):
    """A loopy stopper (no infinite alternating play) that is not a short game, in simplest form."""

    __slots__ = ("graph", "_key", "_text")

    def __init__(self, graph: LoopyGraph) -> None:
        """``graph``: a simplest form (:func:`~grundy.cgt.loopy.canonical.canonical_stopper`), not loopfree."""
        self.graph = graph
        self._key: Any = None
        self._text: str | None = None

    @property
    def key(self) -> Any:
        """Equal exactly for equal stoppers."""
        if self._key is None:
            self._key = stopper_key(self.graph)
        return self._key

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CanonicalStopper):
            return self is other or self.key == other.key
        return False if isinstance(other, (CanonicalGame, SidedValue, int, Fraction)) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.key)

    def __str__(self) -> str:
        if self._text is None:
            self._text = graph_text(self.graph)
        return self._text

    is_stopper = True

    @property
    def onside(self) -> CanonicalStopper:
        return self

    @property
    def offside(self) -> CanonicalStopper:
        return self


class SidedValue(_Loopy):
    """``onside & offside`` with offside <= onside, unequal: a loopy game that is not a stopper."""

    __slots__ = ("onside", "offside")
    is_stopper = False

    def __init__(self, onside: CanonicalGame | CanonicalStopper, offside: CanonicalGame | CanonicalStopper) -> None:
        self.onside = onside
        self.offside = offside

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SidedValue):
            return self.onside == other.onside and self.offside == other.offside
        return False if isinstance(other, (CanonicalGame, CanonicalStopper, int, Fraction)) else NotImplemented

    def __hash__(self) -> int:
        return hash((self.onside, self.offside))

    def __str__(self) -> str:
        return sided_text(str(self.onside), str(self.offside))


# -- making values ---------------------------------------------------------------------------------------


def _from_simplest(graph: LoopyGraph) -> CanonicalGame | CanonicalStopper:
    """The value of a stopper graph already in simplest form."""
    return to_canonical(graph) if graph.is_loopfree() else CanonicalStopper(graph)


def _stopper(graph: LoopyGraph) -> CanonicalGame | CanonicalStopper:
    return to_canonical(graph) if graph.is_loopfree() else _from_simplest(canonical_stopper(graph))


def _sides(graph: LoopyGraph) -> tuple[LoopyGraph, LoopyGraph]:
    from grundy.cgt.loopy.sides import sides

    return sides(graph)


def _graph_side(graph: LoopyGraph, i: int) -> CanonicalGame | CanonicalStopper:
    """The onside (i = 0) or offside (1) of any stopper-sided graph."""
    return _stopper(graph) if graph.is_stopper() else _from_simplest(_sides(graph)[i])


@guarded
def loopy_value(graph: LoopyGraph) -> Value:
    """The value of a loopy graph: a short game, a stopper in simplest form, or its two sides."""
    if graph.is_loopfree():
        return to_canonical(graph)
    if graph.is_stopper():
        return _from_simplest(canonical_stopper(graph))
    onside, offside = _sides(graph)
    return _sided(_from_simplest(onside), _from_simplest(offside))


def _sided(onside: CanonicalGame | CanonicalStopper, offside: CanonicalGame | CanonicalStopper) -> Value:
    return onside if onside == offside else SidedValue(onside, offside)


def sided(onside: Value, offside: Value) -> Value:
    """``onside & offside`` (CGSuite's ``G & H``): both stoppers, offside <= onside."""
    for x in (onside, offside):
        if isinstance(x, SidedValue):
            raise GrundyError(f"the sides of G & H are stoppers, and {x} is not one")
    if not leq(offside, onside):
        raise GrundyError(f"offside is not <= onside: {offside} is not <= {onside}")
    return _sided(onside, offside)  # type: ignore[arg-type]


@cache
def constant(name: str) -> Value:
    """CGSuite's constants: ``on``, ``off``, ``over``, ``under``, ``upon``, ``dud``."""
    graphs = {"on": ON, "off": OFF, "over": OVER, "under": UNDER, "upon": UPON}
    if name == "dud":
        return _sided(_stopper(ON), _stopper(OFF))
    return _stopper(graphs[name])


# -- the operations ----------------------------------------------------------------------------------------


def _as_value(x: Any) -> Value:
    return x if isinstance(x, (CanonicalStopper, SidedValue)) else as_game(x)


def _graph(x: Value) -> LoopyGraph:
    if isinstance(x, CanonicalStopper):
        return x.graph
    if isinstance(x, SidedValue):
        raise GrundyError(f"{x} is not a stopper: it has no single graph")
    return from_canonical(x)


def _side(x: Value, i: int) -> CanonicalGame | CanonicalStopper:
    return (x.onside, x.offside)[i] if isinstance(x, SidedValue) else x


def add(a: Value, b: Value) -> Value:
    """G + H (see the module's notes)."""
    if isinstance(a, CanonicalGame) and isinstance(b, CanonicalGame):
        return a + b
    if not isinstance(a, SidedValue) and not isinstance(b, SidedValue):
        return loopy_value(_graph(a) + _graph(b))
    return _sided(_graph_side(_graph(_side(a, 0)) + _graph(_side(b, 0)), 0),
                  _graph_side(_graph(_side(a, 1)) + _graph(_side(b, 1)), 1))


def upsum(a: Value, b: Value) -> Value:
    """G Upsum H: the onside of G + H."""
    return _side(add(a, b), 0)


def downsum(a: Value, b: Value) -> Value:
    """G Downsum H: the offside of G + H."""
    return _side(add(a, b), 1)


def negate(a: Value) -> Value:
    """-G; -(A & B) = (-B) & (-A)."""
    if isinstance(a, CanonicalStopper):
        return CanonicalStopper(a.graph.negative())
    if isinstance(a, SidedValue):
        return SidedValue(negate(a.offside), negate(a.onside))  # type: ignore[arg-type]
    return -a


def leq(a: Value, b: Value) -> bool:
    """G <= H: the stopper order, side by side for sided values."""
    if isinstance(a, CanonicalGame) and isinstance(b, CanonicalGame):
        return a <= b
    if not isinstance(a, SidedValue) and not isinstance(b, SidedValue):
        return graph_leq(_graph(a), _graph(b))
    return all(graph_leq(_graph(_side(a, i)), _graph(_side(b, i))) for i in (0, 1))


def outcome(a: Value) -> str:
    """L, R, N or P for a stopper; for a sided value the class of (its onside's, its offside's)."""
    if isinstance(a, CanonicalGame):
        return a.outcome
    if isinstance(a, SidedValue):
        return OUTCOMES[outcome(a.onside), outcome(a.offside)]
    ge, le = leq(ZERO, a), leq(a, ZERO)
    return "P" if ge and le else "L" if ge else "R" if le else "N"


def _stopper_only(a: Value, what: str) -> None:
    if isinstance(a, SidedValue):
        raise GrundyError(f"{what} is a property of a stopper, and {a} is not one (ask its Onside or Offside)")


def degree(a: Value) -> Value:
    """0 for a short game, else G Upsum -G (an idempotent)."""
    _stopper_only(a, "Degree")
    return ZERO if isinstance(a, CanonicalGame) else upsum(a, negate(a))


def variety(a: Value) -> Value:
    """CGSuite's Variety: with D = Degree, G Upsum ((-G) Downsum (-D)), which must equal
    G Downsum ((-G) Upsum D)."""
    _stopper_only(a, "Variety")
    d = degree(a)
    if add(d, d) != d:
        raise GrundyError(f"Variety degree must be an idempotent: the degree {d} of {a} is not one")
    minus = negate(a)
    up = upsum(a, downsum(minus, negate(d)))
    down = downsum(a, upsum(minus, d))
    if up != down:
        raise GrundyError(f"a counterexample to the Stability Conjecture: the varieties of {a} differ ({up}, {down})")
    return up


def stops(a: Value) -> tuple[Fraction | CanonicalStopper, Fraction | CanonicalStopper]:
    """Left's and Right's stops (a sided value: its onside's left stop, its offside's right stop)."""
    if isinstance(a, CanonicalGame):
        return a.left_stop, a.right_stop
    if isinstance(a, SidedValue):
        return stops(a.onside)[0], stops(a.offside)[1]
    found = _stop_keys(a.graph)
    return _stop_value(found[0]), _stop_value(found[1])


_INF = float("inf")
StopKey = Fraction | float  # a number, or ±inf for on and off


def _stop_keys(graph: LoopyGraph) -> tuple[StopKey, StopKey]:
    """The stops at the start of a stopper: Left's the best of her options' Right stops, Right's the
    least of his options' Left stops, no option at all counting as off for Left and on for Right (so on
    stops at on, x over at x); alternating play always ends in a stopper, so this is well founded."""
    short = short_parts(graph)
    done: dict[tuple[int, bool], StopKey] = {}
    todo = [(graph.start, True), (graph.start, False)]
    while todo:
        state = todo[-1]
        if state in done:
            todo.pop()
            continue
        v, left = state
        g = short[v]
        options = [] if g is not None else [(w, not left) for w in (graph.left[v] if left else graph.right[v])]
        missing = [s for s in options if s not in done]
        if missing:
            if len(todo) > 4 * len(graph) + 4:
                raise GrundyError("the stops of a game with infinite alternating play are not defined")
            todo.extend(missing)
            continue
        keys = [done[s] for s in options]
        done[state] = (g.left_stop if left else g.right_stop) if g is not None else \
            (max(keys, default=-_INF) if left else min(keys, default=_INF))
        todo.pop()
    return done[graph.start, True], done[graph.start, False]


def _stop_value(key: StopKey) -> Fraction | CanonicalStopper:
    if key in (_INF, -_INF):
        return constant("on" if key > 0 else "off")  # type: ignore[return-value]
    return Fraction(key)


DEGREE_UP_TO = 12  # JSON gives the degree of a stopper of at most this many positions (G - G has their square)


def to_json(a: Value, with_degree: bool = True) -> dict[str, Any]:
    """The JSON of a loopy value (a short game too): value, outcome, onside, offside, left_stop,
    right_stop, degree (unless ``with_degree`` is false; null for a sided value, a stopper of more than
    :data:`DEGREE_UP_TO` positions, or past the work budget), is_stopper."""
    left, right = stops(a)
    small = not isinstance(a, CanonicalStopper) or len(a.graph) <= DEGREE_UP_TO
    try:
        deg = str(degree(a)) if with_degree and small and not isinstance(a, SidedValue) else None
    except LimitError:
        deg = None
    return {"value": str(a), "outcome": outcome(a), "onside": str(_side(a, 0)), "offside": str(_side(a, 1)),
            "left_stop": str(left), "right_stop": str(right), "degree": deg,
            "is_stopper": not isinstance(a, SidedValue)}
