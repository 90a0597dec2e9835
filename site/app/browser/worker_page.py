"""The page as the front end sees it from a Web Worker: the mirrored document and what
`dom` asks of the browser beyond it (storage, the address, the theme, timers, the
clipboard), answered from what the page sent at start and since, and changed by effects
the page carries out.

Plain Python (no `js`): the worker hands it a clock and a fetch, CPython tests hand it a
fake clock and files, so the same code runs in both. Its state changes only through
`channel.Channel`, which checks every message from the page first.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import address
from .mirror import Document, Element

Handler = Callable[[], None]


class Clock(Protocol):
    """Timers: the worker's setTimeout, or a test's clock it advances by hand; and
    `after_messages`: a callback run once the messages the page sent by now are handled."""

    def set_timeout(self, callback: Handler, delay_ms: int) -> Any: ...

    def cancel(self, timer: Any) -> None: ...

    def after_messages(self, callback: Handler) -> None: ...


class Timer:
    """A timer of the front end: the clock's, then a wait behind the page's messages, either
    of which `cancel` stops (an Undo handled in between cancels the computer's turn)."""

    def __init__(self) -> None:
        self.clock_timer: Any = None
        self.cancelled = False


async def no_fetch(url: str) -> bytes | None:
    """A page that can fetch nothing (a test without files): as if offline."""
    return None


@dataclass
class Media:
    forced_colors: bool = False
    dark: bool = False


class Boot:
    """The loading screen's controls (`assets/boot.js`), called on the page as effects."""

    def __init__(self, page: WorkerPage) -> None:
        self.page = page

    def phase(self, name: str) -> None:
        self.page.effect("boot", ["phase", name])

    def ready(self) -> None:
        self.page.effect("boot", ["ready"])

    def fail(self, reason: str) -> None:
        self.page.effect("boot", ["fail", reason])


@dataclass
class WorkerPage:
    """Everything `dom` reads or changes on a page that runs its Python in a worker."""

    document: Document
    href: str
    storage: dict[str, str] | None  # None: the browser refuses storage
    clock: Clock
    fetch: Callable[[str], Awaitable[bytes | None]] = no_fetch
    media: Media = field(default_factory=Media)
    pixel_ratio: float = 1.0
    site: str = ""  # window.ndSiteBase (an embed's: where embed.js comes from)
    embedded: bool = False  # boards embedded in a host page (embed.js), not a game page
    # Sends the ops recorded so far (after each task, and before long work): the channel's.
    flush: Callable[[], None] = lambda: None
    storage_watchers: list[Callable[[str], None]] = field(default_factory=list)
    unkept_watchers: list[Callable[[str], None]] = field(default_factory=list)
    fragment_watchers: list[Callable[[str], None]] = field(default_factory=list)
    palette_watchers: list[Handler] = field(default_factory=list)
    resize_watchers: dict[int, list[Handler]] = field(default_factory=dict)
    replies: dict[int, Callable[[Any], None]] = field(default_factory=dict)
    next_call: int = 1

    def effect(self, name: str, args: list[Any]) -> None:
        self.document.record(["effect", name, args])

    def task(self, handler: Handler) -> None:
        """Run `handler` as a task of its own: its ops are sent when it ends."""
        try:
            handler()
        finally:
            self.flush()

    # ----- timers ------------------------------------------------------------------------

    def set_timeout(self, handler: Handler, delay_ms: int) -> Timer:
        """Run `handler` after `delay_ms`, and after the page's messages sent by then."""
        timer = Timer()

        def run() -> None:
            if not timer.cancelled:
                self.task(handler)

        def ring() -> None:
            if not timer.cancelled:
                self.clock.after_messages(run)

        timer.clock_timer = self.clock.set_timeout(ring, delay_ms)
        return timer

    def cancel(self, timer: Timer) -> None:
        timer.cancelled = True
        self.clock.cancel(timer.clock_timer)

    def after_messages(self, callback: Handler) -> None:
        self.clock.after_messages(lambda: self.task(callback))

    def on_resize(self, node: Element, handler: Handler) -> None:
        """Call `handler` when the page reports a new size of `node` (`size` messages)."""
        if node.nodeId not in self.resize_watchers:
            self.document.record(["observe", node.nodeId])
        self.resize_watchers.setdefault(node.nodeId, []).append(handler)

    # ----- the theme -----------------------------------------------------------------------

    def palette(self) -> str:
        if self.media.forced_colors:
            return "forced"
        theme = self.document.documentElement.getAttribute("data-theme")
        return "dark" if theme == "dark" else "light"

    # ----- storage -------------------------------------------------------------------------

    def stored(self, key: str) -> str | None:
        return None if self.storage is None else self.storage.get(key)

    def store(self, key: str, text: str) -> bool:
        """Keep `text` here and on the page; False only when the page refuses storage. A
        write the browser refuses later (a full storage is known on the page only) comes
        back as an `unkept` message: `unkept_watchers` hear of it."""
        if self.storage is None:
            return False
        self.storage[key] = text
        self.effect("store", [key, text])
        return True

    def store_then(self, key: str, text: str, done: Callable[[bool], None]) -> None:
        """As `store`, and `done(kept)` once the page has said whether the browser kept it
        (the `store` effect's `reply`; a refusal also comes as `unkept`, first)."""
        if self.storage is None:
            return done(False)
        self.storage[key] = text
        self.ask("store", [key, text], lambda value: done(value is True))

    def forget(self, key: str) -> None:
        if self.storage is not None:
            self.storage.pop(key, None)
            self.effect("forget", [key])

    # ----- the address -----------------------------------------------------------------------

    def query_params(self) -> dict[str, str]:
        params: dict[str, str] = {}
        for name, value in address.parse_query(address.split(self.href).query):
            params.setdefault(name, value)
        return params

    def fragment(self) -> str:
        found = address.split(self.href).fragment
        return f"#{found}" if found else ""

    def set_address(self, href: str) -> None:
        """Show `href` in the address bar, loading nothing (history.replaceState)."""
        if href != self.href:
            self.href = href
            self.effect("address", [href])

    def with_query(self, query: str) -> str:
        parts = address.split(self.href)
        return address.unsplit(parts._replace(query=query))

    def set_param(self, name: str, value: str) -> None:
        """As URLSearchParams.set: the first `name` takes `value`, the others go."""
        pairs = address.parse_query(address.split(self.href).query)
        out, done = [], False
        for key, old in pairs:
            if key != name:
                out.append((key, old))
            elif not done:
                out.append((key, value))
                done = True
        if not done:
            out.append((name, value))
        self.set_address(self.with_query(address.encode_query(out)))

    def drop_param(self, name: str) -> None:
        pairs = address.parse_query(address.split(self.href).query)
        if any(key == name for key, _ in pairs):
            kept = [(key, value) for key, value in pairs if key != name]
            self.set_address(self.with_query(address.encode_query(kept)))

    def set_fragment(self, fragment: str) -> None:
        parts = address.split(self.href)
        self.set_address(address.unsplit(parts._replace(fragment=fragment.removeprefix("#"))))

    def page_address(self) -> str:
        parts = address.split(self.href)
        return f"{parts.scheme}://{parts.netloc}{parts.path}"

    def site_scope(self) -> str:
        base, page = address.split(self.site or self.href), address.split(self.href)
        if (base.scheme, base.netloc) == (page.scheme, page.netloc):
            return base.path or "/"
        return self.site or self.href

    def site_file(self, path: str) -> str:
        return address.join(self.site or self.href, path)

    # ----- calls answered later -----------------------------------------------------------

    def ask(self, name: str, args: list[Any], done: Callable[[Any], None]) -> None:
        """An effect whose answer comes back as a `reply` message numbered as its call."""
        call = self.next_call
        self.next_call += 1
        self.replies[call] = done
        self.effect(name, [*args, call])

    def copy_text(self, text: str, done: Callable[[bool], None]) -> None:
        self.ask("copy", [text], lambda value: done(value is True))

    def send_text(self, title: str, url: str, done: Callable[[str], None]) -> None:
        self.ask("share", [title, url], lambda value: done(value if value in SENT else ""))

    def dispatch(self, target: Element, name: str, detail: dict[str, Any]) -> None:
        self.effect("dispatch", [target.nodeId, name, json.loads(json.dumps(detail))])

    def boot(self) -> Boot:
        return Boot(self)


SENT = ("shared", "copied")  # what a `share` effect's reply may say it did
