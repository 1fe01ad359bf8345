"""Tokens on a DAG: the kernel against the definition, sums, cycles, bad input; AGC 016 F counting."""

import random
from functools import cache

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.engine import GrundyEngine
from grundy.core.errors import ComponentError, CycleError, GrundyError, LimitError, SpecError
from grundy.core.graphs import parse_edge_lines
from grundy.rulesets.dag import count_first_player_wins, dag_ruleset, find_cycle
from tests.helpers import check_position


@st.composite
def dags(draw, max_n=9, max_edges=20):
    """Edges of a random DAG (parallel edges allowed) on dense or sparse (some huge) labels."""
    n = draw(st.integers(2, max_n))
    labels = draw(st.one_of(
        st.permutations(range(n)),
        st.lists(st.integers(0, 60), min_size=n, max_size=n, unique=True),
        st.lists(st.integers(0, 10**15), min_size=n, max_size=n, unique=True),
    ))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] != p[1]),
                          min_size=1, max_size=max_edges))
    return [(labels[min(a, b)], labels[max(a, b)]) for a, b in pairs]


def vertices_of(edges):
    return sorted({v for e in edges for v in e})


# -- values ----------------------------------------------------------------------------------------
@given(dags())
def test_kernel_values_match_the_definition(edges):
    rules = dag_ruleset(edges)
    assert sorted(rules.vertex_values()) == vertices_of(edges)
    for v in vertices_of(edges):
        assert rules.grundy(v) == rules.brute_grundy(v)
        assert sorted(rules.moves(v)) == sorted(b for a, b in edges if a == v)


def test_kernel_matches_engine_on_a_larger_random_dag():
    rng = random.Random(5)
    n, order = 3000, list(range(3000))
    rng.shuffle(order)
    edges = []
    for _ in range(20000):
        a, b = sorted(rng.sample(range(n), 2))
        edges.append((order[a], order[b]))
    successors = {v: [] for v in range(n)}
    for a, b in edges:
        successors[a].append(b)
    engine = GrundyEngine(lambda v: successors[v])
    rules = dag_ruleset(edges)
    vertices, values = rules.arrays()
    assert [engine.value(v) for v in vertices.tolist()] == values.tolist()
    assert values.max() > 3


def test_a_long_path_needs_no_recursion():
    n = 300_000
    rules = dag_ruleset(np.stack([np.arange(n - 1), np.arange(1, n)], axis=1))
    vertices, values = rules.arrays()
    assert np.array_equal(values, (n - 1 - vertices) % 2)


@given(dags(max_n=7, max_edges=12), st.data())
def test_tokens_are_a_sum(edges, data):
    rules = dag_ruleset(edges)
    tokens = data.draw(st.lists(st.sampled_from(vertices_of(edges)), min_size=1, max_size=3))
    check_position(rules, tokens)


def test_solve_a_position_with_three_tokens():
    rules = dag_ruleset([(0, 1), (1, 2), (0, 2), (2, 3)])
    assert rules.vertex_values() == {0: 2, 1: 0, 2: 1, 3: 0}
    s = grundy.solve(rules, [0, 2, 3])
    assert (s.grundy, s.outcome) == (3, "N")
    assert [(m.index, m.option) for m in s.winning_moves] == [(0, (2,))]


# -- inputs ----------------------------------------------------------------------------------------
def test_inputs_of_every_kind_give_the_same_game(tmp_path):
    edges = [(4, 7), (7, 9), (4, 9), (9, 12)]
    path = tmp_path / "g.txt"
    path.write_text("# a small DAG\n4 7\n\n7   9  # middle\r\n4\t9\n9 12\n")
    expected = {4: 2, 7: 0, 9: 1, 12: 0}  # G(12) = 0, G(9) = 1, G(7) = 0, G(4) = mex{0, 1}
    for source in (edges, np.array(edges), np.array(edges, dtype=np.uint32), path, str(path),
                   [list(e) for e in edges], iter(edges)):
        assert dag_ruleset(source).vertex_values() == expected
    spec = grundy.ruleset(f"dag:{path}")
    assert spec.vertex_values() == expected and spec.spec == f"dag:{path}"
    assert grundy.solve(spec, [4, 7]).outcome == "N"


class FakeDiGraph:
    """The part of the networkx graph interface that dag_ruleset uses."""

    def __init__(self, nodes, edges, directed=True):
        self._nodes, self._edges, self._directed = nodes, edges, directed

    def nodes(self):
        return list(self._nodes)

    def edges(self):
        return list(self._edges)

    def is_directed(self):
        return self._directed


def test_graph_objects_keep_isolated_vertices():
    rules = dag_ruleset(FakeDiGraph([0, 1, 2, 5], [(0, 1), (1, 2)]))
    assert rules.vertex_values() == {0: 0, 1: 1, 2: 0, 5: 0}
    assert rules.moves(5) == []
    with pytest.raises(GrundyError, match="directed graph"):
        dag_ruleset(FakeDiGraph([0, 1], [(0, 1)], directed=False))
    with pytest.raises(GrundyError, match="vertex 'a'"):
        dag_ruleset(FakeDiGraph(["a", 1], [("a", 1)]))


def test_networkx_graphs():
    nx = pytest.importorskip("networkx")
    g = nx.DiGraph([(0, 1), (1, 2), (0, 2)])
    g.add_node(7)
    assert dag_ruleset(g).vertex_values() == {0: 2, 1: 1, 2: 0, 7: 0}
    with pytest.raises(CycleError):
        dag_ruleset(nx.DiGraph([(0, 1), (1, 0)]))


@pytest.mark.parametrize("text, line", [
    ("0 1\n2\n", 2),
    ("0 1\n\n# note\n1 x\n", 4),
    ("0 -1\n", 1),
    ("0 1 2\n", 1),
    ("1.5 2\n", 1),
    ("0 1\n99999999999999999999999 1\n", 2),
    ("0 1\n1 2 # ok\n2,3\n", 3),
])
def test_bad_lines_are_named(tmp_path, text, line):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    bad = text.splitlines()[line - 1].strip()
    with pytest.raises(GrundyError, match=f"line {line}: expected an edge 'u v'") as error:
        dag_ruleset(path)
    assert repr(bad) in str(error.value) and str(path) in str(error.value)
    with pytest.raises(GrundyError, match=f"line {line}:"):
        grundy.ruleset(f"dag:{path}")


def test_empty_and_missing_files(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing here\n\n")
    assert parse_edge_lines(empty.read_text())[0].shape == (0, 2)
    with pytest.raises(GrundyError, match="no edges"):
        dag_ruleset(empty)
    with pytest.raises(SpecError, match="no such file 'nowhere/at/all.txt'"):
        grundy.ruleset("dag:nowhere/at/all.txt")
    with pytest.raises(GrundyError, match="no such graph file"):
        dag_ruleset(tmp_path / "missing.txt")
    with pytest.raises(SpecError, match="needs parameters"):
        grundy.ruleset("dag")


@pytest.mark.parametrize("edges, what", [
    ([(0, 1), (1, -2)], "edge 1 is"),
    ([(0, 1, 2)], "edge 0 is"),
    ([(True, 1)], "edge 0 is"),
    ([(0, 1.5)], "edge 0 is"),
    ([(0, 2**70)], "edge 0 is"),
    ([], "no edges"),
    (5, "a graph is given by"),
    (np.array([[0.0, 1.0]]), "edge 0 is"),
    (np.array([[0, -1]]), "edge 0 is"),
])
def test_bad_python_edges(edges, what):
    with pytest.raises(GrundyError, match=what):
        dag_ruleset(edges)


def test_components_must_be_vertices():
    rules = dag_ruleset([(1, 2), (2, 5)])
    for bad in (0, 3, 6, -1, (1, 2), "x"):
        with pytest.raises(ComponentError, match="vertex of the graph"):
            rules.grundy(bad)
    with pytest.raises(ComponentError, match="3 is not a vertex of dag"):
        rules.parse_component("3")
    assert rules.parse_component("5") == 5
    with pytest.raises(ComponentError, match="vertex"):
        grundy.solve(rules, [1, 4])
    with pytest.raises(ComponentError, match="vertex_values"):
        rules.values(3)
    with pytest.raises(ComponentError, match="heap-size"):
        grundy.period(rules)


# -- cycles ----------------------------------------------------------------------------------------
def assert_is_cycle_of(cycle, edges):
    assert cycle and len(set(cycle)) == len(cycle)
    edge_set = set(edges)
    for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True):
        assert (a, b) in edge_set


@given(dags(max_n=12, max_edges=25), st.data())
def test_a_planted_cycle_is_found_and_named(edges, data):
    vertices = vertices_of(edges)
    loop = data.draw(st.lists(st.sampled_from(vertices), min_size=1, max_size=5, unique=True))
    planted = edges + [(a, b) for a, b in zip(loop, loop[1:] + loop[:1], strict=True)]
    planted = data.draw(st.permutations(planted))
    with pytest.raises(CycleError, match="the graph has a cycle: .*tokens on a graph need an acyclic graph") as error:
        dag_ruleset(planted)
    cycle = error.value.cycle
    assert_is_cycle_of(cycle, planted)
    shown = " -> ".join(map(str, cycle + cycle[:1]))
    assert shown in str(error.value)
    assert find_cycle(planted) == cycle and find_cycle(edges) is None


def test_long_cycles_are_shortened_and_files_checked(tmp_path):
    n = 200_000
    ring = [(i, (i + 1) % n) for i in range(n)] + [(5, 10**6)]
    with pytest.raises(CycleError, match=r"-> \.\.\. -> 0 \(200,000 vertices\)") as error:
        dag_ruleset(ring)
    assert_is_cycle_of(error.value.cycle, ring)
    path = tmp_path / "loop.txt"
    path.write_text("0 1\n3 3\n")
    with pytest.raises(CycleError, match="cycle: 3 -> 3;"):
        grundy.ruleset(f"dag:{path}")


# -- counting: AGC 016 F ---------------------------------------------------------------------------
def wins_by_enumeration(n, edges):
    """Try every subset of the edges: count those with G(1) != G(2) (memoized search per subset)."""
    wins = 0
    for mask in range(1 << len(edges)):
        kept = [e for i, e in enumerate(edges) if mask >> i & 1]

        @cache
        def value(v, kept=tuple(kept)):
            taken = {value(b) for a, b in kept if a == v}
            g = 0
            while g in taken:
                g += 1
            return g

        wins += value(1) != value(2)
    return wins


def test_contest_samples():
    assert count_first_player_wins(2, [(1, 2)]) == 1
    assert count_first_player_wins(3, [(1, 2), (1, 3), (2, 3)]) == 6
    assert count_first_player_wins(4, [(1, 3), (2, 4)]) == 2


@given(st.integers(2, 6), st.data())
def test_counting_matches_enumeration(n, data):
    pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
    edges = data.draw(st.lists(st.sampled_from(pairs), unique=True, max_size=9))
    assert count_first_player_wins(n, edges) == wins_by_enumeration(n, edges)


@given(st.integers(2, 15), st.data())
def test_counting_with_many_vertices_and_any_orientation(n, data):
    order = data.draw(st.permutations(range(1, n + 1)))
    pairs = [(order[i], order[j]) for i in range(n) for j in range(i + 1, n)]
    edges = data.draw(st.lists(st.sampled_from(pairs), unique=True, max_size=8))
    expected = wins_by_enumeration(n, edges)
    assert count_first_player_wins(n, edges) == expected
    assert count_first_player_wins(n, edges, modulus=7) == expected % 7


def test_counting_on_the_complete_dag_of_six_vertices():
    edges = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)]
    assert count_first_player_wins(6, edges) == wins_by_enumeration(6, edges)


def test_counting_large_n_is_reduced_mod_p():
    edges = [(a, b) for a in range(1, 16) for b in range(a + 1, 16)]
    count = count_first_player_wins(15, edges)
    assert 0 <= count < 10**9 + 7
    assert count == count_first_player_wins(15, list(reversed(edges)))


@pytest.mark.parametrize("n, edges, error, what", [
    (1, [], GrundyError, "n must be an integer >= 2"),
    (True, [], GrundyError, "n must be"),
    (19, [], LimitError, "too large"),
    (3, [(0, 1)], GrundyError, r"vertices are numbered 1\.\.3"),
    (3, [(1, 4)], GrundyError, r"vertices are numbered 1\.\.3"),
    (3, [(1, 2), (1, 2)], GrundyError, "given twice"),
    (3, [(1, 2), (2, 3), (3, 1)], CycleError, "1 -> 2 -> 3 -> 1"),
    (3, [(2, 2)], CycleError, "2 -> 2"),
])
def test_counting_rejects_bad_input(n, edges, error, what):
    with pytest.raises(error, match=what):
        count_first_player_wins(n, edges)
    with pytest.raises(GrundyError, match="modulus"):
        count_first_player_wins(3, [(1, 2)], modulus=1)


def test_edges_written_in_the_spec_are_the_edge_file(tmp_path):
    """dag:1-2,2-3 (u-v from u to v) is the graph of the file with lines 'u v'; a bad edge is named."""
    graph = tmp_path / "g.txt"
    graph.write_text("1 2\n2 3\n1 3\n3 4\n")
    inline = grundy.ruleset("dag:1-2,2-3,1-3,3-4")
    assert inline.vertex_values() == dag_ruleset(graph).vertex_values() == {1: 2, 2: 0, 3: 1, 4: 0}
    assert grundy.ruleset("dag:2-1").vertex_values() == {1: 0, 2: 1}  # the direction is kept
    with pytest.raises(SpecError, match="not '2--3'"):
        grundy.ruleset("dag:1-2,2--3")
    with pytest.raises(SpecError, match="dag:1-2,2-3 .from u to v."):
        grundy.ruleset("dag:1-2,2-x")
