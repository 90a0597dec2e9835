"""Number Circle (seed 001): walk a circle of 1..9, adding or subtracting, to hit a target.

The two players never interact: each has a marker, a total and a previous position.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _, either
from ..core import Game, Outcome, Reason, other
from ..errors import SHORT_ECHO, IllegalMove, quoted
from ..options import FlagOption, IntOption

CIRCLE = 9
MINUS_SIGNS = ("-", "\u2212")  # ASCII hyphen-minus and the typographic minus


@dataclass(frozen=True)
class Step:
    """Move the marker to `to`, then add (+) or subtract (-) it."""

    to: int
    op: str

    def __str__(self) -> str:
        return f"{self.to}{self.op}"


@dataclass(frozen=True)
class Pass:
    """The move of a player who has no legal step (only with no negative totals)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()


def neighbours(number: int) -> tuple[int, int]:
    """The two numbers next to `number` on the circle 1..9 (9 is next to 1)."""
    return (number - 2) % CIRCLE + 1, number % CIRCLE + 1


@dataclass(frozen=True)
class NumberCircleState:
    position: tuple[int, int]
    came_from: tuple[int | None, int | None]  # where each player moved away from last turn
    total: tuple[int, int]
    player: int


class NumberCircle(Game[NumberCircleState]):
    slug = "number-circle"
    title = N_("Number Circle")
    summary = N_("Walk round the circle adding or subtracting; hit the target exactly to win.")
    option_specs = (
        IntOption("target", 10, 20, 15, N_("the target total (T)"), allow_random=True),
        FlagOption("no_negative", N_("a total may not go below zero")),
    )

    def resolve_random_options(self, values: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        if values["target"] == "random":
            values["target"] = rng.randint(10, 20)
        return values

    @property
    def target(self) -> int:
        target: int = self.options["target"]
        return target

    def initial_state(self) -> NumberCircleState:
        return NumberCircleState((1, 1), (None, None), (0, 0), self.options["first"])

    def parse_move(self, text: str) -> Step | Pass:
        compact = "".join(text.split()).lower()
        if compact == "pass":
            return PASS
        if compact[-1:] in ("+", *MINUS_SIGNS) and compact[:-1].isdecimal() and len(compact) < 4:
            return Step(int(compact[:-1]), "+" if compact[-1] == "+" else "-")
        shown = quoted(compact or _("nothing"), SHORT_ECHO)
        raise IllegalMove(
            _("{text} is not a move: write the number and + or -, e.g. 3+ or 8-.").format(
                text=shown
            )
        )

    def new_total(self, state: NumberCircleState, step: Step) -> int:
        total = state.total[state.player - 1]
        return total + step.to if step.op == "+" else total - step.to

    def step_rule_broken(self, state: NumberCircleState, step: Step) -> str | None:
        me = state.player - 1
        here = state.position[me]
        if step.to not in neighbours(here):
            a, b = sorted(neighbours(here))
            return _("You can only move to a number next to yours ({here}): {choices}.").format(
                here=here, choices=either([str(a), str(b)])
            )
        if step.to == state.came_from[me]:
            return _("No backtracking: you moved away from {number} on your last turn.").format(
                number=step.to
            )
        total = self.new_total(state, step)
        if total > self.target:
            return _("{move} would make your total {total}, more than the target {target}.").format(
                move=step, total=total, target=self.target
            )
        if total < 0 and self.options["no_negative"]:
            return _(
                "{move} would make your total {total}: no negative totals in this game."
            ).format(move=step, total=total)
        return None

    def steps_in(self, state: NumberCircleState) -> list[Step]:
        here = state.position[state.player - 1]
        candidates = (Step(to, op) for to in sorted(set(neighbours(here))) for op in "+-")
        return [step for step in candidates if self.step_rule_broken(state, step) is None]

    def moves_in(self, state: NumberCircleState) -> list[Step | Pass]:
        if self.outcome_of(state):
            return []
        steps: list[Step | Pass] = list(self.steps_in(state))
        return steps or [PASS]

    def rule_broken(self, state: NumberCircleState, move: Any) -> str | None:
        if isinstance(move, Pass):
            if self.steps_in(state):
                return _("You may pass only when you have no legal move.")
            return None
        if not isinstance(move, Step) or move.op not in "+-":
            return _("A move is a number and + or -, e.g. 3+.")
        return self.step_rule_broken(state, move)

    def after(self, state: NumberCircleState, move: Step | Pass) -> NumberCircleState:
        me = state.player - 1

        def mine(pair: tuple[Any, Any], value: Any) -> tuple[Any, Any]:
            return (value, pair[1]) if me == 0 else (pair[0], value)

        if isinstance(move, Pass):
            # A pass moves you away from nothing, so no backtracking limit carries over.
            return NumberCircleState(
                state.position, mine(state.came_from, None), state.total, other(state.player)
            )
        return NumberCircleState(
            position=mine(state.position, move.to),
            came_from=mine(state.came_from, state.position[me]),
            total=mine(state.total, self.new_total(state, move)),
            player=other(state.player),
        )

    def destinations(self) -> list[int]:
        """The numbers the player to move may move to (with at least one operation)."""
        return sorted({m.to for m in self.legal_moves() if isinstance(m, Step)})

    def to_move_in(self, state: NumberCircleState) -> int | None:
        return None if self.outcome_of(state) else state.player

    def outcome_of(self, state: NumberCircleState) -> Outcome | None:
        for player in (1, 2):
            if state.total[player - 1] == self.target:
                return Outcome(player, Reason.TARGET)
        return None

    def public_view(self) -> dict[str, Any]:
        s = self.state
        return {
            **super().public_view(),
            "target": self.target,
            "position": {"1": s.position[0], "2": s.position[1]},
            "came_from": {"1": s.came_from[0], "2": s.came_from[1]},
            "total": {"1": s.total[0], "2": s.total[1]},
        }
