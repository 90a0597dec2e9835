"""The one module that touches the browser: thin helpers over the DOM, storage, the
address bar and the clipboard, so the rest of the front end is plain Python.

Two backends, chosen once when the page starts: the real document (`js`, the page's own
Python on the main thread: a game page through PyScript, embeds where the host page cannot
have a worker), or the mirror (`use_mirror`: the front end in a Web Worker, a game page's or
embed.js's, or in CPython tests), where every helper answers from `worker_page.WorkerPage`
and every change becomes an op the page applies.

Text always goes in through `textContent`, never `innerHTML`: player names and every
message are shown as text, so nothing a player types can become markup. The storage,
address and clipboard calls tolerate a browser that refuses (storage off, a sandboxed
iframe, no clipboard permission): saving is a convenience, so a refusal is never an error.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

from .worker_page import WorkerPage

try:
    import js
    from pyodide.ffi import JsException, create_proxy
except ModuleNotFoundError:  # CPython (tests, the build): the mirror is the only backend
    js = None

    class JsException(Exception):  # type: ignore[no-redef]
        """Never raised: there is no JavaScript here."""


JsError = JsException  # for the other modules of the boundary (qr_encoder)
SVG = "http://www.w3.org/2000/svg"
# Event handlers must outlive the call that registers them: keep their proxies here.
_handlers: list[Any] = []
# The mirrored page when the front end runs without a document (a worker, a test).
_page: WorkerPage | None = None
# Events whose default the page always prevents for the mirror: a form is never sent.
ALWAYS_PREVENTED = ("submit",)


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


def on(
    target: Any, event: str, handler: Callable[[Any], None], prevent: bool | str | list[str] = False
) -> None:
    """Listen to `event` for the life of the page. The handler prevents what it means to on
    the main thread; in a worker it runs too late for that, so `prevent` tells the page
    beforehand (the `listen` op): True, the keys of a keydown, or a selector the target must
    be inside (a submit is always prevented)."""
    if _page is not None:
        prevent = True if event in ALWAYS_PREVENTED else prevent
        target.addEventListener(event, handler, {"prevent": prevent} if prevent else None)
        return
    proxy = create_proxy(handler)
    _handlers.append(proxy)
    target.addEventListener(event, proxy)


def proxy(handler: Callable[..., Any]) -> Any:
    """A JS callable for `handler` kept alive for the life of the page (the handler itself
    for the mirror: its timers call Python)."""
    if _page is not None:
        return handler
    wrapped = create_proxy(handler)
    _handlers.append(wrapped)
    return wrapped


def after_messages(callback: Callable[[], None]) -> None:
    """Call `callback` once the page's messages sent by now are handled: at once on the main
    thread (none can come in between); in a worker, after them (an Undo pressed while Python
    computed), so that a result for a position that changed meanwhile is dropped."""
    if _page is not None:
        return _page.after_messages(callback)
    callback()


def set_timeout(handler: Any, delay_ms: int) -> Any:
    """Call `handler` (a `proxy`) once after `delay_ms`; the timer id, for `cancel`."""
    if _page is not None:
        return _page.set_timeout(handler, delay_ms)
    return js.setTimeout(handler, delay_ms)


def cancel(timer: Any) -> None:
    if _page is not None:
        return _page.cancel(timer)
    js.clearTimeout(timer)


def on_resize(node: Any, handler: Callable[[], None]) -> None:
    """Call `handler` whenever `node` changes size, for the life of the page."""
    if _page is not None:
        return _page.on_resize(node, handler)
    js.ResizeObserver.new(proxy(lambda *_: handler())).observe(node)


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


def on_palette_change(handler: Callable[[], None]) -> None:
    """Call `handler` whenever `palette()` may have changed: the theme switch (assets/theme.js
    says so with an "nd-theme" event), the system's theme, forced colours on or off."""
    if _page is not None:
        return _page.palette_watchers.append(handler)
    for query in ("(forced-colors: active)", "(prefers-color-scheme: dark)"):
        on(js.window.matchMedia(query), "change", lambda _event: handler())
    on(js.document, "nd-theme", lambda _event: handler())


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


def embed_base() -> str:
    """The site's address as `embed.js` found it ("" on the site's own pages)."""
    if _page is not None:
        return _page.site if _page.embedded else ""
    return str(getattr(js.window, "ndEmbedBase", "") or "")


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


def set_address_param(name: str, value: str) -> None:
    """Put `name=value` into the address bar's query without loading anything, so that a
    reload or a bookmark comes back to what the page shows."""
    if _page is not None:
        return _page.set_param(name, value)
    url = js.URL.new(js.location.href)
    url.searchParams.set(name, value)
    js.history.replaceState(js.history.state, "", url.href)


def replace_query(query: str) -> None:
    """Make `query` the address bar's whole query (no "?"), loading nothing."""
    if _page is not None:
        return _page.set_address(_page.with_query(query))
    url = js.URL.new(js.location.href)
    url.search = query
    js.history.replaceState(js.history.state, "", url.href)


def json_text(value: Any) -> str:
    """A JavaScript value (an event's detail) as JSON text."""
    if _page is not None:  # spelled as JSON.stringify spells it
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return str(js.JSON.stringify(value))


# ----- storage, the address bar, the clipboard -----------------------------------------


def stored(key: str) -> str | None:
    """The localStorage text under `key` (None: nothing saved, or storage refused)."""
    if _page is not None:
        return _page.stored(key)
    try:
        value = js.localStorage.getItem(key)
    except JsException:
        return None
    return value if isinstance(value, str) else None  # JS null when nothing is saved


def store(key: str, text: str) -> bool:
    """Save `text` under `key`; False when the browser refused (storage off, or full)."""
    if _page is not None:
        return _page.store(key, text)
    try:
        js.localStorage.setItem(key, text)
    except JsException:
        return False
    return True


def store_then(key: str, text: str, done: Callable[[bool], None]) -> None:
    """Save `text` under `key`, then call `done(kept)` once the browser has said whether it
    kept it: at once here, when the page answers on a worker's page (which hears of a full
    storage only after the fact). For what must wait on the write, as deleting the copy
    it replaces."""
    if _page is not None:
        return _page.store_then(key, text, done)
    done(store(key, text))


def forget(key: str) -> None:
    """Remove `key` from localStorage (nothing happens when storage is refused)."""
    if _page is not None:
        return _page.forget(key)
    with contextlib.suppress(JsException):
        js.localStorage.removeItem(key)


def site_scope() -> str:
    """The folder of this deployment of the site, as in "/number-duels/": the part of the
    site's address that tells it from another deployment on the same origin (the whole
    address when the page is on another origin, as a host page of an embed is)."""
    if _page is not None:
        return _page.site_scope()
    base = js.URL.new(embed_base() or getattr(js.window, "ndSiteBase", "") or js.location.href)
    page = js.URL.new(js.location.href)
    return str(base.pathname) if str(base.origin) == str(page.origin) else str(base.href)


def on_storage(handler: Callable[[str], None]) -> None:
    """Call `handler(key)` whenever another tab of this site writes localStorage."""
    if _page is not None:
        return _page.storage_watchers.append(handler)
    on(js.window, "storage", lambda event: handler(str(event.key or "")))


def on_unkept(handler: Callable[[str], None]) -> None:
    """Call `handler(key)` when the browser refuses a write to `key` that `store` took: a
    worker's page learns it after the fact (the page stores it); here `store` says so."""
    if _page is not None:
        _page.unkept_watchers.append(handler)


def query_params() -> dict[str, str]:
    """The page address's query parameters (the first value of each)."""
    if _page is not None:
        return _page.query_params()
    params: dict[str, str] = {}
    search = js.URLSearchParams.new(js.location.search)
    for pair in search.entries():
        name, value = str(pair[0]), str(pair[1])
        params.setdefault(name, value)
    return params


def drop_query_param(name: str) -> None:
    """Take `name` out of the address bar (a link's game, once opened, lives in the save)."""
    if _page is not None:
        return _page.drop_param(name)
    url = js.URL.new(js.location.href)
    if url.searchParams.has(name):
        url.searchParams.delete(name)
        js.history.replaceState(js.history.state, "", url.href)


def page_address() -> str:
    """This page's address without its query or fragment.

    From the URL, not `location.origin`: in a sandboxed iframe (no allow-same-origin)
    the page's origin is opaque and `location.origin` is the text "null".
    """
    if _page is not None:
        return _page.page_address()
    url = js.URL.new(js.location.href)
    return str(url.origin) + str(url.pathname)


def copy_text(text: str, done: Callable[[bool], None]) -> None:
    """Copy to the clipboard; `done(True/False)` says whether the browser allowed it."""
    if _page is not None:
        return _page.copy_text(text, done)
    clipboard = getattr(js.navigator, "clipboard", None)
    policy = getattr(js.document, "featurePolicy", None)  # Chromium's permissions policy
    if clipboard is None or (policy is not None and not policy.allowsFeature("clipboard-write")):
        done(False)  # an iframe not allowed the clipboard: asking would only log an error
        return
    try:
        promise = clipboard.writeText(text)
    except JsException:
        done(False)
        return
    promise.then(proxy(lambda *_: done(True)), proxy(lambda *_: done(False)))


def plain(data: Any) -> Any:
    """`data` (JSON-like Python) as a plain JavaScript object: None becomes null, a dict an
    Object, a list an Array, so a host page's script reads it like any other object."""
    if _page is not None:
        return json.loads(json.dumps(data))
    return js.JSON.parse(json.dumps(data))


def dispatch(target: Any, name: str, detail: dict[str, Any]) -> None:
    """Fire a bubbling CustomEvent `name` on `target`, its `detail` a plain object."""
    if _page is not None:
        return _page.dispatch(target, name, detail)
    options = js.Object.new()
    options.bubbles = True
    options.detail = plain(detail)
    target.dispatchEvent(js.CustomEvent.new(name, options))


def post_to_parent(message: dict[str, Any]) -> None:
    """Send `message` to the page framing this one (any origin: nothing in it is secret)."""
    if _page is not None:  # the page knows whether it is framed
        return _page.effect("parent", [plain(message)])
    if not getattr(js.Object, "is")(js.window.parent, js.window):  # "is": a Python keyword
        js.window.parent.postMessage(plain(message), "*")


# ----- games by link: the address's fragment, and sending a link ----------------------


def address_fragment() -> str:
    """The page address's fragment, "#" included ("" when it has none): a game by
    link's `#play=...` never reaches the web server."""
    if _page is not None:
        return _page.fragment()
    return str(js.location.hash or "")


def set_fragment(fragment: str) -> None:
    """Put `fragment` in the address bar without loading anything or firing hashchange."""
    if _page is not None:
        return _page.set_fragment(fragment)
    url = js.URL.new(js.location.href)
    url.hash = fragment
    js.history.replaceState(js.history.state, "", url.href)


def on_fragment(handler: Callable[[str], None]) -> None:
    """Call `handler(fragment)` whenever the player opens another `#...` on this page."""
    if _page is not None:
        return _page.fragment_watchers.append(handler)
    on(js.window, "hashchange", lambda _event: handler(address_fragment()))


def send_text(title: str, url: str, done: Callable[[str], None]) -> None:
    """Offer `url` through the system's share sheet where the browser has one (Web
    Share), else copy it; `done` gets "shared", "copied" or "" (neither happened)."""
    if _page is not None:
        return _page.send_text(title, url, done)
    share = getattr(js.navigator, "share", None)
    if share is None:
        copy_text(url, lambda ok: done("copied" if ok else ""))
        return
    try:
        promise = js.navigator.share(plain({"title": title, "url": url}))
    except JsException:
        copy_text(url, lambda ok: done("copied" if ok else ""))
        return
    promise.then(proxy(lambda *_: done("shared")), proxy(lambda *_: done("")))


# ----- the page's language ------------------------------------------------------------------


def site_file(path: str) -> str:
    """The address of a file of the site (`path` from its root), on any page of it or on
    an embed's host page."""
    if _page is not None:
        return _page.site_file(path)
    base = embed_base() or getattr(js.window, "ndSiteBase", "") or js.location.href
    return str(js.URL.new(path, base).href)


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
