"""What the main thread of a worker game page does while Python starts, kept short: the
build's picture is drawn once, the page is sent to Python after its first frame (so that
reading its layout forces none), a `run` asked before then is answered, and Python's first
drawing changes only what differs from the build's board (docs/performance.md: the worker
pages' start).

Python is held back by holding the runtime's WebAssembly (test_early_board.HeldRuntime);
the tests wait on the page's own signals.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gamepage import READY_TIMEOUT_MS, worker_page
from playwright.sync_api import Browser, Page, expect
from test_early_board import open_worker_page_held as open_held

# Before the page's own scripts: count the frames drawn, what the page posts to its worker
# and the resets of the board's canvas, and the frames drawn before the page was parsed.
WATCH = """
window.ndFrames = 0;
const tick = () => { window.ndFrames++; requestAnimationFrame(tick); };
requestAnimationFrame(tick);
window.ndPosted = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  window.ndPosted.push([message?.kind, window.ndFrames]);
  return post.call(this, message, ...rest);
};
window.ndCanvasResets = 0;
const width = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, "width");
Object.defineProperty(HTMLCanvasElement.prototype, "width", {
  get() { return width.get.call(this); },
  set(value) {
    if (this.id === "board-canvas") window.ndCanvasResets++;
    width.set.call(this, value);
  },
});
document.addEventListener("DOMContentLoaded", () => {
  window.ndFramesParsed = window.ndFrames;  // the frames drawn before the page was parsed
});
"""


@pytest.fixture
def page(browser: Browser, watch: Any) -> Iterator[Page]:
    """A fresh visitor's page (its own storage, no service worker), watched from the start."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    context.add_init_script(WATCH)
    yield watch.attach(context.new_page())
    context.close()


def ready(page: Page) -> None:
    expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)


def test_the_builds_picture_is_drawn_once_while_python_loads(page: Page, site_url: str) -> None:
    held = open_held(page, site_url, "sequence-duel")
    expect(page.locator("html")).to_have_attribute("data-nd-board", "fresh")
    page.wait_for_function("() => window.ndPosted.some(([kind]) => kind === 'start')")
    assert page.evaluate("window.ndCanvasResets") == 1
    held.release()
    ready(page)


def test_the_page_is_sent_to_python_after_its_first_frame(page: Page, site_url: str) -> None:
    held = open_held(page, site_url, "sequence-duel")
    page.wait_for_function("() => window.ndPosted.some(([kind]) => kind === 'start')")
    kinds = page.evaluate("window.ndPosted")
    frames_at_start = next(frames for kind, frames in kinds if kind == "start")
    assert kinds[0][0] == "boot"  # the runtime's download starts at once, before any frame
    assert frames_at_start > page.evaluate("window.ndFramesParsed"), kinds
    held.release()
    ready(page)


def test_a_run_asked_before_the_page_is_sent_is_answered(page: Page, site_url: str) -> None:
    page.add_init_script(
        """document.addEventListener("DOMContentLoaded", () => {
          window.ndPython.run("result = 6 * 7").then((value) => { window.ndEarlyRun = value; });
        });"""
    )
    page.goto(f"{site_url}games/sequence-duel/{worker_page()}")
    page.wait_for_function("() => window.ndEarlyRun === 42", timeout=READY_TIMEOUT_MS)


def test_python_s_first_drawing_leaves_what_the_build_drew_alike(page: Page, site_url: str) -> None:
    """The build's board buttons keep their keys and labels through Python's start: its
    first drawing comes as what differs (docs/worker-protocol.md), not as every element
    emptied and filled again."""
    held = open_held(page, site_url, "digit-chain")
    expect(page.locator("html")).to_have_attribute("data-nd-board", "fresh")
    page.evaluate(
        """() => {
          window.ndTouched = 0;
          new MutationObserver((records) => { window.ndTouched += records.length; }).observe(
            document.getElementById("targets"),
            { subtree: true, characterData: true, attributeFilter: ["data-key", "aria-label"] },
          );
        }"""
    )
    held.release()
    ready(page)
    assert page.locator("#targets button[data-key]").count() > 0
    assert page.evaluate("window.ndTouched") == 0


def test_a_first_press_before_the_page_is_sent_is_shown_and_confirmed(
    page: Page, site_url: str
) -> None:
    """A press that comes before the page is sent to Python (between the first paint and the
    task after the first frame; on a busy machine that task comes late) is shown at once and
    played by Python once there, as one after it is. Pressed as the page is parsed: the window
    is too short for a click to land in it on purpose."""
    page.add_init_script(
        """document.addEventListener("DOMContentLoaded", () => {
          document.querySelector('#targets button[data-key="1"]').click();
          window.ndPressedBeforeStart = !window.ndPosted.some(([kind]) => kind === "start");
        });"""
    )
    held = open_held(page, site_url, "circle-duel")
    assert page.evaluate("window.ndPressedBeforeStart") is True
    expect(page.locator("#status")).to_have_text("Player 1 took 1. Player 2: take 2 or 10.")
    expect(page.locator("#history li:not(.empty)")).to_have_count(1)
    held.release()
    ready(page)
    page.wait_for_function("() => performance.getEntriesByName('nd-first-press-confirmed').length")
    expect(page.locator("#status")).to_have_text("Player 1 took 1. Player 2: take 2 or 10.")
    expect(page.locator("#history li:not(.empty)")).to_have_count(1)
