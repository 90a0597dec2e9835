"""The shipped puzzles (data/puzzles.json) must say what the solvers say.

Every puzzle's claims that are cheap to check are checked for all of them (the moves
reach a position with that player to move, the winning moves are legal, one or two, at
most half of the legal ones, the id and the level follow from the rest); a sample is
solved again in full (the winning moves and how long the win takes), more of them on
CPython than inside Pyodide. The notes on why some games have no puzzles, or only easy
ones, are checked as properties of the rules.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import SHIPPED

from py_rules import GAMES, IllegalMove, new_game
from py_rules.engine.puzzles import (
    LEVELS,
    NO_PUZZLES,
    attempt,
    check,
    difficulty,
    load,
    position,
    puzzle_id,
)
from py_rules.engine.solving import solve
from py_rules.rules.core import other

DATA = load()
PUZZLES = [(slug, p) for slug, game in DATA["games"].items() for p in game["puzzles"]]
# Solved again in full: every puzzle on CPython, every fifth in WebAssembly.
SAMPLE = PUZZLES[:: 5 if sys.platform == "emscripten" else 1]
MINIMUM = 15


def test_every_game_has_puzzles_or_says_why_not() -> None:
    assert DATA["format"] == "number-duels-puzzles/1"
    assert list(DATA["games"]) == SHIPPED
    assert DATA["levels"] == dict(LEVELS)
    for slug, game in DATA["games"].items():
        if slug in NO_PUZZLES:
            assert game == {"puzzles": [], "note": NO_PUZZLES[slug]}
        else:
            assert len(game["puzzles"]) >= MINIMUM, slug
    chains = DATA["games"]["digit-chain"]["puzzles"]
    for no_tens in (False, True):
        assert sum(p["options"]["no_tens"] is no_tens for p in chains) >= MINIMUM


def test_ids_are_unique() -> None:
    ids = [p["id"] for _, p in PUZZLES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(("slug", "puzzle"), PUZZLES, ids=[p["id"] for _, p in PUZZLES])
def test_each_puzzles_claims(slug: str, puzzle: dict[str, Any]) -> None:
    assert set(puzzle) == {
        "id",
        "options",
        "moves",
        "to_move",
        "winning_moves",
        "win_in",
        "difficulty",
    }
    assert set(puzzle["options"]) == {spec.name for spec in GAMES[slug].option_specs}
    assert puzzle["id"] == puzzle_id(slug, puzzle["options"], puzzle["moves"])
    game = position(slug, puzzle)  # every move legal, from player 1's start
    assert not game.is_over and game.to_move == puzzle["to_move"]
    legal = game.legal_move_texts()
    winning = puzzle["winning_moves"]
    assert 1 <= len(winning) <= 2 and 2 * len(winning) <= len(legal)
    assert set(winning) <= set(legal)
    assert puzzle["difficulty"] == difficulty(puzzle["win_in"])


@pytest.mark.parametrize(("slug", "puzzle"), SAMPLE, ids=[p["id"] for _, p in SAMPLE])
def test_sampled_puzzles_solve_again_to_the_same(slug: str, puzzle: dict[str, Any]) -> None:
    assert check(slug, puzzle) == []
    assert solve(position(slug, puzzle))["winning_moves"] == puzzle["winning_moves"]


@pytest.mark.parametrize(("slug", "puzzle"), SAMPLE, ids=[p["id"] for _, p in SAMPLE])
def test_trying_a_puzzle(slug: str, puzzle: dict[str, Any]) -> None:
    """A winning move is played on to the win, as long as the puzzle said; a wrong one
    gets the opponent's winning reply."""
    own_moves = []
    for winning in puzzle["winning_moves"]:
        right = attempt(slug, puzzle, winning)
        assert right.correct and right.move == winning
        game = position(slug, puzzle)
        for move in (right.move, *right.line):
            game.play(move)
        assert game.is_over and game.winner == puzzle["to_move"]
        own_moves.append((len(right.line) + 2) // 2)
    assert min(own_moves) == puzzle["win_in"]  # the quickest winning move's line
    wrong_move = next(m for m in game_legal(slug, puzzle) if m not in puzzle["winning_moves"])
    wrong = attempt(slug, puzzle, wrong_move)
    assert not wrong.correct and len(wrong.line) == 1
    after = position(slug, puzzle)
    after.play(wrong_move)
    assert wrong.line[0] in solve(after)["winning_moves"]
    with pytest.raises(IllegalMove):
        attempt(slug, puzzle, "0")


def game_legal(slug: str, puzzle: dict[str, Any]) -> list[str]:
    return position(slug, puzzle).legal_move_texts()


def test_difficulty_follows_the_length_of_the_win() -> None:
    assert [difficulty(n) for n in range(1, 7)] == [
        "easy",
        "medium",
        "medium",
        "hard",
        "hard",
        "hard",
    ]


@given(st.integers(3, 40), st.integers(0, 2**32))
def test_circle_duel_always_takes_every_number(size: int, seed: int) -> None:
    """Why Circle Duel has no puzzles: whatever anyone picks, the game takes all N
    numbers, so only the size decides who wins."""
    rng = random.Random(seed)
    game = new_game("circle-duel", {"size": size, "seed": seed})
    while not game.is_over:
        if game.turn >= 2:
            assert len(game.legal_moves()) == 1  # forced after the second move
        game.play(rng.choice(game.legal_moves()))
    assert game.turn == size
    assert game.winner == (1 if size % 2 else 2)


@given(st.integers(10, 99), st.integers(0, 2**32), st.integers(0, 8))
def test_with_the_tens_every_choice_includes_a_win_at_once(
    pool: int, seed: int, plies: int
) -> None:
    """Why Digit Chain's puzzles with the tens are all easy: whenever there is a choice,
    the ten of the digit to follow is still there and wins at once."""
    rng = random.Random(seed)
    game = new_game("digit-chain", {"pool": pool, "no_tens": False, "seed": seed})
    for _ in range(plies):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    legal = game.legal_moves()
    if len(legal) >= 2:
        wins_at_once = [m for m in legal if m % 10 == 0]
        assert wins_at_once
        game.play(wins_at_once[0])
        assert game.is_over and game.winner == other(game.state.player)
