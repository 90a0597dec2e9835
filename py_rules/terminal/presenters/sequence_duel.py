"""Sequence Duel in the terminal (seed 002)."""

from __future__ import annotations

from typing import Any

from ...rules.core import other
from ...rules.games.sequence_duel import SequenceDuel
from .base import Presenter, ask_name, number_ranges


class SequenceDuelPresenter(Presenter[SequenceDuel]):
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
            self.session.rename(names)
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

    def stuck(self, loser: int) -> list[str]:
        return [f"{self.name(loser)}, you have no valid moves left."]
