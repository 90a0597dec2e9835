"""A board that plays one puzzle: the normal board, its moves judged by the solver.

`PuzzleBoard` is the page's `BoardController` with the moves handed to a
`py_rules.play.puzzle_session.PuzzleSession`. The player plays the side to move; each move is
judged at once ("Correct" or "Not this one"), then the solver's answer (the opponent's
defence, or the reply that refutes a wrong move) follows after the computer's usual
pause. New game becomes Start over, Try again appears after a wrong move, and Undo,
Redo and Share are hidden (the puzzle decides what is played). A solved puzzle is
remembered in this browser (`solved_key`), and pages may listen for it (`on_solved`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from py_rules import Phase, Session
from py_rules.engine.puzzles import NoPuzzleData, load
from py_rules.i18n import N_, _, ngettext
from py_rules.play.puzzle_session import PuzzleSession, Stage, Step, find
from py_rules.play.puzzle_session import unknown as unknown_puzzle
from py_rules.rules.core import Checked
from py_rules.rules.errors import RulesError

from . import dom, storage
from .controller import BoardController, Host
from .dom import el, on
from .record import solved_ids, solved_text
from .settings import Settings

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
        _solved_key = storage.site_key(dom.site_scope(), SOLVED_NAME)
        storage.adopt_unscoped(SOLVED_NAME, _solved_key)
    return _solved_key


def solved() -> set[str]:
    """The ids of the puzzles solved in this browser (a damaged record counts as none)."""
    return solved_ids(dom.stored(solved_key()))


def on_solved(listener: Callable[[str], None]) -> None:
    """Call `listener(puzzle_id)` whenever a puzzle is solved on this page."""
    _listeners.append(listener)


def mark_solved(puzzle_id: str) -> None:
    dom.store(solved_key(), solved_text(solved() | {puzzle_id}))  # refused: this visit only
    for listener in _listeners:
        listener(puzzle_id)


class PuzzleBoard(BoardController):
    def __init__(self, host: Host, puzzle: dict[str, Any]) -> None:
        super().__init__(host, Settings())
        self.screen.review.enabled = False  # the move list's review would give answers away
        self.puzzle = PuzzleSession(host.slug, puzzle)
        root = host.root
        self.goal = el("p", "puzzle-goal")
        self.feedback = el("p", "puzzle-feedback", aria_live="polite")
        root.prepend(self.goal)
        root.querySelector(".message").before(self.feedback)
        for key in ("undo", "redo", "share"):
            self.action[key].hidden = True
        self.action["new"].textContent = _("Start over")
        self.retry_button = el("button", "button primary", _("Try again"), type="button")
        self.retry_button.dataset.action = "retry"
        self.action["new"].before(self.retry_button)
        on(self.retry_button, "click", lambda _event: self.retry())
        root.dataset.puzzleId = puzzle["id"]

    # ----- starting and going back --------------------------------------------------

    def begin(self, link: str | None = None, notice: str = "") -> None:
        """Show the puzzle's position (a link or a save never applies to a puzzle)."""
        self.restart()
        self.say(notice)

    def restart(self) -> None:
        self.puzzle.restart()
        self.load(self.position())
        self.goal.textContent = self.goal_text()
        self.tell(self.goal_text(short=True))

    def on_new_game(self, event: Any) -> None:
        event.preventDefault()
        self.restart()

    def retry(self) -> None:
        try:
            self.puzzle.retry()
        except RulesError as error:
            return self.say(str(error))
        self.load(self.position())
        self.tell(_("Try again: {name} to move and win.").format(name=self.mover()))
        self.screen.focus_first()

    def position(self) -> Session:
        """A session at the puzzle's current position, the solver playing the opponent."""
        return Session(self.puzzle.game.copy(), computer=self.puzzle.opponent)

    # ----- moves --------------------------------------------------------------------

    def press(self, key: str) -> None:
        if self.puzzle.stage is not Stage.SOLVING:
            return self.say(self.puzzle.not_now())
        super().press(key)

    def play(self, move: Checked) -> None:
        """The player's move: judged by the puzzle first, then shown on the board; the
        solver answers after the computer's usual pause (`computer_move`)."""
        try:
            step = self.puzzle.play(move)
        except RulesError as error:
            self.show_stage()
            return self.say(str(error))
        super().play(move)
        self.tell(self.judgement(step))

    def computer_move(self) -> None:
        """The solver's next answer (worked out now, after the pause, not before the
        player's move is shown: on a deep position it takes a moment)."""
        self.timer = None
        if self.session.phase is not Phase.COMPUTER:
            return
        reply = self.puzzle.reply()
        if reply is None or self.puzzle.last is None:
            self.show_stage()
            return self.say(self.puzzle.not_now())
        self.show(self.board.computer_move(self.rng, choose=lambda _game: reply))
        self.tell(self.judgement(self.puzzle.last))

    def go(self, where: str | int) -> None:
        self.say(_("In a puzzle the move list is for reading: Start over goes back to its start."))

    def changed(self) -> None:
        super().changed()
        self.show_stage()

    # ----- words ----------------------------------------------------------------------

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

    def tell(self, text: str) -> None:
        self.feedback.textContent = text

    def show_stage(self) -> None:
        """The stage on the board's element (tests and styles read it), Try again when
        a refutation is on the board, and the solve remembered once the win is shown."""
        stage = self.puzzle.stage
        state = "replying" if self.puzzle.reply_due else stage.value
        root = self.host.root
        first_time = state == "solved" and root.dataset.puzzleState != "solved"
        root.dataset.puzzleState = state
        self.retry_button.hidden = state != "refuted"
        if first_time:
            mark_solved(self.puzzle.puzzle["id"])
