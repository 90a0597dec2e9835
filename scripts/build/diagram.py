"""A picture of each game's standard board at the start, as inline SVG, for the printout.

The page's own renderer (site/app/renderers/) draws it, through a pen that writes SVG
instead of painting a canvas, so the printed diagram is the board players see. The
renderers only draw through the pen they are given; the `js` module that the canvas pen
needs in the browser is never touched here, so an empty stand-in lets them import.
"""

from __future__ import annotations

import html
import sys
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.modules.setdefault("js", types.ModuleType("js"))  # only canvas.Pen (unused here) needs it

from app.renderers import renderer_class  # noqa: E402
from app.renderers.base import View  # noqa: E402

import py_rules  # noqa: E402
from py_rules.i18n import ENGLISH, Catalogue, using  # noqa: E402

WIDTH = 640.0  # CSS px the board is laid out for; the SVG scales to the sheet
ANCHOR = {"center": "middle", "left": "start", "start": "start", "right": "end", "end": "end"}
BASELINE = {"middle": "central", "alphabetic": "alphabetic", "top": "hanging"}


def _num(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


class SvgPen:
    """The drawing calls of app.drawing.canvas.Pen, written out as SVG elements."""

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self.parts: list[str] = []

    def _paint(
        self, fill: str | None, stroke: str | None, width: float, dash: tuple[float, ...]
    ) -> str:
        attrs = f' fill="{fill or "none"}"'
        if stroke:
            attrs += f' stroke="{stroke}" stroke-width="{_num(width)}"'
            if dash:
                attrs += f' stroke-dasharray="{" ".join(map(_num, dash))}"'
        return attrs

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        dash: tuple[float, ...] = (),
    ) -> None:
        paint = self._paint(fill, stroke, width, dash)
        self.parts.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}"{paint}/>')

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        radius: float = 0.0,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        dash: tuple[float, ...] = (),
    ) -> None:
        paint = self._paint(fill, stroke, width, dash)
        self.parts.append(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"'
            f' rx="{_num(radius)}"{paint}/>'
        )

    def line(
        self,
        points: list[tuple[float, float]],
        stroke: str,
        width: float = 1.0,
        dash: tuple[float, ...] = (),
        closed: bool = False,
    ) -> None:
        tag = "polygon" if closed else "polyline"
        coords = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        paint = self._paint(None, stroke, width, dash)
        self.parts.append(f'<{tag} points="{coords}"{paint} stroke-linecap="round"/>')

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        color: str,
        weight: int = 600,
        align: str = "center",
        baseline: str = "middle",
        max_width: float | None = None,  # for the canvas's captions; none before a move
    ) -> None:
        self.parts.append(
            f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" font-weight="{weight}"'
            f' fill="{color}" text-anchor="{ANCHOR.get(align, "middle")}"'
            f' dominant-baseline="{BASELINE.get(baseline, "central")}">{html.escape(text)}</text>'
        )

    def shadow(self, blur: float = 0.0, color: str = "", dy: float = 0.0) -> None:
        """Shadows are left out: they add nothing on paper."""


def standard_board_svg(slug: str, tr: Catalogue = ENGLISH) -> str:
    """The standard game's board before the first move, drawn by the page's renderer, its
    labels (the rules' own words) in the language of `tr`."""
    game = py_rules.new_game(slug, {"seed": 1})
    renderer = renderer_class(slug)(type(game))
    view = View()
    with using(tr):
        layout = renderer.layout(game, view, WIDTH)
        pen = SvgPen(WIDTH, layout.height)
        renderer.draw(pen, game, view, layout)
    title = tr.gettext("The standard {game} board at the start of a game").format(
        game=tr.gettext(type(game).title)
    )
    return (
        f'<svg class="board-diagram" viewBox="0 0 {_num(WIDTH)} {_num(layout.height)}"'
        f' role="img" aria-label="{html.escape(title)}" font-family="system-ui, sans-serif">'
        + "".join(pen.parts)
        + "</svg>"
    )


def figure_html(slug: str, tr: Catalogue = ENGLISH) -> str:
    """The diagram with its caption, for the rules section (shown in print only)."""
    game: Any = py_rules.new_game(slug, {"seed": 1})
    caption = tr.gettext("The standard board of {game} at the start of a game.").format(
        game=tr.gettext(type(game).title)
    )
    return (
        '<figure class="print-only board-figure">'
        + standard_board_svg(slug, tr)
        + f"<figcaption>{html.escape(caption)}</figcaption></figure>"
    )
