"""Writing short partizan games as CGSuite writes them: :func:`to_text` (read back by ``parse``).

One string per value (CGSuite's output of a ``CanonicalShortGame`` and an ``Uptimal``, as its
``CanonicalShortGameTestCase`` shows it), tried in this order:

1. an uptimal ``x + d1.^ + d2.^<2> + ... + dk.^<k> + *m`` (:mod:`grundy.cgt.uptimal`) with k <= 1
   (``3``, ``*2``, ``1v``, ``^^*``, ``v3``, ``73/16v9*8``), with one digit ±1 and the rest 0 (``^<2>``,
   ``v<4>*``), or with all its digits 1 or all -1 (``^[4]``, ``3/4v[3]*``): the number, the arrows, the star;
2. a game equal to its negative (Right's options are the negatives of Left's): ``+-G`` for one
   Left option G, written in braces or parentheses unless it is a number or plain arrows (``+-1``,
   ``+-{3|1}``, ``+-(1*)``), and ``+-{A,B}`` for several;
3. ``{x || x | x - y}`` with mean(y) > 0: ``xTiny(y)`` (``Tiny(3/2)``, ``2Tiny(2)``, ``Tiny({3|1})``),
   and ``{x + y | x || x}`` with mean(y) > 0: ``xMiny(y)``;
4. braces: each side's options in CGSuite's order (numbers by value, then nimbers, then uptimals by
   their expansion, then the rest by their own ordered options) and a side's sole option written
   without its braces, one more bar marking the level (``{2||1|0}``); an option that would need
   four bars is written in braces instead.

CGSuite never writes ``x+-y``: ``{3|1}`` stays ``{3|1}`` (the empty 4 × 4 Domineering board is
``+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}``).

>>> from grundy.cgt.notation import parse
>>> [to_text(parse(s)) for s in ["{1|1}", "{0,*|0}", "{0|^*}", "{1|-1}", "{5/2|-5/2}", "{4|2}", "{0||0|-1}"]]
['1*', '^*', '^^', '+-1', '+-5/2', '{4|2}', 'Tiny(1)']
>>> [to_text(parse(s)) for s in ["{0|*||*|||*}", "{0|v*}", "{1*|-1*}", "{0|^<2>*}", "{2||2|0}", "{1|0||0}"]]
['^[3]', '^<2>', '+-(1*)', '{0|^<2>*}', '2Tiny(2)', 'Miny(1)']
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from grundy.cgt.canonical import add, negate
from grundy.cgt.game import ZERO, CanonicalGame, _guarded, as_game
from grundy.cgt.uptimal import Expansion, expansion
from grundy.core.errors import LimitError
from grundy.core.work import charge

__all__ = ["MAX_TEXT", "number_text", "ordered", "to_text"]

MAX_TEXT = 1_000_000  # the most characters a value is written out in
MAX_BARS = 4  # a sole option needing this many bars is written in braces instead (CGSuite's rule)


def number_text(x: Fraction | int) -> str:
    """``3``, ``-1/2``: an integer or a fraction in lowest terms."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@_guarded
def to_text(g: CanonicalGame) -> str:
    """The one string for ``g``, as CGSuite prints it (cached); ``parse(to_text(g)) is g``.

    Examples
    --------
    >>> from grundy.cgt.notation import parse
    >>> to_text(parse("+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}")), to_text(parse("{0||0|vvv}"))
    ('+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}', '{0||0|v3}')
    """
    return _write(as_game(g), True, False)[0]


def ordered(options: tuple[CanonicalGame, ...]) -> list[CanonicalGame]:
    """The options in CGSuite's order: numbers by value, nimbers, uptimals by expansion, then the rest."""
    return sorted(options, key=_order)


def _order(g: CanonicalGame) -> tuple[Any, ...]:
    key = g._cache.get("order")
    if key is None:
        nim = g.nimber
        e = None if g._num is not None or nim is not None else expansion(g)
        if g._num is not None:
            key = (0, g._num)
        elif nim is not None:
            key = (1, nim)
        elif e is not None:
            key = (2, *e)
        else:
            key = (3, tuple(_order(h) for h in ordered(g.left)), tuple(_order(h) for h in ordered(g.right)))
        g._cache["order"] = key
    return key


def _write(g: CanonicalGame, braces: bool, parens: bool) -> tuple[str, int]:
    """g's text and its number of bars (0 when it is not a bare ``a|b`` form): ``braces`` asks for the
    braces of a ``{..|..}`` form, ``parens`` for parentheses round a sum written as one word."""
    slot = "text" + "b" * braces + "p" * parens
    found = g._cache.get(slot)
    if found is None:
        found = g._cache[slot] = _form(g, braces, parens)
    return found


def _form(g: CanonicalGame, braces: bool, parens: bool) -> tuple[str, int]:
    e = expansion(g)
    if e is not None and _plain(e):
        text = _uptimal_text(e)
        compact = e[0] == 0 and (e[2] == 0 or not e[1]) or not e[1] and e[2] == 0
        return (f"({text})" if parens and not compact else text), 0
    left, right = ordered(g.left), ordered(g.right)
    if len(left) == len(right) and negate(g) is g:
        if len(left) == 1:
            return "+-" + _write(left[0], True, True)[0], 0
        return "+-{" + _joined([_write(h, True, False)[0] for h in left]) + "}", 0
    tiny = _tiny(g)
    if tiny is not None:
        name, shift, sub = tiny
        text = (number_text(shift.number) if shift is not ZERO else "") + f"{name}({_write(sub, True, False)[0]})"
        return (f"({text})" if parens else text), 0
    bars = 1
    sides = []
    for side in (left, right):
        many = len(side) > 1
        texts = []
        for h in side:
            text, n = _write(h, many, False)
            texts.append(text)
            bars = max(bars, n + 1)
        sides.append(_joined(texts))
    _check_length(len(sides[0]) + len(sides[1]) + bars + 2)
    charge(1 + (len(sides[0]) + len(sides[1])) // 256)  # writing a value out is work of the question too
    text = sides[0] + "|" * bars + sides[1]
    if braces or bars >= MAX_BARS:
        return "{" + text + "}", 0
    return text, bars


def _joined(texts: list[str]) -> str:
    _check_length(sum(len(t) + 1 for t in texts))
    return ",".join(texts)


def _plain(e: Expansion) -> bool:
    """Whether CGSuite writes the uptimal as one word: at most one digit, one unit, or a unit sum."""
    ds = e[1]
    if len(ds) <= 1:
        return True
    if abs(ds[-1]) != 1:
        return False
    return all(d == 0 for d in ds[:-1]) or all(d == ds[-1] for d in ds)


def _uptimal_text(e: Expansion) -> str:
    x, ds, m = e
    text = number_text(x) if x != 0 or (m == 0 and not ds) else ""
    if ds:
        arrow = "^" if ds[-1] > 0 else "v"
        if len(ds) == 1:
            c = abs(ds[0])
            text += arrow * 2 if c == 2 else arrow + (str(c) if c > 2 else "")
        elif ds[-1] in ds[:-1]:
            text += f"{arrow}[{len(ds)}]"
        else:
            text += f"{arrow}<{len(ds)}>"
    if m:
        text += "*" if m == 1 else f"*{m}"
    return text


def _tiny(g: CanonicalGame) -> tuple[str, CanonicalGame, CanonicalGame] | None:
    """``("Tiny", x, y)`` for g = {x || x | x - y} with mean(y) > 0, ``("Miny", x, y)`` for
    g = {x + y | x || x}; else None (CGSuite's ``IsNumberTiny``)."""
    if len(g.left) != 1 or len(g.right) != 1:
        return None
    a, b = g.left[0], g.right[0]
    if a.number is not None and b.left == (a,) and len(b.right) == 1 and b.right[0].mean < a.number:
        return "Tiny", a, add(a, negate(b.right[0]))
    if b.number is not None and a.right == (b,) and len(a.left) == 1 and a.left[0].mean > b.number:
        return "Miny", b, add(a.left[0], negate(b))
    return None


def _check_length(length: int) -> None:
    """Refuse to write out a value whose text would pass :data:`MAX_TEXT` characters (a sum of
    switches shares its parts, and its text repeats them: it can grow exponentially)."""
    if length > MAX_TEXT:
        raise LimitError(f"the value's text would be longer than {MAX_TEXT:,} characters: it is too large to write "
                         "out; ask for its outcome, stops or temperature with a smaller position, or split it into "
                         "a sum of smaller parts")
