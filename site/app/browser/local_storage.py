"""The browser's localStorage, on either backend of `dom`, tolerant of a browser that refuses
(storage off, a sandboxed iframe, a full quota): saving is a convenience, so a refusal is
never an error. `storage` builds the guarded save slot on these calls.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from . import dom
from .events import on


def stored(key: str) -> str | None:
    """The localStorage text under `key` (None: nothing saved, or storage refused)."""
    if (page := dom.mirrored()) is not None:
        return page.stored(key)
    try:
        value = dom.js.localStorage.getItem(key)
    except dom.JsError:
        return None
    return value if isinstance(value, str) else None  # JS null when nothing is saved


def store(key: str, text: str) -> bool:
    """Save `text` under `key`; False when the browser refused (storage off, or full)."""
    if (page := dom.mirrored()) is not None:
        return page.store(key, text)
    try:
        dom.js.localStorage.setItem(key, text)
    except dom.JsError:
        return False
    return True


def store_then(key: str, text: str, done: Callable[[bool], None]) -> None:
    """Save `text` under `key`, then call `done(kept)` once the browser has said whether it
    kept it: at once here, when the page answers on a worker's page (which hears of a full
    storage only after the fact). For what must wait on the write, as deleting the copy
    it replaces."""
    if (page := dom.mirrored()) is not None:
        return page.store_then(key, text, done)
    done(store(key, text))


def forget(key: str) -> None:
    """Remove `key` from localStorage (nothing happens when storage is refused)."""
    if (page := dom.mirrored()) is not None:
        return page.forget(key)
    with contextlib.suppress(dom.JsError):
        dom.js.localStorage.removeItem(key)


def on_storage(handler: Callable[[str], None]) -> None:
    """Call `handler(key)` whenever another tab of this site writes localStorage."""
    if (page := dom.mirrored()) is not None:
        return page.storage_watchers.append(handler)
    on(dom.js.window, "storage", lambda event: handler(str(event.key or "")))


def on_unkept(handler: Callable[[str], None]) -> None:
    """Call `handler(key)` when the browser refuses a write to `key` that `store` took: a
    worker's page learns it after the fact (the page stores it); here `store` says so."""
    if (page := dom.mirrored()) is not None:
        page.unkept_watchers.append(handler)
