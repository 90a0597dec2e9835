"""What every exact solver shares: judging moves, choosing a perfect move, game lengths.

A solver works on *positions*: its own compact picture of a game state (for Sequence
Duel a multiset of segments, for Digit Chain a bitmask of the pool), in which the player
to move is always "me". It has to say which positions follow a position
(`children`) and, quickly, whether the player to move wins (`wins`). From that this
module derives the winning moves of a real game state and the perfect player's choice.

For the loser it also wants the length of the game under perfect play (the winner
hurries, the loser holds out), computed exactly by a memoised search that only follows
winning moves for the winner. A node budget keeps it bounded; when a position is too
large for it, the loser falls back to the move that leaves the opponent the fewest
winning replies (the hardest win to find).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from ...rules.core import Game

# New positions the exact length search may visit for one decision before giving up.
LENGTH_BUDGET = 300


class BudgetExceeded(Exception):
    """The exact length search would take too long for this position."""


class Solver:
    """An exact solver for one perfect-information game with fixed options.

    Subclasses define `position(state)`, `children(position)` and `wins(position)`;
    a position without children is lost for the player to move (every game here ends
    when the player to move is stuck or the previous player has just won).
    """

    # Stop at the first winning move (and skip the fewest-replies fallback)?
    first_win_enough = False
    # How many new positions the exact length search may visit per decision.
    length_budget = LENGTH_BUDGET

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self._lengths: dict[Hashable, int] = {}

    # ----- what each game defines -------------------------------------------------

    def position(self, state: Any) -> Hashable:
        """The solver's picture of a real game state, seen by the player to move."""
        raise NotImplementedError

    def children(self, position: Any) -> list[Any]:
        """The positions after each legal move (duplicates allowed)."""
        raise NotImplementedError

    def wins(self, position: Any) -> bool:
        """Does the player to move win with perfect play?"""
        raise NotImplementedError

    def key(self, position: Any) -> Hashable:
        """A memo key for lengths (positions with equal keys have equal lengths)."""
        key: Hashable = position
        return key

    # ----- derived ----------------------------------------------------------------

    def state_wins(self, state: Any) -> bool:
        """Does the player to move in the real game state win with perfect play?"""
        if self.game.outcome_of(state) is not None:
            return False
        return self.wins(self.position(state))

    def move_wins(self, state: Any, move: Any) -> bool:
        """Does `move` win for the player making it?"""
        return not self.state_wins(self.game.after(state, move))

    def winning_moves(self, state: Any) -> list[Any]:
        if self.game.outcome_of(state) is not None:
            return []
        return [m for m in self.game.moves_in(state) if self.move_wins(state, m)]

    def length(self, position: Any, budget: int = LENGTH_BUDGET) -> int:
        """Moves left with perfect play: the winner shortest, the loser longest.

        Raises BudgetExceeded if that takes more than `budget` new positions.
        """
        return self._length(position, [budget])

    def _length(self, position: Any, counter: list[int]) -> int:
        key = self.key(position)
        known = self._lengths.get(key)
        if known is not None:
            return known
        children = self.children(position)
        if not children:
            self._lengths[key] = 0
            return 0
        counter[0] -= 1
        if counter[0] < 0:
            raise BudgetExceeded
        # Plain loops, not min()/max() over generators: recursion through a builtin
        # costs native stack, which is small in WebAssembly.
        winning = self.wins(position)
        best = -1
        for child in children:
            if winning and self.wins(child):
                continue
            n = self._length(child, counter)
            if best < 0 or (n < best if winning else n > best):
                best = n
        self._lengths[key] = best + 1
        return best + 1

    def state_length(self, state: Any, budget: int = LENGTH_BUDGET) -> int:
        if self.game.outcome_of(state) is not None:
            return 0
        return self.length(self.position(state), budget)

    def ordered_moves(self, state: Any) -> list[Any]:
        """The legal moves in the order the perfect player tries them."""
        return self.game.moves_in(state)

    def best_moves(self, state: Any) -> list[Any]:
        """The perfect player's candidates.

        The winning moves that win soonest; from a lost position, the moves that make
        the opponent's win longest (or, if that is too big to compute, that leave the
        opponent the fewest winning replies). A solver with `first_win_enough` set
        (where proving moves is costly) returns the first winning move it finds.
        """
        moves = self.ordered_moves(state)
        afters = []
        won = []
        for move in moves:
            after = self.game.after(state, move)
            afters.append(after)
            won.append(not self.state_wins(after))
            if won[-1] and self.first_win_enough:
                return [move]
        winning = any(won)
        candidates = [
            (m, a) for m, a, w in zip(moves, afters, won, strict=True) if w or not winning
        ]
        counter = [self.length_budget]  # one budget for the whole decision
        try:
            lengths = [
                0
                if self.game.outcome_of(a) is not None
                else self._length(self.position(a), counter)
                for _, a in candidates
            ]
        except BudgetExceeded:
            if winning or self.first_win_enough:
                return [m for m, _ in candidates]
            replies = [len(self.winning_moves(a)) for a in afters]
            fewest = min(replies)
            return [m for m, r in zip(moves, replies, strict=True) if r == fewest]
        target = min(lengths) if winning else max(lengths)
        return [m for (m, _), n in zip(candidates, lengths, strict=True) if n == target]


@contextmanager
def node_budget(solver: Solver, budget: int) -> Iterator[None]:
    """Cap the solver's search at `budget` new positions for the `with` block, then put
    back the cap it had. A no-op for a solver without a `node_budget` (Digit Chain and
    Sequence Duel have one: their searches raise BudgetExceeded past it)."""
    if not hasattr(solver, "node_budget"):
        yield
        return
    saved = solver.node_budget
    solver.node_budget = budget
    try:
        yield
    finally:
        solver.node_budget = saved


def pick(moves: list[Any], rng: random.Random) -> Any:
    """One of `moves`, chosen by `rng` (deterministic for a given seed)."""
    return moves[0] if len(moves) == 1 else rng.choice(moves)
