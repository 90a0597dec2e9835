"""Embedding: two games in the tutorial page on one Python runtime (in a Web Worker), both
playable by clicks;
and the embedding guide's iframe snippet in a lesson page, board only, playable by clicks."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from embeds import python_in_worker
from gamepage import READY_TIMEOUT_MS, RECORD_LESSON_EVENTS
from playwright.sync_api import BrowserContext, FrameLocator, Locator, expect

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "embedding.md"
SITE_ADDRESS = "https://<user>.github.io/<repo>/"  # how the guide's snippets spell the site


pytestmark = pytest.mark.usefixtures("no_console_errors")


def press(box: Locator, name: str) -> None:
    """Press a legal board button of one embedded game and wait for the move to land."""
    moves = box.locator(".history li:not(.empty):not(.future)")
    before = moves.count()
    button = box.locator(".targets").get_by_role("button", name=name, exact=True)
    expect(button).to_have_attribute("aria-disabled", "false")
    button.click()
    expect(moves.nth(before)).to_be_attached()  # a computer may reply at once


def open_lesson(page: Any, address: str, html: str) -> None:
    """Show `html` as the lesson page at `address` (on the site's origin) in `page`."""
    page.context.route(address, lambda route: route.fulfill(content_type="text/html", body=html))
    page.goto(address)


def test_two_games_on_the_tutorial_share_one_runtime(
    context: BrowserContext, site_url: str, watch: Any, artifacts: Any
) -> None:
    context.add_init_script(RECORD_LESSON_EVENTS)
    page = watch.attach(context.new_page())
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
    # The lesson step: mirror every move (12 - x, read from the board's events) to win;
    # the step then says "well done" and opens the next one.
    next_step = page.get_by_role("heading", name="3. Next: a line with no middle")
    expect(next_step).to_be_hidden()
    for played in range(2, 12, 2):  # after each of the learner's moves: the reply, or the end
        page.wait_for_function(
            """n => { const line = window.events.filter(e => e.board === "sequence-duel");
               return line.some(e => e.name === "number-duels:end")
                 || line.at(-1)?.detail.moves.length === n; }""",
            arg=played,
        )
        line_events = [e for e in page.evaluate("window.events") if e["board"] == "sequence-duel"]
        last = line_events[-1]["detail"]
        if last["over"]:
            break
        press(line, str(12 - int(last["moves"][-1])))
    assert last["winner"] == 1 and line_events[-1]["name"] == "number-duels:end", line_events
    expect(page.locator(".lesson-result")).to_have_text(re.compile(r"^Well done"))
    expect(next_step).to_be_visible()
    page.screenshot(path=str(artifacts / "tutorial.png"), full_page=True)
    # Both boards' Python ran in one Web Worker, never on the page's main thread.
    python_in_worker(page)


def iframe_snippet() -> str:
    """The embedding guide's copy-paste iframe snippet, exactly as documented."""
    found = re.search(r"```html\n(<iframe .*?</iframe>)\n```", GUIDE.read_text(), re.S)
    assert found, "docs/embedding.md documents an iframe snippet"
    return found.group(1)


LESSON = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A lesson</title>
<link rel="icon" href="{site}assets/favicon.svg"></head>
<body><h1>Why the first player wins</h1><p>Try it:</p>
{snippet}
</body></html>"""


@pytest.mark.parametrize("host", ["same-origin page", "about:blank page"])
def test_the_iframe_snippet_shows_a_playable_board_only(
    context: BrowserContext, site_url: str, watch: Any, artifacts: Any, host: str
) -> None:
    """The documented iframe in a lesson page: no site chrome, a game played by clicks.

    In an about:blank page (an opaque origin, as in an iframe on another site with
    third-party storage blocked) the frame gets no storage at all, which once stopped
    PyScript from starting.
    """
    snippet = iframe_snippet()
    assert SITE_ADDRESS in snippet and "embed=1" in snippet, snippet
    lesson = LESSON.format(site=site_url, snippet=snippet.replace(SITE_ADDRESS, site_url))
    page = watch.attach(context.new_page())
    if host == "same-origin page":
        open_lesson(page, f"{site_url}lesson-with-iframe.html", lesson)
    else:
        page.set_content(lesson)
    game = page.frame_locator("iframe")
    body = game.locator("body")
    expect(body).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    # Storage is there for a same-origin frame and refused in an about:blank page.
    has_storage = body.evaluate("() => { try { return !!localStorage; } catch { return false; } }")
    assert has_storage == (host == "same-origin page")
    # The board only: none of the site's chrome.
    expect(game.locator("html")).to_have_class(re.compile(r"\bembed\b"))
    for chrome in ["header.topbar", "footer.footer", ".lede", ".rules", "#options"]:
        expect(game.locator(chrome)).to_be_hidden()
    # The page's title stays for screen readers only (a page needs its h1) and takes no room.
    title = game.get_by_role("heading", level=1)
    expect(title).to_be_attached()
    box = title.evaluate("h => h.closest('.title-row').getBoundingClientRect().toJSON()")
    assert box["width"] <= 1 and box["height"] <= 1, box
    expect(game.locator("#loading")).to_be_hidden()
    expect(game.locator("#board")).to_be_visible()
    status = game.get_by_role("status")
    expect(status).to_be_visible()
    expect(status).to_contain_text("Player 1: ")  # mode=vs-computer: you are Player 1
    expect(game.locator("#targets button")).to_have_count(12)  # size=12 in the snippet
    play_against_the_computer(game)
    expect(status).to_have_attribute("data-over", "true")
    expect(status).to_contain_text(re.compile(r"(Player 1|Computer) wins"))
    if host == "same-origin page":  # an embedded game is never saved
        assert body.evaluate("() => Object.keys(localStorage)") == []
    page.screenshot(path=str(artifacts / f"iframe-{host.split()[0]}.png"))


def test_a_sandboxed_iframe_without_same_origin_plays(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    """`sandbox="allow-scripts"` alone: the game's page has an opaque origin (no storage,
    `location.origin` is "null", every file a cross-origin request), and still plays."""
    snippet = iframe_snippet().replace("<iframe ", '<iframe sandbox="allow-scripts" ', 1)
    lesson = LESSON.format(site=site_url, snippet=snippet.replace(SITE_ADDRESS, site_url))
    page = watch.attach(context.new_page())
    open_lesson(page, f"{site_url}lesson-with-sandboxed-iframe.html", lesson)
    game = page.frame_locator("iframe")
    body = game.locator("body")
    expect(body).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    assert body.evaluate("() => self.origin") == "null"
    expect(game.locator("#targets button")).to_have_count(12)
    play_against_the_computer(game)
    expect(game.get_by_role("status")).to_have_attribute("data-over", "true")
    game.get_by_role("button", name="Share").click()
    link = game.get_by_role("textbox", name="Share link")
    expect(link).to_have_value(re.compile("^" + re.escape(f"{site_url}games/sequence-duel/?g=")))


def play_against_the_computer(game: FrameLocator) -> None:
    """Click the first legal number until the game is over; the computer answers each move."""
    body = game.locator("body")
    moves = game.locator("#history li:not(.empty):not(.future)")
    for _ in range(12):
        expect(body).to_have_attribute("data-turn", re.compile("^(human|over)$"))
        if body.get_attribute("data-turn") == "over":
            assert "Computer claimed" in (game.locator("#history").text_content() or "")
            return
        before = moves.count()
        button = game.locator('#targets button[aria-disabled="false"]').first
        number = button.inner_text()
        button.click()
        expect(moves.nth(before)).to_contain_text(f"Player 1 claimed {number}")
    pytest.fail("the game did not end")


ARRANGING_LESSON = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Arrange first</title>
<link rel="icon" href="{site}assets/favicon.svg"></head>
<body><div class="number-duels" data-game="number-duel" data-numbers="3" data-arrange
  data-mode="computer-first" data-delay="0"></div>
<script src="{site}embed.js" defer></script></body></html>"""


def test_an_embed_can_choose_to_arrange_the_numbers_first(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    open_lesson(page, f"{site_url}lesson-arranging.html", ARRANGING_LESSON.format(site=site_url))
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    box = page.locator(".number-duels")
    # The computer moves first, but waits: the human (player 2) arranges first.
    expect(box).to_have_attribute("data-turn", "arrange")
    expect(box.get_by_role("status")).to_contain_text("Player 2: arrange your numbers")
    cards = box.locator(".targets").get_by_role("button", name=re.compile(r"^\d at position"))
    expect(cards).to_have_count(3)
    expect(box.locator(".history li:not(.empty)")).to_have_count(0)
    box.locator(".choices").get_by_role("button", name="Done arranging").click()
    expect(box.locator(".history li:not(.empty)")).to_have_count(1)  # now the computer moves


# A host page with its own message traffic and its own Python-looking markup: the embed must
# leave both alone. `messages` records what the host's own listener (added once the boards
# are up, as any later script of the host would be) receives; `onceListeners` every
# one-shot `message` listener that anything adds to the window.
HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A host page</title>
<link rel="icon" href="{site}assets/favicon.svg">
<script>
window.onceListeners = [];
const add = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function (type, listener, options) {{
  if (this === window && type === "message" && options && options.once) {{
    onceListeners.push(String(listener).slice(0, 120));
  }}
  return add.call(this, type, listener, options);
}};
</script></head>
<body><h1>Notes</h1>
<div class="number-duels" data-game="sequence-duel" data-size="5" data-mode="two-players"></div>
<script src="{site}embed.js" defer></script></body></html>"""


def test_an_embed_leaves_the_host_pages_messages_and_scripts_alone(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    open_lesson(page, f"{site_url}host-page.html", HOST_PAGE.format(site=site_url))
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    # The host's first message reaches the host: it posts two and waits for the second.
    received = page.evaluate(
        """() => new Promise((resolve) => {
             const seen = [];
             addEventListener("message", (event) => {
               seen.push(event.data);
               if (event.data === "second") resolve(seen);
             });
             postMessage("first", "*");
             postMessage("second", "*");
           })"""
    )
    assert received == ["first", "second"]
    assert page.evaluate("onceListeners") == []
    # A <script type="py"> (and a <py-script>) that the host adds later is not run: no
    # script type or element of the host's document is claimed by the embed.
    page.evaluate(
        """() => {
             for (const tag of ["script", "py-script"]) {
               const script = document.createElement(tag);
               if (tag === "script") script.type = "py";
               script.textContent = "import js\\njs.window.hostPythonRan = True";
               document.body.append(script);
             }
           }"""
    )
    box = page.locator(".number-duels")
    press(box, "3")  # the embed's Python has run since the scripts were added
    expect(box.get_by_role("status")).to_contain_text("Player 2")
    assert page.evaluate("'hostPythonRan' in window") is False
    assert page.evaluate("['py-script', 'mpy-script'].map((n) => customElements.get(n))") == [
        None,
        None,
    ]
