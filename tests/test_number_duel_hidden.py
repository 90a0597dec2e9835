"""Number Duel's hidden information: what a player sees never depends on the opponent's
hidden order, only on what has been revealed.

Everything that leaves play is revealed, and a surviving defender is turned face up; the
only secret is where the opponent's still-hidden numbers sit. So every other order of the
opponent that puts their still-hidden numbers in some other way on their still-hidden
occupied positions (and agrees everywhere else) must give the same observation after the
same moves. The moves stay legal: no hidden position was ever attacked (an attacked
position is emptied or turned face up) and no hidden number ever attacked (it would have
left the row).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from strategies import options_for, pick

from py_rules import Game, load_game, new_game
from py_rules.rules.core import other


@st.composite
def duels(draw: st.DrawFn) -> Game[Any]:
    game = new_game("number-duel", draw(options_for("number-duel")))
    for _ in range(draw(st.integers(0, 2 * game.options["numbers"]))):
        if game.is_over:
            break
        game.play(pick(draw, game.legal_moves()))
    return game


def hidden_positions(game: Game[Any], player: int) -> list[int]:
    """Positions of `player`'s numbers the opponent has not seen (occupied, face down)."""
    row = game.public_view()["rows"][str(player)]
    return [c["position"] for c in row if c["occupied"] and not c["face_up"]]


def with_order(game: Game[Any], player: int, order: list[int]) -> Game[Any]:
    """The same game (same moves) had `player` arranged their numbers as `order`."""
    data = game.to_dict()
    data["options"][f"order{player}"] = order
    return load_game(json.dumps(data))  # replays the moves: each must still be legal


def rearranged(draw: st.DrawFn, game: Game[Any], player: int) -> list[int]:
    """An order of `player` that agrees with everything revealed of the original one."""
    order = list(game.options[f"order{player}"])
    positions = hidden_positions(game, player)
    numbers = draw(st.permutations([order[p - 1] for p in positions]))
    for position, number in zip(positions, numbers, strict=True):
        order[position - 1] = number
    return order


@given(game=duels(), data=st.data())
def test_observation_does_not_depend_on_opponents_hidden_order(
    game: Game[Any], data: st.DataObject
) -> None:
    for player in (1, 2):
        them = other(player)
        alternative = with_order(game, them, rearranged(data.draw, game, them))
        assert alternative.moves == game.moves
        assert alternative.observation(player) == game.observation(player)
        # The test is sensitive: what the opponent sees of their own row is not the same
        # when their hidden numbers moved (unless the arrangement is the same).
        if alternative.options[f"order{them}"] != game.options[f"order{them}"]:
            assert alternative.observation(them) != game.observation(them)
            assert alternative.to_json() != game.to_json()


@given(game=duels(), data=st.data())
def test_public_view_does_not_depend_on_either_hidden_order(
    game: Game[Any], data: st.DataObject
) -> None:
    order1 = rearranged(data.draw, game, 1)
    alternative = with_order(game, 1, order1)
    alternative = with_order(alternative, 2, rearranged(data.draw, alternative, 2))
    assert alternative.public_view() == game.public_view()
    assert alternative.is_over == game.is_over and alternative.winner == game.winner


@given(game=duels())
def test_observation_shows_own_row_and_hides_the_opponents(game: Game[Any]) -> None:
    for player in (1, 2):
        them = other(player)
        view = game.observation(player)
        assert view["player"] == player
        own = game.state.rows[player - 1]
        assert [c["number"] for c in view["rows"][str(player)]] == list(own)
        theirs = game.state.rows[them - 1]
        hidden = set(hidden_positions(game, them))
        for card in view["rows"][str(them)]:
            position = card["position"]
            assert card["occupied"] == (theirs[position - 1] is not None)
            if position in hidden:
                assert card["number"] is None
            elif card["occupied"]:
                assert card["face_up"] and card["number"] == theirs[position - 1]
        # No copy of the options (with both orders) rides along.
        assert "order" not in json.dumps(view)
        assert view["remaining"][str(them)] == sorted(n for n in theirs if n is not None)


def test_observation_is_plain_json() -> None:
    game = new_game("number-duel", {"seed": 3})
    game.play(game.legal_moves()[0])
    for player in (1, 2):
        view = game.observation(player)
        assert json.loads(json.dumps(view)) == view
