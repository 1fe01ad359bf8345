"""`grundy play` on sums whose values the theory gives (issue 26): the session plays from the Grundy
values at once, computes the remoteness only where valuing every position is cheap, and says
"remoteness not computed" otherwise; misère sums and games of one's own are solved whole as before.

The big positions run in a child process under a hard address-space cap; the budget is checked by
the child's CPU time (``RUSAGE_CHILDREN``) and by the session's own counters, never by wall time.
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess

import pytest

import grundy
from grundy.core import limits
from grundy.core.general import GameSolution, solve_game
from grundy.core.play import NOT_COMPUTED, REMOTENESS_WORK, PlaySession, SumValues, nim_sum, sum_solution
from grundy.core.sum_game import ImpartialGame
from tests.helpers import run_cli
from tests.hostile import GRUNDY

HARD_LIMIT = 3 * 1024**3  # bytes of address space for a child: before the fix nim 100 200 300 took 2.8 GB
WATCHDOG = 120.0  # seconds: only a safety net; the budget asserted is CPU time
CPU_BUDGET = 4.0  # seconds of CPU for the child, interpreter start included (before: 590 s, 120 s and more)


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (HARD_LIMIT, HARD_LIMIT))


def _play_child(*argv: str, stdin: str) -> tuple[subprocess.CompletedProcess, float]:
    """Run ``grundy play ARGV`` in a capped child; its result and the CPU seconds it used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(GRUNDY + ["play", *argv], input=stdin, capture_output=True, text=True,
                          timeout=WATCHDOG, preexec_fn=_cap_memory, env={**os.environ, "GRUNDY_MAX_MEMORY": "1GB"})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return proc, cpu


@pytest.mark.parametrize(("spec", "words"), [("nim", ["100", "200", "300"]), ("wythoff", ["1000,1618"])])
def test_a_big_sum_reaches_the_prompt_at_once_and_the_computer_leaves_nim_sum_zero(spec, words):
    proc, cpu = _play_child(spec, *words, "--first", "computer", "--json", "--seed", "3", stdin="quit\n")
    assert (proc.returncode, proc.stderr) == (0, "")
    turns = [json.loads(line) for line in proc.stdout.splitlines()]
    opening, reply = turns[0], turns[1]
    assert (opening["value"], opening["remoteness"], opening["remoteness_computed"]) == ("win", None, False)
    assert reply["played"]["by"] == "computer" and reply["to_move"] == "human" and reply["value"] == "lose"
    rules = grundy.ruleset(spec)
    left = [rules.parse_component(word) for word in reply["position"].split()]
    assert grundy.solve(spec, left).outcome == "P"  # by grundy's own values: nim-sum 0 (a Beatty pair)
    if spec == "nim":
        assert nim_sum(rules, left) == 0 and sorted(left) != [100, 200, 300]
    assert turns[-1] == {"bye": True}
    assert cpu < CPU_BUDGET, f"{spec}: {cpu:.2f} s of CPU before the first prompt"


def test_the_terminal_says_remoteness_not_computed():
    proc, cpu = _play_child("nim", "100", "200", "300", "--first", "human", stdin="hint\nquit\n")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert "to move: you   (value for the player to move: win, remoteness not computed)" in proc.stdout
    hints = [line.strip() for line in proc.stdout.splitlines() if line.strip().startswith("#")]
    assert len(hints) == 600
    assert "#473: 3 172  you win   nim-sum after it 0 (P-position); remoteness not computed" in hints
    assert proc.stdout.splitlines()[-1] == "bye"
    assert cpu < CPU_BUDGET


def test_big_sums_are_played_from_values_within_the_work_cap():
    for spec, start in [("nim", [100, 200, 300]), ("wythoff", [(1000, 1618)]), ("kayles", [300, 200])]:
        game = ImpartialGame(grundy.ruleset(spec))
        solution = sum_solution(game, tuple(start))
        assert isinstance(solution, SumValues) and solution.remoteness_at(tuple(start)) is None
    session = PlaySession.for_ruleset(grundy.ruleset("nim"), [100, 200, 300], seed=0)
    assert session.remoteness() is None and session.remoteness_note() == NOT_COMPUTED
    assert session.remoteness_fields() == {"remoteness_computed": False}


def test_small_sums_keep_their_remoteness_and_other_paths_are_unchanged():
    session = PlaySession.for_ruleset(grundy.ruleset("nim"), [3, 4, 5], seed=0)
    assert isinstance(session.solution, GameSolution) and session.remoteness() == 11
    assert session.remoteness_note() is None and session.remoteness_fields() == {}
    misere = PlaySession.for_ruleset(grundy.ruleset("nim"), [30, 30], misere=True, seed=0)
    assert isinstance(misere.solution, GameSolution) and misere.value() == "lose"  # solved whole, as before

    @grundy.impartial
    def take_one_or_two(n):
        return [n - k for k in (1, 2) if k <= n]

    own = PlaySession.for_ruleset(take_one_or_two, [40, 40, 40], seed=0)
    assert isinstance(own.solution, GameSolution)  # a game of one's own: the general solver, as before
    with limits.budget(max_states=100), pytest.raises(grundy.GrundyError, match="100"):
        PlaySession.for_ruleset(take_one_or_two, [40, 40, 40], seed=0)


@pytest.mark.parametrize("spec", ["nim", "wythoff", "kayles", "subtraction:1,3,4", "fibonacci-nim", "dawson-kayles"])
def test_values_agree_with_the_general_solver(spec):
    """The value and the computer's moves from values are the general solver's, on small positions."""
    rules = grundy.ruleset(spec)
    rng = random.Random(spec)
    game = ImpartialGame(rules)
    for _ in range(6):
        start = tuple(rules.validate(_small(rules, rng)) for _ in range(rng.randint(1, 3)))
        whole = solve_game(game, start)
        values = SumValues(game)
        assert values.value_of(start) == whole.value_of(start), start
        best = values.best_moves(start)
        if whole.value_of(start) == "win":
            assert best and all(whole.value_of(p) == "lose" for p in best), start
        else:
            assert sorted(best, key=repr) == sorted(game.moves(game.canonical(start)), key=repr)


def _small(rules, rng: random.Random):
    if rules.spec == "wythoff":
        return rng.randint(0, 9), rng.randint(0, 9)
    if rules.spec == "fibonacci-nim":
        n = rng.randint(1, 12)
        return n, n - 1
    return rng.randint(0, 12)


def test_a_big_game_played_against_random_moves_keeps_nim_sum_zero():
    rng = random.Random(5)
    for spec, start in [("nim", [100, 200, 300]), ("wythoff", [(1000, 1618)])]:
        rules = grundy.ruleset(spec)
        session = PlaySession.for_ruleset(rules, start, seed=1)
        for _ in range(6):
            if session.over:
                break
            session.computer_move()
            assert grundy.solve(spec, list(session.position)).outcome == "P", session.position
            if session.over:
                break
            session.play(rng.choice(session.legal_moves()))


def test_hints_from_values_say_who_wins_without_a_search():
    session = PlaySession.for_ruleset(grundy.ruleset("wythoff"), [(1000, 1618)], seed=0)
    hints = session.hints()
    assert len(hints) == 1000 + 1618 + 1000
    best = [h for h in hints if h.best]
    assert {h.label for h in best} == {"1 1000,618", "1 999,1617"} and all(h.value == "win" for h in best)
    assert best[0].why == f"P-position after it: (1000, 618) is a Beatty pair (⌊382φ⌋ = 618); {NOT_COMPUTED}"
    other = next(h for h in hints if not h.best)
    assert other.why == f"N-position after it: (0, 1618) is not a Beatty pair (⌊1618φ⌋ = 2617); {NOT_COMPUTED}"
    assert other.value == "lose"


def test_the_web_plays_a_big_sum():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from grundy.web.app import create_app

    client = TestClient(create_app())
    reply = client.post("/api/play", json={"spec": "nim", "position": "100 100 100", "first": "computer"})
    assert reply.status_code == 200, reply.text[:300]
    turns = reply.json()["turns"]
    assert [t["remoteness_computed"] for t in turns] == [False, False]
    assert turns[1]["played"]["by"] == "computer" and turns[1]["value"] == "lose"
    left = [int(word) for word in turns[1]["position"].split()]
    assert left[0] ^ left[1] ^ left[2] == 0


def test_the_work_cap_is_what_the_remoteness_may_cost():
    assert REMOTENESS_WORK <= 10**6  # about 1.5 us a move: under a second with the interpreter's start
    run = run_cli("play", "nim", "1", "2", "--first", "human", "--json", stdin="quit\n")
    assert run[0] == 0 and "remoteness_computed" not in run[1] and '"remoteness": 3' in run[1]
