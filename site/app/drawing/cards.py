"""The players' cards and the hand-over card, as sketches (`sketch.Sketch`): `Screen.show`
draws them into their boxes, where only what differs from the last drawing is written.
"""

from __future__ import annotations

from py_rules.i18n import _

from ..headless.view import Card, HandOver
from .sketch import Sketch, sketch


def player_card(player: Card) -> Sketch:
    """One player's card: the name, its badges and facts; `to-move` and `winner` mark it."""
    marks = " to-move" * player.to_move + " winner" * player.winner
    badges = [sketch("span", "badge", player.badge)] if player.badge else []
    if player.winner:
        badges.append(sketch("span", "badge win", _("Winner")))
    elif player.to_move:
        badges.append(sketch("span", "badge turn", _("To move")))
    head = sketch(
        "div",
        "player-head",
        sketch("span", "player-dot"),
        sketch("span", "player-name", player.name),
        *badges,
    )
    facts = [sketch("div", "player-fact", fact) for fact in player.facts]
    return sketch("div", f"player p{player.player}{marks}", head, *facts, key=str(player.player))


def handover_card(card_view: HandOver) -> Sketch:
    last = [sketch("p", "handover-last", card_view.last)] if card_view.last else []
    return sketch(
        "div",
        "handover-card",
        sketch("h2", "", card_view.title),
        *last,
        sketch("p", "", card_view.text),
        # Its key names it to a first press the page shows before Python is ready.
        sketch("button", "button primary", card_view.button, type="button", data_key="hand-over"),
    )
