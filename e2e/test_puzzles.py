"""Puzzles in the browser: the puzzles page (a puzzle failed, retried and solved by clicks,
remembered after a reload) and `data-puzzle` on an embed (an unknown id: a notice and the
standard game). The moves are worked out here from py_rules, never written down."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from embeds import python_in_worker
from gamepage import READY_TIMEOUT_MS, storage_key
from playwright.sync_api import BrowserContext, Locator, Page, expect

from py_rules.engine.puzzles import NO_PUZZLES, load, puzzles_for
from py_rules.engine.solving import solver_for
from py_rules.play.puzzle_session import PuzzleSession, Stage

pytestmark = pytest.mark.usefixtures("no_console_errors")
DATA = load()


def sequence_puzzle(least_win_in: int) -> dict[str, Any]:
    """The first Sequence Duel puzzle that takes at least that many own moves and has a
    wrong move after whose refutation the game goes on."""
    return next(
        p
        for p in puzzles_for("sequence-duel", DATA)
        if p["win_in"] >= least_win_in
        and any(game_goes_on(PuzzleSession("sequence-duel", p), m) for m in legal(p))
    )


def legal(puzzle: dict[str, Any]) -> list[str]:
    return PuzzleSession("sequence-duel", puzzle).game.legal_move_texts()


def moves_shown(board: Locator) -> Locator:
    return board.locator(".history li:not(.empty)")


def press(board: Locator, name: str) -> None:
    button = board.locator(".targets").get_by_role("button", name=name, exact=True)
    expect(button).to_have_attribute("aria-disabled", "false")
    button.click()


def open_puzzles(page: Page, url: str) -> Locator:
    page.goto(url)
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    board = page.locator(".puzzle-play .number-duels")
    expect(board).to_have_attribute("data-puzzle-state", "solving")
    python_in_worker(page)  # a puzzle's replies are computed off the page's main thread
    return board


def game_goes_on(session: PuzzleSession, move: str) -> bool:
    """Whether `move` is wrong at the puzzle's start and the game goes on after its
    refutation (so that a press on the board can be refused)."""
    trial = PuzzleSession(session.slug, session.puzzle)
    return not trial.try_move(move).correct and not trial.game.is_over


def fail_once(board: Locator, session: PuzzleSession) -> None:
    """A wrong move by clicks: its refutation is shown, and Try again goes back."""
    before = len(session.game.moves)
    refuted(board, session)
    try_again(board, session, before)


def refuted(board: Locator, session: PuzzleSession) -> None:
    """A wrong move by clicks: its refutation is shown and nothing else may be played."""
    game = session.game
    wrong = next(m for m in game.legal_move_texts() if game_goes_on(session, m))
    before = len(game.moves)
    step = session.try_move(wrong)
    press(board, wrong)
    expect(board).to_have_attribute("data-puzzle-state", "refuted")
    expect(moves_shown(board)).to_have_count(before + 1 + len(step.replies))
    expect(moves_shown(board).last).to_contain_text(re.compile(rf"\b{step.replies[-1]}\b"))
    expect(board.locator(".puzzle-feedback")).to_contain_text(f"Not this one: after {wrong}")
    board.locator('.targets button[aria-disabled="false"]').first.click()
    expect(board.locator(".message")).to_contain_text("Press Try again")
    expect(moves_shown(board)).to_have_count(before + 1 + len(step.replies))  # nothing played


def try_again(board: Locator, session: PuzzleSession, before: int) -> None:
    """Try again goes back to the position before the wrong move."""
    board.get_by_role("button", name="Try again").click()
    session.retry()
    expect(board).to_have_attribute("data-puzzle-state", "solving")
    expect(moves_shown(board)).to_have_count(before)
    expect(board.get_by_role("button", name="Try again")).to_be_hidden()


def solve(board: Locator, session: PuzzleSession) -> None:
    """Find each winning move with the solver and play it by clicks to the win."""
    while session.stage is Stage.SOLVING:
        game = session.game
        move = game.move_text(solver_for(game).winning_moves(game.state)[0])
        session.try_move(move)
        press(board, move)
        expect(moves_shown(board)).to_have_count(len(session.game.moves))
        expect(board).to_have_attribute("data-puzzle-state", session.stage.value)
        expect(board.locator(".puzzle-feedback")).to_contain_text(f"Correct: {move}")
    assert session.stage is Stage.SOLVED
    expect(board.locator(".puzzle-feedback")).to_contain_text("Puzzle solved!")
    expect(board.get_by_role("status")).to_contain_text(
        "Player 1 wins" if session.player == 1 else "Player 2 wins"
    )


def test_the_puzzles_page_a_puzzle_failed_retried_solved_and_remembered(
    context: BrowserContext, site_url: str, watch: Any, artifacts: Any
) -> None:
    puzzle = sequence_puzzle(2)
    page = watch.attach(context.new_page())
    board = open_puzzles(page, f"{site_url}puzzles/")
    # The index: every game by difficulty; the games without puzzles say why.
    for slug, reason in NO_PUZZLES.items():
        expect(page.locator(f"#pz-{slug} + .puzzle-note")).to_have_text(reason)
    links = page.locator("a.puzzle-link")
    expect(links).to_have_count(sum(len(g["puzzles"]) for g in DATA["games"].values()))
    expect(page.locator("a.puzzle-link.solved")).to_have_count(0)
    link = page.locator(f'a.puzzle-link[data-puzzle-id="{puzzle["id"]}"]')
    link.click()  # switches the board in place
    expect(board).to_have_attribute("data-puzzle-id", puzzle["id"])
    expect(link).to_have_attribute("aria-current", "true")
    expect(moves_shown(board)).to_have_count(len(puzzle["moves"]))
    expect(board.locator(".puzzle-goal")).to_contain_text(f"wins in {puzzle['win_in']}")
    expect(board.get_by_role("button", name="Undo")).to_be_hidden()
    session = PuzzleSession("sequence-duel", puzzle)
    fail_once(board, session)
    solve(board, session)
    expect(link).to_contain_text("Solved")
    page.screenshot(path=str(artifacts / "puzzles.png"), full_page=True)
    # A reload opens the same puzzle (its id is in the address) and keeps it solved.
    board = open_puzzles(page, page.url)
    expect(board).to_have_attribute("data-puzzle-id", puzzle["id"])
    expect(page.locator("a.puzzle-link.solved")).to_have_count(1)
    expect(link).to_contain_text("Solved")


PUZZLE_LESSON = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A puzzle</title>
<link rel="icon" href="{site}assets/favicon.svg"></head>
<body><h1>Find the winning move</h1>
<div class="number-duels" data-game="digit-chain" data-puzzle="{puzzle}" data-delay="0"></div>
<div class="number-duels" data-game="digit-chain" data-puzzle="no-such-puzzle"></div>
<script src="{site}embed.js" defer></script></body></html>"""


def test_data_puzzle_shows_that_puzzle_and_an_unknown_id_the_standard_game(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    puzzle = puzzles_for("digit-chain", DATA)[-1]
    page = watch.attach(context.new_page())
    address = f"{site_url}lesson-puzzle.html"
    lesson = PUZZLE_LESSON.format(site=site_url, puzzle=puzzle["id"])
    context.route(address, lambda route: route.fulfill(content_type="text/html", body=lesson))
    # A damaged record of solved puzzles (nested deep enough to overflow a parser's
    # stack) counts as none solved, and the next solve replaces it.
    solved_key = storage_key(site_url, "puzzles-solved")  # where the pages keep them
    context.add_init_script(f"localStorage.setItem('{solved_key}', '['.repeat(100000))")
    page.goto(address)
    expect(page.locator("html")).to_have_attribute(
        "data-nd-embeds", "ready", timeout=READY_TIMEOUT_MS
    )
    shown, unknown = page.locator(".number-duels").nth(0), page.locator(".number-duels").nth(1)
    expect(shown).to_have_attribute("data-puzzle-id", puzzle["id"])
    expect(moves_shown(shown)).to_have_count(len(puzzle["moves"]))
    pool = puzzle["options"]["pool"]
    expect(shown.locator(".targets button")).to_have_count(
        pool - (pool // 10 if puzzle["options"]["no_tens"] else 0)
    )
    session = PuzzleSession("digit-chain", puzzle)
    solve(shown, session)
    # Kept through the guarded slot: its revision line (count.token), then the list.
    stored = page.evaluate(f"localStorage.getItem('{solved_key}')")
    assert re.fullmatch(r"1\.[0-9a-f]{16}\n" + re.escape(json.dumps([puzzle["id"]])), stored)
    expect(unknown.locator(".message")).to_contain_text("There is no puzzle")
    expect(unknown.locator(".message")).to_contain_text("the standard game is shown")
    expect(unknown).not_to_have_attribute("data-puzzle-state", re.compile("."))
    expect(moves_shown(unknown)).to_have_count(0)
    expect(unknown.locator(".targets button")).to_have_count(99)


# Every width given to a canvas of the page, in order (a MutationObserver from the start).
RECORD_CANVAS_WIDTHS = """
window.canvasWidths = new Map();
new MutationObserver((records) => {
  for (const { target } of records) {
    if (target.localName !== "canvas") continue;
    const widths = window.canvasWidths.get(target) ?? [];
    widths.push(Number(target.getAttribute("width")));
    window.canvasWidths.set(target, widths);
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["width"] });
"""
DRAWN = """(canvas) => [window.canvasWidths.get(canvas) ?? [],
  Math.round(canvas.parentElement.clientWidth * devicePixelRatio)]"""


def test_a_puzzle_s_board_is_drawn_once_at_its_width_on_a_phone(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    """A board Python makes has no width until the page says it: it is drawn then, once, and
    its buttons come with that drawing (never first at an assumed width, where a press could
    land between buttons that then move)."""
    page = watch.attach(context.new_page())
    page.set_viewport_size({"width": 412, "height": 860})
    page.add_init_script(RECORD_CANVAS_WIDTHS)
    board = open_puzzles(page, f"{site_url}puzzles/")
    widths, final = board.locator(".board canvas").evaluate(DRAWN)
    assert widths == [final] and final < 600, widths
    link = page.locator("a.puzzle-link").nth(1)
    link.click()  # a new board in the same box, made by Python in the worker
    expect(board).to_have_attribute("data-puzzle-id", link.get_attribute("data-puzzle-id") or "")
    expect(board.locator('.targets button[aria-disabled="false"]').first).to_be_attached()
    widths, final = board.locator(".board canvas").evaluate(DRAWN)
    assert widths == [final], widths
