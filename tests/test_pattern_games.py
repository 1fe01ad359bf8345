"""The pattern finder checked as a user would (issue 12).

Games from contest tutorials and textbook exercises, none of them built into grundy, are written as
``--rules`` files in ``examples/patterns/``. For each, ``grundy.pattern`` must state the rule the
theory knows (or say it found none), call it a conjecture, and predict far past the table it
checked: the predictions are compared with a brute force written here (a plain mex over the moves,
not grundy's engine), at two to four times the table, and with the closed form at 10**30.
"""

import importlib.util
import json
from collections.abc import Callable
from functools import cache
from math import isqrt
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from tests.helpers import one_error_line, run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "patterns"
HUGE = st.integers(min_value=10**6, max_value=10**30)


# -- the games, loaded as a user's file is ------------------------------------------------------------

@cache
def module(file: str):
    spec = importlib.util.spec_from_file_location(f"pattern_games_{file}", EXAMPLES / f"{file}.py")
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def moves(file: str, name: str) -> Callable:
    return getattr(module(file), name)


@cache
def found(file: str, name: str, arity: int = 1, max_n: int | None = None) -> grundy.Pattern:
    """What the finder says of the game (computed once per test session)."""
    return grundy.pattern(grundy.impartial(moves(file, name), arity=arity), max_n=max_n)


# -- the brute force: a plain mex over the moves ----------------------------------------------------

def mex(seen: set[int]) -> int:
    g = 0
    while g in seen:
        g += 1
    return g


def brute_line(rule: Callable[[int], list[int]], n: int) -> list[int]:
    """G(0..n-1), each the mex of the values of its options (which must be smaller heaps)."""
    values: list[int] = []
    for heap in range(n):
        options = rule(heap)
        assert all(0 <= o < heap for o in options), f"a move from {heap} does not shrink the heap"
        values.append(mex({values[o] for o in options}))
    return values


def brute_plane(rule: Callable, n: int, p_only: bool = False) -> dict[tuple[int, int], int]:
    """G(a, b) for every pair with a + b <= 2n - 2 (a square of side n and what its moves reach),
    taken in order of a + b, which every move of these games lowers; with ``p_only`` just 0 (P) or
    1 (N), which is cheaper to get for games with many moves."""
    values: dict[tuple[int, int], int] = {}
    for s in range(2 * n - 1):
        for a in range(s + 1):
            pair = (a, s - a)
            options = rule(pair)
            assert all(sum(o) < s for o in options), f"a move from {pair} does not lower a + b"
            if p_only:
                values[pair] = 1 if any(values[o] == 0 for o in options) else 0
            else:
                values[pair] = mex({values[o] for o in options})
    return values


def brute_square(rule: Callable, n: int) -> dict[tuple[int, int], bool]:
    """Whether each (a, b), a, b < n, is a P-position, for games whose moves stay in the box below
    and left of the pair (row by row then reaches every option first)."""
    p: dict[tuple[int, int], bool] = {}
    for a in range(n):
        for b in range(n):
            p[a, b] = not any(p[o] for o in rule((a, b)))
    return p


# -- closed forms from the theory (exact for any size) ----------------------------------------------

def nu2(n: int) -> int:
    return (n & -n).bit_length() - 1


def is_pronic(n: int) -> bool:
    k = isqrt(n)
    return k * (k + 1) == n


def wythoff_pair(a: int, k: int) -> tuple[int, int]:
    """(⌊kα⌋, ⌊kα⌋ + a·k), α = (2 − a + √(a² + 4))/2: the k-th P-position of a-Wythoff."""
    first = (k * (2 - a) + isqrt(k * k * (a * a + 4))) // 2
    return first, first + a * k


def wythoff_p(a: int, pair: tuple[int, int]) -> bool:
    x, y = sorted(pair)
    k = (y - x) // a
    return (y - x) % a == 0 and wythoff_pair(a, k) == (x, y)


def euclid_p(pair: tuple[int, int]) -> bool:
    """Euclid's game: P iff a heap is 0, or 0 < m < M < φm (m, M the smaller and larger)."""
    m, big = sorted(pair)
    return m == 0 or (m < big and (2 * big - m) ** 2 < 5 * m * m)


def third_p_positions(limit: int) -> list[int]:
    """Take at most a third: p(0) = 0, p(k + 1) = ⌊3 p(k) / 2⌋ + 1."""
    found_p = [0]
    while found_p[-1] < limit:
        found_p.append(3 * found_p[-1] // 2 + 1)
    return found_p


# -- one heap: the rule the theory knows, and predictions far past the table -------------------------
# (file, function, kind, words the rule must contain, G(n) or None when the rule gives P-positions
# only, P-position test, how many times the checked table the brute force goes)
LINE = [
    ("subtraction", "power_of_three", "periodic", ["G(n) = n mod 2", "n ≡ 0 (mod 2)"],
     lambda n: n % 2, lambda n: n % 2 == 0, 4),
    ("subtraction", "one_or_prime", "periodic", ["G(n) = n mod 4", "n ≡ 0 (mod 4)"],
     lambda n: n % 4, lambda n: n % 4 == 0, 4),
    ("subtraction", "not_a_square", "arithmetic-periodic", ["G(n) = ⌊n / 2⌋", "P-positions: 0, 1"],
     lambda n: n // 2, lambda n: n < 2, 4),
    ("shrinking", "at_most_half", "linear recurrence P-positions", ["P-positions: n = 2^k − 1"],
     None, lambda n: n & (n + 1) == 0, 2),
    ("shrinking", "square_root_bound", "polynomial P-positions", ["P-positions: n = k² + k"],
     None, is_pronic, 4),
    ("shrinking", "one_or_halve", "periodic P-positions", ["n ≡ 1 (mod 2) for n", "4", "0, 2"],
     None, lambda n: n in (0, 2) or (n % 2 == 1 and n >= 5), 4),
    ("divisors", "divisor_game", "bit rule", ["G(n) = ν₂(n)", "n ≥ 1"],
     lambda n: nu2(n) if n else 0, lambda n: n == 0 or n % 2 == 1, 4),
    ("divisors", "to_a_divisor", "finite P-positions", ["P-positions: 0, 1 only"],
     None, lambda n: n <= 1, 4),
    ("divisors", "fewer_ones", "bit rule", ["G(n) = popcount(n)"],
     lambda n: bin(n).count("1"), lambda n: n == 0, 4),
]
def check_conjecture(p, dimensions: int, kind: str, words) -> None:
    """A rule found from data alone: its family, the words of the theory, a conjecture."""
    assert p.found and p.dimensions == dimensions, p
    assert p.kind == kind, p
    for word in words:
        assert word in p.rule, (word, p.rule)
    checked = "n < " if dimensions == 1 else "a, b < "
    assert p.proved is False and p.reason.startswith(f"conjecture: checked for all {checked}"), p.reason


LINE_IDS = [name for _, name, *_ in LINE]


@pytest.mark.parametrize(("file", "name", "kind", "words", "value", "is_p", "times"), LINE, ids=LINE_IDS)
def test_line_game_rule_and_brute_force(file, name, kind, words, value, is_p, times):
    p = found(file, name)
    check_conjecture(p, 1, kind, words)
    far = times * p.checked_up_to
    truth = brute_line(moves(file, name), far)
    for n in range(far):
        assert (truth[n] == 0) == is_p(n), f"the theory in {file}.py is wrong at {n}"
        if value is not None:
            assert truth[n] == value(n), f"the theory in {file}.py is wrong at {n}"
            assert p.value(n) == truth[n], f"{name}: value({n}) = {p.value(n)}, brute force {truth[n]}"
        else:
            assert p.value(n) is None  # the rule gives P-positions only
        assert p.is_p(n) == (truth[n] == 0), f"{name}: is_p({n}) = {p.is_p(n)}, brute force G = {truth[n]}"


@pytest.mark.parametrize(("file", "name", "kind", "words", "value", "is_p", "times"), LINE, ids=LINE_IDS)
@given(n=HUGE)
def test_line_game_far_away(file, name, kind, words, value, is_p, times, n):
    p = found(file, name)
    for heap in (n, 10**30 + n % 64, 2**100 - 1 + n % 3):
        assert p.is_p(heap) == is_p(heap), heap
        assert p.value(heap) == (None if value is None else value(heap)), heap


def test_line_games_at_ten_to_the_thirty():
    """A few exact answers, worked by hand, at heaps no table reaches."""
    big = 10**30  # even, ≡ 0 (mod 4), 2^30 · 5^30, not pronic
    assert found("subtraction", "power_of_three").value(big + 1) == 1
    assert found("subtraction", "one_or_prime").value(big + 3) == 3
    assert found("subtraction", "not_a_square").value(big + 1) == big // 2
    assert found("shrinking", "at_most_half").is_p(2**100 - 1) and not found("shrinking", "at_most_half").is_p(big)
    assert found("shrinking", "square_root_bound").is_p(big * (big + 1))
    assert not found("shrinking", "square_root_bound").is_p(big * big)
    assert found("divisors", "divisor_game").value(big) == 30
    assert found("divisors", "fewer_ones").value(2**200 - 1) == 200


# -- games with no rule in the finder's families ----------------------------------------------------

NO_PATTERN_MAX = 8192  # the default growth goes on for up to 5 s looking; this is enough to say no


@pytest.mark.parametrize("name", ["square", "cube"])
def test_subtract_a_square_or_a_cube_has_no_pattern(name):
    p = found("subtraction", name, max_n=NO_PATTERN_MAX)
    assert not p.found and p.kind == "none" and p.proved is False, p
    assert p.rule.startswith("no pattern found: tried "), p.rule
    assert p.reason == "no rule fits all n < 8,192" and p.checked_up_to == NO_PATTERN_MAX
    inside = 2048
    truth = brute_line(moves("subtraction", name), inside)
    assert [p.value(n) for n in range(inside)] == truth  # inside the table it answers from the table
    assert [p.is_p(n) for n in range(inside)] == [g == 0 for g in truth]
    for past in (p.checked_up_to, p.checked_up_to + 1, 10**30):
        with pytest.raises(grundy.GrundyError, match="past the table"):
            p.value(past)
        with pytest.raises(grundy.GrundyError, match="past the table"):
            p.is_p(past)


def test_subtract_a_square_p_positions_are_the_published_ones():
    """OEIS A030193, typed in: the brute force above is the game the finder was given."""
    a030193 = [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109, 119, 124,
               127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204, 210]
    truth = brute_line(moves("subtraction", "square"), 211)
    assert [n for n, g in enumerate(truth) if g == 0] == a030193
    assert [n for n in range(211) if found("subtraction", "square", max_n=NO_PATTERN_MAX).is_p(n)] == a030193


def test_take_at_most_a_third_follows_a_floor_recurrence():
    """Its P-positions follow p' = ⌊3p/2⌋ + 1 (issue 28: recurrences p' = ⌊c·p⌋ + d)."""
    p = found("shrinking", "at_most_third", max_n=4096)  # n/3 moves from each heap: a bigger table is slow
    assert p.found and p.kind == "floor recurrence P-positions" and "p(k + 1) = ⌊3·p(k)/2⌋ + 1" in p.rule, p
    inside = 3000
    truth = brute_line(moves("shrinking", "at_most_third"), inside)
    assert [n for n, g in enumerate(truth) if g == 0] == [q for q in third_p_positions(inside) if q < inside]
    assert [p.is_p(n) for n in range(inside)] == [g == 0 for g in truth]
    assert all(p.is_p(q) and not p.is_p(q + 1) for q in third_p_positions(10**30)[-3:])


# -- two heaps, or a piece on the quarter plane ------------------------------------------------------
# (function, kind, words the rule must contain, G(a, b) or None, P test, side of the brute force
# as a multiple of the side checked)
PLANE = [
    ("larger_heap_nim", "P iff f(a) = f(b)", ["P-positions: a = b"], None, lambda a, b: a == b, 3),
    ("one_two_three_and_one", "separable (xor)", ["G(a, b) = (a mod 4) xor (b mod 2)"],
     lambda a, b: (a % 4) ^ (b % 2), lambda a, b: a % 4 == b % 2, 4),
    ("ferguson_knight", "periodic P-positions", ["(a mod 4, b mod 4) in {(0, 0), (0, 1), (1, 0), (1, 1)}"],
     None, lambda a, b: a % 4 < 2 and b % 4 < 2, 4),
    ("same_from_both", "separable (min)", ["G(a, b) = min(a, b)"],
     min, lambda a, b: min(a, b) == 0, 4),
    ("two_heaps_not_a_square", "separable (xor)", ["⌊a / 2⌋", "xor", "⌊b / 2⌋"],
     lambda a, b: (a // 2) ^ (b // 2), lambda a, b: a // 2 == b // 2, 3),
]
PLANE_IDS = [name for name, *_ in PLANE]


@pytest.mark.parametrize(("name", "kind", "words", "value", "is_p", "times"), PLANE, ids=PLANE_IDS)
def test_plane_game_rule_and_brute_force(name, kind, words, value, is_p, times):
    p = found("pairs", name, arity=2)
    check_conjecture(p, 2, kind, words)
    side = times * p.checked_up_to
    truth = brute_plane(moves("pairs", name), side)
    for a in range(side):
        for b in range(side):
            g = truth[a, b]
            assert (g == 0) == is_p(a, b), f"the theory in pairs.py is wrong at {a, b}"
            if value is not None:
                assert g == value(a, b), f"the theory in pairs.py is wrong at {a, b}"
                assert p.value((a, b)) == g, f"{name}: value({a, b}) = {p.value((a, b))}, brute force {g}"
            else:
                assert p.value((a, b)) is None
            assert p.is_p((a, b)) == (g == 0), f"{name}: is_p({a, b}) = {p.is_p((a, b))}, brute force G = {g}"


@pytest.mark.parametrize(("name", "kind", "words", "value", "is_p", "times"), PLANE, ids=PLANE_IDS)
@given(a=HUGE, b=HUGE, shift=st.integers(0, 7))
def test_plane_game_far_away(name, kind, words, value, is_p, times, a, b, shift):
    p = found("pairs", name, arity=2)
    for pair in ((a, b), (a, a + shift), (10**30 + shift, 3**60 + a % 5), (b, 0)):
        assert p.is_p(pair) == is_p(*pair), pair
        assert p.value(pair) == (None if value is None else value(*pair)), pair


def test_euclids_game_has_no_pattern():
    """Its P-positions fill the wedge m < M < φm, which is none of the 2-D families."""
    p = found("pairs", "euclid", arity=2)
    assert not p.found and p.kind == "none" and p.dimensions == 2, p
    assert p.reason == f"no rule fits all a, b < {p.checked_up_to:,}"
    side = min(p.checked_up_to, 64)
    truth = brute_plane(moves("pairs", "euclid"), side)
    for a in range(side):
        for b in range(side):
            assert (truth[a, b] == 0) == euclid_p((a, b)), (a, b)
            assert p.value((a, b)) == truth[a, b] and p.is_p((a, b)) == (truth[a, b] == 0), (a, b)
    for past in ((0, p.checked_up_to), (p.checked_up_to, 1), (10**30, 10**30)):
        with pytest.raises(grundy.GrundyError, match="past the table"):
            p.value(past)
        with pytest.raises(grundy.GrundyError, match="past the table"):
            p.is_p(past)


# -- a-Wythoff: Beatty pairs (⌊kα⌋, ⌊kα⌋ + a·k), α = (2 − a + √(a² + 4))/2 ---------------------------
WYTHOFF_SIDE = 64  # an explicit table: a bigger one costs seconds with a Python move function
WYTHOFF = [(1, "φ"), (2, "√2"), (3, "(−1 + √13)/2")]


@pytest.mark.parametrize("a", [1, 2, 3, 4])
def test_a_wythoff_theory_is_the_game(a):
    """The Beatty pairs are the P-positions of the game in pairs.py (independent of the finder)."""
    side = 2 * WYTHOFF_SIDE
    truth = brute_square(moves("pairs", f"wythoff_{a}"), side)
    assert all(truth[c] == wythoff_p(a, c) for c in truth)
    assert sorted(c for c in truth if truth[c] and c[0] <= c[1])[:4] == [wythoff_pair(a, k) for k in range(4)]


def check_wythoff_predictions(a: int, p: grundy.Pattern) -> None:
    for k in (10**3, 10**4, 10**6, 10**12 + 1, 10**30 + 7):  # far past the table, by the closed form
        x, y = wythoff_pair(a, k)
        assert p.is_p((x, y)) and p.is_p((y, x)), k
        assert not p.is_p((x, y + 1)) and not p.is_p((x + 1, y)), k
    truth = brute_square(moves("pairs", f"wythoff_{a}"), 2 * WYTHOFF_SIDE)  # twice the side checked
    wrong = [c for c in truth if p.is_p(c) != truth[c]]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize(("a", "alpha"), WYTHOFF, ids=[f"a={a}" for a, _ in WYTHOFF])
def test_a_wythoff_beatty_pairs(a, alpha):
    p = found("pairs", f"wythoff_{a}", arity=2, max_n=WYTHOFF_SIDE)
    assert p.found and p.kind == "Beatty pairs", p
    second = "k" if a == 1 else f"{a}k"
    assert f"(⌊k·{alpha}⌋, ⌊k·{alpha}⌋ + {second}) for k ≥ 0, and the same pairs swapped" in p.rule, p.rule
    assert p.proved is False
    assert all(p.value((x, y)) is None for x in range(4) for y in range(4))  # P-positions only
    check_wythoff_predictions(a, p)


@pytest.mark.parametrize(("a", "alpha"), WYTHOFF, ids=[f"a={a}" for a, _ in WYTHOFF])
@given(k=HUGE)
def test_a_wythoff_far_away(a, alpha, k):
    p = found("pairs", f"wythoff_{a}", arity=2, max_n=WYTHOFF_SIDE)
    x, y = wythoff_pair(a, k)
    assert p.is_p((x, y)) and p.is_p((y, x))
    assert not p.is_p((x + 1, y)) and not p.is_p((x, y - 1))
    assert p.is_p((k, k + a)) == wythoff_p(a, (k, k + a))


def test_4_wythoff_predictions():
    """α = √5 − 1: the predictions are right (the rule's wording is not, see below)."""
    p = found("pairs", "wythoff_4", arity=2, max_n=WYTHOFF_SIDE)
    assert p.found and p.kind == "Beatty pairs" and "√5" in p.rule and "+ 4k" in p.rule, p
    check_wythoff_predictions(4, p)


def test_4_wythoff_rule_states_alpha_as_one_number():
    rule = found("pairs", "wythoff_4", arity=2, max_n=WYTHOFF_SIDE).rule
    alphas = [part.split("⌋")[0] for part in rule.split("⌊k·")[1:]]
    assert alphas, rule
    for alpha in alphas:  # one token (φ, √2) or bracketed, as '(−1 + √13)/2' is for a = 3
        assert " " not in alpha or alpha.startswith("("), rule


def test_4_wythoff_rule_survives_a_bigger_table():
    p = found("pairs", "wythoff_4", arity=2, max_n=80)
    assert p.found and p.kind == "Beatty pairs", p


# -- the check has teeth -------------------------------------------------------------------------------

def test_the_comparison_can_fail():
    """A wrong brute force, a wrong mex or a wrong closed form disagrees with the predictor, so the
    agreements above are not vacuous."""
    p = found("subtraction", "power_of_three")
    right = brute_line(moves("subtraction", "power_of_three"), 200)
    assert all(p.value(n) == right[n] for n in range(200))
    take_one_or_two = brute_line(lambda n: [n - k for k in (1, 2) if k <= n], 200)  # not powers of 3
    assert sum(p.value(n) != take_one_or_two[n] for n in range(200)) > 50
    assert any(p.is_p(n) != (take_one_or_two[n] == 0) for n in range(200))
    off_by_one = [g + 1 for g in right]  # a mex that starts at 1
    assert all(p.value(n) != off_by_one[n] for n in range(200))
    assert p.value(10**30 + 1) != (10**30 + 1) % 3  # and a wrong closed form far away
    knight = found("pairs", "ferguson_knight", arity=2)
    assert any(knight.is_p((a, b)) != (a % 2 == 0 and b % 2 == 0) for a in range(8) for b in range(8))


# -- the command line, once per dimension ----------------------------------------------------------------

KEYS = {"found", "kind", "rule", "proved", "reason", "checked_up_to"}


def test_cli_one_heap_json():
    code, out, err = run_cli("pattern", "--rules", f"{EXAMPLES / 'subtraction.py'}:one_or_prime", "--json",
                             "--at", "10**30", "--at", "3**41")
    assert code == 0, err
    data = json.loads(out)
    assert data.keys() >= KEYS
    assert data["found"] is True and data["kind"] == "periodic" and data["proved"] is False
    assert data["rule"] == "G(n) = n mod 4. P-positions: n ≡ 0 (mod 4)"
    assert data["reason"].startswith("conjecture") and data["checked_up_to"] >= 256
    assert data["predictions"] == [{"component": "10**30", "value": 0, "p": True},  # 10^30 ≡ 0 (mod 4)
                                   {"component": "3**41", "value": 3, "p": False}]  # 3^odd ≡ 3 (mod 4)


def test_cli_pairs_json():
    code, out, err = run_cli("pattern", "--rules", f"{EXAMPLES / 'pairs.py'}:ferguson_knight", "--arity", "2",
                             "--json", "--at", "10**30,5", "--at", "3**41,0")
    assert code == 0, err
    data = json.loads(out)
    assert data.keys() >= KEYS
    assert data["found"] is True and data["kind"] == "periodic P-positions" and data["proved"] is False
    assert "(a mod 4, b mod 4) in {(0, 0), (0, 1), (1, 0), (1, 1)}" in data["rule"]
    assert data["reason"].startswith("conjecture") and data["checked_up_to"] >= 32
    assert data["predictions"] == [{"component": "10**30,5", "value": None, "p": True},
                                   {"component": "3**41,0", "value": None, "p": False}]


def test_cli_no_pattern_json_and_a_prediction_past_the_table():
    rules = f"{EXAMPLES / 'subtraction.py'}:square"
    code, out, err = run_cli("pattern", "--rules", rules, "--max", "1024", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data.keys() >= KEYS
    assert (data["found"], data["kind"], data["proved"], data["checked_up_to"]) == (False, "none", False, 1024)
    assert data["rule"].startswith("no pattern found") and data["reason"] == "no rule fits all n < 1,024"
    code, out, err = run_cli("pattern", "--rules", rules, "--max", "1024", "--at", "5000")
    assert code == 2 and "past the table checked (< 1,024)" in one_error_line(err)


def test_cli_pairs_without_arity_is_one_clean_error():
    code, out, err = run_cli("pattern", "--rules", f"{EXAMPLES / 'pairs.py'}:ferguson_knight", "--json")
    assert code == 2 and out == ""
    assert "the rules of ferguson_knight failed on position 0" in one_error_line(err)
