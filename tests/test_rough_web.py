"""Issue 32's rough edges of the web explorer: the answers the API gives and the lines the page shows.

The API tests use starlette's TestClient; the page's use Debian's chromium through Playwright (as
tests/test_web_browser.py does) and are skipped where chromium or Playwright is absent.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from grundy.web.app import create_app
from grundy.web.workers import WebLimits

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


# -- the API -------------------------------------------------------------------------------------------------
def test_the_general_solvers_limit_says_what_the_user_can_do():
    client = TestClient(create_app(WebLimits(max_states=1000)))
    reply = client.get("/api/solve", params={"spec": "three-tokens:6:5,5,5", "position": ""})
    assert reply.status_code == 400
    assert reply.json()["error"] == ("the general solver stopped after 1,001 states (this explorer's limit is "
                                     "1,000): choose a smaller position, or use the grundy command with --max-states")
    assert (reply.json()["knob"], reply.json()["limit"]) == ("max_states", 1000)


def test_every_bare_limit_gets_the_advice_and_others_keep_their_own():
    client = TestClient(create_app(WebLimits(max_states=1000)))
    said = client.get("/api/moves", params={"spec": "nim", "position": "300 300 300", "misere": "1"}).json()["error"]
    assert said == ("the general solver stopped before searching: nim 300 300 300 has at least 4,545,150 positions "
                    "(this explorer's limit is 1,000): choose a smaller position, or use the grundy command with "
                    "--max-states")
    weird = client.get("/api/solve", params={"spec": "weird-game:01101001011010010110,10010110100101101001"})
    assert weird.json()["error"].endswith("(the indices each player picked); use shorter strings")


def test_the_catalogue_opens_on_the_classic_games():
    client = TestClient(create_app())
    names = [e["name"] for e in client.get("/api/list", params={"kind": "impartial"}).json()]
    assert names[:4] == ["nim", "bash", "wythoff", "kayles"]
    assert len(names) == len(set(names)) >= 50  # every game still listed, once
    assert [e["name"] for e in client.get("/api/list", params={"q": "kayles", "kind": "impartial"}).json()] == [
        "kayles", "dawson-kayles"]
    # without kind, /api/list is still 'grundy list --json', in its order (tests/test_web_api.py)
    assert client.get("/api/list").json()[0]["name"] == "turning-turtles"


# -- the page ------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def page_url() -> Iterator[str]:
    if CHROMIUM is None:
        pytest.skip("no chromium on PATH: the page's tests need Debian's chromium")
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60  # a safety net, not a measure
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started, "the grundy web server did not start"
    yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    server.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture
def page(page_url: str) -> Iterator:
    sync_api = pytest.importorskip("playwright.sync_api", reason="the page's tests need playwright")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        tab = browser.new_page()
        tab.set_default_timeout(30_000)
        tab.goto(page_url + "/")
        sync_api.expect(tab.locator("#result")).to_have_attribute("data-state", "done", timeout=30_000)
        yield tab
        browser.close()


def solve(page, spec: str, position: str) -> None:
    from playwright.sync_api import expect

    page.fill("#spec", spec)
    page.fill("#position", position)
    page.click("#solve")
    expect(page.locator("#result")).not_to_have_attribute("data-state", "loading", timeout=30_000)
    assert page.locator("#error").inner_text() == ""
    expect(page.locator("#result")).to_have_attribute("data-state", "done")


def test_computing_shows_while_an_answer_is_awaited(page):
    from playwright.sync_api import expect

    held = []
    page.route("**/api/solve?*", lambda route: held.append(route))  # the request waits until the test lets it go
    page.fill("#spec", "nim")
    page.fill("#position", "7 9")
    page.click("#solve")
    expect(page.locator("#computing")).to_be_visible()
    expect(page.locator("#computing")).to_have_text("computing…")
    for route in held:
        route.continue_()
    page.unroute("**/api/solve?*")
    expect(page.locator("#result")).to_have_attribute("data-state", "done")
    expect(page.locator("#computing")).to_be_hidden()


def test_moves_are_shown_with_one_arrow(page):
    from playwright.sync_api import expect

    solve(page, "nim", "1 2")
    expect(page.locator("#moves li[data-move='2 1'] .move-after")).to_have_text("→ 1 1")
    # a heap too large to list every move: the winning moves come from the answer ('heap 1: ... -> 3')
    solve(page, "nim", "1000000000000 3")
    expect(page.locator("#moves li .move-text")).to_have_text(["heap 1: 1000000000000 → 3"])
    # the partizan panel's moves ('1: ..|.. -> .|.' in the JSON)
    page.select_option("#pz-spec", "domineering")
    page.fill("#pz-position", "..|..")
    page.select_option("#pz-for", "left")
    page.click("#pz-value-button")
    expect(page.locator("#pz-moves li .move-text")).to_have_text(["1: ..|.. → .|."])
    shown = page.locator("body").inner_text()
    assert "→" in shown and "->" not in shown


def test_a_game_of_pairs_asks_for_no_period(page):
    from playwright.sync_api import expect

    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/" in r.url else None)
    solve(page, "wythoff", "3,5")
    expect(page.locator("#table-note")).to_contain_text("Values of wythoff at (a, b)")
    solve(page, "kayles", "4")
    expect(page.locator("#period-summary")).to_contain_text("period 12")
    periods = [u for u in asked if "/api/period" in u]
    assert len(periods) == 1 and "spec=kayles" in periods[0], asked
