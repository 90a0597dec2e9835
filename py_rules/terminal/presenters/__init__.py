"""One terminal presenter per game, registered here against the game's kit (as the pages
register their renderers, `app.renderers`), each imported when first needed; `base` holds
the console and the default presenter. The kits and the registry know nothing of the
terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ...kit import GameKit
from ...registry import CIRCLE_DUEL, DIGIT_CHAIN, NUMBER_CIRCLE, NUMBER_DUEL, SEQUENCE_DUEL, kit_of
from .base import Presenter

Load = Callable[[], type[Presenter[Any]]]


def _circle_duel() -> type[Presenter[Any]]:
    from .circle_duel import CircleDuelPresenter

    return CircleDuelPresenter


def _number_circle() -> type[Presenter[Any]]:
    from .number_circle import NumberCirclePresenter

    return NumberCirclePresenter


def _sequence_duel() -> type[Presenter[Any]]:
    from .sequence_duel import SequenceDuelPresenter

    return SequenceDuelPresenter


def _digit_chain() -> type[Presenter[Any]]:
    from .digit_chain import DigitChainPresenter

    return DigitChainPresenter


def _number_duel() -> type[Presenter[Any]]:
    from .number_duel import NumberDuelPresenter

    return NumberDuelPresenter


PRESENTERS: dict[GameKit, Load] = {
    CIRCLE_DUEL: _circle_duel,
    NUMBER_CIRCLE: _number_circle,
    SEQUENCE_DUEL: _sequence_duel,
    DIGIT_CHAIN: _digit_chain,
    NUMBER_DUEL: _number_duel,
}


def presenter_class(slug: str) -> type[Presenter[Any]]:
    """The presenter of a registered game (BadOption for an unknown game, like the
    registry; KeyError for a game registered without one)."""
    return PRESENTERS[kit_of(slug)]()


@contextmanager
def presenting(kit: GameKit, load: Load) -> Iterator[GameKit]:
    """The terminal shows the game of `kit` with the presenter `load` gives inside the
    `with` block (a game that joined the registry, `py_rules.registry.registered`)."""
    if kit in PRESENTERS:
        raise ValueError(f"the game {kit.slug!r} already has a presenter")
    PRESENTERS[kit] = load
    try:
        yield kit
    finally:
        del PRESENTERS[kit]
