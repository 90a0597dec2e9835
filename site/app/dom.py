"""The one module that touches the browser: thin helpers over the DOM, storage, the
address bar and the clipboard, so the rest of the front end is plain Python.

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

import js
from pyodide.ffi import JsException, create_proxy

SVG = "http://www.w3.org/2000/svg"
# Event handlers must outlive the call that registers them: keep their proxies here.
_handlers: list[Any] = []


def el(tag: str, cls: str | None = None, text: str | None = None, **attrs: str) -> Any:
    """A new element; attribute names use _ for - (aria_label -> aria-label)."""
    node = js.document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.rstrip("_").replace("_", "-"), value)
    return node


def icon(path: str) -> Any:
    """A small inline SVG picture (one path on a 16x16 grid) in the text colour."""
    svg = js.document.createElementNS(SVG, "svg")
    for name, value in (("viewBox", "0 0 16 16"), ("class", "icon"), ("aria-hidden", "true")):
        svg.setAttribute(name, value)
    shape = js.document.createElementNS(SVG, "path")
    shape.setAttribute("d", path)
    shape.setAttribute("fill", "currentColor")
    svg.append(shape)
    return svg


def svg_el(tag: str, **attrs: str) -> Any:
    """A new SVG element; attribute names as they are written (viewBox, shape-rendering
    spelt shape_rendering: _ for -)."""
    node = js.document.createElementNS(SVG, tag)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def clear(node: Any) -> None:
    node.replaceChildren()


def on(target: Any, event: str, handler: Callable[[Any], None]) -> None:
    """Listen to `event` for the life of the page."""
    proxy = create_proxy(handler)
    _handlers.append(proxy)
    target.addEventListener(event, proxy)


def proxy(handler: Callable[..., Any]) -> Any:
    """A JS callable for `handler` kept alive for the life of the page."""
    wrapped = create_proxy(handler)
    _handlers.append(wrapped)
    return wrapped


def set_timeout(handler: Any, delay_ms: int) -> Any:
    """Call `handler` (a `proxy`) once after `delay_ms`; the timer id, for `cancel`."""
    return js.setTimeout(handler, delay_ms)


def cancel(timer: Any) -> None:
    js.clearTimeout(timer)


def on_resize(node: Any, handler: Callable[[], None]) -> None:
    """Call `handler` whenever `node` changes size, for the life of the page."""
    js.ResizeObserver.new(proxy(lambda *_: handler())).observe(node)


def palette() -> str:
    """The palette the boards draw with: "forced" in forced-colours mode (high contrast),
    else the page's theme as assets/theme.js set it on <html data-theme> ("light" without
    it, as the style sheet is: an embed's host page has no theme of ours)."""
    if js.window.matchMedia("(forced-colors: active)").matches:
        return "forced"
    theme = js.document.documentElement.getAttribute("data-theme")  # None without theme.js
    return "dark" if theme == "dark" else "light"


def on_palette_change(handler: Callable[[], None]) -> None:
    """Call `handler` whenever `palette()` may have changed: the theme switch (assets/theme.js
    says so with an "nd-theme" event), the system's theme, forced colours on or off."""
    for query in ("(forced-colors: active)", "(prefers-color-scheme: dark)"):
        on(js.window.matchMedia(query), "change", lambda _event: handler())
    on(js.document, "nd-theme", lambda _event: handler())


def focused_key() -> str:
    """The data-key of the focused element ("" when it has none)."""
    current = js.document.activeElement
    return str(current.dataset.key or "") if current is not None else ""


def warn(message: str) -> None:
    js.console.warn(message)


def pixel_ratio() -> float:
    """Device pixels per CSS pixel (a canvas draws at this resolution to stay crisp)."""
    return float(js.window.devicePixelRatio or 1)


def js_array(items: Any) -> Any:
    """A JavaScript array of `items`."""
    return js.Array.of(*items)


def body() -> Any:
    return js.document.body


def boot() -> Any:
    """The loading screen's controls (`assets/boot.js`): phase, fail, ready."""
    return js.ndBoot


def query_all(selector: str) -> Any:
    return js.document.querySelectorAll(selector)


def embed_base() -> str:
    """The site's address as `embed.js` found it ("" on the site's own pages)."""
    return str(getattr(js.window, "ndEmbedBase", "") or "")


def document_data(name: str, value: str) -> None:
    """Set a data-* attribute of the page's root element (tests wait on it)."""
    setattr(js.document.documentElement.dataset, name, value)


def query(selector: str) -> Any:
    """The page's first element matching `selector` (None when there is none)."""
    return js.document.querySelector(selector)


def scroll_into_view(node: Any) -> None:
    node.scrollIntoView(js.Object.fromEntries(js_array([js_array(["block", "nearest"])])))


def scroll_to_top(node: Any) -> None:
    """Scroll so that `node` is at the top of the window (as far as the page allows)."""
    node.scrollIntoView(js.Object.fromEntries(js_array([js_array(["block", "start"])])))


def focus_quietly(node: Any) -> None:
    """Move the focus to `node` without scrolling (the caller scrolls as it means to)."""
    node.focus(js.Object.fromEntries(js_array([js_array(["preventScroll", True])])))


def set_address_param(name: str, value: str) -> None:
    """Put `name=value` into the address bar's query without loading anything, so that a
    reload or a bookmark comes back to what the page shows."""
    url = js.URL.new(js.location.href)
    url.searchParams.set(name, value)
    js.history.replaceState(js.history.state, "", url.href)


def replace_query(query: str) -> None:
    """Make `query` the address bar's whole query (no "?"), loading nothing."""
    url = js.URL.new(js.location.href)
    url.search = query
    js.history.replaceState(js.history.state, "", url.href)


def json_text(value: Any) -> str:
    """A JavaScript value (an event's detail) as JSON text."""
    return str(js.JSON.stringify(value))


# ----- storage, the address bar, the clipboard -----------------------------------------


def stored(key: str) -> str | None:
    """The localStorage text under `key` (None: nothing saved, or storage refused)."""
    try:
        value = js.localStorage.getItem(key)
    except JsException:
        return None
    return value if isinstance(value, str) else None  # JS null when nothing is saved


def store(key: str, text: str) -> bool:
    """Save `text` under `key`; False when the browser refused (storage off, or full)."""
    try:
        js.localStorage.setItem(key, text)
    except JsException:
        return False
    return True


def forget(key: str) -> None:
    """Remove `key` from localStorage (nothing happens when storage is refused)."""
    with contextlib.suppress(JsException):
        js.localStorage.removeItem(key)


def site_scope() -> str:
    """The folder of this deployment of the site, as in "/number-duels/": the part of the
    site's address that tells it from another deployment on the same origin (the whole
    address when the page is on another origin, as a host page of an embed is)."""
    base = js.URL.new(embed_base() or getattr(js.window, "ndSiteBase", "") or js.location.href)
    page = js.URL.new(js.location.href)
    return str(base.pathname) if str(base.origin) == str(page.origin) else str(base.href)


def on_storage(handler: Callable[[str], None]) -> None:
    """Call `handler(key)` whenever another tab of this site writes localStorage."""
    on(js.window, "storage", lambda event: handler(str(event.key or "")))


def query_params() -> dict[str, str]:
    """The page address's query parameters (the first value of each)."""
    params: dict[str, str] = {}
    search = js.URLSearchParams.new(js.location.search)
    for pair in search.entries():
        name, value = str(pair[0]), str(pair[1])
        params.setdefault(name, value)
    return params


def drop_query_param(name: str) -> None:
    """Take `name` out of the address bar (a link's game, once opened, lives in the save)."""
    url = js.URL.new(js.location.href)
    if url.searchParams.has(name):
        url.searchParams.delete(name)
        js.history.replaceState(js.history.state, "", url.href)


def page_address() -> str:
    """This page's address without its query or fragment.

    From the URL, not `location.origin`: in a sandboxed iframe (no allow-same-origin)
    the page's origin is opaque and `location.origin` is the text "null".
    """
    url = js.URL.new(js.location.href)
    return str(url.origin) + str(url.pathname)


def copy_text(text: str, done: Callable[[bool], None]) -> None:
    """Copy to the clipboard; `done(True/False)` says whether the browser allowed it."""
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
    return js.JSON.parse(json.dumps(data))


def dispatch(target: Any, name: str, detail: dict[str, Any]) -> None:
    """Fire a bubbling CustomEvent `name` on `target`, its `detail` a plain object."""
    options = js.Object.new()
    options.bubbles = True
    options.detail = plain(detail)
    target.dispatchEvent(js.CustomEvent.new(name, options))


def post_to_parent(message: dict[str, Any]) -> None:
    """Send `message` to the page framing this one (any origin: nothing in it is secret)."""
    if not getattr(js.Object, "is")(js.window.parent, js.window):  # "is": a Python keyword
        js.window.parent.postMessage(plain(message), "*")


# ----- games by link: the address's fragment, and sending a link ----------------------


def address_fragment() -> str:
    """The page address's fragment, "#" included ("" when it has none): a game by
    link's `#play=...` never reaches the web server."""
    return str(js.location.hash or "")


def set_fragment(fragment: str) -> None:
    """Put `fragment` in the address bar without loading anything or firing hashchange."""
    url = js.URL.new(js.location.href)
    url.hash = fragment
    js.history.replaceState(js.history.state, "", url.href)


def on_fragment(handler: Callable[[str], None]) -> None:
    """Call `handler(fragment)` whenever the player opens another `#...` on this page."""
    on(js.window, "hashchange", lambda _event: handler(address_fragment()))


def send_text(title: str, url: str, done: Callable[[str], None]) -> None:
    """Offer `url` through the system's share sheet where the browser has one (Web
    Share), else copy it; `done` gets "shared", "copied" or "" (neither happened)."""
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
    base = embed_base() or getattr(js.window, "ndSiteBase", "") or js.location.href
    return str(js.URL.new(path, base).href)


async def fetch_bytes(url: str) -> bytes | None:
    """The body of `url`; None when it cannot be had (offline and never cached, refused)."""
    try:
        response = await js.fetch(url)
        if not response.ok:
            return None
        return bytes((await response.arrayBuffer()).to_py())
    except JsException:
        return None


def load_script(url: str, done: Callable[[bool], None]) -> None:
    """Run the site's classic script at `url` (its globals then exist on `window`);
    `done(True)` once it ran, `done(False)` when it could not be had (the element is then
    removed, so that a later call tries again)."""
    script = el("script", src=url)

    def failed(_event: Any) -> None:
        script.remove()
        done(False)

    script.addEventListener("load", proxy(lambda _event: done(True)))
    script.addEventListener("error", proxy(failed))
    js.document.head.append(script)


def qr_modules(text: str, level: str) -> list[list[bool]] | None:
    """The modules (True: dark) of the QR code of `text` (one character per byte) at
    error-correction `level`, made by the encoder `vendor/qrcode-generator/qrcode.js`
    defines as `window.qrcode`, in the smallest version that holds it; None when the
    encoder refused it."""
    try:
        code = js.qrcode(0, level)
        code.addData(text, "Byte")
        code.make()
    except JsException:
        return None
    count, dark = int(code.getModuleCount()), code.isDark
    return [[bool(dark(row, column)) for column in range(count)] for row in range(count)]


def has_global(name: str) -> bool:
    """Whether a script of the page defined `window.<name>`."""
    return getattr(js.window, name, None) is not None


def set_language(node: Any, language: str) -> None:
    """Tell the browser (and screen readers) which language `node` is written in."""
    node.lang = language


def page_root() -> Any:
    return js.document.documentElement
