"""The hot-seat mode: two players at one screen, or this screen's player against the
computer, saved in the page's guarded slot (or nowhere: a lesson's embedded board)."""

from __future__ import annotations

from py_rules import Phase, Session
from py_rules.i18n import _

from .. import wording
from ..headless.board import Board
from ..headless.seats import Seat, hot_seats
from ..headless.slot import SaveSlot
from ..headless.view import Buttons, LinkPanelView
from ..settings import Features
from .base import RulesAlone, Saved, hidden_actions, names_of


class HotSeat(RulesAlone):
    """Two players at this screen, or this screen's player against the computer."""

    computer_moves = True
    unkept = wording.NOT_KEPT

    def __init__(self, slot: SaveSlot | None, features: Features, links: bool) -> None:
        self.slot = slot  # None: this board is not saved (a lesson's)
        self.hidden = hidden_actions(features, links)

    def seats(self, session: Session) -> tuple[Seat, Seat]:
        return hot_seats(names_of(session), session.computer)

    def to_act(self, session: Session) -> int | None:
        if session.phase is Phase.ARRANGE:
            return session.seat
        return session.game.to_move

    def refusal(self, session: Session) -> str | None:
        return None  # the board itself says why a press does nothing in this phase

    def no_take_back(self) -> str | None:
        return None

    def status(self, board: Board) -> str:
        return wording.status(board.session, board.renderer, board.view(), board.log)

    def buttons(self, session: Session) -> Buttons:
        undo, redo = session.undo_target() is not None, session.redo_target() is not None
        return Buttons(_("New game"), undo, redo, self.hidden)

    def panel(self, board: Board) -> tuple[str, bool, LinkPanelView | None]:
        return "", False, None

    def behind(self) -> bool:
        return bool(self.slot and self.slot.is_stale())

    def save(self, session: Session, text: str) -> Saved:
        if not self.slot or not self.slot.kept:
            return Saved.KEPT
        if not self.slot.store(text):
            return Saved.BEHIND
        return Saved.KEPT if self.slot.kept else Saved.UNKEPT
