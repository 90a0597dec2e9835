"""The HTML the build writes from Python (analysis tables, board diagrams, the puzzles index,
the notices' own words) in any language: English exactly as before, Spanish with no English
word left.

The Spanish is the build's: the pages' catalogue (site/locale) over the rules' catalogue (game
names, analysis sentences, difficulty names); tests/test_i18n.py checks it has every message.
"""

from __future__ import annotations

import gettext
import hashlib
import html
import json
import re
from pathlib import Path

import analysis_section
import catalogues
import diagram
import notices
import puzzle_index
import pytest

pytestmark = pytest.mark.no_wasm  # the build writes this HTML on the host, not in the page

HERE = Path(__file__).resolve().parent
BEFORE = json.loads((HERE / "generated_en.json").read_text(encoding="utf-8"))
# Words spelled alike in English and Spanish ("no" in "no tiene", "no consta").
SHARED = {"no"}
ENGLISH = gettext.NullTranslations()


def spanish() -> gettext.NullTranslations:
    """The build's Spanish: the pages' catalogue over the rules' one."""
    return catalogues.page_catalogue("es")


def words(page: str, data: tuple[str, ...] = ()) -> set[str]:
    """The words a reader meets in `page` (text and aria-labels), without code, numbers,
    moves, single letters (a->b, N) and the `data` strings (names and addresses that no
    language changes)."""
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', page))
    text = re.sub(r"<code>.*?</code>", " ", page + " " + labels, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    for item in sorted(data, key=len, reverse=True):  # an address before a name inside it
        text = text.replace(item, " ")
    return {word.lower() for word in re.findall(r"[^\W\d_]{2,}", text)}


def english_left(es: str, en: str, data: tuple[str, ...] = ()) -> set[str]:
    return (words(es, data) & words(en, data)) - SHARED


def sample_components() -> list[notices.Component]:
    """One component down each path of our own words on the notices page."""
    C = notices.Component
    kept, kept_words = notices.said("as bundled in {inside}", inside="top-pkg")
    port, port_words = notices.said(
        "ported into {inside}; license of {version}", inside="top-pkg", version="3.0.0"
    )
    mit = "https://spdx.org/licenses/MIT.html"
    return [
        C("top-pkg", "1.2.3", "MIT", "https://example.org/top", license_url=mit),
        C(
            "kept",
            kept,
            notices.NOT_RECORDED,
            "https://www.npmjs.com/package/kept",
            inside="top-pkg",
            version_words=kept_words,
        ),
        C(
            "ported",
            port,
            "ISC",
            "https://github.com/o/ported",
            texts={"LICENSE": "ISC License"},
            inside="top-pkg",
            version_words=port_words,
        ),
        C(
            "shipped",
            "2.0.0",
            notices.IN_TEXT_BELOW,
            "https://x.org",
            texts={"COPYING": "ISC License"},
            inside="top-pkg",
        ),
        C("bare", "0.1.0", notices.NOT_DECLARED, "https://y.org"),
    ]


NOTICES_DATA = (
    "top-pkg",
    "kept",
    "ported",
    "shipped",
    "bare",
    "https://example.org/top",
    "https://www.npmjs.com/package/kept",
    "https://github.com/o/ported",
    "https://x.org",
    "https://y.org",
    "ISC License",
    "LICENSE",
    "COPYING",
    "MIT",
    "ISC",
)


@pytest.mark.parametrize("slug", list(BEFORE["analysis"]))
def test_a_game_pages_generated_html_in_english_is_as_before(slug: str) -> None:
    before = BEFORE["analysis"][slug].replace(
        "solvers in\n  <code>", "solvers in <code>"
    )  # the one change: the note is one message, on one line
    assert analysis_section.section_html(slug, ENGLISH) == before
    figure = diagram.figure_html(slug, ENGLISH).encode()
    assert hashlib.sha256(figure).hexdigest() == BEFORE["diagram"][slug]


def test_the_puzzles_index_in_english_is_as_before() -> None:
    assert puzzle_index.index_html(ENGLISH) == BEFORE["puzzle_index"]


def test_the_notices_own_words_in_english_are_as_committed() -> None:
    page = notices.sections_html(sample_components(), ENGLISH)
    assert page == (HERE / "notices_en.html").read_text(encoding="utf-8").rstrip("\n")


@pytest.mark.parametrize("slug", list(BEFORE["analysis"]))
def test_a_game_pages_generated_html_in_spanish_has_no_english_left(slug: str) -> None:
    es = spanish()
    analysis = analysis_section.section_html(slug, es)
    assert english_left(analysis, analysis_section.section_html(slug, ENGLISH)) == set()
    assert "Partida estándar" in analysis
    figure = diagram.figure_html(slug, es)
    assert english_left(figure, diagram.figure_html(slug, ENGLISH)) == set()
    assert "El tablero estándar de" in figure


def test_the_puzzles_index_in_spanish_has_no_english_left() -> None:
    page = puzzle_index.index_html(spanish())
    assert english_left(page, puzzle_index.index_html(ENGLISH)) == set()
    assert "Problema 1: gana en 1 jugada (objetivo 11, sin totales negativos)" in page


def test_the_notices_own_words_in_spanish_have_no_english_left() -> None:
    found = sample_components()
    page = notices.sections_html(found, spanish())
    assert english_left(page, notices.sections_html(found, ENGLISH), NOTICES_DATA) == set()
    assert 'adaptado dentro de <span translate="no">top-pkg</span>; licencia' in page
