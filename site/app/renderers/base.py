"""What a game's renderer provides to the generic board controller.

A renderer knows one game's board: where its buttons go, what each button means (a
whole move, or the first half of one), how to draw the board, and how to say a move
in words. It never touches the DOM; the controller does, the same way for every game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from py_rules.i18n import _

from ..drawing.canvas import Pen


@dataclass(frozen=True)
class Target:
    """One choice a player can make: a real <button> over the board or in the choice bar.

    `label` is the button's accessible name ("10", "+", "Position 3"). Board targets
    sit at (x, y, w, h) in CSS pixels over the canvas; bar targets (`bar=True`) are
    laid out by the page under the board.
    """

    key: str
    label: str
    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    round: bool = False
    bar: bool = False
    title: str = ""


@dataclass(frozen=True)
class Choice:
    """What pressing a target means, before any rule is asked: the text of a whole
    move, a half-move to remember (`select`) with the moves it may become
    (`completions`), or a refusal seen from the press alone ("choose a number first").

    The renderer never judges a move: the board (`headless.board.Board`) asks the rules once
    per position and uses that verdict both to grey the button and to play the move.
    Before the first move (`View.arranging`): `swap` exchanges two places (1-based) of
    the player's own arrangement, and `ready` ends this player's setup.
    """

    move: str | None = None
    select: str | None = None
    completions: tuple[str, ...] = ()
    refusal: str | None = None
    swap: tuple[int, int] | None = None
    ready: bool = False


@dataclass(frozen=True)
class View:
    """Who is looking and what is half-chosen; the controller owns it, renderers read it.

    `viewer` is the player whose secrets may be drawn (None: nobody's; at the end of a
    game `reveal` shows everything). `pending` is a half-made move, e.g. the number
    chosen before + or - in Number Circle. `seat` is the player whose side of the
    board is nearest the screen's bottom edge (Number Duel). `arranging`: the seat is
    arranging their own numbers before play starts (Number Duel).
    """

    viewer: int | None = None
    pending: str | None = None
    reveal: bool = False
    seat: int = 1
    arranging: bool = False
    awaiting: str | None = None  # a move sent that waits for the other device's answer


@dataclass(frozen=True)
class Layout:
    height: float
    targets: tuple[Target, ...]

    def mirrored(self, width: float) -> Layout:
        """The same buttons where a mirrored drawing (`Pen(mirror=True)`) shows them."""
        flipped = tuple(t if t.bar else replace(t, x=width - t.x - t.w) for t in self.targets)
        return Layout(self.height, flipped)


class Renderer:
    """Base renderer: subclasses draw one game. Picking games share `PickRenderer`.

    `reads_in_line_order`: the board is numbers or places in a row read in order (a number
    line, a pool, positions 1, 2, 3), which a right-to-left language reads from the right:
    its board is mirrored (site/app/screen.py), the numbers' own digits not. A board whose
    geometry is a picture (a circle numbered like a clock face) stays as drawn.
    """

    reads_in_line_order = False

    def __init__(self, game_cls: type[Any]) -> None:
        self.game_cls = game_cls

    def layout(self, game: Any, view: View, width: float) -> Layout:
        raise NotImplementedError

    def choose(self, game: Any, view: View, key: str) -> Choice:
        raise NotImplementedError

    def draw(self, pen: Pen, game: Any, view: View, layout: Layout) -> None:
        raise NotImplementedError

    def prompt(self, game: Any, view: View) -> str:
        """What the player to move should do now, e.g. "take a number next to 4"."""
        return _("make a move")

    def describe(self, game: Any, move: str, player: int) -> str:
        """One move in words, for the status line and the history (game is after it)."""
        return _("{name} played {move}.").format(name=game.player_name(player), move=move)

    def awaiting(self, game: Any, move: str, player: int) -> str:
        """A move sent that waits for the other device's answer, in words (game is
        before it): only Number Duel's attacks wait, for the defender's number."""
        return _("{name} played {move}.").format(name=game.player_name(player), move=move)

    def stuck(self, game: Any, name: str) -> str:
        """The sentence saying that `name`, stuck at the end, cannot move (`wording.ending`)."""
        return _("{name} cannot move.").format(name=name)

    def player_facts(self, game: Any, view: View, player: int) -> list[str]:
        """Short facts shown under a player's name."""
        return []


def owners(game: Any) -> dict[int, int]:
    """Number -> the player who took it, for games whose moves are plain numbers."""
    return {number: player for player, number in game.moves_by_player()}
