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

from .play.session import Phase, Session, SessionError
from .registry import GAMES, game_class, load_game, new_game
from .rules.core import Game, Outcome
from .rules.errors import BadOption, BadSave, IllegalMove, RulesError

__all__ = [
    "GAMES",
    "BadOption",
    "BadSave",
    "Game",
    "IllegalMove",
    "Outcome",
    "Phase",
    "RulesError",
    "Session",
    "SessionError",
    "game_class",
    "load_game",
    "new_game",
]
