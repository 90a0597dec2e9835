"""A sixth game that lives only in the tests: Take Away, a subtraction game.

One pile of N counters; in turn each player takes 1 to K of them; whoever takes the last
counter wins (the player left with nothing to take is stuck and loses). It joins the
registry through the same public kit as the five (`py_rules.registry.registered`), and
its presenter joins the terminal's (`py_rules.terminal.presenters.presenting`), both for
the whole run in conftest.py, so every generic test runs it too: random play, the
session, the solver against brute force, the terminal, the review. Each of its parts
is the smallest that kind of part can be, written against the public API only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from reference import Reference, opponent

from py_rules.engine.solvers.base import Solver
from py_rules.kit import Engine, Entry, GameKit
from py_rules.rules.core import other
from py_rules.rules.options import IntOption
from py_rules.rules.picking import PickingGame
from py_rules.terminal.presenters.base import Presenter


@dataclass(frozen=True)
class TakeAwayState:
    left: int
    player: int


class TakeAway(PickingGame[TakeAwayState]):
    slug = "take-away"
    title = "Take Away"
    summary = "Take 1 to K counters from one pile in turn; whoever takes the last one wins."
    option_specs = (
        IntOption("pile", 1, 30, 15, "how many counters in the pile (N)"),
        IntOption("most", 2, 5, 3, "the most counters one turn may take (K)"),
    )

    @property
    def most(self) -> int:
        most: int = self.options["most"]
        return most

    def initial_state(self) -> TakeAwayState:
        return TakeAwayState(self.options["pile"], self.options["first"])

    def moves_in(self, state: TakeAwayState) -> list[int]:
        return list(range(1, min(self.most, state.left) + 1))

    def pick_rule_broken(self, state: TakeAwayState, number: int) -> str | None:
        if number < 1:
            return "Take at least one counter."
        if number > self.most:
            return f"Take at most {self.most} counters."
        if number > state.left:
            return f"Only {state.left} counters are left."
        return None

    def after(self, state: TakeAwayState, move: int) -> TakeAwayState:
        return replace(state, left=state.left - move, player=other(state.player))

    def public_view(self) -> dict[str, Any]:
        return {**super().public_view(), "left": self.state.left}


class TakeAwaySolver(Solver):
    """A position is the number of counters left (the player to move is always "me")."""

    game: TakeAway

    def position(self, state: TakeAwayState) -> int:
        return state.left

    def children(self, position: int) -> list[int]:
        return [position - n for n in range(1, min(self.game.most, position) + 1)]

    def wins(self, position: int) -> bool:
        return position % (self.game.most + 1) != 0  # leave a multiple of K + 1


def solver(game: Any) -> TakeAwaySolver:
    return TakeAwaySolver(game)


def sentence(entries: list[Entry]) -> str:
    firsts = sum(e["winner"] == "first" for e in entries)
    return f"The first player wins {firsts} of {len(entries)} sizes: all but multiples of K + 1."


ENGINE = Engine(solver=solver, sentence=sentence)


class TakeAwayPresenter(Presenter[TakeAway]):
    def show_turn(self, player: int) -> None:
        super().show_turn(player)
        self.console.say(f"Counters left: {self.game.state.left}")


def _engine() -> Engine:
    return ENGINE


def presenter() -> type[Presenter[Any]]:
    return TakeAwayPresenter


KIT = GameKit(TakeAway, engine=_engine, puzzle_note="No puzzles here.")


class TakeAwayRef(Reference):
    """The reference rules (tests/reference.py), read from the docstring above."""

    # state: (left, player)

    slug = "take-away"
    number_range = "most"

    def longest(self) -> int:
        return int(self.options["pile"])  # every move takes at least one counter

    def start(self) -> Any:
        return (self.options["pile"], self.options["first"])

    def legal(self, state: Any) -> list[str]:
        left, _ = state
        return [str(n) for n in range(1, self.options["most"] + 1) if n <= left]

    def play(self, state: Any, move: str) -> Any:
        left, player = state
        return (left - int(move), opponent(player))

    def result(self, state: Any) -> int | str | None:
        return None if state[0] else opponent(state[1])
