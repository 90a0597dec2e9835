"""Options: every bad value refused with a message naming the option; chance from the seed.

The bad values are derived from each game's option specs, so every option of every game
is covered without a list per game.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import SLUGS, game_setups, options_for

from py_rules import GAMES, BadOption, BadSave, i18n, load_game, new_game
from py_rules.rules.core import clean_name
from py_rules.rules.options import FIRST, MAX_SEED, FlagOption, IntOption, OrderOption


def bad_values(spec: Any, specs: tuple[Any, ...]) -> list[tuple[dict[str, Any], str]]:
    """(options, the option the message must name) for values outside a spec's range."""
    name = spec.name
    cases: list[Any] = []
    if isinstance(spec, IntOption):
        cases = [
            spec.low - 1,
            spec.high + 1,
            str(spec.high + 1),
            -(10**25),
            "abc",
            "",
            "1.5",
            1.5,
            True,
            [spec.low],
            {"n": 1},
            "0x10",
            f"{spec.low} {spec.low}",
            f"--{spec.low}",
            f"+-{spec.low}",
            f"{spec.low}-",
            f"{spec.low}_0",
            "\u0663",  # an Arabic-Indic digit: int() reads it, a whole number here has 0-9
            "9" * 20,
        ]
        if not spec.allow_random:
            cases.append("random")
    elif isinstance(spec, FlagOption):
        cases = ["maybe", 2, -1, "", [], {"a": 1}, 0.5]
    elif isinstance(spec, OrderOption):
        k = next(s.default for s in specs if s.name == spec.size_option)
        cases = [
            list(range(1, k)),  # one short
            list(range(1, k + 2)),  # one too many
            [1] * k,  # repeats
            list(range(0, k)),  # 0 is not a number of the set
            list(range(2, k + 2)),
            ",".join(map(str, range(1, k))),
            "1,2,x",
            "",
            5,
            {"1": 1},
            [1.0 * n for n in range(1, k + 1)],
            [True, *range(2, k + 1)],
        ]
    return [({name: value}, name) for value in cases]


CASES = [
    pytest.param(slug, options, name, id=f"{slug}-{name}-{options[name]!r}")
    for slug in SLUGS
    for spec in (FIRST, *GAMES[slug].option_specs)
    for options, name in bad_values(spec, (FIRST, *GAMES[slug].option_specs))
]


@pytest.mark.parametrize(("slug", "options", "name"), CASES)
def test_bad_option_is_refused_naming_the_option(
    slug: str, options: dict[str, Any], name: str
) -> None:
    with pytest.raises(BadOption) as refused:
        new_game(slug, options)
    assert name in str(refused.value)
    assert refused.value.field == name  # what a form marks, whatever the language


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_refused_name_or_option_names_its_field_in_every_language(language: str) -> None:
    """A form marks the field at fault by `BadOption.field`, not by reading the message,
    which is in the player's language."""
    i18n.use(language)
    try:
        for player in (1, 2):
            with pytest.raises(BadOption) as refused:
                clean_name("x" * 100, player)
            assert refused.value.field == f"name{player}"
            assert (f"player {player}" in str(refused.value)) == (language == "en")
        with pytest.raises(BadOption) as refused:
            new_game("digit-chain", {"seed": -1})
        assert refused.value.field == "seed"
    finally:
        i18n.use("en")


@pytest.mark.parametrize("slug", SLUGS)
def test_bad_seed_and_unknown_options_are_refused(slug: str) -> None:
    for seed in (-1, MAX_SEED + 1, "x", 1.5, "1" * 30):
        with pytest.raises(BadOption, match="seed"):
            new_game(slug, {"seed": seed})
    with pytest.raises(BadOption, match="colour"):
        new_game(slug, {"colour": 1})
    # An option of another game is unknown here.
    foreign = {s.name for g in GAMES.values() for s in g.option_specs}
    foreign -= {s.name for s in GAMES[slug].option_specs}
    for name in sorted(foreign):
        with pytest.raises(BadOption, match=name):
            new_game(slug, {name: 1})


def test_order_sizes_follow_the_numbers_option() -> None:
    game = new_game("number-duel", {"numbers": 3, "order1": "3,1,2", "order2": [2, 3, 1]})
    assert game.options["order1"] == (3, 1, 2) and game.options["order2"] == (2, 3, 1)
    with pytest.raises(BadOption, match="order1"):
        new_game("number-duel", {"numbers": 4, "order1": "3,1,2"})
    with pytest.raises(BadOption, match="order2"):
        new_game("number-duel", {"numbers": 3, "order2": "1,2,3,4"})


@pytest.mark.parametrize("slug", SLUGS)
def test_names(slug: str) -> None:
    game = new_game(slug, {}, ["  Ada  ", "<b>Ɓob</b>"])
    assert game.names == ("Ada", "<b>Ɓob</b>")  # shown as text: kept as it is
    assert new_game(slug, {}, [None, ""]).names == ("Player 1", "Player 2")
    assert new_game(slug, {}, ["x" * 24, "é" * 24]).names == ("x" * 24, "é" * 24)
    for names in (["x" * 25, None], [None, "a\nb"], ["a", "b", "c"], [1, "b"]):
        with pytest.raises(BadOption):
            new_game(slug, {}, names)


SPOOFING = {
    "right-to-left override": "\u202eretupmoC",
    "left-to-right override": "Ann\u202d",
    "right-to-left isolate": "\u2067Ann\u2069",
    "right-to-left mark": "Ann\u200f",
    "zero-width space": "Com\u200bputer",
    "zero-width joiner": "An\u200dn",
    "byte order mark": "\ufeffAnn",
    "soft hyphen": "Com\u00adputer",
    "line separator": "Ann\u2028Bob",
    "paragraph separator": "Ann\u2029Bob",
    "private use": "Ann\ue000",
    "supplementary private use": "Ann\U000f0000",
    "escape": "Ann\x1b[2J",
    "delete": "Ann\x7f",
    "C1 control": "An\x85n",
}


@pytest.mark.parametrize("name", SPOOFING.values(), ids=SPOOFING.keys())
def test_names_refuse_characters_that_hide_or_disguise_text(name: str) -> None:
    for player in (1, 2):
        names = [None, None]
        names[player - 1] = name
        with pytest.raises(BadOption) as refused:
            new_game("circle-duel", {}, names)
        assert str(refused.value).startswith(
            f"the name of player {player} contains control or invisible characters"
        )


@given(name=st.text(max_size=30))
def test_a_name_is_shown_whole_or_refused(name: str) -> None:
    try:
        shown = clean_name(name, 1)
    except BadOption as error:
        assert str(error).startswith("the name of player 1 ")
        return
    assert shown == (name.strip() or "Player 1") and len(shown) <= 24
    assert not any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp") for ch in shown)


def test_names_keep_every_other_script_symbol_and_space() -> None:
    names = ["شهرزاد 🎲", "Zoë\u00a0Ng ½ 🇫🇷"]  # Arabic, emoji, a flag, no-break space
    assert new_game("circle-duel", {}, names).names == tuple(names)


@pytest.mark.parametrize(
    ("read", "typed"),
    [
        (lambda text: new_game("circle-duel", {text: 1}), "unknown option"),
        (lambda text: new_game(text), "unknown game"),
        (lambda text: new_game("circle-duel", {"size": text}), "size must be a whole number"),
        (lambda text: new_game("digit-chain", {"no_tens": text}), "no_tens must be true"),
        (
            lambda text: load_game(
                {"format": "number-duels/1", "game": text, "options": {}, "names": [], "moves": []}
            ),
            "Unknown game",
        ),
    ],
)
def test_messages_repeat_at_most_40_characters_of_the_input(read: Any, typed: str) -> None:
    text = "Your saved games expired. Sign in again at https://evil.example/login\u202e"
    with pytest.raises((BadOption, BadSave)) as refused:
        read(text)
    message = str(refused.value)
    assert typed in message
    assert repr(text[:40]) + "..." in message and text[40:50] not in message


@given(text=st.text(max_size=30) | st.from_regex(r"\s*[+-]{0,3}[0-9]{0,25}\s*", fullmatch=True))
def test_integer_options_are_an_optional_sign_and_digits_or_refused(text: str) -> None:
    """Whatever the text, a whole-number option is read as int() reads a sign and ASCII
    digits, or refused with BadOption (never ValueError or any other exception)."""
    strict = re.fullmatch(r"[+-]?[0-9]{1,19}", text.strip())
    for slug, name in (
        ("circle-duel", "size"),
        ("number-duel", "numbers"),
        ("digit-chain", "first"),
    ):
        try:
            game = new_game(slug, {name: text, "seed": 1})
        except BadOption as error:
            assert name in str(error)
            assert strict is None or not _in_range(slug, name, int(strict[0]))
        else:
            assert strict is not None and game.options[name] == int(strict[0])
    try:
        seed = new_game("circle-duel", {"seed": text}).options["seed"]
    except BadOption as error:
        assert "seed" in str(error)
    else:
        assert strict is not None and seed == int(strict[0])


def _in_range(slug: str, name: str, number: int) -> bool:
    spec = next(s for s in (FIRST, *GAMES[slug].option_specs) if s.name == name)
    return spec.low <= number <= spec.high


@given(setup=game_setups())
def test_same_options_and_seed_give_the_same_game(setup: tuple[str, dict[str, Any]]) -> None:
    slug, options = setup
    one, two = new_game(slug, options), new_game(slug, options)
    assert one == two and one.to_json() == two.to_json()
    # Everything left to chance is resolved to a concrete value.
    resolved = one.options
    assert resolved["first"] in (1, 2)
    assert all(value != "random" for value in resolved.values())
    assert all(value is not None for value in resolved.values())
    # Resolving again from the resolved options changes nothing.
    assert new_game(slug, resolved).options == resolved


@pytest.mark.parametrize("slug", SLUGS)
def test_random_first_player_comes_from_the_seed(slug: str) -> None:
    firsts = set()
    for seed in range(40):
        game = new_game(slug, {"first": "random", "seed": seed})
        again = new_game(slug, {"first": "random", "seed": seed})
        assert game.options["first"] == again.options["first"]
        assert game.to_move == game.options["first"]
        firsts.add(game.options["first"])
    assert firsts == {1, 2}  # a coin, not a constant
    assert new_game(slug, {"first": 2}).to_move == 2
    assert new_game(slug, {"first": "2"}).to_move == 2


def test_random_target_comes_from_the_seed() -> None:
    targets = set()
    for seed in range(200):
        game = new_game("number-circle", {"target": "random", "seed": seed})
        assert new_game("number-circle", {"target": "random", "seed": seed}) == game
        assert 10 <= game.options["target"] <= 20
        targets.add(game.options["target"])
    assert targets == set(range(10, 21))


def test_hidden_orders_come_from_the_seed() -> None:
    orders = set()
    for seed in range(30):
        game = new_game("number-duel", {"seed": seed})
        assert new_game("number-duel", {"seed": seed}).options == game.options
        assert sorted(game.options["order1"]) == [1, 2, 3, 4, 5]
        orders.add(game.options["order1"])
    assert len(orders) > 10
    # Without a seed a fresh one is drawn and recorded, so the game still replays exactly.
    game = new_game("number-duel")
    assert isinstance(game.options["seed"], int)
    assert new_game("number-duel", {"seed": game.options["seed"]}).options == game.options


@given(options=options_for("number-duel"), data=st.data())
def test_given_orders_are_kept(options: dict[str, Any], data: st.DataObject) -> None:
    game = new_game("number-duel", options)
    for name in ("order1", "order2"):
        if options.get(name) is not None:
            given_order = options[name]
            if isinstance(given_order, str):
                given_order = [int(part) for part in given_order.split(",")]
            assert list(game.options[name]) == list(given_order)


@pytest.mark.parametrize(
    ("slug", "options", "name"),
    [
        ("circle-duel", {"size": 10**5000}, "size"),
        ("number-duel", {"order1": [10**5000, 1, 2, 3, 4]}, "order1"),
        ("sequence-duel", {"seed": -(10**5000)}, "seed"),
    ],
)
def test_huge_python_integers_are_refused_cleanly(slug: str, options: dict, name: str) -> None:
    """Python ints have no size limit, but turning one of 5000 digits into text fails."""
    with pytest.raises(BadOption, match=name):
        new_game(slug, options)
    saved = {"format": "number-duels/1", "game": slug, "options": options, "names": [], "moves": []}
    with pytest.raises(BadSave, match=name):
        load_game(saved)
