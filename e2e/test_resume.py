"""Resume, undo/redo, replay and share links on the game pages, and refusing bad input.

A game survives a reload (localStorage), Undo and Redo move through the record, the move
list steps through it, and a Share link opens the same position elsewhere. Links and
saves that are corrupt or hostile are refused with a message and a fresh game (here those
whose way into Python is the browser's; every kind, cut short, from another version and
the rest, in tests/test_site_refused_records.py); names from a link are shown as text,
never run.
"""

from __future__ import annotations

import base64
import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from gamepage import GamePage, storage_key, wait_started
from hostile_records import BAD_SAVES, GOOD, hostile_links, saved, token
from playwright.sync_api import BrowserContext, expect
from test_games import take_turn

pytestmark = pytest.mark.usefixtures("no_console_errors")


def open_game(
    context: BrowserContext, watch: Any, site_url: str, slug: str, query: str = ""
) -> GamePage:
    page = watch.attach(context.new_page())
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs  # type: ignore[attr-defined]
    return GamePage(page, slug).open(site_url, query)


def link_data(url: str) -> dict[str, Any]:
    g = parse_qs(urlsplit(url).query)["g"][0]
    return json.loads(base64.urlsafe_b64decode(g + "=" * (-len(g) % 4)))


def share(gp: GamePage) -> str:
    gp.page.get_by_role("button", name="Share").click()
    gp.answered()  # the field may still hold an earlier share's link until Python answers
    field = gp.page.get_by_role("textbox", name="Share link")
    expect(field).to_have_value(re.compile(r"\?g=[A-Za-z0-9_-]+$"))
    return field.input_value()


def moves_text(gp: GamePage) -> list[str]:
    return gp.history.all_inner_texts()


def test_a_game_survives_a_reload(context: BrowserContext, watch: Any, site_url: str) -> None:
    gp = open_game(context, watch, site_url, "sequence-duel")
    expect(gp.message).to_be_empty()  # a first visit: nothing saved, nothing to complain of
    gp.new_game(mode="2p", first="1", size="14", name1="Ann", name2="Bob")
    for number in ("7", "1", "12"):
        gp.press(number)
    before = gp.snapshot()
    gp.page.reload()
    wait_started(gp.page)
    expect(gp.history).to_have_count(3)
    assert gp.snapshot() == before
    expect(gp.page.locator('#options [name="name1"]')).to_have_value("Ann")
    expect(gp.page.locator('#options [name="size"]')).to_have_value("14")
    gp.press("3")  # and it plays on
    expect(gp.status).to_contain_text("Bob claimed 3. Ann:")


def test_undo_redo_and_the_move_list(context: BrowserContext, watch: Any, site_url: str) -> None:
    gp = open_game(context, watch, site_url, "circle-duel")
    gp.new_game(mode="2p", first="1", size="10", name1="", name2="")
    for number in ("4", "5", "6", "7"):
        gp.press(number)
    played = moves_text(gp)
    undo, redo = (gp.page.get_by_role("button", name=n, exact=True) for n in ("Undo", "Redo"))
    expect(redo).to_be_disabled()
    gp.click(undo)
    expect(gp.history).to_have_count(3)
    expect(gp.page.locator("#history li.future .move-text")).to_have_text([played[3]])
    expect(gp.status).to_contain_text("Player 2:")
    gp.click(redo)
    expect(gp.history).to_have_count(4)
    expect(redo).to_be_disabled()
    gp.answered()
    end = gp.snapshot()
    # Step through the record with the replay bar, then jump by clicking a move.
    gp.click(gp.page.get_by_role("button", name="First position"))
    expect(gp.history).to_have_count(0)
    expect(gp.status).to_have_text(re.compile(r"^Player 1: take any number"))
    gp.click(gp.page.get_by_role("button", name="Next move"))
    expect(gp.page.locator("#history li.current .move-text")).to_have_text(played[0])
    expect(gp.target("3")).to_have_attribute("aria-disabled", "false")  # next to 4
    gp.click(gp.page.locator("#history li").nth(2))
    expect(gp.history).to_have_count(3)
    gp.click(gp.page.get_by_role("button", name="Last move"))
    gp.answered()  # the last position, as Python draws it, before it is compared
    assert gp.snapshot() == end
    # A move played from an earlier position replaces the moves after it.
    gp.click(gp.page.locator("#history li").first)
    expect(gp.page.locator("#history li.future")).to_have_count(3)
    gp.press("3")  # instead of 5
    expect(gp.page.locator("#history li")).to_have_count(2)
    expect(gp.page.locator("#history li.future")).to_have_count(0)
    expect(gp.history.last).to_contain_text("took 3")


def test_undo_against_the_computer_goes_back_to_your_turn(
    context: BrowserContext, watch: Any, site_url: str
) -> None:
    gp = open_game(context, watch, site_url, "sequence-duel", "?delay=200")
    gp.new_game(mode="cpu2", first="1", size="20", name1="Ada", name2="")
    gp.press("10")
    expect(gp.history).to_have_count(2)  # the computer answered
    expect(gp.page.locator("body")).to_have_attribute("data-turn", "human")
    gp.click(gp.page.get_by_role("button", name="Undo", exact=True))
    expect(gp.history).to_have_count(0)
    expect(gp.page.locator("#history li.future")).to_have_count(2)
    expect(gp.status).to_contain_text("Ada:")
    gp.click(gp.page.get_by_role("button", name="Redo", exact=True))
    expect(gp.history).to_have_count(2)  # your move and the computer's reply, as they were
    expect(gp.page.locator("body")).to_have_attribute("data-turn", "human")


def test_a_share_link_opens_the_same_position(
    context: BrowserContext, watch: Any, site_url: str
) -> None:
    gp = open_game(context, watch, site_url, "digit-chain")
    gp.new_game(mode="2p", first="2", pool="60", no_tens=True, name1="Ann", name2="Bob")
    for number in ("15", "51", "13"):
        gp.press(number)
    url = share(gp)
    data = link_data(url)
    assert data["game"]["moves"] == ["15", "51", "13"]
    assert data["game"]["options"]["pool"] == 60
    before = gp.snapshot()
    other = open_game(context, watch, site_url, "digit-chain", "?" + urlsplit(url).query)
    assert other.snapshot() == before
    expect(other.message).to_be_empty()
    assert "g=" not in other.page.url  # the game now lives in this browser's save
    other.page.reload()
    wait_started(other.page)
    assert other.snapshot() == before


def test_number_duel_never_puts_hidden_numbers_in_a_link(
    context: BrowserContext, watch: Any, site_url: str
) -> None:
    gp = open_game(context, watch, site_url, "number-duel", "?delay=100")
    gp.new_game(mode="cpu2", first="1", numbers="3", name1="Ada", name2="")
    for button in ("Undo", "Redo"):
        expect(gp.page.get_by_role("button", name=button, exact=True)).to_be_disabled()
    mine = [x for x in gp.legal() if x.isdigit()]
    gp.press(mine[0])
    gp.press(gp.legal()[0])
    gp.wait_for_my_turn()
    data = link_data(share(gp))
    assert data["game"]["moves"] == [] and data["at"] == 0
    assert not {"seed", "order1", "order2"} & set(data["game"]["options"])
    expect(gp.page.locator(".share-note")).to_contain_text("carries only its settings")
    expect(gp.page.get_by_role("button", name="First position")).to_be_disabled()
    while gp.wait_for_my_turn() != "over":
        mine = [x for x in gp.legal() if x.isdigit()]
        gp.press(mine[0])
        gp.press(next(p for p in gp.legal() if p.startswith("Position ")))
    finished = link_data(share(gp))
    assert finished["game"]["moves"] and "order1" in finished["game"]["options"]
    gp.click(gp.page.get_by_role("button", name="First position"))
    expect(gp.status).to_contain_text("Replay, move 0 of")
    expect(gp.page.locator("body")).to_have_attribute("data-turn", "replay")
    # A hand-made link to the same game cut off before its end is refused.
    finished["at"] = 0
    finished["game"]["moves"] = finished["game"]["moves"][:1]
    cut = open_game(context, watch, site_url, "number-duel", f"?g={token(finished)}")
    expect(cut.message).to_contain_text("would give away hidden numbers")
    expect(cut.history).to_have_count(0)


def test_names_from_a_link_are_text(context: BrowserContext, watch: Any, site_url: str) -> None:
    gp = open_game(context, watch, site_url, "sequence-duel", f"?g={token(GOOD)}")
    players = gp.page.locator("#players")
    expect(players).to_contain_text("<svg onload=alert(1)>")
    expect(gp.page.locator("#history")).to_contain_text("<svg onload=alert(1)> claimed 6")
    expect(gp.status).to_contain_text("<b>Bob</b>:")
    # No markup from the link became elements (the page's own icons and diagram aside).
    injected = "main svg:not(.icon, .board-diagram), main b, main img"
    expect(gp.page.locator(injected)).to_have_count(0)
    assert gp.page.dialogs == []  # type: ignore[attr-defined]


# The bad links whose way into Python is the browser's own: an escaped address, the longest
# address, and brackets deep enough to overflow Pyodide's JavaScript stack were they parsed.
# Every bad link and save is refused on the page in tests/test_site_refused_records.py.
IN_THE_BROWSER = ("not base64", "deeply nested", "far too long")


def test_bad_links_and_saves_are_refused_with_a_fresh_game(
    context: BrowserContext, watch: Any, site_url: str
) -> None:
    page = watch.attach(context.new_page())
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    gp = GamePage(page, "sequence-duel")
    links = hostile_links()
    for name in IN_THE_BROWSER:
        g, words = links[name]
        gp.open(site_url, f"?g={g}")
        expect(gp.message, name).to_contain_text("That link could not be opened")
        expect(gp.message, name).to_contain_text(words)
        expect(gp.message, name).to_contain_text("A new game has started.")
        expect(gp.history, name).to_have_count(0)
        expect(gp.status, name).to_contain_text("Player 1:")
    # A damaged save in localStorage: refused the same way on the next visit, and replaced
    # by the fresh game once it is played.
    key = storage_key(site_url, "sequence-duel")
    record, words = BAD_SAVES[0]
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [key, saved(record)])
    gp.open(site_url)
    expect(gp.message).to_contain_text("Your saved game could not be restored")
    expect(gp.message).to_contain_text(words)
    expect(gp.history).to_have_count(0)
    gp.press("5")
    assert page.evaluate("(k) => localStorage.getItem(k)", key) != saved(record)
    assert dialogs == []


def test_a_second_tab_cannot_take_back_an_attack(
    context: BrowserContext, watch: Any, site_url: str
) -> None:
    """Two tabs of one game page share its save. After an attack in one, the other must not
    attack from the position before it (a take-back with both numbers seen): it shows the
    game as it is now, and says why."""
    first = open_game(context, watch, site_url, "number-duel")
    first.new_game(mode="2p", first="1", numbers="5", name1="", name2="")
    second = open_game(context, watch, site_url, "number-duel")
    expect(second.history).to_have_count(0)
    take_turn(first.in_front())
    expect(first.history).to_have_count(1)
    expect(second.history).to_have_count(1)  # refreshed, not left on the old position
    expect(second.message).to_contain_text("played on in another tab")
    take_turn(second.in_front())  # Player 2 answers from the position as it is now
    expect(second.history).to_have_count(2)
    expect(first.history).to_have_count(2)
    assert moves_text(first) == moves_text(second)


def test_a_reload_while_arranging_resumes_the_arranging_step(
    context: BrowserContext, watch: Any, site_url: str
) -> None:
    gp = open_game(context, watch, site_url, "number-duel")
    gp.new_game(mode="2p", first="1", numbers="3", name1="Ann", name2="Bob", arrange=True)
    body, handover = gp.page.locator("body"), gp.page.locator("#handover")
    gp.click(gp.page.get_by_role("button", name="Show Ann's numbers"))
    expect(body).to_have_attribute("data-turn", "arrange")
    cards = gp.page.locator("#targets").get_by_role("button", name=re.compile(r"^\d at position"))
    row = [int(name.split()[0]) for name in cards.all_text_contents()]
    gp.click(gp.target(f"{row[0]} at position 1"))
    gp.click(gp.target(f"{row[1]} at position 2"))  # Ann swaps her first two numbers
    expect(gp.target(f"{row[1]} at position 1")).to_be_attached()
    gp.click(gp.choice("Done arranging"))
    expect(handover).to_contain_text("Bob's turn")
    gp.page.reload()
    wait_started(gp.page)
    # Still Bob's turn to arrange, behind the hand-over screen; no move was played.
    expect(body).to_have_attribute("data-turn", "handover")
    expect(handover).to_contain_text("Bob's turn")
    gp.click(gp.page.get_by_role("button", name="Show Bob's numbers"))
    expect(body).to_have_attribute("data-turn", "arrange")
    expect(gp.status).to_contain_text("Bob: arrange your numbers")
    gp.click(gp.choice("Done arranging"))
    gp.click(gp.page.get_by_role("button", name="Show Ann's numbers"))
    # Ann's swap survived the reload: her row reads as she left it.
    own = [gp.target(str(n)) for n in (row[1], row[0], row[2])]
    boxes = [card.bounding_box() for card in own]
    assert all(boxes) and [b["x"] for b in boxes] == sorted(b["x"] for b in boxes)  # type: ignore[index]
    expect(gp.history).to_have_count(0)
