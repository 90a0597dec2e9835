"""Where a game page keeps its game in progress, shared by the page's tabs.

Plain logic over `dom`'s storage calls. The browser may refuse to keep anything (storage
blocked for the site, a frame without storage, or a quota that every project site of one
GitHub user shares and another filled): the game then plays on unsaved in this tab.

Keys name the site's folder (`dom.site_scope()`, e.g. "/number-duels/"): every project
site of one GitHub user is on one origin, `<user>.github.io`, with one localStorage, and
two deployments side by side must not read or overwrite each other's games.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from . import dom

KEY_PREFIX = "number-duels:"
UNSCOPED_PREFIX = "number-duels/"  # the keys of earlier versions, shared by every deployment
# A save's revision: how many writes made it, and a random token that two tabs writing the
# same count at once do not share.
REVISION = re.compile(r"[0-9]{1,15}\.[0-9a-f]{16}")
_entropy = random.SystemRandom()  # the operating system's (in the browser: crypto's) randomness


def site_key(scope: str, name: str) -> str:
    """The localStorage key of `name` (a game's slug, "puzzles-solved") for the deployment
    of the site in the folder `scope`."""
    return f"{KEY_PREFIX}{scope}{name}"


def adopt_unscoped(name: str, key: str, convert: Callable[[str], str] = str) -> None:
    """Move what an earlier version kept under the unscoped key of `name` to `key`, unless
    `key` holds something already: the first deployment of the site that the player opens
    on this origin takes it over (before, they all shared it). Nothing is lost when storage
    refuses: the old key stays until the new one is written."""
    old = UNSCOPED_PREFIX + name
    text = dom.stored(old)
    if text is None:
        return
    if dom.stored(key) is None and not dom.store(key, convert(text)):
        return
    dom.forget(old)
    dom.forget(f"{old}#revision")


def unscoped_save(text: str) -> str:
    """An earlier version's save (the save alone) as a `SaveSlot` keeps it."""
    return f"{new_revision('')}\n{text}"


def new_revision(previous: str) -> str:
    count = int(previous.split(".")[0]) if previous else 0
    return f"{count + 1}.{_entropy.getrandbits(64):016x}"


class SaveSlot:
    """A game page's save, shared by every tab of that page in this browser.

    The stored value is the save's revision, a newline, and the save: written at once, so no
    tab ever reads a save with another's revision. A tab remembers the revision it last
    loaded or wrote, compared exactly: once another tab has saved since (even from the same
    count), this tab is stale, and it must neither move from the position it shows (in
    Number Duel that would take back the other tab's attack, its numbers seen) nor
    overwrite the newer save. `store` refuses then, and `watch` tells the tab as soon as
    another one saves.

    When the browser refuses a write, `kept` turns False for good: the tab plays on with
    its own game, unsaved, and no longer follows other tabs.
    """

    def __init__(self, key: str) -> None:
        self.key = key
        self.kept = True
        self.seen = self.read()[0]

    def read(self) -> tuple[str, str | None]:
        """The stored revision and save ("" and None when nothing is saved)."""
        value = dom.stored(self.key)
        if value is None:
            return "", None
        revision, newline, save = value.partition("\n")
        if newline and REVISION.fullmatch(revision):
            return revision, save
        return "", value  # damaged or edited: the save's own checks refuse it

    def is_stale(self) -> bool:
        """Whether another tab has saved since this one last loaded or saved."""
        return self.kept and self.read()[0] != self.seen

    def load(self) -> str | None:
        self.seen, save = self.read()
        return save

    def store(self, text: str) -> bool:
        """Save, unless another tab saved first (False: reload instead). Saving what is
        saved already changes nothing, so tabs that reload a save do not wake each other.
        A refused write is not an error: `kept` says the game is no longer saved."""
        if not self.kept:
            return True
        revision, saved = self.read()
        if revision != self.seen:
            return False
        if saved == text:
            return True
        revision = new_revision(revision)
        if dom.store(self.key, f"{revision}\n{text}"):
            self.seen = revision
        else:
            self.kept = False
        return True

    def shared_random(self) -> random.Random | None:
        """Random choices that every tab showing this save makes alike (seeded with its
        revision's random token), so two tabs that both answer for the computer play the
        same move; None when nothing is saved."""
        return random.Random(self.seen) if self.kept and self.seen else None

    def watch(self, changed: Callable[[], None]) -> None:
        """Call `changed()` whenever another tab saves."""

        def on_storage(key: str) -> None:
            if key == self.key and self.is_stale():
                changed()

        dom.on_storage(on_storage)
