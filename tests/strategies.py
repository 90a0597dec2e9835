"""Hypothesis strategies shared by the rules tests.

Options are drawn generically from each game's `option_specs` (plus the common "first"
and "seed"), never hard-coded per game: a new option or a new game is covered as soon
as it is declared.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from hypothesis import strategies as st
from reference import REFERENCES, reference_for

from py_rules import GAMES, Game, new_game
from py_rules.registry import BUILT_IN
from py_rules.rules.options import FIRST, MAX_SEED, FlagOption, IntOption, OrderOption

SLUGS = sorted(GAMES)  # with the tests' own game (conftest.py)
# The games that ship: the data files and the pages have exactly these.
SHIPPED = [kit.slug for kit in BUILT_IN]
# The games a solver plays exactly (no hidden information).
PERFECT_INFORMATION = [slug for slug, cls in GAMES.items() if not cls.has_hidden_information]

# Number Circle has no turn limit (its reference's `longest` is None): the tests cap it.
UNBOUNDED_CAP = 60

Table = TypeVar("Table", bound=Mapping[str, Any])


def every_game(table: Table, slugs: Iterable[str] = GAMES) -> Table:
    """`table` (per-game test data keyed by slug), checked to name exactly `slugs` (every
    registered game): a game added to the registry cannot be left out of a test unnoticed."""
    wanted = set(slugs)
    missing, unknown = sorted(wanted - set(table)), sorted(set(table) - wanted)
    assert not missing and not unknown, f"per-game table: missing {missing}, unknown {unknown}"
    return table


every_game(REFERENCES)  # every game has its reference rules


def move_bound(game: Game[Any]) -> int:
    """The most moves `game` can last, from its reference rules (capped if unbounded)."""
    longest = reference_for(game.slug, game.options).longest()
    return UNBOUNDED_CAP if longest is None else longest


def spec_values(spec: Any, size: int | None = None) -> st.SearchStrategy[Any]:
    """Every valid value of one option, in the forms a caller may give it."""
    if isinstance(spec, IntOption):
        numbers = st.integers(spec.low, spec.high)
        values = numbers | numbers.map(str)  # JSON gives ints, the command line strings
        if spec.allow_random:
            values = values | st.just("random")
        return values
    if isinstance(spec, FlagOption):
        return st.booleans() | st.sampled_from(["true", "false", "yes", "no", "on", "off"])
    if isinstance(spec, OrderOption):
        assert size is not None
        orders = st.permutations(list(range(1, size + 1)))
        return st.none() | orders | orders.map(lambda o: ",".join(map(str, o)))
    raise AssertionError(f"a kind of option the tests do not know: {spec!r}")


@st.composite
def options_for(draw: st.DrawFn, slug: str) -> dict[str, Any]:
    """Random valid options for one game (any subset given; the rest default)."""
    specs = (FIRST, *GAMES[slug].option_specs)
    chosen: dict[str, Any] = {}
    given: dict[str, Any] = {}
    for spec in specs:
        size = None
        if isinstance(spec, OrderOption):
            size = int(given.get(spec.size_option, _default(specs, spec.size_option)))
        if draw(st.booleans()):
            value = draw(spec_values(spec, size))
            chosen[spec.name] = value
            if not isinstance(value, str) or value.isdecimal():
                given[spec.name] = value
    chosen["seed"] = draw(st.integers(0, MAX_SEED) | st.integers(0, MAX_SEED).map(str))
    return chosen


def _default(specs: tuple[Any, ...], name: str) -> Any:
    return next(spec.default for spec in specs if spec.name == name)


@st.composite
def game_setups(draw: st.DrawFn, slugs: list[str] | None = None) -> tuple[str, dict[str, Any]]:
    """A game slug and random valid options for it."""
    slug = draw(st.sampled_from(slugs or SLUGS))
    return slug, draw(options_for(slug))


@st.composite
def new_games(draw: st.DrawFn, slugs: list[str] | None = None) -> Game[Any]:
    slug, options = draw(game_setups(slugs))
    return new_game(slug, options)


@st.composite
def played_games(
    draw: st.DrawFn, slugs: list[str] | None = None, max_moves: int | None = None
) -> Game[Any]:
    """A game after a random number of random legal moves (maybe finished)."""
    game = draw(new_games(slugs))
    limit = min(move_bound(game), max_moves if max_moves is not None else 10**6)
    for _ in range(draw(st.integers(0, limit))):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(pick(draw, legal))
    return game


def pick(draw: st.DrawFn, items: list[Any]) -> Any:
    """One of `items` (a non-empty list), drawn cheaply: building a fresh sampled_from
    strategy at every step of a long game costs more than the game itself."""
    return items[draw(st.integers(0, len(items) - 1))]


def _junk_texts() -> st.SearchStrategy[str]:
    """Move texts that are rarely moves: garbage, odd numbers, near-misses of the notation."""
    number = st.integers(-20, 200).map(str)
    return st.one_of(
        st.text(max_size=12),
        number,
        st.tuples(number, st.sampled_from(["+", "-", "\u2212", "*", "", "++", " +"])).map("".join),
        st.tuples(number, st.sampled_from(["@", " @ ", "@@", "#"]), number).map("".join),
        st.sampled_from(["", " ", "pass", "PASS", "0", "00", "1e3", "0x10", "½", "²", "٣"]),
        st.integers(10**6, 10**30).map(str),
    )


JUNK_TEXTS = _junk_texts()


def random_position(slug: str, options: dict[str, Any], plies: int, seed: int) -> Game[Any]:
    """A game after up to `plies` uniformly random moves (fewer if it ends first)."""
    rng = random.Random(seed)
    game = new_game(slug, {**options, "seed": seed})
    for _ in range(plies):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game
