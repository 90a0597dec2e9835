"""The review the pages show in the move list (site/app/review_marks.py).

The module is pure Python: the screen calls `RecordReview.step` from a timer, these tests
call it in a loop. What it shows must be `py_rules.engine.review`'s judgement word for word,
kept while the record stays the same, dropped when it changes, and never shown for a
Number Duel that is still running (its chances would hint at the hidden numbers).
"""

from __future__ import annotations

import random
from typing import Any

from app.headless.review_marks import REVIEWING, Mark, RecordReview, shows_review
from hypothesis import given
from hypothesis import strategies as st

from py_rules import Phase, Session
from py_rules.engine.players import choose_move
from py_rules.engine.review import describe, review
from py_rules.engine.solving import solve

# Small games: every position solves at once, here and inside Pyodide.
SMALL: dict[str, dict[str, Any]] = {
    "circle-duel": {"size": 9},
    "number-circle": {"target": 14},
    "sequence-duel": {"size": 10},
    "digit-chain": {"pool": 25},
    "number-duel": {"numbers": 3},
}
MAX_PLIES = 40


def finished(slug: str, seed: int, computer: int | None) -> Session:
    """A session of a small game played to its end (or the cap) by easy players."""
    rng = random.Random(seed)
    session = Session.new(slug, {**SMALL[slug], "seed": seed}, None, computer, "easy")
    game = session.game
    while not game.is_over and game.turn < MAX_PLIES:
        if session.phase is Phase.HAND_OVER:
            session.reveal()
        elif session.phase is Phase.COMPUTER:
            session.computer_move(rng)
        else:
            session.play(choose_move(game, "easy", rng))
    return session


def judge_all(marks: RecordReview) -> int:
    """Step until nothing is left; how many steps judged a move."""
    steps = 0
    while marks.step() is not None:
        steps += 1
    return steps


@given(st.sampled_from(list(SMALL)), st.integers(0, 2**32), st.sampled_from([None, 1, 2]))
def test_a_finished_game_shows_the_review_word_for_word(
    slug: str, seed: int, computer: int | None
) -> None:
    session = finished(slug, seed, computer)
    marks = RecordReview()
    marks.follow(session)
    if not session.record_over:  # capped, still running: nothing to show at its end
        assert marks.mark(0) is None and marks.step() is None
        return
    total = session.total
    assert [marks.mark(i) for i in range(total)] == [Mark(REVIEWING, "reviewing")] * total
    assert judge_all(marks) == total
    expected = review(session.whole())
    shown = [marks.mark(i) for i in range(total)]
    assert [m.words for m in shown if m] == [describe(item) for item in expected]
    kinds = ["mistake" if item.mistake else "judged" for item in expected]
    assert [m.kind for m in shown if m] == kinds
    # Stepping through the record keeps what was judged: nothing is judged again.
    session.step("first")
    marks.follow(session)
    assert marks.step() is None and [marks.mark(i) for i in range(total)] == shown


@given(st.integers(0, 2**32), st.sampled_from([None, 2]))
def test_a_running_number_duel_is_never_reviewed(seed: int, computer: int | None) -> None:
    rng = random.Random(seed)
    session = Session.new("number-duel", {"numbers": 4, "seed": seed}, None, computer, "easy")
    marks = RecordReview()
    while not session.game.is_over:
        marks.follow(session)
        assert not shows_review(session) and marks.mark(0) is None and marks.step() is None
        if session.phase is Phase.HAND_OVER:
            session.reveal()
        elif session.phase is Phase.COMPUTER:
            session.computer_move(rng)
        else:
            session.play(choose_move(session.game, "easy", rng))
    marks.follow(session)
    assert shows_review(session) and judge_all(marks) == session.total


def test_results_for_a_record_that_changed_are_dropped() -> None:
    session = finished("sequence-duel", 3, None)
    marks = RecordReview()
    marks.follow(session)
    last = session.total - 1
    assert marks.step() == last  # the last move is judged first
    judged = marks.mark(last)
    assert judged is not None and judged.words != REVIEWING
    session.step(1)  # the same record, shown at an earlier position
    marks.follow(session)
    assert marks.mark(last) == judged and marks.mark(0) == Mark(REVIEWING, "reviewing")
    # A new line from the position after one move replaces the rest of the record.
    session.play(next(m for m in session.game.legal_move_texts() if m != session.future[0]))
    marks.follow(session)
    assert not shows_review(session)  # a running game at its latest move: no review
    assert marks.mark(0) is None and marks.step() is None
    session.step(0)  # stepping back through it shows the review of the new record
    marks.follow(session)
    assert [marks.mark(i) for i in range(2)] == [Mark(REVIEWING, "reviewing")] * 2
    assert judge_all(marks) == 2
    expected = [describe(item) for item in review(session.whole())]
    assert [m.words for m in (marks.mark(0), marks.mark(1)) if m] == expected


def test_trying_again_is_offered_for_a_humans_mistake_only() -> None:
    # Sequence Duel on 8 numbers: the first player wins, but not by claiming 1.
    session = Session.new("sequence-duel", {"size": 8, "seed": 1, "first": 1}, None, 2, "perfect")
    assert "1" not in solve(session.game)["winning_moves"]
    session.play("1")
    while session.phase is Phase.COMPUTER or session.phase is Phase.HUMAN:
        if session.phase is Phase.COMPUTER:
            session.computer_move(random.Random(1))
        else:
            session.play(session.game.legal_move_texts()[0])
    marks = RecordReview()
    marks.follow(session)
    judge_all(marks)
    item = marks.mistake(0)
    assert item is not None and item.player == 1 and marks.retry_from(session, 0)
    assert not any(marks.retry_from(session, i) for i in range(1, session.total))
    # Trying again is going back to the position before the mistake: the human moves.
    session.step(0)
    assert session.phase is Phase.HUMAN and session.game.to_move == 1
    assert session.future[0] == "1"
    # A computer's mistake (it plays player 1 here) is explained, never tried again.
    computer = Session(session.whole(), computer=1)
    marks = RecordReview()
    marks.follow(computer)
    judge_all(marks)
    assert marks.mistake(0) is not None and not marks.retry_from(computer, 0)


def test_a_board_that_turns_the_review_off_never_judges() -> None:
    session = finished("sequence-duel", 3, None)
    marks = RecordReview()
    marks.enabled = False  # a puzzle's board: the review would give its answer away
    marks.follow(session)
    assert session.record_over and marks.mark(0) is None and marks.step() is None
