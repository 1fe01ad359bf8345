"""The shortcuts of Snort and Col (issue 29): Col valued as numbers and stars by the theorem that
every Col position is x or x* (Winning Ways ch. 2, "Col"; :mod:`grundy.partizan.col_values`), the
bitmask moves and pieces, and the keys of paths read off the masks, all checked against the general
search (the canonical-form algebra on every position, no theorem), under the work budget."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import budget
from grundy.cgt.game import nimber, number
from grundy.core.errors import LimitError
from grundy.partizan import col_values
from grundy.partizan.graph_pieces import BRUTE_VERTICES, Board, along_path, piece_key, pieces, relabel
from grundy.partizan.snort_col import Col
from grundy.partizan.values import Values, value

CHECKS = settings(max_examples=200, deadline=None)


class GeneralCol(Col):
    """Col valued by the general search alone (no theorem)."""

    def known_value(self, position):
        return None


def _position(draw, most: int = 8) -> tuple[str, tuple]:
    """A random tinted graph: a path, a cycle or any graph, perhaps disconnected, labels shuffled."""
    n = draw(st.integers(1, most))
    shape = draw(st.sampled_from(["path", "cycle", "any", "any"]))
    if shape == "any":
        pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
        edges = [p for p in pairs if draw(st.booleans())]
    else:
        edges = [(i, i + 1) for i in range(n - 1)] + ([(0, n - 1)] if shape == "cycle" and n > 2 else [])
    order = draw(st.permutations(range(n)))
    tints = "".join(draw(st.sampled_from("..lr")) for _ in range(n))
    return relabel(tints, edges, order)


@CHECKS
@given(st.data())
def test_col_by_the_theorem_is_the_general_search(data):
    position = _position(data.draw, 7)
    col, general = Col(), GeneralCol()
    assert Values(col).of([col.component(position)]) == Values(general).of([general.component(position)])


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_piece_too_big_for_the_scale_is_searched_in_general(data):
    position = _position(data.draw, 7)
    expected = Values(GeneralCol()).of([position])
    col_values._values.clear()
    saved = col_values.SCALE
    col_values.SCALE = 3  # pieces of 4 vertices and more: the general search, their followers here
    try:
        assert Values(Col()).of([position]) == expected
    finally:
        col_values.SCALE = saved
        col_values._values.clear()


def test_col_values_of_the_literature():
    # Winning Ways ch. 2: a spot is *, an edge 0, a spot tinted for Left 1
    assert col_values.col_value(".", ()) == nimber(1)
    assert col_values.col_value("..", ((0, 1),)) == number(0)
    assert col_values.col_value("l", ()) == number(1)
    assert col_values.col_value("l.", ((0, 1),)) == Values(GeneralCol()).of([("l.", ((0, 1),))])
    assert col_values.col_value("..", ()) is None  # two pieces: not one connected position


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(-6, 6), st.booleans(), st.integers(0, 4)), max_size=3),
       st.lists(st.tuples(st.integers(-6, 6), st.booleans(), st.integers(0, 4)), max_size=3))
def test_options_that_are_numbers_and_stars_are_valued_as_the_algebra_does(lefts, rights):
    """Every {lefts | rights} of numbers and numbers plus star whose value is x or x* (as the theorem
    says every Col position's is) is valued by the rule as by the canonical-form algebra."""
    from grundy.cgt.canonical import from_options

    def pair(x, star, shift):
        return (x << col_values.SCALE) >> shift, int(star)

    def game(x, star, shift):
        g = number(Fraction(x, 1 << shift))
        return g + nimber(1) if star else g

    expected = from_options([game(*o) for o in lefts], [game(*o) for o in rights])
    theorem = expected.number is not None or (expected + nimber(1)).number is not None  # x or x*
    try:
        x, star = col_values._from_options([pair(*o) for o in lefts], [pair(*o) for o in rights])
    except col_values._NotNumberish:
        assert not theorem  # only options no Col position has are refused
        return
    if theorem:  # (the rule gives x* for some other options, such as {0, * | 0} = ^*: no Col position)
        assert expected == game(x, star, col_values.SCALE)


def test_path_keys_do_not_depend_on_the_labels_or_the_board():
    rng = random.Random(29)
    for n in range(1, 13):
        tints = "".join(rng.choice("..lr") for _ in range(n))
        edges = tuple((i, i + 1) for i in range(n - 1))
        shuffled = relabel(tints, edges, rng.sample(range(n), n))
        lined, other, turned = Board(tints, edges), Board(*shuffled), Board(tints[::-1], edges)
        assert lined.lined
        assert lined.key(lined.start) == other.key(other.start) == turned.key(turned.start)
        assert along_path(shuffled) in ((tints, edges), (tints[::-1], edges))


@CHECKS
@given(st.data())
def test_pieces_and_keys_are_the_pieces_relabelled(data):
    tints, edges = _position(data.draw, 9)
    found = pieces((tints, edges))
    assert sum(len(t) for t, _ in found) == len(tints)
    assert sum(len(e) for _, e in found) == len(edges)
    for t, e in found:  # each a connected piece in the ruleset's own form, keyed as any labelling of
        assert Col().component((t, e)) == (t, e)  # it when small, a path or a cycle
        degrees = [sum(v in edge for edge in e) for v in range(len(t))]
        if len(t) <= BRUTE_VERTICES or (max(degrees) <= 2 and len(e) in (len(t) - 1, len(t))):
            order = data.draw(st.permutations(range(len(t))))
            assert piece_key(t, e) == piece_key(*relabel(t, e, order))


def test_col_obeys_the_work_budget():
    path = ",".join(f"{i}-{i + 1}" for i in range(40))
    with budget(max_states=2000), pytest.raises(LimitError, match="more than 2,000 steps .* raise max_states"):
        value("col", [path])
    col_values._values.clear()
    with budget(max_states=10**6):
        assert str(value("col", [",".join(f"{i}-{i + 1}" for i in range(11))])) == "0"
