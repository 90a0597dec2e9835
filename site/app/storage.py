"""The browser's side of saving and sharing: localStorage, the address bar, the clipboard.

Each call tolerates a browser that refuses (storage off, a sandboxed iframe, no
clipboard permission): saving is a convenience, so a refusal is never an error.
"""

from __future__ import annotations

import contextlib
from typing import Any

import js
from pyodide.ffi import JsException

from .dom import proxy

KEY_PREFIX = "number-duels/"


def save_key(slug: str) -> str:
    """The localStorage key of a game page's game in progress (one per game)."""
    return f"{KEY_PREFIX}{slug}"


def load(key: str) -> str | None:
    try:
        value = js.localStorage.getItem(key)
    except JsException:
        return None
    return value if isinstance(value, str) else None  # JS null when nothing is saved


def store(key: str, text: str) -> None:
    with contextlib.suppress(JsException):  # full or refused: the game goes on unsaved
        js.localStorage.setItem(key, text)


class SaveSlot:
    """A game page's save, shared by every tab of that page in this browser.

    Beside the save, a revision counts the writes. A tab remembers the revision it last
    loaded or wrote: once another tab has saved since, this tab is stale, and it must
    neither move from the position it shows (in Number Duel that would take back the
    other tab's attack, its numbers seen) nor overwrite the newer save. `store` refuses
    then, and `watch` tells the tab as soon as another one saves.
    """

    def __init__(self, key: str) -> None:
        self.key = key
        self.revision_key = f"{key}#revision"
        self.seen = self.revision()

    def revision(self) -> int:
        text = load(self.revision_key)
        return int(text) if text and text.isdecimal() and len(text) < 16 else 0

    def is_stale(self) -> bool:
        """Whether another tab has saved since this one last loaded or saved."""
        return self.revision() != self.seen

    def load(self) -> str | None:
        self.seen = self.revision()
        return load(self.key)

    def store(self, text: str) -> bool:
        """Save, unless another tab saved first (False: reload instead). Saving what is
        saved already changes nothing, so tabs that reload a save do not wake each other."""
        if self.is_stale():
            return False
        if load(self.key) == text:
            return True
        store(self.key, text)
        self.seen += 1
        store(self.revision_key, str(self.seen))
        return True

    def watch(self, changed: Any) -> None:
        """Call `changed()` whenever another tab saves (the revision is written last)."""

        def on_storage(event: Any) -> None:
            if event.key == self.revision_key and self.is_stale():
                changed()

        js.window.addEventListener("storage", proxy(on_storage))


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


def copy_text(text: str, done: Any) -> None:
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
