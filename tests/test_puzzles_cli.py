"""`python -m py_rules puzzles GAME [options]`: the shipped puzzles of one game as JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from py_rules.engine.puzzles import NO_PUZZLES, load, position
from py_rules.terminal import cli

KEYS = {"id", "options", "moves", "to_move", "winning_moves", "win_in", "difficulty"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(["puzzles", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def listed(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, Any]]:
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "") and out.count("\n") == 1
    data: list[dict[str, Any]] = json.loads(out)
    return data


@pytest.mark.parametrize("slug", ["number-circle", "sequence-duel", "digit-chain"])
def test_puzzles_prints_the_games_puzzles(slug: str, capsys: pytest.CaptureFixture[str]) -> None:
    data = listed(capsys, slug)
    assert data == load()["games"][slug]["puzzles"]
    assert len(data) >= 15 and all(set(p) == KEYS for p in data)
    for puzzle in data[:3]:  # the moves reach a position with that player to move
        assert position(slug, puzzle).to_move == puzzle["to_move"]


def test_options_choose_among_them(capsys: pytest.CaptureFixture[str]) -> None:
    everything = listed(capsys, "digit-chain")
    without = listed(capsys, "digit-chain", "--no-tens")
    assert without == [p for p in everything if p["options"]["no_tens"]]
    assert 15 <= len(without) < len(everything)
    size = everything[0]["options"]["pool"]
    assert listed(capsys, "digit-chain", "--pool", str(size)) == [
        p for p in everything if p["options"]["pool"] == size
    ]


@pytest.mark.parametrize("slug", sorted(NO_PUZZLES))
def test_a_game_without_puzzles_says_why(slug: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, slug)
    assert (status, out) == (0, "[]\n")
    assert err == NO_PUZZLES[slug] + "\n"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["chess"], "unknown game 'chess'"),
        ([], "name a game"),
        (["digit-chain", "--pool", "100"], "pool must be between 10 and 99"),
        (["digit-chain", "26"], "unrecognized arguments: 26"),
        (["sequence-duel", "--first", "2"], "--first does not apply to puzzles"),
        (["sequence-duel", "--seed", "2"], "--seed does not apply to puzzles"),
    ],
)
def test_errors_are_one_line_with_status_2(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and expected in err
