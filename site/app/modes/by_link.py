"""The mode of a game with a friend by link: the desk's game (or this player's row
arranged before it is sealed), every move sent kept, the link panel shown."""

from __future__ import annotations

from py_rules import Phase, Session
from py_rules.i18n import N_, _
from py_rules.play.link import OVER, THEIR_TURN, WAITING

from .. import wording
from ..headless.board import Board
from ..headless.seats import Seat, link_seats
from ..headless.view import Buttons, LinkPanelView
from ..link.desk import LinkDesk, LinkSession
from ..link.shelf import NOT_KEPT, opponent
from ..link.words import not_now as link_not_now
from ..link.words import send_label, settings_note, status_line
from ..settings import Features
from .base import RulesAlone, Saved, hidden_actions, names_of

NO_TAKE_BACK = N_("A game by link keeps every move sent: none can be taken back.")


class ByLink(RulesAlone):
    """A game with a friend by link, or this player's row arranged before it is sealed."""

    computer_moves = False
    unkept = NOT_KEPT

    def __init__(self, desk: LinkDesk, features: Features) -> None:
        self.desk = desk
        self.hidden = hidden_actions(features, True)

    def seats(self, session: Session) -> tuple[Seat, Seat]:
        return link_seats(names_of(session), self.mine(session))

    def mine(self, session: Session) -> int:
        device = self.desk.device
        return device.seat if device is not None else session.seat or 1

    def to_act(self, session: Session) -> int | None:
        if isinstance(session, LinkSession):
            return session.to_act
        return self.mine(session)  # arranging this player's row

    def refusal(self, session: Session) -> str | None:
        if isinstance(session, LinkSession) and session.phase is not Phase.HUMAN:
            return link_not_now(session.device)
        return None

    def no_take_back(self) -> str | None:
        return _(NO_TAKE_BACK)

    def status(self, board: Board) -> str:
        session, device = board.session, self.desk.device
        if not isinstance(session, LinkSession) or device is None:
            return wording.status(session, board.renderer, board.view(), board.log)
        sent = self.desk.sent == device.link()
        return status_line(session, board.renderer, board.view(), board.log, sent)

    def buttons(self, session: Session) -> Buttons:
        return Buttons(_("New game"), False, False, self.hidden)  # every move sent stays

    def panel(self, board: Board) -> tuple[str, bool, LinkPanelView | None]:
        device = self.desk.device
        if not isinstance(board.session, LinkSession) or device is None:
            return "arranging", False, None
        sending = device.status in (WAITING, THEIR_TURN) or (
            device.status == OVER and device.owes_link
        )
        title = _(type(board.session.game).title)
        view = LinkPanelView(
            device.status,
            opponent(device),
            title,
            self.desk.address(),
            settings_note(device),
            send_label(device),
            sending,
        )
        return device.status, self.desk.sent == device.link(), view

    def behind(self) -> bool:
        return self.desk.behind()

    def save(self, session: Session, text: str) -> Saved:
        """Kept by the desk at each change, through the shelf's guarded slot."""
        return Saved.KEPT if self.desk.shelf.kept else Saved.UNKEPT
