"""Sequence Duel (seed 002): claim numbers on a line, never next to the opponent's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _
from ..core import other
from ..options import IntOption
from ..picking import PickingGame


@dataclass(frozen=True)
class SequenceDuelState:
    claimed: tuple[frozenset[int], frozenset[int]]  # by player 1, by player 2
    player: int

    def owner(self, number: int) -> int | None:
        for player, numbers in ((1, self.claimed[0]), (2, self.claimed[1])):
            if number in numbers:
                return player
        return None


class SequenceDuel(PickingGame[SequenceDuelState]):
    slug = "sequence-duel"
    title = N_("Sequence Duel")
    summary = N_("Claim numbers on a line, never next to your opponent's; stuck loses.")
    option_specs = (IntOption("size", 2, 60, 20, N_("how many numbers on the line (N)")),)

    @property
    def size(self) -> int:
        size: int = self.options["size"]
        return size

    def initial_state(self) -> SequenceDuelState:
        return SequenceDuelState((frozenset(), frozenset()), self.options["first"])

    def blocked_for(self, state: SequenceDuelState, player: int) -> set[int]:
        """Numbers `player` may not claim because they touch the opponent's."""
        theirs = state.claimed[other(player) - 1]
        return {n + d for n in theirs for d in (-1, 1)}

    def moves_in(self, state: SequenceDuelState) -> list[int]:
        taken = state.claimed[0] | state.claimed[1]
        blocked = self.blocked_for(state, state.player)
        return [n for n in range(1, self.size + 1) if n not in taken and n not in blocked]

    def pick_rule_broken(self, state: SequenceDuelState, number: int) -> str | None:
        if not 1 <= number <= self.size:
            return _("There is no {number}: the numbers are 1 to {size}.").format(
                number=number, size=self.size
            )
        owner = state.owner(number)
        if owner is not None:
            return _("{number} is already claimed by {name}.").format(
                number=number, name=self.player_name(owner)
            )
        opponent = other(state.player)
        for neighbour in (number - 1, number + 1):
            if state.owner(neighbour) == opponent:
                return _(
                    "{number} is adjacent to {name}'s {neighbour}: "
                    "you cannot claim a number next to your opponent's."
                ).format(number=number, name=self.player_name(opponent), neighbour=neighbour)
        return None

    def after(self, state: SequenceDuelState, move: int) -> SequenceDuelState:
        mine = state.player - 1
        claimed = tuple(c | {move} if i == mine else c for i, c in enumerate(state.claimed))
        return SequenceDuelState((claimed[0], claimed[1]), other(state.player))

    def public_view(self) -> dict[str, Any]:
        return {
            **super().public_view(),
            "size": self.size,
            "claimed": {"1": sorted(self.state.claimed[0]), "2": sorted(self.state.claimed[1])},
        }
