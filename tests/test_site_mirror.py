"""A board that reads in line order (a number line, a pool, positions 1, 2, 3) mirrors in a
right-to-left language; a circle drawn like a clock face does not, and text on a canvas
reads in its language's direction without being mirrored itself."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from app.drawing import canvas
from app.drawing.canvas import Pen
from app.renderers import renderer_class
from app.renderers.base import Layout, Target

from py_rules import i18n
from py_rules.registry import BUILT_IN


class Context:
    """A 2D context that records the calls a frame makes, and the text's settings."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.calls.append((name, *args))


class Style(dict[str, str]):
    """An inline style: its declarations by CSS name."""

    def getPropertyValue(self, name: str) -> str:
        return self.get(name, "")

    def setProperty(self, name: str, value: str) -> None:
        self[name] = value


class Canvas:
    def __init__(self) -> None:
        self.style = Style()
        self.context = Context()

    def getContext(self, kind: str) -> Context:
        return self.context


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(canvas, "js_array", list)  # no browser: a dash pattern is a list
    yield
    i18n.use("en")


def frame(mirror: bool) -> tuple[Pen, Context]:
    canvas = Canvas()
    return Pen(canvas, 200.0, 100.0, mirror=mirror), canvas.context


def drawn(context: Context) -> list[tuple[Any, ...]]:
    return [
        c for c in context.calls if c[0] in ("arc", "roundRect", "moveTo", "lineTo", "fillText")
    ]


def shapes(pen: Pen) -> None:
    pen.circle(20, 50, 5, fill="red")
    pen.rect(10, 0, 30, 5, fill="red")
    pen.line([(0, 1), (50, 2)], "blue")
    pen.text(10, 5, "Ann's numbers", 12, "grey", align="left")


def test_a_mirrored_pen_draws_each_shape_at_its_mirror_image_and_its_text_readable() -> None:
    pen, plain = frame(mirror=False)
    shapes(pen)
    pen, mirrored = frame(mirror=True)
    shapes(pen)
    assert drawn(plain)[:4] == [
        ("arc", 20, 50, 5, 0, pytest.approx(6.283185)),
        ("roundRect", 10, 0, 30, 5, 0.0),
        ("moveTo", 0, 1),
        ("lineTo", 50, 2),
    ]
    assert drawn(mirrored) == [
        ("arc", 180, 50, 5, 0, pytest.approx(6.283185)),
        ("roundRect", 160, 0, 30, 5, 0.0),
        ("moveTo", 200, 1),
        ("lineTo", 150, 2),
        ("fillText", "Ann's numbers", 190, 5),  # the text itself is written, not mirrored
    ]
    assert plain.textAlign == "left" and mirrored.textAlign == "right"


def test_a_mirrored_layout_puts_each_board_button_over_its_mirrored_drawing() -> None:
    layout = Layout(90.0, (Target("1", "1", 10, 5, 30, 30), Target("+", "+", bar=True)))
    assert layout.mirrored(200.0) == Layout(
        90.0, (Target("1", "1", 160, 5, 30, 30), Target("+", "+", bar=True))
    )


def test_the_boards_that_read_in_line_order_are_the_row_the_pool_and_the_positions() -> None:
    mirrored = {kit.slug for kit in BUILT_IN if renderer_class(kit.slug).reads_in_line_order}
    assert mirrored == {"sequence-duel", "digit-chain", "number-duel"}


@pytest.mark.parametrize(("language", "direction"), [("ar", "rtl"), ("es", "ltr"), ("en", "ltr")])
def test_canvas_text_reads_in_the_direction_of_its_language(language: str, direction: str) -> None:
    i18n.use(language)
    pen, context = frame(mirror=False)
    pen.text(100, 50, "4 / 5", 12, "grey")
    assert context.direction == direction
