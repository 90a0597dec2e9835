"""Each of the five games, played by clicks in a real browser, start to finish.

One page per game is loaded once (module scope) and reused: every test starts a new
game from the page's own form, as a player would, with that page brought to the front.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gamepage import SLUGS, GamePage
from playwright.sync_api import expect
from strategies import every_game

# ?delay= for these pages: the computer moves as soon as it has thought. Its turn is still
# shown first (recorded as it happens, test_a_whole_game_against_the_computer), and a
# pause would only make every game against it longer.
COMPUTER_DELAY_MS = 0
MAX_TURNS = 400


@pytest.fixture(scope="module")
def pages(module_context: Any, site_url: str, watch: Any) -> Iterator[dict[str, GamePage]]:
    """Game pages loaded on first use, shared by every test in this module."""
    context = module_context
    loaded: dict[str, GamePage] = {}

    def get(slug: str) -> GamePage:
        if slug not in loaded:
            page = watch.attach(context.new_page())
            loaded[slug] = GamePage(page, slug).open(site_url, f"?delay={COMPUTER_DELAY_MS}")
        return loaded[slug].in_front()  # the page played is the one in front

    yield _Lazy(get)


class _Lazy(dict):
    def __init__(self, get: Any) -> None:
        super().__init__()
        self.get_page = get

    def __missing__(self, slug: str) -> GamePage:
        return self.get_page(slug)


@pytest.fixture(autouse=True)
def no_console_errors(watch: Any) -> Iterator[None]:
    yield
    assert watch.errors == [], f"console errors: {watch.errors}"


# ----- playing one turn the way a person would ------------------------------------------


def pick_turn(gp: GamePage, prefer: str | None) -> None:
    """A move that is one number: one press."""
    gp.press(prefer or gp.legal()[0])


def step_turn(gp: GamePage, prefer: str | None) -> None:
    """Number Circle: the number to move to, then + or − (or Pass alone)."""
    if prefer == "pass" or (prefer is None and not gp.legal() and gp.legal("#choices") == ["Pass"]):
        before = gp.history.count()
        gp.click(gp.choice("Pass"))
        expect(gp.history.nth(before)).to_be_attached()  # the computer may reply at once
        return
    number, op = (prefer[:-1], prefer[-1]) if prefer else (gp.legal()[0], None)
    gp.press(number)
    expect(gp.target(number)).to_have_attribute("aria-pressed", "true")
    ops = gp.legal("#choices")
    op = {"+": "+", "-": "−"}[op] if op else ("+" if "+" in ops else ops[0])
    before = gp.history.count()
    gp.click(gp.choice(op))
    expect(gp.history.nth(before)).to_be_attached()  # the computer may reply at once


def attack_turn(gp: GamePage, prefer: str | None) -> None:
    """Number Duel: one of your numbers, then the position attacked ("3@2")."""
    mine = [x for x in gp.legal() if x.isdigit()]
    gp.press(prefer.split("@")[0] if prefer else mine[0])
    positions = [p for p in gp.legal() if p.startswith("Position ")]
    assert positions, "after choosing a number, occupied positions are legal targets"
    gp.press(f"Position {prefer.split('@')[1]}" if prefer else positions[0])


# How a person makes one move (in the game's notation, or the first legal one) on each page.
TURNS = every_game(
    {
        "circle-duel": pick_turn,
        "number-circle": step_turn,
        "sequence-duel": pick_turn,
        "digit-chain": pick_turn,
        "number-duel": attack_turn,
    }
)


def take_turn(gp: GamePage, prefer: str | None = None) -> None:
    """Make one legal move by clicks: `prefer` if given, else the first legal choice."""
    if gp.turn() == "handover":
        gp.reveal()
    TURNS[gp.slug](gp, prefer)


def play_out(gp: GamePage, script: list[str] = ()) -> None:
    """Play `script`, then first legal choices, by clicks, until the game is over."""
    for move in script:
        take_turn(gp, move)
    for _ in range(MAX_TURNS):
        if gp.wait_for_my_turn() == "over":
            return
        take_turn(gp)
    pytest.fail("the game did not end")


def winner_shown(gp: GamePage, name: str | None = None) -> str:
    """Check the page declares the result everywhere it should; return the status text."""
    expect(gp.page.locator("body")).to_have_attribute("data-turn", "over")
    expect(gp.status).to_have_attribute("data-over", "true")
    text = gp.status.inner_text()
    if name:
        expect(gp.status).to_contain_text(f"{name} wins")
    if "draw" not in text:
        assert re.search(r"wins", text), text
        expect(gp.page.locator("#players .player.winner")).to_have_count(1)
    assert gp.legal() == [], "no button may stay legal after the end"
    return text


def shoot(gp: GamePage, artifacts: Path, name: str) -> None:
    """The whole page, and the board with its side panel alone (for the README)."""
    gp.page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
    gp.page.locator(".layout").screenshot(path=str(artifacts / f"{name}-board.png"))


# ----- two players at one screen ------------------------------------------------------------

SCRIPTED = every_game(
    {
        # The seed's example game: Player 1 is stuck after 3 and loses.
        "circle-duel": (["4", "5", "6", "7", "8", "9", "10", "1", "2", "3"], "Player 2"),
        # RULINGS.md: the seed's example with its slips mended, won by Player 1 with 8 + 7.
        "number-circle": (
            ["2+", "9+", "3+", "8-", "4+", "7+", "5+", "6+", "6-", "5-", "7+"],
            "Player 1",
        ),
        # The seed's opening, then the rules decide.
        "digit-chain": (["26", "61", "19", "94", "42", "28", "83", "37", "75", "54"], None),
        "sequence-duel": (["10", "13", "7", "16"], None),
        "number-duel": ([], None),
    }
)


@pytest.mark.parametrize("slug", SLUGS)
def test_two_players_play_a_whole_game(
    pages: dict[str, GamePage], slug: str, artifacts: Path
) -> None:
    gp = pages[slug]
    gp.new_game(mode="2p", first="1", name1="", name2="")
    script, winner = SCRIPTED[slug]
    expect(gp.status).to_contain_text("Player 1")
    for move in script[:3]:
        take_turn(gp, move)
    while gp.history.count() < 2:  # a few moves on the board for the picture
        take_turn(gp)
    if gp.wait_for_my_turn() == "handover":  # show the board, not the hand-over screen
        gp.reveal()
    shoot(gp, artifacts, slug)
    play_out(gp, script[3:])
    text = winner_shown(gp, winner)
    assert gp.history.count() >= len(script)
    assert re.search(r"Player [12] wins|^It's a draw", text), text
    shoot(gp, artifacts, f"{slug}-over")


def test_number_duel_hides_both_hands_between_turns(pages: dict[str, GamePage]) -> None:
    gp = pages["number-duel"]
    gp.new_game(mode="2p", first="1", numbers="5", name1="Ann", name2="Bob")
    handover = gp.page.locator("#handover")
    expect(handover).to_be_visible()
    expect(handover).to_contain_text("Ann's turn")
    # Behind the hand-over screen no number of either hand is a button (or visible).
    expect(
        gp.page.locator("#targets").get_by_role("button", name=re.compile(r"^\d$"))
    ).to_have_count(0)
    gp.click(gp.page.get_by_role("button", name="Show Ann's numbers"))
    expect(
        gp.page.locator("#targets").get_by_role("button", name=re.compile(r"^\d$"))
    ).to_have_count(5)
    take_turn(gp)
    expect(handover).to_be_visible()
    expect(handover).to_contain_text("Bob's turn")
    expect(handover).to_contain_text("Ann attacked position")
    expect(
        gp.page.locator("#targets").get_by_role("button", name=re.compile(r"^\d$"))
    ).to_have_count(0)


# ----- arranging one's own numbers in Number Duel -------------------------------------------

CARD = re.compile(r"^\d at position \d$")


def arranged_row(gp: GamePage) -> list[int]:
    """The row the arranging player sees, by position (their cards' accessible names)."""
    cards = gp.page.locator("#targets").get_by_role("button", name=CARD)
    return [int(name.split()[0]) for name in cards.all_text_contents()]


def arrange(gp: GamePage, order: list[int]) -> None:
    """Swap cards by clicks until the row reads `order`, then press Done arranging."""
    expect(gp.page.locator("body")).to_have_attribute("data-turn", "arrange")
    for i, number in enumerate(order, start=1):
        row = arranged_row(gp)
        j = row.index(number) + 1
        if j != i:
            gp.click(gp.target(f"{row[i - 1]} at position {i}"))
            expect(gp.target(f"{row[i - 1]} at position {i}")).to_have_attribute(
                "aria-pressed", "true"
            )
            gp.click(gp.target(f"{number} at position {j}"))
            expect(gp.target(f"{number} at position {i}")).to_be_attached()
    assert arranged_row(gp) == order
    gp.click(gp.choice("Done arranging"))


@pytest.fixture
def number_duel(pages: dict[str, GamePage]) -> Iterator[GamePage]:
    """The Number Duel page, its "Arrange my numbers" box unticked again after the test."""
    yield pages["number-duel"]
    pages["number-duel"].page.locator('#options [name="arrange"]').set_checked(False)


def test_number_duel_players_arrange_their_own_numbers(number_duel: GamePage) -> None:
    gp = number_duel
    gp.new_game(mode="2p", first="1", numbers="5", name1="Ann", name2="Bob", arrange=True)
    handover = gp.page.locator("#handover")
    digits = gp.page.locator("#targets").get_by_role("button", name=re.compile(r"^\d"))
    expect(handover).to_contain_text("Ann's turn")
    expect(digits).to_have_count(0)
    gp.click(gp.page.get_by_role("button", name="Show Ann's numbers"))
    expect(gp.status).to_contain_text("Ann: arrange your numbers")
    arrange(gp, [5, 4, 3, 2, 1])
    # Bob takes the screen: Ann's arrangement is hidden from him, before and after.
    expect(handover).to_be_visible()
    expect(handover).to_contain_text("Bob's turn")
    expect(digits).to_have_count(0)
    expect(gp.page.locator("body")).to_have_attribute("data-turn", "handover")
    gp.click(gp.page.get_by_role("button", name="Show Bob's numbers"))
    expect(gp.status).to_contain_text("Bob: arrange your numbers")
    expect(gp.page.locator("#choices")).not_to_contain_text("Position")
    arrange(gp, [1, 2, 3, 4, 5])
    expect(handover).to_contain_text("Ann's turn")
    expect(digits).to_have_count(0)
    # A share link while it runs carries no arranged order.
    gp.page.get_by_role("button", name="Share").click()
    gp.answered()
    token = gp.page.get_by_label("Share link").input_value().split("?g=")[1]
    shared = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode()
    assert "order" not in shared and "seed" not in shared, shared
    # The attacks meet the numbers where each player put them.
    take_turn(gp, "5@1")
    expect(gp.history.nth(0)).to_contain_text("Ann attacked position 1 with 5: it beats Bob's 1.")
    take_turn(gp, "2@2")
    expect(gp.history.nth(1)).to_contain_text("Bob attacked position 2 with 2: Ann's 4 wins")
    play_out(gp)
    winner_shown(gp)


def test_number_duel_arranging_against_the_computer(number_duel: GamePage) -> None:
    gp = number_duel
    gp.new_game(mode="cpu1", first="1", numbers="4", name1="", name2="Ada", arrange=True)
    # No hand-over screen for one person; the computer, to move first, waits for Ada.
    expect(gp.page.locator("body")).to_have_attribute("data-turn", "arrange")
    expect(gp.page.locator("#handover")).to_be_hidden()
    row = arranged_row(gp)
    # By keyboard: pick up the first card, step right, swap it with the second.
    gp.target(f"{row[0]} at position 1").focus()
    gp.page.keyboard.press("Enter")
    expect(gp.target(f"{row[0]} at position 1")).to_have_attribute("aria-pressed", "true")
    gp.page.keyboard.press("ArrowRight")
    gp.answered()  # Python moves the focus: the next key goes where it put it, as a person sees
    gp.page.keyboard.press("Enter")
    expect(gp.target(f"{row[0]} at position 2")).to_be_attached()
    assert gp.history.count() == 0, "the computer must not move while Ada arranges"
    order = [4, 1, 3, 2]
    arrange(gp, order)
    expect(gp.history.nth(0)).to_be_attached()
    first = gp.history.nth(0).inner_text()
    found = re.search(r"Computer attacked position (\d) with \d: .*Ada's (\d)", first)
    assert found, first
    assert order[int(found[1]) - 1] == int(found[2]), (order, first)
    play_out(gp)
    winner_shown(gp)


# ----- against the computer -----------------------------------------------------------------


# Every turn the page shows, with its status line, as it happens.
RECORD_TURNS = """() => {
  window.ndTurnsShown = [];
  const note = () => window.ndTurnsShown.push(
    [document.body.dataset.turn, document.querySelector("#status").textContent]);
  const seen = new MutationObserver(note);
  seen.observe(document.body, { attributes: true, attributeFilter: ["data-turn"] });
  const text = { childList: true, characterData: true, subtree: true };
  seen.observe(document.querySelector("#status"), text);
}"""


@pytest.mark.parametrize("slug", SLUGS)
def test_a_whole_game_against_the_computer(pages: dict[str, GamePage], slug: str) -> None:
    gp = pages[slug]
    gp.new_game(mode="cpu2", first="1", name1="Ada", name2="")
    expect(gp.page.locator("#players")).to_contain_text("Computer")
    expect(gp.page.locator("body")).to_have_attribute("data-turn", "human")
    gp.page.evaluate(RECORD_TURNS)
    take_turn(gp)
    turns = 0
    while gp.wait_for_my_turn() != "over":
        assert gp.turn() == "human", "no hand-over screen against the computer"
        take_turn(gp)
        turns += 1
        assert turns < MAX_TURNS
    text = winner_shown(gp)
    assert re.search(r"(Ada|Computer) wins|draw", text), text
    moves = gp.page.locator("#history").inner_text()
    assert "Computer" in moves  # the computer really moved
    # Before each of its moves the page showed the computer's turn, for a short pause that
    # a person can follow (recorded as it happened: polling could miss so short a pause).
    shown = gp.page.evaluate("window.ndTurnsShown")
    assert any(t == "computer" and "Computer is thinking" in s for t, s in shown), shown


def test_the_computer_can_move_first(pages: dict[str, GamePage]) -> None:
    gp = pages["sequence-duel"]
    gp.new_game(mode="cpu1", first="1", name1="", name2="Bea")
    expect(gp.history).to_have_count(1)  # it opened without anyone pressing anything
    expect(gp.history.first).to_contain_text("Computer claimed")
    expect(gp.status).to_contain_text("Bea:")
    gp.wait_for_my_turn()
    play_out(gp)
    winner_shown(gp)


# ----- refusals -----------------------------------------------------------------------------

ILLEGAL = every_game(
    {
        # slug: (moves first, button pressed, where it is, words the refusal must contain)
        "circle-duel": (["4"], "7", "#targets", "adjacent to the last number selected (4)"),
        "number-circle": ([], "5", "#targets", "next to yours (1)"),
        "sequence-duel": (["5"], "6", "#targets", "next to your opponent"),
        "digit-chain": (["26"], "15", "#targets", "must start with 6"),
        "number-duel": ([], "Position 1", "#targets", "Choose one of your numbers first"),
    }
)


@pytest.mark.parametrize("slug", SLUGS)
def test_an_illegal_click_is_refused_and_changes_nothing(
    pages: dict[str, GamePage], slug: str
) -> None:
    gp = pages[slug]
    gp.new_game(mode="2p", first="1", name1="", name2="")
    moves, name, where, words = ILLEGAL[slug]
    for move in moves:
        take_turn(gp, move)
    if gp.wait_for_my_turn() == "handover":
        gp.reveal()
    expect(gp.message).to_be_empty()
    before = gp.snapshot()
    gp.press_refused(name, where)
    expect(gp.message).to_contain_text(words)
    assert gp.snapshot() == before


def test_refusals_name_the_rule_in_every_part_of_a_move(pages: dict[str, GamePage]) -> None:
    nc = pages["number-circle"]
    nc.new_game(mode="2p", first="1", target="15", no_negative=False)
    nc.press_refused("+", "#choices")
    expect(nc.message).to_contain_text("Choose the number to move to first")
    for move in ["2+", "9+", "3+", "8-", "4+", "7+", "5+"]:
        take_turn(nc, move)
    # Player 2 (total 8, on 7, came from 8) may move only to 6; 6+ makes 14, fine; but
    # Player 1 (total 14) then may not add 6: that would pass the target.
    take_turn(nc, "6+")
    nc.press("6")
    before = nc.snapshot()
    nc.press_refused("+", "#choices")
    expect(nc.message).to_contain_text("more than the target 15")
    assert nc.snapshot() == before
    nd = pages["number-duel"]
    nd.new_game(mode="2p", first="1", numbers="3")
    nd.click(nd.page.get_by_role("button", name="Show Player 1's numbers"))  # before take_turn
    take_turn(nd, "3@1")
    take_turn(nd)
    nd.click(nd.page.get_by_role("button", name="Show Player 1's numbers"))  # as Python drew it
    before = nd.snapshot()
    nd.press_refused("3")
    expect(nd.message).to_contain_text("Your 3 has already been used")
    assert nd.snapshot() == before


def test_bad_options_are_refused_with_a_message_and_the_game_goes_on(
    pages: dict[str, GamePage],
) -> None:
    gp = pages["circle-duel"]
    gp.new_game(mode="2p", first="1", size="10", name1="", name2="")
    take_turn(gp, "4")
    before = gp.snapshot()
    gp.new_game(size="99")
    error = gp.page.locator("#options .form-error")
    expect(error).to_contain_text("size must be between 3 and 40")
    expect(gp.page.locator('#options [name="size"]')).to_have_attribute("aria-invalid", "true")
    assert gp.snapshot() == before
    gp.new_game(size="12", name1="x" * 25)
    expect(error).to_contain_text("longer than 24 characters")
    assert gp.snapshot() == before
    gp.new_game(size="12", name1="")
    expect(error).to_be_empty()
    expect(gp.target("12")).to_have_count(1)
    expect(gp.history).to_have_count(0)


def test_names_are_shown_as_text_never_as_html(pages: dict[str, GamePage]) -> None:
    gp = pages["circle-duel"]
    evil = "<img src=x onerror=1>"  # would fetch ./x and log an error if it became HTML
    gp.new_game(mode="2p", first="1", size="10", name1=evil, name2="<b>Bob</b>")
    players = gp.page.locator("#players")
    expect(players).to_contain_text(evil)
    expect(players).to_contain_text("<b>Bob</b>")
    expect(players.locator("img, b")).to_have_count(0)
    take_turn(gp, "1")
    expect(gp.status).to_contain_text("<b>Bob</b>:")
    expect(gp.page.locator("#history")).to_contain_text(f"{evil} took 1")


def test_keyboard_play(pages: dict[str, GamePage]) -> None:
    gp = pages["sequence-duel"]
    gp.new_game(mode="2p", first="1", size="20", name1="", name2="")
    gp.target("1").focus()
    gp.page.keyboard.press("ArrowRight")
    gp.page.keyboard.press("ArrowRight")
    expect(gp.target("3")).to_be_focused()
    gp.page.keyboard.press("ArrowDown")
    expect(gp.target("13")).to_be_focused()
    gp.page.keyboard.press("Enter")
    expect(gp.history).to_have_count(1)
    expect(gp.history.first).to_contain_text("Player 1 claimed 13")
    gp.page.keyboard.press("ArrowLeft")
    expect(gp.target("12")).to_be_focused()
    gp.page.keyboard.press("Space")  # 12 is next to Player 1's 13: refused
    expect(gp.message).to_contain_text("next to your opponent")
    expect(gp.history).to_have_count(1)


def test_undo_takes_back_a_move(pages: dict[str, GamePage]) -> None:
    gp = pages["digit-chain"]
    gp.new_game(mode="2p", first="1", pool="99", no_tens=True)
    expect(gp.target("10")).to_have_count(0)  # multiples of 10 are out of the pool
    take_turn(gp, "26")
    take_turn(gp, "61")
    before_second = gp.page.locator("#history").inner_text()
    gp.click(gp.page.get_by_role("button", name="Undo"))
    expect(gp.history).to_have_count(1)
    expect(gp.target("61")).to_have_attribute("aria-disabled", "false")
    assert "61" in before_second


# ----- hints and analysis ---------------------------------------------------------------------


def test_hint_names_a_best_move_and_the_perfect_computer_wins_digit_chain(
    pages: dict[str, GamePage],
) -> None:
    gp = pages["digit-chain"]
    gp.new_game(mode="2p", first="1", pool="99", no_tens=False, name1="", name2="")
    gp.click(gp.page.get_by_role("button", name="Hint"))
    # The standard game is won at once by a multiple of 10: the hint must say so.
    expect(gp.message).to_have_text(
        re.compile(r"^Hint: play [1-9]0\. It wins against any defence\.$")
    )
    gp.press("26")
    gp.click(gp.page.get_by_role("button", name="Hint"))
    expect(gp.message).to_have_text("Hint: play 60. It wins against any defence.")
    # Against the perfect computer moving first, the person never gets a move.
    gp.new_game(mode="cpu1", level="perfect", first="1", name1="", name2="Bea")
    expect(gp.status).to_contain_text("Computer wins")
    expect(gp.history).to_have_count(1)
    expect(gp.history.first).to_contain_text(re.compile(r"[1-9]0\b"))


def test_every_game_page_shows_its_perfect_play_analysis(pages: dict[str, GamePage]) -> None:
    gp = pages["circle-duel"]
    analysis = gp.page.get_by_role("region", name="Analysis: who wins with perfect play")
    expect(analysis).to_contain_text("Standard game: second player wins")
    gp.page.get_by_text("Every size").click()
    row = analysis.locator("tr", has_text="size 11")
    expect(row).to_contain_text("first player wins")
    gp.new_game(mode="2p", first="1", size="10", name1="", name2="")
    gp.press("4")
    gp.click(gp.page.get_by_role("button", name="Hint"))
    expect(gp.message).to_have_text(
        re.compile(r"^Hint: play [35]\. It wins against any defence\.$")
    )
