"""The lesson API in a real browser: a host page hears its boards' events, a bad
`data-moves` is refused, and the iframe form posts the same objects to its parent.

The host page is the embedding guide's copy-paste lesson, as documented; the events are recorded by
a listener added before the page loads and read back with `page.evaluate`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from gamepage import READY_TIMEOUT_MS, RECORD_LESSON_EVENTS
from playwright.sync_api import BrowserContext, Locator, Page, expect
from test_embed import SITE_ADDRESS, press

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "embedding.md"
RECORD_MESSAGES = """
window.messages = [];
if (window === window.top) addEventListener("message", (event) => window.messages.push(
  {origin: event.origin, data: event.data}));
"""
REFUSED_BOARD = '<div class="number-duels" data-game="sequence-duel" data-size="9"'
REFUSED_BOARD += ' data-moves="5 5"></div>'

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A lesson</title></head>
<body>{snippet}</body></html>"""

pytestmark = pytest.mark.usefixtures("no_console_errors")


def lesson_snippet() -> str:
    """The embedding guide's lesson page snippet, exactly as documented."""
    found = re.search(
        r"```html\n(<div [^`]*?number-duels:end.*?</script>)\n```", GUIDE.read_text(), re.S
    )
    assert found, "docs/embedding.md documents a lesson snippet listening to the events"
    return found.group(1)


def detail(moves: list[str], winner: int | None = None, to_move: int | None = None) -> dict:
    over = to_move is None
    return {
        "game": "digit-chain",
        "moves": moves,
        "over": over,
        "winner": winner,
        "draw": False,
        "to_move": to_move,
    }


def wait_for_events(page: Page, count: int) -> list[dict[str, Any]]:
    page.wait_for_function(f"window.events.length >= {count}", timeout=READY_TIMEOUT_MS)
    events: list[dict[str, Any]] = page.evaluate("window.events")
    assert all(e["plain"] and e["board"] == "digit-chain" for e in events), events
    return events


def test_a_lesson_page_hears_moves_and_ends_from_a_data_moves_start(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    snippet = lesson_snippet().replace(SITE_ADDRESS, site_url)
    snippet = snippet.replace('data-mode="vs-computer"', 'data-mode="vs-computer" data-delay="0"')
    snippet = snippet.replace("<script ", REFUSED_BOARD + "\n<script ", 1)
    html = HOST_PAGE.format(snippet=snippet)
    context.add_init_script(RECORD_LESSON_EVENTS)
    page = watch.attach(context.new_page())
    address = f"{site_url}lesson-events.html"
    context.route(address, lambda route: route.fulfill(content_type="text/html", body=html))
    page.goto(address)
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    chain, refused = page.locator(".number-duels").nth(0), page.locator(".number-duels").nth(1)
    note = page.locator("#lesson-note")

    # The start: the given moves are on the board, and nothing was reported.
    expect(chain.locator(".history li:not(.empty)")).to_have_count(2)
    expect(chain.get_by_role("status")).to_contain_text("You: ")
    # A bad line: refused with a message; the standard start, every number free.
    expect(refused.locator(".message")).to_contain_text(
        "These moves were refused (move 2 ('5') is illegal"
    )
    expect(refused.locator(".message")).to_contain_text("the standard start is shown.")
    expect(refused.locator(".history li:not(.empty)")).to_have_count(0)
    expect(refused.locator('.targets button[aria-disabled="false"]')).to_have_count(9)
    assert page.evaluate("window.events") == []

    # 3 loses: the computer's only reply is 30, which ends the game.
    press(chain, "3")
    events = wait_for_events(page, 3)
    assert [(e["name"], e["detail"]) for e in events] == [
        ("number-duels:move", detail(["21", "13", "3"], to_move=2)),
        ("number-duels:move", detail(["21", "13", "3", "30"], winner=2)),
        ("number-duels:end", detail(["21", "13", "3", "30"], winner=2)),
    ]
    expect(note).to_have_text("Not this time: press New game and try the other number.")

    # Undo fires nothing; New game goes back to the given position, silently too.
    chain.get_by_role("button", name="Undo").click()
    expect(chain.locator(".history li:not(.empty):not(.future)")).to_have_count(2)
    chain.get_by_role("button", name="New game").click()
    expect(chain.locator(".history li:not(.empty)")).to_have_count(2)
    expect(chain.locator(".history")).not_to_contain_text("30")

    # 30 wins at once: one move, then the end, and the guide's script says well done.
    press(chain, "30")
    events = wait_for_events(page, 5)
    won = detail(["21", "13", "30"], winner=1)
    assert [(e["name"], e["detail"]) for e in events[3:]] == [
        ("number-duels:move", won),
        ("number-duels:end", won),
    ]
    expect(note).to_have_text("Well done: 30 ends in 0, and no number starts with 0.")
    assert len(page.evaluate("window.events")) == 5


IFRAME_LESSON = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A framed lesson</title></head>
<body><iframe title="Digit Chain" width="700" height="560"
  src="{site}games/digit-chain/?embed=1&pool=30&moves=21%2013&mode=vs-computer&delay=0">
</iframe></body></html>"""


def test_the_iframe_form_posts_its_events_to_the_parent(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    context.add_init_script(RECORD_MESSAGES)
    page = watch.attach(context.new_page())
    address = f"{site_url}lesson-iframe.html"
    html = IFRAME_LESSON.format(site=site_url)
    context.route(address, lambda route: route.fulfill(content_type="text/html", body=html))
    page.goto(address)
    game = page.frame_locator("iframe")
    expect(game.locator("body")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect(game.locator("#history li:not(.empty)")).to_have_count(2)  # ?moves=21 13
    board: Locator = game.locator("#targets")
    board.get_by_role("button", name="30", exact=True).click()
    page.wait_for_function("window.messages.length >= 2", timeout=READY_TIMEOUT_MS)
    messages = page.evaluate("window.messages")
    site_origin = re.match(r"^https?://[^/]+", site_url)
    assert site_origin
    won = detail(["21", "13", "30"], winner=1)
    assert messages == [
        {"origin": site_origin.group(0), "data": {"type": "number-duels:move", **won}},
        {"origin": site_origin.group(0), "data": {"type": "number-duels:end", **won}},
    ]
    # New game goes back to the given position (the frame has no options form), silently.
    game.get_by_role("button", name="New game").click()
    expect(game.locator("#history li:not(.empty)")).to_have_count(2)
    expect(game.locator("#history")).not_to_contain_text("30")
    expect(board.get_by_role("button", name="30", exact=True)).to_have_attribute(
        "aria-disabled", "false"
    )
    assert len(page.evaluate("window.messages")) == 2
