"""A browser without the newer features the pages use where they exist: still plays.

An older Safari or Firefox has no `DecompressionStream`; a page served over plain http from a
school's own server (not a secure context) has no Cache Storage, service worker or
clipboard; desktop Firefox and Chromium on Linux have no Web Share; Web Locks came late to
some. Chromium has them all, so an init script takes them away before the page runs, and
the page must then start Python the normal way (it cannot unpack the snapshot), register
no worker, show the share link without claiming it was copied, and log no error.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from gamepage import GamePage
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.usefixtures("no_console_errors")

MISSING = ("DecompressionStream", "caches", "navigator.serviceWorker", "navigator.clipboard")
MISSING += ("navigator.share", "navigator.locks")
# Deleted from the global object and from the prototypes they live on.
TAKE_AWAY = """
delete globalThis.DecompressionStream;
delete Window.prototype.caches;
delete globalThis.caches;
for (const name of ["serviceWorker", "clipboard", "share", "locks"]) {
  delete Navigator.prototype[name];
}
"""
STILL_THERE = """(names) => names.filter((name) =>
  name.split(".").reduce((object, key) => object?.[key], globalThis) !== undefined)"""


def test_a_browser_without_newer_features_starts_python_normally_and_plays(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(TAKE_AWAY)
    page = watch.attach(context.new_page())
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    gp = GamePage(page, "sequence-duel").open(site_url, "?delay=0")
    assert page.evaluate(STILL_THERE, list(MISSING)) == []
    snapshots = [u for u in asked if re.search(r"/vendor/pyodide/snapshot-[0-9a-f]+\.gz$", u)]
    assert snapshots == [], "a snapshot it cannot unpack was downloaded"
    assert page.locator("html").get_attribute("data-python-boot") == "normal"
    reason = page.evaluate("ndPythonBoot.reason")
    assert reason == "this browser cannot unpack gzip (no DecompressionStream)", reason
    gp.press("10")
    expect(gp.history).to_have_count(1)
    # No clipboard: the link is shown, selected, and not said to be copied.
    page.get_by_role("button", name="Share").click()
    link = page.get_by_role("textbox", name="Share link")
    expect(link).to_have_value(re.compile("^" + re.escape(f"{site_url}games/sequence-duel/?g=")))
    expect(page.locator(".share-note")).not_to_contain_text("copied")
    context.close()
