"""Number Circle in the terminal (seed 001)."""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...rules.errors import SHORT_ECHO, IllegalMove, quoted
from ...rules.games.number_circle import MINUS_SIGNS, NumberCircle
from .base import Presenter, listed


class NumberCirclePresenter(Presenter[NumberCircle]):
    """Seed 001: "Available Moves: 6, 7", "Choose your move: 7", "Choose operation (+/-): +".

    The move is asked in the seed's two steps, the number to move to and then the
    operation; the whole move in one line ("7+") is accepted at the first question too.
    """

    def welcome(self) -> None:
        super().welcome()
        self.console.say(
            _("Target Number: {target}. Both markers start on 1, both totals at 0.").format(
                target=self.game.target
            ),
            _("Each turn: move to a number next to yours, then add (+) or subtract (-) it."),
        )
        if self.game.options["no_negative"]:
            self.console.say(_("In this game a total may not go below zero."))
        self.console.say()

    def destinations(self) -> list[int]:
        """The numbers the player to move may move to (with at least one operation)."""
        game = self.game
        assert isinstance(game, NumberCircle)
        return game.destinations()

    def show_turn(self, player: int) -> None:
        state = self.game.state
        super().show_turn(player)
        self.console.say(_("Target Number: {target}").format(target=self.game.target))
        markers = _(", ").join(
            _("{name} on {number} (total {total})").format(
                name=self.name(p), number=state.position[p - 1], total=state.total[p - 1]
            )
            for p in (1, 2)
        )
        self.console.say(_("Markers: {markers}").format(markers=markers))
        self.console.say(_("Current Total: {total}").format(total=state.total[player - 1]))
        if self.destinations():
            self.console.say(
                _("Available Moves: {moves}").format(moves=listed(self.destinations()))
            )

    def read_move(self, player: int) -> Any:
        if not self.destinations():
            self.console.say(
                _("{name} has no legal move and must pass.").format(name=self.name(player))
            )
            return "pass"
        answer = self.console.ask_until(_("Choose your move: "), self.destination_problem)
        to = destination(answer)
        if to is None:
            return answer  # the whole move in one line, already checked

        def operation_problem(op: str) -> str | None:
            if op not in ("+", *MINUS_SIGNS):
                return _("Choose + to add or - to subtract.")
            return self.game.why_illegal(f"{to}{op}")

        operation = self.console.ask_until(_("Choose operation (+/-): "), operation_problem)
        return f"{to}{operation}"

    def destination_problem(self, answer: str) -> str | None:
        """Why `answer` is neither a number to move to nor a whole legal move."""
        to = destination(answer)
        if to is None:
            try:
                self.game.parse_move(answer)
            except IllegalMove:
                if not answer:
                    return _("Type the number to move to.")
                example = self.destinations()[0]
                shown = quoted(answer, SHORT_ECHO)
                return _("{text} is not a number to move to: type one, e.g. {example}.").format(
                    text=shown, example=example
                )
            return self.game.why_illegal(answer)
        reasons = dict.fromkeys(self.game.why_illegal(f"{to}{op}") for op in "+-")
        if None in reasons:
            return None
        return " ".join(str(reason) for reason in reasons)

    def report(self, player: int, move: Any) -> None:
        total = self.game.state.total[player - 1]
        if self.game.move_text(move) == "pass":
            self.console.say(
                _("{name} passes. Total stays {total}.").format(
                    name=self.name(player), total=total
                ),
                "",
            )
            return
        if player in self.humans:
            done = (
                _("You added {number}. New Total: {total}")
                if move.op == "+"
                else _("You subtracted {number}. New Total: {total}")
            )
        else:
            done = (
                _("{name} added {number}. New Total: {total}")
                if move.op == "+"
                else _("{name} subtracted {number}. New Total: {total}")
            )
        self.console.say(done.format(name=self.name(player), number=move.to, total=total))
        if not self.game.is_over:
            self.console.say()


def destination(answer: str) -> str | None:
    """The number in an answer to "Choose your move:" ("7" or, as the seed writes it,
    "Move to 7"), or None when the answer is something else (e.g. "7+")."""
    number = answer.lower().removeprefix("move to").strip()
    return number if number.isdecimal() and len(number) < 3 else None
