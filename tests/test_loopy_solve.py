"""Sums of impartial games whose moves can cycle, at every door (issue 31): ``grundy solve`` of
``digraph:`` and of ``--rules`` games that cycle (Smith's values, the outcome N / P / D, the winning
moves or the moves that keep the draw), ``--json``, the Python API, ``table`` / ``period`` with ∞
entries, ``play`` (keeps a draw, wins from N), and the one-line refusals (misère, Every-SG).

The reference is the plain win / lose / draw retrograde of the whole sum's game graph
(:func:`grundy.core.loopy_brute.brute_outcomes`), on random small digraphs (hypothesis).
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.core import play
from grundy.core.loopy_brute import brute_outcomes, product_index
from grundy.core.play import PlaySession
from grundy.core.ruleset import Ruleset
from grundy.core.solve import solve
from tests.helpers import one_error_line, run_cli, words
from tests.test_cli_contract import LOOPY as LOOPY_SOLVE

# the worked example of the research notes: 1 <-> 2 -> 5, 3 -> 3 (a pass), 3 -> 5, 4 -> 3; 5 has no move
EXAMPLE = "digraph:1-2,2-1,2-5,3-3,3-5,4-3"
# f(n): a heap that may grow or shrink by one below 20, 20 only shrinks, 0 is the end
RULES = "def f(n):\n    return [n - 1, n + 1] if 0 < n < 20 else ([n - 1] if n else [])\n"


class Tokens(Ruleset):
    """Tokens on a digraph given as a dict of follower lists (a ``digraph:`` game for any vertex set)."""

    loopy = True
    component_noun = "token"

    def __init__(self, followers: dict[int, list[int]]) -> None:
        super().__init__()
        self.followers = followers
        self.spec = "tokens"

    def moves(self, v: int) -> list[int]:
        return list(self.followers[v])


def csr(followers: dict[int, list[int]]) -> tuple[np.ndarray, np.ndarray]:
    n = len(followers)
    offsets = np.cumsum([0] + [len(followers[v]) for v in range(n)]).astype(np.int64)
    targets = np.array([w for v in range(n) for w in followers[v]], dtype=np.int64)
    return offsets, targets


def cli_json(*argv: str) -> dict:
    code, out, err = run_cli(*argv, "--json")
    assert (code, err) == (0, ""), err
    return json.loads(out)


# ------------------------------------------------------------------------- solve, by hand

def test_solve_digraph_json_by_hand():
    # digraph:1-2,2-1,2-3 by the definition: 3 has no move, so G(3) = 0 (counter 0). 1 can only move
    # to 2, and 2 moves to 1 or 3. Take G(1) = 0, G(2) = 1: A holds (G(1) = mex{G(2)} = mex{1} = 0,
    # G(2) = mex{G(1), G(3)} = mex{0, 0} = 1), and B holds for the one move up, 1 -> 2, reversed by
    # 2 -> 3 back to 0 with a smaller counter (3 was labelled first); no vertex is ∞, so C is empty.
    # A token on 1: value 0, P (no winning move).
    data = cli_json("solve", "digraph:1-2,2-1,2-3", "1")
    assert set(data) == LOOPY_SOLVE
    assert (data["outcome"], data["grundy"], data["loopy_values"], data["component_values"]) == ("P", 0, ["0"], [0])
    assert data["winning_moves"] == data["drawing_moves"] == []
    # two tokens on 2 and 1: 1 xor 0 = 1, N; the moves to a sum of 0 take the token on 2 to a 0 (to 1 or
    # to 3), or the token on 1 up to 2 (1 xor 1 = 0: a move up that is itself a winning move)
    data = cli_json("solve", "digraph:1-2,2-1,2-3", "2", "1")
    assert (data["outcome"], data["grundy"], data["loopy_values"]) == ("N", 1, ["1", "0"])
    assert sorted((m["component"], m["to"]) for m in data["winning_moves"]) == [(0, [1]), (0, [3]), (1, [2])]
    assert data["winning_move_count"] == 3


def test_solve_a_draw_lists_the_moves_that_keep_it():
    # the research notes' example: G(3) = ∞{0} (a pass, or a move to the end 5), G(2) = 1. Tokens on 3
    # and 2: ∞{0} ⊕ 1 = ∞{1}, 0 not in K: a draw. The only move that keeps it is the pass 3 -> 3
    # (3 -> 5 leaves 1, 2 -> 1 leaves ∞{0} and 2 -> 5 leaves ∞{0}: each a win for the opponent).
    data = cli_json("solve", EXAMPLE, "3", "2")
    assert (data["outcome"], data["grundy"], data["component_values"]) == ("D", None, None)
    assert data["loopy_values"] == ["∞{0}", "1"]
    assert [(m["component"], m["from"], m["to"]) for m in data["drawing_moves"]] == [(0, 3, [3])]
    assert data["winning_moves"] == [] and data["winning_move_count"] == 0
    assert "∞{0} ⊕ 1 = ∞{1}: the finite parts xor to 1, which is not in K = {0}: a draw (D)" in data["explanation"]
    code, out, err = run_cli("solve", EXAMPLE, "3", "2")
    assert code == 0 and "a draw with perfect play" in out and "Smith's values: ∞{0}  1" in out
    assert "token 1: 3 -> 3" in words(out)


def test_solve_a_win_through_the_infinite_part():
    # ∞{0} ⊕ 0 ⊕ 0: the finite parts xor to 0, in K = {0}: N, by moving the ∞ part (3 -> 5) to 0
    data = cli_json("solve", EXAMPLE, "3", "1", "4")
    assert (data["outcome"], data["loopy_values"]) == ("N", ["∞{0}", "0", "0"])
    assert [(m["component"], m["to"]) for m in data["winning_moves"]] == [(0, [5])]
    assert "which is in K = {0}: N" in data["explanation"]
    two = cli_json("solve", EXAMPLE, "3", "3")
    assert two["outcome"] == "D" and "two infinite parts" in two["explanation"]


def test_python_api_gives_the_same_solution():
    found = grundy.solve("digraph:1-2,2-1,2-5,3-3,3-5,4-3", [3, 2])
    assert found.to_dict() == cli_json("solve", EXAMPLE, "3", "2")
    assert "D (a draw with perfect play)" in repr(found)


def test_rules_game_that_cycles_end_to_end(tmp_path):
    path = tmp_path / "ring.py"
    path.write_text(RULES)
    rules = f"{path}:f"
    # 1 -> 0 wins at once (0 has no move); from 2..20 a player can always stay at 2 or above: a draw
    one = cli_json("solve", "--rules", rules, "1")
    assert (one["outcome"], one["loopy_values"]) == ("N", ["∞{0}"])
    assert [m["to"] for m in one["winning_moves"]] == [[0]]
    both = cli_json("solve", "--rules", rules, "3", "4")
    assert (both["outcome"], both["loopy_values"], both["grundy"]) == ("D", ["∞", "∞"], None)
    assert len(both["drawing_moves"]) == 4  # every move of either heap keeps two ∞ parts
    table = cli_json("table", "--rules", rules, "--n", "12")
    assert table["values"] == [0, "∞{0}"] + ["∞"] * 10 and table["loopy"] is True
    assert "pattern" not in table and "rule" not in table
    period = cli_json("period", "--rules", rules, "--max", "24")
    assert period["period"] is None and period["loopy"] is True and period["values"][:2] == [0, "∞{0}"]
    code, out, err = run_cli("table", "--rules", rules, "--n", "12")
    assert code == 0 and "Smith's values of f" in out and "∞{0}" in out
    code, out, err = run_cli("period", "--rules", rules)
    assert code == 0 and "no period" in words(out) and "∞{0}" in out


def test_a_game_without_cycles_keeps_its_answer():
    found = grundy.solve(grundy.impartial(lambda n: [n - 1] if n else []), [3, 4])
    assert found.loopy_values is None and "loopy_values" not in found.to_dict() and found.grundy == 1  # 1 xor 0
    assert found.explanation.startswith("Sprague–Grundy")


@pytest.mark.parametrize("argv", [
    ("solve", EXAMPLE, "3", "2", "--misere"),
    ("solve", EXAMPLE, "3", "2", "--compound", "every"),
])
def test_outside_smiths_theory_is_one_line(argv):
    code, out, err = run_cli(*argv)
    assert code == 2 and out == ""
    message = one_error_line(err)
    assert "outside Smith's theory" in message and "--general" in message


def test_rules_game_that_cycles_under_misere_is_refused(tmp_path):
    path = tmp_path / "ring.py"
    path.write_text(RULES)
    code, out, err = run_cli("solve", "--rules", f"{path}:f", "3", "--misere")
    assert code == 2 and "misère play of f" in one_error_line(err)


# ------------------------------------------------------------- against the whole sum's retrograde

@st.composite
def token_sums(draw):
    """A random digraph on 1..6 vertices (self-loops allowed) and 1..3 tokens on it."""
    n = draw(st.integers(1, 6))
    followers = {v: sorted(set(draw(st.lists(st.integers(0, n - 1), max_size=3)))) for v in range(n)}
    tokens = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))
    return followers, tokens


def _brute(followers: dict, k: int):
    graphs = [csr(followers)] * k
    outcomes = brute_outcomes(graphs)
    sizes = [len(followers)] * k
    return lambda position: str(outcomes[product_index(sizes, list(position))])


def _after(tokens: list, move) -> list:
    return tokens[:move.index] + list(move.option) + tokens[move.index + 1:]


@settings(max_examples=150, deadline=None)
@given(token_sums())
def test_outcome_and_every_listed_move_agree_with_the_retrograde(case):
    followers, tokens = case
    outcome = _brute(followers, len(tokens))
    found = solve(Tokens(followers), tokens)
    assert found.outcome == outcome(tokens)
    every = [(i, w) for i, v in enumerate(tokens) for w in followers[v]]
    good = {"N": "P", "D": "D"}.get(found.outcome)
    expected = sorted({(i, w) for i, w in every if outcome(tokens[:i] + [w] + tokens[i + 1:]) == good})
    listed = found.winning_moves if found.outcome == "N" else found.drawing_moves
    assert sorted((m.index, m.option[0]) for m in listed) == expected  # all of them, each right
    for move in listed:
        assert outcome(_after(tokens, move)) == good
    if found.outcome == "P":
        assert listed == [] and found.grundy == 0


@settings(max_examples=100, deadline=None)
@given(token_sums())
def test_a_rules_game_takes_the_same_path_or_smiths_when_it_cycles(case):
    """The same digraph as a game of one's own (``grundy.impartial``, not marked loopy): the engine's
    path where it has no cycle, Smith's where the engine meets one; the outcome is the retrograde's."""
    followers, tokens = case
    game = grundy.impartial(lambda v: followers[v])
    found = grundy.solve(game, tokens)
    assert found.outcome == _brute(followers, len(tokens))(tokens)
    for move in found.winning_moves:
        assert _brute(followers, len(tokens))(_after(tokens, move)) == "P"


# ------------------------------------------------------------------------------------------ play

def _play_out(session: PlaySession, outcome, rng: random.Random, plies: int) -> list[str]:
    """The computer moves whenever the brute force says the position is N or D for it, a random
    opponent otherwise; the computer's every move must leave P (from N) or D (from D). Returns the
    outcomes the computer faced."""
    faced = []
    for _ in range(plies):
        if session.over:
            break
        here = list(session.position)
        result = outcome(here)
        if result == "P":  # the opponent's turn
            session.play(rng.choice(session.legal_moves()))
            continue
        faced.append(result)
        session.computer_move()
        left = outcome(list(session.position))
        assert left == {"N": "P", "D": "D"}[result], (here, session.position)
        if left == "D":  # the opponent (random) moves from a draw
            session.play(rng.choice(session.legal_moves()))
    return faced


@pytest.mark.parametrize("by_smith", [False, True])
@settings(max_examples=60, deadline=None)
@given(case=token_sums(), seed=st.integers(0, 10**6))
def test_play_keeps_a_draw_and_wins_from_n(by_smith, case, seed):
    followers, tokens = case
    outcome = _brute(followers, len(tokens))
    if outcome(tokens) == "P":
        return
    with pytest.MonkeyPatch.context() as mp:
        if by_smith:  # no whole solve of the sum: Smith's values choose the moves
            mp.setattr(play, "REMOTENESS_WORK", 0)
        session = PlaySession.for_ruleset(Tokens(followers), tokens, seed=seed)
        assert type(session.solution).__name__ == ("LoopySums" if by_smith else "GameSolution")
        start = outcome(tokens)
        faced = _play_out(session, outcome, random.Random(seed), plies=400)
    if start == "N":  # a win is never postponed for ever: the game ended, the computer moving last
        assert session.over and outcome(list(session.position)) == "P" and "D" not in faced


def test_play_json_hints_of_a_draw():
    from grundy.service.playing import moves_data

    data = moves_data(EXAMPLE, "3 2")
    assert data["value"] == "draw"
    best = [m for m in data["moves"] if m["best"]]
    assert [m["move"] for m in best] == ["1 3"] and "∞{1}" in best[0]["why"]


def test_the_win_is_not_put_off_for_ever(monkeypatch):
    # 0 has no move; 1 -> 2; 2 -> 1 or 0. G(0) = G(1) = 0 (1 -> 2 is reversed by 2 -> 0), G(2) = 1.
    # From 2 both moves leave a 0; going back to 1 lets the opponent return to 2 for ever, so the
    # computer must take the one of least counter, 2 -> 0 (0 was labelled first).
    monkeypatch.setattr(play, "REMOTENESS_WORK", 0)
    session = PlaySession.for_ruleset(Tokens({0: [], 1: [2], 2: [1, 0]}), [2, 1, 1], seed=3)
    assert type(session.solution).__name__ == "LoopySums" and session.value() == "win"
    for _ in range(40):
        session.computer_move()
        if session.over:
            break
        session.play(session.legal_moves()[0])  # the opponent always moves a token on 1 up to 2
    assert session.over  # the computer moved last
