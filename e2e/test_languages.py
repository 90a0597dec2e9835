"""The page's language (site/assets/language.js): the browser's preferred language opens the
Spanish pages, a link in Spanish stays Spanish, `?lang=` goes to that language and is
remembered, an unknown one is English, the header's menu keeps the address's query and
hash, and all of it with storage refused; the pages' own scripts speak Spanish (a game
page's loading screen, the home page's games by link, an embed's failure) with the plural
forms of the catalogue; the pseudo-locales' numbers in English digits; English pages never
fetch a catalogue."""

from __future__ import annotations

import gettext
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from app.settings import LANGUAGE_NAMES, LANGUAGES
from catalogues import page_catalogue  # scripts/build/catalogues.py: the build's catalogues
from conftest import DESKTOP
from gamepage import GamePage, storage_key, wait_embeds_ready
from language_tags import TAGS
from page_words import plural_rule, safe_json
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_storage import STORAGE_BLOCKED

pytestmark = pytest.mark.usefixtures("no_console_errors")

EMBED_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Una lección</title>
<link rel="icon" href="{site}assets/favicon.svg"></head>
<body><h1>Notas</h1>
<div class="number-duels" data-game="digit-chain" data-pool="30" data-lang="es"></div>
<script src="{site}embed.js" defer></script></body></html>"""


@pytest.fixture
def spanish(browser: Browser) -> Iterator[BrowserContext]:
    """A browser whose preferred language is Spanish (navigator.languages: es-ES)."""
    context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    yield context
    context.close()


def catalogues(page: Page) -> list[str]:
    """Every catalogue the page's requests fetch, as they are made."""
    asked: list[str] = []
    page.on("request", lambda r: "/locale/" in r.url and asked.append(r.url))
    return asked


def settled(page: Page, url: str, lang: str) -> None:
    """The page is `url` in `lang` and stays: loaded, and not on its way to another (a page
    language.js replaces hides itself first)."""
    expect(page).to_have_url(url)
    page.wait_for_load_state("load")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert page.evaluate("document.documentElement.style.visibility") == ""
    assert page.url == url


def menu(page: Page) -> Any:
    return page.get_by_role("combobox", name=re.compile("^(Language|Idioma)$"))


def test_the_browsers_language_opens_the_spanish_pages_and_a_spanish_link_stays_spanish(
    spanish: BrowserContext, context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(spanish.new_page())
    page.goto(site_url)
    settled(page, f"{site_url}es/", "es")
    expect(menu(page)).to_have_value("es")
    # Another page opened by its English address: the Spanish one, query and hash kept.
    page.goto(f"{site_url}notices.html?from=link#pyodide")
    settled(page, f"{site_url}es/notices.html?from=link#pyodide", "es")
    # A browser preferring English keeps a page sent in Spanish in Spanish.
    other = watch.attach(context.new_page())
    other.goto(f"{site_url}es/notices.html")
    settled(other, f"{site_url}es/notices.html", "es")
    other.goto(site_url)
    settled(other, site_url, "en")


def test_lang_en_on_a_spanish_page_goes_to_english_and_is_remembered(
    spanish: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(spanish.new_page())
    page.goto(f"{site_url}es/notices.html?from=x&lang=en#pyodide")
    settled(page, f"{site_url}notices.html?from=x#pyodide", "en")
    expect(menu(page)).to_have_value("en")
    # Remembered: over the browser's Spanish, and over a link's Spanish folder.
    page.goto(site_url)
    settled(page, site_url, "en")
    page.goto(f"{site_url}es/")
    settled(page, site_url, "en")
    # An unknown language is English (and remembered as English).
    page.goto(f"{site_url}es/notices.html?lang=xx")
    settled(page, f"{site_url}notices.html", "en")
    page.goto(f"{site_url}notices.html?lang=es-MX")  # a region of a language the site has
    settled(page, f"{site_url}es/notices.html", "es")


def test_the_menu_opens_the_page_in_the_other_language_keeping_query_and_hash(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}notices.html?from=menu#pyodide")
    expect(menu(page)).to_have_value("en")
    expect(menu(page).locator("option")).to_have_text([LANGUAGE_NAMES[tag] for tag in LANGUAGES])
    with page.expect_navigation(url=f"{site_url}es/notices.html?from=menu#pyodide"):
        menu(page).select_option(label="Español")
    settled(page, f"{site_url}es/notices.html?from=menu#pyodide", "es")
    expect(menu(page)).to_have_value("es")
    # No Python ran on that page: the menu itself remembered the choice for the next one.
    # A game page's redirect and menu are language.js's, before Python: the page shows the
    # build's fresh game in its language (`data-nd-board="fresh"`, its status line the words
    # Python says on a fresh game; Python's own Spanish: the game page played below).
    page.goto(f"{site_url}games/digit-chain/", wait_until="commit")
    game = GamePage(page, "digit-chain")
    expect(page).to_have_url(f"{site_url}es/games/digit-chain/")
    expect(page.locator('html[lang="es"][data-nd-board="fresh"]')).to_be_attached()
    expect(game.status).to_have_text("Jugador 1: elige cualquier número.")
    with page.expect_navigation(url=f"{site_url}games/digit-chain/"):
        menu(page).select_option("en")
    expect(page.locator('html[lang="en"][data-nd-board="fresh"]')).to_be_attached()
    expect(game.status).to_have_text("Player 1: pick any number.")


def test_the_menu_by_keyboard_only_moves_the_choice_until_enter(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    opened: list[str] = []
    page.on("framenavigated", lambda frame: frame == page.main_frame and opened.append(frame.url))
    game = GamePage(page, "sequence-duel").open(site_url, "?name1=Ana&mode=2p")
    expect(game.status).to_have_text("Ana: claim any number.")
    menu(page).focus()
    for key in ("ArrowDown", "End", "Home", *["ArrowDown"] * LANGUAGES.index("es")):
        page.keyboard.press(key)
    expect(menu(page)).to_have_value("es")
    spanish = f"{site_url}es/games/sequence-duel/?name1=Ana&mode=2p"
    with page.expect_navigation(url=spanish, wait_until="commit"):
        page.keyboard.press("Enter")
    game.wait_ready()
    assert opened[1:] == [spanish]  # no page was opened while arrowing
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(game.status).to_have_text("Ana: ocupa cualquier número.")
    expect(menu(page)).to_have_value("es")


def test_a_board_in_an_iframe_speaks_its_lang_without_making_it_the_sites(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    game = GamePage(page, "digit-chain").open(site_url, "?embed=1&lang=es")
    expect(page).to_have_url(re.compile(re.escape(f"{site_url}es/games/digit-chain/?embed=1")))
    expect(game.status).to_have_text("Jugador 1: elige cualquier número.")
    page.goto(f"{site_url}notices.html")
    settled(page, f"{site_url}notices.html", "en")


def test_with_storage_refused_the_language_still_switches(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="es-ES", service_workers="block")
    context.add_init_script(STORAGE_BLOCKED)
    try:
        page = watch.attach(context.new_page())
        page.goto(f"{site_url}notices.html#pyodide")
        settled(page, f"{site_url}es/notices.html#pyodide", "es")
        # Nothing can be remembered: the English page keeps lang=en in its address, which
        # holds there against the browser's Spanish.
        with page.expect_navigation(url=f"{site_url}notices.html?lang=en#pyodide"):
            menu(page).select_option("en")
        settled(page, f"{site_url}notices.html?lang=en#pyodide", "en")
        page.goto(f"{site_url}es/?lang=en")
        settled(page, f"{site_url}?lang=en", "en")
        with page.expect_navigation(url=f"{site_url}es/?lang=es"):
            menu(page).select_option("es")
        settled(page, f"{site_url}es/?lang=es", "es")
    finally:
        context.close()


def test_the_pages_scripts_pick_spanish_plural_forms_and_english_without_a_table(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}es/notices.html")
    settled(page, f"{site_url}es/notices.html", "es")
    singular = (
        "Loading is taking far longer than usual: no progress for {seconds} second. "
        "It may still finish; if not, reload."
    )
    plural = singular.replace("second.", "seconds.")
    words = page_catalogue("es")  # what the build wrote the page with
    call = "([s, p, n]) => window.ndNgettext(s, p, n, { seconds: String(n) })"
    for n in (0, 1, 2, 30, 1_000_000):
        expected = words.ngettext(singular, plural, n).format(seconds=n)
        assert page.evaluate(call, [singular, plural, n]) == expected
    assert expected != plural.format(seconds=n), "the catalogue translates it"
    fill = "() => window.ndGettext('{game} with {name}', { game: 'A', name: 'B' })"
    assert page.evaluate(fill) == "A (rival: B)"
    assert page.evaluate("() => window.ndNumberLocale") == "es-u-nu-latn"
    page.goto(f"{site_url}notices.html?lang=en")
    settled(page, f"{site_url}notices.html?lang=en", "en")
    assert page.evaluate(call, [singular, plural, 30]) == plural.format(seconds=30)
    assert page.evaluate(fill) == "A with B"
    # A pseudo-locale by its exact tag (any case): right to left, numbers in English digits.
    page.goto(f"{site_url}notices.html?lang=ar-xb")
    settled(page, f"{site_url}ar-XB/notices.html", "ar-XB")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    assert page.evaluate("() => window.ndNumberLocale") == "en"


def test_a_spanish_game_page_loads_and_plays_in_spanish(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    asked = catalogues(page)
    game = GamePage(page, "sequence-duel").open(f"{site_url}es/")
    # The loading screen said how much it had downloaded as Spanish writes it.
    expect(page.locator("#loading-bytes")).to_have_text(re.compile(r"^\d+,\d de \d+,\d MB$"))
    expect(game.status).to_have_text("Jugador 1: ocupa cualquier número.")
    expect(page.get_by_role("button", name="Nueva partida")).to_be_visible()
    game.press("3")
    expect(game.history).to_have_text(["Jugador 1 ocupó el 3."])
    # Its own words only; offline.js asks for them again once the service worker it installed
    # takes the page over, for the worker to keep the language (assets/offline.js).
    assert set(asked) == {f"{site_url}locale/es.mo"}


def test_the_home_page_lists_the_games_by_link_in_spanish(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    summary = {
        "slug": "circle-duel",
        "title": "Circle Duel",
        "opponent": "Bob",
        "status": "their-turn",
        "state": "Bob's turn",
        "outcome": "",
    }
    kept = {"v": 1, "games": {"0123456789abcdef": {"summary": summary}}}
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}es/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [storage_key(site_url, "links"), json.dumps(kept)],
    )
    page.reload()
    line = page.locator(".link-games li")
    expect(line).to_have_text("Duelo del círculo (rival: Bob): juega Bob")
    expect(line.get_by_role("link")).to_have_attribute(
        "href", "games/circle-duel/#game=0123456789abcdef"
    )


def test_english_pages_fetch_no_catalogue(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    asked = catalogues(page)
    game = GamePage(page, "digit-chain").open(site_url, "?lang=xx")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(game.status).to_have_text("Player 1: pick any number.")
    assert asked == []


def test_an_embed_with_data_lang_speaks_spanish_on_its_host_page_failure_included(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    address = f"{site_url}leccion.html"
    body = EMBED_PAGE.format(site=site_url)
    context.route(address, lambda route: route.fulfill(content_type="text/html", body=body))
    page.goto(address)
    wait_embeds_ready(page)
    board = page.locator(".number-duels")
    expect(board).to_have_attribute("lang", "es")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the host's own
    expect(board.get_by_role("status")).to_have_text("Jugador 1: elige cualquier número.")
    board.locator(".targets").get_by_role("button", name="10", exact=True).click()
    expect(board.get_by_role("status")).to_have_text(
        "¡Gana Jugador 1! Jugador 2 no tiene ningún número que empiece por 0."
    )
    # When the runtime cannot be had, embed.js says so in the box's language.
    failing = watch.attach(context.new_page())
    context.route("**/vendor/pyodide/*.mjs", lambda route: route.fulfill(status=404))
    failing.goto(address)
    expect(failing.locator("html")).to_have_attribute("data-nd-embeds", "failed")
    said = failing.locator(".number-duels")
    expect(said).to_have_text(
        re.compile(r"^La partida no pudo empezar: .+ Recarga la página para volver a intentarlo\.$")
    )
    expect(said.get_by_role("status")).to_have_attribute("lang", "es")
    expected = [e for e in watch.errors if "404" in e or "dynamically imported module" in e]
    assert expected, watch.errors  # the failure is logged, as embed.js does
    watch.errors[:] = [e for e in watch.errors if e not in expected]


def test_lang_takes_the_language_each_tag_asks_for_as_the_boards_and_the_terminal_do(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    """?lang= with each tag of tests/language_tags.py opens the pages of the language that
    app.settings.supported and py_rules.i18n.use give it ("pt-PT": pt-BR, "zh-TW": English)."""
    page = watch.attach(context.new_page())
    for tag, language in TAGS:
        asked = f"{site_url}notices.html?lang={tag}"
        page.goto(asked)  # an English page: left as it is for English
        settled(page, asked if language == "en" else f"{site_url}{language}/notices.html", language)


@pytest.mark.parametrize(
    ("preferred", "language"),
    [(["pt-PT", "en"], "pt-BR"), (["zh-TW", "zh-CN"], "zh-Hans"), (["zh-HK"], "en")],
)
def test_the_browsers_languages_pick_the_nearest_and_never_simplified_for_traditional(
    browser: Browser, site_url: str, watch: Any, preferred: list[str], language: str
) -> None:
    """Traditional Chinese names none of the site's languages: the next preferred one is
    taken, else English; Simplified Chinese is never shown for it."""
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(
        f"Object.defineProperty(navigator, 'languages', {{ get: () => {json.dumps(preferred)} }})"
    )
    try:
        page = watch.attach(context.new_page())
        page.goto(f"{site_url}notices.html")
        folder = "" if language == "en" else f"{language}/"
        settled(page, f"{site_url}{folder}notices.html", language)
        expect(page.locator("select.language-menu")).to_have_value(language)  # named in it
    finally:
        context.close()


def test_the_pages_scripts_pick_arabics_six_plural_forms_as_gettext_does(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    """The Arabic catalogue's Plural-Forms, sent to the page as page_words writes it, picks
    the form gettext picks for every count (0, 1, 2, 3-10, 11-99, 100-102, ...)."""
    header = page_catalogue("ar").info()["plural-forms"]
    assert header.startswith("nplurals=6;")
    forms = [f"form {i}" for i in range(6)]
    table = safe_json({"one\u0000many": forms, "\u0000plural": plural_rule(header)})
    address = f"{site_url}plurals.html"
    body = (
        '<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>x</title>'
        f'<script type="application/json" id="nd-words">{table}</script>'
        # language.js, served joined with theme.js (scripts/build/head_scripts.py)
        f'<script src="assets/head-language-theme.js" data-languages="en ar"></script>'
        "</head></html>"
    )
    context.route(address, lambda route: route.fulfill(content_type="text/html", body=body))
    page = watch.attach(context.new_page())
    page.goto(address)
    counts = [*range(0, 230), 1000, 1001, 1002, 1003, 1011, 1099, 1100, 1_000_000]
    picked = page.evaluate("counts => counts.map(n => window.ndNgettext('one', 'many', n))", counts)
    rule = gettext.c2py(header.partition("plural=")[2].rstrip(";"))
    assert picked == [forms[rule(n)] for n in counts]
    assert {rule(n) for n in counts} == set(range(6)), "every form was picked"
    assert [picked[n] for n in (0, 1, 2, 3, 11, 100)] == forms
    # Intl writes the page's numbers in the digits the moves use (0-9), not ٠١٢.
    assert page.evaluate("new Intl.NumberFormat(window.ndNumberLocale).format(1234.5)") in (
        "1,234.5",
        "1.234,5",
        "1\u066c234\u066b5",
    )
