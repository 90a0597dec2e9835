"""Boards are as tall as what they draw, at every width, and keep their height in play.

What a board draws is read from its canvas (the rows holding any painted pixel), so the
check holds for every renderer without knowing how it lays out its numbers.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import SAVE_DATA
from gamepage import READY_TIMEOUT_MS, GamePage, until
from playwright.sync_api import Browser, Page, expect
from strategies import every_game
from test_games import take_turn

WIDTHS = (320, 390, 600, 1024)
# The boards' tests open their contexts with the data saver on (conftest.py): each context
# ends with its test, so the snapshot a first visit makes for the next one (a second Python,
# while the boards are resized and played) would never be used, nor would the service
# worker's copy of the site for offline play; neither is looked at here.
MARGIN = 40  # CSS px of bare board allowed above and below the drawing (a marker's room)
# Every painted row of one board's canvas, in CSS px from the board's top.
DRAWN = """board => {
  const canvas = board.querySelector('canvas');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const scale = canvas.width / canvas.getBoundingClientRect().width;
  let first = -1, last = -1;
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      if (data[(y * canvas.width + x) * 4 + 3]) { if (first < 0) first = y; last = y; break; }
    }
  }
  const box = board.getBoundingClientRect(), art = canvas.getBoundingClientRect();
  return {height: box.height, top: art.top - box.top + first / scale,
          bottom: art.top - box.top + (last + 1) / scale};
}"""

# Whether the board (the `index`th of `selector`) has drawn its canvas for its own width (the
# canvas fills its board: its resolution says the width it was drawn for).
DRAWN_FOR_ITS_WIDTH = """([selector, index]) => {
  const board = document.querySelectorAll(selector)[index];
  const canvas = board.querySelector('canvas');
  return !!canvas && canvas.width === Math.round(board.clientWidth * devicePixelRatio);
}"""


def fits(page: Page, board: str = ".board") -> list[float]:
    """Each board's height, after checking it hugs its drawing at every width."""
    heights = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        for i, one in enumerate(page.locator(board).all()):
            # The board redraws for its new width (ResizeObserver); wait for that drawing.
            until(page, DRAWN_FOR_ITS_WIDTH, [board, i])
            seen = one.evaluate(DRAWN)
            where = f"board {i} at {width} px: {seen}"
            assert seen["top"] >= 0 and seen["top"] <= MARGIN, where
            assert seen["height"] - seen["bottom"] <= MARGIN, where
            assert seen["bottom"] <= seen["height"] + 0.5, where
            heights.append(seen["height"])
    return heights


GAMES = every_game(
    {
        "circle-duel": "",
        "number-circle": "",
        "sequence-duel": "",
        "digit-chain": "?pool=30",
        "number-duel": "",
    }
)


@pytest.mark.parametrize("slug", GAMES)
def test_game_board_follows_its_drawing_and_keeps_its_height_in_play(
    browser: Browser, site_url: str, watch: Any, slug: str
) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    context.add_init_script(SAVE_DATA)
    gp = GamePage(watch.attach(context.new_page()), slug).open(site_url, GAMES[slug])
    before = fits(gp.page)
    board = gp.page.locator("#board")
    height = board.bounding_box()["height"]
    for _ in range(3):  # the board must not jump as the game goes on, nor when it ends
        if gp.wait_for_my_turn() == "over":
            break
        take_turn(gp)
        assert board.bounding_box()["height"] == height
    assert fits(gp.page) == before
    assert watch.errors == []
    context.close()


def test_embedded_and_iframe_boards_follow_their_drawing(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    context.add_init_script(SAVE_DATA)
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}tutorial.html")
    expect(page.locator(".number-duels .targets button").first).to_be_attached(
        timeout=READY_TIMEOUT_MS
    )
    expect(page.locator(".number-duels .board")).to_have_count(2)
    expect(page.locator(".number-duels").nth(1).locator(".targets button")).not_to_have_count(0)
    fits(page, ".number-duels .board")
    GamePage(page, "sequence-duel").open(site_url, "?embed=1&size=11")
    fits(page)
    assert watch.errors == []
    context.close()


# Every part of the header that is shown: its left and right edges, and the page's width.
HEADER_PARTS = """() => ({
  page: document.documentElement.scrollWidth,
  parts: [...document.querySelectorAll('.topbar a, .topbar select, .topbar button')]
    .filter(e => e.checkVisibility())
    .map(e => { const r = e.getBoundingClientRect();
                return {what: e.outerHTML.slice(0, 60), left: r.left, right: r.right}; }),
})"""


def test_the_header_with_its_language_menu_fits_at_every_width(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}notices.html")  # a header with every link ("All games" too)
    menu = page.get_by_role("combobox", name="Language")
    expect(menu).to_be_visible()  # shown once its script has run
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        seen = page.evaluate(HEADER_PARTS)
        assert seen["page"] <= width, f"{width} px: {seen}"
        assert len(seen["parts"]) == 7, seen  # the brand, 4 links, the menu, the switch
        for part in seen["parts"]:
            assert part["left"] >= 0 and part["right"] <= width, f"{width} px: {part}"
        assert menu.bounding_box()["height"] >= 24
    assert watch.errors == []
    context.close()


# A common phone's screen, in CSS px (iPhone 12 to 15).
PHONE = {"width": 390, "height": 844}
CARDS = """() => [...document.querySelectorAll('.game-card')]
  .map(card => card.getBoundingClientRect()).map(r => ({top: r.top, bottom: r.bottom}))"""


@pytest.mark.parametrize("folder", ["", "es/"])
def test_a_phones_first_screen_shows_the_games(
    browser: Browser, site_url: str, watch: Any, folder: str
) -> None:
    """Opened on a phone, the home page shows its first game whole and the next one starting,
    without scrolling: the header and the welcome leave room for the games."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}{folder}")
    expect(page.locator(".language-menu")).to_be_visible()  # the header as it settles
    cards = page.evaluate(CARDS)
    assert len(cards) == 5, cards
    assert cards[0]["bottom"] <= PHONE["height"], cards
    assert cards[1]["top"] < PHONE["height"], cards
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert watch.errors == []
    context.close()
