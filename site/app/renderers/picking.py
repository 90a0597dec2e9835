"""Shared by the three games whose move is just a number (circle, line, grid).

Each button is a number; pressing it plays that number (or the board says the rule it
breaks).
Subclasses only place the numbers and say what the game's verb is.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from py_rules.i18n import N_, _

from ..drawing import theme
from ..drawing.canvas import Pen
from .base import Choice, Layout, Renderer, Target, View, owners


class PickRenderer(Renderer):
    # The game's verb, in whole messages: "{name} took {move}." and "Took 3, 7".
    did = N_("{name} took {move}.")
    mine = N_("Took {numbers}")

    def choose(self, game: Any, view: View, key: str) -> Choice:
        return Choice(move=key)

    def describe(self, game: Any, move: str, player: int) -> str:
        return _(self.did).format(name=game.player_name(player), move=move)

    def player_facts(self, game: Any, view: View, player: int) -> list[str]:
        mine = sorted(n for n, p in owners(game).items() if p == player)
        if not mine:
            return [_("No numbers yet")]
        return [_(self.mine).format(numbers=_(", ").join(map(str, mine)))]

    def last(self, game: Any) -> int | None:
        return game.moves[-1] if game.moves else None  # a picking game's move is its number

    def draw_numbers(
        self, pen: Pen, game: Any, layout: Layout, blocked: AbstractSet[int] = frozenset()
    ) -> None:
        """Draw every number token in the style its state calls for."""
        taken = owners(game)
        legal = {int(t) for t in game.legal_move_texts()}
        last = self.last(game)
        for target in layout.targets:
            number = int(target.key)
            draw_token(
                pen,
                target,
                owner=taken.get(number),
                legal=number in legal,
                last=number == last,
                blocked=number in blocked,
            )


def draw_token(
    pen: Pen,
    t: Target,
    owner: int | None = None,
    legal: bool = False,
    last: bool = False,
    blocked: bool = False,
    selected: int | None = None,
) -> None:
    """One number token: free, legal now, taken by a player, the last taken, or blocked."""
    cx, cy = t.x + t.w / 2, t.y + t.h / 2
    r = min(t.w, t.h) / 2
    size = r * (0.82 if len(t.label) < 2 else 0.72)

    def shape(inset: float, **paint: Any) -> None:
        if t.round:
            pen.circle(cx, cy, r - inset, **paint)
        else:
            pen.rect(t.x + inset, t.y + inset, t.w - 2 * inset, t.h - 2 * inset, r * 0.35, **paint)

    if owner is not None:
        pen.shadow(6, dy=2)
        shape(1, fill=theme.PLAYER[owner])
        pen.shadow()
        pen.text(cx, cy + 1, t.label, size, theme.ON_PLAYER, 700)
        if last:
            if t.round:
                pen.circle(cx, cy, r + 4, stroke=theme.PLAYER_DARK[owner], width=3)
            else:
                pen.rect(
                    t.x - 4,
                    t.y - 4,
                    t.w + 8,
                    t.h + 8,
                    r * 0.45,
                    stroke=theme.PLAYER_DARK[owner],
                    width=3,
                )
        return
    if selected is not None:
        shape(1, fill=theme.PLAYER_TINT[selected], stroke=theme.PLAYER[selected], width=3.5)
        pen.text(cx, cy + 1, t.label, size, theme.PLAYER_DARK[selected], 750)
    elif legal:
        pen.shadow(8, "rgba(241, 184, 58, 0.45)")
        shape(1.5, fill=theme.LEGAL_FILL, stroke=theme.LEGAL, width=2.5)
        pen.shadow()
        pen.text(cx, cy + 1, t.label, size, theme.INK, 700)
    elif blocked:
        shape(1.5, fill=theme.EMPTY, stroke=theme.FAINT, width=1.5, dash=(3, 3))
        pen.text(cx, cy + 1, t.label, size, theme.MUTED, 500)
    else:
        shape(1.5, fill=theme.SURFACE, stroke=theme.FAINT, width=1.5)
        pen.text(cx, cy + 1, t.label, size, theme.INK, 600)
