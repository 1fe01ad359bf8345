"""``grundy misere SPEC --max-heap N``: the misère quotient's lines and JSON, bad input in one line, and
misère play by the quotient (``solve --misere``, ``play --misere``) against a plain misère search."""

from __future__ import annotations

import json
import sys

import pytest

import grundy
from grundy.core import by_quotient
from grundy.core.play import PlaySession
from grundy.core.search import PositionSearch
from tests.helpers import check_position, one_error_line, run_cli
from tests.hostile import run_capped

QUOTIENT_KEYS = {"order", "presentation", "generators", "p_portion", "tame", "elements", "complete",
                 "complete_from_heap", "preperiod", "period"}


def genus_of_nim(heap: int) -> str:
    """The genus of a nim heap as :mod:`grundy.cgt.misere` writes it (CGSuite's notation)."""
    from grundy.cgt.misere import genus, nim_heap

    return str(genus(nim_heap(heap)))


def test_the_lines_of_a_small_quotient():
    code, out, err = run_cli("misere", "nim", "--max-heap", "2", "--outcome", "1,1,1", "--outcome", "2,2")
    assert code == 0, err
    assert out.splitlines() == [
        "nim, misère quotient of heaps 0..2",
        "order 6, tame",
        "presentation ⟨a, b | a² = 1, b³ = b⟩",
        "P-portion {a, b²}",
        "complete: not known to cover heaps past 2",
        "heap  element  genus",
        f"   0  1        {genus_of_nim(0)}",
        f"   1  a        {genus_of_nim(1)}",
        f"   2  b        {genus_of_nim(2)}",
        "misère outcome of 1 + 1 + 1: P (element a; the player to move loses)",
        "misère outcome of 2 + 2: P (element b²; the player to move loses)",
    ]


def test_the_json_keys_and_outcomes_against_a_search():
    code, out, err = run_cli("misere", "kayles", "--max-heap", "8", "--outcome", "1,4,6", "--outcome", "2,3,5,8",
                             "--outcome", "", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"spec", "max_heap", "genus", "quotient", "outcomes"}
    assert set(data["quotient"]) == QUOTIENT_KEYS
    assert data["spec"] == "kayles" and data["max_heap"] == 8
    assert len(data["genus"]) == len(data["quotient"]["elements"]) == 9
    assert data["genus"][:6] == [genus_of_nim(n) for n in (0, 1, 2, 3, 1)] + ["4^146"]  # Winning Ways' Kayles
    assert data["quotient"]["elements"][0] == "1"
    search = PositionSearch(grundy.ruleset("kayles"), misere=True)
    assert [o["heaps"] for o in data["outcomes"]] == [[1, 4, 6], [2, 3, 5, 8], []]
    for asked in data["outcomes"]:
        assert asked["outcome"] == search.outcome(asked["heaps"]), asked
    assert data["outcomes"][2] == {"heaps": [], "outcome": "N", "element": "1"}


@pytest.mark.parametrize(("argv", "words"), [
    (["wythoff", "--max-heap", "5"], "misère quotients are for games of heaps"),
    (["domineering", "--max-heap", "5"], "misère quotients are for games of heaps"),
    (["kayles", "--max-heap", "-1"], "--max-heap"),
    (["kayles", "--max-heap", "x"], "--max-heap"),
    (["kayles", "--max-heap", "5", "--outcome", "1,x"], "'x' in '1,x' is not a heap"),
    (["kayles", "--max-heap", "5", "--outcome", "3,9"], "heap 9 is past the quotient of heaps up to 5"),
    (["kayles", "--max-heap", "5", "--outcome", "1,,2"], "'' in '1,,2' is not a heap"),
    (["kayles", "--max-heap", "100000"], "--max-heap is a whole number from 0 to 65,536, not 100000"),
    (["nosuchgame", "--max-heap", "5"], "unknown ruleset"),
])
def test_bad_input_is_one_line(argv, words):
    code, out, err = run_cli("misere", *argv)
    assert code == 2 and out == ""
    assert words in one_error_line(err)


def test_the_python_door_is_the_quotient():
    q = grundy.misere_quotient("octal:.07", 12)
    data = grundy.misere_quotient("octal:.07", 12).to_dict()["quotient"]
    assert data == q.to_dict()["quotient"] and data["order"] == q.order
    search = PositionSearch(grundy.ruleset("octal:.07"), misere=True)
    for heaps in ([], [2], [2, 3], [4, 4], [5, 7, 9], [1, 10, 12, 3]):
        assert q.outcome(heaps) == search.outcome(heaps), heaps
    with pytest.raises(grundy.GrundyError, match="max_heap is a whole number"):
        grundy.misere_quotient("kayles", -1)


@pytest.mark.parametrize(("spec", "heaps"), [
    ("kayles", [3, 5, 7]), ("kayles", [2, 4, 6, 9]), ("octal:.07", [4, 7, 9]), ("subtraction:1,3,4", [7, 9, 5]),
    ("grundy-game", [7, 9, 10]),
])
def test_solve_by_the_quotient_agrees_with_the_search(monkeypatch, spec, heaps):
    """Every heap past the small search, so the quotient answers; the helper checks the outcome and
    exactly the winning moves against a plain misère search of the whole sum."""
    monkeypatch.setattr(by_quotient, "SMALL_SEARCH", 1)
    solution = grundy.solve(spec, heaps, misere=True)
    assert "misère quotient" in solution.explanation
    assert all(m.why.startswith("moves to a P-position of the quotient: element ") for m in solution.winning_moves)
    check_position(spec, heaps, misere=True)


def test_a_small_sum_is_still_searched():
    solution = grundy.solve("subtraction:1,3,4", [7, 9], misere=True)
    assert "search of the whole position" in solution.explanation


def test_thirty_kayles_heaps_answer_under_a_hard_cap():
    """Kayles 1 + 2 + ... + 30 under misère play, far past a whole search (the moves the quotient gives
    are checked against a plain search on smaller sums by the tests above)."""
    heaps = [str(h) for h in range(1, 31)]
    run = run_capped([sys.executable, "-m", "grundy", "solve", "kayles", *heaps, "--misere", "--json"],
                     memory=3 * 1024**3, cpu=60, safety=300)
    assert run.status == 0, run.stderr[-2000:]
    data = json.loads(run.stdout)
    assert "misère quotient of kayles for heaps up to 30" in data["explanation"]
    assert data["outcome"] == "N" and data["winning_move_count"] == len(data["winning_moves"]) >= 1
    assert all(m["why"].startswith("moves to a P-position of the quotient: element ") for m in data["winning_moves"])
    assert run.cpu < 60


def test_play_misere_plays_by_the_quotient(monkeypatch):
    monkeypatch.setattr("grundy.core.play.REMOTENESS_WORK", 10)
    session = PlaySession.for_ruleset(grundy.ruleset("kayles"), [3, 5, 7, 9], misere=True, seed=1)
    assert isinstance(session.solution, by_quotient.QuotientValues)
    search = PositionSearch(grundy.ruleset("kayles"), misere=True)
    assert session.value() == ("win" if search.outcome([3, 5, 7, 9]) == "N" else "lose")
    for move in session.best_moves():
        assert search.outcome(session.after(move)) == "P"


def test_a_search_that_stops_says_how_to_ask_the_quotient():
    from grundy.core import limits

    with limits.budget(max_states=2000), pytest.raises(grundy.GrundyError) as info:
        grundy.solve("kayles", [20, 30, 40], misere=True)
    assert "misère positions are searched whole" in str(info.value)
    assert ("the misère quotient of kayles to heap 40 answers sums of heaps: "
            "grundy.misere_quotient(spec, max_heap).outcome(heaps)") in str(info.value)
    code, _, err = run_cli("solve", "kayles", "20", "30", "40", "--misere", "--max-states", "2000")
    said = one_error_line(err)
    assert code == 2 and "kayles to heap 40 answers sums of heaps: 'grundy misere SPEC --max-heap N" in said


def test_the_web_route_refuses_in_json():
    from starlette.testclient import TestClient

    from grundy.web.app import create_app

    client = TestClient(create_app())
    bad = client.get("/api/misere", params={"spec": "wythoff", "max_heap": "5"})
    assert bad.status_code >= 400 and "misère quotients are for games of heaps" in bad.text
    good = client.get("/api/misere", params={"spec": "nim", "max_heap": "3", "outcome": "1,2,3"})
    assert good.status_code == 200 and good.json()["outcomes"][0]["outcome"] == "P"


def test_a_complete_quotient_answers_any_heap():
    """subtraction:1,3,4's pretending function is periodic (period 7), so its quotient covers heaps far
    past any search; the outcome equals a search of heaps of the same residues mod 7 past the preperiod."""
    heaps = [10**6, 999, 77, 5 + 7 * 10**4]
    solution = grundy.solve("subtraction:1,3,4", heaps, misere=True)
    assert "so it covers every heap" in solution.explanation
    search = PositionSearch(grundy.ruleset("subtraction:1,3,4"), misere=True)
    assert solution.outcome == search.outcome([14 + (h - 14) % 7 for h in heaps])
