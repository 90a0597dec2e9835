"""A game page whose Python runs in a worker, played in CPython through the protocol's
messages only (docs/worker-protocol.md): the page's body as the build renders it, presses
as `event` messages, options as `input` messages, a clock the test advances; what Python
posts is applied to a second mirror as the page's main thread applies it, and the two must
show the same page. Hostile messages are refused and change nothing."""

from __future__ import annotations

import copy
import gc
import json
from collections.abc import Coroutine, Iterator
from typing import Any

import pytest
from app.browser import dom
from app.browser.mirror import ProtocolError
from app.drawing import theme
from app.headless.slot import without_revision
from hypothesis import given, settings
from hypothesis import strategies as st
from page_worker import BOARD_SIZE, Page, finish

from py_rules import i18n
from py_rules.registry import BUILT_IN

GAMES = [kit.slug for kit in BUILT_IN]  # the games that ship (the build renders their pages)


@pytest.fixture(autouse=True)
def main_thread_afterwards() -> Iterator[None]:
    """Each test starts its own page; the real document is the backend again afterwards."""
    yield
    dom.use_mirror(None)
    i18n.use("en")
    theme.use("light")


def moves(page: Page) -> list[str]:
    return [item.textContent for item in page.mirror.querySelectorAll("#history li[data-index]")]


def at_the_screen(page: Page) -> None:
    """Answer the hand-over card when it shows (the next player has the screen)."""
    handover = page.one("#handover")
    if not handover.hidden:
        page.press(handover.querySelector("button"))  # type: ignore[arg-type]


def next_press(page: Page) -> Any:
    """A legal press that goes on with a move: a choice first (the second half of a move),
    never the half-made move's own target again (that would take it back)."""
    at_the_screen(page)
    legal = [b for b in page.legal() if b.getAttribute("aria-pressed") != "true"]
    choices = [b for b in legal if "choice" in b.classList]
    return (choices or legal)[0]


def play_one_move(page: Page) -> None:
    """Press legal targets until a move is recorded (a move may take two presses)."""
    before = len(moves(page))
    for _ in range(4):
        page.press(next_press(page))
        if len(moves(page)) > before:
            return
    raise AssertionError(f"no move was played: {page.text('#status')!r}")


def ops_posted(page: Page) -> list[list[Any]]:
    return [op for message in page.posted if message["kind"] == "ops" for op in message["ops"]]


# ----- starting ------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_starts_in_the_mirror_and_the_page_shows_what_python_drew(slug: str) -> None:
    page = Page(slug, storage={}).start()
    assert page.text("#status") not in ("", "Loading the game…")
    at_the_screen(page)
    assert page.targets() and page.legal()
    assert [e for e in page.effects if e[0] == "boot"] == [
        ["boot", ["phase", "rules"]],
        ["boot", ["ready"]],
    ]
    assert page.one('[data-action="new"]').textContent == "New game"
    assert page.same()
    canvas = page.one("#board-canvas")
    assert canvas.getAttribute("width") == str(BOARD_SIZE[0] * 2)  # pixel ratio 2
    assert any(op[0] == "draw" and op[1] == canvas.nodeId for op in ops_posted(page))


def test_the_page_is_told_which_defaults_to_prevent() -> None:
    page = Page("circle-duel").start()
    listens = {(op[1], op[2]): op[3] for op in ops_posted(page) if op[0] == "listen"}
    targets, form = page.one("#targets"), page.one("form.options")
    assert listens[(targets.nodeId, "click")] == {"prevent": "button[data-key]"}
    assert listens[(targets.nodeId, "keydown")] == {
        "prevent": ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]
    }
    assert listens[(form.nodeId, "submit")] == {"prevent": True}
    undo = page.one('[data-action="undo"]')
    assert listens[(undo.nodeId, "click")] == {}  # a plain button's click is not prevented


# ----- playing -----------------------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_a_legal_press_plays_and_an_illegal_one_says_why(slug: str) -> None:
    page = Page(slug, storage={}).start()
    play_one_move(page)
    assert len(moves(page)) == 1
    status = page.text("#status")
    while not (greyed := [b for b in page.targets() if b not in page.legal()]):
        play_one_move(page)
    recorded = moves(page)
    page.press(greyed[0])
    assert page.text("#message") != ""
    assert "show" in page.one("#message").classList
    assert moves(page) == recorded
    assert page.same()
    assert status


@pytest.mark.parametrize("slug", GAMES)
def test_the_computer_answers_when_the_clock_says_so(slug: str) -> None:
    page = Page(slug, "mode=vs-computer&delay=300", storage={}).start()
    play_one_move(page)
    assert "thinking" in page.text("#status")
    assert all(b.getAttribute("aria-disabled") == "true" for b in page.targets())
    assert page.same()  # the page shows "thinking" before the computer's move is computed
    page.clock.advance(299)
    assert len(moves(page)) == 1
    page.clock.advance(1)
    assert len(moves(page)) == 2
    assert page.same()


def test_a_message_from_the_page_cancels_nothing_the_clock_has_not_run() -> None:
    page = Page("circle-duel", "mode=vs-computer&delay=500").start()
    play_one_move(page)
    page.action("undo")  # taking the move back cancels the computer's turn
    page.clock.settle()
    assert not [move for move in moves(page) if move.startswith("Computer")]
    assert "thinking" not in page.text("#status")
    assert page.same()


def test_new_game_with_changed_options_through_input_and_submit() -> None:
    page = Page("sequence-duel", storage={}).start()
    play_one_move(page)
    page.type_into("mode", "cpu1")  # the computer plays first
    page.type_into("size", "12")
    assert page.fire(page.one("form.options"), "submit") == 1
    assert moves(page) == []
    assert "thinking" in page.text("#status")
    page.clock.settle()
    assert len(moves(page)) == 1 and moves(page)[0].startswith("Computer")
    assert len(page.targets()) == 12
    assert page.same()


def test_new_game_refuses_an_option_out_of_range_and_the_game_goes_on() -> None:
    page = Page("circle-duel", storage={}).start()
    play_one_move(page)
    page.type_into("size", "400")
    page.fire(page.one("form.options"), "submit")
    assert page.text(".form-error").startswith("Not started:")
    assert page.one("form.options").elements.namedItem("size").getAttribute("aria-invalid") == (
        "true"
    )
    assert len(moves(page)) == 1
    assert page.same()


def test_the_arrow_keys_move_the_focus_from_the_focused_button() -> None:
    page = Page("circle-duel").start()
    first = page.targets()[0]
    page.send(
        {
            "kind": "event",
            "node": page.one("#targets").nodeId,
            "type": "keydown",
            "target": first.nodeId,
            "key": "ArrowRight",
            "detail": None,
            "focus": first.nodeId,
        }
    )
    calls = [op for op in page.posted[-1]["ops"] if op[0] == "call"]
    assert len(calls) == 1 and calls[0][2] == "focus" and calls[0][1] != first.nodeId
    assert page.mirror.activeElement is page.mirror.nodes[calls[0][1]]


def test_the_move_list_scrolls_itself_through_the_page() -> None:
    page = Page("circle-duel", storage={}).start()
    play_one_move(page)
    play_one_move(page)
    history = page.one("#history")
    assert ["scroll", history.nodeId, "end"] in ops_posted(page)
    page.press(page.one("#history li[data-index='0']"))  # back to after the first move
    current = page.one("#history li.current")  # the list was drawn again
    assert current.dataset.index == "0"
    assert ["scroll", history.nodeId, current.nodeId] in page.posted[-1]["ops"]


def test_a_resize_redraws_the_board_at_the_new_width() -> None:
    page = Page("sequence-duel").start()
    board, canvas = page.one("#board"), page.one("#board-canvas")
    page.send({"kind": "size", "node": board.nodeId, "width": 320, "height": 200})
    assert canvas.getAttribute("width") == "640"
    assert page.same()


def test_the_theme_switch_redraws_the_board_in_the_dark_palette() -> None:
    page = Page("circle-duel").start()
    page.send({"kind": "theme", "theme": "dark"})
    draws = [op for op in page.posted[-1]["ops"] if op[0] == "draw"]
    assert draws and ["=", "strokeStyle", theme.PALETTES["dark"]["TRACK"]] in draws[0][2]
    page.send({"kind": "media", "forcedColors": True, "dark": True})
    draws = [op for op in page.posted[-1]["ops"] if op[0] == "draw"]
    assert any(call == ["=", "fillStyle", "Canvas"] for call in draws[0][2])


def test_a_hint_marks_the_board_thinking_and_shows_that_first() -> None:
    page = Page("circle-duel").start()
    count = len(page.posted)
    page.action("hint")
    changes = [message["ops"] for message in page.posted[count:] if message["ops"]]
    first, last = changes[0], changes[-1]
    body = page.mirror.body.nodeId
    assert ["attr", body, "data-thinking", "hint"] in first
    assert ["attr", body, "data-thinking", None] in last
    assert page.text("#message")
    assert page.same()


def test_share_asks_the_page_to_copy_and_says_so_when_it_did() -> None:
    page = Page("circle-duel").start()
    play_one_move(page)
    page.action("share")
    copy_effect = next(e for e in reversed(page.effects) if e[0] == "copy")
    url, call = copy_effect[1]
    assert url.startswith("https://example.org/number-duels/games/circle-duel/?g=")
    assert page.one(".share-link").value == url
    page.send({"kind": "reply", "call": call, "value": True})
    assert page.text(".share-note").startswith("Link copied.")
    with pytest.raises(ProtocolError, match="no call"):
        page.send({"kind": "reply", "call": call, "value": True})  # answered once only


def test_every_message_is_answered_with_the_count_python_has_handled() -> None:
    page = Page("circle-duel", storage={}).start()
    assert page.posted[-1]["handled"] == 1  # the start, with the board's ops
    page.press(next_press(page))
    assert page.posted[-1]["handled"] == 2 and page.posted[-1]["ops"]  # with what it changed
    batch = page.posted[-1]["batch"]
    page.send({"kind": "storage", "key": "elsewhere", "value": "x"})  # changes nothing
    assert page.posted[-1] == {"kind": "ops", "batch": batch, "ops": [], "handled": 3}
    with pytest.raises(ProtocolError):
        page.send({"kind": "launch"})  # refused, still answered
    assert page.posted[-1] == {"kind": "ops", "batch": batch, "ops": [], "handled": 4}
    posted = len(page.posted)
    page.channel.flush()  # type: ignore[union-attr]
    assert len(page.posted) == posted  # nothing new to say: nothing posted


def test_a_first_press_is_answered_with_the_start() -> None:
    from app import worker

    page = Page("circle-duel", storage={})
    key = str(next_press(Page("circle-duel", storage={}).start()).getAttribute("data-key"))
    first = {"kind": "first", "key": key}
    channel = worker.start(
        page.message, page.post, page.clock, then=lambda started: worker.play_first(started, first)
    )
    page.channel = finish(channel)
    assert page.posted[-1]["handled"] == 2


def test_a_run_message_answers_with_its_result() -> None:
    page = Page("circle-duel").start()
    code = "from app.browser import dom\nresult = dom.query('#status').textContent"
    page.send({"kind": "run", "call": 7, "code": code})
    status = page.text("#status")
    results = [message for message in page.posted if message["kind"] == "result"]
    assert results == [{"kind": "result", "call": 7, "value": status, "error": None}]
    page.send({"kind": "run", "call": 8, "code": "raise ValueError('no')"})
    results = [message for message in page.posted if message["kind"] == "result"]
    assert "ValueError: no" in results[-1]["error"]


def test_a_language_without_its_catalogue_warns_and_shows_english() -> None:
    asked: list[str] = []

    async def offline(url: str) -> bytes | None:
        asked.append(url)
        return None

    page = Page("circle-duel", html_attributes={"lang": "es"}, fetch=offline).start()
    assert asked == ["https://example.org/number-duels/locale/es.mo"]
    assert any(e[0] == "warn" and "es.mo" in e[1][0] for e in page.effects)
    assert page.text("#status") == "Player 1: take any number."


# ----- storage --------------------------------------------------------------------------------

KEY = "number-duels:/number-duels/circle-duel"


def test_a_move_is_saved_on_the_page_and_a_new_page_opens_it() -> None:
    storage: dict[str, str] = {}
    page = Page("circle-duel", storage=storage).start()
    play_one_move(page)
    assert KEY in storage and any(e[0] == "store" and e[1][0] == KEY for e in page.effects)
    dom.use_mirror(None)
    again = Page("circle-duel", storage=dict(storage)).start()
    assert moves(again) == moves(page)


def test_another_tabs_newer_save_is_shown_with_a_note() -> None:
    shared: dict[str, str] = {}
    mine = Page("circle-duel", storage=shared).start()
    theirs = Page("circle-duel", storage=dict(shared)).start()
    play_one_move(theirs)
    dom.use_mirror(mine.channel.page if mine.channel else None)
    mine.send({"kind": "storage", "key": KEY, "value": theirs.storage[KEY]})  # type: ignore[index]
    assert moves(mine) == moves(theirs)
    assert "another tab" in mine.text("#message")
    assert mine.same()


def test_storage_refused_plays_on_without_a_store_effect() -> None:
    page = Page("circle-duel", storage=None).start()
    play_one_move(page)
    assert not [e for e in page.effects if e[0] in ("store", "forget")]
    assert len(moves(page)) == 1


def test_a_write_the_page_refuses_later_plays_on_unsaved_and_says_so_once() -> None:
    """A full storage is known on the page only: it answers the `store` effect with
    `unkept`, and the game goes on unsaved with the note a page running Python shows."""
    storage: dict[str, str] = {}
    page = Page("circle-duel", storage=storage)
    page.full = True
    page.start()
    assert page.text("#storage-note").startswith("This browser does not keep this game")
    play_one_move(page)
    assert KEY not in storage and KEY not in (page.channel.page.storage or {})  # type: ignore[union-attr]
    assert page.text("#storage-note").startswith("This browser does not keep this game")
    stores = [e for e in page.effects if e[0] == "store"]
    play_one_move(page)
    assert [e for e in page.effects if e[0] == "store"] == stores  # no more writes tried
    assert len(moves(page)) == 2
    assert page.text("#message") == ""
    assert page.same()


def test_an_earlier_save_stays_when_a_later_write_is_refused() -> None:
    storage: dict[str, str] = {}
    page = Page("circle-duel", storage=storage).start()
    play_one_move(page)
    saved = storage[KEY]
    page.full = True
    play_one_move(page)
    assert storage[KEY] == saved == page.channel.page.storage[KEY]  # type: ignore[index, union-attr]
    assert page.text("#storage-note").startswith("This browser does not keep this game")
    assert "another tab" not in page.text("#message")
    assert len(moves(page)) == 2


UNSCOPED = "number-duels/circle-duel"  # where an earlier version kept the game


def earlier_versions_save() -> str:
    """A game of one move as an earlier version kept it (the save alone, unscoped)."""
    page = Page("circle-duel", storage=(storage := {})).start()
    play_one_move(page)
    dom.use_mirror(None)
    return without_revision(storage[KEY])


def test_an_earlier_versions_save_moves_once_the_page_has_kept_it() -> None:
    storage = {UNSCOPED: earlier_versions_save(), f"{UNSCOPED}#revision": "4"}
    page = Page("circle-duel", storage=storage)
    page.holding = True  # the page has not said yet whether it kept the new copy
    page.start()
    assert UNSCOPED in storage and not [e for e in page.effects if e[0] == "forget"]
    page.holding = False
    page.answer()
    assert set(storage) == {KEY}
    assert len(moves(page)) == 1


def test_an_earlier_versions_save_stays_when_the_page_refuses_its_new_place() -> None:
    save = earlier_versions_save()
    storage = {UNSCOPED: save}
    page = Page("circle-duel", storage=storage)
    page.full = True
    page.start()
    assert storage == {UNSCOPED: save}  # nothing moved, nothing lost: the next visit tries again
    assert not [e for e in page.effects if e[0] == "forget"]
    assert len(moves(page)) == 1  # this visit plays it on, unsaved, and says so
    assert page.text("#storage-note").startswith("This browser does not keep this game")


def test_a_refusal_that_comes_after_the_player_left_its_mode_is_said_back_in_it() -> None:
    page = Page("circle-duel", storage={}).start()
    page.full = True
    page.holding = True  # the page's refusal of this move's save comes late
    play_one_move(page)
    page.full = False
    page.action("link")  # a game by link, started before the refusal arrives
    assert "#" in [e for e in page.effects if e[0] == "address"][-1][1][0]  # its id kept
    page.holding = False
    page.answer()
    assert "does not keep" not in page.text("#storage-note")  # not the hot-seat note here
    page.action("new")  # back to the game at this screen
    assert page.text("#storage-note").startswith("This browser does not keep this game")


# ----- hostile messages ---------------------------------------------------------------------


def hostile_starts() -> list[tuple[str, Any]]:
    return [
        ("slug", "no-such-game"),
        ("tree", "<body>"),
        ("tree", ["body", {"class": 3}, []]),
        ("tree", ["body", {}, [["<script>", {}, []]]]),
        ("tree", ["body", {".value": 5}, []]),
        ("html", {"lang": None}),
        ("sizes", {"999999": [10, 10]}),
        ("sizes", {"1": [-1, 10]}),
        ("focus", 123456),
        ("storage", {"k": 1}),
        ("location", {"href": "javascript:alert(1)"}),
        ("pixelRatio", "2"),
    ]


@pytest.mark.parametrize(("field", "value"), hostile_starts())
def test_a_hostile_start_is_refused_and_changes_nothing(field: str, value: Any) -> None:
    page = Page("circle-duel")
    page.message[field] = value
    with pytest.raises(ProtocolError):
        page.start()
    assert page.posted == []
    assert dom.mirrored() is None


def hostile_messages(page: Page) -> list[Any]:
    targets = page.one("#targets").nodeId
    return [
        "event",
        {"kind": "launch"},
        {"kind": "event", "node": 999_999, "type": "click", "target": None},
        {"kind": "event", "node": targets, "type": "mouseover", "target": None},
        {"kind": "event", "node": targets, "type": "click", "target": "x"},
        {"kind": "event", "node": True, "type": "click"},
        {"kind": "input", "node": targets, "value": "1"},
        {"kind": "input", "node": page.one("#opt-size").nodeId, "value": 12},
        {"kind": "size", "node": targets, "width": float("nan"), "height": 1},
        {"kind": "storage", "key": None, "value": "x"},
        {"kind": "unkept", "key": "k", "value": 3},
        {"kind": "media", "forcedColors": "yes", "dark": False},
        {"kind": "reply", "call": 99, "value": True},
        {"kind": "run", "call": 1, "code": None},
    ]


def test_malformed_messages_are_refused_and_change_nothing() -> None:
    page = Page("circle-duel", storage={}).start()
    play_one_move(page)
    before, posted = page.mirror.body.outer_html(), len(page.posted)
    for message in hostile_messages(page):
        with pytest.raises(ProtocolError):
            page.channel.receive(copy.deepcopy(message))  # type: ignore[union-attr]
    assert page.mirror.body.outer_html() == before
    # Each is answered (the page counts what it sent), with no change.
    answers = page.posted[posted:]
    assert [answer["ops"] for answer in answers] == [[]] * len(hostile_messages(page))
    play_one_move(page)  # the page still plays
    assert page.same()


def test_the_worker_entry_queues_what_comes_while_the_board_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app import worker

    page = Page("circle-duel", storage={})
    posted: list[dict[str, Any]] = []
    monkeypatch.setattr(dom, "post_message", posted.append)
    monkeypatch.setattr(dom, "BrowserClock", lambda: page.clock)
    monkeypatch.setattr(worker, "_channel", None)
    monkeypatch.setattr(worker, "_started", False)
    monkeypatch.setattr(worker, "_waiting", [])
    started: list[Coroutine[Any, Any, None]] = []
    monkeypatch.setattr(worker, "spawn", started.append)
    worker.receive(json.dumps({"kind": "media", "forcedColors": False, "dark": True}))
    worker.receive(json.dumps(page.message))  # the page may say something before itself
    worker.receive(json.dumps({"kind": "theme", "theme": "dark"}))
    assert len(started) == 1 and worker._channel is None  # the theme waits for the board
    finish(started[0])
    assert worker._channel is not None
    assert page.mirror.documentElement.getAttribute("data-theme") == "dark"
    assert [m["kind"] for m in posted].count("ops") >= 2


# ----- the page shows what the worker holds, whatever is pressed ------------------------------


@settings(max_examples=25, deadline=None)
@given(slug=st.sampled_from(GAMES), picks=st.lists(st.integers(0, 10_000), max_size=14))
def test_replaying_the_posted_ops_gives_the_workers_page(slug: str, picks: list[int]) -> None:
    page = Page(slug, "mode=vs-computer&delay=0", storage={}).start()
    try:
        for pick in picks:
            buttons = [*page.targets(), *page.mirror.querySelectorAll("[data-action]")]
            shown = [b for b in buttons if not b.hidden and not b.disabled]
            page.press(shown[pick % len(shown)])
            page.clock.advance(pick % 3)
            assert page.same()
        page.clock.settle()
        assert page.same()
    finally:
        dom.use_mirror(None)


def ops_of_a_move(page: Page) -> list[list[Any]]:
    """The ops posted while one move is played: the last legal target (Digit Chain's first
    ones end the game at once), then as `next_press` for a move's second half; left out:
    the canvas's calls, and the ids released, which come whenever Python's garbage collector
    runs."""
    before, listed = len(page.posted), len(moves(page))
    for _ in range(4):
        at_the_screen(page)
        pressed = [b for b in page.targets() if b.getAttribute("aria-pressed") == "true"]
        legal = [b for b in page.legal() if b not in pressed]
        targets = [b for b in legal if "choice" not in b.classList]
        page.press(next_press(page) if pressed or not targets else targets[-1])
        if len(moves(page)) > listed:
            break
    else:
        raise AssertionError(f"no move was played: {page.text('#status')!r}")
    return [
        op
        for message in page.posted[before:]
        if message["kind"] == "ops"
        for op in message["ops"]
        if op[0] not in ("draw", "release")
    ]


def kept(page: Page) -> list[int]:
    """The ids of the move list's items and the players' cards."""
    shown = page.mirror.querySelectorAll("#history li, #players .player")
    return [node.nodeId for node in shown]


@pytest.mark.parametrize("slug", GAMES)
def test_a_move_changes_only_what_it_changed(slug: str) -> None:
    """The elements of the move list and the players' cards are kept from one move to the
    next: after the first, a move makes only its list item, its words and a "To move"
    badge, so what it posts does not grow
    with the game; the page still shows exactly what Python drew. (Number Duel's hand leaves
    the board while the screen is passed, and its buttons are made again for the next
    player.)"""
    page = Page(slug, storage={}).start()
    counts = []
    for played in range(8):
        if page.one("#status").dataset.over == "true":
            break
        before = kept(page)
        empty = page.mirror.querySelectorAll("#history li.empty")  # "No moves yet."
        ops = ops_of_a_move(page)
        after = kept(page)
        assert [node for node in before if node not in after] in ([], [e.nodeId for e in empty])
        made = [op[2] for op in ops if op[0] == "new" and op[2] != "button"]
        over = page.one("#status").dataset.over == "true"
        if not over:  # the last move starts the review, which words every move
            assert played == 0 or sorted(made) in (["li", "span"], ["li", "span", "span"])
            counts.append(len(ops))
    assert len(counts) >= 4  # Number Duel's hidden numbers are drawn at random
    assert max(counts[2:]) <= min(counts[1:]) + 8, counts  # not one op more per move listed
    assert page.same()


def test_a_move_posts_as_much_on_a_board_of_forty_as_of_ten() -> None:
    """What a move posts is what it changed, not the board: the same opening on Sequence
    Duel's line of 10 and of 40 posts the same ops, the canvas's calls aside."""
    posted = []
    for size in (10, 40):
        page = Page("sequence-duel", f"size={size}", storage={}).start()
        moves_made = [len(ops_of_a_move(page)) for _ in range(4)]
        dom.use_mirror(None)
        posted.append(moves_made)
    assert posted[0] == posted[1]


def test_elements_python_drops_are_released_so_the_page_forgets_them_too() -> None:
    page = Page("sequence-duel", storage={}).start()
    for _ in range(3):
        play_one_move(page)
    gc.collect()
    page.channel.flush()  # type: ignore[union-attr]
    released = [id_ for op in ops_posted(page) if op[0] == "release" for id_ in op[1]]
    assert released  # the "To move" badge goes to the other player's card each move
    assert all(id_ not in page.known for id_ in released)
    assert all(id_ not in page.mirror.nodes for id_ in released)
    assert page.same()
    play_one_move(page)  # the page still plays
    assert page.same()


def test_a_press_on_an_element_drawn_anew_meanwhile_is_a_press_on_nothing() -> None:
    page = Page("circle-duel", storage={}).start()
    play_one_move(page)
    history = page.one("#history")
    page.send(
        {
            "kind": "event",
            "node": history.nodeId,
            "type": "click",
            "target": 999_998,
            "key": None,
            "detail": None,
            "focus": None,
        }
    )
    assert len(moves(page)) == 1 and page.same()


def test_a_share_link_opens_its_game_and_leaves_the_address_bar() -> None:
    page = Page("circle-duel", storage={}).start()
    play_one_move(page)
    page.action("share")
    url = page.one(".share-link").value
    dom.use_mirror(None)
    friend = Page("circle-duel", url.partition("?")[2], storage={}).start()
    assert moves(friend) == moves(page)
    addresses = [e[1][0] for e in friend.effects if e[0] == "address"]
    assert addresses == ["https://example.org/number-duels/games/circle-duel/"]


def test_a_link_opened_in_the_address_bar_is_read_from_the_hash_message() -> None:
    page = Page("circle-duel", storage={}).start()
    page.send({"kind": "hash", "hash": "#play=not-a-link"})
    assert page.text("#message") != ""
    assert moves(page) == []
    assert page.same()


def test_undo_sent_while_the_computer_thinks_drops_its_reply() -> None:
    page = Page("sequence-duel", "mode=vs-computer&delay=0", storage={}).start()
    play_one_move(page)
    page.clock.hold = True
    page.clock.advance(0)  # the computer's turn is due: it waits behind the page's messages
    page.clock.deliver()  # it thinks; its move waits behind the messages sent meanwhile
    assert len(moves(page)) == 1 and page.clock.queued
    page.action("undo")  # pressed while the computer thought
    page.clock.deliver()
    page.clock.settle()
    assert not [move for move in moves(page) if move.startswith("Computer")]
    assert page.mirror.querySelector("#history li.current") is None  # at the start, as Undo says
    assert "thinking" not in page.text("#status")
    assert page.same()


def test_undo_sent_before_the_computers_turn_comes_cancels_it() -> None:
    page = Page("sequence-duel", "mode=vs-computer&delay=0", storage={}).start()
    play_one_move(page)
    page.clock.hold = True
    page.clock.advance(0)  # due, behind the messages: the Undo comes first
    page.action("undo")
    page.clock.settle()
    assert not [move for move in moves(page) if move.startswith("Computer")]
    assert page.same()


def test_a_hint_for_a_position_changed_meanwhile_is_not_said() -> None:
    page = Page("sequence-duel", storage={}).start()
    play_one_move(page)
    page.clock.hold = True
    page.action("hint")
    page.action("undo")
    page.clock.deliver()
    assert not page.text("#message").startswith("Hint")
    page.action("hint")
    page.clock.deliver()
    assert page.text("#message")


def test_two_arrow_keys_faster_than_the_worker_answers_move_the_focus_twice() -> None:
    page = Page("sequence-duel").start()
    targets, one = page.one("#targets"), page.one('#targets [data-key="1"]')

    def arrow(focus: Any, applied: int) -> str:
        page.send(
            {
                "kind": "event",
                "node": targets.nodeId,
                "type": "keydown",
                "target": focus.nodeId,
                "key": "ArrowRight",
                "detail": None,
                "focus": focus.nodeId,
                "applied": applied,
            }
        )
        return str(page.mirror.activeElement.dataset.key)  # type: ignore[union-attr]

    applied = page.posted[-1]["batch"]
    assert arrow(one, applied) == "2"
    # Pressed again before the page applied that focus: it still reports "1" focused.
    assert arrow(one, applied) == "3"
    # Once it has applied everything, the focus it reports is the truth again.
    assert arrow(one, page.posted[-1]["batch"]) == "2"
    with pytest.raises(ProtocolError):
        arrow(one, "late")  # type: ignore[arg-type]
