"""The site as a whole: the home page, and what a visitor sees when the runtime fails."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from gamepage import GamePage
from playwright.sync_api import Browser, BrowserContext, expect
from strategies import every_game

GAMES = every_game(
    {
        "circle-duel": "Number Circle Duel",
        "number-circle": "Number Circle",
        "sequence-duel": "Sequence Duel",
        "digit-chain": "Digit Chain Duel",
        "number-duel": "Number Duel",
    }
)


def test_home_page_lists_the_five_games(
    context: BrowserContext, site_url: str, watch: Any, artifacts: Path
) -> None:
    page = watch.attach(context.new_page())
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(site_url)
    links = page.locator(".game-list a")
    expect(links).to_have_count(5)
    for slug, title in GAMES.items():
        title_text = page.locator(".game-card-title").filter(has_text=re.compile(f"^{title}$"))
        link = links.filter(has=title_text)
        expect(link).to_have_attribute("href", f"games/{slug}/")
    page.screenshot(path=str(artifacts / "home.png"), full_page=True)
    # The home page is light: no Python runtime until a game is opened.
    assert not [u for u in requested if "/vendor/" in u], requested
    links.filter(has_text="Sequence Duel").click()
    expect(page).to_have_url(f"{site_url}games/sequence-duel/")
    expect(page.locator("h1")).to_have_text("Sequence Duel")
    assert watch.errors == []


def test_runtime_failure_shows_a_clear_message(
    context: BrowserContext, site_url: str, artifacts: Path
) -> None:
    page = context.new_page()
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(f"{site_url}games/number-duel/")
    alert = page.get_by_role("alert").filter(has_text="could not start")
    expect(alert).to_be_visible(timeout=60_000)
    expect(alert).to_contain_text("pyodide.asm.wasm could not be downloaded")
    expect(alert).to_contain_text("What to try")
    expect(alert.get_by_role("button", name="Reload")).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-state", "failed")
    expect(page.locator("#loading .steps")).to_be_hidden()
    page.screenshot(path=str(artifacts / "runtime-failure.png"), full_page=True)


def test_page_works_from_the_loading_screen_to_the_board(
    browser: Browser, site_url: str, watch: Any
) -> None:
    """The loading screen shows real steps, and disappears for a playable board."""
    context = browser.new_context()
    page = watch.attach(context.new_page())
    phases: list[str] = []
    page.expose_function("notePhase", lambda phase: phases.append(phase))
    page.add_init_script(
        """new MutationObserver(() => {
            const l = document.querySelector('#loading');
            if (l && window.notePhase) window.notePhase(l.dataset.phase);
        }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-phase']});"""
    )
    gp = GamePage(page, "circle-duel").open(site_url)
    assert "rules" in phases, phases
    expect(gp.status).to_contain_text("Player 1: take any number")
    expect(page.locator("#loading-bar")).to_have_attribute("value", re.compile(r"^0\.9"))
    assert watch.errors == []
    context.close()
