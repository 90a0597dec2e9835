"""Digit Chain as written is over at its first move: a new player and a teacher are told,
and offered the variant without the tens where a game should last.

The seed's rules stay the standard game. The game page's rules say what the first move does
and how to play without the tens; its analysis says the same; the lesson builder starts
a Digit Chain lesson without the tens, and says why if the teacher puts them back.
"""

from __future__ import annotations

import re
from typing import Any

from gamepage import GamePage, wait_embeds_ready
from playwright.sync_api import Browser, expect

FIRST_MOVE = re.compile(
    r"ending\s+in\s+0\s+wins\s+at\s+once.*any\s+other\s+loses\s+at\s+once", re.S
)


def test_the_game_page_tells_the_first_move_and_offers_the_game_without_tens(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(service_workers="block")
    page = watch.attach(context.new_page())
    game = GamePage(page, "digit-chain").open(site_url)
    expect(page.locator(".rules")).to_contain_text(FIRST_MOVE)
    expect(page.locator(".analysis > p").first).to_contain_text(FIRST_MOVE)
    expect(page.locator(".rules")).to_contain_text("For a game that lasts, leave the tens out")
    expect(game.target("30")).to_be_visible()
    page.locator("form.options").get_by_label(re.compile("out of the pool")).check()
    page.get_by_role("button", name="New game").click()
    expect(game.target("10")).to_have_count(0)
    expect(game.target("31")).to_be_visible()
    assert watch.errors == []
    context.close()


def test_a_digit_chain_lesson_starts_without_the_tens_and_says_why(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    page = watch.attach(context.new_page())
    page.goto(f"{site_url}teach/")
    wait_embeds_ready(page)
    preview = page.locator(".teach-preview .number-duels")
    advice = page.locator(".lesson-advice")
    page.locator("form.lesson-form").get_by_label("Game", exact=True).select_option("digit-chain")
    expect(preview).to_have_attribute("data-no-tens", "true")
    expect(advice).to_be_hidden()
    tens = page.get_by_label(re.compile("out of the pool"))
    expect(tens).to_be_checked()
    tens.uncheck()
    expect(preview).not_to_have_attribute("data-no-tens", "true")
    expect(advice).to_be_visible()
    expect(advice).to_contain_text(FIRST_MOVE)
    assert watch.errors == []
    context.close()
