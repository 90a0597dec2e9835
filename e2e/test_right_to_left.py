"""A page under dir="rtl" mirrors, and its board does not: the board is a picture of numbers,
drawn and given its buttons in physical pixels (site/app/screen.py), the same in every
language. The logical CSS itself is checked without a browser (tests/test_css_logical.py)."""

from __future__ import annotations

from typing import Any

from gamepage import GamePage
from playwright.sync_api import Browser

# Each board button's box, in CSS px from the canvas's top left corner.
BUTTONS = """() => {
  const art = document.querySelector('#board canvas').getBoundingClientRect();
  return [...document.querySelectorAll('#targets .target')].map(b => {
    const r = b.getBoundingClientRect();
    return [r.left - art.left, r.top - art.top, r.width, r.height];
  });
}"""
SIDES = """() => {
  const box = s => document.querySelector(s).getBoundingClientRect();
  return {board: box('#board'), side: box('.side'), history: getComputedStyle(
    document.querySelector('.history')).paddingRight, overflow:
    document.documentElement.scrollWidth > document.documentElement.clientWidth,
    canvas: getComputedStyle(document.querySelector('#board canvas')).direction};
}"""


def test_a_right_to_left_game_page_mirrors_around_a_board_that_does_not(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    gp = GamePage(watch.attach(context.new_page()), "circle-duel").open(site_url)
    page = gp.page
    buttons = page.evaluate(BUTTONS)
    assert buttons, "no board buttons"
    left_to_right = page.evaluate(SIDES)
    page.evaluate("document.documentElement.dir = 'rtl'")
    seen = page.evaluate(SIDES)
    # The panel beside the board changes sides, the move list's indent with it.
    assert left_to_right["side"]["x"] > left_to_right["board"]["x"]
    assert seen["side"]["x"] < seen["board"]["x"], seen
    assert seen["history"] == "32px" != left_to_right["history"]
    assert not seen["overflow"]
    # The board's buttons stay over the same numbers, its text left to right.
    assert page.evaluate(BUTTONS) == buttons
    assert seen["canvas"] == "ltr"
    for width in (390, 1024):
        page.set_viewport_size({"width": width, "height": 900})
        # The board redraws for its new width (a ResizeObserver); wait for that drawing.
        page.wait_for_function(
            "() => document.querySelector('#board canvas').width"
            " === Math.round(document.querySelector('#board').clientWidth * devicePixelRatio)"
        )
        art = page.locator("#board canvas").bounding_box()
        assert art is not None
        for x, y, w, h in page.evaluate(BUTTONS):
            assert x >= 0 and x + w <= art["width"] + 0.5, (width, x, w, art)
            assert y >= 0 and y + h <= art["height"] + 0.5, (width, y, h, art)
        assert not page.evaluate(SIDES)["overflow"]
    assert watch.errors == []
    context.close()
