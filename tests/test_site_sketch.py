"""Drawing a part of the page again from sketches (`site/app/drawing/sketch.py`): what is
kept, what is written, and that the page ends up showing exactly the sketches, whatever
came before. Run against the document mirror, whose ops are what the page applies."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from app.browser import dom
from app.browser.mirror import Document, Element
from app.browser.worker_page import WorkerPage
from app.drawing.sketch import Sketch, Sketched, sketch
from hypothesis import given, settings
from hypothesis import strategies as st
from page_worker import FakeClock

TREE: list[Any] = ["body", {}, [["ol", {"id": "list"}, [["li", {}, ["from the page"]]]]]]


@pytest.fixture
def box() -> Iterator[Element]:
    page = WorkerPage(Document(TREE), "https://example.org/", {}, FakeClock())
    dom.use_mirror(page)
    found = page.document.getElementById("list")
    assert found is not None
    page.document.take_ops()
    yield found
    dom.use_mirror(None)


def ops(box: Element) -> list[list[Any]]:
    return [op for op in box.document.take_ops() if op[0] != "release"]


def item(index: int, text: str, current: bool = False) -> Sketch:
    return sketch(
        "li",
        "current" if current else "",
        sketch("span", "move-text", text),
        key=str(index),
        data_index=str(index),
        aria_current="step" if current else None,
    )


def html(sketches: list[Sketch | str]) -> str:
    """The HTML a list showing `sketches` has, drawn from nothing."""
    page = WorkerPage(Document(["body", {}, [["ol", {"id": "list"}, []]]]), "", {}, FakeClock())
    dom.use_mirror(page)
    fresh = page.document.getElementById("list")
    assert fresh is not None
    Sketched(fresh).show(sketches)
    return fresh.outer_html()


def test_the_first_show_replaces_what_the_page_held(box: Element) -> None:
    Sketched(box).show([item(0, "a"), item(1, "b", current=True)])
    assert box.outer_html() == (
        '<ol id="list"><li data-index="0"><span class="move-text">a</span></li>'
        '<li class="current" data-index="1" aria-current="step">'
        '<span class="move-text">b</span></li></ol>'
    )


def test_one_more_item_makes_only_that_item_and_moves_the_mark(box: Element) -> None:
    items = Sketched(box)
    items.show([item(0, "a", current=True)])
    first = items.node(0)
    ops(box)
    items.show([item(0, "a"), item(1, "b", current=True)])
    assert items.node(0) is first
    made = ops(box)
    assert [op[0] for op in made].count("new") == 2  # the item and its span, nothing else
    assert ["attr", first.nodeId, "class", None] in made
    assert ["attr", first.nodeId, "aria-current", None] in made
    assert ["append", box.nodeId, [items.node(1).nodeId]] in made
    assert not [op for op in made if op[0] == "children"]


def test_the_same_sketches_write_nothing(box: Element) -> None:
    items = Sketched(box)
    items.show([item(0, "a"), item(1, "b")])
    ops(box)
    items.show([item(0, "a"), item(1, "b")])
    assert ops(box) == []


def test_changed_words_are_one_op_and_fewer_items_are_removed(box: Element) -> None:
    items = Sketched(box)
    items.show([item(0, "a"), item(1, "b"), item(2, "c")])
    span = items.node(0).firstChild
    ops(box)
    items.show([item(0, "A"), item(1, "b")])
    made = ops(box)
    assert made[0] == ["children", span.nodeId, ["A"]]
    assert made[1][0] == "remove" and len(made) == 2


def test_a_keyed_element_is_kept_where_it_moves(box: Element) -> None:
    items = Sketched(box)
    items.show([item(0, "a"), item(1, "b")])
    a, b = items.node(0), items.node(1)
    ops(box)
    items.show([item(1, "b"), item(0, "a")])
    assert (items.node(0), items.node(1)) == (b, a)
    assert ops(box) == [["children", box.nodeId, [b.nodeId, a.nodeId]]]


def test_another_tag_under_the_same_key_is_made_anew(box: Element) -> None:
    items = Sketched(box)
    items.show([sketch("li", "", "x", key="k")])
    before = items.node(0)
    items.show([sketch("p", "", "x", key="k")])
    assert items.node(0) is not before and items.node(0).localName == "p"


SKETCHES = st.recursive(
    st.builds(
        lambda tag, cls, text: sketch(tag, cls, text),
        st.sampled_from(["li", "span", "p"]),
        st.sampled_from(["", "a", "b c"]),
        st.sampled_from(["", "x", "y z"]),
    ),
    lambda inner: st.builds(
        lambda tag, key, kids, title: sketch(tag, "", *kids, key=key, title=title),
        st.sampled_from(["li", "div"]),
        st.one_of(st.none(), st.sampled_from(["1", "2", "3"])),
        st.lists(st.one_of(inner, st.sampled_from([" ", "t"])), max_size=4),
        st.one_of(st.none(), st.sampled_from(["", "u"])),
    ),
    max_leaves=8,
)
LISTS = st.lists(SKETCHES, max_size=5).map(
    lambda found: list({s.key or f"-{i}": s for i, s in enumerate(found)}.values())
)


@settings(max_examples=60, deadline=None)
@given(st.lists(LISTS, min_size=1, max_size=4))
def test_whatever_came_before_the_page_shows_exactly_the_last_sketches(
    shows: list[list[Sketch]],
) -> None:
    page = WorkerPage(Document(TREE), "https://example.org/", {}, FakeClock())
    dom.use_mirror(page)
    try:
        box = page.document.getElementById("list")
        assert box is not None
        items = Sketched(box)
        for sketches in shows:
            items.show(list(sketches))
        shown = box.outer_html()
        assert shown == html(list(shows[-1]))
    finally:
        dom.use_mirror(None)
