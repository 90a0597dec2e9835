"""A game page's games by link without the browser (`site/app/link/`): two desks
(two devices, each with its own storage) start, join and play games by passing page
addresses, keep them, reopen them by id, refuse bad links with the protocol's words,
and show only what the rules let this player see."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from app.headless.board import Board
from app.headless.slot import without_revision
from app.link.desk import LinkDesk, LinkSession, link_of
from app.link.shelf import NOT_KEPT, LinkShelf, summary
from app.link.words import not_now, send_label, settings_note, status_line
from app.modes.base import page_view
from app.modes.by_link import ByLink
from app.modes.hot_seat import HotSeat
from app.renderers import renderer_class
from app.renderers.base import View
from app.settings import Features, Settings
from strategies import SHIPPED, every_game

from py_rules import GAMES, Phase, Session
from py_rules.play.link import CHEATING, OVER, STOPPED, THEIR_TURN, WAITING, YOUR_TURN
from py_rules.play.link.payload import decode, encode
from py_rules.play.link.wire import from_text, to_text

PAGE = "https://example.org/number-duels/games/{slug}/"
KEY = "number-duels:/number-duels/links"


class Storage:
    """One browser's localStorage; `refuse` makes every write fail."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.refuse = False

    def read(self, key: str) -> str | None:
        return self.items.get(key)

    def write(self, key: str, text: str) -> bool:
        if self.refuse:
            return False
        self.items[key] = text
        return True


def desk(slug: str, storage: Storage | None = None) -> LinkDesk:
    storage = storage or Storage()
    return LinkDesk(slug, LinkShelf(KEY, storage.read, storage.write), PAGE.format(slug=slug))


def settings(**options: object) -> Settings:
    return Settings(names=("Ann", "Bob"), options=dict(options))


def first_move(here: LinkDesk) -> str:
    assert here.device is not None
    game = here.device.game
    return game.move_text(game.legal_moves()[0])


def play(here: LinkDesk) -> str:
    """This desk's first legal move; the address to send."""
    assert here.act(lambda device: device.play(first_move(here))) == ""
    return here.address()


def test_a_whole_game_passes_page_addresses_and_ends_alike() -> None:
    ann, bob = desk("circle-duel"), desk("circle-duel")
    ann.start(settings(size="5"), 1)
    assert ann.device is not None and ann.device.status == YOUR_TURN
    sent = play(ann)
    assert sent.startswith(PAGE.format(slug="circle-duel") + "#play=")
    assert bob.open("#play=" + sent.split("#play=")[1]) == ""
    for _ in range(50):
        mover, waiting = (ann, bob) if ann.device.status == YOUR_TURN else (bob, ann)
        if mover.device is None or mover.device.status != YOUR_TURN:
            break
        assert waiting.open(play(mover)) == ""
    assert ann.device.status == bob.device.status == OVER
    assert ann.device.outcome() == bob.device.outcome()


def test_refusals_are_the_protocols_and_change_nothing() -> None:
    ann, bob = desk("number-circle"), desk("number-circle")
    ann.start(settings(), 1)
    invitation = play(ann)
    assert bob.open(invitation) == ""
    answer = play(bob)
    assert ann.open(answer) == ""
    assert bob.open(play(ann)) == ""
    assert "older than the game" in bob.open(invitation)
    before = ann.device.line
    assert "opened this link already" in ann.open(answer)
    assert "your own link" in ann.open(ann.address())
    assert "damaged" in ann.open(answer[:-5])
    assert "for Digit Chain" in desk("circle-duel").open(desk_link("digit-chain"))
    assert ann.device.line == before


def desk_link(slug: str) -> str:
    other = desk(slug)
    other.start(settings(), 2)
    return other.address()


def test_number_duel_arranges_before_sealing_and_shows_no_hidden_number() -> None:
    ann, bob = desk("number-duel"), desk("number-duel")
    ann.start(Settings(names=("Ann", "Bob"), options={"numbers": "3"}, arrange=True), 1)
    assert ann.device is None and ann.arranging is not None
    ann.arranging.swap(1, 2)
    row = ann.arranging.arrangement()
    assert not ann.arranged()  # not done yet
    ann.arranging.done_arranging()
    assert ann.arranged() and ann.device is not None
    assert ann.device.order == row and ann.device.status == WAITING
    assert "Wait for Bob" in not_now(ann.device)
    assert bob.open(ann.address()) == "" and bob.arranging is not None
    bob.arranging.done_arranging()
    assert bob.arranged() and bob.device is not None
    assert ann.open(bob.address()) == ""
    assert ann.device.status == YOUR_TURN and bob.device.status == THEIR_TURN
    session = LinkSession(bob.device)
    assert session.phase is Phase.COMPUTER and not session.reveal_all
    seen = session.seen()["rows"]["1"]
    assert all(card["number"] is None for card in seen), "Ann's row stays hidden on Bob's"
    renderer = renderer_class("number-duel")(GAMES["number-duel"])
    view = View(2, None, False, 2)
    assert status_line(session, renderer, view, []).startswith("Ann moves first: send them")


def test_kept_games_reopen_by_id_and_list_their_summary() -> None:
    storage = Storage()
    ann = desk("digit-chain", storage)
    ann.start(settings(), 2)
    game_id = ann.device.line.game_id.hex()
    again = desk("digit-chain", storage)
    assert again.open(f"#game={game_id}") == ""
    assert again.device.to_data() == ann.device.to_data()
    games = json.loads(without_revision(storage.items[KEY]))["games"]
    assert games[game_id]["summary"] == summary(ann.device)
    assert summary(ann.device)["state"] == "Ann's turn"  # this device plays Bob
    assert "not kept" in desk("digit-chain", storage).open("#game=00ff00ff00ff00ff")
    storage.items[KEY] = "{not json"
    assert "not kept" in desk("digit-chain", storage).open(f"#game={game_id}")


def test_storage_refused_leaves_the_game_playable() -> None:
    storage = Storage()
    storage.refuse = True
    ann, bob = desk("circle-duel", storage), desk("circle-duel")
    ann.start(settings(size="5"), 1)
    assert not ann.shelf.kept and NOT_KEPT
    assert bob.open(play(ann)) == ""
    assert ann.open(play(bob)) == ""  # the game shown is taken even though none is kept
    assert ann.device.status in (YOUR_TURN, OVER)


def test_resign_and_stop() -> None:
    ann, bob = desk("number-circle"), desk("number-circle")
    ann.start(settings(), 1)
    assert bob.open(play(ann)) == ""
    assert ann.open(play(bob)) == ""
    assert ann.act(lambda device: device.resign()) == ""
    assert bob.open(ann.address()) == ""
    assert bob.device.status == OVER and summary(bob.device)["state"] == "Over: you won"
    assert (summary(bob.device)["outcome"], summary(ann.device)["outcome"]) == ("won", "lost")
    renderer = renderer_class("number-circle")(GAMES["number-circle"])
    words = status_line(LinkSession(bob.device), renderer, View(2), [])
    assert words == "Ann resigned: you win."
    words = status_line(LinkSession(ann.device), renderer, View(1), [])
    assert words == "You resigned: Bob wins. Send Bob this last link: it shows them the end."
    assert bob.act(lambda device: device.stop()) == ""
    assert bob.device.status == STOPPED
    assert "ended on this device" in bob.open(ann.address())
    assert ann.act(lambda device: device.play("1+")) == "The game is over."


@pytest.mark.parametrize("text", ["#play=", "#other", "   ", "#play=%%%"])
def test_junk_is_refused_or_ignored(text: str) -> None:
    here = desk("circle-duel")
    message = here.open(text)
    assert not here.active
    if text == "#other":  # another fragment than a link's: not a link at all
        assert message == ""
    else:
        assert "link" in message


def test_link_of_takes_page_addresses_and_bare_links() -> None:
    assert link_of(" https://x/games/a/#play=ABC ") == "ABC"
    assert link_of("ABC") == "ABC"


def test_cheating_ends_the_game_with_the_evidence() -> None:
    ann, bob = desk("number-duel"), desk("number-duel")
    ann.start(settings(numbers="3"), 1)
    assert bob.open(ann.address()) == "" and bob.arranging is not None
    bob.arranging.done_arranging()
    assert bob.arranged() and ann.open(bob.address()) == ""
    honest = play(ann)
    assert LinkSession(ann.device).to_act == 2, "Bob answers Ann's attack next"
    reading = decode(from_text(honest))
    line = reading.line
    opening = line.openings[-1]
    fake = opening.number % 3 + 1
    moves = (*line.moves[:-1], f"{fake}@{line.moves[-1].split('@')[1]}")
    openings = (*line.openings[:-1], replace(opening, number=fake))
    cheat = to_text(encode(replace(line, moves=moves, openings=openings), reading.sender))
    assert bob.open(cheat).startswith("Cheating detected: Ann showed a")
    assert bob.device.status == CHEATING
    renderer = renderer_class("number-duel")(GAMES["number-duel"])
    words = status_line(LinkSession(bob.device), renderer, View(2, seat=2), [])
    assert words.startswith("Cheating detected: the game is over. Ann showed a")
    assert "ended on this device" in bob.open(honest)


@pytest.mark.parametrize(
    "damage",
    [
        "[]",
        "3",
        '"games"',
        "null",
        "[" * 50_000 + "]" * 50_000,
        '{"v": 1, "games": []}',
        '{"v": 1, "games": {}, "ended": [1]}',
        '{"v": 2, "games": {}}',
        "{not json",
    ],
)
def test_a_damaged_shelf_is_set_aside_once_and_never_breaks_a_game(damage: str) -> None:
    """Any page of the origin can write the key: a value that is not a shelf is kept
    aside under another key, said once, and games by link start and are kept again."""
    storage = Storage()
    storage.items[KEY] = damage
    ann = desk("circle-duel", storage)
    ann.start(settings(size="5"), 1)
    assert ann.device is not None and ann.shelf.notice
    assert storage.items[f"{KEY}:damaged"] == damage
    ann.shelf.notice = ""
    games = json.loads(without_revision(storage.items[KEY]))["games"]
    assert list(games) == [ann.device.line.game_id.hex()]
    again = desk("circle-duel", storage)
    assert again.open(f"#game={ann.device.line.game_id.hex()}") == ""
    assert not again.shelf.notice and not ann.shelf.notice


def test_a_damaged_kept_game_is_refused_with_words() -> None:
    storage = Storage()
    ann = desk("circle-duel", storage)
    ann.start(settings(size="5"), 1)
    game_id = ann.device.line.game_id.hex()
    shelf = json.loads(without_revision(storage.items[KEY]))
    shelf["games"][game_id]["device"]["line"] = {"deep": [[["x"]]]}
    storage.items[KEY] = json.dumps(shelf)
    assert "could not be read" in desk("circle-duel", storage).open(f"#game={game_id}")


@pytest.mark.parametrize("how", ["stop", "cheating"])
def test_an_ended_game_whose_end_was_erased_stays_ended(how: str) -> None:
    storage = Storage()
    ann, bob = desk("number-circle", storage), desk("number-circle")
    ann.start(settings(), 1)
    assert bob.open(play(ann)) == ""
    if how == "stop":
        assert ann.act(lambda device: device.stop()) == ""
    else:
        ann.device.ended = (CHEATING, "Bob showed a 3 twice.")
        ann.shelf.keep(ann.device)
    game_id = ann.device.line.game_id.hex()
    shelf = json.loads(without_revision(storage.items[KEY]))
    shelf["games"][game_id]["device"]["ended"] = None  # erased by another page
    storage.items[KEY] = json.dumps(shelf)
    again = desk("number-circle", storage)
    assert again.open(f"#game={game_id}") == ""
    assert again.device is not None and again.device.status == (
        STOPPED if how == "stop" else CHEATING
    )
    assert "ended on this device" in again.open(
        play(bob) if bob.device.status == YOUR_TURN else bob.address()
    )


def test_the_page_says_which_settings_were_chosen_and_which_drawn() -> None:
    ann, bob = desk("number-circle"), desk("number-circle")
    ann.start(settings(first="random", target="12"), 1)
    assert ann.device is not None
    note = settings_note(ann.device)
    assert "Who moves first: to be drawn by both devices" in note
    assert "The target total (T): 12, chosen in the invitation." in note
    assert bob.open(ann.address()) == "" and bob.device is not None
    renderer = renderer_class("number-circle")(GAMES["number-circle"])
    words = status_line(LinkSession(bob.device), renderer, View(2), [])
    assert "completes the draw" in words and LinkSession(bob.device).to_act == 1
    assert ann.open(bob.address()) == "" and bob.open(ann.address()) == ""
    first = ann.device.line.names[ann.device.line.options["first"] - 1]
    assert f"Who moves first: {first}, drawn by both devices." in settings_note(bob.device)
    assert settings_note(bob.device) == settings_note(ann.device)


def finish(ann: LinkDesk, bob: LinkDesk) -> LinkDesk:
    """Play first legal moves to the end; the desk whose link ended the game."""
    last = ann
    for _ in range(200):
        movers = [d for d in (ann, bob) if d.device.status == YOUR_TURN]
        if not movers:
            break
        last = movers[0]
        waiting = bob if last is ann else ann
        assert waiting.open(play(last)) == ""
    return last


# Small games of every shipped kind (e2e/test_link_play.py plays two of them to the end in
# the browser, by clicks, with these options; this test ends every kind).
SMALL = every_game(
    {
        "circle-duel": {"size": "5"},
        "number-circle": {},
        "sequence-duel": {"size": "6"},
        "digit-chain": {"pool": "30"},
        "number-duel": {"numbers": "3"},
    },
    SHIPPED,
)


@pytest.mark.parametrize("slug", SHIPPED)
def test_the_end_is_said_in_each_players_words_and_the_last_link_offered_once(slug: str) -> None:
    ann, bob = desk(slug), desk(slug)
    ann.start(settings(**SMALL[slug]), 1)
    if ann.device.status == WAITING:
        assert bob.open(ann.address()) == "" and bob.arranging is not None
        bob.arranging.done_arranging()
        assert bob.arranged() and ann.open(bob.address()) == ""
    else:
        assert bob.open(play(ann)) == ""
    finish(ann, bob)
    # Number Duel: the attacker learns the end from the defender's answer, then opens
    # the rest of its row: each side passes on what it has, until neither has news.
    for _ in range(2):
        for here, there in ((ann, bob), (bob, ann)):
            if here.device.owes_link:
                assert there.open(here.address()) in ("", "You have opened this link already.")
    assert ann.device.status == bob.device.status == OVER
    assert ann.device.line.closed == bob.device.line.closed
    # A device cannot know its last link arrived: only the one that made the last
    # change still offers it, and only until the player says it was sent.
    assert [ann.device.owes_link, bob.device.owes_link].count(True) == 1
    renderer = renderer_class(slug)(GAMES[slug])
    winner = ann if ann.device.outcome().winner == 1 else bob
    loser = bob if winner is ann else ann
    tie = ann.device.outcome().winner is None
    for here, words in ((winner, "You won! "), (loser, "You lost. ")):
        line = status_line(LinkSession(here.device), renderer, View(here.device.seat), [], True)
        assert line.startswith("It's a draw" if tie else words) and " wins" not in line
        assert "your move" not in line and "open their" not in line
    if tie:
        return
    assert summary(loser.device)["state"] == "Over: you lost"
    assert summary(winner.device)["state"] == "Over: you won"


def test_the_player_whose_move_ends_the_game_is_told_to_send_it() -> None:
    ann, bob = desk("circle-duel"), desk("circle-duel")
    ann.start(settings(size="5"), 1)
    assert bob.open(play(ann)) == ""
    last = finish(ann, bob)
    other_desk = bob if last is ann else ann
    assert last.device.status == OVER and last.device.owes_link
    assert send_label(last.device) == "Send the last link"
    renderer = renderer_class("circle-duel")(GAMES["circle-duel"])
    view = View(last.device.seat)
    said = status_line(LinkSession(last.device), renderer, view, [])
    them = other_desk.device.line.names[other_desk.device.seat - 1]
    assert said.endswith(f"Send {them} this last link: it shows them the end.")
    sent = status_line(LinkSession(last.device), renderer, view, [], sent=True)
    assert sent.endswith("Last link sent.")
    assert other_desk.device.status == OVER and not other_desk.device.owes_link


def test_the_waiting_state_says_each_step_in_words() -> None:
    ann, bob = desk("number-duel"), desk("number-duel")
    ann.start(settings(numbers="3"), 1)
    renderer = renderer_class("number-duel")(GAMES["number-duel"])
    said = status_line(LinkSession(ann.device), renderer, View(1), [])
    assert said == "Send your invitation to Bob, then open their answer here."
    assert send_label(ann.device) == "Send your invitation"
    assert status_line(LinkSession(ann.device), renderer, View(1), [], sent=True).startswith(
        "Invitation sent. Waiting for Bob to join"
    )
    assert bob.open(ann.address()) == "" and bob.arranging is not None
    bob.arranging.done_arranging()
    assert bob.arranged()
    assert send_label(bob.device) == "Send your answer"  # no move of Bob's yet
    assert ann.open(bob.address()) == ""
    attack = first_move(ann)
    play(ann)
    number, position = attack.split("@")
    session = LinkSession(ann.device)
    said = status_line(session, renderer, View(1), [])
    assert said == (
        f"You attacked Bob's position {position} with your {number}: their number there decides"
        " it. Send Bob this link: their device answers it."
    )
    assert "Sent: waiting for Bob's answer" in status_line(session, renderer, View(1), [], True)
    assert send_label(ann.device) == "Send your move"
    texts: list[str] = []

    class Pen:
        width = 600.0

        def text(self, x: float, y: float, text: str, *rest: object) -> None:
            texts.append(text)

        def __getattr__(self, name: str) -> object:
            return lambda *args, **kwargs: None

    from app.headless.board import view_of

    view = view_of(session, None)
    assert view.awaiting == attack
    renderer.draw(Pen(), session.game, view, renderer.layout(session.game, view, 600.0))  # type: ignore[arg-type]
    assert f"You attack position {position} · waiting for Bob's number" in texts
    assert "No attacks yet" not in texts


def test_a_tab_that_is_behind_shows_the_newer_game_and_writes_nothing() -> None:
    """Two tabs of one browser (one storage): the older one never plays from its old
    position, nor over the game the newer tab moved on."""
    storage = Storage()
    ann, bob = desk("number-circle", storage), desk("number-circle")
    ann.start(settings(first=2), 1)
    assert bob.open(ann.address()) == ""
    link = play(bob)
    assert ann.open(link) == "" and ann.device.status == YOUR_TURN
    newer = desk("number-circle", storage)  # the same link opened in a new tab
    newer.open(link)
    assert newer.device is not None and newer.device.status == YOUR_TURN
    play(newer)
    kept = storage.items[KEY]
    assert ann.behind() and not newer.behind()
    said = ann.act(lambda device: device.play(first_move(ann)))
    assert "another tab" in said and storage.items[KEY] == kept
    assert ann.device.status != YOUR_TURN and not ann.behind()  # the newer game, shown


def test_the_modes_name_each_side_from_its_seat() -> None:
    ann, bob = desk("number-duel"), desk("number-duel")
    ann.start(settings(numbers=3), 1)
    assert bob.open(ann.address()) == "" and bob.arranging is not None
    mode = ByLink(bob, Features())
    board = Board(bob.session(), renderer_class("number-duel")(GAMES["number-duel"]))
    page = page_view(mode, board)
    assert [c.badge for c in page.cards] == ["By link", "You"]
    assert page.cards[1].to_move and not page.cards[0].to_move  # Bob arranges his row
    waiting = ByLink(ann, Features())
    board = Board(ann.session(), renderer_class("number-duel")(GAMES["number-duel"]))
    page = page_view(waiting, board)
    assert ann.device is not None and ann.device.status == WAITING
    assert [c.to_move for c in page.cards] == [False, True]  # the friend acts next
    assert "link" not in page.buttons.hidden and not page.buttons.undo
    assert page.link is not None and page.link.them == "Bob"


def test_a_hot_seat_against_the_computer_has_one_computer_label() -> None:
    session = Session.new("number-circle", names=("Ann", "Computer"), computer=2)
    board = Board(session, renderer_class("number-circle")(GAMES["number-circle"]))
    page = page_view(HotSeat(None, Features(hints=False), False), board)
    assert [(c.name, c.badge) for c in page.cards] == [("Ann", "You"), ("Computer", "")]
    assert set(page.buttons.hidden) == {"hint", "link"} and page.link is None


def test_the_hand_over_card_is_part_of_the_page_view() -> None:
    session = Session.new("number-duel", names=("Ann", "Bob"))
    board = Board(session, renderer_class("number-duel")(GAMES["number-duel"]))
    page = page_view(HotSeat(None, Features(), True), board)
    assert session.phase is Phase.HAND_OVER and page.handover is not None
    assert page.handover.title == "Ann's turn" and "Bob, no peeking!" in page.handover.text
    assert page.handover.button == "Show Ann's numbers" and page.handover.last == ""
    session.reveal()
    assert page_view(HotSeat(None, Features(), True), board).handover is None
