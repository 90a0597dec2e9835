"""Arrow keys on the board: the focus moves to the nearest button in that direction.

Pure geometry over the renderer's targets, so it is tested without a browser.
"""

from __future__ import annotations

import math

from ..renderers.base import Target

# Physical in every language, right to left too: the board is a picture that never mirrors,
# so the left arrow goes to the button seen on the left.
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def nearest(here: Target, targets: list[Target], step: tuple[int, int]) -> Target | None:
    """The closest target in the direction `step`, favouring ones straight ahead."""
    hx, hy = here.x + here.w / 2, here.y + here.h / 2
    best, best_score = None, math.inf
    for t in targets:
        dx, dy = t.x + t.w / 2 - hx, t.y + t.h / 2 - hy
        ahead = dx * step[0] + dy * step[1]
        if t.key == here.key or ahead <= 1:
            continue
        side = abs(dx * step[1]) + abs(dy * step[0])
        score = ahead + 2.5 * side
        if score < best_score:
            best, best_score = t, score
    return best


def arrow_target(key: str, focused: str, targets: tuple[Target, ...]) -> str | None:
    """The key of the button an arrow `key` moves the focus to from `focused`, if any."""
    step = ARROWS.get(key)
    here = next((t for t in targets if t.key == focused), None)
    if step is None or here is None:
        return None
    best = nearest(here, [t for t in targets if not t.bar], step)
    return best.key if best else None
