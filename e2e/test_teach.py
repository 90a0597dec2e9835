"""The lesson builder (teach/) driven like a teacher, on a phone-sized screen.

For every game a lesson is built by clicks: an option, a starting position played on the
builder's own board (not for Number Duel, whose hidden numbers refuse given moves), and
for one game a puzzle. The script snippet of each lands in one page on another origin and
each iframe snippet in a page of its own there, all opened at once: both must show the
position the builder showed, and play on. A refused option shows the option's own message
and no code. The builder's address and a pasted snippet bring the choices back; axe finds
nothing in any of these states.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import PHONE
from embeds import python_in_worker
from gamepage import READY_TIMEOUT_MS
from playwright.sync_api import BrowserContext, Locator, Page, expect
from strategies import every_game
from test_accessibility import small_targets, violations

import py_rules
from py_rules.rules.errors import BadOption
from py_rules.rules.options import spec_summary

pytestmark = [pytest.mark.usefixtures("no_console_errors"), pytest.mark.context(phone=True)]

# Per game: the value of the option set by the form (the first one the game has), and the
# moves the teacher plays on the board before pressing "Start here" (None: the first legal
# button), none of which ends the game.
LESSONS = every_game(
    {
        "circle-duel": ("8", ["1"]),  # and the computer's answer
        "number-circle": ("12", [None, None]),
        "sequence-duel": ("9", [None, None]),
        "digit-chain": ("30", ["21", "13"]),
        "number-duel": ("3", []),  # its numbers are hidden: no given moves
    }
)
# What two lessons leave out (a checkbox, the attribute it sets); checked on every board.
OFFERS = {
    "sequence-duel": [("A Hint button", "data-hints")],
    "number-duel": [("The list of moves", "data-move-list")],
}
PUZZLE_GAME = "digit-chain"
VS_COMPUTER = ("circle-duel", "number-duel")  # "a learner against the computer"
MOVES = ".history li:not(.empty):not(.future)"
HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A lesson</title>
<link rel="icon" href="data:,"></head>
<body><h1>Today's lesson</h1>
{snippets}
</body></html>"""


def no_violations(page: Page, site_url: str, state: str) -> None:
    found = violations(page, site_url)
    assert found == [], f"axe, {state}: {found}"


def first_option(slug: str) -> dict[str, Any]:
    return spec_summary(py_rules.GAMES[slug].public_option_specs()[0])


def label(spec: dict[str, Any]) -> str:
    return spec["help"][:1].upper() + spec["help"][1:]


def make_a_move(board: Locator, first: str | None = None) -> None:
    """One move on a board (a div or a framed page), by clicks, as a person makes it: a
    number, then + or − in Number Circle, or a position in Number Duel. Done when the move
    list grows (the computer may answer at once), or the status changes on a board that
    lists no moves."""
    moves, status = board.locator(MOVES), board.locator(".status")
    listed, before = board.locator(".history").count() > 0, moves.count()

    def played(said: str) -> Locator:
        return moves.nth(before) if listed else status.filter(has_not_text=exactly(said))

    said = status.inner_text()
    legal = '.targets button[aria-disabled="false"]'
    if first is None:
        board.locator(legal).first.click()
    else:
        board.locator(".targets").get_by_role("button", name=first, exact=True).click()
    half = board.locator('.targets button[aria-pressed="true"]')
    expect(played(said).or_(half).first).to_be_attached()
    if half.count():  # the second half: a position, else + or −
        said = status.inner_text()
        positions = board.locator(legal, has_text=re.compile(r"^Position "))
        choices = board.locator('.choices button[aria-disabled="false"]')
        (positions if positions.count() else choices).first.click()
    expect(played(said)).to_be_attached()


def exactly(text: str) -> re.Pattern[str]:
    return re.compile(f"^{re.escape(text)}$")


def position(board: Locator) -> tuple[list[str], str]:
    """What a board shows: its move list (folded away in a div) and its status line."""
    moves = [text.strip() for text in board.locator(MOVES).all_text_contents()]
    return moves, board.locator(".status").inner_text()


def build(page: Page, slug: str) -> tuple[dict[str, str], tuple[list[str], str]]:
    """Build one game's lesson by clicks; its three snippets and the position shown."""
    form, options = page.locator("form.lesson-form"), page.locator("form.lesson-options")
    preview = page.locator(".teach-preview .number-duels")
    form.get_by_label("Game", exact=True).select_option(slug)
    expect(preview).to_have_attribute("data-game", slug)
    value, presses = LESSONS[slug]
    plies = len(presses)
    spec = first_option(slug)
    control = options.get_by_label(label(spec), exact=True)
    if spec["random"]:
        control.select_option(value)
    else:
        control.fill(value)
    name = spec["name"].replace("_", "-")
    expect(preview).to_have_attribute(f"data-{name}", value)
    for leave_out, attribute in OFFERS.get(slug, []):
        form.get_by_label(leave_out).uncheck()
        expect(preview).to_have_attribute(attribute, "false")
    if slug in VS_COMPUTER:
        learner_first = "A learner against the computer (the learner is Player 1)"
        options.get_by_label("Who plays").select_option(label=learner_first)
        expect(preview).to_have_attribute("data-mode", "vs-computer")
    board_ready(preview)
    for press in presses:
        make_a_move(preview, press)
    if slug in VS_COMPUTER and plies:  # the computer's answer to the learner's last move
        expect(preview.locator(MOVES)).to_have_count(plies + 1)
    if plies:
        played = position(preview)[0]
        form.get_by_role("button", name="Start here").click()
        expect(form.get_by_label("Starting moves")).not_to_have_value("")
        expect(preview).to_have_attribute("data-moves", re.compile(r"\S"))
        board_ready(preview)
        expect(preview.locator(MOVES)).to_have_count(len(played))
        assert position(preview)[0] == played
        events = page.locator(".event-log li")
        expect(events).to_have_count(0)  # a new start: the lesson events start afresh
    return snippets(page), position(preview)


def left_out(board: Locator, slug: str) -> None:
    """The parts the lesson left out are not on the board."""
    hints = board.locator(".actions").get_by_role("button", name="Hint")
    offers = dict(OFFERS.get(slug, []))
    if "A Hint button" in offers:
        expect(hints).to_be_hidden()
    else:
        expect(hints).to_be_visible()
    expect(board.locator(".history")).to_have_count(0 if "The list of moves" in offers else 1)


def board_ready(board: Locator) -> None:
    expect(board).to_have_attribute("data-nd-state", "started")
    expect(board.locator(".status")).not_to_have_text(re.compile("Starting|Loading"))


def snippets(page: Page) -> dict[str, str]:
    expect(page.locator(".lesson-builder")).to_have_attribute("data-lesson", "ready")
    return {
        name: page.locator(f'[data-snippet="{name}"]').input_value()
        for name in ("script", "iframe", "link")
    }


@pytest.mark.long
def test_a_teacher_builds_a_lesson_for_every_game_that_plays_on_another_site(
    context: BrowserContext, site_url: str, watch: Any, other_origin: tuple[Path, str]
) -> None:
    folder, host_url = other_origin
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}teach/")
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    expect(page.locator(".lesson-builder")).to_have_attribute("data-lesson", "ready")
    python_in_worker(page)  # the builder and its preview: the page never holds Python
    no_violations(page, site_url, "fresh")
    assert small_targets(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    built: dict[str, tuple[dict[str, str], tuple[list[str], str]]] = {}
    for slug in LESSONS:
        built[slug] = build(page, slug)
        assert f'data-game="{slug}"' in built[slug][0]["script"]
        assert built[slug][0]["script"].endswith(
            f'<script src="{site_url}embed.js" defer></script>'
        )
        assert f"{site_url}games/{slug}/?embed=1&amp;" in built[slug][0]["iframe"]
    for slug in VS_COMPUTER:
        assert 'data-mode="vs-computer"' in built[slug][0]["script"]

    # The events panel shows what the board fires, as a lesson's script receives it.
    preview = page.locator(".teach-preview .number-duels")
    make_a_move(preview)
    expect(page.locator(".event-log li").first).to_contain_text(
        'number-duels:move {"game":"number-duel"'
    )
    no_violations(page, site_url, "events listed")

    # One puzzle: the settings give way to it.
    form = page.locator("form.lesson-form")
    form.get_by_label("Game", exact=True).select_option(PUZZLE_GAME)
    form.get_by_label("Puzzle").select_option(index=1)
    puzzle_id = form.get_by_label("Puzzle").input_value()
    expect(preview).to_have_attribute("data-puzzle", puzzle_id)
    expect(form.get_by_label("Starting moves")).to_be_disabled()
    board_ready(preview)
    built["puzzle"] = (snippets(page), position(preview))
    no_violations(page, site_url, "a puzzle chosen")

    # A refused option: its own message, its field marked, and no code to copy.
    form.get_by_label("Puzzle").select_option("")
    spec = first_option("sequence-duel")
    form.get_by_label("Game", exact=True).select_option("sequence-duel")
    bad = str(spec["high"] + 1)
    with pytest.raises(BadOption) as refused:
        py_rules.new_game("sequence-duel", {spec["name"]: bad})
    field = page.locator("form.lesson-options").get_by_label(label(spec), exact=True)
    field.fill(bad)
    expect(page.locator(".lesson-refused")).to_have_text(f"No code yet: {refused.value}")
    expect(page.locator("form.lesson-options .form-error")).to_contain_text(str(refused.value))
    expect(field).to_have_attribute("aria-invalid", "true")
    for name in ("script", "iframe", "link"):
        expect(page.locator(f'[data-snippet="{name}"]')).to_have_value("")
    no_violations(page, site_url, "an option refused")

    # A snippet pasted back brings its lesson back; so does the builder's own address.
    chain = built["digit-chain"][0]
    page.get_by_label("Paste its code").fill(chain["iframe"])
    page.get_by_role("button", name="Load it here").click()
    expect(page.locator(".paste-result")).to_have_text("Loaded: Digit Chain Duel.")
    expect(page.locator('[data-snippet="script"]')).to_have_value(chain["script"])
    page.get_by_role("button", name="Copy the script").click()
    expect(page.locator(".copy-status")).to_have_text(re.compile("^(Copied|Select) the script"))
    no_violations(page, site_url, "a snippet loaded")

    # The board's language: data-lang in the code; the preview speaks as the builder page.
    language = page.locator("form.lesson-form").get_by_label("The board's language")
    language.select_option("es")
    script = page.locator('[data-snippet="script"]')
    expect(script).to_have_value(chain["script"].replace("></div>", ' data-lang="es"></div>'))
    expect(page.locator('[data-snippet="iframe"]')).to_have_value(re.compile("&amp;lang=es"))
    expect(preview).not_to_have_attribute("data-lang", re.compile("."))
    language.select_option("en")
    expect(script).to_have_value(chain["script"])
    page.goto(page.url)
    expect(page.locator(".lesson-builder")).to_have_attribute(
        "data-lesson", "ready", timeout=READY_TIMEOUT_MS
    )
    expect(page.locator('[data-snippet="script"]')).to_have_value(chain["script"])
    page.close()

    # Another site: every script snippet in one page, each iframe snippet in a page of its own
    # there (at the top of it, in view), all opened at once: their Python starts side by side.
    (folder / "scripts.html").write_text(
        HOST_PAGE.format(snippets="\n".join(s["script"] for s, _ in built.values())), "utf-8"
    )
    host = watch.attach(context.new_page())
    host.goto(f"{host_url}scripts.html", wait_until="commit")
    framing = []
    for index, (code, _shown) in enumerate(built.values()):
        (folder / f"frame-{index}.html").write_text(
            HOST_PAGE.format(snippets=code["iframe"]), "utf-8"
        )
        framing.append(watch.attach(context.new_page()))
        framing[-1].goto(f"{host_url}frame-{index}.html", wait_until="commit")
    expect(host.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    python_in_worker(host)  # another origin: the site's worker, through a blob: module
    boards = host.locator(".number-duels")
    expect(boards).to_have_count(len(built))
    for index, (slug, (_code, shown)) in enumerate(built.items()):
        board = boards.nth(index)
        board_ready(board)
        assert position(board) == shown, slug
        game = framing[index].frame_locator("iframe").locator("body")
        expect(game).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        assert position(game) == shown, slug
        for board_shown in (board, game):
            left_out(board_shown, slug)
        # Each move made in the tab in front, as a person makes it (see GamePage.in_front).
        framing[index].bring_to_front()
        make_a_move(game)
        framing[index].close()
        host.bring_to_front()
        make_a_move(board)
    host.close()
