"""Every bad share link and saved game a Sequence Duel page may be handed, refused on the
page whose Python runs in a worker, in CPython through the protocol's messages: the message
says why in the record's own words and that a new game has started, the fresh game is shown
as the worker drew it, and it plays, replacing a bad save. (e2e/test_resume.py opens a few
of them in Chromium: those whose way into Python is the browser's address bar or storage.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from app.browser import dom
from hostile_records import BAD_SAVES, hostile_links, saved
from page_worker import Page

KEY = "number-duels:/number-duels/sequence-duel"
LINKS = hostile_links()


@pytest.fixture(autouse=True)
def main_thread_afterwards() -> Iterator[None]:
    yield
    dom.use_mirror(None)


def fresh_game(page: Page) -> None:
    """A new standard game, shown on the page as Python drew it."""
    assert moves(page) == []
    assert page.text("#status").startswith("Player 1:")
    assert page.same()


@pytest.mark.parametrize("name", list(LINKS))
def test_a_bad_link_is_refused_with_its_reason_and_a_fresh_game(name: str) -> None:
    g, words = LINKS[name]
    page = Page("sequence-duel", f"g={g}", storage={}).start()
    message = page.text("#message")
    assert message.startswith("That link could not be opened"), message
    assert words in message and message.endswith("A new game has started."), message
    fresh_game(page)


@pytest.mark.parametrize(("record", "words"), BAD_SAVES)
def test_a_bad_save_is_refused_with_its_reason_and_the_fresh_game_replaces_it(
    record: str, words: str
) -> None:
    storage = {KEY: saved(record)}
    page = Page("sequence-duel", storage=storage).start()
    message = page.text("#message")
    assert message.startswith("Your saved game could not be restored"), message
    assert words in message and message.endswith("A new game has started."), message
    fresh_game(page)
    page.press(next(button for button in page.legal() if button.textContent == "5"))
    assert storage[KEY] != saved(record)
    played = moves(page)
    dom.use_mirror(None)
    again = Page("sequence-duel", storage=dict(storage)).start()  # the next visit
    assert again.text("#message") == ""
    assert moves(again) == played != []


def moves(page: Page) -> list[str]:
    return [item.textContent for item in page.mirror.querySelectorAll("#history li[data-index]")]
