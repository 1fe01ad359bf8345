"""The period search (issue 13): the least period in near-linear time, blocks that end where the
proof is complete, the default that reaches the answer, progress on a terminal and Ctrl-C."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import time

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.errors import Interrupted
from grundy.kernels.period import least_period
from grundy.patterns.period import SearchStatus
from tests.helpers import read_all

GRUNDY = [sys.executable, "-m", "grundy"]


def naive_least_period(values, proof, saltus_allowed=False, share=0.5, periods=3):
    """Every candidate period from 1 up, each scanned from the end to its first mismatch: the
    plain definition the kernel's shortcuts (bounded candidates, skipped multiples) must match."""
    n = len(values)
    for p in range(1, n):
        saltus = values[n - 1] - values[n - 1 - p] if saltus_allowed else 0
        start = n - p
        while start > 0 and values[start - 1 + p] - values[start - 1] == saltus:
            start -= 1
        checked = n - p - start
        if proof is not None:
            a, b, c = proof
            if n >= a * max(start, 1) + b * p + c and checked > 0:  # the theorems shift heaps and keep them
                return p, start, saltus
        elif checked >= periods * p and checked >= share * n:
            return p, start, saltus
    return None


def test_the_naive_reference_can_disagree():
    values = [7, 7] + [0, 1] * 20
    assert naive_least_period(values, None) == (2, 2, 0)
    assert naive_least_period(values, (2, 2, 0)) == (2, 2, 0)
    assert naive_least_period(values, (2, 2, 50)) is None
    assert least_period(np.array(values), None) != (4, 2, 0)


sequences = st.one_of(
    st.lists(st.integers(0, 2), max_size=120),
    st.builds(lambda pre, cycle, k: pre + cycle * k, st.lists(st.integers(0, 5), max_size=30),
              st.lists(st.integers(0, 3), min_size=1, max_size=9), st.integers(0, 25)),
    st.builds(lambda pre, cycle, k, s: pre + [v + s * (i // len(cycle)) for i, v in enumerate(cycle * k)],
              st.lists(st.integers(0, 5), max_size=10), st.lists(st.integers(0, 3), min_size=1, max_size=6),
              st.integers(1, 20), st.integers(-2, 3)),
)
modes = st.one_of(
    st.tuples(st.just(None), st.sampled_from([0.5, 0.25, 1 / 16]), st.integers(1, 3)),
    st.tuples(st.tuples(st.integers(0, 2), st.integers(1, 2), st.integers(0, 6)), st.just(0.5), st.just(3)),
)


@given(sequences, modes, st.booleans())
def test_least_period_is_the_plain_definition(values, mode, saltus_allowed):
    proof, share, periods = mode
    expected = naive_least_period(values, proof, saltus_allowed, share, periods)
    found = least_period(np.array(values, dtype=np.int64), proof, saltus_allowed=saltus_allowed, share=share,
                         periods=periods)
    assert found == expected


def test_a_long_preperiod_is_found_in_linear_time():
    """Period 4 after a preperiod of 10^6 in 4·10^6 values: the multiples of 4 are never scanned
    (scanning each back to the preperiod would take ~10^12 steps)."""
    n0 = 10**6
    values = np.concatenate([np.arange(n0) % 7 + 10, np.tile(np.array([0, 1, 0, 2]), 750_000)])
    started = time.perf_counter()
    assert least_period(values, (2, 2, 3)) == (4, n0, 0)
    assert least_period(values[: 2 * n0 + 10], (2, 2, 3)) is None
    assert time.perf_counter() - started < 20  # seconds, against hours for the quadratic scan


def test_the_search_stops_where_the_proof_is_complete():
    """.16: preperiod 105,351, period 149,459; Guy–Smith needs 2·n0 + 2·p + 2 values, no more."""
    seen: list[SearchStatus] = []
    found = grundy.period(grundy.ruleset("octal:.16"), progress=seen.append)
    assert (found.preperiod, found.period, found.proved) == (105351, 149459, True)
    assert found.values_computed == 2 * 105351 + 2 * 149459 + 2
    assert seen and all(s.values < found.values_computed and s.limit == 1 << 26 for s in seen)
    assert seen[-1].candidate[:2] == (149459, 105351) and seen[-1].needed == found.values_computed


def test_a_closed_form_or_a_short_proof_needs_no_more_than_the_first_table():
    assert grundy.period("kayles").values_computed == 256
    assert grundy.period("subtraction:1,3,4").values_computed == 256


def _start(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(GRUNDY + list(args), stdout=subprocess.PIPE, text=True, **kwargs)


def test_ctrl_c_prints_what_was_found_and_exits_130():
    proc = _start("period", "octal:.254", "--max", "2^26", stderr=subprocess.PIPE)  # runs for minutes to --max
    time.sleep(6)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    computed = next(line for line in out.splitlines() if line.startswith("values computed: "))
    assert err == f"grundy: interrupted after {computed.split()[2]} values\n"  # the count of the answer printed
    assert "interrupted after" in out
    assert err.count("\n") == 1  # no progress bar when stderr is not a terminal


def test_ctrl_c_with_json_gives_the_partial_answer():
    proc = _start("period", "octal:.254", "--max", "2^26", "--json", stderr=subprocess.PIPE)  # runs for minutes
    time.sleep(6)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["interrupted"] is True and not data["proved"] and data["values_computed"] > 0
    assert data["reason"].startswith("interrupted after")


def test_interrupted_in_python_carries_the_partial_answer():
    rules = grundy.ruleset("octal:.376")

    def stop(status: SearchStatus) -> None:
        if status.values > 100_000:
            raise KeyboardInterrupt

    try:
        grundy.period(rules, progress=stop)
    except Interrupted as stopped:
        partial = stopped.partial
    else:
        raise AssertionError("the search was not interrupted")
    assert not partial.proved and partial.values_computed > 100_000
    assert "interrupted after" in partial.reason


def test_the_progress_bar_shows_on_a_terminal():
    main, child = pty.openpty()
    proc = _start("period", "octal:.376", "--max", "2^20", stderr=child)
    os.close(child)
    shown = read_all(main)
    proc.wait(timeout=120)
    os.close(main)
    text = shown.decode(errors="replace")
    assert proc.returncode == 0 and "values" in text and "M values/s" in text
    assert "of 1,048,576 values" in text and " left" in text  # the target (--max here) and the time to it


def test_max_takes_powers_and_exponents():
    out = subprocess.run(GRUNDY + ["period", "octal:.16", "--max", "2^16", "--json"], capture_output=True,
                         text=True, check=True).stdout
    assert json.loads(out)["values_computed"] == 1 << 16
    out = subprocess.run(GRUNDY + ["period", "kayles", "--max", "1e3", "--json"], capture_output=True,
                         text=True, check=True).stdout
    assert json.loads(out)["proved"]


def test_a_search_past_a_gigabyte_says_so_before_it_starts():
    done = subprocess.run(GRUNDY + ["period", "kayles", "--max", "2^30"], capture_output=True, text=True,
                          env={**os.environ, "GRUNDY_MAX_MEMORY": "4GB"})
    assert done.returncode == 0
    assert done.stderr.startswith("grundy: this search may take up to 2.1 GB of memory")


HEX_DIGITS = "0123456789abcdef"


@given(st.text(HEX_DIGITS, min_size=1, max_size=3).filter(lambda code: any(int(d, 16) & 8 for d in code)))
def test_the_three_heap_theorem_holds_far_past_its_window(digits):
    """A period proved for a hexadecimal code from a prefix of its values holds over all the values
    computed (600, far past each window): the bound 3·max(n0, 1) + 3p + k - 2 is enough."""
    game = grundy.ruleset(f"hex:0.{digits}")
    proof, theorem = game.period_proof()
    k = game.code.last_digit
    assert proof == (3, 3, k - 2) and "three heaps" in theorem
    values = np.asarray(game.values(600)).astype(np.int64)
    for n in range(8, 300):
        found = least_period(values[:n], proof)
        if found is not None:
            p, n0, saltus = found
            assert saltus == 0 and n >= 3 * max(n0, 1) + 3 * p + k - 2
            assert (values[n0 + p:] == values[n0:-p]).all(), (digits, n, found)
            break


def test_a_weaker_window_proves_false_periods_of_three_heap_games():
    # the comparison above can fail: checking p + n0 values only (no theorem) "proves" a period of
    # hex:0.428 from its first 9 values that the values after them break
    values = np.asarray(grundy.ruleset("hex:0.428").values(600)).astype(np.int64)
    p, n0, _ = least_period(values[:9], (1, 1, 0))
    assert not (values[n0 + p:] == values[n0:-p]).all()
    assert least_period(values[:9], grundy.ruleset("hex:0.428").period_proof()[0]) is None


def test_three_heap_values_are_the_definition():
    """The kernel's values of a few hexadecimal codes against a plain mex over the moves, which
    split the rest of a heap into three non-empty heaps where the digit has 8."""
    for digits in ("8", "f3", "9c", "38", "428"):
        game = grundy.ruleset(f"hex:0.{digits}")
        plain: list[int] = []
        for n in range(45):
            seen = set()
            for k, d in enumerate([0] + [int(c, 16) for c in digits]):
                rest = n - k
                if k and d & 1 and rest == 0:
                    seen.add(0)
                if k and d & 2 and rest > 0:
                    seen.add(plain[rest])
                if d & 4:
                    seen.update(plain[a] ^ plain[rest - a] for a in range(1, rest // 2 + 1))
                if d & 8:
                    seen.update(plain[a] ^ plain[b] ^ plain[rest - a - b]
                                for a in range(1, rest) for b in range(a, rest - a) if rest - a - b >= b)
            plain.append(next(v for v in range(len(seen) + 1) if v not in seen))
        assert game.values(45).tolist() == plain, digits


def test_hexadecimal_codes_are_proved_or_told_apart():
    proved = grundy.period("hex:0.f3")
    assert (proved.preperiod, proved.period, proved.proved) == (0, 4, True)
    arithmetic = grundy.period("hex:0.9c")  # grows by 16 every 36 heaps: no plain period to prove
    assert (arithmetic.preperiod, arithmetic.period, arithmetic.saltus, arithmetic.proved) == (28, 36, 16, False)
    assert arithmetic.reason.startswith("arithmetic-periodic")


def test_an_explicit_max_looks_at_every_value_where_no_theorem_applies():
    game = grundy.ruleset("octal:4.7[7]")  # an infinite code: no theorem applies
    first = grundy.period(game)
    assert not first.proved and first.reason == "no periodicity theorem applies to this game"
    assert len(first.values) == 256  # it stopped at the first period seen
    whole = grundy.period(game, max_n=2**12)
    assert len(whole.values) == 2**12 and whole.reason.endswith("observed over all 4,096 values computed")
    assert (whole.preperiod, whole.period) == (first.preperiod, first.period)


def test_values_growing_below_the_largest_move_are_not_called_arithmetic():
    # take 1..1000: G(n) = n for n <= 1000, so a short table looks like saltus 1; the search goes on until the
    # table is several times the largest move, where the theorem proves G(n) = n mod 1001
    found = grundy.period("subtraction:" + ",".join(map(str, range(1, 1001))))
    assert (found.preperiod, found.period, found.saltus, found.proved) == (0, 1001, 0, True)
