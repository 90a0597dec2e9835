"""Game pages whose Python runs in a Web Worker (assets/page-worker.js, assets/python-worker.mjs,
docs/worker-protocol.md): the main thread applies what Python sends and passes on what the
player does, and stays free while Python works.

The ops tests drive `applyOps` with hand-written op lists (ids far above those Python gives)
and read what the page's side sends the worker by listening on its `postMessage`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from gamepage import GamePage, worker_page
from hostile_records import GOOD, token
from playwright.sync_api import Page, expect

# The data saver on in the `context` fixtures: each ends with its test (the shared page's with the
# module), so the snapshot a first visit makes for the next one (a second Python) would never
# be used, nor would the service worker's copy of the site for offline play.
pytestmark = [pytest.mark.usefixtures("no_console_errors"), pytest.mark.context(save_data=True)]

# Far above the ids Python gives its own elements (1,000,000 upwards).
FIRST = 9_000_000
# Every message the page sends its worker, as sent (`window.ndSent`); those about the test's
# own elements are kept from the worker, whose mirror has no such elements.
RECORD_SENT = f"""() => {{
  window.ndSent = [];
  const worker = window.ndPython.worker;
  const post = worker.postMessage.bind(worker);
  worker.postMessage = (message) => {{
    window.ndSent.push(message);
    if (!(message.node >= {FIRST})) post(message);
  }};
}}"""
# Whether each keydown was prevented, as the document sees it after the page's own listeners.
RECORD_PREVENTED = """() => {
  window.ndPrevented = [];
  document.addEventListener("keydown", (e) => window.ndPrevented.push([e.key, e.defaultPrevented]));
}"""


def open_worker_page(page: Page, site_url: str, slug: str, query: str = "") -> GamePage:
    page.goto(f"{site_url}games/{slug}/{worker_page()}{query}", wait_until="commit")
    return GamePage(page, slug).wait_ready()


@pytest.fixture
def game(context: Any, site_url: str, watch: Any) -> Iterator[GamePage]:
    """A Sequence Duel page of the test's own: for a test that changes what the page keeps
    (its storage, its address, its theme, its game)."""
    page = watch.attach(context.new_page())
    yield open_worker_page(page, site_url, "sequence-duel")
    page.close()


@pytest.fixture(scope="module")
def shared_game(module_context: Any, site_url: str, watch: Any) -> Iterator[GamePage]:
    """One Sequence Duel page for the tests that only add elements of their own (ids far apart,
    FIRST upwards, each test's own) and listen to them: none changes the page's storage,
    address, theme or game, nor reads anything another of them adds, so one start of Python
    serves them all, in any order."""
    page = watch.attach(module_context.new_page())
    yield open_worker_page(page, site_url, "sequence-duel")
    page.close()


def apply(page: Page, ops: list[Any]) -> None:
    page.evaluate("(ops) => window.ndPython.applyOps(ops)", ops)


# ----- applying ops ---------------------------------------------------------------------------


def test_apply_ops_makes_and_changes_elements(shared_game: GamePage, watch: Any) -> None:
    page = shared_game.page
    box, para, svg, path, item = range(FIRST, FIRST + 5)
    apply(
        page,
        [
            ["new", box, "section"],
            ["attr", box, "data-probe", "yes"],
            ["new", para, "p"],
            ["prop", para, "textContent", "<b>not markup</b>"],
            ["class", para, "note", True],
            ["style", para, "margin-left", "3px"],
            ["new", svg, "svg:svg"],
            ["new", path, "svg:path"],
            ["attr", path, "d", "M0 0L4 4"],
            ["append", svg, [path]],
            ["append", box, [para, "plain & text", svg]],
            ["append", 1, [box]],  # the body is node 1
        ],
    )
    probe = page.locator("section[data-probe=yes]")
    expect(probe.locator("p.note")).to_have_text("<b>not markup</b>")
    expect(probe.locator("b")).to_have_count(0)  # text went in as text
    expect(probe).to_contain_text("plain & text")
    assert probe.locator("p").evaluate("p => p.style.marginLeft") == "3px"
    namespace = probe.locator("path").evaluate("p => p.namespaceURI")
    assert namespace == "http://www.w3.org/2000/svg"
    apply(
        page,
        [
            ["new", item, "span"],
            ["insert", box, item, para],
            ["class", para, "note", False],
            ["style", para, "margin-left", None],
            ["attr", box, "data-probe", "moved"],
            ["remove", svg],
        ],
    )
    moved = page.locator("section[data-probe=moved]")
    assert moved.evaluate("s => [...s.children].map(c => c.localName).join()") == "span,p"
    expect(moved.locator("p.note")).to_have_count(0)
    assert moved.locator("p").evaluate("p => p.getAttribute('style') || ''") == ""
    apply(page, [["append", box, [svg]], ["children", para, ["again"]]])  # a removed id is kept
    expect(moved.locator("svg path")).to_have_count(1)
    expect(moved.locator("p")).to_have_text("again")
    # A released id is forgotten: an op that names it changes nothing (and says so).
    apply(page, [["remove", item], ["release", [item]], ["append", box, [item]]])
    assert moved.evaluate("s => [...s.children].map(c => c.localName).join()") == "p,svg"
    assert [e for e in watch.errors if f"no node {item}" in e], watch.errors
    watch.errors.clear()  # the one error this test made on purpose


def test_a_bad_op_is_reported_and_the_rest_still_applied(shared_game: GamePage, watch: Any) -> None:
    page = shared_game.page
    box = FIRST + 10
    apply(page, [["prop", FIRST + 99, "hidden", True], ["new", box, "aside"], ["append", 1, [box]]])
    expect(page.locator("body > aside:last-child")).to_be_attached()
    assert any("no node 9000099" in error for error in watch.errors), watch.errors
    watch.errors.clear()  # the one error this test made on purpose


def test_effects_reach_the_page(game: GamePage) -> None:
    page = game.page
    apply(
        page,
        [
            ["effect", "html", ["data-probe", "on"]],
            ["effect", "address", ["?probe=1#here"]],
            ["effect", "mark", ["nd-probe"]],
            ["effect", "store", ["number-duels:probe", "kept"]],
        ],
    )
    expect(page.locator("html")).to_have_attribute("data-probe", "on")
    assert page.evaluate("location.search + location.hash") == "?probe=1#here"
    assert page.evaluate("performance.getEntriesByName('nd-probe').length") == 1
    assert page.evaluate("localStorage.getItem('number-duels:probe')") == "kept"
    apply(
        page,
        [["effect", "html", ["data-probe", None]], ["effect", "forget", ["number-duels:probe"]]],
    )
    expect(page.locator("html")).not_to_have_attribute("data-probe", "on")
    assert page.evaluate("localStorage.getItem('number-duels:probe')") is None


# ----- passing on what the player does ------------------------------------------------------


def test_listened_events_reach_the_worker_with_their_key_and_target(shared_game: GamePage) -> None:
    page = shared_game.page
    box, field = FIRST + 20, FIRST + 21
    apply(
        page,
        [
            ["new", box, "div"],
            ["new", field, "input"],
            ["attr", field, "aria-label", "Probe"],
            ["append", box, [field]],
            ["append", 1, [box]],
            ["listen", box, "keydown", {"prevent": ["ArrowUp"]}],
            ["listen", box, "click", {}],
        ],
    )
    page.evaluate(RECORD_SENT)
    page.evaluate(RECORD_PREVENTED)
    probe = page.get_by_role("textbox", name="Probe")
    probe.click()
    probe.press("ArrowUp")
    probe.press("x")
    sent = page.evaluate("window.ndSent")
    events = [m for m in sent if m["kind"] == "event" and m["node"] == box]
    assert [(m["type"], m["key"]) for m in events] == [
        ("click", None),
        ("keydown", "ArrowUp"),
        ("keydown", "x"),
    ]
    assert all(m["target"] == field and m["focus"] == field for m in events)
    # Each says which batch of Python's changes the page had applied when it was sent.
    applied = [m["applied"] for m in events]
    assert applied == sorted(applied) and applied[0] > 0
    # The value typed reaches the worker before the events it causes.
    inputs = [m for m in sent if m["kind"] == "input" and m["node"] == field]
    assert inputs and inputs[-1]["value"] == "x"
    assert sent.index(inputs[-1]) > sent.index(events[-1])  # input fires after keydown
    # ArrowUp was prevented as the listen op asked, other keys were not: "x" went in.
    assert page.evaluate("window.ndPrevented") == [["ArrowUp", True], ["x", False]]
    expect(probe).to_have_value("x")


def test_the_theme_switch_is_passed_on(game: GamePage) -> None:
    page = game.page
    page.evaluate(RECORD_SENT)
    before = page.locator("html").get_attribute("data-theme")
    page.locator(".theme-switch").first.click()
    expect(page.locator("html")).not_to_have_attribute("data-theme", before or "")
    themes = [m["theme"] for m in page.evaluate("window.ndSent") if m["kind"] == "theme"]
    assert themes == ["dark" if before == "light" else "light"]


# ----- the page stays alive while Python works ----------------------------------------------

BUSY_PYTHON = """
import time
began = time.monotonic()
while time.monotonic() - began < 8:
    pass
result = "done"
"""


@pytest.mark.context(phone=True, save_data=True)  # a page taller than the window
def test_the_page_answers_while_python_works(game: GamePage) -> None:
    """Throttled 4x, with Python busy for seconds in its worker: the theme switch and a
    scroll answer meanwhile. (How long the main thread's tasks take is a figure of
    bench/page_worker_play.py: the theme switch alone restyles the whole page, 144 ms once
    at CPU 4x on a busy machine.)"""
    page = game.page
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.evaluate(
        """(code) => { window.ndBusy = "working";
        window.ndDone = window.ndPython.run(code).then((v) => { window.ndBusy = v; }); }""",
        BUSY_PYTHON,
    )
    before = page.locator("html").get_attribute("data-theme")
    page.locator(".theme-switch").first.click()
    expect(page.locator("html")).not_to_have_attribute("data-theme", before or "")
    page.mouse.move(400, 400)
    page.mouse.wheel(0, 5000)
    expect(page.locator("footer")).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 0
    assert page.evaluate("window.ndBusy") == "working"  # all that while Python was at work
    page.evaluate("() => window.ndDone")
    assert page.evaluate("window.ndBusy") == "done"
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})


def test_the_page_marks_itself_pending_until_python_has_answered(game: GamePage) -> None:
    """<html data-nd-pending> from the moment the page sends Python a message until Python
    says it has handled it, however long Python is busy: what tests and benchmarks wait on
    after a press, instead of reading the page too early."""
    page = game.page
    page.evaluate("(code) => { window.ndPython.run(code); }", BUSY_PYTHON.replace("< 8", "< 2"))
    name = game.legal()[0]
    pending, pressed = page.evaluate(
        """(name) => {
        const button = [...document.querySelectorAll("#targets button")]
          .find((b) => b.textContent === name);
        button.click();
        return [document.documentElement.dataset.ndPending, button.ariaPressed];
      }""",
        name,
    )
    assert int(pending) >= 2  # the busy run and at least one event of the click
    assert pressed != "true"  # not yet: Python is still busy
    game.answered()
    # Answered: what the press changed is on the page now, without waiting any longer.
    pressed_now = game.target(name).get_attribute("aria-pressed") == "true"
    assert pressed_now or game.history.count() >= 1


# Every entry added to the move list, as it happens (polling could miss one taken back at once).
# Every move list item shown from now on: one added, or one whose words changed (the list
# keeps its items from one drawing to the next and writes only what changed).
RECORD_HISTORY = """() => {
  window.ndEntries = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of [record.target, ...record.addedNodes]) {
      const item = (node.nodeType === 1 ? node : node.parentElement)?.closest("li");
      if (item) window.ndEntries.push(item.textContent);
    }
  }).observe(document.querySelector("#history"), {
    childList: true, subtree: true, characterData: true,
  });
}"""


REPLY = re.compile(r"Computer claimed \d+\.")


def test_undo_while_the_computer_thinks_drops_its_reply(
    context: Any, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    gp = open_worker_page(page, site_url, "sequence-duel", "?size=12&delay=0")
    gp.new_game(mode="cpu2", level="perfect", first="1", name1="Ada", name2="")
    gp.press(gp.legal()[0])
    gp.wait_for_my_turn()
    expect(gp.history).to_have_count(2)
    replied = gp.history.nth(1).inner_text()
    page.evaluate(RECORD_HISTORY)
    # Python busy in its worker: the move and Undo wait there, in order, for it.
    page.evaluate("(code) => { window.ndPython.run(code); }", BUSY_PYTHON.replace("< 8", "< 3"))
    gp.target(gp.legal()[0]).click()
    page.get_by_role("button", name="Undo").click()
    expect(gp.history).to_have_count(2)
    gp.wait_for_my_turn()
    page.evaluate("(code) => window.ndPython.run(code)", "result = 1")  # the worker is idle again
    expect(gp.history).to_have_count(2)
    # No reply but the computer's first one ever showed in the list.
    replies = {m.group(0) for e in page.evaluate("window.ndEntries") if (m := REPLY.match(e))}
    assert replies <= {REPLY.match(replied).group(0)}  # type: ignore[union-attr]
    page.close()


# When Python's first drawing reached the page's board buttons (the build's mark on them
# goes) and when the board's canvas next drew text, in frames counted from the page's start
# (`window.ndFrames`).
RECORD_FRAMES = """
window.ndFrames = 0;
const tick = () => { window.ndFrames += 1; requestAnimationFrame(tick); };
requestAnimationFrame(tick);
window.ndMoved = null;
window.ndDrawnAfter = null;
new MutationObserver((records) => {
  const moved = records.some(
    (r) => r.attributeName === "data-nd-id" && r.target.matches?.("#targets button"),
  );
  if (window.ndMoved === null && moved) window.ndMoved = window.ndFrames;
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-nd-id"] });
const fillText = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (...args) {
  const board = this.canvas.id === "board-canvas";
  if (board && window.ndMoved !== null && window.ndDrawnAfter === null) {
    window.ndDrawnAfter = window.ndFrames;
  }
  return fillText.apply(this, args);
};
"""


def test_python_s_first_drawing_draws_its_picture_in_a_task_after_the_next_frame(
    browser: Any, site_url: str, watch: Any
) -> None:
    """At a phone's width Python's first drawing changes every board button (the build's
    mark goes) and draws the picture anew: the buttons change in the message's own task, the
    picture after the next frame, in a task of its own (one long task on a phone's CPU
    otherwise)."""
    context = browser.new_context(viewport={"width": 412, "height": 860}, device_scale_factor=1.75)
    try:
        context.add_init_script(RECORD_FRAMES)
        page = watch.attach(context.new_page())
        open_worker_page(page, site_url, "digit-chain")
        page.wait_for_function("() => window.ndDrawnAfter !== null")
        moved, drawn = page.evaluate("() => [window.ndMoved, window.ndDrawnAfter]")
        assert drawn > moved
        expect(page.locator("html")).not_to_have_attribute("data-nd-pending", "")
    finally:
        context.close()


# How many times each board button's style was written, by its key, from the page's start.
RECORD_STYLES = """
window.ndStyled = {};
new MutationObserver((records) => {
  for (const r of records) {
    const key = r.target.matches?.("#targets button") ? r.target.dataset.key : undefined;
    if (key !== undefined) window.ndStyled[key] = (window.ndStyled[key] ?? 0) + 1;
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["style"] });
"""


def test_at_a_phone_s_width_python_s_first_drawing_writes_no_board_button_s_place(
    browser: Any, site_url: str, watch: Any
) -> None:
    """Digit Chain's board has the same proportions at every width, its buttons placed in %
    of it: the page makes the build's places its buttons' own (one write each) and Python's
    first drawing at 412 px, comparing its places with theirs, writes none."""
    context = browser.new_context(viewport={"width": 412, "height": 860}, device_scale_factor=1.75)
    try:
        context.add_init_script(RECORD_STYLES)
        page = watch.attach(context.new_page())
        game = open_worker_page(page, site_url, "digit-chain")
        styled = page.evaluate("() => window.ndStyled")
        keys = page.eval_on_selector_all("#targets button", "(bs) => bs.map((b) => b.dataset.key)")
        assert len(keys) == 99
        assert set(styled) == set(keys) and set(styled.values()) == {1}
        lefts = page.eval_on_selector_all("#targets button", "(bs) => bs.map((b) => b.style.left)")
        assert all(left.endswith("%") for left in lefts)
        game.target(game.legal()[0]).click()  # and it plays
        expect(game.history.first).to_be_attached()
    finally:
        context.close()


RECORD_REMOVED = """
window.ndRemoved = [];
new MutationObserver((records) => {
  for (const r of records) {
    for (const n of r.removedNodes) {
      if (n.matches?.("#targets button, #options *")) window.ndRemoved.push(n.outerHTML);
    }
  }
}).observe(document, { subtree: true, childList: true });
"""


def test_python_s_first_drawing_leaves_the_build_s_buttons_where_they_are(
    browser: Any, site_url: str, watch: Any
) -> None:
    """Digit Chain's first drawing at a phone's width changes none of the build's 99 board
    buttons but for their mark, nor the options form but for its controls' first state: it
    takes none out of the page to put it in again (each would be laid out and painted anew,
    in the task that applies the drawing and the frame after it)."""
    context = browser.new_context(viewport={"width": 412, "height": 860}, device_scale_factor=1.75)
    try:
        context.add_init_script(RECORD_REMOVED)
        page = watch.attach(context.new_page())
        game = open_worker_page(page, site_url, "digit-chain")
        game.answered()
        expect(page.locator("html")).to_have_attribute("data-nd-board", "fresh")
        assert page.locator("#targets button[data-key]").count() == 99
        assert page.locator("[data-nd-id]").count() == 0
        assert page.evaluate("() => window.ndRemoved") == []
        game.target(game.legal()[0]).click()  # and it plays
        expect(game.history.first).to_be_attached()
    finally:
        context.close()


SIZE_WHEN_READY = """
window.ndSizeWhenReady = null;
new MutationObserver(() => {
  if (window.ndSizeWhenReady === null && document.body?.dataset.state === "ready") {
    window.ndSizeWhenReady = document.querySelector("#board-canvas").width;
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
"""


def test_a_page_opened_from_a_link_is_ready_with_its_board_drawn_at_its_width(
    browser: Any, site_url: str, watch: Any
) -> None:
    """A visit that does not show the build's fresh board (a link's position) keeps it hidden
    behind the loading screen, whose room must not stretch the board: Python measures the
    board's real width and draws it once, picture included, before the page says it is ready
    (before: a board 1,385 px wide, then redrawn, or the build's picture for a frame)."""
    context = browser.new_context(viewport={"width": 412, "height": 860}, device_scale_factor=1.75)
    try:
        context.add_init_script(SIZE_WHEN_READY)
        page = watch.attach(context.new_page())
        gp = open_worker_page(page, site_url, "sequence-duel", f"?g={token(GOOD)}")
        gp.answered()
        at_ready, now = page.evaluate(
            "() => [window.ndSizeWhenReady, document.querySelector('#board-canvas').width]"
        )
        assert at_ready == now
    finally:
        context.close()
