"""Playing a friend by link: each move travels as a link, through any chat.

Two devices, no server. `Device` is one player's side: it makes the next link after a
move and takes the other player's, refusing any link that does not continue the game
it has. In Number Duel each side seals every position of its hidden order before the
first attack and opens a seal only when the rules reveal that number, so neither side
learns more than the rules show nor changes its order unseen (`docs/link-protocol.md`).
"""

from __future__ import annotations

from .device import Device, Received
from .line import RESIGNED
from .status import CHEATING, OVER, STOPPED, THEIR_TURN, WAITING, YOUR_TURN
from .wire import LinkRefused, token_of

__all__ = [
    "CHEATING",
    "OVER",
    "RESIGNED",
    "STOPPED",
    "THEIR_TURN",
    "WAITING",
    "YOUR_TURN",
    "Device",
    "LinkRefused",
    "Received",
    "token_of",
]
