"""The document mirror (`site/app/browser/mirror.py`) on its own: the DOM subset the front
end uses, the ops each change records, the selectors it matches or refuses, and the HTML it
writes."""

from __future__ import annotations

from typing import Any

import pytest
from app.browser.mirror import (
    FIRST_NEW_ID,
    SVG_NAMESPACE,
    Document,
    Element,
    ProtocolError,
)
from app.browser.selectors import SelectorError

TREE: list[Any] = [
    "body",
    {"class": "game-page", "data-game": "circle-duel"},
    [
        "\n  ",
        [
            "main",
            {"class": "page"},
            [
                ["p", {"id": "status", "class": "status"}, ["Loading…"]],
                ["div", {"id": "board", "class": "board"}, [["canvas", {"id": "c"}, []]]],
                [
                    "form",
                    {"class": "panel options"},
                    [
                        ["input", {"name": "size", "type": "number", ".value": "9"}, []],
                        ["input", {"name": "flag", "type": "checkbox", ".checked": True}, []],
                        [
                            "select",
                            {"id": "opt-mode", "name": "mode", ".value": "b"},
                            [
                                ["option", {"value": "a"}, ["A"]],
                                ["option", {"value": "b", ".selected": True}, ["B"]],
                            ],
                        ],
                    ],
                ],
                ["section", {}, [["ol", {"class": "history"}, [["li", {"data-index": "0"}, []]]]]],
            ],
        ],
    ],
]


def fresh() -> Document:
    return Document(TREE, {"lang": "en"})


def test_the_page_is_numbered_depth_first_from_the_body() -> None:
    doc = fresh()
    assert doc.body.nodeId == 1 and doc.documentElement.nodeId == 0
    assert [n.localName for n in doc.body.descendants()][:4] == ["main", "p", "div", "canvas"]
    assert doc.querySelector("main").nodeId == 2  # type: ignore[union-attr]
    assert doc.querySelector("canvas").nodeId == 5  # type: ignore[union-attr]
    assert doc.ops == []  # building records nothing
    made = doc.createElement("span")
    assert made.nodeId == FIRST_NEW_ID and doc.ops == [["new", FIRST_NEW_ID, "span"]]


@pytest.mark.parametrize(
    ("selector", "found"),
    [
        ("#status", ["p"]),
        (".status", ["p"]),
        ("p.status", ["p"]),
        ("form.options", ["form"]),
        ("[data-index]", ["li"]),
        ('li[data-index="0"]', ["li"]),
        ("li[data-index='0']", ["li"]),
        ("li[data-index=0]", ["li"]),
        ('li[data-index="1"]', []),
        ("main canvas", ["canvas"]),
        ("main > div > canvas", ["canvas"]),
        ("main > canvas", []),
        ("input, select", ["input", "input", "select"]),
        ("section .history li", ["li"]),
        ("[id$='-mode']", ["select"]),  # the value ends the attribute
        ('[id$="mode"]', ["select"]),
        ("[id$='opt']", []),
    ],
)
def test_the_simple_selectors_match_as_in_the_page(selector: str, found: list[str]) -> None:
    assert [n.localName for n in fresh().querySelectorAll(selector)] == found


@pytest.mark.parametrize(
    "selector", ["li:first-child", "p + div", "p ~ div", "*", "[data-index^=0]", "", "a,", "a >"]
)
def test_a_selector_the_mirror_cannot_match_is_an_error(selector: str) -> None:
    with pytest.raises(SelectorError):
        fresh().querySelectorAll(selector)


def test_attribute_names_and_the_count_of_child_elements_as_in_the_page() -> None:
    doc = fresh()
    select = doc.querySelector("select")
    assert select is not None
    assert select.getAttributeNames() == ["id", "name"]  # the live state is no attribute
    assert select.childElementCount == 2
    assert doc.body.childElementCount == 1  # a text node is no element


def test_closest_and_matches() -> None:
    doc = fresh()
    item = doc.querySelector("li")
    assert item is not None and item.matches("ol.history > li")
    assert item.closest("section") is doc.querySelector("section")
    assert item.closest("form") is None


def test_each_change_is_one_op_and_reads_answer_from_the_mirror() -> None:
    doc = fresh()
    status = doc.querySelector("#status")
    assert status is not None
    status.textContent = "<b>Player 1</b> & co"
    status.classList.toggle("show", True)
    status.classList.remove("status")
    status.dataset.linkSent = "true"
    status.hidden = True
    status.style.maxWidth = "16rem"
    status.tabIndex = 0
    assert doc.take_ops() == [
        ["prop", 2 + 1, "textContent", "<b>Player 1</b> & co"],
        ["class", 3, "show", True],
        ["class", 3, "status", False],
        ["attr", 3, "data-link-sent", "true"],
        ["attr", 3, "hidden", ""],
        ["style", 3, "max-width", "16rem"],
        ["attr", 3, "tabindex", "0"],
    ]
    assert status.textContent == "<b>Player 1</b> & co"
    assert status.dataset.linkSent == "true" and status.dataset.missing is None
    assert status.hidden and status.style.maxWidth == "16rem" and status.tabIndex == 0
    assert status.className == "show"
    assert status.outer_html() == (
        '<p id="status" class="show" data-link-sent="true" hidden style="max-width: 16rem"'
        ' tabindex="0">&lt;b&gt;Player 1&lt;/b&gt; &amp; co</p>'
    )


def test_an_unknown_property_is_an_error_not_a_silent_no_op() -> None:
    status = fresh().querySelector("#status")
    with pytest.raises(AttributeError):
        status.innerHTML = "<b>x</b>"  # type: ignore[union-attr]
    with pytest.raises(AttributeError):
        _ = status.getBoundingClientRect  # type: ignore[union-attr]


def test_form_controls_keep_their_live_state_apart_from_their_attributes() -> None:
    doc = fresh()
    form = doc.querySelector("form")
    assert form is not None
    size, flag, mode = (form.elements.namedItem(n) for n in ("size", "flag", "mode"))
    assert size is not None and flag is not None and mode is not None
    assert (size.value, flag.checked, mode.value) == ("9", True, "b")
    assert form.elements.namedItem("opt-mode") is mode  # by id too
    assert form.elements.namedItem("nothing") is None
    mode.value = "a"
    assert [o.selected for o in mode.options] == [True, False]
    assert doc.take_ops() == [["prop", mode.nodeId, "value", "a"]]
    mode.set_state("value", "b")  # the page said so: no op
    assert mode.value == "b" and doc.ops == []
    assert size.type == "number" and mode.type == "select-one"
    assert 'value="9"' in size.outer_html() and "checked" in flag.outer_html()


def test_the_tree_ops_name_children_by_id_and_text_as_strings() -> None:
    doc = fresh()
    status, board = doc.querySelector("#status"), doc.querySelector("#board")
    assert status is not None and board is not None
    note = doc.createElement("p")
    doc.take_ops()
    board.after(note)
    status.before("text")
    board.prepend(note)
    board.append(" ", note)
    board.replaceChildren()
    note.remove()
    assert doc.take_ops() == [
        ["after", board.nodeId, [note.nodeId]],
        ["before", status.nodeId, ["text"]],
        ["prepend", board.nodeId, [note.nodeId]],
        ["append", board.nodeId, [" ", note.nodeId]],
        ["children", board.nodeId, []],
        ["remove", note.nodeId],
        ["release", [5]],  # the canvas: out of the tree, and no one holds it
    ]
    assert board.children == [] and note.parent is None
    with pytest.raises(ValueError):
        board.append(doc.body)  # an element never goes inside itself


def test_canvas_calls_keep_their_order_with_the_other_ops() -> None:
    doc = fresh()
    canvas = doc.querySelector("canvas")
    assert canvas is not None
    canvas.width = 600
    ctx = canvas.getContext("2d")
    ctx.fillStyle = "#fff"
    ctx.arc(1, 2, 3, 0, 6.28)
    ctx.setLineDash([4, 2])
    canvas.width = 300  # clears the canvas: the next frame is a new draw op
    ctx.fill()
    assert doc.take_ops() == [
        ["attr", canvas.nodeId, "width", "600"],
        [
            "draw",
            canvas.nodeId,
            [["=", "fillStyle", "#fff"], ["arc", 1, 2, 3, 0, 6.28], ["setLineDash", [4, 2]]],
        ],
        ["attr", canvas.nodeId, "width", "300"],
        ["draw", canvas.nodeId, [["fill"]]],
    ]
    assert ctx.fillStyle == "#fff"


def test_a_style_the_pages_context_holds_already_is_not_sent_again() -> None:
    doc = fresh()
    canvas = doc.querySelector("canvas")
    assert canvas is not None
    canvas.width = 600
    ctx = canvas.getContext("2d")
    for _ in range(2):  # two numbers drawn alike
        ctx.fillStyle = "#fff"
        ctx.setLineDash([])
        ctx.fill()
    ctx.save()
    ctx.fillStyle = "#000"
    ctx.restore()  # the page's context holds "#fff" again
    ctx.fillStyle = "#fff"
    ctx.restore()  # a restore with no save: what it holds is not known any more
    ctx.fillStyle = "#fff"
    canvas.height = 300  # the page resets the context: everything is sent again
    ctx.fillStyle = "#fff"
    ctx.setLineDash([])
    assert doc.take_ops() == [
        ["attr", canvas.nodeId, "width", "600"],
        [
            "draw",
            canvas.nodeId,
            [
                ["=", "fillStyle", "#fff"],
                ["setLineDash", []],
                ["fill"],
                ["fill"],
                ["save"],
                ["=", "fillStyle", "#000"],
                ["restore"],
                ["restore"],
                ["=", "fillStyle", "#fff"],
            ],
        ],
        ["attr", canvas.nodeId, "height", "300"],
        ["draw", canvas.nodeId, [["=", "fillStyle", "#fff"], ["setLineDash", []]]],
    ]


def test_the_root_elements_attributes_go_to_the_page_as_html_effects() -> None:
    doc = fresh()
    doc.documentElement.lang = "es"
    doc.documentElement.dataset.theme = "dark"
    assert doc.take_ops() == [
        ["effect", "html", ["lang", "es"]],
        ["effect", "html", ["data-theme", "dark"]],
    ]


def test_svg_elements_keep_their_namespace_and_the_case_of_their_attributes() -> None:
    doc = fresh()
    svg = doc.createElementNS(SVG_NAMESPACE, "svg")
    svg.setAttribute("viewBox", "0 0 16 16")
    assert doc.ops[0] == ["new", svg.nodeId, "svg:svg"]
    assert svg.getAttribute("viewBox") == "0 0 16 16"
    assert svg.outer_html() == '<svg viewBox="0 0 16 16"></svg>'


def test_focus_and_listeners() -> None:
    doc = fresh()
    status = doc.querySelector("#status")
    assert isinstance(status, Element)
    status.addEventListener("click", print, {"prevent": True})
    status.addEventListener("click", repr)  # the first listen op serves both
    status.focus({"preventScroll": True})
    assert doc.activeElement is status
    assert doc.take_ops() == [
        ["listen", status.nodeId, "click", {"prevent": True}],
        ["call", status.nodeId, "focus", [{"preventScroll": True}]],
    ]
    assert len(status.listeners["click"]) == 2


@pytest.mark.parametrize(
    "tree",
    [
        None,
        ["body", {}],
        ["body", [], []],
        ["body", {"on click": "x"}, []],
        ["body", {"id": 1}, []],
        ["body", {}, "text"],
        ["body", {}, [["script type=module", {}, []]]],
        ["body", {}, [["option", {".selected": "yes"}, []]]],
        ["body", {}, [["input", {".hidden": True}, []]]],
    ],
)
def test_a_malformed_tree_is_refused(tree: Any) -> None:
    with pytest.raises(ProtocolError):
        Document(tree)
