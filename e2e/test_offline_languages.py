"""Offline in another language (site/sw.js, scripts/build/offline.py): a language's pages and
catalogue are not precached, but one page used in Spanish makes the worker keep the whole
Spanish set, so that a Spanish page never opened plays offline; a new build's worker keeps
the languages the old cache held. Each test has its own browser context (so its own service
worker) and its own server."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import offline  # scripts/build/offline.py (on pytest's pythonpath)
from conftest import SITE
from gamepage import READY_TIMEOUT_MS, GamePage
from playwright.sync_api import BrowserContext, Page, expect
from test_offline import (
    SW_TIMEOUT_MS,
    cached_urls,
    serve,
    site_caches,
    wait_until_controlled,
    wait_until_resolved_true,
    worker_files,
    worker_version,
)


def worker_languages(directory: Path) -> dict[str, dict[str, str]]:
    source = (directory / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const LANGUAGES = (\{.*?\n\});", source, re.S)
    assert found, "the worker lost its languages"
    return json.loads(found.group(1))


def urls(url: str, paths: dict[str, str]) -> set[str]:
    return {url + ("" if path == "./" else path) for path in paths}


def wait_for_language(page: Page, cache: str, url: str, tag: str) -> None:
    """Wait until `cache` holds `tag`'s set: its catalogue goes in last."""
    wait_until_resolved_true(
        page,
        "([name, url]) => caches.open(name).then((c) => c.match(url)).then((r) => !!r)",
        [cache, f"{url}locale/{tag}.mo"],
        SW_TIMEOUT_MS,
    )


def plays_in_spanish(game: GamePage) -> None:
    """A Sequence Duel page, loaded, speaks Spanish and takes a move."""
    expect(game.page.locator("html")).to_have_attribute("lang", "es")
    expect(game.status).to_have_text("Jugador 1: ocupa cualquier número.")
    game.press("3")
    expect(game.history).to_have_text(["Jugador 1 ocupó el 3."])


def test_a_page_opened_in_spanish_once_plays_offline_in_spanish(context: BrowserContext) -> None:
    """The worker precaches no catalogue, but keeps the set of the language a page used:
    offline, the next page (opened at its English address, the choice remembered) speaks
    Spanish too."""
    server, url = serve(SITE)
    page = context.new_page()
    GamePage(page, "digit-chain").open(url, "?lang=es&delay=0")
    wait_for_language(page, wait_until_controlled(page), url, "es")
    server.shutdown()
    server.server_close()
    context.set_offline(True)
    plays_in_spanish(GamePage(context.new_page(), "sequence-duel").open(url, "?delay=0"))


def test_one_spanish_page_keeps_every_spanish_page_for_offline(context: BrowserContext) -> None:
    server, url = serve(SITE)
    page = context.new_page()
    page.goto(f"{url}es/notices.html")  # a page without boards: no catalogue asked for
    cache = wait_until_controlled(page)
    wait_for_language(page, cache, url, "es")
    languages = worker_languages(SITE)
    assert {"es", "en-XA", "ar-XB"} <= set(languages)
    assert cached_urls(page, cache) == urls(url, worker_files(SITE)) | urls(url, languages["es"])

    server.shutdown()  # no server at all, and the browser offline
    server.server_close()
    context.set_offline(True)
    plays_in_spanish(GamePage(context.new_page(), "sequence-duel").open(f"{url}es/", "?delay=0"))
    home = context.new_page()
    home.goto(f"{url}es/")
    expect(home.locator(".game-list a")).to_have_count(5)


def test_a_new_build_keeps_the_languages_the_old_cache_held(
    context: BrowserContext, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    server, url = serve(site)
    try:
        page = context.new_page()
        page.goto(f"{url}es/notices.html")
        old = wait_until_controlled(page)
        wait_for_language(page, old, url, "es")

        style = site / "assets" / "style.css"  # a new build: one shared file changes
        style.write_text(style.read_text() + "\n/* build two */\n")
        old_version, new_version = worker_version(site), offline.write_worker(site)
        new = old.replace(old_version, new_version)
        page.reload()
        notice = page.locator(".update-notice")
        expect(notice).to_be_visible(timeout=SW_TIMEOUT_MS)  # the new build is installed
        # Installed, not yet in charge: its cache already holds Spanish, and only Spanish.
        languages = worker_languages(site)
        expected = urls(url, worker_files(site)) | urls(url, languages["es"])
        assert cached_urls(page, new) == expected
        with page.expect_navigation():
            notice.get_by_role("button", name="Recargar").click()
        expect(page.locator("html")).to_have_attribute("lang", "es")
        wait_until_resolved_true(  # the old build's cache deleted
            page,
            "(name) => caches.keys().then((names) => names.every((n) =>"
            " !n.startsWith('number-duels ') || n === name))",
            new,
            READY_TIMEOUT_MS,
        )
        assert site_caches(page) == [new]
        assert cached_urls(page, new) == expected
    finally:
        server.shutdown()
        server.server_close()
