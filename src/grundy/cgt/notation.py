"""CGSuite's notation for short partizan games: :func:`parse` reads it, :func:`to_text` writes it.

Reading (CGSuite's conventions, Siegel, *Combinatorial Game Theory* ch. II):

- ``{A,B|C}`` a game by its options; more bars nest: ``{a||b|c}`` = ``{a|{b|c}}``, ``{a|b||c}`` =
  ``{{a|b}|c}``, ``|||`` one level more (the longest run of bars in a pair of braces splits it);
- numbers ``3``, ``-2``, ``3/4``, ``-1/2`` (dyadic only); ``*`` and ``*n``; ``^`` (up), ``v`` (down),
  ``^^``, ``^^^``, ``^n`` / ``vn`` for n copies; ``^<n>`` / ``v<n>`` for up-nth (``^<2>`` = {0|v*}) and
  ``^[n]`` / ``v[n]`` for ``^ + ^<2> + ... + ^<n>`` (:mod:`grundy.cgt.uptimal`); CGSuite's symbols ``↑``,
  ``↓``, ``⇑``, ``⇓``, ``±`` too;
- ``+-G`` = ``{G|-G}`` (``+-1``, ``+-{2|1}``, ``+-(1*)``) and ``+-{A,B}`` = ``{A,B|-A,-B}`` (braces
  with no bar hold a list: Left's options, whose negatives are Right's);
- ``Tiny(x)`` = ``{0||0|-x}``, ``Miny(x)`` = ``{x|0||0}`` for any game x, and CGSuite 2's ``x.Tiny``,
  ``x.Miny`` (``2.Tiny``, ``(3/2).Tiny``, ``{3|1}.Miny``); parentheses group;
- terms written together are added: ``1*`` = 1 + *, ``3/4v[3]*`` = 3/4 + v[3] + *, ``2Tiny(2)`` =
  2 + Tiny(2) = ``{2||2|0}``, ``2+-1`` = 2 + ±1 = ``{3|1}``. A ``-`` at the start of a term negates the
  next item only (``-1*`` = -1 + *, ``-1Tiny(2)`` = -1 + Tiny(2)); between terms ``+`` and ``-`` add and
  subtract whole terms (``{1|-1} - ^*``). ``+-`` written together always means ±, so write
  ``1 + -1`` with a space for one plus minus one.

Writing (:mod:`grundy.cgt.notation_write`) prints what CGSuite prints, one string per value, and
``parse(to_text(G)) is G``.

>>> g = parse("{2||1|0}")
>>> g, g.right, parse("{0,*|0}"), parse("+-1") + parse("^*"), parse("{3|1}"), parse("2Tiny(2)")
({2||1|0}, ({1|0},), ^*, {1^*|-1^*}, {3|1}, 2Tiny(2))
>>> sorted(str(h) for h in parse("+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}").right)
['0', '{{0|-2},Tiny(2)|{0|-2},-2Miny(2)}']
"""

from __future__ import annotations

import re
from fractions import Fraction

from grundy.cgt.canonical import add, from_options, negate, times
from grundy.cgt.game import ZERO, CanonicalGame, CGTError, _guarded, nimber, number
from grundy.cgt.notation_write import MAX_TEXT, number_text, to_text
from grundy.cgt.uptimal import up_nth, up_to
from grundy.core.errors import LimitError
from grundy.core.limits import parse_int

__all__ = ["MAX_TEXT", "UP", "NotationError", "number_text", "parse", "to_text"]

UP = from_options([ZERO], [nimber(1)])


class NotationError(CGTError):
    """Text that is not a game in the usual notation; the message names the place and what was expected."""


_TOKEN = re.compile(
    r"""\s*(?:
      (?P<num>[0-9]+(?:/[0-9]+)?)
    | (?P<star>\*[0-9]*)
    | (?P<up>\^{2,}|[\^↑](?:<[0-9]+>|\[[0-9]+\]|[0-9]*)|⇑)
    | (?P<ident>(?i:tiny|miny))
    | (?P<dot>\.(?i:tiny|miny))
    | (?P<down>v{2,}|[v↓](?:<[0-9]+>|\[[0-9]+\]|[0-9]*)|⇓)
    | (?P<pm>\+-|±)
    | (?P<plus>\+)
    | (?P<minus>-)
    | (?P<bars>\|+)
    | (?P<lbrace>\{) | (?P<rbrace>\}) | (?P<comma>,) | (?P<lparen>\() | (?P<rparen>\))
    )""",
    re.VERBOSE,
)

_A_GAME = "a game (a number, *, ^, v, ^<n>, ^[n], {..|..}, +-, Tiny, Miny)"
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
                self.fail(pos, _A_GAME)
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
            if self.peek() == "lbrace" and not self.bars_in(self.i + 1, self.match[self.i]):
                close = self.match[self.i]
                options = self.side(self.i + 1, close)
                self.i = close + 1
                if not options:
                    self.fail(self.tokens[close][2], "a game in the list after +-", what="'}'")
            else:
                options = [self.unary()]
            return from_options(options, [negate(h) for h in options])
        return self.item()

    def item(self) -> CanonicalGame:
        """One item (a number, star, arrows, braces, parentheses, Tiny/Miny), then any ``.Tiny`` / ``.Miny``."""
        kind = self.peek()
        if kind is None or kind not in _STARTS_ITEM:
            self.fail(self.pos(), _A_GAME)
        _, text, pos = self.tokens[self.i]
        self.i += 1
        if kind == "num":
            g = self.number(text, pos)
        elif kind == "star":
            g = nimber(self.whole(text[1:] or "1"))
        elif kind in ("up", "down"):
            g = self.arrows(text, pos)
            g = g if kind == "up" else negate(g)
        elif kind == "ident":
            if self.peek() != "lparen":
                self.fail(self.pos(), f"'(' after {text}")
            g = _tiny_or_miny(text, self.group(self.i))
        elif kind == "lparen":
            g = self.group(self.i - 1)
        else:
            close = self.match[self.i - 1]
            g = self.body(self.i, close)
            self.i = close + 1
        while self.peek() == "dot":
            g = _tiny_or_miny(self.tokens[self.i][1][1:], g)
            self.i += 1
        return g

    def number(self, text: str, pos: int) -> CanonicalGame:
        top, _, below = text.partition("/")
        if below and self.whole(below) == 0:
            self.fail(pos, "a number with a non-zero power of two below the line", what=repr(text))
        value = Fraction(self.whole(top), self.whole(below or "1"))
        d = value.denominator
        if d & (d - 1):
            self.fail(pos, "a dyadic rational (a power of two below the line)", what=repr(text))
        return number(value)

    def arrows(self, text: str, pos: int) -> CanonicalGame:
        """The positive game an up-arrow item names: ``^``, ``^3``, ``^<n>``, ``^[n]`` (``⇑``: ``^^``)."""
        if text in ("⇑", "⇓"):
            return times(UP, 2)
        if len(text) > 1 and text == text[0] * len(text):  # ^^^ is one item: +-^^ is +-(^^)
            return times(UP, len(text))
        rest = text[1:]
        if rest[:1] in ("<", "["):
            n = self.whole(rest[1:-1])
            if n < 1:
                self.fail(pos, "a power of at least 1 in ^<n>, ^[n], v<n>, v[n]", what=repr(text))
            return up_nth(n) if rest[0] == "<" else up_to(n)
        return times(UP, self.whole(rest or "1"))

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

    def bars_in(self, lo: int, hi: int) -> bool:
        """Whether tokens lo..hi-1 hold a run of bars outside nested braces and parentheses."""
        return any(self.tokens[j][0] == "bars" for j in self.top_level(lo, hi))

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
        if self.bars_in(lo, hi):
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

    Examples
    --------
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


def _tiny_or_miny(name: str, g: CanonicalGame) -> CanonicalGame:
    """``Tiny(g)`` = {0 || 0 | -g} or ``Miny(g)`` = {g | 0 || 0}."""
    if name.lower() == "tiny":
        return from_options([ZERO], [from_options([ZERO], [negate(g)])])
    return from_options([from_options([g], [ZERO])], [ZERO])
