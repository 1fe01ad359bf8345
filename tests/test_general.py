"""The general solver and `grundy play`."""

import json
import os
import pty
import select
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.core.errors import LimitError
from grundy.core.general import decide_game, game, solve_game
from grundy.core.play import IllegalMove, PlaySession
from grundy.core.ruleset import Shape
from grundy.core.search import PositionSearch
from grundy.core.sum_game import ImpartialGame
from tests.helpers import run_cli, words

GRUNDY = str(Path(sys.executable).parent / "grundy")


@st.composite
def game_graphs(draw, acyclic=True):
    n = draw(st.integers(1, 12))
    edges = {}
    for v in range(n):
        targets = list(range(v) if acyclic else range(n))
        edges[v] = sorted(draw(st.sets(st.sampled_from(targets), max_size=3))) if targets else []
    results = {v: draw(st.sampled_from([None, None, "win", "lose", "tie"])) for v in range(n)}
    return edges, results


def minimax(edges, results, v, memo):
    """The definition on an acyclic game: (value, remoteness) by recursion."""
    if v in memo:
        return memo[v]
    if results[v] is not None:
        memo[v] = (results[v], 0)
    elif not edges[v]:
        memo[v] = ("lose", 0)
    else:
        kids = [minimax(edges, results, w, memo) for w in edges[v]]
        losing = [r for val, r in kids if val == "lose"]
        ties = [r for val, r in kids if val == "tie"]
        if losing:
            memo[v] = ("win", min(losing) + 1)
        elif ties:
            memo[v] = ("tie", min(ties) + 1)
        else:
            memo[v] = ("lose", max(r for _, r in kids) + 1)
    return memo[v]


@given(game_graphs())
def test_retrograde_equals_minimax_on_acyclic_games(graph):
    edges, results = graph
    g = game(lambda v: edges[v], primitive=lambda v: results[v])
    memo = {}
    for start in edges:
        solution = solve_game(g, start)
        for v in solution.index:
            assert (solution.value_of(v), solution.remoteness_at(v)) == minimax(edges, results, v, memo)


@given(game_graphs(acyclic=False))
def test_loopy_games_have_consistent_values(graph):
    edges, results = graph
    g = game(lambda v: edges[v], primitive=lambda v: results[v])
    solution = solve_game(g, 0)
    for v in solution.index:
        value = solution.value_of(v)
        kids = [solution.value_of(w) for w in edges[v]] if results[v] is None else []
        if results[v] is not None:
            assert value == results[v]
        elif value == "win":
            assert "lose" in kids
        elif value == "lose":
            assert all(k == "win" for k in kids)
        elif value == "tie":
            assert "lose" not in kids and "tie" in kids
        else:  # a draw: no forced win, and the game can go on for ever
            assert "lose" not in kids and "tie" not in kids and "draw" in kids


@given(game_graphs(acyclic=False), st.booleans())
def test_the_early_stopping_search_gives_the_full_solvers_value(graph, acyclic):
    """decide_game (depth first, stopping once the start is decided) and solve_game (every position
    valued) agree on every start of random graphs, with cycles (draws) or without; without cycles
    the depth-first search is the one used, and never visits more positions."""
    edges, results = graph
    if acyclic:
        edges = {v: [w for w in kids if w < v] for v, kids in edges.items()}
    g = game(lambda v: edges[v], primitive=lambda v: results[v])
    for start in edges:
        decision, whole = decide_game(g, start), solve_game(g, start)
        assert decision.value == whole.value, (start, decision)
        assert decision.states <= whole.states
        if acyclic:
            assert decision.depth_first and decision.solution is None
        elif not decision.depth_first:
            assert decision.states == whole.states and decision.solution is not None


def test_the_early_stopping_search_stops_once_decided_and_respects_the_budget():
    def moves(n):  # 0 can move to a lost position at once, or into a chain that never ends
        return ["lost", 1] if n == 0 else [] if n == "lost" else [n + 1]

    g = game(moves)
    decision = decide_game(g, 0, max_states=1000)
    assert (decision.value, decision.states, decision.depth_first) == ("win", 2, True)
    assert decision.how == "decided by a depth-first search that stopped once the start was decided (2 positions)"
    with pytest.raises(LimitError, match="stopped after 1,001 states"):
        solve_game(g, 0, max_states=1000)  # the full solver must find every position
    late = game(lambda n: [1, "lost"] if n == 0 else [] if n == "lost" else [n + 1])  # the endless move first
    with pytest.raises(LimitError, match=r"stopped after 1,001 states \(the limit is 1,000"):
        decide_game(late, 0, max_states=1000)
    loopy = game(lambda v: [(v + 1) % 3])  # a cycle: the depth-first search gives way to the full solver
    assert decide_game(loopy, 0).how == "every reachable position valued (3 positions)"
    assert decide_game(loopy, 0).value == "draw"
    nim = decide_game(grundy.ruleset("nim"), [3, 4, 5])  # a sum as --general gives it
    assert nim.value == "win" and nim.depth_first and nim.states < solve_game(grundy.ruleset("nim"), [3, 4, 5]).states
    assert decide_game(ImpartialGame(grundy.ruleset("nim"), misere=True), [1, 1]).value == "win"


def test_a_pure_cycle_is_a_draw_not_a_loss():
    g = game(lambda v: [(v + 1) % 3])
    assert solve_game(g, 0).value == "draw"


@pytest.mark.parametrize("spec", ["nim", "subtraction:1,3,4", "kayles", "wythoff", "lasker"])
@given(data=st.data())
def test_general_solver_agrees_with_sprague_grundy(spec, data):
    rules = grundy.ruleset(spec)
    small = st.tuples(st.integers(0, 4), st.integers(0, 4)) if rules.shape is Shape.PAIR else st.integers(0, 7)
    components = data.draw(st.lists(small, min_size=1, max_size=3))
    normal = solve_game(ImpartialGame(rules), components)
    assert normal.value == ("win" if grundy.solve(rules, components).outcome == "N" else "lose")
    misere = solve_game(ImpartialGame(rules, misere=True), components)
    expected = PositionSearch(rules, misere=True).outcome(components)
    assert misere.value == ("win" if expected == "N" else "lose")


def test_state_limit_says_how_many_were_seen():
    with pytest.raises(LimitError, match=r"stopped after 1,001 states \(the limit is 1,000"):
        solve_game(ImpartialGame(grundy.ruleset("kayles")), [30, 30, 30], max_states=1000)


def test_sqlite_store_is_reused(tmp_path):
    db = tmp_path / "solved.db"
    calls = []

    def moves(n):
        calls.append(n)
        return [m for m in (n - 1, n - 3) if m >= 0]

    g = game(moves)
    first = solve_game(g, 20, db=db)
    seen = len(calls)
    again = solve_game(g, 20, db=db)
    assert len(calls) == seen  # nothing recomputed
    assert [again.value_of(n) for n in range(21)] == [first.value_of(n) for n in range(21)]
    assert again.remoteness == first.remoteness


# -- play -------------------------------------------------------------------------------------------


def test_session_computer_wins_fastest_and_delays_when_lost():
    session = PlaySession.for_ruleset(grundy.ruleset("nim"), [3, 4, 5], seed=0)
    assert session.value() == "win"
    session.play_text("1 2")  # a mistake: the computer is now winning
    r = session.solution.remoteness_at(session.position)
    session.computer_move()
    assert session.value() == "lose" and session.solution.remoteness_at(session.position) == r - 1
    lost = PlaySession.for_ruleset(grundy.ruleset("nim"), [2, 2], seed=0)  # the computer to move in a lost position
    lost.computer_move()
    assert lost.solution.remoteness_at(lost.position) == lost.solution.remoteness - 1
    assert lost.solution.remoteness == max(r for _, v, r in lost.solution.move_values((2, 2))) + 1


def test_illegal_moves_say_why():
    session = PlaySession.for_ruleset(grundy.ruleset("nim"), [3, 4], seed=0)
    with pytest.raises(IllegalMove, match="4 cannot become 9: from it a move can leave 0, 1, 2, 3"):
        session.play_text("2 9")
    with pytest.raises(IllegalMove, match="no component 7"):
        session.play_text("7 1")
    with pytest.raises(IllegalMove, match="no move #99"):
        session.play_text("#99")


def test_play_through_a_pipe_is_reproducible():
    script = "hint\n2 9\n1 1\nundo\n1 1\nquit\n"
    argv = ("play", "nim", "3", "4", "5", "--first", "human", "--seed", "5")
    runs = [run_cli(*argv, stdin=script) for _ in range(2)]
    assert runs[0] == runs[1] and runs[0][0] == 0 and runs[0][2] == ""
    lines = [words(line) for line in runs[0][1].splitlines()]
    # the hint lists the 3 + 4 + 5 moves, and only 3 -> 1 wins (3 ^ 4 ^ 5 = 2, 3 ^ 2 = 1)
    hints = [line for line in lines if line.startswith("#")]
    assert len(hints) == 12 and [h for h in hints if "you win" in h] == [
        "#2: 1 1 you win nim-sum after it 0 (P-position); ends in 10 more moves"]
    assert "illegal move: 4 cannot become 9: from it a move can leave 0, 1, 2, 3" in lines
    # 1 4 5: the computer cannot win; it plays 5 -> 4, and 'undo' takes back its move and yours
    assert [line for line in lines if line.startswith("computer plays:")] == ["computer plays: 3 4"] * 2
    assert "took back 2 moves" in lines and lines[-1] == "bye"


def test_play_to_the_end_computer_first():
    # take 1 or 2 from 5: G = 5 mod 3 = 2, the computer takes 2, then answers 3 -> 2 by taking both
    code, out, err = run_cli("play", "subtraction:1,2", "5", "--first", "computer", "--seed", "1",
                             stdin="#1\n" * 20)
    assert (code, err) == (0, "")
    assert [line for line in out.splitlines() if line.startswith("computer plays:")] == [
        "computer plays: 1 3", "computer plays: 1 0"]
    assert "game over: you have no move: you lose" in out.splitlines()


@pytest.mark.pty
def test_play_interactive_screen_in_a_pty():
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real program on a terminal
        os.execv(GRUNDY, [GRUNDY, "play", "nim", "1", "2", "--seed", "2"])
    screen = b""

    def read_until(marker: bytes, timeout: float = 60) -> None:
        nonlocal screen
        end = time.time() + timeout
        while marker not in screen and time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    screen += os.read(fd, 4096)
                except OSError:
                    break
        assert marker in screen, screen.decode(errors="replace")

    read_until(b"move first? [Y/n]")
    os.write(fd, b"y\n")
    read_until(b"your move> ")
    assert b"1: \xe2\x97\x8f 1" in screen  # the heaps are drawn
    os.write(fd, b"2 1\n")
    read_until(b"computer plays:")
    os.write(fd, b"quit\n")
    read_until(b"bye")
    os.waitpid(pid, 0)


def test_cli_general_games_and_db(tmp_path):
    # Weird Game 0110 / 1001: a tie after the 4 picks (the 35 positions of picks: 1 + 4 + 12 + 12 + 6)
    code, out, err = run_cli("solve", "weird-game:0110,1001", "--json")
    assert (code, err) == (0, "")
    weird = json.loads(out)
    assert (weird["value"], weird["remoteness"], weird["states"]) == ("tie", 4, 35)
    assert [m["value"] for m in weird["moves"]] == ["tie"] * 4 and len(weird["best_moves"]) == 4
    # nim 3 4 by the general solver: 4 -> 3, then 6 more moves mirrored: a win in 7
    db = tmp_path / "nim.db"
    runs = [run_cli("solve", "nim", "3", "4", "--general", "--db", str(db), "--json") for _ in range(2)]
    assert runs[0] == runs[1] and runs[0][0] == 0 and db.exists()
    nim = json.loads(runs[0][1])
    assert (nim["value"], nim["remoteness"], nim["best_moves"]) == ("win", 7, ["3  3"])
    # a path of 4 vertices has a perfect matching: the second player (the computer) wins
    code, out, err = run_cli("play", "tree-colouring:1-2,2-3,3-4", "--first", "human", "--seed", "1",
                             stdin="#1\n#1\n")
    assert (code, err) == (0, "")
    assert "game over: the game's rules end it here, with you to move: you lose" in out.splitlines()
    code, out, err = run_cli("list", "--json")
    assert (code, err) == (0, "")
    assert {e["name"] for e in json.loads(out) if e["family"] == "general games"} == {
        "weird-game", "tree-colouring", "gameia", "buy-items", "three-tokens", "guessing"}


def coin_row_game(vals):
    """Take 1 or 2 coins from the left of a row; the score is my total minus yours."""

    def prim(p):
        i, d = p
        return d if i == len(vals) else None

    return game(lambda p: [(p[0] + k, -(p[1] + sum(vals[p[0]:p[0] + k]))) for k in (1, 2)
                           if p[0] + k <= len(vals)], primitive=prim)


@given(st.lists(st.integers(-5, 9), min_size=1, max_size=9))
def test_score_games_equal_negamax(vals):
    def negamax(i):
        if i == len(vals):
            return 0
        return max(sum(vals[i:i + k]) - negamax(i + k) for k in (1, 2) if i + k <= len(vals))

    solution = solve_game(coin_row_game(vals), (0, 0))
    assert solution.value == negamax(0)
    best = solution.best_moves((0, 0))
    assert all(-solution.value_of(m) == solution.value for m in best)


def test_score_games_must_end_and_not_mix():
    looping = game(lambda n: [(n + 1) % 3], primitive=lambda n: None)
    with_scores = game(lambda n: [(n + 1) % 3, 5] if n != 5 else [], primitive=lambda n: 2 if n == 5 else None)
    assert solve_game(looping, 0).value == "draw"
    with pytest.raises(grundy.GrundyError, match="can repeat a position"):
        solve_game(with_scores, 0)
    mixed = game(lambda n: [1, 2] if n == 0 else [], primitive=lambda n: {1: "win", 2: 3}.get(n))
    with pytest.raises(grundy.GrundyError, match="not both"):
        solve_game(mixed, 0)
