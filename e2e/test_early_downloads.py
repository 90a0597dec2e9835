"""A game page's worker asks for the runtime's files all at once (its config's `early` list,
scripts/build/early_downloads.py) instead of each at the end of a chain of imports; and a
first visit still downloads no file twice, all the way until the page's work for the next
visit is done (the snapshot made in this browser from the files it has, the service worker's
precache)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import PREFIX, SITE, new_context
from gamepage import READY_TIMEOUT_MS, GamePage, worker_page
from playwright.sync_api import Route, expect
from site_server import ByteMeter, start_server

# Python's work for the next visit is done (bench/first_visit.py's SETTLED, without its figure).
SETTLED = """async () => {
  const done = () => ['nd-snapshot-kept', 'nd-snapshot-not-kept']
    .some((name) => performance.getEntriesByName(name).length > 0);
  while (!done()) await new Promise((r) => requestAnimationFrame(r));
  if (window.ndOffline && await ndOffline.registered) await navigator.serviceWorker.ready;
}"""
# Pyodide's module: the runtime wrapper's static import, which everything else used to wait on.
PYODIDE_MODULE = "**/vendor/pyodide/pyodide.mjs"
WASM = "/vendor/pyodide/pyodide.asm.wasm"
BUNDLE = "/py/number-duels.zip.gz"


@pytest.fixture
def metered() -> Iterator[tuple[ByteMeter, str]]:
    """The built site on an origin of its own (nothing cached for it), counting each file's
    downloads at the server, where a worker's requests are counted as a page's."""
    meter = ByteMeter()
    server, url = start_server(SITE, prefix=PREFIX, meter=meter)
    yield meter, url
    server.shutdown()
    server.server_close()


def address(slug: str) -> str:
    """A game's worker page, or the tutorial's page of embedded boards, from the site's root."""
    return "tutorial.html" if slug == "tutorial" else f"games/{slug}/{worker_page()}"


@pytest.mark.parametrize("slug", ["digit-chain", "tutorial"])
def test_the_runtime_s_files_are_asked_for_while_pyodide_s_module_is_on_its_way(
    browser: Any, site_url: str, slug: str
) -> None:
    """On a game page and on a page of embedded boards (embed.js's worker, the tutorial)."""
    context = new_context(browser, site_url, service_workers="block")
    held: list[Route] = []
    context.route(
        PYODIDE_MODULE, lambda route: held.append(route)
    )  # never answered while the test looks
    asked: list[str] = []  # the page's requests and its worker's
    context.on("request", lambda request: asked.append(urlsplit(request.url).path))
    try:
        page = context.new_page()
        # The bundle is the last of the files the worker asks for at once (the page's config).
        with context.expect_event(
            "request", lambda r: r.url.endswith(BUNDLE), timeout=READY_TIMEOUT_MS
        ):
            page.goto(site_url + address(slug), wait_until="commit")
        assert held, "Pyodide's module was not asked for"
        files = {path.rsplit("/", 1)[-1] for path in asked}
        assert {"pyodide.asm.wasm", "pyodide.asm.mjs", "number-duels.zip.gz"} <= files, files
        assert [name for name in files if name.startswith("python_stdlib-")], files
    finally:
        for route in held:
            route.abort()
        context.close()


def test_the_board_s_script_is_asked_for_beside_its_stylesheet(browser: Any, site_url: str) -> None:
    """A game page's head asks for its stylesheet and its one blocking script at once: the
    script is asked for while the stylesheet is still held back. (Each script of the head
    used to be asked for once the one before it had run, and a script runs only once the
    stylesheets before it have come: page-worker.js waited five round trips.)"""
    context = new_context(browser, site_url, service_workers="block")
    held: list[Route] = []
    context.route("**/assets/style.css", lambda route: held.append(route))
    try:
        page = context.new_page()
        with context.expect_event(
            "request", lambda r: r.url.endswith("page-worker.js"), timeout=READY_TIMEOUT_MS
        ) as asked:
            page.goto(f"{site_url}games/circle-duel/{worker_page()}", wait_until="commit")
        assert held, "the stylesheet was not asked for"
        assert "/assets/head-" in asked.value.url  # the head's scripts, joined
    finally:
        for route in held:
            route.abort()
        context.close()


# Two game pages (one with a data file) and the tutorial (embed.js, every data file).
@pytest.mark.parametrize("slug", ["digit-chain", "number-duel", "tutorial"])
def test_a_first_visit_downloads_no_file_twice(
    browser: Any, metered: tuple[ByteMeter, str], slug: str
) -> None:
    meter, url = metered
    context = new_context(browser, url)
    try:
        page = context.new_page()
        page.goto(url + address(slug), wait_until="commit")
        if slug == "tutorial":
            expect(page.locator("html")).to_have_attribute(
                "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
            )
        else:
            GamePage(page, slug).wait_ready()
        page.evaluate(SETTLED)
        page.wait_for_function(
            "() => performance.getEntriesByName('nd-snapshot-kept').length > 0",
            timeout=READY_TIMEOUT_MS,
        )
    finally:
        context.close()
    sent = {path.removeprefix(PREFIX): n for path, n in meter.bodies.items()}
    assert sent[WASM.lstrip("/")] == 1
    assert sent[BUNDLE.lstrip("/")] == 1
    assert [n for name, n in sent.items() if name.startswith("vendor/pyodide/python_stdlib-")] == [
        1
    ]
    # No file of the visit came twice (the snapshot made in this browser and the service
    # worker's precache take theirs from the HTTP cache).
    assert {name: n for name, n in sent.items() if n > 1} == {}
