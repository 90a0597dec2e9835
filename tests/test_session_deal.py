"""`py_rules.play.dealing`: the hidden row a game page draws before Python is ready, for the
human about to take the screen at the start of a game (Number Duel's hand-over). Adopted
exactly then, and only then; anything else is refused and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import options_for

from py_rules import GAMES, Phase, Session
from py_rules.play.dealing import deal, row_to_deal
from py_rules.play.session import SessionError
from py_rules.rules.errors import BadOption, RulesError

SLUG = "number-duel"


def record(session: Session) -> tuple[Any, ...]:
    """What a refused deal must leave as it was."""
    game = session.game
    return (dict(game.options), game.state, game.moves, session.phase, session.seat)


@st.composite
def fresh_games(draw: st.DrawFn) -> Session:
    """A game for two on one screen, behind its first hand-over, options drawn."""
    options = draw(options_for(SLUG))
    return Session.new(SLUG, options)


@given(fresh_games(), st.data())
def test_the_first_human_to_take_the_screen_gets_exactly_the_row_dealt(
    session: Session, data: st.DataObject
) -> None:
    player = session.next_player
    assert player is not None and session.phase is Phase.HAND_OVER
    size = session.game.options["numbers"]
    assert row_to_deal(session) == tuple(range(1, size + 1))
    other_row = session.game.arrangement(3 - player)
    order = data.draw(st.permutations(list(range(1, size + 1))))
    deal(session, order)
    assert session.game.arrangement(player) == tuple(order)
    assert session.game.arrangement(3 - player) == other_row  # the other's secret untouched
    assert session.phase is Phase.HAND_OVER  # still behind the screen: nothing shown
    session.reveal()
    shown = session.seen()["rows"]
    assert [card["number"] for card in shown[str(player)]] == order  # the screen shows it
    assert {card["number"] for card in shown[str(3 - player)]} == {None}  # and no other
    assert row_to_deal(session) is None  # once seen, no other row may be dealt


@given(fresh_games(), st.lists(st.integers(-3, 12), max_size=10))
def test_a_row_that_is_not_an_order_of_the_numbers_is_refused(
    session: Session, order: list[int]
) -> None:
    size = session.game.options["numbers"]
    if sorted(order) == list(range(1, size + 1)):
        return
    before = record(session)
    with pytest.raises(BadOption):
        deal(session, order)
    assert record(session) == before


def refused_when(session: Session) -> None:
    before = record(session)
    assert row_to_deal(session) is None
    with pytest.raises(SessionError):
        deal(session, [1, 2, 3, 4, 5])
    assert record(session) == before


def test_no_row_is_dealt_once_a_row_was_seen_or_a_move_played() -> None:
    session = Session.new(SLUG)
    session.reveal()
    refused_when(session)
    session.play(session.game.legal_moves()[0])
    refused_when(session)  # behind the next hand-over, after a move


def test_no_row_is_dealt_against_the_computer_or_to_a_player_who_arranges_their_own() -> None:
    refused_when(Session.new(SLUG, computer=2))  # the human's row is on the screen at once
    arranging = Session.new(SLUG, arrange=True)
    assert arranging.phase is Phase.HAND_OVER
    refused_when(arranging)


@pytest.mark.parametrize("slug", [slug for slug in GAMES if not GAMES[slug].has_arrangement])
def test_a_game_without_hidden_rows_deals_none(slug: str) -> None:
    session = Session.new(slug)
    assert row_to_deal(session) is None
    with pytest.raises(RulesError):
        deal(session, [1, 2, 3])
