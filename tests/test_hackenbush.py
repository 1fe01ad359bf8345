"""Green Hackenbush, tree-cut and leaf-forest: the colon and fusion principles, the winning-edge
kernel and the Bob-and-Ben closed form, each against the brute-force definition."""

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.errors import ComponentError, SpecError
from grundy.core.graphs import parse_graph, read_graph_file
from grundy.rulesets.hackenbush import brute_value, colon_value, fusion_value
from grundy.rulesets.leaf_forest import leaf_forest_value
from tests.helpers import check_position

HB = grundy.ruleset("hackenbush")
TC = grundy.ruleset("tree-cut")
LF = grundy.ruleset("leaf-forest")


# -- an independent definition: delete an edge, drop what falls, recurse --------------------------------
def naive_value(edges, memo=None):
    """Green Hackenbush from the rules alone (its own pruning, memo on the sorted edge tuple)."""
    memo = {} if memo is None else memo
    key = tuple(sorted(edges))
    if key not in memo:
        seen = set()
        for i in range(len(key)):
            seen.add(naive_value(grounded(key[:i] + key[i + 1:]), memo))
        m = 0
        while m in seen:
            m += 1
        memo[key] = m
    return memo[key]


def grounded(edges):
    reached, changed = {0}, True
    while changed:
        changed = False
        for u, v in edges:
            if (u in reached) != (v in reached):
                reached |= {u, v}
                changed = True
    return tuple(e for e in edges if e[0] in reached)


def random_tree(parents):
    """Vertex i + 1 hangs from a vertex numbered at most i."""
    return [(p % (i + 1), i + 1) for i, p in enumerate(parents)]


graphs = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=8)
trees = st.lists(st.integers(0, 50), max_size=9).map(random_tree)


# -- values ------------------------------------------------------------------------------------------------
@given(graphs)
def test_fusion_principle_matches_the_definition(edges):
    expected = naive_value(grounded([tuple(sorted(e)) for e in edges]))
    assert fusion_value(edges) == HB.grundy(edges) == expected
    assert HB.brute_grundy(edges) == expected


@given(trees)
def test_colon_principle_matches_the_definition(edges):
    expected = naive_value(grounded(edges))
    assert colon_value(edges) == fusion_value(edges) == expected
    assert TC.grundy(edges) == TC.brute_grundy(edges) == expected


def test_small_cases_by_a_plain_loop():
    for length in range(1, 8):
        cycle = [(i, (i + 1) % length) for i in range(length)]
        assert HB.grundy(cycle) == length % 2 == brute_value(cycle)
        stalk = [(i, i + 1) for i in range(length)]
        assert colon_value(stalk) == length == HB.brute_grundy(stalk)
        loops = [(0, 0)] * length
        assert HB.grundy(loops) == length % 2 == brute_value(loops)
        parallel = [(0, 1)] * length + [(1, 2)]
        assert HB.grundy(parallel) == naive_value(parallel)
    # a triangle on the ground with a stalk of two at its far corner: 1 xor (2 + ... ) fused: 1 ^ 2
    assert HB.grundy("0-1,1-2,2-0,2-3,3-4") == 3 == brute_value("0-1,1-2,2-0,2-3,3-4")
    assert HB.grundy("5-6,6-7") == 0  # nothing touches the ground


@pytest.mark.parametrize("seed", range(6))
def test_random_multigraphs_with_loops_by_a_plain_loop(seed):
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(1, 6)
        edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 9))]
        assert HB.grundy(edges) == naive_value(grounded([tuple(sorted(e)) for e in edges]))


def test_long_paths_and_big_trees_need_no_recursion():
    n = 200_000
    path = [(i, i + 1) for i in range(n)]
    assert colon_value(path) == n == fusion_value(np.array(path))
    assert TC.grundy(path) == n
    star = [(0, i) for i in range(1, n + 1)]
    assert colon_value(star) == n % 2
    broom = path + [(n, n + k) for k in range(1, 6)]  # 5 bristles worth 1 ^ 1 ^ 1 ^ 1 ^ 1 = 1 at the end
    assert colon_value(broom) == n + 1


# -- winning moves -------------------------------------------------------------------------------------------
def check_moves_to_value(rules, graph, value_of):
    graph = rules.validate(graph)
    values = {}
    for option in rules.options(graph):
        values[option] = value_of(option[0]) if option else 0
    for target in set(values.values()) | {0, 1, 2, 7}:
        expected = sorted(o for o, v in values.items() if v == target)
        assert sorted(rules.moves_to_value(graph, target)) == expected, (graph, target)


@given(graphs)
def test_winning_edges_match_the_definition(edges):
    check_moves_to_value(HB, edges, lambda g: naive_value(g))


@given(trees)
def test_tree_cut_winning_moves_match_the_definition(edges):
    check_moves_to_value(TC, edges, TC.brute_grundy)


def cactus(rng):
    edges, last, vertices = [], 0, [0]
    for _ in range(rng.randint(1, 12)):
        at, length = rng.choice(vertices), rng.randint(1, 7)
        ring = [at] + list(range(last + 1, last + length))
        last += length - 1
        edges += [(ring[i], ring[(i + 1) % length]) for i in range(length)]
        vertices += ring[1:]
        if rng.random() < 0.4:
            last += 1
            edges.append((rng.choice(vertices), last))
            vertices.append(last)
    return edges


def cycle_with_trees(rng):
    length = rng.randint(2, 60)
    edges = [(i, (i + 1) % length) for i in range(length)]
    top = length
    for _ in range(rng.randint(0, 25)):
        edges.append((rng.randrange(top), top))
        top += 1
    for _ in range(rng.randint(0, 3)):  # a few chords
        edges.append((rng.randrange(top), rng.randrange(top)))
    return edges


def sparse_graph(rng):
    n = rng.randint(2, 50)
    edges = [(rng.randrange(v), v) for v in range(1, n)]
    return edges + [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 10))]


@pytest.mark.parametrize("make", [cactus, cycle_with_trees, sparse_graph])
def test_winning_edges_on_larger_graphs_match_re_evaluation(make):
    """Larger than the brute force can do: each edge deleted and the rest valued by fusion (which
    the tests above check against the definition); long cut-pair cycles exercise the chain trie."""
    rng = random.Random(make.__name__)
    for _ in range(60):
        check_moves_to_value(HB, make(rng), fusion_value)


def test_winning_move_on_a_long_path_and_a_long_cycle():
    n = 100_000
    path = tuple((i, i + 1) for i in range(n))
    (option,) = HB.moves_to_value(path, 12345)
    assert option == (path[:12345],)
    length = 5000
    ring = [tuple(sorted((k, (k + 1) % length))) for k in range(length)]
    graph = HB.validate(ring + [(0, length)])  # an even cycle (0) and a stalk of 1 at the ground: worth 1
    assert HB.grundy(graph) == 1
    # cutting cycle edge k leaves stalks of k and length - 1 - k edges beside the stalk of 1
    for target in (0, 1 ^ 0 ^ 4999, 1 ^ 1000 ^ 3999, 1 ^ 2 ^ 4997):
        expected = [(tuple(sorted(e for e in graph if e != ring[k])),) for k in range(length)
                    if k ^ (length - 1 - k) ^ 1 == target]
        if target == 0:
            expected.append((tuple(sorted(ring)),))  # only cutting the stalk leaves 0
        assert sorted(HB.moves_to_value(graph, target)) == sorted(expected)
        assert len(expected) >= 1 + (target != 0)


# -- sums --------------------------------------------------------------------------------------------------
small_graphs = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=4)


@given(st.lists(small_graphs, min_size=1, max_size=3))
def test_hackenbush_sums_against_search(components):
    check_position(HB, [HB.validate(c) for c in components])


@given(st.lists(st.lists(st.integers(0, 9), max_size=4).map(random_tree), min_size=1, max_size=3))
def test_tree_cut_sums_against_search(components):
    check_position(TC, [TC.validate(c) for c in components])


@given(st.lists(st.lists(st.integers(0, 9), max_size=4).map(random_tree), min_size=1, max_size=3))
def test_leaf_forest_sums_against_search(components):
    check_position(LF, [LF.validate(c or "0") for c in components])


def test_moves_are_explained_by_the_edge_to_cut():
    s = grundy.solve("hackenbush", ["0-1,1-2,2-3", "0-1"])
    assert (s.outcome, s.grundy, s.winning_move_count) == ("N", 2, 1)
    move = s.winning_moves[0]
    assert move.option == (((0, 1),),)
    assert move.why.startswith("cut edge 1–2: graph 1 goes from 3 to 1")
    lost = grundy.solve("hackenbush", ["0-1,1-2", "0-1,0-1,0-2,2-3"])  # 2 ^ 2
    assert (lost.outcome, lost.winning_moves) == ("P", [])
    data = grundy.solve("hackenbush", ["0-1,1-2,2-0,2-3"]).to_dict()
    assert data["grundy"] == 0 and data["outcome"] == "P"
    ring = grundy.solve("hackenbush", ["0-1,1-2,2-0"])  # worth 1: cutting 1-2 leaves two stalks of 1
    assert [m.why for m in ring.winning_moves] == [
        "cut edge 1–2: this graph goes from 1 to 0, leaving the opponent a lost position"]
    tree = grundy.solve("tree-cut", ["0-1,1-2,1-3,0-4"])  # 0: (1 ^ 1) + 1 = 1 from vertex 1, 1 from vertex 4
    assert tree.outcome == "P" and TC.grundy("0-1,1-2,1-3,0-4") == 0
    assert "this tree goes from 2 to 0" in grundy.solve("tree-cut", ["0-1,1-2"]).winning_moves[0].why


# -- leaf-forest (Bob and Ben) -------------------------------------------------------------------------------
def naive_leaf_forest(tree, memo={}):  # noqa: B006 - a memo shared between calls on purpose
    """Remove a leaf (degree <= 1) or, if some degree >= 2, the whole tree; a tree is (vertices, edges)."""
    vertices, edges = tree
    key = (frozenset(vertices), frozenset(edges))
    if key not in memo:
        degree = {v: 0 for v in vertices}
        for u, v in edges:
            degree[u] += 1
            degree[v] += 1
        seen = {0} if max(degree.values()) >= 2 else set()
        for leaf in (v for v, d in degree.items() if d <= 1):
            rest = (vertices - {leaf}, frozenset(e for e in edges if leaf not in e))
            seen.add(naive_leaf_forest(rest) if rest[0] else 0)
        m = 0
        while m in seen:
            m += 1
        memo[key] = m
    return memo[key]


@given(st.lists(st.integers(0, 50), max_size=8).map(random_tree))
def test_leaf_forest_closed_form_matches_the_definition(edges):
    component = edges or "0"
    vertices = frozenset(range(len(edges) + 1))
    expected = naive_leaf_forest((vertices, frozenset(edges)))
    assert LF.grundy(component) == LF.brute_grundy(component) == expected
    assert leaf_forest_value(len(vertices)) == expected
    check_moves_to_value(LF, component, LF.grundy)


def test_leaf_forest_values_by_size():
    assert [leaf_forest_value(n) for n in range(1, 9)] == [1, 0, 1, 2, 1, 2, 1, 2]
    assert LF.grundy("7") == 1 and LF.format_component(LF.validate("7")) == "7"
    assert sorted(LF.options("3-4")) == [(((3,),),), (((4,),),)]
    assert sorted(LF.options("0-1,1-2")) == [(), (((0, 1),),), (((1, 2),),)]


# -- input forms and errors ----------------------------------------------------------------------------------
def test_components_in_every_form():
    expected = ((0, 1), (0, 2), (1, 2), (2, 3))
    assert HB.validate("2-0, 0-1,1-2,3-2") == expected
    assert HB.validate([(2, 0), [0, 1], (1, 2), (3, 2)]) == expected
    assert HB.validate(np.array([[2, 0], [0, 1], [1, 2], [3, 2]])) == expected
    assert HB.parse_component("0-1,1-2,2-0,2-3,7-8") == expected  # 7-8 does not touch the ground
    assert HB.format_component(expected) == "0-1,0-2,1-2,2-3"
    assert HB.validate("0") == () and HB.format_component(()) == "0" and HB.grundy(()) == 0
    assert parse_graph("0-1,1-1,5") == ((0, 1), (1, 1), (5,))
    assert fusion_value(np.array([[0, 10**12], [10**12, 0]])) == 0  # huge labels are renumbered
    assert fusion_value(np.array([[0, 10**12], [10**12, 0], [0, 10**12]])) == 1


def test_networkx_graphs_are_components():
    nx = pytest.importorskip("networkx")
    g = nx.MultiGraph([(0, 1), (1, 2), (2, 0), (2, 0), (2, 2), (2, 3)])
    assert HB.validate(g) == ((0, 1), (0, 2), (0, 2), (1, 2), (2, 2), (2, 3))
    assert HB.grundy(g) == naive_value(HB.validate(g))
    assert TC.grundy(nx.balanced_tree(2, 3)) == colon_value(list(nx.balanced_tree(2, 3).edges()))
    with pytest.raises(ComponentError, match="undirected"):
        HB.validate(nx.DiGraph([(0, 1)]))
    with pytest.raises(ComponentError, match="not a vertex number"):
        HB.validate(nx.Graph([("a", "b")]))
    with pytest.raises(ComponentError, match="not a vertex number 0..999,999,999,999,999,999"):
        HB.validate(nx.Graph([(0, 10**22)]))
    with pytest.raises(ComponentError, match="not an edge"):
        HB.validate([(0, 10**22)])


def test_bridges_agree_with_networkx():
    """The fusion step against networkx.bridges: fuse every 2-edge-connected part with networkx, then
    value the tree of parts by the colon principle."""
    nx = pytest.importorskip("networkx")
    rng = random.Random(7)
    for _ in range(40):
        n = rng.randint(2, 40)
        edges = [(rng.randrange(v), v) for v in range(1, n)]
        edges += [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, n))]
        g = nx.MultiGraph(edges)
        bridges = {tuple(sorted(e)) for e in nx.bridges(g)}
        parts = nx.MultiGraph(e for e in edges if tuple(sorted(e)) not in bridges)
        parts.add_nodes_from(range(n))
        part_of = {v: i for i, c in enumerate(nx.connected_components(parts)) for v in c}
        fused = [(part_of[u], part_of[v]) for u, v in bridges]
        loops = {}
        for u, v in edges:
            if tuple(sorted((u, v))) not in bridges:
                loops[part_of[u]] = loops.get(part_of[u], 0) + 1
        top = max(part_of.values()) + 1
        for p, count in loops.items():  # each part carries (edges mod 2) loops: a stalk of one edge
            if count % 2:
                fused.append((p, top))
                top += 1
        relabel = {part_of[0]: 0, 0: part_of[0]}
        fused = [(relabel.get(u, u), relabel.get(v, v)) for u, v in fused]
        assert fusion_value(edges) == colon_value(fused)


def test_read_edge_file(tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("# a triangle with a tail\n0 1\n\n1 2   # second\n2 0\n3 2\n")
    assert read_graph_file(good) == ((0, 1), (0, 2), (1, 2), (2, 3))
    assert HB.grundy(read_graph_file(good)) == 0
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1\n# fine\n1 x\n")
    with pytest.raises(ComponentError, match=r"line 3: expected an edge 'u v'.*'1 x'"):
        read_graph_file(bad)
    bad.write_text("0 1 2\n")
    with pytest.raises(ComponentError, match="line 1"):
        read_graph_file(bad)
    bad.write_text("0 -1\n")
    with pytest.raises(ComponentError, match="line 1"):
        read_graph_file(bad)
    with pytest.raises(ComponentError, match="no such graph file"):
        read_graph_file(tmp_path / "missing.txt")
    with pytest.raises(ComponentError, match="a directory, not a regular file"):
        read_graph_file(tmp_path)


@pytest.mark.parametrize("text, match", [
    ("0-1,a-2", r"'a-2' \(item 2"),
    ("0-1-2", "not an edge u-v"),
    ("0-1,,1-2", "item 2"),
    ("-1-2", "not an edge"),
])
def test_bad_tokens_are_refused(text, match):
    with pytest.raises(ComponentError, match=match):
        HB.parse_component(text)


def test_bad_components_are_refused():
    with pytest.raises(ComponentError, match="not an edge"):
        HB.validate([(0, 1, 2)])
    with pytest.raises(ComponentError, match="not an edge"):
        HB.validate([(0, -1)])
    with pytest.raises(ComponentError, match="not an edge"):
        HB.validate([(True, 1)])
    with pytest.raises(ComponentError, match="shape"):
        HB.validate(np.zeros((3, 3), dtype=np.int64))
    with pytest.raises(ComponentError, match="is not a component"):
        HB.validate(5)
    with pytest.raises(ComponentError, match="heap-size"):
        HB.values(5)
    with pytest.raises(ComponentError, match="closes a cycle"):
        colon_value("0-1,1-2,2-0")


@pytest.mark.parametrize("text, match", [
    ("0-1,1-2,2-0", "edge 1-2 closes a cycle"),
    ("0-1,1-1", "edge 1-1 is a loop"),
    ("0-1,0-1", "edge 0-1 appears twice"),
    ("0-1,2-3", "edge 2-3 is not joined to the root 0"),
    ("0-1,5", "vertex 5 is not joined to the root 0"),
])
def test_tree_cut_refuses_what_is_not_a_tree(text, match):
    with pytest.raises(ComponentError, match=match):
        TC.parse_component(text)


@pytest.mark.parametrize("text, match", [
    ("1-2,2-3,3-1", "closes a cycle"),
    ("1-2,1-2", "appears twice"),
    ("4-4", "is a loop"),
    ("0-1,2-3", "falls into 2 pieces"),
    ("", "empty tree"),
])
def test_leaf_forest_refuses_what_is_not_one_tree(text, match):
    with pytest.raises(ComponentError, match=match):
        LF.parse_component(text)


@pytest.mark.parametrize("spec", ["hackenbush:3", "tree-cut:x", "leaf-forest:1"])
def test_specs_take_no_parameters(spec):
    with pytest.raises(SpecError, match="takes no parameters"):
        grundy.ruleset(spec)


def test_registered_in_the_graph_family():
    names = {e.name: e.family for e in grundy.catalogue()}
    assert {names["hackenbush"], names["tree-cut"], names["leaf-forest"]} == {"graph games"}
