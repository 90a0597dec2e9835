"""An embed on another site runs its Python in a Web Worker (a module of the host's origin,
a blob: URL, that imports the site's worker); where the host page forbids that worker (its
Content Security Policy refuses blob: workers) or has no Worker at all, the boards start on
the page itself, as they always did, and play the same, saying nothing new. A sandboxed
iframe (an opaque origin) holding a lesson page works too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from embeds import python_in_worker, python_on_the_page
from gamepage import READY_TIMEOUT_MS, RECORD_LESSON_EVENTS
from playwright.sync_api import BrowserContext, expect

LESSON = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">{policy}<title>A lesson</title>
<link rel="icon" href="data:,"></head>
<body><h1>Take the middle</h1>
<div class="number-duels" data-game="sequence-duel" data-size="7" data-mode="vs-computer"
  data-delay="0"></div>
<script src="{site}embed.js" defer></script></body></html>"""
# A school's policy that allows workers of its own origin only: no blob: worker.
NO_BLOB_WORKERS = """<meta http-equiv="Content-Security-Policy" content="worker-src 'self'">"""
FRAMING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Framed</title>
<link rel="icon" href="data:,"></head>
<body><iframe sandbox="allow-scripts" src="{lesson}" width="800" height="700"></iframe>
</body></html>"""


def lesson_page(folder: Path, name: str, site_url: str, policy: str = "") -> str:
    (folder / name).write_text(LESSON.format(site=site_url, policy=policy), "utf-8")
    return name


def play_a_move(box: Any) -> None:
    """Take the middle (4 of 1..7); the computer answers, and the page's script hears both."""
    middle = box.locator(".targets").get_by_role("button", name="4", exact=True)
    expect(middle).to_have_attribute("aria-disabled", "false", timeout=READY_TIMEOUT_MS)
    moves = box.locator(".history li:not(.empty):not(.future)")
    middle.click()
    expect(moves).to_have_count(2)
    expect(box).to_have_attribute("data-turn", "human")


@pytest.mark.usefixtures("no_console_errors")
def test_an_embed_on_another_origin_runs_python_in_a_worker(
    context: BrowserContext, site_url: str, watch: Any, other_origin: tuple[Path, str]
) -> None:
    folder, host_url = other_origin
    context.add_init_script(RECORD_LESSON_EVENTS)
    page = watch.attach(context.new_page())
    page.goto(host_url + lesson_page(folder, "lesson.html", site_url))
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    python_in_worker(page)
    play_a_move(page.locator(".number-duels"))
    # The host page's script heard the move and the reply, dispatched on its own thread.
    page.wait_for_function("window.events.length === 2")
    events = page.evaluate("window.events")
    assert [e["name"] for e in events] == ["number-duels:move"] * 2
    assert all(e["plain"] and e["board"] == "sequence-duel" for e in events)
    assert events[0]["detail"]["moves"] == ["4"]


@pytest.mark.parametrize("refusal", ["a policy refusing blob: workers", "no Worker at all"])
def test_a_host_page_that_forbids_the_worker_plays_with_python_on_the_page(
    context: BrowserContext,
    site_url: str,
    watch: Any,
    other_origin: tuple[Path, str],
    refusal: str,
) -> None:
    folder, host_url = other_origin
    policy = NO_BLOB_WORKERS if refusal.startswith("a policy") else ""
    page = watch.attach(context.new_page())
    if not policy:
        page.add_init_script("delete window.Worker")
    watch.errors.clear()
    page.goto(host_url + lesson_page(folder, "strict.html", site_url, policy))
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    python_on_the_page(page)
    box = page.locator(".number-duels")
    play_a_move(box)
    # The only complaint is the browser's own, of the refused worker.
    refused = [e for e in watch.errors if "Content Security Policy" not in e]
    assert refused == [], refused
    if policy:
        assert watch.csp and all(re.search(r"worker-src|blob:", v) for v in watch.csp), watch.csp
    watch.csp.clear()  # the host's own policy at work, as it meant


@pytest.mark.usefixtures("no_console_errors")
def test_a_lesson_in_a_sandboxed_iframe_plays_with_python_in_a_worker(
    context: BrowserContext, site_url: str, watch: Any, other_origin: tuple[Path, str]
) -> None:
    """`sandbox="allow-scripts"` alone: the lesson's origin is opaque, so the worker's script
    is a data: module that imports the site's (a cross-origin request from origin "null")."""
    folder, host_url = other_origin
    lesson = host_url + lesson_page(folder, "framed-lesson.html", site_url)
    (folder / "framing.html").write_text(FRAMING.format(lesson=lesson), "utf-8")
    page = watch.attach(context.new_page())
    page.goto(host_url + "framing.html")
    frame = page.frame_locator("iframe")
    expect(frame.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    expect(frame.locator("html")).to_have_attribute("data-nd-embed-python", "worker")
    assert frame.locator("html").evaluate("() => self.origin") == "null"
    play_a_move(frame.locator(".number-duels"))
