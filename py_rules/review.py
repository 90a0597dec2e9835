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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .core import Game
from .games.number_duel import NumberDuel
from .players import EXACT_NUMBER_DUEL_MAX
from .solvers import number_duel, solver_for
from .solvers.base import BudgetExceeded, Solver, node_budget

# New positions the solver may visit to settle one position of the game (a few tenths
# of a second on CPython, as for one perfect move); deeper ones are reported as not solved.
REVIEW_NODE_BUDGET = 2_000
# In Number Duel, an attack that lowers the mover's chance by more than this (5
# percentage points) below the best attack's is a mistake.
MISTAKE_MARGIN = 0.05
# Number Duel is solved exactly up to the size the perfect player solves, and in bigger
# games once the numbers left on both sides are at most this many (as many as a whole
# game of 6 numbers, which solves in about a second).
NUMBER_DUEL_MAX_LEFT = 12

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
    start = game.copy()
    while start.moves:
        start.undo()
    if isinstance(start, NumberDuel):
        return _review_chances(start, game.moves)
    return _review_win_loss(start, game.moves, budget)


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


def _review_win_loss(start: Game[Any], moves: list[Any], budget: int) -> list[MoveReview]:
    solver = solver_for(start)
    states = [start.state]
    for move in moves:
        states.append(start.after(states[-1], move))
    # Does the player to move win in each state? From the end backwards: the solver's
    # memo then holds the later positions when it meets the earlier, larger ones.
    wins: list[bool | None] = [None] * len(states)
    for index in reversed(range(len(states))):
        state = states[index]
        if start.outcome_of(state) is None:
            wins[index] = _within(solver, budget, solver.state_wins, state)

    def value_for(player: int, index: int) -> Value:
        outcome = start.outcome_of(states[index])
        if outcome is not None:
            return "win" if outcome.winner == player else "loss"
        won = wins[index]
        if won is None:
            return None
        return "win" if won == (start.to_move_in(states[index]) == player) else "loss"

    reviews = []
    for index, move in enumerate(moves):
        player = start.to_move_in(states[index])
        assert player is not None  # a move was played, so someone was to move
        before, after = value_for(player, index), value_for(player, index + 1)
        if after == "win":
            before = "win"  # the move wins, so the position was won
        if before == "loss":
            after = "loss"  # nothing wins from a lost position
        mistake = None if None in (before, after) else (before, after) == ("win", "loss")
        best: tuple[str, ...] | None = None if mistake is None else ()
        if mistake:
            found = _within(solver, budget, solver.winning_moves, states[index])
            best = None if found is None else tuple(start.move_text(m) for m in found)
        reviews.append(MoveReview(start.move_text(move), player, before, after, mistake, best))
    return reviews


# ----- Number Duel --------------------------------------------------------------------


def _review_chances(start: NumberDuel, moves: list[Any]) -> list[MoveReview]:
    game = start.copy()
    assert isinstance(game, NumberDuel)
    reviews = []
    for move in moves:
        player = game.to_move
        assert player is not None
        left = len(game.state.remaining(1)) + len(game.state.remaining(2))
        if game.size > EXACT_NUMBER_DUEL_MAX and left > NUMBER_DUEL_MAX_LEFT:
            reviews.append(MoveReview(game.move_text(move), player, None, None, None, None))
        else:
            reviews.append(_judge_attack(game, move, player))
        game.play(move)
    return reviews


def _judge_attack(game: NumberDuel, move: Any, player: int) -> MoveReview:
    """The chances of the mover's best attack and of `move`, from the mover's view only
    (the solver reads the mover's observation, never the opponent's hidden order)."""
    values = number_duel.move_values(game)
    best = max(value for _, value in values)
    chosen = next(value for attack, value in values if attack == move)
    mistake = chosen < best - MISTAKE_MARGIN - number_duel.EPSILON
    best_moves = (
        tuple(game.move_text(m) for m, v in values if v >= best - number_duel.EPSILON)
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
        winning = f" Winning moves were: {best}." if best else ""
        return f"Mistake: this turned a won position into a lost one.{winning}"
    if item.before == "loss":
        return "The position was already lost."
    if item.after == "win":
        return "Kept the win."
    return "Not solved."


def _describe_chances(item: MoveReview) -> str:
    if not isinstance(item.before, float) or not isinstance(item.after, float):
        return "Not solved."
    chances = f"chance to win {item.after:.0%} (best {item.before:.0%})"
    if item.mistake:
        best = ", ".join(item.best_moves or ())
        return f"Mistake: {chances}. Best attacks: {best}."
    return chances[0].upper() + chances[1:] + "."
