"""The board before Python, as a player meets it: the cases every engine runs.

A game page whose Python runs in a worker shows the fresh board the build drew
(scripts/build/early_board.py) and takes the first press before Python is ready (Number
Duel's hand-over with a hidden row the page deals); a second press says the game is getting
ready; a refused press says why in the rules' words; Python,
once there, confirms what the page showed; a visit that would not show the fresh game (a
saved game, an address with settings or a link) never shows the build's board as playable.

Written once against the engines' interface, `engines.Tab` (scripts/browsers/engines.py:
open an address, run a function in the page, click like a person, wait for the page's own
signal): Chromium's suite (e2e/test_early_board.py) drives a Playwright page through
`PlaywrightTab`, the WebKit and Firefox suite (e2e/webkit_firefox/) their WebDriver. Each
engine holds Python back its own way, given as `open_held`: Playwright's route on the
runtime's WebAssembly, or a server that keeps that response until released.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from engines import Tab, is_xpath

RUNTIME = re.compile(r".*/vendor/pyodide/pyodide\.asm\.wasm$")
GETTING_READY = "Getting the game ready: press again in a moment."
LEGAL = '#targets button[aria-disabled="false"]'
MOVES = "#history li:not(.empty)"
HAND_OVER = "#handover:not([hidden]) button"
READY_S = 120.0  # a Python start on a busy 2-core machine, in a slower engine

TEXT = "(css) => document.querySelector(css)?.textContent.replace(/\\s+/g, ' ').trim() ?? null"
COUNT = "(css) => document.querySelectorAll(css).length"
ATTRIBUTE = "(css, name) => document.querySelector(css)?.getAttribute(name) ?? null"
MARKED = "(name) => performance.getEntriesByName(name).length > 0"
# How many of a page's first presses in files of their own it has fetched (early_board.py).
PRESS_FILES = """() => performance.getEntriesByType('resource')
  .filter((e) => new URL(e.name).pathname.includes('/presses/')).length"""
# Is any element `css` finds on screen: laid out, and not hidden by `visibility`?
ON_SCREEN = """(css) => [...document.querySelectorAll(css)].some((e) =>
  e.getClientRects().length > 0 && getComputedStyle(e).visibility === 'visible')"""


class Held(Protocol):
    """Python held back on the page just opened, until `release`."""

    def release(self) -> None: ...


class OpenHeld(Protocol):
    """Open the worker page of `slug` (with `address` after it) with Python held back;
    returns once the page has asked for the runtime."""

    def __call__(self, slug: str, address: str = "") -> Held: ...


# ----- the page, read and waited on -------------------------------------------------------------


def text(tab: Tab, css: str) -> str | None:
    found: str | None = tab.run(TEXT, css)
    return found


def count(tab: Tab, css: str) -> int:
    return int(tab.run(COUNT, css))


def wait_text(tab: Tab, css: str, words: str) -> None:
    tab.wait_for(f"(css, words) => ({TEXT})(css) === words", css, words, what=f"{css}: {words!r}")


def wait_text_changed(tab: Tab, css: str, before: str | None) -> str:
    """Wait until `css` says something other than `before`; what it says then."""
    after: str = tab.wait_for(
        f"(css, before) => {{ const now = ({TEXT})(css); return now !== before && now; }}",
        css,
        before,
        what=f"{css} no longer {before!r}",
    )
    return after


def wait_count(tab: Tab, css: str, n: int) -> None:
    tab.wait_for(f"(css, n) => ({COUNT})(css) === n", css, n, what=f"{n} of {css}")


def wait_attribute(tab: Tab, css: str, name: str, value: str | None) -> None:
    """Wait until `css`'s attribute `name` is `value` (None: absent)."""
    tab.wait_for(
        f"(css, name, value) => ({ATTRIBUTE})(css, name) === value",
        css,
        name,
        value,
        what=f"{css}[{name}] = {value!r}",
    )


def wait_ready(tab: Tab) -> None:
    tab.wait_for(
        "() => document.body?.dataset.state === 'ready'", what="Python ready", timeout=READY_S
    )


def confirmed(tab: Tab) -> None:
    """Python has started and played the first press (the page's own signals)."""
    wait_ready(tab)
    tab.wait_for(
        MARKED, "nd-first-press-confirmed", what="the first press confirmed", timeout=READY_S
    )


def fresh_board(tab: Tab) -> None:
    wait_attribute(tab, "html", "data-nd-board", "fresh")


# ----- the cases --------------------------------------------------------------------------------


def first_press_shown_second_getting_ready_then_confirmed(
    tab: Tab, open_held: OpenHeld, slug: str = "circle-duel", key: str = "1", files: int = 0
) -> None:
    """A legal first press is shown at once; a second says "getting ready" on the board and
    is not taken; Python, once there, shows what the page showed and plays on. `files`: how
    many files the press fetches (a press too heavy for the page is a file of its own, which
    a visit fetches only when it presses)."""
    held = open_held(slug)
    fresh_board(tab)
    fresh = text(tab, "#status")
    first = f'#targets button[data-key="{key}"]'
    assert tab.run(ATTRIBUTE, first, "aria-disabled") == "false", f"{tab.name}: {key} not legal"
    assert tab.run(PRESS_FILES) == 0, f"{tab.name}: a press's file fetched before any press"
    tab.click(first)
    shown = wait_text_changed(tab, "#status", fresh)
    wait_count(tab, MOVES, 1)
    moved = text(tab, MOVES)
    assert tab.run(MARKED, "nd-first-press-shown"), f"{tab.name}: no nd-first-press-shown"
    assert tab.run(PRESS_FILES) == files, f"{tab.name}: {tab.run(PRESS_FILES)} files fetched"
    state = tab.run("() => document.body.dataset.state")
    assert state == "loading", f"{tab.name}: the press was not taken before Python ({state})"
    tab.click(LEGAL)  # a second press, before Python
    wait_text(tab, "#message", GETTING_READY)
    wait_attribute(tab, "#board", "data-getting-ready", "")
    assert count(tab, MOVES) == 1, f"{tab.name}: the second press was taken"
    held.release()
    confirmed(tab)
    # Python's own board says what the build's said at the press, and plays on from it.
    wait_attribute(tab, "#board", "data-getting-ready", None)
    assert text(tab, "#status") == shown, f"{tab.name}: {text(tab, '#status')!r} != {shown!r}"
    assert text(tab, "#message") != GETTING_READY, f"{tab.name}: still getting ready"
    assert count(tab, MOVES) == 1 and text(tab, MOVES) == moved, f"{tab.name}: {moved!r}"
    tab.click(LEGAL)
    wait_count(tab, MOVES, 2)


def refused_first_press_says_why(tab: Tab, open_held: OpenHeld) -> None:
    """A refused button is still a button: pressed before Python, it says why in the rules'
    words, the same words Python says once there, and no move is played. A game control
    pressed before Python (Hint) says "getting ready" on the board: never a dead button."""
    held = open_held("number-circle")
    fresh_board(tab)
    assert text(tab, "#message") == "", f"{tab.name}: a message before any press"
    tab.click('#targets button[aria-disabled="true"]')
    why = wait_text_changed(tab, "#message", "")
    assert why != GETTING_READY, f"{tab.name}: a refused press said {why!r}"
    tab.click('button[data-action="hint"]')
    wait_text(tab, "#message", GETTING_READY)
    wait_attribute(tab, "#board", "data-getting-ready", "")
    held.release()
    confirmed(tab)
    wait_text(tab, "#message", why)  # Python refuses it in the same words
    wait_attribute(tab, "#board", "data-getting-ready", None)
    assert count(tab, "#history li.empty") == 1, f"{tab.name}: a move was played"


# Number Duel's row as the board shows it: its number buttons' keys, by position.
ROW = """() => [...document.querySelectorAll('#targets button[data-key]')]
  .map((b) => b.dataset.key).filter((key) => /^[0-9]$/.test(key))"""


def dealt_row_shown_then_adopted(tab: Tab, open_held: OpenHeld) -> None:
    """Number Duel's hand-over ("Show Player 1's numbers") before Python: the page deals
    Player 1's hidden row itself, one of the build's recordings of every row drawn at random,
    and shows it at once; a second press says "getting ready"; Python, once there, adopts
    that row (the same numbers in the same places) and plays on from it."""
    held = open_held("number-duel")
    fresh_board(tab)
    assert tab.run(PRESS_FILES) == 0, f"{tab.name}: a press's file fetched before any press"
    tab.click(HAND_OVER)
    wait_count(tab, HAND_OVER, 0)
    row = tab.run(ROW)
    assert sorted(row) == ["1", "2", "3", "4", "5"], f"{tab.name}: row {row}"
    assert tab.run(MARKED, "nd-first-press-shown"), f"{tab.name}: no nd-first-press-shown"
    assert tab.run(PRESS_FILES) == 1, f"{tab.name}: {tab.run(PRESS_FILES)} files fetched"
    state = tab.run("() => document.body.dataset.state")
    assert state == "loading", f"{tab.name}: the press was not taken before Python ({state})"
    first = f'#targets button[data-key="{row[0]}"]'
    tab.click(first)  # a second press, before Python
    wait_text(tab, "#message", GETTING_READY)
    held.release()
    confirmed(tab)
    wait_attribute(tab, "#board", "data-getting-ready", None)
    assert tab.run(ROW) == row, f"{tab.name}: Python shows {tab.run(ROW)}, the page {row}"
    tab.click(first)  # Python's board plays on from the row dealt: an attack with it
    target = '#targets button[data-key="p1"][aria-disabled="false"]'
    wait_count(tab, target, 1)  # the number taken: the positions are offered
    tab.click(target)
    wait_count(tab, MOVES, 1)
    assert row[0] in (text(tab, MOVES) or ""), f"{tab.name}: {text(tab, MOVES)!r}"


def save_a_game(tab: Tab, url: str, key: str) -> None:
    """Play one move on the page at `url` (Python not held), so that the game is saved in
    this browser under `key`."""
    tab.goto(url)
    wait_ready(tab)
    tab.click(LEGAL)
    wait_count(tab, MOVES, 1)
    tab.wait_for("(key) => localStorage.getItem(key) !== null", key, what="the game saved")


def never_playable_unless_fresh(tab: Tab, held: Held, saved: bool) -> None:
    """The page just opened (held) is not the fresh game: the build's board is hidden behind
    the loading screen, none of its buttons on screen, until Python's board replaces it."""
    wait_attribute(tab, "html", "data-nd-board", "waiting")
    assert tab.run(ON_SCREEN, "#loading"), f"{tab.name}: no loading screen"
    assert not tab.run(ON_SCREEN, "#targets button"), f"{tab.name}: the build's board shows"
    held.release()
    wait_ready(tab)
    if saved:  # the saved game, not the fresh one
        wait_count(tab, MOVES, 1)


# ----- Chromium: a Playwright page as an engines.Tab --------------------------------------------


class PlaywrightTab(Tab):
    """A Playwright page behind the engines' interface, so that the cases above run in
    Chromium's suite as they run in WebKit and Firefox."""

    name = "chromium"

    def __init__(self, page: Any, timeout_s: float) -> None:
        self.page = page
        self.timeout_s = timeout_s
        self.version = page.context.browser.version if page.context.browser else ""

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="domcontentloaded")

    def run(self, function: str, *args: Any, frame: str | None = None) -> Any:
        assert frame is None, "no frames in these cases"
        return self.page.evaluate(f"(args) => ({function})(...args)", list(args))

    def click(self, selector: str, frame: str | None = None) -> None:
        """A real click; on a refused button too (aria-disabled, which Playwright's click
        would wait out: a player presses it all the same)."""
        assert frame is None, "no frames in these cases"
        element = self.page.locator(f"xpath={selector}" if is_xpath(selector) else selector).first
        refused = element.get_attribute("aria-disabled") == "true"
        element.click(force=refused)

    def wait_for(
        self, function: str, *args: Any, what: str, frame: str | None = None, timeout: float = 90
    ) -> Any:
        assert frame is None, "no frames in these cases"
        handle = self.page.wait_for_function(
            f"(args) => ({function})(...args)",
            arg=list(args),
            timeout=max(timeout, self.timeout_s) * 1000,
        )
        return handle.json_value()

    def close(self) -> None:
        self.page.close()
