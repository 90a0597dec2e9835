"""Number Circle Duel: the numbers 1..N drawn round a circle."""

from __future__ import annotations

import math
from typing import Any

from py_rules.i18n import _, either

from ..drawing import theme
from ..drawing.canvas import Pen
from .base import Layout, Target, View, owners
from .picking import PickRenderer


def circle_points(count: int, cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """`count` points clockwise from the top, the first one at twelve o'clock."""
    return [
        (
            cx + radius * math.cos(-math.pi / 2 + 2 * math.pi * i / count),
            cy + radius * math.sin(-math.pi / 2 + 2 * math.pi * i / count),
        )
        for i in range(count)
    ]


class CircleDuelRenderer(PickRenderer):
    def layout(self, game: Any, view: View, width: float) -> Layout:
        n = game.size
        side = min(width, 560.0)
        outer = side / 2 - 8
        node = max(13.0, min(30.0, outer * math.sin(math.pi / n) * 0.8))
        radius = outer - node - 4
        points = circle_points(n, width / 2, side / 2, radius)
        targets = tuple(
            Target(str(k), str(k), x - node, y - node, 2 * node, 2 * node, round=True)
            for k, (x, y) in enumerate(points, start=1)
        )
        return Layout(side, targets)

    def draw(self, pen: Pen, game: Any, view: View, layout: Layout) -> None:
        first = layout.targets[0]
        cx, cy = pen.width / 2, layout.height / 2
        radius = cy - first.y - first.h / 2
        pen.circle(cx, cy, radius, stroke=theme.TRACK, width=4)
        last = self.last(game)
        if last is None:
            # Two lines drawn on the board: "Any" over "number".
            pen.text(cx, cy - 10, _("Any"), radius * 0.2, theme.MUTED, 600)
            pen.text(cx, cy + radius * 0.14, _("number"), radius * 0.2, theme.MUTED, 600)
        else:
            who = owners(game)[last]
            pen.text(
                cx, cy - radius * 0.28, _("last taken"), max(12.0, radius * 0.09), theme.MUTED, 600
            )
            pen.text(cx, cy + radius * 0.06, str(last), radius * 0.42, theme.PLAYER[who], 800)
        self.draw_numbers(pen, game, layout)

    def prompt(self, game: Any, view: View) -> str:
        last = self.last(game)
        if last is None:
            return _("take any number")
        return _("take {numbers}").format(numbers=either(game.legal_move_texts()))
