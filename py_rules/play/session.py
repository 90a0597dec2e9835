"""A game as a front end runs it: the record, who plays, and what happens next.

The rules (`Game`) know one position and the moves that led to it. A front end needs
more: moves taken back that Redo plays again, a history to step through, a computer
player, Number Duel's hand-over screen and arranging step, and whose side of the board
the screen shows. `Session` holds all of that, headless, so the browser page and the
terminal game run the same logic and tests drive it without either.

`phase` answers "what happens next" in one word; every action checks it and refuses
(SessionError, a message for a person) when it does not fit, changing nothing:

* ARRANGE: a human sets their own arrangement before play (`swap`, `arrange`, `done`);
* HAND_OVER: the screen hides every secret until the next human takes it (`reveal`);
* HUMAN: a human plays (`play`); COMPUTER: the computer plays (`computer_move`);
* REPLAY: an earlier position is shown and the next move is not a human's to make now
  (a finished game with hidden information, or the computer's turn) : step or go back;
* OVER: the game at the position shown has ended.

Undo and Redo follow the game's policy (`take_back_while_running`); against the
computer they go back to (and forward to) the human's turn. Playing a move at an earlier
position drops the moves after it. `to_data`/`from_data` save and load the whole
session as plain data (the format of saves and share links), checking everything read
(`session_record`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import Enum
from typing import Any

from ..engine.players import LEVELS, choose_move, perfect_move
from ..i18n import _
from ..registry import new_game
from ..rules.core import MAX_MOVES, Game, other
from ..rules.errors import BadSave, RulesError, quoted
from .lesson import start_line
from .session_record import MODES, RECORD_VERSION, mode_of, read_record, taken_back

# A computer player from outside (the terminal's tests): given the game, its move.
Chooser = Callable[[Game[Any]], Any]


class SessionError(RulesError):
    """An action that does not fit what happens next; nothing was changed."""


class Phase(Enum):
    """What happens next; the values are the words the page's data-turn attribute uses."""

    ARRANGE = "arrange"
    HAND_OVER = "handover"
    HUMAN = "human"
    COMPUTER = "computer"
    REPLAY = "replay"
    OVER = "over"


class Session:
    """One game on one screen: the record shown at a position, and who plays."""

    def __init__(
        self,
        game: Game[Any],
        future: Sequence[str] = (),
        computer: int | None = None,
        level: str = LEVELS[0],
        arranging: Sequence[int] = (),
    ) -> None:
        if computer not in MODES.values():
            raise SessionError(_("the computer plays player 1, player 2 or nobody"))
        if level not in LEVELS:
            raise SessionError(
                _("level must be one of {levels}, not {level}").format(
                    levels=", ".join(LEVELS), level=quoted(level)
                )
            )
        self.game = game
        self.future = list(future)
        self.computer = computer
        self.level = level
        self.arranging: list[int] = []
        for player in arranging:
            if player not in self.humans or player in self.arranging:
                raise SessionError(_("only each human arranges their own numbers, once"))
            if game.moves or self.future or game.arrangement(player) is None:
                raise SessionError(
                    _("{game} has nothing to arrange now").format(game=_(game.title))
                )
            self.arranging.append(player)
        self._record_over = self.whole().is_over
        self.proved = True  # whether the computer's last move was proved best
        self.plays = 0  # moves played here (not replayed by Redo or a step): a lesson counts them
        self.seat = other(computer) if computer else self.next_player or 1
        self.screen_hidden = self._needs_hand_over()

    @classmethod
    def new(
        cls,
        slug: str,
        options: Mapping[str, Any] | None = None,
        names: Sequence[str | None] | None = None,
        computer: int | None = None,
        level: str = LEVELS[0],
        arrange: bool = False,
        moves: Sequence[str] = (),
    ) -> Session:
        """A new game; `arrange`: each human arranges their numbers first, if the game
        has anything to arrange; `moves`: a lesson's starting line, played first. Bad
        options raise BadOption, a bad starting line IllegalMove."""
        game = new_game(slug, options, names)
        start_line(game, moves)
        humans = [p for p in (1, 2) if p != computer]
        arranging = [p for p in humans if game.arrangement(p) is not None] if arrange else []
        return cls(game, (), computer, level, arranging)

    # ----- what is true now ---------------------------------------------------------

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(p for p in (1, 2) if p != self.computer)

    @property
    def next_player(self) -> int | None:
        """Who acts next: the next to arrange their numbers, else the player to move."""
        return self.arranging[0] if self.arranging else self.game.to_move

    @property
    def phase(self) -> Phase:
        game = self.game
        if game.is_over:
            return Phase.OVER
        if self.arranging:
            return Phase.HAND_OVER if self.screen_hidden else Phase.ARRANGE
        if self.future and (game.to_move == self.computer or not game.take_back_while_running):
            return Phase.REPLAY
        if game.to_move == self.computer and game.turn < MAX_MOVES:
            return Phase.COMPUTER  # (a full record: a press is refused with core.full)
        return Phase.HAND_OVER if self.screen_hidden else Phase.HUMAN

    @property
    def at(self) -> int:
        """How many moves of the record the position shown has."""
        return self.game.turn

    @property
    def total(self) -> int:
        """How many moves the record holds (the position shown, then the future)."""
        return self.at + len(self.future)

    @property
    def record_over(self) -> bool:
        """Whether the whole record (not just the position shown) is a finished game."""
        return self._record_over

    @property
    def viewer(self) -> int | None:
        """The player whose secrets the screen may show: none behind the hand-over."""
        return None if self.screen_hidden else self.seat

    @property
    def reveal_all(self) -> bool:
        """Every secret may be shown: the game is over (also while stepping through it)."""
        return self.game.is_over or (self.record_over and bool(self.future))

    def seen(self) -> dict[str, Any]:
        """The position as the screen may show it now (never a hidden number that the
        person at the screen may not see)."""
        game = self.game
        if self.reveal_all:
            return game.revealed_view()
        return game.public_view() if self.viewer is None else game.observation(self.viewer)

    @property
    def can_step(self) -> bool:
        """Whether the history may be stepped through (never a hidden game running)."""
        return self.game.take_back_while_running or self.record_over

    def undo_target(self) -> int | None:
        """How many moves stay after Undo: back one move, or to the human's last turn."""
        if not self.game.take_back_while_running or not self.game.turn:
            return None
        probe = self.game.copy()
        probe.undo()
        while self.computer and probe.turn and probe.to_move == self.computer:
            probe.undo()
        return None if probe.to_move == self.computer else probe.turn

    def redo_target(self) -> int | None:
        """How many moves are shown after Redo: one more, or on to the human's turn."""
        if not self.game.take_back_while_running or not self.future:
            return None
        probe = self.game.copy()
        rest = list(self.future)
        probe.play(rest.pop(0))
        while self.computer and rest and probe.to_move == self.computer:
            probe.play(rest.pop(0))
        return probe.turn

    def whole(self) -> Game[Any]:
        """A copy of the game with every recorded move played (the end of the record)."""
        full = self.game.copy()
        for move in self.future:
            full.play(move)
        return full

    def replayed(self) -> Iterator[tuple[int, str, Game[Any]]]:
        """Each recorded move from the start: (its player, its text, the game after it).
        The game yielded is one copy moved on each time: read it before the next."""
        full = self.whole()
        game = full.copy()
        while game.turn:
            game.undo()
        for move in full.moves:
            player = game.to_move
            assert player is not None
            game.play(move)
            yield player, full.move_text(move), game

    # ----- actions ------------------------------------------------------------------

    def play(self, move: Any) -> str:
        """A human's move (or its text, or the game's verdict on it from `check`, which
        is not judged again at the position it was made in); refused (and nothing
        changes) unless it is a human's turn and the move is legal. Returns its text."""
        if self.phase is not Phase.HUMAN:
            raise SessionError(self._not_now())
        return self._play(move)

    def computer_move(self, rng: random.Random | None = None, choose: Chooser | None = None) -> str:
        """The computer plays its move (only in the COMPUTER phase): the session's level
        with `rng`, or the move `choose` makes. `proved` says afterwards whether a
        perfect player's move was proved best (False: too big to solve, a strong move)."""
        move, proved = self.think(rng, choose)
        self.proved = proved
        return self._play(move)

    def think(
        self, rng: random.Random | None = None, choose: Chooser | None = None
    ) -> tuple[Any, bool]:
        """The move `computer_move` would play now, and whether it is proved best, without
        playing it: a page computes it, then plays it only if nothing changed meanwhile."""
        if self.phase is not Phase.COMPUTER:
            raise SessionError(_("It is not the computer's turn."))
        rng = rng or random.Random()
        if choose is not None:
            return choose(self.game), True
        if self.level == "perfect":
            move, proved = perfect_move(self.game, rng)
            return move, proved
        return choose_move(self.game, self.level, rng), True

    def _play(self, move: Any) -> str:
        game = self.game
        played = game.play(move)  # IllegalMove changes nothing
        self.plays += 1
        self.future.clear()  # a new move replaces any moves taken back
        self._record_over = game.is_over
        if self.computer is None and not game.is_over:
            self.seat = game.to_move or self.seat
        self.screen_hidden = self._needs_hand_over()
        return game.move_text(played)

    def undo(self) -> None:
        target = self.undo_target()
        if target is None:
            raise SessionError(self._no_take_back(_("There is no move to undo.")))
        self.show(target)

    def redo(self) -> None:
        target = self.redo_target()
        if target is None:
            raise SessionError(self._no_take_back(_("There is no move to redo.")))
        self.show(target)

    def step(self, where: str | int) -> None:
        """Go to "first", "prev", "next", "last" or after a number of recorded moves."""
        if not self.can_step:
            raise SessionError(self._no_take_back(""))
        steps = {"first": 0, "prev": self.at - 1, "next": self.at + 1, "last": self.total}
        if isinstance(where, str) and where not in steps:
            raise SessionError(_("There is no step {step}.").format(step=quoted(where)))
        self.show(max(0, min(self.total, steps[where] if isinstance(where, str) else where)))

    def show(self, count: int) -> None:
        """Show the position after `count` recorded moves (later moves become the future)."""
        game = self.game
        self.future[:0] = taken_back(game, count)
        ahead = self.future[: max(0, count - game.turn)]
        for move in ahead:
            game.play(move)
        del self.future[: len(ahead)]
        if self.computer is None and game.to_move:
            self.seat = game.to_move
        self.screen_hidden = self._needs_hand_over()

    def rename(self, names: Sequence[str | None]) -> None:
        """New names for the players, before the first move (BadOption if refused)."""
        if self.total:
            raise SessionError(_("The names are set before the first move."))
        self.game = type(self.game)(self.game.options, names)

    def reveal(self) -> None:
        """The hand-over screen: the next human says they are at the screen."""
        if self.phase is not Phase.HAND_OVER:
            raise SessionError(_("There is no hand-over screen now."))
        self.screen_hidden = False
        self.seat = self.next_player or 1

    def arrangement(self) -> tuple[int, ...]:
        """The arranging player's arrangement now."""
        order = self.game.arrangement(self._arranger())
        assert order is not None  # checked when the arranging step began
        return order

    def arrange(self, order: Sequence[int] | str) -> None:
        """Set the arranging player's arrangement (BadOption if it is not one)."""
        self.game = self.game.arranged(self._arranger(), order)

    def swap(self, first: int, second: int) -> None:
        """Swap two places (1-based) of the arranging player's arrangement."""
        order = list(self.arrangement())
        if not (1 <= first <= len(order) and 1 <= second <= len(order)):
            raise SessionError(
                _("There are places 1 to {count} to arrange.").format(count=len(order))
            )
        order[first - 1], order[second - 1] = order[second - 1], order[first - 1]
        self.arrange(order)

    def done_arranging(self) -> None:
        """The arranging player is happy with their arrangement; the next one's turn."""
        self._arranger()
        self.arranging.pop(0)
        if self.computer is None:
            self.seat = self.next_player or 1
        self.screen_hidden = self._needs_hand_over()

    def _arranger(self) -> int:
        if self.phase is not Phase.ARRANGE:
            raise SessionError(_("Nobody is arranging their numbers now."))
        return self.arranging[0]

    def _needs_hand_over(self) -> bool:
        game = self.game
        return (
            game.has_hidden_information
            and self.computer is None
            and not game.is_over
            and not self.future
        )

    def _no_take_back(self, otherwise: str) -> str:
        refusal = self.game.take_back_refusal
        return _(refusal) if not self.game.take_back_while_running and refusal else otherwise

    def _not_now(self) -> str:
        return {
            Phase.ARRANGE: _("Arrange your numbers first."),
            Phase.HAND_OVER: _("The screen is handed over first."),
            Phase.COMPUTER: _("Wait for the computer's move."),
            Phase.REPLAY: _("This position is a replay: step forward, or back to your turn."),
            Phase.OVER: _("The game is over."),
        }.get(self.phase, "")

    # ----- the record as data (saves and share links) -------------------------------

    def to_data(self, share: bool = False) -> dict[str, Any]:
        """The session as plain data; for a link (`share`) without the secrets of a
        running game (its options and names only: it opens a fresh game)."""
        full = self.whole()
        saved = full.to_dict()
        at = self.at
        if share and full.secret_options() and not full.is_over:
            secret = full.secret_options()
            saved["options"] = {k: v for k, v in saved["options"].items() if k not in secret}
            saved["moves"], at = [], 0
        data = {
            "v": RECORD_VERSION,
            "mode": mode_of(self.computer),
            "level": self.level,
            "at": at,
            "game": saved,
        }
        if self.arranging:
            data["arrange"] = list(self.arranging)
        return data

    @classmethod
    def from_data(cls, data: Any, slug: str, from_link: bool = False) -> Session:
        """Rebuild a session of game `slug`, checking every part (`session_record`); BadSave
        says what is wrong, as a clause ("it is for Number Circle.")."""
        record = read_record(data, slug, from_link)
        try:
            return cls(record.game, record.future, record.computer, record.level, record.arranging)
        except SessionError:
            raise BadSave(_("its arranging step is not valid.")) from None
