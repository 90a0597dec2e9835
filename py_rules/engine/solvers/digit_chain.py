"""Digit Chain: edge geography on the digit graph, reduced to its unpaired edges.

Each number is an edge from its first digit to its last (a single digit, and a number
like 33, is a loop). The player to move stands on the last digit of the number picked
last and must leave it along an unused edge; a player with no edge left loses. Digit 0
has no edges out, so taking an edge into 0 (a number ending in 0) wins at once.

Call an edge a->b *paired* when b->a is unused too, and pair up the loops on a digit
(so each digit has at most one unpaired loop). The unpaired edges alone decide the game:

    The player to move on digit v wins exactly when they win edge geography played on
    the unpaired edges only, from v.

Proof, by induction on the number of edges left. If that smaller game is won, a winning
move in it leads to a position with fewer edges, lost for the opponent by induction. If
it is lost, every unpaired move leads to a position won for the opponent (induction),
and a paired move v->w (or one of two loops) is answered by its partner w->v (the other
loop): back on v, the same unpaired edges, one pair fewer, the same player to move, lost
by induction. A paired move never creates anything the opponent must fear, because the
opponent can always undo it.

So the full pool without tens (every a->b has its b->a, loops come in twos) is lost for
the player to move once the first number is picked: the second player wins by answering
each a->b with b->a. After real play only a handful of edges are unpaired (the reverses
of the numbers picked, minus those picked both ways), and the search below runs on them:
a few dozen positions where a search of the whole pool would visit millions.
"""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...kit import Engine
from ...rules.games.digit_chain import (
    STARTING_WITH,
    DigitChain,
    DigitChainState,
    first_digit,
    last_digit,
)
from .base import BudgetExceeded, Solver

# A digit's mask: bit b (1..9, b != d) = the edge d -> b is unused; bit d = an odd number of
# loops on d; bit 0 = d's ten (the edge d -> 0) is unused.
Masks = tuple[int, ...]  # index 0 unused, 1..9 the digits
# (digit to leave from, pool, the digit the last number started from: a move-order hint)
Position = tuple[int | None, frozenset[int], int]


def _edge(n: int) -> tuple[int, int, int]:
    """(n's first digit, the bit of its last digit, the number going back the other way,
    or 0 for a loop or a ten: they have no partner edge)."""
    a, b = first_digit(n), last_digit(n)
    return a, 1 << b, 0 if a == b or b == 0 else 10 * b + a


EDGES = [_edge(n) for n in range(100)]


def unpaired_masks(pool: frozenset[int]) -> Masks:
    """The unpaired edges of a pool: d->b whose b->d is gone, odd loops, and the tens."""
    masks = [0] * 10
    for n in pool:
        a, bit, back = EDGES[n]
        if not back:
            masks[a] ^= bit  # a loop toggles (only its parity counts); a ten is unique
        elif back not in pool:
            masks[a] |= bit
    return tuple(masks)


class DigitChainSolver(Solver):
    game: DigitChain
    # Proving every move of a big pool can take long: the perfect player takes the first
    # winning move in the search's own order, and holds out by exact lengths only in
    # small endgames.
    first_win_enough = True
    length_budget = 60

    def __init__(self, game: DigitChain) -> None:
        super().__init__(game)
        self.memo: dict[tuple[int, ...], bool] = {}
        # Real positions already judged: (digit to leave from, pool) -> wins.
        self.judged: dict[tuple[int, frozenset[int]], bool] = {}
        # New positions the search may still visit (None: no limit); past it, it raises
        # BudgetExceeded.
        self.node_budget: int | None = None

    def position(self, state: DigitChainState) -> Position:
        if state.last is None:
            return None, state.pool, 0
        return last_digit(state.last), state.pool, first_digit(state.last)

    def ordered_moves(self, state: DigitChainState) -> list[int]:
        """The number straight back first (the pairing reply), then loops, then the rest."""
        moves = self.game.moves_in(state)
        if state.last is None:
            return moves
        back = first_digit(state.last)

        def rank(n: int) -> tuple[int, int]:
            a, b = first_digit(n), last_digit(n)
            return (0 if b == back else 1 if a == b else 2, n)

        return sorted(moves, key=rank)

    def key(self, position: Position) -> tuple[int | None, frozenset[int]]:
        return position[:2]

    def children(self, position: Position) -> list[Position]:
        digit, pool, _ = position
        if digit == 0:
            return []
        numbers = sorted(pool) if digit is None else STARTING_WITH[digit]
        return [(last_digit(n), pool - {n}, first_digit(n)) for n in numbers if n in pool]

    def wins(self, position: Position) -> bool:
        digit, pool, _ = position
        if digit is None:
            return any(not self.wins(child) for child in self.children(position))
        if digit == 0:
            return False
        known = self.judged.get((digit, pool))
        if known is None:
            known = self.judged[digit, pool] = self.search(digit, unpaired_masks(pool))
        return known

    def search(self, here: int, masks: Masks) -> bool:
        """Does the player standing on `here` win edge geography on `masks` (unpaired
        edges only)?"""
        mine = masks[here]
        if mine & 1:
            return True  # take the ten: the opponent is stuck on 0
        key = (here, *masks)
        known = self.memo.get(key)
        if known is not None:
            return known
        if self.node_budget is not None:
            self.node_budget -= 1
            if self.node_budget < 0:
                raise BudgetExceeded
        known = False
        for to in range(1, 10):  # a loop, not any(): see base._length
            if not mine >> to & 1 or (to != here and masks[to] & 1):
                continue  # no such edge, or the opponent would take `to`'s ten
            new = list(masks)
            new[here] = mine & ~(1 << to)
            if not self.search(to, tuple(new)):
                known = True
                break
        self.memo[key] = known
        return known


def solver(game: Any) -> DigitChainSolver:
    return DigitChainSolver(game)


def analysis_sentence(entries: list[dict[str, Any]]) -> str:
    """What perfect play means for players (`py_rules.engine.analysis`)."""
    return _(
        "As written, the first move decides the game: a first number ending in 0 wins at "
        "once (no number starts with 0), and any other loses at once to the multiple of 10 "
        "that starts with its last digit (23, then 30). Without the tens the full pool 1-99 "
        "is a win for the second player, who answers every a->b number with one from b "
        "back to a."
    )


ENGINE = Engine(solver=solver, sentence=analysis_sentence)
