"""Misère canonical forms of impartial games: interned, simplified, summed, with outcome, genus and mate.

Under misère play the player who cannot move *wins*. Two impartial games G and H are equal in
misère play when G + X and H + X have the same misère outcome for every impartial game X (Conway,
*On Numbers and Games* ch. 12; Winning Ways ch. 13; Siegel, *Combinatorial Game Theory* ch. V.1).
Each class has one simplest form, and a :class:`MisereGame` is kept only in that form, interned
(hash-consed like :class:`~grundy.cgt.game.CanonicalGame`): equal games are one object, so ``G == H``
is ``G is H``.

**Simplification** (the Grundy–Smith rule; Conway proved that a game it cannot simplify is in
simplest form). Let G have canonical options S. If some option G' of G has an option H whose own
options are all in S, and every option of G that is not an option of H has H among its options, then
G = H — with the *proviso*: when H = 0 (no options), G must be a misère N-position (some option of G
is a P-position). Proof sketch, by induction on X: G + X and H + X have the same outcome; the proviso
is the case X = 0, H = 0, where H + X has no move and the player to move wins. Such an H is a
grandchild of G, so the search is finite; when none exists, {S} is in simplest form.

Beside sums (:func:`add`) and outcomes: the :func:`genus` (Winning Ways' g^{γ0γ1...}, printed as
CGSuite prints it: ``0`` for a nim-heap's 0^120, ``0^0`` for a tame 0^02, in full when wild; its
:attr:`Genus.full` is Winning Ways' full form), the :func:`mate`, and :func:`distinguisher` /
:func:`link` (ONAG Theorems 75-76), which show that two different forms are different games. The text
of a form is :mod:`grundy.cgt.misere_text`. Forms grow fast (a Kayles row of 19 prints as about a
million characters); every step counts against the work budget (:mod:`grundy.core.work`).

>>> two, one = nim_heap(2), nim_heap(1)
>>> one + one is ZERO, from_options([two]) is two, from_options([ZERO, two]) is one
(True, False, True)
>>> (two + two).outcome, ZERO.outcome, one.outcome
('P', 'N', 'P')
>>> str(genus(ZERO)), str(genus(one)), str(genus(two)), str(genus(two + two)), genus(two + two).full
('0', '1', '2', '0^0', '0^02')
>>> mate(ZERO) is one, mate(one) is ZERO, mate(two) is two
(True, True, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from grundy.cgt.misere_phylum import RESTIVE_OR_TAME, Phylum, phylum
from grundy.core.errors import GrundyError
from grundy.core.nimber import mex
from grundy.core.work import charge, guarded

GENUS_TERMS = 10_000  # a genus sequence not alternating by this term is a bug, never a wait


class MisereError(GrundyError):
    """Text or an option that is not a misère impartial game."""


_uids = itertools.count()
_FORMS: dict[frozenset[int], MisereGame] = {}
_SUMS: dict[tuple[int, int], MisereGame] = {}
_MATES: dict[int, MisereGame] = {}
_NIM: list[MisereGame] = []


class MisereGame:
    """An impartial game in misère canonical form. Build with :func:`from_options`, :func:`nim_heap`.

    Never construct directly: every instance is interned, so two equal games are one object.
    """

    __slots__ = ("uid", "options", "_set", "birthday", "normal_grundy", "misere_grundy", "key", "nim", "_genus",
                 "__weakref__")

    def __init__(self, options: tuple[MisereGame, ...]):
        self.uid = next(_uids)
        self.options = options  # canonical options, in CGSuite's order (see grundy.cgt.misere_text)
        self._set: frozenset[MisereGame] | None = None
        self.birthday = 1 + max((o.birthday for o in options), default=-1)
        self.normal_grundy = mex(o.normal_grundy for o in options)  # G+(G): its normal-play Grundy value
        self.misere_grundy = mex(o.misere_grundy for o in options) if options else 1  # G-(G)
        self.nim = len(options) == self.birthday and all(o.nim for o in options)  # options *0 ... *(n-1)
        # the order options are listed in (CGSuite's): birthday, number of options, G+, G-, then options
        self.key = (self.birthday, len(options), self.normal_grundy, self.misere_grundy, tuple(o.key for o in options))
        self._genus: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    @property
    def outcome(self) -> str:
        """The misère outcome: ``"N"`` (the player to move wins) or ``"P"`` (the previous player wins)."""
        return "P" if self.misere_grundy == 0 else "N"

    def has_option(self, game: MisereGame) -> bool:
        """Whether ``game`` is an option of this game."""
        if self._set is None:
            self._set = frozenset(self.options)
        return game in self._set

    @property
    def is_nim_heap(self) -> bool:
        """Whether this is a nim-heap *n (n is then its birthday)."""
        return self.nim

    def __add__(self, other: Any) -> MisereGame:
        return add(self, as_misere(other))

    def __radd__(self, other: Any) -> MisereGame:
        return add(as_misere(other), self)

    def __repr__(self) -> str:
        return str(self)

    def __str__(self) -> str:
        from grundy.cgt.misere_text import to_text

        return to_text(self)


MisereLike = MisereGame | int


def _key(game: MisereGame) -> tuple:
    return game.key


def _intern(options: Iterable[MisereGame]) -> MisereGame:
    """The one game whose canonical options are exactly ``options`` (no simplification)."""
    found = sorted(set(options), key=_key)
    key = frozenset(o.uid for o in found)
    game = _FORMS.get(key)
    if game is None:
        charge(1 + len(found))
        game = _FORMS[key] = MisereGame(tuple(found))
    return game


ZERO = _intern(())


def as_misere(value: MisereLike) -> MisereGame:
    """A MisereGame as it is; an int n as the nim-heap *n."""
    if isinstance(value, MisereGame):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return nim_heap(value)
    raise MisereError(f"a misère game is a MisereGame or a nim-heap size (an int >= 0), not {value!r}")


@guarded
def nim_heap(n: int) -> MisereGame:
    """The nim-heap *n, whose options are *0 ... *(n-1) (nim-heaps are in simplest form).

    Examples
    --------
    >>> nim_heap(3).options == (ZERO, nim_heap(1), nim_heap(2)), nim_heap(3).birthday
    (True, 3)
    """
    if n < 0:
        raise MisereError(f"a nim-heap has size >= 0, not {n}")
    if not _NIM:
        _NIM.append(ZERO)
    while len(_NIM) <= n:
        _NIM.append(_intern(_NIM))
    return _NIM[n]


def _simplified(options: tuple[MisereGame, ...]) -> MisereGame | None:
    """The simplest form H that the Grundy–Smith rule finds for {options}, or None (see the module)."""
    if all(o.nim for o in options) and {o.birthday for o in options} == set(range(len(options))):
        return nim_heap(len(options))  # {*0, ..., *(n-1)}: a nim-heap, in simplest form
    given = set(options)
    some_p = any(o.misere_grundy == 0 for o in options)
    tried: set[MisereGame] = set()
    for option in options:
        for h in option.options:
            if h in tried:
                continue
            tried.add(h)
            charge(1 + len(h.options))
            if not h.options and not some_p:  # the proviso: {options} = 0 only if it is an N-position
                continue
            if len(h.options) >= len(given) or not given.issuperset(h.options):
                continue
            charge(len(given))
            if all(other.has_option(h) for other in given.difference(h.options)):
                return h
    return None


@guarded
def from_options(options: Iterable[MisereLike]) -> MisereGame:
    """The misère canonical form of the game whose options are ``options`` (games or nim-heap sizes).

    Examples
    --------
    >>> from_options([0, 1, 2]) is nim_heap(3), from_options([1, 2]) is ZERO, from_options([2]).outcome
    (True, True, 'P')
    """
    found = tuple({as_misere(o): None for o in options})
    return _simplified(found) or _intern(found)


@guarded
def add(g: MisereGame, h: MisereGame) -> MisereGame:
    """The misère canonical form of the disjunctive sum g + h (memoised, commutative).

    Examples
    --------
    >>> add(nim_heap(2), nim_heap(3)) is add(nim_heap(3), nim_heap(2)), add(nim_heap(1), nim_heap(1)) is ZERO
    (True, True)
    """
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    key = (g.uid, h.uid) if g.uid <= h.uid else (h.uid, g.uid)
    found = _SUMS.get(key)
    if found is None:
        charge(len(g.options) + len(h.options))
        found = from_options([add(x, h) for x in g.options] + [add(g, y) for y in h.options])
        _SUMS[key] = found
    return found


def total(games: Iterable[MisereLike]) -> MisereGame:
    """The sum of ``games`` (0 for none)."""
    result = ZERO
    for game in games:
        result = add(result, as_misere(game))
    return result


@guarded
def mate(g: MisereGame) -> MisereGame:
    """The mate G⁻ of G (ONAG ch. 12; CGSuite's ``Mate``): * when G = 0, else {(G')⁻ : G' an option of G}."""
    if g is ZERO:
        return nim_heap(1)
    found = _MATES.get(g.uid)
    if found is None:
        found = _MATES[g.uid] = from_options([mate(o) for o in g.options])
    return found


@guarded
def link(g: MisereGame, h: MisereGame) -> MisereGame | None:
    """A game T with g + T and h + T both misère P-positions, or None when there is none: exactly when one
    of g, h is an option of the other (ONAG ch. 12, Theorem 76; CGSuite's ``Link``)."""
    if g is ZERO and h is ZERO:
        return nim_heap(1)
    if g in h.options or h in g.options:
        return None
    charge(len(g.options) + len(h.options))
    found = [distinguisher(x, h) for x in g.options] + [distinguisher(y, g) for y in h.options]
    return from_options(t for t in found if t is not None)


@guarded
def distinguisher(g: MisereGame, h: MisereGame) -> MisereGame | None:
    """A game T with g + T a misère P-position and h + T an N-position (CGSuite's ``Distinguisher``), or
    None when g is h: two different canonical forms are never equal (ONAG ch. 12, Theorems 75-76)."""
    if g is h:
        return None
    t = _telling(g, h)
    if add(g, t).outcome == "P":
        return t
    return from_options([mate(x) for x in g.options] + [t])  # then g + T is P and h + T is N (Lemma 75)


def _telling(g: MisereGame, h: MisereGame) -> MisereGame:
    """Some T with g + T and h + T of different misère outcomes (g is not h)."""
    if (g is ZERO and h.outcome == "P") or (h is ZERO and g.outcome == "P"):
        return ZERO
    for x, y in [(h, o) for o in g.options] + [(g, o) for o in h.options]:
        t = link(x, y)
        if t is not None:
            return t
    raise MisereError(f"no game tells {g} and {h} apart: they are not canonical forms")  # never: Theorem 75


@dataclass(frozen=True)
class Genus:
    """The genus g^{γ0 γ1 γ2 ...} (Winning Ways ch. 13): g = G+(G), the normal-play Grundy value, and
    γk = G-(G + 2 + ... + 2), the misère Grundy value with k nim-heaps *2 added. The sequence alternates
    from some term on; ``gammas`` holds it up to the first alternating pair, as Winning Ways writes it
    (0^120: γ = 1, 2, 0, 2, 0, ...): that full form is :attr:`full`.

    ``str()`` prints it as CGSuite does (``Genus.java``'s ``toOutput``, with the phylum of
    ``MisereCanonicalGameOps.java``'s ``genus``; see :mod:`grundy.cgt.misere_phylum`): a form of the
    NIMHEAP phylum prints g alone (``0``, ``1``, ``2``); a tame or restive form prints g^γ0 (``0^0`` for
    *2 + *2, WW's 0^02); any other (wild, restless, tameable) prints the full form (``2^1431``,
    ``4^0564``), its terms in parentheses split by commas when one is 10 or more (``0^(10,2)``).

    Examples
    --------
    >>> g = Genus(3, (1, 4, 3, 1))
    >>> str(g), g.full, str(Genus(4, (12, 2))), str(Genus(2, (2, 0), Phylum.NIMHEAP))
    ('3^1431', '3^1431', '4^(12,2)', '2')
    """

    grundy: int
    gammas: tuple[int, ...]
    phylum: Phylum | None = None  # None: not known, printed in full

    def gamma(self, k: int) -> int:
        """γk for any k >= 0 (the tail alternates between the last two terms)."""
        n = len(self.gammas)
        return self.gammas[k] if k < n else self.gammas[n - 2 + (k - n) % 2]

    @property
    def misere_grundy(self) -> int:
        """γ0, the misère Grundy value."""
        return self.gammas[0]

    @property
    def full(self) -> str:
        """Winning Ways' full form, every term to the first alternating pair (``0^120``, ``2^20``)."""
        return _written(self.grundy, self.gammas)

    def __str__(self) -> str:
        if self.phylum is Phylum.NIMHEAP:
            return str(self.grundy)
        if self.phylum in RESTIVE_OR_TAME:
            return _written(self.grundy, self.gammas[:1])
        return self.full


def _written(grundy: int, terms: tuple[int, ...]) -> str:
    """g^t0t1..., or g^(t0,t1,...) when a term has two digits or more (CGSuite's ``Genus.toOutput``)."""
    if max(terms) >= 10:
        return f"{grundy}^({','.join(map(str, terms))})"
    return f"{grundy}^{''.join(map(str, terms))}"


def _sequences(g: MisereGame) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """G-(g + k·*2 + e·*1) for e = 0, 1 and k up to a term j, alternating (period 2) from term j - 2 on.

    Moves in g + k·*2 + e·*1: an option of g; a *2 to 0 or to *1 (*1 + *1 = 0 in misère play); the *1
    to 0. From the last term from which every option alternates, term k is a function of term k - 1
    and k's parity, so two equal terms two apart settle the rest."""
    if g._genus is not None:
        return g._genus
    subs = [_sequences(o) for o in g.options]
    start = max((len(s[0]) - 3 for s in subs), default=0)  # every option alternates from this term on
    seq: tuple[list[int], list[int]] = ([], [])
    for k in range(GENUS_TERMS):
        charge(1 + len(subs))
        for e in (0, 1):
            seen = {_term(s[e], k) for s in subs}
            if k:
                seen.update((seq[e][k - 1], seq[1 - e][k - 1]))
            if e:
                seen.add(seq[0][k])
            seq[e].append(mex(seen) if seen else 1)
        if k >= max(start + 1, 2) and all(seq[e][k] == seq[e][k - 2] for e in (0, 1)):
            break
    else:
        raise MisereError(f"the genus sequence did not alternate within {GENUS_TERMS} terms")
    g._genus = (tuple(seq[0]), tuple(seq[1]))
    return g._genus


def _term(values: tuple[int, ...], k: int) -> int:
    n = len(values)
    return values[k] if k < n else values[n - 2 + (k - n) % 2]


@guarded
def genus(g: MisereGame) -> Genus:
    """The genus of ``g`` with its phylum (see :class:`Genus`).

    Examples
    --------
    >>> [str(genus(nim_heap(n))) for n in range(3)], genus(ZERO).full, genus(nim_heap(2) + nim_heap(2)).full
    (['0', '1', '2'], '0^120', '0^02')
    """
    gammas = list(_sequences(g)[0])
    t = 1  # the least t >= 1 with γk = γ(k-2) for every k > t
    for k in range(len(gammas) - 1, 1, -1):
        if gammas[k] != gammas[k - 2]:
            t = k
            break
    return Genus(g.normal_grundy, tuple(gammas[: t + 1]), phylum(g))


def misere_outcome(g: MisereGame) -> str:
    """``"N"`` or ``"P"``: who wins ``g`` under misère play (see :attr:`MisereGame.outcome`)."""
    return g.outcome


def clear_caches() -> None:
    """Forget sums and mates (interned forms stay: games already made keep their identity)."""
    _SUMS.clear()
    _MATES.clear()
