"""One guarded save, shared by the tabs of a page: the one save path of every mode.

Pure logic over three storage calls (read, write, listen), so that it runs in CPython as
in the page: the hot-seat and computer games (`browser.storage.page_slot`), the games by link
(`link.shelf.LinkShelf`) and the puzzles solved (`modes.puzzle.mark_solved`) all save through it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

# A save's revision: how many writes made it, and a random token that two tabs writing the
# same count at once do not share.
REVISION = re.compile(r"[0-9]{1,15}\.[0-9a-f]{16}")
_entropy = random.SystemRandom()  # the operating system's (in the browser: crypto's) randomness
Listen = Callable[[Callable[[str], None]], None]


def new_revision(previous: str) -> str:
    count = int(previous.split(".")[0]) if previous else 0
    return f"{count + 1}.{_entropy.getrandbits(64):016x}"


def without_revision(value: str) -> str:
    """A stored value's save, its revision line dropped (a value without one as it is)."""
    revision, newline, save = value.partition("\n")
    return save if newline and REVISION.fullmatch(revision) else value


class SaveSlot:
    """A page's save, shared by every tab of that page in this browser.

    The stored value is the save's revision, a newline, and the save: written at once, so no
    tab ever reads a save with another's revision. A tab remembers the revision it last
    loaded or wrote, compared exactly: once another tab has saved since (even from the same
    count), this tab is stale, and it must neither move from the position it shows (in
    Number Duel that would take back the other tab's attack, its numbers seen) nor
    overwrite the newer save. `store` refuses then, and `watch` tells the tab as soon as
    another one saves.

    When the browser refuses a write, `kept` turns False for good: the tab plays on with
    its own game, unsaved, and no longer follows other tabs. A page whose Python runs in a
    worker learns of a refused write only later (`refused` calls back with the key): the
    slot then turns unkept as it would have at once, and says so to `unkept` watchers.
    """

    def __init__(
        self,
        key: str,
        read: Callable[[str], str | None],
        write: Callable[[str, str], bool],
        listen: Listen | None = None,
        refused: Listen | None = None,
    ) -> None:
        self.key, self._read, self._write, self._listen = key, read, write, listen
        self.kept = True
        self.seen = self.read()[0]
        self._unkept: list[Callable[[], None]] = []
        if refused is not None:
            refused(self._refused)

    def read(self) -> tuple[str, str | None]:
        """The stored revision and save ("" and None when nothing is saved)."""
        value = self._read(self.key)
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
        if self._write(self.key, f"{revision}\n{text}"):
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

        if self._listen is not None:
            self._listen(on_storage)

    def watch_unkept(self, lost: Callable[[], None]) -> None:
        """Call `lost()` once if a write that `store` took is refused later (a page whose
        storage is in another thread from its Python: the worker page's)."""
        self._unkept.append(lost)

    def _refused(self, key: str) -> None:
        if key != self.key or not self.kept:
            return
        self.kept = False
        for lost in list(self._unkept):
            lost()
