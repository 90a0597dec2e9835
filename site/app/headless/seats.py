"""Who sits on each side of a board, described once: every name, badge and "to move"
mark on the page is derived from the two seats, in every mode and language.

Pure Python (no browser imports): tests/test_site_view.py checks each mode's seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from py_rules.i18n import N_, _
from py_rules.rules.core import other

# The name the options form gives a computer left unnamed (a name is data, not words).
COMPUTER_NAME = "Computer"


class Sitter(Enum):
    HERE = "here"  # this screen's player, against the computer or a friend by link
    BESIDE = "beside"  # a player sharing this screen with another
    COMPUTER = "computer"  # the computer (or a puzzle's solver) at its level
    FRIEND = "friend"  # a friend by link, on their own device


@dataclass(frozen=True)
class Seat:
    sitter: Sitter
    name: str


BADGES = {Sitter.FRIEND: N_("By link"), Sitter.COMPUTER: N_("Computer")}


def hot_seats(names: tuple[str, str], computer: int | None) -> tuple[Seat, Seat]:
    """Two players at this screen, or this screen's player and the computer."""
    if computer is None:
        return Seat(Sitter.BESIDE, names[0]), Seat(Sitter.BESIDE, names[1])
    sitters = {computer: Sitter.COMPUTER, other(computer): Sitter.HERE}
    return Seat(sitters[1], names[0]), Seat(sitters[2], names[1])


def link_seats(names: tuple[str, str], mine: int) -> tuple[Seat, Seat]:
    """This screen's player at `mine`, the friend by link in the other seat."""
    sitters = {mine: Sitter.HERE, other(mine): Sitter.FRIEND}
    return Seat(sitters[1], names[0]), Seat(sitters[2], names[1])


def badge(seats: tuple[Seat, Seat], player: int) -> str:
    """The badge beside a player's name ("" for none): who they are when it is not
    plain from the name (a computer named "Computer" has no second label)."""
    seat, rival = seats[player - 1], seats[other(player) - 1]
    if seat.sitter is Sitter.COMPUTER:
        return "" if seat.name in (COMPUTER_NAME, _(COMPUTER_NAME)) else _(BADGES[seat.sitter])
    if seat.sitter is Sitter.FRIEND:
        return _(BADGES[seat.sitter])
    if seat.sitter is Sitter.HERE and rival.sitter is not Sitter.BESIDE:
        return _("You")
    return ""
