"""A board's logic without the browser: presses become moves, half-moves wait, the log.

A `Board` holds the `Session`, the half-made move (`pending`, e.g. the number chosen
before + or - in Number Circle) and the move list's lines. Each action returns what
became of it (`Done`): a message for the player ("" for none) and how much changed. The
controller (`controller.BoardController`) only turns browser events into these calls,
draws, saves and schedules the computer, so every rule here runs in plain Python
(tests/test_site_board.py, in CPython and in Pyodide).

Each rule is checked once: the renderer says what a press means (a move's text, a
half-move and the moves it may become, a swap while arranging) without asking any rule;
the board asks the rules (`Game.check`) once per position and view, keeps the verdicts
(`Board.judge`), and the same verdict greys the button, words the refusal and is what
`play` hands the session, which does not judge it again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from py_rules import Phase, Session
from py_rules.i18n import N_, _
from py_rules.play.session import Chooser
from py_rules.rules.core import Checked
from py_rules.rules.errors import RulesError

from .. import wording
from ..renderers.base import Renderer, View


class Change(Enum):
    NONE = "none"  # refused or nothing to do: the board is as it was
    VIEW = "view"  # only what is shown changed (a half-move picked up or put down)
    SESSION = "session"  # the game or the session changed: draw, save, report, go on


@dataclass(frozen=True)
class Done:
    """What an action did: `message` for the refusal line ("" clears it, None leaves it
    as it is), and `change`.

    A press that completes a move changes nothing yet: it returns the `move`, for the
    caller to `play` (a puzzle judges it first).
    """

    change: Change
    message: str | None = None
    move: Checked | None = None

    @property
    def refused(self) -> bool:
        return self.change is Change.NONE and bool(self.message) and self.move is None


NOT_PROVED = N_("(a strong move, not proved perfect)")


@dataclass(frozen=True)
class Press:
    """What pressing a button does now, its rules asked once: a legal move (`move`, the
    rules' verdict, ready to play), a half-move to hold (`select`), or a `refusal`."""

    move: Checked | None = None
    select: str | None = None
    refusal: str | None = None


def refusal_of(verdicts: Iterable[Checked]) -> str | None:
    """Why none of a half-move's completions may be played, each different reason once,
    in order; None as soon as one may (the rest are not judged)."""
    reasons: list[str] = []
    for verdict in verdicts:
        if verdict.legal:
            return None
        reasons.append(verdict.refusal or "")
    return " ".join(dict.fromkeys(reasons)) or None


def view_of(session: Session, pending: str | None) -> View:
    """What the renderer may show: whose secrets, and whether everything is public."""
    arranging = session.phase is Phase.ARRANGE
    awaiting = getattr(session, "awaiting", None)  # a game by link: an attack sent
    return View(session.viewer, pending, session.reveal_all, session.seat, arranging, awaiting)


class Board:
    """One board's session as the page's presses drive it."""

    def __init__(self, session: Session, renderer: Renderer) -> None:
        self.renderer = renderer
        self.session = session
        self.pending: str | None = None
        self.log: list[str] = wording.describe_all(session, renderer)
        self._judged: dict[str, Press] = {}
        self._judged_at: tuple[object, ...] = ()

    def load(self, session: Session) -> None:
        """Show another session (a new game, a link, another tab's save)."""
        self.session = session
        self.pending = None
        self.log = wording.describe_all(session, self.renderer)

    def view(self) -> View:
        return view_of(self.session, self.pending)

    def judge(self, key: str) -> Press:
        """What pressing `key` does now. Each verdict is made once per position, phase
        and view, and serves both the button's look (`refused`) and the press."""
        session = self.session
        game, phase, view = session.game, session.phase, self.view()
        at = (game, game.state, game.turn, phase, view)  # the game and state by identity
        last = self._judged_at
        if not last or last[0] is not game or last[1] is not game.state or last[2:] != at[2:]:
            self._judged, self._judged_at = {}, at
        press = self._judged.get(key)
        if press is None:
            press = self._judged[key] = self._judge(key, game, phase, view)
        return press

    def _judge(self, key: str, game: object, phase: Phase, view: View) -> Press:
        if phase is Phase.ARRANGE:
            choice = self.renderer.choose(game, view, key)
            return Press(select=choice.select, refusal=choice.refusal)
        if phase is not Phase.HUMAN:
            return Press(refusal=wording.not_now(self.session))
        choice = self.renderer.choose(game, view, key)
        if choice.refusal:
            return Press(refusal=choice.refusal)
        check = self.session.game.check
        if choice.move is not None:
            verdict = check(choice.move)
            return Press(move=verdict) if verdict.legal else Press(refusal=verdict.refusal)
        if choice.select is not None and choice.completions:
            refusal = refusal_of(check(move) for move in choice.completions)
            return Press(refusal=refusal) if refusal else Press(select=choice.select)
        return Press(select=choice.select)

    def refused(self, key: str) -> bool:
        """Whether pressing `key` now would be refused (its button shows as disabled)."""
        return self.judge(key).refusal is not None

    def press(self, key: str) -> Done:
        """A press on the button `key` (a board target or a choice-bar button)."""
        if self.session.phase is Phase.ARRANGE:
            return self.arrange(key)
        press = self.judge(key)
        if press.refusal is not None:
            return Done(Change.NONE, press.refusal)
        if press.move is not None:
            return Done(Change.NONE, move=press.move)
        self.pending = None if press.select == self.pending else press.select
        return Done(Change.VIEW, "")

    def arrange(self, key: str) -> Done:
        """A press while arranging: pick up a card, swap two, or finish this player's row."""
        choice = self.renderer.choose(self.session.game, self.view(), key)
        if choice.select is not None:
            self.pending = None if choice.select == self.pending else choice.select
            return Done(Change.VIEW, "")
        try:
            if choice.swap is not None:
                self.session.swap(*choice.swap)
            elif choice.ready:
                self.session.done_arranging()
            else:
                return Done(Change.NONE, choice.refusal or "")
        except RulesError as error:
            return Done(Change.NONE, str(error))
        self.pending = None
        return Done(Change.SESSION, "")

    def play(self, move: str | Checked) -> Done:
        """A human's move: a verdict from `judge` is played as judged, a text is checked
        by the session; a refusal changes nothing and says why."""
        player = self.session.game.to_move
        try:
            text = self.session.play(move)
        except RulesError as error:
            return Done(Change.NONE, str(error))
        self._moved(text, player)
        return Done(Change.SESSION, "")

    def computer_move(self, rng: random.Random, choose: Chooser | None = None) -> Done:
        """The computer's move (at its level, or the one `choose` makes); a move the
        exact search could not prove says so."""
        player = self.session.game.to_move
        text = self.session.computer_move(rng, choose)
        return self._computer_moved(text, player)

    def computer_plays(self, move: Any, proved: bool) -> Done:
        """The computer's move as `Session.think` found it (at this very position)."""
        player = self.session.game.to_move
        text = self.session.computer_move(None, lambda _game: move)
        self.session.proved = proved
        return self._computer_moved(text, player)

    def _computer_moved(self, text: str, player: int | None) -> Done:
        if self.session.proved:
            self._moved(text, player)
            return Done(Change.SESSION)
        self._moved(text, player, " " + _(NOT_PROVED))
        return Done(Change.SESSION, _(wording.NOT_PROVED))

    def act(self, action: Callable[[], object]) -> Done:
        """Undo, Redo or a step through the history; a refusal says why."""
        try:
            action()
        except RulesError as error:
            return Done(Change.NONE, str(error))
        self.pending = None
        return Done(Change.SESSION, "")

    def _moved(self, text: str, player: int | None, note: str = "") -> None:
        self.pending = None
        line = self.renderer.describe(self.session.game, text, player or 1) + note
        self.log[self.session.at - 1 :] = [line]
