"""Embedded boards (embed.js) whose Python runs in a worker, played in CPython through the
protocol's messages only: a host page sends its boxes (`start` with `embed: true`, and only
the parts of the page Python works in), presses come as `event` messages, and what Python
posts is applied to a second mirror as the page's main thread applies it. The lesson events
a host page's script hears are `dispatch` effects; the tutorial, the lesson builder and the
puzzles page run so, as the build renders them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import puzzle_index
import pytest
from app import embed
from app.browser import address_bar, dom
from app.browser.mirror import ProtocolError
from app.drawing import theme
from app.worker import page_of
from page_worker import EmbedPage, FakeClock, rendered

from py_rules import i18n
from py_rules.play.lesson import END_EVENT, MOVE_EVENT

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A lesson</title></head>
<body><h1>Today's lesson</h1><p id="intro">Play both.</p>
<div class="number-duels" data-game="digit-chain" data-pool="30" data-mode="two-players"></div>
<section><p>And then:</p>
<div class="number-duels" data-game="sequence-duel" data-size="11" data-mode="vs-computer"
  data-delay="0"></div></section>
<div class="number-duels" data-game="no-such-game"></div>
</body></html>"""


@pytest.fixture(autouse=True)
def main_thread_afterwards() -> Iterator[None]:
    """Each test starts its own page; the real document is the backend again afterwards."""
    yield
    dom.use_mirror(None)
    embed._boards.clear()
    embed._pages.clear()
    i18n.use("en")
    theme.use("light")


def dispatched(page: EmbedPage, name: str) -> list[tuple[int, dict[str, Any]]]:
    """The `dispatch` effects of lesson event `name`: (node id, detail)."""
    return [
        (args[0], args[2])
        for effect, args in page.effects
        if effect == "dispatch" and args[1] == name
    ]


def test_a_host_page_sends_only_its_boxes_and_every_board_starts_in_the_mirror() -> None:
    page = EmbedPage(HOST_PAGE).start()
    # The host's own elements are not sent: the body holds the three boxes only.
    assert [child.localName for child in page.mirror.body.children] == ["div", "div", "div"]
    assert page.mirror.querySelector("#intro") is None
    chain, line, unknown = page.boxes()
    assert chain.querySelector(".status").textContent.startswith("Player 1")
    assert len(chain.querySelectorAll(".targets button")) == 30
    assert len(line.querySelectorAll(".targets button")) == 11
    assert "Unknown game" in unknown.textContent
    assert page.mirror.documentElement.getAttribute("data-nd-embeds") == "ready"
    assert ["html", ["data-nd-embeds", "ready"]] in page.effects
    assert page.same()  # the page shows what Python drew


def test_a_move_plays_and_the_host_page_hears_the_lesson_events() -> None:
    page = EmbedPage(HOST_PAGE).start()
    chain, line, _ = page.boxes()
    page.press_in(chain, "10")  # 10 leaves nothing that starts with 0: Player 1 wins
    assert "Player 1 wins" in chain.querySelector(".status").textContent
    ((node, move),) = dispatched(page, MOVE_EVENT)
    ((same, end),) = dispatched(page, END_EVENT)
    assert node == same == chain.nodeId
    assert move["moves"] == ["10"] and end["winner"] == 1 and end["over"] is True
    page.press_in(line, "6")
    page.clock.settle()  # the computer answers
    assert len(line.querySelectorAll(".history li[data-index]")) == 2
    assert [n for n, _ in dispatched(page, MOVE_EVENT)][1:] == [line.nodeId, line.nodeId]
    assert page.same()


def canvas_widths(page: EmbedPage, box: Any) -> list[str]:
    """Every width Python has given the canvas of `box`'s board, in order."""
    canvas = box.querySelector(".board canvas").nodeId
    return [
        op[3]
        for message in page.posted
        if message["kind"] == "ops"
        for op in message["ops"]
        if op[:3] == ["attr", canvas, "width"]
    ]


def test_a_board_python_made_is_drawn_only_at_the_width_the_page_says() -> None:
    page = EmbedPage(HOST_PAGE)
    page.new_element_size = (412, 300)
    page.holding = True  # the page has not said the boards' widths yet
    page.start()
    chain, line, _ = page.boxes()
    for box in (chain, line):  # room kept at its proportions, nothing drawn, no button
        assert box.querySelector(".board").style.getPropertyValue("aspect-ratio")
        assert box.querySelectorAll(".targets button") == []
        assert canvas_widths(page, box) == []
    assert chain.querySelector(".status").textContent.startswith("Player 1")
    assert page.mirror.documentElement.getAttribute("data-nd-embeds") is None
    page.holding = False
    page.answer()  # the page's `size` messages, after its next frame
    assert canvas_widths(page, chain) == canvas_widths(page, line) == ["412"]  # one drawing
    assert len(chain.querySelectorAll(".targets button")) == 30
    assert page.mirror.documentElement.getAttribute("data-nd-embeds") == "ready"
    assert page.same()


def test_a_board_not_shown_waits_for_its_width_and_holds_up_nothing() -> None:
    page = EmbedPage(HOST_PAGE)
    page.new_element_size = (0, 0)  # in a closed <details>: the page measures 0
    page.start()
    chain = page.boxes()[0]
    assert page.mirror.documentElement.getAttribute("data-nd-embeds") == "ready"
    assert chain.querySelectorAll(".targets button") == []
    board = chain.querySelector(".board")
    page.send({"kind": "size", "node": board.nodeId, "width": 500, "height": 180})  # opened
    assert canvas_widths(page, chain) == ["500"]
    assert len(chain.querySelectorAll(".targets button")) == 30
    page.send({"kind": "size", "node": board.nodeId, "width": 500, "height": 180})
    assert canvas_widths(page, chain) == ["500"]  # the same width: not drawn again
    assert page.same()


def test_the_embed_base_is_the_sites_address_and_the_page_is_never_saved() -> None:
    page = EmbedPage(HOST_PAGE, storage={}).start()
    assert address_bar.embed_base() == "https://example.org/number-duels/"
    page.press_in(page.boxes()[0], "21")
    assert not [e for e in page.effects if e[0] == "store"]


def test_the_tutorial_starts_both_boards() -> None:
    page = EmbedPage(rendered("tutorial.html", "", "tutorial")).start()
    assert len(page.boxes()) == 2
    assert all(box.getAttribute("data-nd-state") == "started" for box in page.boxes())
    assert page.same()


def builder() -> EmbedPage:
    games = '<option value="circle-duel">Circle Duel</option>'
    teach = rendered("teach.html", "../", "teach", game_options=games)
    return EmbedPage(teach, href="https://example.org/number-duels/teach/").start()


def test_the_lesson_builders_preview_starts_and_its_events_panel_hears_it() -> None:
    page = builder()
    preview = page.one(".lesson-builder .number-duels")
    assert preview.getAttribute("data-nd-state") == "started"
    assert page.one(".lesson-builder").getAttribute("data-lesson") == "ready"
    assert "embed.js" in page.one('[data-snippet="script"]').value
    # The page tells the preview's listeners of the events its board dispatched.
    button = preview.querySelector(".targets button[aria-disabled='false']")
    page.press(button)
    ((node, detail),) = dispatched(page, MOVE_EVENT)
    assert node == preview.nodeId and MOVE_EVENT in preview.listeners
    page.send(
        {
            "kind": "event",
            "node": preview.nodeId,
            "type": MOVE_EVENT,
            "target": preview.nodeId,
            "key": None,
            "detail": detail,
            "focus": None,
        }
    )
    line = page.one(".event-log li")
    # As a host page's script would print it: JSON.stringify's spelling.
    expected = json.dumps(detail, separators=(",", ":"), ensure_ascii=False)
    assert line.textContent == f"{MOVE_EVENT} {expected}"
    assert page.same()


def test_a_changed_choice_in_the_builder_starts_its_preview_again() -> None:
    page = builder()
    preview = page.one(".lesson-builder .number-duels")
    form = page.one("form.lesson-options")
    size = form.elements.namedItem("size")
    assert size is not None
    page.replica.nodes[size.nodeId].set_state("value", "9")
    page.send(
        {"kind": "input", "node": size.nodeId, "value": "9", "checked": None, "selected": None}
    )
    page.fire(size, "change")
    assert preview.getAttribute("data-size") == "9"
    assert len(preview.querySelectorAll(".targets button")) == 9
    assert any(e[0] == "address" and "size=9" in e[1][0] for e in page.effects)
    assert page.same()


def test_a_change_event_for_the_game_already_chosen_keeps_its_options_as_typed() -> None:
    page = builder()
    size = page.one("form.lesson-options").elements.namedItem("size")
    assert size is not None
    page.replica.nodes[size.nodeId].set_state("value", "9")
    page.send(
        {"kind": "input", "node": size.nodeId, "value": "9", "checked": None, "selected": None}
    )
    page.fire(page.one("form.lesson-form").elements.namedItem("game"), "change")
    assert page.one("form.lesson-options").elements.namedItem("size") is size  # not built again
    assert size.value == "9"
    page.fire(size, "change")
    assert page.one(".lesson-builder .number-duels").getAttribute("data-size") == "9"


def puzzles_page() -> EmbedPage:
    slug, first = puzzle_index.first_puzzle()
    html = rendered(
        "puzzles.html", "../", "puzzles", game=slug, puzzle=first, index=puzzle_index.index_html()
    )
    return EmbedPage(html, href="https://example.org/number-duels/puzzles/").start()


def test_the_puzzles_index_switches_the_board_without_loading_a_page() -> None:
    page = puzzles_page()
    links = page.mirror.querySelectorAll("a.puzzle-link")
    board = page.one(".number-duels")
    # A link's click is prevented by the page itself: Python's own preventDefault comes late.
    listens = [
        op for m in page.posted if m["kind"] == "ops" for op in m["ops"] if op[0] == "listen"
    ]
    assert ["listen", links[1].nodeId, "click", {"prevent": True}] in listens
    page.press(links[1])
    assert board.getAttribute("data-puzzle") == links[1].getAttribute("data-puzzle-id")
    assert links[1].getAttribute("aria-current") == "true"
    assert any(e[0] == "address" and "p=" in e[1][0] for e in page.effects)
    assert page.same()


def test_an_embed_start_needs_no_game_but_says_embed_as_true_or_false() -> None:
    message = EmbedPage(HOST_PAGE).message
    slug, page = page_of(message, FakeClock())
    assert slug == "" and page.embedded and page.site == "https://example.org/number-duels/"
    with pytest.raises(ProtocolError, match="embed must be true or false"):
        page_of({**message, "embed": "yes"}, FakeClock())
    # A lesson kept as a file on the teacher's computer may embed games; a game page may not.
    local = {**message, "location": {"href": "file:///home/t/lesson.html"}}
    assert page_of(local, FakeClock())[1].href.startswith("file:")
    game = {**local, "embed": False, "slug": "digit-chain"}
    with pytest.raises(ProtocolError, match=r"location\.href"):
        page_of(game, FakeClock())
