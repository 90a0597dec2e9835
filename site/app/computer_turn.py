"""The computer's turn on one board: scheduled after a change, found in one task and played
in another, and dropped if the position changed meanwhile (an Undo or a New game the page
sent while a worker computed it). Composed into `controller.BoardController` through
`Table`, what it may ask of the controller; the mode says whether the computer moves here.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from py_rules import Phase, Session

from .browser import events
from .browser.dom import flush
from .headless.board import Board, Done
from .headless.slot import SaveSlot
from .modes.base import Mode


class Table(Protocol):
    """What the computer's turn may ask of the controller it is composed into."""

    board: Board
    mode: Mode
    slot: SaveSlot | None
    version: int  # counts the changes of the session: a late answer is for an old one

    @property
    def session(self) -> Session: ...
    def stale(self) -> bool: ...
    def render(self) -> None: ...
    def say(self, message: str) -> None: ...
    def show(self, done: Done) -> None: ...


class ComputerTurn:
    """The computer's (or a puzzle's solver's) move on one board, `delay` ms after a change."""

    def __init__(self, table: Table, delay: int) -> None:
        self.table = table
        self.delay = delay
        self.rng = random.Random()
        self.timer: int | None = None
        self.tick = events.proxy(self.move)

    def schedule(self) -> None:
        table = self.table
        if not table.mode.computer_moves:
            return  # the other player moves on their own device
        if table.session.phase is Phase.COMPUTER and self.timer is None:
            self.timer = events.set_timeout(self.tick, self.delay)

    def cancel(self) -> None:
        if self.timer is not None:
            events.cancel(self.timer)
            self.timer = None

    def move(self) -> None:
        self.timer = None
        table = self.table
        if table.stale() or table.session.phase is not Phase.COMPUTER:
            return
        flush()  # what the page shows before the computer thinks reaches it first
        answer = table.mode.answer()
        if isinstance(answer, str):
            table.render()
            return table.say(answer)
        # Two tabs of one save that both answer for the computer make the same move; the
        # exact search may be too big here: the board says so, not "perfect".
        rng = (table.slot and table.slot.shared_random()) or self.rng
        move, proved = table.session.think(rng, answer)
        version = table.version
        events.after_messages(lambda: self.plays(version, move, proved))

    def plays(self, version: int, move: Any, proved: bool) -> None:
        """Play the computer's move found for the position `version`; dropped if the session
        changed since (an Undo or a New game the page sent while a worker computed it)."""
        table = self.table
        if version != table.version or table.session.phase is not Phase.COMPUTER:
            return
        table.show(table.board.computer_plays(move, proved))
