"""The page's sentences about a session: the status line, refusals, hints, the move list.

Pure Python (no browser imports): each sentence is chosen from the session's phase and
worded here once, so the controller and the screen only show them.
"""

from __future__ import annotations

from typing import Any, assert_never

from py_rules import Outcome, Phase, Session
from py_rules.i18n import N_, _, percent
from py_rules.rules.core import Game, Reason, other

from .renderers.base import Renderer, View

# The phases in which nothing on the board may be played.
BUSY = (Phase.COMPUTER, Phase.REPLAY, Phase.OVER)
NOT_KEPT = N_(
    "This browser does not keep this game (its storage is off or full): "
    "you can play on, but a reload starts a new game."
)
OTHER_TAB = N_("This game was played on in another tab: here it is as it is now.")
NOT_PROVED = N_("The computer's move is strong, not proved perfect: too big to solve here.")
SHARE_NOTE = N_("Copy this link to share the game at this position.")
SHARE_SETTINGS_ONLY = N_(
    "While a Number Duel runs, a link carries only its settings (its moves would "
    "give away hidden numbers): it starts a new game. Share again once it is over."
)


def show_numbers(name: str) -> str:
    """The hand-over button's label."""
    return _("Show {name}'s numbers").format(name=name)


def describe_all(session: Session, renderer: Renderer) -> list[str]:
    """Every recorded move in words, replayed from the start."""
    return [renderer.describe(game, text, player) for player, text, game in session.replayed()]


def status(session: Session, renderer: Renderer, view: View, log: list[str]) -> str:
    """The status line: what happened last and what happens next."""
    game, phase = session.game, session.phase
    last = log[session.at - 1] + " " if session.at else ""
    name = game.player_name
    if phase is Phase.REPLAY and not game.take_back_while_running:
        replay = _("Replay, move {number} of {total}.").format(
            number=session.at, total=session.total
        )
        return f"{replay} {last}".rstrip()
    if phase is Phase.OVER:  # (a game by link may end otherwise: its own words say how)
        return ending(game, renderer) if game.is_over else last.rstrip()
    if phase is Phase.ARRANGE:
        return _("{name}: {prompt}.").format(
            name=name(session.seat), prompt=renderer.prompt(game, view)
        )
    computer = session.computer or 1
    if phase is Phase.REPLAY:
        return last + _("{name} moves next: step forward to see it.").format(name=name(computer))
    if phase is Phase.COMPUTER:
        return last + _("{name} is thinking…").format(name=name(computer))
    if phase is Phase.HAND_OVER:
        return last + _("Pass the screen to {name}.").format(name=name(session.next_player or 1))
    prompt = renderer.prompt(game, view)
    return last + _("{name}: {prompt}.").format(name=name(game.to_move or 1), prompt=prompt)


def ending(game: Game[Any], renderer: Renderer) -> str:
    """The end of the game in words, from why it ended (the outcome's reason)."""
    outcome = game.outcome()
    assert isinstance(outcome, Outcome), "the game is over"
    if outcome.winner is None:
        assert outcome.reason is Reason.LAST_ENCOUNTER, "only a last encounter ends in a tie"
        return _("It's a draw: the last two numbers tied.")
    wins = _("{name} wins!").format(name=game.player_name(outcome.winner))
    return f"{wins} {why_it_ended(game, renderer)}"


def why_it_ended(game: Game[Any], renderer: Renderer) -> str:
    """Why a game with a winner ended, without naming the winner ("Bob cannot move.")."""
    outcome = game.outcome()
    assert isinstance(outcome, Outcome) and outcome.winner is not None
    loser = game.player_name(other(outcome.winner))
    match outcome.reason:
        case Reason.STUCK:
            return renderer.stuck(game, loser)
        case Reason.TARGET:
            return _("Their total is exactly {target}.").format(target=game.options["target"])
        case Reason.NO_NUMBERS | Reason.LAST_ENCOUNTER:
            return _("{name} has no numbers left.").format(name=loser)
        case Reason.RESIGNED:
            return _("{name} resigned.").format(name=loser)
        case unknown:
            assert_never(unknown)


def not_now(session: Session) -> str:
    """Why a press on the board does nothing in this phase ("" when it may be played)."""
    phase, game = session.phase, session.game
    if phase is Phase.HAND_OVER:
        button = show_numbers(game.player_name(session.next_player or 1))
        return _("Press “{button}” first.").format(button=button)
    if phase is Phase.REPLAY and not game.take_back_while_running:
        return _("This is a replay of the finished game: press New game to play again.")
    if phase is Phase.OVER:
        return _("The game is over: press New game to play again.")
    if phase is Phase.REPLAY:
        return _("The computer moves here: step forward, or back to your turn.")
    if phase is Phase.COMPUTER:
        return _("Wait for the computer's move.")
    return ""


def hint(advice: dict[str, Any] | None) -> str:
    """A best move in words, from `py_rules.engine.players.hint` (None: too deep to solve)."""
    if advice is None:
        return _("No quick hint here: this position is too deep to solve in the page.")
    move = advice["move"]
    if not advice["exact"]:  # a strong move from an estimate, not proved best
        return _("Hint (strong, not proved perfect: too big to solve here): {move}.").format(
            move=move
        )
    if advice["winning"] is None:  # a chance, from what this player sees
        chance = percent(advice["value"])
        return _("Hint: play {move}. Your chance to win is {chance} with best play.").format(
            move=move, chance=chance
        )
    if advice["winning"]:
        return _("Hint: play {move}. It wins against any defence.").format(move=move)
    return _("Every move loses against perfect play; {move} holds out longest.").format(move=move)
