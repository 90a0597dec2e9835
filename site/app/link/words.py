"""A game by link in this player's own words: the status line, the end, the send
button's label, the settings chosen or drawn, why a press does nothing now. Pure Python."""

from __future__ import annotations

from py_rules.i18n import _
from py_rules.play.link import (
    CHEATING,
    OVER,
    RESIGNED,
    STOPPED,
    THEIR_TURN,
    WAITING,
    YOUR_TURN,
    Device,
)
from py_rules.play.link.line import drawable
from py_rules.registry import GAMES
from py_rules.rules.core import other

from .. import wording
from ..renderers.base import Renderer, View
from .desk import LinkSession
from .shelf import opponent


def status_line(
    session: LinkSession, renderer: Renderer, view: View, log: list[str], sent: bool = False
) -> str:
    """The status line of a game by link, in this player's own words: the last move,
    then what happens next, following each step (`sent`: the player has sent the link
    shown, as far as the page can tell)."""
    device = session.device
    them, status = opponent(device), device.status
    if status == YOUR_TURN:
        return wording.status(session, renderer, view, log)
    if status == CHEATING:
        assert device.ended is not None
        return _("Cheating detected: the game is over. {evidence}").format(evidence=device.ended[1])
    if status == STOPPED:
        return _("You stopped this game: its links are refused here.")
    if status == OVER:
        return result_line(session, renderer, sent)
    if status == WAITING:
        if sent:
            return _("Invitation sent. Waiting for {name} to join: open their answer here.").format(
                name=them
            )
        return _("Send your invitation to {name}, then open their answer here.").format(name=them)
    if device.drawing:
        if sent:
            return _(
                "Answer sent. Waiting for {name}'s link: it completes the draw of the random"
                " settings, and the game starts."
            ).format(name=them)
        return _(
            "Send your answer to {name}: their next link completes the draw of the random"
            " settings, and the game starts."
        ).format(name=them)
    last = log[session.at - 1] + " " if session.at else ""
    if device.pending:
        attack = renderer.awaiting(session.game, device.pending, device.seat)
        if sent:
            waits = _("{move} Sent: waiting for {name}'s answer; open their link here.")
        else:
            waits = _("{move} Send {name} this link: their device answers it.")
        return last + waits.format(move=attack, name=them)
    if not device.has_moved:
        if sent:
            return _("Sent. {name} moves first: open their move here when it comes.").format(
                name=them
            )
        return _(
            "{name} moves first: send them this link so their device can start, then open"
            " their move here."
        ).format(name=them)
    if sent:
        return last + _("Move sent. Waiting for {name}'s move: open their link here.").format(
            name=them
        )
    return last + _("{name}'s turn: send them your move, then open their link here.").format(
        name=them
    )


def result_line(session: LinkSession, renderer: Renderer, sent: bool) -> str:
    """How the game ended, as this player says it, and the last link if they owe it."""
    device = session.device
    them, names = opponent(device), device.line.names
    outcome = device.outcome()
    assert outcome is not None
    if outcome.reason == RESIGNED:
        if outcome.winner == device.seat:
            said = _("{name} resigned: you win.").format(name=them)
        else:
            said = _("You resigned: {winner} wins.").format(winner=names[other(device.seat) - 1])
    elif outcome.winner is None:
        said = wording.ending(session.game, renderer)
    elif outcome.winner == device.seat:
        said = _("You won! {why}").format(why=wording.why_it_ended(session.game, renderer))
    else:
        said = _("You lost. {why}").format(why=wording.why_it_ended(session.game, renderer))
    if not device.owes_link:
        return said
    if sent:
        return said + " " + _("Last link sent.")
    return said + " " + _("Send {name} this last link: it shows them the end.").format(name=them)


def send_label(device: Device) -> str:
    """The send button's words for what the link carries now."""
    if device.status == WAITING:
        return _("Send your invitation")
    if device.status == OVER:
        return _("Send the last link")
    if not device.has_moved:
        return _("Send your answer")
    return _("Send your move")


def settings_note(device: Device) -> str:
    """Which of the settings that may be left to chance were chosen in the invitation and
    which were drawn by both devices (with what came out, once it has)."""
    line = device.line
    draw = line.draw
    parts = []
    for spec in drawable(GAMES[line.slug]):
        if spec.name == "first":
            label = _("Who moves first")
            value = line.names[line.options["first"] - 1]
        else:
            text = _(spec.help)
            label, value = text[:1].upper() + text[1:], str(line.options[spec.name])
        if draw is None or spec.name not in draw.names:
            said = _("{setting}: {value}, chosen in the invitation.")
        elif draw.done:
            said = _("{setting}: {value}, drawn by both devices.")
        else:
            said = _("{setting}: to be drawn by both devices, from both links.")
        parts.append(said.format(setting=label, value=value))
    return " ".join(parts)


def not_now(device: Device) -> str:
    """Why a press on the board does nothing now (it is not this player's turn)."""
    them, status = opponent(device), device.status
    if status == WAITING:
        return _("Wait for {name} to open your invitation: send it to them first.").format(
            name=them
        )
    if status == THEIR_TURN:
        return _("It is {name}'s turn: send your move, then open their link here.").format(
            name=them
        )
    if status == CHEATING:
        return _("Cheating was detected: this game is over.")
    if status == STOPPED:
        return _("You stopped this game.")
    return _("The game is over: press New game or Play a friend by link to play again.")
