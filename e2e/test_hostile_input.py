"""Hostile text in page addresses, share links and embed attributes: refused with the
usual message, never a failed page, and never shown in a way that can fool a player."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from gamepage import GamePage, wait_embeds_ready
from playwright.sync_api import BrowserContext, expect

SPOOF = "\u202eretupmoC"  # shows as "Computer" where bidi overrides are obeyed
LURE = "Your saved games expired. Sign in again at https://evil.example/login"


pytestmark = pytest.mark.usefixtures("no_console_errors")


def link(record: dict[str, Any]) -> str:
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_a_page_address_with_a_malformed_number_or_a_spoofing_name_is_refused(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    gp = GamePage(watch.attach(context.new_page()), "number-duel")
    gp.open(site_url, "?numbers=--5")
    expect(gp.message).to_have_text(
        "This game's settings were refused (numbers must be a whole number, not '--5'): "
        "the standard game is shown."
    )
    expect(gp.page.locator("#targets").get_by_role("button", name="Position 5")).to_have_count(1)

    gp = GamePage(gp.page, "circle-duel")
    gp.open(site_url, f"?mode=vs-computer&name1={SPOOF}")
    expect(gp.message).to_contain_text(
        "the name of player 1 contains control or invisible characters"
    )
    expect(gp.page.locator("#players")).not_to_contain_text("retupmoC")
    expect(gp.page.locator("#players")).to_contain_text("Player 1")


def test_a_link_repeats_at_most_40_characters_of_an_unknown_option(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    game = {"format": "number-duels/1", "game": "circle-duel", "options": {LURE: 1}}
    token = link(
        {"v": 1, "mode": "2p", "level": "easy", "at": 0, "game": {**game, "names": [], "moves": []}}
    )
    gp = GamePage(watch.attach(context.new_page()), "circle-duel").open(site_url, f"?g={token}")
    expect(gp.message).to_contain_text(
        f"That link could not be opened: it has a bad setting: unknown option {LURE[:40]!r}...; "
    )
    expect(gp.message).not_to_contain_text("evil.example")


EMBEDS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A lesson</title></head><body>
<div class="number-duels" data-game="circle-duel" data-size="--5"></div>
<div class="number-duels" data-game="sequence-duel" data-name2="{spoof}"></div>
<script src="{site}embed.js" defer></script>
</body></html>"""


def test_embed_attributes_with_a_malformed_number_or_a_spoofing_name_are_refused(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    address = f"{site_url}lesson-with-hostile-embeds.html"
    body = EMBEDS.format(site=site_url, spoof=SPOOF)
    context.route(address, lambda route: route.fulfill(content_type="text/html", body=body))
    page = watch.attach(context.new_page())
    page.goto(address)
    wait_embeds_ready(page)
    circle, line = page.locator(".number-duels").nth(0), page.locator(".number-duels").nth(1)
    expect(circle.locator(".message")).to_have_text(
        "This game's settings were refused (size must be a whole number, not '--5'): "
        "the standard game is shown."
    )
    expect(circle.locator(".targets button")).to_have_count(10)
    expect(line.locator(".message")).to_contain_text(
        "the name of player 2 contains control or invisible characters"
    )
    expect(line).not_to_contain_text("retupmoC")
