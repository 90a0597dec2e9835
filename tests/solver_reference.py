"""Plain brute-force references for the solvers: no structure, no shortcuts.

`minimax` searches the engine's own game tree (every legal move, `Game.after`) with a
memo on the full state: who wins, and the game's length when the winner hurries and
the loser holds out. `race_minimax` does the same to a depth limit for Number Circle,
whose tree has cycles. `duel_expectimax` plays Number Duel over explicit sets of full
deals (both hidden orders), grouping them by what each attack reveals: a computation
that shares nothing with the solver's compressed public positions.
"""

from __future__ import annotations

import itertools
from typing import Any

from py_rules.rules.core import Game


def minimax(game: Game[Any], state: Any, memo: dict[Any, tuple[bool, int]]) -> tuple[bool, int]:
    """(the player to move wins, moves left with perfect play)."""
    known = memo.get(state)
    if known is not None:
        return known
    if game.outcome_of(state) is not None:
        result = (False, 0)  # in every game here the player to move has lost
    else:
        children = [minimax(game, game.after(state, m), memo) for m in game.moves_in(state)]
        losing = [n for won, n in children if not won]
        result = (True, 1 + min(losing)) if losing else (False, 1 + max(n for _, n in children))
    memo[state] = result
    return result


def winning_moves(game: Game[Any], state: Any, memo: dict[Any, tuple[bool, int]]) -> list[Any]:
    return [m for m in game.moves_in(state) if not minimax(game, game.after(state, m), memo)[0]]


def race_minimax(game: Game[Any], state: Any, depth: int, memo: dict[Any, int]) -> int:
    """+1 if the player to move forces a win within `depth` plies, -1 if the opponent
    does, 0 if neither can force it that soon (Number Circle)."""
    key = (state, depth)
    known = memo.get(key)
    if known is not None:
        return known
    if game.outcome_of(state) is not None:
        result = -1
    elif depth == 0:
        result = 0
    else:
        scores = [
            -race_minimax(game, game.after(state, m), depth - 1, memo) for m in game.moves_in(state)
        ]
        result = max(scores)
    memo[key] = result
    return result


def race_result(game: Game[Any], state: Any, limit: int) -> tuple[bool, int] | None:
    """(the player to move wins, plies to the end) by iterative deepening, or None."""
    memo: dict[Any, int] = {}
    for depth in range(1, limit + 1):
        score = race_minimax(game, state, depth, memo)
        if score:
            return score == 1, depth
    return None


# ----- Number Duel ------------------------------------------------------------------


def spread(state: Any) -> list[Any]:
    """Every full state agreeing with everything public about `state`: each side's
    hidden numbers (neither face up nor gone) put into its hidden positions in every way.
    Public positions for the solver are exactly such uniform sets."""
    rows_choices = []
    for side in (0, 1):
        row = state.rows[side]
        hidden = [
            i for i, n in enumerate(row) if n is not None and i + 1 not in state.face_up[side]
        ]
        numbers = [row[i] for i in hidden]
        choices = []
        for perm in itertools.permutations(numbers):
            new = list(row)
            for i, n in zip(hidden, perm, strict=True):
                new[i] = n
            choices.append(tuple(new))
        rows_choices.append(choices)
    rest = (state.face_up, state.encounters, state.player, state.result)
    return [type(state)((a, b), *rest) for a in rows_choices[0] for b in rows_choices[1]]


def duel_expectimax(game: Game[Any], state: Any, memo: dict[Any, float]) -> float:
    """The mover's chance to win (a draw half) when neither side knows the other's hidden
    order: a uniform set of full states (`spread`), each player choosing from what is
    public, the deals grouped by the number each attack reveals."""
    states = spread(state)
    key = frozenset(states)
    known = memo.get(key)
    if known is not None:
        return known
    mover = state.player
    best = 0.0
    for move in game.moves_in(state):
        groups: dict[Any, list[Any]] = {}
        for full in states:
            after = game.after(full, move)
            groups.setdefault(after.encounters[-1].defender_number, []).append(after)
        total = 0.0
        for group in groups.values():
            after = group[0]
            if after.result is not None:
                won = after.result.winner
                score = 0.5 if won is None else (1.0 if won == mover else 0.0)
            else:
                score = 1.0 - duel_expectimax(game, after, memo)
            total += score * len(group) / len(states)
        best = max(best, total)
    memo[key] = best
    return best
