"""What the pages keep in the browser, when the browser refuses, and who else may read it.

A browser may refuse storage (blocked for the site, or a quota that every project site on
`<user>.github.io` shares and another has filled): the games play on unsaved and say so
once. Two tabs against the computer never show two different computer moves. Two
deployments of the site on one origin keep their own saves and their own Python
snapshot caches, and a save from an earlier version is taken over, not lost.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import SITE
from gamepage import READY_TIMEOUT_MS, GamePage
from playwright.sync_api import BrowserContext, Page, expect
from site_server import start_server
from test_games import take_turn
from test_puzzles import solve

from py_rules.engine.puzzles import load, puzzles_for
from py_rules.play.puzzle_session import PuzzleSession

pytestmark = [
    pytest.mark.usefixtures("no_console_errors"),
    pytest.mark.context(service_workers="block"),
]

# Storage blocked for the site, as Chromium does it: reading localStorage throws, opening
# an IndexedDB database fails, Cache Storage rejects.
STORAGE_BLOCKED = """(() => {
  const denied = () => new DOMException("Access is denied for this document.", "SecurityError");
  Object.defineProperty(window, "localStorage", { get() { throw denied(); }, configurable: true });
  IDBFactory.prototype.open = function () {
    const request = new EventTarget();
    Object.defineProperty(request, "error", { value: denied() });
    request.addEventListener("error", (event) => request.onerror?.(event));
    setTimeout(() => request.dispatchEvent(new Event("error")));
    return request;
  };
  CacheStorage.prototype.open = () => Promise.reject(denied());
  CacheStorage.prototype.keys = () => Promise.reject(denied());
})();"""
# A full quota: every write is refused, what was saved before can still be read.
STORAGE_FULL = """Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};"""
NOT_KEPT = "This browser does not keep this game"


def open_game(context: BrowserContext, watch: Any, base: str, slug: str, query: str) -> GamePage:
    return GamePage(watch.attach(context.new_page()), slug).open(base, query)


def note(gp: GamePage) -> Any:
    return gp.page.locator("#storage-note")


# ----- storage refused ---------------------------------------------------------------------


def test_a_game_plays_on_unsaved_when_storage_is_blocked(
    context: BrowserContext, watch: Any, site_url: str
) -> None:
    """The computer moves first, once; the player's moves are played, and the page says
    once, politely, that nothing is kept (no "another tab", no new game on every press)."""
    context.add_init_script(STORAGE_BLOCKED)
    gp = open_game(context, watch, site_url, "sequence-duel", "?mode=computer-first&delay=50")
    assert gp.page.evaluate("() => { try { localStorage; return 1; } catch { return 0; } }") == 0
    gp.wait_for_my_turn()
    expect(gp.history).to_have_count(1)
    expect(gp.history.first).to_contain_text("Computer claimed")
    expect(note(gp)).to_have_text(re.compile(f"^{NOT_KEPT}.*a reload starts a new game\\.$"))
    expect(note(gp)).to_have_attribute("aria-live", "polite")
    for turn in range(2):
        gp.press(gp.legal()[0])
        expect(gp.history).to_have_count(3 + 2 * turn)  # the move and the computer's reply
        gp.wait_for_my_turn()
        expect(gp.history).to_have_count(3 + 2 * turn)  # and no new game after it
    expect(gp.message).not_to_contain_text("another tab")
    expect(gp.history.first).to_contain_text("Computer claimed")


def test_a_full_storage_keeps_the_game_going_unsaved(
    context: BrowserContext, watch: Any, site_url: str
) -> None:
    context.add_init_script(STORAGE_FULL)
    gp = open_game(context, watch, site_url, "sequence-duel", "")
    expect(gp.message).to_be_empty()
    for count, number in enumerate(("7", "1", "12"), 1):
        gp.press(number)
        expect(gp.history).to_have_count(count)
    expect(gp.message).to_be_empty()
    expect(note(gp)).to_contain_text(NOT_KEPT)
    assert gp.page.evaluate("Object.keys(localStorage)") == []


def test_embedded_games_and_puzzles_play_when_storage_is_blocked(
    context: BrowserContext, watch: Any, site_url: str
) -> None:
    """The puzzles page (which remembers solved puzzles) solves one; the tutorial's
    embedded boards start and play."""
    context.add_init_script(STORAGE_BLOCKED)
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}puzzles/")
    embeds_ready(page)
    puzzle = puzzles_for("digit-chain", load())[0]
    link = page.locator(f'a.puzzle-link[data-puzzle-id="{puzzle["id"]}"]')
    link.click()
    board = page.locator(".puzzle-play .number-duels")
    expect(board).to_have_attribute("data-puzzle-id", puzzle["id"])
    solve(board, PuzzleSession("digit-chain", puzzle))
    expect(link).to_contain_text("Solved")  # for this visit
    page.goto(f"{site_url}tutorial.html")
    embeds_ready(page)
    first = page.locator(".number-duels").first
    moves = first.locator(".history li:not(.empty):not(.future)")
    before = moves.count()
    first.locator('.targets button[aria-disabled="false"]').first.click()
    expect(moves.nth(before)).to_be_attached()


def embeds_ready(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )


# ----- two tabs --------------------------------------------------------------------------------


def test_two_tabs_against_the_computer_show_the_same_computer_moves(
    context: BrowserContext, watch: Any, site_url: str
) -> None:
    """Both tabs follow the save, and both may answer for the computer after the player's
    attack: they must answer alike, or one tab would show an attack the other never made."""
    query = "?mode=vs-computer&numbers=5&delay=100"
    first = open_game(context, watch, site_url, "number-duel", query)
    first.new_game(mode="cpu2", first="1", numbers="5", name1="", name2="")
    second = open_game(context, watch, site_url, "number-duel", query)
    first.in_front()  # the player plays in the first tab; the second follows its save
    for turn in range(1, 4):
        first.wait_for_my_turn()
        take_turn(first)
        # The attack and the reply, unless the attack (or the reply) ended the game: with the
        # first legal attack each turn, the player can run out of numbers by the third.
        for tab in (first, second):
            tab.page.wait_for_function(REPLIED_OR_OVER, arg=2 * turn)
        over = [tab.wait_for_my_turn() == "over" for tab in (first, second)]
        assert over[0] == over[1]
        moves = first.history.count()
        assert moves == 2 * turn or (over[0] and moves == 2 * turn - 1)
        expect(second.history).to_have_count(moves)
        if over[0]:  # each tab reviews the finished game a move at a time: wait for both
            for tab in (first, second):
                reviewing = tab.page.locator("#history .review-mark.reviewing")
                expect(reviewing).to_have_count(0, timeout=READY_TIMEOUT_MS)
        assert first.history.all_inner_texts() == second.history.all_inner_texts()
        if over[0]:
            break


# Enough moves listed, or the game is over (the page's own signal: data-turn).
REPLIED_OR_OVER = """(moves) => document.body.dataset.turn === "over" ||
  document.querySelectorAll("#history li:not(.empty):not(.future)").length >= moves"""


# ----- deployments side by side ---------------------------------------------------------------


@pytest.fixture
def two_deployments(tmp_path: Path) -> Iterator[str]:
    """The built site at /a/ and at /b/ of one origin; the origin's address."""
    for name in ("a", "b"):
        (tmp_path / name).symlink_to(SITE, target_is_directory=True)
    server, url = start_server(tmp_path, prefix="/")
    yield url
    server.shutdown()
    server.server_close()


def site_caches(page: Page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def snapshot_kept(page: Page) -> None:
    page.wait_for_function(
        "() => performance.getEntriesByName('nd-snapshot-kept').length > 0",
        timeout=READY_TIMEOUT_MS,
    )


def test_deployments_on_one_origin_keep_their_own_saves_and_snapshots(
    context: BrowserContext, watch: Any, two_deployments: str
) -> None:
    origin = two_deployments
    page = watch.attach(context.new_page())
    # A player of an earlier version: a game saved under the key every deployment shared,
    # and the snapshot cache of that version.
    page.goto(f"{origin}a/")
    page.evaluate(
        """async () => {
            localStorage.setItem("number-duels/sequence-duel", JSON.stringify({v: 1,
                mode: "2p", level: "easy", at: 1, game: {format: "number-duels/1",
                game: "sequence-duel", options: {first: 1, size: 12, seed: 5},
                names: ["Ann", "Bob"], moves: ["6"]}}));
            localStorage.setItem("number-duels/sequence-duel#revision", "3");
            await (await caches.open("nd-python-snapshot")).put("old", new Response("old"));
        }"""
    )
    a = GamePage(page, "sequence-duel").open(f"{origin}a/", "?python-start=snapshot")
    expect(a.history).to_have_count(1)  # the old save, taken over by the first one opened
    expect(a.history.first).to_contain_text("Ann claimed 6")
    a.press(a.legal()[0])
    played = a.history.all_inner_texts()
    snapshot_kept(page)
    keys = page.evaluate("Object.keys(localStorage)")
    assert keys == ["number-duels:/a/sequence-duel"], keys
    assert site_caches(page) == [f"nd-python-snapshot {origin}a/"]  # the old one is gone

    b = GamePage(page, "sequence-duel").open(f"{origin}b/", "?python-start=snapshot")
    expect(b.history).to_have_count(0)  # its own game, not /a/'s
    b.press(b.legal()[-1])
    snapshot_kept(page)
    assert site_caches(page) == [f"nd-python-snapshot {origin}a/", f"nd-python-snapshot {origin}b/"]

    a = GamePage(page, "sequence-duel").open(f"{origin}a/")
    assert page.evaluate("document.documentElement.dataset.pythonBoot") == "snapshot"
    expect(a.history).to_have_count(2)
    assert a.history.all_inner_texts() == played
    assert urlsplit(page.url).path == "/a/games/sequence-duel/"
