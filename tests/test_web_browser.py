"""The web explorer of `grundy serve` in a real browser.

Playwright drives Debian's chromium (headless, never Playwright's own download) against the real Starlette app,
served by uvicorn from a background thread on a free port of 127.0.0.1.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip(
        "no chromium on PATH: the browser tests of grundy serve need Debian's chromium (apt-get install chromium)",
        allow_module_level=True,
    )

sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright (a dev dependency)")
Page = sync_api.Page
expect = sync_api.expect

expect.set_options(timeout=20_000)

P_RED = (0xB2, 0x18, 0x2B)  # value 0, a P-position, on the heatmap
PRE_GREY = (0x8C, 0x8C, 0x8C)  # the band under values before the period
PERIOD_PURPLE = (0x54, 0x27, 0x88)  # the band under the first period (then orange, purple, ...)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    import uvicorn

    from grundy.web.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            pytest.fail("the grundy web server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[sync_api.Browser]:
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: sync_api.Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, device_scale_factor=1)
    context.set_default_timeout(20_000)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(base_url + "/")
    expect(tab.locator("#moves li").first).to_be_visible()  # the page solves its default position on load
    yield tab
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def solve(page: Page, spec: str, position: str, *, enter: bool = False) -> None:
    page.fill("#spec", spec)
    page.fill("#position", position)
    if enter:
        page.press("#position", "Enter")
    else:
        page.click("#solve")
    expect(page.locator("#result")).to_have_attribute("data-state", "done")


def play_first(page: Page, spec: str, position: str, moves: int | None = None) -> None:
    """Solve ``spec position`` and start a game in which the human moves first (with ``moves`` buttons)."""
    solve(page, spec, position)
    page.select_option("#first", "human")
    page.click("#play")
    if moves is not None:
        expect(page.locator("#play-moves button")).to_have_count(moves)


def pixel(page: Page, x: float, y: float) -> tuple[int, int, int]:
    rgba = page.evaluate(
        """([x, y]) => {
            const c = document.querySelector('#heatmap');
            const d = window.devicePixelRatio || 1;
            return Array.from(c.getContext('2d').getImageData(Math.floor(x * d), Math.floor(y * d), 1, 1).data);
        }""",
        [x, y],
    )
    return rgba[0], rgba[1], rgba[2]


def geometry(page: Page) -> dict[str, int]:
    data = page.eval_on_selector("#heatmap", "c => ({...c.dataset})")
    return {k: int(v) for k, v in data.items() if k != "kind"}


def test_the_page_loads_with_its_parts(page: Page) -> None:
    expect(page).to_have_title("grundy — combinatorial game explorer")
    for selector in ("#spec", "#position", "#solve", "#misere", "#outcome", "#grundy", "#moves", "#table",
                     "#period", "#play", "#first", "#search"):
        expect(page.locator(selector)).to_be_visible()
    # the default position: nim 3 4 5, solved on load
    expect(page.locator("#outcome")).to_have_text("N — the player to move wins")
    # every input has a label
    for field in ("spec", "position", "misere", "first", "search", "table-n"):
        assert page.locator(f"label[for='{field}'], label:has(#{field})").count() == 1, field
    # the catalogue lists every ruleset
    expect(page.locator("#catalogue-list button[data-name='kayles']")).to_be_visible()
    assert page.locator("#catalogue-list button").count() >= 50


def test_kayles_from_the_catalogue_shows_its_period(page: Page) -> None:
    page.fill("#search", "kayles")
    expect(page.locator("#catalogue-list button")).to_have_count(2)  # kayles and dawson-kayles
    expect(page.locator("#catalogue-count")).to_have_text("2 rulesets matching “kayles”")
    page.click("#catalogue-list button[data-name='kayles']")
    expect(page.locator("#spec")).to_have_value("kayles")
    expect(page.locator("#position")).to_have_value("4 7 10")
    expect(page.locator("#period-summary")).to_have_text("preperiod 71, period 12 (proved)")
    expect(page.locator("#period-reason")).to_contain_text("Guy–Smith periodicity theorem")
    expect(page.locator("#pattern-rule")).to_contain_text("G(n + 12) = G(n) for n ≥ 71")
    expect(page.locator("#forms")).to_contain_text("knock down one pin or two adjacent pins")
    # kayles 4 7 10: values 1, 2, 2 (the table's G(4), G(7), G(10)), nim-sum 1
    expect(page.locator("#grundy")).to_have_text("1 (components: 1, 2, 2)")
    expect(page.locator("#outcome")).to_have_text("N — the player to move wins")


def test_solve_nim_and_follow_the_winning_move(page: Page) -> None:
    solve(page, "nim", "3 4 5", enter=True)
    expect(page.locator("#outcome")).to_have_text("N — the player to move wins")
    expect(page.locator("#grundy")).to_have_text("2 (components: 3, 4, 5)")
    expect(page.locator("#explanation")).to_contain_text("nim-sum 3 ^ 4 ^ 5 = 2")
    moves = page.locator("#moves > li")
    expect(moves).to_have_count(3 + 4 + 5)
    expect(page.locator("#moves > li[data-result='lose']")).to_have_count(11)
    winning = page.locator("#moves > li[data-result='win']")
    expect(winning).to_have_count(1)
    expect(winning).to_have_attribute("data-best", "true")
    expect(winning).to_contain_text("nim-sum after it 0 (P-position)")
    expect(winning).to_contain_text("remoteness")
    expect(page.locator("#moves-note")).to_have_text("12 moves, 1 winning")
    winning.click()
    expect(page.locator("#position")).to_have_value("1 4 5")
    expect(page.locator("#outcome")).to_have_text("P — the player to move loses (the previous player wins)")
    expect(page.locator("#grundy")).to_have_text("0 (components: 1, 4, 5)")
    expect(page.locator("#moves > li")).to_have_count(1 + 4 + 5)
    expect(page.locator("#moves > li[data-result='win']")).to_have_count(0)
    # only winning moves: none here
    page.check("#only-winning")
    expect(page.locator("#moves > li")).to_have_count(0)


def test_misere_changes_the_answer(page: Page) -> None:
    page.check("#misere")
    solve(page, "nim", "1 1")
    expect(page.locator("#outcome")).to_have_text("N — the player to move wins, in misère play")
    page.uncheck("#misere")
    solve(page, "nim", "1 1")
    expect(page.locator("#outcome")).to_have_text("P — the player to move loses (the previous player wins)")


def test_a_general_game_colours_its_ties(page: Page) -> None:
    solve(page, "weird-game:0110,1001", "")
    expect(page.locator("#outcome")).to_have_text("Tie — with perfect play the game ends in a tie")
    expect(page.locator("#grundy")).to_contain_text("none: a game of the general solver")
    expect(page.locator("#moves > li")).to_have_count(4)
    expect(page.locator("#moves > li[data-result='draw']")).to_have_count(4)
    expect(page.locator("#table-note")).to_contain_text("No value table")


def test_a_bad_spec_shows_the_error(page: Page) -> None:
    solve_button = page.locator("#solve")
    page.fill("#spec", "nimm")
    page.fill("#position", "3")
    solve_button.click()
    error = page.locator("#error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("unknown ruleset 'nimm'")
    expect(error).to_contain_text("did you mean 'nim'?")
    expect(page.locator("#outcome")).to_have_text("—")
    expect(page.locator("#moves > li")).to_have_count(0)
    # a good spec clears it
    solve(page, "nim", "3")
    expect(error).to_be_hidden()


def test_the_heatmap_of_a_strip_marks_p_positions_and_the_period(page: Page, tmp_path: Path) -> None:
    solve(page, "kayles", "5")
    canvas = page.locator("#heatmap")
    expect(canvas).to_be_visible()
    expect(page.locator("#period-summary")).to_have_text("preperiod 71, period 12 (proved)")
    expect(canvas).to_have_attribute("aria-label", "Strip of 200 values of kayles, preperiod 71, period 12. Arrow "
                                                   "keys choose a cell, Enter solves it; the values as text are below.")
    shot = tmp_path / "heatmap.png"
    canvas.screenshot(path=str(shot))
    assert shot.exists() and shot.stat().st_size > 1000
    painted = page.evaluate(
        """() => {
            const c = document.querySelector('#heatmap');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let n = 0;
            for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
            return n / (c.width * c.height);
        }"""
    )
    assert painted > 0.5
    g = geometry(page)
    s, cols, row = g["cell"], g["cols"], g["rowHeight"]

    def cell(n: int) -> tuple[float, float]:
        return (n % cols) * s + s / 2, (n // cols) * row

    x, y = cell(0)
    assert pixel(page, x + 3, y + 3) == P_RED  # G(0) = 0, a P-position
    x, y = cell(3)
    assert pixel(page, x + 3, y + 3) != P_RED  # G(3) = 3
    x, y = cell(10)
    assert pixel(page, x + 1, y + s + 3) == PRE_GREY  # before the period
    x, y = cell(75)
    assert pixel(page, x + 1, y + s + 3) == PERIOD_PURPLE  # the first period, 71..82
    expect(page.locator("#table-values")).to_contain_text("G(71) = 7")
    # clicking a cell solves that heap
    x, y = cell(0)
    canvas.click(position={"x": x, "y": y + 3})
    expect(page.locator("#position")).to_have_value("0")
    expect(page.locator("#outcome")).to_have_text("P — the player to move loses (the previous player wins)")
    # so does the keyboard: arrows choose a cell, Enter solves it
    canvas.focus()
    for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowUp"):
        canvas.press(key)
    expect(page.locator("#cell-info")).to_have_text("G(3) = 3; click or press Enter to solve it")
    canvas.press("Enter")
    expect(page.locator("#position")).to_have_value("3")
    expect(page.locator("#grundy")).to_have_text("3")


def test_the_heatmap_of_wythoff_is_a_grid_with_its_p_positions(page: Page) -> None:
    solve(page, "wythoff", "3,5")
    expect(page.locator("#heatmap")).to_have_attribute("data-kind", "grid")
    expect(page.locator("#period-summary")).to_have_text("Beatty pairs (proved)")
    expect(page.locator("#period-reason")).to_contain_text("Beatty pairs")
    g = geometry(page)
    s, left, top = g["cell"], g["left"], g["top"]

    def colour(a: int, b: int) -> tuple[int, int, int]:
        return pixel(page, left + b * s + s / 2 - 3, top + a * s + 3)

    for a, b in ((0, 0), (1, 2), (2, 1), (3, 5), (5, 3), (4, 7)):
        assert colour(a, b) == P_RED, (a, b)
    for a, b in ((1, 1), (2, 2), (3, 4), (0, 1)):
        assert colour(a, b) != P_RED, (a, b)


def test_play_nim_to_the_end(page: Page) -> None:
    play_first(page, "nim", "1 2")
    status = page.locator("#play-status")
    expect(status).to_have_text("Your move at 1  2: you can win (remoteness 3).")
    expect(page.locator("#play-moves button")).to_have_count(3)
    for _ in range(5):
        if status.get_attribute("data-state") == "over":
            break
        before = page.locator("#play-log li").count()
        page.locator("#play-moves button[data-result='win']").first.click()
        expect(page.locator("#play-log li")).not_to_have_count(before)
    expect(status).to_have_text("Game over: you won.")
    expect(page.locator("#play-moves button")).to_have_count(0)
    expect(page.locator("#hint")).to_be_disabled()
    # 1 2 -> 1 1 -> 0 1 or 1 0 (the computer picks either) -> 0 0: the start and three moves
    log = page.locator("#play-log li")
    expect(log).to_have_count(4)
    expect(log.nth(0)).to_have_text("Start: 1  2")
    expect(log.nth(1)).to_have_text("You played 2 1, leaving 1  1")
    reply = log.nth(2).text_content() or ""
    assert reply in ("The computer played 1 0, leaving 0  1", "The computer played 2 0, leaving 1  0"), reply
    last = "2 0" if reply.endswith("0  1") else "1 0"
    expect(log.nth(3)).to_have_text(f"You played {last}, leaving 0  0")
    dots = page.locator("#history circle")
    expect(dots).to_have_count(4)
    assert [dots.nth(i).get_attribute("data-result") for i in range(4)] == ["win"] * 4


def test_hint_and_undo(page: Page) -> None:
    play_first(page, "nim", "3 4 5", 12)
    page.click("#hint")
    expect(page.locator("#play-moves")).to_have_class("play-moves hinted")
    expect(page.locator("#hint-text")).to_have_text(
        "Play 1 1: it wins (nim-sum after it 0 (P-position); ends in 10 more moves)."
    )
    # a losing move on purpose, then take it back
    page.locator("#play-moves button[data-move='1 0']").click()
    expect(page.locator("#play-log li")).to_have_count(3)
    expect(page.locator("#play-log li").nth(1)).to_have_text("You played 1 0, leaving 0  4  5")
    expect(page.locator("#play-status")).to_contain_text("you will lose against perfect play")
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#undo")
    expect(page.locator("#play-log li")).to_have_count(1)
    expect(page.locator("#hint-text")).to_have_text("Took back 2 moves.")
    expect(page.locator("#play-status")).to_have_text("Your move at 3  4  5: you can win (remoteness 11).")
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#history circle")).to_have_count(1)
    # a typed move that is not legal: the server's message
    page.fill("#play-input", "1 9")
    page.press("#play-input", "Enter")
    expect(page.locator("#play-error")).to_be_visible()
    expect(page.locator("#play-log li")).to_have_count(1)


def test_the_computer_may_start(page: Page) -> None:
    solve(page, "nim", "1 2 3")
    page.select_option("#first", "computer")
    page.click("#play")
    log = page.locator("#play-log li")
    expect(log).to_have_count(2)
    expect(log.nth(1)).to_contain_text("The computer played")
    expect(page.locator("#play-status")).to_contain_text("you can win")


def test_a_narrow_window_and_the_keyboard(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    solve(page, "subtraction:1,3,4", "5 9 12", enter=True)
    expect(page.locator("#period-summary")).to_have_text("preperiod 0, period 7 (proved)")
    # the page asks for the answer, the moves, the table and the period at once: each must be right
    expect(page.locator("#grundy")).to_have_text("0 (components: 3, 0, 3)")
    expect(page.locator("#table-values")).to_contain_text("G(23) = 0\nG(24) = 1\nG(25) = 2\nG(26) = 3\n")
    expect(page.locator("#heatmap")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide in a 360 px window"
    # keyboard only: focus the first move and press Enter to solve the position it leaves
    first = page.locator("#moves > li button").first
    first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#position")).not_to_have_value("5 9 12")
    expect(page.locator("#result")).to_have_attribute("data-state", "done")


def ask_partizan(page: Page, state: str = "done") -> None:
    page.click("#pz-value-button")
    expect(page.locator("#partizan")).to_have_attribute("data-state", state)
    expect(page.locator("#partizan")).to_have_attribute("aria-busy", "false")


def test_the_partizan_panel_lists_its_rulesets_and_values_domineering(page: Page) -> None:
    spec = page.locator("#pz-spec")
    for name in ("domineering", "toads-and-frogs", "eatcake"):
        expect(spec.locator(f"option[value='{name}']")).to_have_count(1)
    for field in ("pz-spec", "pz-position", "pz-for", "pz-expr"):
        assert page.locator(f"label[for='{field}']").count() == 1, field
    # choosing a ruleset fills in its example position and says how a component is written
    spec.select_option("toads-and-frogs")
    expect(page.locator("#pz-position")).to_have_value("TT..FF")
    spec.select_option("domineering")
    expect(page.locator("#pz-position")).to_have_value("..|..")
    expect(page.locator("#pz-help")).to_contain_text("Left places vertical dominoes")
    expect(page.locator("#pz-help")).to_contain_text("A component: a board")
    # Enter in the position asks
    page.press("#pz-position", "Enter")
    expect(page.locator("#partizan")).to_have_attribute("data-state", "done")
    expect(page.locator("#pz-value")).to_have_text("+-1")
    expect(page.locator("#pz-outcome")).to_have_text("N — the player to move wins")
    expect(page.locator("#pz-stops")).to_have_text("left stop 1, right stop -1")
    expect(page.locator("#pz-mean")).to_have_text("0")
    expect(page.locator("#pz-temperature")).to_have_text("1")
    expect(page.locator("#pz-atomic")).to_have_text("—")
    expect(page.locator("#pz-moves > li")).to_have_count(0)


def test_the_partizan_panel_lists_winning_moves_and_reads_a_value(page: Page) -> None:
    expect(page.locator("#pz-spec option[value='domineering']")).to_have_count(1)
    page.select_option("#pz-spec", "domineering")
    page.fill("#pz-position", "..|.. .|.")
    page.select_option("#pz-for", "left")
    ask_partizan(page)
    expect(page.locator("#pz-value")).to_have_text("{2|0}")
    moves = page.locator("#pz-moves > li")
    expect(moves).not_to_have_count(0)
    for i in range(moves.count()):
        expect(moves.nth(i)).to_contain_text("leaves")
    expect(moves.first).to_contain_text("1: ..|.. → .|.")
    expect(page.locator("#pz-moves-note")).to_contain_text("for Left moving first")
    # a position Left cannot win moving first: an empty list says so
    page.fill("#pz-position", "..")
    ask_partizan(page)
    expect(page.locator("#pz-moves > li")).to_have_count(0)
    expect(page.locator("#pz-moves-note")).to_have_text("No winning move for Left moving first.")
    # a value written out is asked instead of the position
    page.fill("#pz-expr", "{0|*}")
    page.press("#pz-expr", "Enter")
    expect(page.locator("#pz-value")).to_have_text("^")
    expect(page.locator("#pz-atomic")).to_have_text("1")
    expect(page.locator("#pz-outcome")).to_have_text("L — Left wins, whoever starts")
    expect(page.locator("#pz-moves > li")).to_have_count(0)
    # CGSuite's expressions: an operation gives a game, a comparison true or false
    page.fill("#pz-expr", "{3||2*|1*}.Heat(1)")
    page.press("#pz-expr", "Enter")
    expect(page.locator("#pz-value")).to_have_text("{4|||3|1||0|-2}")
    page.fill("#pz-expr", "^ > 0")
    page.press("#pz-expr", "Enter")
    expect(page.locator("#pz-value")).to_have_text("true")
    expect(page.locator("#pz-outcome")).to_have_text("—")


def test_the_partizan_panel_shows_a_bad_position_s_error(page: Page) -> None:
    expect(page.locator("#pz-spec option[value='domineering']")).to_have_count(1)
    page.select_option("#pz-spec", "domineering")
    ask_partizan(page)
    expect(page.locator("#pz-value")).to_have_text("+-1")
    page.fill("#pz-position", "..|.")
    ask_partizan(page, "error")
    error = page.locator("#pz-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("'..|.' is not a domineering component (rows of different lengths)")
    expect(page.locator("#pz-value")).to_have_text("—")
    expect(page.locator("#pz-outcome")).to_have_text("—")
    expect(page.locator("#pz-temperature")).to_have_text("—")
    # the next good answer clears it
    page.fill("#pz-position", ".|.")
    ask_partizan(page)
    expect(error).to_be_hidden()
    expect(page.locator("#pz-value")).to_have_text("1")


# -- review of the web explorer -----------------------------------------------------------------------------------
def test_misere_play_shows_no_grundy_value(page: Page) -> None:
    page.check("#misere")
    solve(page, "nim", "1 1")
    expect(page.locator("#grundy")).to_have_text("— (misère play has no Grundy value; the outcome is what counts)")
    expect(page.locator("#moves > li").first).to_contain_text("the opponent faces a loss; ends in 1 more move")


def test_the_strip_is_drawn_before_the_period_comes(page: Page) -> None:
    held: list[object] = []
    page.route("**/api/period?*", lambda route: held.append(route))  # the period does not come yet
    solve(page, "subtraction:1,4,6", "9")
    canvas = page.locator("#heatmap")
    expect(canvas).to_be_visible()
    expect(page.locator("#period-pending")).to_have_text("Looking for the period…")
    expect(page.locator("#table-note")).to_contain_text("Values G(n) of subtraction:1,4,6 for n = 0 … 199")
    assert held, "the page asked for the period"
    for route in held:
        route.fulfill(status=503, content_type="application/json", body='{"error": "this took too long"}')
    expect(page.locator("#period-error")).to_have_text("No period: this took too long")
    expect(page.locator("#period-pending")).to_have_count(0)
    expect(page.locator("#table-n")).to_have_attribute("max", "1000000")
    solve(page, "wythoff", "1,2")
    expect(page.locator("#heatmap")).to_have_attribute("data-kind", "grid")
    expect(page.locator("#table-n")).to_have_attribute("max", "1000")


def test_the_bar_that_starts_a_period_leaves_the_digit_clear(page: Page, tmp_path: Path) -> None:
    solve(page, "kayles", "5")
    expect(page.locator("#period-summary")).to_have_text("preperiod 71, period 12 (proved)")
    page.locator("#heatmap").screenshot(path=str(tmp_path / "strip.png"))
    g = geometry(page)
    s, cols, row = g["cell"], g["cols"], g["rowHeight"]
    for n in (71, 83, 95):
        x, y = (n % cols) * s, (n // cols) * row
        assert pixel(page, x + 0.5, y + 3) != (0, 0, 0), n  # the cell, its left edge not covered
        assert pixel(page, x + 0.5, y + s + 3) == (0, 0, 0), n  # the bar, under the cell
        assert pixel(page, x + 3.5, y + s + 3) == PERIOD_PURPLE if n == 71 else True


def test_a_hint_when_every_move_loses_is_not_green(page: Page) -> None:
    play_first(page, "nim", "1 1", 2)
    page.click("#hint")
    expect(page.locator("#hint-text")).to_have_text("Every move loses; 1 0 holds out longest (nim-sum after it 1 "
                                                    "(N-position); ends in 1 more move).")
    best = page.locator("#play-moves button[data-best='true']")
    expect(best).to_have_count(2)  # both lose in one more move
    best = best.first
    assert best.evaluate("b => getComputedStyle(b).outlineColor") == "rgb(164, 22, 26)"  # the colour of a loss
    assert best.evaluate("b => getComputedStyle(b).outlineStyle") == "dashed"
    best.click()
    expect(page.locator("#play-status")).to_have_text("Game over: the computer won.")
    expect(page.locator("#play-moves-heading")).to_be_hidden()


def test_a_million_values_draw_an_overview_that_keeps_the_p_positions(page: Page) -> None:
    """Issue 26: past ~150,000 values the strip threw "Maximum call stack size exceeded" (a spread of
    every value into Math.max) and asked for a canvas 500,000 pixels tall. The largest table the size
    box allows is drawn downsampled, one pixel column per bucket of values, a bucket holding a
    P-position drawn red whatever its other values."""
    solve(page, "dawson-kayles", "5")
    expect(page.locator("#heatmap")).to_have_attribute("data-kind", "strip")
    page.fill("#table-n", page.locator("#table-n").get_attribute("max") or "1000000")
    page.click("#table-load")
    expect(page.locator("#table-note")).to_contain_text("for n = 0 … 999999", timeout=90_000)
    canvas = page.locator("#heatmap")
    expect(canvas).to_have_attribute("data-kind", "overview")
    box = canvas.bounding_box()
    assert box is not None and 100 <= box["width"] <= 1200 and 20 <= box["height"] <= 2000, box
    size = page.eval_on_selector("#heatmap", "c => [c.width, c.height]")
    assert size[0] <= 1200 and size[1] <= 2000, size
    g = geometry(page)
    bucket, cols, row = g["bucket"], g["cols"], g["rowHeight"]
    assert 1 < bucket < 100 and cols * bucket * (box["height"] // row) >= 1_000_000
    # buckets with exactly one P-position among other values and with none, from `start` on
    find = """([bucket, start]) => {
        const v = state.table.values;
        let lone = -1, none = -1;
        for (let b = start; (lone < 0 || none < 0) && (b + 1) * bucket <= v.length; b++) {
            let zeros = 0;
            for (let j = b * bucket; j < (b + 1) * bucket; j++) if (v[j] === 0) zeros++;
            if (zeros === 1 && lone < 0) lone = b;
            if (zeros === 0 && none < 0) none = b;
        }
        return [lone, none];
    }"""
    lone, none = page.evaluate(find, [bucket, 500_000 // bucket])  # far along the strip
    assert lone > 0 and none > 0

    def at(b: int) -> tuple[float, float]:
        return b % cols + 0.5, (b // cols) * row + 1

    assert pixel(page, *at(lone)) == P_RED
    assert pixel(page, *at(none)) not in (P_RED, (0, 0, 0))
    assert pixel(page, *at(0)) == P_RED  # G(0) = 0
    # a pixel tells which values it holds, and clicking it solves one of them (a P-position when it holds one)
    near, _ = page.evaluate(find, [bucket, 1])
    x, y = at(near)
    canvas.hover(position={"x": x, "y": y})
    info = page.locator("#cell-info")
    expect(info).to_contain_text("(P-position)")
    expect(info).to_contain_text(f"(this pixel: n = {near * bucket} … {near * bucket + bucket - 1})")
    canvas.click(position={"x": x, "y": y})
    expect(page.locator("#outcome")).to_have_text("P — the player to move loses (the previous player wins)")
    assert near * bucket <= int(page.locator("#position").input_value()) < (near + 1) * bucket


def test_no_big_array_is_spread_into_a_call() -> None:
    """A spread (``f(...values)``) or ``apply`` passes one argument per element: past ~125,000 the
    browser's stack overflows. The page's script spreads only short lists of its own making."""
    import re

    source = (Path(__file__).parents[1] / "src" / "grundy" / "web" / "static" / "app.js").read_text(encoding="utf-8")
    assert not re.search(r"Math\.(max|min)\([^)]*\.\.\.", source)
    assert not re.search(r"\.push\(\s*\.\.\.", source)
    assert ".apply(" not in source
    assert not re.search(r"\.\.\.[\w.]+\.(map|flat|filter)\(", source)  # a list of the server's making
