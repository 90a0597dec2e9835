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

from collections.abc import Callable

from py_rules import Phase, Session
from py_rules.i18n import N_, _
from py_rules.play.link import (
    OVER,
    WAITING,
    YOUR_TURN,
    Device,
    LinkRefused,
)
from py_rules.play.link.payload import decode
from py_rules.play.link.wire import from_text
from py_rules.registry import GAMES
from py_rules.rules.core import other
from py_rules.rules.errors import RulesError

from .. import wording
from ..settings import Settings
from .shelf import ENDED, LinkShelf

PLAY, KEEP = "#play=", "#game="


def page_link(page: str, link: str) -> str:
    """The address that opens `link` on the game page `page`."""
    return f"{page}{PLAY}{link}"


def link_of(text: str) -> str:
    """The link in a page address or a bare link, as a player pasted it."""
    text = text.strip()
    return text.split(PLAY, 1)[1] if PLAY in text else text


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


class LinkDesk:
    """The game by link a page shows, if any: starting one, opening links, moving."""

    def __init__(self, slug: str, shelf: LinkShelf, page: str) -> None:
        self.slug, self.shelf, self.page = slug, shelf, page
        self.device: Device | None = None
        self.arranging: Session | None = None  # Number Duel: the row before it is sealed
        self.seal: Callable[[tuple[int, ...]], Device] | None = None  # how it is sealed then
        self.sent = ""  # the last link the player shared or copied (the status follows it)

    def behind(self) -> bool:
        """Whether another tab of this browser has moved the game shown on since."""
        return self.device is not None and self.shelf.behind(self.device)

    def catch_up(self) -> str:
        """Show the game as another tab kept it, and say so."""
        assert self.device is not None
        self.reopen(self.device.line.game_id.hex())
        return _(wording.OTHER_TAB)

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
        self.shelf.keep(device)

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
        if device is None or device.line.game_id != line.game_id or self.behind():
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
        self.shelf.keep(device)
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
        if self.behind():
            return self.catch_up()
        try:
            action(self.device)
        except RulesError as error:
            return str(error)
        self.shelf.keep(self.device)
        return ""
