"""The front end's seams, in CPython: each side named from its seat in every mode, the
page's view as plain JSON, and one writer for the status line, the players' cards and
the action buttons (an AST check over site/app)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from app.headless.seats import COMPUTER_NAME, Sitter, badge, hot_seats, link_seats
from app.headless.view import Buttons, PageView, as_json, cards
from app.renderers import renderer_class
from app.renderers.base import View

from py_rules import Session, i18n

APP = Path(__file__).resolve().parent.parent / "site" / "app"
# The page's elements that one module alone writes: the view model's renderer.
WRITER = "drawing/screen.py"
ONE_WRITER = ("status", "players_box", "action")


def test_two_players_at_one_screen_have_no_badges() -> None:
    seats = hot_seats(("Ann", "Bob"), None)
    assert [s.sitter for s in seats] == [Sitter.BESIDE, Sitter.BESIDE]
    assert badge(seats, 1) == badge(seats, 2) == ""


def test_the_computer_has_one_label_and_its_rival_is_you() -> None:
    seats = hot_seats(("Ann", COMPUTER_NAME), 2)
    assert badge(seats, 2) == "" and badge(seats, 1) == "You"
    named = hot_seats(("Robo", "Ann"), 1)
    assert badge(named, 1) == "Computer"  # a computer with a name of its own says what it is


@pytest.mark.parametrize("mine", [1, 2])
def test_a_friend_by_link_is_never_the_computer(mine: int) -> None:
    seats = link_seats(("Ann", "Bob"), mine)
    theirs = 3 - mine
    assert seats[theirs - 1].sitter is Sitter.FRIEND
    assert badge(seats, theirs) == "By link" and badge(seats, mine) == "You"


def test_badges_follow_the_language() -> None:
    i18n.use("es")
    try:
        seats = link_seats(("Ann", "Bob"), 1)
        assert badge(seats, 2) not in ("", "By link") and badge(seats, 1) != "You"
    finally:
        i18n.use("en")


def test_the_page_view_is_plain_json() -> None:
    session = Session.new("number-circle", names=("Ann", "Computer"), computer=2)
    renderer = renderer_class("number-circle")(type(session.game))
    seats = hot_seats(("Ann", "Computer"), 2)
    made = cards(session, renderer, View(), seats, 1)
    page = PageView("Ann: pick.", False, "1", "human", made, Buttons("New game", False, False, ()))
    data = json.loads(as_json(page))
    assert data["cards"][0]["to_move"] and not data["cards"][1]["to_move"]
    assert data["cards"][1]["badge"] == "" and data["cards"][0]["badge"] == "You"


def writes(tree: ast.AST) -> list[str]:
    """The names of the elements an assignment writes (`x.status.textContent = ...`,
    `self.action["undo"].disabled = ...`, `players_box.innerHTML = ...`)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "players_box":
            found.append("players_box")  # the cards are drawn into it, not assigned
        targets = node.targets if isinstance(node, ast.Assign) else []
        for target in targets:
            text = ast.unparse(target)
            found += [name for name in ONE_WRITER if f"{name}." in text or f"{name}[" in text]
    return found


def test_one_module_writes_the_status_the_cards_and_the_buttons() -> None:
    others = {
        path.relative_to(APP).as_posix(): writes(ast.parse(path.read_text()))
        for path in APP.rglob("*.py")
        if path.relative_to(APP).as_posix() != WRITER
    }
    assert {name: found for name, found in others.items() if found} == {}
    assert set(writes(ast.parse((APP / WRITER).read_text()))) == set(ONE_WRITER)


def test_the_check_sees_a_second_writer() -> None:
    second = ast.parse('status.textContent = "x"\nself.action["undo"].disabled = True')
    assert writes(second) == ["status", "action"]
