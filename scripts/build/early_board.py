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
  picture's calls that differ), so that page-worker.js shows a first press at once and hands
  it to Python. A press whose outcome depends on chance (Number Duel's hidden rows) is not
  recorded: it waits for Python.

Positions on the board are written in % of the build's board (the renderers draw at the
width they are given, with margins in pixels, so a board of another width is drawn a little
differently: Python redraws it at its real width when it starts, in the same task as the
first press it confirms).
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from app import worker
from app.browser import dom, storage
from app.browser.mirror import FIRST_NEW_ID, VOID, Document, Element, Text
from app.browser.page_diff import Shape, changes, declarations, shapes, tag_of
from app.drawing import theme as palettes

from py_rules import i18n

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
# The most the first presses may weigh in a page (JSON text, before compression): Digit
# Chain's 99 buttons each change most of the picture, which would weigh megabytes.
PRESSES_BUDGET = 200_000
TARGETS = "#targets button[data-key], #choices button[data-key]"

Op = list[Any]


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
) -> None:
    """Apply `ops` to `doc` as the page's main thread does (page-dom.js, `applyOps`),
    `nodes` being its map of ids (it holds every element, as the page's does); the effects
    are listed in `effects`, and in `unplaced` the elements a `new` emptied in place that no
    op has put anywhere since."""
    unplaced = set() if unplaced is None else unplaced

    def child(item: Any) -> Any:
        if isinstance(item, str):
            return item
        unplaced.discard(item)
        return nodes[item]

    for name, *args in ops:
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
        self.channel = asyncio.run(
            worker.start(self.message, self.post, StoppedClock(), self.fetch)
        )

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
            apply_ops(self.replica, self.nodes, message["ops"], [])
        elif message["kind"] == "failed":
            raise RuntimeError(f"the front end could not start: {message['reason']}")

    def keys(self) -> list[str]:
        buttons = self.channel.document.querySelectorAll(TARGETS)
        return [b.getAttribute("data-key") or "" for b in buttons]

    def press(self, key: str) -> list[Op]:
        """The ops one press of `key` posts (through the protocol's `event` message)."""
        before = len(self.ops)
        worker.play_first(self.channel, {"kind": "first", "key": key})
        self.channel.flush()
        return self.ops[before:]


# ----- what the build keeps of a run --------------------------------------------------------


def canvas_calls(ops: Iterable[Op], canvas: int) -> list[Any]:
    """The calls of the canvas's last picture: those after its size was last set (which
    clears it)."""
    calls: list[Any] = []
    for op in ops:
        if op[0] == "attr" and op[1] == canvas and op[2] in ("width", "height"):
            calls = []
        elif op[0] == "draw" and op[1] == canvas:
            calls += op[2]
    return calls


def percent(value: float, whole: float) -> str:
    return f"{100 * value / whole:.3f}%"


def pixels(text: str | None) -> float | None:
    found = re.fullmatch(r"(-?[\d.]+)px", (text or "").strip())
    return float(found.group(1)) if found else None


def scale(doc: Document) -> None:
    """Write the board's sizes in % of the build's board (and its height as an aspect
    ratio), so that the board the build drew fits any width until Python draws its own."""
    board = doc.querySelector("#board")
    canvas = doc.querySelector("#board-canvas")
    assert board is not None and canvas is not None
    height = pixels(board.style.declarations().get("height"))
    if height is None:
        return
    board.style.setProperty("height", None)
    board.style.setProperty("aspect-ratio", f"{BUILD_WIDTH} / {height}")
    canvas.style.setProperty("width", "100%")
    canvas.style.setProperty("height", "100%")
    targets = doc.querySelector("#targets")
    for button in targets.children if targets is not None else []:
        found = button.style.declarations()
        for name, whole in (("left", BUILD_WIDTH), ("width", BUILD_WIDTH)):
            if (value := pixels(found.get(name))) is not None:
                button.style.setProperty(name, percent(value, whole))
        for name in ("top", "height"):
            if (value := pixels(found.get(name))) is not None:
                button.style.setProperty(name, percent(value, height))


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


def style_sheet(doc: Document) -> str:
    """The style attributes of the board the build drew, taken out of its elements into
    rules (the pages' policy refuses style attributes, not a <style> it holds the hash of),
    which hold while the page loads: Python's own styles take over when it draws."""
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
        rules.append(f'body[data-state="loading"] {selector}{{{body}}}')
    return "\n".join(rules)


def calls_changed(fresh: list[Any], after: list[Any]) -> list[Any]:
    """The picture after a press as a patch of the fresh picture's calls: `[i, j]` keeps
    the fresh calls i to j, any other item is a call of its own (a call starts with its
    name, a text). Most presses change a few cells of the picture."""
    keys = [json.dumps(call) for call in fresh], [json.dumps(call) for call in after]
    patch: list[Any] = []
    matcher = difflib.SequenceMatcher(None, keys[0], keys[1], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            patch.append([i1, i2])
        else:
            patch += after[j1:j2]
    return patch


def patched(fresh: list[Any], patch: list[Any]) -> list[Any]:
    """The calls a patch of `calls_changed` stands for (as page-worker.js reads it)."""
    calls: list[Any] = []
    for item in patch:
        calls += fresh[item[0] : item[1]] if isinstance(item[0], int) else [item]
    return calls


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
    site's folder, as `dom.site_scope` says it), the language and the themes the build drew."""
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


def early_board(page: str, slug: str, files: Path | None) -> str:
    """The game page `page` with the fresh board the front end draws written into it."""
    with page_state_kept():
        return drawn_page(page, slug, files)


def drawn_page(page: str, slug: str, files: Path | None) -> str:
    """`early_board`'s work, which changes the front end's state for its runs."""
    runs = {theme: Run(page, slug, files, theme) for theme in THEMES}
    light = runs["light"]
    again = Run(page, slug, files, "light")  # another game: its random draws differ
    fresh = {theme: run.replica for theme, run in runs.items()}
    outside = touched_outside(light.replica, light.ops)
    if outside:
        raise ValueError(
            f"{slug}: the front end changed elements the build does not write: {outside}"
        )
    for doc in (*fresh.values(), again.replica):
        scale(doc)
    if shapes(fresh["dark"]) != shapes(fresh["light"]):
        raise ValueError(
            f"{slug}: the dark theme's board differs from the light one's beyond its picture"
        )
    if shapes(again.replica) != shapes(fresh["light"]):
        raise ValueError(f"{slug}: the fresh board depends on chance: the build cannot draw it")
    canvas = light.board.querySelector("canvas")
    assert canvas is not None
    pictures = {theme: canvas_calls(run.ops, canvas.nodeId) for theme, run in runs.items()}
    presses: dict[str, Any] = {}
    keys = light.keys()
    for key in keys:
        press = first_press(page, slug, files, key, shapes(fresh["light"]), pictures, canvas.nodeId)
        if press is not None:
            presses[key] = press
        if len(json.dumps(presses)) * len(keys) > PRESSES_BUDGET * len(presses or [None]):
            presses = {}  # too heavy to send to every visitor: every press waits for Python
            break
    doc = fresh["light"]
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
    data = {"width": BUILD_WIDTH, "canvas": canvas.nodeId, "pictures": pictures, "presses": presses}
    out = written(page, doc)
    out = out.replace("</body>", f"{data_script(data)}\n</body>", 1)
    out = out.replace("</head>", f"<style>{css}</style>\n</head>", 1)
    marker = WORKER_PAGE
    params = board_params(slug, light.html.get("lang", "en")).replace('"', "&quot;")
    return out.replace(marker, f'{marker} data-board="{params}"', 1)


def first_press(
    page: str,
    slug: str,
    files: Path | None,
    key: str,
    fresh: dict[int, Shape],
    pictures: dict[str, list[Any]],
    canvas: int,
) -> dict[str, Any] | None:
    """What one press of `key` on the fresh board shows: the page's changes and the
    picture's (per theme); None when it depends on chance. The press is played in the light
    theme and in the dark one, two games whose random draws differ: the page around the picture
    does not depend on the theme (checked for the fresh board), so a difference there is
    chance (Number Duel's hidden rows), and the press waits for Python."""
    results = []
    for theme in THEMES:  # two games: their random draws differ
        run = Run(page, slug, files, theme)
        ops = run.press(key)
        scale(run.replica)
        results.append((shapes(run.replica), canvas_calls(run.ops, canvas), ops))
    (light, light_calls, ops), (dark, dark_calls, _) = results
    if dark != light:
        return None
    later = [op for op in ops if op[0] == "scroll"]
    drawn = {"light": light_calls, "dark": dark_calls}
    return {
        "ops": changes(fresh, light) + later,
        "pictures": {
            theme: calls_changed(pictures[theme], calls)
            for theme, calls in drawn.items()
            if calls != pictures[theme]
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
    if WORKER_PAGE in page:
        path.write_text(early_board(page, slug, out), encoding="utf-8")
