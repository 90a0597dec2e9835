"""The terminal game: two people at one keyboard, prompts and messages as in the seeds.

One generic loop (`run`) plays every game; a small presenter per game says what the
screen shows and what the prompts ask, following each seed's "Command-Line
Interaction" sample. The rules are never repeated here: a refused answer is explained
with the message of `Game.why_illegal`, which names the rule, and asked again.

Input and output are injectable (`read` works like `input`, `out` is any text stream),
so tests play whole games without a terminal.

Exit status: 0 when a game ends, and also when the input ends (EOF, e.g. a script or
Ctrl-D: stopping is a normal way to leave); 130 after Ctrl-C (128 + SIGINT, the shell
convention for an interrupted program). Either way a short message, never a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TextIO

from . import GAMES, new_game
from .core import Game, clean_name, other
from .errors import BadOption, IllegalMove
from .games.number_circle import MINUS_SIGNS, Pass

Read = Callable[[str], str]
# A computer player: given the game, the move it makes (see py_rules.players.choose_move).
Chooser = Callable[[Game[Any]], Any]

# Home, clear the screen, then clear the scrollback too, so a hidden row cannot be
# scrolled back to.
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"
EXIT_INTERRUPTED = 130


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
    return ", ".join(map(str, numbers)) or "none"


class Presenter:
    """What the screen shows for one game; the default fits "select a number" games."""

    def __init__(self, game: Game[Any], console: Console, humans: frozenset[int]) -> None:
        self.game = game
        self.console = console
        self.humans = humans

    def name(self, player: int) -> str:
        return self.game.player_name(player)

    def you(self, player: int) -> str:
        """ "You" to the human who just moved; a computer player by name."""
        return "You" if player in self.humans else self.name(player)

    def show_computer_move(self, player: int, move: Any) -> None:
        self.console.say(f"{self.name(player)} plays {self.game.move_text(move)}.")

    def welcome(self) -> None:
        self.console.say(f"Welcome to {self.game.title}!", "")

    def setup(self) -> None:
        """Anything asked before the first move (names, arrangements)."""

    def show_turn(self, player: int) -> None:
        self.console.say(f"{self.name(player)}'s turn.")

    def prompt(self, player: int) -> str:
        return "Select a number: "

    def read_move(self, player: int) -> Any:
        """The move of a human player, asked until it is legal."""
        return self.console.ask_until(self.prompt(player), self.game.why_illegal)

    def report(self, player: int, move: Any) -> None:
        self.console.say("", f"Number {self.game.move_text(move)} selected.", "")

    def between_turns(self, next_player: int) -> None:
        """Called after every move of a game still going."""

    def show_end(self) -> None:
        winner = self.game.winner  # only Number Duel has draws, and says so itself
        self.console.say(f"{self.name(other(winner))} has no valid move.")
        self.console.say(f"{self.name(winner)} wins the game!")


class CircleDuelPresenter(Presenter):
    """Seed 000: "Available numbers: 1 2 3 ..." then "Last number selected: 4"."""

    def show_turn(self, player: int) -> None:
        super().show_turn(player)
        last, legal = self.game.state.last, " ".join(self.game.legal_move_texts())
        if last is None:
            self.console.say(f"Available numbers: {legal}")
        else:
            self.console.say(
                f"Last number selected: {last}", f"Available adjacent numbers: {legal}"
            )


class SequenceDuelPresenter(Presenter):
    """Seed 002: names first, "Numbers Available: [1-9,11,...]", "Alice, select a number: "."""

    def welcome(self) -> None:
        super().welcome()
        self.console.say(f"Numbers Available: [1-{self.game.size}]", "")

    def setup(self) -> None:
        names = list(self.game.names)
        for player in sorted(self.humans):
            if names[player - 1] == f"Player {player}":  # not named on the command line
                names[player - 1] = ask_name(self.console, player)
        if tuple(names) != self.game.names:
            self.game = rebuilt(self.game, names=names)
        self.console.say("", f"{self.name(self.game.to_move)} will go first.", "")

    def show_turn(self, player: int) -> None:
        state, opponent = self.game.state, other(player)
        taken = state.claimed[0] | state.claimed[1]
        free = [n for n in range(1, self.game.size + 1) if n not in taken]
        blocked = sorted(set(free) & self.game.blocked_for(state, player))
        self.console.say(f"Numbers Available: [{number_ranges(free)}]")
        if blocked:
            self.console.say(
                f"Numbers adjacent to {self.name(opponent)}'s numbers "
                f"(cannot be selected): [{','.join(map(str, blocked))}]"
            )
        for who in (player, opponent):
            claimed = ",".join(map(str, sorted(state.claimed[who - 1])))
            self.console.say(f"{self.name(who)}'s Claimed Numbers: [{claimed}]")
        self.console.say()

    def prompt(self, player: int) -> str:
        return f"{self.name(player)}, select a number: "

    def report(self, player: int, move: Any) -> None:
        if player in self.humans:
            self.console.say("", f"You have claimed number {move}.", "")

    def show_end(self) -> None:
        winner = self.game.winner
        self.console.say(f"{self.name(other(winner))}, you have no valid moves left.")
        self.console.say(f"{self.name(winner)} wins the game!")


class DigitChainPresenter(Presenter):
    """Seed 003: "Current Number: 26 (Last digit: 6)", "Select a number starting with 6: "."""

    def welcome(self) -> None:
        self.console.say(f"-- {self.game.title} --", "")

    def available(self) -> str:
        pool = f"1-{self.game.options['pool']}"
        if self.game.options["no_tens"]:
            pool += " without multiples of 10"
        picked = [self.game.move_text(m) for m in self.game.moves]
        return f"[{pool} excluding {', '.join(picked)}]" if picked else f"[{pool}]"

    def show_turn(self, player: int) -> None:
        last = self.game.state.last
        current = "None" if last is None else f"{last} (Last digit: {last % 10})"
        self.console.say(f"Available Numbers: {self.available()}", "")
        self.console.say(f"Current Number: {current}", "", f"{self.name(player)}'s Turn:")

    def prompt(self, player: int) -> str:
        last = self.game.state.last
        if last is None:
            return "Select any number from the pool: "
        return f"Select a number starting with {last % 10}: "

    def report(self, player: int, move: Any) -> None:
        self.console.say()

    def show_end(self) -> None:
        winner, last = self.game.winner, self.game.state.last
        loser = other(winner)
        self.console.say(f"Current Number: {last} (Last digit: {last % 10})")
        self.console.say(f"No valid numbers starting with {last % 10} are available.")
        self.console.say(f"{self.name(loser)} cannot make a move.")
        self.console.say(f"{self.name(winner)} wins the game!")


class NumberCirclePresenter(Presenter):
    """Seed 001: "Available Moves: 6, 7", "Choose your move: 7", "Choose operation (+/-): +".

    The move is asked in the seed's two steps, the number to move to and then the
    operation; the whole move in one line ("7+") is accepted at the first question too.
    """

    def welcome(self) -> None:
        super().welcome()
        self.console.say(
            f"Target Number: {self.game.target}. Both markers start on 1, both totals at 0.",
            "Each turn: move to a number next to yours, then add (+) or subtract (-) it.",
        )
        if self.game.options["no_negative"]:
            self.console.say("In this game a total may not go below zero.")
        self.console.say()

    def destinations(self) -> list[int]:
        """The numbers the player to move may move to (with at least one operation)."""
        return sorted({move.to for move in self.game.legal_moves() if not isinstance(move, Pass)})

    def show_turn(self, player: int) -> None:
        state = self.game.state
        super().show_turn(player)
        self.console.say(f"Target Number: {self.game.target}")
        markers = ", ".join(
            f"{self.name(p)} on {state.position[p - 1]} (total {state.total[p - 1]})"
            for p in (1, 2)
        )
        self.console.say(f"Markers: {markers}")
        self.console.say(f"Current Total: {state.total[player - 1]}")
        if self.destinations():
            self.console.say(f"Available Moves: {listed(self.destinations())}")

    def read_move(self, player: int) -> Any:
        if not self.destinations():
            self.console.say(f"{self.name(player)} has no legal move and must pass.")
            return "pass"
        answer = self.console.ask_until("Choose your move: ", self.destination_problem)
        to = destination(answer)
        if to is None:
            return answer  # the whole move in one line, already checked

        def operation_problem(op: str) -> str | None:
            if op not in ("+", *MINUS_SIGNS):
                return "Choose + to add or - to subtract."
            return self.game.why_illegal(f"{to}{op}")

        return f"{to}{self.console.ask_until('Choose operation (+/-): ', operation_problem)}"

    def destination_problem(self, answer: str) -> str | None:
        """Why `answer` is neither a number to move to nor a whole legal move."""
        to = destination(answer)
        if to is None:
            try:
                self.game.parse_move(answer)
            except IllegalMove:
                if not answer:
                    return "Type the number to move to."
                example = self.destinations()[0]
                return f"{answer[:12]!r} is not a number to move to: type one, e.g. {example}."
            return self.game.why_illegal(answer)
        reasons = dict.fromkeys(self.game.why_illegal(f"{to}{op}") for op in "+-")
        if None in reasons:
            return None
        return " ".join(str(reason) for reason in reasons)

    def report(self, player: int, move: Any) -> None:
        total = self.game.state.total[player - 1]
        if self.game.move_text(move) == "pass":
            self.console.say(f"{self.name(player)} passes. Total stays {total}.", "")
            return
        verb = "added" if move.op == "+" else "subtracted"
        self.console.say(f"{self.you(player)} {verb} {move.to}. New Total: {total}")
        if not self.game.is_over:
            self.console.say()

    def show_end(self) -> None:
        winner = self.game.winner
        if winner in self.humans:
            self.console.say("Congratulations! You reached the Target Number. You win!")
        else:
            self.console.say(f"{self.name(winner)} reached the Target Number and wins the game!")


class NumberDuelPresenter(Presenter):
    """Seed 004, with a hand-over screen so neither player sees the other's hidden row.

    Everything shown comes from `game.observation(player)` (or the public view), never
    from the game's state, so the opponent's hidden order cannot leak onto the screen.
    """

    def __init__(self, game: Game[Any], console: Console, humans: frozenset[int]) -> None:
        super().__init__(game, console, humans)
        self.at_keyboard: int | None = None

    def welcome(self) -> None:
        super().welcome()
        k = self.game.size
        self.console.say(
            f"Each player holds the numbers 1 to {k} in hidden positions 1-{k}.",
            "Attack with one of your numbers; the higher number wins, a tie removes both.",
            "",
        )

    def hand_over(self, player: int) -> None:
        """Clear the screen and wait until `player` has the keyboard (two humans only)."""
        if len(self.humans) < 2 or self.at_keyboard == player:
            return
        self.console.ask(f"Pass the keyboard to {self.name(player)} and press Enter")
        self.console.clear()
        self.at_keyboard = player

    def setup(self) -> None:
        """Each human may rearrange their shuffled numbers before play starts."""
        for player in sorted(self.humans):
            self.hand_over(player)
            self.arrange(player)
            if len(self.humans) == 2:
                self.console.clear()
        self.hand_over(self.game.to_move)

    def arrange(self, player: int) -> None:
        row = self.game.observation(player)["rows"][str(player)]
        shown = " ".join(str(card["number"]) for card in row)
        self.console.say(f"{self.name(player)}, your numbers in positions 1-{len(row)}: {shown}")
        key = f"order{player}"

        def problem(answer: str) -> str | None:
            if not answer:
                return None
            try:
                rebuilt(self.game, {key: answer})
            except BadOption as error:
                return f"{error}."
            return None

        answer = self.console.ask_until(
            "Press Enter to keep this order, or type your own (e.g. 5,3,1,2,4): ", problem
        )
        if answer:
            self.game = rebuilt(self.game, {key: answer})
            self.console.say(f"Your order is now {answer.replace(' ', '')}.")

    def row_text(self, view: dict[str, Any], player: int, own: bool) -> str:
        """A row left to right: a number, "?" if hidden, "-" if empty; "*" = face up."""
        cells = []
        for card in view["rows"][str(player)]:
            if not card["occupied"]:
                cells.append("-")
            elif card["number"] is None:
                cells.append("?")
            else:
                cells.append(f"{card['number']}{'*' if own and card['face_up'] else ''}")
        return " ".join(cells)

    def show_turn(self, player: int) -> None:
        view, opponent = self.game.observation(player), other(player)
        k = self.game.size
        super().show_turn(player)
        self.console.say(
            f"Your row (positions 1-{k}): {self.row_text(view, player, own=True)}"
            "   (* = face up, seen by your opponent)",
            f"Your Remaining Numbers: {listed(view['remaining'][str(player)])}",
            f"{self.name(opponent)}'s row (positions 1-{k}): "
            f"{self.row_text(view, opponent, own=False)}   (? = hidden, - = empty)",
            f"{self.name(opponent)}'s Remaining Numbers: "
            f"{listed(view['remaining'][str(opponent)])}",
        )

    def read_move(self, player: int) -> Any:
        """The seed's two questions: which number, then which position."""
        any_target = self.game.legal_moves()[0].position  # to check the number on its own
        occupied = sorted({move.position for move in self.game.legal_moves()})

        def number_problem(answer: str) -> str | None:
            if "@" in answer:  # the whole move in notation is welcome too
                return self.game.why_illegal(answer)
            if not answer.isdecimal():
                return f"{answer[:12]!r} is not a number." if answer else "Enter a number."
            return self.game.why_illegal(f"{answer}@{any_target}")

        number = self.console.ask_until("Select a number to attack with: ", number_problem)
        if "@" in number:
            return number
        prompt = (
            "Select the position of the opponent's number to attack "
            f"({'positions' if len(occupied) > 1 else 'position'} "
            f"{number_ranges(occupied).replace(',', ', ')}): "
        )

        def position_problem(answer: str) -> str | None:
            if not answer.isdecimal():
                return f"{answer[:12]!r} is not a position." if answer else "Enter a position."
            return self.game.why_illegal(f"{number}@{answer}")

        return f"{number}@{self.console.ask_until(prompt, position_problem)}"

    def report(self, player: int, move: Any) -> None:
        encounter = self.game.state.encounters[-1]
        defender = other(player)
        attacker_name, defender_name = self.name(player), self.name(defender)
        if len(self.humans) == 2:
            self.console.clear()  # the attacker's row must be gone before the hand-over
        self.console.say(
            "",
            f"{attacker_name} attacks {defender_name}'s position {move.position} "
            f"with {move.number}.",
            f"{defender_name} defends with {encounter.defender_number}.",
        )
        if encounter.winner is None:
            self.console.say(f"Both numbers are {move.number}: both are eliminated.")
        else:
            loser = other(encounter.winner)
            high, low = sorted((move.number, encounter.defender_number), reverse=True)
            self.console.say(
                f"{self.name(encounter.winner)}'s {high} defeats {self.name(loser)}'s {low}.",
                f"{self.name(loser)} removes {low} from the game.",
            )
            if encounter.winner == defender:
                self.console.say(f"{defender_name}'s {high} stays in position {move.position}.")
        view = self.game.public_view()
        for who in (1, 2):
            numbers = listed(view["remaining"][str(who)])
            self.console.say(f"{self.name(who)}'s Remaining Numbers: {numbers}")
        self.console.say()

    def between_turns(self, next_player: int) -> None:
        self.hand_over(next_player)

    def show_end(self) -> None:
        remaining = self.game.public_view()["remaining"]
        emptied = [p for p in (1, 2) if not remaining[str(p)]]
        if len(emptied) == 2:
            self.console.say("Both players have no numbers remaining.")
            if self.game.is_draw:
                self.console.say("The last encounter was a tie: the game is a draw.")
                return
            self.console.say(f"{self.name(self.game.winner)}'s number won the last encounter.")
        else:
            self.console.say(f"{self.name(emptied[0])} has no numbers remaining.")
        self.console.say(f"{self.name(self.game.winner)} wins the game!")


def destination(answer: str) -> str | None:
    """The number in an answer to "Choose your move:" ("7" or, as the seed writes it,
    "Move to 7"), or None when the answer is something else (e.g. "7+")."""
    number = answer.lower().removeprefix("move to").strip()
    return number if number.isdecimal() and len(number) < 3 else None


PRESENTERS: dict[str, type[Presenter]] = {
    "circle-duel": CircleDuelPresenter,
    "number-circle": NumberCirclePresenter,
    "sequence-duel": SequenceDuelPresenter,
    "digit-chain": DigitChainPresenter,
    "number-duel": NumberDuelPresenter,
}


def rebuilt(
    game: Game[Any], options: Mapping[str, Any] | None = None, names: Iterable[str] | None = None
) -> Game[Any]:
    """The same game, not yet started, with some options or the names changed.

    Its options are already resolved (seed, first player, shuffled orders), so
    everything not changed stays exactly as it was.
    """
    return type(game)({**game.options, **(options or {})}, tuple(names or game.names))


def ask_name(console: Console, player: int) -> str:
    """A typed name, checked like any game name (`clean_name`); empty keeps the default."""

    def problem(answer: str) -> str | None:
        try:
            clean_name(answer, player)
        except BadOption as error:
            return f"Sorry: {error}."
        return None

    return clean_name(console.ask_until(f"Player {player}, enter your name: ", problem), player)


def run(presenter: Presenter, computer: Mapping[int, Chooser]) -> None:
    """The one game loop: show, ask (or let the computer choose), play, report."""
    presenter.welcome()
    presenter.setup()
    game = presenter.game
    while not game.is_over:
        player = game.to_move
        if player in computer:
            move = computer[player](game)
            presenter.show_computer_move(player, move)
        else:
            presenter.show_turn(player)
            move = presenter.read_move(player)
        move = game.play(move)
        presenter.report(player, move)
        if not game.is_over:
            presenter.between_turns(game.to_move)
    presenter.show_end()


def play_in_terminal(
    game: Game[Any],
    read: Read | None = None,
    out: TextIO | None = None,
    computer: Mapping[int, Chooser] | None = None,
) -> int:
    """Play `game` at the terminal until it ends; the exit status (see the module doc).

    `computer` maps a player (1 or 2) to a function choosing that player's moves;
    everyone else is a human at the keyboard. Names typed in Sequence Duel and numbers
    arranged in Number Duel start the game afresh with them: `game` itself is then
    left unplayed.
    """
    computer = dict(computer or {})
    console = Console(read, out)
    humans = frozenset({1, 2} - set(computer))
    presenter = PRESENTERS[game.slug](game, console, humans)
    return guarded(console, lambda: run(presenter, computer))


def guarded(console: Console, body: Callable[[], None]) -> int:
    """Run `body`; end of input or Ctrl-C ends it with a message instead of a traceback."""
    try:
        body()
    except EOFError:
        console.say("", "End of input: the game is abandoned.")
        return 0
    except KeyboardInterrupt:
        console.say("", "Interrupted: the game is abandoned.")
        return EXIT_INTERRUPTED
    return 0


def choose_game(read: Read | None = None, out: TextIO | None = None) -> int:
    """A menu of the five games; the chosen one starts with its standard options."""
    console = Console(read, out)
    slugs = list(GAMES)
    console.say("Number Duels: choose a game.", "")
    for index, slug in enumerate(slugs, start=1):
        console.say(f"  {index}. {GAMES[slug].title} ({slug}): {GAMES[slug].summary}")
    console.say()

    def problem(answer: str) -> str | None:
        if answer in slugs or (answer.isdecimal() and 1 <= int(answer) <= len(slugs)):
            return None
        return f"Choose a game by its number, 1 to {len(slugs)}, or by its name."

    chosen: list[str] = []

    def ask() -> None:
        answer = console.ask_until(f"Game (1-{len(slugs)}): ", problem)
        chosen.append(answer if answer in slugs else slugs[int(answer) - 1])

    status = guarded(console, ask)
    if not chosen:
        return status
    console.say()
    return play_in_terminal(new_game(chosen[0]), read, out)
