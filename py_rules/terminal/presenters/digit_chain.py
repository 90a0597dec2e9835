"""Digit Chain Duel in the terminal (seed 003)."""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...rules.games.digit_chain import DigitChain
from .base import Presenter


class DigitChainPresenter(Presenter[DigitChain]):
    """Seed 003: "Current Number: 26 (Last digit: 6)", "Select a number starting with 6: "."""

    def welcome(self) -> None:
        self.console.say(_("-- {game} --").format(game=_(self.game.title)), "")

    def available(self) -> str:
        top = self.game.options["pool"]
        if self.game.options["no_tens"]:
            pool = _("1-{top} without multiples of 10").format(top=top)
        else:
            pool = f"1-{top}"
        picked = [self.game.move_text(m) for m in self.game.moves]
        if not picked:
            return f"[{pool}]"
        return (
            "[" + _("{pool} excluding {picked}").format(pool=pool, picked=", ".join(picked)) + "]"
        )

    def show_turn(self, player: int) -> None:
        last = self.game.state.last
        if last is None:
            current = _("Current Number: None")
        else:
            current = _("Current Number: {number} (Last digit: {digit})").format(
                number=last, digit=last % 10
            )
        self.console.say(_("Available Numbers: {numbers}").format(numbers=self.available()), "")
        self.console.say(current, "", _("{name}'s Turn:").format(name=self.name(player)))

    def prompt(self, player: int) -> str:
        last = self.game.state.last
        if last is None:
            return _("Select any number from the pool: ")
        return _("Select a number starting with {digit}: ").format(digit=last % 10)

    def report(self, player: int, move: Any) -> None:
        self.console.say()

    def stuck(self, loser: int) -> list[str]:
        last = self.game.state.last
        assert last is not None  # someone picked, then the other was stuck
        return [
            _("Current Number: {number} (Last digit: {digit})").format(
                number=last, digit=last % 10
            ),
            _("No valid numbers starting with {digit} are available.").format(digit=last % 10),
            _("{name} cannot make a move.").format(name=self.name(loser)),
        ]
