"""The site in WebKit and in Firefox: what a class does with it, once per engine.

Every game page plays a move and gets the computer's reply, a hostile link is refused with
its message, a puzzle is solved, the tutorial's two boards play, the documented iframe plays
on another site's page, a visit makes Python's memory snapshot that the next restores, and
after one visit the site plays offline, where Number Duel's hand-over hides both hands. One
browser per engine serves every test (the test ids name the engine), and the tests load as
few pages as they can (a Python start costs WebKit many seconds): this suite runs in `make
test`.

Buttons are found by their text with XPath (`//button[normalize-space()='10']`) and pressed
with a real click once the page offers them (`press`: legal, on a board drawn at its width);
waits are on the pages' own signals (data-state, data-nd-embeds, aria-disabled, the move
list), as in the Chromium suite (e2e/), never on time. A wait that times out says what the
page showed then (conftest.py's DESCRIBE).
"""

from __future__ import annotations

import base64
import json
import re

from engines import Tab
from gamepage import PYTHON_BOOT
from test_embed import LESSON, SITE_ADDRESS, iframe_snippet

from py_rules.engine.puzzles import load, puzzles_for
from py_rules.engine.solving import solver_for
from py_rules.play.puzzle_session import PuzzleSession, Stage
from py_rules.registry import GAMES
from webkit_firefox.servers import OtherSite, Site

READY_S = 120  # a Python start on a busy 2-core machine, in a slower engine
GAME = "//*[@id='targets']"
CHOICES = "//*[@id='choices']"
MOVES = "#history li:not(.empty):not(.future)"
LURE = "Your saved games expired. Sign in again at https://evil.example/login"

# The page's text, as a reader sees it: the button names, the move list, a message.
TEXTS = """(css) => [...document.querySelectorAll(css)]
  .map((e) => e.textContent.replace(/\\s+/g, ' ').trim())"""
LEGAL = """(xpath) => {
  const found = document.evaluate(xpath, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE);
  return Array.from({ length: found.snapshotLength },
    (_, i) => found.snapshotItem(i).textContent.replace(/\\s+/g, ' ').trim());
}"""
# The button the XPath finds is legal, and its board's picture was drawn for the board's
# width: Python draws the canvas at the board's width in device pixels (`Pen`).
PRESSABLE = """(xpath) => {
  const button = document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE)
    .singleNodeValue;
  if (button?.getAttribute('aria-disabled') !== 'false') return false;
  const board = (button.closest('.number-duels') ?? document).querySelector('#board, .board');
  const canvas = board?.querySelector('canvas');
  const drawn = Math.round(board?.clientWidth * devicePixelRatio);
  return !!canvas && Math.abs(canvas.width - drawn) <= 1;
}"""
SHOWN = """(css) => { const e = document.querySelector(css);
  return !!e && !e.hidden && e.getClientRects().length > 0; }"""
BOARDS = "document.querySelectorAll('.number-duels')"
STATE = """() => [document.body?.dataset.state, document.documentElement.dataset.ndEmbeds,
  document.querySelector('#loading-reason')?.textContent || '']"""


def has_class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


def board(n: int) -> str:
    """The n-th embedded board of a page (1-based), as an XPath."""
    return f"(//*[{has_class('number-duels')}])[{n}]"


def in_targets(scope: str) -> str:
    """The board buttons of an embedded board."""
    return f"{scope}//*[{has_class('targets')}]"


def literal(text: str) -> str:
    return f'"{text}"' if "'" in text else f"'{text}'"


# ----- the page, as a person uses it ------------------------------------------------------------


def open_page(tab: Tab, url: str, *, embeds: bool = False, fresh: bool = True) -> None:
    """Load `url` and wait until it says it is playable (a game page's body, or every board of
    a page with embeds). `fresh`: no saved game first (a page resumes a saved one in
    preference to the settings in its address)."""
    if fresh:
        tab.run("() => { try { localStorage.clear(); } catch {} }")
    tab.goto(url)
    signal = (
        "document.documentElement.dataset.ndEmbeds" if embeds else "document.body?.dataset.state"
    )
    wait_ready(tab, f"() => {signal} === 'ready'", url)


def wait_ready(tab: Tab, ready: str, what: str, frame: str | None = None) -> None:
    try:
        tab.wait_for(ready, what=f"{what} ready to play", frame=frame, timeout=READY_S)
    except AssertionError as error:
        state = tab.run(STATE, frame=frame)
        raise tab.fail(f"{error} (state, embeds, reason: {state})") from None


def legal(tab: Tab, scope: str = GAME, frame: str | None = None) -> list[str]:
    """The names of the buttons under `scope` that are legal choices now, in page order."""
    names: list[str] = tab.run(LEGAL, f"{scope}//button[@aria-disabled='false']", frame=frame)
    return names


def press(tab: Tab, name: str, scope: str = GAME, frame: str | None = None) -> None:
    """Click the button named `name` under `scope` once the page offers it: legal
    (aria-disabled="false", as after the computer's reply the buttons are handed back a moment
    later) on a board drawn at its box's width. A board Python makes on a page (a puzzle
    chosen, an embed) is drawn only once the page has said the box's width; a click aimed at a
    drawing at any other width would land beside the buttons, so the wait checks it."""
    button = f"{scope}//button[normalize-space()={literal(name)}]"
    tab.wait_for(PRESSABLE, button, what=f"{name!r} legal on a settled board", frame=frame)
    tab.click(button, frame)


def texts(tab: Tab, css: str, frame: str | None = None) -> list[str]:
    found: list[str] = tab.run(TEXTS, css, frame=frame)
    return found


def wait_text(tab: Tab, css: str, words: str, frame: str | None = None) -> None:
    """Wait until the (first) element `css` finds contains `words`."""
    tab.wait_for(
        "(css, words) => document.querySelector(css)?.textContent.includes(words)",
        css,
        words,
        what=f"{css} saying {words!r}",
        frame=frame,
    )


def wait_moves(tab: Tab, count: int, css: str = MOVES, frame: str | None = None) -> list[str]:
    """Wait for at least `count` entries in the move list; all of them."""
    moves: list[str] = tab.wait_for(
        f"(css, n) => ({TEXTS})(css).length >= n && ({TEXTS})(css)",
        css,
        count,
        what=f"{count} moves in the list",
        frame=frame,
    )
    return moves


def first_legal(tab: Tab, scope: str, pattern: str, frame: str | None = None) -> str:
    """Wait until a legal button under `scope` has a name matching `pattern` (a regular
    expression); its name. Waited for in the page: one whose Python runs in a worker draws
    the next step of a move a moment after the press."""
    names = tab.wait_for(
        f"(xpath, pattern) => {{ const hits = ({LEGAL})(xpath)"
        ".filter((n) => new RegExp(pattern).test(n)); return hits.length > 0 && hits; }",
        f"{scope}//button[@aria-disabled='false']",
        pattern,
        what=f"a legal button in {scope} named as {pattern}",
        frame=frame,
    )
    return str(names[0])


def make_a_move(tab: Tab, slug: str, frame: str | None = None) -> None:
    """One whole move by clicks on a game page, the first legal choice at each step."""
    if slug == "number-duel":  # one of your numbers, then a position to attack
        press(tab, first_legal(tab, GAME, r"^\d+$", frame), GAME, frame)
        press(tab, first_legal(tab, GAME, "^Position ", frame), GAME, frame)
    elif slug == "number-circle":  # the number to move to, then + or −
        press(tab, legal(tab, frame=frame)[0], GAME, frame)
        op = first_legal(tab, CHOICES, "^[+−]$", frame)
        press(tab, op, CHOICES, frame)
    else:
        press(tab, legal(tab, frame=frame)[0], GAME, frame)


def digits_shown(tab: Tab) -> int:
    """How many of a Number Duel hand's numbers are on the board as buttons."""
    return sum(name.isdigit() for name in texts(tab, "#targets button"))


# ----- the tests ----------------------------------------------------------------------------------


def hostile_link() -> str:
    """A share link whose game has an option named with a phishing lure."""
    game = {"format": "number-duels/1", "game": "circle-duel", "options": {LURE: 1}}
    record = {"v": 1, "mode": "2p", "level": "easy", "at": 0}
    record["game"] = {**game, "names": [], "moves": []}
    text = json.dumps(record, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_every_game_page_plays_a_move_and_the_computer_replies(tab: Tab, site: Site) -> None:
    """Circle Duel's page is opened by a hostile share link (one page load less): the link is
    refused with its message, and the game of the address's own settings starts."""
    for slug in GAMES:
        link = f"&g={hostile_link()}" if slug == "circle-duel" else ""
        open_page(tab, f"{site.url}games/{slug}/?mode=vs-computer&delay=0{link}")
        if link:
            wait_text(tab, "#message", "That link could not be opened: it has a bad setting:")
            message = texts(tab, "#message")[0]
            assert f"unknown option {LURE[:40]!r}..." in message, f"{tab.name}: {message}"
            assert "evil.example" not in message, f"{tab.name}: the lure shown whole: {message}"
        assert texts(tab, MOVES) == [], f"{tab.name}: {slug} starts with moves"
        make_a_move(tab, slug)
        first, reply = wait_moves(tab, 2)[:2]
        assert "Player 1" in first and "Computer" in reply, f"{tab.name}: {slug}: {first}; {reply}"


def test_a_visit_makes_the_snapshot_the_next_restores_it_none_downloaded(
    tab: Tab, site: Site
) -> None:
    """Once a game page is playable it makes Python's memory snapshot in a worker and keeps
    it; the next page restores it. No page of the session downloads the build's snapshot."""
    open_page(tab, f"{site.url}games/digit-chain/?delay=0")
    tab.wait_for(
        "() => performance.getEntriesByName('nd-snapshot-kept').length > 0"
        " || document.documentElement.dataset.pythonBoot === 'snapshot'",  # kept earlier
        what="the snapshot made and kept",
        timeout=READY_S,
    )
    open_page(tab, f"{site.url}games/sequence-duel/?mode=vs-computer&delay=0")
    started = tab.run(PYTHON_BOOT)
    assert [started["path"], started["reason"]] == ["snapshot", ""], f"{tab.name}: {started}"
    make_a_move(tab, "sequence-duel")
    wait_moves(tab, 2)
    downloaded = [path for path in site.meter.paths if re.search(r"/snapshot-[0-9a-f]+\.gz$", path)]
    assert downloaded == [], f"{tab.name}: {downloaded}"
    assert any(path.endswith("/pyodide.asm.wasm") for path in site.meter.paths)


def test_a_puzzle_is_solved(tab: Tab, site: Site) -> None:
    puzzle = min(puzzles_for("sequence-duel", load()), key=lambda p: p["win_in"])
    open_page(tab, f"{site.url}puzzles/", embeds=True)
    tab.click(f'a.puzzle-link[data-puzzle-id="{puzzle["id"]}"]')
    the_board = ".puzzle-play .number-duels"
    tab.wait_for(
        "(css, id) => document.querySelector(css)?.dataset.puzzleId === id",
        the_board,
        puzzle["id"],
        what=f"puzzle {puzzle['id']} on the board",
    )
    scope = in_targets(f"//*[{has_class('puzzle-play')}]//*[{has_class('number-duels')}]")
    session = PuzzleSession("sequence-duel", puzzle)
    while session.stage is Stage.SOLVING:  # each winning move, from the solver
        game = session.game
        move = game.move_text(solver_for(game).winning_moves(game.state)[0])
        session.try_move(move)
        press(tab, move, scope)
        wait_moves(tab, len(session.game.moves), f"{the_board} .history li:not(.empty)")
        wait_text(tab, f"{the_board} .puzzle-feedback", f"Correct: {move}")
    wait_text(tab, f"{the_board} .puzzle-feedback", "Puzzle solved!")
    wait_text(tab, f'a.puzzle-link[data-puzzle-id="{puzzle["id"]}"]', "Solved")


def test_the_tutorials_two_boards_play(tab: Tab, site: Site) -> None:
    open_page(tab, f"{site.url}tutorial.html", embeds=True)
    chain, line = board(1), board(2)
    press(tab, "10", in_targets(chain))  # Digit Chain, two players: nothing starts with 0
    tab.wait_for(
        f"() => {BOARDS}[0].querySelector('[role=status]').textContent.includes('Player 1 wins')",
        what="Player 1 winning the Digit Chain board",
    )
    press(tab, "6", in_targets(line))  # Sequence Duel against the computer
    tab.wait_for(
        f"() => {BOARDS}[1].querySelectorAll('.history li:not(.empty)').length === 2",
        what="the computer's reply on the Sequence Duel board",
    )
    assert tab.run(f"() => {BOARDS}.length") == 2, f"{tab.name}: not two boards"
    where = tab.run("() => document.documentElement.dataset.ndEmbedPython")
    assert where == "worker", f"{tab.name}: the boards' Python ran on the {where}"


def test_the_iframe_on_another_sites_page_plays(tab: Tab, site: Site) -> None:
    snippet = iframe_snippet().replace(SITE_ADDRESS, site.url)
    other = OtherSite(LESSON.format(site=site.url, snippet=snippet))
    try:
        tab.goto(other.url)
        wait_ready(tab, "() => document.body?.dataset.state === 'ready'", "the iframe", "iframe")
        make_a_move(tab, "sequence-duel", frame="iframe")
        first, reply = wait_moves(tab, 2, frame="iframe")[:2]
        assert "Player 1" in first and "Computer" in reply, f"{tab.name}: {first}; {reply}"
    finally:
        other.stop()


def test_offline_after_one_visit_number_duel_hands_over_hiding_both_hands(
    tab: Tab, site: Site
) -> None:
    """With the server gone, a page not opened before (Number Duel for two people) loads from
    the service worker and plays; its hand-over screen hides both hands between turns."""
    if not tab.run(
        "(url) => location.href.startsWith(url) && !!navigator.serviceWorker?.controller", site.url
    ):  # the visit: unless an earlier test made it
        open_page(tab, f"{site.url}games/sequence-duel/?mode=vs-computer&delay=0")
    tab.wait_for(
        "async () => { await navigator.serviceWorker.ready;"
        " return navigator.serviceWorker.controller !== null; }",
        what="the service worker in control, the site precached",
        timeout=READY_S,
    )
    site.stop()
    try:
        open_page(
            tab, f"{site.url}games/number-duel/?mode=two-players&numbers=5&name1=Ann&name2=Bob"
        )
        hands_are_hidden(tab, "Ann's turn")
        tab.click('//button[normalize-space()="Show Ann\'s numbers"]')
        tab.wait_for(
            f"() => ({TEXTS})('#targets button').filter((n) => /^\\d$/.test(n)).length === 5",
            what="Ann's five numbers",
        )
        make_a_move(tab, "number-duel")
        wait_text(tab, "#handover", "Ann attacked position")
        hands_are_hidden(tab, "Bob's turn")
    finally:
        site.start()


def hands_are_hidden(tab: Tab, whose_turn: str) -> None:
    wait_text(tab, "#handover", whose_turn)
    assert tab.run(SHOWN, "#handover"), f"{tab.name}: no hand-over screen before {whose_turn}"
    assert digits_shown(tab) == 0, f"{tab.name}: a hand is shown behind the hand-over screen"
