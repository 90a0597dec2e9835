"""Digit Chain: edge geography on the digit graph.

Each number is an edge from its first digit to its last (a single digit, and a number
like 33, is a loop). The player to move stands on the last digit of the number picked
last and must leave it along an unused edge; a player with no edge left loses. Digit 0
has no edges out, so taking an edge into 0 (a number ending in 0) wins at once, and
stepping onto a digit that still has its ten is suicide.

The search works on a bitmask per digit and keeps only what matters:

* edges out of digits that can no longer be reached from where we stand are dropped;
* loops count only modulo 2: two more loops on a digit never change who wins (whoever
  is winning answers a loop taken by the opponent with the other one);
* the search tries first the edge straight back to where the opponent came from, which
  is the winning reply in the symmetric pools (a pairing strategy), so proofs stay small.
"""

from __future__ import annotations

from typing import Any

from ..games.digit_chain import DigitChain, DigitChainState, first_digit, last_digit
from .base import BudgetExceeded, Solver

# A digit's mask: bit b (1..9, b != d) = the edge d -> b is unused; bit d = an odd number of
# loops on d; bit 0 = d's ten (the edge d -> 0) is unused.
Masks = tuple[int, ...]  # index 0 unused, 1..9 the digits
# (digit to leave from, pool, the digit the last number started from: a move-order hint)
Position = tuple[int | None, frozenset[int], int]


def masks_of(pool: frozenset[int]) -> Masks:
    masks = [0] * 10
    for n in pool:
        a, b = first_digit(n), last_digit(n)
        masks[a] ^= 1 << b if a == b else 0
        if a != b:
            masks[a] |= 1 << b
    return tuple(masks)


def reachable(masks: Masks, start: int) -> int:
    """Bitmask of the digits reachable from `start` (including it)."""
    seen = 1 << start
    todo = [start]
    while todo:
        d = todo.pop()
        new = masks[d] & ~seen & ~1
        seen |= new
        while new:
            low = new & -new
            todo.append(low.bit_length() - 1)
            new ^= low
    return seen


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
        # New positions the search may still visit (None: no limit); past it, it raises
        # BudgetExceeded (the analysis uses this to give up on the hardest pools).
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
        return [
            (last_digit(n), pool - {n}, first_digit(n))
            for n in sorted(pool)
            if digit is None or first_digit(n) == digit
        ]

    def wins(self, position: Position) -> bool:
        digit, pool, came_from = position
        if digit is None:
            return any(not self.wins(child) for child in self.children(position))
        if digit == 0:
            return False
        return self.search(digit, masks_of(pool), came_from)

    def search(self, here: int, masks: Masks, came_from: int) -> bool:
        """Does the player standing on `here` win? (`came_from` only orders the moves.)"""
        mine = masks[here]
        if mine & 1:
            return True  # take the ten: the opponent is stuck on 0
        key = canonical(here, masks)
        known = self.memo.get(key)
        if known is not None:
            return known
        if self.node_budget is not None:
            self.node_budget -= 1
            if self.node_budget < 0:
                raise BudgetExceeded
        order = [came_from] if came_from and mine >> came_from & 1 else []
        order += [d for d in range(1, 10) if mine >> d & 1 and d != came_from]
        known = False
        for to in order:
            if to != here and masks[to] & 1:
                continue  # the opponent would take `to`'s ten
            new = list(masks)
            new[here] = mine & ~(1 << to)
            if not self.search(to, tuple(new), here):
                known = True
                break
        self.memo[key] = known
        return known


def canonical(here: int, masks: Masks) -> tuple[int, ...]:
    """A memo key that is the same for many positions equal up to renaming digits.

    Digits that cannot be reached are dropped; the rest are renamed in the order of a
    signature (where we stand first, then out- and in-degrees, edges to and from here,
    the loop and the ten), ties kept in digit order. Renaming digits maps a position to
    an isomorphic one, so the key is always sound; it merges most of the positions that
    differ only by which untouched digits were used.
    """
    live = reachable(masks, here)
    digits = [d for d in range(1, 10) if live >> d & 1]
    into = [0] * 10
    for d in digits:
        m = masks[d] & ~(1 << d) & ~1
        while m:
            low = m & -m
            into[low.bit_length() - 1] += 1
            m ^= low
    mine = masks[here]

    def signature(d: int) -> tuple[int, ...]:
        m = masks[d]
        return (
            d != here,
            (m & ~(1 << d) & ~1).bit_count(),
            into[d],
            mine >> d & 1,
            m >> here & 1,
            m >> d & 1,
            m & 1,
        )

    order = sorted(digits, key=signature)
    rename = [0] * 10
    for new, d in enumerate(order, start=1):
        rename[d] = new
    key = []
    for d in order:
        m = masks[d]
        renamed = (m & 1) | (1 << rename[d] if m >> d & 1 else 0)
        rest = m & ~(1 << d) & ~1
        while rest:
            low = rest & -rest
            target = rename[low.bit_length() - 1]
            renamed |= 1 << target if target else 0
            rest ^= low
        key.append(renamed)
    return tuple(key)


def solver(game: Any) -> DigitChainSolver:
    return DigitChainSolver(game)
