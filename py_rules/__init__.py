"""Number Duels: the rules of five two-player number games, in pure Python.

Standard library only, no browser imports: the same code runs in CPython (terminal
game, tests, solvers) and in Pyodide (the web pages).

    >>> import py_rules
    >>> game = py_rules.new_game("circle-duel", {"size": 10, "seed": 1})
    >>> game.play("4"); game.legal_move_texts()
    4
    ['3', '5']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .core import Game, Outcome, game_from_dict, game_from_json
from .errors import BadOption, BadSave, IllegalMove, RulesError, quoted
from .games.circle_duel import CircleDuel
from .games.digit_chain import DigitChain
from .games.number_circle import NumberCircle
from .games.number_duel import NumberDuel
from .games.sequence_duel import SequenceDuel

__all__ = [
    "GAMES",
    "BadOption",
    "BadSave",
    "Game",
    "IllegalMove",
    "Outcome",
    "RulesError",
    "load_game",
    "new_game",
]

GAMES: dict[str, type[Game[Any]]] = {
    cls.slug: cls for cls in (CircleDuel, NumberCircle, SequenceDuel, DigitChain, NumberDuel)
}


def game_class(slug: str) -> type[Game[Any]]:
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise BadOption(f"unknown game {quoted(slug)}; games: {', '.join(GAMES)}") from None


def new_game(
    slug: str,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str | None] | None = None,
) -> Game[Any]:
    """Start a game. Options are checked; a bad one raises BadOption."""
    return game_class(slug)(options, names)


def load_game(saved: str | bytes | Mapping[str, Any]) -> Game[Any]:
    """Rebuild a game saved with `Game.to_json()`; anything wrong raises BadSave."""
    if isinstance(saved, Mapping):
        return game_from_dict(dict(saved), GAMES)
    return game_from_json(saved, GAMES)
