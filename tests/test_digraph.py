"""Tokens on a directed graph that may cycle (``digraph:``): spec and file forms, Smith's values of the
whole graph against the plain labelling of what one vertex reaches, sums against the retrograde solve
of the product, and bad input as one clear error."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.core.errors import ComponentError, GrundyError, SpecError
from grundy.core.loopy import explore, graph_values, loopy_sum, vertex_value
from grundy.core.loopy_brute import brute_outcome
from grundy.rulesets.digraph import DigraphGame, digraph_ruleset
from tests.helpers import one_error_line, run_cli

EXAMPLE = "digraph:1-2,2-1,2-5,3-3,3-5,4-3"  # the research notes' a, b, c, d, t as 1, 2, 3, 4, 5


def test_the_spec_gives_smiths_values():
    game = grundy.ruleset(EXAMPLE)
    assert isinstance(game, DigraphGame) and game.loopy is True
    assert {v: str(x) for v, x in game.vertex_values().items()} == {1: "0", 2: "1", 3: "∞{0}", 4: "0", 5: "0"}
    assert game.moves(3) == [3, 5] and game.moves(5) == []
    assert game.grundy(2) == 1 and game.brute_grundy(4) == 0
    assert game.loopy_counter(5) == 0 and game.loopy_counter(3) is None
    assert game.arrays()[1].tolist() == [0, 1, -1, 0, 0]


def test_an_infinite_vertex_has_no_grundy_value_and_says_its_value():
    game = grundy.ruleset(EXAMPLE)
    for ask in (game.grundy, game.brute_grundy):
        with pytest.raises(GrundyError, match=r"vertex 3 .* Smith's theory .* is ∞\{0\}"):
            ask(3)


def test_the_file_form_and_python_forms_give_the_same_game(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("# the worked example\n1 2\n2 1\n2 5\n3 3  # a self-loop\n3 5\n4 3\n")
    import networkx as nx

    forms = [grundy.ruleset(f"digraph:{path}"), digraph_ruleset(path),
             digraph_ruleset([(1, 2), (2, 1), (2, 5), (3, 3), (3, 5), (4, 3)]),
             digraph_ruleset(np.array([[1, 2], [2, 1], [2, 5], [3, 3], [3, 5], [4, 3]])),
             digraph_ruleset(nx.DiGraph([(1, 2), (2, 1), (2, 5), (3, 3), (3, 5), (4, 3)]))]
    expected = grundy.ruleset(EXAMPLE).vertex_values()
    assert all(f.vertex_values() == expected for f in forms)
    assert forms[0].spec == f"digraph:{path}"


@pytest.mark.parametrize("spec, message", [
    ("digraph:1-2,2--3", "digraph: an edge is written u-v"),
    ("digraph:1-2,-3", "digraph: an edge is written u-v"),
    ("digraph:missing-file.txt", "digraph: no such file"),
    ("digraph", "needs parameters"),
])
def test_bad_specs_are_one_clear_error(spec, message):
    with pytest.raises(SpecError, match=message):
        grundy.ruleset(spec)
    code, _, err = run_cli("solve", spec, "1")
    assert code == 2 and message in one_error_line(err)


def test_a_bad_line_of_a_file_and_a_bad_vertex_are_named(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("1 2\n2 x\n")
    with pytest.raises(GrundyError, match="line 2"):
        grundy.ruleset(f"digraph:{path}")
    with pytest.raises(ComponentError, match="7 is not a vertex of digraph:1-2"):
        grundy.ruleset("digraph:1-2,2-1").loopy_value(7)
    with pytest.raises(GrundyError, match="no edges"):
        digraph_ruleset([])


@st.composite
def edge_lists(draw: st.DrawFn) -> list[tuple[int, int]]:
    labels = draw(st.lists(st.integers(0, 10**12), min_size=1, max_size=7, unique=True))
    pick = st.sampled_from(labels)
    return draw(st.lists(st.tuples(pick, pick), min_size=1, max_size=14))


@settings(max_examples=100, deadline=None)
@given(edge_lists(), st.data())
def test_values_and_sums_equal_the_plain_references(edges, data):
    """Each vertex's value from the whole graph equals the plain labelling of what it reaches; the
    outcome of a sum of tokens by Smith's rule equals the retrograde solve of the product."""
    game = digraph_ruleset(edges)
    vertices = sorted({v for e in edges for v in e})
    for v in vertices:
        alone = explore(game.moves, [v], max_states=100)
        gamma, _ = graph_values(alone.offsets, alone.targets)
        assert vertex_value(gamma, alone.offsets, alone.targets, 0) == game.loopy_value(v)
    tokens = data.draw(st.lists(st.sampled_from(vertices), min_size=1, max_size=3))
    graphs = [explore(game.moves, [t], max_states=100) for t in tokens]
    expected = brute_outcome([(g.offsets, g.targets) for g in graphs], (0,) * len(tokens))
    assert loopy_sum(game.loopy_value(t) for t in tokens).outcome == expected


def test_the_registered_examples_agree_with_the_retrograde_solve():
    """What the catalogue checks for every ruleset, for this one: its examples, by the plain reference."""
    entry = next(e for e in grundy.catalogue() if e.name == "digraph")
    outcomes = []
    for example in entry.examples:
        spec, *tokens = example.split()
        game = grundy.ruleset(spec)
        components = [game.parse_component(t) for t in tokens]
        graphs = [explore(game.moves, [c], max_states=100) for c in components]
        expected = brute_outcome([(g.offsets, g.targets) for g in graphs], (0,) * len(components))
        assert loopy_sum(game.loopy_value(c) for c in components).outcome == expected
        outcomes.append(expected)
    assert outcomes == ["D", "N"]
