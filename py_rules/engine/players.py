"""Computer players: given a game, choose a move. Deterministic for a given RNG.

Three levels for every game:

* easy: a random legal move, but it takes a win that is there for the taking;
* medium: a short look-ahead (three plies: win now, don't hand the opponent a win,
  set up a win the opponent cannot stop), otherwise random;
* perfect: a game-theoretically best move from the exact solvers (`py_rules.engine.solvers`):
  a winning move whenever one exists (the quickest), and from a lost position the move
  that makes the opponent's win longest.

A computer player of a game with hidden information (Number Duel) decides from
`game.observation(player)` only, never from the opponent's hidden order: its levels
work on the chances its solver module gives from the public position
(`solving.chance_solver`).
"""

from __future__ import annotations

import random
from typing import Any

from ..rules.core import Game
from .solvers.base import BudgetExceeded, node_budget, pick
from .solving import chance_solver, solver_for

LEVELS = ("easy", "medium", "perfect")
# The medium player looks three plies ahead, or two when there are more moves than this.
MEDIUM_WIDE = 24
# Positions the Digit Chain solver may visit for one perfect move (see perfect_move).
PERFECT_NODE_BUDGET = 2_000


def choose_move(game: Game[Any], level: str, rng: random.Random) -> Any:
    """The move a computer player of `level` makes in `game`."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if game.is_over:
        raise ValueError("the game is over: there is no move to choose")
    if game.has_hidden_information:
        return _chance_move(game, level, rng)
    if level != "perfect":
        moves = game.legal_moves()
        if level == "easy":
            return pick(_scored_moves(game, moves, 1) or moves, rng)
        return pick(_scored_moves(game, moves, 3 if len(moves) <= MEDIUM_WIDE else 2), rng)
    return perfect_move(game, rng)[0]


def is_exact(game: Game[Any]) -> bool:
    """Does the perfect player (and Hint) solve this position exactly? False where it
    plays a "strong" move instead: Number Duel above 7 numbers (the quick estimate), and
    any position its solver cannot settle within PERFECT_NODE_BUDGET new positions (the
    medium player's move): Sequence Duel's openings from about 20 numbers and many of
    its moves on long lines, Number Circle with a total sunk far below zero. (It tries,
    so afterwards the perfect move here comes from the solver's memo.)"""
    if game.has_hidden_information:
        return bool(chance_solver(game).is_exact(game))
    if game.is_over:
        return True
    solver = solver_for(game)
    try:
        with node_budget(solver, PERFECT_NODE_BUDGET):
            solver.best_moves(game.state)
    except BudgetExceeded:
        return False
    return True


def perfect_move(game: Game[Any], rng: random.Random) -> tuple[Any, bool]:
    """The perfect player's move, and whether it is proved best (False: a "strong" move
    from the look-ahead or the quick estimate, to be labelled as such)."""
    if game.is_over:
        raise ValueError("the game is over: there is no move to choose")
    if game.has_hidden_information:
        return _chance_move(game, "perfect", rng), is_exact(game)
    solver = solver_for(game)
    with node_budget(solver, PERFECT_NODE_BUDGET):
        try:
            return pick(solver.best_moves(game.state), rng), True
        except BudgetExceeded:
            pass
    return choose_move(game, "medium", rng), False


def hint(game: Game[Any]) -> dict[str, Any] | None:
    """A best move for the player to move, for a Hint button.

    {"move": text, "winning": bool | None, "value": ..., "moves": [all best texts],
    "exact": bool}: `winning` is False when every move loses against perfect play
    (Number Duel gives the chance to win in `value` instead, and `winning` is None).
    `exact` is False for a "strong" suggestion that is not proved best (Number Duel
    above 7 numbers: `value` is then the quick estimate).
    """
    if game.is_over:
        raise ValueError("the game is over: there is no move to suggest")
    if game.has_hidden_information:
        chances = chance_solver(game)
        if not is_exact(game):
            values = chances.quick_values(game)
            top = max(estimate for _, _, estimate in values)
            texts = [game.move_text(m) for m, _, e in values if e >= top - chances.epsilon]
            value = round(top, 12)
            return {
                "move": texts[0],
                "winning": None,
                "value": value,
                "moves": texts,
                "exact": False,
            }
        value, best = chances.value_and_best(game)
        texts = [game.move_text(m) for m in best]
        return {
            "move": texts[0],
            "winning": None,
            "value": round(value, 12),
            "moves": texts,
            "exact": True,
        }
    solver = solver_for(game)
    try:
        with node_budget(solver, PERFECT_NODE_BUDGET):
            best = solver.best_moves(game.state)
            winning = solver.move_wins(game.state, best[0])
    except BudgetExceeded:
        return None
    texts = [game.move_text(m) for m in best]
    return {
        "move": texts[0],
        "winning": winning,
        "value": "win" if winning else "loss",
        "moves": texts,
        "exact": True,
    }


# ----- perfect information: a short look-ahead ---------------------------------------


def _lookahead(game: Game[Any], state: Any, depth: int) -> int:
    """+1 if the player to move forces a win within `depth` plies, -1 if they are sure to
    lose within it, 0 if it is not decided that soon."""
    outcome = game.outcome_of(state)
    if outcome is not None:
        return 1 if outcome.winner == game.to_move_in(state) else -1
    if depth == 0:
        return 0
    best = -1
    for move in game.moves_in(state):
        score = -_lookahead(game, game.after(state, move), depth - 1)
        if score == 1:
            return 1
        best = max(best, score)
    return best


def _scored_moves(game: Game[Any], moves: list[Any], depth: int) -> list[Any]:
    """Of the legal `moves`, those with the best `depth`-ply look-ahead score (for
    depth 1: the immediate wins, or nothing if there are none)."""
    scores = [-_lookahead(game, game.after(game.state, m), depth - 1) for m in moves]
    if depth == 1:
        return [m for m, s in zip(moves, scores, strict=True) if s == 1]
    top = max(scores)
    return [m for m, s in zip(moves, scores, strict=True) if s == top]


# ----- hidden information: from the player's own observation ---------------------------


def _chance_move(game: Game[Any], level: str, rng: random.Random) -> Any:
    chances = chance_solver(game)
    if level == "perfect" and is_exact(game):
        return pick(chances.value_and_best(game)[1], rng)
    values = chances.quick_values(game)
    if level == "easy":
        sure = [m for m, won, _ in values if won]
        return pick(sure or [m for m, _, _ in values], rng)
    top = max(estimate for _, _, estimate in values)
    return pick([m for m, _, e in values if e >= top - chances.epsilon], rng)
