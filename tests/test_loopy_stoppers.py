"""The partizan loopy engine (issue 31): graphs, stopper comparison, simplest forms, sides.

Every algorithm is checked against a plain definition on random small graphs: the stopper order
against a plain win/lose/draw retrograde of the whole sum H - G; simplest forms against the
comparison and, on loopfree graphs, against grundy.cgt's canonical forms; sides against the plain
outcome of the game with infinite play won by Left (onside) or by Right (offside). CGSuite's fixtures
(its CanonicalStopperTestCase / SidedValueTestCase / loopy-games tutorial) are checked by value.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt.loopy import canonical as canonical_module
from grundy.cgt.loopy import compare as compare_module
from grundy.cgt.loopy import sides as sides_module
from grundy.cgt.loopy.canonical import NotStopper, canonical_stopper, stopper_key
from grundy.cgt.loopy.compare import equal, leq, sided_leq
from grundy.cgt.loopy.graph import (
    DUD_GRAPH,
    OFF,
    ON,
    OVER,
    UNDER,
    UPON,
    ZERO_GRAPH,
    LoopyGraph,
    from_canonical,
    from_moves,
    to_canonical,
)
from grundy.cgt.loopy.sides import NotStopperSided, sides
from grundy.cgt.notation import parse
from grundy.core.errors import LimitError

SEEDS = st.integers(0, 10**9)


def random_graph(rng: random.Random, n: int, density: float, dag: bool = False) -> LoopyGraph:
    """n vertices, each edge (self-loops too, unless ``dag``) with probability ``density``."""
    def options(v: int) -> tuple[int, ...]:
        return tuple(w for w in (range(v + 1, n) if dag else range(n)) if rng.random() < density)

    return LoopyGraph(tuple(options(v) for v in range(n)), tuple(options(v) for v in range(n)))


def random_stopper(rng: random.Random, most: int = 5) -> LoopyGraph:
    while True:
        n = rng.randint(1, most)
        g = random_graph(rng, n, rng.choice([0.2, 0.3, 0.45]))
        if g.is_stopper():
            return g


def random_non_stopper(rng: random.Random, most: int = 5) -> LoopyGraph:
    while True:
        n = rng.randint(1, most)
        g = random_graph(rng, n, rng.choice([0.2, 0.3, 0.4]))
        if not g.is_stopper():
            return g


def outcomes(g: LoopyGraph, draw_to_left: bool) -> tuple[bool, bool]:
    """Plain win/lose/draw retrograde of g (state (vertex, mover)): (Left wins moving first, Left wins
    moving second), infinite play counting for Left when ``draw_to_left`` (else for Right)."""
    won_left: set[tuple[int, int]] = set()  # Left wins; (v, 0): Left to move
    won_right: set[tuple[int, int]] = set()
    changed = True
    while changed:
        changed = False
        for v in range(len(g)):
            checks = (((v, 0), [(w, 1) for w in g.left[v]]), ((v, 1), [(w, 0) for w in g.right[v]]))
            for state, after in checks:
                if state in won_left or state in won_right:
                    continue
                mine, theirs = (won_left, won_right) if state[1] == 0 else (won_right, won_left)
                if any(t in mine for t in after):
                    mine.add(state)
                    changed = True
                elif all(t in theirs for t in after):
                    theirs.add(state)
                    changed = True
    first, second = (g.start, 0), (g.start, 1)
    if draw_to_left:
        return first not in won_right, second not in won_right
    return first in won_left, second in won_left


def reference_leq(g: LoopyGraph, h: LoopyGraph) -> bool:
    """G <= H: Left, moving second in the sum H - G, is never left without a move."""
    return outcomes(h + g.negative(), draw_to_left=True)[1]


def wrong_leq(g: LoopyGraph, h: LoopyGraph) -> bool:
    """A deliberately wrong order: infinite play counted as a loss for Left."""
    return outcomes(h + g.negative(), draw_to_left=False)[1]


def short(text: str) -> LoopyGraph:
    return from_canonical(parse(text))


def test_the_reference_can_fail() -> None:
    """The check of the order can fail: a wrong order disagrees with the reference, and with leq."""
    assert reference_leq(ON, ON) and leq(ON, ON) and not wrong_leq(ON, ON)
    rng = random.Random(7)
    pairs = [(random_stopper(rng), random_stopper(rng)) for _ in range(60)]
    assert any(wrong_leq(g, h) != leq(g, h) for g, h in pairs)


@settings(max_examples=150, deadline=None)
@given(SEEDS)
def test_stopper_order_is_the_plain_definition(seed: int) -> None:
    rng = random.Random(seed)
    g, h = random_stopper(rng), random_stopper(rng)
    assert leq(g, h) == reference_leq(g, h)
    assert sided_leq(g, h, onside=True) == sided_leq(g, h, onside=False) == leq(g, h)  # sides of stoppers


def test_the_kernels_are_the_plain_loops() -> None:
    rng = random.Random(3)
    from grundy.kernels.loopy_partizan import sided_table, stopper_table

    for _ in range(60):
        g, h = random_graph(rng, rng.randint(1, 8), 0.3), random_graph(rng, rng.randint(1, 8), 0.3)
        plain = compare_module._plain_table(g, h)
        assert np.array_equal(plain, stopper_table(*compare_module._csr(g), *compare_module._csr(h)))
        pairs = [(i, j) for i in range(len(g)) for j in range(len(h))]
        for onside in (True, False):
            lazy = compare_module.sided_pairs(g, h, pairs, onside) if len(g) * len(h) <= 400 else None
            whole = sided_table(*compare_module._csr(g), *compare_module._csr(h), onside).tolist()
            assert lazy is None or lazy == whole


@settings(max_examples=120, deadline=None)
@given(SEEDS)
def test_simplest_form_is_equal_smaller_and_fixed(seed: int) -> None:
    g = random_stopper(random.Random(seed), most=7)
    c = canonical_stopper(g)
    assert equal(c, g) and len(c) <= len(g.packed()) and c.start == 0
    assert canonical_stopper(c) == c


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_components_give_the_same_form(seed: int) -> None:
    rng = random.Random(seed)
    while True:
        n = rng.randint(3, 20)
        g = random_graph(rng, n, 2.0 / n)
        if g.is_stopper():
            break
    whole = canonical_stopper(g)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(canonical_module, "WHOLE_UP_TO", 0)
        parts = canonical_stopper(g)
    assert len(parts) == len(whole) and stopper_key(parts) == stopper_key(whole) and equal(parts, g)


@settings(max_examples=120, deadline=None)
@given(SEEDS)
def test_loopfree_graphs_give_canonical_short_games(seed: int) -> None:
    rng = random.Random(seed)
    g = random_graph(rng, rng.randint(1, 8), 0.35, dag=True)
    game = to_canonical(g)
    c = canonical_stopper(g)
    assert c.is_loopfree() and to_canonical(c) is game
    assert len(c) == len(from_canonical(game))  # no vertex but the followers of the canonical form
    assert {to_canonical(c.at(v)) for v in range(len(c))} == set(game.followers()) | {game}


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_keys_are_equal_exactly_for_equal_stoppers(seed: int) -> None:
    rng = random.Random(seed)
    g, h = random_stopper(rng), random_stopper(rng)
    assert (stopper_key(g) == stopper_key(h)) == equal(g, h)
    assert stopper_key(g) == stopper_key(g + ZERO_GRAPH) == stopper_key(canonical_stopper(g))


@settings(max_examples=80, deadline=None)
@given(SEEDS)
def test_sides_keep_the_outcomes(seed: int) -> None:
    """The onside has the outcomes of the game with infinite play won by Left (plus a short game), the
    offside with infinite play won by Right; offside <= onside."""
    rng = random.Random(seed)
    g = random_non_stopper(rng)
    try:
        on, off = sides(g)
    except NotStopperSided:
        return
    assert on.is_stopper() and off.is_stopper() and leq(off, on)
    for x in ("0", "1", "-1", "*", "^", "1/2"):
        for side, draw_to_left in ((on, True), (off, False)):
            assert outcomes(g + short(x), draw_to_left) == outcomes(side + short(x), draw_to_left)
    assert sided_leq(g, on, True) and sided_leq(on, g, True) and sided_leq(g, off, False)
    sidled = sides_module._candidate(g.packed(), breaking_first=False)  # sidling first finds the same onside
    assert sidled is not None and stopper_key(sidled) == stopper_key(on)


def graph(left: list[tuple[int, ...]], right: list[tuple[int, ...]]) -> LoopyGraph:
    return LoopyGraph(tuple(left), tuple(right))


def test_cgsuite_stoppers() -> None:
    """CGSuite's constants and orders: {pass|} = on, {0|pass} = over, 0 < over < every positive number."""
    assert canonical_stopper(graph([(0, 1), ()], [(), ()])) == ON  # {0, pass|} simplifies to on
    assert equal(graph([(0,)], [()]), ON) and equal(UNDER, graph([(0,), ()], [(1,), ()]))
    assert leq(OVER, ON) and leq(OFF, UNDER) and leq(ZERO_GRAPH, OVER) and not leq(OVER, ZERO_GRAPH)
    for x in ("1", "1/2", "1/64"):
        assert leq(OVER, short(x)) and not leq(short(x), OVER)
    assert not leq(OVER, short("-1/64")) and leq(short("^"), OVER)
    assert leq(ZERO_GRAPH, UPON) and not leq(UPON, ZERO_GRAPH)  # upon = ^[on] > 0
    assert not leq(short("*"), UPON) and not leq(UPON, short("*"))  # upon is fuzzy with *
    assert leq(short("^"), UPON) and not leq(UPON, short("^"))
    # {0|||0||pass|0} = {0||0|under} = Tiny(over): its simplest form fuses the two zeros (4 vertices)
    tiny_over = graph([(1,), (), (1,), (3,), ()], [(2,), (), (3,), (4,), ()])
    assert len(canonical_stopper(tiny_over)) == 4 and leq(ZERO_GRAPH, tiny_over) and leq(tiny_over, OVER)


def test_cgsuite_sides() -> None:
    """SidedValueTestCase: a{{|a}|} = 1 & 0, {0|{dud|},*} = ^ & v*, dud = on & off; over - over."""
    assert sides(DUD_GRAPH) == (ON, OFF) and sides(ON + OFF) == (ON, OFF)
    assert sides(OVER + UNDER) == (OVER, UNDER)
    one_and_zero = graph([(1,), ()], [(), (0,)])
    assert [to_canonical(s) for s in sides(one_and_zero)] == [parse("1"), parse("0")]
    up_and_down_star = graph([(1,), (), (4,), (1,), (4,)], [(2, 3), (), (), (1,), (4,)])
    assert [to_canonical(s) for s in sides(up_and_down_star)] == [parse("^"), parse("v*")]


def test_carousels_and_non_stoppers_are_refused() -> None:
    """Bach's Carousel a{0,{1|1,{*,{1+*|1+*,a}|*}}|0} has no stopper sides; dud is no stopper."""
    left, right = [(), (), (), ()], [(), (), (), ()]

    def add(text: str) -> int:
        piece = short(text)
        base = len(left)
        left.extend(tuple(base + w for w in t) for t in piece.left)
        right.extend(tuple(base + w for w in t) for t in piece.right)
        return base

    zero, one, star, one_star = add("0"), add("1"), add("*"), add("1*")
    left[0], right[0] = (zero, 1), (zero,)
    left[1], right[1] = (one,), (one, 2)
    left[2], right[2] = (star, 3), (star,)
    left[3], right[3] = (one_star,), (one_star, 0)
    with pytest.raises(NotStopperSided, match="carousel"):
        sides(graph(left, right))
    with pytest.raises(NotStopper):
        canonical_stopper(DUD_GRAPH)
    with pytest.raises(NotStopper):
        leq(DUD_GRAPH, ON)


def test_graphs() -> None:
    g = from_canonical(parse("{3|{1|*},^}"))
    assert to_canonical(g) == parse("{3|^}") and g.at(0) == g and not (OVER + UNDER).is_stopper()
    assert len(ON + OFF) == 1 and (ON + OFF).left == ((0,),) and (-ON) == OFF
    with pytest.raises(ValueError):
        to_canonical(ON)
    with pytest.raises(LimitError, match="max_states"):
        from_moves(0, lambda p: [p + 1], lambda p: [], 100)
    numbers, positions = from_moves(3, lambda p: [p - 1] if p else [], lambda p: [], 100)
    assert positions == [3, 2, 1, 0] and to_canonical(numbers) == parse("3")


def test_backsliding_toads_and_frogs() -> None:
    """CGSuite: BackslidingToadsAndFrogs("ttt..fff") = {on||0|-1/2} & {1/2|0||off}."""
    toads = pytest.importorskip("grundy.partizan.backsliding_toads")
    rules = toads.BackslidingToadsAndFrogs()
    g, _ = rules.graph(rules.parse_component("ttt..fff"))
    on, off = sides(g)
    expected_on = graph([(1,), (1,), (3,), (), (5,), ()], [(2,), (), (4,), (), (3,), (3,)])
    assert stopper_key(on) == stopper_key(expected_on) and stopper_key(off) == stopper_key(-expected_on)
