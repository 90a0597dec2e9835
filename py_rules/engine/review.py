"""Review a game move by move with the exact solvers: what did each move do?

For the four games of perfect information every position is won or lost for the player
to move, so a move is judged by the value for the mover before it and after it: a
"mistake" turns a won position into a lost one, and then the review names the moves
that would have won. Number Duel is a game of chance for whoever cannot see the
opponent's order, so there a move is judged by the mover's chance to win from what
they could see before the reveal (a draw counts half): the best chance, the chance of
the attack chosen, and a mistake when the attack gives away more than `MISTAKE_MARGIN`.

Positions the solvers cannot settle within a node budget are "not solved" (None):
the review never guesses. It does use logic: a move that wins shows that the position
before it was won, and a lost position stays lost whatever the move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from ..i18n import _, percent
from ..kit import Chances
from ..rules.core import Game
from .solvers.base import BudgetExceeded, Solver, node_budget
from .solving import chance_solver, solver_for

# New positions the solver may visit to settle one position of the game (a few tenths
# of a second on CPython, as for one perfect move); deeper ones are reported as not solved.
REVIEW_NODE_BUDGET = 2_000
# In Number Duel, an attack that lowers the mover's chance by more than this (5
# percentage points) below the best attack's is a mistake.
MISTAKE_MARGIN = 0.05

T = TypeVar("T")
Value = str | float | None  # "win"/"loss", a chance, or None: not solved


@dataclass(frozen=True)
class MoveReview:
    """What one move did, seen by the player who made it.

    `before`/`after`: "win" or "loss" (perfect information) or the chance to win (Number
    Duel), None where not solved. `mistake`: None where that cannot be told.
    `best_moves`: for a mistake, the moves that would have won (Number Duel: the best
    attacks); empty for a move that is no mistake; None where that is not solved.
    """

    move: str
    player: int
    before: Value
    after: Value
    mistake: bool | None
    best_moves: tuple[str, ...] | None

    def to_dict(self) -> dict[str, Any]:
        data = {key: getattr(self, key) for key in ("move", "player", "before", "after")}
        best = None if self.best_moves is None else list(self.best_moves)
        return {**data, "mistake": self.mistake, "best_moves": best}


def review(game: Game[Any], budget: int = REVIEW_NODE_BUDGET) -> list[MoveReview]:
    """Every move of `game` (finished or not), judged by the exact solvers.

    `budget` caps the new positions the solver may visit per position of the game.
    """
    found = dict(review_steps(game, budget))
    return [found[index] for index in range(len(found))]


def review_steps(
    game: Game[Any], budget: int = REVIEW_NODE_BUDGET
) -> Iterator[tuple[int, MoveReview]]:
    """The same review one move at a time, as (index of the move, its review), so that
    a page can judge a move per timer tick and stay responsive.

    Each step settles at most one position of the game (and, for a mistake, the moves
    that would have won), within `budget`. The four win/loss games are judged from the
    last move back: the solver's memo then holds the later positions when it meets the
    earlier, larger ones. Number Duel's attacks are judged from the first. The game is
    copied first: changing it afterwards does not change the review.
    """
    start = game.copy()
    moves = start.moves
    while start.turn:
        start.undo()
    if start.has_hidden_information:
        return _steps_chances(start, moves)
    return _steps_win_loss(start, moves, budget)


def review_report(game: Game[Any], budget: int = REVIEW_NODE_BUDGET) -> dict[str, Any]:
    """The JSON that `python -m py_rules review` prints."""
    return {
        "game": game.slug,
        "options": game.to_dict()["options"],
        "moves": [r.to_dict() for r in review(game, budget)],
    }


# ----- Circle Duel, Number Circle, Sequence Duel, Digit Chain ------------------------


def _within(solver: Solver, budget: int, question: Callable[[Any], T], state: Any) -> T | None:
    """`question(state)`, or None if the solver needs more than `budget` new positions."""
    try:
        with node_budget(solver, budget):
            return question(state)
    except BudgetExceeded:
        return None


def _steps_win_loss(
    start: Game[Any], moves: list[Any], budget: int
) -> Iterator[tuple[int, MoveReview]]:
    solver = solver_for(start)
    states = [start.state]
    for move in moves:
        states.append(start.after(states[-1], move))

    def value_for(player: int, index: int, wins: bool | None) -> Value:
        """The value of the state after `index` moves for `player`, given whether the
        player to move there wins (None: not solved)."""
        outcome = start.outcome_of(states[index])
        if outcome is not None:
            return "win" if outcome.winner == player else "loss"
        if wins is None:
            return None
        return "win" if wins == (start.to_move_in(states[index]) == player) else "loss"

    def wins_in(index: int) -> bool | None:
        """Does the player to move after `index` moves win? None: over, or not solved."""
        state = states[index]
        if start.outcome_of(state) is not None:
            return None
        return _within(solver, budget, solver.state_wins, state)

    wins_after = wins_in(len(moves))
    for index in reversed(range(len(moves))):
        wins_before = wins_in(index)
        player = start.to_move_in(states[index])
        assert player is not None  # a move was played, so someone was to move
        before = value_for(player, index, wins_before)
        after = value_for(player, index + 1, wins_after)
        if after == "win":
            before = "win"  # the move wins, so the position was won
        if before == "loss":
            after = "loss"  # nothing wins from a lost position
        mistake = None if None in (before, after) else (before, after) == ("win", "loss")
        best: tuple[str, ...] | None = None if mistake is None else ()
        if mistake:
            found = _within(solver, budget, solver.winning_moves, states[index])
            best = None if found is None else tuple(start.move_text(m) for m in found)
        text = start.move_text(moves[index])
        yield index, MoveReview(text, player, before, after, mistake, best)
        wins_after = wins_before


# ----- hidden information (Number Duel): chances from the mover's view ----------------


def _steps_chances(start: Game[Any], moves: list[Any]) -> Iterator[tuple[int, MoveReview]]:
    chances = chance_solver(start)
    game = start.copy()
    for index, move in enumerate(moves):
        player = game.to_move
        assert player is not None
        if chances.solves_exactly(game):
            yield index, _judge_attack(chances, game, move, player)
        else:
            yield index, MoveReview(game.move_text(move), player, None, None, None, None)
        game.play(move)


def _judge_attack(chances: Chances, game: Game[Any], move: Any, player: int) -> MoveReview:
    """The chances of the mover's best attack and of `move`, from the mover's view only
    (the solver reads the mover's observation, never the opponent's hidden order)."""
    values = chances.move_values(game)
    best = max(value for _, value in values)
    chosen = next(value for attack, value in values if attack == move)
    mistake = chosen < best - MISTAKE_MARGIN - chances.epsilon
    best_moves = (
        tuple(game.move_text(m) for m, v in values if v >= best - chances.epsilon)
        if mistake
        else ()
    )
    text = game.move_text(move)
    return MoveReview(text, player, round(best, 12), round(chosen, 12), mistake, best_moves)


# ----- words, for the move list and screen readers -----------------------------------


def describe(item: MoveReview) -> str:
    """A short sentence on what the move did, the same for all five games."""
    if isinstance(item.before, float) or isinstance(item.after, float):
        return _describe_chances(item)
    if item.mistake:
        best = ", ".join(item.best_moves or ())
        if best:
            return _(
                "Mistake: this turned a won position into a lost one. Winning moves were: {best}."
            ).format(best=best)
        return _("Mistake: this turned a won position into a lost one.")
    if item.before == "loss":
        return _("The position was already lost.")
    if item.after == "win":
        return _("Kept the win.")
    return _("Not solved.")


def _describe_chances(item: MoveReview) -> str:
    if not isinstance(item.before, float) or not isinstance(item.after, float):
        return _("Not solved.")
    after, before = percent(item.after), percent(item.before)
    if item.mistake:
        best = ", ".join(item.best_moves or ())
        return _("Mistake: chance to win {after} (best {before}). Best attacks: {best}.").format(
            after=after, before=before, best=best
        )
    return _("Chance to win {after} (best {before}).").format(after=after, before=before)
