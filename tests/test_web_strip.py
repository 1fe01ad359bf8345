"""Issue 32: the web explorer's strip of values wraps at a multiple of the period, so each column is
one residue class (Kayles' period 12 shows as columns), and a period too short to mark (Nim's 1) is
not a bar under every cell: its rows hold a round number of values and its periodic part one band.

Playwright drives Debian's chromium, as tests/test_web_browser.py does (its server, browser and page
fixtures are used here).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.test_web_browser import (  # noqa: F401  (the fixtures base_url, browser and page)
    PERIOD_PURPLE,
    PRE_GREY,
    Page,
    base_url,
    browser,
    expect,
    geometry,
    page,
    pixel,
    solve,
)

pytestmark = pytest.mark.browser

BLACK = (0, 0, 0)
ORANGE = (0xE0, 0x82, 0x14)  # the band under every other period


@pytest.fixture
def narrow(browser, base_url: str) -> Iterator[Page]:  # noqa: F811
    """A page 420 pixels wide: fewer cells fit than 36."""
    context = browser.new_context(viewport={"width": 420, "height": 900}, device_scale_factor=1)
    tab = context.new_page()
    tab.goto(base_url + "/")
    expect(tab.locator("#moves li").first).to_be_visible()
    yield tab
    context.close()


def band(page: Page, n: int) -> tuple[int, int, int]:  # noqa: F811
    """The colour of the band under value n, clear of the bar that may start it."""
    g = geometry(page)
    s, cols, row = g["cell"], g["cols"], g["rowHeight"]
    return pixel(page, (n % cols) * s + s / 2, (n // cols) * row + s + 3)


def bar(page: Page, n: int) -> tuple[int, int, int]:  # noqa: F811
    """The colour where a black bar starting value n would be."""
    g = geometry(page)
    s, cols, row = g["cell"], g["cols"], g["rowHeight"]
    return pixel(page, (n % cols) * s + 0.5, (n // cols) * row + s + 3)


def test_kayles_rows_hold_three_periods_so_each_column_is_one_residue(page: Page) -> None:  # noqa: F811
    solve(page, "kayles", "5")
    expect(page.locator("#period-summary")).to_have_text("preperiod 71, period 12 (proved)")
    expect(page.locator("#heatmap")).to_have_attribute("data-cols", "36")  # 12, 24, 36 fit; 48 > 40 does not
    expect(page.locator("#heatmap-legend")).to_contain_text(
        "before n = 71  each period of 12 (a black bar starts each); 36 values a row, so each column holds the n "
        "of one residue mod 12")
    assert band(page, 70) == PRE_GREY and band(page, 71) == PERIOD_PURPLE and band(page, 83) == ORANGE
    assert [bar(page, n) == BLACK for n in (70, 71, 82, 83, 95)] == [False, True, False, True, True]


def test_a_narrow_page_shows_one_period_a_row(narrow: Page) -> None:
    solve(narrow, "kayles", "5")
    expect(narrow.locator("#period-summary")).to_have_text("preperiod 71, period 12 (proved)")
    fit = geometry(narrow)
    assert fit["cols"] % 12 == 0 and 12 <= fit["cols"] * fit["cell"] <= 420, fit


def test_nims_period_of_one_is_one_band_not_a_mark_under_every_cell(page: Page) -> None:  # noqa: F811
    solve(page, "nim", "5")
    expect(page.locator("#period-summary")).to_have_text("preperiod 0, period 1, saltus 1 (proved)")
    expect(page.locator("#heatmap")).to_have_attribute("data-cols", "40")  # rows start at 0, 40, 80, ...
    assert {band(page, n) for n in range(0, 120)} == {PERIOD_PURPLE}
    assert not any(bar(page, n) == BLACK for n in range(0, 120))
    legend = page.locator("#heatmap-legend")
    expect(legend).to_contain_text("periodic from n = 0, period 1, saltus 1; 40 values a row")
    expect(legend).not_to_contain_text("residue")
    expect(legend).not_to_contain_text("before n =")


def test_a_strip_without_its_period_yet_wraps_at_a_round_number(page: Page) -> None:  # noqa: F811
    held: list = []
    page.route("**/api/period?*", lambda route: held.append(route))  # the period does not come
    solve(page, "grundy-game", "5")  # no period among its first 200 values
    expect(page.locator("#period-pending")).to_have_text("Looking for the period…")
    expect(page.locator("#heatmap")).to_have_attribute("data-cols", "40")
    for route in held:
        route.abort()
