"""The one list of games, and where each game's other parts are found.

A game is registered once, here, by its class. Its other parts live in modules named
after the game's own module (`circle_duel`): the solver in `py_rules.engine.solvers`, the
terminal presenter in `py_rules.terminal.presenters`, the page renderer in the site's
`app.renderers`; `part(slug, package)` imports one of them only when it is needed.
Adding a game means writing those modules and adding its class to `GAME_CLASSES`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from .rules.core import Game, game_from_dict, game_from_json
from .rules.errors import BadOption, quoted
from .rules.games.circle_duel import CircleDuel
from .rules.games.digit_chain import DigitChain
from .rules.games.number_circle import NumberCircle
from .rules.games.number_duel import NumberDuel
from .rules.games.sequence_duel import SequenceDuel

GAME_CLASSES: tuple[type[Game[Any]], ...] = (
    CircleDuel,
    NumberCircle,
    SequenceDuel,
    DigitChain,
    NumberDuel,
)
GAMES: dict[str, type[Game[Any]]] = {cls.slug: cls for cls in GAME_CLASSES}


def game_class(slug: str) -> type[Game[Any]]:
    """The class of a registered game; BadOption names the games for anything else."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise BadOption(f"unknown game {quoted(slug)}; games: {', '.join(GAMES)}") from None


def module_name(slug: str) -> str:
    """The name shared by every module of one game, e.g. "circle_duel"."""
    return game_class(slug).__module__.rpartition(".")[2]


def part(slug: str, package: str) -> ModuleType:
    """The module of `slug` inside `package` (e.g. "py_rules.engine.solvers", "app.renderers")."""
    return importlib.import_module(f"{package}.{module_name(slug)}")


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
