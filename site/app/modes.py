"""The modes a board plays in, each one typed object that the one controller holds.

A mode answers the controller's questions, the same hooks in every mode: may a press
play now (`refusal`), may a move be taken back (`no_take_back`), where is the game saved
(`save`, `behind`), who sits where (`seats`, `to_act`), what the status says (`status`)
and what the buttons offer (`buttons`); a game by link adds its panel (`panel`). The
controller (`controller.BoardController`) wires events and draws; the rules decide.

`HotSeat`: two players at one screen, or one against the computer (saved in the page's
slot, or not at all in a lesson's embedded board). `ByLink`: a game with a friend by link
(`link_play.LinkDesk`). The puzzle mode is `puzzle.Puzzle`.
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol

from py_rules import Phase, Session
from py_rules.i18n import N_, _
from py_rules.play.link import OVER, THEIR_TURN, WAITING
from py_rules.play.session import Chooser
from py_rules.rules.core import Checked

from . import wording
from .board import Board
from .link_play import LinkDesk, LinkSession
from .link_shelf import NOT_KEPT, opponent
from .link_words import not_now as link_not_now
from .link_words import send_label, settings_note, status_line
from .seats import Seat, hot_seats, link_seats
from .settings import Features
from .slot import SaveSlot
from .view import Buttons, LinkPanelView, PageView, cards

NO_TAKE_BACK = N_("A game by link keeps every move sent: none can be taken back.")


class Saved(Enum):
    KEPT = "kept"  # saved, or nowhere to save (a lesson's board)
    BEHIND = "behind"  # another tab saved first: show its game, say so
    UNKEPT = "unkept"  # the browser refused: said once, the game plays on unsaved


class Mode(Protocol):
    """What the controller asks of the mode it holds."""

    computer_moves: bool  # the controller schedules the computer's moves
    unkept: str  # the note when the browser refuses to keep the game

    def start(self) -> Session | None: ...
    def retry(self) -> Session | str | None: ...
    def judge(self, move: Checked) -> str | None: ...
    def answer(self) -> Chooser | str | None: ...
    def words(self) -> tuple[str, str, str]: ...

    def seats(self, session: Session) -> tuple[Seat, Seat]: ...
    def to_act(self, session: Session) -> int | None: ...
    def refusal(self, session: Session) -> str | None: ...
    def no_take_back(self) -> str | None: ...
    def status(self, board: Board) -> str: ...
    def buttons(self, session: Session) -> Buttons: ...
    def panel(self, board: Board) -> tuple[str, bool, LinkPanelView | None]: ...
    def behind(self) -> bool: ...
    def save(self, session: Session, text: str) -> Saved: ...


def names_of(session: Session) -> tuple[str, str]:
    game = session.game
    return game.player_name(1), game.player_name(2)


def hidden_actions(features: Features, links: bool) -> tuple[str, ...]:
    hidden = () if features.hints else ("hint",)
    return hidden if links else (*hidden, "link")


class HotSeat:
    """Two players at this screen, or this screen's player against the computer."""

    computer_moves = True
    unkept = wording.NOT_KEPT

    def __init__(self, slot: SaveSlot | None, features: Features, links: bool) -> None:
        self.slot = slot  # None: this board is not saved (a lesson's)
        self.hidden = hidden_actions(features, links)

    def start(self) -> Session | None:
        return None  # a link, the save or the settings

    def retry(self) -> Session | str | None:
        return None  # only a puzzle has Try again

    def judge(self, move: Checked) -> str | None:
        return None  # the rules alone judge it

    def answer(self) -> Chooser | str | None:
        return None  # the computer plays at its level

    def words(self) -> tuple[str, str, str]:
        return "", "", ""  # no goal, no feedback, no stage

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


class ByLink:
    """A game with a friend by link, or this player's row arranged before it is sealed."""

    computer_moves = False
    unkept = NOT_KEPT

    def __init__(self, desk: LinkDesk, features: Features) -> None:
        self.desk = desk
        self.hidden = hidden_actions(features, True)

    def start(self) -> Session | None:
        return None  # a link, the save or the settings

    def retry(self) -> Session | str | None:
        return None  # only a puzzle has Try again

    def judge(self, move: Checked) -> str | None:
        return None  # the rules alone judge it

    def answer(self) -> Chooser | str | None:
        return None  # the computer plays at its level

    def words(self) -> tuple[str, str, str]:
        return "", "", ""  # no goal, no feedback, no stage

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


def page_view(mode: Mode, board: Board) -> PageView:
    """What the page shows now, computed once from the board and the mode."""
    session, game = board.session, board.session.game
    seats, to_act = mode.seats(session), mode.to_act(session)
    link_state, sent, panel = mode.panel(board)
    goal, feedback, stage = mode.words()
    return PageView(
        status=mode.status(board),
        over=session.phase is Phase.OVER,
        player=str(game.winner if game.is_over else game.to_move or ""),
        turn=session.phase.value,
        cards=cards(session, board.renderer, board.view(), seats, to_act),
        buttons=mode.buttons(session),
        link_state=link_state,
        link_sent=sent,
        link=panel,
        goal=goal,
        feedback=feedback,
        stage=stage,
    )
