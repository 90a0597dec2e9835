"""The lesson builder fits what it hands out and shows only what is true.

Its iframe is as tall as the framed board needs for the game and options chosen: every game
at its largest offered size, chosen by the builder's controls on one builder page and framed
on another site from the very snippet the builder gives, shows its whole board and its
buttons without scrolling. A choice that makes the starting
moves illegal is said beside the moves, and the preview shows no board until the choices
make a lesson again; a lesson has no side to take in a game by link. A framed game page whose
Python runs in a worker fits its frame while it waits for Python too, and keeps nothing of
the full page the build drew for it (scripts/build/early_board.py) once Python's is up.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from app.pages.frame_size import FRAME_WIDTH, frame_height
from gamepage import READY_TIMEOUT_MS, worker_page
from playwright.sync_api import Browser, Page, Route, expect
from strategies import every_game

import py_rules
from py_rules.rules.options import IntOption, spec_summary

pytestmark = pytest.mark.usefixtures("no_console_errors")

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A lesson</title>
<link rel="icon" href="data:,"></head>
<body style="margin: 0"><h1>Today's lesson</h1>
{snippet}
</body></html>"""
# Per game: its number options at the top of their range (the largest board it offers).
LARGEST = every_game(
    {
        slug: {
            spec.name: str(spec.high)
            for spec in py_rules.GAMES[slug].public_option_specs()
            if isinstance(spec, IntOption)
        }
        for slug in py_rules.GAMES
    }
)
# The framed page's height, what it would scroll inside the iframe, and where its buttons end.
FRAMED = """() => ({
  content: document.documentElement.scrollHeight,
  frame: document.documentElement.clientHeight,
  buttons: Math.max(...[...document.querySelectorAll('.actions button')]
    .filter(b => b.checkVisibility()).map(b => b.getBoundingClientRect().bottom)),
})"""


HEIGHTS = """() => ({
  content: document.documentElement.scrollHeight, frame: document.documentElement.clientHeight,
})"""
RUNTIME = "**/vendor/pyodide/pyodide.asm.wasm"
# Every element a layout shift moved, outside the loading screen (in every frame).
RECORD_SHIFTS = """
window.ndShifted = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) for (const source of entry.sources) {
    const node = source.node;
    if (node instanceof Element && !node.closest("#loading")) {
      window.ndShifted.push(`${node.localName}.${node.className} ${entry.value}`);
    }
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def open_builder(page: Page, site_url: str, query: str) -> None:
    page.goto(f"{site_url}teach/{query and '?'}{query}")
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )


def lesson_at_the_largest_size(page: Page, slug: str) -> str:
    """Choose `slug` at its largest size in the open builder, by its controls, as a teacher
    does (the builder's Python goes on: no second start); the iframe snippet it gives."""
    page.locator("form.lesson-form").get_by_label("Game", exact=True).select_option(slug)
    preview = page.locator(".teach-preview .number-duels")
    expect(preview).to_have_attribute("data-game", slug)
    for spec in map(spec_summary, py_rules.GAMES[slug].public_option_specs()):
        if spec["name"] not in LARGEST[slug]:
            continue
        value, label = LARGEST[slug][spec["name"]], spec["help"][:1].upper() + spec["help"][1:]
        control = page.locator("form.lesson-options").get_by_label(label, exact=True)
        if control.evaluate("control => control.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
        attribute = f"data-{spec['name'].replace('_', '-')}"
        if value == str(spec["default"]):  # a default is left out of the lesson's code
            expect(preview).not_to_have_attribute(attribute, re.compile(".*"))
        else:
            expect(preview).to_have_attribute(attribute, value)
            expect(page.locator('[data-snippet="iframe"]')).to_have_value(
                re.compile(f"[?&;]{spec['name']}={value}\\b")
            )
    expect(page.locator(".lesson-builder")).to_have_attribute("data-lesson", "ready")
    return page.locator('[data-snippet="iframe"]').input_value()


def test_the_iframe_shows_the_whole_board_at_the_largest_size(
    browser: Browser, site_url: str, watch: Any, other_origin: tuple[Path, str]
) -> None:
    """Every game's snippet from one builder page; each iframe at the top of a lesson page
    of its own (in view), the lesson pages opened at once."""
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    builder = watch.attach(context.new_page())
    open_builder(builder, site_url, "")
    snippets = {slug: lesson_at_the_largest_size(builder, slug) for slug in LARGEST}
    builder.close()
    folder, host_url = other_origin
    lessons = {}
    for slug, snippet in snippets.items():
        (folder / f"{slug}.html").write_text(HOST_PAGE.format(snippet=snippet), encoding="utf-8")
        lessons[slug] = watch.attach(context.new_page())
        lessons[slug].goto(f"{host_url}{slug}.html", wait_until="commit")
    for slug, snippet in snippets.items():
        page = lessons[slug]
        height = int(re.search(r'height="(\d+)"', snippet).group(1))  # type: ignore[union-attr]
        frame = page.frame_locator("iframe")
        expect(frame.locator("body")).to_have_attribute(
            "data-state", "ready", timeout=READY_TIMEOUT_MS
        )
        expect(frame.locator(".actions button").first).to_be_visible()
        framed = next(f for f in page.frames if f != page.main_frame)
        seen = framed.evaluate(FRAMED)
        assert seen["frame"] == height, (slug, seen)
        assert seen["content"] <= seen["frame"], f"{slug}: the framed page scrolls, {seen}"
        assert seen["buttons"] <= seen["frame"], f"{slug}: buttons cut off, {seen}"
        assert seen["frame"] - seen["content"] <= 120, f"{slug}: far taller than its board, {seen}"
    context.close()


def test_moves_made_illegal_by_an_option_are_refused_beside_them_and_no_board_is_shown(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    page = watch.attach(context.new_page())
    open_builder(page, site_url, "game=digit-chain&moves=30")
    builder = page.locator(".lesson-builder")
    preview = page.locator(".teach-preview .number-duels")
    moves = page.get_by_label("Starting moves")
    expect(builder).to_have_attribute("data-lesson", "ready")
    expect(preview.locator("canvas")).to_have_count(1)
    expect(page.get_by_text("Playing a friend by link")).to_have_count(0)

    page.get_by_label(re.compile("out of the pool")).check()
    expect(builder).to_have_attribute("data-lesson", "refused")
    expect(moves).to_have_attribute("aria-invalid", "true")
    beside = moves.locator("xpath=..").locator(".field-error")
    expect(beside).to_contain_text("30")
    expect(moves).to_have_attribute("aria-describedby", str(beside.get_attribute("id")))
    expect(preview.locator("canvas")).to_have_count(0)  # no board of another lesson
    expect(preview).to_contain_text("No board for these choices")
    expect(preview).not_to_contain_text(re.compile("wins|won", re.IGNORECASE))
    expect(page.locator('[data-snippet="iframe"]')).to_have_value("")

    page.get_by_label(re.compile("out of the pool")).uncheck()
    expect(builder).to_have_attribute("data-lesson", "ready")
    expect(moves).to_have_attribute("aria-invalid", "false")
    expect(page.locator(".field-error")).to_have_count(0)
    expect(preview.locator("canvas")).to_have_count(1)
    expect(preview.locator(".history li").first).to_contain_text("30")
    context.close()


# The build drew the standard game of a full page (scripts/build/early_board.py): another
# board than the lesson's largest, a bar of choices under Number Circle's, the game by link.
FRAMED_LESSONS = {"circle-duel": LARGEST["circle-duel"], "number-circle": {}}


@pytest.mark.parametrize("slug", list(FRAMED_LESSONS))
def test_a_framed_worker_page_fits_its_frame_before_python_and_keeps_no_part_it_lacks(
    browser: Browser, site_url: str, watch: Any, other_origin: tuple[Path, str], slug: str
) -> None:
    options = FRAMED_LESSONS[slug]
    height = frame_height(slug, options, "")
    query = "".join(f"&{name}={value}" for name, value in options.items())
    src = f"{site_url}games/{slug}/{worker_page()}?embed=1{query}"
    iframe = f'<iframe src="{src}" title="A lesson" width="{FRAME_WIDTH}" height="{height}"'
    folder, host_url = other_origin
    (folder / "lesson.html").write_text(
        HOST_PAGE.format(snippet=f'{iframe} style="border:0" sandbox="allow-scripts"></iframe>'),
        encoding="utf-8",
    )
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    context.add_init_script(RECORD_SHIFTS)
    page = watch.attach(context.new_page())
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:  # Python cannot start until the routes go on
        if released:
            route.continue_()
        else:
            held.append(route)

    context.route(RUNTIME, hold)
    page.goto(f"{host_url}lesson.html")
    framed = page.frame_locator("iframe")
    # The page has sent itself to Python, which cannot answer yet.
    expect(framed.locator("html")).to_have_attribute(
        "data-nd-pending", re.compile(r"^\d+$"), timeout=READY_TIMEOUT_MS
    )
    expect(framed.locator("body")).to_have_attribute("data-state", "loading")
    expect(framed.locator("#loading")).to_be_visible()
    frame = next(f for f in page.frames if f != page.main_frame)
    waiting = frame.evaluate(HEIGHTS)
    assert waiting["content"] <= waiting["frame"] == height, f"scrolls while loading: {waiting}"

    released = True
    for route in held:
        route.continue_()
    expect(framed.locator("body")).to_have_attribute(
        "data-state", "ready", timeout=READY_TIMEOUT_MS
    )
    expect(framed.locator("html")).not_to_have_attribute("data-nd-pending", re.compile(".*"))
    expect(framed.locator("[data-nd-id]")).to_have_count(0)  # each made again by Python, or gone
    expect(framed.locator(".link-open, .link-panel")).to_have_count(0)
    ready = frame.evaluate(FRAMED)
    assert ready["content"] <= ready["frame"], f"the framed page scrolls, {ready}"
    assert ready["buttons"] <= ready["frame"], f"buttons cut off, {ready}"
    # Nothing on the page moved when Python's board took the loading screen's place (the
    # loading screen's own lines may, while it counts the bytes).
    assert frame.evaluate("window.ndShifted") == [], "moved when Python took over"
    context.close()
