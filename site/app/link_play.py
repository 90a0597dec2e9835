"""Playing a friend by link on a game page, without the browser.

The protocol is `py_rules.play.link`: a `Device` holds this player's side and checks
every link. A `LinkDesk` is what one game page adds around it: the game shown (and, in
Number Duel, the row its player arranges before it is sealed), the page addresses that
carry links (`<page>#play=<link>`; `#game=<id>` reopens a kept game), and the games
kept in the browser (`LinkShelf`), each with a summary for the home page's list. The
board draws a device's game through `LinkSession`, the same way as a hot-seat game,
with the other player standing where a computer player would.

Nothing here checks a rule or a link itself: every refusal is the protocol's own.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from py_rules import Phase, Session
from py_rules.i18n import N_, _
from py_rules.play.link import (
    CHEATING,
    OVER,
    RESIGNED,
    STOPPED,
    THEIR_TURN,
    WAITING,
    YOUR_TURN,
    Device,
    LinkRefused,
)
from py_rules.play.link.line import decode, drawable
from py_rules.play.link.wire import from_text
from py_rules.registry import GAMES
from py_rules.rules.core import other
from py_rules.rules.errors import BadSave, RulesError

from . import wording
from .record import loads
from .renderers.base import Renderer, View
from .settings import Settings

PLAY, KEEP = "#play=", "#game="
SHELF_VERSION = 1
ENDED = (OVER, CHEATING, STOPPED)
# Far more than the games a player keeps (a Number Duel's is about 3,000 characters),
# far less than the browser's storage for the site.
MAX_SHELF_CHARS = 2_000_000
SET_ASIDE = N_(
    "The games by link kept in this browser were damaged: they were set aside, and new "
    "games by link are kept again."
)
NOT_KEPT = N_(
    "This browser does not keep games by link (its storage is off or full): you can play "
    "on here, but a reload loses this game."
)


def page_link(page: str, link: str) -> str:
    """The address that opens `link` on the game page `page`."""
    return f"{page}{PLAY}{link}"


def link_of(text: str) -> str:
    """The link in a page address or a bare link, as a player pasted it."""
    text = text.strip()
    return text.split(PLAY, 1)[1] if PLAY in text else text


def opponent(device: Device) -> str:
    return device.line.names[other(device.seat) - 1]


class LinkSession(Session):
    """A device's game as the board draws it: this player's side of the board, the
    other player where a computer would stand (never moved from here). Every secret
    shows only once the other player's row has been opened at the end."""

    rival_badge = N_("By link")  # the players panel's badge for the other player

    def __init__(self, device: Device) -> None:
        self.device = device
        super().__init__(device.game.copy(), computer=other(device.seat))

    @property
    def to_act(self) -> int | None:
        """Who acts next: the defender while an attack waits for their number."""
        device = self.device
        if device.status in ENDED:
            return None
        waiting = device.pending or device.drawing or device.status == WAITING
        return other(device.seat) if waiting else self.game.to_move

    @property
    def awaiting(self) -> str | None:
        """This player's move sent and waiting for the other's answer (drawn on the board)."""
        return self.device.pending

    @property
    def phase(self) -> Phase:
        status = self.device.status
        if status == YOUR_TURN:
            return Phase.HUMAN
        return Phase.OVER if status in ENDED else Phase.COMPUTER

    @property
    def reveal_all(self) -> bool:
        device = self.device
        line = device.line
        return device.status == OVER and (not line.hidden or other(device.seat) in line.closed)


def summary(device: Device) -> dict[str, str]:
    """One line of the home page's list: the game, the other player, whose turn. Kept in
    English, as data, whatever the game page's language was: the home page words the line
    in its own language from `status` and `outcome` (assets/link-games.js), and shows
    `state` as it is for a status it does not know."""
    them, status = opponent(device), device.status
    outcome = device.outcome()
    result = ""  # for a game over: "draw", "won" or "lost", as this device's player sees it
    if status == OVER and outcome is not None:
        if outcome.winner is None:
            state, result = "Over: a draw", "draw"
        elif outcome.winner == device.seat:
            state, result = "Over: you won", "won"
        else:
            state, result = "Over: you lost", "lost"
    else:
        state = {
            YOUR_TURN: "Your turn",
            THEIR_TURN: f"{them}'s turn",
            WAITING: f"Waiting for {them} to join",
            CHEATING: "Cheating detected",
            STOPPED: "You stopped it",
        }.get(status, status)
    return {
        "slug": device.line.slug,
        "title": GAMES[device.line.slug].title,
        "opponent": them,
        "status": status,
        "state": state,
        "outcome": result,
        "id": device.line.game_id.hex(),
    }


def status_line(
    session: LinkSession, renderer: Renderer, view: View, log: list[str], sent: bool = False
) -> str:
    """The status line of a game by link, in this player's own words: the last move,
    then what happens next, following each step (`sent`: the player has sent the link
    shown, as far as the page can tell)."""
    device = session.device
    them, status = opponent(device), device.status
    if status == YOUR_TURN:
        return wording.status(session, renderer, view, log)
    if status == CHEATING:
        assert device.ended is not None
        return _("Cheating detected: the game is over. {evidence}").format(evidence=device.ended[1])
    if status == STOPPED:
        return _("You stopped this game: its links are refused here.")
    if status == OVER:
        return result_line(session, renderer, sent)
    if status == WAITING:
        if sent:
            return _("Invitation sent. Waiting for {name} to join: open their answer here.").format(
                name=them
            )
        return _("Send your invitation to {name}, then open their answer here.").format(name=them)
    if device.drawing:
        if sent:
            return _(
                "Answer sent. Waiting for {name}'s link: it completes the draw of the random"
                " settings, and the game starts."
            ).format(name=them)
        return _(
            "Send your answer to {name}: their next link completes the draw of the random"
            " settings, and the game starts."
        ).format(name=them)
    last = log[session.at - 1] + " " if session.at else ""
    if device.pending:
        attack = renderer.awaiting(session.game, device.pending, device.seat)
        if sent:
            waits = _("{move} Sent: waiting for {name}'s answer; open their link here.")
        else:
            waits = _("{move} Send {name} this link: their device answers it.")
        return last + waits.format(move=attack, name=them)
    if not device.has_moved:
        if sent:
            return _("Sent. {name} moves first: open their move here when it comes.").format(
                name=them
            )
        return _(
            "{name} moves first: send them this link so their device can start, then open"
            " their move here."
        ).format(name=them)
    if sent:
        return last + _("Move sent. Waiting for {name}'s move: open their link here.").format(
            name=them
        )
    return last + _("{name}'s turn: send them your move, then open their link here.").format(
        name=them
    )


def result_line(session: LinkSession, renderer: Renderer, sent: bool) -> str:
    """How the game ended, as this player says it, and the last link if they owe it."""
    device = session.device
    them, names = opponent(device), device.line.names
    outcome = device.outcome()
    assert outcome is not None
    if outcome.reason == RESIGNED:
        if outcome.winner == device.seat:
            said = _("{name} resigned: you win.").format(name=them)
        else:
            said = _("You resigned: {winner} wins.").format(winner=names[other(device.seat) - 1])
    elif outcome.winner is None:
        said = wording.ending(session.game, renderer)
    elif outcome.winner == device.seat:
        said = _("You won! {why}").format(why=wording.why_it_ended(session.game, renderer))
    else:
        said = _("You lost. {why}").format(why=wording.why_it_ended(session.game, renderer))
    if not device.owes_link:
        return said
    if sent:
        return said + " " + _("Last link sent.")
    return said + " " + _("Send {name} this last link: it shows them the end.").format(name=them)


def send_label(device: Device) -> str:
    """The send button's words for what the link carries now."""
    if device.status == WAITING:
        return _("Send your invitation")
    if device.status == OVER:
        return _("Send the last link")
    if not device.has_moved:
        return _("Send your answer")
    return _("Send your move")


def settings_note(device: Device) -> str:
    """Which of the settings that may be left to chance were chosen in the invitation and
    which were drawn by both devices (with what came out, once it has)."""
    line = device.line
    draw = line.draw
    parts = []
    for spec in drawable(GAMES[line.slug]):
        if spec.name == "first":
            label = _("Who moves first")
            value = line.names[line.options["first"] - 1]
        else:
            text = _(spec.help)
            label, value = text[:1].upper() + text[1:], str(line.options[spec.name])
        if draw is None or spec.name not in draw.names:
            said = _("{setting}: {value}, chosen in the invitation.")
        elif draw.done:
            said = _("{setting}: {value}, drawn by both devices.")
        else:
            said = _("{setting}: to be drawn by both devices, from both links.")
        parts.append(said.format(setting=label, value=value))
    return " ".join(parts)


def not_now(device: Device) -> str:
    """Why a press on the board does nothing now (it is not this player's turn)."""
    them, status = opponent(device), device.status
    if status == WAITING:
        return _("Wait for {name} to open your invitation: send it to them first.").format(
            name=them
        )
    if status == THEIR_TURN:
        return _("It is {name}'s turn: send your move, then open their link here.").format(
            name=them
        )
    if status == CHEATING:
        return _("Cheating was detected: this game is over.")
    if status == STOPPED:
        return _("You stopped this game.")
    return _("The game is over: press New game or Play a friend by link to play again.")


class LinkShelf:
    """The games by link kept in this browser, under one storage key of the site: each
    game's device (its secrets included: they never leave the browser) and its summary.
    `read` and `write` are the page's storage calls; a refused write leaves the games
    playable, unsaved (`kept` turns False).

    Any page of the origin may write that key, so its value is read through the same
    guard as a saved game (`record.loads`: too large or too deeply nested is refused
    before parsing). A value that is not a shelf is set aside under `<key>:damaged`,
    once, and the page says so (`notice`); the shelf starts again empty. The end of a
    game (stopped, cheating detected) is written twice, in its device and in the
    shelf's list of ended games, so a value edited in one place never brings it back."""

    def __init__(
        self, key: str, read: Callable[[str], str | None], write: Callable[[str, str], bool]
    ) -> None:
        self.key, self.read, self.write = key, read, write
        self.kept = True
        self.notice = ""  # said once by the page: the kept games were set aside

    def data(self) -> dict[str, Any]:
        """The shelf as stored: {"v", "games", "ended"}; an empty one if none is kept,
        and one set aside (once) if what is kept is not a shelf."""
        text = self.read(self.key)
        empty: dict[str, Any] = {"v": SHELF_VERSION, "games": {}, "ended": {}}
        if not text:
            return empty
        try:
            if len(text) > MAX_SHELF_CHARS:
                raise BadSave("too large")
            data = loads(text)
        except (BadSave, ValueError, RecursionError):
            data = None
        if (
            isinstance(data, dict)
            and data.get("v") == SHELF_VERSION
            and isinstance(data.get("games"), dict)
            and isinstance(data.get("ended", {}), dict)
        ):
            return {**empty, **data}
        if self.write(f"{self.key}:damaged", text):
            self.write(self.key, json.dumps(empty))
        self.notice = _(SET_ASIDE)
        return empty

    def games(self) -> dict[str, Any]:
        """Every kept game by id."""
        games: dict[str, Any] = self.data()["games"]
        return games

    def load(self, game_id: str) -> Device | None:
        """The kept game `game_id`; None when it is not kept. BadSave: corrupt."""
        data = self.data()
        entry = data["games"].get(game_id)
        if not isinstance(entry, dict):
            return None
        device = Device.from_data(entry.get("device"))
        ended = data["ended"].get(game_id)
        if device.ended is None and ended is not None:
            if not (
                isinstance(ended, list) and len(ended) == 2 and ended[0] in (CHEATING, STOPPED)
            ):
                raise BadSave(_("This game by link is corrupt."))
            device.ended = (str(ended[0]), str(ended[1]))
        return device

    def keep(self, device: Device, sent: bool = False) -> bool:
        """Keep the device (the newest first in the list), and whether the player has sent
        its link (shared or copied: `sent`); False: the browser refused."""
        data = self.data()
        key = device.line.game_id.hex()
        games = {k: v for k, v in data["games"].items() if k != key}
        entry: dict[str, Any] = {"device": device.to_data(), "summary": summary(device)}
        if sent:
            entry["sent"] = fingerprint(device.link())
        games = {key: entry, **games}
        ended = dict(data["ended"])
        if device.ended:
            ended[key] = list(device.ended)
        shelf = {"v": SHELF_VERSION, "games": games, "ended": ended}
        self.kept = self.write(self.key, json.dumps(shelf))
        return self.kept

    def was_sent(self, device: Device) -> bool:
        """Whether the player sent this device's link as it is now (before a reload)."""
        entry = self.games().get(device.line.game_id.hex())
        return isinstance(entry, dict) and entry.get("sent") == fingerprint(device.link())


def fingerprint(link: str) -> str:
    """A short mark of a link, kept to know it was sent (the link itself is long)."""
    return hashlib.sha256(link.encode()).hexdigest()[:32]


class LinkDesk:
    """The game by link a page shows, if any: starting one, opening links, moving."""

    def __init__(self, slug: str, shelf: LinkShelf, page: str) -> None:
        self.slug, self.shelf, self.page = slug, shelf, page
        self.device: Device | None = None
        self.arranging: Session | None = None  # Number Duel: the row before it is sealed
        self.seal: Callable[[tuple[int, ...]], Device] | None = None  # how it is sealed then
        self.sent = ""  # the last link the player shared or copied (the status follows it)

    @property
    def active(self) -> bool:
        return self.device is not None or self.arranging is not None

    def leave(self) -> None:
        """Show a hot-seat game again (the game by link stays kept)."""
        self.device, self.arranging, self.seal = None, None, None

    def session(self) -> Session:
        if self.arranging is not None:
            return self.arranging
        assert self.device is not None
        return LinkSession(self.device)

    def address(self) -> str:
        """The page address of the link to send now."""
        assert self.device is not None
        return page_link(self.page, self.device.link())

    def start(self, settings: Settings, seat: int) -> None:
        """A new game by link from the New game panel's settings, played as `seat`
        (RulesError: refused, nothing changes). In a game with hidden numbers and
        "arrange" chosen, the player arranges their row first (`arranged`)."""
        slug, options, names = self.slug, settings.options, settings.names
        if settings.arrange and GAMES[slug].has_arrangement:
            session = Session.new(slug, options, names, other(seat), arrange=True)
            self.leave()
            self.arranging = session
            self.seal = lambda order: Device.start(slug, options, names, seat, order)
        else:
            self.show(Device.start(slug, options, names, seat))

    def arranged(self) -> bool:
        """After a press while arranging: seal the row once the player is done with it."""
        session = self.arranging
        if session is None or session.phase is Phase.ARRANGE or self.seal is None:
            return False
        order = session.game.arrangement(session.seat)
        assert order is not None
        self.show(self.seal(order))
        return True

    def show(self, device: Device) -> None:
        self.leave()
        self.device = device
        self.sent = device.link() if self.shelf.was_sent(device) else ""
        self.keep()

    @property
    def link_sent(self) -> bool:
        """Whether the player sent the link to send now (shared or copied it)."""
        return self.device is not None and self.sent == self.device.link()

    def keep(self) -> None:
        """Keep the device shown, with whether its link as it is now was sent."""
        assert self.device is not None
        self.shelf.keep(self.device, self.link_sent)

    def mark_sent(self) -> None:
        """The player shared or copied the link to send: the status says so, after a
        reload too (a player who sent it should not wonder whether to send it again)."""
        assert self.device is not None
        self.sent = self.device.link()
        self.keep()

    def open(self, fragment: str) -> str:
        """Open a page address's fragment (`#play=<link>` or `#game=<id>`) or a pasted
        link; returns what to tell the player ("" when all went well). A refused link
        changes nothing: the game it was for is shown as it was."""
        if fragment.startswith(KEEP):
            return self.reopen(fragment[len(KEEP) :])
        if fragment.startswith("#") and not fragment.startswith(PLAY):
            return ""  # another page's fragment: not a link
        text = link_of(fragment)
        try:
            line = decode(from_text(text)).line
        except LinkRefused as refusal:
            return str(refusal)
        if line.slug != self.slug:
            game = _(GAMES[line.slug].title)
            return _("This link is for {game}: open it on that game's page.").format(game=game)
        device = self.device
        if device is None or device.line.game_id != line.game_id:
            try:
                device = self.shelf.load(line.game_id.hex())
            except RulesError as error:
                message = _("The game this link continues could not be read here: {error}")
                return message.format(error=error)
            if device is None:
                return self.join(text)
            self.show(device)
        try:
            got = device.receive(text)
        except LinkRefused as refusal:
            return str(refusal)
        self.keep()
        if got.cheating:
            return _("Cheating detected: {evidence}").format(evidence=got.cheating)
        return ""

    def reopen(self, game_id: str) -> str:
        try:
            kept = self.shelf.load(game_id)
        except RulesError as error:
            return _("This game by link could not be read here: {error}").format(error=error)
        if kept is None:
            return _("This game by link is not kept in this browser.")
        self.show(kept)
        return ""

    def join(self, text: str) -> str:
        """Take the other player's invitation; in Number Duel this player arranges their
        row first (pressing Done keeps the shuffled one)."""
        try:
            reading = decode(from_text(text))
            line = reading.line
            if not line.hidden:
                self.show(Device.join(text))
                return ""
            seat = other(reading.sender)
            Device.join(text)  # refuses here what it would refuse once arranged
            session = Session.new(self.slug, line.options, line.names, other(seat), arrange=True)
        except RulesError as error:
            return str(error)
        self.leave()
        self.arranging = session
        self.seal = lambda order: Device.join(text, order)
        return ""

    def act(self, action: Callable[[Device], object]) -> str:
        """A move, resign or stop on this device; a refusal says why and changes nothing."""
        assert self.device is not None
        try:
            action(self.device)
        except RulesError as error:
            return str(error)
        self.keep()
        return ""
