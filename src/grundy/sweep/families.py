"""The families a sweep surveys: every member once, and each equal game pointing to its representative.

A :class:`Member` is one game of a family, named by a spec :func:`grundy.ruleset` reads, with the
spec of the game it equals (its *representative*, a member of the same family) and why. A sweep
computes the representatives only; the others are recorded as equal to theirs.

- :func:`octal_family` — every octal code ``0.d1..dk`` with ``k <= D`` digits (and ``4.d1..dk``);
- :func:`hex_family` — the same for hexadecimal codes (and ``4.``, ``8.``, ``c.``);
- :func:`subtraction_family` — every subtraction set of K moves from ``1..M``;
- :func:`specs_family` — one spec per line of a file's text;
- :func:`family_members` — any of them by name, as ``grundy sweep FAMILY`` asks.

Only equalities proved from the rules are claimed, never one seen in the values alone:

*Trailing zeros.* A code ``0.130`` has the moves of ``0.13`` (a digit 0 allows nothing), so it is
the same game. The members with a code of k digits ending in 0 point to the code without those
zeros, which is itself a member; the code with no move at all is ``0.0`` (``4.0`` with d0 = 4),
a representative like any other (every value is 0).

*Redundant moves (take-and-break codes).* A bit of digit dk allows, from a heap n, to take k
tokens and leave j non-empty heaps (bit 1: j = 0, the heap was exactly k; bit 2: j = 1; bit 4:
j = 2; bit 8: j = 3; Winning Ways ch. 4). Suppose the code also has a bit of digit di, i < k,
leaving J > j heaps, and there are heaps e1..et (t = J - j, each >= 1, summing to k - i) whose
values xor to 0. Then every option of the first move, heaps h1..hj from n, has the value of the
option h1..hj, e1..et of the second (it takes i tokens and leaves J heaps of n - i tokens in all),
because G(e1) ^ ... ^ G(et) = 0 (Sprague–Grundy: the value of a sum is the xor of the values).
The first move adds no option value, so the code without that bit has the same values (by
induction on n: the e's are smaller than n, so their values are the same in both games). Such
a bit is *covered*; covering is transitive (the heaps added by two covers in a row are added
at once), so every covered bit is covered by one that is not. The representative of a code is
the code without its covered bits (and without trailing zeros): a part of the code, bit by bit,
so a member of the family, and the one every code that adds covered bits to it points to. The
values of the heaps e (at most D tokens, so G(1..D)) are computed here from the definition.
Two cases need no computation: two equal heaps (e, e) always xor to 0 (so a split in two after
taking i covers taking ``i + 2e`` leaving nothing), and a heap of 1 has value 0 when d1 is even
(a heap of 1 then has no move). For example ``0.401`` is ``0.4`` (taking 3 from a heap of 3
gives what taking 1 and splitting 2 into 1 + 1 gives), and ``0.42`` is ``0.4`` (with d1 even,
taking 2 and leaving one heap gives what taking 1 and leaving that heap and a heap of 1 gives).

*Subtraction sets.* If 1..m are moves and no move is a multiple of m + 1, then G(n) = n mod (m+1):
every option's value (n - s) mod (m+1) differs from n mod (m+1), and every smaller value v is
reached by taking ``n mod (m+1) - v``, one of 1..m. All such sets of K moves equal the least one
(1..m and the smallest non-multiples of m + 1 above it). Other relations are not equalities and
are not recorded: a set whose moves share a factor g has G(n) = G'(n // g) for the set divided
by g, and some codes have the values of another code shifted by a heap or two (``0.45`` and
``0.177``): such relations, like values that merely agree, are left for the sweep to find.

>>> [m.spec for m in octal_family(1)] == [f"octal:0.{d}" for d in range(8)]
True
>>> next(m for m in octal_family(3) if m.spec == "octal:0.401").representative
'octal:0.4'
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

from grundy.core.errors import GrundyError
from grundy.core.limits import shorten

OCTAL_MAX_DIGITS = 6  # 8^6 = 262,144 codes of six digits
HEX_MAX_DIGITS = 4  # 16^4 = 65,536 codes of four digits
SUBTRACTION_MAX_MOVE = 40
MAX_SETS = 100_000  # subtraction sets in one family
MAX_SPECS = 100_000  # specs read from one file
HEX = "0123456789abcdef"
COVERED = "covered moves (each = an earlier move plus heaps whose values xor to 0): "


@dataclass(frozen=True, slots=True)
class Member:
    """One game of a family: its spec, the spec of the game it equals, and why.

    >>> Member("octal", "octal:0.130", "octal:0.13", "trailing zeros: the same code as 0.13").representative
    'octal:0.13'
    """

    family: str  # "octal", "hex", "subtraction", "specs"
    spec: str  # a spec grundy.ruleset() reads, e.g. "octal:0.137", "hex:0.f3", "subtraction:1,3,4"
    representative: str  # the spec of the game this one equals (its own spec when it is its own representative)
    why: str = ""  # why it equals the representative ("" for a representative)

    @property
    def is_representative(self) -> bool:
        return self.representative == self.spec


# -- take-and-break codes ------------------------------------------------------------------------

def octal_family(digits: int, whole: bool = False) -> list[Member]:
    """Every octal code ``0.d1..dk`` with ``1 <= k <= digits`` (and ``4.d1..dk`` with ``whole``).

    Each code of k digits appears once; a code with trailing zeros or covered moves (see the
    module's docstring) points to its representative, the least code of its class, which is a
    member too. The representatives come first, by d0, then length, then digits; then the others
    in the same order. There are ``8 + 64 + ... + 8**digits`` codes (twice as many with
    ``whole``).

    Raises
    ------
    GrundyError
        ``digits`` not a whole number in ``1..6``.

    >>> family = octal_family(2)
    >>> len(family), sum(m.is_representative for m in family)
    (72, 50)
    >>> next(m for m in family if m.spec == "octal:0.10").why
    'trailing zeros: the same code as 0.1'
    """
    count = _count_digits("octal", digits, OCTAL_MAX_DIGITS, 8)
    return _code_family("octal", 8, count, (0, 4) if whole else (0,))


def hex_family(digits: int, whole: bool = False) -> list[Member]:
    """Every hexadecimal code ``0.d1..dk`` with ``1 <= k <= digits`` (digits 0..f; bit 8 leaves
    three heaps), and with ``whole`` also those with d0 = 4, 8 or c (a heap split into two, three,
    or either, without taking). Equal codes as in :func:`octal_family`; specs in lower case
    (``hex:0.f3``). An octal code written in hexadecimal is a member here too, not a pointer to
    the octal family.

    Raises
    ------
    GrundyError
        ``digits`` not a whole number in ``1..4``.

    >>> family = hex_family(1, whole=True)
    >>> len(family), next(m for m in family if m.spec == "hex:8.4").representative
    (64, 'hex:8.0')
    >>> next(m for m in family if m.spec == "hex:8.4").why.partition(": ")[2]
    'd1 bit 4 = d0 bit 8 + heap 1'
    """
    count = _count_digits("hex", digits, HEX_MAX_DIGITS, 16)
    return _code_family("hex", 16, count, (0, 4, 8, 12) if whole else (0,))


def _count_digits(kind: str, digits: Any, top: int, base: int) -> int:
    if isinstance(digits, bool) or not isinstance(digits, int) or not 1 <= digits <= top:
        raise GrundyError(f"{kind} family: digits must be a whole number from 1 to {top} "
                          f"({top} digits are {base}^{top} = {base ** top:,} codes), got {shorten(repr(digits))}")
    return digits


# A code d0.d1..dp as the walk holds it: (digits, text, G(0..p), the digits without covered bits,
# their text, why the covered bits were dropped ("; " between reasons)). Plain tuples: the walk of
# six octal digits makes 300,000 of them.
_Prefix = tuple[tuple[int, ...], str, tuple[int, ...], tuple[int, ...], str, str]


def _code_family(kind: str, base: int, count: int, firsts: tuple[int, ...]) -> list[Member]:
    """Walk the codes level by level, so each level comes out in the order of its digits."""
    representatives: list[Member] = []
    others: list[Member] = []
    targets: dict[str, str] = {}
    for d0 in firsts:
        first = HEX[d0] + "."
        level: list[_Prefix] = [((d0,), first, (0,), (d0,), first, "")]
        for depth in range(1, count + 1):
            children: list[_Prefix] | None = [] if depth < count else None  # the last level is not kept
            for prefix in level:
                _children(kind, prefix, base, children, representatives, others, targets)
            level = children or []
    return representatives + others


def _children(kind: str, prefix: _Prefix, base: int, children: list[_Prefix] | None,
              representatives: list[Member], others: list[Member], targets: dict[str, str]) -> None:
    """The codes one digit longer (appended to ``children`` unless it is None, and each to
    ``representatives`` or ``others``): G(q) of the new length q, and the new digit's covered bits.
    ``targets`` holds one string per representative's spec, however many members point to it."""
    digits, text, values, reduced, reduced_text, why = prefix
    q = len(digits)
    found = _options_before(digits, values, q)
    value_without, value_with = _mex(found), _mex(found | {0})  # the new digit's bit 1 reaches 0
    covers = {}
    for g in {value_without, value_with}:
        reasons = [_cover(reduced, values + (g,), q, jp) for jp in range(4)]
        covers[g] = (sum(1 << jp for jp, r in enumerate(reasons) if r is not None), reasons)
    for x in range(base):
        g = value_with if x & 1 else value_without
        mask, reasons = covers[g]
        dropped = x & mask
        kept = x & ~mask
        child_why = why
        if dropped:
            parts = [reasons[jp] for jp in range(4) if dropped >> jp & 1]
            child_why = "; ".join([why, *parts] if why else parts)
        child_text, child_reduced_text = text + HEX[x], reduced_text + HEX[kept]
        if children is not None:
            children.append((digits + (x,), child_text, values + (g,), reduced + (kept,), child_reduced_text,
                             child_why))
        spec = f"{kind}:{child_text}"
        target = child_reduced_text.rstrip("0")
        if target.endswith("."):
            target += "0"  # the code with no move left: 0.0 (or 4.0, ...)
        if target == child_text:
            representatives.append(Member(kind, spec, spec))
        else:
            why_text = f"{COVERED}{child_why}" if child_why else f"trailing zeros: the same code as {target}"
            others.append(Member(kind, spec, targets.setdefault(target, f"{kind}:{target}"), why_text))


def _options_before(digits: tuple[int, ...], values: tuple[int, ...], n: int) -> set[int]:
    """The values of the options of a heap of n tokens by the digits d0..d(n-1) (a digit dn can
    only add its bit 1, taking the whole heap)."""
    found: set[int] = set()
    for k, d in enumerate(digits):
        m = n - k  # tokens left after taking k (at least 1 here)
        if d & 2 and k >= 1:
            found.add(values[m])
        if d & 4:
            found.update(values[a] ^ values[m - a] for a in range(1, m // 2 + 1))
        if d & 8:
            found.update(values[a] ^ values[b] ^ values[m - a - b]
                         for a in range(1, m // 3 + 1) for b in range(a, (m - a) // 2 + 1))
    return found


def _mex(found: set[int]) -> int:
    m = 0
    while m in found:
        m += 1
    return m


def _cover(reduced: tuple[int, ...], values: tuple[int, ...], k: int, jp: int) -> str | None:
    """Why bit 2^jp of digit k is covered by a bit of an earlier digit (of the code without its
    covered bits, which covers whatever the whole code covers), or None if it is not."""
    for i in range(k):
        for j in range(jp + 1, 4):
            if not reduced[i] >> j & 1:
                continue
            heaps = _zero_heaps(values, j - jp, k - i)
            if heaps is not None:
                added = f"heap {heaps[0]}" if len(heaps) == 1 else f"heaps {','.join(map(str, heaps))}"
                return f"d{k} bit {1 << jp} = d{i} bit {1 << j} + {added}"
    return None


def _zero_heaps(values: tuple[int, ...], t: int, total: int) -> tuple[int, ...] | None:
    """``t`` heaps of at least 1 token, ``total`` in all, whose values xor to 0 (the first found,
    least heaps first), or None."""
    if t == 1:
        return (total,) if total >= 1 and values[total] == 0 else None
    if t == 2:
        return next(((a, total - a) for a in range(1, total // 2 + 1) if values[a] == values[total - a]), None)
    return next(((a, b, total - a - b) for a in range(1, total // 3 + 1) for b in range(a, (total - a) // 2 + 1)
                 if values[a] ^ values[b] ^ values[total - a - b] == 0), None)


# -- subtraction sets ----------------------------------------------------------------------------

def subtraction_family(max_move: int, size: int) -> list[Member]:
    """Every subtraction set of ``size`` distinct moves from ``1..max_move`` (``subtraction:1,3,4``).

    A set holding 1..m and no multiple of m + 1 has G(n) = n mod (m+1) (see the module's
    docstring) and points to the least such set of its size; every other set is its own
    representative. Representatives first, in lexicographic order, then the others.

    Raises
    ------
    GrundyError
        ``max_move`` not in 1..40, ``size`` not in 1..max_move, or more than 100,000 sets.

    >>> family = subtraction_family(5, 2)
    >>> len(family), [(m.spec, m.representative) for m in family if not m.is_representative]
    (10, [('subtraction:1,5', 'subtraction:1,3')])
    """
    if isinstance(max_move, bool) or not isinstance(max_move, int) or not 1 <= max_move <= SUBTRACTION_MAX_MOVE:
        raise GrundyError(f"subtraction family: the largest move M must be a whole number from 1 to "
                          f"{SUBTRACTION_MAX_MOVE}, got {shorten(repr(max_move))}")
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= max_move:
        raise GrundyError(f"subtraction family: the size K must be a whole number from 1 to M = {max_move}, "
                          f"got {shorten(repr(size))}")
    count = math.comb(max_move, size)
    if count > MAX_SETS:
        raise GrundyError(f"subtraction family: {size} moves from 1..{max_move} make {count:,} sets; "
                          f"at most {MAX_SETS:,} (a smaller M, or K nearer 1 or M)")
    representatives: list[Member] = []
    others: list[Member] = []
    for moves in itertools.combinations(range(1, max_move + 1), size):
        spec = _subtraction_spec(moves)
        least, m = _least_modular(moves)
        if least == moves:
            representatives.append(Member("subtraction", spec, spec))
        else:
            ones = "1 is a move and every move is odd" if m == 1 else \
                f"1..{m} are moves and none is a multiple of {m + 1}"
            others.append(Member("subtraction", spec, _subtraction_spec(least), f"{ones}: G(n) = n mod {m + 1}"))
    return representatives + others


def _subtraction_spec(moves: tuple[int, ...]) -> str:
    return "subtraction:" + ",".join(map(str, moves))


def _least_modular(moves: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The least set of this size with G(n) = n mod (m+1) like ``moves``, and m; ``moves`` itself
    when it is not such a set (or is the least)."""
    m = 0
    while m < len(moves) and moves[m] == m + 1:
        m += 1
    if m == 0 or m == len(moves) or any(s % (m + 1) == 0 for s in moves):
        return moves, m
    least = list(range(1, m + 1))
    candidate = m + 1
    while len(least) < len(moves):
        candidate += 1
        if candidate % (m + 1):
            least.append(candidate)
    return tuple(least), m


# -- a file of specs -----------------------------------------------------------------------------

def specs_family(text: str, source: str = "-") -> list[Member]:
    """One game per line of the text of a specs file (``source`` names it in messages; the door
    that reads the file checks that it is a regular one, of a sane size): blank lines and ``#``
    comments (a line starting with ``#``, or the rest of a line after a space and ``#``) are
    skipped, and a spec written twice is kept once. Every spec must name a one-heap ruleset (a
    sweep computes the periods of heap games); each is its own representative.

    Raises
    ------
    GrundyError
        No spec in the text, more than 100,000 specs, or a bad line (named by its number and
        spec, with what is wrong).

    >>> [m.spec for m in specs_family("# classics\\nkayles\\n\\nsubtraction:1,3,4  # period 7\\nkayles\\n")]
    ['kayles', 'subtraction:1,3,4']
    """
    from grundy.core.ruleset import Ruleset, Shape
    from grundy.service.resolve import require

    shown = shorten(str(source))
    members: list[Member] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        spec = _strip_comment(line)
        if not spec or spec in seen:
            continue
        if len(seen) >= MAX_SPECS:
            raise GrundyError(f"specs file {shown}: more than {MAX_SPECS:,} specs (line {number}); split it")
        where = f"specs file {shown}, line {number}: {shorten(spec)!r}"
        try:
            rules = require(spec, "period")
        except GrundyError as error:
            raise GrundyError(f"{where}: {_one_line(str(error))}") from None
        if not isinstance(rules, Ruleset) or rules.shape is not Shape.HEAP:
            kind = rules.component_kind if isinstance(rules, Ruleset) else "no heaps"
            raise GrundyError(f"{where} has components of {kind}, not one heap size; "
                              "a sweep computes the periods of heap games")
        seen.add(spec)
        members.append(Member("specs", spec, spec))
    if not members:
        raise GrundyError(f"specs file {shown} holds no spec (one per line, '#' starts a comment)")
    return members


def _strip_comment(line: str) -> str:
    text = line.strip()
    if text.startswith("#"):
        return ""
    for mark in (" #", "\t#"):
        text = text.partition(mark)[0]
    return text.strip()


def _one_line(text: str) -> str:
    return " ".join(text.split())


# -- by name -------------------------------------------------------------------------------------

_FAMILIES = {
    "octal": (octal_family, ("digits",), ("whole",)),
    "hex": (hex_family, ("digits",), ("whole",)),
    "subtraction": (subtraction_family, ("max_move", "size"), ()),
    "specs": (specs_family, ("text",), ("source",)),
}


def family_members(name: str, **options: Any) -> list[Member]:
    """The members of the family ``name`` (octal, hex, subtraction or specs) with its options
    (an option given as None counts as not given).

    Raises
    ------
    GrundyError
        An unknown family, an option the family does not take, a missing one, or a bad value.

    >>> len(family_members("octal", digits=1, whole=True)), len(family_members("subtraction", max_move=4, size=2))
    (16, 6)
    >>> family_members("octal", digits=2, size=3)
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: the octal family takes digits and whole, not size
    """
    entry = _FAMILIES.get(str(name).strip().lower())
    if entry is None:
        raise GrundyError(f"unknown family {shorten(str(name))!r}: octal, hex, subtraction or specs")
    make, required, optional = entry
    family = str(name).strip().lower()
    given = {key: value for key, value in options.items() if value is not None}
    allowed = required + optional
    wrong = [key for key in given if key not in allowed]
    if wrong:
        raise GrundyError(f"the {family} family takes {' and '.join(allowed)}, not {', '.join(wrong)}")
    missing = [key for key in required if key not in given]
    if missing:
        raise GrundyError(f"the {family} family needs {' and '.join(missing)}")
    return make(**given)
