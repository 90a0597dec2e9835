"""A game's kit: every part of one game, declared in one place, typed for mypy.

A kit names the rules (a `Game` subclass) and its engine (solver, analysis), and says
which puzzles to search for. The engine is given as a function that imports it, so a page
that shows one game loads only that game's solver, and only when a hint or a computer
move first needs it; nothing is found by a module's name. The registry
(`py_rules.registry`) lists the kits; the front ends build on them and register their own
parts against each kit: the web pages each game's renderer (`app.renderers`), the
terminal each game's presenter (`py_rules.terminal.presenters`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .rules.core import Game

if TYPE_CHECKING:  # the engine builds on this module, not the reverse
    from .engine.solvers.base import Solver

# One size's line of the perfect-play analysis (`py_rules.engine.analysis`).
Entry = dict[str, Any]


class Chances(Protocol):
    """How a game with hidden information values its moves: as the chance to win (a draw
    counting half) from what the player to move can see."""

    epsilon: float  # values this close count as equal

    def move_values(self, game: Game[Any]) -> list[tuple[Any, float]]:
        """Every legal move of the player to move with its chance, exactly."""
        ...

    def value_and_best(self, game: Game[Any]) -> tuple[float, list[Any]]:
        """The chance of the player to move and every move that achieves it."""
        ...

    def quick_values(self, game: Game[Any]) -> list[tuple[Any, bool, float]]:
        """For the lighter levels: each move, whether it surely wins at once, an estimate."""
        ...

    def is_exact(self, game: Game[Any]) -> bool:
        """Does the perfect player value this game's moves exactly (else estimates)?"""
        ...

    def solves_exactly(self, game: Game[Any]) -> bool:
        """Can this position's moves be valued exactly here (for a review)?"""
        ...


def _quick(options: dict[str, Any]) -> bool:
    return True


def _nothing_kept() -> None:
    return None


@dataclass(frozen=True)
class Engine:
    """A game's engine side, declared by its solver module.

    Exactly one of `solver` (a perfect-information game: the exact solver for a game's
    options) and `chances` (hidden information). `sentence` says in one plain sentence
    what perfect play means for the players (from the analysis entries); `entry` is the
    game's own way to judge one size (None, or returning None: judge every first move
    with the solver); `is_quick` says whether a size's entry recomputes in well under a
    second (the tests recompute those); `clear_caches` forgets what the game's solver
    module keeps between games (benchmarks measure a cold start).
    """

    sentence: Callable[[list[Entry]], str]
    solver: Callable[[Game[Any]], Solver] | None = None
    chances: Chances | None = None
    entry: Callable[[Game[Any]], Entry | None] | None = None
    is_quick: Callable[[dict[str, Any]], bool] = _quick
    clear_caches: Callable[[], None] = _nothing_kept

    def __post_init__(self) -> None:
        if (self.solver is None) == (self.chances is None):
            raise TypeError("an engine has either a solver or chances")


class PuzzleSet(NamedTuple):
    """Where scripts/data/puzzles.py looks for one game's puzzles."""

    setups: list[dict[str, Any]]  # the options of the games searched
    opening: int  # random moves played before a position is tried
    per_level: int  # puzzles kept per level


@dataclass(frozen=True, eq=False)  # one kit is one game: compared and hashed by identity
class GameKit:
    """One game: its rules, and how to reach its engine.

    `puzzle_note` is shown with the game's puzzles, or instead of them (why it has none).
    """

    game: type[Game[Any]]
    engine: Callable[[], Engine]
    puzzle_sets: tuple[PuzzleSet, ...] = ()
    puzzle_note: str | None = None

    @property
    def slug(self) -> str:
        return self.game.slug
