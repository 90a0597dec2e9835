"""What every terminal presenter shares: the console, and the default presenter.

A presenter says what the screen shows for one game and what its prompts ask,
following each seed's "Command-Line Interaction" sample; `py_rules.terminal.loop` runs the
one game loop on a `Session`, which decides what happens next. Input and output are
injectable (`read` works like `input`, `out` is any text stream), so tests play whole
games without a terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any, Generic, TextIO, TypeVar, assert_never, cast

from ...i18n import _
from ...play.session import Session
from ...rules.core import Game, Outcome, Reason, clean_name, other
from ...rules.errors import BadOption

Read = Callable[[str], str]

# Home, clear the screen, then clear the scrollback too, so a hidden row cannot be
# scrolled back to.
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"


def read_line(prompt: str) -> str:
    """`input`, echoing the answer when stdin is not a terminal, so a piped game reads
    like one played by hand (the terminal itself echoes typed answers)."""
    answer = input(prompt)
    if not sys.stdin.isatty():
        print(answer)
    return answer


class Console:
    """The terminal's two ends, swappable for tests."""

    def __init__(self, read: Read | None = None, out: TextIO | None = None) -> None:
        self.read = read or read_line
        self.out = out or sys.stdout

    def say(self, *lines: str) -> None:
        """Print lines (no arguments: one blank line)."""
        for line in lines or ("",):
            print(line, file=self.out)

    def ask(self, prompt: str) -> str:
        """One answer, stripped. EOFError / KeyboardInterrupt pass through to the loop."""
        self.out.flush()
        return self.read(prompt).strip()

    def ask_until(self, prompt: str, problem: Callable[[str], str | None]) -> str:
        """Ask until `problem(answer)` finds nothing wrong; each refusal says why."""
        while True:
            answer = self.ask(prompt)
            reason = problem(answer)
            if reason is None:
                return answer
            self.say(reason)

    def clear(self) -> None:
        """Clear the screen, only on a real terminal (no escape codes in files or pipes)."""
        isatty = getattr(self.out, "isatty", None)
        if isatty is not None and isatty():
            self.out.write(CLEAR_SCREEN)
            self.out.flush()


def number_ranges(numbers: Iterable[int]) -> str:
    """Numbers as the Sequence Duel sample writes them: runs of 3+ as ranges, "1-9,11,12,14-20"."""
    parts: list[str] = []
    run: list[int] = []
    for number in [*sorted(numbers), None]:
        if run and (number is None or number != run[-1] + 1):
            parts += [f"{run[0]}-{run[-1]}"] if len(run) >= 3 else [str(n) for n in run]
            run = []
        if number is not None:
            run.append(number)
    return ",".join(parts)


def listed(numbers: Iterable[Any]) -> str:
    """Items joined for a sentence, or "none" when there are none."""
    return _(", ").join(map(str, numbers)) or _("none")


G = TypeVar("G", bound=Game[Any])


class Presenter(Generic[G]):
    """What the screen shows for one game; the default fits "select a number" games.

    A game's presenter names its game class, `Presenter[DigitChain]`, and sees `game` as
    one: the session always holds a game of the presenter's own slug (the registry
    finds both by it).
    """

    def __init__(self, session: Session, console: Console) -> None:
        self.session = session
        self.console = console
        self.humans = frozenset(session.humans)

    @property
    def game(self) -> G:
        """The game at the position shown (the session may restart it before play)."""
        return cast(G, self.session.game)

    def name(self, player: int | None) -> str:
        assert player is not None, "a player, not the end of the game"
        return self.game.player_name(player)

    def show_computer_move(self, player: int, move: Any) -> None:
        self.console.say(
            _("{name} plays {move}.").format(name=self.name(player), move=self.game.move_text(move))
        )

    def welcome(self) -> None:
        self.console.say(_("Welcome to {game}!").format(game=_(self.game.title)), "")

    def setup(self) -> None:
        """Anything asked before the first move and the session's steps (names)."""

    def hand_over(self, player: int) -> None:
        """The session's hand-over step: `player` takes the keyboard."""

    def arrange(self, player: int) -> None:
        """The session's arranging step for `player` (only games with an arrangement)."""

    def show_turn(self, player: int) -> None:
        self.console.say(_("{name}'s turn.").format(name=self.name(player)))

    def prompt(self, player: int) -> str:
        return _("Select a number: ")

    def read_move(self, player: int) -> Any:
        """The move of a human player, asked until it is legal."""
        return self.console.ask_until(self.prompt(player), self.game.why_illegal)

    def report(self, player: int, move: Any) -> None:
        self.console.say(
            "", _("Number {move} selected.").format(move=self.game.move_text(move)), ""
        )

    def show_end(self) -> None:
        outcome = self.game.outcome()
        assert outcome is not None, "the game is over"
        self.console.say(*self.ending(outcome))

    def ending(self, outcome: Outcome) -> list[str]:
        """The end of the game in words, from why it ended (the outcome's reason)."""
        both_out = _("Both players have no numbers remaining.")
        if outcome.winner is None:
            assert outcome.reason is Reason.LAST_ENCOUNTER, "only a last encounter ends in a tie"
            return [both_out, _("The last encounter was a tie: the game is a draw.")]
        winner, loser = self.name(outcome.winner), other(outcome.winner)
        wins = [_("{name} wins the game!").format(name=winner)]
        match outcome.reason:
            case Reason.STUCK:
                return [*self.stuck(loser), *wins]
            case Reason.TARGET:
                if outcome.winner in self.humans:
                    return [_("Congratulations! You reached the Target Number. You win!")]
                return [
                    _("{name} reached the Target Number and wins the game!").format(name=winner)
                ]
            case Reason.NO_NUMBERS:
                return [
                    _("{name} has no numbers remaining.").format(name=self.name(loser)),
                    *wins,
                ]
            case Reason.LAST_ENCOUNTER:
                return [
                    both_out,
                    _("{name}'s number won the last encounter.").format(name=winner),
                    *wins,
                ]
            case Reason.RESIGNED:
                return [_("{name} resigned.").format(name=self.name(loser)), *wins]
            case unknown:
                assert_never(unknown)

    def stuck(self, loser: int) -> list[str]:
        """The lines saying that `loser` has no legal move (each seed words it its way)."""
        return [_("{name} has no valid move.").format(name=self.name(loser))]


def ask_name(console: Console, player: int) -> str:
    """A typed name, checked like any game name (`clean_name`); empty keeps the default."""

    def problem(answer: str) -> str | None:
        try:
            clean_name(answer, player)
        except BadOption as error:
            return _("Sorry: {error}.").format(error=error)
        return None

    prompt = _("Player {number}, enter your name: ").format(number=player)
    return clean_name(console.ask_until(prompt, problem), player)
