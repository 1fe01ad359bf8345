import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy import period as find_period
from grundy.core.ruleset import Shape
from grundy.kernels.period import least_period


def naive_least_period(values, window):
    """Least (p, n0) with values[n+p] == values[n] for n0 <= n < len - p, checked over >= window."""
    n = len(values)
    for p in range(1, n):
        n0 = n - p
        while n0 > 0 and values[n0 - 1 + p] == values[n0 - 1]:
            n0 -= 1
        if n >= n0 + p + window:
            return p, n0
    return None


@given(st.sets(st.integers(1, 15), min_size=1, max_size=4))
def test_subtraction_periods_are_proved_and_extrapolate(moves):
    spec = "subtraction:" + ",".join(map(str, sorted(moves)))
    found = find_period(spec)
    assert found.proved and found.saltus == 0
    longer = grundy.ruleset(spec).values(found.values_computed * 2 + 500)
    assert [found.value(n) for n in range(len(longer))] == longer.tolist()
    assert naive_least_period(found.values.tolist(), max(moves)) == (found.period, found.preperiod)


small = st.integers(0, 3)


@given(st.lists(small, min_size=1, max_size=8), st.integers(0, 30), st.lists(small, max_size=12))
def test_least_period_finds_planted_periods(cycle, repeats, prefix):
    values = np.array(prefix + cycle * (repeats + 4), dtype=np.int64)
    found = least_period(values, (1, 1, 1))
    expected = naive_least_period(values.tolist(), 1)
    assert (found[0], found[1]) == expected if found else expected is None


def test_arithmetic_periodicity_with_saltus():
    values = np.array([0, 5] + [3 * (n // 4) + n % 4 for n in range(400)], dtype=np.int64)
    p, n0, saltus = least_period(values, None, saltus_allowed=True)
    assert (p, n0, saltus) == (4, 2, 3)


def test_known_periods():
    found = find_period("subtraction:1,3,4")
    assert (found.preperiod, found.period, found.proved) == (0, 7, True)
    assert found.p_positions() == "P-positions: n ≡ 0, 2 (mod 7)"
    assert find_period("bash:2-5").period == 7
    assert find_period("subtraction:pow2").period == 3


def test_allbut_game_is_arithmetic_periodic_but_not_proved():
    found = find_period("subtraction:allbut:1,2", max_n=4096)
    assert (found.period, found.saltus, found.proved) == (3, 1, False)
    assert "no periodicity theorem" in found.reason


def test_p_positions_in_words_with_a_preperiod():
    from grundy.patterns.period import Periodicity

    values = np.array([0, 2, 0, 0, 1, 0, 3, 0, 1, 0, 1, 0, 1])
    found = Periodicity("demo", 4, 2, 0, True, "planted", values)
    assert found.p_positions() == "P-positions: n ≡ 1 (mod 2) for n >= 4; below 4: 0, 2, 3"
    assert found.value(10**20 + 1) == 0 and found.value(10**20) == 1


def test_user_game_period():
    found = find_period(grundy.impartial(lambda n: [m for m in (n - 2, n - 3) if m >= 0] or [0] * (n == 1)))
    assert (found.preperiod, found.period, found.proved) == (0, 5, False)
    assert found.p_positions() == "P-positions: n ≡ 0, 4 (mod 5)"


def test_to_dict_has_contract_keys():
    d = find_period("subtraction:1,3,4").to_dict()
    assert {"preperiod", "period", "saltus", "proved", "values_computed", "max_value"} <= d.keys()


def test_user_game_without_heaps_refuses_a_period():
    @grundy.impartial
    def pairs(p):
        return []

    pairs.shape = Shape.PAIR
    with pytest.raises(grundy.GrundyError, match="heap-size positions"):
        find_period(pairs)


def test_any_integer_sequence():
    seq = [5, 3] + [0, 1, 1, 2] * 40
    found = grundy.period(seq)
    assert (found.preperiod, found.period, found.proved) == (2, 4, False)
    assert grundy.period(list(range(100))).saltus == 1
    assert grundy.period([3, 1, 4, 1, 5, 9, 2, 6]).period is None
