"""Computer players: given a game, choose a move. Deterministic for a given RNG.

A computer player of Number Duel decides from `game.observation(player)` only, never
from the opponent's hidden order.
"""

from __future__ import annotations

import random
from typing import Any

from .core import Game

LEVELS = ("easy",)


def random_move(game: Game[Any], rng: random.Random) -> Any:
    """A uniformly random legal move (the game must not be over)."""
    moves = game.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    return rng.choice(moves)


def choose_move(game: Game[Any], level: str, rng: random.Random) -> Any:
    """The move a computer player of `level` makes in `game`."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return random_move(game, rng)
