"""Number Duel's hidden numbers never reach a page whose Python runs in a worker.

What is hidden (RULINGS.md, `NumberDuel.observation`): every number that leaves play is
revealed and a surviving defender turns face up, so the set of a player's remaining
numbers is public; the secret is which of them sits in which face-down position. So the
test is one of non-interference, as tests/test_number_duel_hidden.py does for the rules:
the same game is played twice on the page (in CPython, through the protocol's messages
only: tests/page_worker.py), the second time with the secret rows rearranged in a way that
agrees with everything revealed by the end, and the same presses. Whatever the page is
sent while the numbers are hidden must then be the same both times:

- against the computer, every message the worker posts (the document's changes, the canvas
  pictures, the address, the share link the page copies, the lesson messages to a host
  page), from the start to the last press, a Share pressed at the end, up to the message
  that ends the game (the end shows every row);
- two people at one screen (each arranging their row first, or not): the whole page (its
  elements and the board's picture) while the hand-over card shows, each time it shows.

The one exception is the save in this browser's storage (`store`), which holds both rows on
purpose so that a reload resumes the game (docs/playing.md: hidden numbers on a shared
screen are a matter of trust); it never leaves the device, and a share link carries no row.
The comparison is sensitive: once a person has the screen their own row is on the page,
and there the two games differ.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from app.browser import dom
from app.headless import slot
from app.record import decode_saved, encode_saved
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from page_worker import Page

from py_rules import Session
from py_rules.engine.players import LEVELS
from py_rules.rules.core import Game
from py_rules.rules.games.number_duel import NumberDuel

SLUG = NumberDuel.slug
KEY = f"number-duels:/number-duels/{SLUG}"
SAVE_EFFECTS = {"store", "forget"}  # on this browser's storage: the save holds both rows


@pytest.fixture(autouse=True)
def main_thread_afterwards() -> Iterator[None]:
    yield
    dom.use_mirror(None)


@st.composite
def rows(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Both players' orders of 1..K, K within the game's range."""
    spec = next(s for s in NumberDuel.option_specs if s.name == "numbers")
    numbers = draw(st.integers(spec.low, min(spec.high, 6)))
    order = list(range(1, numbers + 1))
    return draw(st.permutations(order)), draw(st.permutations(order))


def hidden_positions(game: Game[Any], player: int) -> list[int]:
    """`player`'s positions the other side has not seen (occupied, face down)."""
    row = game.public_view()["rows"][str(player)]
    return [c["position"] for c in row if c["occupied"] and not c["face_up"]]


def rearranged(game: Game[Any], player: int) -> list[int]:
    """`player`'s order with the numbers still hidden at the end of `game` moved round
    among their positions: another order that agrees with everything revealed."""
    order = list(game.options[f"order{player}"])
    positions = hidden_positions(game, player)
    numbers = [order[p - 1] for p in positions]
    for position, number in zip(positions, numbers[1:] + numbers[:1], strict=True):
        order[position - 1] = number
    return order


class Duel:
    """One run of the page: a game saved with these rows, played with these presses."""

    def __init__(
        self,
        orders: tuple[list[int], list[int]],
        computer: int | None,
        level: str,
        arrange: bool = False,
    ):
        options = {"numbers": len(orders[0]), "order1": orders[0], "order2": orders[1]}
        session = Session.new(SLUG, options, None, computer, level, arrange)
        self.storage = {KEY: f"1.{0:016x}\n{encode_saved(session.to_data())}"}
        self.computer = computer
        # The save's revisions (and so the computer's random stream) alike in both runs.
        with mock.patch.object(slot, "_entropy", random.Random(0)):
            self.page = Page(SLUG, "delay=0", storage=self.storage).start()
        self.seen: list[tuple[str, str, list[Any]]] = []  # the page at each hand-over, ...

    def game(self) -> Game[Any]:
        """The game as the page saved it last."""
        text = self.storage[KEY].partition("\n")[2]
        return Session.from_data(decode_saved(text), SLUG).whole()

    def turn(self) -> str:
        return str(self.page.replica.body.getAttribute("data-turn"))

    def play(self, picks: list[int]) -> None:
        """Each pick is a press (a hand-over answered, the computer let move first, an
        arrangement kept as it is)."""
        with mock.patch.object(slot, "_entropy", random.Random(1)):
            for pick in picks:
                while self.turn() in ("computer", "handover", "arrange"):
                    if self.turn() == "computer":
                        self.page.clock.advance(0)
                    elif self.turn() == "arrange":
                        self.page.press(self.page.one('[data-key="done"]'))
                    else:
                        self.seen.append(self.snapshot("handover"))
                        self.page.press(self.page.one("#handover button"))
                        self.seen.append(self.snapshot("own row"))
                if self.turn() != "human":
                    return
                legal = [b for b in self.page.legal() if b.getAttribute("aria-pressed") != "true"]
                self.page.press(legal[pick % len(legal)])

    def snapshot(self, when: str) -> tuple[str, str, list[Any]]:
        """The page now: its elements, and the board's picture (the canvas's calls since
        it was last cleared by a new size)."""
        canvas = self.page.one("#board-canvas").nodeId
        picture: list[Any] = []
        for op in self.ops():
            if op[0] == "attr" and op[1] == canvas and op[2] in ("width", "height"):
                picture = []
            elif op[0] == "draw" and op[1] == canvas:
                picture += op[2]
        return when, self.page.replica.body.outer_html(), picture

    def ops(self) -> list[list[Any]]:
        return [op for m in self.page.posted if m["kind"] == "ops" for op in m["ops"]]

    def while_running(self) -> list[list[Any]]:
        """The ops posted before the message that ends the game (its end shows every row)."""
        over = ["attr", self.page.replica.body.nodeId, "data-turn", "over"]
        ops: list[list[Any]] = []
        for message in self.page.posted:
            if message["kind"] == "ops":
                if over in message["ops"]:
                    break
                ops += message["ops"]
        return ops

    def public(self) -> list[list[Any]]:
        """Every op posted while the game runs but the writes of the game's save and
        `release` (Python's garbage collector decides when an element drawn anew is
        forgotten)."""
        return [
            op
            for op in self.while_running()
            if op[0] != "release"
            and not (op[0] == "effect" and op[1] in SAVE_EFFECTS and op[2][0] == KEY)
        ]


@settings(max_examples=30, deadline=None)
@given(
    orders=rows(),
    computer=st.sampled_from([1, 2]),
    level=st.sampled_from(LEVELS),
    picks=st.lists(st.integers(0, 1 << 16), max_size=8),
)
def test_nothing_the_worker_posts_tells_where_the_computers_numbers_are(
    orders: tuple[list[int], list[int]], computer: int, level: str, picks: list[int]
) -> None:
    first = Duel(orders, computer, level)
    first.play(picks)
    first.page.action("share")
    game = first.game()
    assume(len(hidden_positions(game, computer)) >= 2)  # some order to rearrange
    other = list(orders)
    other[computer - 1] = rearranged(game, computer)
    dom.use_mirror(None)
    second = Duel((other[0], other[1]), computer, level)
    second.play(picks)
    second.page.action("share")
    assert second.game().moves == game.moves
    assert second.public() == first.public()
    # The share link was compared too (a finished game's link may carry every row).
    assert game.is_over or any(op[:2] == ["effect", "copy"] for op in first.public())
    # The save itself differs: it is the one place that holds the computer's row.
    assert second.storage[KEY] != first.storage[KEY]


@settings(max_examples=30, deadline=None)
@given(
    orders=rows(),
    arrange=st.booleans(),
    picks=st.lists(st.integers(0, 1 << 16), min_size=1, max_size=10),
)
def test_the_hand_over_card_shows_neither_players_numbers(
    orders: tuple[list[int], list[int]], arrange: bool, picks: list[int]
) -> None:
    first = Duel(orders, None, LEVELS[0], arrange)
    first.play(picks)
    game = first.game()
    moved = [p for p in (1, 2) if len(hidden_positions(game, p)) >= 2]
    assume(moved)
    other = [rearranged(game, p) if p in moved else orders[p - 1] for p in (1, 2)]
    dom.use_mirror(None)
    second = Duel((other[0], other[1]), None, LEVELS[0], arrange)
    second.play(picks)
    assert second.game().moves == game.moves
    assert [when for when, *_ in second.seen] == [when for when, *_ in first.seen]
    assert first.seen, "no hand-over was shown"
    for mine, theirs in zip(first.seen, second.seen, strict=True):
        if mine[0] == "handover":
            assert mine == theirs
    # Sensitive: a player whose row was rearranged sees it, once they have the screen.
    differs = [mine != theirs for mine, theirs in zip(first.seen, second.seen, strict=True)]
    assert any(differs)
