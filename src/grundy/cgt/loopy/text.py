"""Writing loopy partizan values as CGSuite writes them (its ``CanonicalStopper``, ``Pseudonumber`` and
``SidedValue`` output, plain-text mode).

A stopper in simplest form (:func:`grundy.cgt.loopy.canonical.canonical_stopper`) is written, at each
position, by the first of these that fits:

1. a short position: grundy's own notation (:func:`grundy.cgt.notation.to_text`);
2. a pseudonumber: ``on``, ``off``, ``x over`` = {x | pass} as ``2over`` (``over`` for 0) and ``x under``
   = {pass | x} as ``3/2under``;
3. a switch (equal to its negative): ``+-`` and Left's option(s);
4. a plumtree {x || x | z} with z - x <= under: ``xTiny(x - z)`` (``Tiny(on)``, ``Tiny(over)``), and
   {w | y || y} with y - w <= under: ``yMiny(w - y)``;
5. an upon form: {pass | y*m} (with y as a second Left option when m = 0) is ``y^[on]*k`` with
   k = m xor 1 (``^[on]`` = {pass|*}, ``^[on]*`` = {pass,0|0}), one Right option whose negative is an
   upon form and the right Left options is ``^<on>`` (uponth); the negatives of both with ``v``
   (``-1/4v[on]``, ``v<on>``);
6. braces and slashes as for short games, an option to the position itself written ``pass``, and a
   position met again while it is being written named ``a``, ``b``, ... (``N1``, ``N2``, ... past ``z``),
   its name written before its braces: ``a{0||||0|||a|*||*}``.

Options come in a fixed order: the short ones first in grundy's order of short games, then ``pass``,
then the loopy ones, those with fewer positions first, then by a colour refinement of the graph (the
same for isomorphic graphs; CGSuite orders them by hash codes, so loopy options may come in another
order there). A sided value is written
``onside & offside``; on & off is ``dud``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from grundy.cgt.canonical import from_options
from grundy.cgt.game import CanonicalGame, nimber, number
from grundy.cgt.loopy.graph import UNDER, LoopyGraph, from_canonical, to_canonical
from grundy.cgt.notation_write import _order, _write, number_text
from grundy.cgt.uptimal import expansion
from grundy.core.work import charge, guarded

__all__ = ["Pseudo", "graph_text", "pseudonumber", "short_parts", "sided_text"]

MAX_SLASHES = 4  # a position needing this many slashes is written in braces (CGSuite's rule)
Pseudo = tuple[str, Fraction | None]  # ("number" | "over" | "under", x) or ("on" | "off", None)


def short_parts(graph: LoopyGraph) -> list[CanonicalGame | None]:
    """The short game at each vertex from which no cycle is reachable, None at the others."""
    n = len(graph)
    pending = [len(graph.left[v]) + len(graph.right[v]) for v in range(n)]
    back: list[list[int]] = [[] for _ in range(n)]
    for v in range(n):
        for w in graph.left[v] + graph.right[v]:
            back[w].append(v)
    parts: list[CanonicalGame | None] = [None] * n
    ready = [v for v in range(n) if pending[v] == 0]
    while ready:
        v = ready.pop()
        parts[v] = from_options([parts[w] for w in graph.left[v]], [parts[w] for w in graph.right[v]])
        for p in back[v]:
            pending[p] -= 1
            if pending[p] == 0:
                ready.append(p)
    charge(n)
    return parts


def pseudonumber(graph: LoopyGraph, short: list[CanonicalGame | None], v: int) -> Pseudo | None:
    """What vertex ``v`` is when it is a number, on, off, x over or x under; else None."""
    g = short[v]
    if g is not None:
        return ("number", g.number) if g.number is not None else None
    left, right = set(graph.left[v]), set(graph.right[v])
    for mine, theirs, alone, beside in ((left, right, "on", "under"), (right, left, "off", "over")):
        if mine == {v}:
            if not theirs:
                return alone, None
            if len(theirs) == 1:
                x = short[next(iter(theirs))]
                if x is not None and x.number is not None:
                    return beside, x.number
    return None


def pseudo_text(p: Pseudo, parens: bool = False) -> str:
    """``on``, ``off``, ``3/2``, ``2over``, ``over``, ``3/2under`` (in parentheses when asked, x != 0)."""
    kind, x = p
    if kind in ("on", "off"):
        return kind
    assert x is not None
    if kind == "number":
        return number_text(x)
    text = (number_text(x) if x else "") + kind
    return f"({text})" if parens and x else text


@guarded
def graph_text(graph: LoopyGraph, braces: bool = True, parens: bool = False) -> str:
    """The text of the stopper ``graph`` (in simplest form; a loopfree one is a short game's text)."""
    return _Writer(graph).write(graph.start, braces, parens)


def sided_text(onside: str, offside: str) -> str:
    """``onside & offside`` (``dud`` for on & off), from the two sides' texts."""
    return "dud" if (onside, offside) == ("on", "off") else f"{onside} & {offside}"


def _simplest_text(graph: LoopyGraph, braces: bool, parens: bool = False) -> str:
    """The text of any stopper graph: its simplest form's."""
    from grundy.cgt.loopy.canonical import canonical_stopper

    if graph.is_loopfree():
        return _write(to_canonical(graph), braces, parens)[0]
    return graph_text(canonical_stopper(graph), braces, parens)


def _name(n: int) -> str:
    return chr(ord("a") + n) if n < 26 else f"N{n - 25}"


class _Writer:
    """The writing of one stopper graph in simplest form (vertex = value: equal positions are fused)."""

    def __init__(self, graph: LoopyGraph) -> None:
        self.graph = graph
        self.short = short_parts(graph)
        self.colour = _colours(graph, self.short)
        self.names = [0]
        self.size: dict[int, int] = {}  # vertices reachable from a loopy option
        self.special: set[int] = set()  # switches and tinies being written (a guard against re-entry)

    def write(self, v: int, braces: bool, parens: bool) -> str:
        return self.vertex(v, braces, parens, {})[0]

    def vertex(self, v: int, braces: bool, parens: bool, stack: dict[int, str | None]) -> tuple[str, int]:
        """The text of vertex ``v`` and its slashes (0 when in braces or a special form)."""
        charge(1)
        g = self.short[v]
        if g is not None:
            return _write(g, braces, parens)
        p = pseudonumber(self.graph, self.short, v)
        if p is not None:
            return pseudo_text(p, parens), 0
        if v in stack:
            name = stack[v]
            if name is None:
                name = stack[v] = _name(self.names[0])
                self.names[0] += 1
            return name, 0
        if v not in self.special:
            self.special.add(v)
            try:
                text = self.switch(v) or self.tiny(v, parens) or self.upon(v)
            finally:
                self.special.discard(v)
            if text is not None:
                return text, 0
        return self.generic(v, braces, stack)

    def generic(self, v: int, braces: bool, stack: dict[int, str | None]) -> tuple[str, int]:
        stack[v] = None
        slashes = 0
        sides = []
        for options in (self.graph.left[v], self.graph.right[v]):
            texts = []
            for w in self.ordered(v, options):
                if w == v:
                    texts.append("pass")
                    continue
                text, n = self.vertex(w, len(options) > 1, False, stack)
                texts.append(text)
                slashes = max(slashes, n)
            sides.append(",".join(texts))
        name = stack.pop(v)
        slashes += 1
        if braces or name is not None or not all(sides) or slashes == MAX_SLASHES:
            return f"{name or ''}{{{sides[0]}{'|' * slashes}{sides[1]}}}", 0
        return sides[0] + "|" * slashes + sides[1], slashes

    def ordered(self, v: int, options: tuple[int, ...]) -> list[int]:
        """Short options in grundy's order, then ``pass``, then the loopy ones, smaller graphs first,
        then by colour."""
        def key(w: int) -> tuple[Any, ...]:
            g = self.short[w]
            if g is not None:
                return 0, _order(g)
            if w not in self.size:
                self.size[w] = len(self.graph.reachable(w))
            return (1,) if w == v else (2, self.size[w], self.colour[w])
        return sorted(dict.fromkeys(options), key=key)

    # -- the special forms ---------------------------------------------------------------------------
    def fresh(self, v: int, braces: bool, parens: bool) -> str:
        """Vertex ``v`` written afresh (no names carried over), as CGSuite writes a switch's options."""
        return self.vertex(v, braces, parens, {})[0]

    def switch(self, v: int) -> str | None:
        from grundy.cgt.loopy.compare import equal

        left = self.graph.left[v]
        if len(left) != len(self.graph.right[v]):
            return None
        here = self.graph.at(v)
        if not equal(here, here.negative()):
            return None
        options = self.ordered(v, left)
        if len(options) == 1:
            return "+-" + self.fresh(options[0], True, True)
        return "+-{" + ",".join(self.fresh(w, True, False) for w in options) + "}"

    def tiny(self, v: int, parens: bool) -> str | None:
        """``xTiny(s)`` or ``yMiny(s)`` (CGSuite's IsNumberTiny on a plumtree), else None."""
        from grundy.cgt.loopy.compare import leq

        graph, short = self.graph, self.short
        if len(graph.left[v]) != 1 or len(graph.right[v]) != 1 or not graph.at(v).is_plumtree():
            return None
        a, b = graph.left[v][0], graph.right[v][0]
        found = None
        if _number(short[a]) is not None and len(graph.left[b]) == 1 and len(graph.right[b]) == 1 \
                and self.same(graph.left[b][0], a):
            x, z = short[a], graph.right[b][0]
            shifted = graph.at(z) + from_canonical(-x)
            if leq(shifted, UNDER):
                found = "Tiny", x, shifted.negative()
        elif _number(short[b]) is not None and len(graph.left[a]) == 1 and len(graph.right[a]) == 1 \
                and self.same(graph.right[a][0], b):
            y, w = short[b], graph.left[a][0]
            shifted = graph.at(w) + from_canonical(-y)
            if leq(shifted.negative(), UNDER):
                found = "Miny", y, shifted
        if found is None:
            return None
        name, shift, sub = found
        text = (number_text(shift.number) if shift.number else "") + f"{name}({_simplest_text(sub, True)})"
        return f"({text})" if parens else text

    def same(self, u: int, w: int) -> bool:
        return u == w or (self.short[u] is not None and self.short[u] is self.short[w])

    def upon(self, v: int) -> str | None:
        """``y^[on]*k``, ``y^<on>*k`` or their negatives with ``v`` (CGSuite's upon forms), else None."""
        form, negated = self.upon_form(v, False, True), False
        if form is None:
            form, negated = self.upon_form(v, True, True), True
            if form is None:
                return None
        kind, x, k = form
        x = -x if negated else x
        text = (number_text(x) if x else "") + ("v" if negated else "^") + kind
        return text + ("" if k == 0 else "*" if k == 1 else f"*{k}")

    def view(self, v: int, negated: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
        left, right = self.graph.left[v], self.graph.right[v]
        return (right, left) if negated else (left, right)

    def value(self, w: int, negated: bool) -> CanonicalGame | None:
        g = self.short[w]
        return -g if g is not None and negated else g

    def upon_form(self, v: int, negated: bool, uponth: bool) -> tuple[str, Fraction, int] | None:
        """``("[on]", y, k)`` or ``("<on>", y, k)`` for vertex v (of -G when ``negated``), else None."""
        lo, ro = self.view(v, negated)
        values = {self.value(w, negated) if w != v else "self" for w in lo}
        if len(ro) == 1 and len(set(lo)) <= 2:
            g = self.value(ro[0], negated)
            e = expansion(g) if g is not None else None
            if e is not None and not e[1]:
                y, m = e[0], e[2]
                if (m == 0 and values == {"self", number(y)}) or (m != 0 and values == {"self"}):
                    return "[on]", y, m ^ 1
        if uponth and len(ro) == 1 and ro[0] != v:
            inner = self.upon_form(ro[0], not negated, False)
            if inner is not None:
                _, y, k = inner
                if values == {number(-y) + nimber(j) for j in range((k ^ 1) + 1)}:
                    return "<on>", -y, k ^ 1
        return None


def _number(g: CanonicalGame | None) -> Fraction | None:
    return g.number if g is not None else None


def _colours(graph: LoopyGraph, short: list[CanonicalGame | None]) -> list[int]:
    """A colour refinement of the vertices (short ones by their order, loopy ones by their options'
    colours, repeated until stable): the same colours for isomorphic graphs."""
    first = [(0, _order(g)) if g is not None else (1,) for g in short]
    colour = _ranks(first)

    def signature(v: int) -> tuple[Any, ...]:
        return (colour[v], graph.left[v].count(v), graph.right[v].count(v),
                tuple(sorted(colour[w] for w in graph.left[v])), tuple(sorted(colour[w] for w in graph.right[v])))

    while True:
        new = _ranks([signature(v) for v in range(len(graph))])
        charge(len(graph))
        if len(set(new)) == len(set(colour)):
            return new
        colour = new


def _ranks(keys: list[Any]) -> list[int]:
    order: Callable[[Any], int] = {k: i for i, k in enumerate(sorted(set(keys)))}.__getitem__
    return [order(k) for k in keys]
