"""What one board's page shows, as one plain value: the view model of a render.

The controller computes a `PageView` from its mode and board after every change; the
screen (`drawing.screen.Screen.show`) is its one writer to the page. Only plain data (str, int,
bool, tuples of them): it prints as JSON (`as_json`), so the same value can cross a
worker's boundary, and every sentence in it is tested in CPython.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from py_rules import Phase, Session
from py_rules.i18n import _
from py_rules.rules.core import other

from .. import wording
from ..renderers.base import Renderer, View
from .seats import Seat, badge


@dataclass(frozen=True)
class Card:
    """One player's card: the name, its badge ("" for none), the marks, the facts."""

    player: int
    name: str
    badge: str
    to_move: bool
    winner: bool
    facts: tuple[str, ...]


@dataclass(frozen=True)
class Buttons:
    """What the action buttons offer: New game's label, Undo and Redo, the hidden ones."""

    new_label: str
    undo: bool  # enabled
    redo: bool
    hidden: tuple[str, ...]  # data-action names not offered in this mode


@dataclass(frozen=True)
class LinkPanelView:
    """The game by link's panel: the state, the friend, the link to send and its words."""

    state: str
    them: str
    title: str
    url: str
    settings: str
    label: str
    sending: bool


@dataclass(frozen=True)
class HandOver:
    """The card that hides the board until the next human says they have the screen."""

    title: str
    last: str  # the last move in words ("" before the first)
    text: str
    button: str


@dataclass(frozen=True)
class PageView:
    status: str
    over: bool
    player: str  # the winner, else the player to move ("" for none): styles read it
    turn: str  # the session's phase
    cards: tuple[Card, ...]
    buttons: Buttons
    link_state: str = ""  # the game by link's state ("" for none: hot seat, puzzle)
    link_sent: bool = False
    link: LinkPanelView | None = None
    goal: str = ""  # a puzzle's goal, its feedback and its stage ("" for none)
    feedback: str = ""
    stage: str = ""
    handover: HandOver | None = None


def cards(
    session: Session, renderer: Renderer, view: View, seats: tuple[Seat, Seat], to_act: int | None
) -> tuple[Card, Card]:
    """Both players' cards, each name and badge from its seat."""
    return (
        card(session, renderer, view, seats, to_act, 1),
        card(session, renderer, view, seats, to_act, 2),
    )


def card(
    session: Session,
    renderer: Renderer,
    view: View,
    seats: tuple[Seat, Seat],
    to_act: int | None,
    player: int,
) -> Card:
    game = session.game
    facts = tuple(renderer.player_facts(game, view, player))
    return Card(
        player,
        game.player_name(player),
        badge(seats, player),
        to_act == player and not game.is_over,
        game.winner == player,
        facts,
    )


def handover(session: Session, log: list[str]) -> HandOver | None:
    """The hand-over card while the screen passes to the next human (None otherwise)."""
    if session.phase is not Phase.HAND_OVER:
        return None
    game = session.game
    player = session.next_player or 1
    name, rival = game.player_name(player), game.player_name(other(player))
    handing = _("Pass the screen to {name}. {rival}, no peeking!")
    return HandOver(
        _("{name}'s turn").format(name=name),
        log[session.at - 1] if session.at else "",
        handing.format(name=name, rival=rival),
        wording.show_numbers(name),
    )


def as_json(page: PageView) -> str:
    """The view as JSON: plain data only (a worker could send it as it is)."""
    return json.dumps(asdict(page), ensure_ascii=False, sort_keys=True)
