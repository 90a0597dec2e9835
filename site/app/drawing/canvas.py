"""A small pen over the 2D canvas: crisp on high-density screens, a few shape helpers.

Renderers draw in CSS pixels; the pen scales to device pixels once per frame.
"""

from __future__ import annotations

import math
from typing import Any

from . import theme
from .theme import FONT


def js_array(items: Any) -> Any:
    """A JavaScript array (the canvas wants one for dashes); imported when drawing, so
    the renderers (which only name `Pen`) import without a browser."""
    from ..browser.dom import js_array as make

    return make(items)


class Pen:
    """Drawing calls for one frame of one canvas."""

    def __init__(self, canvas: Any, width: float, height: float, ratio: float = 1.0) -> None:
        canvas.width = round(width * ratio)
        canvas.height = round(height * ratio)
        canvas.style.width = f"{width}px"
        canvas.style.height = f"{height}px"
        self.ctx = canvas.getContext("2d")
        self.ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        self.ctx.clearRect(0, 0, width, height)
        self.width = width
        self.height = height

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
        ctx.beginPath()
        ctx.arc(x, y, r, 0, 2 * math.pi)
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
        ctx.beginPath()
        ctx.roundRect(x, y, w, h, radius)
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
        ctx.moveTo(*points[0])
        for point in points[1:]:
            ctx.lineTo(*point)
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
    ) -> None:
        ctx = self.ctx
        ctx.font = f"{weight} {size:.1f}px {FONT}"
        ctx.fillStyle = color
        ctx.textAlign = align
        ctx.textBaseline = baseline
        ctx.fillText(text, x, y)

    def shadow(
        self, blur: float = 0.0, color: str = "rgba(31, 36, 48, 0.18)", dy: float = 0.0
    ) -> None:
        """Set (or with blur 0, clear) a soft drop shadow for the shapes that follow. None in
        forced colours: a glow in the page's own colours would not be the system's."""
        blur = 0.0 if theme.current == "forced" else blur
        self.ctx.shadowBlur = blur
        self.ctx.shadowColor = color if blur else "transparent"
        self.ctx.shadowOffsetY = dy

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
