"""The board before Python: the build starts each game page's front end in CPython, as the
page's worker will (docs/worker-protocol.md), and writes the fresh game it draws into the
page's HTML, so that a first visit sees the real board at once.

For a fresh game (the game's default options, nothing saved, no link, a board
`BUILD_WIDTH` pixels wide, the computer's timer never firing) the page gets:
- the board's buttons, the status line, the players' cards, the action buttons, the move
  list and the options form, as Python wrote them; each element Python created keeps its
  mirror id in `data-nd-id`, so that the page's numbering (assets/page-worker.js) gives it
  the same id and Python's start changes it in place;
- the picture: the canvas calls Python made, for the light and the dark theme, replayed by
  page-worker.js before the first paint;
- what one press on each button of the board shows (the changes from the fresh board, the
  picture as a patch of the fresh one: scripts/build/press_data.py), so that page-worker.js
  shows a first press at once and hands it to Python. Where the presses would weigh too much
  for the page (Digit Chain's 99, each redrawing most of the board), each is a small file
  beside the page (`presses/<hash>/<n>.json`), which the page fetches only when that button
  is pressed;
- a press whose outcome is chance, where that chance is all a hidden row the page may deal
  (Number Duel's hand-over, which shows Player 1's row: `py_rules.play.dealing`): a file
  for every order of the row, of which the page draws one at random and tells Python the
  row. Any other press whose outcome is chance is not recorded: it waits for Python.

Every press is played once, in one run of the front end: pressed in one theme, its picture
in the other taken by the page's theme switch (checked to leave the page as it is), then
back to the fresh board (New game, checked) in that theme, where the next press starts:
three renders a press. A second game, started dark, checks that the fresh board holds no
chance and that the switch draws what a dark start draws; it plays the presses too only
where its game differs from the first unseen (Number Duel's hidden rows), to find the
presses whose outcome is chance: where a row can be dealt, both games deal every press one,
two different rows, so that a press showing it always shows the difference. A third game
plays each such press with every row dealt (`dealt_presses`).

The board's buttons are placed in % of the board and its height is an aspect ratio, as
Python writes them at any width (app/drawing/places.py), so the page keeps them as they are
until Python draws at its real width: a board in the same proportions at every width (Digit
Chain's) is then not moved at all; another game's layout (margins in pixels, rows wrapped by
the width) moves the buttons whose places differ.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import itertools
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from app import main, worker
from app.browser import dom, storage
from app.browser.mirror import FIRST_NEW_ID, VOID, Document, Element, Text
from app.browser.page_diff import (
    TREE_OPS,
    Shape,
    changes,
    declarations,
    last_picture,
    shape_of,
    tag_of,
)
from app.drawing import theme as palettes
from press_data import Names, Patches, document_of, matched, renamed, renamed_scroll

from py_rules import i18n
from py_rules.play.dealing import row_to_deal

WORKER_PAGE = 'assets/page-worker.js"'  # in the <script> of a page whose Python is in a worker
BUILD_WIDTH = 600  # the board's width on a desktop, in CSS pixels
PIXEL_RATIO = 2
SITE = "https://build.invalid/"  # the site as the build's Python sees it (nothing is fetched)
THEMES = ("light", "dark")
ID = "data-nd-id"  # an element Python created: its mirror id
END = "data-nd-end"  # on an element of the page: the id after its subtree, before Python
BUILT = "data-nd-built"  # on <body>: the page holds the board the build drew
DATA_ID = "nd-board"  # the <script type="application/json"> with the picture and the presses
# The two parts of a game page Python writes (besides <body>'s attributes).
PARTS = (("section", "play"), ("aside", "side"))
# The most the first presses may weigh in a page (JSON text, before compression); heavier,
# each press is a file of its own (Digit Chain's 99 buttons each change most of the board).
PRESSES_BUDGET = 200_000
TARGETS = worker.FIRST_PRESS_BUTTONS
NEW_GAME = 'button[data-action="new"]'
PRESSES = "presses"  # beside a page: the folder of its presses too heavy for it

Op = list[Any]
Dealt = tuple[int, ...] | None  # a hidden row the page draws for a press (py_rules.play.dealing)
Press = tuple[str, Dealt]  # a button's key, and the row dealt for it


# ----- the page as a tree --------------------------------------------------------------------


class BodyTree(HTMLParser):
    """The body of an HTML page as the `start` message's tree: [tag, attrs, children]."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.html: dict[str, str] = {}
        self.stack: list[list[Any]] = []
        self.tree: list[Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "html":
            self.html = values
            return
        if tag == "body":
            self.tree = ["body", values, []]
            self.stack = [self.tree]
            return
        if not self.stack:
            return
        svg = tag == "svg" or self.stack[-1][0].startswith("svg:")
        node: list[Any] = [f"svg:{tag}" if svg else tag, values, []]
        self.stack[-1][2].append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if self.stack and tag not in VOID and len(self.stack) > 1:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if len(self.stack) <= 1:
            return
        names = [n[0].removeprefix("svg:") for n in self.stack]
        if tag in names[1:]:
            while self.stack[-1][0].removeprefix("svg:") != tag:
                self.stack.pop()
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.stack:
            self.stack[-1][2].append(data)


def page_tree(page: str) -> tuple[dict[str, str], list[Any]]:
    """`<html>`'s attributes and the body's tree of an HTML page."""
    parser = BodyTree()
    parser.feed(page)
    if parser.tree is None:
        raise ValueError("the page has no <body>")
    return parser.html, parser.tree


_parsed: dict[str, tuple[dict[str, str], list[Any]]] = {}


def parsed(page: str) -> tuple[dict[str, str], list[Any]]:
    """`page_tree(page)`, parsed once for the many runs of one page (runs only read it)."""
    if page not in _parsed:
        _parsed.clear()
        _parsed[page] = page_tree(page)
    return _parsed[page]


# ----- the page's side of the protocol ----------------------------------------------------------


def apply_ops(
    doc: Document,
    nodes: dict[int, Element],
    ops: list[Op],
    effects: list[Op],
    unplaced: set[int] | None = None,
) -> set[int]:
    """Apply `ops` to `doc` as the page's main thread does (page-dom.js, `applyOps`),
    `nodes` being its map of ids (it holds every element, as the page's does); the effects
    are listed in `effects`, and in `unplaced` the elements a `new` emptied in place that no
    op has put anywhere since. Returns the elements whose shape the ops may have changed
    (`reshaped_by`)."""
    unplaced = set() if unplaced is None else unplaced
    changed: set[int] = set()

    def child(item: Any) -> Any:
        if isinstance(item, str):
            return item
        unplaced.discard(item)
        return nodes[item]

    for op in ops:
        changed |= reshaped_by(op, nodes)
        name, *args = op
        if name == "new":
            node_id, tag = args
            svg = tag.startswith("svg:")
            known = nodes.get(node_id)
            if known is not None and tag_of(known) == tag:  # emptied in place, as the page does
                known.attributes = {}
                known.detach_children()
                unplaced.add(node_id)
                continue
            nodes[node_id] = Element(doc, tag[4:] if svg else tag, node_id, svg)
            doc.nodes[node_id] = nodes[node_id]
        elif name == "prop":
            node_id, prop, value = args
            setattr(nodes[node_id], prop, value)
        elif name == "attr":
            node_id, attr, value = args
            node = nodes[node_id]
            node.removeAttribute(attr) if value is None else node.setAttribute(attr, value)
        elif name == "class":
            node_id, cls, on = args
            nodes[node_id].classList.toggle(cls, on)
        elif name == "style":
            node_id, prop, value = args
            nodes[node_id].style.setProperty(prop, value)
        elif name in ("append", "prepend", "children", "before", "after"):
            node_id, items = args
            method = "replaceChildren" if name == "children" else name
            getattr(nodes[node_id], method)(*(child(item) for item in items))
        elif name == "insert":
            parent, node_id, before = args
            ref = None if before is None else nodes[before]
            nodes[parent].insertBefore(child(node_id), ref)
        elif name == "remove":
            nodes[args[0]].remove()
        elif name == "effect":
            effects.append(args)
            if args[0] == "html":
                attr, value = args[1]
                root = doc.documentElement.attributes
                root.pop(attr, None) if value is None else root.__setitem__(attr, value)
        elif name in ("release", "call", "listen", "observe", "draw", "scroll"):
            pass  # nothing the build's copy of the page keeps
        else:
            raise AssertionError(f"unknown op {name}")
    doc.ops = []
    doc.released = []
    return changed


# Ops that put elements (their ids in the op's third item) into the element they name.
MOVES = frozenset(["append", "prepend", "children", "before", "after"])


def reshaped_by(op: Op, nodes: dict[int, Element]) -> set[int]:
    """The elements whose shape (`page_diff.shape_of`) `op` may change, found before it is
    applied: the element it names, the old parent of each element it moves (or removes),
    the parent that gets new siblings of the element it names, and for a control's live
    state the whole <select> it is in (choosing an option unchooses the others). Any other
    element shows as it did, so that a page's shapes are taken again from these alone."""
    name = op[0]
    if name not in TREE_OPS and name != "prop":
        return set()
    found = {op[1]}
    moved = [item for item in op[2] if isinstance(item, int)] if name in MOVES else []
    if name == "insert":
        moved.append(op[2])
    if name in ("remove", "before", "after"):
        moved.append(op[1])
    for node_id in moved:
        parent = nodes[node_id].parent if node_id in nodes else None
        if parent is not None:
            found.add(parent.nodeId)
    if name == "prop" and op[2] in ("value", "selected") and op[1] in nodes:
        select = nodes[op[1]].closest("select")
        if select is not None:
            found |= {select.nodeId, *(n.nodeId for n in select.descendants())}
    return found


def reshaped(before: dict[int, Shape], body: Element, changed: set[int]) -> dict[int, Shape]:
    """`page_diff.shapes` of the page whose body is `body`, in the same order, each element
    not `changed` since `before` was taken keeping its shape from there (the tree is walked
    again: an element moved with its parent is in the page or out of it with it)."""
    found: dict[int, Shape] = {}
    stack = [body]
    while stack:
        node = stack.pop()
        known = None if node.nodeId in changed else before.get(node.nodeId)
        found[node.nodeId] = shape = shape_of(node) if known is None else known
        kids = shape[2]
        if len(kids) != 1 or isinstance(kids[0], int):  # else a text alone: no element inside
            stack += [kid for kid in reversed(node.children_nodes) if isinstance(kid, Element)]
    return found


class StoppedClock:
    """Timers that never fire: the build's computer never moves."""

    def set_timeout(self, callback: Callable[[], None], delay_ms: int) -> int:
        return 0

    def cancel(self, timer: Any) -> None:
        pass


class Run:
    """One start of a game page's front end in CPython, as its worker starts it: the ops
    posted, applied to `replica` (the page) as they come."""

    def __init__(self, page: str, slug: str, files: Path | None, theme: str) -> None:
        html_attributes, self.tree = parsed(page)
        self.slug = slug
        self.shown: dict[int, Shape] = {}  # the page's shapes, when last taken
        self.changed: set[int] = set()  # the elements the ops changed since
        self.html = {**html_attributes, "data-theme": theme}
        self.replica = Document(self.tree, self.html)
        self.nodes = dict(self.replica.nodes)  # the page's map: it holds every element
        self.ops: list[Op] = []
        self.files = files
        board = self.replica.querySelector("#board")
        if board is None:
            raise ValueError(f"{slug}: the page has no #board")
        self.board = board
        self.message = {
            "kind": "start",
            "slug": slug,
            "tree": self.tree,
            "html": self.html,
            "location": {"href": f"{SITE}games/{slug}/", "search": "", "hash": ""},
            "storage": {},
            "media": {"forcedColors": False, "dark": theme == "dark"},
            "pixelRatio": PIXEL_RATIO,
            "sizes": {str(board.nodeId): [BUILD_WIDTH, 420]},
            "focus": None,
            "lang": self.html.get("lang", "en"),
            "site": SITE,
        }
        self.theme = theme
        boards = len(main._boards)
        self.channel = asyncio.run(
            worker.start(self.message, self.post, StoppedClock(), self.fetch)
        )
        self.controller: Any = main._boards[-1] if len(main._boards) > boards else None
        self.state = None if self.controller is None else self.controller.session.game.state

    async def fetch(self, url: str) -> bytes | None:
        """The site's files from the build's output (the language's catalogue)."""
        if self.files is None or not url.startswith(SITE):
            return None
        path = self.files / urlsplit(url).path.removeprefix(urlsplit(SITE).path)
        return path.read_bytes() if path.is_file() else None

    def post(self, message: dict[str, Any]) -> None:
        message = json.loads(json.dumps(message))  # what a structured clone carries
        if message["kind"] == "ops":
            self.ops += message["ops"]
            self.changed |= apply_ops(self.replica, self.nodes, message["ops"], [])
        elif message["kind"] == "failed":
            raise RuntimeError(f"the front end could not start: {message['reason']}")

    def shapes(self) -> dict[int, Shape]:
        """`page_diff.shapes` of the page now (not to be changed: it is kept), the elements
        no op changed since last taken kept as they were: each of Digit Chain's presses takes
        the page three times, and its 1,200 elements shaped anew each time were the largest
        part of the build's CPU."""
        if self.changed or not self.shown:
            self.shown = reshaped(self.shown, self.replica.body, self.changed)
            self.changed = set()
        return self.shown

    def keys(self) -> list[str]:
        buttons = self.channel.document.querySelectorAll(TARGETS)
        return [b.getAttribute("data-key") or "" for b in buttons]

    def press(self, key: str, dealt: Dealt = None) -> list[Op]:
        """The ops one press of `key` posts (as the page's `first` message plays it), with
        the hidden row `dealt` if given (as the page draws one)."""
        before = len(self.ops)
        first: dict[str, Any] = {"kind": "first", "key": key}
        if dealt is not None:
            first["dealt"] = list(dealt)
        worker.play_first(self.channel, first)
        self.channel.flush()
        return self.ops[before:]

    def rows_to_deal(self) -> list[tuple[int, ...]]:
        """Every hidden row the fresh game's first human to take the screen may be dealt
        (`py_rules.play.dealing`), in a fixed order: none where it deals none."""
        row = None if self.controller is None else row_to_deal(self.controller.session)
        return [] if row is None else list(itertools.permutations(row))

    def switch_theme(self, theme: str) -> list[Op]:
        """The ops the page's theme switch to `theme` posts (a `theme` message)."""
        before = len(self.ops)
        self.channel.receive({"kind": "theme", "theme": theme})
        self.theme = theme
        return self.ops[before:]

    def new_game(self) -> list[Op]:
        """The ops a click on New game posts, the focus nowhere, as at the start."""
        button = self.channel.document.querySelector(NEW_GAME)
        if button is None:
            raise ValueError("the page has no New game button")
        before = len(self.ops)
        click = {"kind": "event", "node": button.nodeId, "type": "click", "target": button.nodeId}
        self.channel.receive({**click, "key": None, "detail": None, "focus": None})
        return self.ops[before:]


# ----- what the build keeps of a run --------------------------------------------------------


def mark_created(doc: Document) -> None:
    for node in doc.nodes.values():
        if node.nodeId >= FIRST_NEW_ID:
            node.attributes[ID] = str(node.nodeId)


def subtree_ends(doc: Document) -> dict[int, int]:
    """Each element's id and the id after its subtree, as the page numbers them (pre-order)."""
    return {
        node.nodeId: node.nodeId + len(list(node.descendants())) + 1 for node in doc.nodes.values()
    }


def mark_ends(doc: Document, ends: dict[int, int]) -> None:
    """Elements of the page that lost some of their elements to Python (it replaced them)
    say where their numbering ends (`data-nd-end`), so that the page numbers the elements
    after them as it did before (page-worker.js)."""
    for node in [doc.body, *doc.body.descendants()]:
        if node.nodeId < FIRST_NEW_ID:
            kept = [n for n in node.descendants() if n.nodeId < FIRST_NEW_ID]
            if node.nodeId + len(kept) + 1 != ends[node.nodeId]:
                node.attributes[END] = str(ends[node.nodeId])


def same_place(found: Element | None, node: Element) -> bool:
    return (
        found is not None
        and found.localName == node.localName
        and all(
            found.getAttribute(name) == value
            for name, value in node.attributes.items()
            if name != "style"
        )
    )


def sent_tree(doc: Document) -> list[Any]:
    """The body as the page sends it in `start` (page-worker.js, numberBody): the elements
    Python made left out, a placeholder for each element of the page Python removed."""
    counter = [1]

    def walk(node: Element) -> list[Any]:
        counter[0] += 1
        kids: list[Any] = []
        for item in node.children_nodes:
            if isinstance(item, Text):
                kids.append(item.data)
            elif ID not in item.attributes and item.nodeId < FIRST_NEW_ID:
                kids.append(walk(item))
        end = int(node.attributes.get(END, 0))
        while counter[0] < end:
            kids.append(["template", {}, []])
            counter[0] += 1
        tag = f"svg:{node.localName}" if node.namespace else node.localName
        return [tag, dict(node.shown_attributes()), kids]

    return walk(doc.body)


FRESH_LOADING = 'html[data-nd-board="fresh"] body[data-state="loading"]'


def style_sheet(doc: Document) -> str:
    """The style attributes of the board the build drew, taken out of its elements into
    rules (the pages' policy refuses style attributes, not a <style> it holds the hash of),
    which hold while the page loads and shows that board: Python's own styles take over when
    it draws. Any other visit hides the build's board behind the loading screen, whose room
    (a min-height) must not meet the board's aspect ratio: a board 360 px tall at 600 / 156
    would be 1,385 px wide, and Python would measure and draw it so."""
    rules = []
    for node in doc.body.descendants():
        style = node.attributes.pop("style", None)
        if style is None:
            continue
        if ID in node.attributes:
            selector = f'[{ID}="{node.attributes[ID]}"]'
        elif node.attributes.get("id"):
            selector = f"#{node.attributes['id']}"
        else:
            raise ValueError(f"<{node.localName}> has a style and neither an id nor a {ID}")
        body = ";".join(f"{n}:{v}" for n, v in declarations(style).items())
        rules.append(f"{FRESH_LOADING} {selector}{{{body}}}")
    return "\n".join(rules)


# ----- the page -----------------------------------------------------------------------------


def element_span(page: str, tag: str, cls: str) -> tuple[int, int]:
    """Where the element `<tag class="cls">` starts and ends in `page` (nested ones of the
    same tag counted)."""
    start = page.index(f'<{tag} class="{cls}"')
    depth, at = 0, start
    pattern = re.compile(rf"<(/?){tag}\b[^>]*>")
    for found in pattern.finditer(page, start):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return start, found.end()
        at = found.end()
    raise ValueError(f"<{tag} class={cls!r}> is not closed (last seen at {at})")


def opening_tag(node: Element) -> str:
    outer = node.outer_html()
    return outer[: outer.index(">") + 1]


def touched_outside(doc: Document, ops: Iterable[Op]) -> list[int]:
    """Elements of the page the start changed outside the parts the build writes."""
    inside = {doc.body.nodeId}
    for node in doc.querySelectorAll(", ".join(f"{tag}.{cls}" for tag, cls in PARTS)):
        inside |= {node.nodeId, *(n.nodeId for n in node.descendants())}
    names = ("prop", "attr", "class", "style", "append", "prepend", "children", "insert", "remove")
    return sorted(
        {op[1] for op in ops if op[0] in names and op[1] < FIRST_NEW_ID and op[1] not in inside}
    )


def written(page: str, doc: Document) -> str:
    """`page` with the body's attributes and the parts Python writes taken from `doc`."""
    for tag, cls in PARTS:
        node = doc.querySelector(f"{tag}.{cls}")
        assert node is not None, cls
        start, end = element_span(page, tag, cls)
        page = page[:start] + node.outer_html() + page[end:]
    body = re.search(r"<body\b[^>]*>", page)
    assert body is not None
    return page[: body.start()] + opening_tag(doc.body) + page[body.end() :]


def board_params(slug: str, lang: str) -> str:
    """What page-worker.js needs in <head> to decide whether this visit shows the build's
    board: the keys a saved game of this game would have in localStorage (`{scope}`: the
    site's folder, as `address_bar.site_scope` says it), the language and the themes the
    build drew."""
    saves = [storage.site_key("{scope}", slug), storage.UNSCOPED_PREFIX + slug]
    return json.dumps({"saves": saves, "lang": lang, "themes": list(THEMES)})


def data_script(data: dict[str, Any]) -> str:
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="{DATA_ID}">{text}</script>'


@contextlib.contextmanager
def page_state_kept() -> Iterator[None]:
    """The front end keeps, for the life of its page, a palette, a language and dom's backend;
    each run of the build sets them for its page. The build (and a test in the same process)
    gets back what it had."""
    palette, language, backend = palettes.current, i18n.language(), dom.mirrored()
    try:
        yield
    finally:
        palettes.use(palette)
        i18n.use(language)
        dom.use_mirror(backend)


@dataclass(frozen=True)
class Drawn:
    """A game page with the fresh board written into it, and the files of its presses too
    heavy for the page (their path from the page's folder -> JSON text)."""

    page: str
    files: dict[str, str]


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a page is drawn, one collection after. The runs
    make millions of small lists and tuples (the ops, the pages' shapes) that live until the
    page is written, and each of the collector's passes walks them all to free next to
    nothing: it took a quarter of Digit Chain's CPU. The few cycles the runs leave (the
    front end's elements) wait for the collection at the end."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
        gc.collect()


def early_board(page: str, slug: str, files: Path | None) -> Drawn:
    """The game page `page` with the fresh board the front end draws written into it."""
    with page_state_kept(), collector_paused():
        return drawn_page(page, slug, files)


def drawn_page(page: str, slug: str, files: Path | None) -> Drawn:
    """`early_board`'s work, which changes the front end's state for its runs."""
    light = Run(page, slug, files, "light")
    outside = touched_outside(light.replica, light.ops)
    if outside:
        raise ValueError(
            f"{slug}: the front end changed elements the build does not write: {outside}"
        )
    canvas = light.board.querySelector("canvas")
    assert canvas is not None
    keys = light.keys()
    fresh = light.shapes()
    doc = document_of(fresh, {})  # the page to write, before the run plays on
    pictures = {"light": last_picture(light.ops, canvas.nodeId) or []}
    # One run plays every press in both themes, by the page's theme switch after each (it
    # must leave the page as it is: only the picture depends on the theme).
    pictures["dark"] = switched_picture(light, "dark", canvas.nodeId)
    # Where the fresh game deals a hidden row (`Run.rows_to_deal`), every press is played with
    # one dealt, the first in this run and the last in the next: a press that shows the row
    # then shows two others, whatever chance draws (two shuffles alike would hide it).
    rows = light.rows_to_deal()
    dealt_first, dealt_last = (rows[0], rows[-1]) if rows else (None, None)
    to_play = [(key, dealt_first) for key in keys]
    played = dict(zip(keys, play_each(light, to_play, canvas.nodeId, pictures), strict=True))
    # A second game, started dark after the first has played (the front end keeps one page's
    # state): the fresh board must not hold chance, and the theme switch must draw what a
    # dark start draws.
    dark = Run(page, slug, files, "dark")
    if dark.shapes() != fresh:  # two games: their random draws differ
        raise ValueError(
            f"{slug}: the fresh board depends on chance, or on the theme beyond its picture: "
            "the build cannot draw it"
        )
    if (last_picture(dark.ops, canvas.nodeId) or []) != pictures["dark"]:
        raise ValueError(f"{slug}: the theme switch draws another picture than a dark start")
    chance: list[str] = []
    if dark.state != light.state:  # the games differ unseen: a press may show chance
        to_play = [(key, dealt_last) for key in keys]
        again = play_each(dark, to_play, canvas.nodeId, {"dark": pictures["dark"]})
        chance = [
            k for k, a in zip(keys, again, strict=True) if page_shown(a) != page_shown(played[k])
        ]
        keys = [key for key in keys if key not in chance]
    patches = {theme: Patches(calls) for theme, calls in pictures.items()}
    presses = {key: press_shown(fresh, patches, played[key]) for key in keys}
    # A press that shows chance is shown before Python with a hidden row the page deals, where
    # that row is all of its chance (played on a third run: `play_each` once a run); else it
    # waits for Python.
    dealt: list[tuple[str, dict[str, Any]]] = []
    if chance:
        third = Run(page, slug, files, "light")
        dealt = [
            (key, {"dealt": row, **press_shown(fresh, patches, shown)})
            for key, row, shown in dealt_presses(third, chance, canvas.nodeId, pictures)
        ]
    mark_created(doc)
    mark_ends(doc, subtree_ends(Document(light.tree)))
    doc.body.attributes[BUILT] = ""
    css = style_sheet(doc)
    numbered = Document(sent_tree(doc))
    for node in [doc.body, *doc.body.descendants()]:
        if node.nodeId < FIRST_NEW_ID and not same_place(numbered.nodes.get(node.nodeId), node):
            raise ValueError(
                f"{slug}: the page would number <{node.localName}> {node.nodeId} otherwise"
            )
    data: dict[str, Any] = {
        "width": BUILD_WIDTH,
        "canvas": canvas.nodeId,
        "pictures": pictures,
        "presses": presses,
    }
    # Presses too heavy for the page, and every dealt one, are a file each, fetched when
    # pressed (the page draws one of a key's dealt files at random).
    filed = list(presses.items()) if len(compact(presses)) > PRESSES_BUDGET else []
    filed += dealt
    press_files: dict[str, str] = {}
    if filed:
        texts = [compact({"key": key, **press}) for key, press in filed]
        folder = f"{PRESSES}/{hashlib.sha256(''.join(texts).encode()).hexdigest()[:12]}/"
        data["presses"] = {} if len(filed) > len(dealt) else presses
        data["files"] = {"at": folder, "keys": [key for key, _press in filed]}
        press_files = {f"{folder}{n}.json": text for n, text in enumerate(texts)}
    out = written(page, doc)
    out = out.replace("</body>", f"{data_script(data)}\n</body>", 1)
    out = out.replace("</head>", f"<style>{css}</style>\n</head>", 1)
    marker = WORKER_PAGE
    params = board_params(slug, light.html.get("lang", "en")).replace('"', "&quot;")
    return Drawn(out.replace(marker, f'{marker} data-board="{params}"', 1), press_files)


def compact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Pressed:
    """What one press on the fresh board shows: the page (under the ids a fresh start and
    that press give), the picture's calls, and the ops that scroll."""

    page: dict[int, Shape]
    calls: list[Any]
    later: list[Op]


def dealt_presses(
    run: Run, keys: list[str], canvas: int, pictures: dict[str, list[Any]]
) -> list[tuple[str, list[int], dict[str, Pressed]]]:
    """What each press of `keys` (whose outcome is chance) shows with each hidden row the page
    may deal for it (`Run.rows_to_deal`), played on the fresh run `run`: (key, row, shown).
    A press whose outcome is chance beyond the row is left out (it waits for Python): its
    first row, played twice again last (after New games have drawn every other secret
    afresh), must show the same page each time."""
    rows = run.rows_to_deal()
    presses = [(key, row) for key in keys for row in rows]
    replays = [(key, rows[0]) for key in keys for _twice in range(2)]
    shown = play_each(run, presses + replays, canvas, pictures)
    again = shown[len(presses) :]
    same = {
        key: page_shown(again[2 * n])
        == page_shown(again[2 * n + 1])
        == page_shown(shown[n * len(rows)])
        for n, key in enumerate(keys)
    }
    return [
        (key, list(row), pressed)
        for (key, row), pressed in zip(presses, shown[: len(presses)], strict=True)
        if same[key]
    ]


def page_shown(pressed: dict[str, Pressed]) -> dict[int, Shape]:
    """The page a press shows (the same in every theme)."""
    return next(iter(pressed.values())).page


def play_each(
    run: Run, presses: Iterable[Press], canvas: int, pictures: dict[str, list[Any]]
) -> list[dict[str, Pressed]]:
    """Each of `presses` (a button's key, and the hidden row the page deals for it or None)
    on the fresh board of `run`, in each theme of `pictures` (the fresh picture per theme):
    pressed in the run's theme, then the page's theme switch to the other themes (the page
    must not change: only the picture depends on the theme), then back to the fresh board
    with New game in the last theme, which the next press starts from. Each return is
    checked (ValueError if its page or its picture differ), since the next press is
    recorded from there. Called once a run: the presses' new elements are named from the
    run's next id at the call."""
    fresh = run.shapes()
    first = run.channel.document.next_id
    names = {node_id: node_id for node_id in fresh}
    found: list[dict[str, Pressed]] = []
    for key, dealt in presses:
        run.ops.clear()  # only this press's ops are read
        name = Names(names, run.channel.document.next_id, first)
        ops = run.press(key, dealt)
        page = run.shapes()
        later = [renamed_scroll(op, name) for op in ops if op[0] == "scroll"]
        recorded = renamed(page, name)
        themes = [run.theme, *(theme for theme in pictures if theme != run.theme)]
        calls = pictures[run.theme]
        shown: dict[str, Pressed] = {}
        for theme in themes:
            if theme != run.theme:
                calls = switched_picture(run, theme, canvas, page)
            else:
                drawn = last_picture(ops, canvas)
                calls = calls if drawn is None else drawn
            shown[theme] = Pressed(recorded, calls, later)
        found.append({theme: shown[theme] for theme in pictures})  # in the themes' order
        back = last_picture(run.new_game(), canvas)
        try:
            names = matched(run.shapes(), fresh)
        except ValueError as error:
            raise ValueError(
                f"{run.slug}: New game after {key!r} is not the fresh board: {error}"
            ) from None
        picture = pictures[run.theme]
        if (calls if back is None else back) != picture:
            raise ValueError(f"{run.slug}: New game after {key!r} does not draw the fresh picture")
    return found


def switched_picture(
    run: Run, theme: str, canvas: int, page: dict[int, Shape] | None = None
) -> list[Any]:
    """The picture the page's theme switch to `theme` draws; ValueError if the switch draws
    none or changes the page (`page`, `shapes` of it, if given: else the page before)."""
    before = run.shapes() if page is None else page
    drawn = last_picture(run.switch_theme(theme), canvas)
    if drawn is None or run.shapes() != before:
        raise ValueError(f"{run.slug}: the theme switch to {theme} changes the page, or no picture")
    return drawn


def press_shown(
    fresh: dict[int, Shape], pictures: dict[str, Patches], pressed: dict[str, Pressed]
) -> dict[str, Any]:
    """The data of a press (the same page in every theme): the ops that turn the fresh page
    into its page, and per theme the patch of the picture, where it changed."""
    light = pressed["light"]
    # Only the elements the press changed: an element as fresh adds no op (`changes` would
    # find so, more slowly, for each of the page's elements).
    page = {node_id: shape for node_id, shape in light.page.items() if fresh.get(node_id) != shape}
    return {
        "ops": changes(fresh, page) + light.later,
        "pictures": {
            theme: pictures[theme](press.calls)
            for theme, press in pressed.items()
            if press.calls != pictures[theme].picture
        },
    }


def install(out: Path, folders: Iterable[str], slugs: Iterable[str]) -> None:
    """Write the fresh board into every game page whose Python runs in a worker (the pages
    that load assets/page-worker.js, whatever their file's name). Each page is drawn on its
    own, so they are drawn in as many processes as the machine has cores: this is the build's
    longest step (every press of every page played through the front end), and the tests of
    the pages wait for the build."""
    pages = [
        (path, slug, out)
        for folder in folders
        for slug in slugs
        for path in sorted((out / folder / "games" / slug).glob("*.html"))
    ]
    workers = max(1, min(len(pages), os.cpu_count() or 1))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for _ in pool.map(install_page, pages):
            pass


def install_page(job: tuple[Path, str, Path]) -> None:
    """Write the fresh board of game `slug` into the page at `path`, if it is a worker page."""
    path, slug, out = job
    page = path.read_text(encoding="utf-8")
    if WORKER_PAGE not in page:
        return
    drawn = early_board(page, slug, out)
    path.write_text(drawn.page, encoding="utf-8")
    for name, text in drawn.files.items():
        (path.parent / name).parent.mkdir(parents=True, exist_ok=True)
        (path.parent / name).write_text(text, encoding="utf-8")
