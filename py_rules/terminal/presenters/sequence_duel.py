"""Sequence Duel in the terminal (seed 002)."""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...rules.core import other
from ...rules.games.sequence_duel import SequenceDuel
from .base import Presenter, ask_name, number_ranges


class SequenceDuelPresenter(Presenter[SequenceDuel]):
    """Seed 002: names first, "Numbers Available: [1-9,11,...]", "Alice, select a number: "."""

    def welcome(self) -> None:
        super().welcome()
        self.console.say(
            _("Numbers Available: [{numbers}]").format(numbers=f"1-{self.game.size}"), ""
        )

    def setup(self) -> None:
        names = list(self.game.names)
        for player in sorted(self.humans):
            if names[player - 1] == f"Player {player}":  # not named on the command line
                names[player - 1] = ask_name(self.console, player)
        if tuple(names) != self.game.names:
            self.session.rename(names)
        self.console.say(
            "", _("{name} will go first.").format(name=self.name(self.game.to_move)), ""
        )

    def show_turn(self, player: int) -> None:
        state, opponent = self.game.state, other(player)
        taken = state.claimed[0] | state.claimed[1]
        free = [n for n in range(1, self.game.size + 1) if n not in taken]
        blocked = sorted(set(free) & self.game.blocked_for(state, player))
        self.console.say(_("Numbers Available: [{numbers}]").format(numbers=number_ranges(free)))
        if blocked:
            self.console.say(
                _("Numbers adjacent to {name}'s numbers (cannot be selected): [{numbers}]").format(
                    name=self.name(opponent), numbers=",".join(map(str, blocked))
                )
            )
        for who in (player, opponent):
            claimed = ",".join(map(str, sorted(state.claimed[who - 1])))
            self.console.say(
                _("{name}'s Claimed Numbers: [{numbers}]").format(
                    name=self.name(who), numbers=claimed
                )
            )
        self.console.say()

    def prompt(self, player: int) -> str:
        return _("{name}, select a number: ").format(name=self.name(player))

    def report(self, player: int, move: Any) -> None:
        if player in self.humans:
            self.console.say("", _("You have claimed number {number}.").format(number=move), "")

    def stuck(self, loser: int) -> list[str]:
        return [_("{name}, you have no valid moves left.").format(name=self.name(loser))]
