"""The record two devices agree on, and how a link carries it.

A `Line` is everything public about a game played by link: the game, its id, its
options and names, each player's seals (Number Duel), the moves, every opening the
rules have called for so far, a resignation, and who revealed the rest of their row
after the end. A link is a line plus who sent it. Both devices keep the line; each link
carries the whole of it, so the other device checks that it continues exactly the line
it has.

Compact by construction: a move is written as its index among the legal moves of its
position, and all of a game's indices as one number in mixed radix (each index a
digit whose base is how many moves were legal), so a forced move costs nothing and a
choice of two one bit. An opening is its position, its number and its salt (18 bytes).

Number Duel's openings follow from the moves. For each attack, in order: the
attacker's number and where it stood (unless it was face up already), then the
defender's number (unless face up already), except for the last attack of a link
whose sender made it: only the defender's device knows that number, and reveals it
in its answer. After the end a player may open the rest of their row (`closed`).

`decode` reads a link and replays it with the rules, checking every opening against
its seal as it goes; it never raises for what it finds in the moves: the first
problem comes back with the move it concerns, so the device can tell a changed
history from a bad new move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...registry import GAMES
from ...rules.core import MAX_MOVES, Game, Outcome, Reason, other
from ...rules.errors import RulesError
from ...rules.games.number_duel import Attack
from ...rules.options import FIRST, FlagOption, IntOption
from .draw import COMMITMENT_BYTES, VALUE_BYTES, Draw, combined, derive
from .seal import SALT_BYTES, SEAL_BYTES, Opening, seal
from .wire import LinkRefused, Reader, Writer, damaged

# Version 2 is version 1 with the draw of random settings after the game's name; a
# line without a draw is written as version 1, byte for byte as before.
VERSION = 1
DRAW_VERSION = 2
GAME_ID_BYTES = 8
RESIGNED = Reason.RESIGNED
# The seats that opened the rest of their row after the end, in the order they did.
CLOSINGS: tuple[tuple[int, ...], ...] = ((), (1,), (2,), (1, 2), (2, 1))


@dataclass(frozen=True)
class Line:
    """The public record of a game played by link (see the module's docstring)."""

    slug: str
    game_id: bytes
    options: dict[str, Any]  # "first" and the public options, resolved
    names: tuple[str, str]
    seals: tuple[tuple[bytes, ...] | None, tuple[bytes, ...] | None] = (None, None)
    moves: tuple[str, ...] = ()
    openings: tuple[Opening, ...] = ()
    resigned: int | None = None
    closed: tuple[int, ...] = ()
    pending: bool = False  # the last attack waits for its defender's number
    draw: Draw | None = None  # the settings drawn by both devices, if any

    @property
    def hidden(self) -> bool:
        return GAMES[self.slug].has_hidden_information

    def sealed(self, seat: int) -> bool:
        return self.seals[seat - 1] is not None


@dataclass(frozen=True)
class Problem:
    """What is wrong with a link at move `index` (0-based; the number of moves for
    anything after the moves): `cheating` when an opening fails its seal or contradicts
    an earlier one, else a link that does not follow from the rules."""

    index: int
    message: str
    cheating: bool = False
    seat: int | None = None  # whose opening it is, for an opening that fails


@dataclass
class Reading:
    """A link decoded: its line as far as it could be replayed, who sent it, the
    player who made each move, and the first problem found (None: all of it is sound)."""

    line: Line
    sender: int
    movers: list[int] = field(default_factory=list)
    problem: Problem | None = None


def public_options(cls: type[Game[Any]]) -> tuple[IntOption | FlagOption, ...]:
    """The options a link carries, in a fixed order: who moves first, then the game's
    public ones (never a hidden order or the seed)."""
    specs = cls.public_option_specs()
    return (FIRST, *(spec for spec in specs if isinstance(spec, IntOption | FlagOption)))


def drawable(cls: type[Game[Any]]) -> tuple[IntOption, ...]:
    """The public options that may be left to chance ("random"), in the link's order."""
    return tuple(
        spec for spec in public_options(cls) if isinstance(spec, IntOption) and spec.allow_random
    )


def drawn_options(slug: str, draw: Draw | None) -> dict[str, int]:
    """The drawn settings' values: from both values once the draw is done, else each
    option's lowest value, a placeholder no move can be played with (`walk`)."""
    if draw is None:
        return {}
    specs = [spec for spec in drawable(GAMES[slug]) if spec.name in draw.names]
    if draw.joined is not None and draw.revealed is not None:
        return derive(specs, combined(draw.revealed, draw.joined))
    return {spec.name: spec.low for spec in specs}


def chosen_settings(line: Line) -> tuple[Any, ...]:
    """Everything about a line's settings that no later link may change: the game, the
    options chosen, the names, and who committed to which draw with what."""
    draw = line.draw
    drawn = draw.names if draw else ()
    chosen = {name: value for name, value in line.options.items() if name not in drawn}
    committed = (draw.seat, draw.names, draw.commitment) if draw else None
    return line.slug, chosen, line.names, committed


def row_size(line: Line) -> int:
    """How many positions each hidden row has (Number Duel's K)."""
    size: int = line.options["numbers"]
    return size


def completed(line_size: int, shown: dict[int, int]) -> tuple[int, ...]:
    """A full order that agrees with every opened position: the rest of the numbers,
    in increasing order, on the rest of the positions. Where they really stand never
    changes what the rules do with the moves played (nothing hidden was touched)."""
    rest = iter(sorted(set(range(1, line_size + 1)) - set(shown.values())))
    return tuple(shown[p] if p in shown else next(rest) for p in range(1, line_size + 1))


def make_game(
    line: Line,
    shown: tuple[dict[int, int], dict[int, int]],
    own: tuple[int, tuple[int, ...]] | None,
) -> Game[Any]:
    """The game of `line` at its start: hidden rows completed from what is shown,
    except the row of the device's own player (`own`: seat and order)."""
    options = {**line.options, "seed": 0}
    if line.hidden:
        for seat in (1, 2):
            order = own[1] if own and own[0] == seat else completed(row_size(line), shown[seat - 1])
            options[f"order{seat}"] = order
    return GAMES[line.slug](options, line.names)


def attack_needs(
    game: Game[Any], attack: Attack, shown: tuple[dict[int, int], dict[int, int]], pending: bool
) -> list[tuple[int, int | None, int | None]]:
    """The openings an attack calls for: (seat, position or None, number or None),
    None where the opening supplies it."""
    attacker = game.to_move
    assert attacker is not None
    defender = other(attacker)
    needs: list[tuple[int, int | None, int | None]] = []
    if attack.number not in shown[attacker - 1].values():
        needs.append((attacker, None, attack.number))
    if not pending and attack.position not in shown[defender - 1]:
        needs.append((defender, attack.position, None))
    return needs


class Replay:
    """Walks a line with the rules, keeping what each row has shown and checking each
    opening as it comes (shared by `decode` and `encode`)."""

    def __init__(
        self, line: Line, own: tuple[int, tuple[int, ...]] | None, trusted: bool = False
    ) -> None:
        self.line = line
        self.own = own
        self.shown: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.salts: set[bytes] = set()
        self.moves: list[str] = []
        # A trusted line (one this device made or has checked) shows every opening up
        # front: its rows are completed once. Otherwise each opening is learned (and
        # the rows completed again) as the replay reaches it.
        self.trusted = trusted
        known: tuple[dict[int, int], dict[int, int]] = ({}, {})
        for opening in line.openings if trusted else ():
            known[opening.seat - 1][opening.position] = opening.number
        self.game = make_game(line, known, own)

    def rebuild(self) -> None:
        if self.trusted:
            return
        game = make_game(self.line, self.shown, self.own)
        for text in self.moves:
            game.play(text)
        self.game = game

    def check_opening(self, opening: Opening, index: int) -> Problem | None:
        """Whether an opening is sound: its seal opens, its number is new in its row,
        its salt is fresh and opens no other seal of the row. None if sound."""
        line, who = self.line, GAMES[self.line.slug]
        name = line.names[opening.seat - 1]
        seals = line.seals[opening.seat - 1]
        assert seals is not None
        size = row_size(line)
        where = f"position {opening.position}"
        if not 1 <= opening.number <= size:
            return Problem(
                index,
                f"{name} showed a {opening.number} at {where}, but the numbers are 1 to {size}.",
                True,
            )
        if not opening.opens(line.game_id, seals):
            sealed = opening.sealed_number(line.game_id, seals, size)
            truth = (
                f"the seal of {where} holds a {sealed} with that salt"
                if sealed is not None
                else f"that salt does not open the seal of {where} with any number"
            )
            return Problem(
                index,
                f"{name} showed a {opening.number} at {where}, but {truth}"
                f" (seal {seals[opening.position - 1].hex()[:16]}..., salt {opening.salt.hex()}).",
                True,
            )
        for position, number in self.shown[opening.seat - 1].items():
            if number == opening.number:
                return Problem(
                    index,
                    f"{name} showed a {number} at {where}, and a {number} at position {position}"
                    f" before: their row was not the numbers 1 to {size} ({who.title}).",
                    True,
                )
        if opening.salt in self.salts or self.salt_opens_another(opening):
            return Problem(
                index,
                f"{name} used the salt of {where} ({opening.salt.hex()}) for another seal"
                " too: its number could be guessed.",
                True,
            )
        return None

    def salt_opens_another(self, opening: Opening) -> bool:
        seals = self.line.seals[opening.seat - 1]
        assert seals is not None
        size = len(seals)
        for position in range(1, size + 1):
            if position == opening.position or position in self.shown[opening.seat - 1]:
                continue
            for number in range(1, size + 1):
                if (
                    seal(self.line.game_id, opening.seat, position, number, opening.salt)
                    == seals[position - 1]
                ):
                    return True
        return False

    def learn(self, opening: Opening) -> None:
        self.shown[opening.seat - 1][opening.position] = opening.number
        self.salts.add(opening.salt)

    def hidden_positions(self, seat: int) -> list[int]:
        return [p for p in range(1, row_size(self.line) + 1) if p not in self.shown[seat - 1]]


Choose = Callable[[Replay, list[Any]], int]
Take = Callable[[Replay, int, int | None, int | None], Opening | Problem]


def walk(
    reading: Reading,
    count: int,
    choose: Choose,
    take: Take,
    own: tuple[int, tuple[int, ...]] | None = None,
    check: bool = True,
) -> Replay:
    """Replay `count` moves of `reading.line`: `choose` gives each move's index among
    the legal moves, `take` each opening the rules call for (seat, and the position or
    the number it must have). Fills `reading`: its line's moves and openings as far as
    they are sound, the player who made each, and the first problem. Without `check`
    the openings are taken as they are (to write a line, not to read one)."""
    line = reading.line
    replay = Replay(line, own, trusted=not check)
    openings: list[Opening] = []

    def stop(problem: Problem) -> Replay:
        reading.problem = problem
        reading.line = replaced(line, tuple(replay.moves), tuple(openings))
        return replay

    def opened(index: int, seat: int, position: int | None, number: int | None) -> Problem | None:
        got = take(replay, seat, position, number)
        if isinstance(got, Problem):
            return Problem(index, got.message, got.cheating)
        problem = replay.check_opening(got, index) if check else None
        if problem is not None:
            problem = dataclasses.replace(problem, seat=got.seat)
        if problem is None:
            replay.learn(got)
            openings.append(got)
        return problem

    if line.hidden and count and not (line.sealed(1) and line.sealed(2)):
        return stop(Problem(0, "It has moves before both players sealed their numbers."))
    if line.draw and count and not line.draw.done:
        return stop(Problem(0, "It has moves before both devices drew its random settings."))
    for index in range(count):
        legal = replay.game.legal_moves()
        if not legal:
            return stop(
                Problem(index, f"It has a move after the end of the game (move {index + 1}).")
            )
        move = legal[choose(replay, legal)]
        mover = replay.game.to_move
        assert mover is not None
        pending = line.pending and index == count - 1
        if line.hidden:
            assert isinstance(move, Attack)
            if pending and move.position in replay.shown[other(mover) - 1]:
                return stop(Problem(index, "It waits for a number that is face up already."))
            needs = attack_needs(replay.game, move, replay.shown, pending)
            for seat, position, number in needs:
                problem = opened(index, seat, position, number)
                if problem:
                    return stop(problem)
            if needs:
                replay.rebuild()
        replay.moves.append(replay.game.move_text(move))
        reading.movers.append(mover)
        if not pending:
            replay.game.play(move)
    reading.line = replaced(line, tuple(replay.moves), tuple(openings))
    end = _end_problem(reading, replay)
    if end:
        return stop(end)
    for seat in line.closed:
        for position in replay.hidden_positions(seat):
            problem = opened(count, seat, position, None)
            if problem:
                return stop(problem)
    if line.closed:
        replay.rebuild()
    reading.line = replaced(line, tuple(replay.moves), tuple(openings))
    return replay


def _end_problem(reading: Reading, replay: Replay) -> Problem | None:
    line, count = reading.line, len(reading.line.moves)
    over = replay.game.is_over
    if line.resigned is not None and (line.pending or over or replay.game.to_move != line.resigned):
        return Problem(count, "It has a player resign when it was not their turn.")
    if line.closed and (not line.hidden or not (over or line.resigned is not None)):
        return Problem(count, "It opens a row before the game is over.")
    return None


def replaced(line: Line, moves: tuple[str, ...], openings: tuple[Opening, ...]) -> Line:
    """`line` with other moves and openings."""
    return dataclasses.replace(line, moves=moves, openings=openings)


def outcome(replay_game: Game[Any], line: Line) -> Outcome | None:
    """How the game ended: by the rules, or by a resignation (None: it goes on)."""
    if line.resigned is not None:
        return Outcome(other(line.resigned), RESIGNED)
    return replay_game.outcome()


# ----- the bytes ---------------------------------------------------------------------


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
