"""The self-check: a rule found in a table, held to the game's own moves far past the table.

A rule R that fits every value of a table may still change after it ends (Bash with takes of
1..1000 looks like ``G(n) = n`` up to 1000). Before a rule is stated, :func:`self_check` checks the
definition at points the table never reached: for a value rule ``R(c) = mex{ xor of R over the
components of each option of c }``; for a rule of P-positions, ``c is P iff no option of c is P``.
The points: random ones up to 10^18 (seeded, so a search gives the same answer every time) and
structured ones (just past the table and past its largest move, multiples of the period ± the
largest move, powers of 2 and of 3 ± small numbers, Fibonacci numbers ± small, the rule's own
:attr:`~grundy.patterns.rule.Rule.special` points); for pairs the same numbers in both coordinates,
both far, on and beside the diagonal, and one far with one near.

Options are listed lazily: past :data:`OPTIONS` of them (:data:`CHUNK` far past a game whose
moves grow with the position) the first ones are valued, which can refute the rule but not confirm
a mex: the point counts as *sampled*. A point whose check costs more than :data:`POINT_STEPS`
Python steps (a user's function listing every move of a heap of 10^18), or that the game refuses,
is *skipped*, and so is every point as far; so are the points left when :data:`TOTAL_STEPS` end.
A rule of P-positions cannot value an option of several components: such points are *unchecked*
unless refuted. Budgets are counts, not seconds: the same verdict on any machine.

>>> import grundy
>>> from grundy.patterns.rule import Rule
>>> bash = grundy.impartial(lambda n: [n - k for k in range(1, min(n, 1000) + 1)])
>>> claim = Rule("arithmetic-periodic", "G(n) = n", 2, lambda n: n, lambda n: n == 0)
>>> found = self_check(bash, claim, 256, 1)
>>> found.passed, found.failure
(False, 'at n = 1,023 the rule gives 1,023, but the mex of its options is 0')
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from itertools import islice
from typing import Any

from grundy.core.errors import DeclarationError, GrundyError
from grundy.core.ruleset import Ruleset
from grundy.patterns.rule import Rule, SelfCheck

OPTIONS = 2_000  # a point with at most this many options is checked in full; past it, sampled
POINT_STEPS = 100_000  # Python steps one point's check may take (listing the moves, valuing them by the rule)
TOTAL_STEPS = 1_000_000  # the steps of the whole check
CHUNK = 200  # the options listed at a point far past a game whose moves grow with the position
FAR_OFF = 8  # a point at least this many tables away counts as far past it
FEW = 8  # the options valued at a point where valuing all of them costs too many steps
FAR = 10**18  # the farthest random point
LAST = 4  # the last heaps of a table whose moves give its largest move
QUOTAS = {1: {"near": 12, "period": 12, "2^k": 20, "3^k": 8, "fibonacci": 8, "random": 30},
          2: {"near": 8, "period": 4, "2^k": 8, "3^k": 4, "fibonacci": 4, "random": 12}}
PAIRS = {"diagonal": 12, "both far": 24, "far and near": 24}  # pairs drawn from the numbers above
SPECIAL = 16  # the rule's own special points checked
NEAREST = 8  # the points checked first, nearest first (then the others, near and far mixed)


class _OverBudget(BaseException):
    """Raised inside a game's moves when listing them took too many steps (a BaseException, so a
    user's rules, whose errors are caught and reworded, let it through)."""


class _Steps:
    """Counts the Python steps (lines run) of one point's check, the game's moves and the rule's
    values, and stops it past the point's share (:data:`POINT_STEPS`) or the whole check's
    (:data:`TOTAL_STEPS`): a count, so the same on any machine, however loaded."""

    def __init__(self) -> None:
        self.spent = 0
        self.limit = 0

    def __enter__(self) -> _Steps:
        self.limit = min(self.spent + POINT_STEPS, TOTAL_STEPS)
        self._before = sys.gettrace()
        sys.settrace(self._call)
        return self

    def __exit__(self, *exc: Any) -> None:
        sys.settrace(self._before)

    def _call(self, frame: Any, event: str, arg: Any) -> Callable | None:
        # the memory guard's own frames are not stopped: stopped between entering and leaving its
        # block, it would leave the thread guarded for good
        return None if frame.f_globals.get("__name__") == "grundy.core.memory" else self._line

    def _line(self, frame: Any, event: str, arg: Any) -> Callable:
        if event == "line":
            self.spent += 1
            if self.spent > self.limit:
                raise _OverBudget
        return self._line

    @property
    def left(self) -> bool:
        return self.spent < TOTAL_STEPS


def self_check(game: Ruleset, rule: Rule, n: int, dims: int, *, reach: tuple[int, ...] = (0,),
               period: int | None = None, seed: int = 0) -> SelfCheck:
    """Check ``rule`` against the moves of ``game`` at points past a table of side ``n`` (heaps
    ``0..n-1``, or pairs with both coordinates below ``n`` when ``dims`` is 2). ``reach`` is the
    largest move seen from the last positions of the table (per coordinate), ``period`` the period
    of its values where one was seen; both place structured points. Stops at the first failure."""
    rng = random.Random(seed)
    points = far_points(n, dims, rule, rng, max(reach, default=0), period)
    rule = replace(rule, value=_memo(rule.value), is_p=_memo(rule.is_p))  # near points share options
    steps = _Steps()
    counts = dict.fromkeys(("ok", "sampled", "skipped", "unchecked", "too costly"), 0)
    farthest, too_costly = 0, FAR * FAR
    scales = _many_options(game, points[0], n, steps) if points else False
    for c in points:
        size = c if dims == 1 else max(c)
        most = CHUNK if scales and size > FAR_OFF * n else OPTIONS
        verdict = _point(game, rule, c, dims, steps, rng, most) if size < too_costly and steps.left else "skipped"
        if verdict == "too costly":  # a point this far costs too many steps: so will the ones past it
            too_costly = min(too_costly, size)
        checked = counts["ok"] + counts["sampled"] + counts["unchecked"]
        if verdict.startswith("at "):
            return SelfCheck(False, checked + 1, counts["sampled"], counts["skipped"] + counts["too costly"],
                             counts["unchecked"], max(farthest, size), verdict, c)
        counts[verdict] += 1
        farthest = max(farthest, size) if verdict in ("ok", "sampled", "unchecked") else farthest
    return SelfCheck(True, counts["ok"] + counts["sampled"] + counts["unchecked"], counts["sampled"],
                     counts["skipped"] + counts["too costly"], counts["unchecked"], farthest)


def _many_options(game: Ruleset, c: Any, n: int, steps: _Steps) -> bool:
    """Whether ``c``, just past the table, has n/8 options or more: then their number grows with the
    position, and far out only the first :data:`CHUNK` are listed."""
    want = min(max(n // 8, 1), OPTIONS)
    try:
        with steps:
            return len(list(islice(game.options(c), want))) >= want
    except (GrundyError, MemoryError, RecursionError, _OverBudget):
        return True


def _point(game: Ruleset, rule: Rule, c: Any, dims: int, steps: _Steps, rng: random.Random,
           most: int = OPTIONS) -> str:
    """The verdict at ``c`` (see :func:`_verdict`): from all its options, or from the first
    ``most`` + 1 where it has more (a sample), or from a seeded sample of :data:`FEW` of them where
    valuing more costs too many steps; ``"skipped"`` where the game refuses ``c``; ``"too costly"``
    where listing its options, or valuing even a few, costs too many steps."""
    try:
        with steps:
            options = list(islice(game.options(c), most + 1))
    except DeclarationError:
        raise  # the rules break their own declaration: an error, not a point to skip
    except (GrundyError, MemoryError, RecursionError):
        return "skipped"
    except _OverBudget:
        return "too costly"
    complete = len(options) <= most
    for chosen in (options, rng.sample(options, min(FEW, len(options)))):
        try:
            with steps:
                return _verdict(rule, c, chosen, complete and chosen is options, dims)
        except _OverBudget:
            if not steps.left:
                break
    return "too costly"


def _memo(function: Callable[[Any], Any] | None) -> Callable[[Any], Any] | None:
    return None if function is None else cache(function)


def _verdict(rule: Rule, c: Any, options: list[tuple], complete: bool, dims: int) -> str:
    """``"ok"``, ``"sampled"``, ``"unchecked"``, ``"skipped"`` (the rule cannot value the point:
    a closed form past its table), or the failure in words (starting ``"at "``)."""
    where = f"n = {c:,}" if dims == 1 else f"(a, b) = ({c[0]}, {c[1]})"
    try:
        if rule.value is not None:
            return _value_verdict(rule.value, c, options, complete, where)
        return _p_verdict(rule.is_p, c, options, complete, where)
    except GrundyError:  # a closed form that needs a table it may not build there
        return "skipped"
    except (ArithmeticError, ValueError, TypeError, IndexError, KeyError, RecursionError) as exc:
        return f"at {where} the rule cannot be evaluated ({type(exc).__name__})"


def _value_verdict(value: Callable[[Any], int], c: Any, options: list[tuple], complete: bool, where: str) -> str:
    says = int(value(c))
    seen = set()
    for option in options:
        worth = 0
        for part in option:
            worth ^= int(value(part))
        if worth == says:
            return f"at {where} the rule gives {says:,}, and to {_shown(option)}, an option, the same"
        seen.add(worth)
    if not complete:
        return "sampled"
    least = _mex(seen)
    if least != says:
        return f"at {where} the rule gives {says:,}, but the mex of its options is {least:,}"
    return "ok"


def _p_verdict(is_p: Callable[[Any], bool], c: Any, options: list[tuple], complete: bool, where: str) -> str:
    says = bool(is_p(c))
    undecided = 0
    for option in options:
        if len(option) > 1:
            undecided += 1  # a sum of components: a rule of P-positions alone cannot value it
            continue
        if len(option) == 0 or is_p(option[0]):
            if says:
                return f"at {where} the rule says P, but a move leads to {_shown(option)}, which it says is P too"
            return "ok"  # one P-option makes c an N-position, as the rule says
    if says:
        return "unchecked" if undecided else ("ok" if complete else "sampled")
    if undecided:
        return "unchecked"
    if complete:
        return f"at {where} the rule says N, but no move leads to a position it says is P"
    return "sampled"


def _mex(seen: set[int]) -> int:
    g = 0
    while g in seen:
        g += 1
    return g


def _shown(option: tuple) -> str:
    if len(option) == 0:
        return "the empty position"
    parts = [f"{p:,}" if isinstance(p, int) else f"({p[0]}, {p[1]})" for p in option]
    return parts[0] if len(parts) == 1 else " + ".join(parts)


# -- the points ------------------------------------------------------------------------------------

def far_points(n: int, dims: int, rule: Rule, rng: random.Random, reach: int = 0,
               period: int | None = None) -> list[Any]:
    """The points :func:`self_check` checks: heaps ``>= n``, or pairs with a coordinate ``>= n``
    (see the module's text for which); the :data:`NEAREST` nearest first, then the others in a
    seeded order (near and far mixed, however soon the work budget ends)."""
    numbers = _numbers(n, dims, rng, reach, period)
    if dims == 1:
        chosen: list[Any] = sorted(set(numbers + [c for c in rule.special[:SPECIAL] if isinstance(c, int) and c >= 0]))
    else:
        near = [0, 1, 2, n - 1, n // 2] + [rng.randrange(n) for _ in range(4)]
        pairs = set(_pairs(numbers, near, rng, reach))
        pairs |= {tuple(c) for c in rule.special[:SPECIAL] if isinstance(c, tuple) and len(c) == 2}
        chosen = sorted(pairs, key=lambda c: (max(c), c))
    rest = chosen[NEAREST:]
    rng.shuffle(rest)
    return chosen[:NEAREST] + rest


def _numbers(n: int, dims: int, rng: random.Random, reach: int, period: int | None) -> list[int]:
    """Numbers ``>= n`` of each kind, each kind cut to its quota (its smallest half, and a seeded
    draw from the rest)."""
    m = max(reach, 1)
    pools = {
        "near": [n, n + 1, n + 2, n + 3, n + m - 1, n + m, n + m + 1, 2 * n - 1, 2 * n, 2 * n + m + 1,
                 3 * n + 1, 4 * n + 1, 8 * n + 3, 16 * n + m],
        "period": _period_points(n, period, m),
        "2^k": [2**e + d for e in range(max(n.bit_length() - 1, 1), 63) for d in (0, -1, 1, -2, 2)],
        "3^k": [3**e + d for e in range(1, 39) for d in (0, -1, 1, 2)],
        "fibonacci": [f + d for f in _fibonacci(FAR) for d in (0, -1, 1)],
        "random": [_log_uniform(rng, n) for _ in range(40)] + [rng.randrange(n, FAR) for _ in range(10)],
    }
    chosen: list[int] = []
    for kind, quota in QUOTAS[dims].items():
        pool = sorted({x for x in pools[kind] if x >= n})
        chosen += pool if len(pool) <= quota else pool[:quota // 2] + rng.sample(pool[quota // 2:], quota - quota // 2)
    return sorted(set(chosen))


def _period_points(n: int, period: int | None, m: int) -> list[int]:
    if not period:
        return []
    found = []
    for target in (n, 4 * n, 10**6, 10**9, 10**12, 10**15, FAR):
        base = -(-max(target, n) // period) * period  # the first multiple of the period from there
        found += [base, base + 1, base - 1, base + m, base - m, base + m + 1]
    return found


def _fibonacci(limit: int) -> Iterator[int]:
    a, b = 1, 2
    while a <= limit:
        yield a
        a, b = b, a + b


def _log_uniform(rng: random.Random, n: int) -> int:
    """A number between n and 10^18, its number of digits uniform: as many far points as near."""
    low = max(n, 1)
    digits = rng.uniform(len(str(low)) - 1, 18)
    return max(low, min(FAR, int(10**digits) + rng.randrange(1000)))


def _pairs(numbers: list[int], near: list[int], rng: random.Random, reach: int) -> Iterator[tuple[int, int]]:
    """Pairs from far numbers: on and beside the diagonal, both far, one far and one near."""
    steps = (0, 1, 2, max(reach, 1))
    for x in rng.sample(numbers, min(PAIRS["diagonal"], len(numbers))):
        d = rng.choice(steps)
        yield (x, x + d)
        yield (x + d, x)
    for _ in range(PAIRS["both far"]):
        yield (rng.choice(numbers), rng.choice(numbers))
    for i in range(PAIRS["far and near"]):
        x, s = rng.choice(numbers), rng.choice(near)
        yield (x, s) if i % 2 else (s, x)
