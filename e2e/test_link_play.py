"""Playing a friend by link between two browsers (two contexts: two devices, each with
its own storage), passing every link through the page the way players do: press "Send
your move", read the link from its field, open it on the other device.

Two games are played to their end at small sizes: Number Duel (rows arranged and sealed,
a move in two clicks, the joining link answered) and Circle Duel (the shortest); the other
kinds reach their end by link through the same page code, and their ends (each player's
words, the last link offered once) are checked without a browser for every kind,
tests/test_site_link_play.py. A move by clicks in every game: e2e/test_games.py. The
refusals (a stale link, a tampered one) and Number Duel's cheating detection are checked on
games already under way, so that page loads (the costly part here) are shared.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import PHONE
from gamepage import READY_TIMEOUT_MS, GamePage, until, wait_started
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_accessibility import check, phone_context
from test_games import TURNS

from py_rules import new_game
from py_rules.play.link.payload import decode, encode
from py_rules.play.link.wire import from_text, to_text

# Small games, so that first legal moves finish them quickly (tests/test_site_link_play.py
# ends every kind with the same options).
OPTIONS = {"number-duel": {"numbers": "3"}, "circle-duel": {"size": "5"}}
MAX_TURNS = 200
# Phones, each with storage of its own (axe-core served to both): the `devices` fixture; their
# data saver on: the snapshot each device's first visit would make (a second Python) would
# serve one later start in the whole file (Ann's, back from the home page).
pytestmark = pytest.mark.context(phone=True, save_data=True)


class Player:
    """One device's game page, driven by clicks."""

    def __init__(self, context: BrowserContext, watch: Any, slug: str) -> None:
        self.page: Page = watch.attach(context.new_page())
        self.game = GamePage(self.page, slug)
        self.loaded = False

    @property
    def body(self) -> Any:
        return self.page.locator("body")

    def status(self) -> str:
        return self.body.get_attribute("data-link") or ""

    def invite(self, site_url: str, **fields: str | bool) -> str:
        """Open the page, fill the New game panel, start a game by link (moving first if
        it is this player's move: that link invites); the invitation."""
        self.game.open(site_url)
        self.loaded = True
        self.game.fill_options(**fields)
        self.page.get_by_role("button", name="Play a friend by link").click()
        self.game.answered()
        if fields.get("arrange"):
            self.game.choice("Done arranging").click()
            self.game.answered()
        expect(self.body).to_have_attribute("data-link", re.compile("waiting|your-turn"))
        if self.status() == "your-turn":
            self.move()
        return self.send()

    def send(self, label: str | None = None) -> str:
        """Press the send button ("Send your move", "Send your invitation", ...: `label`
        when given) and read the link from its field."""
        button = self.page.locator(".link-panel [data-action=send]")
        expect(button).to_be_visible()
        if label is not None:
            expect(button).to_have_text(label)
        button.click()
        self.game.answered()  # the field holds this link now, not one sent before
        field = self.page.get_by_role("textbox", name="Link to send")
        expect(field).to_have_value(re.compile(r"#play="))
        return field.input_value()

    def owes(self) -> bool:
        """Whether the page offers a link to send now."""
        return self.page.locator(".link-panel [data-action=send]").is_visible()

    def open(self, url: str) -> None:
        """Open a link as a player does: the page address, in this device's browser;
        wait until the page has taken it (or refused it)."""
        if not self.loaded:
            self.page.goto(url, wait_until="commit")
            wait_started(self.page)
            self.loaded = True
            expect(self.body).to_have_attribute("data-opened", "1")
            return
        opened = str(int(self.body.get_attribute("data-opened") or 0) + 1)
        self.page.goto(url)  # the same page: only the fragment changes
        until(self.page, "(n) => document.body.dataset.opened === n", opened)  # at every frame
        expect(self.body).to_have_attribute("data-opened", opened)

    def receive(self, url: str, status: str = "your-turn|over") -> None:
        self.open(url)
        expect(self.body).to_have_attribute("data-link", re.compile(f"^({status})$"))

    def join(self, url: str) -> None:
        """Open an invitation; in Number Duel keep the shuffled row (Done arranging)."""
        self.open(url)
        expect(self.body).to_have_attribute(
            "data-link", re.compile("^(arranging|your-turn|their-turn)$")
        )
        if self.status() == "arranging":
            self.game.choice("Done arranging").click()
            self.game.answered()
        expect(self.body).to_have_attribute("data-link", re.compile("^(your-turn|their-turn)$"))

    def move(self) -> None:
        """This player's first legal move, by clicks; then it is not their turn."""
        if self.game.slug == "number-duel":
            mine = [x for x in self.game.legal() if x.isdigit()]
            self.game.target(mine[0]).click()
            self.game.answered()  # the positions that number may go to, as Python shows them
            positions = [p for p in self.game.legal() if p.startswith("Position ")]
            self.game.target(positions[0]).click()
            self.game.answered()
        else:
            TURNS[self.game.slug](self.game, None)
        expect(self.body).not_to_have_attribute("data-link", "your-turn")

    def refused(self, url: str, words: str) -> None:
        """Open `url`: the page says `words` and the game stays as it was."""
        before = self.game.snapshot(), self.status()
        self.open(url)
        expect(self.game.message).to_contain_text(re.compile(words))
        assert (self.game.snapshot(), self.status()) == before


def play_to_end(players: list[Player], last: str) -> str:
    """Pass links until the game is over on both devices; the last link sent."""
    for _ in range(MAX_TURNS):
        done = [p.status() == "over" for p in players]
        mover = next((p for p in players if p.status() == "your-turn"), None)
        if all(done) or mover is None:
            break
        mover.move()
        last = mover.send()
        other = players[1 - players.index(mover)]
        other.receive(last)
    # Once it is over, a device may still have something to send (the last move,
    # Number Duel's rows opened at the end): the page offers it, labelled as the last.
    for _ in range(3):
        for player in players:
            other = players[1 - players.index(player)]
            if player.status() == "over" and player.owes():
                link = player.send("Send the last link")
                if other.status() == "over":
                    other.open(link)
                else:
                    other.receive(link, "over")
    for player in players:
        expect(player.body).to_have_attribute("data-link", "over")
    return last


@pytest.mark.parametrize("slug", list(OPTIONS))
def test_a_whole_game_by_link(
    devices: list[BrowserContext], site_url: str, watch: Any, slug: str
) -> None:
    ann, bob = (Player(context, watch, slug) for context in devices)
    invitation = ann.invite(site_url, name1="Ann", name2="Bob", **OPTIONS[slug])
    bob.join(invitation)
    expect(bob.page.locator("#players")).to_contain_text("Ann")
    players = [ann, bob]
    if bob.status() == "their-turn":  # Bob's joining link seals his row (Number Duel)
        ann.receive(bob.send())
    first = next(p for p in players if p.status() == "your-turn")
    first.move()
    stale = first.send()
    players[1 - players.index(first)].receive(stale)
    play_to_end(players, stale)
    # Each in their own words; nothing more to send or open but the last link, once.
    for player in players:
        expect(player.game.status).to_contain_text(
            re.compile("^(You won!|You lost\\.|It's a draw)")
        )
        expect(player.game.status).not_to_contain_text(re.compile("send them|open their"))
        expect(player.page.get_by_role("button", name="Send your move")).to_be_hidden()
    owing = [p for p in players if p.owes()]
    assert len(owing) <= 1
    for player in owing:
        # Sent (the page copied it), said so; still offered, as it cannot know it came.
        expect(player.game.status).to_contain_text(re.compile("this last link|Last link sent"))
    # An earlier link opened again is refused (stale, or the last one opened: sent twice),
    # and changes nothing; so is one's own.
    players[1 - players.index(first)].refused(stale, "older than the game|opened this link")
    first.refused(stale, "your own link")


def tampered(url: str, **changes: Any) -> str:
    """`url` with its line changed (and its check bytes made to match, as a cheater
    would), sent by the same player."""
    page, token = url.split("#play=")
    reading = decode(from_text(token))
    return f"{page}#play={to_text(encode(replace(reading.line, **changes), reading.sender))}"


def test_tampered_link_resign_stop_and_the_home_page(
    devices: list[BrowserContext], site_url: str, watch: Any
) -> None:
    ann, bob = (Player(context, watch, "number-circle") for context in devices)
    invitation = ann.invite(site_url, name1="Ann", name2="Bob")
    bob.join(invitation)
    check(bob.page, site_url, "a game by link, your turn")
    bob.move()
    sent = bob.send()
    check(bob.page, site_url, "a game by link, the link to send")
    # A changed history (Ann's first move) is refused on Ann's device: nothing changes.
    line = decode(from_text(sent.split("#play=")[1])).line
    start = new_game("number-circle", line.options, line.names)
    other_first = next(
        text for text in map(start.move_text, start.legal_moves()) if text != line.moves[0]
    )
    ann.refused(tampered(sent, moves=(other_first,)), "changes your move 1")
    check(ann.page, site_url, "a refused link")
    ann.receive(sent)
    ann.move()
    bob.receive(ann.send())
    bob.refused(invitation, "older than the game")  # stale: Bob has two more moves
    bob.refused(ann.send(), "opened this link already")
    bob.move()
    ann.receive(bob.send())
    # Resign is a move: Bob's device learns it from Ann's link.
    ann.page.get_by_role("button", name="Resign").click()
    expect(ann.body).to_have_attribute("data-link", "over")
    bob.receive(ann.send(), "over")
    expect(bob.game.status).to_contain_text("Ann resigned: you win.")
    expect(ann.game.status).to_contain_text("You resigned: Bob wins.")
    # Stop: this device refuses every later link of the game.
    bob.page.get_by_role("button", name="Stop this game").click()
    expect(bob.body).to_have_attribute("data-link", "stopped")
    bob.refused(ann.send(), "This game has ended on this device")
    # The home page lists the games by link of this browser, and continues them.
    bob.page.goto(site_url)
    listed = bob.page.locator(".link-games li")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("Number Circle with Ann: You stopped it")
    check(bob.page, site_url, "the home page's list")
    ann.page.goto(site_url)
    expect(ann.page.locator(".hero .lede")).to_contain_text("a friend on another device")
    expect(ann.page.locator(".link-games li")).to_contain_text("with Bob: Over: you lost")
    ann.page.locator(".link-games a").click()
    expect(ann.body).to_have_attribute("data-link", "over", timeout=READY_TIMEOUT_MS)
    expect(ann.game.status).to_contain_text("You resigned")


def shoot_sending(page: Page, artifacts: Path) -> None:
    """The board and its panel with a link to send, at a desktop width (for the README:
    docs/images/link-play.png is a copy)."""
    page.set_viewport_size({"width": 1100, "height": 900})
    expect(page.locator(".board")).to_have_css("width", re.compile(r"^[4-9][0-9]{2}"))
    page.evaluate("window.scrollTo(0, 0)")  # boxes in the page's own coordinates
    top, panel = (page.locator(sel).bounding_box() for sel in (".layout", ".link-panel"))
    assert top and panel
    bottom = panel["y"] + panel["height"] + 8
    clip = {"x": top["x"], "y": top["y"], "width": top["width"], "height": bottom - top["y"]}
    page.screenshot(path=str(artifacts / "link-play.png"), clip=clip, full_page=True)
    page.set_viewport_size(PHONE)


def test_number_duel_cheating_is_detected(
    devices: list[BrowserContext], site_url: str, watch: Any, artifacts: Path
) -> None:
    ann, bob = (Player(context, watch, "number-duel") for context in devices)
    invitation = ann.invite(site_url, name1="Ann", name2="Bob", numbers="3", arrange=True)
    bob.join(invitation)
    ann.receive(bob.send())  # Bob's seals: Ann moves first
    ann.move()
    honest = ann.send()
    shoot_sending(ann.page, artifacts)
    # Ann's device claims her attacking number is another one than the one she sealed.
    line = decode(from_text(honest.split("#play=")[1])).line
    opening = line.openings[-1]
    fake = opening.number % 3 + 1
    attack = f"{fake}@{line.moves[-1].split('@')[1]}"
    cheat = tampered(
        honest,
        moves=(*line.moves[:-1], attack),
        openings=(*line.openings[:-1], replace(opening, number=fake)),
    )
    bob.receive(cheat, "cheating")
    expect(bob.game.status).to_contain_text("Cheating detected")
    expect(bob.game.status).to_contain_text(f"Ann showed a {fake} at position {opening.position}")
    check(bob.page, site_url, "cheating detected")
    # The game has ended on Bob's device: even the honest link is refused now.
    bob.refused(honest, "This game has ended on this device")


def status_in_view_and_focused(page: Page) -> None:
    """The status line is on screen (the board starts under it) and has the focus."""
    expect(page.locator("#status")).to_be_focused()
    expect(page.locator("#status")).to_be_in_viewport()
    expect(page.locator("#board")).to_be_in_viewport()


def test_drawn_settings_waiting_words_and_opening_in_view(
    browser: Browser, site_url: str, watch: Any
) -> None:
    """Who moves first left to chance: both devices draw it, and the page says so; each
    waiting step is worded and follows the link shared or copied; the attack sent is
    drawn; opening a link, by address or pasted, shows the status and the board."""
    contexts = [
        phone_context(
            browser, site_url, save_data=True, permissions=["clipboard-read", "clipboard-write"]
        )
        for _ in range(2)
    ]
    try:
        ann, bob = (Player(context, watch, "number-duel") for context in contexts)
        invitation = ann.invite(site_url, name1="Ann", name2="Bob", numbers="3", first="random")
        settings = ann.page.locator(".link-settings")
        expect(settings).to_have_text(
            "Who moves first: to be drawn by both devices, from both links."
        )
        expect(ann.game.status).to_have_text(
            "Invitation sent. Waiting for Bob to join: open their answer here."
        )
        bob.join(invitation)
        expect(bob.body).to_have_attribute("data-link", "their-turn")
        expect(bob.game.status).to_contain_text(
            "Send your answer to Ann: their next link completes the draw"
        )
        # Bob scrolls away, then pastes nothing yet: Ann's answer comes by address later.
        answer = bob.send("Send your answer")
        expect(bob.body).to_have_attribute("data-link-sent", "true")
        expect(bob.game.status).to_contain_text("Answer sent. Waiting for Ann's link")
        ann.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        ann.receive(answer, "your-turn|their-turn")
        status_in_view_and_focused(ann.page)
        drawn = re.compile(r"^Who moves first: (Ann|Bob), drawn by both devices\.$")
        expect(settings).to_have_text(drawn)
        if ann.status() == "their-turn":  # Bob moves first: Ann's link carries the draw
            expect(ann.game.status).to_contain_text("Bob moves first: send them this link")
            reveal = ann.send("Send your answer")
            bob.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            bob.receive(reveal, "your-turn")
            status_in_view_and_focused(bob.page)
            attacker, defender = bob, ann
        else:
            attacker, defender = ann, bob
        attacker.move()
        name = "Bob" if defender is bob else "Ann"
        expect(attacker.game.status).to_contain_text(
            re.compile(rf"You attacked {name}'s position \d with your \d: their number there")
        )
        expect(attacker.game.status).to_contain_text(
            f"Send {name} this link: their device answers it."
        )
        link = attacker.send("Send your move")
        expect(attacker.game.status).to_contain_text(f"Sent: waiting for {name}'s answer")
        # Pasted into "Open a link a friend sent", from the bottom of the page.
        page = defender.page
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        opened = int(defender.body.get_attribute("data-opened") or 0)
        page.get_by_label("Open a link a friend sent").fill(link)
        page.get_by_role("button", name="Open link").click()
        expect(defender.body).to_have_attribute("data-opened", str(opened + 1))
        expect(defender.body).to_have_attribute("data-link", re.compile("^(your-turn|over)$"))
        status_in_view_and_focused(page)
        # Both devices show the same draw (Bob's learnt it from Ann's reveal).
        expect(bob.page.locator(".link-settings")).to_have_text(settings.inner_text())
        check(attacker.page, site_url, "a game by link, an attack sent")
    finally:
        for context in contexts:
            context.close()
    assert watch.errors == [], f"console errors: {watch.errors}"
