"""One renderer per game, found through the registry and imported only when needed.

Each game's renderer lives in the module named like the game's rules module
(`circle_duel`), as `RENDERER`. A page shows one game, so it compiles only that one.
"""

from __future__ import annotations

from py_rules.registry import part

from .base import Renderer


def renderer_class(slug: str) -> type[Renderer]:
    cls: type[Renderer] = part(slug, __name__).RENDERER
    return cls
