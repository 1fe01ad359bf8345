"""The phylum of a misère canonical form: how tame it is, which decides how CGSuite prints its genus.

CGSuite (Dan Hoey's misère code: ``org/cgsuite/core/misere/Phylum.java``, the phylum worked out in
``MisereCanonicalGameOps.java``'s ``makeGameRecord`` and read by its ``genus``) sorts every canonical
form into one of eleven phyla, in this order:

* **tame** — ``NIMHEAP`` (every option a nim-heap-like form and the genus a nim-heap's: *n itself),
  ``HEREDITARILY_TAME`` (options tame, genus tame), ``REVERSIBLY_TAME`` (some option not tame but
  reversible through a tame option of it, to the game's own G+ and G- values);
* ``TAMEABLE``, then the wild ones whose genus looks tame (``WILD_OF_TAME_GENUS``);
* **restive** — ``HEREDITARILY_RESTIVE``, ``REVERSIBLY_RESTIVE`` (G+ is 0 or 1, G- is not), then
  ``WILD_OF_RESTIVE_GENUS``; ``RESTLESS`` (G- is 0 or 1, G+ is not, options tame), then
  ``WILD_OF_RESTLESS_GENUS``; and ``WILD``.

A *tame genus* here means G+ = G-, or both are 0 or 1 (Winning Ways ch. 13: 0^120, 1^031, 0^02,
1^13, g^{g,g⊕2}). The rules below are the facts CGSuite's classification encodes, written anew:
the phylum of an even form follows from its options' phyla and G± values and, for an option that is
not tame, from that option's own options (the ones that could reverse it); an odd form G = E + *1
has the phylum of E.

>>> from grundy.cgt.misere import nim_heap
>>> phylum(nim_heap(3)).name, phylum(nim_heap(2) + nim_heap(2)).name
('NIMHEAP', 'HEREDITARILY_TAME')
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from grundy.core.nimber import mex

MisereGame = Any  # grundy.cgt.misere.MisereGame, not imported here: that module imports this one


class Phylum(IntEnum):
    """CGSuite's phyla of misère impartial games, least wild first (``Phylum.java``'s order)."""

    NIMHEAP = 0
    HEREDITARILY_TAME = 1
    REVERSIBLY_TAME = 2
    TAMEABLE = 3
    WILD_OF_TAME_GENUS = 4
    HEREDITARILY_RESTIVE = 5
    REVERSIBLY_RESTIVE = 6
    WILD_OF_RESTIVE_GENUS = 7
    RESTLESS = 8
    WILD_OF_RESTLESS_GENUS = 9
    WILD = 10


TAME = frozenset({Phylum.NIMHEAP, Phylum.HEREDITARILY_TAME, Phylum.REVERSIBLY_TAME})
RESTIVE = frozenset({Phylum.HEREDITARILY_RESTIVE, Phylum.REVERSIBLY_RESTIVE})
RESTIVE_OR_TAME = TAME | RESTIVE  # CGSuite prints these genera short: g^γ0, or g alone for NIMHEAP

_PHYLA: dict[int, Phylum] = {}  # uid -> phylum (forms are interned and never change)


def phylum(game: MisereGame) -> Phylum:
    """The phylum of ``game`` (memoised; recursive over options like the genus, so call it under
    :func:`grundy.core.work.guarded` entries such as :func:`grundy.cgt.misere.genus`)."""
    found = _PHYLA.get(game.uid)
    if found is None:
        even = _even_part(game)
        found = _PHYLA[game.uid] = _classify(game) if even is game else phylum(even)
    return found


def _even_part(game: MisereGame) -> MisereGame:
    """E when ``game`` = E + *1 with E born earlier (an *odd* game, CGSuite's ``IsEven`` false), else the
    game itself: CGSuite keeps an odd game as its even part plus *1, and gives both one phylum."""
    from grundy.cgt.misere import add, nim_heap

    other = add(game, nim_heap(1))
    return other if other.birthday < game.birthday else game


def _genus_kind(plus: int, minus: int) -> Phylum:
    """The phylum the G± pair alone allows: a tame-looking, restive, restless or plain wild genus."""
    if plus == minus or (plus < 2 and minus < 2):
        return Phylum.WILD_OF_TAME_GENUS
    if plus < 2:
        return Phylum.WILD_OF_RESTIVE_GENUS
    if minus < 2:
        return Phylum.WILD_OF_RESTLESS_GENUS
    return Phylum.WILD


def _classify(game: MisereGame) -> Phylum:
    plus, minus = game.normal_grundy, game.misere_grundy
    kind = _genus_kind(plus, minus)
    phyla = [phylum(o) for o in game.options]
    if all(p in TAME for p in phyla):
        wildest = max(phyla, default=Phylum.NIMHEAP)
        if wildest is Phylum.NIMHEAP and kind is Phylum.WILD_OF_TAME_GENUS and (plus > 1 or plus != minus):
            return Phylum.NIMHEAP
        hereditary = wildest <= Phylum.HEREDITARILY_TAME
        if kind is Phylum.WILD_OF_TAME_GENUS:
            return Phylum.HEREDITARILY_TAME if hereditary else Phylum.REVERSIBLY_TAME
        if kind is Phylum.WILD_OF_RESTIVE_GENUS:
            return Phylum.HEREDITARILY_RESTIVE if hereditary else Phylum.REVERSIBLY_RESTIVE
        return Phylum.RESTLESS if kind is Phylum.WILD_OF_RESTLESS_GENUS else Phylum.WILD
    if kind in (Phylum.WILD_OF_TAME_GENUS, Phylum.WILD_OF_RESTIVE_GENUS):
        return _reversibly(game, kind) or Phylum.WILD
    return Phylum.WILD


def _reverses(kind: Phylum, target: tuple[int, int], second: MisereGame) -> tuple[bool, bool, bool, bool]:
    """Whether ``second`` (an option of a non-tame option) reverses to the game's G- and G+ values,
    as a tame (or, for a restive genus, restive) form; then the same for a tameable form."""
    plus, minus = target
    kind2, s_minus, s_plus = phylum(second), second.misere_grundy, second.normal_grundy
    if kind2 in TAME and kind is Phylum.WILD_OF_TAME_GENUS:
        return minus == s_minus, plus == s_plus, False, False
    if kind2 in RESTIVE_OR_TAME and kind is Phylum.WILD_OF_RESTIVE_GENUS:
        return (minus == s_minus and (s_plus < 2 or (s_plus ^ minus) < 2),
                plus == s_plus and (s_minus < 2 or (s_minus ^ minus) < 2), False, False)
    if kind2 is Phylum.TAMEABLE and kind is Phylum.WILD_OF_TAME_GENUS:
        return False, False, minus == s_minus, plus == s_plus
    return False, False, False, False


def _reversibly(game: MisereGame, kind: Phylum) -> Phylum | None:
    """REVERSIBLY_TAME, TAMEABLE or REVERSIBLY_RESTIVE for a game with some non-tame option, or None."""
    target = (game.normal_grundy, game.misere_grundy)
    tame_kind = kind is Phylum.WILD_OF_TAME_GENUS
    possible = [Phylum.REVERSIBLY_TAME, Phylum.TAMEABLE] if tame_kind else [Phylum.REVERSIBLY_RESTIVE]
    plus: set[int] = set()
    minus: set[int] = set()
    tameable_plus: set[int] = set()
    tameable_minus: set[int] = set()
    for option in game.options:
        own = phylum(option)
        if own in TAME:
            plus.add(option.normal_grundy)
            minus.add(option.misere_grundy)
            continue
        found = [False, False, False, False]  # reversed to G-, to G+ (tame); to G-, to G+ (tameable)
        if Phylum.TAMEABLE in possible and own is Phylum.TAMEABLE:
            tameable_minus.add(option.misere_grundy)
            tameable_plus.add(option.normal_grundy)
            found[2] = found[3] = True
        for second in option.options:
            found = [a or b for a, b in zip(found, _reverses(kind, target, second), strict=True)]
        if not (found[0] and found[1]):
            possible = [p for p in possible if p is Phylum.TAMEABLE]
            if not (found[2] and found[3]):
                possible = []
            if not possible:
                return None
    if target != (mex(plus), mex(minus)):
        possible = [p for p in possible if p is Phylum.TAMEABLE]
    if Phylum.TAMEABLE in possible:
        plus |= tameable_plus
        minus |= tameable_minus
        if target != (mex(plus), mex(minus)) and (plus or target[0] > 0):
            possible.remove(Phylum.TAMEABLE)
    return possible[0] if possible else None
