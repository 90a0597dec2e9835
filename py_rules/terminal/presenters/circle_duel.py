"""Number Circle Duel in the terminal (seed 000)."""

from __future__ import annotations

from ...i18n import _
from ...rules.games.circle_duel import CircleDuel
from .base import Presenter


class CircleDuelPresenter(Presenter[CircleDuel]):
    """Seed 000: "Available numbers: 1 2 3 ..." then "Last number selected: 4"."""

    def show_turn(self, player: int) -> None:
        super().show_turn(player)
        last, legal = self.game.state.last, " ".join(self.game.legal_move_texts())
        if last is None:
            self.console.say(_("Available numbers: {numbers}").format(numbers=legal))
        else:
            self.console.say(
                _("Last number selected: {number}").format(number=last),
                _("Available adjacent numbers: {numbers}").format(numbers=legal),
            )
