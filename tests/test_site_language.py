"""The pages' words in the player's language: every game's board and status line speak
Spanish after `i18n.use("es")` and the same English as before after `i18n.use("en")`;
how a page takes its language (its <html lang>, or an embed's data-lang) and fetches
that catalogue; and English never imports gettext.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import types
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

try:
    importlib.import_module("app.browser.dom")
except ImportError:  # no browser here: the page's calls are stood in for below
    sys.modules["app.browser.dom"] = types.ModuleType("app.browser.dom")

from app import wording
from app.headless.board import view_of
from app.pages import language
from app.pages.language import LANGUAGES, PSEUDO_LANGUAGES, choose, supported
from app.renderers import renderer_class
from hypothesis import given, settings
from hypothesis import strategies as st
from language_tags import LOCALE_NAMES, TAGS
from pseudo_locales import pseudo_mo
from strategies import SHIPPED, played_games

from py_rules import Phase, Session, i18n
from py_rules.i18n.mo import compile_po, parse_po

REPO = Path(__file__).resolve().parent.parent
WIDTH = 600.0


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def page_words(game: Any) -> list[str]:
    """Every sentence and label the board of `game` shows now that is not a bare number:
    the status line, the move list, the players' facts, the buttons' names and titles."""
    session = Session(game.copy())
    if session.phase is Phase.HAND_OVER:
        session.reveal()
    renderer = renderer_class(game.slug)(type(game))
    view = view_of(session, None)
    log = wording.describe_all(session, renderer)
    words = [wording.status(session, renderer, view, log), *log]
    for player in (1, 2):
        words += renderer.player_facts(session.game, view, player)
    for target in renderer.layout(session.game, view, WIDTH).targets:
        words += [text for text in (target.label, target.title) if any(map(str.isalpha, text))]
    if session.phase is not Phase.HUMAN:
        words.append(wording.not_now(session))
    return words


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_game_shows_spanish_after_use_es_and_the_same_english_after_use_en(
    data: st.DataObject,
) -> None:
    game = data.draw(played_games(SHIPPED), label="game")
    english = page_words(game)
    assert i18n.use("es") == "es"
    spanish = page_words(game)
    assert i18n.use("en") == "en"
    assert page_words(game) == english, "English is as it was"
    for es, en in zip(spanish, english, strict=True):
        assert es != en, f"still English in Spanish: {en!r}"


def test_the_hint_and_the_end_of_a_game_in_spanish() -> None:
    i18n.use("es")
    assert wording.hint({"move": "3", "exact": True, "winning": True, "value": 1.0}) == (
        "Pista: juega 3. Gana contra cualquier defensa."
    )
    chance = wording.hint({"move": "4", "exact": True, "winning": None, "value": 0.45})
    assert chance.startswith("Pista: juega 4.") and i18n.percent(0.45) in chance
    game = Session.new("circle-duel", {"size": 5}).game
    for move in ["4", "5", "1", "2", "3"]:
        game.play(move)
    renderer = renderer_class("circle-duel")(type(game))
    assert wording.ending(game, renderer) == "¡Gana Jugador 1! Jugador 2 no puede mover."
    against = Session.new("circle-duel", {}, ("Ann", "Computer"), 2).game  # as the pages name it
    assert [against.player_name(1), against.player_name(2)] == ["Ann", "Ordenador"]
    assert against.names == ("Ann", "Computer"), "kept in English, as saves and links are"
    i18n.use("en")
    assert wording.ending(game, renderer) == "Player 1 wins! Player 2 cannot move."


def test_the_lesson_builders_code_speaks_the_language_of_its_page() -> None:
    from app.pages import lesson_builder

    lesson = lesson_builder.lesson_from({"game": "digit-chain"})
    english = lesson_builder.win_example(lesson, "https://example.org/nd/")
    i18n.use("es")
    spanish = lesson_builder.win_example(lesson, "https://example.org/nd/")
    assert '"Bien hecho, Jugador 1: has ganado."' in spanish
    assert '"Esta vez no: pulsa Nueva partida y vuelve a intentarlo."' in spanish
    assert '"Well done, Player 1: you won."' in english and "Bien" not in english


def test_the_site_lists_every_language_it_has_a_catalogue_of() -> None:
    assert list(LANGUAGES) == i18n.available()


@pytest.mark.parametrize(
    ("page", "attribute", "chosen"),
    [
        ("", None, "en"),
        (None, None, "en"),
        ("en", None, "en"),
        ("es", None, "es"),
        ("es-MX", None, "es"),
        ("ES", None, "es"),
        ("xx", None, "en"),
        ("en-XA", None, "en-XA"),
        ("ar-XB", None, "ar-XB"),
        ("ar-xb", None, "ar-XB"),
        ("ar", None, "ar"),
        ("pt-PT", None, "pt-BR"),
        ("zh-TW", None, "en"),
        ("en", "es", "es"),  # an embed's own language wins on its host page
        ("es", "ar-XB", "ar-XB"),
        ("es", "", "es"),  # an empty data-lang names nothing: the page's
        ("es", "../../etc", "en"),
    ],
)
def test_a_page_chooses_its_language(page: str | None, attribute: str | None, chosen: str) -> None:
    assert choose(page, attribute) == chosen


@pytest.mark.parametrize(("tag", "chosen"), TAGS + LOCALE_NAMES)
def test_supported_names_the_menu_languages_and_the_pseudo_locales_exactly(
    tag: str, chosen: str
) -> None:
    assert supported(tag) == chosen


def test_supported_names_english_for_no_tag_and_every_pseudo_locale_by_its_tag() -> None:
    assert supported(None) == "en"
    assert [supported(tag) for tag in PSEUDO_LANGUAGES] == list(PSEUDO_LANGUAGES)


def finish(coroutine: Coroutine[Any, Any, str]) -> str:
    """The result of a coroutine that never waits (the stand-in fetch answers at once), run
    without an event loop: Pyodide's cannot be started from a test."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return str(done.value)
    raise AssertionError("the page's language waited on something")


class Page:
    """The browser calls `language.start` makes, on a page whose <html lang> is `lang`;
    `catalogues`: the tags whose catalogue the site serves (None: every one it has)."""

    def __init__(self, lang: str, catalogues: set[str] | None = None):
        self.root = types.SimpleNamespace(lang=lang)
        self.catalogues = catalogues
        self.fetched: list[str] = []
        self.warned: list[str] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        calls = {
            "page_root": lambda: self.root,
            "site_file": lambda path: f"https://example.org/nd/{path}",
            "fetch_bytes": self.fetch,
            "warn": self.warned.append,
        }
        for name, call in calls.items():
            where = language.address_bar if name == "site_file" else language.dom
            monkeypatch.setattr(where, name, call, raising=False)

    async def fetch(self, url: str) -> bytes | None:
        self.fetched.append(url)
        name = url.rsplit("/", 1)[1].removesuffix(".mo")
        if self.catalogues is not None and name not in self.catalogues:
            return None  # offline, never kept
        source = name if name not in PSEUDO_LANGUAGES else "es"  # the messages to pseudo-translate
        po = (i18n.LOCALE_DIR / source / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").read_text("utf-8")
        return pseudo_mo(parse_po(po), name) if name in PSEUDO_LANGUAGES else compile_po(po)


def test_a_spanish_page_fetches_its_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    page = Page("es")
    page.install(monkeypatch)
    assert finish(language.start()) == "es" and i18n.language() == "es"
    assert page.fetched == ["https://example.org/nd/locale/es.mo"]
    assert page.root.lang == "es", "the page's own attribute is left as the build wrote it"
    assert wording.not_now(Session.new("circle-duel")) == ""
    assert i18n._("New game") == "Nueva partida"


def test_a_pseudo_locale_page_fetches_its_catalogue_by_its_exact_tag(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = Page("ar-XB")
    page.install(monkeypatch)
    assert finish(language.start()) == "ar-XB" and i18n.language() == "ar-XB"
    assert page.fetched == ["https://example.org/nd/locale/ar-XB.mo"]
    assert i18n._("New game") != "New game"


def test_an_english_or_unknown_page_is_english_and_fetches_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for lang in ("en", "en-GB", "xx", ""):
        page = Page(lang)
        page.install(monkeypatch)
        assert finish(language.start()) == "en" and page.fetched == []


def test_a_catalogue_that_cannot_be_had_leaves_the_page_in_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = Page("es", catalogues=set())
    page.install(monkeypatch)
    assert finish(language.start()) == "en" and i18n.language() == "en"
    assert page.fetched and page.warned == [
        "locale/es.mo could not be fetched: the page shows English"
    ]


def test_an_embed_attribute_chooses_the_language_of_the_boards_on_its_host_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host = Page("en")
    host.install(monkeypatch)
    assert finish(language.start("es")) == "es" and host.root.lang == "en"
    i18n.use("en")
    spanish_host = Page("es-ES")  # a host page in Spanish, its boxes naming no language
    spanish_host.install(monkeypatch)
    assert finish(language.start(None)) == "es"


@pytest.mark.no_wasm
def test_an_english_page_never_imports_gettext() -> None:
    """English needs no catalogue: choosing it and showing every game's status line leave
    gettext unimported."""
    script = (
        "import asyncio, sys, types\n"
        "sys.modules['app.browser.dom'] = dom = types.ModuleType('app.browser.dom')\n"
        "dom.page_root = lambda: types.SimpleNamespace(lang='xx')\n"
        "from app import wording\n"
        "from app.pages import language\n"
        "from app.headless.board import view_of\n"
        "from app.renderers import renderer_class\n"
        "from py_rules import Session, game_class\n"
        "from py_rules.registry import BUILT_IN\n"
        "assert asyncio.run(language.start()) == 'en'\n"
        "for kit in BUILT_IN:\n"
        "    s = Session.new(kit.slug)\n"
        "    r = renderer_class(kit.slug)(game_class(kit.slug))\n"
        "    wording.status(s, r, view_of(s, None), [])\n"
        "assert 'gettext' not in sys.modules, 'gettext imported'\n"
    )
    paths = [str(REPO), str(REPO / "site")]
    env = {"PYTHONPATH": ":".join(paths), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
