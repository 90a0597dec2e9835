"""A game page printed is a handout: the rules, the standard board, the analysis.

The page is printed to PDF by Chromium (`page.pdf()`, which applies the print
stylesheet) and its text read back with pypdf. The PDFs land in e2e/artifacts/.
"""

from __future__ import annotations

import html
import re
import unicodedata
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from gamepage import SLUGS, GamePage
from playwright.sync_api import Browser, expect
from pypdf import PdfReader
from test_games import take_turn

# What only the screen shows: site chrome, the board's controls, the options form (Hint is
# not listed: the analysis note names it).
SCREEN_ONLY = (
    "All games",
    "New game",
    "Undo",
    "Redo",
    "Share",
    "Print rules",
    "Who plays",
    "History",
    "Version",
    "Loading",
)


def squeezed(text: str) -> str:
    """Text without whitespace (lines break wherever the sheet did) or ligatures ("ﬁ")."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def plain(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


@pytest.mark.parametrize("slug", SLUGS)
def test_printed_game_page_is_a_handout(
    browser: Browser, site_url: str, watch: Any, artifacts: Path, slug: str
) -> None:
    context = browser.new_context(service_workers="block")
    gp = GamePage(watch.attach(context.new_page()), slug).open(site_url)
    take_turn(gp)  # mid-game: the printout still shows the standard board, not this one
    pdf = gp.page.pdf(format="A4")
    (artifacts / f"print-{slug}.pdf").write_bytes(pdf)
    text = squeezed(pdf_text(pdf))

    rules = (ROOT / "site" / "content" / f"{slug}.html").read_text(encoding="utf-8")
    for item in re.findall(r"<li>(.*?)</li>", rules, re.S):
        assert squeezed(plain(item)) in text, item
    assert squeezed("How to play") in text
    caption = gp.page.locator(".board-figure figcaption").text_content() or ""
    assert squeezed(caption) in text

    analysis = gp.page.locator(".analysis")
    assert squeezed(analysis.locator("h2").text_content() or "") in text
    for paragraph in analysis.locator("p").all_text_contents():
        assert squeezed(paragraph) in text
    for row in analysis.locator("tbody tr").all():  # the whole table, folded on screen
        assert squeezed(row.locator("td").first.text_content() or "") in text

    # The controls are not printed; the rules' own prose may name one ("under New game").
    controls = text
    for _tag, block in re.findall(r"<(li|p)\b[^>]*>(.*?)</\1>", rules, re.S):
        controls = controls.replace(squeezed(plain(block)), "")
    for screen_only in SCREEN_ONLY:
        assert squeezed(screen_only) not in controls, screen_only
    assert watch.errors == []
    context.close()


def test_print_rules_button_prints(browser: Browser, site_url: str, watch: Any) -> None:
    context = browser.new_context(service_workers="block")
    page = watch.attach(context.new_page())
    page.add_init_script("window.print = () => { document.body.dataset.printed = 'yes'; };")
    gp = GamePage(page, "circle-duel").open(site_url)
    button = gp.page.get_by_role("button", name="Print rules")
    expect(button).to_be_visible()
    button.click()
    expect(gp.page.locator("body")).to_have_attribute("data-printed", "yes")
    context.close()
