"""The pattern finder checks a rule far past its table before it states it (issue 28).

Each failure mode of the issue is a regression test here: a rule that changes after the table ends
(Bash with takes of 1..1000; two heaps, take 1..100 from one), a rule that is mostly exceptions (P
iff n is odd or n = 2^k with k odd), a cold process that stopped short of the table a warm one
reaches. The truth is a brute force written here: a plain mex over the game's own moves. Every
comparison is first shown able to fail (a planted false rule is caught).
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.patterns.pattern import find_pattern
from grundy.patterns.rule import Rule
from grundy.patterns.selfcheck import FAR, far_points, self_check
from grundy.patterns.vetting import Vetting

ROOT = Path(__file__).resolve().parent.parent


def mex(seen: set[int]) -> int:
    g = 0
    while g in seen:
        g += 1
    return g


def brute(game: grundy.Ruleset, n: int) -> list[int]:
    """G(0..n-1) from the game's moves and the mex alone (no kernel, no period, no rule)."""
    values: list[int] = []
    for heap in range(n):
        values.append(mex({values[m] for m in game.moves(heap)}))
    return values


def take_up_to(most: int) -> grundy.Ruleset:
    """Bash as a user writes it: take 1..most (no declared subtraction set, so nothing is proved)."""
    return grundy.impartial(lambda n: [n - k for k in range(1, min(n, most) + 1)], name=f"take_1_to_{most}")


def two_heaps_take_up_to(most: int) -> grundy.Ruleset:
    """Two heaps; a move takes 1..most from one of them: G(a, b) = (a mod (most+1)) xor (b mod (most+1))."""
    def moves(p: tuple[int, int]) -> list[tuple[int, int]]:
        a, b = p
        return ([(a - k, b) for k in range(1, min(a, most) + 1)]
                + [(a, b - k) for k in range(1, min(b, most) + 1)])
    return grundy.impartial(moves, arity=2, name=f"two_heaps_take_1_to_{most}")


def in_s(n: int) -> bool:
    """P iff n is odd, or n = 2^k with k odd (and the heap 0)."""
    return n == 0 or n % 2 == 1 or (n & (n - 1) == 0 and (n.bit_length() - 1) % 2 == 1)


@grundy.impartial
def odd_or_odd_power(n: int) -> list[int]:
    """Moves to n - 1 and n - 2, but never from a position of the set to another: the
    P-positions are exactly the set (a P-position has only options outside it; every other
    position, even, moves to the odd n - 1)."""
    return [m for m in (n - 1, n - 2) if m >= 0 and not (in_s(n) and in_s(m))]


# -- the checks can fail --------------------------------------------------------------------------------

def test_planted_false_rules_are_caught_and_true_ones_pass():
    bash = take_up_to(1000)
    wrong = Rule("arithmetic-periodic", "G(n) = n", 2, lambda n: n, lambda n: n == 0)
    found = self_check(bash, wrong, 256, 1)
    assert not found.passed and found.where is not None and found.where > 1000
    assert "the mex of its options is" in found.failure
    right = Rule("periodic", "G(n) = n mod 1001", 1001, lambda n: n % 1001, lambda n: n % 1001 == 0)
    passed = self_check(bash, right, 4096, 1, reach=(1000,), period=1001)
    assert passed.passed and passed.points >= 50 and passed.farthest >= 10**17  # (the rest past the work budget)

    pairs = two_heaps_take_up_to(100)
    xor = Rule("separable (xor)", "G(a, b) = a xor b", 3, lambda c: c[0] ^ c[1], lambda c: c[0] == c[1])
    assert not self_check(pairs, xor, 32, 2).passed
    truth = Rule("separable (xor)", "(a mod 101) xor (b mod 101)", 3, lambda c: (c[0] % 101) ^ (c[1] % 101),
                 lambda c: c[0] % 101 == c[1] % 101)
    assert self_check(pairs, truth, 404, 2, reach=(100, 100)).passed


def test_a_planted_false_rule_of_p_positions_is_caught():
    take_1_2 = grundy.impartial(lambda n: [n - k for k in (1, 2) if k <= n])  # P iff 3 divides n
    even = Rule("periodic P-positions", "P iff n even", 2, None, lambda n: n % 2 == 0)
    assert not self_check(take_1_2, even, 64, 1).passed
    thirds = Rule("periodic P-positions", "P iff 3 | n", 2, None, lambda n: n % 3 == 0)
    assert self_check(take_1_2, thirds, 64, 1).passed
    # "P iff n odd past the table, the table's P-positions below": the issue's rule, wrong at 2^13
    below = {m for m in range(2049) if in_s(m)}
    issue = Rule("periodic P-positions", "P iff n ≡ 1 (mod 2) for n ≥ 2049", 1030, None,
                 lambda n: n in below if n < 2049 else n % 2 == 1)
    found = self_check(odd_or_odd_power, issue, 8192, 1)
    assert not found.passed and found.where == 2**13


def test_a_sample_of_too_many_options_can_refute_but_not_confirm():
    nim = grundy.ruleset("nim")  # a heap of 10^18 has 10^18 options: only a sample is valued
    right = self_check(nim, Rule("x", "G(n) = n", 1, lambda n: n, lambda n: n == 0), 1024, 1, reach=(1023,))
    assert right.passed and right.sampled > right.points // 2
    cut = Rule("x", "G(n) = n mod 3000", 3000, lambda n: n % 3000, lambda n: n % 3000 == 0)  # true below 3000
    wrong = self_check(nim, cut, 1024, 1, reach=(1023,))
    assert not wrong.passed and "an option, the same" in wrong.failure


def test_moves_too_costly_to_list_far_out_are_skipped_not_waited_for():
    """A user's function that builds the list of every move: at 10^18 that list never ends."""
    half = grundy.impartial(lambda n: [n - k for k in range(1, n // 2 + 1)])
    rule = Rule("linear recurrence P-positions", "n = 2^k − 1", 4, None, lambda n: n & (n + 1) == 0)
    found = self_check(half, rule, 1024, 1)
    assert found.passed and found.skipped > 0 and found.points > 0 and found.farthest < 10**9


def test_far_points_reach_far_in_both_coordinates():
    rng = random.Random(0)
    special = Rule("x", "x", 1, None, lambda n: True, special=(123_456_789,))
    heaps = far_points(300, 1, special, rng, reach=40, period=7)
    assert min(heaps) == 300 and max(heaps) > FAR // 10 and 123_456_789 in heaps
    assert 512 in heaps and any(abs(h - 2**e) <= 2 for h in heaps for e in range(30, 63))
    assert any(h % 7 == 0 and h > 10**6 for h in heaps) and heaps[:3] == [300, 301, 302]  # nearest first
    pairs = far_points(32, 2, Rule("x", "x", 1, None, lambda c: True), rng, reach=3)
    assert all(max(c) >= 32 for c in pairs)
    assert any(min(c) >= 10**6 for c in pairs) and any(min(c) < 32 for c in pairs)  # both far; far and near
    assert any(c[0] == c[1] for c in pairs)


# -- failure mode 1: a rule that changes after the table ends --------------------------------------------

def test_take_1_to_1000_is_never_g_equals_n():
    found = grundy.pattern(take_up_to(1000), max_n=512)  # a table short of the first change, at 1001
    assert not found.found or found.value(1001) == 0, found
    assert "G(n) = n" not in found.rule
    assert "failed the game's moves far out: «G(n) = n" in found.reason


def test_take_1_to_1000_grows_until_the_moves_are_in_sight():
    found = grundy.pattern(take_up_to(1000))
    assert found.checked_up_to >= 4000 or "not yet in sight" in found.reason, found
    if found.found:
        assert found.value(1001) == 0 and found.value(10**18) == 10**18 % 1001
        assert "self-checked at" in found.reason


def test_bash_1000_the_ruleset_is_proved_and_self_checked():
    found = grundy.pattern("bash:1000")
    assert found.proved and found.value(1001) == 0 and found.reason.startswith("proved: ")
    assert found.self_check is not None and found.self_check.passed and found.self_check.points > 0


def test_two_heaps_take_1_to_100_is_never_a_xor_b():
    found = grundy.pattern(two_heaps_take_up_to(100), max_n=32)
    assert not found.found or found.value((150, 20)) == (150 % 101) ^ 20, found
    assert "a xor b" not in found.rule and "«G(a, b) = a xor b»" in found.reason


# -- failure mode 2: a rule that is mostly exceptions ----------------------------------------------------

def test_p_iff_odd_or_an_odd_power_of_two_is_no_periodic_rule_with_exceptions():
    table = brute(odd_or_odd_power, 300)
    assert [n for n in range(300) if table[n] == 0] == [n for n in range(300) if in_s(n)]
    found = grundy.pattern(odd_or_odd_power, max_n=8192)
    if found.found:  # a true rule, short: right at every 2^odd and 2^even past the table
        assert found.predict is not None and found.predict.size < 64, found
        assert found.is_p(2**13) and found.is_p(2**61) and not found.is_p(2**12) and not found.is_p(2**60)
    else:
        assert "exceptions grow with the table" in found.reason or "failed the game's moves" in found.reason


def test_an_exception_list_that_grows_with_the_table_is_set_aside():
    """The sizes of "P iff n odd past the last 2^odd, the table below": 2^7 = 128, 2^9 = 512, 2^11, ..."""
    vet = Vetting(grundy.ruleset("nim"), 1)
    for n, size, steady in [(512, 66, 74), (1024, 259, 74), (2048, 259, 74), (4096, 1031, 74), (8192, 1031, 74)]:
        vet.n = n
        vet._acceptable(Rule("periodic P-positions", f"odd past a power of 2 below {n}", size, None, bool))
        assert vet._acceptable(Rule("periodic", "a preperiod of 71", steady, None, bool)), n  # the same size
    assert sorted(rule.size for rule, _ in vet.growing.values()) == [259, 1031, 1031]  # from 2048 on
    assert "66 numbers for n < 512, 259 for n < 2,048" in vet.growing["odd past a power of 2 below 2048"][1]


# -- failure mode 4: a cold start reaches the table a warm one does --------------------------------------

COLD = textwrap.dedent("""
    import json, sys
    import grundy
    from grundy.patterns.pattern import find_pattern

    def moves(p):
        a, b = p
        return [(a - k, b) for k in (1, 2, 3) if k <= a] + [(a, b - k) for k in (1, 2, 3) if k <= b]

    found = []
    for name in ("cold", "warm"):  # the first search in this process loads every kernel
        p = find_pattern(grundy.impartial(moves, arity=2, name=name), seconds=float(sys.argv[1]))
        found.append({"n": p.checked_up_to, "rule": p.rule, "reason": p.reason})
    print(json.dumps(found))
""")


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3,) * 2)


def test_a_cold_process_reaches_the_table_a_warm_one_does():
    out = subprocess.run([sys.executable, "-c", COLD, "1.5"], capture_output=True, text=True, timeout=120,
                         preexec_fn=_capped, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert out.returncode == 0, out.stderr[-2000:]
    cold, warm = json.loads(out.stdout)
    assert warm["n"] >= 32 and warm["rule"] == "G(a, b) = (a mod 4) xor (b mod 4)", warm
    assert cold["n"] == warm["n"] and cold["rule"] == warm["rule"], (cold, warm)


# -- the reason and the JSON say what was checked --------------------------------------------------------

def test_reason_and_json_carry_the_self_check():
    found = grundy.pattern("kayles")
    data = found.to_dict()
    assert data["self_check"].keys() >= {"points", "farthest", "sampled", "skipped"}
    assert data["self_check"]["points"] > 0 and data["self_check"]["farthest"] >= 10**6
    assert f"self-checked at {data['self_check']['points']:,} points up to" in found.reason
    assert found.reason.startswith("proved: ")
    listed = find_pattern([n % 3 for n in range(60)])
    assert listed.to_dict()["self_check"] is None and "not self-checked" in listed.reason


def test_every_example_game_is_self_checked_or_says_why_not():
    user = find_pattern(take_up_to(3), max_n=256)
    assert user.found and user.value(10**18) == 10**18 % 4 and "self-checked at" in user.reason
    assert user.self_check is not None and user.self_check.points >= 50


# -- a hypothesis test: games with large moves never get a false rule ------------------------------------

def test_the_brute_force_comparison_can_fail():
    game = grundy.ruleset("subtraction:1,3,4")
    truth = brute(game, 200)
    found = grundy.pattern(game)
    assert [found.value(n) for n in range(200)] == truth
    assert [found.value(n) + (n == 150) for n in range(200)] != truth  # one wrong value is seen
    assert brute(grundy.ruleset("subtraction:1,3,5"), 200) != truth


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["subtraction", "user subtraction", "allbut"]),
       st.lists(st.integers(1, 300), min_size=1, max_size=4, unique=True), st.randoms(use_true_random=False))
def test_games_with_large_moves_never_get_a_false_rule(kind, amounts, rnd):
    amounts = sorted(amounts)
    if kind == "allbut":
        game = grundy.ruleset("subtraction:allbut:" + ",".join(map(str, amounts)))
        found, far = grundy.pattern(game, max_n=512), 1200
    elif kind == "subtraction":
        game = grundy.ruleset("subtraction:" + ",".join(map(str, amounts)))
        found, far = grundy.pattern(game, max_n=2048), 3000
    else:
        game = grundy.impartial(lambda n: [n - k for k in amounts if k <= n], name="user")
        found, far = grundy.pattern(game, max_n=1024), 3000
    if not found.found:
        return
    truth = brute(game, far)
    heaps = sorted(rnd.sample(range(found.checked_up_to, far), 20))
    for n in heaps:
        assert found.is_p(n) == (truth[n] == 0), (n, found.rule, found.reason)
        if found.value(n) is not None:
            assert found.value(n) == truth[n], (n, found.rule, found.reason)
