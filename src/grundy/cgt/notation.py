"""The usual ASCII notation for short partizan games: :func:`parse` reads it, :func:`to_text` writes it.

Reading (CGSuite's conventions, Siegel, *Combinatorial Game Theory* ch. II):

- ``{A,B|C}`` a game by its options; more bars nest: ``{a||b|c}`` = ``{a|{b|c}}``, ``{a|b||c}`` =
  ``{{a|b}|c}``, ``|||`` one level more (the longest run of bars in a pair of braces splits it);
- numbers ``3``, ``-2``, ``3/4``, ``-1/2`` (dyadic only); ``*`` and ``*n``; ``^`` (up), ``v`` (down),
  ``^^``, ``^n`` / ``vn`` for n copies; ``+-G`` = ``{G|-G}`` (``+-1``, ``+-{2|1}``);
  ``Tiny(x)`` = ``{0||0|-x}``, ``Miny(x)`` = ``{x|0||0}``; parentheses group;
- terms written together are added: ``1*`` = 1 + *, ``3/4v*`` = 3/4 + v + *, ``^*2`` = ^ + *2,
  ``2+-1`` = 2 + ±1 = ``{3|1}``. A ``-`` at the start of a term negates the next item only (``-1*``
  = -1 + *); between terms ``+`` and ``-`` add and subtract whole terms (``{1|-1} - ^*``). ``+-``
  written together always means ±, so write ``1 + -1`` with a space for one plus minus one.

Writing picks one string per value (so equal games print alike) and ``parse(to_text(G)) is G``:
a number (``3``, ``-1/2``); else number + ups + star (``1*``, ``^``, ``v*``, ``^^``, ``^3*2``,
``3/4v*``) when the game is one; else ``+-x`` / ``+-{..}`` for ``{G|-G}``, ``x+-y`` for ``{x+y|x-y}``
when shorter than the braces, ``Tiny(x)`` / ``Miny(x)``; else ``{..|..}`` with nested sole options
written with more bars.

>>> g = parse("{2||1|0}")
>>> g, g.right, parse("{0,*|0}"), parse("+-1") + parse("^*"), parse("{3|1}")
({2||1|0}, ({1|0},), ^*, {1^*|-1^*}, 2+-1)
"""

from __future__ import annotations

import re
from fractions import Fraction

from grundy.cgt.canonical import add, from_options, negate, times
from grundy.cgt.game import ZERO, CanonicalGame, CGTError, _guarded, as_game, nimber, number
from grundy.cgt.work import charge
from grundy.core.errors import LimitError
from grundy.core.limits import parse_int

__all__ = ["NotationError", "parse", "to_text", "number_text"]


class NotationError(CGTError):
    """Text that is not a game in the usual notation; the message names the place and what was expected."""


_TOKEN = re.compile(
    r"""\s*(?:
      (?P<num>[0-9]+(?:/[0-9]+)?)
    | (?P<star>\*[0-9]*)
    | (?P<up>\^[0-9]*)
    | (?P<ident>(?i:tiny|miny))
    | (?P<down>v[0-9]*)
    | (?P<pm>\+-|±)
    | (?P<plus>\+)
    | (?P<minus>-)
    | (?P<bars>\|+)
    | (?P<lbrace>\{) | (?P<rbrace>\}) | (?P<comma>,) | (?P<lparen>\() | (?P<rparen>\))
    )""",
    re.VERBOSE,
)

_STARTS_ITEM = {"num", "star", "up", "down", "ident", "pm", "lbrace", "lparen"}


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        n = len(text)
        while True:
            while pos < n and text[pos].isspace():
                pos += 1
            if pos >= n:
                break
            m = _TOKEN.match(text, pos)
            if m is None or m.lastgroup is None:
                self.fail(pos, "a game (a number, *, ^, v, {..|..}, +-, Tiny, Miny)")
            self.tokens.append((m.lastgroup, m.group(m.lastgroup), m.start(m.lastgroup)))
            pos = m.end()
        self.i = 0
        self.end = len(self.tokens)
        self.match: dict[int, int] = {}  # the index of each opening brace or parenthesis -> its closing one
        stack: list[int] = []
        for j, (kind, _, pos) in enumerate(self.tokens):
            if kind in ("lbrace", "lparen"):
                stack.append(j)
            elif kind in ("rbrace", "rparen"):
                want = "lbrace" if kind == "rbrace" else "lparen"
                if not stack or self.tokens[stack[-1]][0] != want:
                    self.fail(pos, "no closing " + ("'}'" if kind == "rbrace" else "')'") + " here")
                self.match[stack.pop()] = j
        if stack:
            kind, _, pos = self.tokens[stack[-1]]
            self.fail(pos, "a matching " + ("'}'" if kind == "lbrace" else "')'"), what="nothing")

    def fail(self, pos: int, expected: str, what: str | None = None) -> None:
        if what is None:
            what = repr(self.text[pos:pos + 8]) if pos < len(self.text) else "the end"
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        raise NotationError(f"cannot read {shown!r}: at character {pos + 1}, expected {expected}, found {what}")

    def pos(self) -> int:
        return self.tokens[self.i][2] if self.i < self.end else (
            self.tokens[self.end][2] if self.end < len(self.tokens) else len(self.text))

    def peek(self) -> str | None:
        return self.tokens[self.i][0] if self.i < self.end else None

    # expr := term (('+' | '-') term)*
    def expr(self) -> CanonicalGame:
        total = self.term()
        while self.peek() in ("plus", "minus"):
            sign = self.tokens[self.i][0]
            self.i += 1
            t = self.term()
            total = add(total, t if sign == "plus" else negate(t))
        return total

    # term := unary item*   (juxtaposed items are added)
    def term(self) -> CanonicalGame:
        total = self.unary()
        while self.peek() in _STARTS_ITEM:
            total = add(total, self.unary())
        return total

    # unary := '-' unary | '+-' unary | item
    def unary(self) -> CanonicalGame:
        kind = self.peek()
        if kind == "minus":
            self.i += 1
            return negate(self.unary())
        if kind == "pm":
            self.i += 1
            g = self.unary()
            return from_options([g], [negate(g)])
        return self.item()

    def item(self) -> CanonicalGame:
        kind = self.peek()
        if kind is None or kind not in _STARTS_ITEM:
            self.fail(self.pos(), "a game (a number, *, ^, v, {..|..}, +-, Tiny, Miny)")
        _, text, pos = self.tokens[self.i]
        self.i += 1
        if kind == "num":
            top, _, below = text.partition("/")
            if below and self.whole(below) == 0:
                self.fail(pos, "a number with a non-zero power of two below the line", what=repr(text))
            value = Fraction(self.whole(top), self.whole(below or "1"))
            d = value.denominator
            if d & (d - 1):
                self.fail(pos, "a dyadic rational (a power of two below the line)", what=repr(text))
            return number(value)
        if kind == "star":
            return nimber(self.whole(text[1:] or "1"))
        if kind in ("up", "down"):
            count = self.whole(text[1:] or "1")
            return times(UP, count if kind == "up" else -count)
        if kind == "ident":
            if self.peek() != "lparen":
                self.fail(self.pos(), f"'(' after {text}")
            g = self.group(self.i)
            return from_options([ZERO], [from_options([ZERO], [negate(g)])]) if text.lower() == "tiny" else \
                from_options([from_options([g], [ZERO])], [ZERO])
        if kind == "lparen":
            return self.group(self.i - 1)
        close = self.match[self.i - 1]
        g = self.body(self.i, close)
        self.i = close + 1
        return g

    def whole(self, digits: str) -> int:
        """The whole number written ``digits`` (at most MAX_DIGITS of them: one clear line past that)."""
        try:
            return parse_int(digits)
        except LimitError as exc:
            raise NotationError(str(exc)) from None

    def group(self, open_at: int) -> CanonicalGame:
        """The expression inside the parentheses opening at token ``open_at``; moves past them."""
        close = self.match[open_at]
        g = self.sub_expr(open_at + 1, close)
        self.i = close + 1
        return g

    def sub_expr(self, lo: int, hi: int) -> CanonicalGame:
        saved = self.i, self.end
        self.i, self.end = lo, hi
        if lo >= hi:
            self.fail(self.pos(), "a game")
        g = self.expr()
        if self.i != hi:
            self.fail(self.pos(), "',', '|', '}', ')', '+' or '-' after a game")
        self.i, self.end = saved
        return g

    def top_level(self, lo: int, hi: int) -> list[int]:
        """The tokens in lo..hi-1 outside any nested braces or parentheses."""
        out = []
        j = lo
        while j < hi:
            out.append(j)
            j = self.match[j] + 1 if j in self.match else j + 1
        return out

    def body(self, lo: int, hi: int) -> CanonicalGame:
        """The game written between braces as tokens lo..hi-1: sides split at the longest run of bars."""
        bars = [j for j in self.top_level(lo, hi) if self.tokens[j][0] == "bars"]
        if not bars:
            self.fail(self.tokens[hi][2] if hi < len(self.tokens) else len(self.text), "'|' between the options")
        longest = max(len(self.tokens[j][1]) for j in bars)
        at = [j for j in bars if len(self.tokens[j][1]) == longest]
        if len(at) > 1:
            self.fail(self.tokens[at[1]][2], f"only one run of {longest} bar(s) at this level (add braces)")
        j = at[0]
        return from_options(self.side(lo, j), self.side(j + 1, hi))

    def side(self, lo: int, hi: int) -> list[CanonicalGame]:
        top = self.top_level(lo, hi)
        if any(self.tokens[j][0] == "bars" for j in top):
            return [self.body(lo, hi)]
        if lo == hi:
            return []
        options = []
        start = lo
        for j in [*[j for j in top if self.tokens[j][0] == "comma"], hi]:
            options.append(self.sub_expr(start, j))
            start = j + 1
        return options


@_guarded
def parse(text: str) -> CanonicalGame:
    """The canonical form of the game written in ``text`` (see the module's notes for the notation).

    >>> parse("{0|0}"), parse("{0|*}"), parse("{*|0}"), parse("{1/2|1}"), parse("{0||0|-1}")
    (*, ^, v, 3/4, Tiny(1))
    >>> parse("^^*") is parse("^") + parse("^*"), parse("{|}") is parse("0")
    (True, True)
    >>> parse("{1|")
    Traceback (most recent call last):
    ...
    grundy.cgt.notation.NotationError: cannot read '{1|': at character 1, expected a matching '}', found nothing
    """
    if not isinstance(text, str):
        raise NotationError(f"expected text in the usual notation, not {type(text).__name__}")
    p = _Parser(text)
    if not p.tokens:
        raise NotationError("cannot read '': expected a game, found nothing")
    return p.sub_expr(0, len(p.tokens))


UP = from_options([ZERO], [nimber(1)])


# -- writing -------------------------------------------------------------------------------------------


def number_text(x: Fraction | int) -> str:
    """``3``, ``-1/2``: an integer or a fraction in lowest terms."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@_guarded
def to_text(g: CanonicalGame) -> str:
    """The one string for ``g`` (cached); ``parse(to_text(g)) is g``.

    >>> [to_text(parse(s)) for s in ["{1|1}", "{0,*|0}", "{0|^*}", "{1|-1}", "{5/2|-5/2}", "{4|2}"]]
    ['1*', '^*', '^^', '+-1', '+-5/2', '3+-1']
    """
    g = as_game(g)
    cache = g._cache
    text = cache.get("text")
    if text is None:
        text = _special(g)
        if text is None:
            text = "{" + _body(g)[0] + "}"
        cache["text"] = text
    return text


def _body(g: CanonicalGame) -> tuple[str, int]:
    """The text between g's braces and its number of bars; a sole option written in braces nests."""
    parts: list[str] = []
    level = 1
    for side in (_ordered(g.left, True), _ordered(g.right, False)):
        if len(side) == 1 and to_text(side[0]).startswith("{"):
            inner, inner_level = _body(side[0])
            parts.append(inner)
            level = max(level, inner_level + 1)
        else:
            texts = [to_text(h) for h in side]
            _check_length(sum(len(t) + 1 for t in texts))
            parts.append(",".join(texts))
    _check_length(len(parts[0]) + len(parts[1]) + level)
    charge(1 + (len(parts[0]) + len(parts[1])) // 256)  # writing a value out is work of the question too
    return parts[0] + "|" * level + parts[1], level


def _check_length(length: int) -> None:
    """Refuse to write out a value whose text would pass :data:`MAX_TEXT` characters (a sum of
    switches shares its parts, and its text repeats them: it can grow exponentially)."""
    if length > MAX_TEXT:
        raise LimitError(f"the value's text would be longer than {MAX_TEXT:,} characters: it is too large to write "
                         "out; ask for its outcome, stops or temperature with a smaller position, or split it into "
                         "a sum of smaller parts")


def _ordered(options: tuple[CanonicalGame, ...], left: bool) -> list[CanonicalGame]:
    """Numbers first (Left's from the largest, Right's from the smallest), then the rest by their text."""
    numbers = sorted((h for h in options if h.number is not None), key=lambda h: h.number, reverse=left)
    others = sorted((h for h in options if h.number is None), key=to_text)
    return numbers + others


MAX_TEXT = 1_000_000  # the most characters a value is written out in
_ONE_ITEM = re.compile(r"\{.*\}|\*\d*|\^\d*|v\d*|\+-.*|(Tiny|Miny)\(.*\)")  # texts that +- may prefix


def _special(g: CanonicalGame) -> str | None:
    x = g.number
    if x is not None:
        return number_text(x)
    uptimal = _uptimal(g)
    if uptimal is not None:
        x, n, m = uptimal
        arrow = "^" if n > 0 else "v"
        ups = arrow * abs(n) if abs(n) <= 2 else arrow + str(abs(n))
        star = "" if m == 0 else "*" if m == 1 else f"*{m}"
        return (number_text(x) if x else "") + ups + star
    if len(g.left) == 1 and len(g.right) == 1:
        a, b = g.left[0], g.right[0]
        if b is negate(a):
            inner = to_text(a)
            if (a.number is not None and a.number > 0) or _ONE_ITEM.fullmatch(inner):
                return "+-" + inner
        elif a.number is not None and b.number is not None:
            text = number_text((a.number + b.number) / 2) + "+-" + number_text((a.number - b.number) / 2)
            if len(text) < len(number_text(a.number)) + len(number_text(b.number)) + 3:
                return text
        if len(a.left) == 0 and a is ZERO and b.left == (ZERO,) and len(b.right) == 1:
            y = b.right[0].number
            if y is not None and y < 0:
                return f"Tiny({number_text(-y)})"
        if b is ZERO and a.right == (ZERO,) and len(a.left) == 1:
            y = a.left[0].number
            if y is not None and y > 0:
                return f"Miny({number_text(y)})"
    return None


def _uptimal(g: CanonicalGame) -> tuple[Fraction, int, int] | None:
    """``(x, n, m)`` when g = x + n.^ + *m, read from the options, else None (cached on g).

    The canonical forms are x + *m = {x, x*, .., x*(m-1) | the same}, x^* = {x, x* | x} and, for
    n >= 1 otherwise, x + ^n*m = {x | x + ^(n-1)*(m xor 1)} (and the negatives); a game whose options
    have one of these shapes has that value by number translation (Siegel ch. II.3), whatever its size.
    """
    if g.number is not None:
        return g.number, 0, 0
    if g.nimber is not None:
        return Fraction(0), 0, g.nimber
    cache = g._cache
    if "uptimal" in cache:
        return cache["uptimal"]
    found = None
    left, right = g.left, g.right
    if left == right:
        parts = [_uptimal(h) for h in left]
        if all(d is not None and d[1] == 0 and d[0] == parts[0][0] for d in parts):  # type: ignore[index]
            stars = {d[2] for d in parts}  # type: ignore[index]
            if stars == set(range(len(parts))):
                found = (parts[0][0], 0, len(parts))  # type: ignore[index]
    elif len(left) == 1 and len(right) == 1:
        a, b = left[0], right[0]
        if a.number is not None:
            d = _uptimal(b)
            if d is not None and d[0] == a.number and d[1] >= 0 and (d[1], d[2]) != (0, 0):
                found = (d[0], d[1] + 1, d[2] ^ 1)
        elif b.number is not None:
            d = _uptimal(a)
            if d is not None and d[0] == b.number and d[1] <= 0 and (d[1], d[2]) != (0, 0):
                found = (d[0], d[1] - 1, d[2] ^ 1)
    elif len(left) + len(right) == 3:
        one, two = (right, left) if len(left) == 2 else (left, right)
        x = one[0].number
        if x is not None and set(two) == {one[0], add(one[0], STAR)}:
            found = (x, 1 if one is right else -1, 1)
    cache["uptimal"] = found
    return found


STAR = nimber(1)
