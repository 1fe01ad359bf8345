"""The codes a misère survey computes: every take-and-break code once, and each code that is the
very same game as another pointing to it.

Only equalities that hold in misère play are claimed, and the only ones claimed are identities of
the games themselves: two codes are equal when, heap by heap, their options are the same sums of
heaps, a heap with no move being the game 0 (so a sum with it *is* the sum without it). That holds
in every play convention, misère included.

*Trailing zeros.* ``0.130`` allows exactly the moves of ``0.13``.

*Moves that leave a terminal heap more.* A bit of digit dk takes k tokens and leaves j non-empty
heaps (bit 1: j = 0, bit 2: j = 1, bit 4: j = 2, bit 8: j = 3). If the code also has a bit of an
earlier digit di leaving J > j heaps, and there are t = J - j heaps e1..et, each of at least 1
token and each **with no move at all** in this code, summing to k - i, then every option h1..hj of
the first move is the option h1..hj, e1..et of the second, which is the same game. The first bit
adds nothing; it is dropped (covering is transitive, as in :mod:`grundy.sweep.families`). For
example ``0.42`` is ``0.4`` (a heap of 1 has no move in either), and so is ``0.401``.

**Not** the normal-play sweep's "covered bits": there a heap of Grundy value 0, or two equal heaps,
stand in for nothing, because their values xor to 0. That is FALSE in misère play, where only the
game 0 itself is 0 (the misère outcome of *2 + *2 is P, of 0 is N), so it is not used here: the
normal-play sweep points ``0.301`` to ``0.3`` (a heap of 2 has value 0 in 0.3, but a move), this
survey computes both.

>>> {m.spec: m.representative for m in misere_family("octal", 3) if m.spec in ("octal:0.42", "octal:0.301")}
{'octal:0.301': 'octal:0.301', 'octal:0.42': 'octal:0.4'}
"""

from __future__ import annotations

import functools
import itertools

from grundy.sweep.families import HEX, HEX_MAX_DIGITS, OCTAL_MAX_DIGITS, Member, _count_digits

BASES = {"octal": (8, OCTAL_MAX_DIGITS, (0, 4)), "hex": (16, HEX_MAX_DIGITS, (0, 4, 8, 12))}
LEFT = {1: 0, 2: 1, 4: 2, 8: 3}  # the heaps a bit of a digit leaves
Cover = tuple[int, int, tuple[int, ...]]  # the covering digit, its bit, the terminal heaps it leaves more


def misere_family(kind: str, digits: int, whole: bool = False) -> list[Member]:
    """Every ``kind`` (octal or hex) code ``0.d1..dk``, ``1 <= k <= digits`` (with ``whole`` also
    ``4.``, and for hex ``8.`` and ``c.``), each pointing to the least code that is the same game
    (see the module's docstring); the representatives first, then the others, each in code order.

    Raises
    ------
    GrundyError
        ``digits`` not a whole number in ``1..6`` (octal) or ``1..4`` (hex).

    >>> family = misere_family("octal", 1)
    >>> [m.spec for m in family if m.is_representative] == [f"octal:0.{d}" for d in range(8)]
    True
    >>> len(misere_family("octal", 2)), sum(m.is_representative for m in misere_family("octal", 2))
    (72, 50)
    """
    base, top, firsts = BASES[kind]
    count = _count_digits(kind, digits, top, base)
    representatives: list[Member] = []
    others: list[Member] = []
    for d0 in firsts if whole else (0,):
        for length in range(1, count + 1):
            for tail in itertools.product(range(base), repeat=length):
                code = (d0, *tail)
                spec = f"{kind}:{HEX[d0]}." + "".join(HEX[d] for d in tail)
                covered = _covered(code)
                target = f"{kind}:{_text(_without(code, covered))}"
                if spec == target:
                    representatives.append(Member(kind, spec, spec))
                else:
                    others.append(Member(kind, spec, target, _why(code, covered)))
    return representatives + others


def _text(code: tuple[int, ...]) -> str:
    """``0.13`` for (0, 1, 3): trailing zeros dropped, ``0.0`` for no move at all."""
    digits = "".join(HEX[d] for d in code[1:]).rstrip("0") or "0"
    return f"{HEX[code[0]]}.{digits}"


def terminal_heaps(code: tuple[int, ...]) -> set[int]:
    """The heaps of 1..len(code)-1 tokens from which ``code`` (d0, d1, ...) allows no move.

    >>> sorted(terminal_heaps((0, 4, 0, 1)))
    [1, 2]
    """
    found = set()
    # a heap e has a move by: bit 1 of de; bit 2 of dk, 1 <= k < e; bit 4 of dk, k <= e - 2; bit 8, k <= e - 3
    ones = twos = fours = eights = 0
    for heap in range(1, len(code)):
        ones = code[heap] & 1
        twos |= code[heap - 1] & 2 if heap >= 2 else 0
        fours |= code[heap - 2] & 4 if heap >= 2 else 0
        eights |= code[heap - 3] & 8 if heap >= 3 else 0
        if not ones | twos | fours | eights:
            found.add(heap)
    return found


def _covered(code: tuple[int, ...]) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
    """The covered bits: (k, bit, i, covering bit, the terminal heaps it adds)."""
    terminal = frozenset(terminal_heaps(code))
    found: list[tuple[int, int, int, int, tuple[int, ...]]] = []
    if not terminal:
        return found  # nothing to leave more of
    for k in range(1, len(code)):
        for bit in (1, 2, 4, 8):
            if code[k] & bit:
                cover = _cover(code, terminal, k, bit)
                if cover is not None:
                    found.append((k, bit, *cover))
    return found


def _cover(code: tuple[int, ...], terminal: frozenset[int], k: int, bit: int) -> Cover | None:
    """An earlier bit (its digit, the bit, the terminal heaps it leaves more) covering ``bit`` of
    digit k, or None."""
    for i in range(k):
        for big in (2, 4, 8):
            if code[i] & big and LEFT[big] > LEFT[bit]:
                heaps = _terminal_parts(terminal, LEFT[big] - LEFT[bit], k - i)
                if heaps is not None:
                    return i, big, heaps
    return None


@functools.lru_cache(maxsize=4096)
def _terminal_parts(terminal: frozenset[int], count: int, total: int) -> tuple[int, ...] | None:
    """``count`` terminal heaps summing to ``total`` (the least first), or None."""
    if count == 1:
        return (total,) if total in terminal else None
    for first in sorted(h for h in terminal if h * count <= total):
        rest = _terminal_parts(frozenset(h for h in terminal if h >= first), count - 1, total - first)
        if rest is not None:
            return (first, *rest)
    return None


def _without(code: tuple[int, ...], covered: list[tuple[int, int, int, int, tuple[int, ...]]]) -> tuple[int, ...]:
    """``code`` without its covered bits."""
    reduced = list(code)
    for k, bit, *_ in covered:
        reduced[k] &= ~bit
    return tuple(reduced)


def _why(code: tuple[int, ...], covered: list[tuple[int, int, int, int, tuple[int, ...]]]) -> str:
    if not covered:
        return f"trailing zeros: the same code as {_text(code)}"
    parts = [f"d{k} bit {bit} = d{i} bit {big} + {'heap' if len(heaps) == 1 else 'heaps'} "
             f"{','.join(map(str, heaps))} (no move)" for k, bit, i, big, heaps in covered]
    return "the same moves (each = an earlier move leaving heaps with no move as well): " + "; ".join(parts)
