"""The one generic game: history, undo, legality checks, outcome and saving (read back by
`saved_game`).

Each of the five games is a small subclass that only says what its rules are:
its starting state, its legal moves, why a move is illegal, what a move does, and
who has won. Everything else (the move stack, undo, refusing illegal moves without
touching the state, JSON, names) lives here once, in the spirit of python-chess's
`Board.push`/`pop` and OpenSpiel's uniform game API.
"""

from __future__ import annotations

import json
import random
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from ..i18n import _
from .errors import BadOption, IllegalMove, RulesError
from .options import OptionSpec, resolve_options

SAVE_FORMAT = "number-duels/1"
MAX_NAME_LENGTH = 24
# Characters a name may not hold, by Unicode category: control (Cc), format (Cf: bidi
# overrides and isolates, zero-width characters), line and paragraph separators (Zl,
# Zp), surrogates (Cs) and private use (Co). Each can make a name pass for another
# ("\u202eretupmoC" shows as "Computer") or show nothing at all.
UNSHOWABLE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co"})
# The most moves one game keeps. Four of the games end by themselves, the longest
# possible being Digit Chain's 99 picks (Sequence Duel 60, Circle Duel 40, Number Duel
# 18); Number Circle has no turn limit (its totals may fall below zero for ever), and
# two people racing for the target finish in a few dozen moves. Five times the longest
# possible game of the others leaves every real game room while a hostile record or
# link cannot make a page replay, review and store thousands of moves.
MAX_MOVES = 500


def full() -> str:
    """Why no move may follow once a game has MAX_MOVES moves."""
    return _(
        "This game has reached {count} moves, the most one game keeps: start a new game."
    ).format(count=MAX_MOVES)


State = TypeVar("State")
Move = Any


class Reason(StrEnum):
    """Why a game ended; each front end words it in its own way (from these, never by
    asking which game it is). A member equals its text ("stuck", ...), as written out."""

    STUCK = "stuck"  # the loser has no legal move
    TARGET = "target"  # the winner reached the target total
    NO_NUMBERS = "no-numbers"  # the loser has no numbers left, the winner has some
    LAST_ENCOUNTER = "last-encounter"  # both are out of numbers: the last encounter decides
    RESIGNED = "resigned"  # the loser resigned (a game played by link: py_rules.play.link)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: a winner (1 or 2), or a draw (winner None), and why."""

    winner: int | None
    reason: Reason = Reason.STUCK

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass(frozen=True, eq=False)
class Checked:
    """A move judged at one position (`Game.check`): `refusal` names the rule it breaks,
    None when it is legal.

    A front end judges a move once, to grey a button or word a refusal, and then plays
    this verdict: `Game.play` trusts it at the position it was made in (the same state
    object, states being immutable, after as many moves) and judges the move again
    anywhere else. `move` is None when `given` is not a move at all.
    """

    given: Any
    move: Move | None
    refusal: str | None
    state: object
    turn: int

    @property
    def legal(self) -> bool:
        return self.refusal is None


def clean_name(name: str | None, player: int) -> str:
    """A player's name as shown: trimmed, at most 24 characters, nothing invisible.

    Names are data, never markup: front ends must show them as text.
    """
    default = f"Player {player}"  # data, as saved: `Game.player_name` translates it
    if name is None:
        return default
    if not isinstance(name, str):
        raise BadOption(
            _("the name of player {player} must be text").format(player=player), f"name{player}"
        )
    name = name.strip()
    if not name:
        return default
    if len(name) > MAX_NAME_LENGTH:
        raise BadOption(
            _("the name of player {player} is longer than {count} characters").format(
                player=player, count=MAX_NAME_LENGTH
            ),
            f"name{player}",
        )
    if any(unicodedata.category(ch) in UNSHOWABLE for ch in name):
        raise BadOption(
            _(
                "the name of player {player} contains control or invisible characters"
                " (such as text-direction or zero-width marks)"
            ).format(player=player),
            f"name{player}",
        )
    return name


def other(player: int) -> int:
    """The opponent of player 1 or 2."""
    return 3 - player


class Game(ABC, Generic[State]):
    """A game in progress: options, the state now, and every move that led to it."""

    slug: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    # The game's policy, read by every front end instead of asking which game it is:
    # whether a player's secrets are hidden from the other (a hand-over screen between
    # two people), and whether a move may be taken back while the game runs.
    has_hidden_information: ClassVar[bool] = False
    take_back_while_running: ClassVar[bool] = True
    take_back_refusal: ClassVar[str] = ""  # why not, when take-backs are not allowed
    # Whether each player may set their own arrangement (`arranged`) before play.
    has_arrangement: ClassVar[bool] = False

    def __init__(
        self,
        options: Mapping[str, Any] | None = None,
        names: Sequence[str | None] | None = None,
    ) -> None:
        values, rng = resolve_options(self.option_specs, options)
        self.options: dict[str, Any] = self.resolve_random_options(values, rng)
        names = tuple(names or (None, None))
        if len(names) != 2:
            raise BadOption(_("give exactly two player names"))
        self.names: tuple[str, str] = (clean_name(names[0], 1), clean_name(names[1], 2))
        self.state: State = self.initial_state()
        self._history: list[tuple[Move, State]] = []

    # ----- what each game defines -------------------------------------------------

    def resolve_random_options(self, values: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """Fix every option still left to chance (draws from the seeded RNG)."""
        return values

    @abstractmethod
    def initial_state(self) -> State:
        """The position before the first move."""

    @abstractmethod
    def moves_in(self, state: State) -> list[Move]:
        """Every legal move in `state`, in a stable order; empty when the game is over."""

    @abstractmethod
    def rule_broken(self, state: State, move: Move) -> str | None:
        """Why `move` is illegal in `state` (naming the rule), or None if it is legal."""

    @abstractmethod
    def after(self, state: State, move: Move) -> State:
        """The state after a legal move (states are immutable values)."""

    @abstractmethod
    def to_move_in(self, state: State) -> int | None:
        """The player to move in `state`, or None when the game is over."""

    @abstractmethod
    def outcome_of(self, state: State) -> Outcome | None:
        """The result if `state` is final, else None."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move in the game's notation; raise IllegalMove for anything else."""

    def move_text(self, move: Move) -> str:
        """A move in the game's notation (the inverse of parse_move)."""
        return str(move)

    def observation(self, player: int) -> dict[str, Any]:
        """What `player` may see. In a perfect-information game that is everything public."""
        return self.public_view()

    def public_view(self) -> dict[str, Any]:
        """The position as plain data, hiding nothing that is secret (override if needed)."""
        return {"to_move": self.to_move, "moves": [self.move_text(m) for m in self.moves]}

    def revealed_view(self) -> dict[str, Any]:
        """The position with every secret shown (for a finished game)."""
        return self.public_view()

    # ----- setup steps and secrets ----------------------------------------------------

    @classmethod
    def secret_options(cls) -> tuple[str, ...]:
        """Options that must not leave the game while it runs (with the seed, which
        decides them): kept out of share links, the form and the solvers' keys."""
        secret = tuple(spec.name for spec in cls.option_specs if spec.secret)
        return (*secret, "seed") if secret else ()

    @classmethod
    def public_option_specs(cls) -> tuple[OptionSpec, ...]:
        """The options a player chooses in a form or a page address."""
        return tuple(spec for spec in cls.option_specs if not spec.secret)

    def arrangement(self, player: int) -> tuple[int, ...] | None:
        """The player's own arrangement, if the game lets them set one (`has_arrangement`)."""
        return None

    def arranged(self, player: int, order: Sequence[int] | str) -> Game[State]:
        """The unplayed game with `player`'s arrangement changed (BadOption if invalid)."""
        raise BadOption(_("{game} has nothing to arrange").format(game=_(self.title)))

    def restarted(self, options: Mapping[str, Any]) -> Game[State]:
        """The same game, not yet started, with some options changed. Options already
        drawn (seed, first player, shuffles) stay exactly as they were."""
        return type(self)({**self.options, **options}, self.names)

    # ----- the generic API ---------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self.to_move_in(self.state)

    def outcome(self) -> Outcome | None:
        return self.outcome_of(self.state)

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    @property
    def winner(self) -> int | None:
        result = self.outcome()
        return None if result is None else result.winner

    @property
    def is_draw(self) -> bool:
        result = self.outcome()
        return result is not None and result.is_draw

    @property
    def moves(self) -> list[Move]:
        """Every move played, as a new list (count them with `turn`, not len(moves))."""
        return [move for move, _ in self._history]

    def moves_by_player(self) -> list[tuple[int, Move]]:
        """Each move played, in order, with the player who made it."""
        return [(self.to_move_in(state) or 0, move) for move, state in self._history]

    @property
    def turn(self) -> int:
        """How many moves have been played."""
        return len(self._history)

    def legal_moves(self) -> list[Move]:
        return self.moves_in(self.state)  # empty exactly when the game is over

    def legal_move_texts(self) -> list[str]:
        return [self.move_text(move) for move in self.legal_moves()]

    def player_name(self, player: int) -> str:
        """The player's name as shown: a default name ("Player 2", or "Computer", which the
        pages name the computer's player) in the current language; saves keep it English."""
        name = self.names[player - 1]
        if name == f"Player {player}":
            return _("Player {number}").format(number=player)
        return _("Computer") if name == "Computer" else name

    def _as_move(self, move: Move | str) -> Move:
        return self.parse_move(move) if isinstance(move, str) else move

    def check(self, move: Move | str) -> Checked:
        """The verdict on a move (or its text) here, to show and then to `play`."""
        try:
            parsed = self._as_move(move)
        except IllegalMove as error:
            return Checked(move, None, str(error), self.state, self.turn)
        return Checked(move, parsed, self._refusal(parsed), self.state, self.turn)

    def why_illegal(self, move: Move | str) -> str | None:
        """The rule a move breaks (or why its text is not a move), None if legal."""
        return self.check(move).refusal

    def judged_here(self, checked: Checked) -> bool:
        """Whether `checked` was judged at this very position (so holds here)."""
        return checked.state is self.state and checked.turn == self.turn

    def _refusal(self, move: Move) -> str | None:
        if self.is_over:
            return _("The game is over.")
        return full() if self.turn >= MAX_MOVES else self.rule_broken(self.state, move)

    def play(self, move: Move | str | Checked) -> Move:
        """Play a move (or its text, or its verdict from `check`). An illegal one raises
        IllegalMove and changes nothing. A verdict made at this position is not judged
        again; one made elsewhere is."""
        if not isinstance(move, Checked):
            move = self.check(move)
        elif not self.judged_here(move):
            move = self.check(move.given)
        if move.refusal is not None or move.move is None:
            raise IllegalMove(move.refusal or "")
        self._history.append((move.move, self.state))
        self.state = self.after(self.state, move.move)
        return move.move

    def undo(self) -> Move:
        """Take back the last move and return it."""
        if not self._history:
            raise RulesError(_("There is no move to undo."))
        move, self.state = self._history.pop()
        return move

    def copy(self) -> Game[State]:
        """An independent game at the same position (states are immutable)."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone._history = list(self._history)
        return clone

    def __eq__(self, other_game: object) -> bool:
        return (
            type(other_game) is type(self)
            and isinstance(other_game, Game)
            and self.options == other_game.options
            and self.names == other_game.names
            and self.state == other_game.state
            and self._history == other_game._history
        )

    __hash__ = None  # type: ignore[assignment]  # games are mutable

    def __repr__(self) -> str:
        moves = " ".join(self.move_text(m) for m in self.moves)
        return f"<{type(self).__name__} {self.options} moves=[{moves}]>"

    # ----- saving -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain data: enough to rebuild it exactly, secrets included."""
        return {
            "format": SAVE_FORMAT,
            "game": self.slug,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "names": list(self.names),
            "moves": [self.move_text(m) for m in self.moves],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
