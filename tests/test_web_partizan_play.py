"""Issue 32: the web explorer plays partizan games (Domineering, Clobber, Toads and Frogs, Cutcake)
against the perfect opponent of ``grundy play``, the human as Left or Right.

The API tests use starlette's TestClient (as tests/test_web_api.py does); the page's test drives Debian's
chromium through Playwright with the fixtures of tests/test_web_browser.py, and is skipped where those are.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from grundy.partizan.registry import partizan_ruleset
from grundy.partizan.values import value
from grundy.web.app import create_app

try:
    from tests.test_web_browser import base_url, browser, expect, page  # noqa: F401  (fixtures)
except pytest.skip.Exception as exc:  # no chromium or no Playwright here
    WHY_NOT = str(exc)

    @pytest.fixture
    def page() -> None:
        pytest.skip(WHY_NOT)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def start(client: TestClient, **body: Any) -> dict[str, Any]:
    reply = client.post("/api/play", json=body)
    assert reply.status_code == 200, reply.json()
    return reply.json()


def post(client: TestClient, key: str, action: str, **body: Any) -> dict[str, Any]:
    reply = client.post(f"/api/play/{key}/{action}", json=body)
    assert reply.status_code == 200, reply.json()
    return reply.json()


def outcome(spec: str, turn: dict[str, Any]) -> str:
    """grundy.cgt's outcome (L, R, N, P) of the position a turn shows."""
    rules = partizan_ruleset(spec)
    return value(rules, [rules.parse_component(c["text"]) for c in turn["board"]]).outcome


def test_a_game_of_domineering_starts_with_its_board_and_every_move(client: TestClient) -> None:
    answer = start(client, spec="domineering", position="...|...", side="left", first="human")
    assert answer.pop("id")
    assert answer == {
        "turns": [{"turn": 0, "played": None, "position": "...|...   (Left to move)",
                   "board": [{"text": "...|...", "rows": ["...", "..."]}], "side": "left", "to_move": "human",
                   "to_move_side": "Left", "value": "win", "game_value": "{2|-1/2}", "over": False}],
        "moves": [{"number": 1, "move": "1 ..|..", "after": "..|..   (Right to move)", "result": "lose",
                   "why": "leaves +-1 with Right to move: Left loses", "best": False},
                  {"number": 2, "move": "1 .|.+.|.", "after": ".|.  .|.   (Right to move)", "result": "win",
                   "why": "leaves 2 with Right to move: Left wins", "best": True}],
        "over": False}


def test_a_winning_move_ends_the_game_and_says_who_had_no_move(client: TestClient) -> None:
    key = start(client, spec="domineering", position="...|...", side="left", first="human")["id"]
    answer = post(client, key, "move", move="1 .|.+.|.")  # as grundy play reads it
    assert answer == {"id": key, "moves": [], "over": True, "turns": [
        {"turn": 1, "played": {"by": "human", "move": "1 .|.+.|."}, "position": ".|.  .|.   (Right to move)",
         "board": [{"text": ".|.", "rows": [".", "."]}, {"text": ".|.", "rows": [".", "."]}], "side": "left",
         "to_move": "computer", "to_move_side": "Right", "value": "lose", "game_value": "2", "over": True,
         "winner": "human", "end": "Right has no move: Left wins (you win)"}]}
    undone = post(client, key, "undo")  # a game that ended still takes undo
    assert (undone["undone"], [t["turn"] for t in undone["turns"]], len(undone["moves"])) == (1, [0], 2)
    lost = post(client, key, "move", move="#1")  # 1 ..|..: Right answers with its winning move
    assert [(t["played"], t.get("end")) for t in lost["turns"]] == [
        ({"by": "human", "move": "1 ..|.."}, None),
        ({"by": "computer", "move": "1 .."}, "Left has no move: Right wins (you lose)")]
    again = post(client, key, "new")
    assert [(t["turn"], t["position"]) for t in again["turns"]] == [(0, "...|...   (Left to move)")]


@pytest.mark.parametrize(("spec", "position", "side"), [
    ("domineering", "...|...|...", "left"),
    ("domineering", "....|....", "right"),
    ("clobber", "xox|oxo", "right"),
    ("toads-and-frogs", "TTT...FFF", "left"),
    ("cutcake", "3,4", "right"),
])
def test_the_computer_replies_with_a_winning_move_when_it_has_one(client: TestClient, spec: str, position: str,
                                                                  side: str) -> None:
    """After each of the human's first moves, the computer's reply leaves the human lost (by grundy.cgt's
    outcome of the position) whenever the computer had a winning move."""
    human = "L" if side == "left" else "R"
    computer = "R" if human == "L" else "L"
    opening = start(client, spec=spec, position=position, side=side, first="human")
    key, tested = opening["id"], 0
    for move in opening["moves"]:
        turns = post(client, key, "move", move=f"#{move['number']}")["turns"]
        after_human, *reply = turns
        if outcome(spec, after_human) in (computer, "N"):  # the computer, to move, can win
            tested += 1
            assert reply and outcome(spec, reply[0]) in (computer, "P"), (move, reply)
            assert reply[0]["value"] == "lose"
        post(client, key, "new")
    assert tested, "no opening move left the computer a win: choose another position"


def test_an_illegal_move_is_one_clear_line(client: TestClient) -> None:
    key = start(client, spec="domineering", position="..|..", side="right", first="human")["id"]
    reply = client.post(f"/api/play/{key}/move", json={"move": "1 .|."})  # Left's move, not Right's
    assert reply.status_code == 400
    assert reply.json() == {"error": "'1 .|.' is not a legal move: type COMPONENT WHAT-IT-LEAVES as 'moves' lists "
                                     "them (e.g. '1 ..'), or '#k' for the k-th"}


@pytest.mark.parametrize(("body", "said"), [
    ({"spec": "domineering", "position": "..", "side": "up"},
     "side is 'left' or 'right' (the player you are), not 'up'"),
    ({"spec": "domineering", "position": "..", "misere": True},
     "misere does not apply to domineering: a partizan game is played under normal play"),
    ({"spec": "domineering", "position": ""}, "no position given: write Domineering's components, e.g. ..|.."),
    ({"spec": "nim", "position": "3", "side": "left"},
     "side chooses Left or Right of a partizan game: in nim both players have the same moves"),
])
def test_a_game_that_cannot_start_says_why(client: TestClient, body: dict[str, Any], said: str) -> None:
    reply = client.post("/api/play", json=body)
    assert (reply.status_code, reply.json()) == (400, {"error": said})


def test_a_computer_that_starts_moves_at_once(client: TestClient) -> None:
    answer = start(client, spec="toads-and-frogs", position="TT..FF", side="right", first="computer")
    assert [(t["to_move"], t["to_move_side"], t["played"]) for t in answer["turns"]] == [
        ("computer", "Left", None), ("human", "Right", {"by": "computer", "move": "1 T.T.FF"})]
    assert [t["board"] for t in answer["turns"]] == [[{"text": "TT..FF"}], [{"text": "T.T.FF"}]]


@pytest.mark.browser
def test_the_page_plays_domineering_to_its_end(page) -> None:  # noqa: F811
    page.select_option("#pz-spec", "domineering")
    page.fill("#pz-position", "...|...")
    page.select_option("#pzp-side", "left")
    page.select_option("#pzp-first", "human")
    page.click("#pzp-start")
    status = page.locator("#pzp-status")
    expect(status).to_have_text("Your move (you are Left): you can win (the position's value is {2|-1/2}).")
    grid = page.locator("#pzp-board .pz-grid")
    expect(grid).to_have_attribute("data-rows", "2")
    expect(grid).to_have_attribute("data-cols", "3")
    expect(page.locator("#pzp-moves button")).to_have_count(2)
    page.fill("#pzp-input", "1 x|x")
    page.click("#pzp-send")
    expect(page.locator("#pzp-error")).to_have_text("'1 x|x' is not a legal move: type COMPONENT WHAT-IT-LEAVES as "
                                                    "'moves' lists them (e.g. '1 ..|..'), or '#k' for the k-th")
    page.click("#pzp-moves button[data-move='1 ..|..']")  # a losing move: the computer answers it
    expect(status).to_have_text("Game over: Left has no move: Right wins (you lose).")
    expect(page.locator("#pzp-error")).to_be_hidden()
    expect(page.locator("#pzp-log li")).to_have_text(["Start: ...|...   (Left to move)",
                                                      "You played 1 ..|.., leaving ..|..   (Right to move)",
                                                      "The computer played 1 .., leaving ..   (Left to move)"])
    expect(page.locator("#pzp-board .pz-grid")).to_have_attribute("data-rows", "1")
    page.click("#pzp-undo")
    expect(page.locator("#pzp-moves button")).to_have_count(2)
    page.fill("#pzp-input", "1 .|.+.|.")
    page.press("#pzp-input", "Enter")
    expect(status).to_have_text("Game over: Right has no move: Left wins (you win).")
    expect(page.locator("#pzp-board .pz-grid")).to_have_count(2)
    page.click("#pzp-new")
    expect(status).to_have_text("Your move (you are Left): you can win (the position's value is {2|-1/2}).")
