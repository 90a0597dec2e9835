"""Fixtures of the cross-engine smoke suite: the site in WebKit and in Firefox.

Each engine gets one browser for the whole session (`tab`, parametrized by engine, so every
test runs once per engine and its id names the engine), on a server of its own that the
offline test can stop and start again on the same port (the same origin, so the same
service worker). The engines come from Debian (`make engines`, scripts/browsers/engines.py); without
them the run stops at once with what to install, as it does without Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator

import engines
import pytest
from site_server import warm_gzip_cache

from webkit_firefox.servers import SITE, HeldSite, Site

# What a page shows, added to a wait's failure: the page's state, and per board (a game page's
# body, or each embedded board) its status, message, moves, and which of its buttons are legal.
DESCRIBE = """() => {
  const text = (e) => (e?.textContent ?? "").replace(/\\s+/g, " ").trim();
  const one = (root, css) => text(root.querySelector(css));
  const board = (root) => ({
    puzzle: root.dataset?.puzzleId, thinking: root.dataset?.thinking,
    status: one(root, "#status, .status"), message: one(root, "#message, .message"),
    feedback: one(root, ".puzzle-feedback"),
    moves: [...root.querySelectorAll("#history li, .history li")].map(text),
    legal: [...root.querySelectorAll("button[aria-disabled='false']")].map(text),
    refused: [...root.querySelectorAll("button[aria-disabled='true']")].map(text),
  });
  const html = document.documentElement.dataset;
  const boards = [...document.querySelectorAll(".number-duels")];
  return {
    url: location.href, state: document.body?.dataset.state, embeds: html.ndEmbeds,
    python: html.ndEmbedPython, loading: one(document, "#loading-reason"),
    focus: document.activeElement?.outerHTML.slice(0, 120),
    boards: (boards.length ? boards : [document.body]).map(board),
  };
}"""


@pytest.fixture(scope="session")
def site(site_url: str) -> Iterator[Site]:
    """The site for both engines (site_url: built first, on a fresh clone)."""
    warm_gzip_cache(SITE)
    site = Site()
    yield site
    site.stop()


@pytest.fixture(scope="session", params=engines.ENGINES)
def tab(request: pytest.FixtureRequest) -> Iterator[engines.Tab]:
    """One browser of one engine, with a fresh profile, for every test of the session."""
    absent = engines.missing()
    if absent:
        pytest.exit("; ".join(absent), 2)
    tab = engines.open_tab(request.param)
    tab.describe = DESCRIBE
    yield tab
    tab.close()


@pytest.fixture(autouse=True)
def no_console_errors(tab: engines.Tab) -> Iterator[None]:
    """Fail a test whose pages logged an error (where the engine's automation reports them:
    Firefox does over WebDriver BiDi, WebKitGTK's WebDriver has no console)."""
    tab.console_errors()
    yield
    errors = tab.console_errors()
    assert not errors, f"{tab.name}: console errors: {errors}"


@pytest.fixture
def held_site(site: Site) -> Iterator[HeldSite]:
    """The site on an origin of its own, whose runtime a test can hold back."""
    held = HeldSite()
    yield held
    held.stop()
