"""The page's document for the front end, on either of two backends, so that the rest of
the front end is plain Python: elements, focus and scrolling, the page's facts (its theme,
its pixel ratio, its loading screen), JavaScript values, and a worker's calls to its host.

Two backends, chosen once when the page starts: the real document (`js`, the page's own
Python on the main thread: a game page through PyScript, embeds where the host page cannot
have a worker), or the mirror (`use_mirror`: the front end in a Web Worker, a game page's or
embed.js's, or in CPython tests), where every helper answers from `worker_page.WorkerPage`
and every change becomes an op the page applies. The rest of the browser boundary asks this
module which backend it runs on: `events` (listening, timers), `address_bar` (the address bar,
the site's place), `local_storage` and `sharing` (the clipboard, the share sheet, a host
page's events).

Text always goes in through `textContent`, never `innerHTML`: player names and every
message are shown as text, so nothing a player types can become markup.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .worker_page import WorkerPage

try:
    import js as js  # `as`: exported, for the boundary's other modules (`dom.js`)
    from pyodide.ffi import JsException
except ModuleNotFoundError:  # CPython (tests, the build): the mirror is the only backend
    js = None

    class JsException(Exception):  # type: ignore[no-redef]
        """Never raised: there is no JavaScript here."""


JsError = JsException  # for the other modules of the boundary (qr_encoder)
SVG = "http://www.w3.org/2000/svg"
# The mirrored page when the front end runs without a document (a worker, a test).
_page: WorkerPage | None = None


def page_global(name: str) -> Any:
    """The global `name` of the page's (or the worker's) scripts; None when there is none."""
    return None if js is None else getattr(js, name, None)


def use_mirror(page: WorkerPage | None) -> None:
    """Serve every helper from `page` (None: the real document again, as tests restore)."""
    global _page
    _page = page


def mirrored() -> WorkerPage | None:
    """The mirrored page the front end runs against (None on the main thread)."""
    return _page


def document() -> Any:
    """The document the front end builds in: the page's, or the mirror."""
    return _page.document if _page is not None else js.document


def flush() -> None:
    """Send the changes made so far to the page now, before long work (the computer's
    move, a hint, a review step), so the page shows them while Python computes. Nothing
    to do on the main thread: the page draws when Python returns."""
    if _page is not None:
        _page.flush()


def el(tag: str, cls: str | None = None, text: str | None = None, **attrs: str) -> Any:
    """A new element; attribute names use _ for - (aria_label -> aria-label)."""
    node = document().createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.rstrip("_").replace("_", "-"), value)
    return node


def icon(path: str) -> Any:
    """A small inline SVG picture (one path on a 16x16 grid) in the text colour."""
    svg = document().createElementNS(SVG, "svg")
    for name, value in (("viewBox", "0 0 16 16"), ("class", "icon"), ("aria-hidden", "true")):
        svg.setAttribute(name, value)
    shape = document().createElementNS(SVG, "path")
    shape.setAttribute("d", path)
    shape.setAttribute("fill", "currentColor")
    svg.append(shape)
    return svg


def clear(node: Any) -> None:
    node.replaceChildren()


def palette() -> str:
    """The palette the boards draw with: "forced" in forced-colours mode (high contrast),
    else the page's theme as assets/theme.js set it on <html data-theme> ("light" without
    it, as the style sheet is: an embed's host page has no theme of ours)."""
    if _page is not None:
        return _page.palette()
    if js.window.matchMedia("(forced-colors: active)").matches:
        return "forced"
    theme = js.document.documentElement.getAttribute("data-theme")  # None without theme.js
    return "dark" if theme == "dark" else "light"


def focused_key() -> str:
    """The data-key of the focused element ("" when it has none)."""
    current = document().activeElement
    return str(current.dataset.key or "") if current is not None else ""


def warn(message: str) -> None:
    if _page is not None:
        return _page.effect("warn", [message])
    js.console.warn(message)


def pixel_ratio() -> float:
    """Device pixels per CSS pixel (a canvas draws at this resolution to stay crisp)."""
    if _page is not None:
        return _page.pixel_ratio
    return float(js.window.devicePixelRatio or 1)


def measured_width(node: Any) -> float | None:
    """`node`'s width on the page (its `clientWidth`: 0 where it is not shown); None while
    a worker's page has not said it yet, as for an element Python made since the start
    until its first `size` message (an `observe` asks for one)."""
    if _page is not None:
        size = _page.document.sizes.get(node.nodeId)
        return None if size is None else float(size[0])
    return float(node.clientWidth)


def js_array(items: Any) -> Any:
    """A JavaScript array of `items` (a list for the mirror)."""
    if _page is not None:
        return list(items)
    return js.Array.of(*items)


def body() -> Any:
    return document().body


def boot() -> Any:
    """The loading screen's controls (`assets/boot.js`): phase, fail, ready."""
    if _page is not None:
        return _page.boot()
    return js.ndBoot


def query_all(selector: str) -> Any:
    return document().querySelectorAll(selector)


def document_data(name: str, value: str) -> None:
    """Set a data-* attribute of the page's root element (tests wait on it)."""
    setattr(document().documentElement.dataset, name, value)


def query(selector: str) -> Any:
    """The page's first element matching `selector` (None when there is none)."""
    return document().querySelector(selector)


def options(**entries: Any) -> Any:
    """A JavaScript object of `entries` (a dict for the mirror), for a DOM call's options."""
    if _page is not None:
        return entries
    return js.Object.fromEntries(js_array([js_array([k, v]) for k, v in entries.items()]))


def scroll_into_view(node: Any) -> None:
    node.scrollIntoView(options(block="nearest"))


def scroll_to_top(node: Any) -> None:
    """Scroll so that `node` is at the top of the window (as far as the page allows)."""
    node.scrollIntoView(options(block="start"))


def focus_quietly(node: Any) -> None:
    """Move the focus to `node` without scrolling (the caller scrolls as it means to)."""
    node.focus(options(preventScroll=True))


def scroll_list(box: Any, to: Any) -> None:
    """Scroll the list `box` (never the page) to "start", to "end", or just enough to show
    the item `to`. On the page it needs the boxes' places, which only the main thread
    knows: the mirror asks the page (a `scroll` op)."""
    if _page is not None:
        target = to if isinstance(to, str) else to.nodeId
        return _page.document.record(["scroll", box.nodeId, target])
    if isinstance(to, str):
        box.scrollTop = box.scrollHeight if to == "end" else 0
        return
    item, area = to.getBoundingClientRect(), box.getBoundingClientRect()
    if item.top < area.top:
        box.scrollTop -= area.top - item.top
    elif item.bottom > area.bottom:
        box.scrollTop += min(item.bottom - area.bottom, item.top - area.top)


def json_text(value: Any) -> str:
    """A JavaScript value (an event's detail) as JSON text."""
    if _page is not None:  # spelled as JSON.stringify spells it
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return str(js.JSON.stringify(value))


def plain(data: Any) -> Any:
    """`data` (JSON-like Python) as a plain JavaScript object: None becomes null, a dict an
    Object, a list an Array, so a host page's script reads it like any other object."""
    if _page is not None:
        return json.loads(json.dumps(data))
    return js.JSON.parse(json.dumps(data))


# ----- the page's language and files --------------------------------------------------------


async def fetch_bytes(url: str) -> bytes | None:
    """The body of `url`; None when it cannot be had (offline and never cached, refused)."""
    if _page is not None:
        return await _page.fetch(url)
    return await browser_fetch(url)


async def browser_fetch(url: str) -> bytes | None:
    """`fetch_bytes` by the browser itself: the page's, or the worker's own fetch."""
    try:
        response = await js.fetch(url)
        if not response.ok:
            return None
        return bytes((await response.arrayBuffer()).to_py())
    except JsException:
        return None


def set_language(node: Any, language: str) -> None:
    """Tell the browser (and screen readers) which language `node` is written in."""
    node.lang = language


def page_root() -> Any:
    return document().documentElement


# ----- the worker's side of the mirror -------------------------------------------------------


class BrowserClock:
    """The worker's own timers, for the mirrored page (`worker_page.Clock`), and its host's
    `ndAfterMessages` (assets/python-worker.mjs: a message to itself, queued behind the
    page's; a 0 ms timer may run before them)."""

    def after_messages(self, callback: Callable[[], None]) -> None:
        from pyodide.ffi import create_once_callable

        later = getattr(js, "ndAfterMessages", None)
        if later is None:  # a host without it: the next task, as near as can be
            js.setTimeout(create_once_callable(callback), 0)
        else:
            later(create_once_callable(callback))

    def set_timeout(self, callback: Callable[[], None], delay_ms: int) -> Any:
        from pyodide.ffi import create_once_callable

        return js.setTimeout(create_once_callable(callback), delay_ms)

    def cancel(self, timer: Any) -> None:
        js.clearTimeout(timer)


def post_message(message: dict[str, Any]) -> None:
    """Post `message` (plain JSON-like data) from the worker to the page, through the
    worker's JavaScript host (`assets/python-worker.mjs`), which parses it and posts it."""
    js.ndPost(json.dumps(message))


async def run_classic_script(url: str, name: str) -> bool:
    """Run the classic script at `url` in the worker, publishing its global `name` (a module
    worker has no importScripts, and a script's top-level `var` stays inside a module);
    False when it could not be had or run."""
    source = await browser_fetch(url)
    if source is None:
        return False
    try:
        value = js.Function(source.decode("utf-8") + f"\n;return {name};")()
    except JsException:
        return False
    setattr(js.globalThis, name, value)
    return True
