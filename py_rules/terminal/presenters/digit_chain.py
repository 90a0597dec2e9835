"""Digit Chain Duel in the terminal (seed 003)."""

from __future__ import annotations

from typing import Any

from ...rules.games.digit_chain import DigitChain
from .base import Presenter


class DigitChainPresenter(Presenter[DigitChain]):
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

    def stuck(self, loser: int) -> list[str]:
        last = self.game.state.last
        assert last is not None  # someone picked, then the other was stuck
        return [
            f"Current Number: {last} (Last digit: {last % 10})",
            f"No valid numbers starting with {last % 10} are available.",
            f"{self.name(loser)} cannot make a move.",
        ]
