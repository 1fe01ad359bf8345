"""Smith's values of impartial games that may cycle (grundy.core.loopy), checked against plain references.

The references (grundy.core.loopy_brute) use no Smith shortcut: the outcome of every position of a
sum is the win / lose / draw retrograde analysis of the whole sum's product graph, and a labelling
is checked against the definition (conditions A, B, C with its counter). First, the comparison is
shown to catch a wrong rule.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import GrundyError, LimitError
from grundy.core.loopy import (
    INFINITE,
    PLAIN_UP_TO,
    LoopyValue,
    explore,
    graph_values,
    has_cycle,
    loopy_sum,
    loopy_values,
    plain_graph_values,
    vertex_value,
)
from grundy.core.loopy_brute import (
    brute_outcome,
    brute_outcomes,
    definition_faults,
    product_graph,
    product_index,
    smith_outcomes,
)

V = LoopyValue.parse


def csr(n: int, edges: list[tuple[int, int]], kind: type = np.int64) -> tuple[np.ndarray, np.ndarray]:
    """A graph on vertices 0..n-1 in CSR form."""
    offsets = np.zeros(n + 1, np.int64)
    for u, _ in edges:
        offsets[u + 1] += 1
    offsets = np.cumsum(offsets)
    targets = np.array([v for _, v in sorted(edges, key=lambda e: e[0])], kind)
    return offsets, targets


@st.composite
def digraphs(draw: st.DrawFn, most: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """A random digraph of 1..most vertices, self-loops and repeated edges allowed."""
    n = draw(st.integers(1, most))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))
    return csr(n, edges)


def values_of(graph: tuple[np.ndarray, np.ndarray]) -> list[LoopyValue]:
    offsets, targets = graph
    gamma, _ = graph_values(offsets, targets)
    return [vertex_value(gamma, offsets, targets, v) for v in range(len(offsets) - 1)]


# -- the comparison can fail -----------------------------------------------------------------------
def test_a_wrong_rule_is_caught_by_the_brute_force():
    """Treating ∞ as 0 (ordinary Sprague–Grundy on a cyclic graph) disagrees with the retrograde solve."""
    loop = csr(1, [(0, 0)])  # a token that can only pass: a draw
    assert brute_outcome([loop], (0,)) == "D"
    wrong = "P" if values_of(loop)[0].infinite else values_of(loop)[0].outcome
    assert wrong != brute_outcome([loop], (0,))
    pair = [csr(2, [(0, 1), (1, 0), (1, 1)]), csr(2, [(0, 1)])]
    wrong_sum = [loopy_sum(LoopyValue(v.finite or 0) for v in combo).outcome
                 for combo in ((a, b) for a in values_of(pair[0]) for b in values_of(pair[1]))]
    assert np.sum(np.array(wrong_sum) != brute_outcomes(pair)) > 0
    assert np.sum(smith_outcomes(pair) != brute_outcomes(pair)) == 0


def test_the_definition_check_can_fail():
    offsets, targets = csr(3, [(0, 1), (1, 0), (1, 2)])
    gamma, counter = graph_values(offsets, targets)
    assert gamma.tolist() == [0, 1, 0] and definition_faults(offsets, targets, gamma, counter) == []
    assert definition_faults(offsets, targets, np.array([-1, -1, 0]), counter)  # C: they could be finite
    assert definition_faults(offsets, targets, gamma, np.array([0, 2, 1]))  # B: counter goes the wrong way


# -- against the references -----------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(st.lists(digraphs(), min_size=1, max_size=3))
def test_smith_outcomes_of_sums_equal_the_retrograde_solve_of_the_product(graphs):
    assert smith_outcomes(graphs).tolist() == brute_outcomes(graphs).tolist()


@settings(max_examples=120, deadline=None)
@given(st.lists(digraphs(5), min_size=2, max_size=3))
def test_the_values_of_the_product_graph_are_the_generalised_nim_sums(graphs):
    parts = [values_of(g) for g in graphs]
    product = values_of(product_graph(graphs))
    sizes = [len(p) for p in parts]
    for position in np.ndindex(*sizes):
        expected = loopy_sum(part[x] for part, x in zip(parts, position, strict=True))
        assert product[product_index(sizes, position)] == expected, position


@settings(max_examples=150, deadline=None)
@given(digraphs())
def test_the_labelling_satisfies_the_definition(graph):
    offsets, targets = graph
    gamma, counter = graph_values(offsets, targets)
    assert definition_faults(offsets, targets, gamma, counter) == []
    for v in range(len(offsets) - 1):  # a self-loop is always ∞
        if v in targets[offsets[v]:offsets[v + 1]].tolist():
            assert gamma[v] == INFINITE


def test_the_kernel_gives_what_plain_python_gives():
    from grundy.kernels.loopy import graph_values as kernel

    rng = np.random.default_rng(31)
    for trial in range(60):
        n = int(rng.integers(1, 400))
        m = int(rng.integers(0, 4 * n))
        edges = list(zip(rng.integers(0, n, m).tolist(), (rng.random(m) * rng.integers(1, n + 1, m)).astype(int)
                         .tolist(), strict=True))
        offsets, targets = csr(n, edges, np.int32 if trial % 2 else np.int64)
        plain, compiled = plain_graph_values(offsets, targets), kernel(offsets, targets)
        assert plain[0].tolist() == compiled[0].tolist() and plain[1].tolist() == compiled[1].tolist()
        if trial < 5:
            assert definition_faults(offsets, targets, *compiled) == []


def test_graph_values_takes_the_kernel_above_the_threshold():
    n = PLAIN_UP_TO // 2
    rng = np.random.default_rng(5)
    edges = [(u, int(rng.integers(0, n))) if rng.random() < 0.2 else (u, int(rng.integers(0, u + 1)))
             for u in range(1, n) for _ in range(2)]
    offsets, targets = csr(n, edges, np.int32)
    assert len(offsets) - 1 + len(targets) > PLAIN_UP_TO
    gamma, counter = graph_values(offsets, targets)
    expected = plain_graph_values(offsets, targets)
    assert gamma.tolist() == expected[0].tolist() and counter.tolist() == expected[1].tolist()
    assert 0 < np.sum(gamma == INFINITE) < n


# -- the research notes' worked example ------------------------------------------------------------
EXAMPLE = {"a": ["b"], "b": ["a", "t"], "c": ["c", "t"], "d": ["c"], "t": []}


def test_the_worked_example():
    values = loopy_values(EXAMPLE.__getitem__, "abcdt", max_states=100)
    assert {p: str(v) for p, v in values.items()} == {"a": "0", "b": "1", "c": "∞{0}", "d": "0", "t": "0"}
    a, b, c, d = (values[p] for p in "abcd")
    assert [(x ^ y).outcome for x, y in ((b, b), (c, a), (c, b), (c, c), (c, d))] == ["P", "N", "D", "D", "N"]
    assert str(c ^ b) == "∞{1}" and str(c ^ c) == "∞"
    # from c + b only c -> c keeps the draw: every other move leaves a position the opponent wins
    after = {("c", "b"): "D", ("t", "b"): "N", ("c", "a"): "N", ("c", "t"): "N"}
    for (x, y), outcome in after.items():
        assert (values[x] ^ values[y]).outcome == outcome


def test_loopy_values_of_a_game_given_by_moves():
    values = loopy_values(lambda n: [(n + 1) % 4, (n + 2) % 4] if n < 4 else [], [0, 5], max_states=10)
    assert values == {0: V("∞"), 5: V("0")}


# -- values ----------------------------------------------------------------------------------------
def test_loopy_value_printing_parsing_and_sums():
    assert [str(V(t)) for t in ("0", "3", "∞", "∞{}", "∞{2,0}", "inf{0, 2}", "inf")] == [
        "0", "3", "∞", "∞", "∞{0,2}", "∞{0,2}", "∞"]
    assert V("∞{0,2}") == LoopyValue(None, frozenset({0, 2})) == LoopyValue.infinity([2, 0])
    assert V("3") ^ V("5") == V("6") and 3 ^ V("5") == V("6") and V("5") ^ 3 == V("6")
    assert V("∞{0,2}") ^ 1 == V("∞{1,3}") and V("∞{0,2}") ^ V("∞{1}") == V("∞")
    assert loopy_sum([]) == V("0") and loopy_sum([V("∞{0,2}"), V("1"), V("3")]) == V("∞{0,2}")
    assert [V(t).outcome for t in ("0", "4", "∞{0,3}", "∞{3}", "∞")] == ["P", "N", "N", "D", "D"]
    assert V("7").infinite is False and V("∞").infinite is True and V("7").finite == 7
    assert {V("1"), V("1"), V("∞{1}")} == {V("1"), V("∞{1}")}


@pytest.mark.parametrize("text", ["", "-1", "∞{", "∞{a}", "3{1}", "x", "∞{1,,2}"])
def test_a_malformed_loopy_value_is_one_clear_error(text):
    with pytest.raises(GrundyError, match="a loopy value is written like"):
        V(text)


def test_a_loopy_value_refuses_what_is_not_one():
    with pytest.raises(GrundyError):
        LoopyValue(-1)
    with pytest.raises(GrundyError):
        LoopyValue(2, frozenset({1}))
    with pytest.raises(TypeError):
        V("1") ^ "1"


# -- finding the positions ------------------------------------------------------------------------
def test_explore_numbers_the_roots_first_and_stops_at_the_state_budget():
    graph = explore(lambda n: [(n + 1) % 10], [7, 3, 7], max_states=10)
    assert graph.positions[:2] == [7, 3] and len(graph) == 10 and graph.index[7] == 0
    assert graph.followers(graph.index[9]).tolist() == [graph.index[0]]
    with pytest.raises(LimitError, match="more than 9 were found.*max_states") as caught:
        explore(lambda n: [(n + 1) % 10], [0], max_states=9)
    assert caught.value.knob == "max_states" and caught.value.limit == 9
    assert has_cycle(lambda n: [(n + 1) % 10], 0, 10) and not has_cycle(lambda n: [n - 1] if n else [], 50, 100)
