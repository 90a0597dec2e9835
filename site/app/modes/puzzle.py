"""The puzzle mode: the one board plays one puzzle, its moves judged by the solver.

`Puzzle` is a mode of `controller.BoardController` (see `modes.base`) with the moves handed
to a `py_rules.play.puzzle_session.PuzzleSession`. The player plays the side to move; each
move is judged at once ("Correct" or "Not this one"), then the solver's answer (the
opponent's defence, or the reply that refutes a wrong move) follows after the computer's
usual pause. New game becomes Start over, Try again appears after a wrong move, and Undo,
Redo and Share are hidden (the puzzle decides what is played). A solved puzzle is
remembered in this browser through the guarded slot (`solved_key`), and pages may listen
for it (`on_solved`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from py_rules import Session
from py_rules.engine.puzzles import NoPuzzleData, load
from py_rules.i18n import N_, _, ngettext
from py_rules.play.puzzle_session import PuzzleSession, Stage, Step, find
from py_rules.play.puzzle_session import unknown as unknown_puzzle
from py_rules.play.session import Chooser
from py_rules.rules.core import Checked
from py_rules.rules.errors import RulesError

from .. import wording
from ..browser import address_bar, storage
from ..headless.board import Board
from ..headless.seats import Seat, hot_seats
from ..headless.view import Buttons, LinkPanelView
from ..record import solved_ids, solved_text
from ..settings import Features
from .base import Saved, hidden_actions, names_of

SOLVED_NAME = "puzzles-solved"
# The puzzle's heading by its difficulty (`py_rules.engine.puzzles.difficulty`).
PUZZLE_OF = {"easy": N_("Easy puzzle"), "medium": N_("Medium puzzle"), "hard": N_("Hard puzzle")}
_solved_key: str | None = None
_data: dict[str, Any] | None = None
_listeners: list[Callable[[str], None]] = []


def puzzle_data() -> dict[str, Any]:
    """The shipped puzzles (read once per page; none if the file is missing)."""
    global _data
    if _data is None:
        try:
            _data = load()
        except NoPuzzleData:
            _data = {"games": {}}
    return _data


def puzzle_or_notice(slug: str, puzzle_id: str) -> tuple[dict[str, Any] | None, str]:
    """The puzzle with that id, or None and the notice to show instead."""
    puzzle = find(puzzle_data(), slug, puzzle_id)
    return puzzle, "" if puzzle else unknown_puzzle(slug, puzzle_id)


def solved_key() -> str:
    """The localStorage key of this site's solved puzzles (an earlier version's list moved
    there the first time)."""
    global _solved_key
    if _solved_key is None:
        _solved_key = storage.site_key(address_bar.site_scope(), SOLVED_NAME)
        storage.adopt_unscoped(SOLVED_NAME, _solved_key)
    return _solved_key


def solved() -> set[str]:
    """The ids of the puzzles solved in this browser (a damaged record counts as none)."""
    return solved_ids(storage.page_slot(solved_key()).load())


def on_solved(listener: Callable[[str], None]) -> None:
    """Call `listener(puzzle_id)` whenever a puzzle is solved on this page."""
    _listeners.append(listener)


def mark_solved(puzzle_id: str) -> None:
    """Add the puzzle to those solved, through the guarded slot: a list another tab saved
    meanwhile is read again and added to (refused: this visit only)."""
    slot = storage.page_slot(solved_key())
    for _attempt in range(2):
        if slot.store(solved_text(solved_ids(slot.load()) | {puzzle_id})):
            break
    for listener in _listeners:
        listener(puzzle_id)


class Puzzle:
    """The mode of a board that plays one puzzle (see `modes.base.Mode` for the hooks)."""

    computer_moves = True  # the solver answers after the computer's usual pause
    unkept = ""

    def __init__(self, slug: str, puzzle: dict[str, Any], features: Features) -> None:
        self.puzzle = PuzzleSession(slug, puzzle)
        self.hidden = (*hidden_actions(features, False), "undo", "redo", "share")
        self.told: Step | str = ""  # the feedback: the last move judged, or words
        self.solved = False

    def start(self) -> Session:
        self.puzzle.restart()
        self.told = self.goal_text(short=True)
        return self.position()

    def retry(self) -> Session | str:
        try:
            self.puzzle.retry()
        except RulesError as error:
            return str(error)
        self.told = _("Try again: {name} to move and win.").format(name=self.mover())
        return self.position()

    def position(self) -> Session:
        """A session at the puzzle's current position, the solver playing the opponent."""
        return Session(self.puzzle.game.copy(), computer=self.puzzle.opponent)

    def judge(self, move: Checked) -> str | None:
        try:
            self.told = self.puzzle.play(move)
        except RulesError as error:
            return str(error)
        return None

    def answer(self) -> Chooser | str | None:
        """The solver's next answer (worked out now, after the pause, not before the
        player's move is shown: on a deep position it takes a moment)."""
        reply = self.puzzle.reply()
        if reply is None or self.puzzle.last is None:
            return self.puzzle.not_now()
        self.told = self.puzzle.last
        return lambda _game: reply

    def refusal(self, session: Session) -> str | None:
        return None if self.puzzle.stage is Stage.SOLVING else self.puzzle.not_now()

    def no_take_back(self) -> str | None:
        return _("In a puzzle the move list is for reading: Start over goes back to its start.")

    def seats(self, session: Session) -> tuple[Seat, Seat]:
        return hot_seats(names_of(session), session.computer)

    def to_act(self, session: Session) -> int | None:
        return session.game.to_move

    def status(self, board: Board) -> str:
        return wording.status(board.session, board.renderer, board.view(), board.log)

    def stage(self) -> str:
        return "replying" if self.puzzle.reply_due else self.puzzle.stage.value

    def buttons(self, session: Session) -> Buttons:
        hidden = self.hidden if self.stage() == "refuted" else (*self.hidden, "retry")
        return Buttons(_("Start over"), False, False, hidden)

    def panel(self, board: Board) -> tuple[str, bool, LinkPanelView | None]:
        return "", False, None

    def behind(self) -> bool:
        return False  # nothing but the solved puzzles is kept, and they only grow

    def save(self, session: Session, text: str) -> Saved:
        """The solve remembered once the win is shown."""
        if self.stage() == "solved" and not self.solved:
            self.solved = True
            mark_solved(self.puzzle.puzzle["id"])
        return Saved.KEPT

    def words(self) -> tuple[str, str, str]:
        """The goal, the feedback and the stage (tests and styles read it)."""
        told = self.told if isinstance(self.told, str) else self.judgement(self.told)
        return self.goal_text(), told, self.stage()

    def mover(self) -> str:
        return self.puzzle.game.player_name(self.puzzle.player)

    def goal_text(self, short: bool = False) -> str:
        info, name = self.puzzle.puzzle, self.mover()
        if short:
            return _("{name} to move and win: find the winning move.").format(name=name)
        kind = info["difficulty"]
        heading = _(PUZZLE_OF[kind]) if kind in PUZZLE_OF else f"{kind.capitalize()} puzzle"
        count = info["win_in"]
        goal = ngettext(
            "{puzzle}: {name} to move wins in one move. You play {name}; the solver defends.",
            "{puzzle}: {name} to move wins in {count} moves. You play {name}; the solver defends.",
            count,
        )
        return goal.format(puzzle=heading, name=name, count=count)

    def judgement(self, step: Step) -> str:
        """What the player's move did, with the solver's answers so far."""
        rival = self.puzzle.game.player_name(self.puzzle.opponent)
        shown, due = step.replies, self.puzzle.reply_due
        move, replies = step.move, _(", ").join(shown)
        if step.correct:
            if self.puzzle.stage is Stage.SOLVED:
                return _("Correct: {move} wins. Puzzle solved!").format(move=move)
            if due or not shown:
                return _("Correct: {move} keeps the win.").format(move=move)
            message = _(
                "Correct: {move} keeps the win. {name} answers {replies}: "
                "find the next winning move."
            )
            return message.format(move=move, name=rival, replies=replies)
        if due:
            return _("Not this one: {move} lets {name} win.").format(move=move, name=rival)
        if not shown:
            return _("Not this one: {move} loses at once. Press Try again.").format(move=move)
        message = _(
            "Not this one: after {move}, {name} answers {replies} and wins. Press Try again."
        )
        return message.format(move=move, name=rival, replies=replies)
