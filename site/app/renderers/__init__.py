"""One renderer per game, registered here against the game's kit, imported when needed.

A page shows one game, so it compiles only that game's renderer: each entry is a
function that imports it.
"""

from __future__ import annotations

from collections.abc import Callable

from py_rules.kit import GameKit
from py_rules.registry import (
    CIRCLE_DUEL,
    DIGIT_CHAIN,
    NUMBER_CIRCLE,
    NUMBER_DUEL,
    SEQUENCE_DUEL,
    kit_of,
)

from .base import Renderer


def _circle_duel() -> type[Renderer]:
    from .circle_duel import CircleDuelRenderer

    return CircleDuelRenderer


def _number_circle() -> type[Renderer]:
    from .number_circle import NumberCircleRenderer

    return NumberCircleRenderer


def _sequence_duel() -> type[Renderer]:
    from .sequence_duel import SequenceDuelRenderer

    return SequenceDuelRenderer


def _digit_chain() -> type[Renderer]:
    from .digit_chain import DigitChainRenderer

    return DigitChainRenderer


def _number_duel() -> type[Renderer]:
    from .number_duel import NumberDuelRenderer

    return NumberDuelRenderer


RENDERERS: dict[GameKit, Callable[[], type[Renderer]]] = {
    CIRCLE_DUEL: _circle_duel,
    NUMBER_CIRCLE: _number_circle,
    SEQUENCE_DUEL: _sequence_duel,
    DIGIT_CHAIN: _digit_chain,
    NUMBER_DUEL: _number_duel,
}


def renderer_class(slug: str) -> type[Renderer]:
    return RENDERERS[kit_of(slug)]()
