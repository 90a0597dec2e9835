"""A page does not move under the reader while it starts: the cumulative layout shift
(every `layout-shift` entry without recent input, summed from navigation until the board
is drawn) stays at most 0.1, Lighthouse's "good", at a phone's width and a desktop's: every
game page, and the pages of embedded boards (the tutorial, the puzzles).

The page reserves the room of what Python fills in later (a game page's players' cards,
move list and options form, an embedded board: site/assets/style.css) and of the language
menu, which its script shows only once the page has loaded."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import DESKTOP, PHONE
from gamepage import SLUGS, GamePage, wait_embeds_ready
from playwright.sync_api import Browser

from py_rules.engine.puzzles import load, puzzles_for

GOOD_CLS = 0.1  # web.dev's and Lighthouse's threshold of a good cumulative layout shift
# Recorded from the first moment of the page (an init script runs before any of its own).
RECORD_SHIFTS = """
window.ndShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.ndShifts.push({ value: entry.value, sources: entry.sources.map((source) =>
      source.node ? source.node.nodeName + (source.node.id ? "#" + source.node.id : "") +
        (source.node.className ? "." + String(source.node.className).split(" ").join(".") : "")
      : "?") });
  }
}).observe({ type: "layout-shift", buffered: true });
"""
# Resolves after the next frame has been drawn: a shift in it has been reported by then.
AFTER_NEXT_FRAME = """() => new Promise((resolve) =>
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.ndShifts))))"""
SCREENS = {"phone": PHONE, "desktop": DESKTOP}
# Every game in English; the longest words (German) and another script (Chinese, whose
# top bar wraps on a phone) on one game each.
PAGES = [f"games/{slug}/" for slug in SLUGS] + [
    "de/games/number-duel/",
    "zh-Hans/games/circle-duel/",
]


# Pages of embedded boards, ready when embed.js says every board is: the tutorial, the
# puzzles page with its first puzzle and with a Sequence Duel one (the shortest board).
EMBEDDING = [
    "tutorial.html",
    "puzzles/",
    f"puzzles/?p={puzzles_for('sequence-duel', load())[0]['id']}",
]


def shifts_while_starting(browser: Browser, site_url: str, path: str, screen: str) -> Any:
    context = browser.new_context(viewport=SCREENS[screen], service_workers="block")
    try:
        context.add_init_script(RECORD_SHIFTS)
        page = context.new_page()
        page.goto(f"{site_url}{path}", wait_until="commit")
        if path in EMBEDDING:
            wait_embeds_ready(page)
        else:
            GamePage(page, path.rstrip("/").rsplit("/", 1)[-1]).wait_ready()
        return page.evaluate(AFTER_NEXT_FRAME)
    finally:
        context.close()


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("path", PAGES + EMBEDDING)
def test_a_starting_game_page_hardly_shifts(
    browser: Browser, site_url: str, path: str, screen: str
) -> None:
    shifts = shifts_while_starting(browser, site_url, path, screen)
    total = sum(shift["value"] for shift in shifts)
    assert total <= GOOD_CLS, f"layout shift {total:.3f}: {shifts}"
