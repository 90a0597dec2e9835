"""A browser that asks to save data (Save-Data, `navigator.connection.saveData`) gets the
game and nothing more: no memory snapshot made or downloaded for the next visit, and no
service worker to precache the site for offline play."""

from __future__ import annotations

import re

from conftest import SAVE_DATA  # the data saver on, as Chromium says it
from gamepage import READY_TIMEOUT_MS, GamePage
from playwright.sync_api import BrowserContext
from test_snapshot import boot, play_one_move


def test_a_browser_saving_data_gets_no_snapshot_and_no_precache(
    context: BrowserContext, site_url: str
) -> None:
    context.add_init_script(SAVE_DATA)
    requested: list[str] = []
    context.on("request", lambda r: requested.append(r.url.rsplit("/", 1)[-1]))
    page = context.new_page()
    gp = GamePage(page, "circle-duel").open(site_url)
    assert page.evaluate("navigator.connection.saveData") is True
    assert boot(page)["path"] == "normal"
    page.wait_for_function(
        "() => performance.getEntriesByName('nd-snapshot-not-kept').length > 0",
        timeout=READY_TIMEOUT_MS,
    )
    assert page.evaluate("performance.getEntriesByName('nd-snapshot-making').length") == 0
    assert page.evaluate("ndOffline.registered") is None  # offline.js gave up on purpose
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    kept = page.evaluate(
        """async () => (await Promise.all((await caches.keys()).map(
            async (name) => (await (await caches.open(name)).keys()).length))).reduce(
            (sum, n) => sum + n, 0)"""
    )
    assert kept == 0  # neither a snapshot nor a precache in Cache Storage
    play_one_move(gp)
    assert "sw.js" not in requested
    assert not [name for name in requested if re.fullmatch(r"snapshot-[0-9a-f]+\.gz", name)]
    assert "pyodide.asm.wasm" in requested  # the log saw the visit's downloads
