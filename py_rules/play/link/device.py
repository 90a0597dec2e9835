"""One player's side of a game played by link.

A `Device` holds the line both players agree on and this device's secrets: in
Number Duel its hidden order and one salt per position, which leave it only as the
openings the rules call for. It makes the next link after a move (`play`, `resign`)
and takes the other player's link (`receive`), which it refuses, changing nothing,
unless the link continues exactly the line it has with one move of the other player:

- damaged (cut short in copying), for another game, this device's own link;
- sent twice (opened already), stale (an earlier position than this device has);
- forked (the other player answered the same position twice, differently);
- tampered (a changed move of this player, changed settings, seals or revealed
  numbers, or moves that do not follow from the rules), a move out of turn.

An opening that fails its seal, shows a number twice or reuses a salt ends the game
as cheating detected, with the evidence (`ended`). Either player may resign on their
turn (a move), or stop here (`stop`: this device refuses every later link).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...registry import game_class
from ...rules.core import Game, Outcome, other
from ...rules.errors import BadOption, BadSave, IllegalMove
from ...rules.games.number_duel import Attack
from . import keeping
from .draw import VALUE_BYTES, Draw, commitment
from .line import (
    Line,
    Problem,
    Reading,
    drawable,
    drawn_options,
    outcome,
    public_options,
)
from .payload import GAME_ID_BYTES, decode, encode
from .refusals import check_continues, check_same_game, check_sender
from .replay import Replay, walk
from .seal import SALT_BYTES, Entropy, Opening, seal_row
from .status import CHEATING, OVER, STOPPED, THEIR_TURN, WAITING, YOUR_TURN
from .wire import LinkRefused, from_text, to_text


@dataclass(frozen=True)
class Received:
    """What a link brought: the moves it added (player, move), and whether it ended
    the game as cheating detected (the evidence, for a person)."""

    moves: list[tuple[int, str]] = field(default_factory=list)
    cheating: str | None = None


def digest(payload: bytes) -> bytes:
    return hashlib.sha256(payload).digest()[:16]


class Device:
    """One player's side of a game played by link (see the module's docstring)."""

    def __init__(
        self,
        seat: int,
        line: Line,
        order: Sequence[int] = (),
        salts: Sequence[bytes] = (),
        received: bytes = b"",
        ended: tuple[str, str] | None = None,
        drawn: bytes = b"",
    ) -> None:
        self.seat = seat
        self.line = line
        self.order = tuple(order)
        self.salts = tuple(salts)
        self.drawn = drawn  # this device's value in the draw, while it is secret
        self.received = received  # the digest of the last link taken, to spot it again
        self.ended = ended  # (STOPPED or CHEATING, why) once this device has ended it
        self._link: tuple[Line | None, str] = (None, "")  # the last link made, for its line
        self._replay()

    # ----- starting ------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        slug: str,
        options: Mapping[str, Any] | None = None,
        names: Sequence[str | None] | None = None,
        seat: int = 1,
        order: Sequence[int] | str | None = None,
        entropy: Entropy = secrets.token_bytes,
    ) -> Device:
        """A new game by link, played from this device as player `seat`; its first link
        (`link()`) invites the other player. Bad options raise BadOption."""
        if seat not in (1, 2):
            raise BadOption("you play as player 1 or player 2", "seat")
        game_cls = game_class(slug)
        options = dict(options or {})
        for key in game_cls.secret_options():
            if key != "seed" and key != f"order{seat}" and options.get(key) is not None:
                raise BadOption(f"{key} is the other player's to choose, on their device", key)
        if order is None:
            order = options.get(f"order{seat}")
        chosen = {k: v for k, v in options.items() if k not in game_cls.secret_options()}
        # Who moves first, a random target: drawn by both devices (`draw`), never here
        # alone; until then each holds a placeholder that no move is played with.
        random_ones = tuple(
            spec.name
            for spec in drawable(game_cls)
            if chosen.get(spec.name) is not None and spec.parse(chosen[spec.name]) == "random"
        )
        game_id = entropy(GAME_ID_BYTES)
        draw, value = None, b""
        if random_ones:
            value = entropy(VALUE_BYTES)
            draw = Draw(seat, random_ones, commitment(game_id, seat, value))
            chosen.update(drawn_options(slug, draw))
        base = game_cls({**chosen, "seed": 0}, names)
        public = {spec.name: base.options[spec.name] for spec in public_options(game_cls)}
        line = Line(slug, game_id, public, base.names, draw=draw)
        device = cls(seat, line, drawn=value)
        return device._sealed(base, order, entropy)

    @classmethod
    def join(
        cls,
        text: str,
        order: Sequence[int] | str | None = None,
        entropy: Entropy = secrets.token_bytes,
    ) -> Device:
        """Open the other player's invitation on this device (LinkRefused if it is not
        one this device can join)."""
        payload = from_text(text)
        reading = decode(payload)
        if reading.problem:
            raise LinkRefused("tampered", f"This link cannot be played: {reading.problem.message}")
        seat = other(reading.sender)
        line = reading.line
        draw = line.draw
        if (line.hidden and line.sealed(seat)) or (draw and draw.joined is not None):
            raise LinkRefused(
                "joined",
                "This game already has both players: open it on the device that played it.",
            )
        if draw:  # this device's part of the draw, in the clear: the other has committed
            line = replace(line, draw=replace(draw, joined=entropy(VALUE_BYTES)))
        base = game_class(line.slug)({**line.options, "seed": 0}, line.names)
        device = cls(seat, line, received=digest(payload))
        return device._sealed(base, order, entropy)

    def _sealed(
        self, base: Game[Any], order: Sequence[int] | str | None, entropy: Entropy
    ) -> Device:
        """This device with its hidden order sealed (games with hidden information)."""
        if not self.line.hidden:
            return self
        if order is not None:
            base = base.arranged(self.seat, order)  # checks it (BadOption)
            own = base.arrangement(self.seat)
            assert own is not None
        else:
            size = len(base.arrangement(self.seat) or ())
            shuffler = random.Random(int.from_bytes(entropy(SALT_BYTES), "big"))
            own = tuple(shuffler.sample(range(1, size + 1), size))
        salts, seals = seal_row(self.line.game_id, self.seat, own, entropy)
        both = list(self.line.seals)
        both[self.seat - 1] = seals
        line = replace(self.line, seals=(both[0], both[1]))
        return type(self)(self.seat, line, own, salts, self.received, drawn=self.drawn)

    # ----- what is true now ---------------------------------------------------------

    def _replay(self, sender: int | None = None) -> None:
        """Replay the line with this device's own order, as `sender` (this player by
        default) would send it: every check runs again."""
        pool = iter(self.line.openings)
        line = self.line
        reading = Reading(line, sender or self.seat)
        own = (self.seat, self.order) if self.order else None

        def choose(replay: Replay, legal: list[Any]) -> int:
            return legal.index(replay.game.parse_move(line.moves[len(replay.moves)]))

        def take(*_: Any) -> Opening | Problem:
            return next(pool, None) or Problem(0, "An opening is missing.")

        # Unchecked: the line was checked when its link was read (or made here).
        self._view = walk(reading, len(line.moves), choose, take, own, check=False)
        if reading.problem:
            raise BadSave(reading.problem.message)
        self._reading = reading

    @property
    def game(self) -> Game[Any]:
        """The game as this device knows it (the other player's hidden numbers are
        placeholders: show it only through `view()`)."""
        return self._view.game

    @property
    def has_moved(self) -> bool:
        """Whether this player has made a move (the joiner's first link has none)."""
        return self.seat in self._reading.movers

    @property
    def owes_link(self) -> bool:
        """Whether this device's line holds something the other device has not seen:
        its last link differs from the one this device last took. After the end, the
        player who made the last move (or answer, or opening) still sends one link."""
        return digest(encode(self.line, other(self.seat))) != self.received

    @property
    def drawing(self) -> bool:
        """Whether the game's random settings wait for the other device's part."""
        return self.line.draw is not None and not self.line.draw.done

    @property
    def pending(self) -> str | None:
        """This player's attack waiting for the other's answer (its text), if any."""
        return self.line.moves[-1] if self.line.pending else None

    def outcome(self) -> Outcome | None:
        return outcome(self.game, self.line)

    @property
    def status(self) -> str:
        if self.ended:
            return self.ended[0]
        if self.outcome():
            return OVER
        if self.line.hidden and not self.line.sealed(other(self.seat)):
            return WAITING
        draw = self.line.draw
        if draw and not draw.done:  # the other device's part of the draw is still to come
            return WAITING if draw.joined is None else THEIR_TURN
        if self.pending or self.game.to_move != self.seat:
            return THEIR_TURN
        return YOUR_TURN

    def view(self) -> dict[str, Any]:
        """What this player may see: their own row and everything revealed."""
        return self.game.observation(self.seat)

    def link(self) -> str:
        """The link to send now: the whole line, from this player."""
        if self._link[0] is not self.line:
            self._link = (self.line, to_text(encode(self.line, self.seat)))
        return self._link[1]

    # ----- acting -------------------------------------------------------------------

    def _check_turn(self) -> None:
        status = self.status
        if status == YOUR_TURN:
            return
        name = self.line.names[other(self.seat) - 1]
        raise IllegalMove(
            {
                WAITING: f"Wait for {name} to open your invitation: both rows are sealed first.",
                THEIR_TURN: f"It is {name}'s turn: wait for their link.",
                OVER: "The game is over.",
            }.get(status, "This game has ended on this device.")
        )

    def play(self, move: Any) -> str:
        """Play this player's move (its text or value); returns the link to send.
        IllegalMove (the rule it breaks, or not your turn) changes nothing."""
        self._check_turn()
        game = self.game
        reason = game.why_illegal(move)
        if reason:
            raise IllegalMove(reason)
        chosen = game.parse_move(move) if isinstance(move, str) else move
        openings = list(self.line.openings)
        pending = False
        if isinstance(chosen, Attack):
            if chosen.number not in self._view.shown[self.seat - 1].values():
                openings.append(self._opening(self.order.index(chosen.number) + 1))
            pending = chosen.position not in self._view.shown[other(self.seat) - 1]
        line = replace(
            self.line,
            moves=(*self.line.moves, game.move_text(chosen)),
            openings=tuple(openings),
            pending=pending,
        )
        self._become(line)
        return self.link()

    def resign(self) -> str:
        """Resign (on this player's turn); returns the link that tells the other."""
        self._check_turn()
        self._become(replace(self.line, resigned=self.seat))
        return self.link()

    def stop(self) -> None:
        """Refuse to go on: this device takes no more links for this game."""
        if not self.ended:
            self.ended = (STOPPED, "You stopped this game.")

    def _opening(self, position: int) -> Opening:
        return Opening(self.seat, position, self.order[position - 1], self.salts[position - 1])

    def _become(self, line: Line, answer: bool = False) -> None:
        """Take `line` as the agreed one, then do what the rules ask of this device at
        once: answer an attack on its row (`answer`: the line came from the other
        player; open the defending number), and open the rest of its row once the game
        is over. Nothing changes if anything fails."""
        old = self.line, self._view, self._reading
        try:
            self.line = line
            draw = line.draw
            if answer and draw and draw.seat == self.seat and draw.joined and not draw.revealed:
                done = replace(draw, revealed=self.drawn)  # both parts are in: reveal
                options = {**line.options, **drawn_options(line.slug, done)}
                self.line = line = replace(line, draw=done, options=options)
            if answer and line.pending:
                self._replay()
                attack = self.game.parse_move(line.moves[-1])
                openings = (*line.openings, self._opening(attack.position))
                self.line = replace(line, openings=openings, pending=False)
            self._replay()
            if self.line.hidden and self.outcome() and self.seat not in self.line.closed:
                shown = self._view.shown[self.seat - 1]
                rest = [p for p in range(1, len(self.order) + 1) if p not in shown]
                self.line = replace(
                    self.line,
                    openings=(*self.line.openings, *map(self._opening, rest)),
                    closed=(*self.line.closed, self.seat),
                )
                self._replay()
        except Exception:
            self.line, self._view, self._reading = old
            raise

    # ----- the other player's link ------------------------------------------------------

    def receive(self, text: str) -> Received:
        """Take the other player's link. LinkRefused (with a `kind`) changes nothing;
        cheating detected ends the game here, and the result says so with the evidence."""
        if self.ended:
            raise LinkRefused("ended", f"This game has ended on this device: {self.ended[1]}")
        payload = from_text(text)
        reading = decode(payload)
        line, mine = reading.line, self.line
        check_same_game(reading, mine, self.seat, digest(payload) == self.received)
        check_continues(reading, mine, self._reading.movers, self.seat)
        new = list(
            zip(reading.movers[len(mine.moves) :], line.moves[len(mine.moves) :], strict=True)
        )
        if (
            len(new) > 1
            or any(player != reading.sender for player, _ in new)
            or (not reading.problem and line.pending and reading.movers[-1] != reading.sender)
        ):
            raise LinkRefused("out-of-turn", "This link plays a move in your turn: it is refused.")
        check_sender(reading, mine, self.seat)
        problem = reading.problem
        if problem:
            if problem.cheating:
                self.ended = (CHEATING, problem.message)
                self.received = digest(payload)
                return Received(new, problem.message)
            raise LinkRefused(
                "tampered", f"This link does not follow from the game: {problem.message}"
            )
        self._become(line, answer=True)
        self.received = digest(payload)
        return Received(new)

    # ----- keeping it on the device -------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """Everything this device keeps, secrets included (never send this)."""
        return keeping.to_data(self)

    @classmethod
    def from_data(cls, data: Any) -> Device:
        """A device as `to_data` kept it, every part checked (BadSave if not)."""
        return keeping.from_data(cls, data)
