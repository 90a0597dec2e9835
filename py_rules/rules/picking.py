"""What three of the games share: pick a number, and whoever cannot pick loses.

Circle Duel, Sequence Duel and Digit Chain differ only in which numbers may be picked;
the notation (the number itself), the turn order and the ending live here once.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from ..i18n import _
from .core import Game, Outcome, other
from .errors import SHORT_ECHO, IllegalMove, quoted


class PickingState(Protocol):
    @property
    def player(self) -> int: ...


S = TypeVar("S", bound=PickingState)


def parse_number(text: str) -> int:
    """A move that is just a number, e.g. "4"; anything else is refused."""
    stripped = text.strip()
    if not stripped.isdecimal() or len(stripped) > 6:
        shown = quoted(stripped, SHORT_ECHO)
        raise IllegalMove(
            _("{text} is not a number.").format(text=shown) if stripped else _("Enter a number.")
        )
    return int(stripped)


class PickingGame(Game[S]):
    """A game whose moves are numbers and where a player with no legal move loses."""

    def parse_move(self, text: str) -> int:
        return parse_number(text)

    def rule_broken(self, state: S, move: Any) -> str | None:
        if not isinstance(move, int) or isinstance(move, bool):
            return _("A move is a number.")
        return self.pick_rule_broken(state, move)

    def pick_rule_broken(self, state: S, number: int) -> str | None:
        """Why `number` may not be picked now, or None."""
        raise NotImplementedError

    def to_move_in(self, state: S) -> int | None:
        return state.player if self.moves_in(state) else None

    def outcome_of(self, state: S) -> Outcome | None:
        return None if self.moves_in(state) else Outcome(winner=other(state.player))
