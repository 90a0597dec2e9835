"""The game pages' save slot (`site/app/storage.py`) over a stand-in for the browser's
localStorage: one store shared by several tabs, which can refuse every write (storage
blocked, or full), and keys that keep deployments on one origin apart."""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable

import pytest

try:
    importlib.import_module("app.browser.local_storage")
except ImportError:  # no browser here: storage only needs the stand-in below
    sys.modules["app.browser.local_storage"] = types.ModuleType("app.browser.local_storage")

from app.browser import storage
from app.headless.slot import SaveSlot


class Browser:
    """One origin's localStorage as the tabs see it; `refuse` makes every write fail."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.refuse = False
        self.tabs: list[Tab] = []


class Tab:
    """`app.browser.local_storage`'s calls for one tab: another tab's write fires its listeners."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.listeners: list[Callable[[str], None]] = []
        self.unkept: Callable[[str], None] = lambda key: None
        browser.tabs.append(self)

    def stored(self, key: str) -> str | None:
        return self.browser.items.get(key)

    def store(self, key: str, text: str) -> bool:
        if self.browser.refuse:
            return False
        self.browser.items[key] = text
        for tab in self.browser.tabs:
            if tab is not self:
                for listener in tab.listeners:
                    listener(key)
        return True

    def store_then(self, key: str, text: str, done: Callable[[bool], None]) -> None:
        done(self.store(key, text))  # a page that runs Python itself knows at once

    def forget(self, key: str) -> None:
        self.browser.items.pop(key, None)

    def on_storage(self, handler: Callable[[str], None]) -> None:
        self.listeners.append(handler)

    def on_unkept(self, handler: Callable[[str], None]) -> None:
        """Writes refused after the fact (a worker's page): this tab's test calls them."""
        self.unkept = handler


def slot_in(tab: Tab, monkeypatch: pytest.MonkeyPatch, key: str = "k") -> SaveSlot:
    monkeypatch.setattr(storage, "local_storage", tab)
    return storage.page_slot(key)


def use(tab: Tab, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "local_storage", tab)


def test_a_refused_write_is_not_counted_and_the_tab_plays_on_unsaved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    browser = Browser()
    browser.refuse = True
    slot = slot_in(Tab(browser), monkeypatch)
    assert slot.store("move 1") and not slot.kept
    for move in ("move 2", "move 3"):  # never "another tab saved first"
        assert not slot.is_stale()
        assert slot.store(move)
    assert browser.items == {}


def test_a_full_storage_keeps_the_last_save_and_stops_saving(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    browser = Browser()
    tab = Tab(browser)
    slot = slot_in(tab, monkeypatch)
    assert slot.store("move 1") and slot.kept
    browser.refuse = True  # the quota is full now
    assert slot.store("move 2") and not slot.kept
    assert not slot.is_stale() and slot.store("move 3")
    assert storage.page_slot("k").load() == "move 1"


def test_a_write_refused_after_the_fact_stops_saving_and_is_said_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker's page hears of a full storage after `store` took the write: the slot turns
    unkept then, tells its watchers once, and is never stale (no "another tab" reload)."""
    tab = Tab(Browser())
    slot = slot_in(tab, monkeypatch)
    told: list[str] = []
    slot.watch_unkept(lambda: told.append("lost"))
    assert slot.store("move 1") and slot.kept
    tab.unkept("another key")
    assert slot.kept and told == []
    tab.browser.items.clear()  # the page kept nothing: its copy says so
    tab.unkept("k")
    tab.unkept("k")
    assert not slot.kept and told == ["lost"]
    assert not slot.is_stale() and slot.store("move 2")
    assert tab.browser.items == {}


def test_two_tabs_saving_from_one_revision_cannot_both_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both tabs write the next count; the revision's token tells the writes apart, so the
    tab whose write was replaced is stale and follows the other."""
    browser = Browser()
    first, second = Tab(browser), Tab(browser)
    slot1 = slot_in(first, monkeypatch)
    slot2 = storage.page_slot("k")
    # Neither tab has seen the other's write yet: both write from the empty save.
    use(first, monkeypatch)
    assert slot1.store("first's move")
    firsts = browser.items.pop("k")
    use(second, monkeypatch)
    assert slot2.store("second's move")
    browser.items["k"] = firsts  # the first tab's write lands last
    assert slot1.seen.split(".")[0] == slot2.seen.split(".")[0] == "1"
    use(first, monkeypatch)
    assert not slot1.is_stale()
    use(second, monkeypatch)
    assert slot2.is_stale() and not slot2.store("second's next move")
    assert slot2.load() == "first's move" and not slot2.is_stale()


def test_another_tabs_save_wakes_this_tab_and_a_same_save_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    browser = Browser()
    first, second = Tab(browser), Tab(browser)
    slot1 = slot_in(first, monkeypatch)
    slot2 = storage.page_slot("k")
    woken: list[str] = []
    use(second, monkeypatch)
    slot2.watch(lambda: woken.append("second"))
    use(first, monkeypatch)
    assert slot1.store("a")
    assert woken == ["second"]
    use(second, monkeypatch)
    assert slot2.load() == "a" and slot2.store("a")  # saving what is saved: no write
    assert slot2.seen == slot1.seen and woken == ["second"]


def test_tabs_of_one_save_draw_the_same_random_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    browser = Browser()
    slot1 = slot_in(Tab(browser), monkeypatch)
    assert slot1.shared_random() is None  # nothing saved: the tab's own randomness
    slot1.store("computer to move")
    slot2 = storage.page_slot("k")
    slot2.load()
    draws = [s.shared_random().random() for s in (slot1, slot2)]  # type: ignore[union-attr]
    assert draws[0] == draws[1]
    slot1.store("another position")
    assert slot1.shared_random().random() != draws[0]  # type: ignore[union-attr]


def test_a_damaged_value_is_handed_over_for_the_saves_own_checks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    browser = Browser()
    slot = slot_in(Tab(browser), monkeypatch)
    browser.items["k"] = '{"v":1,"mode":"2p"'
    assert slot.load() == '{"v":1,"mode":"2p"' and slot.seen == ""
    browser.items["k"] = "99999999999999999999.zz\nsave"
    assert slot.load() == "99999999999999999999.zz\nsave"


def test_deployments_on_one_origin_have_their_own_keys() -> None:
    assert storage.site_key("/a/", "sequence-duel") != storage.site_key("/b/", "sequence-duel")
    assert storage.site_key("/a/", "sequence-duel") != storage.site_key("/a/", "digit-chain")


@pytest.mark.parametrize("refuse", [False, True])
def test_an_earlier_versions_unscoped_save_moves_to_the_first_deployment_opened(
    monkeypatch: pytest.MonkeyPatch, refuse: bool
) -> None:
    browser = Browser()
    use(Tab(browser), monkeypatch)
    browser.items = {
        "number-duels/digit-chain": "old save",
        "number-duels/digit-chain#revision": "4",
    }
    browser.refuse = refuse
    a, b = storage.site_key("/a/", "digit-chain"), storage.site_key("/b/", "digit-chain")
    storage.adopt_unscoped("digit-chain", a, storage.unscoped_save)
    if refuse:  # nothing moved, nothing lost
        assert browser.items["number-duels/digit-chain"] == "old save"
        return
    assert set(browser.items) == {a}
    assert storage.page_slot(a).load() == "old save"
    storage.adopt_unscoped("digit-chain", b, storage.unscoped_save)
    assert storage.page_slot(b).load() is None
