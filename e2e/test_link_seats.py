"""Where the modes meet: who sits where, and a tab that is behind.

Each side of a game is named once, from its seat: a friend by link is never called the
computer, the player waiting for a friend's answer is not "to move", and the computer
has one label. A tab that is behind (a phone opens each received link in a new tab)
never plays from the old position: it shows the newer state, and the finished game
kept on the device stays as it ended.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from gamepage import storage_key
from playwright.sync_api import BrowserContext, expect
from test_link_play import Player, play_to_end

OTHER_TAB = "played on in another tab"
pytestmark = pytest.mark.context(phone=True)  # the `devices` and `context` fixtures


def card(player: Player, seat: int) -> Any:
    return player.page.locator(f"#players .player.p{seat}")


def shelf(player: Player, site_url: str) -> str:
    """The games by link this device keeps, as stored."""
    key = storage_key(site_url, "links")
    return str(player.page.evaluate("key => localStorage.getItem(key)", key))


def test_the_invited_player_never_sees_the_inviter_as_the_computer(
    devices: list[BrowserContext], site_url: str, watch: Any
) -> None:
    ann, bob = (Player(context, watch, "number-duel") for context in devices)
    invitation = ann.invite(site_url, name1="Ann", name2="Bob", numbers="3")
    # The inviter waits for the friend: the friend acts next, not "you".
    expect(ann.body).to_have_attribute("data-link", "waiting")
    expect(card(ann, 1)).not_to_have_class(re.compile("to-move"))
    expect(card(ann, 1)).not_to_contain_text("To move")
    expect(card(ann, 2)).to_contain_text("Bob")
    bob.open(invitation)
    expect(bob.body).to_have_attribute("data-link", "arranging")
    players = bob.page.locator("#players")
    expect(players).to_contain_text("Ann")
    expect(players).to_contain_text("By link")
    expect(players).not_to_contain_text(re.compile("computer", re.IGNORECASE))
    bob.game.choice("Done arranging").click()
    expect(bob.body).to_have_attribute("data-link", re.compile("^(your-turn|their-turn)$"))
    expect(players).not_to_contain_text(re.compile("computer", re.IGNORECASE))


def test_a_friend_by_link_after_a_computer_game_is_no_computer(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    ann = Player(context, watch, "number-circle")
    ann.game.open(site_url, "?delay=50")
    ann.loaded = True
    ann.game.new_game(mode="cpu2")
    # The computer has one label: its name, with no second "Computer" badge.
    computer = card(ann, 2)
    expect(computer).to_contain_text("Computer")
    assert computer.inner_text().lower().count("computer") == 1, computer.inner_text()
    ann.page.get_by_role("button", name="Play a friend by link").click()
    expect(ann.body).to_have_attribute("data-link", re.compile("waiting|your-turn"))
    expect(ann.page.locator(".link-panel h2")).to_have_text("Playing Player 2 by link")
    expect(ann.page.locator("#players")).not_to_contain_text(re.compile("computer", re.I))
    ann.page.goto(site_url)
    expect(ann.page.locator(".link-games li")).to_contain_text("with Player 2")


def test_a_tab_that_is_behind_never_plays_over_the_finished_game(
    devices: list[BrowserContext], site_url: str, watch: Any
) -> None:
    ann, bob = (Player(context, watch, "number-duel") for context in devices)
    invitation = ann.invite(site_url, name1="Ann", name2="Bob", numbers="3", first="1")
    bob.join(invitation)
    if bob.status() == "their-turn":  # Bob's joining link seals his row
        ann.receive(bob.send())
    if bob.status() == "your-turn":
        bob.move()
        ann.receive(bob.send())
    expect(ann.body).to_have_attribute("data-link", "your-turn")
    # The same link opened again in a new tab, as a phone's chat does: the game goes on
    # there to its end, while the first tab still shows Ann's turn.
    stale = ann
    ann = Player(devices[0], watch, "number-duel")
    ann.open(stale.page.url)
    expect(ann.body).to_have_attribute("data-link", "your-turn")
    play_to_end([ann, bob], "")
    expect(ann.body).to_have_attribute("data-link", "over")
    kept = shelf(ann, site_url)
    # Back to the first tab: a move there changes nothing on this device.
    game = stale.game.in_front()  # the player goes back to it
    mine = [x for x in game.legal() if x.isdigit()]
    if mine:
        game.target(mine[0]).click()
        game.answered()  # what that press leads to, as Python shows it
        positions = [p for p in game.legal() if p.startswith("Position ")]
        if positions:
            game.target(positions[0]).click()
            game.answered()
    expect(stale.body).to_have_attribute("data-link", "over")
    expect(stale.page.locator("#storage-note")).to_contain_text(OTHER_TAB)
    assert shelf(ann, site_url) == kept  # no second hidden number opened, nothing overwritten
    home = watch.attach(devices[0].new_page())
    home.goto(site_url)
    expect(home.locator(".link-games li")).to_contain_text("Number Duel with Bob: Over")
