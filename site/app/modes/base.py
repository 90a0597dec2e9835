"""The modes a board plays in, each one typed object that the one controller holds.

A mode answers the controller's questions, the same hooks in every mode: may a press
play now (`refusal`), may a move be taken back (`no_take_back`), where is the game saved
(`save`, `behind`), who sits where (`seats`, `to_act`), what the status says (`status`)
and what the buttons offer (`buttons`); a game by link adds its panel (`panel`). The
controller (`controller.BoardController`) wires events and draws; the rules decide.

The modes: `hot_seat.HotSeat` (two players at one screen, or one against the computer;
saved in the page's slot, or not at all in a lesson's embedded board), `by_link.ByLink`
(a game with a friend by link, `link.desk.LinkDesk`) and `modes.puzzle.Puzzle`.
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol

from py_rules import Phase, Session
from py_rules.play.session import Chooser
from py_rules.rules.core import Checked

from ..headless.board import Board
from ..headless.seats import Seat
from ..headless.view import Buttons, LinkPanelView, PageView, cards, handover
from ..settings import Features


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


class RulesAlone:
    """The puzzle's hooks as every other mode answers them: the game starts from a link, the
    save or the settings, has no Try again, is judged by the rules alone, the computer plays
    at its level, and there are no puzzle words to show."""

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


def names_of(session: Session) -> tuple[str, str]:
    game = session.game
    return game.player_name(1), game.player_name(2)


def hidden_actions(features: Features, links: bool) -> tuple[str, ...]:
    hidden = () if features.hints else ("hint",)
    return hidden if links else (*hidden, "link")


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
        handover=handover(session, board.log),
    )
