"""A session's record read back (saves and share links, `Session.to_data` writes it): every
part checked, and what is wrong said as a clause after "because" ("it is for Number
Circle."), so that a damaged, foreign or hostile record never half loads.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..engine.players import LEVELS
from ..i18n import _
from ..registry import GAMES, load_game
from ..rules.core import Game
from ..rules.errors import BadSave, RulesError

# The mode of a record -> the player the computer plays (None: two people at one screen).
MODES: dict[str, int | None] = {"2p": None, "cpu2": 2, "cpu1": 1}
RECORD_VERSION = 1
RECORD_KEYS = {"v", "mode", "level", "at", "game"}
OPTIONAL_KEYS = {"arrange"}


def mode_of(computer: int | None) -> str:
    """The record's mode word for the computer's player."""
    return next(name for name, player in MODES.items() if player == computer)


class Record(NamedTuple):
    """A record's parts, checked: the game at its end, the moves after the position shown,
    the computer's player, its level and Number Duel's arranging step."""

    game: Game[Any]
    future: list[str]
    computer: int | None
    level: str
    arranging: list[int]


def read_record(data: Any, slug: str, from_link: bool = False) -> Record:
    """The parts of a record of game `slug`; BadSave says what is wrong, as a clause."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), dict):
        raise BadSave(_("it is not a Number Duels game."))
    if data.get("v") != RECORD_VERSION:
        raise BadSave(_("it is from another version of Number Duels."))
    if not RECORD_KEYS <= set(data) <= RECORD_KEYS | OPTIONAL_KEYS:
        raise BadSave(_("it has missing or unknown parts."))
    mode, level, at = data["mode"], data["level"], data["at"]
    if not isinstance(mode, str) or mode not in MODES or level not in LEVELS:
        raise BadSave(_("its players are not valid."))
    saved = data["game"]
    named = saved.get("game")
    if named != slug:
        other_cls = GAMES.get(named) if isinstance(named, str) else None
        if other_cls is None:
            raise BadSave(_("it is for another game."))
        raise BadSave(_("it is for {game}.").format(game=_(other_cls.title)))
    secret_names = GAMES[slug].secret_options()
    options = saved.get("options")
    secret = (
        from_link
        and bool(secret_names)
        and isinstance(options, dict)
        and (bool(saved.get("moves")) or any(k in options for k in secret_names))
    )
    try:
        full = load_game(saved)
    except RulesError as error:
        raise BadSave(lowered(str(error))) from None
    if secret and not full.is_over:
        raise BadSave(
            _("a link to a game of {game} in progress would give away hidden numbers.").format(
                game=_(full.title)
            )
        )
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= full.turn:
        raise BadSave(_("its position is not in the game."))
    future = taken_back(full, at)
    arranging = data.get("arrange", [])
    if not isinstance(arranging, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in arranging
    ):
        raise BadSave(_("its arranging step is not valid."))
    return Record(full, future, MODES[mode], level, arranging)


def taken_back(game: Game[Any], count: int) -> list[str]:
    """Undo `game` back to `count` moves; the texts of the moves taken back, in order.
    (Linear: a long record is loaded and stepped through in time proportional to it.)"""
    texts = []
    while game.turn > count:
        texts.append(game.move_text(game.undo()))
    texts.reverse()
    return texts


def lowered(message: str) -> str:
    """A BadSave sentence ("This saved game is corrupt.") as a clause after "because".
    In another language the English leads are not found: the sentence is only lowered."""
    for lead in ("This saved game ", "The saved game "):
        if message.startswith(lead):
            return "it " + message[len(lead) :]
    message = message.replace(" of this saved game", "")
    return message[:1].lower() + message[1:]
