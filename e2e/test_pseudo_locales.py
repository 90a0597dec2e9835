"""The pseudo-locales in a real browser: every page, and a whole game of every kind against the
computer, in en-XA (every letter accented, 40% longer, bracketed) and ar-XB (right to left).

What they catch: words no catalogue translated (an unaccented English word in en-XA; text
outside any right-to-left override in ar-XB), text that does not fit (the page scrolls
sideways, or a button, link or heading is wider than its box) at a phone's 390 px and a
laptop's 1024 px, and a layout that does not mirror. The board's numbers are numbers in every
language, and the brand and the language menu's names say translate="no".
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from gamepage import READY_TIMEOUT_MS, SLUGS, GamePage
from playwright.sync_api import Browser, Page, expect

LOCALES = ("en-XA", "ar-XB")
WIDTHS = (390, 1024)
MAX_CLICKS = 600
# The page's words that are not a message's: the board's numbers (their buttons and the
# move list's moves), the build's version, what says translate="no", code and scripts.
# For each visible text node with letters: its text, and the text of the nearest block
# around it (a message's inline markup splits it into several nodes).
TEXT_NODES = r"""() => {
  const skip = "script, style, pre, code, svg, textarea, [translate=no], .build-version, " +
    "#targets, #choices, .history .move";
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement;
    if (!/\p{L}/u.test(node.data) || owner.closest(skip) || !owner.checkVisibility()) continue;
    let block = owner;
    while (block.parentElement && getComputedStyle(block).display.startsWith("inline")) {
      block = block.parentElement;
    }
    found.push([node.data.trim(), block.textContent]);
  }
  return found;
}"""
REDRAWN = """() => [...document.querySelectorAll("#board, .number-duels .board")].every(
  (board) => { const art = board.querySelector("canvas");
               return !art || art.style.width === board.clientWidth + "px"; })"""
# Whether the page scrolls sideways, and the elements whose text is wider than their box.
OVERFLOW = """() => {
  const root = document.documentElement;
  const cut = [...document.querySelectorAll(
      "button, a, label, legend, h1, h2, h3, th, td, .status, .lede, summary")]
    .filter(e => e.checkVisibility() && e.closest("svg, pre") === null)
    .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).display !== "inline")
    .map(e => e.tagName + "." + e.className + ": " + e.textContent.trim().slice(0, 40));
  const sideways = root.scrollWidth > root.clientWidth;
  // What sticks out, to say so (on either side: a right-to-left page grows to the left).
  const out = sideways ? [...document.querySelectorAll("body *")].filter(e => {
      const box = e.getBoundingClientRect();
      return box.right > root.clientWidth + 1 || box.left < -1;
    }).map(e => e.tagName + "." + e.className + ": " + e.textContent.trim().slice(0, 40)) : [];
  return {sideways, cut, out: out.slice(0, 8)};
}"""


STATE = """() => [document.querySelectorAll("#history li:not(.empty):not(.future)").length,
  document.querySelector('#targets button[aria-pressed="true"]')?.dataset.key ?? ""]"""
TAKEN = f"(before) => JSON.stringify(({STATE})()) !== JSON.stringify(before)"


def untranslated(page: Page, locale: str) -> list[str]:
    """The visible words of the page that no message gave."""
    nodes = page.evaluate(TEXT_NODES)
    if locale == "en-XA":  # accented: an ASCII word was never translated
        return [
            text
            for text, _block in nodes
            if any(w.isascii() and len(w) > 1 and w.isalpha() for w in _words(text))
        ]
    return [text for text, block in nodes if "\u202e" not in block]  # right-to-left override


def _words(text: str) -> list[str]:
    return "".join(c if c.isalpha() else " " for c in text).split()


def check_fits(page: Page) -> None:
    """At each width: nothing scrolls sideways, no text is wider than its box."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_function(f"() => document.documentElement.clientWidth === {width}")
        # A board redraws for its new width (a ResizeObserver): wait for that drawing too.
        page.wait_for_function(REDRAWN)
        seen = page.evaluate(OVERFLOW)
        assert seen == {"sideways": False, "cut": [], "out": []}, (width, seen)


def check_mirrored(page: Page, locale: str, game: bool) -> None:
    direction = page.evaluate("() => getComputedStyle(document.documentElement).direction")
    assert direction == ("rtl" if locale == "ar-XB" else "ltr")
    if game:
        page.set_viewport_size({"width": 1024, "height": 900})
        board = page.locator("#board").bounding_box()
        side = page.locator(".side").bounding_box()
        assert board and side
        assert (side["x"] < board["x"]) == (locale == "ar-XB"), (board, side)


def play_to_the_end(gp: GamePage) -> None:
    """Against the computer, by clicks on the first legal buttons, whatever their words: a
    number, then what completes the move (a position, + or −) when one is pending."""
    page = gp.page
    body = page.locator("body")
    for _ in range(MAX_CLICKS):
        expect(body).to_have_attribute("data-turn", re.compile("^(human|over)$"))
        if gp.turn() == "over":
            return
        pending = page.locator('#targets button[aria-pressed="true"]')
        legal = page.locator('#targets button[aria-disabled="false"]')
        choices = page.locator('#choices button[aria-disabled="false"]')
        if pending.count():
            key = pending.first.get_attribute("data-key") or ""
            if choices.count():
                button = choices.first
            else:
                others = page.locator(
                    '#targets button[aria-disabled="false"]:not([aria-pressed="true"])'
                )
                kinds = [b.get_attribute("data-key") or "" for b in others.all()]
                pick = next(i for i, k in enumerate(kinds) if k[:1].isdigit() != key[:1].isdigit())
                button = others.nth(pick)
        elif legal.count():
            button = legal.first
        else:
            button = choices.first  # nothing to take: pass
        before = page.evaluate(STATE)
        button.click()
        # The page took the click: a move more in the list, or half of one pending.
        page.wait_for_function(TAKEN, arg=before)
    pytest.fail("the game did not end")


@pytest.fixture(scope="module")
def contexts(browser: Browser) -> Any:
    made: dict[str, Any] = {}
    yield made
    for context in made.values():
        context.close()


def open_page(contexts: dict[str, Any], browser: Browser, watch: Any, locale: str) -> Page:
    if locale not in contexts:
        contexts[locale] = browser.new_context(viewport={"width": 1024, "height": 900})
    return watch.attach(contexts[locale].new_page())


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("slug", SLUGS)
def test_a_whole_game_in_a_pseudo_locale_is_translated_fits_and_mirrors(
    browser: Browser, site_url: str, watch: Any, contexts: dict[str, Any], locale: str, slug: str
) -> None:
    page = open_page(contexts, browser, watch, locale)
    gp = GamePage(page, slug)
    page.goto(f"{site_url}{locale}/games/{slug}/?mode=vs-computer&delay=0", wait_until="commit")
    gp.wait_ready()
    expect(page.locator("html")).to_have_attribute("lang", locale)
    assert untranslated(page, locale) == []
    check_fits(page)
    play_to_the_end(gp)
    assert untranslated(page, locale) == []
    check_fits(page)
    check_mirrored(page, locale, game=True)
    assert watch.errors == []
    page.close()


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("path", ["", "tutorial.html", "puzzles/", "teach/", "notices.html"])
def test_every_other_page_in_a_pseudo_locale_is_translated_fits_and_mirrors(
    browser: Browser, site_url: str, watch: Any, contexts: dict[str, Any], locale: str, path: str
) -> None:
    page = open_page(contexts, browser, watch, locale)
    page.goto(f"{site_url}{locale}/{path}", wait_until="commit")
    if path in ("tutorial.html", "puzzles/", "teach/"):  # their boards are embeds
        expect(page.locator("html")).to_have_attribute(
            "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
        )
    else:
        page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", locale)
    assert untranslated(page, locale) == []
    check_fits(page)
    check_mirrored(page, locale, game=False)
    assert watch.errors == []
    page.close()


def test_the_checks_see_an_english_page_as_untranslated_and_a_narrow_box_as_cut(
    browser: Browser, site_url: str, watch: Any, contexts: dict[str, Any]
) -> None:
    """The checks above can fail: on the English home page every word is untranslated for
    both pseudo-locales, and a heading squeezed into 3 em is cut."""
    page = open_page(contexts, browser, watch, "en")
    page.goto(site_url)
    page.wait_for_load_state()
    for locale in LOCALES:
        assert len(untranslated(page, locale)) > 5
    page.evaluate("document.querySelector('h1').style.cssText = 'width: 3em; overflow: hidden'")
    assert page.evaluate(OVERFLOW)["cut"] != []
    page.close()
