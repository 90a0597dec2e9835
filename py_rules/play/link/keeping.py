"""A device kept on the device (the browser's storage, the terminal's file): everything it
holds, its secrets included, and every part checked again when it is read back, since a
kept game can be damaged or edited like any other saved game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from ...rules.errors import BadSave, RulesError
from .draw import commitment
from .line import Line
from .payload import decode
from .seal import SALT_BYTES, seal_row
from .status import CHEATING, STOPPED
from .wire import from_text

DATA_VERSION = 1


class Kept(Protocol):
    """What a device keeps (`Device`, named here by what it has: it imports this module)."""

    seat: int
    line: Line
    order: tuple[int, ...]
    salts: tuple[bytes, ...]
    received: bytes
    ended: tuple[str, str] | None
    drawn: bytes

    def link(self) -> str: ...


D = TypeVar("D", bound=Kept)


def to_data(device: Kept) -> dict[str, Any]:
    """Everything `device` keeps, secrets included (never send this)."""
    return {
        "v": DATA_VERSION,
        "seat": device.seat,
        "line": device.link(),
        "order": list(device.order),
        "salts": [salt.hex() for salt in device.salts],
        "received": device.received.hex(),
        "ended": list(device.ended) if device.ended else None,
        "drawn": device.drawn.hex(),
    }


def from_data(cls: Callable[..., D], data: Any) -> D:
    """A device made by `cls` as `to_data` kept it, every part checked (BadSave if not)."""
    try:
        if not isinstance(data, dict) or data.get("v") != DATA_VERSION:
            raise BadSave("This is not a game by link of this version.")
        reading = decode(from_text(data["line"]))
        seat, ended = data["seat"], data["ended"]
        order = [int(n) for n in data["order"]]
        salts = [bytes.fromhex(s) for s in data["salts"]]
        if seat != reading.sender or any(len(s) != SALT_BYTES for s in salts):
            raise BadSave("This game by link is corrupt.")
        if ended is not None and (
            not isinstance(ended, list) or len(ended) != 2 or ended[0] not in (CHEATING, STOPPED)
        ):
            raise BadSave("This game by link is corrupt.")
        drawn = bytes.fromhex(data.get("drawn", ""))
        draw = reading.line.draw
        if (
            draw
            and draw.seat == seat
            and commitment(reading.line.game_id, seat, drawn) != (draw.commitment)
        ):
            raise BadSave("This game by link does not match its own draw.")
        received = bytes.fromhex(data["received"])
        device = cls(seat, reading.line, order, salts, received, drawn=drawn)
        device.ended = (str(ended[0]), str(ended[1])) if ended else None
    except (AttributeError, KeyError, TypeError, ValueError, RulesError) as error:
        if isinstance(error, BadSave):
            raise
        raise BadSave("This game by link is corrupt.") from None
    if device.line.hidden:
        kept = iter(device.salts)
        try:
            _, seals = seal_row(device.line.game_id, seat, device.order, lambda _n: next(kept))
        except (StopIteration, ValueError):
            raise BadSave("This game by link is corrupt.") from None
        if seals != device.line.seals[seat - 1]:
            raise BadSave("This game by link does not match its own seals.")
    return device
