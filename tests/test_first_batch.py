"""Python's first drawing on a page that holds the build's board is sent as what differs
from that board (app/browser/page_diff.py, `first_batch`): the page it gives is the page the
whole drawing gives, and Python's own, for every game and every kind of start (fresh, a
phone's width, the dark theme, a saved game, a framed page, a first press shown before or
after Python's first drawing), with far fewer ops; a page changed in odd ways comes out right
too."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import early_board
import pytest
from app import worker
from app.browser import page_diff
from app.browser.mirror import FIRST_NEW_ID, Document, ProtocolError
from built_page import BuiltPage, comparable, held, start, start_message
from test_early_board import SLUGS, board_data, built, recorded

pytestmark = pytest.mark.no_wasm


def built_html(slug: str) -> str:
    return built(slug)


def started(slug: str, html: str | None = None, **options: Any) -> tuple[BuiltPage, Any]:
    """The page once Python's start is applied (and the build's unclaimed elements gone), and
    the channel; `built=False`: the page does not say it holds the build's board."""
    page = held(html or built_html(slug))
    channel = start(page, start_message(page, slug, **options))
    page.drop_unclaimed()
    return page, channel


def first_drawing(page: BuiltPage) -> list[Any]:
    batches = [ops for ops in page.posted if any(op[0] in page_diff.TREE_OPS for op in ops)]
    assert batches, "Python drew nothing"
    return batches[0]


@cache
def saved_game(slug: str) -> dict[str, str]:
    """The storage of a page after one move: a saved game to start from."""
    page, channel = started(slug, built=False)
    worker.play_first(channel, {"kind": "first", "key": keys(channel)[0]})
    channel.flush()
    stored = [op[2] for ops in page.posted for op in ops if op[:2] == ["effect", "store"]]
    assert stored, "one move saves nothing"
    return dict(stored)


def keys(channel: Any) -> list[str]:
    buttons = channel.document.querySelectorAll(early_board.TARGETS)
    return [b.getAttribute("data-key") for b in buttons if not b.hasAttribute("disabled")]


STARTS: dict[str, dict[str, Any]] = {
    "fresh": {},
    "phone": {"width": 360},
    "dark": {"theme": "dark"},
    "framed": {"search": "?embed=1"},
}


@pytest.mark.parametrize("kind", [*STARTS, "saved"])
@pytest.mark.parametrize("slug", SLUGS)
def test_the_first_drawing_as_changes_gives_the_page_the_whole_drawing_gives(
    slug: str, kind: str
) -> None:
    options = STARTS.get(kind) or {"storage": saved_game(slug)}
    whole, _ = started(slug, built=False, **options)
    changed, channel = started(slug, **options)
    assert changed.shapes() == whole.shapes()
    assert changed.shapes() == comparable(channel.document)  # what Python holds


@pytest.mark.parametrize("slug", SLUGS)
def test_the_first_drawing_on_the_fresh_board_sends_less_than_half(slug: str) -> None:
    whole = first_drawing(started(slug, built=False)[0])
    changed = first_drawing(started(slug)[0])
    assert len(changed) < len(whole) / 2

    def shape_bytes(ops: list[Any]) -> int:  # the picture is the same in both
        return len(json.dumps([op for op in ops if op[0] != "draw"]))

    assert shape_bytes(changed) < shape_bytes(whole) / 2
    # The build's elements are not made again: the page keeps them as they are.
    assert not [op for op in changed if op[0] == "new" and op[1] in held(built_html(slug)).nodes]


def test_a_canvas_is_cleared_and_drawn_once() -> None:
    page, _ = started("circle-duel")
    ops = first_drawing(page)
    canvas = board_data(built_html("circle-duel"))["canvas"]
    drawn = [i for i, op in enumerate(ops) if op[:2] == ["draw", canvas]]
    assert len(drawn) == 1
    sized = [op[2] for op in ops[: drawn[0]] if op[:2] == ["attr", canvas]]
    assert sized == ["width", "height"]  # set again, even to the same size: that clears it


def odd(slug: str, old: str, new: str) -> str:
    html = built_html(slug)
    assert old in html, old
    return html.replace(old, new, 1)


def test_an_element_of_the_build_python_does_not_make_leaves_the_page() -> None:
    html = odd(
        "circle-duel", '<div id="targets"', '<i data-nd-id="1999999">stale</i><div id="targets"'
    )
    whole, _ = started("circle-duel", html, built=False)
    changed, channel = started("circle-duel", html)
    assert changed.shapes() == whole.shapes() == comparable(channel.document)
    assert "stale" not in changed.doc.body.textContent
    released = [i for op in first_drawing(changed) if op[0] == "release" for i in op[1]]
    assert 1999999 in released  # the page forgets it


def test_children_in_another_order_and_other_texts_come_out_as_python_draws_them() -> None:
    slug = "number-circle"
    page = held(built_html(slug))
    targets = page.doc.querySelector("#targets")
    assert targets is not None
    buttons = targets.children
    targets.children_nodes[:2] = [buttons[1], buttons[0]]  # two buttons swapped
    label = buttons[2].children_nodes[0]
    label.data = "?"  # a button's text changed
    buttons[3].children_nodes.append(type(label)("stray"))  # and a text node too many
    for item in page.built:
        node = page.nodes[item[0]]
        item[3] = [n.data if not hasattr(n, "nodeId") else n.nodeId for n in node.children_nodes]
    channel = start(page, start_message(page, slug))
    page.drop_unclaimed()
    assert page.shapes() == comparable(channel.document)


@pytest.mark.parametrize(
    "built",
    [
        "not a list",
        [[1, "div"]],
        [["1", "div", {}, []]],
        [[FIRST_NEW_ID, "div", {"class": 3}, []]],
        [[FIRST_NEW_ID, "div", {}, [None]]],
    ],
)
def test_a_malformed_built_list_is_refused_before_python_starts(built: Any) -> None:
    page = held(built_html("circle-duel"))
    message = {**start_message(page, "circle-duel"), "built": built}
    with pytest.raises(ProtocolError):
        start(page, message)
    assert page.posted == []


def pressed(slug: str) -> tuple[str, dict[str, Any]]:
    presses = recorded(slug)
    key = sorted(presses)[len(presses) // 2]
    return key, presses[key]


def show_press(page: BuiltPage, press: dict[str, Any]) -> None:
    """The page shows a first press from the build's data (page-worker.js, `pressedEarly`);
    the styles it gave the page's own elements go when Python's ops come."""
    page.apply(press["ops"])
    for name, node_id, *_ in press["ops"]:
        if name == "style" and node_id < FIRST_NEW_ID:
            page.nodes[node_id].attributes.pop("style", None)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_first_press_shown_before_python_drew_is_python_s_once_it_has(slug: str) -> None:
    key, press = pressed(slug)
    page = held(built_html(slug))
    show_press(page, press)
    first = {"kind": "first", "key": key, "shown": press["ops"]}
    channel = start(page, start_message(page, slug), first)
    page.drop_unclaimed()
    assert page.shapes() == comparable(channel.document)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_first_press_python_hears_of_after_its_first_drawing_is_python_s_too(
    slug: str,
) -> None:
    """The page showed the press before it got Python's first drawing (sent as the changes
    to the board without the press), and the press reached Python after it."""
    key, press = pressed(slug)
    page = held(built_html(slug))
    message = start_message(page, slug)  # numbered before the press
    show_press(page, press)
    channel = start(page, message)
    worker.play_first(channel, {"kind": "first", "key": key, "shown": press["ops"]})
    channel.flush()
    page.drop_unclaimed()
    assert page.shapes() == comparable(channel.document)


def test_the_first_press_s_shown_ops_are_checked() -> None:
    page = held(built_html("circle-duel"))
    channel = start(page, start_message(page, "circle-duel"))
    for shown in ("x", [["attr"]], [["attr", "7", "class", "a"]], [["style", 7, None, "a"]]):
        with pytest.raises(ProtocolError):
            worker.play_first(channel, {"kind": "first", "key": "1", "shown": shown})


def test_the_shapes_of_a_page_read_its_tree_and_the_build_s_elements() -> None:
    doc = Document(["body", {"data-nd-built": ""}, [["p", {"id": "a"}, ["x"]]]])
    base = page_diff.page_shapes(doc, [[2, "p", {"id": "a", ".value": "v"}, ["x", FIRST_NEW_ID]]])
    assert base[2] == ("p", {"id": "a"}, ["x", FIRST_NEW_ID])  # live state is no attribute
    assert base[1] == ("body", {"data-nd-built": ""}, [2])


def test_the_build_s_board_buttons_are_put_in_again_not_moved() -> None:
    """Moved from where the build drew them to where Python places them, the same buttons
    would count as layout shift (a phone's width): their holder gets its children anew."""
    page, _ = started("sequence-duel", width=360)
    targets = page.doc.querySelector("#targets")
    assert targets is not None
    ops = first_drawing(page)
    assert ["children", targets.nodeId, [n.nodeId for n in targets.children]] in ops


@pytest.mark.parametrize("width", [358, 600])
def test_board_buttons_that_stay_where_the_build_drew_them_are_not_put_in_again(
    width: int,
) -> None:
    """Digit Chain's 99 buttons keep their places at every width, and the first drawing
    changes none of them but for the build's mark: put in again, each would be laid out and
    painted anew for nothing. Nor is an element whose only change is a control's first state
    (Python sets it as a property) put in again; the page comes out as Python's all the same."""
    page, _ = started("digit-chain", width=width)
    ops = first_drawing(page)
    targets = page.doc.querySelector("#targets")
    options = page.doc.querySelector("#options")
    assert targets is not None and options is not None
    put = {op[1] for op in ops if op[0] == "children"}
    assert targets.nodeId not in put
    assert options.nodeId not in put
    assert page.shapes() == comparable(started("digit-chain", built=False, width=width)[0].doc)


def buttons_restyled(page: BuiltPage) -> list[Any]:
    """The style ops of Python's first drawing on the board's buttons."""
    buttons = {b.nodeId for b in page.doc.querySelectorAll(early_board.TARGETS)}
    return [op for op in first_drawing(page) if op[0] == "style" and op[1] in buttons]


@pytest.mark.parametrize("slug", SLUGS)
def test_at_the_build_s_width_the_first_drawing_writes_no_button_s_place(slug: str) -> None:
    """The page makes the build's places its buttons' own (page-dom.js, `ownBuiltPlaces`), in
    the very strings Python writes: none is written again."""
    page, _ = started(slug)
    assert not buttons_restyled(page)
    assert page.shapes() == comparable(started(slug, built=False)[0].doc)


@pytest.mark.parametrize("width", [300, 358, 412, 600, 880])
def test_digit_chain_s_first_drawing_at_any_width_writes_no_button_s_place(width: int) -> None:
    """Its board keeps the same proportions at every width: a phone's changes no place."""
    page, _ = started("digit-chain", width=width)
    assert not buttons_restyled(page)
    assert page.shapes() == comparable(started("digit-chain", built=False, width=width)[0].doc)
