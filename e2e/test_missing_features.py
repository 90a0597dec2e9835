"""A browser without the newer features the pages use where they exist.

A page served over plain http from a school's own server (not a secure context) has no
Cache Storage, service worker or clipboard; desktop Firefox and Chromium on Linux have no
Web Share; Web Locks came late to some: the page still plays, registers no worker, shows the
share link without claiming it was copied, and logs no error. An older Safari or Firefox has
no `DecompressionStream`, without which the pre-compressed standard library cannot be
unpacked: the page says so on its loading screen. Chromium has every one of these, so an
init script takes them away before the page runs.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from gamepage import READY_TIMEOUT_MS, GamePage
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.usefixtures("no_console_errors")

MISSING = ("caches", "navigator.serviceWorker", "navigator.clipboard", "navigator.share")
MISSING += ("navigator.locks",)
# Deleted from the global object and from the prototypes they live on.
TAKE_AWAY = """
delete Window.prototype.caches;
delete globalThis.caches;
for (const name of ["serviceWorker", "clipboard", "share", "locks"]) {
  delete Navigator.prototype[name];
}
"""
STILL_THERE = """(names) => names.filter((name) =>
  name.split(".").reduce((object, key) => object?.[key], globalThis) !== undefined)"""


def test_a_browser_without_newer_features_plays(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(TAKE_AWAY)
    page = watch.attach(context.new_page())
    gp = GamePage(page, "sequence-duel").open(site_url, "?delay=0")
    assert page.evaluate(STILL_THERE, list(MISSING)) == []
    gp.press("10")
    expect(gp.history).to_have_count(1)
    # No clipboard: the link is shown, selected, and not said to be copied.
    page.get_by_role("button", name="Share").click()
    link = page.get_by_role("textbox", name="Share link")
    expect(link).to_have_value(re.compile("^" + re.escape(f"{site_url}games/sequence-duel/?g=")))
    expect(page.locator(".share-note")).not_to_contain_text("copied")
    context.close()


def test_without_decompression_stream_the_page_says_why_it_cannot_start(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("delete globalThis.DecompressionStream;")
    page = watch.attach(context.new_page())
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(f"{site_url}games/sequence-duel/", wait_until="commit")
    expect(page.locator("body")).to_have_attribute("data-state", "failed", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#loading-reason")).to_contain_text(
        "this browser cannot unpack gzip (no DecompressionStream): Safari 16.4 or Firefox 113"
    )
    snapshots = [u for u in asked if re.search(r"/vendor/pyodide/snapshot-[0-9a-f]+\.gz$", u)]
    assert snapshots == [], "a snapshot it cannot unpack was downloaded"
    watch.errors.clear()  # the failure it reports is this test's subject
    context.close()
