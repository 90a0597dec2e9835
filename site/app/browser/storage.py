"""Where a game page keeps its game in progress, shared by the page's tabs.

Plain logic over `local_storage`'s calls. The browser may refuse to keep anything (storage
blocked for the site, a frame without storage, or a quota that every project site of one
GitHub user shares and another filled): the game then plays on unsaved in this tab.

Keys name the site's folder (`address_bar.site_scope()`, e.g. "/number-duels/"): every project
site of one GitHub user is on one origin, `<user>.github.io`, with one localStorage, and
two deployments side by side must not read or overwrite each other's games.
"""

from __future__ import annotations

from collections.abc import Callable

from ..headless.slot import SaveSlot, new_revision
from . import local_storage

KEY_PREFIX = "number-duels:"
UNSCOPED_PREFIX = "number-duels/"  # the keys of earlier versions, shared by every deployment


def site_key(scope: str, name: str) -> str:
    """The localStorage key of `name` (a game's slug, "puzzles-solved") for the deployment
    of the site in the folder `scope`."""
    return f"{KEY_PREFIX}{scope}{name}"


def adopt_unscoped(name: str, key: str, convert: Callable[[str], str] = str) -> None:
    """Move what an earlier version kept under the unscoped key of `name` to `key`, unless
    `key` holds something already: the first deployment of the site that the player opens
    on this origin takes it over (before, they all shared it). Nothing is lost when storage
    refuses: the old key stays until the browser has said it kept the new one (a worker's
    page says so later, or that it refused)."""
    old = UNSCOPED_PREFIX + name
    text = local_storage.stored(old)
    if text is None:
        return

    def moved(kept: bool) -> None:
        if kept:
            local_storage.forget(old)
            local_storage.forget(f"{old}#revision")

    if local_storage.stored(key) is None:
        local_storage.store_then(key, convert(text), moved)
    else:
        moved(True)


def unscoped_save(text: str) -> str:
    """An earlier version's save (the save alone) as a `SaveSlot` keeps it."""
    return f"{new_revision('')}\n{text}"


def page_slot(key: str) -> SaveSlot:
    """The guarded slot `key` of this browser's localStorage, shared by the page's tabs."""
    return SaveSlot(
        key,
        lambda key: local_storage.stored(key),
        lambda key, text: local_storage.store(key, text),
        lambda handler: local_storage.on_storage(handler),
        lambda handler: local_storage.on_unkept(handler),
    )
