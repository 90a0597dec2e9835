"""Number Circle: two separate races, so each is a shortest path.

The players never touch each other's marker or total, so each one runs a race of their
own over (position, where they came from, total). `turns_needed` is the fewest own
turns to hit the target exactly (a forced pass, possible with "no negative totals",
counts as a turn and lifts the no-backtracking limit, as in the engine). The player to
move, needing `a` turns against the opponent's `b`, wins if and only if a <= b: their
a-th turn comes before the opponent's b-th. A race that can never reach the target
needs infinitely many turns; if both are like that, nobody ever wins and the solver
calls the position lost for the player to move (it never happens from the start).
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

from ...i18n import _, either
from ...kit import Engine
from ...rules.games.number_circle import NumberCircle, NumberCircleState, neighbours
from .base import BudgetExceeded, Solver

Race = tuple[int, int | None, int]  # (position, came from, total)
INFINITE = math.inf

# Lowest total searched below the lower of 0 and the start total. An exact hit never
# needs a detour this deep (tests check a deeper margin gives the same answers).
MARGIN = 30
# Races the search steps from, per point a total has to climb back to the target: about
# 8 to 9 far below zero (measured), so a search that would need more than its budget
# is refused before it starts by this lower estimate.
CLIMB_COST = 4


class NumberCircleSolver(Solver):
    game: NumberCircle

    def __init__(self, game: NumberCircle) -> None:
        super().__init__(game)
        self.target = game.target
        self.no_negative = bool(game.options["no_negative"])
        self._turns: dict[Race, float] = {}
        self.margin = MARGIN
        # Races the search may still step from (None: no limit); past it, it raises
        # BudgetExceeded. A race from a total far below zero needs a search as wide as
        # the climb back (a total of -2,000 takes about 18,000 races): a page's Hint,
        # computer and review give up on those within their budgets.
        self.node_budget: int | None = None
        # Races whose search ran out of a budget, with that budget: not tried again
        # with the same or less (a review meets each race in several positions).
        self._beyond: dict[Race, int] = {}

    def steps(self, race: Race, low: int) -> list[Race]:
        """The races after one turn (a pass when there is no legal step)."""
        here, came_from, total = race
        floor = 0 if self.no_negative else low
        after: list[Race] = [
            (to, here, new)
            for to in sorted(set(neighbours(here)))
            if to != came_from
            for new in (total + to, total - to)
            if floor <= new <= self.target
        ]
        if not after and self.no_negative:
            return [(here, None, total)]  # a forced pass
        return after

    def turns_needed(self, race: Race) -> float:
        """The fewest own turns to hit the target exactly from `race` (inf if never)."""
        known = self._turns.get(race)
        if known is not None:
            return known
        if race[2] == self.target:
            return 0
        budget = self.node_budget
        if budget is not None and (
            CLIMB_COST * (self.target - race[2]) > budget or self._beyond.get(race, -1) >= budget
        ):
            raise BudgetExceeded
        try:
            found = self._search(race)
        except BudgetExceeded:
            assert budget is not None
            self._beyond[race] = budget
            raise
        self._turns[race] = found
        return found

    def _search(self, race: Race) -> float:
        """Breadth first from `race` to the target (counting races against the budget)."""
        low = min(race[2], 0) - self.margin
        seen = {race: 0}
        queue = deque([race])
        found: float = INFINITE
        while queue:
            node = queue.popleft()
            depth = seen[node]
            if self.node_budget is not None:
                self.node_budget -= 1
                if self.node_budget < 0:
                    raise BudgetExceeded
            for nxt in self.steps(node, low):
                if nxt in seen:
                    continue
                if nxt[2] == self.target:
                    found = depth + 1
                    queue.clear()
                    break
                seen[nxt] = depth + 1
                queue.append(nxt)
        return found

    def races(self, state: NumberCircleState) -> tuple[Race, Race]:
        """(the player to move's race, the opponent's race)."""
        me = state.player - 1
        mine = (state.position[me], state.came_from[me], state.total[me])
        theirs = (state.position[1 - me], state.came_from[1 - me], state.total[1 - me])
        return mine, theirs

    def position(self, state: NumberCircleState) -> NumberCircleState:
        return state

    def children(self, state: NumberCircleState) -> list[NumberCircleState]:
        return [self.game.after(state, m) for m in self.game.moves_in(state)]

    def wins(self, state: NumberCircleState) -> bool:
        if self.game.outcome_of(state) is not None:
            return False
        mine, theirs = self.races(state)
        a, b = self.turns_needed(mine), self.turns_needed(theirs)
        return a <= b and a < INFINITE

    def _length(self, position: NumberCircleState, counter: list[int]) -> int:
        # The races give the length exactly: no search (which a game that can go round
        # for ever would cut off, leaving the perfect player any winning move, never
        # the quickest, so that it could wander without ever reaching the target).
        return self.length(position)

    def length(self, state: NumberCircleState, budget: int = 0) -> int:
        """Moves left: the winner's own turns decide it, whatever the loser does."""
        if self.game.outcome_of(state) is not None:
            return 0
        mine, theirs = self.races(state)
        a, b = self.turns_needed(mine), self.turns_needed(theirs)
        if a <= b:
            return int(2 * a - 1) if a < INFINITE else 10**9
        return int(2 * b) if b < INFINITE else 10**9


def solver(game: Any) -> NumberCircleSolver:
    return NumberCircleSolver(game)


def analysis_sentence(entries: list[dict[str, Any]]) -> str:
    """What perfect play means for players (`py_rules.engine.analysis`)."""
    standard = next(e for e in entries if e["standard"])
    return _(
        "The first player always wins with perfect play: the two races never touch, both "
        "need equally many turns from the start and the first player gets there first; "
        "at the standard target 15 it opens with {moves}."
    ).format(moves=either(list(standard["first_moves"])))


ENGINE = Engine(solver=solver, sentence=analysis_sentence)
