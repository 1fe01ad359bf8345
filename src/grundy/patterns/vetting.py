"""The vetting of a pattern search: the checks a rule that fits a table must pass before it is
stated (far shorter than the table, an exception list that does not grow with the table, true far
out by :func:`~grundy.patterns.selfcheck.self_check`), whether the game's moves are in sight of
the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

from grundy.core.errors import GrundyError
from grundy.core.ruleset import Ruleset
from grundy.patterns.rule import Rule, SelfCheck
from grundy.patterns.selfcheck import LAST, OPTIONS, self_check

FEW_ZEROS = 10  # a table with fewer P-positions than this asks a P-only search for more
SPARSE_STEPS = 20_000_000  # the options the P-only search may look at
SPARSE_WANTED = 4  # P-positions sought past the table

def reach(game: Ruleset, dims: int, n: int, cap: int = OPTIONS) -> tuple[int, ...]:
    """The largest move seen from the last positions of a table of side ``n``: the most a move
    takes (``n − m`` for a move from n to m; the tokens taken, for a move that splits), per
    coordinate for pairs. A position with more than ``cap`` options reaches all the way down."""
    if dims == 1:
        positions: list[Any] = list(range(max(n - LAST, 0), n))
    else:
        k = n - 1
        positions = [(k, 0), (k, n // 2), (k, k), (0, k), (n // 2, k)]
    far = [0] * dims
    for c in positions:
        coords = (c,) if dims == 1 else c
        try:
            options = list(islice(game.options(c), cap + 1))
            if len(options) > cap:
                far = [max(f, x) for f, x in zip(far, coords, strict=True)]
                continue
            for option in options:
                parts = [(p,) if dims == 1 else p for p in option]
                taken = [x - sum(part[i] for part in parts) for i, x in enumerate(coords)]
                far = [max(f, t) for f, t in zip(far, taken, strict=True)]
        except (GrundyError, TypeError, IndexError):
            continue
    return tuple(far)


# -- the vetting of a search ----------------------------------------------------------------------

MAX_CANDIDATES = 24  # the rules of one table looked at, at most
MAX_CHECKED = 6  # the rules of one table self-checked, at most
SIGHT = 4  # the table should be this many times the largest move seen from its last positions


class Vetting:
    """The checks a rule that fits a table must pass to be stated, over the tables of one search:
    far shorter than the table; an exception list that does not grow with the table (its size
    against its family's two doublings before); true far out (:func:`self_check`; a rule refuted
    once stays refuted). And whether the game's moves are in sight: the table :data:`SIGHT` times
    the largest move from its last positions, or that move growing with the table (take up to half)."""

    def __init__(self, game: Ruleset, dims: int) -> None:
        self.game, self.dims = game, dims
        self.refuted: dict[str, tuple[Rule, SelfCheck]] = {}
        self.passed: dict[str, SelfCheck] = {}
        self.growing: dict[str, tuple[Rule, str]] = {}
        self.sizes: dict[str, dict[int, int]] = {}
        self.sides: list[int] = []  # the sides of the tables so far
        self._reach: dict[int, tuple[int, ...]] = {}
        self.n = 0
        self.period: int | None = None
        self._rules: Iterator[Rule] = iter(())
        self._seen: list[Rule] = []

    def new_table(self, n: int, rules: Iterator[Rule], period: int | None = None) -> None:
        """A new table of side ``n`` and its rules (lazily, simplest first)."""
        self.n, self.period, self._rules, self._seen = n, period, rules, []
        self.sides.append(n)

    def reach(self, n: int | None = None) -> tuple[int, ...]:
        """The largest move seen from the last positions of the table of side ``n`` (the last one),
        asked of the game only when needed (a slow game's moves are called once per position)."""
        n = self.n if n is None else n
        if n not in self._reach:
            self._reach[n] = reach(self.game, self.dims, n)
        return self._reach[n]

    def in_sight(self) -> bool:
        """Whether the table reaches :data:`SIGHT` times the largest move seen, or that move grew with the table."""
        far = max(self.reach(), default=0)
        if SIGHT * far <= self.n:
            return True
        if len(self.sides) < 2:
            return False
        before = max(self.reach(self.sides[-2]), default=0)
        return 8 * far >= self.n and 4 * far >= 7 * before

    def first(self) -> Rule | None:
        """The simplest rule of the table that passes every check but the self-check."""
        return next((rule for rule in self._candidates() if self._acceptable(rule)), None)

    def checked(self) -> tuple[Rule | None, SelfCheck | None]:
        """The simplest rule of the table that passes every check, the self-check too, and its check."""
        acceptable = (rule for rule in self._candidates() if self._acceptable(rule))
        for rule in islice(acceptable, MAX_CHECKED):
            found = self.check(rule)
            if found.passed:
                return rule, found
        return None, None

    def check(self, rule: Rule) -> SelfCheck:
        """The self-check of ``rule`` (remembered by its text)."""
        if rule.text in self.passed:
            return self.passed[rule.text]
        found = self_check(self.game, rule, self.n, self.dims, reach=self.reach(), period=self.period)
        if found.passed:
            self.passed[rule.text] = found
        else:
            self.refuted[rule.text] = (rule, found)
        return found

    def notes(self, found: bool) -> list[str]:
        """What the search set aside and why, and whether the moves were in sight, for a reason."""
        said = []
        if not found and self.refuted:
            shown = [f"«{_cut(rule.text)}» ({check.failure})" for rule, check in list(self.refuted.values())[:2]]
            more = len(self.refuted) - len(shown)
            said.append("rules that fit the table failed the game's moves far out: " + "; ".join(shown)
                        + (f"; and {more} more" if more > 0 else ""))
        if not found and self.growing:
            rule, why = next(iter(self.growing.values()))
            said.append(f"a rule whose exceptions grow with the table was set aside: «{_cut(rule.text)}» ({why})")
        if not self.in_sight():
            said.append(f"the moves were not yet in sight: the table stopped before {SIGHT}× the largest move seen "
                        f"from its last positions ({max(self.reach()):,})")
        return said

    def _candidates(self) -> Iterator[Rule]:
        """The table's rules, each found once however often asked (``first``, then ``checked``)."""
        for i in range(MAX_CANDIDATES):
            if i == len(self._seen) and (rule := next(self._rules, None)) is not None:
                self._seen.append(rule)
            if i == len(self._seen):
                return
            yield self._seen[i]

    def _acceptable(self, rule: Rule) -> bool:
        if rule.text in self.refuted:
            return False
        sizes = self.sizes.setdefault(rule.kind, {})
        sizes.setdefault(self.n, rule.size)
        old = sizes.get(self.n // 4)
        if old is not None and rule.size >= 2 * old + 8:  # the exceptions grow with the table
            span = "n" if self.dims == 1 else "a, b"
            self.growing.setdefault(rule.text, (rule, f"{old:,} numbers for {span} < {self.n // 4:,}, "
                                                      f"{rule.size:,} for {span} < {self.n:,}"))
            return False
        return rule.size * 4 <= self.n ** self.dims


def _cut(text: str, most: int = 90) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"
