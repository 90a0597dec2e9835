"""Keys pressed faster than the page's Python answers go where Python puts the focus: a game
page whose Python runs in a worker holds a key on a button while it waits for Python's
answers, then plays it where the focus is (docs/worker-protocol.md, "Keys and presses ahead
of Python's answer").

A slow worker is made certain, not hoped for: the page's messages to its worker are held
in the page (`Worker.postMessage` buffered) while the keys are pressed, as a busy phone
would hold them, then let go; the test waits on the page's own `data-nd-pending`.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gamepage import GamePage, worker_page
from playwright.sync_api import Browser, Page, expect

# The page's messages to its worker wait here until `ndLetGo()`; `ndHeld()` says how many.
HOLD_POSTS = """() => {
  const worker = window.ndPython.worker;
  const post = worker.postMessage;
  const held = [];
  worker.postMessage = (...message) => held.push(message);
  window.ndHeld = () => held.length;
  window.ndLetGo = () => {
    worker.postMessage = post;
    for (const message of held.splice(0)) post.apply(worker, message);
  };
}"""


@pytest.fixture
def page(browser: Browser, site_url: str) -> Iterator[Page]:
    context = browser.new_context(service_workers="block")
    yield context.new_page()
    context.close()


def sequence_duel(page: Page, site_url: str) -> GamePage:
    gp = GamePage(page, "sequence-duel").open(site_url, worker_page())
    gp.new_game(mode="2p", first="1", size="20", name1="", name2="")
    gp.target("1").focus()
    page.evaluate(HOLD_POSTS)
    return gp


def test_keys_pressed_before_python_answered_go_where_it_put_the_focus(
    page: Page, site_url: str
) -> None:
    gp = sequence_duel(page, site_url)
    for key in ("ArrowRight", "ArrowDown", "Enter"):  # none waits for Python's answer
        page.keyboard.press(key)
    expect(page.locator("html[data-nd-pending]")).to_have_count(1)
    assert page.evaluate("ndHeld()") == 1  # the first arrow went to Python; the rest wait here
    page.evaluate("ndLetGo()")
    gp.answered()
    expect(gp.history).to_have_count(1)
    expect(gp.history.first).to_contain_text("Player 1 claimed 12")
    expect(gp.target("12")).to_be_focused()


def test_a_press_after_a_held_key_comes_after_it(page: Page, site_url: str) -> None:
    gp = sequence_duel(page, site_url)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")  # held: Python has not moved the focus to 2 yet
    gp.target("15").click()  # after the key, so after Player 1's move: Player 2's
    page.evaluate("ndLetGo()")
    gp.answered()
    expect(gp.history).to_have_count(2)
    expect(gp.history.nth(0)).to_contain_text("Player 1 claimed 2")
    expect(gp.history.nth(1)).to_contain_text("Player 2 claimed 15")
