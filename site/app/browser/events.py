"""Listening to the page, and timers, for the life of the page, on either backend of `dom`.

A worker cannot prevent an event's default once the event reaches it, so the page is told
beforehand what to prevent; on the main thread a handler must outlive the call that
registers it, so its proxy is kept here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import dom

# Event handlers must outlive the call that registers them: keep their proxies here.
_handlers: list[Any] = []

# Events whose default the page always prevents for the mirror: a form is never sent.
ALWAYS_PREVENTED = ("submit",)


def on(
    target: Any, event: str, handler: Callable[[Any], None], prevent: bool | str | list[str] = False
) -> None:
    """Listen to `event` for the life of the page. The handler prevents what it means to on
    the main thread; in a worker it runs too late for that, so `prevent` tells the page
    beforehand (the `listen` op): True, the keys of a keydown, or a selector the target must
    be inside (a submit is always prevented)."""
    if dom.mirrored() is not None:
        prevent = True if event in ALWAYS_PREVENTED else prevent
        target.addEventListener(event, handler, {"prevent": prevent} if prevent else None)
        return
    from pyodide.ffi import create_proxy  # the main thread: Pyodide is there

    proxy = create_proxy(handler)
    _handlers.append(proxy)
    target.addEventListener(event, proxy)


def proxy(handler: Callable[..., Any]) -> Any:
    """A JS callable for `handler` kept alive for the life of the page (the handler itself
    for the mirror: its timers call Python)."""
    if dom.mirrored() is not None:
        return handler
    from pyodide.ffi import create_proxy  # the main thread: Pyodide is there

    wrapped = create_proxy(handler)
    _handlers.append(wrapped)
    return wrapped


def after_messages(callback: Callable[[], None]) -> None:
    """Call `callback` once the page's messages sent by now are handled: at once on the main
    thread (none can come in between); in a worker, after them (an Undo pressed while Python
    computed), so that a result for a position that changed meanwhile is dropped."""
    if (page := dom.mirrored()) is not None:
        return page.after_messages(callback)
    callback()


def set_timeout(handler: Any, delay_ms: int) -> Any:
    """Call `handler` (a `proxy`) once after `delay_ms`; the timer id, for `cancel`."""
    if (page := dom.mirrored()) is not None:
        return page.set_timeout(handler, delay_ms)
    return dom.js.setTimeout(handler, delay_ms)


def cancel(timer: Any) -> None:
    if (page := dom.mirrored()) is not None:
        return page.cancel(timer)
    dom.js.clearTimeout(timer)


def on_resize(node: Any, handler: Callable[[], None]) -> None:
    """Call `handler` whenever `node` changes size, for the life of the page."""
    if (page := dom.mirrored()) is not None:
        return page.on_resize(node, handler)
    dom.js.ResizeObserver.new(proxy(lambda *_: handler())).observe(node)


def on_palette_change(handler: Callable[[], None]) -> None:
    """Call `handler` whenever `dom.palette()` may have changed: the theme switch (assets/theme.js
    says so with an "nd-theme" event), the system's theme, forced colours on or off."""
    if (page := dom.mirrored()) is not None:
        return page.palette_watchers.append(handler)
    for query in ("(forced-colors: active)", "(prefers-color-scheme: dark)"):
        on(dom.js.window.matchMedia(query), "change", lambda _event: handler())
    on(dom.js.document, "nd-theme", lambda _event: handler())
