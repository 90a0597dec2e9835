"""`python -m py_rules review`: one JSON object judging every move, errors as in `replay`."""

from __future__ import annotations

import json
from typing import Any

import pytest

from py_rules import new_game
from py_rules.engine.review import review
from py_rules.engine.solving import solve
from py_rules.terminal import cli

MOVE_KEYS = {"move", "player", "before", "after", "mistake", "best_moves"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def reviewed(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    status, out, err = run(capsys, "review", *args)
    assert (status, err) == (0, "")
    assert out.count("\n") == 1  # one JSON object on one line
    data: dict[str, Any] = json.loads(out)
    return data


def test_review_prints_every_move_judged(capsys: pytest.CaptureFixture[str]) -> None:
    data = reviewed(capsys, "sequence-duel", "--size", "8", "--seed", "4", "1", "5", "8")
    assert set(data) == {"game", "options", "moves"}
    assert data["game"] == "sequence-duel"
    assert data["options"] == {"first": 1, "size": 8, "seed": 4}
    assert all(set(item) == MOVE_KEYS for item in data["moves"])
    assert [m["move"] for m in data["moves"]] == ["1", "5", "8"]
    assert [m["player"] for m in data["moves"]] == [1, 2, 1]
    assert [(m["before"], m["after"]) for m in data["moves"]] == [
        ("win", "loss"),
        ("win", "win"),
        ("loss", "loss"),
    ]
    assert [m["mistake"] for m in data["moves"]] == [True, False, False]
    game = new_game("sequence-duel", {"size": 8, "seed": 4})
    assert data["moves"][0]["best_moves"] == solve(game)["winning_moves"]
    assert [m["best_moves"] for m in data["moves"][1:]] == [[], []]


def test_the_json_is_the_review_of_the_replayed_game(capsys: pytest.CaptureFixture[str]) -> None:
    moves = ["26", "61", "12", "23", "36"]
    data = reviewed(capsys, "digit-chain", "--pool", "70", "--no-tens", "--seed", "2", *moves)
    game = new_game("digit-chain", {"pool": 70, "no_tens": True, "seed": 2})
    for move in moves:
        game.play(move)
    assert data["moves"] == [item.to_dict() for item in review(game)]


def test_number_duel_gives_chances(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--numbers", "3", "--order1", "1,2,3", "--order2", "3,1,2", "--seed", "1"]
    data = reviewed(capsys, "number-duel", *args, "3@1", "1@1")
    first, second = data["moves"]
    assert first["move"] == "3@1" and first["player"] == 1
    assert isinstance(first["before"], float) and isinstance(first["after"], float)
    assert first["before"] - first["after"] > 0.05 and first["mistake"] is True
    assert first["best_moves"] == ["2@1", "2@2", "2@3"]
    assert second["player"] == 2 and second["best_moves"] == [] and not second["mistake"]


def test_no_moves_is_an_empty_review(capsys: pytest.CaptureFixture[str]) -> None:
    assert reviewed(capsys, "circle-duel", "--size", "5")["moves"] == []


@pytest.mark.parametrize(
    "args",
    [
        ["circle-duel", "4", "7"],
        ["number-duel", "--order1", "1,2,3,4,5", "--seed", "3", "1@1", "1@1"],
        ["circle-duel", "four"],
        ["circle-duel", "--size", "99"],
        ["digit-chain", "--pool", "100"],
        ["circle-duel", "--bogus"],
        ["chess"],
        [],
    ],
)
def test_errors_are_those_of_replay(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    replayed = run(capsys, "replay", *args)
    status, out, err = run(capsys, "review", *args)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err == replayed[2]
    assert replayed[0] == 2


def test_help_lists_review(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0 and "review" in out
    status, out, _ = run(capsys, "review", "digit-chain", "--help")
    assert status == 0 and "--no-tens" in out and "MOVE" in out
