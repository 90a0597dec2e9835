"""Spanish that reads as a native speaker writes it, where a name is put into a sentence.

A player's name may be a default one ("Jugador 1", which Spanish speaks of with an article:
"al Jugador 1") or a person's ("Ana": "a Ana"), so a sentence may not put the name right
after a preposition that would need the article with one and not the other; and a badge
beside "Tú" may not say "Su turno" (their turn).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from py_rules import i18n
from py_rules.i18n import _


@pytest.fixture(autouse=True)
def spanish() -> Iterator[None]:
    i18n.use("es")
    yield
    i18n.use("en")


NAMED = (
    "Pass the screen to {name}.",
    "Pass the screen to {name}. {rival}, no peeking!",
    "Pass the keyboard to {name} and press Enter",
    "{name}'s turn",
    "{name}'s turn.",
    "{name}'s Turn:",
    "{name}'s turn: send them your move, then open their link here.",
)


@pytest.mark.parametrize("message", NAMED)
def test_a_default_name_is_never_left_without_its_article(message: str) -> None:
    default = _("Player {number}").format(number=1)
    assert default == "Jugador 1"
    said = _(message).format(name=default, rival=_("Player {number}").format(number=2))
    assert said != message, "not translated"
    for bare in (f" a {default}", f" de {default}", f"A {default}", f"De {default}"):
        assert bare not in said, said


def test_the_badge_of_the_player_to_move_fits_beside_you() -> None:
    badge = _("To move")
    assert badge.lower() not in {"su turno", "tu turno"}, badge  # each is wrong for one side
    assert _("You") == "Tú"
