"""Long records: a cap on the moves one game keeps, loading in linear time, and a node
budget for every solver call a page makes.

Number Circle has no turn limit and its totals may fall below zero for ever, so a
hostile (or merely patient) record can hold thousands of moves, and the search for the
fewest turns back to the target grows with how deep a total has fallen. Time is never
asserted here (benchmarks live in bench/): the tests count the work done.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from py_rules import BadSave, IllegalMove, new_game
from py_rules.engine import players, review
from py_rules.engine.solvers.number_circle import NumberCircleSolver
from py_rules.engine.solving import clear_caches, solver_for
from py_rules.play.session import Phase, Session
from py_rules.registry import GAMES
from py_rules.rules.core import MAX_MOVES, Game, full
from py_rules.rules.options import IntOption
from py_rules.rules.saved_game import game_from_json


def sinking(moves: int) -> Game[Any]:
    """A legal Number Circle game in which both players walk round the circle
    subtracting every number: their totals fall by about 5 a turn, for ever."""
    game = new_game("number-circle", {"first": 1, "seed": 1})
    while game.turn < moves:
        here = game.state.position[game.to_move - 1]
        game.play(f"{here % 9 + 1}-")
    return game


def record(game: Game[Any], at: int = 0) -> dict[str, Any]:
    return {"v": 1, "mode": "2p", "level": "easy", "at": at, "game": game.to_dict()}


@contextmanager
def counted(cls: type[Any], name: str) -> Iterator[list[int]]:
    """Count the calls of `cls.name` in the block (count[0])."""
    count = [0]
    original = getattr(cls, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return original(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cls, name, counting)
        yield count


@contextmanager
def moves_listed() -> Iterator[list[int]]:
    """How many moves all the `game.moves` lists built in the block held together."""
    total = [0]
    original = Game.moves

    def listing(game: Game[Any]) -> list[Any]:
        moves: list[Any] = original.fget(game)  # type: ignore[attr-defined]
        total[0] += len(moves)
        return moves

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Game, "moves", property(listing))
        yield total


def test_a_game_keeps_at_most_max_moves_and_says_why() -> None:
    def high(slug: str, name: str) -> int:
        spec = next(s for s in GAMES[slug].option_specs if s.name == name)
        assert isinstance(spec, IntOption)
        return spec.high

    # the longest games that end by themselves: one number a move, or two per Number Duel
    longest = [high("circle-duel", "size"), high("sequence-duel", "size")]
    longest += [high("digit-chain", "pool"), 2 * high("number-duel", "numbers")]
    assert max(longest) == 99 and 5 * max(longest) <= MAX_MOVES
    game = sinking(MAX_MOVES)
    assert game.why_illegal(game.legal_moves()[0]) == full()
    with pytest.raises(IllegalMove, match="reached 500 moves"):
        game.play(game.legal_moves()[0])
    assert game.turn == MAX_MOVES
    session = Session(sinking(MAX_MOVES), computer=1)
    assert session.game.to_move == 1 and session.phase is Phase.HUMAN  # no computer move


def test_a_record_over_the_cap_is_refused_with_a_clear_message() -> None:
    data = record(sinking(MAX_MOVES))
    data["game"]["moves"].append("5-")
    with pytest.raises(BadSave, match=r"^it has 501 moves, more than the 500 kept\.$"):
        Session.from_data(data, "number-circle")
    with pytest.raises(BadSave, match="501 moves, more than the 500 kept"):
        game_from_json(json.dumps(data["game"]), GAMES)
    # refused before a single move is replayed
    with counted(type(new_game("number-circle")), "after") as afters, pytest.raises(BadSave):
        Session.from_data(data, "number-circle")
    assert afters[0] == 0


@pytest.mark.parametrize("length", [100, MAX_MOVES])
def test_a_long_record_loads_and_steps_in_linear_work(length: int) -> None:
    data = record(sinking(length), at=0)
    cls = type(new_game("number-circle"))
    with moves_listed() as listed, counted(cls, "after") as afters:
        session = Session.from_data(data, "number-circle")
        session.step("last")
        session.step("first")
        session.show(length // 2)
        list(review.review_steps(session.whole(), budget=0))
    assert session.at == length // 2 and session.total == length
    assert afters[0] <= 8 * length, afters  # every move played a few times, not n times
    assert listed[0] <= 8 * length, listed  # no list of every move per move


def race_steps() -> Any:
    return counted(NumberCircleSolver, "steps")


def test_hint_and_the_perfect_computer_keep_their_budget_on_a_sunken_total() -> None:
    clear_caches()
    game = sinking(MAX_MOVES - 2)  # totals near -1,200: a race search of about 10,000
    solver = solver_for(game)
    with race_steps() as steps:
        assert players.hint(game) is None  # the page says there is no quick hint here
    assert steps[0] <= players.PERFECT_NODE_BUDGET + 1
    with race_steps() as steps:
        move, proved = players.perfect_move(game, random.Random(1))
    assert not proved  # labelled strong, not perfect
    assert game.why_illegal(move) is None
    assert steps[0] <= 2 * (players.PERFECT_NODE_BUDGET + 1)
    assert solver.node_budget is None  # the budget is put back afterwards


def test_the_review_of_a_sunken_game_keeps_its_budget_and_guesses_nothing() -> None:
    clear_caches()
    game = sinking(300)
    with race_steps() as steps:
        judged = review.review(game, budget=review.REVIEW_NODE_BUDGET)
    assert len(judged) == 300
    # at most two budgeted questions per position
    assert steps[0] <= 2 * 301 * (review.REVIEW_NODE_BUDGET + 1)
    assert judged[-1].before is None  # too deep to settle within the budget: not solved
    assert judged[0].before in ("win", "loss")  # the opening is solved as ever


def test_without_a_budget_the_command_line_solver_still_settles_a_sunken_total() -> None:
    clear_caches()
    game = sinking(300)
    solver = solver_for(game)
    assert solver.node_budget is None
    assert solver.state_wins(game.state) in (True, False)
