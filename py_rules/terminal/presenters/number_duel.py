"""Number Duel in the terminal (seed 004)."""

from __future__ import annotations

from typing import Any

from ...i18n import _, ngettext
from ...play.session import Session
from ...rules.core import other
from ...rules.errors import SHORT_ECHO, BadOption, quoted
from ...rules.games.number_duel import NumberDuel
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
            _("Each player holds the numbers 1 to {k} in hidden positions 1-{k}.").format(k=k),
            _("Attack with one of your numbers; the higher number wins, a tie removes both."),
            "",
        )

    def hand_over(self, player: int) -> None:
        """Clear the screen and wait until `player` has the keyboard (two humans only)."""
        if len(self.humans) < 2 or self.at_keyboard == player:
            return
        self.console.ask(
            _("Pass the keyboard to {name} and press Enter").format(name=self.name(player))
        )
        self.console.clear()
        self.at_keyboard = player

    def arrange(self, player: int) -> None:
        """Each human may rearrange their shuffled numbers before play starts."""
        row = self.game.observation(player)["rows"][str(player)]
        shown = " ".join(str(card["number"]) for card in row)
        self.console.say(
            _("{name}, your numbers in positions 1-{k}: {numbers}").format(
                name=self.name(player), k=len(row), numbers=shown
            )
        )

        def problem(answer: str) -> str | None:
            if not answer:
                return None
            try:
                self.game.arranged(player, answer)
            except BadOption as error:
                return f"{error}."
            return None

        answer = self.console.ask_until(
            _("Press Enter to keep this order, or type your own (e.g. 5,3,1,2,4): "), problem
        )
        if answer:
            self.session.arrange(answer)
            self.console.say(_("Your order is now {order}.").format(order=answer.replace(" ", "")))
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
            _("Your row (positions 1-{k}): {row}   (* = face up, seen by your opponent)").format(
                k=k, row=self.row_text(view, player, own=True)
            ),
            _("Your Remaining Numbers: {numbers}").format(
                numbers=listed(view["remaining"][str(player)])
            ),
            _("{name}'s row (positions 1-{k}): {row}   (? = hidden, - = empty)").format(
                name=self.name(opponent), k=k, row=self.row_text(view, opponent, own=False)
            ),
            _("{name}'s Remaining Numbers: {numbers}").format(
                name=self.name(opponent), numbers=listed(view["remaining"][str(opponent)])
            ),
        )

    def read_move(self, player: int) -> Any:
        """The seed's two questions: which number, then which position."""
        any_target = self.game.legal_moves()[0].position  # to check the number on its own
        occupied = sorted({move.position for move in self.game.legal_moves()})

        def number_problem(answer: str) -> str | None:
            if "@" in answer:  # the whole move in notation is welcome too
                return self.game.why_illegal(answer)
            if not answer.isdecimal():
                if not answer:
                    return _("Enter a number.")
                return _("{text} is not a number.").format(text=shown(answer))
            return self.game.why_illegal(f"{answer}@{any_target}")

        number = self.console.ask_until(_("Select a number to attack with: "), number_problem)
        if "@" in number:
            return number
        prompt = ngettext(
            "Select the position of the opponent's number to attack (position {positions}): ",
            "Select the position of the opponent's number to attack (positions {positions}): ",
            len(occupied),
        ).format(positions=number_ranges(occupied).replace(",", ", "))

        def position_problem(answer: str) -> str | None:
            if not answer.isdecimal():
                if not answer:
                    return _("Enter a position.")
                return _("{text} is not a position.").format(text=shown(answer))
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
            _("{attacker} attacks {defender}'s position {position} with {number}.").format(
                attacker=attacker_name,
                defender=defender_name,
                position=move.position,
                number=move.number,
            ),
            _("{defender} defends with {number}.").format(
                defender=defender_name, number=encounter.defender_number
            ),
        )
        if encounter.winner is None:
            self.console.say(
                _("Both numbers are {number}: both are eliminated.").format(number=move.number)
            )
        else:
            loser = other(encounter.winner)
            high, low = sorted((move.number, encounter.defender_number), reverse=True)
            self.console.say(
                _("{winner}'s {high} defeats {loser}'s {low}.").format(
                    winner=self.name(encounter.winner), high=high, loser=self.name(loser), low=low
                ),
                _("{loser} removes {low} from the game.").format(loser=self.name(loser), low=low),
            )
            if encounter.winner == defender:
                self.console.say(
                    _("{defender}'s {high} stays in position {position}.").format(
                        defender=defender_name, high=high, position=move.position
                    )
                )
        view = self.game.public_view()
        for who in (1, 2):
            numbers = listed(view["remaining"][str(who)])
            self.console.say(
                _("{name}'s Remaining Numbers: {numbers}").format(
                    name=self.name(who), numbers=numbers
                )
            )
        self.console.say()
