"""`grundy play` on sums kept in the order typed, and the bounds of the general solver (issue 10).

Every bound is tested with a small budget, so each test takes well under a second or two.
"""

from pathlib import Path

import numpy as np
import pytest

import grundy
from grundy.core import limits
from grundy.core.errors import GrundyError, LimitError
from grundy.core.general import game, solve_game
from grundy.core.play import IllegalMove, PlaySession, SumMove
from grundy.core.retrograde import retrograde_bytes
from grundy.core.sum_game import ImpartialGame
from grundy.kernels.retrograde import retrograde, score_retrograde
from grundy.rulesets.custom import load_rules
from grundy.rulesets.general import Gameia, TreeColouring
from tests.helpers import run_cli

HOSTILE = Path(__file__).parent / "data" / "hostile_rules.py"


def path_spec(edges: int) -> str:
    return ",".join(f"{i}-{i + 1}" for i in range(1, edges + 1))


# -- play: equal heaps, the order typed, replays ------------------------------------------------------


def test_both_equal_heaps_can_be_moved_and_the_order_is_kept():
    session = PlaySession.for_ruleset(grundy.ruleset("nim"), [3, 4, 4], seed=0)
    assert session.position == (3, 4, 4)
    labels = [session.label(m) for m in session.legal_moves()]
    assert "2 2" in labels and "3 2" in labels and len(labels) == len(set(labels)) == 11
    session.play_text("3 2")
    assert session.position == (3, 4, 2)  # heap 3 changed in place, nothing re-sorted
    session.undo(1)
    session.play_text("2 2")
    assert session.position == (3, 2, 4)
    assert session.value() == "win" and session.solution.value_of((2, 3, 4)) == "win"


def test_moves_hint_and_numbered_moves_use_the_order_typed():
    session = PlaySession.for_ruleset(grundy.ruleset("nim"), [5, 1, 5], seed=0)
    moves = session.legal_moves()
    assert all(isinstance(m, SumMove) for m in moves)
    assert [session.label(m) for m in moves[:5]] == ["1 0", "1 1", "1 2", "1 3", "1 4"]
    assert session.label(moves[5]) == "2 0"
    assert moves[5].after == (5, 0, 5)
    hints = session.hints()
    assert {h.label for h in hints} == {session.label(m) for m in moves}
    best = [h for h in hints if h.value == "win"]
    assert {h.label for h in best} == {"1 4", "2 0", "3 4"}  # the moves to nim-sum 0, each heap by its number
    session.play_text("#6")
    assert session.position == (5, 0, 5)
    with pytest.raises(IllegalMove, match="component 2 \\(0\\) has no move left"):
        session.play_text("2 0")


def test_the_computer_moves_in_place_to_a_best_position():
    session = PlaySession.for_ruleset(grundy.ruleset("nim"), [4, 4, 1], seed=3)
    label = session.computer_move()
    index, left = label.split(" ")
    before, after = (4, 4, 1), session.position
    changed = [i for i in range(3) if before[i] != after[i]]
    assert changed == [int(index) - 1] and after[changed[0]] == int(left)
    assert after[0] ^ after[1] ^ after[2] == 0


def test_a_seeded_game_replays_identically():
    def game_record(seed: int) -> list:
        session = PlaySession.for_ruleset(grundy.ruleset("nim"), [3, 5, 5, 6], seed=seed)
        record = []
        while not session.over:
            record.append(session.computer_move())
            record.append(session.position)
        return record

    assert game_record(7) == game_record(7)
    assert len({tuple(game_record(s)) for s in range(8)}) > 1  # the seed matters among equal moves


def test_split_and_vanishing_components_stay_in_place():
    session = PlaySession.for_ruleset(grundy.ruleset("kayles"), [2, 5], seed=0)
    session.play_text("2 1+2")  # knock out the middle of five: heap 2 becomes 1 and 2, in place
    assert session.position == (2, 1, 2)
    session.play_text("1 -")
    assert session.position == (1, 2)


def test_cli_play_with_equal_heaps_moves_the_third_heap():
    code, out, err = run_cli("play", "nim", "3", "4", "4", "--first", "human", "--seed", "1",
                             stdin="3 2\nmoves\nquit\n")
    assert (code, err) == (0, "")
    boards = [block.splitlines() for block in out.split("position: \n")[1:]]
    assert boards[0][:3] == ["  1: ●●● 3", "  2: ●●●● 4", "  3: ●●●● 4"]
    assert boards[1][:3] == ["  1: ●●● 3", "  2: ●●●● 4", "  3: ●● 2"]  # '3 2': the third heap, in place
    # 3 ^ 4 ^ 2 = 5: the computer takes heap 2 to 1 (3 ^ 1 ^ 2 = 0)
    assert "computer plays: 2 1" in boards[1]
    assert boards[2][:3] == ["  1: ●●● 3", "  2: ● 1", "  3: ●● 2"]
    # every move of 3 1 2, numbered in the order typed
    assert [line.strip() for line in boards[2] if line.strip().startswith("#")] == [
        "#1: 1 0", "#2: 1 1", "#3: 1 2", "#4: 2 0", "#5: 3 0", "#6: 3 1"]
    assert out.splitlines()[-1] == "bye"


def test_cli_seeded_play_replays_identically():
    argv = ("play", "nim", "2", "3", "3", "--first", "computer", "--seed", "4")
    runs = [run_cli(*argv, stdin="#1\n#1\n#1\n#1\n") for _ in range(2)]
    assert runs[0] == runs[1] and runs[0][0] == 0 and runs[0][2] == ""
    out = runs[0][1]
    # 2 ^ 3 ^ 3 = 2: the computer empties heap 1; you take heap 2 (#1); it empties heap 3
    assert [line for line in out.splitlines() if line.startswith("computer plays:")] == [
        "computer plays: 1 0", "computer plays: 3 0"]
    assert "game over: you have no move: you lose" in out.splitlines()


# -- the general solver's bounds ----------------------------------------------------------------------


def test_the_state_budget_is_the_default_and_checked_as_states_are_found():
    calls = []

    def count(n):
        calls.append(n)
        return [n + 1]  # a game that never ends

    with limits.budget(max_states=1000), pytest.raises(LimitError, match="1,001 states .*raise it with max_states"):
        solve_game(game(count), 0)
    assert len(calls) <= 1001  # stopped as the 1,001st state was found, not after expanding more


def test_the_memory_budget_stops_the_search():
    g = TreeColouring(41, [(i, i + 1) for i in range(40)])
    with limits.budget(max_memory=limits.resident_bytes() + 20 * 10**6), \
            pytest.raises(LimitError, match=r"general solver \(after [\d,]+ states.*raise max_memory \(grundy.budget"):
        solve_game(g, g.start)


def test_the_retrograde_arrays_are_estimated_before_they_are_allocated(monkeypatch):
    monkeypatch.setattr(limits, "resident_bytes", lambda: 0)
    dense = game(lambda n: [m for m in range(100) if m != n])  # 100 states, 9,900 moves: all draws
    need = retrograde_bytes(100, 9900, 4)
    with limits.budget(max_memory=need - 1), \
            pytest.raises(LimitError, match="retrograde pass over 100 states and 9,900 moves.*raise max_memory"):
        solve_game(dense, 0)
    with limits.budget(max_memory=need):
        assert solve_game(dense, 0).value == "draw"


def test_a_sum_too_large_for_the_budget_stops_before_searching():
    nim = ImpartialGame(grundy.ruleset("nim"))
    with pytest.raises(LimitError, match="before searching: nim 30 30 30 has at least 4,965 positions"):
        solve_game(nim, [30, 30, 30], max_states=1000)
    assert solve_game(nim, [30, 30, 30], max_states=6000).states == 5456  # the bound is a lower bound
    with pytest.raises(LimitError, match="component 300,300 alone reaches more than 1,000 positions"):
        solve_game(ImpartialGame(grundy.ruleset("wythoff")), [(300, 300), (1, 2)], max_states=1000)
    with limits.budget(max_states=10**7), pytest.raises(LimitError, match="about 10\\^2\\d positions"):
        solve_game(nim, [10**6] * 5)


@pytest.mark.parametrize("name, words", [("forever", "stopped after 1,001 states"),
                                         ("down", "stopped after 1,001 states"),
                                         ("wander", "stopped after 1,001 states"),
                                         ("gen", "more than 1,000 moves"),
                                         ("huge", "more than 1,000 moves")])
def test_user_games_whose_moves_never_end_stop_cleanly(name, words):
    rules = load_rules(f"{HOSTILE}:{name}")
    start = 1 if name == "huge" else 5  # huge(1) lists a million moves: enough to pass 1,000
    with limits.budget(max_states=1000, max_options=1000), pytest.raises(LimitError, match=words):
        PlaySession.for_ruleset(rules, [start], seed=0)
    with limits.budget(max_states=1000, max_options=1000), pytest.raises(LimitError, match=words):
        solve_game(ImpartialGame(rules), [start])


def test_a_position_with_endless_moves_stops_in_any_game():
    def endless(n):
        k = 0
        while True:
            yield k
            k += 1

    with limits.budget(max_options=500), pytest.raises(LimitError, match="more than 500 moves"):
        solve_game(game(endless), 0)


# the command-line bounds (one line naming --max-states) are in the shared table of tests/hostile.py


# -- lean storage --------------------------------------------------------------------------------------


def test_retrograde_gives_the_same_with_32_and_64_bit_positions():
    rng = np.random.default_rng(5)
    n = 300
    degree = rng.integers(0, 4, n)
    offsets = np.concatenate([[0], np.cumsum(degree)]).astype(np.int64)
    children = rng.integers(0, n, offsets[-1])
    primitive = rng.choice(np.array([0, 0, 0, 1, 2, 3], np.int8), n)
    narrow = retrograde(offsets, children.astype(np.int32), primitive)
    wide = retrograde(offsets, children.astype(np.int64), primitive)
    assert narrow[1].dtype == np.int32 and wide[1].dtype == np.int64
    assert np.array_equal(narrow[0], wide[0]) and np.array_equal(narrow[1], wide[1])
    offsets = np.concatenate([[0, 0], np.arange(1, n)]).astype(np.int64)  # 0 ends; i > 0 moves to some j < i
    children = np.array([rng.integers(0, i) for i in range(1, n)])
    terminal = np.arange(n) == 0
    score = np.where(terminal, 2.0, 0.0)
    a = score_retrograde(offsets, children.astype(np.int32), terminal, score)
    b = score_retrograde(offsets, children.astype(np.int64), terminal, score)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True)) and a[2].all()


def test_tree_positions_are_packed():
    g = TreeColouring(200, [(i, i + 1) for i in range(199)])
    assert g.start == (0, bytes(50))
    after = g.moves(g.start)
    assert len(after) == 200 and all(len(colours) == 50 for _, colours in after)
    gameia = Gameia(4, [(0, 1), (1, 2), (2, 3)], 1)
    assert "colours W..." in gameia.describe(next(iter(gameia.moves(gameia.start))))


def test_bad_primitive_results_are_one_line():
    with pytest.raises(GrundyError, match="primitive\\(\\) must return"):
        solve_game(game(lambda n: [], primitive=lambda n: "x" * 500), 0)


def test_numbers_that_grow_without_end_stop_at_the_digit_limit():
    @grundy.impartial
    def grow(n):
        return [n * 10**100 + 1]

    with pytest.raises(LimitError, match="holds a number of more than 4000 digits"):
        solve_game(ImpartialGame(grow), [1])
