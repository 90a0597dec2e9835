"""The board before Python, in Chromium: a game page whose Python runs in a worker shows the
fresh board the build drew (scripts/build/early_board.py) at once, takes the first press
before Python is ready, and hands it to Python, which confirms it; a visit that would not
show the fresh game never shows the build's board as playable.

The cases are e2e/early_board_cases.py's, which the WebKit and Firefox suite runs too
(e2e/webkit_firefox/test_the_board_before_python.py). Here Python is kept from starting by
holding the runtime's WebAssembly in a Playwright route until the case releases it; every
wait is on the page's own signals (attributes, text, marks).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import early_board_cases as cases
import pytest
from gamepage import READY_TIMEOUT_MS, storage_key, worker_page
from playwright.sync_api import Browser, Page, Route, expect

RUNTIME = "**/vendor/pyodide/pyodide.asm.wasm"


class HeldRuntime:
    """The runtime's WebAssembly, held back until `release`: Python cannot be ready."""

    def __init__(self, page: Page) -> None:
        self.routes: list[Route] = []
        self.released = False
        self.page = page
        page.route(RUNTIME, self.hold)

    def hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


@pytest.fixture
def page(browser: Browser, watch: Any) -> Iterator[Page]:
    """A fresh visitor's page (its own storage, no service worker)."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    yield watch.attach(context.new_page())
    context.close()


@pytest.fixture
def tab(page: Page) -> cases.PlaywrightTab:
    return cases.PlaywrightTab(page, READY_TIMEOUT_MS / 1000)


def open_worker_page_held(page: Page, site_url: str, slug: str, address: str = "") -> HeldRuntime:
    """Open the worker page of `slug` with the runtime held in a route (Playwright's routing
    also keeps the HTTP cache out of the way): returns once the page has asked for it."""
    held = HeldRuntime(page)
    with page.expect_request(cases.RUNTIME, timeout=READY_TIMEOUT_MS):
        page.goto(f"{site_url}games/{slug}/{worker_page()}{address}", wait_until="domcontentloaded")
    return held


@pytest.fixture
def open_held(page: Page, site_url: str) -> cases.OpenHeld:
    """The cases' way to open a worker page with the runtime held."""

    def opened(slug: str, address: str = "") -> cases.Held:
        return open_worker_page_held(page, site_url, slug, address)

    return opened


def test_a_first_press_before_python_is_shown_a_second_gets_ready_python_confirms(
    tab: cases.PlaywrightTab, open_held: cases.OpenHeld
) -> None:
    cases.first_press_shown_second_getting_ready_then_confirmed(tab, open_held)


def test_a_first_press_too_heavy_for_the_page_is_fetched_when_pressed_shown_then_confirmed(
    tab: cases.PlaywrightTab, open_held: cases.OpenHeld
) -> None:
    """Digit Chain's presses each redraw most of its 99 cells: each is a file of its own,
    which the page fetches when its button is pressed, and only then."""
    cases.first_press_shown_second_getting_ready_then_confirmed(
        tab, open_held, "digit-chain", "23", files=1
    )


@pytest.mark.parametrize("outcome", ["failed", "late"])
def test_a_first_press_whose_file_does_not_come_is_left_to_python(
    page: Page, open_held: cases.OpenHeld, outcome: str, watch: Any
) -> None:
    """A press's file that fails (offline) or has not come when Python answers the page's
    start: the press is taken all the same (the button says so at once, the board says it is
    getting ready), never shown from the file, and Python plays it."""
    errors_before = len(watch.errors)
    late: list[Route] = []
    page.route(
        "**/presses/**", lambda route: late.append(route) if outcome == "late" else route.abort()
    )
    held = open_held("digit-chain")
    expect(page.locator("html")).to_have_attribute("data-nd-board", "fresh")
    status = page.locator("#status").text_content()
    button = page.locator('#targets button[data-key="23"]')
    with page.expect_request("**/presses/**"):
        button.click()
    expect(button).to_have_attribute("data-nd-pressed", "")
    if outcome == "failed":
        expect(page.locator("#board")).to_have_attribute("data-getting-ready", "")
    assert page.locator(cases.MOVES).count() == 0
    assert page.locator("#status").text_content() == status
    held.release()
    page.wait_for_function(
        "() => performance.getEntriesByName('nd-first-press-confirmed').length > 0",
        timeout=READY_TIMEOUT_MS,
    )
    expect(page.locator(cases.MOVES)).to_have_count(1)
    expect(page.locator("#status")).not_to_have_text(status)
    expect(page.locator("#board")).not_to_have_attribute("data-getting-ready", "")
    expect(page.locator("[data-nd-pressed]")).to_have_count(0)
    assert not page.evaluate("() => performance.getEntriesByName('nd-first-press-shown').length")
    for route in late:  # the page gave up on it: nothing it says now is shown
        route.continue_()
    # The browser reports the failed file in the console, and nothing else went wrong. The
    # report is this test's own doing: taken off the session's list, which later tests in
    # this process check is empty.
    expected = ["Failed to load resource: net::ERR_FAILED"] if outcome == "failed" else []
    assert watch.errors[errors_before:] == expected
    del watch.errors[errors_before:]


def test_a_refused_first_press_before_python_says_why_in_the_rules_words(
    tab: cases.PlaywrightTab, open_held: cases.OpenHeld
) -> None:
    cases.refused_first_press_says_why(tab, open_held)


def test_number_duel_s_hand_over_deals_a_row_at_once_that_python_adopts(
    tab: cases.PlaywrightTab, open_held: cases.OpenHeld
) -> None:
    cases.dealt_row_shown_then_adopted(tab, open_held)


def test_a_control_changed_before_python_goes_back_to_the_drawn_value_saying_why(
    page: Page, open_held: cases.OpenHeld
) -> None:
    """A level chosen or a name typed before Python would be undone by Python, which starts
    from the build's values: the control goes back at once and says "getting ready"."""
    held = open_held("circle-duel")
    level, name = page.locator("#opt-level"), page.locator("#opt-name1")
    drawn = level.input_value()
    other = next(
        v
        for v in level.locator("option").evaluate_all("(o) => o.map((e) => e.value)")
        if v != drawn
    )
    level.select_option(other)
    expect(page.locator("#message")).to_have_text(cases.GETTING_READY)
    expect(level).to_have_value(drawn)
    name.press_sequentially("Ann")
    expect(name).to_have_value("")
    held.release()
    expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    level.select_option(other)  # Python's now: the choice stays
    name.press_sequentially("Ann")
    expect(level).to_have_value(other)
    expect(name).to_have_value("Ann")
    expect(page.locator("#message")).not_to_have_text(cases.GETTING_READY)


@pytest.mark.parametrize(
    "address", ["", "?mode=vs-computer", "?delay=0", "#game=abc", "?g=abc"], ids=str
)
def test_a_visit_that_is_not_the_fresh_game_never_shows_the_build_board_as_playable(
    tab: cases.PlaywrightTab, open_held: cases.OpenHeld, site_url: str, address: str
) -> None:
    slug = "circle-duel"
    if not address:  # a game saved in this browser
        url = f"{site_url}games/{slug}/{worker_page()}"
        cases.save_a_game(tab, url, storage_key(site_url, slug))
    held = open_held(slug, address)
    cases.never_playable_unless_fresh(tab, held, saved=not address)
