"""A game page that holds the board the build drew, in CPython, as its main thread holds it:
numbered as page-worker.js numbers it (the `start` message's tree, and the `built` list of
the build's elements), and the page itself as a replica with the page's ids, to which the
posted ops are applied as page-dom.js applies them (a `new` empties a known element in
place; once Python's page is up, the build's elements Python did not claim leave)."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field
from typing import Any

import early_board
from app import worker
from app.browser.mirror import FIRST_NEW_ID, Document, Element, Text
from app.browser.page_diff import declarations, shapes

SITE = "https://example.org/"


@dataclass
class BuiltPage:
    """The page: its replica, its map of ids, what it sends in `start`."""

    doc: Document
    nodes: dict[int, Element]
    tree: list[Any]
    built: list[Any]
    unplaced: set[int] = field(default_factory=set)
    posted: list[Any] = field(default_factory=list)  # the ops Python posted, in order

    def apply(self, ops: list[Any]) -> None:
        early_board.apply_ops(self.doc, self.nodes, ops, [], self.unplaced)

    def drop_unclaimed(self) -> None:
        """page-dom.js's `dropUnclaimed`: the build's elements still marked, and the ones a
        `new` emptied that no op put anywhere, leave the page."""
        for node in list(self.doc.body.descendants()):
            if early_board.ID in node.attributes:
                node.remove_quietly()
        for node_id in self.unplaced:
            self.nodes[node_id].remove_quietly()
        self.unplaced.clear()

    def shapes(self) -> dict[int, Any]:
        return comparable(self.doc)

    def post(self, message: dict[str, Any]) -> None:
        message = json.loads(json.dumps(message))  # what a structured clone carries
        if message["kind"] == "ops":
            self.posted.append(message["ops"])
            self.apply(message["ops"])


def comparable(doc: Document) -> dict[int, Any]:
    """The elements in `doc`'s body, their inline styles as declarations (their order in the
    style attribute shows nothing)."""
    return {
        node_id: (tag, {**attrs, "style": sorted(declarations(attrs.get("style")).items())}, kids)
        for node_id, (tag, attrs, kids) in shapes(doc).items()
    }


BUILT_RULE = re.compile(r'\[data-nd-id="(\d+)"\]\{([^}]*)\}')


def built_styles(page: str) -> dict[int, str]:
    """The styles the build's rules give its elements, as page-dom.js's `ownBuiltPlaces` makes
    them theirs (a browser writes them back as `name: value;`)."""
    sheets = re.findall(r"<style>(.*?)</style>", page, re.S)
    return {
        int(node_id): " ".join(f"{n}: {v};" for n, v in declarations(body).items())
        for sheet in sheets
        for node_id, body in BUILT_RULE.findall(sheet)
    }


SVG_CASE = {"viewbox": "viewBox"}  # the SVG attributes of the pages that have capitals


def held(page: str) -> BuiltPage:
    """The built HTML `page` as its main thread holds it once numbered (page-dom.js,
    `numberBody` and `builtShapes`)."""
    styles = built_styles(page)
    html_attributes, body = early_board.page_tree(page)
    doc = Document(["body", {}, []], html_attributes)
    nodes: dict[int, Element] = {0: doc.documentElement}
    built: list[Any] = []
    counter = [1]

    def walk(item: list[Any]) -> tuple[Element, list[Any] | None]:
        tag, attrs, kids = item
        made = early_board.ID in attrs
        if made:
            node_id = int(attrs[early_board.ID])
            if node_id in styles:
                attrs = {**attrs, "style": styles[node_id]}
        else:
            node_id, counter[0] = counter[0], counter[0] + 1
        svg = tag.startswith("svg:")
        if svg:  # as a browser's HTML parser spells an SVG attribute: `viewBox`
            attrs = {SVG_CASE.get(name, name): value for name, value in attrs.items()}
        node = Element(doc, tag[4:] if svg else tag, node_id, svg)
        node.attributes = dict(attrs)
        nodes[node_id] = node
        doc.nodes[node_id] = node
        sent: list[Any] = []
        holds = False
        for kid in kids:
            if isinstance(kid, str):
                text = Text(kid)
                text.parent = node
                node.children_nodes.append(text)
                sent.append(kid)
                continue
            element, kid_sent = walk(kid)
            element.parent = node
            node.children_nodes.append(element)
            if kid_sent is None or element.nodeId >= FIRST_NEW_ID:
                holds = True
            else:
                sent.append(kid_sent)
        if not made:
            while counter[0] < int(attrs.get(early_board.END, 0)):
                sent.append(["template", {}, []])
                counter[0] += 1
        if made or holds:
            children = [n.data if isinstance(n, Text) else n.nodeId for n in node.children_nodes]
            built.append([node_id, tag, dict(attrs), children])
        return node, None if made else [tag, dict(attrs), sent]

    root, tree = walk(body)
    assert tree is not None
    doc.body = root
    doc.documentElement.children_nodes = [root]
    root.parent = doc.documentElement
    return BuiltPage(doc, nodes, tree, built)


def start_message(
    page: BuiltPage,
    slug: str,
    *,
    built: bool = True,
    width: int = early_board.BUILD_WIDTH,
    search: str = "",
    hash_: str = "",
    storage: dict[str, str] | None = None,
    theme: str = "light",
) -> dict[str, Any]:
    """The `start` message page-worker.js sends for `page` (with `built` when the page
    holds the build's board, as it says by `<body data-nd-built>`)."""
    board = page.doc.querySelector("#board")
    assert board is not None
    message: dict[str, Any] = {
        "kind": "start",
        "slug": slug,
        "tree": page.tree,
        "html": {**page.doc.documentElement.attributes, "data-theme": theme},
        "location": {
            "href": f"{SITE}games/{slug}/{search}{hash_}",
            "search": search,
            "hash": hash_,
        },
        "storage": storage or {},
        "media": {"forcedColors": False, "dark": theme == "dark"},
        "pixelRatio": early_board.PIXEL_RATIO,
        "sizes": {str(board.nodeId): [width, 420]},
        "focus": None,
        "site": SITE,
    }
    if built:
        message["built"] = page.built
    return message


def start(page: BuiltPage, message: dict[str, Any], first: dict[str, Any] | None = None) -> Any:
    """Python started on `page` by `message` (and a first press handled in its start); the
    channel. The page applies what Python posts."""

    def then(channel: Any) -> None:
        if first is not None:
            worker.play_first(channel, first)

    return asyncio.run(
        worker.start(message, page.post, early_board.StoppedClock(), worker.no_fetch, then)
    )
