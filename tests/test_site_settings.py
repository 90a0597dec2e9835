"""The web pages' settings (site/app/settings.py): who plays and which options, from text.

Data attributes and page addresses are untrusted text: reading them gives Settings or
BadOption, and only the game's own public options pass through (never a hidden order or
the seed). Pure Python, so this runs in CPython and in Pyodide (tests/pyodide/run.mjs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app import settings
from app.settings import (
    MODE_ALIASES,
    MODES,
    Settings,
    mode_player,
    option_names,
    settings_from_params,
)
from hypothesis import given
from hypothesis import strategies as st
from strategies import SLUGS

import py_rules
from py_rules import BadOption, RulesError
from py_rules.engine.players import LEVELS

SITE = Path(__file__).resolve().parent.parent / "site"  # site/app is the package `app`


def read(slug: str, **params: str) -> Settings:
    return settings_from_params(py_rules.GAMES[slug], params, LEVELS)


def test_settings_come_from_the_site_package() -> None:
    assert Path(settings.__file__).resolve() == SITE / "app" / "settings.py"


@pytest.mark.parametrize(
    ("mode", "computer"),
    [
        ("2p", None),
        ("cpu2", 2),
        ("cpu1", 1),
        ("two-players", None),
        ("vs-computer", 2),
        ("computer-first", 1),
    ],
)
def test_modes_and_their_friendly_names(mode: str, computer: int | None) -> None:
    assert mode_player(mode) == computer
    assert Settings(computer=computer).mode == MODE_ALIASES.get(mode, mode)


@pytest.mark.parametrize("mode", ["", "cpu3", "Vs-Computer", "vs computer", "x" * 5000])
def test_an_unknown_mode_is_refused_briefly(mode: str) -> None:
    with pytest.raises(
        BadOption, match="mode must be two-players, vs-computer or computer-first"
    ) as e:
        mode_player(mode)
    assert len(str(e.value)) < 120  # a huge value is cut short in the message


def test_a_refused_mode_or_level_is_repeated_in_40_characters_at_most() -> None:
    spoof = "vs-computer\u202e" + "Your saved games expired, sign in at evil.example"
    for params in ({"mode": spoof}, {"level": spoof}):
        with pytest.raises(BadOption) as refused:
            read("circle-duel", **params)
        assert str(refused.value).endswith(f"not {spoof[:40]!r}...")
        assert "\u202e" not in str(refused.value)  # shown as the escape, not obeyed


def test_no_parameters_give_the_standard_two_player_game() -> None:
    assert read("sequence-duel") == Settings(None, LEVELS[0], ("", ""), {})
    assert Settings().mode == "2p"


def test_the_computer_gets_its_name_and_a_person_keeps_theirs() -> None:
    assert read("digit-chain", mode="vs-computer").names == ("", "Computer")
    assert read("digit-chain", mode="computer-first").names == ("Computer", "")
    assert read("digit-chain", mode="cpu2", name2="  ").names == ("", "Computer")
    assert read("digit-chain", mode="cpu1", name1="HAL", name2="Ada").names == ("HAL", "Ada")
    assert read("digit-chain", name1="Ada", name2="Bea").names == ("Ada", "Bea")


def test_levels() -> None:
    for level in LEVELS:
        assert read("circle-duel", level=level).level == level
    for bad in ("", "hard", "Perfect", "<b>easy</b>"):
        with pytest.raises(BadOption, match="level must be one of easy, medium, perfect"):
            read("circle-duel", level=bad)


def test_the_public_options_of_each_game() -> None:
    assert {slug: option_names(cls) for slug, cls in py_rules.GAMES.items()} == {
        "circle-duel": ["size"],
        "number-circle": ["target", "no_negative"],
        "sequence-duel": ["size"],
        "digit-chain": ["pool", "no_tens"],
        "number-duel": ["numbers"],  # its hidden orders are never set from outside
        "take-away": ["pile", "most"],
    }


def test_only_the_games_options_pass_and_as_text() -> None:
    got = read("number-duel", numbers="4", first="2", order1="1,2,3,4", seed="7", size="9")
    assert got.options == {"first": "2", "numbers": "4"}
    assert read("digit-chain", pool="30", no_tens="false", embed="1", g="x", delay="0").options == {
        "pool": "30",
        "no_tens": "false",
    }


def test_a_long_value_is_cut_before_the_rules_see_it() -> None:
    got = read("sequence-duel", size="9" * 10_000)
    assert got.options["size"] == "9" * (settings.MAX_VALUE_LENGTH + 1)
    with pytest.raises(BadOption):
        py_rules.new_game("sequence-duel", got.options)


def test_values_are_checked_by_the_rules_when_the_game_starts() -> None:
    good = read("digit-chain", pool="30", no_tens="true", first="2")
    game = py_rules.new_game("digit-chain", good.options, list(good.names))
    assert game.options["pool"] == 30 and game.options["no_tens"] is True
    for bad in ({"pool": "abc"}, {"pool": "0"}, {"no_tens": "maybe"}, {"first": "3"}):
        with pytest.raises(BadOption):
            py_rules.new_game("digit-chain", read("digit-chain", **bad).options)


@pytest.mark.parametrize(
    ("slug", "name"),
    [("number-duel", "numbers"), ("circle-duel", "size"), ("sequence-duel", "first")],
)
@pytest.mark.parametrize("value", ["--5", "+-5", "5-", "1_0", "\u0665", "-"])
def test_a_number_is_an_optional_sign_and_digits(slug: str, name: str, value: str) -> None:
    """`?numbers=--5` or `data-size="--5"` is refused with the usual message."""
    with pytest.raises(BadOption, match=f"^{name} must be a whole number, not "):
        py_rules.new_game(slug, read(slug, **{name: value}).options)


TEXT = st.text(max_size=50)
PARAMS = st.dictionaries(
    st.sampled_from(["mode", "level", "name1", "name2", "first", "size", "target", "pool"])
    | st.sampled_from(["no_tens", "no_negative", "numbers", "order1", "seed", "embed"])
    | TEXT,
    st.sampled_from([*MODES, *MODE_ALIASES, *LEVELS, "1", "2", "random", "9", "true"])
    | st.from_regex(r"\s?[+-]{0,3}[0-9]{0,4}[+-]?", fullmatch=True)
    | TEXT,
    max_size=8,
)


@given(slug=st.sampled_from(SLUGS), params=PARAMS)
def test_any_parameters_give_settings_or_bad_option(slug: str, params: dict[str, Any]) -> None:
    cls = py_rules.GAMES[slug]
    try:
        got = settings_from_params(cls, params, LEVELS)
    except BadOption as error:
        assert str(error).strip()
        return
    assert got.mode in MODES and got.level in LEVELS
    assert set(got.options) <= {"first", *option_names(cls)}
    assert all(len(v) <= settings.MAX_VALUE_LENGTH + 1 for v in got.options.values())
    try:  # what passes is either a game or a clean refusal from the rules
        py_rules.new_game(slug, got.options, list(got.names))
    except RulesError as error:
        assert isinstance(error, BadOption)


def test_a_starting_line_starts_the_game_there() -> None:
    got, notice = settings.settings_or_notice(
        "sequence-duel", {"size": "9", "mode": "vs-computer", "moves": " 5  1 "}
    )
    assert notice == ""
    session = settings.new_session("sequence-duel", got)
    assert [session.game.move_text(m) for m in session.game.moves] == ["5", "1"]
    assert session.computer == 2 and session.phase.value == "human"


@pytest.mark.parametrize(
    ("slug", "params", "reason"),
    [
        ("sequence-duel", {"size": "9", "moves": "5 10"}, "move 2 ('10') is illegal"),
        ("number-circle", {"moves": "2+ nine"}, "move 2 ('nine') is illegal"),
        ("digit-chain", {"moves": "1" * 2001}, "the moves are longer than 2000 characters"),
        ("number-duel", {"moves": "3@2"}, "Number Duel cannot start from given moves"),
    ],
)
def test_a_refused_starting_line_keeps_the_other_settings_from_the_start(
    slug: str, params: dict[str, str], reason: str
) -> None:
    got, notice = settings.settings_or_notice(slug, {**params, "mode": "computer-first"})
    assert notice.startswith(f"These moves were refused ({reason}")
    assert notice.endswith("): the standard start is shown.")
    assert got.moves == "" and got.computer == 1
    assert settings.new_session(slug, got).at == 0


def test_bad_options_with_a_starting_line_are_the_options_refusal() -> None:
    got, notice = settings.settings_or_notice("sequence-duel", {"size": "99", "moves": "5"})
    assert notice == ""  # the board refuses the options and shows the standard game
    with pytest.raises(BadOption, match="size"):
        settings.new_session("sequence-duel", got)
