"""The seed examples as golden games (with RULINGS.md's corrections)."""

from __future__ import annotations

from typing import Any

import pytest

from py_rules import Game, IllegalMove, load_game, new_game


def play_all(game: Game[Any], moves: str) -> Game[Any]:
    for text in moves.split():
        assert game.why_illegal(text) is None, (text, game.why_illegal(text))
        game.play(text)
        assert load_game(game.to_json()) == game
    return game


def test_circle_duel_seed_game() -> None:
    game = new_game("circle-duel")
    assert game.legal_move_texts() == [str(n) for n in range(1, 11)]
    game.play("4")
    assert game.legal_move_texts() == ["3", "5"]  # "Available adjacent numbers: 3 5"
    game.play("5")
    assert game.legal_move_texts() == ["6"]  # 4 is claimed
    play_all(game, "6 7 8 9 10 1 2")
    assert game.legal_move_texts() == ["3"]
    game.play("3")
    # All numbers claimed: Player 1 has no valid move, Player 2 wins.
    assert game.is_over and game.winner == 2 and not game.is_draw
    assert game.to_move is None and game.legal_moves() == []
    assert game.public_view()["claimed"] == list(range(1, 11))


def test_circle_duel_refusals_name_the_rule() -> None:
    game = play_all(new_game("circle-duel"), "4")
    assert "adjacent" in game.why_illegal("7")
    assert "already" in game.why_illegal("4")
    assert "1 to 10" in game.why_illegal("11")


def test_number_circle_mended_seed_game() -> None:
    game = new_game("number-circle", {"target": 15})
    # (move, mover's total afterwards) for the seed's eleven turns, slips mended.
    turns = [
        ("2+", 2),
        ("9+", 9),
        ("3+", 5),
        ("8-", 1),  # 9 + 8 = 17 would exceed 15
        ("4+", 9),
        ("7+", 8),
        ("5+", 14),
        ("6+", 14),
        ("6-", 8),  # 14 + 6 = 20 would exceed 15
        ("5-", 9),  # 14 + 5 = 19 would exceed 15; 6 is behind (no backtracking)
        ("7+", 15),
    ]
    refusals = {3: ["8+"], 8: ["6+"], 9: ["5+", "7+", "7-"]}
    for index, (move, total) in enumerate(turns):
        mover = game.to_move
        assert mover == (1 if index % 2 == 0 else 2)
        for bad in refusals.get(index, []):
            before = game.to_json()
            with pytest.raises(IllegalMove):
                game.play(bad)
            assert game.to_json() == before
        play_all(game, move)
        view = game.public_view()
        assert view["total"][str(mover)] == total
        assert view["position"][str(mover)] == int(move[:-1])
    assert game.is_over and game.winner == 1
    assert game.public_view()["total"] == {"1": 15, "2": 9}
    assert game.legal_moves() == []


def test_number_circle_first_moves_and_refusals() -> None:
    game = new_game("number-circle", {"target": 15})
    assert sorted(game.legal_move_texts()) == ["2+", "2-", "9+", "9-"]
    assert "next to" in game.why_illegal("3+")
    assert game.why_illegal("pass") is not None  # only when stuck
    play_all(game, "2+ 9+")
    assert sorted(game.legal_move_texts()) == ["3+", "3-"]  # 1 is behind
    assert "backtracking" in game.why_illegal("1+").lower()


def test_sequence_duel_seed_opening() -> None:
    game = new_game("sequence-duel", {}, ["Alice", "Bob"])
    assert game.player_name(game.to_move) == "Alice"

    def blocked() -> set[int]:
        free = set(range(1, 21)) - set(game.public_view()["claimed"]["1"])
        free -= set(game.public_view()["claimed"]["2"])
        return free - {int(t) for t in game.legal_move_texts()}

    game.play("10")
    assert blocked() == {9, 11}  # Bob cannot select 9 or 11
    assert "adjacent" in game.why_illegal("9") and "Alice" in game.why_illegal("9")
    game.play("13")
    assert blocked() == {12, 14}  # Alice cannot select 12 or 14; 9 and 11 are fine
    assert game.why_illegal("11") is None
    game.play("7")
    assert blocked() == {6, 8, 9, 11}
    game.play("16")
    assert game.public_view()["claimed"] == {"1": [7, 10], "2": [13, 16]}
    assert blocked() == {12, 14, 15, 17}
    assert "already claimed by Bob" in game.why_illegal("13")


def test_digit_chain_seed_game_does_not_end_where_the_seed_says() -> None:
    game = play_all(new_game("digit-chain"), "26 61 19 94 42 28 83 37 75 54")
    assert not game.is_over and game.to_move == 1
    assert game.legal_move_texts() == ["4", "40", "41", *map(str, range(43, 50))]
    assert "start with 4" in game.why_illegal("55")
    assert "already" in game.why_illegal("42")


@pytest.mark.parametrize("first", [1, 2])
def test_digit_chain_ten_wins_at_once(first: int) -> None:
    game = new_game("digit-chain", {"first": first})
    game.play("10")
    assert game.is_over and game.winner == first and game.legal_moves() == []
    # Every multiple of 10 does the same; with "no multiples of 10" they are not there.
    for tens in range(10, 100, 10):
        game = new_game("digit-chain")
        game.play(str(tens))
        assert game.winner == 1
    game = new_game("digit-chain", {"no_tens": True})
    assert game.why_illegal("10") is not None
    assert "10" not in game.legal_move_texts() and len(game.legal_moves()) == 90


def test_number_duel_seed_turns() -> None:
    # Orders that make the seed's sample happen: Player 2's position 2 holds 4 and position
    # 4 holds 1; Player 1's position 5 holds 5. Player 2's 2 is at position 5.
    game = new_game("number-duel", {"order1": "1,2,3,4,5", "order2": "3,4,5,1,2"})
    game.play("3@2")  # Player 2's 4 defeats Player 1's 3
    e = game.public_view()["encounters"][-1]
    assert (e["number"], e["defender_number"], e["winner"]) == (3, 4, 2)
    game.play("2@5")  # Player 1's 5 defeats Player 2's 2
    assert game.public_view()["encounters"][-1]["winner"] == 1
    game.play("5@4")  # Player 1's 5 defeats Player 2's 1
    assert game.public_view()["encounters"][-1]["winner"] == 1
    view = game.public_view()
    assert view["remaining"] == {"1": [1, 2, 4], "2": [3, 4, 5]}
    assert view["gone"] == {"1": [3, 5], "2": [1, 2]}
    # Face up: Player 2's 4 at position 2 (it survived). Player 1's 5 survived at position
    # 5 too, but then attacked and was used up, so that position is empty now.
    row2 = view["rows"]["2"]
    assert [c["position"] for c in row2 if c["face_up"]] == [2] and row2[1]["number"] == 4
    assert [c["number"] for c in row2 if not c["face_up"]] == [None] * 4
    row1 = view["rows"]["1"]
    assert [c["position"] for c in row1 if c["occupied"]] == [1, 2, 4]
    assert not any(c["face_up"] for c in row1)
    # Player 2's occupied positions are 1-3 (the seed's "positions 1-3" prompt).
    assert [c["position"] for c in row2 if c["occupied"]] == [1, 2, 3]
    assert game.to_move == 2 and not game.is_over
    # Positions do not renumber: position 4 is empty and cannot be targeted.
    game2 = game.copy()
    game2.play("3@1")
    assert "empty" in game2.why_illegal("4@4")
    assert "already been used" in game2.why_illegal("3@1")


def test_number_duel_seed_prompt_sample() -> None:
    # "Player 1 attacks with 2. Player 2 defends with 3. Player 2's 3 defeats Player 1's 2."
    game = new_game("number-duel", {"order1": "1,2,4,3,5", "order2": "3,4,5,1,2"})
    game.play("2@1")
    e = game.public_view()["encounters"][-1]
    assert (e["number"], e["defender_number"], e["winner"]) == (2, 3, 2)
    assert game.public_view()["remaining"]["1"] == [1, 3, 4, 5]
    assert game.public_view()["rows"]["2"][0] == {
        "position": 1,
        "occupied": True,
        "face_up": True,
        "number": 3,
    }


@pytest.mark.parametrize(
    ("moves", "winner", "draw"),
    [
        # 3 vs 3, 1 vs 1, 2 vs 2: three ties leave nothing on either side: a draw, the
        # only draw in the five games.
        ("3@3 1@1 2@2", None, True),
        # P1's 2 beats P2's 1; P2's 3 beats P1's 1; P1's last number, 3, beats P2's last, 2:
        # both have none left, and the winner of that encounter wins.
        ("2@1 3@1 3@2", 1, False),
        # P1's 1 loses to 2; 3 vs 3 tie; P1's 2 beats P2's 1 but was P1's last number:
        # Player 1 has none left and loses, though that encounter was theirs.
        ("1@2 3@3 2@1", 2, False),
    ],
)
def test_number_duel_endings(moves: str, winner: int | None, draw: bool) -> None:
    game = new_game("number-duel", {"numbers": 3, "order1": "1,2,3", "order2": "1,2,3"})
    play_all(game, moves)
    assert game.is_over and game.winner == winner and game.is_draw is draw
    assert game.to_move is None and game.legal_moves() == []
