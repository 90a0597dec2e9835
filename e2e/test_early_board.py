"""The board before Python: a game page whose Python runs in a worker shows the fresh board
the build drew (scripts/build/early_board.py) at once, takes the first press before Python
is ready, and hands it to Python, which confirms it; a visit that would not show the fresh
game never shows the build's board as playable.

Python is kept from starting by holding the runtime's WebAssembly in a route until the
test releases it; the tests wait on the page's own signals (attributes, text, marks).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from gamepage import READY_TIMEOUT_MS, storage_key, worker_page
from playwright.sync_api import Browser, Page, Route, expect

RUNTIME = "**/vendor/pyodide/pyodide.asm.wasm"
GETTING_READY = "Getting the game ready: press again in a moment."


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


def open_held(page: Page, site_url: str, slug: str, address: str = "") -> HeldRuntime:
    """Open the worker page of `slug` with the runtime held: returns once it is asked for."""
    held = HeldRuntime(page)
    runtime = re.compile(r".*/vendor/pyodide/pyodide\.asm\.wasm$")
    with page.expect_request(runtime, timeout=READY_TIMEOUT_MS):
        page.goto(f"{site_url}games/{slug}/{worker_page()}{address}", wait_until="domcontentloaded")
    return held


def marks(page: Page) -> list[str]:
    names: list[str] = page.evaluate(
        "performance.getEntriesByType('mark').map((mark) => mark.name)"
    )
    return names


def confirmed(page: Page) -> None:
    """Python has started and played the first press (the page's own signals)."""
    body = page.locator("body")
    expect(body).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    page.wait_for_function(
        "performance.getEntriesByName('nd-first-press-confirmed').length > 0",
        timeout=READY_TIMEOUT_MS,
    )


def test_a_legal_first_press_before_python_is_shown_then_confirmed_by_python(
    page: Page, site_url: str
) -> None:
    held = open_held(page, site_url, "circle-duel")
    expect(page.locator("html")).to_have_attribute("data-nd-board", "fresh")
    status = page.locator("#status")
    fresh = status.inner_text()
    button = page.locator('#targets button[data-key="1"]')
    expect(button).to_have_attribute("aria-disabled", "false")
    button.click()
    expect(status).not_to_have_text(fresh)
    shown = status.inner_text()
    history = page.locator("#history li")
    expect(history).to_have_count(1)
    moved = history.first.inner_text()
    assert "nd-first-press-shown" in marks(page)
    expect(page.locator("body")).to_have_attribute("data-state", "loading")
    held.release()
    confirmed(page)
    # Python's own board says what the build's said at the press, and plays on from it.
    expect(status).to_have_text(shown)
    expect(history).to_have_count(1)
    expect(history.first).to_have_text(moved)
    legal = page.locator('#targets button[aria-disabled="false"]').first
    legal.click()
    expect(history).to_have_count(2)


def test_a_refused_first_press_before_python_says_why_in_the_rules_words(
    page: Page, site_url: str
) -> None:
    held = open_held(page, site_url, "number-circle")
    expect(page.locator("html")).to_have_attribute("data-nd-board", "fresh")
    refused = page.locator('#targets button[aria-disabled="true"]').first
    message = page.locator("#message")
    expect(message).to_have_text("")
    refused.focus()  # a refused button is still a button: a player presses it
    page.keyboard.press("Enter")
    expect(message).not_to_have_text("")
    why = message.inner_text()
    assert why != GETTING_READY
    held.release()
    confirmed(page)
    expect(message).to_have_text(why)  # Python refuses it in the same words
    expect(page.locator("#history li.empty")).to_have_count(1)  # no move played


def test_a_second_press_before_python_shows_getting_ready_then_python_takes_over(
    page: Page, site_url: str
) -> None:
    held = open_held(page, site_url, "circle-duel")
    page.locator('#targets button[data-key="1"]').click()
    expect(page.locator("#history li")).to_have_count(1)
    page.locator('#targets button[aria-disabled="false"]').first.click()
    expect(page.locator("#message")).to_have_text(GETTING_READY)
    expect(page.locator("#board")).to_have_attribute("data-getting-ready", "")
    expect(page.locator("#history li")).to_have_count(1)  # not taken: said so
    held.release()
    confirmed(page)
    expect(page.locator("#message")).not_to_have_text(GETTING_READY)
    expect(page.locator("#board")).not_to_have_attribute("data-getting-ready", "")


def test_a_press_the_build_did_not_record_shows_getting_ready(page: Page, site_url: str) -> None:
    """Digit Chain's presses are too heavy to send: its first press waits for Python."""
    held = open_held(page, site_url, "digit-chain")
    expect(page.locator("html")).to_have_attribute("data-nd-board", "fresh")
    page.locator('#targets button[aria-disabled="false"]').first.click()
    expect(page.locator("#message")).to_have_text(GETTING_READY)
    held.release()
    expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)


def saved_game(page: Page, site_url: str, slug: str) -> None:
    """Play one move on the page so that the game is saved in this browser."""
    page.goto(f"{site_url}games/{slug}/{worker_page()}")
    expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    page.locator('#targets button[aria-disabled="false"]').first.click()
    expect(page.locator("#history li")).to_have_count(1)
    key = storage_key(site_url, slug)
    page.wait_for_function("(key) => localStorage.getItem(key) !== null", arg=key)


@pytest.mark.parametrize(
    "address", ["", "?mode=vs-computer", "?delay=0", "#game=abc", "?g=abc"], ids=str
)
def test_a_visit_that_is_not_the_fresh_game_never_shows_the_build_board_as_playable(
    page: Page, site_url: str, address: str
) -> None:
    slug = "circle-duel"
    if not address:
        saved_game(page, site_url, slug)
    held = open_held(page, site_url, slug, address)
    expect(page.locator("html")).to_have_attribute("data-nd-board", "waiting")
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#targets button").first).to_be_hidden()
    expect(page.get_by_role("button", name=re.compile(r"^1$"))).to_have_count(0)
    held.release()
    expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    if not address:  # the saved game, not the fresh one
        expect(page.locator("#history li")).to_have_count(1)
