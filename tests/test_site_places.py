"""The board's places in % of the board (app/drawing/places.py): written as a browser writes
them back, the same strings for the same proportions, and Digit Chain's board in the same
proportions at every width, so that a phone's width or a resize writes no button's place."""

from __future__ import annotations

from typing import Any

import pytest
from app.drawing import places
from app.renderers.base import View
from app.renderers.digit_chain import DigitChainRenderer
from hypothesis import given
from hypothesis import strategies as st
from page_worker import Page

from py_rules import new_game


@pytest.mark.parametrize(
    ("value", "whole", "written"),
    [
        (13, 600, "2.167%"),
        (300, 600, "50%"),
        (0, 600, "0%"),
        (-0.0001, 600, "0%"),
        (61, 600, "10.167%"),
        (600, 600, "100%"),
        (1, 3, "33.333%"),
    ],
)
def test_a_share_is_written_as_a_browser_writes_it_back(
    value: float, whole: float, written: str
) -> None:
    assert places.share(value, whole) == written


def test_an_aspect_ratio_is_on_a_width_of_100() -> None:
    assert places.aspect(600, 598) == "100 / 99.667"
    assert places.aspect(358, 358) == "100 / 100"


@given(st.floats(min_value=100, max_value=2000), st.integers(min_value=10, max_value=99))
def test_digit_chain_s_board_has_the_same_places_at_every_width(width: float, pool: int) -> None:
    game = new_game("digit-chain", {"pool": pool})
    renderer = DigitChainRenderer(type(game))

    def placed(at: float) -> tuple[str, list[tuple[str, ...]]]:
        layout = renderer.layout(game, View(), at)
        shares = [places.box(t.x, t.y, t.w, t.h, at, layout.height) for t in layout.targets]
        return places.aspect(at, layout.height), shares

    assert placed(width) == placed(600)


def board_buttons_styled(ops: list[Any], page: Page) -> list[Any]:
    buttons = {b.nodeId for b in page.replica.querySelectorAll("#targets button")}
    return [op for op in ops if op[0] == "style" and op[1] in buttons]


def test_a_resize_of_digit_chain_s_board_writes_no_button_only_the_picture() -> None:
    page = Page("digit-chain").start()
    board, canvas = page.one("#board"), page.one("#board-canvas")
    styles = {
        b.nodeId: b.getAttribute("style") for b in page.mirror.querySelectorAll("#targets button")
    }
    assert styles and all("%" in (style or "") for style in styles.values())
    page.send({"kind": "size", "node": board.nodeId, "width": 320, "height": 200})
    ops = page.posted[-1]["ops"]
    assert canvas.getAttribute("width") == "640"  # drawn anew at the new width
    assert not [op for op in ops if op[0] == "style"]  # no button, nor the board's height
    assert page.same()


def test_a_resize_of_another_game_s_board_moves_its_buttons_in_percent() -> None:
    page = Page("sequence-duel").start()
    board = page.one("#board")
    page.send({"kind": "size", "node": board.nodeId, "width": 320, "height": 200})
    moved = board_buttons_styled(page.posted[-1]["ops"], page)
    assert moved and all(op[3].endswith("%") for op in moved if op[2] != "aspect-ratio")
    assert page.same()
