"""Circle Duel: after the first two moves every move is forced, so count the runs.

From the last number taken, each direction round the circle leads into a run of free
numbers that ends at a taken one. Once a player steps into a run, every later move
continues along it (the way back is taken), so the game lasts exactly that run's length:
the player to move wins if and only if one of the two runs has odd length. On the first
turn the player to move wins if some first number leaves the opponent only even runs.
"""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...kit import Engine
from ...rules.games.circle_duel import CircleDuel, CircleDuelState
from .base import Solver

Position = tuple[frozenset[int], int | None]  # (claimed, last)


class CircleDuelSolver(Solver):
    game: CircleDuel

    def __init__(self, game: CircleDuel) -> None:
        super().__init__(game)
        self.size = game.size

    def position(self, state: CircleDuelState) -> Position:
        return state.claimed, state.last

    def step(self, number: int, direction: int) -> int:
        return (number - 1 + direction) % self.size + 1

    def run(self, claimed: frozenset[int], last: int, direction: int) -> int:
        """How many free numbers follow `last` in `direction` before a taken one."""
        length, here = 0, self.step(last, direction)
        while here not in claimed and here != last:
            length += 1
            here = self.step(here, direction)
        return length

    def children(self, position: Position) -> list[Position]:
        claimed, last = position
        if last is None:
            free = [n for n in range(1, self.size + 1) if n not in claimed]
        else:
            free = sorted({self.step(last, d) for d in (-1, 1)} - claimed)
        return [(claimed | {n}, n) for n in free]

    def wins(self, position: Position) -> bool:
        claimed, last = position
        if last is None:
            return any(not self.wins(child) for child in self.children(position))
        return any(self.run(claimed, last, d) % 2 == 1 for d in (-1, 1))


def solver(game: Any) -> CircleDuelSolver:
    return CircleDuelSolver(game)


def analysis_sentence(entries: list[dict[str, Any]]) -> str:
    """What perfect play means for players (`py_rules.engine.analysis`)."""
    return _(
        "Only the size matters: after the second move every move is forced, so the first "
        "player wins on odd circles (with any number) and loses on even ones, the "
        "standard 10 included."
    )


ENGINE = Engine(solver=solver, sentence=analysis_sentence)
