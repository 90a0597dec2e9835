"""Embedding: two games in the tutorial page on one Python runtime, both playable by clicks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gamepage import READY_TIMEOUT_MS
from playwright.sync_api import Browser, Locator, expect


@pytest.fixture(autouse=True)
def no_console_errors(watch: Any) -> Iterator[None]:
    watch.errors.clear()
    yield
    assert watch.errors == [], f"console errors: {watch.errors}"


def press(box: Locator, name: str) -> None:
    """Press a legal board button of one embedded game and wait for the move to land."""
    moves = box.locator(".history li:not(.empty):not(.future)")
    before = moves.count()
    button = box.locator(".targets").get_by_role("button", name=name, exact=True)
    expect(button).to_have_attribute("aria-disabled", "false")
    button.click()
    expect(moves).to_have_count(before + 1)


def test_two_games_on_the_tutorial_share_one_runtime(
    browser: Browser, site_url: str, watch: Any, artifacts: Any
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = watch.attach(context.new_page())
    wasm: list[str] = []
    page.on("request", lambda r: r.url.endswith("/pyodide.asm.wasm") and wasm.append(r.url))
    page.goto(f"{site_url}tutorial.html")
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    chain, line = page.locator(".number-duels").nth(0), page.locator(".number-duels").nth(1)
    expect(chain.get_by_role("status")).to_contain_text("Player 1: ")
    expect(line.get_by_role("status")).to_contain_text("You: ")
    expect(chain.locator(".targets button")).to_have_count(30)  # data-pool="30"
    expect(line.locator(".targets button")).to_have_count(11)  # data-size="11"
    # Digit Chain, two players: 10 leaves nothing that starts with 0.
    press(chain, "10")
    expect(chain.get_by_role("status")).to_contain_text("Player 1 wins")
    # Sequence Duel against the computer: take the middle; the computer answers.
    press(line, "6")
    expect(line.locator(".history li:not(.empty)")).to_have_count(2)
    expect(line).to_have_attribute("data-turn", "human")
    expect(line.get_by_role("status")).to_contain_text("You: ")
    # Each board has its own status line and nothing shares an id.
    expect(page.get_by_role("status")).to_have_count(2)
    assert page.evaluate("document.querySelectorAll('.number-duels [id]').length") == 0
    page.screenshot(path=str(artifacts / "tutorial.png"), full_page=True)
    assert len(wasm) == 1, wasm
    context.close()
