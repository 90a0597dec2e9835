"""Digit Chain Duel: the pool as a grid, one row per first digit, one column per last digit."""

from __future__ import annotations

from typing import Any

from py_rules.i18n import N_, _

from ..drawing import theme
from ..drawing.canvas import Pen
from .base import Layout, Target, View
from .picking import PickRenderer


class DigitChainRenderer(PickRenderer):
    reads_in_line_order = True  # a row read in order: mirrored in a right-to-left language
    did = N_("{name} picked {move}.")
    mine = N_("Picked {numbers}")

    def numbers(self, game: Any) -> list[int]:
        top = game.options["pool"]
        return [n for n in range(1, top + 1) if n % 10 or not game.options["no_tens"]]

    def layout(self, game: Any, view: View, width: float) -> Layout:
        top = game.options["pool"]
        rows = top // 10 + 1
        # Ten columns always (the last digit), in the same proportions at every width (a
        # 600 px board: cells of 52, gaps of 6, margins of 13 at the sides and 12 above and
        # below), so that the buttons' places in % never change with the width (a phone, a
        # resize): on a 320 px screen (a board of 267 px) a cell is 23 px, 26 apart.
        unit = width / 600
        cell, gap, side, edge = 52 * unit, 6 * unit, 13 * unit, 12 * unit
        targets = tuple(
            Target(
                str(n),
                str(n),
                side + (n % 10) * (cell + gap),
                edge + (n // 10) * (cell + gap),
                cell,
                cell,
            )
            for n in self.numbers(game)
        )
        return Layout(2 * edge + rows * cell + (rows - 1) * gap, targets)

    def draw(self, pen: Pen, game: Any, view: View, layout: Layout) -> None:
        last = self.last(game)
        if last is not None and not game.is_over:
            # Shade the row of numbers that start with the digit to follow.
            digit = last % 10
            row = [t for t in layout.targets if len(t.key) == 2 and t.key[0] == str(digit)]
            if row:
                x0 = min(t.x for t in row) - 4
                x1 = max(t.x + t.w for t in row) + 4
                pen.rect(x0, row[0].y - 4, x1 - x0, row[0].h + 8, 10, fill=theme.LEGAL_FILL)
        self.draw_numbers(pen, game, layout)

    def prompt(self, game: Any, view: View) -> str:
        last = self.last(game)
        if last is None:
            return _("pick any number")
        return _("pick a number starting with {digit}").format(digit=last % 10)

    def stuck(self, game: Any, name: str) -> str:
        last = self.last(game)
        if last is None:
            return super().stuck(game, name)
        message = _("{name} has no number starting with {digit}.")
        return message.format(name=name, digit=last % 10)
