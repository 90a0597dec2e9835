"""The web pages' game records (site/app/record.py): saves and share links, hostile input.

record.py and the Session it saves are pure Python (no browser imports), so they run here
in CPython and, through tests/pyodide/run.mjs, in Pyodide as on the pages. Whatever a link
or a saved game holds, reading it gives a Session or BadSave with a short message, never
another exception.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from app import record
from app.record import (
    decode_link,
    decode_saved,
    encode_link,
    encode_saved,
    solved_ids,
    solved_text,
)
from hypothesis import given
from hypothesis import strategies as st
from strategies import SLUGS, played_games

import py_rules
from py_rules import BadSave
from py_rules.engine.players import LEVELS
from py_rules.play.session import Session
from py_rules.play.session_record import MODES, RECORD_KEYS, lowered

SITE = Path(__file__).resolve().parent.parent / "site"  # site/app is the package `app`

SECRETS = ("seed", "order1", "order2")
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def test_record_comes_from_the_site_package() -> None:
    assert Path(record.__file__).resolve() == SITE / "app" / "record.py"


def played(slug: str, moves: list[str], **options: Any) -> Any:
    game = py_rules.new_game(slug, {"seed": 7, **options})
    for move in moves:
        game.play(move)
    return game


def rewound(game: Any, at: int, computer: int | None = None, level: str = "easy") -> Session:
    """A record of `game` shown at move `at`, the later moves waiting to be redone."""
    shown = game.copy()
    future: list[str] = []
    while len(shown.moves) > at:
        future.insert(0, shown.move_text(shown.undo()))
    return Session(shown, future, computer, level)


def same(a: Session, b: Session) -> None:
    assert a.game.to_dict() == b.game.to_dict()
    assert a.future == b.future
    assert (a.computer, a.level) == (b.computer, b.level)


def reload(data: Any, slug: str, from_link: bool = False) -> Session:
    return Session.from_data(data, slug, from_link)


def refused(data: Any, slug: str = "sequence-duel", from_link: bool = False) -> str:
    with pytest.raises(BadSave) as error:
        reload(data, slug, from_link)
    return str(error.value)


# ----- round trips -----------------------------------------------------------------------


@given(
    game=played_games(max_moves=30),
    where=st.floats(0, 1),
    mode=st.sampled_from(sorted(MODES)),
    level=st.sampled_from(LEVELS),
)
def test_a_saved_game_comes_back_exactly_at_the_position_shown(
    game: Any, where: float, mode: str, level: str
) -> None:
    rec = rewound(game, round(where * len(game.moves)), MODES[mode], level)
    data = rec.to_data()
    assert data["mode"] == mode and data["at"] == len(rec.game.moves)
    text = encode_saved(data)
    back = reload(decode_saved(text), game.slug)
    same(back, rec)
    assert back.whole().to_dict() == game.to_dict()
    assert encode_saved(back.to_data()) == text  # stable: saving again changes nothing


@given(game=played_games(slugs=[s for s in SLUGS if s != "number-duel"], max_moves=30))
def test_a_share_link_opens_the_same_game(game: Any) -> None:
    rec = rewound(game, len(game.moves) // 2, 2, "medium")
    token = encode_link(rec.to_data(share=True))
    assert record.TOKEN.match(token) and "=" not in token and len(token) % 4 != 1
    same(reload(decode_link(token), game.slug, from_link=True), rec)


def test_whole_plays_the_future_on_a_copy() -> None:
    rec = rewound(played("sequence-duel", ["5", "1", "9"], size=9), 1)
    assert [rec.game.move_text(m) for m in rec.game.moves] == ["5"]
    assert rec.future == ["1", "9"]
    assert [m for m in map(rec.whole().move_text, rec.whole().moves)] == ["5", "1", "9"]
    assert len(rec.game.moves) == 1  # untouched


def test_a_position_in_the_middle_keeps_the_moves_after_it_for_redo() -> None:
    game = played("digit-chain", ["26", "61", "19"])
    data = rewound(game, 1).to_data()
    assert data["at"] == 1 and data["game"]["moves"] == ["26", "61", "19"]
    back = reload(data, "digit-chain")
    assert back.future == ["61", "19"] and len(back.game.moves) == 1


# ----- Number Duel's hidden orders -----------------------------------------------------------


def number_duel_over() -> Any:
    game = py_rules.new_game("number-duel", {"seed": 3, "numbers": 3})
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


def test_a_link_to_a_running_number_duel_carries_no_hidden_numbers() -> None:
    game = py_rules.new_game("number-duel", {"seed": 3, "numbers": 4}, ["Ada", "Bea"])
    game.play(game.legal_moves()[0])
    data = Session(game, [], 2, "easy").to_data(share=True)
    assert not set(SECRETS) & set(data["game"]["options"])
    assert data["game"]["moves"] == [] and data["at"] == 0
    token = encode_link(data)
    inside = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode()
    assert not [secret for secret in SECRETS if f'"{secret}"' in inside]
    back = reload(decode_link(token), "number-duel", from_link=True)
    assert back.game.moves == [] and back.game.options["numbers"] == 4
    assert back.game.names == game.names and back.computer == 2
    # The save on this device keeps everything, so the game resumes where it was.
    kept = Session(game, [], 2, "easy").to_data()
    assert kept["game"]["options"]["order1"] == list(game.options["order1"])
    same(reload(kept, "number-duel"), Session(game, [], 2, "easy"))


@given(
    moves=st.lists(st.integers(0, 80), max_size=12),
    computer=st.sampled_from([None, 1, 2]),
    numbers=st.integers(3, 6),
    seed=st.integers(0, 2**32),
)
def test_nothing_shared_from_a_running_number_duel_holds_a_hidden_order(
    moves: list[int], computer: int | None, numbers: int, seed: int
) -> None:
    """Whoever the computer plays and however far the game has gone, a share link (the
    only record that leaves the device) holds neither order, nor the seed behind them,
    nor a move (an attack shows a number of each side)."""
    game = py_rules.new_game("number-duel", {"seed": seed, "numbers": numbers})
    for pick in moves:
        if game.is_over:
            break
        legal = game.legal_moves()
        game.play(legal[pick % len(legal)])
    if game.is_over:
        game.undo()
    rec = Session(game, [], computer, "easy")
    token = encode_link(rec.to_data(share=True))
    inside = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode()
    for secret in SECRETS:
        assert f'"{secret}"' not in inside
    for order in (game.options["order1"], game.options["order2"]):
        assert json.dumps(list(order), separators=(",", ":")) not in inside
    assert json.loads(inside)["game"]["moves"] == []


def test_a_finished_number_duel_is_shared_whole() -> None:
    game = number_duel_over()
    data = Session(game, [], None, "easy").to_data(share=True)
    assert set(SECRETS) <= set(data["game"]["options"]) and data["at"] == len(game.moves)
    back = reload(decode_link(encode_link(data)), "number-duel", from_link=True)
    assert back.game.is_over and back.game.to_dict() == game.to_dict()


@pytest.mark.parametrize("moves", [False, True])
def test_a_hand_made_link_to_a_running_number_duel_is_refused(moves: bool) -> None:
    game = py_rules.new_game("number-duel", {"seed": 3, "numbers": 4})
    if moves:
        game.play(game.legal_moves()[0])
    data = Session(game, [], None, "easy").to_data()  # secrets kept, as a forger would
    message = refused(data, "number-duel", from_link=True)
    assert "give away hidden numbers" in message
    same(reload(data, "number-duel"), Session(game, [], None, "easy"))  # fine as a save


# ----- refusals --------------------------------------------------------------------------


def good() -> dict[str, Any]:
    return rewound(played("sequence-duel", ["5", "1"], size=9), 2).to_data()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: [d], "not a Number Duels game"),
        (lambda d: {**d, "game": "x"}, "not a Number Duels game"),
        (lambda d: {**d, "v": 2}, "another version"),
        (lambda d: {**d, "v": "1"}, "another version"),
        (lambda d: {k: v for k, v in d.items() if k != "level"}, "missing or unknown parts"),
        (lambda d: {**d, "extra": 1}, "missing or unknown parts"),
        (lambda d: {**d, "mode": "cpu3"}, "players are not valid"),
        (lambda d: {**d, "mode": ["2p"]}, "players are not valid"),
        (lambda d: {**d, "level": "godlike"}, "players are not valid"),
        (lambda d: {**d, "level": None}, "players are not valid"),
        (lambda d: {**d, "at": 3}, "position is not in the game"),
        (lambda d: {**d, "at": -1}, "position is not in the game"),
        (lambda d: {**d, "at": True}, "position is not in the game"),
        (lambda d: {**d, "at": 1.0}, "position is not in the game"),
        (lambda d: {**d, "at": "1"}, "position is not in the game"),
        (lambda d: {**d, "game": {**d["game"], "game": "circle-duel"}}, "for Number Circle Duel"),
        (lambda d: {**d, "game": {**d["game"], "game": "chess"}}, "for another game"),
        (lambda d: {**d, "game": {**d["game"], "game": ["x"]}}, "for another game"),
        (lambda d: {**d, "game": {**d["game"], "moves": ["5", "6"]}}, "illegal"),
        (lambda d: {**d, "game": {**d["game"], "moves": "5"}}, "corrupt"),
        (lambda d: {**d, "game": {**d["game"], "options": {"size": 999}}}, "size"),
    ],
)
def test_a_bad_record_is_refused_with_a_reason(change: Any, words: str) -> None:
    message = refused(change(good()))
    assert words in message
    assert message.strip() and len(message) < 200
    assert not message.startswith(("This saved game", "The saved game"))  # reads after "because"


def test_lowered_turns_a_sentence_into_a_clause() -> None:
    assert lowered("This saved game is corrupt.") == "it is corrupt."
    assert lowered("The saved game has 3 moves.") == "it has 3 moves."
    assert lowered("Move 2 of this saved game is illegal.") == "move 2 is illegal."


@pytest.mark.parametrize(
    ("token", "words"),
    [
        ("A" * (record.MAX_TOKEN_CHARS + 1), "far too long"),
        ("abc=", "damaged"),
        ("ab+/", "damaged"),
        ("ab cd", "damaged"),
        ("<script>", "damaged"),
        ("abcde", "damaged"),  # 5 characters: no base64 is that length
        (encode_link({"v": 1})[:-3] + "!", "damaged"),
        (base64.urlsafe_b64encode(b"\xff\xfe{}").decode().rstrip("="), "damaged"),  # not UTF-8
        (base64.urlsafe_b64encode(b"{'v': 1}").decode().rstrip("="), "damaged"),  # not JSON
    ],
)
def test_a_damaged_link_is_refused(token: str, words: str) -> None:
    with pytest.raises(BadSave, match=words):
        decode_link(token)


def test_an_empty_or_plain_link_value_reads_but_is_not_a_game() -> None:
    for value in ([], 1, "x", None):
        assert decode_link(encode_link(value)) == value  # type: ignore[arg-type]
        assert "not a Number Duels game" in refused(value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("x" * (record.MAX_SAVED_CHARS + 1), "far too large"),
        ("", "damaged"),
        ('{"v": 1,', "damaged"),
        ("NaN-ish", "damaged"),
    ],
)
def test_a_damaged_save_is_refused(text: str, words: str) -> None:
    with pytest.raises(BadSave, match=words):
        decode_saved(text)


@pytest.mark.parametrize("depth", [1_000, 6_000, record.MAX_SAVED_CHARS // 2])
def test_deep_nesting_is_refused_whichever_step_sees_it(depth: int) -> None:
    """Refused before parsing: thousands of brackets overflowed Pyodide's JS stack (a fatal
    error that kills the page's Python) before Python's own RecursionError."""
    text = "[" * depth + "]" * depth
    token = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    readers = [lambda: decode_saved(text)]
    if len(token) <= record.MAX_TOKEN_CHARS:
        readers.append(lambda: decode_link(token))
    for read in readers:
        with pytest.raises(BadSave, match="not a Number Duels game"):
            read()


def reference_depth(text: str) -> int:
    """The deepest the brackets outside strings go, scanned one character at a time."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            in_string, escaped = (escaped or char != '"'), (not escaped and char == "\\")
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parsed_prefix(text: str) -> str:
    """The part of `text` that json.loads reads before it stops (all of it if valid)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return text[: error.pos]
    return text


HOSTILE_TEXT = st.text(st.sampled_from('[]{}"\\ ,:1aé'), max_size=120) | st.builds(
    lambda a, n, b: a + "[" * n + b,
    st.text(st.sampled_from('[]{}"\\1,'), max_size=20),
    st.integers(0, 30),
    st.text(st.sampled_from(']}"\\1,'), max_size=40),
)


@given(
    value=st.recursive(
        st.text(st.sampled_from('[]{}"\\a\u2028é'), max_size=6) | st.integers(),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.text(st.sampled_from('[{"\\a'), max_size=4), inner, max_size=3)
        ),
        max_leaves=40,
    )
)
def test_the_depth_check_counts_exactly_the_brackets_outside_strings(value: Any) -> None:
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False, indent=1)):
        assert record.nested_too_deep(text) == (reference_depth(text) > record.MAX_DEPTH)


@given(text=HOSTILE_TEXT)
def test_whatever_json_would_nest_deeply_before_it_stops_is_refused(text: str) -> None:
    """Conservative on broken text: all that matters is how deep the parser would go."""
    if reference_depth(parsed_prefix(text)) > record.MAX_DEPTH:
        assert record.nested_too_deep(text)
        with pytest.raises(BadSave, match="not a Number Duels game"):
            decode_saved(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('"\\' * (record.MAX_SAVED_CHARS // 2), "damaged"),  # once quadratic: minutes
        ('"' * record.MAX_SAVED_CHARS, "damaged"),
        ("[" * record.MAX_SAVED_CHARS, "not a Number Duels game"),
        ('{"a":' * (record.MAX_SAVED_CHARS // 5), "not a Number Duels game"),
        (("[" * 16 + "]" * 16) * (record.MAX_SAVED_CHARS // 32), "damaged"),
        ("é[" * (record.MAX_SAVED_CHARS // 2), "damaged"),
    ],
)
def test_a_hostile_save_of_100_kb_is_refused(text: str, words: str) -> None:
    with pytest.raises(BadSave, match=words):
        decode_saved(text)
    cut = text.encode()[: record.MAX_TOKEN_CHARS * 3 // 4]
    token = base64.urlsafe_b64encode(cut).decode().rstrip("=")
    with pytest.raises(BadSave):
        decode_link(token)


def test_brackets_inside_names_are_only_text() -> None:
    names = ['"[{' * 6 + "\\", "{[" * 6]  # 24 brackets: past MAX_DEPTH if they were counted
    game = py_rules.new_game("sequence-duel", {"seed": 1}, names)
    data = Session(game).to_data()
    for back in (decode_saved(encode_saved(data)), decode_link(encode_link(data))):
        assert reload(back, "sequence-duel").game.names == game.names


def test_a_truncated_save_or_link_is_refused() -> None:
    text = encode_saved(good())
    token = encode_link(good())
    for cut in range(1, len(text), 7):
        with pytest.raises(BadSave):
            reload(decode_saved(text[:cut]), "sequence-duel")
    for cut in range(1, len(token), 7):
        with pytest.raises(BadSave):
            reload(decode_link(token[:cut]), "sequence-duel", from_link=True)


@given(data=JSON, from_link=st.booleans(), slug=st.sampled_from(SLUGS))
def test_any_json_value_gives_a_record_or_bad_save(data: Any, from_link: bool, slug: str) -> None:
    try:
        rec = reload(data, slug, from_link)
    except BadSave as error:
        assert str(error).strip()
    else:
        assert rec.game.slug == slug


@given(parts=st.dictionaries(st.sampled_from(sorted(RECORD_KEYS)), JSON, max_size=5))
def test_records_with_any_parts_are_refused_cleanly(parts: dict[str, Any]) -> None:
    data = {**good(), **parts}
    try:
        rec = reload(data, "sequence-duel")
    except BadSave:
        return
    assert rec.game.to_dict()["game"] == "sequence-duel"


@given(token=st.text(max_size=60) | st.text(alphabet="AQgw_-09azAZ", max_size=60))
def test_any_link_text_gives_json_or_bad_save(token: str) -> None:
    try:
        value = decode_link(token)
    except BadSave as error:
        assert "damaged" in str(error)
    else:
        json.dumps(value)  # plain JSON data, whatever it is


# ----- the puzzles' list of solved ids --------------------------------------------


@given(st.sets(st.text(max_size=64)))
def test_solved_ids_round_trip(ids: set[str]) -> None:
    assert solved_ids(solved_text(ids)) == ids


@given(st.one_of(st.none(), st.text(), st.from_regex(r"\[+", fullmatch=True)))
def test_any_stored_text_reads_as_a_set_of_ids(text: str | None) -> None:
    ids = solved_ids(text)
    assert isinstance(ids, set) and all(isinstance(i, str) for i in ids)


@pytest.mark.parametrize(
    "text", ['{"a": 1}', "[1, 2]", '"x"', "[" * 100_000, "null", "", '["ok", 3, null]']
)
def test_damaged_stored_values_are_ignored(text: str) -> None:
    assert solved_ids(text) <= {"ok"}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab,'),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=12,
)


@given(json_values)
def test_only_a_flat_list_counts_and_only_its_strings(value: Any) -> None:
    """Brackets and quotes inside the ids never fool the nesting check."""
    nested = not isinstance(value, list) or any(isinstance(v, (list, dict)) for v in value)
    expected = set() if nested else {v for v in value if isinstance(v, str) and len(v) <= 64}
    assert solved_ids(json.dumps(value)) == expected
