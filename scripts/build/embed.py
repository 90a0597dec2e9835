"""The embeddable form of the site — `embed.js` and `assets/embed.css`.

`install(out)` (called by build_site.py) writes, at the root of the build:

- `embed.js` from site/embed/embed.js with assets/page-dom.js copied in (what it shares with
  a game page whose Python is in a worker), told where the runtime, the Python bundle and the
  styles are (paths from the root; the script finds the root from its own address), and
  its own few messages in each language passed in (a host page has no assets/language.js),
  and the tags that name one of them besides their own (py_rules.i18n.tags.aliases);
- `assets/embed.css`: the site's stylesheet scoped under `.number-duels` with CSS nesting,
  so an embedded board looks like the game pages and restyles nothing else on a host page.

The tutorial (`tutorial.html`, a lesson that embeds two games as any page would) is one of
the pages build_site.py writes in every language.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import page_words
import snapshot

from py_rules.i18n import SOURCE_LANGUAGE
from py_rules.i18n.tags import aliases

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
# The main thread's share of a page whose Python runs in a worker: a game page loads it as
# a script of its own; embed.js holds a copy (a host page loads one script of ours).
PAGE_DOM = SITE / "assets" / "page-dom.js"
PAGE_DOM_MARKER = "/*@PAGE_DOM@*/"
# The box around an embedded board (on a host page there is no .play panel around it).
EMBED_ROOT_CSS = """
.number-duels { display: block; margin: 1rem 0; padding: 1rem; border: 1px solid var(--line);
  border-radius: var(--radius); background: var(--surface); max-width: 760px; }
"""


# What CSS cannot nest inside a style rule: a browser drops it there (the spinner would not
# turn on a host page without our style.css). Keyframes (one level of blocks inside) move out,
# named so that a host page's own are not replaced; the print page's margins are the host's.
KEYFRAMES = re.compile(r"@keyframes\s+[\w-]+\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}\n?")
PAGE_RULE = re.compile(r"[ \t]*@page\s*\{[^{}]*\}\n?")


def scoped_css(css: str) -> str:
    """`css` applied inside `.number-duels` only (its :root variables on the box itself), with
    its keyframes outside the scope, where CSS allows them."""
    keyframes = "".join(match.group(0) for match in KEYFRAMES.finditer(css))
    scoped = PAGE_RULE.sub("", KEYFRAMES.sub("", css)).replace(":root {", "& {", 1)
    return ".number-duels {\n" + scoped + "\n}\n" + keyframes + EMBED_ROOT_CSS


Translations = Mapping[str, gettext.NullTranslations]  # language tag -> its catalogue


def embed_script(
    bundle: str,
    data: tuple[str, ...] = (),
    translations: Translations | None = None,
    early: Sequence[str] = (),
) -> str:
    """embed.js, told the runtime, the bundle and the data files (an embed may show any game)
    and what its worker asks for at once (`early`, scripts/build/early_downloads.py), with its
    messages in each language of `translations` (English needs none)."""
    path = SITE / "embed" / "embed.js"
    messages = page_words.js_messages([path])
    config = {
        "interpreter": f"vendor/pyodide/{snapshot.interpreter_name()}",
        "bundle": bundle,
        "data": list(data),
        "early": list(early),
        "css": "assets/embed.css",
        "words": {tag: page_words.words(tr, messages) for tag, tr in (translations or {}).items()},
        "aliases": aliases([SOURCE_LANGUAGE, *(translations or {})]),
    }
    source = path.read_text(encoding="utf-8")
    marker = "/*@CONFIG@*/ null"
    assert source.count(marker) == 1, "site/embed/embed.js lost its CONFIG marker"
    assert source.count(PAGE_DOM_MARKER) == 1, "site/embed/embed.js lost its page-dom marker"
    page_dom = PAGE_DOM.read_text(encoding="utf-8").replace('"use strict";\n', "", 1)
    return source.replace(marker, page_words.safe_json(config)).replace(
        PAGE_DOM_MARKER, indented(page_dom.strip(), "  ")
    )


def indented(text: str, prefix: str) -> str:
    """`text` with every line but the first (which takes the marker's place) indented."""
    return text.replace("\n", "\n" + prefix).replace("\n" + prefix + "\n", "\n\n")


def install(
    out: Path,
    bundle: str,
    data: tuple[str, ...],
    translations: Translations | None = None,
    early: Sequence[str] = (),
) -> None:
    """Write embed.js and embed.css (`translations`: every language but English)."""
    script = embed_script(bundle, data, translations, early)
    (out / "embed.js").write_text(script, encoding="utf-8")
    css = (SITE / "assets" / "style.css").read_text(encoding="utf-8")
    (out / "assets" / "embed.css").write_text(scoped_css(css), encoding="utf-8")
