"""Accessibility of every page: axe-core finds nothing, and every target is 24x24 px or more.

axe-core comes from npm (node_modules/axe-core). The pages allow scripts from their own
origin only, so axe is served under the site's address by a Playwright route and added
as an ordinary <script src>: the Content Security Policy check of conftest.py still
watches every page. Each game is checked fresh, in the middle of a game and at its end,
on a phone-sized viewport (390 px wide), where targets are smallest; so is the puzzles
page, fresh, with a wrong move refuted and solved. In the dark theme, every page is
checked again, fresh, and each game in the middle of a game too: the game pages and the
pages of test_site_pages by switching the open page to it (the system's preference changes
and theme.js follows: no second start of Python), the other pages opened in it. Game pages
opened in the dark theme are played to their end in test_picture_contrast.py.
"""

from __future__ import annotations

from typing import Any, Literal

import pytest
from conftest import AXE_PATH, new_context
from gamepage import READY_TIMEOUT_MS, GamePage, wait_answered
from playwright.sync_api import Browser, BrowserContext, Page, expect
from strategies import every_game
from test_games import play_out, take_turn
from test_puzzles import open_puzzles, refuted, sequence_puzzle, solve, try_again

from py_rules.play.puzzle_session import PuzzleSession

TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]
# Phones; their data saver on: each test visits a game page once, so the snapshot a first
# visit makes for the next one (a second Python) would never be used.
pytestmark = pytest.mark.context(phone=True, save_data=True)
MIN_TARGET = 24  # CSS px, WCAG 2.2 "Target Size (Minimum)"
# Quick games (small boards) so that each can be played to its end by first legal moves.
GAMES = every_game(
    {
        "circle-duel": "?size=5",
        "number-circle": "",
        "sequence-duel": "?size=6",
        "digit-chain": "?pool=30",
        "number-duel": "?numbers=3",
    }
)
INTERACTIVE = (
    'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]),'
    " li[data-index]"
)
SMALL_TARGETS = """([selector, least]) => [...document.querySelectorAll(selector)]
  .filter(e => e.checkVisibility())
  .map(e => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width < least || r.height < least)
  .map(([e, r]) => `${e.outerHTML.slice(0, 90)}: ${r.width.toFixed(1)}x${r.height.toFixed(1)}`)"""


def phone_context(browser: Browser, site_url: str, **options: Any) -> BrowserContext:
    """A phone-sized context that serves axe-core at the site's own address."""
    context: BrowserContext = new_context(browser, site_url, phone=True, **options)
    return context


def violations(page: Page, site_url: str) -> list[str]:
    """axe-core's findings on the page as it is now, one line each."""
    if not page.evaluate("() => 'axe' in window"):
        page.add_script_tag(url=f"{site_url}{AXE_PATH}")
    found = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
        ".then(r => r.violations.map(v => `${v.id}: ${v.help} at ` +"
        " v.nodes.map(n => n.target.join(' ')).join(', ')))",
        TAGS,
    )
    return list(found)


def small_targets(page: Page) -> list[str]:
    return list(page.evaluate(SMALL_TARGETS, [INTERACTIVE, MIN_TARGET]))


def check(page: Page, site_url: str, when: str) -> None:
    assert violations(page, site_url) == [], when
    assert small_targets(page) == [], when


def open_site_page(page: Page, site_url: str, path: str) -> None:
    """Open a page of the site and wait until it is whole (the tutorial's two boards built,
    the puzzles page's board ready)."""
    if path == "puzzles/":
        open_puzzles(page, f"{site_url}{path}")
        return
    page.goto(site_url + path)
    if path.endswith(("tutorial.html", "teach/")):
        for box in page.locator(".number-duels").all():
            expect(box.locator(".targets button").first).to_be_attached(timeout=READY_TIMEOUT_MS)


def in_theme(page: Page, theme: Literal["light", "dark"]) -> None:
    """Switch the open page to `theme` the way the system does (its preferred colour scheme
    changes); wait until the page and its boards have followed."""
    page.emulate_media(color_scheme=theme)
    expect(page.locator("html")).to_have_attribute("data-theme", theme)
    wait_answered(page)  # a game page's board drawn again by Python in the theme's colours


def check_both_themes(page: Page, site_url: str, when: str) -> None:
    """`check` in the light theme, then in the dark one; the page is left light."""
    check(page, site_url, when)
    in_theme(page, "dark")
    check(page, site_url, f"{when}, dark")
    in_theme(page, "light")


def check_fresh_and_mid_game(gp: GamePage, site_url: str) -> None:
    """axe and touch targets on a game page as it opens and after two turns each, in
    both themes."""
    check_both_themes(gp.page, site_url, "fresh")
    for _ in range(2):
        if gp.wait_for_my_turn() != "over":
            take_turn(gp)
    gp.wait_for_my_turn()
    check_both_themes(gp.page, site_url, "mid-game")


@pytest.mark.parametrize("path", ["", "tutorial.html", "notices.html", "es/", "es/tutorial.html"])
def test_site_pages(context: BrowserContext, site_url: str, watch: Any, path: str) -> None:
    page = watch.attach(context.new_page())
    open_site_page(page, site_url, path)
    check_both_themes(page, site_url, path or "home")
    assert watch.errors == []


def test_puzzles_page_fresh_refuted_and_solved(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    puzzle = sequence_puzzle(1)
    page = watch.attach(context.new_page())
    board = open_puzzles(page, f"{site_url}puzzles/?p={puzzle['id']}")
    expect(board).to_have_attribute("data-puzzle-id", puzzle["id"])
    check(page, site_url, "puzzles, fresh")
    session = PuzzleSession("sequence-duel", puzzle)
    refuted(board, session)
    check(page, site_url, "puzzles, a wrong move refuted")
    try_again(board, session, len(puzzle["moves"]))
    solve(board, session)
    check(page, site_url, "puzzles, solved")
    assert watch.errors == []


@pytest.mark.parametrize("slug", GAMES)
def test_game_pages_fresh_mid_game_and_over(
    context: BrowserContext, site_url: str, watch: Any, slug: str
) -> None:
    gp = GamePage(watch.attach(context.new_page()), slug).open(site_url, GAMES[slug])
    check_fresh_and_mid_game(gp, site_url)
    play_out(gp)
    check(gp.page, site_url, "over")
    assert watch.errors == []


def test_iframe_form(context: BrowserContext, site_url: str, watch: Any) -> None:
    gp = GamePage(watch.attach(context.new_page()), "digit-chain")
    gp.open(site_url, "?embed=1&mode=vs-computer&pool=99&delay=0")
    check(gp.page, site_url, "iframe form")
    take_turn(gp, "21")
    gp.wait_for_my_turn()
    check(gp.page, site_url, "iframe form, mid-game")
    assert watch.errors == []


def test_history_steps_are_drawn_pictures_with_names(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    """The step buttons show an SVG picture, never a character a font may lack."""
    gp = GamePage(watch.attach(context.new_page()), "sequence-duel").open(site_url)
    gp.press("4")
    gp.press("9")
    for name in ("First position", "Previous move", "Next move", "Last move"):
        button = gp.page.get_by_role("button", name=name, exact=True)
        expect(button).to_be_visible()
        expect(button).to_have_text("")  # no glyph to go missing
        picture = button.locator("svg path")
        box = picture.bounding_box()
        assert box and box["width"] >= 8 and box["height"] >= 10, (name, box)
        assert picture.evaluate("p => getComputedStyle(p).fill") != "none"


@pytest.mark.context(phone=True, save_data=True, color_scheme="dark")
@pytest.mark.parametrize("path", ["", "puzzles/", "teach/", "es/teach/"])
def test_site_pages_opened_in_the_dark_theme(
    context: BrowserContext, site_url: str, watch: Any, path: str
) -> None:
    page = watch.attach(context.new_page())
    open_site_page(page, site_url, path)
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    check(page, site_url, f"{path or 'home'}, dark")
    assert watch.errors == []
