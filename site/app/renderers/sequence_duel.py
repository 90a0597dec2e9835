"""Sequence Duel: the line 1..N, wrapped into rows of ten (of five when narrow) if long."""

from __future__ import annotations

from typing import Any

from py_rules.i18n import N_, _
from py_rules.rules.core import other

from ..drawing import theme
from ..drawing.canvas import Pen
from .base import Layout, Target, View, owners
from .picking import PickRenderer

MIN_CELL = 36.0  # below this a line wraps sooner, so numbers stay easy to press


def numbers_per_row(n: int, width: float, gap: float) -> int:
    """One row for a short line that fits, else rows of ten (or five on a narrow board)."""
    fits = max(1, int((width - 24 + gap) // (MIN_CELL + gap)))
    if n <= min(12, fits):
        return n
    return next((k for k in (10, 5) if k <= fits), fits)


class SequenceDuelRenderer(PickRenderer):
    reads_in_line_order = True  # a row read in order: mirrored in a right-to-left language
    did = N_("{name} claimed {move}.")
    mine = N_("Claimed {numbers}")

    def layout(self, game: Any, view: View, width: float) -> Layout:
        n = game.size
        gap = 10.0
        per_row = numbers_per_row(n, width, gap)
        rows = -(-n // per_row)
        cell = min(58.0, (width - 24 - gap * (per_row - 1)) / per_row)
        row_gap = cell * 0.55
        left = (width - (per_row * cell + (per_row - 1) * gap)) / 2
        targets = tuple(
            Target(
                str(k),
                str(k),
                left + ((k - 1) % per_row) * (cell + gap),
                16 + ((k - 1) // per_row) * (cell + row_gap),
                cell,
                cell,
            )
            for k in range(1, n + 1)
        )
        return Layout(32 + rows * cell + (rows - 1) * row_gap, targets)

    def draw(self, pen: Pen, game: Any, view: View, layout: Layout) -> None:
        targets = layout.targets
        rows: dict[float, list[Target]] = {}
        for t in targets:
            rows.setdefault(t.y, []).append(t)
        row_list = list(rows.values())
        for i, row in enumerate(row_list):
            y = row[0].y + row[0].h / 2
            pen.line([(row[0].x + 4, y), (row[-1].x + row[-1].w - 4, y)], theme.TRACK, 4)
            if i + 1 < len(row_list):  # the line carries on into the next row
                nxt = row_list[i + 1][0]
                pen.line(
                    [
                        (row[-1].x + row[-1].w / 2, row[-1].y + row[-1].h),
                        (nxt.x + nxt.w / 2, nxt.y),
                    ],
                    theme.TRACK,
                    2,
                    dash=(5, 5),
                )
        player = game.to_move
        blocked: set[int] = set()
        if player is not None:  # free numbers next to the opponent's: marked as blocked
            taken = set(owners(game))
            blocked = game.blocked_for(game.state, player) - taken
        self.draw_numbers(pen, game, layout, blocked)

    def prompt(self, game: Any, view: View) -> str:
        if not game.moves:
            return _("claim any number")
        rival = game.player_name(other(game.to_move))
        return _("claim a free number not next to {name}'s").format(name=rival)
