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
            if n >= a * start + b * p + c and checked > 0:
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
    proc = _start("period", "octal:.254", stderr=subprocess.PIPE)  # runs for minutes, no period within the default
    time.sleep(6)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and err.strip().splitlines()[-1] == "grundy: interrupted"
    assert "interrupted after" in out and "values computed:" in out
    assert err.count("\n") == 1  # no progress bar when stderr is not a terminal


def test_ctrl_c_with_json_gives_the_partial_answer():
    proc = _start("period", "octal:.254", "--json", stderr=subprocess.PIPE)  # runs for minutes
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
    shown = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    proc.wait(timeout=120)
    os.close(main)
    text = shown.decode(errors="replace")
    assert proc.returncode == 0 and "values" in text and "M values/s" in text


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
