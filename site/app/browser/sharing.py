"""What the page hands beyond itself, on either backend of `dom`: a link to the clipboard or
the system's share sheet, a lesson event to the host page's script, a message to the page
framing this one. A browser that refuses (no clipboard permission, no share sheet) is
answered with `done(False)` or a copy instead, never an error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import dom
from .events import proxy


def copy_text(text: str, done: Callable[[bool], None]) -> None:
    """Copy to the clipboard; `done(True/False)` says whether the browser allowed it."""
    if (page := dom.mirrored()) is not None:
        return page.copy_text(text, done)
    clipboard = getattr(dom.js.navigator, "clipboard", None)
    policy = getattr(dom.js.document, "featurePolicy", None)  # Chromium's permissions policy
    if clipboard is None or (policy is not None and not policy.allowsFeature("clipboard-write")):
        done(False)  # an iframe not allowed the clipboard: asking would only log an error
        return
    try:
        promise = clipboard.writeText(text)
    except dom.JsError:
        done(False)
        return
    promise.then(proxy(lambda *_: done(True)), proxy(lambda *_: done(False)))


def send_text(title: str, url: str, done: Callable[[str], None]) -> None:
    """Offer `url` through the system's share sheet where the browser has one (Web
    Share), else copy it; `done` gets "shared", "copied" or "" (neither happened)."""
    if (page := dom.mirrored()) is not None:
        return page.send_text(title, url, done)
    share = getattr(dom.js.navigator, "share", None)
    if share is None:
        copy_text(url, lambda ok: done("copied" if ok else ""))
        return
    try:
        promise = dom.js.navigator.share(dom.plain({"title": title, "url": url}))
    except dom.JsError:
        copy_text(url, lambda ok: done("copied" if ok else ""))
        return
    promise.then(proxy(lambda *_: done("shared")), proxy(lambda *_: done("")))


def dispatch(target: Any, name: str, detail: dict[str, Any]) -> None:
    """Fire a bubbling CustomEvent `name` on `target`, its `detail` a plain object."""
    if (page := dom.mirrored()) is not None:
        return page.dispatch(target, name, detail)
    options = dom.js.Object.new()
    options.bubbles = True
    options.detail = dom.plain(detail)
    target.dispatchEvent(dom.js.CustomEvent.new(name, options))


def post_to_parent(message: dict[str, Any]) -> None:
    """Send `message` to the page framing this one (any origin: nothing in it is secret)."""
    if (page := dom.mirrored()) is not None:  # the page knows whether it is framed
        return page.effect("parent", [dom.plain(message)])
    if not getattr(dom.js.Object, "is")(
        dom.js.window.parent, dom.js.window
    ):  # "is": a Python keyword
        dom.js.window.parent.postMessage(dom.plain(message), "*")
