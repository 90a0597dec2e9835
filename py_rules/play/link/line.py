"""The record two devices agree on.

A `Line` is everything public about a game played by link: the game, its id, its
options and names, each player's seals (Number Duel), the moves, every opening the
rules have called for so far, a resignation, and who revealed the rest of their row
after the end. A link is a line plus who sent it. Both devices keep the line; each link
carries the whole of it, so the other device checks that it continues exactly the line
it has. How a link carries it: `payload`; how a line is replayed with the rules, every
opening checked against its seal: `replay`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from ...registry import GAMES
from ...rules.core import Game, Outcome, Reason, other
from ...rules.options import FIRST, FlagOption, IntOption
from .draw import Draw, combined, derive
from .seal import Opening

RESIGNED = Reason.RESIGNED


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


def replaced(line: Line, moves: tuple[str, ...], openings: tuple[Opening, ...]) -> Line:
    """`line` with other moves and openings."""
    return dataclasses.replace(line, moves=moves, openings=openings)


def outcome(replay_game: Game[Any], line: Line) -> Outcome | None:
    """How the game ended: by the rules, or by a resignation (None: it goes on)."""
    if line.resigned is not None:
        return Outcome(other(line.resigned), RESIGNED)
    return replay_game.outcome()


# ----- the bytes ---------------------------------------------------------------------
