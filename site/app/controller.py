"""The board controller: wires one board's events to its `Board`, then redraws.

The board (`board.Board`, plain Python) holds the session and decides what each press,
undo or computer move does; the screen (`screen.Screen`) draws it. This class wires
presses, keys and timers to the board, shows what it says, and saves after every change
(never over a newer save from another tab). Several boards share one page: everything
lives inside the board's root.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import py_rules
from py_rules import Phase, Session
from py_rules.engine.players import LEVELS, hint
from py_rules.i18n import _
from py_rules.rules.core import Checked
from py_rules.rules.errors import RulesError

from . import lesson, storage, wording
from . import record as records
from .board import Board, Change, Done
from .dom import (
    cancel,
    focused_key,
    on,
    on_palette_change,
    on_resize,
    proxy,
    set_timeout,
    store,
    stored,
    warn,
)
from .keys import arrow_target
from .link_controller import LinkGames
from .link_panel import LinkPanel
from .link_play import NOT_KEPT, LinkDesk, LinkSession, LinkShelf, not_now
from .options_form import OptionsForm
from .renderers import renderer_class
from .screen import Screen
from .settings import COMPUTER_DELAY_MS, Features, Settings, new_session, settings_of


def not_restored(from_link: bool, error: str) -> str:
    """Why the game a link or the save carried is not shown (`error` says what is wrong)."""
    if from_link:
        message = _("That link could not be opened: {error} A new game has started.")
    else:
        message = _("Your saved game could not be restored: {error} A new game has started.")
    return message.format(error=error)


@dataclass(frozen=True)
class Host:
    """Where a board lives and what it may do there."""

    root: Any  # the element holding this board's parts (the page body, or an embed's div)
    slug: str
    share_url: str  # the game page's address; a share link adds ?g=...
    delay: int = COMPUTER_DELAY_MS
    save_key: str | None = None  # localStorage key; None: this board is not saved
    # Hint, the review, the move list: a lesson may leave them out
    features: Features = field(default_factory=Features)
    links_key: str | None = None  # where games by link are kept; None: none are played


class BoardController(LinkGames):
    def __init__(self, host: Host, settings: Settings) -> None:
        self.host = host
        self.cls = py_rules.game_class(host.slug)
        self.renderer = renderer_class(host.slug)(self.cls)
        self.screen = Screen(host.root, self.renderer, self.go)
        self.screen.review.enabled = host.features.review
        form = host.root.querySelector("form.options")
        self.form = OptionsForm(form, self.cls, LEVELS) if form else None
        self.start_settings = settings
        self.rng = random.Random()
        self.timer: Any = None
        self.tick = proxy(self.computer_move)
        self.board = Board(Session(py_rules.new_game(host.slug)), self.renderer)
        self.slot = storage.SaveSlot(host.save_key) if host.save_key else None
        if self.slot:
            self.slot.watch(self.refresh)
        actions = host.root.querySelector(".actions")
        self.action, self.share_box = self.screen.build_actions(actions, self.cls)
        self.action["hint"].hidden = not host.features.hints
        self.desk: LinkDesk | None = None
        if host.links_key:
            shelf = LinkShelf(host.links_key, stored, store)
            self.desk = LinkDesk(host.slug, shelf, host.share_url)
            # Under the board, beside the status it answers (on a phone the side panel
            # is far below): the link to send is the next action.
            where = self.screen.note_line or self.share_box
            self.panel = LinkPanel(where, self.link_act, self.open_link, self.link_sent)
        else:
            self.action.pop("link").remove()
        self.wire()

    # ----- starting: a link, the saved game, or the given settings ------------------

    def begin(self, link: str | None = None, notice: str = "") -> None:
        """Open the game a link carries, else the saved one, else a new one; never fail."""
        loaded, from_link = None, link is not None
        try:
            if link is not None:
                loaded = Session.from_data(records.decode_link(link), self.host.slug, True)
            elif self.slot and (text := self.slot.load()):
                loaded = Session.from_data(records.decode_saved(text), self.host.slug)
        except RulesError as error:
            notice = not_restored(from_link, str(error))
        except Exception as error:  # hostile input must never stop the page
            warn(f"{'A link' if from_link else 'A save'}: {type(error).__name__}: {error}")
            notice = not_restored(from_link, _("it is damaged."))
        if loaded is None:
            loaded, problem = self.fresh(self.start_settings)
            notice = notice or problem
        self.load(loaded)
        if self.form:
            self.form.fill(settings_of(loaded))
        self.say(notice)

    def refresh(self) -> None:
        """Show the game as another tab of this page saved it."""
        if self.linked:
            return  # the hot-seat game changed elsewhere: it shows when this one is left
        self.cancel_computer()
        self.begin(None, _(wording.OTHER_TAB))

    def stale(self) -> bool:
        """Refresh instead of acting when another tab has saved since this one."""
        if self.slot and self.slot.is_stale() and not self.linked:
            self.refresh()
            return True
        return False

    def fresh(self, settings: Settings) -> tuple[Session, str]:
        """A new game with `settings`, or with the defaults if they are refused."""
        try:
            return new_session(self.host.slug, settings), ""
        except RulesError as error:
            problem = _(
                "This game's settings were refused ({error}): the standard game is shown."
            ).format(error=error)
            return Session.new(self.host.slug), problem

    @property
    def session(self) -> Session:
        return self.board.session

    def load(self, session: Session) -> None:
        self.cancel_computer()
        if self.form:
            self.form.show_error(None)
        self.board.load(session)
        self.say("")
        self.changed()

    # ----- events -------------------------------------------------------------------

    def wire(self) -> None:
        screen = self.screen
        on(screen.targets_box, "click", self.on_press)
        on(screen.choices_box, "click", self.on_press)
        on(screen.targets_box, "keydown", self.on_arrow)
        if self.form:
            on(self.form.form, "submit", self.on_new_game)
        on(self.action["new"], "click", self.on_new_game)
        on(self.action["undo"], "click", lambda _event: self.act(self.session.undo))
        on(self.action["redo"], "click", lambda _event: self.act(self.session.redo))
        on(self.action["hint"], "click", lambda _event: self.show_hint())
        on(self.action["share"], "click", lambda _event: self.share())
        if self.desk:
            on(self.action["link"], "click", self.on_link_game)
        on_resize(screen.board, self.on_resize)
        on_palette_change(self.render)  # the theme switch, the system's theme, high contrast

    def on_press(self, event: Any) -> None:
        button = event.target.closest("button[data-key]")
        if button:
            event.preventDefault()
            self.press(str(button.dataset.key))

    def on_new_game(self, event: Any) -> None:
        event.preventDefault()
        if self.stale():
            return
        settings = self.form.read() if self.form else self.start_settings
        try:
            session = new_session(self.host.slug, settings)
        except RulesError as error:
            if self.form:
                self.form.show_error(error)  # the current game carries on untouched
            return
        self.leave_link()
        self.load(session)

    def on_resize(self) -> None:
        if abs(self.screen.board.clientWidth - self.screen.width) >= 1:  # a new width
            self.render()

    def on_arrow(self, event: Any) -> None:
        """Arrow keys move the focus to the nearest button in that direction."""
        layout = self.screen.layout
        target = arrow_target(str(event.key), focused_key(), layout.targets) if layout else None
        if target is not None:
            event.preventDefault()
            self.screen.buttons[target].focus()

    # ----- game flow ----------------------------------------------------------------

    def press(self, key: str) -> None:
        if self.stale():
            return
        if isinstance(self.session, LinkSession) and self.session.phase is not Phase.HUMAN:
            return self.say(not_now(self.session.device))
        done = self.board.press(key)
        if done.move is not None:
            return self.play(done.move)
        self.show(done)

    def play(self, move: Checked) -> None:
        """A move completed by presses, as the board judged it (a puzzle judges it too)."""
        if self.desk and self.desk.device and self.linked:  # the device judges it again
            return self.link_shown(self.desk.act(lambda device: device.play(move.move)))
        self.show(self.board.play(move))

    def act(self, action: Any) -> None:
        """Undo, Redo or a step through the history; a refusal says why."""
        if self.stale():
            return
        if self.linked:
            return self.say(_("A game by link keeps every move sent: none can be taken back."))
        done = self.board.act(action)
        if done.change is Change.SESSION:
            self.cancel_computer()
        self.show(done)

    def go(self, where: str | int) -> None:
        """The move list's request: "first", "prev", "next", "last" or a move count."""
        self.act(lambda: self.session.step(where))

    def show(self, done: Done) -> None:
        """Say what an action did, then draw (and save, ...) as much as it changed: a save
        refused because another tab saved first shows that tab's game, and says so."""
        if done.message is not None:
            self.say(done.message)
        if done.change is Change.SESSION:
            self.changed()
        elif done.change is Change.VIEW:
            self.render()

    def show_hint(self) -> None:
        """Say a best move for the player to move, from the exact solvers."""
        if self.session.phase is not Phase.HUMAN:
            return self.say(_("A hint is for the player to move, during the game."))
        self.say(wording.hint(hint(self.session.game)))

    def reveal_hand(self) -> None:
        """Hand-over screen: the next human says they are at the screen."""
        if self.stale():
            return
        if self.session.phase is Phase.HAND_OVER:
            self.session.reveal()
        self.render()
        self.screen.focus_first()

    def changed(self) -> None:
        """After any change to the session: draw, save, and let the computer move."""
        if self.desk and self.desk.arranged():  # a row arranged for a game by link: sealed
            return self.link_shown("")
        self.render()
        self.save()
        lesson.report(self)
        self.schedule_computer()

    # ----- saving and sharing -------------------------------------------------------

    def save(self) -> None:
        if self.desk and self.linked:
            if not self.desk.shelf.kept:
                self.screen.note(_(NOT_KEPT))
            return
        if not self.slot or not self.slot.kept:
            return
        text = records.encode_saved(self.session.to_data())
        if not self.slot.store(text):  # another tab saved first
            self.refresh()
        elif not self.slot.kept:  # said once: later moves are not saved either
            self.screen.note(_(wording.NOT_KEPT))

    def share(self) -> None:
        """Show (and copy) a link that opens this game at the position shown."""
        data = self.session.to_data(share=True)
        url = f"{self.host.share_url}?g={records.encode_link(data)}"
        settings_only = data["game"]["moves"] == [] and bool(self.session.game.moves)
        self.screen.show_share(self.share_box, url, settings_only)

    # ----- the computer -------------------------------------------------------------

    def schedule_computer(self) -> None:
        if self.linked:
            return  # the other player moves on their own device
        if self.session.phase is Phase.COMPUTER and self.timer is None:
            self.timer = set_timeout(self.tick, self.host.delay)

    def cancel_computer(self) -> None:
        if self.timer is not None:
            cancel(self.timer)
            self.timer = None

    def computer_move(self) -> None:
        self.timer = None
        if self.stale() or self.session.phase is not Phase.COMPUTER:
            return
        # Two tabs of one save that both answer for the computer make the same move; the
        # exact search may be too big here: the board says so, not "perfect".
        rng = (self.slot and self.slot.shared_random()) or self.rng
        self.show(self.board.computer_move(rng))

    def render(self) -> None:
        board = self.board
        self.screen.render(
            board.session, board.pending, board.log, self.action, self.reveal_hand, board.refused
        )
        self.render_link()

    def say(self, message: str) -> None:
        self.screen.say(message)
