"""Take-and-break games: codes, both kernels against the rules, and published periods."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.engine import GrundyEngine
from grundy.core.errors import SpecError
from grundy.rulesets.takebreak import TakeBreak, parse_code


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


def test_resuming_a_table_gives_the_same_values():
    whole = grundy.ruleset("octal:.16").values_by("sparse", 5000)
    part = TakeBreak(parse_code(".16"))
    part.values(1234)
    part.values(3000)
    assert np.array_equal(part.values(5000), whole)


@pytest.mark.parametrize("spec, preperiod, period", [
    ("kayles", 71, 12),
    ("dawson-kayles", 53, 34),
    ("dawson-chess", 52, 34),
    ("triangulation", 53, 34),
    ("octal:.16", 105351, 149459),
])
def test_published_periods_are_proved(spec, preperiod, period):
    found = grundy.period(spec)
    assert (found.preperiod, found.period, found.saltus, found.proved) == (preperiod, period, 0, True)
    assert "Guy–Smith" in found.reason


def test_kayles_values_and_p_positions():
    kayles = grundy.ruleset("kayles")
    assert kayles.values(12).tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert kayles.grundy(10**15 + 7) == kayles.values(2000)[71 + (10**15 + 7 - 71) % 12]


@pytest.mark.parametrize("spec", ["lasker", "split3"])
def test_closed_forms_match_the_rules(spec):
    rules = grundy.ruleset(spec)
    expected = definition(rules, 60)
    assert [rules.grundy(n) for n in range(60)] == expected
    assert rules.values(60).tolist() == expected  # the kernel agrees too
    found = grundy.period(spec)
    assert found.proved and found.saltus == found.period


def test_lasker_formula():
    lasker = grundy.ruleset("lasker")
    assert [lasker.grundy(n) for n in range(1, 9)] == [1, 2, 4, 3, 5, 6, 8, 7]


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_alice_game_has_period_4k_plus_2(k):
    found = grundy.period(f"alice:{k}")
    assert found.proved and (4 * k + 2) % found.period == 0
    assert found.period == 4 * k + 2 or k == 1  # K = 1 (octal .5) has the shorter period 2


def test_tiles_sample():
    # PAS: tiles of lengths 1, 5 and 1; strips of 1, 5 and 6: first player wins, wins, loses
    outcomes = [grundy.solve("tiles:1,5,1", [p]).outcome for p in (1, 5, 6)]
    assert outcomes == ["N", "N", "P"]


def test_infinite_codes_are_arithmetic_periodic():
    nim = grundy.period("octal:0.[3]", max_n=2048)
    assert (nim.period, nim.saltus, nim.proved) == (1, 1, False)
    assert grundy.ruleset("octal:0.[3]").values(50).tolist() == list(range(50))


@pytest.mark.parametrize("text, message", [
    ("0.1x7", "'X' at position 4 is not an octal digit"),
    ("137", "has no point"),
    ("0.13.7", "a second '.'"),
    ("1.07", r"d0 \(before the point\) can only split"),
    ("0.[3", "never closed"),
    ("0.[]", "repeat nothing"),
    ("0.[3]7", "follows the repeating"),
    ("0.!3", "must follow a digit"),
    ("44.07", "exactly one digit d0"),
    ("0.8", "'8' at position 3 is not an octal digit"),
])
def test_malformed_codes_name_the_bad_character(text, message):
    with pytest.raises(SpecError, match=message):
        grundy.ruleset(f"octal:{text}")


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
