"""The page's pure-Python parts that read a session: renderers' choices, the wording.

The renderers never touch the browser (only the pen they are handed does), so they run
here against a pen that records nothing, in CPython and in Pyodide.
"""

from __future__ import annotations

from typing import Any

import pytest
from app import wording
from app.renderers import renderer_class
from app.renderers.base import View
from app.settings import settings_from_params
from app.wording import BUSY

import py_rules
from py_rules import Phase, Session
from py_rules.rules.core import Reason


class QuietPen:
    """A pen that draws nothing: the renderer's choices are what is checked."""

    width = 600.0

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


def lit_cards(session: Session, pending: str | None) -> dict[int, list[bool]]:
    """Which cards of each player's row the Number Duel board draws as "legal"."""
    renderer = renderer_class("number-duel")(py_rules.game_class("number-duel"))
    lit: dict[int, list[bool]] = {1: [], 2: []}

    def card(
        pen: Any, x: float, y: float, w: float, h: float, c: Any, owner: int, **kw: Any
    ) -> None:
        lit[owner].append(bool(kw.get("legal")))

    renderer.card = card  # type: ignore[method-assign]
    arranging = session.phase is Phase.ARRANGE
    view = View(session.viewer, pending, session.reveal_all, session.seat, arranging)
    renderer.draw(QuietPen(), session.game, view, renderer.layout(session.game, view, 600.0))
    return lit


@pytest.mark.parametrize("first", [1, 2])
def test_the_opponents_cards_never_glow_while_arranging(first: int) -> None:
    session = Session.new("number-duel", {"seed": 5, "first": first}, None, 2, arrange=True)
    assert session.phase is Phase.ARRANGE and session.seat == 1
    lit = lit_cards(session, "a2")  # a card picked up to swap
    assert lit[2] == [False] * 5, "the opponent's face-down cards glow as legal"
    assert lit[1] == [True] * 5  # the arranging player's own cards may be pressed


def test_in_play_only_the_positions_to_attack_glow() -> None:
    session = Session.new("number-duel", {"seed": 5, "first": 1}, None, 2)
    mine = session.game.arrangement(1)
    lit = lit_cards(session, str(mine[0]))
    assert lit[2] == [True] * 5 and lit[1] == [False] * 5


@pytest.mark.parametrize(("value", "arrange"), [("", True), ("true", True), ("false", False)])
def test_arranging_can_be_chosen_from_an_embed(value: str, arrange: bool) -> None:
    cls = py_rules.game_class("number-duel")
    settings = settings_from_params(cls, {"arrange": value}, ("easy",))
    assert settings.arrange is arrange
    assert settings_from_params(cls, {}, ("easy",)).arrange is False
    with pytest.raises(py_rules.BadOption, match="arrange must be true or false"):
        settings_from_params(cls, {"arrange": "perhaps"}, ("easy",))


def test_the_status_line_follows_the_phase() -> None:
    renderer = renderer_class("number-duel")(py_rules.game_class("number-duel"))
    session = Session.new("number-duel", {"seed": 5}, ("Ann", "Bob"), None, arrange=True)
    view = View(session.viewer, None, False, session.seat, False)
    assert wording.status(session, renderer, view, []) == "Pass the screen to Ann."
    assert wording.not_now(session) == "Press “Show Ann's numbers” first."
    session.reveal()
    view = View(session.viewer, None, False, session.seat, True)
    assert wording.status(session, renderer, view, []).startswith("Ann: arrange your numbers")
    assert Phase.ARRANGE not in BUSY and Phase.COMPUTER in BUSY


# One finished game for each way a game can end: (slug, options, moves, reason, the page's words).
ENDINGS = [
    ("circle-duel", {"size": 5}, "4 5 1 2 3", "stuck", "Ann wins! Bob cannot move."),
    ("sequence-duel", {"size": 6}, "1 4 6 3", "stuck", "Bob wins! Ann cannot move."),
    (
        "digit-chain",
        {"pool": 12},
        "1 10",
        "stuck",
        "Bob wins! Ann has no number starting with 0.",
    ),
    (
        "number-circle",
        {"target": 10, "seed": 2},
        "2+ 2+ 3+ 3- 4+ 4- 5- 5+ 6+",
        "target",
        "Ann wins! Their total is exactly 10.",
    ),
    (
        "number-duel",
        {"numbers": 3, "order1": "2,3,1", "order2": "3,1,2"},
        "1@3 3@1 3@2",
        "no-numbers",
        "Bob wins! Ann has no numbers left.",
    ),
    (
        "number-duel",
        {"numbers": 3, "seed": 5},
        "2@2 3@1 3@1",
        "last-encounter",
        "Ann wins! Bob has no numbers left.",
    ),
    (
        "number-duel",
        {"numbers": 3, "order1": "1,3,2", "order2": "3,2,1"},
        "3@1 2@3 1@3",
        "last-encounter",
        "It's a draw: the last two numbers tied.",
    ),
]


@pytest.mark.parametrize(("slug", "options", "moves", "reason", "words"), ENDINGS)
def test_the_page_words_the_end_from_why_the_game_ended(
    slug: str, options: dict[str, Any], moves: str, reason: str, words: str
) -> None:
    game = py_rules.new_game(slug, {"seed": 1, "first": 1, **options}, ("Ann", "Bob"))
    for move in moves.split():
        game.play(move)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == reason
    renderer = renderer_class(slug)(type(game))
    assert wording.ending(game, renderer) == words
    session = Session(game, (), None, "easy", [])
    view = View(session.viewer, None, False, session.seat, False)
    assert session.phase is Phase.OVER
    log = wording.describe_all(session, renderer)
    assert wording.status(session, renderer, view, log) == words


def test_every_reason_a_game_can_end_for_is_worded_by_the_page() -> None:
    # every way the rules end a game (a resignation ends a game played by link)
    assert {reason for _, _, _, reason, _ in ENDINGS} == set(Reason) - {Reason.RESIGNED}
