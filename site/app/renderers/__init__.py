"""One renderer per game, found by the game's slug."""

from __future__ import annotations

from .base import Renderer
from .circle_duel import CircleDuelRenderer
from .digit_chain import DigitChainRenderer
from .number_circle import NumberCircleRenderer
from .number_duel import NumberDuelRenderer
from .sequence_duel import SequenceDuelRenderer

RENDERERS: dict[str, type[Renderer]] = {
    "circle-duel": CircleDuelRenderer,
    "number-circle": NumberCircleRenderer,
    "sequence-duel": SequenceDuelRenderer,
    "digit-chain": DigitChainRenderer,
    "number-duel": NumberDuelRenderer,
}
