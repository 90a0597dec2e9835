"""Number Circle Duel (seed 000): take numbers around a circle, each next to the last."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...i18n import N_, _, either
from ..core import other
from ..options import IntOption
from ..picking import PickingGame


@dataclass(frozen=True)
class CircleDuelState:
    claimed: frozenset[int]
    last: int | None
    player: int


class CircleDuel(PickingGame[CircleDuelState]):
    slug = "circle-duel"
    title = N_("Number Circle Duel")
    summary = N_("Take numbers around a circle, each next to the last one taken; stuck loses.")
    option_specs = (IntOption("size", 3, 40, 10, N_("how many numbers on the circle (N)")),)

    @property
    def size(self) -> int:
        size: int = self.options["size"]
        return size

    def neighbours(self, number: int) -> tuple[int, int]:
        """The two numbers next to `number` on the circle 1..N (1 is next to N)."""
        n = self.size
        return (number - 2) % n + 1, number % n + 1

    def initial_state(self) -> CircleDuelState:
        return CircleDuelState(frozenset(), None, self.options["first"])

    def moves_in(self, state: CircleDuelState) -> list[int]:
        if state.last is None:
            candidates: list[int] = list(range(1, self.size + 1))
        else:
            candidates = sorted(set(self.neighbours(state.last)))
        return [n for n in candidates if n not in state.claimed]

    def pick_rule_broken(self, state: CircleDuelState, number: int) -> str | None:
        if not 1 <= number <= self.size:
            return _("There is no {number} on the circle: the numbers are 1 to {size}.").format(
                number=number, size=self.size
            )
        if number in state.claimed:
            return _("{number} has already been selected.").format(number=number)
        if state.last is not None and number not in self.neighbours(state.last):
            free = either([str(n) for n in self.moves_in(state)])
            return _(
                "You must select a number adjacent to the last number selected ({last}): {free}."
            ).format(last=state.last, free=free)
        return None

    def after(self, state: CircleDuelState, move: int) -> CircleDuelState:
        return replace(state, claimed=state.claimed | {move}, last=move, player=other(state.player))

    def public_view(self) -> dict[str, Any]:
        return {
            **super().public_view(),
            "size": self.size,
            "claimed": sorted(self.state.claimed),
            "last": self.state.last,
        }
