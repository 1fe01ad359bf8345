import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.core.engine import GrundyEngine
from grundy.core.errors import CycleError, LimitError
from grundy.core.nimber import mex


def recursive_value(graph, v, memo):
    """The definition, recursively (fine for the small graphs here)."""
    if v not in memo:
        memo[v] = mex(recursive_value(graph, w, memo) for w in graph[v])
    return memo[v]


@st.composite
def dags(draw):
    n = draw(st.integers(1, 40))
    return {v: sorted(draw(st.sets(st.integers(0, v - 1), max_size=5))) if v else [] for v in range(n)}


@given(dags())
def test_engine_matches_definition_on_random_dags(graph):
    engine = GrundyEngine(lambda v: graph[v])
    memo = {}
    for v in graph:
        assert engine.value(v) == recursive_value(graph, v, memo)


@given(dags(), st.data())
def test_splitting_options_xor(graph, data):
    # options that are pairs of vertices: value is mex of xors
    pairs = {v: [(a, b) for a in graph[v] for b in graph[v][:2]] for v in graph}
    engine = GrundyEngine(lambda v: pairs[v], splits=True)
    memo: dict = {}

    def value(v):
        if v not in memo:
            memo[v] = mex(value(a) ^ value(b) for a, b in pairs[v])
        return memo[v]

    v = data.draw(st.sampled_from(sorted(graph)))
    assert engine.value(v) == value(v)


def test_chain_of_a_million_positions_needs_no_recursion():
    limit = sys.getrecursionlimit()
    engine = GrundyEngine(lambda n: [n - 1] if n else [])
    assert engine.value(1_000_000) == 0  # alternating 0, 1: even n is a P-position
    assert engine.value(999_999) == 1
    assert sys.getrecursionlimit() == limit


def test_cycle_is_reported_not_looped():
    engine = GrundyEngine(lambda n: [(n + 1) % 5])
    with pytest.raises(CycleError, match="return to position"):
        engine.value(0)


def test_state_limit_fails_cleanly():
    engine = GrundyEngine(lambda n: [n - 1] if n else [], max_states=1000)
    with pytest.raises(LimitError, match="more than 1,000 positions"):
        engine.value(5000)
