"""The problem catalogue: how a problem is described, read and registered.

A problem module registers each problem with :func:`problem`, giving its solver (input text ->
output text, computed with grundy's rulesets), a generator of random valid inputs (for
``--check``), the published samples, and optionally a brute-force solver used by the tests. The
solver's docstring is the problem's documentation, in the fixed sections of :mod:`.explain`
(statement, input, output, limits, theory), read when the problem is registered.
Input is read through :class:`Reader`, which names the line and what was expected when the input
is malformed. The helpers at the end are shared by the problem modules: generated sizes, a
component checked by its ruleset, proved periods, and whole-position searches of heaps (the brute
forces play a statement with :class:`~grundy.core.search.MoveSearch`).
"""

from __future__ import annotations

import difflib
import functools
import random
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

import numpy as np

import grundy
from grundy.core.errors import ComponentError, GrundyError
from grundy.core.limits import shorten
from grundy.core.ruleset import Ruleset
from grundy.core.search import MoveSearch, PositionSearch, sum_moves
from grundy.patterns.period import Periodicity
from grundy.problems.data import TOPIC_OF, TOPICS
from grundy.problems.explain import Explanation, explanation


class ProblemInputError(GrundyError):
    """Input that does not follow the problem's format or limits (names the line)."""


class Reader:
    """Whitespace-separated tokens of an input text; errors name the token's line.

    >>> r = Reader("3\\n1 2 x\\n")
    >>> r.int("n", 1, 10), r.int("a1", 0, 9), r.int("a2", 0, 9)
    (3, 1, 2)
    >>> r.int("a3", 0, 9)
    Traceback (most recent call last):
    ...
    grundy.problems.base.ProblemInputError: line 2: expected a3, an integer 0..9, got 'x'
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = text.split()
        self.position = 0
        self._ends: list[int] | None = None  # tokens up to the end of each line
        self.kinds: list[tuple[int, int, str]] = []  # (first token, tokens, what they are) for each read
        if _RECORDED is not None:
            _RECORDED.append(self)

    def line_of(self, index: int) -> int:
        """The line holding token ``index`` (lines are counted once, on the first call)."""
        if self._ends is None:
            ends, seen = [], 0
            for line in self.text.splitlines():
                seen += len(line.split())
                ends.append(seen)
            self._ends = ends
        return min(bisect_right(self._ends, index) + 1, max(len(self._ends), 1))

    @property
    def line(self) -> int:
        """The line of the next token (or of the last one, at the end)."""
        return self.line_of(min(self.position, max(len(self.tokens) - 1, 0)))

    def at_end(self) -> bool:
        return self.position >= len(self.tokens)

    def word(self, what: str) -> str:
        if self.at_end():
            raise ProblemInputError(f"line {self.line}: expected {what}, but the input ended")
        self.advance(1, what)
        return self.tokens[self.position - 1]

    def advance(self, count: int, what: str) -> None:
        """Move past ``count`` tokens read as ``what`` (by the caller, straight from :attr:`tokens`)."""
        self.kinds.append((self.position, count, what))
        self.position += count

    def int(self, what: str, low: int | None = None, high: int | None = None) -> int:
        """The next token as an integer in ``low..high`` (inclusive; None: unbounded)."""
        token = self.word(what)
        try:
            value = int(token)
        except ValueError:
            value = None
        if value is None or (low is not None and value < low) or (high is not None and value > high):
            self._complain(self.position - 1, what, low, high)
        return value

    def ints(self, count: int, what: str, low: int | None = None, high: int | None = None) -> list[int]:
        """The next ``count`` tokens as integers in ``low..high``."""
        start = self.position
        chunk = self.tokens[start:start + count]
        try:
            values = list(map(int, chunk))
        except ValueError:
            values = None
        if values is None or len(values) < count or (values and (
                (low is not None and min(values) < low) or (high is not None and max(values) > high))):
            return [self.int(f"{what} #{i + 1}", low, high) for i in range(count)]
        self.advance(count, what)
        return values

    def array(self, count: int, what: str, low: int | None = None, high: int | None = None) -> np.ndarray:
        """The next ``count`` tokens as an int64 array in ``low..high`` (for inputs of 10^6 numbers)."""
        return np.array(self.ints(count, what, low, high), dtype=np.int64)

    def _complain(self, index: int, what: str, low: int | None, high: int | None) -> None:
        bounds = f"{_n(low)}..{_n(high)}" if low is not None and high is not None else (
            f">= {_n(low)}" if low is not None else "")
        expected = f"{what}, an integer {bounds}".rstrip()
        token = self.tokens[index]
        try:
            value = int(token)
        except ValueError:  # not a number, or one of more than 4300 digits
            digits = token.lstrip("+-")
            if digits.isdigit():
                raise ProblemInputError(f"line {self.line_of(index)}: expected {expected}, got {shorten(token)} "
                                        "(past the problem's limits)") from None
            raise ProblemInputError(f"line {self.line_of(index)}: expected {expected}, "
                                    f"got {shorten(token)!r}") from None
        raise ProblemInputError(f"line {self.line_of(index)}: expected {expected}, got {shorten(str(value))} "
                                "(past the problem's limits)")

    def end(self) -> None:
        """Insist that nothing is left over."""
        if not self.at_end():
            raise ProblemInputError(f"line {self.line_of(self.position)}: unexpected "
                                    f"{shorten(self.tokens[self.position])!r} after the last test case")


_RECORDED: list[Reader] | None = None  # the readers made inside :func:`read_layout`


def read_layout(solve: Callable[[str], str], text: str) -> tuple[str, frozenset[tuple[str | None, ...]]]:
    """``solve(text)`` and the layout of ``text`` as it was read: for each line, what its tokens
    are (the reader's names for them with digits dropped, repeats run together). Edits of an input
    that keep to the layouts of its lines keep the roles of its tokens, which a program reading
    line by line relies on.

    >>> read_layout(get("hdu1846").solve, "2\\n23 2\\n4 3\\n")[1] == {("C (the number of cases)",),
    ...                                                            ("n of case #", "m of case #")}
    True
    """
    global _RECORDED
    _RECORDED = readers = []
    try:
        answer = solve(text)
    finally:
        _RECORDED = None
    found = set()
    for r in readers:
        what: list[str | None] = [None] * len(r.tokens)
        for start, count, name in r.kinds:
            what[start:start + count] = [re.sub(r"\d+", "#", name)] * count
        seen = 0
        for line in text.splitlines():
            words = len(line.split())
            if words:
                found.add(tuple(w for i, w in enumerate(what[seen:seen + words]) if i == 0 or w != what[seen + i - 1]))
            seen += words
    return answer, frozenset(found)


def _n(x: int | None) -> str:
    if x is None:
        return ""
    if x >= 10**6 and str(x).rstrip("0") == "1":
        return f"10^{len(str(x)) - 1}"
    return str(x)


@dataclass
class Problem:
    """One catalogue entry: ``samples`` are the published ``(input, output)`` pairs, the first one
    being what ``grundy problem NAME --sample`` prints. ``generate(rng, size)`` makes a random valid
    input; a size past ``max_size`` is taken as ``max_size``, the largest whose inputs keep to the
    problem's limits (None: every size does)."""

    name: str
    source: str
    title: str
    rule: str
    solve: Callable[[str], str]
    generate: Callable[[random.Random, int], str]
    explanation: Explanation
    samples: list[tuple[str, str]]
    brute: Callable[[str], str] | None = None
    max_size: int | None = None
    topic: str = "general"  # a key of TOPICS: the theory the problem is a classic of


PROBLEMS: dict[str, Problem] = {}
NOT_PROBLEMS = {"base", "check", "explain", "shrink"}  # the package's modules that register no problem
# The largest size each problem's generator is given (larger sizes are taken as this one), worked
# out from the generators: past it the inputs would break the problem's limits (a count or a value
# too large), or nothing grows any more (None: every size keeps to the limits and makes inputs
# in a few seconds at most). tests/test_problems_check.py holds every problem to its entry.
GENERATED_SIZES: dict[str, int | None] = {
    "agc002e": 99_999, "agc010d": 99_999, "caddi2018b": 99_999,  # N = 1..size + 1 <= 10^5
    "bob-and-ben": 447,  # up to 5 games of size^2 trees: 10^6 trees in all
    "cf293a": 1000,  # n = 1..size^2 <= 10^6
    "cf603c": 100_000,  # n = 1..size <= 10^5
    "cf768e": 999_999,  # n = 1..size + 1 <= 10^6
    "cf850c": 629,  # a_i up to 4 size^3 <= 10^9 (and 2^size 3^size 5^size made before it is cut to 10^9)
    "hdu1846": 100,  # n, m = 1..10 size <= 1000
    "hdu4701": 1000,  # N = 1..size^2 <= 10^6
    **dict.fromkeys(["agc014d", "agc016f", "agc017d", "bzoj1188", "bzoj1457", "bzoj3576", "hdu1527", "hdu1536",
                     "hdu1730", "hdu1847", "hdu1848", "hdu1850", "hdu1907", "hdu2147", "hdu2149", "hdu2177",
                     "hdu2486", "hdu2509", "hdu2516", "hdu3032", "hdu3951", "hdu4315", "hdu4664", "hdu4764",
                     "hdu5795", "hdu6105", "lightoj1315", "poj1067", "poj1704", "poj1740"]),
}


def problem(name: str, source: str, title: str, rule: str, generate: Callable[[random.Random, int], str],
            samples: list[tuple[str, str]], brute: Callable[[str], str] | None = None):
    """Register ``solve(input_text) -> output_text`` as problem ``name``; its docstring must hold the
    sections of :func:`~grundy.problems.explain.explanation`, and at least one sample is required."""

    def decorate(solve: Callable[[str], str]) -> Callable[[str], str]:
        if not samples:
            raise ValueError(f"problem {name}: give at least one published sample")
        cap = GENERATED_SIZES.get(name)
        if name not in TOPIC_OF:
            raise ValueError(f"problem {name}: give its topic in TOPIC_OF (one of {', '.join(TOPICS)})")
        PROBLEMS[name] = Problem(name, source, title, rule, solve, within(generate, cap),
                                 explanation(solve.__doc__, name), samples, brute, cap, TOPIC_OF[name])
        return solve

    return decorate


def within(generate: Callable[[random.Random, int], str], cap: int | None) -> Callable[[random.Random, int], str]:
    """``generate`` with every size past ``cap`` taken as ``cap`` (None: sizes as they are)."""
    if cap is None:
        return generate

    @functools.wraps(generate)  # the generator itself is kept as __wrapped__
    def capped(rng: random.Random, size: int) -> str:
        return generate(rng, min(size, cap))

    return capped


def catalogue() -> dict[str, Problem]:
    """Every registered problem (importing the problem modules of this package)."""
    import importlib
    import pkgutil

    import grundy.problems as package

    for module in pkgutil.iter_modules(package.__path__):
        if module.name not in NOT_PROBLEMS:
            importlib.import_module(f"grundy.problems.{module.name}")
    return dict(sorted(PROBLEMS.items()))


def matching(word: str) -> list[Problem]:
    """The problems whose name, source, title or rule mentions ``word`` (in any case); none is a
    :class:`GrundyError`.

    >>> [p.name for p in matching("HDU184")]
    ['hdu1846', 'hdu1847', 'hdu1848']
    """
    key = word.lower()
    found = [p for p in catalogue().values()
             if any(key in text.lower() for text in (p.name, p.source, p.title, p.rule))]
    if not found:
        raise GrundyError(f"no problem mentions {shorten(word)!r}; 'grundy problem --list' shows them all")
    return found


def listing(word: str | None = None, topic: str | None = None) -> list[tuple[str, list[Problem]]]:
    """The problems (those that mention ``word``; of ``topic`` only, a key of :data:`TOPICS` in any
    case) under the headings of their topics, in the order of :data:`TOPICS`; none is refused.

    >>> [(heading, [p.name for p in found]) for heading, found in listing("wythoff", "WYTHOFF")]
    [("Wythoff's game", ['hdu1527', 'hdu2177', 'poj1067'])]
    """
    key = None if topic is None else topic.lower()
    if key is not None and key not in TOPICS:
        raise GrundyError(f"unknown topic {shorten(topic or '')!r}; the topics are {', '.join(TOPICS)}")
    problems = list(catalogue().values()) if word is None else matching(word)
    sections = [(heading, found) for k, heading in TOPICS.items() if key in (None, k)
                if (found := [p for p in problems if p.topic == k])]
    if not sections:
        raise GrundyError(f"no problem of topic {key} mentions {shorten(word or '')!r}; "
                          f"'grundy problem --list --topic {key}' shows them all")
    return sections


def get(name: str) -> Problem:
    """The problem called ``name`` (in any case); an unknown name is a :class:`GrundyError` naming
    the close ones.

    >>> get("HDU1846").title
    'Brave Game'
    >>> get("hdu1535")
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: unknown problem 'hdu1535' (close: hdu1536); see 'grundy problem --list' ...
    """
    problems = catalogue()
    key = name.lower()
    if key not in problems:
        close = difflib.get_close_matches(key[:40], list(problems), n=3, cutoff=0.75)
        hint = f" (close: {', '.join(close)})" if close else ""
        raise GrundyError(f"unknown problem {shorten(name)!r}{hint}; see 'grundy problem --list' "
                          f"({len(problems)} problems)")
    return problems[key]


def lines(values: list) -> str:
    """Output lines joined with newlines and a final newline."""
    return "".join(f"{v}\n" for v in values)


# -- shared by the problem modules -------------------------------------------------------------------
def largest(size: int, limit: int, scale: int, cubed: bool = False) -> int:
    """The largest number a generated input of this size uses: ``scale·size`` (with ``cubed``,
    ``scale·size³`` past the tiny sizes 1..3 that the brute forces search), from 1 to ``limit``."""
    return max(1, min(limit, scale * size**3 if cubed and size > 3 else scale * size))


def validated(rules: Ruleset, component: object, r: Reader, at: int) -> object:
    """``rules.validate(component)``, a refusal reported as bad input on the line of token ``at``."""
    try:
        return rules.validate(component)
    except ComponentError as e:
        raise ProblemInputError(f"line {r.line_of(at)}: {e}") from None


@cache
def proved_period(spec: str) -> Periodicity:
    """The proved period of a heap game's values, found once per run (G of any heap, in bulk too)."""
    found = grundy.period(spec)
    if not found.proved:
        raise GrundyError(f"{spec}: no proved period, so its values cannot be read for any heap")
    return found


def xor_all(values: np.ndarray) -> int:
    """The nim-sum of an array of values (0 for none)."""
    return int(np.bitwise_xor.reduce(values)) if len(values) else 0


@cache
def ruleset_search(spec: str) -> PositionSearch:
    """A brute force: the whole-position search of a ruleset's moves, kept for the run."""
    return PositionSearch(grundy.ruleset(spec))


def heap_search(moves: Callable[[int], Iterable[tuple[int, ...]]], misere: bool = False) -> MoveSearch:
    """A brute force for sums of heaps, searched whole (no Sprague–Grundy): ``moves(h)`` gives the
    heaps each move on a heap of ``h`` leaves; empty heaps are dropped, so a position is a sorted
    tuple of non-empty heaps (:func:`heap_position`). Under misère play a player with no move has
    won (the opponent made the last move)."""
    return MoveSearch(sum_moves(lambda h: (tuple(x for x in left if x) for left in moves(h))), misere)


def heap_position(heaps: Iterable[int]) -> tuple[int, ...]:
    """A position of :func:`heap_search`: the non-empty heaps, sorted."""
    return tuple(sorted(h for h in heaps if h))


def groups(text: str, counted: bool) -> list[list[int]]:
    """The numbers of a (valid) input as groups ``n a1 .. an`` to its end, after a first count of
    groups when ``counted``: the shape most brute forces read."""
    numbers = list(map(int, text.split()))
    found, i = [], 1 if counted else 0
    while i < len(numbers):
        found.append(numbers[i + 1:i + 1 + numbers[i]])
        i += 1 + numbers[i]
    return found


def heap_line(rng: random.Random, count: int, high: int, low: int = 1) -> str:
    """``count`` random numbers ``low..high`` on one line."""
    return " ".join(str(rng.randint(low, high)) for _ in range(count))
