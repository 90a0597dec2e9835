"""The worker's one boundary with the page: `receive` applies a message from the page to
the mirror and runs the Python handlers it concerns; `flush` posts the ops recorded since
as one `ops` message. The protocol is docs/worker-protocol.md.

Every message is checked whole before anything changes: a malformed or hostile one (an
unknown node, a wrong type) is refused with a ProtocolError that says why, and the mirror
stays as it was. Ops are flushed at the end of each message handled and of each timer
(`WorkerPage.task`); a change made elsewhere (after an `await`) schedules one flush for its
batch.
"""

from __future__ import annotations

import asyncio
import math
import traceback
from collections.abc import Callable
from typing import Any

from .mirror import Document, Element, ProtocolError
from .page_diff import TREE_OPS, Op, Shape, first_batch, restated
from .worker_page import Media, WorkerPage

Message = dict[str, Any]
KINDS = (
    "event",
    "input",
    "size",
    "storage",
    "unkept",
    "hash",
    "media",
    "theme",
    "reply",
    "run",
)


class Event:
    """What a handler gets for an event the page forwarded. Preventing the default is
    declared beforehand (the `listen` op's options): here it does nothing."""

    def __init__(self, kind: str, target: Element, current: Element, key: str, detail: Any):
        self.type = kind
        self.target = target
        self.currentTarget = current
        self.key = key
        self.detail = detail

    def preventDefault(self) -> None:
        """Nothing to do: the page has already prevented what the listener declared."""

    def stopPropagation(self) -> None:
        """Nothing to do: the page forwards each listened event once per listening node."""


def later(flush: Callable[[], None]) -> None:
    """Flush once the current task ends, where an event loop runs (the worker's, or a
    test's asyncio.run); without one the caller flushes itself."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    loop.call_soon(flush)


class Channel:
    """The page's messages in, the ops out, for one mirrored page."""

    def __init__(
        self,
        page: WorkerPage,
        post: Callable[[Message], None],
        schedule: Callable[[Callable[[], None]], None] = later,
    ) -> None:
        self.page = page
        self.post = post
        self.schedule = schedule
        self.scheduled = False
        self.batch = 0  # the number of the last `ops` message posted
        # How many of the page's messages Python has handled, and the count the page was last
        # told: the page marks itself busy until it hears that all it sent is handled.
        self.handled = 0
        self.told_handled = 0
        self.focus_batch = 0  # the batch in which Python last moved the focus
        # The page as it holds the build's board, until Python's first drawing is sent as
        # what differs from it; and what the page changed by itself before (a first press).
        self.base: dict[int, Shape] | None = None
        self.shown: list[Op] = []
        page.flush = self.flush
        page.document.on_change = self.batch_started
        self.namespace: dict[str, Any] = {"__name__": "__worker__"}

    @property
    def document(self) -> Document:
        return self.page.document

    def batch_started(self) -> None:
        if not self.scheduled:
            self.scheduled = True
            self.schedule(self.flush)

    def flush(self) -> None:
        """Post the ops recorded since the last flush with the count of the page's messages
        handled; nothing when there are no ops and the page already has that count (a
        message that changed nothing is still answered, by an `ops` message without ops)."""
        self.scheduled = False
        ops = self.document.take_ops()
        if self.base is not None and any(op[0] in TREE_OPS for op in ops):
            ops = first_batch(self.base, self.document, ops, self.shown)
            self.base, self.shown = None, []
        if ops:
            self.batch += 1
            if self.document.focus_moved:
                self.document.focus_moved = False
                self.focus_batch = self.batch
        if ops or self.handled != self.told_handled:
            self.told_handled = self.handled
            self.post({"kind": "ops", "batch": self.batch, "ops": ops, "handled": self.handled})

    def shown_by_page(self, shown: list[Op]) -> None:
        """The page changed these elements by itself (`shown`, a first press): Python's first
        drawing sends them whole, or, sent already, the next batch does."""
        if self.base is not None:
            self.shown += shown
        else:
            for op in restated(self.document, shown):
                self.document.record(op)

    def receive(self, message: Any) -> None:
        """Apply one message from the page, run what it concerns, then flush. A message
        refused (ProtocolError, nothing changed) is answered too: the page counts it."""
        try:
            apply = self.checked(message)
            apply()
        finally:
            self.handled += 1
            self.flush()

    # ----- checking: each kind's fields, then a function that applies them ---------------

    def checked(self, message: Any) -> Callable[[], None]:
        if not isinstance(message, dict):
            raise ProtocolError(f"a message is an object, not {type(message).__name__}")
        kind = message.get("kind")
        if kind not in KINDS:
            raise ProtocolError(f"unknown message kind {kind!r}")
        make: Callable[[Message], Callable[[], None]] = getattr(self, f"on_{kind}")
        return make(message)

    def on_event(self, message: Message) -> Callable[[], None]:
        doc = self.document
        node = doc.node(message.get("node"), "event node")
        kind = text(message, "type")
        target = self.target_of(message, node)
        key = optional_text(message, "key") or ""
        focus = self.focus_of(message)
        handlers = list(node.listeners.get(kind, ()))
        if not handlers:
            raise ProtocolError(f"node {node.nodeId} does not listen to {kind!r} events")

        seen = self.seen(message)

        def apply() -> None:
            if seen:
                doc.activeElement = focus
            event = Event(kind, target, node, key, message.get("detail"))
            for handler in handlers:
                handler(event)

        return apply

    def target_of(self, message: Message, node: Element) -> Element:
        """The event's target; the listening node when the page names none, or one Python
        released while the event was on its way (drawn anew since: it means nothing now)."""
        target = message.get("target")
        if target is None:
            return node
        if isinstance(target, bool) or not isinstance(target, int):
            raise ProtocolError(f"target: {target!r} is not a node id")
        return self.document.nodes.get(target) or node

    def seen(self, message: Message) -> bool:
        """Whether the page had applied the batch in which Python last moved the focus when
        it sent `message` (its `applied`): if not, the focus it reports is older than
        Python's (two arrow keys pressed faster than the worker answers)."""
        applied = message.get("applied")
        if applied is None:
            return True  # a page that does not say: its focus counts
        if isinstance(applied, bool) or not isinstance(applied, int):
            raise ProtocolError(f"applied: {applied!r} is not a batch number")
        return applied >= self.focus_batch

    def focus_of(self, message: Message) -> Element | None:
        focus = message.get("focus")
        return None if focus is None else self.document.node(focus, "focus")

    def on_input(self, message: Message) -> Callable[[], None]:
        node = self.document.node(message.get("node"), "input node")
        if node.localName not in ("input", "select", "textarea", "option"):
            raise ProtocolError(f"node {node.nodeId} is a <{node.localName}>, not a control")
        value = optional_text(message, "value")
        checked = optional_flag(message, "checked")
        selected = optional_flag(message, "selected")

        def apply() -> None:
            if value is not None:
                node.set_state("value", value)
            if checked is not None:
                node.set_state("checked", checked)
            if selected is not None:
                node.set_state("selected", selected)

        return apply

    def on_size(self, message: Message) -> Callable[[], None]:
        node = self.document.node(message.get("node"), "size node")
        width, height = size(message, "width"), size(message, "height")
        watchers = list(self.page.resize_watchers.get(node.nodeId, ()))

        def apply() -> None:
            self.document.sizes[node.nodeId] = (width, height)
            for handler in watchers:
                handler()

        return apply

    def on_storage(self, message: Message) -> Callable[[], None]:
        """Another tab changed the page's storage at `key`."""
        return self._stored(message, self.page.storage_watchers)

    def on_unkept(self, message: Message) -> Callable[[], None]:
        """The browser refused a `store` effect for `key`: the copy takes what the page's
        storage holds instead (`value`), and the slot of that key turns unkept."""
        return self._stored(message, self.page.unkept_watchers)

    def _stored(
        self, message: Message, watchers: list[Callable[[str], None]]
    ) -> Callable[[], None]:
        """The copy of the page's storage takes `value` at `key` (None: removed); then
        `watchers` hear of the key."""
        key, value = text(message, "key"), optional_text(message, "value")
        page = self.page

        def apply() -> None:
            if page.storage is not None:
                if value is None:
                    page.storage.pop(key, None)
                else:
                    page.storage[key] = value
            for handler in list(watchers):
                handler(key)

        return apply

    def on_hash(self, message: Message) -> Callable[[], None]:
        fragment = text(message, "hash")
        page = self.page

        def apply() -> None:
            href = page.href.partition("#")[0]
            page.href = href + ("#" + fragment.removeprefix("#") if fragment else "")
            for handler in list(page.fragment_watchers):
                handler(page.fragment())

        return apply

    def on_media(self, message: Message) -> Callable[[], None]:
        media = Media(flag(message, "forcedColors"), flag(message, "dark"))

        def apply() -> None:
            self.page.media = media
            self.palette_changed()

        return apply

    def on_theme(self, message: Message) -> Callable[[], None]:
        theme = text(message, "theme")

        def apply() -> None:
            self.document.documentElement.attributes["data-theme"] = theme
            self.palette_changed()

        return apply

    def palette_changed(self) -> None:
        for handler in list(self.page.palette_watchers):
            handler()

    def on_reply(self, message: Message) -> Callable[[], None]:
        call = message.get("call")
        done = self.page.replies.pop(call, None) if isinstance(call, int) else None
        if done is None:
            raise ProtocolError(f"no call {call!r} waits for a reply")
        value = message.get("value")
        return lambda: done(value)

    def on_run(self, message: Message) -> Callable[[], None]:
        """Tests and benchmarks only: run `code`, answer with the value of `result`."""
        code, call = text(message, "code"), message.get("call")

        def apply() -> None:
            answer: Message = {"kind": "result", "call": call, "value": None, "error": None}
            self.namespace.pop("result", None)
            try:
                exec(code, self.namespace)
                answer["value"] = self.namespace.get("result")
            except Exception:
                answer["error"] = traceback.format_exc()
            self.flush()  # what the code changed reaches the page before its answer
            self.post(answer)

        return apply


def text(message: Message, name: str) -> str:
    value = message.get(name)
    if not isinstance(value, str):
        raise ProtocolError(f"{message.get('kind')}: {name} must be text, not {value!r}")
    return value


def optional_text(message: Message, name: str) -> str | None:
    return None if message.get(name) is None else text(message, name)


def flag(message: Message, name: str) -> bool:
    value = message.get(name)
    if not isinstance(value, bool):
        raise ProtocolError(f"{message.get('kind')}: {name} must be true or false")
    return value


def optional_flag(message: Message, name: str) -> bool | None:
    return None if message.get(name) is None else flag(message, name)


def size(message: Message, name: str) -> int:
    value: Any = message.get(name)
    if not is_length(value):
        raise ProtocolError(f"size: {name} must be a length, not {value!r}")
    return round(float(value))


def is_length(value: Any) -> bool:
    """A number of CSS pixels (not a bool, not NaN, not negative)."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return number and math.isfinite(value) and value >= 0
