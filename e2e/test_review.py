"""The review in the move list, by clicks: a game lost by a mistake, and trying again.

The mistake is worked out here from `py_rules` (never written into the test): a first
move that throws away Sequence Duel's won start, played against the perfect computer,
so the game is lost from that move on whatever else the player does.
"""

from __future__ import annotations

import base64
import json
import random
import re
from typing import Any

import pytest
from gamepage import GamePage, hold_timers
from playwright.sync_api import expect

from py_rules import Session, new_game
from py_rules.engine.players import choose_move
from py_rules.engine.solving import solve

SIZE = 8  # a Sequence Duel the first player wins, with moves that lose it
MAX_TURNS = 40
LONG_SIZE = 60  # a Sequence Duel whose review takes seconds, several in Pyodide
REVIEW_TIMEOUT_MS = 180_000  # a whole long review, cold, on a busy 2-core machine
WORDS = re.compile(
    r"^(Mistake: this turned a won position into a lost one\.( Winning moves were: [\d, ]+\.)?"
    r"|Kept the win\.|The position was already lost\.|Not solved\.)$"
)


def open_game(context: Any, watch: Any, site_url: str, slug: str, query: str = "") -> GamePage:
    return GamePage(watch.attach(context.new_page()), slug).open(site_url, "?delay=100" + query)


def link_token(session: Session) -> str:
    """The ?g= value of a share link to `session` (base64url JSON, as the page makes)."""
    text = json.dumps(session.to_data(share=True), separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def marks(gp: GamePage) -> Any:
    return gp.page.locator("#history .review-mark")


def play_first_choices(gp: GamePage) -> None:
    """Play the first legal choice each turn until the game is over."""
    for _ in range(MAX_TURNS):
        if gp.wait_for_my_turn() == "over":
            return
        if gp.slug == "number-duel":
            attack(gp)
        else:
            gp.press(gp.legal()[0])
    pytest.fail("the game did not end")


def attack(gp: GamePage) -> None:
    """Number Duel: attack the first position left with the first number left."""
    gp.press(next(x for x in gp.legal() if x.isdigit()))
    gp.press(next(x for x in gp.legal() if x.startswith("Position ")))


def test_a_lost_game_shows_its_mistake_and_tries_again(
    module_context: Any, watch: Any, site_url: str, no_console_errors: None
) -> None:
    start = new_game("sequence-duel", {"size": SIZE, "first": 1})
    report = solve(start)
    assert report["value"] == "win"
    winning = report["winning_moves"]
    mistake = next(m for m in start.legal_move_texts() if m not in winning)

    gp = open_game(module_context, watch, site_url, "sequence-duel")
    gp.new_game(mode="cpu2", level="perfect", first="1", size=str(SIZE), name1="Ada", name2="")
    gp.press(mistake)
    expect(marks(gp)).to_have_count(0)  # a running game at its latest move: no review
    play_first_choices(gp)
    expect(gp.status).to_contain_text("Computer wins")
    moves = gp.page.locator("#history li")
    total = moves.count()
    expect(marks(gp)).to_have_count(total)
    # Every move is judged in words: the mistake, then the computer kept its win.
    first = moves.nth(0).locator(".review-mark")
    best = ", ".join(winning)
    expect(first).to_have_text(
        f"Mistake: this turned a won position into a lost one. Winning moves were: {best}."
    )
    expect(first).to_have_class(re.compile(r"\bmistake\b"))
    expect(moves.nth(1).locator(".review-mark")).to_have_text("Kept the win.")
    if total > 2:
        expect(moves.nth(2).locator(".review-mark")).to_have_text("The position was already lost.")

    # Selecting the mistake explains it and offers to try again.
    detail = gp.page.locator(".review-detail")
    expect(detail).to_be_hidden()  # the last move shown is the computer's win
    gp.click(moves.nth(0))
    expect(moves.nth(0)).to_have_class(re.compile(r"\bcurrent\b"))
    expect(detail).to_be_visible()
    expect(detail).to_contain_text(f"Winning moves were: {best}.")
    retry = detail.get_by_role("button", name="Try again from here")
    retry.click()

    # The position before the mistake, Ada to move, the lost game listed dimmed.
    expect(gp.page.locator("body")).to_have_attribute("data-turn", "human")
    expect(gp.status).to_contain_text("Ada:")
    expect(gp.history).to_have_count(0)
    expect(gp.page.locator("#history li.future")).to_have_count(total)
    expect(marks(gp)).to_have_count(total)  # the old line's review, while it is listed
    assert sorted(gp.legal(), key=int) == sorted(start.legal_move_texts(), key=int)
    focused = gp.page.evaluate("() => document.activeElement.closest('#targets') !== null")
    assert focused, "the focus goes to the board"
    expect(detail).to_be_hidden()
    # Playing a winning move this time replaces the old line.
    gp.press(winning[0])
    expect(gp.page.locator("#history li.future")).to_have_count(0)
    expect(gp.history.first).to_contain_text(f"Ada claimed {winning[0]}")
    # A new game running at its latest move shows no review (Ada's move wins, so the
    # computer's reply cannot end it).
    expect(gp.page.locator("body")).to_have_attribute("data-turn", "human")
    expect(marks(gp)).to_have_count(0)


def test_a_number_duel_shows_chances_once_it_is_over(
    module_context: Any, watch: Any, site_url: str, no_console_errors: None
) -> None:
    gp = open_game(module_context, watch, site_url, "number-duel")
    gp.new_game(mode="cpu2", first="1", numbers="3", name1="Ada", name2="")
    attack(gp)
    gp.wait_for_my_turn()
    expect(gp.history).to_have_count(2)
    expect(marks(gp)).to_have_count(0)  # nothing that could hint at a hidden number
    play_first_choices(gp)
    total = gp.page.locator("#history li").count()
    expect(marks(gp)).to_have_count(total)
    chance = re.compile(r"^(Mistake: c|C)hance to win \d+% \(best \d+%\)\.")
    for index in range(total):
        expect(marks(gp).nth(index)).to_have_text(chance)


def test_a_long_review_leaves_the_page_free_to_step(
    module_context: Any, watch: Any, site_url: str, no_console_errors: None
) -> None:
    # A Sequence Duel on 60 numbers between medium players, opened from a link one move
    # before its end.
    rng = random.Random(4)
    game = new_game("sequence-duel", {"size": LONG_SIZE, "first": 1})
    for _ in range(2):
        game.play(rng.choice(game.legal_moves()))
    while not game.is_over:
        game.play(choose_move(game, "medium", rng))
    total, last = game.turn, game.moves[-1]
    before = new_game("sequence-duel", {"size": LONG_SIZE, "first": 1})
    for move in game.moves[:-1]:
        before.play(move)
    gp = open_game(
        module_context, watch, site_url, "sequence-duel", f"&g={link_token(Session(before))}"
    )
    # The review judges a move per timer tick. With Python's timers held (in its worker, or
    # the page's with Playwright's clock) before the last move starts it, it cannot go on:
    # every move of the finished game reads "reviewing…", and a step drawn now did not wait
    # for any judging.
    resume = hold_timers(gp.page)
    gp.press(game.move_text(last))
    expect(gp.status).to_contain_text("wins")
    reviewing = gp.page.locator("#history .review-mark.reviewing")
    expect(reviewing).to_have_count(total)
    expect(reviewing.first).to_have_text("reviewing…")
    gp.click(gp.page.get_by_role("button", name="First position"))
    expect(gp.history).to_have_count(0)
    expect(gp.page.locator("#history li.future")).to_have_count(total)
    expect(reviewing).to_have_count(total)
    resume()  # the review goes on, a move per tick, while the page is stepped
    assert gp.page.locator("#history").evaluate("list => list.scrollTop") == 0  # at its start
    expect(reviewing).to_have_count(0, timeout=REVIEW_TIMEOUT_MS)
    words = marks(gp).all_inner_texts()
    assert len(words) == total and all(WORDS.match(w) for w in words), words
    assert words[-1] == "Kept the win."  # the winning move
