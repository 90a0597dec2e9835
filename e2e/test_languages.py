"""The boards in the player's language: `?lang=es` on a game page (remembered for the
site's next page), `data-lang="es"` on an embed, an unsupported `?lang=` shown in English,
and English pages that never ask for a catalogue."""

from __future__ import annotations

from typing import Any

import pytest
from gamepage import READY_TIMEOUT_MS, GamePage
from playwright.sync_api import expect

pytestmark = pytest.mark.usefixtures("no_console_errors")

EMBED_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Una lección</title>
<link rel="icon" href="{site}assets/favicon.svg"></head>
<body><h1>Notas</h1>
<div class="number-duels" data-game="digit-chain" data-pool="30" data-lang="es"></div>
<script src="{site}embed.js" defer></script></body></html>"""


def catalogues(page: Any) -> list[str]:
    """Every catalogue the page's requests fetch, as they are made."""
    asked: list[str] = []
    page.on("request", lambda r: "/locale/" in r.url and asked.append(r.url))
    return asked


def test_a_game_page_in_spanish_plays_by_clicks_and_the_choice_is_remembered(
    context: Any, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    asked = catalogues(page)
    game = GamePage(page, "sequence-duel").open(site_url, "?lang=es")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(game.status).to_have_text("Jugador 1: ocupa cualquier número.")
    expect(page.get_by_role("button", name="Nueva partida")).to_be_visible()
    game.press("3")
    expect(game.status).to_have_text(
        "Jugador 1 ocupó el 3. Jugador 2: ocupa un número libre que no esté junto a los de "
        "Jugador 1."
    )
    expect(game.history).to_have_text(["Jugador 1 ocupó el 3."])
    assert asked == [f"{site_url}locale/es.mo"]
    # The next page of the site, without ?lang=, speaks Spanish too.
    circle = GamePage(page, "circle-duel").open(site_url)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(circle.status).to_have_text("Jugador 1: toma cualquier número.")


def test_an_embed_with_data_lang_speaks_spanish_on_its_host_page(
    context: Any, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    address = f"{site_url}leccion.html"
    body = EMBED_PAGE.format(site=site_url)
    page.context.route(address, lambda route: route.fulfill(content_type="text/html", body=body))
    page.goto(address)
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    board = page.locator(".number-duels")
    expect(board).to_have_attribute("lang", "es")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the host's own
    expect(board.get_by_role("status")).to_have_text("Jugador 1: elige cualquier número.")
    board.locator(".targets").get_by_role("button", name="10", exact=True).click()
    expect(board.get_by_role("status")).to_have_text(
        "¡Gana Jugador 1! Jugador 2 no tiene ningún número que empiece por 0."
    )
    expect(board.locator(".history li .move-text")).to_have_text(["Jugador 1 eligió el 10."])


def test_english_pages_fetch_no_catalogue_and_an_unknown_language_is_english(
    context: Any, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    asked = catalogues(page)
    game = GamePage(page, "sequence-duel").open(site_url)
    expect(game.status).to_have_text("Player 1: claim any number.")
    unknown = GamePage(page, "digit-chain").open(site_url, "?lang=xx")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(unknown.status).to_have_text("Player 1: pick any number.")
    assert asked == []


def test_the_header_menu_chooses_the_language_by_keyboard_and_by_click(
    context: Any, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    opened: list[str] = []
    page.on("framenavigated", lambda frame: frame == page.main_frame and opened.append(frame.url))
    game = GamePage(page, "sequence-duel").open(site_url, "?name1=Ana&lang=en&mode=2p")
    menu = page.get_by_role("combobox", name="Language")
    expect(menu).to_have_value("en")
    expect(menu.locator("option")).to_have_text(["English", "Español"])
    expect(game.status).to_have_text("Ana: claim any number.")
    # Arrowing through the closed menu only moves the choice; Enter takes it.
    menu.focus()
    for key in ("ArrowDown", "Home", "End"):
        page.keyboard.press(key)
    expect(menu).to_have_value("es")
    spanish = f"{site_url}games/sequence-duel/?name1=Ana&lang=es&mode=2p"
    with page.expect_navigation(url=spanish, wait_until="commit"):
        page.keyboard.press("Enter")
    game.wait_ready()
    assert opened[1:] == [spanish]  # no page was opened while arrowing
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(game.status).to_have_text("Ana: ocupa cualquier número.")
    expect(menu).to_have_value("es")
    # The next page, without ?lang=, speaks Spanish and its menu says so.
    circle = GamePage(page, "circle-duel").open(site_url, "?delay=0")
    expect(circle.status).to_have_text("Jugador 1: toma cualquier número.")
    expect(menu).to_have_value("es")
    # A click on English goes back, keeping the address's other parameter.
    with page.expect_navigation(url=f"{site_url}games/circle-duel/?delay=0&lang=en"):
        menu.select_option("en")
    circle.wait_ready()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(circle.status).to_have_text("Player 1: take any number.")
    expect(menu).to_have_value("en")


def test_a_page_without_boards_keeps_its_address_and_remembers_the_menu_choice(
    context: Any, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}notices.html?from=menu#pyodide")
    menu = page.get_by_role("combobox", name="Language")
    expect(menu).to_have_value("en")
    with page.expect_navigation(url=f"{site_url}notices.html?from=menu&lang=es#pyodide"):
        menu.select_option(label="Español")
    expect(menu).to_have_value("es")
    # No Python ran on that page: the menu itself remembered the choice for the next one.
    game = GamePage(page, "digit-chain").open(site_url)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(game.status).to_have_text("Jugador 1: elige cualquier número.")
    expect(menu).to_have_value("es")
