"""Reading loopy games in CGSuite's syntax: the helpers of :mod:`grundy.cgt.expression`.

- ``pass`` among a position's options moves to that position (the innermost one the bars make:
  ``{0|||0||pass|0}`` = {0 ||| 0 || under});
- a name before an opening brace names that position, and the name is an option anywhere inside the
  braces (``a{0|a}`` = over, ``a{{|a}|}`` = 1 & 0, ``a{0||||0|||a|*||*}``);
- the constants ``on off over under dud upon``, ``^[on]`` = upon, ``v[on]``, ``^<on>`` (uponth =
  {0 || 0 | 0, pass}), ``v<on>``; ``Tiny(G)``, ``Miny(G)`` of a stopper;
- sided values among a position's options: its onside is built from their onsides and its offside from
  their offsides (``{0|{dud|},*}`` = ^ & v*).

>>> from grundy.cgt.expression import evaluate
>>> evaluate("a{0|a}"), evaluate("a{{|a}|}"), evaluate("{0|{dud|},*}"), evaluate("{pass|3/2}")
(over, 1 & 0, ^ & v*, 3/2under)
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from grundy.cgt.canonical import add as short_add
from grundy.cgt.canonical import from_options
from grundy.cgt.canonical import negate as short_negate
from grundy.cgt.compare import le_games
from grundy.cgt.game import ZERO, CanonicalGame, CGTError, as_game

__all__ = ["CONSTANTS", "LOOPY_METHODS", "LOOPY_OK", "ParseFailure", "add", "brace_value", "closing", "compare",
           "explicit", "is_loopy", "negate", "sided", "switch", "tiny_or_miny", "word_value"]

CONSTANTS = ("on", "off", "over", "under", "dud", "upon")
_NAME = re.compile(r"\s*([A-Za-z_]\w*)?\s*")


class ParseFailure(CGTError):
    """A loopy game that cannot be read: ``at`` is the character (0-based) the message is about."""

    def __init__(self, at: int, message: str) -> None:
        super().__init__(message)
        self.at = at


def _value() -> Any:
    """grundy.cgt.loopy.value, loaded at the first loopy question (short questions never load it)."""
    return importlib.import_module("grundy.cgt.loopy.value")


def is_loopy(value: Any) -> bool:
    """Whether ``value`` is a loopy value (none exists before grundy.cgt.loopy.value is loaded)."""
    module = sys.modules.get("grundy.cgt.loopy.value")
    return module is not None and isinstance(value, (module.CanonicalStopper, module.SidedValue))


def add(a: Any, b: Any) -> Any:
    """G + H of short or loopy games."""
    return short_add(a, b) if isinstance(a, CanonicalGame) and isinstance(b, CanonicalGame) else _value().add(a, b)


def negate(a: Any) -> Any:
    return short_negate(a) if isinstance(a, CanonicalGame) else _value().negate(a)


def switch(g: Any) -> Any:
    """``+-G`` = {G | -G}."""
    return from_options([g], [short_negate(g)]) if isinstance(g, CanonicalGame) else \
        explicit([([g], [negate(g)])])


def sided(onside: Any, offside: Any) -> Any:
    """``onside & offside`` (offside <= onside)."""
    return _value().sided(onside, offside)


def compare(op: str, left: Any, right: Any, fail: Callable[[str], None]) -> bool:
    """CGSuite's comparisons: games (short or loopy) by the order of games, other answers (true, a
    list) by equality."""
    if not all(isinstance(v, (CanonicalGame, int, Fraction)) and not isinstance(v, bool) or is_loopy(v)
               for v in (left, right)):
        if op in ("==", "!="):
            return (left == right) == (op == "==")
        fail("'==' or '!=' between answers that are not games")
    g, h = (v if is_loopy(v) else as_game(v) for v in (left, right))
    le_of = _value().leq if is_loopy(g) or is_loopy(h) else le_games
    le, ge = le_of(g, h), le_of(h, g)
    return {"==": le and ge, "!=": not (le and ge), "<": le and not ge, "<=": le, ">": ge and not le, ">=": ge,
            "<>": not le and not ge, "||": not le and not ge, "<|": not ge, "|>": not le}[op]


def explicit(nodes: Sequence[tuple[Sequence[Any], Sequence[Any]]], start: int = 0) -> Any:
    """The value of an explicit game: ``nodes[i]`` = (Left's, Right's options) of node i, each option a
    node number (``pass`` is the node's own) or a value. Sided values among the options give the game's
    onside from their onsides and its offside from their offsides (CGSuite's game specifier)."""
    v = _value()
    if not any(isinstance(r, v.SidedValue) for node in nodes for side in node for r in side):
        return v.loopy_value(_materialize(nodes, start, v._graph))
    return v._sided(*(v._graph_side(_materialize(nodes, start, lambda x, i=i: v._graph(v._side(x, i))), i)
                      for i in (0, 1)))


def _materialize(nodes: Sequence[tuple[Sequence[Any], Sequence[Any]]], start: int,
                 graph_of: Callable[[Any], Any]) -> Any:
    """The graph of ``nodes`` (vertices 0..len-1) with each value's graph appended after them."""
    from grundy.cgt.loopy.graph import LoopyGraph

    extra_left: list[tuple[int, ...]] = []
    extra_right: list[tuple[int, ...]] = []
    placed: dict[int, int] = {}

    def vertex(r: Any) -> int:
        if isinstance(r, int):
            return r
        if id(r) not in placed:
            g = graph_of(r)
            offset = len(nodes) + len(extra_left)
            extra_left.extend(tuple(w + offset for w in t) for t in g.left)
            extra_right.extend(tuple(w + offset for w in t) for t in g.right)
            placed[id(r)] = offset + g.start
        return placed[id(r)]

    left = [tuple(vertex(r) for r in lo) for lo, _ in nodes]
    right = [tuple(vertex(r) for r in ro) for _, ro in nodes]
    return LoopyGraph(tuple(left + extra_left), tuple(right + extra_right), start)


def word_value(word: str) -> Any:
    """A loopy constant or arrow: ``on``, ``dud``, ``^[on]`` (upon), ``v<on>``, ..."""
    if word in CONSTANTS:
        return _value().constant(word)
    if word == "pass":
        raise CGTError("pass is an option inside braces (a move to the position itself), not a game")
    if word[1:] not in ("[on]", "<on>"):
        raise CGTError(f"expected ^[on], v[on], ^<on> or v<on>, not {word!r}")
    value = _value().constant("upon") if word[1:] == "[on]" else _uponth()
    return value if word[0] == "^" else negate(value)


def _uponth() -> Any:
    """^<on> = {0 || 0 | 0, pass}."""
    return explicit([([ZERO], [1]), ([ZERO], [ZERO, 1])])


def tiny_or_miny(name: str, g: Any) -> Any:
    """``Tiny(G)`` = {0 || 0 | -G}, ``Miny(G)`` = {G | 0 || 0}, for any value G."""
    if name.lower() == "tiny":
        return explicit([([ZERO], [1]), ([ZERO], [negate(g)])])
    return explicit([([1], [ZERO]), ([g], [ZERO])])


def brace_value(text: str, lo: int, hi: int, label: str | None, evaluate: Callable[[int, int], Any]) -> Any:
    """The game written ``text[lo:hi]`` (braces, named ``label`` when given); ``evaluate(i, j)`` is the
    value of an option written ``text[i:j]`` that is neither pass, a name, nor braces."""
    builder = _Builder(text, evaluate)
    root = builder.node(lo, hi, label, {})
    return explicit(builder.nodes, root)


class _Builder:
    """The positions of one explicit loopy game: ``nodes[i]`` = (Left's, Right's options)."""

    def __init__(self, text: str, evaluate: Callable[[int, int], Any]) -> None:
        self.text = text
        self.evaluate = evaluate
        self.nodes: list[tuple[list[Any], list[Any]]] = []

    def new(self) -> int:
        self.nodes.append(([], []))
        return len(self.nodes) - 1

    def node(self, lo: int, hi: int, label: str | None, scope: dict[str, int]) -> int:
        """The position written in the braces text[lo:hi] (lo at '{', hi past '}')."""
        k = self.new()
        if label is not None:
            scope = {**scope, label: k}
        self.body(lo + 1, hi - 1, k, scope)
        return k

    def body(self, lo: int, hi: int, k: int, scope: dict[str, int]) -> None:
        """Fill node k from text[lo:hi]: the sides split at the longest run of bars at this level."""
        runs = [(i, j) for i, j in self.top_bars(lo, hi)]
        if not runs:
            raise ParseFailure(hi, "expected '|' between the options")
        longest = max(j - i for i, j in runs)
        at = [(i, j) for i, j in runs if j - i == longest]
        if len(at) > 1:
            raise ParseFailure(at[1][0], f"expected only one run of {longest} bar(s) at this level (add braces)")
        i, j = at[0]
        self.nodes[k][0].extend(self.side(lo, i, k, scope))
        self.nodes[k][1].extend(self.side(j, hi, k, scope))

    def top_bars(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """The runs of bars of text[lo:hi] outside nested braces and parentheses."""
        runs, depth, i = [], 0, lo
        while i < hi:
            c = self.text[i]
            depth += (c in "{(") - (c in "})")
            if c == "|" and depth == 0:
                j = i
                while j < hi and self.text[j] == "|":
                    j += 1
                runs.append((i, j))
                i = j
                continue
            i += 1
        return runs

    def side(self, lo: int, hi: int, k: int, scope: dict[str, int]) -> list[Any]:
        """One side's options: a nested position when the side has bars, else its comma-separated options."""
        if self.top_bars(lo, hi):
            inner = self.new()
            self.body(lo, hi, inner, scope)
            return [inner]
        if not self.text[lo:hi].strip():
            return []
        options, start, depth = [], lo, 0
        for i in range(lo, hi + 1):
            c = self.text[i] if i < hi else ","
            depth += (c in "{(") - (c in "})")
            if c == "," and depth == 0:
                options.append(self.option(start, i, k, scope))
                start = i + 1
        return options

    def option(self, lo: int, hi: int, k: int, scope: dict[str, int]) -> Any:
        """``pass`` (node k), a name in scope, braces (named or not), or any expression's value."""
        part = self.text[lo:hi]
        word = part.strip()
        at = lo + len(part) - len(part.lstrip())
        if not word:
            raise ParseFailure(at, "expected an option between the commas")
        if word == "pass":
            return k
        if word in scope:
            return scope[word]
        m = _NAME.match(self.text, lo, hi)
        opening = m.end() if m else lo
        if opening < hi and self.text[opening] == "{" and closing(self.text, opening, hi) == lo + len(part.rstrip()):
            label = m.group(1) if m else None
            if label is not None and m is not None and m.end(1) != opening:
                raise ParseFailure(m.start(1), f"expected a name written against its brace, as {label}{{...}}")
            return self.node(opening, lo + len(part.rstrip()), label, scope)
        try:  # any value the expression language reads (v, ^, 3/2, on, ...)
            return self.evaluate(lo, hi)
        except CGTError:
            if re.fullmatch(r"[A-Za-z_]\w*", word) and word not in CONSTANTS:
                raise ParseFailure(at, f"unknown name {word!r} (a name stands for the braces it is written "
                                       "before, inside them)") from None
            raise


def closing(text: str, pos: int, hi: int) -> int:
    """The index just past the brace closing the one at ``pos`` (or -1)."""
    depth = 0
    for j in range(pos, hi):
        depth += (text[j] in "{(") - (text[j] in "})")
        if depth == 0:
            return j + 1
    return -1


def _method(name: str) -> Callable[..., Any]:
    return lambda *args: getattr(_value(), name)(*args)


LOOPY_METHODS: dict[str, tuple[tuple[str, ...], Callable[..., Any]]] = {
    "Degree": ((), _method("degree")),
    "Downsum": (("game",), _method("downsum")),
    "IsIdempotent": ((), lambda g: add(g, g) == g),
    "IsStopper": ((), lambda g: not is_loopy(g) or g.is_stopper),
    "Offside": ((), lambda g: g.offside if is_loopy(g) else g),
    "Onside": ((), lambda g: g.onside if is_loopy(g) else g),
    "Upsum": (("game",), _method("upsum")),
    "Variety": ((), _method("variety")),
}
"""CGSuite's methods of loopy values (a short game answers them too); LeftStop, RightStop and
OutcomeClass are the short games' own."""
LOOPY_OK = frozenset(LOOPY_METHODS) | {"LeftStop", "RightStop", "OutcomeClass"}
