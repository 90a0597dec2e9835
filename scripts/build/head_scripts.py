"""Each page's blocking <head> scripts joined into one file, asked for with its stylesheet.

A page's classic scripts without `defer` block its parser, and so its first paint. Browsers
normally ask for them all at once: their preload scanner reads ahead of the blocked parser.
Chromium's does not on our pages: a `<meta http-equiv="Content-Security-Policy">` (every page
has one, and GitHub Pages sends no headers) makes it drop what it found in that part of the
document. So each script was asked for only once the one before it had run: one round trip
each, five in a row on a game page (language, theme, no-storage, boot, page-worker) before
its board could take a press. Joined, the scripts come in one request, beside the stylesheet
the parser finds just before: one round trip.

The parts keep their order and their own data attributes, all on the one <script> (each part
reads `document.currentScript`); each runs in a `try`, so that one part's error still leaves
the next to run, as when they were files of their own, and still reaches the console.
"""

from __future__ import annotations

import re
from pathlib import Path

# A parser-blocking script of the site's own assets/ in <head>: its file's stem, its
# attributes after src (data-*), and no defer, async or type.
BLOCKING = re.compile(
    r'(?P<indent>[ \t]*)<script src="(?P<up>(?:\.\./)*)assets/(?P<stem>[\w-]+)\.js"'
    r'(?P<attrs>(?: data-[\w-]+="[^"]*")*)></script>\n?'
)
ATTRIBUTE = re.compile(r' (data-[\w-]+)="[^"]*"')
PREFIX = "head-"  # assets/head-<its parts>.js


def joined_name(stems: list[str]) -> str:
    """The joined file's name, after its parts: assets/head-language-theme.js."""
    return f"{PREFIX}{'-'.join(stems)}.js"


def joined_source(parts: list[str]) -> str:
    """The parts, in order, each in a `try` whose error is thrown again once this script has
    run: reported as an uncaught error, without stopping the parts after it."""
    blocks = [
        f"try {{\n{part}\n}} catch (error) {{\n  setTimeout(() => {{ throw error; }});\n}}"
        for part in parts
    ]
    return '"use strict";\n' + "\n".join(blocks) + "\n"


def join_page(page: str) -> tuple[str, list[str]]:
    """The page with its head's blocking scripts as one <script> where the last one was, and
    the stems joined (none: the page is unchanged, fewer than two such scripts)."""
    head_end = page.find("</head>")
    found = list(BLOCKING.finditer(page, 0, head_end)) if head_end >= 0 else []
    if len(found) < 2:
        return page, []
    stems = [m["stem"] for m in found]
    attrs = "".join(m["attrs"] for m in found)
    names = ATTRIBUTE.findall(attrs)
    if len(names) != len(set(names)):
        raise ValueError(f"two of {stems} carry the same attribute: {names}")
    last = found[-1]
    tag = (
        f'{last["indent"]}<script src="{last["up"]}assets/{joined_name(stems)}"{attrs}></script>\n'
    )
    pieces, at = [], 0
    for match in found:
        pieces.append(page[at : match.start()])
        at = match.end()
    pieces[-1] += tag
    return "".join(pieces) + page[at:], stems


def join(out: Path) -> None:
    """Join the blocking head scripts of every page of the build in `out`; write each joined
    file once; serve a part no page asks for any more no longer on its own."""
    assets = out / "assets"
    joined: set[tuple[str, ...]] = set()
    pages: list[str] = []  # every page as written, read once
    for path in sorted(out.rglob("*.html")):
        page, stems = join_page(path.read_text(encoding="utf-8"))
        if stems:
            path.write_text(page, encoding="utf-8")
            joined.add(tuple(stems))
        pages.append(page)
    for stems in sorted(joined):
        parts = [(assets / f"{stem}.js").read_text(encoding="utf-8") for stem in stems]
        (assets / joined_name(list(stems))).write_text(joined_source(parts), encoding="utf-8")
    for stem in sorted({stem for stems in joined for stem in stems}):
        if not any(f"assets/{stem}.js" in page for page in pages):
            (assets / f"{stem}.js").unlink()
