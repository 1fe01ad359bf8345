"""The families of grundy sweep: counts derived by hand, every claimed equality checked on the values
(grundy's kernels and a plain mex of the options written here from the codes' definition), the
order, the errors, and a file of specs."""

import random
import re
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.errors import GrundyError
from grundy.sweep import families
from grundy.sweep.families import (
    Member,
    family_members,
    hex_family,
    octal_family,
    specs_family,
    subtraction_family,
)

N = 200  # values compared for every claimed equality


# -- the definition, independently of grundy ------------------------------------------------------

def code_digits(spec: str) -> tuple[int, ...]:
    """``"octal:4.07"`` -> (4, 0, 7): d0, then d1, d2, ..."""
    text = spec.partition(":")[2]
    d0, _, rest = text.partition(".")
    return (int(d0, 16),) + tuple(int(ch, 16) for ch in rest)


def definition_values(spec: str, n: int) -> list[int]:
    """G(0..n-1) by the mex of every option, from what a code says: digit dk lets a player take k
    tokens and leave nothing (bit 1, the heap was k), one heap (bit 2), two (bit 4) or three (bit 8)
    non-empty heaps; a sum of heaps has the xor of their values. ``pairs[m]`` holds the values of
    every split of m tokens into two non-empty heaps, ``triples[m]`` into three."""
    code = code_digits(spec)
    values: list[int] = []
    pairs: list[set[int]] = []
    triples: list[set[int]] = []
    for h in range(n):
        pairs.append({values[a] ^ values[h - a] for a in range(1, h)})
        triples.append({values[a] ^ p for a in range(1, h - 1) for p in pairs[h - a]})
        options = set()
        for k, d in enumerate(code):
            left = h - k
            if d & 1 and k >= 1 and left == 0:
                options.add(0)
            if d & 2 and k >= 1 and left >= 1:
                options.add(values[left])
            if d & 4 and left >= 2:
                options |= pairs[left]
            if d & 8 and left >= 3:
                options |= triples[left]
        value = 0
        while value in options:
            value += 1
        values.append(value)
    return values


def subtraction_values(spec: str, n: int) -> list[int]:
    moves = [int(s) for s in spec.partition(":")[2].split(",")]
    values: list[int] = []
    for h in range(n):
        options = {values[h - s] for s in moves if s <= h}
        value = 0
        while value in options:
            value += 1
        values.append(value)
    return values


@cache
def kernel_values(spec: str, n: int) -> tuple[int, ...]:
    return tuple(grundy.ruleset(spec).values(n).tolist())


def wrong_equalities(members, values) -> list[tuple[str, str]]:
    """The members whose values differ from their representative's (the checker every test uses)."""
    return [(m.spec, m.representative) for m in members
            if m.representative != m.spec and list(values(m.spec, N)) != list(values(m.representative, N))]


@cache
def octal4() -> dict[str, Member]:
    return {m.spec: m for m in octal_family(4, whole=True)}


# -- counts ------------------------------------------------------------------------------------

def count(members) -> tuple[int, int]:
    return len(members), sum(m.representative == m.spec for m in members)


def test_octal_counts_derived_by_hand():
    # One digit: 0.0 .. 0.7, no earlier digit to cover anything (d0 = 0): 8 codes, 8 representatives.
    assert count(octal_family(1)) == (8, 8)
    # Two digits 0.d1d2: 64 codes. d2 = 0: 8 with a trailing zero. Digit 1 covers digit 2 only through
    # a heap of 1 (1 token between them), of value 0 when d1 is even: d1 bit 2 covers d2 bit 1, d1
    # bit 4 covers d2 bit 2. Representatives with d2 != 0: d1 odd 4 * 7 = 28; d1 = 0: 7; d1 = 2: d2
    # in {2, 4, 6}: 3; d1 = 4: d2 in {1, 4, 5}: 3; d1 = 6: d2 = 4: 1. So 8 + 28 + 7 + 3 + 3 + 1 = 50.
    assert count(octal_family(2)) == (72, 50)
    # With d0 = 4 (a heap split in two without taking): 4.d1: d1 bit 2 is covered by d0 bit 4 and a
    # heap of 1 when d1 is even (4.2 is 4.0, 4.6 is 4.4): 6 representatives of 8. 4.d1d2: 8 with
    # d2 = 0; d2 bit 1 is always covered (d0 splits 2 into 1 + 1, xor 0); d2 bit 2 is covered by d1
    # bit 4 with d1 even (d1 = 4, 6), never by d0 (G(2) != 0: 1 + 1 is an option of 2). With d1 a
    # representative digit (0, 1, 3, 4, 5, 7): d1 in {0, 1, 3, 5, 7}: d2 in {2, 4, 6}: 15; d1 = 4:
    # d2 = 4: 1. So 6 + 16 = 22 more, of 72 more codes.
    assert count(octal_family(2, whole=True)) == (144, 72)
    assert len(octal_family(3)) == 8 + 64 + 512
    assert len(octal_family(3, whole=True)) == 2 * 584


def test_hex_counts_derived_by_hand():
    assert count(hex_family(1)) == (16, 16)
    # 0.d1d2: 16 with d2 = 0. d1 odd: 8 * 15 representatives. d1 even: a heap of 1 has value 0, so
    # each bit 2^j of d1 covers bit 2^(j-1) of d2: mask d1 >> 1, and 2^(4 - popcount) - 1 non-zero d2
    # avoid it: d1 = 0, 2, 4, 6, 8, a, c, e give 15, 7, 7, 3, 7, 3, 3, 1 = 46. So 16 + 120 + 46 = 182.
    assert count(hex_family(2)) == (272, 182)
    assert len(hex_family(2, whole=True)) == 4 * 272  # d0 = 0, 4, 8, c


def test_subtraction_counts_derived_by_hand():
    # {1, 5} is odd with 1: n mod 2 like {1, 3}; the other 9 pairs of 1..5 stand alone.
    assert count(subtraction_family(5, 2)) == (10, 9)
    # 120 sets of 3 from 1..10. m = 1 (1, the others odd from 3, 5, 7, 9): C(4, 2) = 6 sets, 5 point
    # to {1, 3, 5}; m = 2 ({1, 2, x}, x in 4, 5, 7, 8, 10): 5 sets, 4 point to {1, 2, 4}; {1, 2, 3} is
    # its own. 120 - 9 = 111.
    assert count(subtraction_family(10, 3)) == (120, 111)
    assert count(subtraction_family(40, 1)) == (40, 40)
    assert len(subtraction_family(40, 4)) == 91_390  # C(40, 4), under 100,000


# -- structure ---------------------------------------------------------------------------------

def code_key(spec: str) -> tuple:
    digits = code_digits(spec)
    return digits[0], len(digits), digits


@pytest.mark.parametrize("members", [octal_family(3, whole=True), hex_family(2, whole=True)],
                         ids=["octal3", "hex2"])
def test_code_families_are_well_formed(members):
    specs = [m.spec for m in members]
    assert len(set(specs)) == len(specs)
    by_spec = {m.spec: m for m in members}
    reps = [m for m in members if m.representative == m.spec]
    others = [m for m in members if m.representative != m.spec]
    assert members == reps + others  # the representatives first
    assert [m.spec for m in reps] == sorted((m.spec for m in reps), key=code_key)
    assert [m.spec for m in others] == sorted((m.spec for m in others), key=code_key)
    for m in members:
        rep = by_spec[m.representative]  # every representative is a member ...
        assert rep.representative == rep.spec and rep.why == ""  # ... and its own representative
        assert (m.why == "") == (m is rep)
        # the representative is the code with bits dropped: each of its digits is a part of the member's
        mine, theirs = code_digits(m.spec), code_digits(rep.spec)
        assert len(theirs) <= len(mine) and all(t & ~d == 0 for t, d in zip(theirs, mine, strict=False))
        assert rep.spec.endswith(".0") or not rep.spec.endswith("0")  # no trailing zeros, 0.0 kept


def test_examples_and_reasons():
    members = {m.spec: m for m in octal_family(3, whole=True)}
    assert members["octal:0.0"].representative == "octal:0.0"  # no move: its own representative
    assert members["octal:0.000"] == Member("octal", "octal:0.000", "octal:0.0", "trailing zeros: the same code as 0.0")
    assert members["octal:0.130"].why == "trailing zeros: the same code as 0.13"
    assert members["octal:4.00"].representative == "octal:4.0"
    assert members["octal:0.401"].representative == "octal:0.4"
    assert members["octal:0.401"].why.endswith("d3 bit 1 = d1 bit 4 + heaps 1,1")
    assert members["octal:0.42"].why.endswith("d2 bit 2 = d1 bit 4 + heap 1")
    assert members["octal:4.2"].representative == "octal:4.0"
    # The classics stand alone: Kayles, Dawson's Kayles, Dawson's chess, Officers.
    for code in ("0.77", "0.07", "0.137", "0.6"):
        assert members[f"octal:{code}"].representative == f"octal:{code}"
    assert {m.family for m in members.values()} == {"octal"}
    assert {m.family for m in hex_family(1)} == {"hex"}
    hexes = {m.spec: m for m in hex_family(2)}
    assert hexes["hex:0.ef"].representative == "hex:0.e8"  # d1 = e even: bits 8, 4, 2 cover d2's 4, 2, 1
    assert hexes["hex:0.ff"].representative == "hex:0.ff"  # d1 = f odd: a heap of 1 has value 1


# -- every claimed equality, on the values -------------------------------------------------------

def test_octal_equalities_hold_on_the_kernel_values():
    members = octal_family(3, whole=True)  # all 1,168 codes of up to three digits
    assert sum(m.representative != m.spec for m in members) == 844
    assert wrong_equalities(members, kernel_values) == []
    members = [m for m in octal4().values() if m.representative != m.spec]
    sample = random.Random(4).sample(members, 1500)  # of the 7,982 claims of up to four digits
    assert wrong_equalities(sample, kernel_values) == []


def test_octal_equalities_hold_on_the_definition():
    assert wrong_equalities(octal_family(2, whole=True), definition_values) == []


def test_hex_equalities_hold_on_the_kernel_values():
    assert wrong_equalities(hex_family(2, whole=True), kernel_values) == []
    members = [m for m in hex_family(3, whole=True) if m.representative != m.spec]
    sample = random.Random(16).sample(members, 500)
    assert wrong_equalities(sample, kernel_values) == []


def test_hex_equalities_hold_on_the_definition():
    members = [m for m in hex_family(2, whole=True) if m.representative != m.spec]
    sample = random.Random(8).sample(members, 40)
    assert wrong_equalities(sample, lambda spec, n: definition_values(spec, 120)) == []


def test_the_kernels_and_the_definition_agree_here():
    # the brute force above is the definition: it gives the kernels' values on a sample of codes
    for spec in ("octal:0.77", "octal:4.07", "octal:0.137", "hex:0.f3", "hex:8.5d", "hex:c.a9"):
        assert definition_values(spec, 150) == list(kernel_values(spec, 150)), spec


@given(st.sampled_from([0, 4]), st.lists(st.integers(0, 7), min_size=1, max_size=4))
def test_four_digit_octal_codes_equal_their_representatives(d0, digits):
    member = octal4()[f"octal:{d0}." + "".join(map(str, digits))]
    assert definition_values(member.spec, 120) == definition_values(member.representative, 120)


def test_subtraction_equalities_hold_on_the_values():
    for max_move, size in ((12, 3), (9, 4), (8, 2)):
        members = subtraction_family(max_move, size)
        assert wrong_equalities(members, subtraction_values) == []
        assert wrong_equalities(members, kernel_values) == []
        for m in members:
            if m.representative != m.spec:
                k = int(re.search(r"G\(n\) = n mod (\d+)", m.why).group(1))
                assert subtraction_values(m.spec, 60) == [n % k for n in range(60)]


def test_a_wrong_equality_is_caught():
    # 0.41 is not 0.4: taking 2 leaving nothing (d2 bit 1) is covered by no move of d1 (G(2) is 1, not 0);
    # 0.401 is 0.4 (taking 3 leaving nothing is d1's split of 2 into 1 + 1)
    claims = [Member("octal", "octal:0.41", "octal:0.4", "wrong"), Member("octal", "octal:0.401", "octal:0.4")]
    assert wrong_equalities(claims, kernel_values) == [("octal:0.41", "octal:0.4")]
    assert wrong_equalities(claims, definition_values) == [("octal:0.41", "octal:0.4")]
    assert wrong_equalities([Member("subtraction", "subtraction:1,4", "subtraction:1,3", "wrong")],
                            subtraction_values) == [("subtraction:1,4", "subtraction:1,3")]


def test_a_wrong_rule_is_caught(monkeypatch):
    # a rule that forgets the values (any heaps count as adding nothing) claims equalities that fail
    def careless(values, t, total):
        return tuple([1] * (t - 1) + [total - t + 1]) if total >= t else None

    monkeypatch.setattr(families, "_zero_heaps", careless)
    members = octal_family(2)
    assert count(members)[1] < 50
    assert wrong_equalities(members, kernel_values)
    assert wrong_equalities(members, definition_values)


# -- options -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("call", "message"), [
    (lambda: octal_family(0), "octal family: digits must be a whole number from 1 to 6 "
                              "(6 digits are 8^6 = 262,144 codes), got 0"),
    (lambda: octal_family(7), "octal family: digits must be a whole number from 1 to 6 "
                              "(6 digits are 8^6 = 262,144 codes), got 7"),
    (lambda: octal_family("3"), "octal family: digits must be a whole number from 1 to 6 "
                                "(6 digits are 8^6 = 262,144 codes), got '3'"),
    (lambda: octal_family(True), "octal family: digits must be a whole number from 1 to 6 "
                                 "(6 digits are 8^6 = 262,144 codes), got True"),
    (lambda: hex_family(5), "hex family: digits must be a whole number from 1 to 4 "
                            "(4 digits are 16^4 = 65,536 codes), got 5"),
    (lambda: subtraction_family(41, 2), "subtraction family: the largest move M must be a whole number "
                                        "from 1 to 40, got 41"),
    (lambda: subtraction_family(0, 1), "subtraction family: the largest move M must be a whole number "
                                       "from 1 to 40, got 0"),
    (lambda: subtraction_family(5, 6), "subtraction family: the size K must be a whole number from 1 to M = 5, "
                                       "got 6"),
    (lambda: subtraction_family(5, 0), "subtraction family: the size K must be a whole number from 1 to M = 5, "
                                       "got 0"),
    (lambda: subtraction_family(40, 5), "subtraction family: 5 moves from 1..40 make 658,008 sets; at most "
                                        "100,000 (a smaller M, or K nearer 1 or M)"),
    (lambda: family_members("chess"), "unknown family 'chess': octal, hex, subtraction or specs"),
    (lambda: family_members("octal", digits=2, size=3), "the octal family takes digits and whole, not size"),
    (lambda: family_members("hex", whole=True), "the hex family needs digits"),
    (lambda: family_members("subtraction", max_move=5), "the subtraction family needs size"),
    (lambda: family_members("specs"), "the specs family needs text"),
])
def test_bad_options_are_one_line(call, message):
    with pytest.raises(GrundyError) as caught:
        call()
    assert str(caught.value) == message


def test_family_members_dispatches():
    assert family_members("octal", digits=2, whole=None, max_move=None) == octal_family(2)
    assert family_members("Hex", digits=1, whole=True) == hex_family(1, whole=True)
    assert family_members("subtraction", max_move=6, size=3, digits=None) == subtraction_family(6, 3)


# -- a file of specs ---------------------------------------------------------------------------

def test_specs_file():
    text = ("# classics\n\nkayles\n  subtraction:1,3,4   # period 7\n"
            "octal:0.137\nkayles\n\t# indented comment\ndawson-chess # inline\n")
    members = family_members("specs", text=text, source="games.txt")
    assert members == [Member("specs", s, s) for s in ("kayles", "subtraction:1,3,4", "octal:0.137", "dawson-chess")]


@pytest.mark.parametrize(("text", "message"), [
    ("nim\n\nnot-a-game:3\n", "specs file games.txt, line 3: 'not-a-game:3': unknown ruleset 'not-a-game'"),
    ("octal:0.19\n", "specs file games.txt, line 1: 'octal:0.19': octal code '0.19': '9' at position 4 is not "
                     "an octal digit (0-7), '.', '!', or a bracketed repeat like [3]"),
    ("kayles\nweird-game:0110,1001\n", "specs file games.txt, line 2: 'weird-game:0110,1001': weird-game is a "
                                       "game of the general solver (no Grundy values): its spec holds the whole "
                                       "position"),
    ("# heaps?\nwythoff\n", "specs file games.txt, line 2: 'wythoff' has components of two heap sizes a,b "
                            "(non-negative integers), not one heap size; a sweep computes the periods of heap games"),
    ("# nothing\n\n", "specs file games.txt holds no spec (one per line, '#' starts a comment)"),
])
def test_bad_specs_files(text, message):
    with pytest.raises(GrundyError) as caught:
        specs_family(text, "games.txt")
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)
