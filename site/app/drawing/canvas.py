"""A small pen over the 2D canvas: crisp on high-density screens, a few shape helpers.

Renderers draw in CSS pixels; the pen scales to device pixels once per frame.
"""

from __future__ import annotations

import math
from typing import Any

from py_rules.i18n import language

from ..settings import RIGHT_TO_LEFT
from . import theme
from .places import restyle
from .theme import FONT


def js_array(items: Any) -> Any:
    """A JavaScript array (the canvas wants one for dashes); imported when drawing, so
    the renderers (which only name `Pen`) import without a browser."""
    from ..browser.dom import js_array as make

    return make(items)


class Pen:
    """Drawing calls for one frame of one canvas; `mirror`: every shape at its place seen in
    a mirror (x from the right edge), its text still readable (a board that reads in its
    language's direction: `Renderer.reads_in_line_order`)."""

    def __init__(
        self, canvas: Any, width: float, height: float, ratio: float = 1.0, mirror: bool = False
    ) -> None:
        canvas.width = round(width * ratio)
        canvas.height = round(height * ratio)
        for size in ("width", "height"):  # its board's, which is `width` by `height`
            restyle(canvas, size, "100%")
        self.ctx = canvas.getContext("2d")
        self.ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        self.ctx.clearRect(0, 0, width, height)
        self.width = width
        self.height = height
        self.mirror = mirror
        self._shadow: tuple[float, str, float] | None = None  # blur, colour, dy: `shadow`

    def _x(self, x: float, w: float = 0.0) -> float:
        """Where a shape starting at `x`, `w` wide, starts on the canvas."""
        return self.width - x - w if self.mirror else x

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
        ctx = self.ctx
        if fill and self._shadow:
            spread, colour, dy = self._shadow
            ctx.beginPath()
            ctx.arc(self._x(x), y + dy, r + spread, 0, 2 * math.pi)
            self._paint(colour, None, width, ())
        ctx.beginPath()
        ctx.arc(self._x(x), y, r, 0, 2 * math.pi)
        self._paint(fill, stroke, width, dash)

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
        ctx = self.ctx
        if fill and self._shadow:
            spread, colour, dy = self._shadow
            ctx.beginPath()
            ctx.roundRect(
                self._x(x - spread, w + 2 * spread),
                y - spread + dy,
                w + 2 * spread,
                h + 2 * spread,
                radius + spread,
            )
            self._paint(colour, None, width, ())
        ctx.beginPath()
        ctx.roundRect(self._x(x, w), y, w, h, radius)
        self._paint(fill, stroke, width, dash)

    def line(
        self,
        points: list[tuple[float, float]],
        stroke: str,
        width: float = 1.0,
        dash: tuple[float, ...] = (),
        closed: bool = False,
    ) -> None:
        ctx = self.ctx
        ctx.beginPath()
        ctx.moveTo(self._x(points[0][0]), points[0][1])
        for px, py in points[1:]:
            ctx.lineTo(self._x(px), py)
        if closed:
            ctx.closePath()
        self._paint(None, stroke, width, dash)

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
        max_width: float | None = None,
    ) -> None:
        """Text at (x, y); with `max_width`, narrowed to fit a box that long (a name or a
        language may make a caption longer than its box)."""
        ctx = self.ctx
        ctx.font = f"{weight} {size:.1f}px {FONT}"
        ctx.fillStyle = color
        # The board is a picture, placed left to right in every language (its canvas says
        # dir="ltr"), but a sentence on it reads in its language's direction: an Arabic
        # caption with a number in it keeps its words' order. Alignment stays physical.
        ctx.direction = "rtl" if language() in RIGHT_TO_LEFT else "ltr"
        if self.mirror:
            align = {"left": "right", "right": "left"}.get(align, align)
        ctx.textAlign = align
        ctx.textBaseline = baseline
        if max_width is None:
            ctx.fillText(text, self._x(x), y)
        else:
            ctx.fillText(text, self._x(x), y, max_width)

    def shadow(
        self, blur: float = 0.0, color: str = "rgba(31, 36, 48, 0.18)", dy: float = 0.0
    ) -> None:
        """Set (or with blur 0, clear) a drop shadow or glow for the filled shapes that follow.
        None in forced colours: a glow in the page's own colours would not be the system's.

        Not the canvas's own `shadowBlur`: a browser that paints the canvas on the CPU blurs
        every such shape, which made a board of a hundred glowing numbers take ten times as
        long to paint (about 25 ms of a fast desktop core instead of 3; four times that on a
        phone). The shape is filled first, `blur / 2` larger all round and `dy` lower, in
        `color`: a crisp halo where the blur was soft, at no cost worth counting."""
        on = blur > 0 and theme.current != "forced"
        self._shadow = (blur / 2, color, dy) if on else None

    def _paint(
        self, fill: str | None, stroke: str | None, width: float, dash: tuple[float, ...]
    ) -> None:
        ctx = self.ctx
        if fill:
            ctx.fillStyle = fill
            ctx.fill()
        if stroke:
            ctx.setLineDash(js_array(dash))
            ctx.strokeStyle = stroke
            ctx.lineWidth = width
            ctx.stroke()
            if dash:
                ctx.setLineDash(js_array(()))
