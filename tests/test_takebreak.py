"""Take-and-break games: codes, both kernels against the rules, and published periods."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.engine import GrundyEngine
from grundy.core.errors import SpecError
from grundy.rulesets.octal_codes import parse_code
from grundy.rulesets.takebreak import TakeBreak
from tests.helpers import DAWSON_CHESS_A002187, KAYLES_A002186, is_least_period, mex
from tests.hostile import api_cases


@st.composite
def codes(draw, hexadecimal=False, finite=None):
    top = 15 if hexadecimal else 7
    d0 = draw(st.sampled_from([0, 4, 8, 12] if hexadecimal else [0, 4]))
    digits = draw(st.lists(st.integers(0, top), min_size=1, max_size=4))
    text = "0123456789ABCDEF"[d0] + ("!" if d0 and draw(st.booleans()) else "") + "."
    for d in digits:
        text += "0123456789ABCDEF"[d] + ("!" if d >= 4 and draw(st.booleans()) else "")
    if finite is False or (finite is None and draw(st.booleans())):
        text += "[" + "0123456789ABCDEF"[draw(st.integers(1, top))] + "]"
    return text


def definition(rules: TakeBreak, n: int) -> list[int]:
    engine = GrundyEngine(rules.moves, splits=True)
    return [engine.value(i) for i in range(n)]


@given(codes())
def test_octal_kernels_follow_the_rules(code):
    rules = TakeBreak(parse_code(code))
    expected = definition(rules, 36)
    assert rules.values_by("naive", 36).tolist() == expected
    if rules.sparse_possible:
        assert rules.values_by("sparse", 36).tolist() == expected


@given(codes(hexadecimal=True))
def test_hexadecimal_codes_follow_the_rules(code):
    rules = TakeBreak(parse_code(code, hexadecimal=True))
    assert rules.values_by("naive", 24).tolist() == definition(rules, 24)


@given(codes(finite=True), st.integers(200, 1500))
def test_sparse_kernel_equals_naive_kernel(code, n):
    rules = TakeBreak(parse_code(code))
    assert np.array_equal(rules.values_by("sparse", n), rules.values_by("naive", n))


@pytest.mark.parametrize("spec", ["kayles", "dawson-kayles", "dawson-chess", "treblecross", "officers",
                                  "grundy-game", "octal:.16", "octal:.354", "octal:.6", "octal:4.07"])
def test_sparse_equals_naive_on_named_games(spec):
    rules = grundy.ruleset(spec)
    assert np.array_equal(rules.values_by("sparse", 6000), rules.values_by("naive", 6000))


@given(st.lists(st.integers(0, 7), min_size=2, max_size=5), st.integers(0, 4), st.integers(0, 4),
       st.integers(300, 3000))
def test_sparse_kernel_on_two_splits(digits, first, second, n):
    """Two removals that may split (one pass over the listed heaps marks both), with the last
    rare candidate looked for alone: the naive kernel's values."""
    digits = [d & 3 for d in digits]
    for k in {first % len(digits), second % len(digits)}:
        digits[k] |= 4
    rules = TakeBreak(parse_code("0." + "".join(map(str, digits))))
    assert np.array_equal(rules.values_by("sparse", n), rules.values_by("naive", n))


@given(codes(finite=True), st.integers(100, 1500), st.integers(1, 4000))
def test_sparse_kernel_resumes_after_its_work_limit(code, n, limit):
    """The period search calls the kernel on a growing buffer: stopped at ``work_limit`` and
    resumed where it stopped, it gives the values of one uninterrupted fill."""
    from grundy.kernels import takebreak as kernel

    rules = TakeBreak(parse_code(code))
    if not rules.sparse_possible:
        return
    remove_all, remove_one, two, two_uneq, _, _ = rules.code.move_lists(n - 1)
    parities = {k % 2 for k in two.tolist()}
    fold_target = 1 ^ (next(iter(parities)) if len(parities) == 1 else 0)
    out, start = np.zeros(n, np.uint16), 0
    while True:
        status, start, mask, listed, work = kernel.sparse_fill(out, start, remove_all, remove_one, two, two_uneq,
                                                               len(parities) == 1, fold_target, limit)
        assert 0 <= listed < max(start, 1) and mask >= 0 and work >= 0
        assert status != kernel.WORK or work > limit  # it stops once past its limit, and says how far it went
        if status == kernel.DONE:
            break
        assert status == kernel.WORK
    assert np.array_equal(out, rules.values_by("naive", n))


def test_sparse_stats_name_the_mask_and_the_rare_heaps():
    """.16 to 2^19: the mask 30 classes 52 heaps as rare (odd parity of G & 30 is common), and
    the kernel lists exactly those; Grundy's game lists its rare heaps and a few common ones."""
    rules = TakeBreak(parse_code(".16"))
    assert rules.sparse_stats is None
    values = rules.values_by("sparse", 1 << 19)
    mask, rare = rules.sparse_stats
    parity = np.array([bin(v & mask).count("1") & 1 for v in range(int(values.max()) + 1)])
    assert (mask, rare) == (30, 52) == (mask, int((parity[values[1:]] == 0).sum()))
    game = grundy.ruleset("grundy-game")
    values = game.values_by("sparse", 1 << 14)
    mask, listed = game.sparse_stats
    parity = np.array([bin(v & mask).count("1") & 1 for v in range(int(values.max()) + 1)])
    assert int((parity[values[1:]] == 0).sum()) <= listed < len(values) // 5


def test_resuming_a_table_gives_the_same_values():
    whole = grundy.ruleset("octal:.16").values_by("sparse", 5000)
    part = TakeBreak(parse_code(".16"))
    part.values(1234)
    part.values(3000)
    assert np.array_equal(part.values(5000), whole)


def octal_values(code: str, n: int) -> list[int]:
    """G(0..n-1) of a finite octal game ``.d1d2...`` by a plain mex, straight from the digits: removing
    k tokens with digit d may leave no heap (bit 1), one heap (bit 2) or two heaps (bit 4)."""
    digits = [int(d) for d in code.split(".")[1]]
    values: list[int] = []
    for heap in range(n):
        seen = set()
        for k, d in enumerate(digits[:heap], 1):
            left = heap - k
            if d & 1 and left == 0:
                seen.add(0)
            if d & 2 and left > 0:
                seen.add(values[left])
            if d & 4:
                seen.update(values[a] ^ values[left - a] for a in range(1, left // 2 + 1))
        values.append(mex(seen))
    return values


# (spec, octal code, least preperiod, period) as published. The sources name the last exception L, the
# last n with G(n) != G(n + p); the least preperiod counted from heap 0 is L + 1. The OEIS sequences
# with offset 1 start at G(1); "values a(n-1)" means the game is the listed one shifted by one heap.
PUBLISHED = [
    ("kayles", ".77", 71, 12),  # OEIS A002186: "from n=71 on periodic with period 12" (Guy and Smith 1956)
    ("octal:4.4", "", 72, 12),  # A002186: 4.4 has the values a(n-1)
    ("dawson-chess", ".137", 52, 34),  # A002187: period 34, last exception n = 51 (Guy and Smith 1956)
    ("dawson-kayles", ".07", 53, 34),  # A002187: .07 has the values a(n-1)
    ("triangulation", ".07", 53, 34),  # HDU 4664 is Dawson's Kayles
    ("octal:.4", ".4", 54, 34),  # A002187: .4 has the values a(n-2)
    ("octal:.141", ".141", 14, 11),  # A125912: last exception n = 13 (Winning Ways p. 104)
    ("octal:.176", ".176", 24, 8),  # A125920: last exception n = 23 (Winning Ways p. 104)
    ("octal:.115", ".115", 1, 14),  # A125829: the only exception n = 0 (Winning Ways p. 104)
    ("octal:.117", ".117", 47, 48),  # A071453: exceptions up to n = 46 (Winning Ways p. 104)
    ("octal:.1377", ".1377", 141, 24),  # A071434: last exception n = 140 (Winning Ways p. 102)
    ("octal:.074", ".074", 142, 24),  # A071434: .074 has the values a(n-1)
    ("octal:.7777", ".7777", 142, 24),  # A071074, Double Kayles: last exception n = 141
    ("octal:.11377", ".11377", 187, 32),  # A071452: last exception n = 186 (Winning Ways p. 104)
    ("octal:.0177", ".0177", 188, 32),  # A071452: .0177 has the values a(n-1)
    ("octal:.177", ".177", 497, 20),  # A071435: last exception n = 496 (Winning Ways p. 102)
    ("octal:.45", ".45", 498, 20),  # A071435: .450 has the values a(n-1)
    ("octal:.127", "", 46578, 4),  # A071464: last exception n = 46577 (Gangolli and Plambeck 1989)
    ("octal:.16", "", 105351, 149459),  # A071430: last exception n = 105350 (Gangolli and Plambeck 1989)
]


def check_published(spec: str, code: str, preperiod: int, period: int) -> None:
    """grundy finds exactly this least preperiod and period, proved; and where the code is given, the
    plain mex of the rules has exactly this least preperiod and period too."""
    found = grundy.period(spec)
    assert (found.preperiod, found.period, found.saltus, found.proved) == (preperiod, period, 0, True), found
    assert "Guy–Smith" in found.reason
    if code:
        assert is_least_period(octal_values(code, preperiod + 4 * period + 10), preperiod, period)


@pytest.mark.parametrize("spec, code, preperiod, period", PUBLISHED)
def test_published_periods_are_found_exactly_and_proved(spec, code, preperiod, period):
    check_published(spec, code, preperiod, period)


@pytest.mark.parametrize("preperiod, period", [(71, 24), (71, 6), (71, 4), (72, 12), (70, 12), (0, 12)])
def test_the_published_check_can_fail(preperiod, period):
    """A multiple or a divisor of the period, or a preperiod one off, fails the check above, and fails
    the plain mex alone too (not only the comparison with what grundy found)."""
    with pytest.raises(AssertionError):
        check_published("kayles", ".77", preperiod, period)
    kayles = octal_values(".77", 71 + 4 * 24 + 10)
    assert kayles[:len(KAYLES_A002186)] == KAYLES_A002186[:len(kayles)]
    assert is_least_period(kayles, 71, 12) and not is_least_period(kayles, preperiod, period)


def test_kayles_values_and_p_positions():
    kayles = grundy.ruleset("kayles")
    assert kayles.values(len(KAYLES_A002186)).tolist() == KAYLES_A002186
    for n in (10**15 + 7, 10**40 + 3, 200, 71, 70 + 12):
        assert kayles.grundy(n) == KAYLES_A002186[71 + (n - 71) % 12]
    assert kayles.grundy(70) == 6 != KAYLES_A002186[82]  # the last exception


def test_dawson_values_are_published_ones():
    assert grundy.ruleset("dawson-chess").values(len(DAWSON_CHESS_A002187)).tolist() == DAWSON_CHESS_A002187
    assert grundy.ruleset("dawson-kayles").values(133).tolist() == [0] + DAWSON_CHESS_A002187


# Closed forms of the two splitting games, as published: Lasker's Nim (Winning Ways ch. 4): G(4k+1) =
# 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3; take any or split in three (HDU 5795):
# G(8k+7) = 8k+8, G(8k+8) = 8k+7, else n. Both: G(n + p) = G(n) + p from n = 1 on.
CLOSED_FORMS = {
    "lasker": (lambda n: n if n % 4 in (1, 2) else n + 1 if n % 4 == 3 else n - 1 if n else 0, 4),
    "split3": (lambda n: n + 1 if n % 8 == 7 else n - 1 if n and n % 8 == 0 else n, 8),
}


def plain_values(moves, n: int) -> list[int]:
    """G(0..n-1) by a plain mex over ``moves(heap)``, each a tuple of the heaps a move leaves."""
    values: list[int] = []
    for heap in range(n):
        seen = set()
        for option in moves(heap):
            x = 0
            for part in option:
                x ^= values[part]
            seen.add(x)
        values.append(mex(seen))
    return values


SPLITTING_RULES = {
    "lasker": lambda n: [(m,) for m in range(n)] + [(a, n - a) for a in range(1, n // 2 + 1)],
    "split3": lambda n: [(m,) for m in range(n)] + [(a, b, n - a - b) for a in range(1, n)
                                                    for b in range(a, n - a) if n - a - b >= b],
}


@pytest.mark.parametrize("spec", ["lasker", "split3"])
def test_closed_forms_match_the_rules(spec):
    rules = grundy.ruleset(spec)
    expected = plain_values(SPLITTING_RULES[spec], 60)
    formula, period = CLOSED_FORMS[spec]
    assert [formula(n) for n in range(60)] == expected  # the published form is the rules' mex
    assert [rules.grundy(n) for n in range(60)] == expected
    assert rules.values(60).tolist() == expected  # the kernel agrees too
    assert rules.grundy(10**30 + 7) == formula(10**30 + 7)
    found = grundy.period(spec)
    assert (found.preperiod, found.period, found.saltus, found.proved) == (1, period, period, True)


def test_lasker_formula():
    lasker = grundy.ruleset("lasker")
    assert [lasker.grundy(n) for n in range(1, 9)] == [1, 2, 4, 3, 5, 6, 8, 7]


# Alice game K (octal .1...15, K - 1 ones): period 4K + 2 from n = 1 (the only exception n = 0), as the
# tutorial of the game says; for K = 3 (.115) OEIS A125829 says the same. K = 1 is octal .5, whose
# values 0, 1, 0, 1, ... have period 2 from the start.
ALICE = {1: (0, 2), 2: (1, 10), 3: (1, 14), 4: (1, 18), 5: (1, 22)}


@pytest.mark.parametrize("k", sorted(ALICE))
def test_alice_game_has_period_4k_plus_2(k):
    preperiod, period = ALICE[k]
    found = grundy.period(f"alice:{k}")
    assert (found.preperiod, found.period, found.saltus, found.proved) == (preperiod, period, 0, True)
    assert is_least_period(octal_values("0." + "1" * (k - 1) + "5", 4 * period + 10), preperiod, period)


def test_tiles_sample():
    # PAS: tiles of lengths 1, 5 and 1; strips of 1, 5 and 6: first player wins, wins, loses
    outcomes = [grundy.solve("tiles:1,5,1", [p]).outcome for p in (1, 5, 6)]
    assert outcomes == ["N", "N", "P"]


def test_infinite_codes_are_arithmetic_periodic():
    nim = grundy.period("octal:0.[3]", max_n=2048)
    assert (nim.period, nim.saltus, nim.proved) == (1, 1, False)
    assert grundy.ruleset("octal:0.[3]").values(50).tolist() == list(range(50))


@pytest.mark.parametrize("bad", api_cases("takebreak"), ids=lambda bad: bad.spec)
def test_malformed_codes_name_the_bad_character(bad):
    """The bad codes of the shared table (tests/hostile.py), refused by the API in its words."""
    with pytest.raises(SpecError, match=re.escape(bad.said)):
        grundy.ruleset(bad.spec)


def test_code_forms():
    assert parse_code(".137").digits == (0, 1, 3, 7)
    assert parse_code("4.07").digits == (4, 0, 7)
    assert parse_code("0.[3]").repeat == (3,)
    assert parse_code("4!.0").unequal == (True, False)
    assert parse_code("8.[3]", hexadecimal=True).hexadecimal
    assert grundy.ruleset("octal:4.[3]").values(9).tolist() == [0, 1, 2, 4, 3, 5, 6, 8, 7]


def test_named_games_are_listed():
    names = {e.name for e in grundy.catalogue()}
    assert {"octal", "hex", "kayles", "dawson-kayles", "dawson-chess", "treblecross", "officers",
            "grundy-game", "lasker", "split3", "triangulation", "alice", "tiles"} <= names


def test_value_storage_is_compact():
    values = grundy.ruleset("kayles").values(10_000)
    assert values.dtype == np.uint16
    assert grundy.ruleset("lasker").values(100).dtype == np.uint32


def options_from_digits(rules: TakeBreak, heap: int) -> set[tuple[int, ...]]:
    """Every option read straight off the code: removal k with digit d leaves nothing (bit 1,
    k = heap), one heap (bit 2), two heaps (bit 4) or three heaps (bit 8), all heaps non-empty."""
    found = set()
    for k in range(heap + 1):
        d, unequal = rules.code.digit(k)
        m = heap - k
        if d & 1 and k == heap and k > 0:
            found.add(())
        if d & 2 and m >= 1 and k > 0:
            found.add((m,))
        for a in range(1, m // 2 + 1) if d & 4 else ():
            if not (unequal and 2 * a == m):
                found.add((a, m - a))
        for a in range(1, m // 3 + 1) if d & 8 else ():
            for b in range(a, (m - a) // 2 + 1):
                if not (unequal and (a == b or b == m - a - b)):
                    found.add((a, b, m - a - b))
    return found


@given(st.data(), st.booleans(), st.integers(0, 30))
def test_moves_are_the_options_the_code_allows(data, hexadecimal, heap):
    """The lazy listing of moves (repeating parts walked a period at a time) against the code."""
    rules = TakeBreak(parse_code(data.draw(codes(hexadecimal=hexadecimal)), hexadecimal=hexadecimal))
    listed = list(rules.moves(heap))
    assert len(listed) == len(set(listed)) and set(listed) == options_from_digits(rules, heap)
