"""The pages start with a trimmed standard library, and a module it lacks never breaks a page.

The import guard itself is in conftest.py: every test of the suite fails when a page had
to load a module from the full standard library (the safety net's console warning). Here
every game is played in every mode with Hint, so that the guard sees all those paths, and
the safety net is shown to work and to report what it loaded.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from gamepage import SLUGS, GamePage, run_python, wait_embeds_ready
from playwright.sync_api import BrowserContext, expect
from test_games import play_out

SITE = Path(__file__).resolve().parent.parent / "_site"
# The data saver on: each test's context ends with it, so the snapshot a first visit makes
# for the next one (a second Python, while the games are played) would never be used; nor
# would the service worker's copy of the site for offline play (neither is looked at here).
pytestmark = pytest.mark.context(save_data=True)
MODES = [{"mode": "2p"}, {"mode": "cpu2", "level": "perfect"}, {"mode": "cpu1", "level": "medium"}]


def trimmed_zip() -> Path:
    """The trimmed standard library as the site ships it: gzipped at build time."""
    (found,) = (SITE / "vendor" / "pyodide").glob("python_stdlib-*.zip.gz")
    return found


@pytest.mark.parametrize("slug", SLUGS)
def test_every_mode_and_hint_need_only_the_trimmed_library(
    context: BrowserContext, site_url: str, watch: Any, slug: str
) -> None:
    page = watch.attach(context.new_page())
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url.rsplit("/", 1)[-1]))
    gp = GamePage(page, slug).open(site_url, "?delay=0")
    for fields in MODES:
        gp.new_game(**fields)
        gp.wait_for_my_turn()
        gp.click(gp.page.get_by_role("button", name="Hint"))
        expect(gp.message).to_have_text(re.compile(r"\S"))  # a hint or why there is none
        play_out(gp)
    assert page.locator("html").get_attribute("data-stdlib-fallback") is None
    assert trimmed_zip().name in requested and "python_stdlib.zip" not in requested
    # Python's library path names the zip the pages fetched: the trimmed one, nothing else,
    # holding bytecode compiled at build time.
    where = run_python(page, "import json\nresult = json.__file__")
    assert re.fullmatch(r"/lib/python3\d+\.zip/json/__init__\.pyc", where), where


def test_the_tutorial_needs_only_the_trimmed_library(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}tutorial.html")
    wait_embeds_ready(page)
    board = page.locator(".number-duels").first
    board.get_by_role("button", name="10", exact=True).click()
    expect(board.locator(".history li")).to_have_count(1)
    assert page.locator("html").get_attribute("data-stdlib-fallback") is None


def test_a_module_outside_the_trimmed_library_still_imports(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    """The safety net: loaded from the full zip, and reported (which the guard fails on)."""
    page = context.new_page()
    GamePage(page, "circle-duel").open(site_url)
    assert run_python(page, "import sys\nresult = 'email' in sys.modules") is False
    found = run_python(page, "import email.mime.text as t\nresult = t.__file__")
    assert found == "/lib/python_stdlib_full.zip/email/mime/text.py"
    # email and what it imports in turn, each named.
    expect(page.locator("html")).to_have_attribute("data-stdlib-fallback", re.compile(r"^email "))
    # Missing everywhere still fails at once, as in any Python.
    probe = (
        "try:\n    import no_such_module\nexcept ImportError as e:\n    result = type(e).__name__"
    )
    error = run_python(page, probe)
    assert error == "ModuleNotFoundError"
    assert watch.stdlib_fallbacks, "the guard saw the report"
    watch.stdlib_fallbacks.clear()  # expected here: the guard must not fail this test
