"""The header's language menu as the build writes it (scripts/build/page_templates.py): one option
for each language the menu offers (app.settings.LANGUAGES), named in its own language, in
a select named "Language" in the page's language, with its script on every page."""

from __future__ import annotations

from html.parser import HTMLParser

import page_templates
import pytest
from app.settings import LANGUAGE_NAMES, LANGUAGES

from py_rules.i18n import SOURCE_LANGUAGE

pytestmark = pytest.mark.no_wasm  # the build writes the menu on the host; the page runs none of it


class Menu(HTMLParser):
    """The options of select.language-menu and the text of the label around it."""

    def __init__(self) -> None:
        super().__init__()
        self.options: list[tuple[str, str, str]] = []  # (value, lang, text)
        self.label = ""
        self.in_label = self.in_select = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "label" and "language-choice" in (found.get("class") or ""):
            self.in_label = True
        elif tag == "select" and self.in_label:
            self.in_select = "language-menu" in (found.get("class") or "")
        elif tag == "option" and self.in_select:
            self.options.append((found.get("value") or "", found.get("lang") or "", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.in_select = False
        elif tag == "label":
            self.in_label = False

    def handle_data(self, data: str) -> None:
        if self.in_select and self.options:
            value, lang, text = self.options[-1]
            self.options[-1] = (value, lang, text + data)
        elif self.in_label:
            self.label += data


def language(tag: str) -> page_templates.Language:
    return next(lang for lang in page_templates.languages() if lang.tag == tag)


@pytest.mark.parametrize("tag", ["en", "es", "ar-XB"])
@pytest.mark.parametrize(("up", "page"), [("", "home"), ("../../", "game"), ("../", "teach")])
def test_every_header_lists_each_language_in_its_own_name(up: str, page: str, tag: str) -> None:
    """The same menu on every page in every language, the page's language selected (a
    pseudo-locale is in no menu: English stays the one selected there)."""
    menu = Menu()
    lang = language(tag)
    menu.feed(page_templates.shared(up, page, lang)["header"])
    assert menu.options == [(code, code, LANGUAGE_NAMES[code]) for code in LANGUAGES]
    assert menu.label.strip() == lang.tr.gettext("Language")
    header = page_templates.shared(up, page, lang)["header"]
    selected = [
        code
        for code in LANGUAGES
        if f'value="{code}" lang="{code}" translate="no" selected' in header
    ]
    assert selected == ([tag] if tag in LANGUAGES else [])


def test_the_names_table_names_every_language_and_english_comes_first() -> None:
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)
    assert LANGUAGES[0] == SOURCE_LANGUAGE  # the menu's choice when none is remembered
    assert LANGUAGE_NAMES["es"] == "Español"
    assert language("es").tr.gettext("Language") != "Language"


@pytest.mark.parametrize(("tag", "root"), [("en", "../"), ("es", "../../"), ("en-XA", "../../")])
def test_every_page_loads_the_language_script_from_the_sites_root(tag: str, root: str) -> None:
    """A page one level inside its language's folder (puzzles/) finds the one copy of the
    site's scripts at the root, its words table first (none in English)."""
    head = page_templates.shared("../", "puzzles", language(tag))["head"]
    every = "en ar de es fr pt-BR zh-Hans en-XA ar-XB"
    aliases = "pt=pt-BR zh=zh-Hans zh-hant= zh-tw= zh-hk= zh-mo="
    script = f'<script src="{root}assets/language.js" data-languages="{every}"'
    assert f'{script} data-aliases="{aliases}"></script>' in head
    assert ('id="nd-words"' in head) == (tag != "en")
    assert head.index("language.js") < head.index("theme.js")
