"""The solver of a registered game, found through its kit, and what `solve` prints.

Each game's kit says how to reach its engine (`py_rules.kit.Engine`): a perfect-information
game names its solver factory, and `solver_for(game)` returns the solver for a game's
options (one per option set, kept warm across games). A game with hidden information
(Number Duel) values its moves as chances instead (`chance_solver(game)`, a
`py_rules.kit.Chances`), reached through the same `solve`, which is what
`python -m py_rules solve` prints. This lookup sits above the registry, which names each
game's solver module (`py_rules.engine.solvers`): the solvers never import the registry.
"""

from __future__ import annotations

from typing import Any

from ..kit import Chances
from ..registry import KITS, kit_of
from ..rules.core import Game
from .solvers.base import BudgetExceeded, Solver, node_budget

# New positions a quick probe may visit before `solves_quickly` calls a position slow.
QUICK_NODES = 20_000

_SOLVERS: dict[tuple[Any, ...], Solver] = {}


def clear_caches() -> None:
    """Forget every solved position (benchmarks measure a cold start with this), here
    and in each game's engine that keeps its own."""
    _SOLVERS.clear()
    for kit in KITS.values():
        kit.engine().clear_caches()


def options_key(game: Game[Any]) -> tuple[Any, ...]:
    # Who moves first and the secrets (with the seed) do not change the rules solved.
    irrelevant = {"first", "seed", *game.secret_options()}
    relevant = sorted((k, v) for k, v in game.options.items() if k not in irrelevant)
    return (game.slug, *relevant)


def chance_solver(game: Game[Any]) -> Chances:
    """How a game with hidden information values its moves: as chances to win from what
    the player to move can see."""
    chances = kit_of(game.slug).engine().chances
    if chances is None:
        raise ValueError(f"{game.slug} has a perfect-information solver: use solver_for")
    return chances


def solver_for(game: Game[Any]) -> Solver:
    """The (shared, memoised) solver of a perfect-information game's rules."""
    make = kit_of(game.slug).engine().solver
    if make is None:
        raise ValueError(f"{game.slug} has hidden information: use solving.chance_solver")
    key = options_key(game)
    solver = _SOLVERS.get(key)
    if solver is None:
        solver = _SOLVERS[key] = make(game.copy())
    return solver


def solve(game: Game[Any]) -> dict[str, Any]:
    """The position's value for the player to move, and the moves that achieve it.

    Perfect information: {"to_move", "value": "win"|"loss", "winning_moves": [...]}.
    Number Duel: {"to_move", "value": chance to win (a draw half), "best_moves": [...]}.
    A finished game: {"to_move": None, "value": None, "winner": 1|2|None, ...}.
    """
    report: dict[str, Any] = {"to_move": game.to_move}
    if game.is_over:
        report.update(value=None, winner=game.winner, draw=game.is_draw)
        key = "best_moves" if game.has_hidden_information else "winning_moves"
        report[key] = []
        return report
    if game.has_hidden_information:
        value, best = chance_solver(game).value_and_best(game)
        report.update(value=round(value, 12), best_moves=[game.move_text(m) for m in best])
        return report
    solver = solver_for(game)
    winning = solver.winning_moves(game.state)
    report.update(
        value="win" if winning else "loss",
        winning_moves=[game.move_text(m) for m in winning],
    )
    return report


def solves_quickly(game: Game[Any]) -> bool:
    """Will `solve(game)` answer within about a second? Number Duel: when its chances
    are valued exactly here; a solver with a node budget: when a probe within
    QUICK_NODES new positions settles the position (and leaves it solved in the memo);
    the others always do."""
    if game.is_over:
        return True
    if game.has_hidden_information:
        return bool(chance_solver(game).solves_exactly(game))
    solver = solver_for(game)
    if not hasattr(solver, "node_budget"):
        return True
    try:
        with node_budget(solver, QUICK_NODES):
            solver.winning_moves(game.state)
    except BudgetExceeded:
        return False
    return True
