"""The games by link kept in this browser (`LinkShelf`), each with a summary for the
home page's list, saved through the one guarded slot (`slot.SaveSlot`). Pure Python."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from py_rules.i18n import N_, _
from py_rules.play.link import CHEATING, OVER, STOPPED, THEIR_TURN, WAITING, YOUR_TURN, Device
from py_rules.registry import GAMES
from py_rules.rules.core import other
from py_rules.rules.errors import BadSave

from ..headless.slot import Listen, SaveSlot
from ..record import loads

SHELF_VERSION = 1
ENDED = (OVER, CHEATING, STOPPED)
# Far more than the games a player keeps (a Number Duel's is about 3,000 characters),
# far less than the browser's storage for the site.
MAX_SHELF_CHARS = 2_000_000
SET_ASIDE = N_(
    "The games by link kept in this browser were damaged: they were set aside, and new "
    "games by link are kept again."
)
NOT_KEPT = N_(
    "This browser does not keep games by link (its storage is off or full): you can play "
    "on here, but a reload loses this game."
)


def opponent(device: Device) -> str:
    return device.line.names[other(device.seat) - 1]


def summary(device: Device) -> dict[str, str]:
    """One line of the home page's list: the game, the other player, whose turn. Kept in
    English, as data, whatever the game page's language was: the home page words the line
    in its own language from `status` and `outcome` (assets/link-games.js), and shows
    `state` as it is for a status it does not know."""
    them, status = opponent(device), device.status
    outcome = device.outcome()
    result = ""  # for a game over: "draw", "won" or "lost", as this device's player sees it
    if status == OVER and outcome is not None:
        if outcome.winner is None:
            state, result = "Over: a draw", "draw"
        elif outcome.winner == device.seat:
            state, result = "Over: you won", "won"
        else:
            state, result = "Over: you lost", "lost"
    else:
        state = {
            YOUR_TURN: "Your turn",
            THEIR_TURN: f"{them}'s turn",
            WAITING: f"Waiting for {them} to join",
            CHEATING: "Cheating detected",
            STOPPED: "You stopped it",
        }.get(status, status)
    return {
        "slug": device.line.slug,
        "title": GAMES[device.line.slug].title,
        "opponent": them,
        "status": status,
        "state": state,
        "outcome": result,
        "id": device.line.game_id.hex(),
    }


class LinkShelf:
    """The games by link kept in this browser, under one storage key of the site: each
    game's device (its secrets included: they never leave the browser) and its summary.
    `read` and `write` are the page's storage calls; a refused write leaves the games
    playable, unsaved (`kept` turns False).

    Any page of the origin may write that key, so its value is read through the same
    guard as a saved game (`record.loads`: too large or too deeply nested is refused
    before parsing). A value that is not a shelf is set aside under `<key>:damaged`,
    once, and the page says so (`notice`); the shelf starts again empty. The end of a
    game (stopped, cheating detected) is written twice, in its device and in the
    shelf's list of ended games, so a value edited in one place never brings it back."""

    def __init__(
        self,
        key: str,
        read: Callable[[str], str | None],
        write: Callable[[str, str], bool],
        listen: Listen | None = None,
        refused: Listen | None = None,
    ) -> None:
        self.key, self.read, self.write = key, read, write
        # The one guarded save path of every mode: this tab's view of each game is the
        # device it last loaded or kept (`seen`); a game another tab moved on since is
        # `behind` here, and is never played from nor written over.
        self.slot = SaveSlot(key, read, write, listen, refused)
        self.seen: dict[str, str] = {}
        self.notice = ""  # said once by the page: the kept games were set aside

    @property
    def kept(self) -> bool:
        return self.slot.kept

    def data(self) -> dict[str, Any]:
        """The shelf as stored: {"v", "games", "ended"}; an empty one if none is kept,
        and one set aside (once) if what is kept is not a shelf."""
        text = self.slot.read()[1]
        empty: dict[str, Any] = {"v": SHELF_VERSION, "games": {}, "ended": {}}
        if not text:
            return empty
        try:
            if len(text) > MAX_SHELF_CHARS:
                raise BadSave("too large")
            data = loads(text)
        except (BadSave, ValueError, RecursionError):
            data = None
        if (
            isinstance(data, dict)
            and data.get("v") == SHELF_VERSION
            and isinstance(data.get("games"), dict)
            and isinstance(data.get("ended", {}), dict)
        ):
            return {**empty, **data}
        if self.write(f"{self.key}:damaged", text):
            self.slot.load()
            self.slot.store(json.dumps(empty))
        self.notice = _(SET_ASIDE)
        return empty

    def games(self) -> dict[str, Any]:
        """Every kept game by id."""
        games: dict[str, Any] = self.data()["games"]
        return games

    def load(self, game_id: str) -> Device | None:
        """The kept game `game_id`; None when it is not kept. BadSave: corrupt."""
        data = self.data()
        entry = data["games"].get(game_id)
        if not isinstance(entry, dict):
            return None
        device = Device.from_data(entry.get("device"))
        self.seen[game_id] = as_seen(entry.get("device"))
        ended = data["ended"].get(game_id)
        if device.ended is None and ended is not None:
            if not (
                isinstance(ended, list) and len(ended) == 2 and ended[0] in (CHEATING, STOPPED)
            ):
                raise BadSave(_("This game by link is corrupt."))
            device.ended = (str(ended[0]), str(ended[1]))
        return device

    def keep(self, device: Device) -> bool:
        """Keep the device (the newest first in the list); False: the browser refused."""
        data = self.data()
        key = device.line.game_id.hex()
        games = {k: v for k, v in data["games"].items() if k != key}
        games = {key: {"device": device.to_data(), "summary": summary(device)}, **games}
        ended = dict(data["ended"])
        if device.ended:
            ended[key] = list(device.ended)
        shelf = {"v": SHELF_VERSION, "games": games, "ended": ended}
        self.slot.load()  # this game is as this tab saw it (`behind`): the rest is read now
        self.slot.store(json.dumps(shelf))
        self.seen[key] = as_seen(device.to_data())
        return self.kept

    def behind(self, device: Device) -> bool:
        """Whether another tab has moved this game on since this tab loaded or kept it."""
        key = device.line.game_id.hex()
        entry = self.games().get(key)
        if key not in self.seen or not isinstance(entry, dict):
            return False
        return as_seen(entry.get("device")) != self.seen[key]


def as_seen(data: object) -> str:
    """A kept device as a tab compares it with the stored one."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
