"""A hidden row dealt from outside: a game page that shows its first press before Python is
ready draws the row of the first human to take the screen (Number Duel's hand-over) in the
browser, uniformly from every order the build recorded, and Python adopts it. Only at the
start, behind the hand-over screen, before any row was seen; anything else is refused and
changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _
from .session import Phase, Session, SessionError


def row_to_deal(session: Session) -> tuple[int, ...] | None:
    """The numbers, sorted, of the hidden row `deal` takes an order of now; None when there
    is none to deal."""
    player = session.next_player
    if session.phase is not Phase.HAND_OVER or player is None or session.total:
        return None
    row = None if session.arranging else session.game.arrangement(player)
    return None if row is None else tuple(sorted(row))


def deal(session: Session, order: Sequence[int]) -> None:
    """Give the human about to take the screen the hidden row `order` in place of the one
    drawn for them: SessionError when `row_to_deal` is None, BadOption if `order` is not an
    order of that row."""
    player = session.next_player
    if row_to_deal(session) is None or player is None:
        raise SessionError(_("the numbers can only be arranged before the first move"))
    session.game = session.game.arranged(player, order)
