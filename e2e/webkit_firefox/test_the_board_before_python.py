"""The board before Python in WebKit and in Firefox: e2e/early_board_cases.py's cases, which
Chromium's suite runs too (e2e/test_early_board.py), once per engine.

Neither engine is driven by Playwright, so Python is held back at the server: each test
serves the site on an origin of its own (webkit_firefox/servers.py, HeldSite) whose response
with the runtime's WebAssembly waits until the case releases it. Digit Chain's first
press fetched from a file of its own and Number Duel's hand-over with the row the page deals
are played here too.
"""

from __future__ import annotations

import early_board_cases as cases
import pytest
from engines import Tab
from gamepage import storage_key, worker_page

from webkit_firefox.servers import HeldSite

# Forget what a visit of this origin left for the next (the service worker and its caches,
# the memory snapshot), so that the next visit asks the server for the runtime again.
FORGET_OFFLINE = """async () => {
  for (const registration of await navigator.serviceWorker?.getRegistrations() ?? []) {
    await registration.unregister();
  }
  for (const name of await caches.keys()) await caches.delete(name);
  return true;
}"""


@pytest.fixture
def open_held(tab: Tab, held_site: HeldSite) -> cases.OpenHeld:
    def opened(slug: str, address: str = "") -> cases.Held:
        if tab.run("(url) => location.href.startsWith(url)", held_site.url):
            tab.run(FORGET_OFFLINE)
        held_site.hold()
        tab.goto(f"{held_site.url}games/{slug}/{worker_page()}{address}")
        if not held_site.gate.asked.wait(cases.READY_S):
            raise tab.fail(f"{slug}: the page never asked for the runtime")
        return held_site

    return opened


def test_a_first_press_before_python_is_shown_a_second_gets_ready_python_confirms(
    tab: Tab, open_held: cases.OpenHeld
) -> None:
    cases.first_press_shown_second_getting_ready_then_confirmed(tab, open_held)


def test_a_first_press_in_a_file_of_its_own_is_fetched_shown_and_confirmed(
    tab: Tab, open_held: cases.OpenHeld
) -> None:
    cases.first_press_shown_second_getting_ready_then_confirmed(
        tab, open_held, "digit-chain", "23", files=1
    )


def test_number_duel_s_hand_over_deals_a_row_at_once_that_python_adopts(
    tab: Tab, open_held: cases.OpenHeld
) -> None:
    cases.dealt_row_shown_then_adopted(tab, open_held)


def test_a_refused_first_press_before_python_says_why_in_the_rules_words(
    tab: Tab, open_held: cases.OpenHeld
) -> None:
    cases.refused_first_press_says_why(tab, open_held)


def test_a_saved_game_never_shows_the_build_board_as_playable(
    tab: Tab, held_site: HeldSite, open_held: cases.OpenHeld
) -> None:
    slug = "circle-duel"
    url = f"{held_site.url}games/{slug}/{worker_page()}"
    cases.save_a_game(tab, url, storage_key(held_site.url, slug))
    held = open_held(slug)
    cases.never_playable_unless_fresh(tab, held, saved=True)
