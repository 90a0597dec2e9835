"""A saved game read back (`Game.to_dict`, `Game.to_json` write it): every part checked and
every move replayed by the rules, so that a damaged, foreign or hostile save is refused with
`BadSave` and a reason, never half loaded.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..i18n import _
from .core import MAX_MOVES, SAVE_FORMAT, Game
from .errors import SHORT_ECHO, BadSave, RulesError, quoted

MAX_SAVE_BYTES = 100_000


def game_from_dict(data: Any, games: Mapping[str, type[Game[Any]]]) -> Game[Any]:
    """Rebuild a saved game, checking every part; anything wrong raises BadSave."""
    if not isinstance(data, dict):
        raise BadSave(_("This is not a saved game."))
    if data.get("format") != SAVE_FORMAT:
        raise BadSave(_("This saved game is from another version of Number Duels."))
    expected = {"format", "game", "options", "names", "moves"}
    if set(data) != expected:
        raise BadSave(_("This saved game has missing or unknown parts."))
    cls = games.get(data["game"]) if isinstance(data["game"], str) else None
    if cls is None:
        raise BadSave(_("Unknown game {game}.").format(game=quoted(data["game"])))
    options, names, moves = data["options"], data["names"], data["moves"]
    if not isinstance(options, dict) or not isinstance(names, list) or not isinstance(moves, list):
        raise BadSave(_("This saved game is corrupt."))
    if len(moves) > MAX_MOVES:
        raise BadSave(
            _("This saved game has {count} moves, more than the {most} kept.").format(
                count=len(moves), most=MAX_MOVES
            )
        )
    try:
        game = cls(options, names)
    except RulesError as error:
        raise BadSave(_("This saved game has a bad setting: {error}").format(error=error)) from None
    for index, text in enumerate(moves, start=1):
        if not isinstance(text, str):
            raise BadSave(_("Move {index} of this saved game is corrupt.").format(index=index))
        try:
            game.play(text)
        except RulesError as error:
            raise BadSave(
                _("Move {index} ({move}) of this saved game is illegal: {error}").format(
                    index=index, move=quoted(text, SHORT_ECHO), error=error
                )
            ) from None
    return game


def game_from_json(text: str | bytes, games: Mapping[str, type[Game[Any]]]) -> Game[Any]:
    if len(text) > MAX_SAVE_BYTES:
        raise BadSave(_("This saved game is too large."))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadSave(_("This saved game is corrupt (not valid JSON).")) from None
    return game_from_dict(data, games)
