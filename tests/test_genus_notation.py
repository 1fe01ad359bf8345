"""The genus as CGSuite prints it (issue 30), and the genus values of heap games 0-20.

Notation: CGSuite's ``Genus.java`` (``toOutput``) and the phylum from ``MisereCanonicalGameOps.java``
(``genus``, ``makeGameRecord``) and ``Phylum.java``, in ``aaron-siegel/cgsuite``'s
``lib/core/src/main/scala/org/cgsuite/core/misere/``: a nim-heap phylum prints g alone, a tame or
restive phylum g^γ0, anything else the full Winning Ways form, in parentheses with commas when a term
is 10 or more. Values: Kayles, Dawson's Kayles and Grundy's game heaps 0-20 as tuples (g, γ0..γ5),
from the research notes of issue 30 (§4.4, Winning Ways ch. 13's definition computed independently).
"""

from __future__ import annotations

import pytest

import grundy
from grundy.cgt.misere import ZERO, Genus, from_options, genus, nim_heap, total
from grundy.cgt.misere_phylum import RESTIVE_OR_TAME, TAME, Phylum, phylum

KAYLES = ("0^120 1^031 2^20 3^31 1^031 4^146 3^31 2^20 1^13 4^046 2^20 6^46 4^046 1^13 2^20 7^57 1^13 4^64 "
          "3^31 2^20 1^031")
DAWSONS = ("0^120 0^120 1^031 1^031 2^20 0^120 3^31 1^031 1^031 0^120 3^1431 3^31 2^0520 2^20 4^146 0^120 "
           "5^057 2^0520 2^20 3^1431 3^31")
GRUNDYS = ("0^120 0^120 0^120 1^031 0^120 2^20 1^031 0^120 2^20 1^031 0^120 2^20 1^031 3^1431 2^20 1^031 "
           "3^1431 2^20 4^0564 3^1431 0^20")
PUBLISHED = {"kayles": KAYLES, "octal:0.07": DAWSONS, "grundy-game": GRUNDYS}


def heap_forms(spec: str, n: int) -> list:
    """The misère canonical forms of heaps 0..n-1 of a heap ruleset."""
    rules, known = grundy.ruleset(spec), {}
    for size in range(n):
        known[size] = from_options(total(known[c] for c in option) for option in rules.options(size))
    return [known[size] for size in range(n)]


def as_tuple(written: str, terms: int = 6) -> tuple[int, ...]:
    """``3^1431`` -> (3, 1, 4, 3, 1, 4, 3): g, then γ0.. with the last two digits alternating."""
    g, sup = written.split("^")
    digits = [int(c) for c in sup]
    while len(digits) < terms:
        digits.append(digits[-2])
    return (int(g), *digits[:terms])


def values(found: Genus, terms: int = 6) -> tuple[int, ...]:
    return (found.grundy, *(found.gamma(k) for k in range(terms)))


@pytest.mark.parametrize("spec", sorted(PUBLISHED))
def test_genus_values_heaps_0_to_20(spec):
    forms = heap_forms(spec, 21)
    assert [values(genus(g)) for g in forms] == [as_tuple(w) for w in PUBLISHED[spec].split()]


def test_cgsuite_strings_of_heap_games():
    """The issue's examples: ``0``, ``1``, ``3^1431``/``2^0520`` style for wild heaps, ``4^0564``."""
    grundys = [str(genus(g)) for g in heap_forms("grundy-game", 21)]
    assert grundys[:13] == ["0", "0", "0", "1", "0", "2", "1", "0", "2", "1", "0", "2", "1"]
    assert grundys[13:] == ["3^1431", "2", "1", "3^1431", "2", "4^0564", "3^1431", "0^20"]
    dawsons = [str(genus(g)) for g in heap_forms("octal:0.07", 21)]
    assert dawsons == ["0", "0", "1", "1", "2", "0", "3", "1", "1", "0", "3^1431", "3", "2^0520", "2", "4^146",
                       "0", "5^057", "2^0520", "2", "3^1431", "3"]
    kayles = [str(genus(g)) for g in heap_forms("kayles", 21)]
    assert kayles[:9] == ["0", "1", "2", "3", "1", "4^146", "3", "2^2", "1^1"]  # 7: 2^20 tame, not a nim-heap
    assert all(str(genus(g)) == str(n % 4) for n, g in enumerate(heap_forms("subtraction:1,2,3", 21)))


def test_notation_rules():
    """NIMHEAP: g alone; tame/restive: g^γ0; otherwise in full; parentheses once a term is >= 10."""
    assert [str(genus(nim_heap(n))) for n in (0, 1, 2, 12)] == ["0", "1", "2", "12"]
    assert [genus(nim_heap(n)).full for n in (0, 1, 2, 12)] == ["0^120", "1^031", "2^20", "12^(12,14)"]
    two_twos = nim_heap(2) + nim_heap(2)
    assert phylum(two_twos) is Phylum.HEREDITARILY_TAME and (str(genus(two_twos)), genus(two_twos).full) == (
        "0^0", "0^02")
    big = nim_heap(12) + two_twos
    assert phylum(big) in TAME and str(genus(big)) == "12^(12)" and genus(big).full == "12^(12,14)"
    assert str(Genus(4, (12, 2))) == "4^(12,2)" and str(Genus(2, (1, 4, 3, 1))) == "2^1431"
    assert str(Genus(0, (1, 2, 0), Phylum.WILD)) == "0^120"  # a wild game of tame genus prints in full


def _short_digit(found: Genus, kind: Phylum, k: int) -> int:
    """γk as the short form determines it (Winning Ways' tame and restive genera; Genus.java's supDigit)."""
    g, first = found.grundy, found.gammas[0]
    if k == 0:
        return first
    base = g if kind in TAME else (first if first < 4 else g)
    return base ^ (2 if k % 2 else 0)


def test_short_form_loses_nothing():
    """For every form printed short, the full sequence follows from g and γ0, so nothing is hidden."""
    forms = heap_forms("kayles", 16) + heap_forms("octal:0.07", 21) + heap_forms("grundy-game", 21)
    forms += [a + b for a in heap_forms("kayles", 8) for b in heap_forms("octal:0.07", 10)]
    short = 0
    for g in forms:
        found, kind = genus(g), phylum(g)
        assert phylum(g + nim_heap(1)) is kind  # G and G + *1 share a phylum (CGSuite keeps odd games so)
        if kind in RESTIVE_OR_TAME:
            short += 1
            assert all(found.gamma(k) == _short_digit(found, kind, k) for k in range(8)), (str(found), kind)
        else:
            assert str(found) == found.full
    assert short > 50 and phylum(ZERO) is Phylum.NIMHEAP
