"""A browser without the newer features the pages use where they exist.

A page served over plain http from a school's own server (not a secure context) has no
Cache Storage, service worker or clipboard; desktop Firefox and Chromium on Linux have no
Web Share; Web Locks came late to some: the page still plays, registers no worker, shows the
share link without claiming it was copied, and logs no error. An older Safari or Firefox has
no `DecompressionStream`: the page unpacks the pre-compressed standard library and bundle with
the fflate inflater instead (which a browser that has it never downloads), and skips the
snapshot. Chromium has every one of these, so an init script takes them away before the page
runs.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from gamepage import GamePage
from playwright.sync_api import BrowserContext, expect

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
INFLATER = "/vendor/fflate/browser.js"
STILL_THERE = """(names) => names.filter((name) =>
  name.split(".").reduce((object, key) => object?.[key], globalThis) !== undefined)"""


def test_a_browser_without_newer_features_plays(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    context.add_init_script(TAKE_AWAY)
    page = watch.attach(context.new_page())
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    gp = GamePage(page, "sequence-duel").open(site_url, "?delay=0")
    assert page.evaluate(STILL_THERE, list(MISSING)) == []
    gp.press("10")
    expect(gp.history).to_have_count(1)
    # No clipboard: the link is shown, selected, and not said to be copied.
    page.get_by_role("button", name="Share").click()
    link = page.get_by_role("textbox", name="Share link")
    expect(link).to_have_value(re.compile("^" + re.escape(f"{site_url}games/sequence-duel/?g=")))
    expect(page.locator(".share-note")).not_to_contain_text("copied")
    # This browser unpacks gzip itself: the fallback inflater is never fetched.
    assert [u for u in asked if INFLATER in u] == []


NO_DECOMPRESSION = "delete globalThis.DecompressionStream;\n"
WORKER_HOST = "**/assets/python-worker.mjs"


def without_decompression(route: Any) -> None:
    """The worker's host script with DecompressionStream taken away before it runs."""
    response = route.fetch()
    route.fulfill(response=response, body=NO_DECOMPRESSION + response.text())


def test_without_decompression_stream_the_page_unpacks_with_the_fallback_and_plays(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    context.add_init_script(NO_DECOMPRESSION)
    # Python unpacks in the page's worker, where an init script does not run: its host, as
    # served, takes it away there first.
    context.route(WORKER_HOST, without_decompression)
    try:
        page = watch.attach(context.new_page())
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        gp = GamePage(page, "sequence-duel").open(site_url, "?delay=0&mode=vs-computer")
        assert page.evaluate("typeof DecompressionStream") == "undefined"
        expect(page.locator("html")).to_have_attribute("data-python-boot", "normal")
        assert [u for u in asked if INFLATER in u], "the fallback inflater was not used"
        snapshots = [u for u in asked if re.search(r"/vendor/pyodide/snapshot-[0-9a-f]+\.gz$", u)]
        assert snapshots == [], "a snapshot it would unpack on the main thread was downloaded"
        gp.press(gp.legal()[0])
        expect(gp.history).to_have_count(2)  # the computer replied
    finally:
        # The page goes on after the test (the worker that makes the snapshot for the next
        # visit, the service worker's precache ask for the host script again): a request the
        # handler is still serving when the context closes has its response disposed under
        # it, and that error would reach the next test's first Playwright call.
        context.unroute_all(behavior="ignoreErrors")
