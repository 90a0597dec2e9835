"""The static pages' words as messages (scripts/build/page_messages.py): what is one message,
what is not a message at all, and that a translation puts every message back where it was found."""

from __future__ import annotations

import gettext
import io
import re
from html.parser import HTMLParser
from pathlib import Path
from string import Template

import page_messages
import page_templates
import pytest
from hypothesis import given
from hypothesis import strategies as st

pytestmark = pytest.mark.no_wasm  # the build's message scan runs on the host, not in the page

SITE = Path(__file__).resolve().parent.parent / "site"
SOURCES = sorted((SITE / "templates").glob("*.html")) + sorted((SITE / "content").glob("*.html"))


def messages(source: str) -> list[str]:
    return [unit.message for unit in page_messages.units(source)]


class Table(gettext.NullTranslations):
    """A catalogue from a function of the message."""

    def __init__(self, translate: object) -> None:
        super().__init__()
        self.translate = translate

    def gettext(self, message: str) -> str:
        return self.translate(message)  # type: ignore[operator, no-any-return]


def test_a_block_with_its_inline_markup_is_one_message_with_its_whitespace_folded() -> None:
    source = '<p>Play a <a href="x/">friend</a>\n   or <strong>the computer</strong>.</p>'
    assert messages(source) == ['Play a <a href="x/">friend</a> or <strong>the computer</strong>.']


def test_blocks_split_messages_and_a_wrapping_or_wordless_element_is_left_out() -> None:
    source = (
        "<ul><li>One</li>\n<li><a href='a'>Two</a></li></ul>"
        '<li>Downloading <span id="bytes" class="detail"></span></li>'
        '<h2><span class="mark" aria-hidden="true"></span>Three</h2>'
    )
    assert messages(source) == ["One", "Two", "Downloading", "Three"]


def test_code_scripts_pictures_and_what_says_translate_no_are_not_messages() -> None:
    source = (
        "<script>const a = 'Words';</script><style>p::after{content:'Words'}</style>"
        "<pre>License words</pre><svg><text>Words</text></svg>"
        '<a class="brand" translate="no"><span></span>Number Duels</a><p>Kept</p>'
    )
    assert messages(source) == ["Kept"]


def test_text_without_letters_is_not_a_message() -> None:
    source = "<p>$rules</p><progress>0%</progress><p>${up} 12 &amp; 3</p><p>$$</p>"
    assert messages(source) == []


def test_what_a_person_reads_or_hears_in_an_attribute_is_a_message_of_its_own() -> None:
    source = (
        '<meta name="description" content="Five games.">'
        '<meta name="viewport" content="width=device-width">'
        '<section aria-label="The board" class="play"><p title="Tip">Go</p></section>'
        '<input placeholder="From the beginning"><div data-name1="You" data-game="x"></div>'
        '<p>See <a href="t" title="The lesson">this</a></p>'
    )
    assert messages(source) == [
        "Five games.",
        "The board",
        "Tip",
        "Go",
        "From the beginning",
        "You",
        'See <a href="t" title="The lesson">this</a>',
    ]


def test_a_translation_replaces_each_message_and_escapes_quotes_in_attributes() -> None:
    source = '<p aria-label="Board">Hello <em>you</em></p>'
    table = {"Board": 'El "tablero"', "Hello <em>you</em>": "Hola <em>tú</em>"}
    tr = Table(lambda message: table.get(message, message))
    assert page_messages.translate_html(source, tr) == (
        '<p aria-label="El &quot;tablero&quot;">Hola <em>tú</em></p>'
    )


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_english_pages_are_left_byte_for_byte_as_written(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert page_messages.translate_html(source, gettext.NullTranslations()) == source


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
@given(prefix=st.text(alphabet="«¿ñ→", min_size=1, max_size=3))
def test_every_message_is_found_again_translated_where_it_was(path: Path, prefix: str) -> None:
    """Translate every message of a real page; the translated page has the same messages in
    the same order, each translated, and its fields survive for Template to fill."""
    source = path.read_text(encoding="utf-8")
    tr = Table(lambda message: f"{prefix}{message}")
    translated = page_messages.translate_html(source, tr)
    assert messages(translated) == [f"{prefix}{message}" for message in messages(source)]
    assert Template(translated).get_identifiers() == Template(source).get_identifiers()


def test_the_extractor_gives_babel_each_message_with_its_line() -> None:
    source = b"<p>One</p>\n\n<p>Two\n words</p>"
    found = list(page_messages.extract(io.BytesIO(source), [], [], {}))
    assert found == [(1, "", "One", []), (3, "", "Two words", [])]


class TextNodes(HTMLParser):
    """The text a person sees on a page, outside what is not words (scripts, styles, code
    blocks, pictures, what says translate="no")."""

    SKIP = frozenset({"script", "style", "pre", "svg", "textarea"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.seen: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in page_messages.VOID:
            return
        skip = tag in self.SKIP or ("translate", "no") in attrs
        self.stack.append((tag, skip or any(s for _, s in self.stack)))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not any(skipped for _, skipped in self.stack[-1:]) and data.strip():
            self.seen.append(data.strip())


def rendered(template: str, language: page_templates.Language) -> str:
    """A template as the build writes it in `language`, its own fields left empty."""
    parts = page_templates.shared("../", "page", language)
    source = (SITE / "templates" / template).read_text(encoding="utf-8")
    fields = dict.fromkeys(Template(source).get_identifiers(), "")
    return page_templates.render(template, language, **(fields | parts))


@pytest.mark.parametrize("template", [p.name for p in sorted((SITE / "templates").glob("*.html"))])
def test_in_the_accented_pseudo_locale_no_english_word_is_left_on_a_page(template: str) -> None:
    """en-XA accents every letter: an unaccented English word on a page was never a message.
    (The page in a browser, with what Python draws, is checked by e2e/test_pseudo_locales.py.)"""
    language = next(lang for lang in page_templates.languages() if lang.tag == "en-XA")
    nodes = TextNodes()
    nodes.feed(rendered(template, language))
    english = [text for text in nodes.seen if re.search(r"[A-Za-z]{2,}", text)]
    assert english == []
