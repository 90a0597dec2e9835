"""A game page whose Python runs "in a worker", in CPython: the page's body as the build
renders it, the `start` message its main thread would send, a clock the test advances, and
a second mirror that applies every posted op as `assets/page-worker.js` does (the page).

The tests then talk to the front end only through the protocol's messages, as the page's
main thread does (docs/worker-protocol.md).
"""

from __future__ import annotations

import gettext
import html
import json
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar, cast

import page_templates
from app import worker
from app.browser import dom
from app.browser.channel import Channel
from app.browser.mirror import FIRST_NEW_ID, Document, Element, Text
from early_board import BodyTree  # a page's body as the start message's tree, as the build reads it

from py_rules.i18n import SOURCE_LANGUAGE

T = TypeVar("T")
PAGE = "https://example.org/number-duels/games/{slug}/"
SITE = "https://example.org/number-duels/"
BOARD_SIZE = [600, 420]


# ----- the page as the build renders it ---------------------------------------------------


def game_page(slug: str) -> str:
    """The English game page of `slug` as the build writes it (without the analysis and the
    diagram, which the front end never touches)."""
    language = page_templates.Language(SOURCE_LANGUAGE, gettext.NullTranslations())
    parts = page_templates.shared("../../", "game", language)
    cls = __import__("py_rules").game_class(slug)
    return page_templates.render(
        "game.html",
        language,
        slug=slug,
        title=html.escape(cls.title),
        summary=html.escape(cls.summary),
        rules=page_templates.rules_html(slug, language),
        analysis="",
        diagram="",
        config="{}",
        runtime_sizes="{}",
        python_head="",
        python_body="",
        **parts,
    )


def page_tree(slug: str) -> tuple[dict[str, str], list[Any]]:
    parser = BodyTree()
    parser.feed(game_page(slug))
    assert parser.tree is not None
    return parser.html, parser.tree


def finish(coroutine: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine whose only waits are `asyncio.sleep(0)` (the stand-in
    fetch answers at once), run without an event loop: Pyodide's cannot be started from a
    test."""
    while True:
        try:
            waited = coroutine.send(None)
        except StopIteration as done:
            return cast(T, done.value)
        if waited is not None:
            coroutine.close()
            raise AssertionError(f"the start waited on {waited!r}")


# ----- the worker's clock -----------------------------------------------------------------


class FakeClock:
    """Timers that run only when the test advances the time."""

    def __init__(self) -> None:
        self.now = 0
        self.timers: dict[int, tuple[int, Callable[[], None]]] = {}
        self.next = 1
        self.queued: list[Callable[[], None]] = []  # behind the page's messages
        self.hold = False  # keep `after_messages` callbacks until `deliver` (the test sends first)

    def after_messages(self, callback: Callable[[], None]) -> None:
        """The page's messages are handed over at once here: the callback runs now, unless
        the test holds it to send a message first."""
        if self.hold:
            self.queued.append(callback)
        else:
            callback()

    def deliver(self) -> None:
        """Run what waited behind the messages the test sent meanwhile (not what that
        queues in turn: it waits behind the messages the test sends next)."""
        waiting, self.queued = self.queued, []
        for callback in waiting:
            callback()

    def set_timeout(self, callback: Callable[[], None], delay_ms: int) -> int:
        timer = self.next
        self.next += 1
        self.timers[timer] = (self.now + max(0, int(delay_ms)), callback)
        return timer

    def cancel(self, timer: Any) -> None:
        self.timers.pop(timer, None)

    def advance(self, ms: int) -> None:
        """Run every timer due within `ms` from now, in order of their times."""
        end = self.now + ms
        while True:
            due = [(at, t) for t, (at, _) in self.timers.items() if at <= end]
            if not due:
                break
            at, timer = min(due)
            self.now = at
            _, callback = self.timers.pop(timer)
            callback()
        self.now = end

    def settle(self, limit: int = 10_000) -> None:
        """Run timers until none is left (a review, the computer's moves)."""
        for _ in range(limit):
            self.deliver()
            if not self.timers and not self.queued:
                return
            if not self.timers:
                continue
            self.advance(min(at for at, _ in self.timers.values()) - self.now)
        raise AssertionError("the timers never settled")


# ----- the page: a second mirror that applies the ops ---------------------------------------


class Nodes(dict[int, Element]):
    """The page's `Map<id, Node>`: it holds every element it knows until a `release` op;
    the page's own elements are found in the tree they were numbered from."""

    def __init__(self, doc: Document) -> None:
        super().__init__(doc.nodes)


def apply_ops(
    doc: Document, nodes: dict[int, Element], ops: list[list[Any]], effects: list[list[Any]]
) -> None:
    """Apply `ops` to `doc` as the page's main thread does (page-worker.js, `applyOps`),
    `nodes` being its map of ids; the effects are listed in `effects`."""

    def child(item: Any) -> Any:
        return item if isinstance(item, str) else nodes[item]

    for name, *args in ops:
        if name == "new":
            node_id, tag = args
            svg = tag.startswith("svg:")
            nodes[node_id] = Element(doc, tag[4:] if svg else tag, node_id, svg)
            doc.nodes[node_id] = nodes[node_id]
        elif name == "release":
            for node_id in args[0]:
                assert node_id in nodes, f"release of an unknown node {node_id}"
                assert not doc.body.contains(nodes[node_id]), f"node {node_id} is on the page"
                del nodes[node_id]
        elif name == "prop":
            node_id, prop, value = args
            setattr(nodes[node_id], prop, value)
        elif name == "attr":
            node_id, attr, value = args
            node = nodes[node_id]
            node.removeAttribute(attr) if value is None else node.setAttribute(attr, value)
        elif name == "class":
            node_id, cls, on = args
            nodes[node_id].classList.toggle(cls, on)
        elif name == "style":
            node_id, prop, value = args
            nodes[node_id].style.setProperty(prop, value)
        elif name in ("append", "prepend", "children", "before", "after"):
            node_id, items = args
            method = "replaceChildren" if name == "children" else name
            getattr(nodes[node_id], method)(*(child(item) for item in items))
        elif name == "insert":
            parent, node_id, before = args
            ref = None if before is None else nodes[before]
            nodes[parent].insertBefore(nodes[node_id], ref)
        elif name == "remove":
            nodes[args[0]].remove()
        elif name == "effect":
            effects.append(args)
            if args[0] == "html":
                attr, value = args[1]
                root = doc.documentElement.attributes
                root.pop(attr, None) if value is None else root.__setitem__(attr, value)
        elif name in ("call", "listen", "observe", "draw", "scroll"):
            assert args[0] in nodes, f"{name} on an unknown node {args[0]}"
        else:
            raise AssertionError(f"unknown op {name}")
    doc.ops = []
    doc.released = []  # the page forgets only what the worker says


class Page:
    """One game page: the worker's mirror (`mirror`), the page (`replica`), what was posted."""

    def __init__(
        self,
        slug: str,
        query: str = "",
        storage: dict[str, str] | None = None,
        html_attributes: dict[str, str] | None = None,
        fetch: Callable[[str], Any] | None = None,
    ) -> None:
        attrs, tree = page_tree(slug)
        self.hold(slug, tree, {**attrs, **(html_attributes or {})}, storage)
        href = PAGE.format(slug=slug) + (f"?{query}" if query else "")
        board = self.replica.querySelector("#board")
        assert board is not None
        self.message: dict[str, Any] = {
            "kind": "start",
            "slug": slug,
            "tree": self.tree,
            "html": self.html,
            "location": {"href": href, "search": f"?{query}" if query else "", "hash": ""},
            "storage": storage,
            "media": {"forcedColors": False, "dark": False},
            "pixelRatio": 2,
            "sizes": {str(board.nodeId): BOARD_SIZE},
            "focus": None,
            "lang": self.html.get("lang", "en"),
            "site": SITE,
        }
        self.fetch = fetch

    def hold(
        self, slug: str, tree: list[Any], html: dict[str, str], storage: dict[str, str] | None
    ) -> None:
        """The page's side before its start: its body (`tree`), the replica made of it, and
        what it keeps of the worker's messages (a game page's and a host page's alike)."""
        self.slug, self.tree, self.html, self.storage = slug, tree, html, storage
        self.replica = Document(self.tree, self.html)
        self.known = Nodes(self.replica)
        self.clock = FakeClock()
        self.posted: list[dict[str, Any]] = []
        self.effects: list[list[Any]] = []
        self.full = False  # the page's storage refuses every write (its quota is full)
        self.replies: list[dict[str, Any]] = []  # what the page sends back once a task ends
        self.holding = False  # the page's answers wait until the test sends them
        # The size the page says (after its next frame) of an element Python made and observes.
        self.new_element_size = tuple(BOARD_SIZE)
        self.fetch: Callable[[str], Any] | None = None
        self.channel: Channel | None = None

    def post(self, message: dict[str, Any]) -> None:
        message = json.loads(json.dumps(message))  # what a structured clone carries
        self.posted.append(message)
        if message["kind"] == "ops":
            effects: list[list[Any]] = []
            apply_ops(self.replica, self.known, message["ops"], effects)
            self.effects += effects
            for name, *args in message["ops"]:
                if name == "observe" and args[0] >= FIRST_NEW_ID:  # made by Python: measured
                    width, height = self.new_element_size
                    size = {"kind": "size", "node": args[0], "width": width, "height": height}
                    self.replies.append(size)
            for effect, args in effects:  # the page's own localStorage
                if effect == "store" and self.full:
                    value = None if self.storage is None else self.storage.get(args[0])
                    self.replies.append({"kind": "unkept", "key": args[0], "value": value})
                elif effect == "store" and self.storage is not None:
                    self.storage[args[0]] = args[1]
                if effect == "store" and len(args) > 2:  # Python waits on this write
                    kept = not self.full and self.storage is not None
                    self.replies.append({"kind": "reply", "call": args[2], "value": kept})
                elif effect == "forget" and self.storage is not None:
                    self.storage.pop(args[0], None)

    def start(self) -> Page:
        async def fetch(url: str) -> bytes | None:
            return await self.fetch(url) if self.fetch else None

        self.channel = finish(worker.start(self.message, self.post, self.clock, fetch))
        self.answer()
        return self

    # ----- what the page's main thread sends -------------------------------------------------

    @property
    def mirror(self) -> Document:
        page = dom.mirrored()
        assert page is not None
        return page.document

    def send(self, message: dict[str, Any]) -> None:
        """Send `message`, then what the page had to answer to the ops it got back."""
        assert self.channel is not None
        self.channel.receive(json.loads(json.dumps(message)))
        self.answer()

    def answer(self) -> None:
        """Send what the page had to answer to the ops it got (a refused write), unless
        `holding` (a slow page: the test sends them with `answer` when it wants)."""
        assert self.channel is not None
        while self.replies and not self.holding:
            self.channel.receive(json.loads(json.dumps(self.replies.pop(0))))

    def fire(self, target: Element, kind: str, key: str | None = None) -> int:
        """An event on `target`, bubbling: one `event` message for each element on the way
        up that Python listens to (`listen` ops), as the page forwards it; how many."""
        sent = 0
        node: Element | None = target
        while node is not None:
            if kind in node.listeners:
                self.send(
                    {
                        "kind": "event",
                        "node": node.nodeId,
                        "type": kind,
                        "target": target.nodeId,
                        "key": key,
                        "detail": None,
                        "focus": target.nodeId if kind == "click" else None,
                    }
                )
                sent += 1
            node = node.parent
        return sent

    def one(self, selector: str) -> Element:
        found = self.mirror.querySelector(selector)
        assert found is not None, selector
        return found

    def text(self, selector: str) -> str:
        return self.one(selector).textContent

    def targets(self) -> list[Element]:
        return self.mirror.querySelectorAll("#targets button[data-key], #choices button[data-key]")

    def legal(self) -> list[Element]:
        return [b for b in self.targets() if b.getAttribute("aria-disabled") == "false"]

    def press(self, button: Element) -> None:
        assert self.fire(button, "click") >= 1

    def action(self, name: str) -> None:
        self.press(self.one(f'[data-action="{name}"]'))

    def type_into(self, name: str, value: str) -> None:
        """The player changes a control of the options form (the page tells the mirror)."""
        control = self.one("form.options").elements.namedItem(name)
        assert control is not None, name
        replica = self.replica.nodes[control.nodeId]
        replica.set_state("value", value)
        self.send(
            {
                "kind": "input",
                "node": control.nodeId,
                "value": value,
                "checked": None,
                "selected": None,
            }
        )

    def same(self) -> bool:
        """Whether the page (the replica) shows exactly what the worker's mirror holds."""
        return self.replica.body.outer_html() == self.mirror.body.outer_html()


def text_nodes(node: Element) -> list[Text]:
    return [n for n in node.children_nodes if isinstance(n, Text)]


# ----- a host page of embed.js: its boards' Python "in a worker" --------------------------

HOST = "https://school.example/lessons/lesson.html"
# What the Python of embeds works in (embed.js, PYTHON_PARTS): the boxes, and the pages of
# ours that hold one.
PYTHON_PARTS = ("number-duels", "puzzle-index", "lesson-builder")


def python_parts(tree: list[Any]) -> list[Any]:
    """The body as embed.js sends it (page-dom.js, `numberRoots`): only the outermost
    elements Python works in, as the body's children, in document order."""
    found: list[Any] = []

    def walk(node: list[Any]) -> None:
        for child in node[2]:
            if isinstance(child, str):
                continue
            if set(child[1].get("class", "").split()) & set(PYTHON_PARTS):
                found.append(child)
            else:
                walk(child)

    walk(tree)
    return ["body", {}, found]


def rendered(template: str, up: str, page: str, **values: str) -> str:
    """One of the site's English pages that embed.js runs on, as the build writes it."""
    language = page_templates.Language(SOURCE_LANGUAGE, gettext.NullTranslations())
    parts = page_templates.shared(up, page, language)
    return page_templates.render(template, language, **values, **parts)


class EmbedPage(Page):
    """A host page of embed.js (any page, ours or a school's): the `start` message embed.js
    sends (`embed: true`), the worker's mirror of its boxes, and the page (the replica)."""

    def __init__(self, page_html: str, href: str = HOST, storage: dict[str, str] | None = None):
        parser = BodyTree()
        parser.feed(page_html)
        assert parser.tree is not None
        self.hold("", python_parts(parser.tree), parser.html, storage)
        self.message = {
            "kind": "start",
            "embed": True,
            "tree": self.tree,
            "html": self.html,
            "location": {"href": href, "search": "", "hash": ""},
            "storage": storage,
            "media": {"forcedColors": False, "dark": False},
            "pixelRatio": 1,
            "sizes": {},
            "focus": None,
            "lang": self.html.get("lang", "en"),
            "site": SITE,
        }

    def boxes(self) -> list[Element]:
        return self.mirror.querySelectorAll(".number-duels")

    def press_in(self, box: Element, key: str) -> None:
        button = box.querySelector(f'.targets button[data-key="{key}"]')
        assert button is not None, key
        self.press(button)
