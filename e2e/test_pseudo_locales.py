"""Every language and the pseudo-locales in a real browser: every page, and a whole game of
every kind against the computer, by clicks, in en-XA (every letter accented, 40% longer,
bracketed), ar-XB (right to left), Arabic and Simplified Chinese; every game page fresh in
French, Brazilian Portuguese and German.

What they catch: words no catalogue translated (an unaccented English word in en-XA; text
outside any right-to-left override in ar-XB; a real language's catalogues are checked
without a browser, tests/test_i18n.py), text that does not fit (the page scrolls sideways,
or a button, link or heading is wider than its box) at a phone's 390 px and a laptop's
1024 px, a layout that does not mirror (and a board that reads in line order mirrored with
it: Sequence Duel, Digit Chain, Number Duel), a web font, and text on a board's canvas in a
font without its glyphs (drawn as boxes). In every real language each page load also runs
axe-core and the touch-target check at 390 px (e2e/test_accessibility.py's). The board's
numbers are numbers in every language, and the brand and the language menu's names say
translate="no".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from app.renderers import renderer_class
from app.settings import LANGUAGES, PSEUDO_LANGUAGES, RIGHT_TO_LEFT
from conftest import serve_axe
from gamepage import SLUGS, GamePage, until, wait_embeds_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_accessibility import small_targets, violations

LOCALES = PSEUDO_LANGUAGES + tuple(tag for tag in LANGUAGES if tag not in ("en", "es"))
# The languages each game is played to its end in: the pseudo-locales, the one written right
# to left and the one in Chinese characters; the others open each game page.
WHOLE_GAMES = (*PSEUDO_LANGUAGES, "ar", "zh-Hans")
WIDTHS = (1024, 390)  # the phone's last: axe and the touch targets are checked there
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
               return !art || art.width === Math.round(board.clientWidth * devicePixelRatio); })"""
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


# Every text a board's canvas draws, with its font, recorded as it is drawn.
RECORD_CANVAS_TEXT = """(() => {
  const drawn = (window.ndCanvasText = new Map());
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    drawn.set(`${this.font}\u0000${text}`, [String(text), this.font]);
    return fill.call(this, text, ...rest);
  };
})();"""
# The letters of `texts` ([text, font]) that their font draws as a missing glyph does (the
# picture of U+E000, private use, in no font): a box instead of the letter.
BOXES = r"""(texts) => {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 48;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const picture = (font, letter) => {
    ctx.clearRect(0, 0, 48, 48);
    ctx.font = font.replace(/[\d.]+px/, "32px");
    ctx.textBaseline = "middle";
    ctx.fillText(letter, 4, 24);
    return ctx.getImageData(0, 0, 48, 48).data.join();
  };
  const boxes = [];
  for (const [text, font] of texts) {
    const none = picture(font, "\uE000");
    for (const letter of new Set(text)) {
      if (/[\p{L}\uE001]/u.test(letter) && picture(font, letter) === none) {
        boxes.push(`${letter} (${text}) in ${font}`);
      }
    }
  }
  return boxes;
}"""


def canvas_boxes(page: Page) -> list[str]:
    """The letters a board's canvas drew with no glyph (drawn with a font that lacks them)."""
    texts = page.evaluate("() => [...window.ndCanvasText.values()]")
    assert texts, "the board drew no text"
    return list(page.evaluate(BOXES, texts))


STATE = """() => [document.querySelectorAll("#history li:not(.empty):not(.future)").length,
  document.querySelector('#targets button[aria-pressed="true"]')?.dataset.key ?? ""]"""
TAKEN = f"(before) => JSON.stringify(({STATE})()) !== JSON.stringify(before)"


def untranslated(page: Page, locale: str) -> list[str]:
    """The visible words of the page that no message gave (a pseudo-locale's only)."""
    if locale not in PSEUDO_LANGUAGES:
        return []
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


def check_fits(page: Page, site_url: str, axe: bool) -> None:
    """At each width: nothing scrolls sideways, no text is wider than its box; then, at a
    phone's, with `axe`, axe-core finds nothing and every target is large enough. No web
    font: the system's fonts only."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_function(f"() => document.documentElement.clientWidth === {width}")
        # A board redraws for its new width (a ResizeObserver): wait for that drawing too.
        page.wait_for_function(REDRAWN)
        seen = page.evaluate(OVERFLOW)
        assert seen == {"sideways": False, "cut": [], "out": []}, (width, seen)
    if axe:
        assert violations(page, site_url) == []
        assert small_targets(page) == []
    assert page.evaluate("() => document.fonts.size") == 0


def check_mirrored(page: Page, locale: str, slug: str | None) -> None:
    """A right-to-left page mirrors, and so does a board that reads in line order (its first
    button is right of its second), not one drawn like a clock face."""
    direction = page.evaluate("() => getComputedStyle(document.documentElement).direction")
    right_to_left = locale in RIGHT_TO_LEFT
    assert direction == ("rtl" if right_to_left else "ltr")
    if slug:
        page.set_viewport_size({"width": 1024, "height": 900})
        page.wait_for_function(REDRAWN)
        board = page.locator("#board").bounding_box()
        side = page.locator(".side").bounding_box()
        assert board and side
        assert (side["x"] < board["x"]) == right_to_left, (board, side)
        first, second = (page.locator("#targets .target").nth(i).bounding_box() for i in (0, 1))
        assert first and second
        mirrored = right_to_left and renderer_class(slug).reads_in_line_order
        assert (first["x"] > second["x"]) == mirrored, (slug, first, second)


def play_to_the_end(gp: GamePage) -> None:
    """Against the computer, by clicks on the first legal buttons, whatever their words: a
    number, then what completes the move (a position, + or −) when one is pending."""
    page = gp.page
    for _ in range(MAX_CLICKS):
        until(page, "() => /^(human|over)$/.test(document.body?.dataset.turn)")
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


# Every page of this module opens as in a browser that has never played it: a game is saved
# under the site's folder whatever the language's, so a game played in one language would be
# resumed by the same game's page in the next. Top frame only (a board's iframe shares the
# page's storage); a document whose origin has no storage (about:blank) throws.
FORGET_SAVED_GAMES = """if (window === window.top) {
  try { localStorage.clear(); } catch {}
}"""


@pytest.fixture(scope="module")
def languages_context(browser: Browser, site_url: str) -> Iterator[BrowserContext]:
    """One browser context for the pages of every language (in each test process), not one
    per language: Python's snapshot, made in this browser after the first visit, starts
    every later page, and the service worker precaches the site once. No page here chooses a
    language by `?lang=` or the Language menu, the only choices remembered
    (assets/language.js): each page is in its own folder's language."""
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    serve_axe(context, site_url)  # axe-core at the site's own address (test_accessibility)
    context.add_init_script(RECORD_CANVAS_TEXT)
    context.add_init_script(FORGET_SAVED_GAMES)
    yield context
    context.close()


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("slug", SLUGS)
def test_a_whole_game_in_every_language_is_translated_fits_and_mirrors(
    languages_context: BrowserContext, site_url: str, watch: Any, locale: str, slug: str
) -> None:
    page = watch.attach(languages_context.new_page())
    catalogues: list[str] = []
    page.on("request", lambda r: "/locale/" in r.url and catalogues.append(r.url))
    gp = GamePage(page, slug)
    page.goto(f"{site_url}{locale}/games/{slug}/?mode=vs-computer&delay=0", wait_until="commit")
    gp.wait_ready()
    expect(page.locator("html")).to_have_attribute("lang", locale)
    assert untranslated(page, locale) == []
    if locale in WHOLE_GAMES:
        check_fits(page, site_url, axe=False)  # axe once, at the end of the game
        play_to_the_end(gp)
        assert untranslated(page, locale) == []
    check_mirrored(page, locale, slug)  # at 1024 px, then the phone's width last: one resize
    check_fits(page, site_url, axe=locale not in PSEUDO_LANGUAGES)
    assert canvas_boxes(page) == []
    # Its own words only: the one catalogue of its language (offline.js may ask for it again,
    # for the service worker to keep the language).
    assert set(catalogues) == {f"{site_url}locale/{locale}.mo"}
    assert watch.errors == []
    page.close()


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("path", ["", "tutorial.html", "puzzles/", "teach/", "notices.html"])
def test_every_other_page_in_every_language_is_translated_fits_and_mirrors(
    languages_context: BrowserContext, site_url: str, watch: Any, locale: str, path: str
) -> None:
    page = watch.attach(languages_context.new_page())
    page.goto(f"{site_url}{locale}/{path}", wait_until="commit")
    if path in ("tutorial.html", "puzzles/", "teach/"):  # their boards are embeds
        wait_embeds_ready(page)
    else:
        page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", locale)
    assert untranslated(page, locale) == []
    check_fits(page, site_url, axe=locale not in PSEUDO_LANGUAGES)
    check_mirrored(page, locale, None)
    assert watch.errors == []
    page.close()


def test_the_checks_see_an_english_page_as_untranslated_a_narrow_box_as_cut_and_a_box(
    languages_context: BrowserContext, site_url: str, watch: Any
) -> None:
    """The checks above can fail: on the English home page every word is untranslated for
    both pseudo-locales, a heading squeezed into 3 em is cut, and a letter no font has is
    drawn as a box (which a Chinese letter is on a machine without a Chinese font)."""
    page = watch.attach(languages_context.new_page())
    page.goto(site_url)
    page.wait_for_load_state()
    for locale in PSEUDO_LANGUAGES:
        assert len(untranslated(page, locale)) > 5
    font = "600 20px system-ui, sans-serif"
    texts = [["\ue001 a", font], ["数字 رقم", font]]
    assert page.evaluate(BOXES, texts) == [f"\ue001 (\ue001 a) in {font}"]
    page.evaluate("document.querySelector('h1').style.cssText = 'width: 3em; overflow: hidden'")
    assert page.evaluate(OVERFLOW)["cut"] != []
    page.close()
