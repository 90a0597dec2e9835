"""The one list of games: each game's kit (`py_rules.kit.GameKit`), in the order shown.

A kit names the game's rules class, a function that imports its engine (solver and
analysis), and its puzzle settings. The web pages register each game's renderer against
its kit (`app.renderers`), the terminal each game's presenter
(`py_rules.terminal.presenters`). A game defined elsewhere (the tests' own) joins for a
while with `registered(kit)`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from .i18n import N_, _
from .kit import Engine, GameKit, PuzzleSet
from .rules.core import Game
from .rules.errors import BadOption, quoted
from .rules.games.circle_duel import CircleDuel
from .rules.games.digit_chain import DigitChain
from .rules.games.number_circle import NumberCircle
from .rules.games.number_duel import NumberDuel
from .rules.games.sequence_duel import SequenceDuel
from .rules.saved_game import game_from_dict, game_from_json

# Each engine is imported when first needed: a page loads one game's solver, on its first
# hint or computer move.


def _circle_duel_engine() -> Engine:
    from .engine.solvers.circle_duel import ENGINE

    return ENGINE


CIRCLE_DUEL = GameKit(
    CircleDuel,
    engine=_circle_duel_engine,
    puzzle_note=N_(
        "Circle Duel has no puzzles: after the second move every move is forced (the "
        "numbers taken form one arc, and the last one has a single free neighbour), so "
        "every game takes all N numbers whatever anyone picks. The size of the circle "
        "alone decides: the first player wins on odd circles, the second on even ones, "
        "and there is never a winning move to find."
    ),
)


def _number_circle_engine() -> Engine:
    from .engine.solvers.number_circle import ENGINE

    return ENGINE


NUMBER_CIRCLE = GameKit(
    NumberCircle,
    engine=_number_circle_engine,
    # searched in every setup, from the start
    puzzle_sets=(
        PuzzleSet(
            [{"target": t, "no_negative": f} for f in (False, True) for t in range(10, 21)], 0, 6
        ),
    ),
)


def _sequence_duel_engine() -> Engine:
    from .engine.solvers.sequence_duel import ENGINE

    return ENGINE


SEQUENCE_DUEL = GameKit(
    SequenceDuel,
    engine=_sequence_duel_engine,
    puzzle_sets=(PuzzleSet([{"size": n} for n in range(6, 21)], 2, 6),),
)


def _digit_chain_engine() -> Engine:
    from .engine.solvers.digit_chain import ENGINE

    return ENGINE


DIGIT_CHAIN = GameKit(
    DigitChain,
    engine=_digit_chain_engine,
    # With the tens there are easy puzzles only (see the note).
    puzzle_sets=(
        PuzzleSet([{"pool": p, "no_tens": False} for p in range(10, 100)], 4, 16),
        PuzzleSet([{"pool": p, "no_tens": True} for p in range(20, 100)], 3, 6),
    ),
    puzzle_note=N_(
        "With the multiples of 10 in the pool, every position with a choice of moves lets "
        "the player to move take the ten of their digit and win at once (a ten is never "
        "used before the end, since it ends the game), so every Digit Chain puzzle with "
        "the tens is won in one move. The longer puzzles are in the game without the tens."
    ),
)


def _number_duel_engine() -> Engine:
    from .engine.solvers.number_duel import ENGINE

    return ENGINE


NUMBER_DUEL = GameKit(
    NumberDuel,
    engine=_number_duel_engine,
    puzzle_note=N_(
        "Number Duel has no puzzles: the opponent's order is hidden, so no attack wins for "
        "sure; the review gives each attack's chance instead."
    ),
)

# The games that ship, in the order the pages and the terminal list them.
BUILT_IN: tuple[GameKit, ...] = (
    CIRCLE_DUEL,
    NUMBER_CIRCLE,
    SEQUENCE_DUEL,
    DIGIT_CHAIN,
    NUMBER_DUEL,
)
# Every registered game: the built-in ones, and any that joined (`registered`).
KITS: dict[str, GameKit] = {kit.slug: kit for kit in BUILT_IN}
GAMES: dict[str, type[Game[Any]]] = {slug: kit.game for slug, kit in KITS.items()}


def kit_of(slug: str) -> GameKit:
    """The kit of a registered game; BadOption names the games for anything else."""
    try:
        return KITS[slug]
    except (KeyError, TypeError):
        raise BadOption(
            _("unknown game {game}; games: {games}").format(
                game=quoted(slug), games=", ".join(GAMES)
            )
        ) from None


def game_class(slug: str) -> type[Game[Any]]:
    """The class of a registered game; BadOption names the games for anything else."""
    return kit_of(slug).game


@contextmanager
def registered(kit: GameKit) -> Iterator[GameKit]:
    """The game of `kit` is registered inside the `with` block, like the five, then gone
    (the tests' own game runs through every generic test this way)."""
    if kit.slug in KITS:
        raise ValueError(f"a game {kit.slug!r} is already registered")
    KITS[kit.slug] = kit
    GAMES[kit.slug] = kit.game
    try:
        yield kit
    finally:
        del KITS[kit.slug], GAMES[kit.slug]


def new_game(
    slug: str,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str | None] | None = None,
) -> Game[Any]:
    """Start a game. Options are checked; a bad one raises BadOption."""
    return game_class(slug)(options, names)


def load_game(saved: str | bytes | Mapping[str, Any]) -> Game[Any]:
    """Rebuild a game saved with `Game.to_json()`; anything wrong raises BadSave."""
    if isinstance(saved, Mapping):
        return game_from_dict(dict(saved), GAMES)
    return game_from_json(saved, GAMES)
