"""Misère canonical forms as CGSuite prints them (``*[...]``), and read back.

CGSuite's ``MisereCanonicalForm`` notation (its "Misère Theory" tutorial, after Winning Ways ch. 13):
a form is ``*[`` ... ``]``. Inside, a nim-heap *n is the digit ``n`` (``&10;`` from 10 on); a game
with two or more options is its options written one after another, largest first (``*[42]`` has the
options *4 and *2), in parentheses when it is itself an option; and a *subscript* in square brackets
after a term changes it, read left to right: ``#`` makes the game whose only option is the term so far
(``*[2[#]]`` = {*2}, "2-sharp"), a digit n adds the nim-heap *n (``*[2[2]]`` = *2 + *2), ``-n`` takes
*n away again. A game is written through a nim-heap part when it has one (G = X + *n, X born
earlier), as CGSuite does.

Reading takes that printed form, CGSuite's input form with commas — ``*[4,2]`` (options *4 and *2),
``*[[4,2],4,3,1]``, ``*[[2],2,1,0]`` (``[2]`` is {*2}) — and sums ``+`` of such terms, ``*n`` and
``0``. A body of digits without commas is read as CGSuite prints it: ``*[42]`` is {*4, *2}; the
nim-heap 42 is ``*42`` or ``*[&42;]``.

>>> from grundy.cgt.misere import from_options, nim_heap
>>> two = nim_heap(2)
>>> to_text(from_options([two])), to_text(two + two), to_text(from_options([4, 2])), to_text(nim_heap(12))
('*[2[#]]', '*[2[2]]', '*[42]', '*[&12;]')
>>> parse("*[2[#]]") is from_options([two]), parse("*[4,2]") is parse("*[42]"), parse("*2 + *2") is two + two
(True, True, True)
"""

from __future__ import annotations

from grundy.cgt.misere import ZERO, MisereError, MisereGame, add, from_options, nim_heap
from grundy.core.limits import shorten
from grundy.core.work import charge, guarded

MAX_TEXT = 1_000_000  # characters of text read
CHARS_PER_STEP = 4  # characters of text written per step of work


def _digit(n: int) -> str:
    return str(n) if n < 10 else f"&{n};"


def _parts(g: MisereGame) -> tuple[MisereGame, str] | None:
    """G written through a nim-heap part, as CGSuite writes it: (X, "n") when G = X + *n with X born
    earlier (n >= 2, of G's parity), (X, "-n") when X = G + *n is born earlier, (X, "1") when G = X + *1
    is odd (born after X); else None."""
    odd = add(g, nim_heap(1))
    is_odd = odd.birthday < g.birthday
    for n in range(2 + is_odd, g.birthday, 2):
        heap = nim_heap(n)
        for x in g.options:
            if x.birthday < g.birthday and add(x, heap) is g:
                return x, _digit(n)
        more = add(g, heap)
        if more.birthday < g.birthday and g in more.options:  # read back by _minus_heap
            return more, "-" + _digit(n)
    return (odd, "1") if is_odd else None


def _write(g: MisereGame, nested: bool, memo: dict[tuple[int, bool], tuple[str, str]]) -> tuple[str, str]:
    """The text of ``g`` as (term, subscript): the subscript applies to the term. Each text made costs
    a step per :data:`CHARS_PER_STEP` characters, charged before it is made."""
    found = memo.get((g.uid, nested))
    if found is not None:
        return found
    if g.is_nim_heap:
        found = _digit(g.birthday), ""
    elif (part := _parts(g)) is not None:
        term, sub = _write(part[0], True, memo)
        found = term, sub + part[1]
    elif len(g.options) == 1:
        term, sub = _write(g.options[0], True, memo)
        found = term, sub + "#"
    else:
        pieces = [_joined(*_write(o, True, memo)) for o in reversed(g.options)]
        charge(sum(map(len, pieces)) // CHARS_PER_STEP)
        body = "".join(pieces)
        found = (f"({body})" if nested else body), ""
    memo[(g.uid, nested)] = found
    return found


def _joined(term: str, sub: str) -> str:
    return f"{term}[{sub}]" if sub else term


@guarded
def to_text(g: MisereGame) -> str:
    """CGSuite's text of a misère canonical form (see the module): ``parse(to_text(g)) is g``. The
    text of a large form is long (Kayles heap 19: about a million characters): making it counts
    against the work budget (:mod:`grundy.core.work`)."""
    return f"*[{_joined(*_write(g, False, {}))}]"


class _Reader:
    """A recursive-descent reader of the text (see the module)."""

    def __init__(self, text: str):
        self.text = text
        self.at = 0

    def fail(self, what: str) -> MisereError:
        return MisereError(f"cannot read {shorten(self.text)!r} as a misère game: {what} at character "
                           f"{self.at + 1} (write e.g. '*[2[#]]', '*[4,2]', '*3 + *[2[2]]')")

    def peek(self) -> str:
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1
        return self.text[self.at] if self.at < len(self.text) else ""

    def take(self, char: str) -> None:
        if self.peek() != char:
            raise self.fail(f"expected {char!r}")
        self.at += 1

    def number(self) -> int:
        self.peek()
        start = self.at
        while self.at < len(self.text) and self.text[self.at].isdigit():
            self.at += 1
        if start == self.at:
            raise self.fail("expected a number")
        return int(self.text[start:self.at])

    def total(self) -> MisereGame:
        """term ('+' term)*"""
        result = self.term()
        while self.peek() == "+":
            self.take("+")
            result = add(result, self.term())
        return result

    def term(self) -> MisereGame:
        """'*[' body ']' | '*' [n] | n (a nim-heap size)"""
        if self.peek() == "*":
            self.take("*")
            if self.peek() == "[":
                self.take("[")
                found = self.body()
                self.take("]")
                return found
            return nim_heap(self.number()) if self.peek().isdigit() else nim_heap(1)
        return nim_heap(self.number())

    def body(self) -> MisereGame:
        """CGSuite's input form (commas, nested lists, sums) or its printed form (terms, subscripts)."""
        self.peek()
        if self._input_form():
            items = [self.item()]
            while self.peek() == ",":
                self.take(",")
                items.append(self.item())
            return items[0] if len(items) == 1 else from_options(items)
        return self.printed("]")

    def _input_form(self) -> bool:
        """Whether the body up to its closing bracket is CGSuite's input form: it opens with a list, or
        holds a comma, a '*' or a '+' outside subscripts."""
        if self.peek() == "[":
            return True
        depth = 0
        for char in self.text[self.at:]:
            if char in "[(":
                depth += 1
            elif char in ")]":
                if depth == 0:
                    return False
                depth -= 1
            elif char in ",*+" and depth == 0:
                return True
        return False

    def item(self) -> MisereGame:
        """An entry of the input form: a list ``[...]`` (a game of those options), or a sum of terms."""
        if self.peek() == "[":
            self.take("[")
            options = [self.item()]
            while self.peek() == ",":
                self.take(",")
                options.append(self.item())
            self.take("]")
            return from_options(options)
        return self.total()

    def printed(self, ends: str) -> MisereGame:
        """Terms of the printed form up to a closing bracket: one term is itself, more are options."""
        options = []
        while self.peek() not in ends:
            options.append(self.subscripted())
        if not options:
            raise self.fail("expected a game")
        return options[0] if len(options) == 1 else from_options(options)

    def subscripted(self) -> MisereGame:
        char = self.peek()
        if char == "(":
            self.take("(")
            game = self.printed(")")
            self.take(")")
        elif char == "&":
            game = nim_heap(self.escape())
        elif char.isdigit():
            self.at += 1
            game = nim_heap(int(char))
        else:
            raise self.fail("expected a digit, '&n;' or '('")
        if self.peek() == "[":
            self.take("[")
            while self.peek() != "]":
                game = self.modified(game)
            self.take("]")
        return game

    def escape(self) -> int:
        self.take("&")
        n = self.number()
        self.take(";")
        return n

    def modified(self, game: MisereGame) -> MisereGame:
        char = self.peek()
        if char == "#":
            self.take("#")
            return from_options([game])
        minus = char == "-"
        if minus:
            self.take("-")
        char = self.peek()
        if char == "&":
            n = self.escape()
        elif char.isdigit():
            self.at += 1
            n = int(char)
        else:
            raise self.fail("expected '#', a digit or '-n' in a subscript")
        if minus:
            return _minus_heap(game, n, self)
        return add(game, nim_heap(n))


def _minus_heap(game: MisereGame, n: int, reader: _Reader) -> MisereGame:
    """G - *n: the X with X + *n = G (an option of G when it exists; misère sums cancel)."""
    heap = nim_heap(n)
    for x in game.options:
        if add(x, heap) is game:
            return x
    if game is heap:
        return ZERO
    raise reader.fail(f"*{n} is not a part of the game before '-{n}'")


@guarded
def parse(text: str) -> MisereGame:
    """The misère canonical form written in ``text`` (see the module).

    Examples
    --------
    >>> parse("*[(2[2]21)[2]]").birthday, parse("0") is ZERO, parse("*") is nim_heap(1)
    (7, True, True)
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise MisereError(f"a misère game is text of at most {MAX_TEXT:,} characters, e.g. '*[2[#]]'")
    reader = _Reader(text)
    found = reader.total()
    if reader.peek():
        raise reader.fail("unexpected text")
    return found
