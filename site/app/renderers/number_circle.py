"""Number Circle: the circle 1..9 with both markers; a move is a number, then + or -.

The number is the first half of a move (kept as the view's `pending`); the + and -
buttons under the board complete it. A pass button appears only when passing is legal.
"""

from __future__ import annotations

import math
from typing import Any

from py_rules.i18n import _, either

from ..drawing import theme
from ..drawing.canvas import Pen
from .base import Choice, Layout, Renderer, Target, View
from .circle_duel import circle_points
from .picking import draw_token

MINUS = "\u2212"  # the typographic minus, as shown on the button


class NumberCircleRenderer(Renderer):
    def layout(self, game: Any, view: View, width: float) -> Layout:
        side = min(width, 520.0)
        node = min(32.0, side * 0.065)
        radius = side / 2 - node - 34
        points = circle_points(9, width / 2, side / 2, radius)
        targets = [
            Target(str(k), str(k), x - node, y - node, 2 * node, 2 * node, round=True)
            for k, (x, y) in enumerate(points, start=1)
        ]
        targets += [
            Target("+", "+", bar=True, title=_("Add the number to your total")),
            Target("-", MINUS, bar=True, title=_("Subtract the number from your total")),
        ]
        if "pass" in game.legal_move_texts():
            targets.append(Target("pass", _("Pass"), bar=True, title=_("You have no legal move")))
        # Nine numbers leave no number at the bottom: the board ends under the lowest ones,
        # with room for a player's marker beside them.
        lowest = max(t.y + t.h for t in targets if not t.bar)
        return Layout(min(side, lowest + 34), tuple(targets))

    def choose(self, game: Any, view: View, key: str) -> Choice:
        if key == "pass":
            return Choice(move="pass")
        if key in "+-":
            if view.pending is None:
                return Choice(refusal=_("Choose the number to move to first, then + or \u2212."))
            return Choice(move=f"{view.pending}{key}")
        return Choice(select=key, completions=(f"{key}+", f"{key}-"))

    def draw(self, pen: Pen, game: Any, view: View, layout: Layout) -> None:
        nodes = [t for t in layout.targets if not t.bar]
        cx, cy = pen.width / 2, layout.height / 2
        radius = cy - nodes[0].y - nodes[0].h / 2
        pen.circle(cx, cy, radius, stroke=theme.TRACK, width=4)
        state = game.state
        target = game.options["target"]
        pen.text(cx, cy - radius * 0.34, _("target"), max(12.0, radius * 0.1), theme.MUTED, 600)
        pen.text(cx, cy - radius * 0.08, str(target), radius * 0.36, theme.INK, 800)
        for player, dx in ((1, -1), (2, 1)):
            x = cx + dx * radius * 0.3
            y = cy + radius * 0.36
            pen.rect(
                x - radius * 0.24,
                y - radius * 0.13,
                radius * 0.48,
                radius * 0.26,
                12,
                fill=theme.PLAYER_TINT[player],
            )
            pen.text(
                x,
                y + 1,
                str(state.total[player - 1]),
                radius * 0.16,
                theme.PLAYER_DARK[player],
                800,
            )
        mover = game.to_move
        legal = {str(n) for n in game.destinations()}
        came_from = state.came_from[mover - 1] if mover else None
        for t in nodes:
            draw_token(
                pen,
                t,
                legal=t.key in legal and view.pending != t.key,
                blocked=t.key == str(came_from),
                selected=mover if view.pending == t.key else None,
            )
        self._draw_markers(pen, nodes, cx, cy, state.position)

    @staticmethod
    def _draw_markers(
        pen: Pen, nodes: list[Target], cx: float, cy: float, position: tuple[int, int]
    ) -> None:
        """Each player's marker sits just outside its number, side by side when shared."""
        for player in (1, 2):
            t = nodes[position[player - 1] - 1]
            x, y = t.x + t.w / 2, t.y + t.h / 2
            angle = math.atan2(y - cy, x - cx)
            spread = 0.22 if position[0] == position[1] else 0.0
            angle += -spread if player == 1 else spread
            dist = math.hypot(x - cx, y - cy) + t.w / 2 + 14
            mx, my = cx + dist * math.cos(angle), cy + dist * math.sin(angle)
            pen.shadow(4, dy=1)
            pen.circle(mx, my, 11, fill=theme.PLAYER[player], stroke=theme.ON_PLAYER, width=2)
            pen.shadow()
            pen.text(mx, my + 0.5, str(player), 11, theme.ON_PLAYER, 800)

    def prompt(self, game: Any, view: View) -> str:
        moves = game.legal_move_texts()
        if moves == ["pass"]:
            return _("no legal move, so press Pass")
        if view.pending is not None:
            return _("moving to {number}: now + or \u2212").format(number=view.pending)
        places = [str(n) for n in game.destinations()]
        return _("move to {numbers}, then + or \u2212").format(numbers=either(places))

    def describe(self, game: Any, move: str, player: int) -> str:
        name = game.player_name(player)
        if move == "pass":
            return _("{name} passed (no legal move).").format(name=name)
        total = game.state.total[player - 1]
        step = game.moves[-1]  # `game` is the game after this move
        if step.op == "+":
            message = _("{name} moved to {number} and added it: total {total}.")
        else:
            message = _("{name} moved to {number} and subtracted it: total {total}.")
        return message.format(name=name, number=step.to, total=total)

    def player_facts(self, game: Any, view: View, player: int) -> list[str]:
        state = game.state
        return [
            _("Total {total} (target {target})").format(
                total=state.total[player - 1], target=game.options["target"]
            ),
            _("Marker on {number}").format(number=state.position[player - 1]),
        ]
