"""The computer's replies on a game page whose Python runs in a worker are the rules' own.

Each game is played on the page in CPython through the protocol's messages only
(tests/page_worker.py): a person's presses drawn by Hypothesis (seeded random play, kept in
its example database), the computer answering at every level and on either side. At each
of the computer's turns the position is read from what the page saved (its storage), and
the rules' `choose_move` is asked for the same position, level and random stream: the
stream of a page whose game is saved is `random.Random` seeded with the save's revision
(`SaveSlot.shared_random`, so that two tabs of one game answer alike); a page whose storage
is refused keeps one stream of its own for its life (`ComputerTurn.rng`, seeded by the
operating system), whose state the test asks of the worker. The page's reply, read from its
next save (or its session) and its move list, must be exactly that move.

The perfect player's move depends on one more thing: which positions its solvers have
solved before (within its node budget a warm memo proves a move a cold one gives up on).
Both sides therefore choose with every memo cleared, as a page's first game does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from app.browser import dom
from app.record import decode_saved
from hypothesis import given, settings
from hypothesis import strategies as st
from page_worker import Page

from py_rules import Session
from py_rules.engine.players import LEVELS, choose_move
from py_rules.engine.solving import clear_caches
from py_rules.registry import BUILT_IN

GAMES = [kit.slug for kit in BUILT_IN]  # the games that ship (the build renders their pages)
MODES = {"vs-computer": 2, "computer-first": 1}  # the page's mode -> the computer's player
# The computer's replies compared in one game: Number Circle has no turn limit, and a
# person pressing at random can sink their total far below zero.
MOST_REPLIES = 12
MOST_PRESSES = 4 * MOST_REPLIES  # a person's move takes two presses at the most


@pytest.fixture(autouse=True)
def main_thread_afterwards() -> Iterator[None]:
    """Each example starts its own page; the real document is the backend again afterwards."""
    yield
    dom.use_mirror(None)
    clear_caches()


Position = tuple[random.Random, Session, list[str]]  # the stream, the session, its moves


def saved(page: Page) -> Position:
    """What the page saved: the stream its computer chooses with (seeded with the save's
    revision), the saved session, and its moves as recorded."""
    assert page.storage is not None
    revision, _, text = page.storage[f"number-duels:/number-duels/{page.slug}"].partition("\n")
    data = decode_saved(text)
    return random.Random(revision), Session.from_data(data, page.slug), data["game"]["moves"]


def unsaved(page: Page) -> Position:
    """A page whose storage is refused keeps a stream of its own, seeded by the operating
    system: its state, and the session, asked of the worker (a `run` message, as a test
    may send)."""
    code = "from app import main\nboard = main._boards[-1]\n"
    code += "result = [board.computer.rng.getstate(), board.session.to_data()]"
    sent = len(page.posted)
    page.send({"kind": "run", "call": 1, "code": code})
    (answer,) = [message for message in page.posted[sent:] if message["kind"] == "result"]
    assert answer["kind"] == "result" and answer["error"] is None, answer
    (version, state, gauss), data = answer["value"]
    stream = random.Random()
    stream.setstate((version, tuple(state), gauss))
    return stream, Session.from_data(data, page.slug), data["game"]["moves"]


def turn(page: Page) -> str:
    """Whose turn the page shows (its body's data-turn, as the page's own script reads it)."""
    return str(page.replica.body.getAttribute("data-turn"))


def shown_moves(page: Page) -> list[str]:
    return [li.textContent for li in page.replica.querySelectorAll("#history li[data-index]")]


def person_presses(page: Page, pick: int, offered: set[str]) -> set[str]:
    """One press of a legal button, never the half-made move's own button again (that
    would take it back); once a move is half made, a button it newly offers (its second
    half: a sign, a position). Returns the keys offered before the move began."""
    legal = [b for b in page.legal() if b.getAttribute("aria-pressed") != "true"]
    keys = {str(b.getAttribute("data-key")) for b in legal}
    if not any(b.getAttribute("aria-pressed") == "true" for b in page.legal()):
        offered = keys  # nothing half made: a move begins
    pool = [b for b in legal if b.getAttribute("data-key") not in offered] or legal
    page.press(pool[pick % len(pool)])
    return offered


def the_computer_answers(page: Page, level: str, position: Callable[[Page], Position]) -> None:
    """Let the page's computer move, and check it played the rules' own choice."""
    stream, session, before = position(page)
    assert session.phase.value == "computer"
    game = session.game
    clear_caches()
    expected = game.move_text(choose_move(game.copy(), level, stream))
    clear_caches()  # the page's computer chooses from a cold memo too
    page.clock.advance(0)  # its turn comes (`?delay=0`): it thinks and plays at once
    after = position(page)[2]
    assert after == [*before, expected], (level, game.moves)
    assert len(shown_moves(page)) == len(after)
    assert page.same()


def play(
    page: Page, level: str, picks: list[int], position: Callable[[Page], Position] = saved
) -> int:
    """Play the page to its end or MOST_REPLIES of the computer's (the person's presses
    from `picks`, round and round); how many of the computer's replies were compared."""
    replies, offered = 0, set[str]()
    for press in range(MOST_PRESSES):
        now = turn(page)
        if now == "over" or replies == MOST_REPLIES:
            return replies
        if now == "computer":
            the_computer_answers(page, level, position)
            replies += 1
        else:
            assert now == "human", now
            offered = person_presses(page, picks[press % len(picks)], offered)
    raise AssertionError(f"{replies} replies after {MOST_PRESSES} presses")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("slug", GAMES)
@settings(max_examples=6, deadline=None)
@given(mode=st.sampled_from(sorted(MODES)), picks=st.lists(st.integers(0, 1 << 16), min_size=1))
def test_the_pages_computer_plays_the_rules_own_choice(
    slug: str, level: str, mode: str, picks: list[int]
) -> None:
    clear_caches()
    dom.use_mirror(None)
    page = Page(slug, f"mode={mode}&level={level}&delay=0", storage={}).start()
    _, session, _ = saved(page)
    assert (session.computer, session.level) == (MODES[mode], level)
    replies = play(page, level, picks)
    # A person's first move may end the game (Digit Chain's 10); the computer's first never.
    assert replies >= (1 if MODES[mode] == 1 else 0)


def test_a_reply_from_another_random_stream_would_be_told_apart() -> None:
    """The comparison is exact: the easy computer's first reply in Sequence Duel (twenty
    numbers, most of them equal to it) differs between the page's stream and others."""
    page = Page("sequence-duel", "mode=computer-first&level=easy&delay=0", storage={}).start()
    stream, session, _ = saved(page)
    game = session.game
    own = choose_move(game.copy(), "easy", stream)
    others = {choose_move(game.copy(), "easy", random.Random(seed)) for seed in range(20)}
    assert others - {own}
    the_computer_answers(page, "easy", saved)


@pytest.mark.parametrize("slug", GAMES)
@settings(max_examples=3, deadline=None)
@given(
    level=st.sampled_from(LEVELS),
    mode=st.sampled_from(sorted(MODES)),
    picks=st.lists(st.integers(0, 1 << 16), min_size=1),
)
def test_without_storage_the_computer_plays_from_the_pages_own_stream(
    slug: str, level: str, mode: str, picks: list[int]
) -> None:
    clear_caches()
    dom.use_mirror(None)
    page = Page(slug, f"mode={mode}&level={level}&delay=0", storage=None).start()
    replies = play(page, level, picks, unsaved)
    assert replies >= (1 if MODES[mode] == 1 else 0)
    assert not [e for e in page.effects if e[0] == "store"]
