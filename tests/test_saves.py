"""Saved games: a good save loads exactly; anything else raises BadSave, never another error.

Saves come from files, the browser's storage and URLs: corrupt, truncated, foreign or
hostile input must be refused cleanly.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import SLUGS, played_games

from py_rules import BadSave, Game, load_game, new_game
from py_rules.rules.core import SAVE_FORMAT
from py_rules.rules.saved_game import MAX_SAVE_BYTES


def refused(saved: Any) -> str:
    with pytest.raises(BadSave) as error:
        load_game(saved)
    message = str(error.value)
    assert message.strip()
    return message


def valid(slug: str = "circle-duel", moves: list[str] | None = None) -> dict[str, Any]:
    game = new_game(slug, {"seed": 5})
    for text in moves or []:
        game.play(text)
    return game.to_dict()


@given(game=played_games())
def test_every_prefix_of_a_save_is_refused(game: Game[Any]) -> None:
    text = game.to_json()
    assert load_game(text) == game
    assert load_game(text.encode()) == game
    # Truncated anywhere (a JSON object is complete only with its final brace).
    for cut in sorted({0, 1, len(text) // 3, len(text) // 2, len(text) - 1}):
        refused(text[:cut])
    refused(text + "x")


@pytest.mark.parametrize(
    "saved",
    [
        "",
        "not json",
        "{",
        "[]",
        "null",
        "42",
        '"a string"',
        "{}",
        b"\xff\xfe\x00",
        "[" * 5000 + "]" * 5000,  # deep nesting
        '{"a":' * 3000 + "1" + "}" * 3000,
        "1" * 5000,  # a number beyond Python's integer string limit
        " " * (MAX_SAVE_BYTES + 1),  # huge input
        json.dumps({**valid(), "moves": ["1"] * 60_000}),  # huge, of legal-looking moves
        "NaN",
    ],
    ids=lambda saved: repr(saved)[:30],
)
def test_not_a_save(saved: Any) -> None:
    refused(saved)


def broken_saves() -> list[tuple[str, dict[str, Any], str]]:
    """(description, saved data, a word the message must contain)."""
    good = valid("circle-duel", ["4", "5"])
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("wrong format", {**good, "format": "number-duels/0"}, "version"),
        ("no format", {k: v for k, v in good.items() if k != "format"}, "version"),
        ("unknown game", {**good, "game": "chess"}, "chess"),
        ("game not text", {**good, "game": ["circle-duel"]}, "game"),
        ("extra part", {**good, "extra": 1}, "parts"),
        ("missing moves", {k: v for k, v in good.items() if k != "moves"}, "parts"),
        ("illegal move", {**good, "moves": ["4", "6"]}, "Move 2"),
        ("claimed again", {**good, "moves": ["4", "4"]}, "Move 2"),
        ("move not text", {**good, "moves": ["4", 5]}, "Move 2"),
        ("garbage move", {**good, "moves": ["<script>"]}, "Move 1"),
        ("moves not a list", {**good, "moves": "4 5"}, "corrupt"),
        ("options not a dict", {**good, "options": [["size", 10]]}, "corrupt"),
        ("names not a list", {**good, "names": "Ada"}, "corrupt"),
        ("bad size", {**good, "options": {**good["options"], "size": 99}}, "size"),
        ("size as float", {**good, "options": {**good["options"], "size": 10.0}}, "size"),
        ("unknown option", {**good, "options": {**good["options"], "x": 1}}, "x"),
        ("bad seed", {**good, "options": {**good["options"], "seed": -5}}, "seed"),
        ("three names", {**good, "names": ["a", "b", "c"]}, "name"),
        ("name too long", {**good, "names": ["a" * 99, "b"]}, "name"),
        ("name not text", {**good, "names": [7, "b"]}, "name"),
        (
            "move after the end",
            {**good, "moves": [*map(str, [4, 5, 6, 7, 8, 9, 10, 1, 2, 3, 4])]},
            "over",
        ),
    ]
    duel = valid("number-duel")
    cases += [
        ("order repeats", {**duel, "options": {**duel["options"], "order1": [1] * 5}}, "order1"),
        ("order short", {**duel, "options": {**duel["options"], "order2": [1, 2]}}, "order2"),
        ("order text", {**duel, "options": {**duel["options"], "order2": {"a": 1}}}, "order2"),
    ]
    return cases


@pytest.mark.parametrize(("what", "saved", "word"), broken_saves(), ids=lambda x: str(x)[:20])
def test_broken_save_is_refused_with_a_reason(what: str, saved: dict[str, Any], word: str) -> None:
    assert word in refused(json.dumps(saved)), what
    assert word in refused(saved), what


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_round_trips_from_the_start(slug: str) -> None:
    game = new_game(slug, {"seed": 11}, ["Ada", "Ƀob 🎲"])
    assert load_game(game.to_json()) == game
    data = json.loads(game.to_json())
    assert data["format"] == SAVE_FORMAT and data["game"] == slug
    assert data["names"] == ["Ada", "Ƀob 🎲"]


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def save_like(draw: st.DrawFn) -> dict[str, Any]:
    """Mostly well-shaped saves with some parts replaced by arbitrary JSON values."""
    game = draw(played_games(max_moves=12))
    data = game.to_dict()
    for key in list(data):
        if draw(st.integers(0, 4)) == 0:
            data[key] = draw(JSONISH)
    if draw(st.booleans()) and isinstance(data["options"], dict):
        data["options"][draw(st.sampled_from([*data["options"], "x"]))] = draw(JSONISH)
    if draw(st.booleans()) and isinstance(data["moves"], list):
        position = draw(st.integers(0, len(data["moves"])))
        data["moves"].insert(position, draw(JSONISH | st.text(max_size=6)))
    if draw(st.booleans()):
        data[draw(st.sampled_from([*data, "extra"]))] = draw(JSONISH)
    return data


@given(saved=st.one_of(JSONISH, save_like(), st.text(), st.binary()))
def test_load_game_fuzz_only_succeeds_or_raises_bad_save(saved: Any) -> None:
    as_text = saved if isinstance(saved, str | bytes) else json.dumps(saved)
    for candidate in (as_text, saved if isinstance(saved, dict) else None):
        if candidate is None:
            continue
        try:
            game = load_game(candidate)
        except BadSave:
            continue
        # Whatever loads is a real game that saves to the same thing again.
        assert load_game(game.to_json()) == game
