"""One renderer per game, found by the game's slug and imported only when needed.

A page shows one game, so it compiles only that game's renderer.
"""

from __future__ import annotations

import importlib

from .base import Renderer

RENDERERS: dict[str, str] = {
    "circle-duel": "circle_duel.CircleDuelRenderer",
    "number-circle": "number_circle.NumberCircleRenderer",
    "sequence-duel": "sequence_duel.SequenceDuelRenderer",
    "digit-chain": "digit_chain.DigitChainRenderer",
    "number-duel": "number_duel.NumberDuelRenderer",
}


def renderer_class(slug: str) -> type[Renderer]:
    module, _, name = RENDERERS[slug].partition(".")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
