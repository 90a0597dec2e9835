"""A link's bytes: a line and who sent it, written compactly and read back with every check.

Compact by construction: a move is written as its index among the legal moves of its
position, and all of a game's indices as one number in mixed radix (each index a digit
whose base is how many moves were legal), so a forced move costs nothing and a choice of two
one bit. An opening is its position, its number and its salt (18 bytes).

`decode` reads a link and replays it with the rules (`replay.walk`): malformed bytes or bad
settings are refused at once, and the first problem in the moves and openings comes back
with the reading.
"""

from __future__ import annotations

from typing import Any

from ...registry import GAMES
from ...rules.core import MAX_MOVES, Game
from ...rules.errors import RulesError
from ...rules.options import FlagOption
from .draw import COMMITMENT_BYTES, VALUE_BYTES, Draw
from .line import Line, Problem, Reading, drawable, drawn_options, public_options
from .replay import Replay, walk
from .seal import SALT_BYTES, SEAL_BYTES, Opening
from .wire import LinkRefused, Reader, Writer, damaged

# Version 2 is version 1 with the draw of random settings after the game's name; a
# line without a draw is written as version 1, byte for byte as before.
VERSION = 1

DRAW_VERSION = 2

GAME_ID_BYTES = 8

# The seats that opened the rest of their row after the end, in the order they did.
CLOSINGS: tuple[tuple[int, ...], ...] = ((), (1,), (2,), (1, 2), (2, 1))


def encode(line: Line, sender: int) -> bytes:
    """The payload of a link from `sender` carrying `line`."""
    out = Writer()
    out.byte(DRAW_VERSION if line.draw else VERSION)
    out.raw(line.game_id)
    closing = CLOSINGS.index(line.closed)
    out.byte(sender | (line.resigned or 0) << 2 | closing << 4 | line.pending << 7)
    out.text(line.slug)
    draw = line.draw
    if draw:
        specs = drawable(GAMES[line.slug])
        out.varint(sum(1 << i for i, spec in enumerate(specs) if spec.name in draw.names))
        out.byte(draw.seat | (draw.joined is not None) << 2 | (draw.revealed is not None) << 3)
        out.raw(draw.commitment)
        out.raw(draw.joined or b"")
        out.raw(draw.revealed or b"")
    for spec in public_options(GAMES[line.slug]):
        if draw and spec.name in draw.names:
            continue  # derived from the draw, never written
        value = line.options[spec.name]
        if isinstance(spec, FlagOption):
            out.byte(1 if value else 0)
        else:
            out.varint(value - spec.low)
    for name in line.names:
        out.text(name)
    out.byte(sum(1 << i for i, seals in enumerate(line.seals) if seals is not None))
    for seals in line.seals:
        for one in seals or ():
            out.raw(one)
    digits: list[tuple[int, int]] = []
    pool = iter(line.openings)

    def choose(replay: Replay, legal: list[Any]) -> int:
        chosen = legal.index(replay.game.parse_move(line.moves[len(replay.moves)]))
        digits.append((chosen, len(legal)))
        return chosen

    reading = Reading(line, sender)
    walk(reading, len(line.moves), choose, lambda *_: next(pool), check=False)
    assert reading.problem is None, reading.problem
    code = 0
    for chosen, radix in reversed(digits):
        code = code * radix + chosen
    out.varint(len(line.moves))
    out.blob(code.to_bytes((code.bit_length() + 7) // 8, "big"))
    out.varint(len(line.openings))
    for opening in line.openings:
        out.byte(opening.position)
        out.byte(opening.number)
        out.raw(opening.salt)
    return bytes(out.data)


def read_draw(data: Reader, cls: type[Game[Any]], game_id: bytes) -> Draw:
    """The draw of a version 2 link (the settings drawn, and each side's part so far);
    a revealed value that does not open the commitment is refused as tampered."""
    specs = drawable(cls)
    mask = data.varint((1 << len(specs)) - 1)
    flags = data.byte()
    seat, joined, revealed = flags & 3, flags >> 2 & 1, flags >> 3 & 1
    if not mask or seat not in (1, 2) or flags >> 4 or (revealed and not joined):
        raise damaged("its draw is not valid")
    draw = Draw(
        seat,
        tuple(spec.name for i, spec in enumerate(specs) if mask >> i & 1),
        data.raw(COMMITMENT_BYTES),
        data.raw(VALUE_BYTES) if joined else None,
        data.raw(VALUE_BYTES) if revealed else None,
    )
    if revealed and not draw.opens(game_id):
        raise LinkRefused(
            "tampered",
            "This link reveals another value for the draw than the one its inviter committed"
            " to: it is refused.",
        )
    return draw


def decode(payload: bytes) -> Reading:
    """Read and replay a link's payload. Malformed bytes or bad settings raise
    LinkRefused ("damaged", "settings"); what the moves and openings hold comes back
    as the reading's problem."""
    data = Reader(payload)
    version = data.byte()
    if version not in (VERSION, DRAW_VERSION):
        raise damaged("it is from another version of Number Duels")
    game_id = data.raw(GAME_ID_BYTES)
    flags = data.byte()
    sender, resigned, closing, pending = flags & 3, flags >> 2 & 3, flags >> 4 & 7, flags >> 7
    if sender not in (1, 2) or resigned == 3 or closing >= len(CLOSINGS):
        raise damaged("its players are not valid")
    slug = data.text()
    cls = GAMES.get(slug)
    if cls is None:
        raise damaged("it is for a game this version does not know")
    draw = read_draw(data, cls, game_id) if version == DRAW_VERSION else None
    options: dict[str, Any] = drawn_options(slug, draw)
    for spec in public_options(cls):
        if spec.name in options:
            continue
        if isinstance(spec, FlagOption):
            flag = data.byte()
            if flag > 1:
                raise damaged("an option in it is not valid")
            options[spec.name] = bool(flag)
        else:
            options[spec.name] = spec.low + data.varint(spec.high - spec.low)
    names = (data.text(), data.text())
    try:
        base = cls(options, names)
    except RulesError as error:
        raise damaged(f"a setting in it is refused: {error}") from None
    options = {spec.name: base.options[spec.name] for spec in public_options(cls)}
    names = base.names
    mask = data.byte()
    if mask > 3 or (mask and not cls.has_hidden_information):
        raise damaged("its seals are not valid")
    size = len(base.arrangement(1) or ())
    seals = tuple(
        tuple(data.raw(SEAL_BYTES) for _ in range(size)) if mask >> i & 1 else None for i in (0, 1)
    )
    count = data.varint(MAX_MOVES)
    if pending and not (count and cls.has_hidden_information):
        raise damaged("it waits for an answer to no attack")
    code = int.from_bytes(data.blob(), "big")
    opening_count = data.varint(2 * size)
    raw_openings = [(data.byte(), data.byte(), data.raw(SALT_BYTES)) for _ in range(opening_count)]
    data.end()
    line = Line(
        slug,
        game_id,
        options,
        names,
        (seals[0], seals[1]),
        resigned=resigned or None,
        closed=CLOSINGS[closing],
        pending=bool(pending),
        draw=draw,
    )
    reading = Reading(line, sender)
    pool = iter(raw_openings)

    def choose(replay: Replay, legal: list[Any]) -> int:
        nonlocal code
        code, chosen = divmod(code, len(legal))
        return chosen

    def take(
        replay: Replay, seat: int, position: int | None, number: int | None
    ) -> Opening | Problem:
        item = next(pool, None)
        if item is None:
            return Problem(0, "It leaves out a number that the rules reveal.")
        got = Opening(seat, item[0], item[1], item[2])
        if (position is not None and got.position != position) or (
            number is not None and got.number != number
        ):
            return Problem(0, "Its revealed numbers do not match its moves.")
        if not 1 <= got.position <= size or got.position in replay.shown[seat - 1]:
            return Problem(0, "It reveals a position that is not hidden.")
        return got

    walk(reading, count, choose, take)
    if reading.problem is None:
        if code:
            reading.problem = Problem(count, "It has moves beyond those it counts.")
        elif next(pool, None) is not None:
            reading.problem = Problem(count, "It reveals more than the rules call for.")
    return reading
