"""The lesson API's rules (py_rules/play/lesson.py): which events a board fires, what they
say, and how a lesson's starting line is read.

A lesson page trusts these events to follow the game exactly: one `move` per move
played, `end` once when a move ends the game, nothing for stepping through what was
already reported, and a detail that `python -m py_rules replay` reads back.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import JUNK_TEXTS, SLUGS, game_setups, played_games

from py_rules import BadOption, IllegalMove, RulesError, Session, new_game
from py_rules.play.lesson import (
    END_EVENT,
    MAX_LINE_LENGTH,
    MOVE_EVENT,
    LessonTracker,
    detail,
    parse_line,
    start_line,
)
from py_rules.play.session import SessionError
from py_rules.terminal.cli import position_report

DETAIL_KEYS = ["game", "moves", "over", "winner", "draw", "to_move"]
ACTIONS = ["play", "play", "play", "undo", "redo", "first", "prev", "next", "last"]


def act(session: Session, action: str, rng: random.Random) -> bool:
    """One action a person could take; whether it played a move (False: refused or a step)."""
    try:
        if action == "play":
            session.play(rng.choice(session.game.legal_moves()))
            return True
        if action in ("undo", "redo"):
            getattr(session, action)()
        else:
            session.step(action)
    except (SessionError, IndexError):  # refused (or no legal move): nothing changed
        pass
    return False


@given(game_setups(), st.integers(0, 2**32), st.lists(st.sampled_from(ACTIONS), max_size=40))
def test_events_follow_the_moves_played_and_nothing_else(
    setup: tuple[str, dict[str, Any]], seed: int, actions: list[str]
) -> None:
    slug, options = setup
    session = Session.new(slug, options)
    tracker = LessonTracker()
    assert tracker.update(session) == []  # the start is not a move
    rng = random.Random(seed)
    for action in actions:
        if session.phase.value not in ("human", "replay", "over"):
            session.reveal() if session.phase.value == "handover" else session.done_arranging()
            assert tracker.update(session) == []
            continue
        played = act(session, action, rng)
        events = tracker.update(session)
        if not played:
            assert events == [], action
            continue
        now = detail(session.game)
        expected = [(MOVE_EVENT, now)] + ([(END_EVENT, now)] if session.game.is_over else [])
        assert events == expected


def test_the_computer_moves_fire_events_and_a_new_game_does_not() -> None:
    session = Session.new("sequence-duel", {"size": 7}, None, 2)
    tracker = LessonTracker()
    tracker.update(session)
    session.play("4")
    assert [name for name, _ in tracker.update(session)] == [MOVE_EVENT]
    session.computer_move(random.Random(1))
    ((name, said),) = tracker.update(session)
    assert name == MOVE_EVENT and said["moves"][0] == "4" and len(said["moves"]) == 2
    assert said["to_move"] == 1
    assert tracker.update(Session.new("sequence-duel", {"size": 7}, moves=["4"])) == []


def test_end_fires_once_and_again_only_for_a_new_end() -> None:
    session = Session.new("digit-chain", {"pool": 30})
    tracker = LessonTracker()
    tracker.update(session)
    session.play("10")  # nothing starts with 0: Player 1 wins
    events = tracker.update(session)
    assert [name for name, _ in events] == [MOVE_EVENT, END_EVENT]
    assert events[1][1] | {} == {
        "game": "digit-chain",
        "moves": ["10"],
        "over": True,
        "winner": 1,
        "draw": False,
        "to_move": None,
    }
    session.undo()
    session.redo()  # the same end shown again: already reported
    session.undo()
    assert tracker.update(session) == []
    session.play("20")
    assert [name for name, said in tracker.update(session)] == [MOVE_EVENT, END_EVENT]


def test_several_moves_added_at_once_fire_one_event_each_in_order() -> None:
    session = Session.new("sequence-duel", {"size": 9})
    tracker = LessonTracker()
    tracker.update(session)
    for move in ("1", "9", "5"):
        session.play(move)  # as if three moves landed between two redraws
    events = tracker.update(session)
    assert [said["moves"] for _, said in events] == [["1"], ["1", "9"], ["1", "9", "5"]]


@given(played_games())
def test_a_detail_reads_back_through_replay(game: Any) -> None:
    said = detail(game)
    assert list(said) == DETAIL_KEYS
    again = new_game(game.slug, game.options)
    for move in said["moves"]:
        again.play(move)
    report = position_report(again)
    assert {key: report[key] for key in DETAIL_KEYS} == said


@given(played_games(["number-duel"]))
def test_a_number_duel_detail_says_only_what_both_players_see(game: Any) -> None:
    """The whole detail can be made from the spectator's view: no hidden order in it."""
    public = game.public_view()
    attacks = [f"{e['number']}@{e['position']}" for e in public["encounters"]]
    from_public = {"game": "number-duel", "moves": attacks}
    from_public |= {key: public[key] for key in ("over", "winner", "draw", "to_move")}
    assert detail(game) == from_public


def test_a_starting_line_is_played_and_a_bad_one_names_its_move() -> None:
    game = new_game("number-circle", {"target": 15})
    start_line(game, parse_line("  2+   9- \n"))
    assert [game.move_text(m) for m in game.moves] == ["2+", "9-"]
    with pytest.raises(
        IllegalMove, match=r"^move 2 \('6'\) is illegal: 6 is already claimed by Player 1$"
    ):
        start_line(new_game("sequence-duel", {"size": 12}), ["6", "6"])
    with pytest.raises(IllegalMove, match=r"^move 1 "):
        start_line(new_game("digit-chain", {"pool": 30}), ["x"])


def test_number_duel_refuses_a_starting_line_but_not_an_empty_one() -> None:
    with pytest.raises(BadOption, match="Number Duel cannot start from given moves"):
        start_line(new_game("number-duel", {"seed": 3}), ["3@2"])
    start_line(new_game("number-duel", {"seed": 3}), [])


def test_a_starting_line_too_long_is_refused() -> None:
    assert parse_line("1 " * (MAX_LINE_LENGTH // 2)) == ["1"] * (MAX_LINE_LENGTH // 2)
    with pytest.raises(BadOption, match="longer than"):
        parse_line("1" * (MAX_LINE_LENGTH + 1))


@given(st.sampled_from(SLUGS), st.lists(JUNK_TEXTS, max_size=4))
def test_any_starting_line_starts_the_game_or_is_refused(slug: str, words: list[str]) -> None:
    try:
        session = Session.new(slug, {"seed": 1}, moves=parse_line(" ".join(words)))
    except RulesError:
        return
    assert session.at == len(" ".join(words).split())
