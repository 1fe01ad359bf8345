"""The misère quotient engine (grundy.quotient): known quotients, outcomes against a whole-sum
misère search, the facts every quotient satisfies, refusals and budgets."""

from __future__ import annotations

from functools import cache, reduce

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.core import limits
from grundy.core.errors import GrundyError, LimitError
from grundy.core.search import PositionSearch
from grundy.quotient import MisereQuotient, quotient_of
from grundy.quotient import monoid as mon

GAMES = {  # spec -> the max heap the random sums use
    "nim": 7, "kayles": 12, "octal:0.07": 14, "octal:0.75": 10, "octal:4.7": 10,
    "grundy-game": 12, "subtraction:1,3,4": 12, "octal:0.137": 13,
}


@cache
def quotient(spec: str, n: int) -> MisereQuotient:
    return quotient_of(grundy.ruleset(spec), n)


@cache
def search(spec: str) -> PositionSearch:
    return PositionSearch(grundy.ruleset(spec), misere=True, max_states=200_000)


def sums(spec: str):
    top = GAMES[spec]
    return st.lists(st.integers(0, top), min_size=0, max_size=5)


@pytest.mark.parametrize("spec", sorted(GAMES))
def test_outcomes_of_random_sums_agree_with_a_whole_sum_search(spec):
    q = quotient(spec, GAMES[spec])

    @settings(max_examples=60, deadline=None, derandomize=True)
    @given(sums(spec))
    def check(heaps):
        assert q.outcome(heaps) == search(spec).outcome(heaps), heaps

    check()


def test_a_wrong_p_portion_is_caught_by_the_comparison():
    q = quotient_of(grundy.ruleset("octal:0.75"), 5)
    heaps = [2, 2]  # element b², a P-position
    assert q.outcome(heaps) == search("octal:0.75").outcome(heaps) == "P"
    q._p = q._p.copy()
    q._p[q.element(heaps)] = False
    assert q.outcome(heaps) != search("octal:0.75").outcome(heaps)


@pytest.mark.parametrize("n, order, name", [(1, 2, "T1"), (2, 6, "T2"), (4, 10, "T3"), (8, 18, "T4")])
def test_misere_nim_gives_the_tame_quotients(n, order, name):
    q = quotient("nim", n)
    assert (q.order, len(q.p_portion), q.tame) == (order, 1 if n == 1 else 2, True)
    assert q.p_portion == (["a"] if n == 1 else ["a", "b²"])


def test_octal_075_to_heap_5_is_r8():
    q = quotient("octal:0.75", 5)
    assert q.order == 8 and not q.tame
    assert " ".join(q.elements) == "1 a b a b c"
    assert q.presentation == "⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩"
    assert q.p_portion == ["a", "b²"]
    assert q.generators == ["a", "b", "c"] and q.generator_heaps == [1, 2, 5]


def test_dawsons_kayles_small_heaps():
    q = quotient("octal:0.07", 6)
    assert (q.order, " ".join(q.elements)) == (6, "1 1 a a b 1 ab")
    assert quotient("octal:0.07", 1).presentation == "⟨ | ⟩" and quotient("octal:0.07", 1).order == 1


def test_dawsons_kayles_to_heap_30_has_order_360():
    q = quotient_of(grundy.ruleset("octal:0.07"), 30)  # Siegel's published figure
    assert q.order == 360


def all_facts(q: MisereQuotient) -> None:
    m, p = q._monoid, q._p
    assert q.order % 2 == 0 or q.order == 1
    assert not p[0]
    assert mon.restrict(m)[0].size == m.size  # onto
    assert mon.reduce(m, p)[0].size == m.size  # reduced
    games = [[] for _ in range(m.size)]
    for x in range(m.size):  # a game for every element, from the words
        for j, e in enumerate(q._words.exponents[x]):
            games[x] += [q.generator_heaps[j]] * e
        assert q.element(games[x]) == x
    table = mon.multiplication(m, games)
    for h in range(q.max_heap + 1):  # options' elements lie in the meximal set of the heap's element
        x = q.phi[h]
        for option in q.rules.options(h):
            t = q.element(option)
            assert not (p[table[x]] & p[table[t]]).any(), (h, option)
    if any(list(q.rules.options(h)) for h in range(q.max_heap + 1)):
        assert p.any()


@pytest.mark.parametrize("spec", sorted(GAMES))
def test_every_quotient_satisfies_the_facts(spec):
    all_facts(quotient(spec, GAMES[spec]))


@pytest.mark.parametrize("spec", ["octal:0.07", "kayles", "octal:0.75", "grundy-game"])
def test_orders_never_decrease(spec):
    orders = [quotient(spec, n).order for n in range(GAMES[spec] + 1)]
    assert orders == sorted(orders)


def bouton_misere(heaps):
    if all(h <= 1 for h in heaps):
        return "P" if sum(heaps) % 2 else "N"
    return "P" if reduce(lambda a, b: a ^ b, heaps, 0) == 0 else "N"


@given(st.lists(st.integers(0, 7), max_size=6))
@settings(max_examples=60, deadline=None, derandomize=True)
def test_a_tame_quotient_agrees_with_bouton_misere_rule(heaps):
    q = quotient("nim", 7)
    assert q.tame and q.outcome(heaps) == bouton_misere(heaps)


def test_a_wrong_rule_is_caught_by_the_bouton_comparison():
    assert bouton_misere([1, 1]) == "N" and quotient("nim", 7).outcome([1, 1]) == "N"
    assert quotient("nim", 7).outcome([1, 1, 1]) != bouton_misere([1, 1])


def test_winning_moves_lead_to_p_positions():
    q = quotient("kayles", 12)
    moves = q.winning_moves([3, 5, 7])
    assert moves and all(reason.startswith("moves to a P-position of the quotient: element ") for *_, reason in moves)
    for i, leaves, _ in moves:
        heaps = [3, 5, 7][:i] + [3, 5, 7][i + 1:] + list(leaves)
        assert search("kayles").outcome(heaps) == "P"


def test_periodic_games_are_complete_and_cover_every_heap():
    q = quotient_of(grundy.ruleset("subtraction:1,2"), 12)
    assert q.complete and q.complete_from_heap is not None and q.period is not None
    assert q.covers(10**6)
    far = [10**6 + 1, 3]
    assert q.outcome(far) == q.outcome([q.preperiod + (10**6 + 1 - q.preperiod) % q.period, 3])
    assert quotient("nim", 7).complete is False and not quotient("nim", 7).covers(8)
    with pytest.raises(GrundyError, match="past the quotient's max heap"):
        quotient("nim", 7).outcome([9])


def test_to_dict_keys():
    data = quotient("octal:0.75", 5).to_dict()
    assert set(data["quotient"]) == {"order", "presentation", "generators", "p_portion", "tame", "elements",
                                     "complete", "complete_from_heap", "preperiod", "period"}
    assert data["spec"] == "octal:0.75" and data["max_heap"] == 5


def test_non_heap_rulesets_are_refused_in_one_line():
    with pytest.raises(GrundyError, match="need a heap game") as caught:
        quotient_of(grundy.ruleset("wythoff"), 5)
    assert "\n" not in str(caught.value)
    with pytest.raises(GrundyError, match="non-negative integer"):
        quotient_of(grundy.ruleset("nim"), -1)


def test_the_work_budget_stops_a_large_quotient():
    with limits.budget(max_states=2000), pytest.raises(LimitError, match="misère quotient") as caught:
        quotient_of(grundy.ruleset("octal:0.07"), 30)
    assert caught.value.knob == "max_states" and "\n" not in str(caught.value)


def test_reduce_and_restrict_on_a_hand_made_monoid():
    m = mon.with_cyclic(mon.Monoid.trivial(2), [1], 2, 2)
    small, p, new = mon.reduce(m, np.array([False, True, False, True]))
    assert small.size == 2 and new.tolist() == [0, 1, 0, 1]
    small, p, new = mon.reduce(m, np.array([False, True, True, False]))
    assert small.size == 4  # nothing to merge: g and g³ differ (g·g ∈ P, g³·g ∉ P)


def candidates(spec: str, n: int):
    """Candidates met on the way (some failing, some verified), from the solver's own steps."""
    from grundy.quotient import solver

    seen = []
    original = solver._candidate

    def keep(monoid, options):
        found = original(monoid, options)
        seen.append(found)
        return found

    solver._candidate = keep
    try:
        solver.solve(grundy.ruleset(spec), n)
    finally:
        solver._candidate = original
    return seen


def test_compiled_marking_and_check_equal_the_python_ones():
    from grundy.quotient import fast, verify

    found = candidates("octal:0.07", 25)
    assert len(found) > 5
    failures = set()
    for c in found[::4]:
        slow = verify.mark_python(c.monoid, c.options)
        quick = verify.mark(c.monoid, c.options)
        assert slow.p.tolist() == quick.p.tolist() and slow.order == quick.order
        assert [slow.games[x] for x in slow.order] == [quick.games[x] for x in quick.order]
        tables = verify.option_tables(c.monoid, c.options)
        heaps = list(range(len(c.options)))
        python = verify.Checker(c.monoid, c.p, tables).start(heaps)
        compiled = fast.start(verify.Checker(c.monoid, c.p, tables), heaps)
        assert python == compiled
        failures.add(compiled is None)
    assert failures == {True, False}  # both verified and failing candidates were compared


def test_the_verification_catches_a_wrong_p_portion():
    from grundy.quotient import solver

    state = solver.solve(grundy.ruleset("octal:0.75"), 5)
    assert solver._failure(solver.State(state.monoid, state.p, state.marks, state.options)) is None
    for x in range(1, state.monoid.size):
        wrong = state.p.copy()
        wrong[x] = not wrong[x]
        assert solver._failure(solver.State(state.monoid, wrong, state.marks, state.options)) is not None, x


def test_dawsons_chess_is_dawsons_kayles_shifted_by_one():
    for n in (6, 12, 19):
        assert quotient("octal:0.137", n).order == quotient("octal:0.07", n + 1).order


def test_a_complete_quotient_answers_heaps_past_its_max_heap():
    q = quotient_of(grundy.ruleset("octal:0.75"), 24)
    assert q.order == 8 and q.complete and q.complete_from_heap <= 24
    assert q.covers(45) and q.to_dict()["quotient"]["period"] == q.period
    for heaps in ([25, 2], [27, 1, 1], [29], [26, 3], [31]):
        assert q.outcome(heaps) == search("octal:0.75").outcome(heaps), heaps
    assert quotient("octal:0.07", 14).complete is False  # not periodic yet: no claim past heap 14


def test_moves_that_do_not_shrink_every_heap_are_refused():
    from grundy.core.ruleset import Ruleset

    class Growing(Ruleset):
        spec = "growing"

        def moves(self, heap):
            return [heap + 1] if 0 < heap < 3 else []

    with pytest.raises(GrundyError, match="which is not smaller") as caught:
        quotient_of(Growing(), 4)
    assert "\n" not in str(caught.value)
