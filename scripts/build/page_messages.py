"""The words of the static pages as gettext messages: found in HTML, and put back translated.

The pages' HTML (site/templates/, site/content/) is written in English, as the code is. A
message is what a translator needs to see whole: the text of a block (a paragraph, a list
item, a heading, a button, a label, a title) with its inline markup (links, emphasis,
code) kept in place, so a sentence is never cut in pieces whose order another language
would change. Its whitespace is folded to single spaces. Besides text, the attributes a
person reads or hears (`title`, `alt`, `aria-label`, `placeholder`, a description's
`content`, a lesson's results and an embed's player names) are messages of their own.

Not messages: scripts, styles, `<pre>`, `<svg>`, `<textarea>`, anything marked
`translate="no"` (the brand), and text with no letters once tags, template fields
(`$title`, `${up}`) and entities are set aside (`0%`, `$rules`).

`extract` is a Babel extraction method (the `pages` domain, site/babel.cfg);
`translate_html(source, tr)` is what the build runs on a template or rules page before it
fills the template's fields, so a translation keeps the same `$fields` as its message.
Standard library only, as the whole build is.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

# Elements that stay inside a message: they mark up words, they do not end a sentence.
INLINE = frozenset(
    {"a", "abbr", "b", "bdi", "br", "cite", "code", "em", "i", "kbd", "mark", "q", "s"}
    | {"small", "span", "strong", "sub", "sup", "time", "u", "var"}
)
# Elements whose content is never a message.
OPAQUE = frozenset({"script", "style", "pre", "svg", "textarea"})
VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
    | {"track", "wbr"}
)
# Attributes read or heard by a person, on any element.
READ_ATTRIBUTES: tuple[str, ...] = ("title", "alt", "aria-label", "placeholder")
# The lesson's words that its script or board shows: its results, its players' names.
READ_ATTRIBUTES += ("data-well-done", "data-try-again", "data-name1", "data-name2")

_TOKEN = re.compile(
    r"(?P<comment><!--.*?-->)"
    r"|(?P<tag></?[a-zA-Z][^>]*>)"
    r"|(?P<doctype><![^>]*>)"
    r"|(?P<text>[^<]+|<)",
    re.DOTALL,
)
_TAG_NAME = re.compile(r"</?([a-zA-Z][a-zA-Z0-9-]*)")
_ATTRIBUTE = re.compile(r"""([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("[^"]*"|'[^']*')""")
_FIELD = re.compile(r"\$(?:\$|\w+|\{\w+\})")
_ENTITY = re.compile(r"&(?:#\d+|#x[0-9a-fA-F]+|\w+);")
_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Token:
    kind: str  # "text", "open", "close", "void", "comment"
    start: int
    end: int
    name: str = ""  # a tag's element name, lower case


@dataclass(frozen=True)
class Unit:
    """One message: where its source is (`start`:`end`), and the message itself."""

    start: int
    end: int
    message: str
    lineno: int


def _tokens(source: str) -> list[Token]:
    tokens = []
    for match in _TOKEN.finditer(source):
        kind = match.lastgroup or "text"
        name = ""
        if kind == "tag":
            raw = match.group()
            named = _TAG_NAME.match(raw)
            name = named.group(1).lower() if named else ""
            if raw.startswith("</"):
                kind = "close"
            elif name in VOID or raw.endswith("/>"):
                kind = "void"
            else:
                kind = "open"
        elif kind == "doctype":
            kind = "comment"
        tokens.append(Token(kind, match.start(), match.end(), name))
    return tokens


def _matches(tokens: list[Token]) -> dict[int, int]:
    """Each open tag's index -> its close tag's index (and back), by name and nesting."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for index, token in enumerate(tokens):
        if token.kind == "open":
            stack.append(index)
        elif token.kind == "close":
            for depth in range(len(stack) - 1, -1, -1):
                if tokens[stack[depth]].name == token.name:
                    opened = stack[depth]
                    del stack[depth:]
                    pairs[opened], pairs[index] = index, opened
                    break
    return pairs


def _has_words(text: str) -> bool:
    plain = _ENTITY.sub(" ", _FIELD.sub(" ", re.sub(r"<[^>]*>", " ", text)))
    return bool(_LETTER.search(plain))


def _fold(text: str) -> str:
    return " ".join(text.split())


def _trim(
    tokens: list[Token], pairs: dict[int, int], source: str, lo: int, hi: int
) -> tuple[int, int]:
    """The run tokens[lo:hi] without the blank text, wordless elements and one wrapping
    element around it all (repeatedly): what a translator needs is inside."""
    while lo < hi:
        first, last = tokens[lo], tokens[hi - 1]
        if first.kind == "text" and not source[first.start : first.end].strip():
            lo += 1
        elif last.kind == "text" and not source[last.start : last.end].strip():
            hi -= 1
        elif first.kind in ("void", "comment"):
            lo += 1
        elif last.kind in ("void", "comment"):
            hi -= 1
        elif (
            first.kind == "open"
            and pairs.get(lo, hi) < hi
            and not _has_words(source[first.start : tokens[pairs[lo]].end])
        ):
            lo = pairs[lo] + 1
        elif (
            last.kind == "close"
            and pairs.get(hi - 1, -1) >= lo
            and not _has_words(source[tokens[pairs[hi - 1]].start : last.end])
        ):
            hi = pairs[hi - 1]
        elif first.kind == "open" and pairs.get(lo) == hi - 1:
            lo, hi = lo + 1, hi - 1
        else:
            break
    return lo, hi


def _attribute_units(source: str, token: Token) -> Iterator[tuple[int, int, str]]:
    raw = source[token.start : token.end]
    described = token.name == "meta" and re.search(r'name\s*=\s*"description"', raw)
    for match in _ATTRIBUTE.finditer(raw):
        name = match.group(1).lower()
        if name in READ_ATTRIBUTES or (described and name == "content"):
            value = match.group(2)[1:-1]
            if _has_words(value):
                start = token.start + match.start(2) + 1
                yield start, start + len(value), _fold(value)


def units(source: str) -> list[Unit]:
    """Every message of an HTML source, in order."""
    tokens = _tokens(source)
    pairs = _matches(tokens)
    found: list[tuple[int, int, str]] = []

    def flush(lo: int, hi: int) -> None:
        """The run tokens[lo:hi] as a message, and the read attributes of its inline
        elements that the message leaves out."""
        inner_lo, inner_hi = _trim(tokens, pairs, source, lo, hi)
        text = (
            source[tokens[inner_lo].start : tokens[inner_hi - 1].end] if inner_lo < inner_hi else ""
        )
        if not _has_words(text):
            inner_lo = inner_hi = hi
        else:
            found.append((tokens[inner_lo].start, tokens[inner_hi - 1].end, _fold(text)))
        for outside in (*range(lo, inner_lo), *range(inner_hi, hi)):
            if tokens[outside].kind in ("open", "void"):
                found.extend(_attribute_units(source, tokens[outside]))

    index, run = 0, 0
    while index < len(tokens):
        token = tokens[index]
        raw = source[token.start : token.end]
        opaque = token.kind == "open" and (token.name in OPAQUE or 'translate="no"' in raw)
        if opaque or (token.kind in ("open", "close", "void") and token.name not in INLINE):
            flush(run, index)
            if token.kind != "close":
                found.extend(_attribute_units(source, token))
            index = (pairs.get(index, index) if opaque else index) + 1
            run = index
            continue
        index += 1
    flush(run, len(tokens))
    return [
        Unit(start, end, message, source.count("\n", 0, start) + 1)
        for start, end, message in sorted(found)
    ]


def translate_html(source: str, tr: gettext.NullTranslations) -> str:
    """`source` with every message replaced by its translation (as it is where there is none:
    English). An attribute's translation is escaped for its double quotes."""
    parts, last = [], 0
    for unit in units(source):
        translated = tr.gettext(unit.message)
        if translated == unit.message:
            continue
        if source[unit.start - 1] == '"' and source[unit.end : unit.end + 1] == '"':
            translated = translated.replace('"', "&quot;")
        parts += [source[last : unit.start], translated]
        last = unit.end
    return "".join(parts) + source[last:]


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method for the pages' HTML: (line, function, message, comments)."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for unit in units(source):
        yield unit.lineno, "", unit.message, []
