"""Entry point of a game page whose Python runs in a Web Worker (and of the boards embed.js
puts into a host page, `start` saying `embed: true`): the page's main thread sends the page
(`start`), then every event Python listens to; Python answers with the changes to make
(docs/worker-protocol.md).

The worker's JavaScript host calls `receive(text)` once per message, in order, and returns
at once: the start is asynchronous (the language's catalogue is fetched), so the messages
that come meanwhile wait here and are handled in order once the board is up. The board is
started by `main.start`, exactly as on a page whose Python runs on the main thread; only
`dom`'s backend differs (the mirror).
"""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import py_rules
from py_rules.rules.errors import RulesError

from . import main
from .browser import dom
from .browser.channel import Channel, Message, is_length
from .browser.mirror import Document, ProtocolError
from .browser.page_diff import checked_shown, page_shapes
from .browser.worker_page import Clock, Media, WorkerPage, no_fetch

Post = Callable[[Message], None]
Fetch = Callable[[str], Awaitable["bytes | None"]]

_channel: Channel | None = None
_waiting: list[Any] = []  # messages that came while the board was starting
_started = False
_tasks: set[Any] = set()  # the start, kept until done (the loop keeps only weak references)


def page_of(message: Any, clock: Clock, fetch: Fetch = no_fetch) -> tuple[str, WorkerPage]:
    """The game's slug and the mirrored page of a `start` message, checked whole: a
    malformed or hostile one is refused (ProtocolError) before anything is built."""
    if not isinstance(message, dict) or message.get("kind") != "start":
        raise ProtocolError("the first message must be a start message")
    embedded = message.get("embed", False)
    if not isinstance(embedded, bool):
        raise ProtocolError("start: embed must be true or false")
    slug = "" if embedded else message.get("slug")
    if not embedded and slug not in py_rules.GAMES:
        raise ProtocolError(f"start: {slug!r} is no game of this site")
    assert isinstance(slug, str)
    location = message.get("location")
    href = location.get("href") if isinstance(location, dict) else None
    # A lesson may be a file on the teacher's computer: its embeds start there too.
    schemes = ("http://", "https://", "file://") if embedded else ("http://", "https://")
    if not isinstance(href, str) or not href.startswith(schemes):
        raise ProtocolError("start: location.href must be the page's http(s) address")
    storage = message.get("storage")
    if storage is not None and not (
        isinstance(storage, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in storage.items())
    ):
        raise ProtocolError("start: storage must be null or an object of texts")
    media = message.get("media") or {}
    if not isinstance(media, dict) or not all(
        isinstance(media.get(name, False), bool) for name in ("forcedColors", "dark")
    ):
        raise ProtocolError("start: media must say forcedColors and dark as true or false")
    ratio = message.get("pixelRatio", 1)
    if not isinstance(ratio, int | float) or isinstance(ratio, bool) or not 0 < ratio < 100:
        raise ProtocolError(f"start: pixelRatio {ratio!r} is not a pixel ratio")
    site = message.get("site") or ""
    if not isinstance(site, str):
        raise ProtocolError("start: site must be the site's address")
    document = Document(message.get("tree"), message.get("html"))
    document.sizes = sizes_of(message.get("sizes") or {}, document)
    focus = message.get("focus")
    document.activeElement = None if focus is None else document.node(focus, "start: focus")
    page = WorkerPage(
        document,
        href,
        None if storage is None else dict(storage),
        clock,
        fetch,
        Media(bool(media.get("forcedColors")), bool(media.get("dark"))),
        float(ratio) or 1.0,
        site,
        embedded=embedded,
    )
    return slug, page


def sizes_of(sizes: Any, document: Document) -> dict[int, tuple[int, int]]:
    """`{node id: [width, height]}` (ids as JSON keys, so text) of elements of the page."""
    if not isinstance(sizes, dict):
        raise ProtocolError("start: sizes must be an object")
    found: dict[int, tuple[int, int]] = {}
    for key, value in sizes.items():
        node = document.node(int(key) if str(key).isdigit() else key, "start: sizes")
        if not (
            isinstance(value, list | tuple) and len(value) == 2 and all(is_length(v) for v in value)
        ):
            raise ProtocolError(f"start: the size of node {key} is not [width, height]")
        found[node.nodeId] = (round(value[0]), round(value[1]))
    return found


async def start(
    message: Any,
    post: Post,
    clock: Clock,
    fetch: Fetch = no_fetch,
    then: Callable[[Channel], None] = lambda channel: None,
) -> Channel:
    """Mirror the page `message` describes, start its board as `main.start` does (its
    embedded boards as `embed.start_all` does, for a host page of embed.js), and return the
    channel its later messages go through. `then` runs before the board's ops are posted,
    so what it changes reaches the page in the same message (the first press the page took
    before Python was ready: the fresh board is never shown again)."""
    slug, page = page_of(message, clock, fetch)
    built = message.get("built")  # the page holds the build's board: send what differs
    base = None if built is None else page_shapes(page.document, built)
    channel = Channel(page, post)
    channel.base = base
    dom.use_mirror(page)
    try:
        if page.embedded:
            from . import embed

            await embed.start_all()
        else:
            await main.start(slug)
        then(channel)
    finally:
        channel.handled += 1  # the start message
        channel.flush()
    return channel


FIRST_PRESS = "first"  # the page's message: the first press, shown before Python was ready
# The buttons a first press may be on: the board's, and the hand-over card's (Number Duel's
# "Show Player 1's numbers"). The page (assets/page-worker.js) and the build
# (scripts/build/early_board.py) name the same.
FIRST_PRESS_BUTTONS = (
    "#targets button[data-key], #choices button[data-key], #handover button[data-key]"
)


def is_first_press(message: Any) -> bool:
    return isinstance(message, dict) and message.get("kind") == FIRST_PRESS


def play_first(channel: Channel, message: Any) -> None:
    """Play the press the page took before Python was ready (`{kind: "first", key}`): a
    click on the board's button of that key, as the page forwards one to each listening
    node, then the mark the page waits for to show Python's board in place of its own. A
    key the fresh board has no button for only marks (the page then shows Python's board).
    With `dealt`, the hidden row the page drew for a press that shows one (the hand-over):
    adopted first, or, if refused, left for the row Python drew (whose board then replaces
    the page's, as any first press's does)."""
    channel.handled += 1  # answered with the ops it makes, or refused
    key = message.get("key")
    if not isinstance(key, str):
        raise ProtocolError("first: key must be the pressed button's data-key")
    channel.shown_by_page(checked_shown(message.get("shown")))
    if message.get("dealt") is not None:
        deal(message["dealt"])
    buttons = channel.document.querySelectorAll(FIRST_PRESS_BUTTONS)
    button = next((b for b in buttons if b.getAttribute("data-key") == key), None)
    node = button
    while button is not None and node is not None:
        if "click" in node.listeners:
            event = {"kind": "event", "node": node.nodeId, "type": "click", "target": button.nodeId}
            channel.checked({**event, "key": None, "detail": None, "focus": button.nodeId})()
        node = node.parent
    channel.page.effect("mark", ["nd-first-press-confirmed"])


def deal(dealt: Any) -> None:
    """Give the board the row the page drew (`main.deal`); a malformed or refused one is
    reported in the console and changes nothing."""
    try:
        if not (isinstance(dealt, list) and all(type(n) is int for n in dealt)):
            raise ProtocolError("first: dealt must be a list of whole numbers")
        main.deal(dealt)
    except (ProtocolError, RulesError, LookupError):
        traceback.print_exc()


def spawn(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run `coroutine` on the event loop (Pyodide's, in the worker), kept until done."""
    task = asyncio.ensure_future(coroutine)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def receive(text: str) -> None:
    """One message from the page, as JSON text (the worker's host calls this in order)."""
    global _started
    message = json.loads(text)
    if _channel is not None and is_first_press(message):
        channel = _channel
        channel.page.task(lambda: play_first(channel, message))
    elif _channel is not None:
        _channel.receive(message)
    elif not _started and isinstance(message, dict) and message.get("kind") == "start":
        _started = True
        spawn(begin(message))
    else:  # before the board is up (a theme switch may come before the page is sent)
        _waiting.append(message)


async def begin(message: Any) -> None:
    """Start the board in the worker, then handle what came meanwhile, in order."""
    global _channel

    def first_presses(channel: Channel) -> None:
        # A press the page took before Python was ready goes out with the board's start.
        for first in [m for m in _waiting if is_first_press(m)]:
            _waiting.remove(first)
            play_first(channel, first)

    try:
        _channel = await start(
            message, dom.post_message, dom.BrowserClock(), dom.browser_fetch, first_presses
        )
    except ProtocolError as error:
        from py_rules.i18n import _

        failed = _("The game could not start: {error}")
        dom.post_message({"kind": "failed", "reason": failed.format(error=error)})
        raise
    while _waiting:
        try:
            _channel.receive(_waiting.pop(0))
        except ProtocolError:
            traceback.print_exc()  # refused, nothing changed: the next message still counts
