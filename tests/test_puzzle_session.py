"""Playing a puzzle (py_rules.play.puzzle_session): correct lines end in the player's win,
wrong moves get a refutation that wins for the opponent, retries go back, and the stored
list of solved puzzles survives anything written into it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from py_rules import IllegalMove
from py_rules.engine.puzzles import load, position
from py_rules.engine.solving import solver_for
from py_rules.play.puzzle_session import (
    PuzzleError,
    PuzzleSession,
    Stage,
    find,
    unknown,
)

DATA = load()
PUZZLES = [(slug, p) for slug, game in DATA["games"].items() for p in game["puzzles"]]
puzzles = st.sampled_from(PUZZLES)


def opponent_wins_now(session: PuzzleSession) -> bool:
    """After a refutation: the opponent has won, or the player to move loses."""
    game = session.game
    if game.is_over:
        return game.winner == session.opponent
    return game.to_move == session.player and not solver_for(game).state_wins(game.state)


@given(puzzles, st.data())
def test_any_winning_line_solves_the_puzzle(entry: tuple[str, Any], data: st.DataObject) -> None:
    slug, puzzle = entry
    session = PuzzleSession(slug, puzzle)
    first = True
    while session.stage is Stage.SOLVING:
        game = session.game
        assert game.to_move == session.player
        solver = solver_for(game)
        winning = [game.move_text(m) for m in solver.winning_moves(game.state)]
        if first:
            assert sorted(winning) == sorted(puzzle["winning_moves"])
            first = False
        step = session.try_move(data.draw(st.sampled_from(winning)))
        assert step.correct
        assert session.checkpoint == len(session.game.moves)
    assert session.stage is Stage.SOLVED
    assert session.game.winner == session.player
    assert session.mistakes == 0


@given(puzzles, st.data())
def test_a_wrong_move_is_refuted_and_retried(entry: tuple[str, Any], data: st.DataObject) -> None:
    slug, puzzle = entry
    session = PuzzleSession(slug, puzzle)
    start = [session.game.move_text(m) for m in session.game.moves]
    wrong = [m for m in session.game.legal_move_texts() if m not in puzzle["winning_moves"]]
    move = data.draw(st.sampled_from(wrong))
    step = session.try_move(move)
    assert not step.correct and step.move == move
    assert session.stage is Stage.REFUTED and session.mistakes == 1
    # one reply refutes it, unless the move itself already lost the game
    assert len(step.replies) == 1 or (not step.replies and session.game.is_over)
    assert opponent_wins_now(session)
    with pytest.raises(PuzzleError):
        session.try_move(move)  # no further move until the retry
    session.retry()
    assert session.stage is Stage.SOLVING
    assert [session.game.move_text(m) for m in session.game.moves] == start


@given(puzzles, st.data())
def test_a_later_wrong_move_goes_back_only_to_before_it(
    entry: tuple[str, Any], data: st.DataObject
) -> None:
    slug, puzzle = entry
    session = PuzzleSession(slug, puzzle)
    session.try_move(puzzle["winning_moves"][0])
    if session.stage is not Stage.SOLVING:
        return  # won in one move: nothing later to get wrong
    game = session.game
    before = list(game.moves)
    solver = solver_for(game)
    losing = [game.move_text(m) for m in game.legal_moves() if not solver.move_wins(game.state, m)]
    if not losing:
        return  # every move keeps the win here
    step = session.try_move(data.draw(st.sampled_from(losing)))
    assert not step.correct and opponent_wins_now(session)
    session.retry()
    assert session.game.moves == before and session.stage is Stage.SOLVING


@given(puzzles, st.data())
def test_answers_one_at_a_time_are_the_answers_at_once(
    entry: tuple[str, Any], data: st.DataObject
) -> None:
    """A page plays the move, then each answer after a pause: the same line as try_move."""
    slug, puzzle = entry
    at_once, stepwise = PuzzleSession(slug, puzzle), PuzzleSession(slug, puzzle)
    move = data.draw(st.sampled_from(at_once.game.legal_move_texts()))
    expected = at_once.try_move(move)
    step = stepwise.play(move)
    assert step.move == expected.move and step.correct == expected.correct and not step.replies
    answers = []
    while stepwise.reply_due:
        with pytest.raises(PuzzleError):
            stepwise.play(stepwise.game.legal_move_texts()[0])  # the solver answers first
        answer = stepwise.reply()
        assert answer is not None
        answers.append(answer)
    assert tuple(answers) == expected.replies and stepwise.reply() is None
    assert stepwise.stage is at_once.stage and stepwise.checkpoint == at_once.checkpoint
    assert stepwise.game.moves == at_once.game.moves


def test_illegal_moves_and_bad_stages_change_nothing() -> None:
    slug, puzzle = PUZZLES[0]
    session = PuzzleSession(slug, puzzle)
    moves = list(session.game.moves)
    with pytest.raises(IllegalMove):
        session.try_move("not a move")
    with pytest.raises(PuzzleError):
        session.retry()  # nothing to take back yet
    assert session.game.moves == moves and session.stage is Stage.SOLVING
    session.try_move(puzzle["winning_moves"][0])
    session.restart()
    assert session.game.moves == position(slug, puzzle).moves
    assert session.stage is Stage.SOLVING and session.checkpoint == session.start


def test_find_and_unknown_ids() -> None:
    slug, puzzle = PUZZLES[-1]
    assert find(DATA, slug, puzzle["id"]) is puzzle
    assert find(DATA, "circle-duel", puzzle["id"]) is None
    assert find(DATA, slug, "nope") is None
    assert "nope" in unknown(slug, "nope") and "standard game" in unknown(slug, "nope")
