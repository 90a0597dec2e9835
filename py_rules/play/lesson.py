"""The lesson API's rules: what an embedded board tells the page around it.

A lesson page listens to its boards: `number-duels:move` after every move played (by a
person or the computer) and `number-duels:end` when a move played ends the game. Undo,
Redo and stepping through the history fire nothing: they show moves already reported,
and a lesson reacting to them would count one move twice. A new game (or another
tab's save replacing the game) is a new start, not a move, so it fires nothing either.

Each event carries `detail(game)`: the game's slug, the moves in the notation that
`python -m py_rules replay` reads, and how things stand. It holds only what both players
see (Number Duel's attacks name the attacker's number, which the attack shows, and a
position; never a hidden order). `start_line` plays a lesson's starting moves
(`data-moves`). No browser code here: `site/app/lesson.py` sends what this decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import _
from ..rules.core import Game
from ..rules.errors import BadOption, IllegalMove, RulesError, quoted

MOVE_EVENT = "number-duels:move"
END_EVENT = "number-duels:end"
MAX_LINE_LENGTH = 2000  # characters of a starting line: far more than any game's moves

Event = tuple[str, dict[str, Any]]


def detail(game: Game[Any]) -> dict[str, Any]:
    """What an event says about the position: only what both players can see."""
    return {
        "game": game.slug,
        "moves": [game.move_text(move) for move in game.moves],
        "over": game.is_over,
        "winner": game.winner,
        "draw": game.is_draw,
        "to_move": game.to_move,
    }


def parse_line(text: str) -> list[str]:
    """A starting line as written in `data-moves` or `?moves=`: moves between spaces."""
    if len(text) > MAX_LINE_LENGTH:
        raise BadOption(
            _("the moves are longer than {count} characters").format(count=MAX_LINE_LENGTH)
        )
    return text.split()


def start_line(game: Game[Any], moves: Sequence[str]) -> None:
    """Play a lesson's starting moves in order; the first illegal one is named.

    A game with secret options (Number Duel's hidden orders) refuses any: a page cannot
    set the orders, so the same moves would give different outcomes on every visit, and
    the outcomes shown would tell the learner about numbers still hidden.
    """
    if moves and game.secret_options():
        raise BadOption(
            _("{game} cannot start from given moves: its numbers are hidden").format(
                game=_(game.title)
            )
        )
    for index, text in enumerate(moves, start=1):
        try:
            game.play(text)
        except RulesError as error:
            reason = str(error).rstrip(".")  # read inside a sentence
            raise IllegalMove(
                _("move {index} ({move}) is illegal: {reason}").format(
                    index=index, move=quoted(text), reason=reason
                )
            ) from None


def played_events(game: Game[Any], added: int) -> list[Event]:
    """The events for the last `added` moves of `game`, in order: one `move` for each,
    and `end` after the one that ended the game."""
    events: list[Event] = []
    for back in range(added - 1, -1, -1):
        position = game.copy()
        for _step in range(back):
            position.undo()
        shown = detail(position)
        events.append((MOVE_EVENT, shown))
        if shown["over"]:
            events.append((END_EVENT, shown))
    return events


class LessonTracker:
    """Remembers how many moves one board's session had played when it last reported.

    A session counts the moves played on it (`Session.plays`); Undo, Redo and steps do
    not count. Another session (a new game, a restored save) starts afresh: no events.
    """

    def __init__(self) -> None:
        self.session: Any = None
        self.plays = 0

    def update(self, session: Any) -> list[Event]:
        """The events since the last update of this board (a `py_rules.Session`)."""
        events: list[Event] = []
        if session is self.session and session.plays > self.plays:
            events = played_events(session.game, min(session.plays - self.plays, session.at))
        self.session, self.plays = session, session.plays
        return events
