"""Number Duel in the terminal (seed 004)."""

from __future__ import annotations

from typing import Any

from ..core import other
from ..errors import SHORT_ECHO, BadOption, quoted
from ..games.number_duel import NumberDuel
from ..session import Session
from .base import Console, Presenter, listed, number_ranges


def shown(answer: str) -> str:
    """An answer as a refusal repeats it: the start of it, escaped (`quoted`)."""
    return quoted(answer, SHORT_ECHO)


class NumberDuelPresenter(Presenter[NumberDuel]):
    """Seed 004, with a hand-over screen so neither player sees the other's hidden row.

    Everything shown comes from `game.observation(player)` (or the public view), never
    from the game's state, so the opponent's hidden order cannot leak onto the screen.
    """

    def __init__(self, session: Session, console: Console) -> None:
        super().__init__(session, console)
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

    def arrange(self, player: int) -> None:
        """Each human may rearrange their shuffled numbers before play starts."""
        row = self.game.observation(player)["rows"][str(player)]
        shown = " ".join(str(card["number"]) for card in row)
        self.console.say(f"{self.name(player)}, your numbers in positions 1-{len(row)}: {shown}")

        def problem(answer: str) -> str | None:
            if not answer:
                return None
            try:
                self.game.arranged(player, answer)
            except BadOption as error:
                return f"{error}."
            return None

        answer = self.console.ask_until(
            "Press Enter to keep this order, or type your own (e.g. 5,3,1,2,4): ", problem
        )
        if answer:
            self.session.arrange(answer)
            self.console.say(f"Your order is now {answer.replace(' ', '')}.")
        if len(self.humans) == 2:
            self.console.clear()

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
                return f"{shown(answer)} is not a number." if answer else "Enter a number."
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
                return f"{shown(answer)} is not a position." if answer else "Enter a position."
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


PRESENTER = NumberDuelPresenter
