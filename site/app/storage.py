"""Where a game page keeps its game in progress, shared by the page's tabs.

Plain logic over `dom`'s storage calls (which tolerate a browser that refuses storage:
the game then goes on unsaved).
"""

from __future__ import annotations

from collections.abc import Callable

from . import dom

KEY_PREFIX = "number-duels/"


def save_key(slug: str) -> str:
    """The localStorage key of a game page's game in progress (one per game)."""
    return f"{KEY_PREFIX}{slug}"


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
        text = dom.stored(self.revision_key)
        return int(text) if text and text.isdecimal() and len(text) < 16 else 0

    def is_stale(self) -> bool:
        """Whether another tab has saved since this one last loaded or saved."""
        return self.revision() != self.seen

    def load(self) -> str | None:
        self.seen = self.revision()
        return dom.stored(self.key)

    def store(self, text: str) -> bool:
        """Save, unless another tab saved first (False: reload instead). Saving what is
        saved already changes nothing, so tabs that reload a save do not wake each other."""
        if self.is_stale():
            return False
        if dom.stored(self.key) == text:
            return True
        dom.store(self.key, text)
        self.seen += 1
        dom.store(self.revision_key, str(self.seen))
        return True

    def watch(self, changed: Callable[[], None]) -> None:
        """Call `changed()` whenever another tab saves (the revision is written last)."""

        def on_storage(key: str) -> None:
            if key == self.revision_key and self.is_stale():
                changed()

        dom.on_storage(on_storage)
