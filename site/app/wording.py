"""The page's sentences about a session: the status line, refusals, hints, the move list.

Pure Python (no browser imports): each sentence is chosen from the session's phase and
worded here once, so the controller and the screen only show them.
"""

from __future__ import annotations

from typing import Any, assert_never

from py_rules import Outcome, Phase, Session
from py_rules.rules.core import Game, Reason, other

from .renderers.base import Renderer, View

# The phases in which nothing on the board may be played.
BUSY = (Phase.COMPUTER, Phase.REPLAY, Phase.OVER)
NOT_KEPT = (
    "This browser does not keep this game (its storage is off or full): "
    "you can play on, but a reload starts a new game."
)
OTHER_TAB = "This game was played on in another tab: here it is as it is now."
NOT_PROVED = "The computer's move is strong, not proved perfect: too big to solve here."
SHARE_NOTE = "Copy this link to share the game at this position."
SHARE_SETTINGS_ONLY = (
    "While a Number Duel runs, a link carries only its settings (its moves would "
    "give away hidden numbers): it starts a new game. Share again once it is over."
)


def show_numbers(name: str) -> str:
    """The hand-over button's label."""
    return f"Show {name}'s numbers"


def describe_all(session: Session, renderer: Renderer) -> list[str]:
    """Every recorded move in words, replayed from the start."""
    return [renderer.describe(game, text, player) for player, text, game in session.replayed()]


def status(session: Session, renderer: Renderer, view: View, log: list[str]) -> str:
    """The status line: what happened last and what happens next."""
    game, phase = session.game, session.phase
    last = log[session.at - 1] + " " if session.at else ""
    name = game.player_name
    if phase is Phase.REPLAY and not game.take_back_while_running:
        return f"Replay, move {session.at} of {session.total}. {last}".rstrip()
    if phase is Phase.OVER:  # (a game by link may end otherwise: its own words say how)
        return ending(game, renderer) if game.is_over else last.rstrip()
    if phase is Phase.ARRANGE:
        return f"{name(session.seat)}: {renderer.prompt(game, view)}."
    computer = session.computer or 1
    if phase is Phase.REPLAY:
        return f"{last}{name(computer)} moves next: step forward to see it."
    if phase is Phase.COMPUTER:
        return f"{last}{name(computer)} is thinking…"
    if phase is Phase.HAND_OVER:
        return f"{last}Pass the screen to {name(session.next_player or 1)}."
    return f"{last}{name(game.to_move or 1)}: {renderer.prompt(game, view)}."


def ending(game: Game[Any], renderer: Renderer) -> str:
    """The end of the game in words, from why it ended (the outcome's reason)."""
    outcome = game.outcome()
    assert isinstance(outcome, Outcome), "the game is over"
    if outcome.winner is None:
        assert outcome.reason is Reason.LAST_ENCOUNTER, "only a last encounter ends in a tie"
        return "It's a draw: the last two numbers tied."
    wins, loser = f"{game.player_name(outcome.winner)} wins!", other(outcome.winner)
    match outcome.reason:
        case Reason.STUCK:
            return f"{wins} {game.player_name(loser)} {renderer.stuck(game)}."
        case Reason.TARGET:
            return f"{wins} Their total is exactly {game.options['target']}."
        case Reason.NO_NUMBERS | Reason.LAST_ENCOUNTER:
            return f"{wins} {game.player_name(loser)} has no numbers left."
        case Reason.RESIGNED:
            return f"{wins} {game.player_name(loser)} resigned."
        case unknown:
            assert_never(unknown)


def not_now(session: Session) -> str:
    """Why a press on the board does nothing in this phase ("" when it may be played)."""
    phase, game = session.phase, session.game
    if phase is Phase.HAND_OVER:
        button = show_numbers(game.player_name(session.next_player or 1))
        return f"Press “{button}” first."
    if phase is Phase.REPLAY and not game.take_back_while_running:
        return "This is a replay of the finished game: press New game to play again."
    if phase is Phase.OVER:
        return "The game is over: press New game to play again."
    if phase is Phase.REPLAY:
        return "The computer moves here: step forward, or back to your turn."
    if phase is Phase.COMPUTER:
        return "Wait for the computer's move."
    return ""


def hint(advice: dict[str, Any] | None) -> str:
    """A best move in words, from `py_rules.engine.players.hint` (None: too deep to solve)."""
    if advice is None:
        return "No quick hint here: this position is too deep to solve in the page."
    move = advice["move"]
    if not advice["exact"]:  # a strong move from an estimate, not proved best
        return f"Hint (strong, not proved perfect: too big to solve here): {move}."
    if advice["winning"] is None:  # a chance, from what this player sees
        chance = round(100 * advice["value"])
        return f"Hint: play {move}. Your chance to win is {chance}% with best play."
    if advice["winning"]:
        return f"Hint: play {move}. It wins against any defence."
    return f"Every move loses against perfect play; {move} holds out longest."
