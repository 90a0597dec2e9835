"""What a device is waiting for, in one word: the front ends and the terminal word it."""

from __future__ import annotations

YOUR_TURN, THEIR_TURN, WAITING, OVER, CHEATING, STOPPED = (
    "your-turn",
    "their-turn",
    "waiting",  # for the other player to open the invitation (their numbers unsealed)
    "over",
    "cheating",
    "stopped",
)
