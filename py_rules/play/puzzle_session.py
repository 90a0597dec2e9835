"""Playing one puzzle: the steps a puzzle board runs, with no browser in sight.

The player plays the side to move, and must find every move of the win, as in a chess
puzzle: each of their moves is checked by the solver (`play`). A move that keeps the win
is correct, and the solver answers (`reply`) with the opponent's longest defence, until
the game is won. A move that gives the win away is wrong: the solver plays the
opponent's reply that refutes it (their quickest win) so the player sees why, and
`retry` goes back to the position before the wrong move. A puzzle counts as solved once
the player has won.

Which puzzles the browser remembers as solved is a JSON list of ids in one
localStorage value; `solved_ids` reads it back and ignores whatever is not such a list.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..engine.puzzles import CANDIDATE_BUDGET, position, quickest_or_longest
from ..engine.solvers.base import BudgetExceeded, node_budget
from ..engine.solving import solver_for
from ..i18n import _
from ..rules.core import Checked, Game, other
from ..rules.errors import IllegalMove, RulesError, quoted

# New positions the solver may visit to judge one of the player's moves.
JUDGE_BUDGET = 10 * CANDIDATE_BUDGET


class PuzzleError(RulesError):
    """A move or action that does not fit the puzzle now; nothing was changed."""


class Stage(Enum):
    """Where a puzzle stands; the values are the words of the board's data attribute."""

    SOLVING = "solving"  # the player's move is awaited
    REFUTED = "refuted"  # a wrong move and its refutation are shown: retry
    SOLVED = "solved"  # the player has won
    STUCK = "stuck"  # the position got too deep to judge in the page


@dataclass(frozen=True)
class Step:
    """One move of the player and what followed: the solver's replies (the opponent's
    defence after a correct move, the refutation after a wrong one)."""

    move: str
    correct: bool
    replies: tuple[str, ...]


def find(data: dict[str, Any], slug: str, puzzle_id: str) -> dict[str, Any] | None:
    """The puzzle of game `slug` with that id (None: there is none)."""
    game = data.get("games", {}).get(slug, {})
    return next((p for p in game.get("puzzles", []) if p.get("id") == puzzle_id), None)


def unknown(slug: str, puzzle_id: str) -> str:
    """The notice for an id that names no puzzle of the game."""
    return _("There is no puzzle {puzzle} for {game}: the standard game is shown.").format(
        puzzle=quoted(puzzle_id), game=slug
    )


class PuzzleSession:
    """One puzzle being played: the game at its position and the stage reached."""

    def __init__(self, slug: str, puzzle: dict[str, Any]) -> None:
        self.slug = slug
        self.puzzle = puzzle
        self.player: int = puzzle["to_move"]
        self.game: Game[Any] = position(slug, puzzle)
        self.start = len(self.game.moves)
        self.checkpoint = self.start  # where a retry goes back to
        self.stage = Stage.SOLVING
        self.mistakes = 0
        self.last: Step | None = None  # the player's last move and the answers so far

    @property
    def opponent(self) -> int:
        return other(self.player)

    def play(self, move: str | Checked) -> Step:
        """The player's move (its text, or the rules' verdict on it), judged at once; the
        solver's answers then come one at a time from `reply` (a page shows the move
        first and thinks after its pause). IllegalMove or PuzzleError change nothing."""
        if self.stage is not Stage.SOLVING or self.reply_due:
            raise PuzzleError(self.not_now())
        if not (isinstance(move, Checked) and self.game.judged_here(move)):
            move = self.game.check(move.given if isinstance(move, Checked) else move)
        if not move.legal:
            raise IllegalMove(move.refusal or "")
        correct = self.wins(move)  # judged by the rules once, above
        if correct is None:
            self.stage = Stage.STUCK
            raise PuzzleError(self.not_now())
        game = self.game
        self.last = Step(game.move_text(game.play(move)), correct, ())
        if not correct:
            self.mistakes += 1
            self.stage = Stage.REFUTED
        self.settle()
        return self.last

    @property
    def reply_due(self) -> bool:
        """Whether the solver answers next: the opponent's defence after each correct
        move, one refuting reply after a wrong one."""
        game, last = self.game, self.last
        if last is None or game.is_over or game.to_move != self.opponent:
            return False
        return last.correct or not last.replies

    def reply(self) -> str | None:
        """Play the solver's next answer and return it (None: none is due, or the
        position is too deep to play exactly, and the stage is then STUCK)."""
        if not self.reply_due or self.last is None:
            return None
        answer = quickest_or_longest(self.game)
        if answer is None:
            self.stage = Stage.STUCK
            return None
        text = self.game.move_text(self.game.play(answer))
        last = self.last
        self.last = Step(last.move, last.correct, (*last.replies, text))
        self.settle()
        return text

    def settle(self) -> None:
        """After a correct move and its answers: solved once won, else the new place a
        retry goes back to."""
        if self.last is None or not self.last.correct or self.reply_due:
            return
        self.checkpoint = len(self.game.moves)
        if self.game.is_over:
            self.stage = Stage.SOLVED if self.game.winner == self.player else Stage.STUCK

    def try_move(self, move: str) -> Step:
        """`play` and every answer it gets, at once (the terminal's and the tests' way)."""
        self.play(move)
        while self.reply() is not None:
            pass
        assert self.last is not None
        return self.last

    def wins(self, move: str | Checked) -> bool | None:
        """Whether `move` keeps the player's win (None: too deep to judge). At the puzzle's
        position the answer is the puzzle's own list of winning moves."""
        game = self.game
        probe = game.copy()
        text = probe.move_text(probe.play(move))
        if len(game.moves) == self.start:
            return text in self.puzzle["winning_moves"]
        if probe.is_over:
            return probe.winner == self.player
        solver = solver_for(game)
        try:
            with node_budget(solver, JUDGE_BUDGET):
                return not solver.state_wins(probe.state)
        except BudgetExceeded:
            return None

    def retry(self) -> None:
        """Back to the position before the wrong move (only after one)."""
        if self.stage is not Stage.REFUTED:
            raise PuzzleError(_("There is no wrong move to take back."))
        while len(self.game.moves) > self.checkpoint:
            self.game.undo()
        self.stage, self.last = Stage.SOLVING, None

    def restart(self) -> None:
        """Back to the puzzle's position, as at first."""
        self.game = position(self.slug, self.puzzle)
        self.checkpoint = self.start
        self.stage, self.last = Stage.SOLVING, None

    def not_now(self) -> str:
        """Why a move is not taken at this stage."""
        return {
            Stage.SOLVING: "",
            Stage.REFUTED: _("Press Try again to go back to the position before that move."),
            Stage.SOLVED: _("Solved! Press Start over to play it again, or choose another puzzle."),
            Stage.STUCK: _("This position is too deep to judge in the page: press Start over."),
        }[self.stage]
