"""CGSuite's expression language over partizan games, short and loopy (``grundy value --expr``).

:func:`evaluate` reads what a CGSuite user types about short games; every game literal is read by
:func:`grundy.cgt.notation.parse` (a text that is only notation goes to it whole):

- calls after a dot, chained, their arguments expressions too: ``{3|1}.Heat(1/2).Freeze``, ``^.Pow(3)``,
  ``G.Overheat(*, 1+*)``; properties without parentheses: ``G.Birthday``, ``G.Incentives``. The names
  are CGSuite's and case-sensitive (:data:`METHODS`). A call applies to the item, braces or parentheses
  just before the dot, with the items written against them: ``^^*2.Birthday``, ``(1/4).Cool(-1/8)``;
- ``G : H``, the ordinal sum, binds tighter than ``+`` and ``-``: ``1 + 1:1`` is ``1 + 3/2``;
- ``+``, ``-``, ``+-`` and items written together (summed), as the notation reads them;
- a one-argument method between its operands, looser than ``+`` (CGSuite's infix call: ``4 Max 3 + 5``
  is 8 there): ``*2 NimProduct *3``, ``* Heat 2``, ``G OrdinalSum H``;
- one comparison, loosest of all, giving true or false: ``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=``,
  ``<>`` or ``||`` (confused with), ``<|`` (less than or confused with), ``|>``. Inside braces ``||``
  stays the notation's double bar;
- loopy games (:mod:`grundy.cgt.loopy.parse`): ``pass``, ``a{0|a}``, ``on``, ``upon``, ``^[on]``, ...,
  ``G & H`` (tighter than ``+``, looser than items written together), ``.Onside``, ``.Degree``, ...

The levels are those of CGSuite's grammar (Cgsuite.g: relational, infix call, sum, ordinal sum,
call). An answer is a game, or what the property is: ``true``/``false``, an integer (``Birthday``), a
rational (``Mean``), an outcome (``OutcomeClass``) or a list of games (``Incentives``), written by
:func:`result_text` as CGSuite writes it (``[^,*]``).

>>> evaluate("{3||2+*|1+*}.Cool(1/2)"), evaluate("{2|-1} > 0"), evaluate("^.Birthday"), evaluate("{5|1}.Mean")
({5/2|2*}, False, 2, Fraction(3, 1))
>>> evaluate("*2 NimProduct *3"), evaluate("8 NimProduct 3"), evaluate("3 <> 3+*"), evaluate("^ || *")
(*, 4, True, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from operator import attrgetter
from typing import Any, NamedTuple, NoReturn

from grundy.cgt.game import CanonicalGame, CGTError, as_game, number
from grundy.cgt.loopy import parse as loopy
from grundy.cgt.notation import NotationError, number_text, parse, to_text
from grundy.core.errors import GrundyError, LimitError
from grundy.core.work import guarded

__all__ = ["METHODS", "ExpressionError", "Value", "evaluate", "result_json", "result_text"]

Value = Any  # a game (short or loopy), a bool, an int, a Fraction, an outcome, a tuple of games


class ExpressionError(NotationError):
    """An expression that cannot be read or worked out; the message names the place."""


_LEX = re.compile(r"""\s*(?:
    (?P<num>[0-9]+(?:/[0-9]+)?)
  | (?P<star>\*[0-9]*)
  | (?P<up>\^(?:<[0-9]+>|\[[0-9]+\]|<on>|\[on\]|[0-9]*))
  | (?P<down>v+(?:<[0-9]+>|\[[0-9]+\]|<on>|\[on\]|[0-9]*)(?![A-Za-z_]))
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<pm>\+-|±)
  | (?P<rel><=|>=|<>|<\||\|>|==|!=|\|\||<|>)
  | (?P<punct>[-+:.,(){}&])
  )""", re.VERBOSE)
_ITEMS = {"num", "star", "up", "down", "brace"}  # one literal each, read by the notation
_FUNCTIONS = {"tiny", "miny"}  # the notation's functions of a game: Tiny(x), Miny(x)
_NOT_PLAIN = re.compile(r"[.:=!<>\[\]&]|[A-Za-z_][A-Za-z0-9_]*")
_UPTIMAL = re.compile(r"[\^v](?:<[0-9]+>|\[[0-9]+\])")
_DOWNS = re.compile(r"v+[0-9]*|(?i:tiny|miny)")
_WORDS = {"on", "off", "over", "under", "dud", "upon", "pass"}  # loopy constants (pass: an option only)


class _Token(NamedTuple):
    kind: str  # num star up down word pm rel brace + - : . , ( ) or "end"
    text: str
    start: int
    end: int
    glued: bool  # written against the token before it (no space between)


def _plain(text: str) -> bool:
    """True when ``text`` is notation only (no call, ordinal sum, word or comparison): parse reads it."""
    rest = _UPTIMAL.sub("", text)
    for m in _NOT_PLAIN.finditer(rest):
        if not _DOWNS.fullmatch(m.group()):
            return False
    depth = 0
    for c in rest:
        depth += (c in "{(") - (c in "})")
        if depth <= 0 and c == "|":
            return False
    return True


class _Reader:
    """The tokens of ``text[lo:hi]`` and a recursive-descent reading of them."""

    def __init__(self, text: str, lo: int, hi: int) -> None:
        self.text = text
        self.tokens: list[_Token] = []
        pos, end = lo, lo
        while True:
            while pos < hi and text[pos].isspace():
                pos += 1
            if pos >= hi:
                break
            if text[pos] == "{":
                close = self.closing(pos, hi)
                self.tokens.append(_Token("brace", text[pos:close], pos, close, pos == end))
                pos = end = close
                continue
            m = _LEX.match(text, pos, hi)
            if m is None or m.lastgroup is None:
                self.fail(pos, "a game, a call (.Name), an operator or a comparison")
            kind = m.lastgroup
            start = m.start(kind)
            word = m.group(kind)
            self.tokens.append(_Token(word if kind == "punct" else kind, word, start, m.end(), start == end))
            pos = end = m.end()
        self.tokens.append(_Token("end", "", hi, hi, False))
        self.i = 0

    def closing(self, pos: int, hi: int) -> int:
        """The index just past the brace closing the one at ``pos``."""
        close = loopy.closing(self.text, pos, hi)
        if close < 0:
            self.fail(pos, "a matching '}'", what="nothing")
        return close

    def fail(self, pos: int, expected: str, what: str | None = None) -> NoReturn:
        if what is None:
            what = repr(self.text[pos:pos + 8]) if pos < len(self.text) else "the end"
        raise ExpressionError(f"cannot read {_shown(self.text)!r}: at character {pos + 1}, expected {expected}, "
                              f"found {what}")

    def peek(self) -> _Token:
        return self.tokens[self.i]

    def take(self, kind: str, expected: str) -> _Token:
        tok = self.peek()
        if tok.kind != kind:
            self.fail(tok.start, expected)
        self.i += 1
        return tok

    # -- the levels, loosest first ---------------------------------------------------------------
    def whole(self) -> Value:
        value = self.relation()
        tok = self.peek()
        if tok.kind != "end":
            self.fail(tok.start, "an operator (+, -, :, a method name, a comparison) or the end")
        return value

    def relation(self) -> Value:
        left = self.infix()
        tok = self.peek()
        if tok.kind != "rel":
            return left
        self.i += 1
        right = self.infix()
        if self.peek().kind == "rel":
            self.fail(self.peek().start, "one comparison at a time (add parentheses)")
        return loopy.compare(tok.text, left, right, lambda what: self.fail(tok.start, what, tok.text))

    def infix(self) -> Value:
        left = self.sum()
        while self.peek().kind == "word" and not self.starts_item(self.i):
            tok = self.peek()
            self.i += 1
            left = self.call(tok, left, [self.sum()])
        return left

    def sum(self) -> Value:
        """``sided (('+' | '-') sided)*``: the notation's sum."""
        total = self.sided()
        while self.peek().kind in ("+", "-"):
            tok = self.peek()
            self.i += 1
            right = self.game(self.sided(), tok.start)
            total = self.work(tok, loopy.add, self.game(total, tok.start),
                              right if tok.kind == "+" else loopy.negate(right))
        return total

    def sided(self) -> Value:
        """``term ('&' term)?``: CGSuite's ``onside & offside``."""
        onside = self.term()
        tok = self.peek()
        if tok.kind != "&":
            return onside
        self.i += 1
        offside = self.game(self.term(), tok.start)
        return self.work(tok, loopy.sided, self.game(onside, tok.start), offside)

    def term(self) -> Value:
        """Items written together are added (``1*``, ``2Tiny(2)``, ``{1|-1} ^``)."""
        start = self.peek().start
        total = self.unary()
        while self.starts_item(self.i) or self.peek().kind == "pm":
            at = self.peek().start
            total = loopy.add(self.game(total, start), self.game(self.unary(), at))
        return total

    def unary(self) -> Value:
        tok = self.peek()
        if tok.kind == "-":
            self.i += 1
            return loopy.negate(self.game(self.unary(), tok.start))
        if tok.kind == "pm":
            self.i += 1
            return loopy.switch(self.game(self.unary(), tok.start))
        return self.ordinal()

    def ordinal(self) -> Value:
        value = self.chain()
        while self.peek().kind == ":":
            tok = self.peek()
            self.i += 1
            value = self.call(_Token("word", "OrdinalSum", tok.start, tok.end, False), value, [self.chain()])
        return value

    def chain(self) -> Value:
        """A receiver and its calls: the items written together before a dot (or a ':'), else one item."""
        if not self.starts_item(self.i):
            self.fail(self.peek().start, "a game")
        stop = self.skip(self.i)
        run = stop
        while self.starts_item(run) and self.tokens[run].glued:
            run = self.skip(run)
        if self.tokens[run].kind in (".", ":"):
            stop = run
        value = self.primary()
        while self.i < stop:
            at = self.peek().start
            value = loopy.add(self.game(value, at), self.game(self.primary(), at))
        while self.peek().kind == ".":
            self.i += 1
            name = self.take("word", "a method name after '.'")
            args: list[Value] = []
            if self.peek().kind == "(":
                self.i += 1
                if self.peek().kind != ")":
                    args.append(self.relation())
                    while self.peek().kind == ",":
                        self.i += 1
                        args.append(self.relation())
                self.take(")", "',' or ')' after an argument")
            value = self.call(name, value, args)
        return value

    def primary(self) -> Value:
        tok = self.peek()
        self.i += 1
        if tok.kind == "(":
            value = self.relation()
            self.take(")", "')'")
            return value
        if tok.kind == "word":  # a loopy constant, a named position a{..}, Tiny(x) / Miny(x)
            if tok.text in _WORDS:
                return self.work(tok, loopy.word_value, tok.text)
            if self.peek().kind == "brace":
                return self.brace(self.take("brace", "braces"), tok)
            self.take("(", f"'(' after {tok.text}")
            x = self.game(self.relation(), tok.start)
            self.take(")", "')'")
            if not isinstance(x, CanonicalGame):
                return loopy.tiny_or_miny(tok.text, x)
            return self.literal(f"{tok.text}({to_text(x)})", tok.start)
        if tok.kind == "brace":
            return self.brace(tok)
        if tok.text[1:] in ("[on]", "<on>"):
            return self.work(tok, loopy.word_value, tok.text)
        return self.literal(tok.text, tok.start)

    def brace(self, tok: _Token, label: _Token | None = None) -> Any:
        """A game in braces: the notation's reading when it is notation only, else its options worked
        out one by one (pass and named positions too) by :func:`grundy.cgt.loopy.parse.brace_value`."""
        if label is None and _plain(self.text[tok.start + 1:tok.end - 1].replace("|", ",")):
            return self.literal(tok.text, tok.start)
        return self.work(tok, loopy.brace_value, self.text, tok.start, tok.end, label and label.text,
                         lambda i, j: _Reader(self.text, i, j).whole())

    def work(self, tok: _Token | None, fn: Callable[..., Value], *args: Any) -> Value:
        """``fn(*args)``; a refusal of the algebra (short or loopy) names the operator at ``tok``."""
        try:
            return fn(*args)
        except (ExpressionError, LimitError):
            raise
        except loopy.ParseFailure as exc:
            raise ExpressionError(f"cannot read {_shown(self.text)!r}: at character {exc.at + 1}, {exc}") from None
        except GrundyError as exc:
            at = f" {'the braces' if tok.kind == 'brace' else tok.text} at character {tok.start + 1}:" if tok else ""
            raise ExpressionError(f"cannot work out {_shown(self.text)!r}:{at} {exc}") from None

    # -- helpers ---------------------------------------------------------------------------------
    def starts_item(self, j: int) -> bool:
        """Whether token ``j`` starts an item: a literal, parentheses, or Tiny( / Miny(."""
        tok, after = self.tokens[j], self.tokens[j + 1] if j + 1 < len(self.tokens) else self.tokens[j]
        if tok.kind == "word":
            return tok.text.lower() in _FUNCTIONS and after.kind == "(" or tok.text in _WORDS or \
                after.kind == "brace" and after.glued
        return tok.kind in _ITEMS or tok.kind == "("

    def skip(self, j: int) -> int:
        """The index of the token after the item starting at token ``j`` (parentheses skipped whole)."""
        if self.tokens[j].kind == "word":
            if self.tokens[j].text in _WORDS:
                return j + 1
            j += 1
        if self.tokens[j].kind != "(":
            return j + 1
        depth = 0
        for k in range(j, len(self.tokens)):
            depth += (self.tokens[k].kind == "(") - (self.tokens[k].kind == ")")
            if depth == 0:
                return k + 1
        return len(self.tokens) - 1

    def literal(self, text: str, at: int) -> CanonicalGame:
        """The notation's reading of one literal written at character ``at``."""
        try:
            return parse(text)
        except NotationError as exc:
            raise ExpressionError(f"cannot read {_shown(self.text)!r}: at character {at + 1}: {exc}") from None

    def game(self, value: Value, at: int) -> Any:
        """``value`` as a game: a game (short or loopy), or an integer or rational answer; anything else
        is refused."""
        if isinstance(value, CanonicalGame) or loopy.is_loopy(value):
            return value
        if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
            return number(value)
        self.fail(at, "a game", what=f"{result_text(value)} (not a game)")

    def call(self, name: _Token, receiver: Value, args: list[Value]) -> Value:
        """``receiver.Name(args)``; an unknown name, a wrong count of arguments or a refusal of the
        algebra names the place."""
        found = METHODS.get(name.text) or loopy.LOOPY_METHODS.get(name.text)
        if found is None:
            known = ", ".join(sorted([*METHODS, *loopy.LOOPY_METHODS]))
            self.fail(name.start, f"a method of a game ({known})", what=repr(name.text))
        params, fn = found
        least = sum(1 for p in params if not p.endswith("?"))
        if not least <= len(args) <= len(params):
            count = f"{least}" if least == len(params) else f"{least} or {len(params)}"
            self.fail(name.start, f"{name.text} with {count} argument(s)", what=f"{len(args)}")
        if name.text == "NimProduct":
            return self.work(name, fn, receiver, *args)
        g, games = self.game(receiver, name.start), [self.game(a, name.start) for a in args]
        if any(loopy.is_loopy(x) for x in (g, *games)) and name.text not in loopy.LOOPY_OK:
            self.fail(name.start, f"a method of a loopy game ({', '.join(sorted(loopy.LOOPY_OK))})",
                      what=repr(name.text))
        return self.work(name, lambda: fn(g, *[_argument(p, a) for p, a in zip(params, games, strict=False)]))


def _shown(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _argument(kind: str, g: CanonicalGame) -> Any:
    """An argument as the method takes it: a game, or a dyadic number (``t`` of Cool)."""
    if kind.rstrip("?") == "game":
        return g
    if g.number is None:
        raise CGTError(f"expected a number, not {g}")
    return int(g.number) if g.number.denominator == 1 else g.number


# -- the methods -----------------------------------------------------------------------------------------


def _lib(name: str) -> Callable[..., Any]:
    """The function ``name`` of grundy.cgt, looked up when called."""
    def call(*args: Any) -> Any:
        import grundy.cgt as cgt

        fn = getattr(cgt, name, None)
        if fn is None:
            raise CGTError("not available in this version of grundy")
        return fn(*args)
    return call


def _atomic_weight(g: CanonicalGame) -> CanonicalGame:
    weight = g.atomic_weight
    if weight is None:
        raise CGTError(f"{g} has no atomic weight (it is not all-small)")
    return weight


def _nim_product(a: Value, b: Value) -> Value:
    """``a NimProduct b``: of two whole numbers >= 0 a whole number (CGSuite's Integer.NimProduct), of two
    nimbers a nimber."""
    whole = [x if isinstance(x, int) and not isinstance(x, bool) else int(x.number)
             if isinstance(x, CanonicalGame) and x.number is not None and x.number.denominator == 1 else None
             for x in (a, b)]
    if whole[0] is not None and whole[1] is not None and min(whole) >= 0:
        return _lib("nim_product")(*whole)
    return _lib("nim_product")(as_game(a), as_game(b))  # type: ignore[arg-type]


METHODS: dict[str, tuple[tuple[str, ...], Callable[..., Any]]] = {
    "AtomicWeight": ((), _atomic_weight),
    "Birthday": ((), attrgetter("birthday")),
    "Companion": ((), _lib("companion")),
    "ConwayProduct": (("game",), _lib("conway_product")),
    "Cool": (("number",), lambda g, t: g.cool(t)),
    "FollowerCount": ((), _lib("size")),
    "Freeze": ((), _lib("freeze")),
    "Heat": (("game",), _lib("heat")),
    "Incentives": ((), _lib("incentives")),
    "IsAllSmall": ((), attrgetter("is_all_small")),
    "IsAtomic": ((), lambda g: g.atomic_weight is not None),
    "IsInfinitesimal": ((), attrgetter("is_infinitesimal")),
    "IsInteger": ((), lambda g: g.number is not None and g.number.denominator == 1),
    "IsNimber": ((), attrgetter("is_nimber")),
    "IsNumber": ((), attrgetter("is_number")),
    "LeftIncentives": ((), _lib("left_incentives")),
    "LeftStop": ((), attrgetter("left_stop")),
    "Mean": ((), attrgetter("mean")),
    "NimProduct": (("any",), _nim_product),
    "NortonMultiply": (("game",), _lib("norton_product")),  # CGSuite's older name
    "NortonProduct": (("game",), _lib("norton_product")),
    "OrdinalSum": (("game",), _lib("ordinal_sum")),
    "OutcomeClass": ((), attrgetter("outcome")),
    "Overheat": (("game", "game"), _lib("overheat")),
    "Pow": (("number",), _lib("power")),
    "PowTo": (("number",), _lib("power_to")),
    "ReducedCanonicalForm": ((), _lib("reduced_canonical_form")),
    "RightIncentives": ((), _lib("right_incentives")),
    "RightStop": ((), attrgetter("right_stop")),
    "Size": ((), _lib("size")),
    "Subordinate": (("game",), _lib("subordinate")),  # the H with base : H = G
    "Temperature": ((), attrgetter("temperature")),
}
"""CGSuite's names of the properties and methods of a game: each name -> (its parameters: ``game``,
``number`` (a dyadic rational), ``any``; ``?`` optional) and the work."""


@guarded
def evaluate(text: str) -> Value:
    """The value of a CGSuite expression over short and loopy games (see the module's notes).

    Examples
    --------
    >>> evaluate("{3||2+*|1+*}.Cool(1/4)"), evaluate("{0|v*} > ^"), evaluate("{1|-1}.LeftStop")
    ({11/4||2|3/2}, False, Fraction(1, 1))
    >>> evaluate("(^ + ^).Birthday >= 3"), evaluate("{1|-1}.Cool(1/2) <| 0")
    (True, True)
    """
    if not isinstance(text, str):
        raise ExpressionError(f"expected an expression as text, not {type(text).__name__}")
    if _plain(text):
        return parse(text)
    reader = _Reader(text, 0, len(text))
    return reader.work(None, reader.whole)


def result_text(value: Value) -> str:
    """An answer as CGSuite writes it: ``true``, ``5``, ``3/2``, ``L``, ``[^,*]``, a game's text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, Fraction)):
        return number_text(value)
    if isinstance(value, tuple):
        return "[" + ",".join(to_text(g) for g in value) + "]"
    return str(value)


def result_json(value: Value) -> Any:
    """An answer as JSON: true/false and whole numbers as themselves, a list as a list of texts, the
    rest (games, rationals, outcomes) as text."""
    if isinstance(value, int):  # True and False too
        return value
    if isinstance(value, tuple):
        return [to_text(g) for g in value]
    return result_text(value)

