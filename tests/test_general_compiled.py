"""The general solver on games handed over compiled (numba) or vectorised (numpy): the same values,
remoteness, best moves and limits as the plain-Python path and as the definitions, and one clear
error for each way a user's function can break its contract."""

from functools import cache

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import grundy
from grundy.core import limits
from grundy.core.errors import GrundyError, LimitError
from tests.test_general import game_graphs, minimax

RESULT_CODE = {None: 0, "lose": grundy.LOSE, "win": grundy.WIN, "tie": grundy.TIE}
VERTICES = 6  # a graph of up to 6 vertices, its results and a vertex fit one integer position (encode)


# -- the definitions --------------------------------------------------------------------------------


def by_definition(edges, results):
    """(value, remoteness) of every vertex of a game graph, loops allowed, straight from the
    definitions, round by round: in round k a vertex is a win if a move reaches a loss known
    before (remoteness one more than the nearest), a loss if every move reaches a known win (one
    more than the farthest); once that stops, ties spread the same way to what is still open
    (the nearest tie); what is never decided is a draw (remoteness 0)."""
    known = {v: (results[v], 0) for v in range(len(edges)) if results[v] is not None}
    known |= {v: ("lose", 0) for v in range(len(edges)) if results[v] is None and not edges[v]}
    for kinds in (("win", "lose"), ("tie",)):
        while True:
            found = {}
            for v in range(len(edges)):
                if v in known:
                    continue
                kids = [known.get(w) for w in edges[v]]
                lost = [r for k in kids if k and k[0] == "lose" for r in [k[1]]]
                tied = [r for k in kids if k and k[0] == "tie" for r in [k[1]]]
                if "win" in kinds and lost:
                    found[v] = ("win", min(lost) + 1)
                elif "lose" in kinds and all(k and k[0] == "win" for k in kids):
                    found[v] = ("lose", max(k[1] for k in kids) + 1)
                elif kinds == ("tie",) and tied:
                    found[v] = ("tie", min(tied) + 1)
            if not found:
                break
            known |= found
    return [known.get(v, ("draw", 0)) for v in range(len(edges))]


def answers(solution, positions):
    """(value, remoteness) at each position."""
    return [(solution.value_of(p), solution.remoteness_at(p)) for p in positions]


def assert_agree(solution, expected, positions):
    """The solution says ``expected[i]`` at ``positions[i]``, one position at a time (so a
    failure names it)."""
    for position, want in zip(positions, expected, strict=True):
        got = (solution.value_of(position), solution.remoteness_at(position))
        assert got == want, f"at {position}: solved {got}, expected {want}"


# -- one graph game, three ways ---------------------------------------------------------------------


@st.composite
def small_graphs(draw, most=VERTICES):
    """A game graph of up to ``most`` vertices: loops, cycles, terminal results of every kind."""
    n = draw(st.integers(1, most))
    edges = [sorted(draw(st.sets(st.integers(0, n - 1), max_size=3))) for _ in range(n)]
    results = [draw(st.sampled_from([None, None, None, "lose", "win", "tie"])) for _ in range(n)]
    return edges, results


def encode(edges, results, vertex):
    """The graph and a vertex as one integer: six bits of children per vertex, then two bits of
    result per vertex, then the vertex in the last three bits."""
    code = 0
    for v, kids in enumerate(edges):
        for w in kids:
            code |= 1 << (VERTICES * v + w)
        code |= RESULT_CODE[results[v]] << (VERTICES * VERTICES + 2 * v)
    return code << 3 | vertex


def _graph_moves(position, out):  # compiled: the children of the vertex, in the same graph
    graph, vertex = position >> 3, position & 7
    kids = (graph >> (6 * vertex)) & 63
    count = 0
    for w in range(6):
        if (kids >> w) & 1:
            out[count] = (graph << 3) | w
            count += 1
    return count


def _graph_primitive(position):
    return (position >> (39 + 2 * (position & 7))) & 3


@cache
def graph_game():
    """Every small graph game as one compiled game (compiled once for all the examples)."""
    return grundy.compiled_game(_graph_moves, max_moves=VERTICES, primitive=_graph_primitive, name="graph game")


def plain_graph_game(edges, results):
    return grundy.game(lambda v: edges[v], primitive=lambda v: results[v])


def vector_graph_game(edges, results):
    rows = np.full((len(edges), 3), -1, np.int64)
    for v, kids in enumerate(edges):
        rows[v, :len(kids)] = kids
    codes = np.array([RESULT_CODE[r] for r in results], np.int8)
    return grundy.vector_game(lambda p: rows[p], size=len(edges), primitive=lambda p: codes[p])


@given(game_graphs(acyclic=True))
def test_the_definitions_agree_with_minimax_on_acyclic_graphs(graph):
    """The round-by-round reference against the recursive one of test_general, where both apply."""
    edges, results = graph
    memo = {}
    assert by_definition(edges, results) == [minimax(edges, results, v, memo) for v in edges]


@settings(max_examples=150)
@given(small_graphs(most=16), st.integers(0, 15))
@example(([[1], [2], [], [3, 0]], [None, None, "tie", None]), 3).via("a tie two moves away, a draw loop")
@example(([[1, 2], [0], [3], [2]], [None, None, None, None]), 0).via("a win, a loss and a draw loop")
def test_three_paths_agree_with_the_definitions_on_loopy_graphs(graph, pick):
    """Plain and vectorised on graphs of up to 16 vertices; compiled too where one position holds the graph."""
    edges, results = graph
    start = pick % len(edges)
    expected = by_definition(edges, results)
    plain = grundy.solve_game(plain_graph_game(edges, results), start)
    vector = grundy.solve_game(vector_graph_game(edges, results), start)
    reached = list(plain.index)
    want = [expected[v] for v in reached]
    assert_agree(plain, want, reached)
    assert_agree(vector, want, reached)
    assert plain.states == vector.states
    for v in reached:
        assert vector.best_moves(v) == plain.best_moves(v)
    if len(edges) <= VERTICES:
        compiled = grundy.solve_game(graph_game(), encode(edges, results, start))
        assert_agree(compiled, want, [encode(edges, results, v) for v in reached])
        assert compiled.states == plain.states
        for v in reached:
            assert compiled.best_moves(encode(edges, results, v)) == [encode(edges, results, w)
                                                                      for w in plain.best_moves(v)]


# -- subtraction games: every set of {1..8} as one compiled game ------------------------------------


def _subtract_moves(position, out):  # position: the set as a bit mask above 12 bits of heap
    mask, heap = position >> 12, position & 4095
    count = 0
    for s in range(1, 9):
        if (mask >> (s - 1)) & 1 and heap >= s:
            out[count] = (mask << 12) | (heap - s)
            count += 1
    return count


@cache
def subtraction_game():
    return grundy.compiled_game(_subtract_moves, max_moves=8, name="subtraction")


@given(st.sets(st.integers(1, 8), min_size=1), st.integers(0, 300))
def test_compiled_subtraction_games_agree_with_sprague_grundy_and_the_plain_path(subtractions, heap):
    mask = sum(1 << (s - 1) for s in subtractions)
    compiled = grundy.solve_game(subtraction_game(), mask << 12 | heap)
    plain = grundy.solve_game(grundy.game(lambda n: [n - s for s in sorted(subtractions) if n >= s]), heap)
    nimbers = grundy.ruleset("subtraction:" + ",".join(map(str, sorted(subtractions)))).values(heap + 1)
    heaps = list(plain.index)
    memo = {}
    edges = {n: [n - s for s in sorted(subtractions) if n >= s] for n in range(heap + 1)}
    assert answers(plain, heaps) == [minimax(edges, dict.fromkeys(edges), n, memo) for n in heaps]
    assert answers(compiled, [mask << 12 | n for n in heaps]) == answers(plain, heaps)
    assert [compiled.value_of(mask << 12 | n) for n in heaps] == ["win" if nimbers[n] else "lose" for n in heaps]
    assert compiled.states == plain.states


# -- larger games: growth, pauses, the same numbering -----------------------------------------------


def ring_chase(n):
    """Two tokens on a ring of n cells, the mover's first; a step of 1 or 2 either way; landing
    on the other token wins (so the player to move there has lost). Loopy, with draws."""
    plain = grundy.game(lambda p: [(p[1], (p[0] + d) % n) for d in (-2, -1, 1, 2)],
                        primitive=lambda p: "lose" if p[0] == p[1] else None)

    def moves(p, out):
        mine, theirs = p // n, p % n
        for k, d in enumerate((-2, -1, 1, 2)):
            out[k] = theirs * n + (mine + d) % n
        return 4

    compiled = grundy.compiled_game(moves, max_moves=4, primitive=lambda p: grundy.LOSE if p // n == p % n else 0)

    def children(p):
        mine, theirs = p // n, p % n
        return np.stack([theirs * n + (mine + d) % n for d in (-2, -1, 1, 2)], axis=1)

    vector = grundy.vector_game(children, size=n * n, primitive=lambda p: np.where(p // n == p % n, grundy.LOSE, 0))
    return plain, compiled, vector


@pytest.mark.parametrize("n", [20, 130])  # 400 positions, checked against the definitions; 16,900, where
def test_ring_chase_is_solved_alike_by_all_three_paths(n):  # the compiled search grows its arrays several times
    plain, compiled, vector = ring_chase(n)
    solved = [grundy.solve_game(g, s) for g, s in ((plain, (0, 7)), (compiled, 7), (vector, 7))]
    pairs = list(solved[0].index)
    codes = [a * n + b for a, b in pairs]
    assert list(solved[1].index) == list(solved[2].index) == codes  # numbered alike: breadth first, moves in order
    expected = answers(solved[0], pairs)
    assert {v for v, _ in expected} == {"win", "lose", "draw"}
    assert answers(solved[1], codes) == answers(solved[2], codes) == expected
    assert solved[1].best_moves(7) == solved[2].best_moves(7) == [a * n + b for a, b in solved[0].best_moves((0, 7))]
    if n <= 20:
        edges = [[theirs * n + (mine + d) % n for d in (-2, -1, 1, 2)] for mine in range(n) for theirs in range(n)]
        results = ["lose" if p // n == p % n else None for p in range(n * n)]
        assert answers(solved[1], codes) == [by_definition(edges, results)[p] for p in codes]


def test_a_long_chain_pauses_and_grows_and_stays_exact():
    top = 200_000  # more than three stretches of 65,536 positions between pauses
    reports = []
    take = grundy.compiled_game(_take_one_or_two, max_moves=2)
    solution = grundy.solve_game(take, top, progress=reports.append)
    heaps = np.arange(top + 1)
    lost = heaps % 3 == 0
    remoteness = np.where(lost, 2 * heaps // 3, 2 * (heaps - heaps % 3) // 3 + 1)
    assert solution.states == top + 1 and len(reports) >= 3 and reports == sorted(reports)
    assert [solution.remoteness_at(int(h)) for h in heaps] == remoteness.tolist()
    assert [solution.value_of(int(h)) for h in heaps[:30]] == ["lose" if x else "win" for x in lost[:30]]
    assert all(solution.value_of(int(h)) == ("lose" if x else "win") for h, x in zip(heaps, lost, strict=True))


def _take_one_or_two(n, out):
    count = 0
    for step in (1, 2):
        if n >= step:
            out[count] = n - step
            count += 1
    return count


# -- the comparisons can fail -----------------------------------------------------------------------


def test_the_comparisons_catch_a_wrong_answer():
    edges, results = [[1], [2], []], [None, None, None]  # a path 0 -> 1 -> 2: the mover at 0 loses
    solution = grundy.solve_game(plain_graph_game(edges, results), 0)
    right = by_definition(edges, results)
    assert right == [("lose", 2), ("win", 1), ("lose", 0)]
    assert_agree(solution, right, [0, 1, 2])
    for wrong in ([("lose", 2), ("win", 2), ("lose", 0)], [("win", 2), ("win", 1), ("lose", 0)]):
        with pytest.raises(AssertionError, match="at "):
            assert_agree(solution, wrong, [0, 1, 2])
    other = grundy.compiled_game(_take_one_or_three, max_moves=2)  # a different game must disagree
    heaps = range(10)
    assert answers(grundy.solve_game(other, 9), heaps) != answers(
        grundy.solve_game(grundy.compiled_game(_take_one_or_two, max_moves=2), 9), heaps)


def _take_one_or_three(n, out):
    count = 0
    for step in (1, 3):
        if n >= step:
            out[count] = n - step
            count += 1
    return count


# -- what a user sees ---------------------------------------------------------------------------------


def test_solutions_of_compiled_games_describe_store_and_refuse_like_the_others(tmp_path):
    take = grundy.compiled_game(_take_one_or_two, max_moves=2, describe=lambda n: f"{n} coins")
    solution = grundy.solve_game(take, 10, db=tmp_path / "solved.db")
    assert (solution.value, solution.remoteness, solution.best_moves(10)) == ("win", 7, [9])
    assert solution.move_values(10) == [(9, "win", 6), (8, "lose", 5)]
    assert take.describe(10) == "10 coins" and take.moves(np.int64(5)) == [4, 3] and take.primitive(0) is None
    again = grundy.solve_game(take, 10, db=tmp_path / "solved.db")  # read back from SQLite
    assert answers(again, range(11)) == answers(solution, range(11))
    for position in (11, -1, "10", 2.0, True):
        with pytest.raises(GrundyError, match="not reachable"):
            solution.value_of(position)


def test_the_state_limit_reads_the_same_on_every_path():
    message = (r"stopped after 1,001 states \(the limit is 1,000; raise it with max_states "
               r"\(grundy.budget\(max_states=...\)\)\)")
    for the_game in (grundy.game(lambda n: [n - 1] if n else []),
                     grundy.compiled_game(_take_one_or_two, max_moves=2)):
        with pytest.raises(LimitError, match=message):
            grundy.solve_game(the_game, 5000, max_states=1000)
    vector = grundy.vector_game(lambda p: (p - 1)[:, None], size=5001)
    with pytest.raises(LimitError, match="has 5,001 positions .the limit is 1,000"):
        grundy.solve_game(vector, 5000, max_states=1000)


def test_the_memory_budget_stops_a_compiled_search_cleanly():
    take = grundy.compiled_game(_take_one_or_two, max_moves=2)
    with limits.budget(max_memory=limits.resident_bytes() + 1_000_000), \
            pytest.raises(LimitError, match="the general solver .after .* would use more than"):
        grundy.solve_game(take, 10**7, max_states=2 * 10**7)


def _no_such_function(n, out):
    return undefined_name(n)  # noqa: F821 - the point: numba cannot compile it


def _float_count(n, out):
    return 1.5


def _bool_primitive(n):
    return n == 0


def _code_seven(n):
    return 7


def _too_many(n, out):
    return 3


def _past_out(n, out):
    for k in range(3):
        out[k] = n
    return 2


def _negative(n, out):
    out[0] = n - 3
    return 1


def _divides(n, out):  # fine until it reaches 5
    out[0] = n - 1 + 0 * (10 // (n - 5))
    return 1 if n > 0 else 0


@pytest.mark.parametrize(("make", "start", "message"), [
    (lambda: grundy.compiled_game(_no_such_function, max_moves=1),
     None, r"^moves\(position, out\) of _no_such_function does not compile with numba: .*undefined_name"),
    (lambda: grundy.compiled_game(_float_count, max_moves=1), None, r"returns float64, not an integer$"),
    (lambda: grundy.compiled_game(_take_one_or_two, max_moves=2, primitive=_bool_primitive), None,
     r"^primitive\(position\) of _take_one_or_two returns bool, not an integer$"),
    (lambda: grundy.compiled_game(_take_one_or_two, max_moves=0), None, "max_moves .* must be a positive integer"),
    (lambda: grundy.compiled_game(42, max_moves=1), None, "must be a function, not 42"),
    (lambda: grundy.compiled_game(_take_one_or_two, max_moves=2, primitive=_code_seven), 4,
     r"^primitive\(4\) of _take_one_or_two returned 7: it must return 0 \(the game goes on\), 1 \(lose\)"),
    (lambda: grundy.compiled_game(_too_many, max_moves=2), 4,
     r"^moves\(4\) of _too_many returned 3: it must return how many positions it wrote into out, from 0 to "
     r"max_moves = 2$"),
    (lambda: grundy.compiled_game(_past_out, max_moves=2), 4,
     r"^moves\(4\) of _past_out failed: IndexError: .*at most max_moves = 2 positions into out\)$"),
    (lambda: grundy.compiled_game(_negative, max_moves=1), 4,
     r"^moves\(1\) of _negative gave the position -2: positions are integers from 0 to 2\^63 - 1$"),
    (lambda: grundy.compiled_game(_divides, max_moves=1), 9, r"^moves\(5\) of _divides failed: ZeroDivisionError"),
    (lambda: grundy.compiled_game(_take_one_or_two, max_moves=2), -4, r"^-4 is not a position of _take_one_or_two"),
    (lambda: grundy.compiled_game(_take_one_or_two, max_moves=2), "4", r"^'4' is not a position"),
])
def test_a_broken_compiled_game_says_what_is_wrong(make, start, message):
    with pytest.raises(GrundyError, match=message):
        grundy.solve_game(make(), start)


@pytest.mark.parametrize(("children", "primitive", "message"), [
    (lambda p: (p - 1.0)[:, None], None, r"^children\(\) of <lambda> must return an integer array of shape "
                                         r"\(len\(positions\), k\); for 8 positions it returned float64 "
                                         r"of shape \(8, 1\)"),
    (lambda p: p - 1, None, r"returned int64 of shape \(8,\)$"),
    (lambda p: (p + 1)[:, None], None, r"^children\(\) of <lambda> gave the position 8 from 7: positions are "
                                       r"0 \.\. size - 1 = 7 \(negative entries mean no move\)$"),
    (lambda p: (p - 1)[:, None], lambda p: p % 5, r"^primitive\(\) of <lambda> gave 4 for position 4: each code "
                                                  r"must be 0 \(the game goes on\)"),
    (lambda p: (p - 1)[:, None], lambda p: [0] * 7, r"^primitive\(\) .* for 8 positions it returned int64 of shape "
                                                    r"\(7,\)$"),
    (lambda p: p.missing, None, r"^children\(\) of <lambda> failed on positions 0\.\.7: AttributeError"),
])
def test_a_broken_vectorised_game_says_what_is_wrong(children, primitive, message):
    with pytest.raises(GrundyError, match=message):
        grundy.solve_game(grundy.vector_game(children, size=8, primitive=primitive), 7)


def test_vectorised_games_refuse_bad_sizes_and_starts():
    with pytest.raises(GrundyError, match="size of .* must be a positive integer"):
        grundy.vector_game(lambda p: p[:, None], size=0)
    with pytest.raises(GrundyError, match=r"^8 is not a position of <lambda>: positions are 0 \.\. 7$"):
        grundy.solve_game(grundy.vector_game(lambda p: (p - 1)[:, None], size=8), 8)


@settings(max_examples=10)
@given(st.integers(2, 40))
def test_a_terminal_positions_row_is_ignored(size):
    """A vectorised game may compute rows for positions where the game is over: they are not moves."""
    garbage = grundy.vector_game(lambda p: np.stack([p - 1, np.full_like(p, size - 1)], axis=1), size=size,
                                 primitive=lambda p: np.where(p == 0, grundy.LOSE, 0))
    plain = grundy.game(lambda n: [n - 1, size - 1] if n else [], primitive=lambda n: "lose" if n == 0 else None)
    assert answers(grundy.solve_game(garbage, size - 1), range(size)) == answers(
        grundy.solve_game(plain, size - 1), range(size))
