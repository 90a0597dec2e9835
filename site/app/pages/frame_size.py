"""How tall a lesson's iframe must be: the board's own layout for the game and options
chosen, drawn by the renderer the page draws with, plus what a framed game page puts around
it. The lesson builder writes it into the snippet, so no host page ever cuts a board."""

from __future__ import annotations

import math
from collections.abc import Mapping

from py_rules.engine.players import LEVELS
from py_rules.engine.puzzles import NoPuzzleData, load
from py_rules.play.puzzle_session import find
from py_rules.registry import GAMES
from py_rules.rules.errors import RulesError

from ..renderers import renderer_class
from ..renderers.base import View
from ..settings import settings_from_params

FRAME_WIDTH = 700  # the iframe's width; its height is the board's (`frame_height`)
# Around the board in a framed game page 700 px wide, measured in Chromium: the status line
# above it; the buttons, the message and the list of moves below; a bar of choices (Number
# Circle's + and -) and a puzzle's goal where there are any; room for a line that wraps.
FRAME_BOARD_WIDTH = 650
FRAME_ABOVE, FRAME_BELOW, FRAME_BAR, FRAME_PUZZLE, FRAME_SPARE = 84, 103, 68, 48, 32
FRAME_HEIGHT_UNKNOWN = 640


def frame_height(slug: str, options: Mapping[str, str], puzzle: str) -> int:
    """How tall the iframe must be to show a lesson's board whole, with its buttons, at
    FRAME_WIDTH: the board's own layout for the game (`slug`), its options as text and its
    puzzle ("" for none), from the renderer the page draws with, and what the page puts
    around it."""
    cls = GAMES[slug]
    try:
        if puzzle:  # a puzzle has its own options
            found = find(load(), slug, puzzle)
            game = cls(found["options"] if found else {})
        else:
            game = cls(settings_from_params(cls, dict(options), LEVELS).options)
    except (RulesError, NoPuzzleData):  # refused: no snippet to size; the standard size
        game = cls()
    try:
        renderer = renderer_class(slug)(cls)
    except KeyError:  # a game the pages cannot draw (the tests' own): the old fixed height
        return FRAME_HEIGHT_UNKNOWN
    layout = renderer.layout(game, View(), FRAME_BOARD_WIDTH)
    bar = FRAME_BAR if any(target.bar for target in layout.targets) else 0
    goal = FRAME_PUZZLE if puzzle else 0
    return math.ceil(layout.height) + FRAME_ABOVE + FRAME_BELOW + bar + goal + FRAME_SPARE
