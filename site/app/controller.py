"""The one board controller: what each of one board's events asks of its `Board` and its mode.

The board (`headless.board.Board`, plain Python) holds the session and decides what
each press, undo or computer move does; the mode (`modes.hot_seat.HotSeat`,
`modes.by_link.ByLink`, `modes.puzzle.Puzzle`) says what a press may do, where the game
is saved, what the status says and what the buttons offer. After every change the
controller computes the page's one view (`headless.view.PageView`), which the screen
(`drawing.screen.Screen`) writes, and saves through the mode (never over a newer save
from another tab). Several boards share one page: everything lives inside the board's
root. The events are wired by `board_events`; the computer's turn is `computer_turn`'s.
The route of a press: docs/architecture.md.
"""

from __future__ import annotations

from typing import Any

import py_rules
from py_rules import Phase, Session
from py_rules.engine.players import LEVELS, hint
from py_rules.i18n import _
from py_rules.play import dealing
from py_rules.rules.core import Checked
from py_rules.rules.errors import RulesError

from . import record as records
from . import wording
from .board_events import wire
from .browser import lesson, storage
from .browser.dom import flush
from .browser.events import after_messages
from .browser.local_storage import on_storage, on_unkept, store, stored
from .computer_turn import ComputerTurn
from .drawing.link_panel import LinkPanel
from .drawing.options_form import OptionsForm
from .drawing.screen import Screen
from .headless.board import Board, Change, Done
from .link.actions import LinkActions
from .link.desk import LinkDesk
from .link.shelf import LinkShelf
from .modes.base import Mode, Saved, page_view
from .modes.by_link import ByLink
from .modes.hot_seat import HotSeat
from .modes.puzzle import Puzzle
from .opening import Host, fresh, restored
from .renderers import renderer_class
from .settings import Features, Settings, new_session, settings_of


class BoardController:
    """One board: its events, its `Board`, and the mode it plays in (`mode`)."""

    def __init__(self, host: Host, settings: Settings, puzzle: dict[str, Any] | None = None):
        self.host = host
        self.cls = py_rules.game_class(host.slug)
        self.renderer = renderer_class(host.slug)(self.cls)
        self.screen = Screen(host.root, self.renderer, self.go, self.reveal_hand)
        self.screen.review.enabled = host.features.review and puzzle is None  # no answers
        form = host.root.querySelector("form.options")
        self.form = OptionsForm(form, self.cls, LEVELS) if form else None
        self.start_settings = settings
        self.version = 0  # counts the changes of the session: a late answer is for an old one
        self.computer = ComputerTurn(self, host.delay)
        self.board = Board(Session(py_rules.new_game(host.slug)), self.renderer)
        self.slot = slot = storage.page_slot(host.save_key) if host.save_key else None
        if slot:
            slot.watch(self.refresh)
            slot.watch_unkept(lambda: self.unkept(self.hot))
        features, links = host.features, host.links_key is not None
        self.hot: Mode = (
            Puzzle(host.slug, puzzle, features) if puzzle else HotSeat(slot, features, links)
        )
        self.mode: Mode = self.hot
        self.untold: list[Mode] = []  # modes left before their refused save could be said
        self.screen.build_actions(host.root.querySelector(".actions"), self.cls, puzzle is not None)
        if not links:
            self.screen.action.pop("link").remove()
        self.by_link: Mode = self.hot  # a page that plays no game by link stays in `hot`
        self.links = self.link_part(host.links_key, features) if host.links_key else None
        if puzzle:
            host.root.dataset.puzzleId = puzzle["id"]
        wire(self)

    def link_part(self, key: str, features: Features) -> LinkActions:
        """The games by link kept under `key`: their mode, their events, their panel."""
        shelf = LinkShelf(key, stored, store, on_storage, on_unkept)
        desk = LinkDesk(self.host.slug, shelf, self.host.share_url)
        self.by_link = by_link = ByLink(desk, features)
        links = LinkActions(self, desk)
        shelf.slot.watch(links.caught_up)
        shelf.slot.watch_unkept(lambda: self.unkept(by_link))
        # Under the board, beside the status it answers (on a phone the side panel is far
        # below): the link to send is the next action.
        where = self.screen.note_line or self.screen.share_box
        self.screen.panel = LinkPanel(where, links.act, links.open, links.sent)
        return links

    # ----- starting: the mode's own start, a link, the saved game, or the settings --

    def begin(self, link: str | None = None, notice: str = "") -> None:
        """Open the game a link carries, else the saved one, else a new one; never fail."""
        if (started := self.mode.start()) is not None:  # a puzzle: never a link or a save
            self.load(started)
            return self.say(notice)
        loaded, problem = restored(self.host.slug, self.slot, link)
        notice = problem or notice
        if loaded is None:
            loaded, problem = fresh(self.host.slug, self.start_settings)
            notice = notice or problem
        self.load(loaded)
        if self.form:
            self.form.fill(settings_of(loaded))
        self.say(notice)

    def refresh(self) -> None:
        """Show the game as another tab of this page saved it."""
        if self.mode is not self.hot:
            return  # the hot-seat game changed elsewhere: it shows when this one is left
        self.computer.cancel()
        self.begin(None, _(wording.OTHER_TAB))

    def stale(self) -> bool:
        """Show the newer game instead of acting when another tab has saved since."""
        if not self.mode.behind():
            return False
        if self.links and self.mode is not self.hot:
            self.links.caught_up()
        else:
            self.refresh()
        return True

    @property
    def root(self) -> Any:
        return self.host.root

    @property
    def session(self) -> Session:
        return self.board.session

    def load(self, session: Session) -> None:
        self.computer.cancel()
        if self.form:
            self.form.show_error(None)
        self.board.load(session)
        self.say("")
        self.changed()

    def open_link(self, text: str) -> None:
        """A `#play=`/`#game=` address or a pasted link (a page without links: ignored)."""
        if self.links:
            self.links.open(text)

    def use(self, mode: Mode) -> None:
        """Play in `mode` from now on (a game by link, or the hot-seat game again); a
        refused save of it that came while another mode showed is said now."""
        self.mode = mode
        if mode in self.untold:
            self.untold.remove(mode)
            self.screen.note(_(mode.unkept))

    # ----- events -------------------------------------------------------------------

    def on_new_game(self, event: Any) -> None:
        event.preventDefault()
        if self.stale():
            return
        if (restart := self.hot.start()) is not None:  # a puzzle starts over
            return self.load(restart)
        settings = self.form.read() if self.form else self.start_settings
        try:
            session = new_session(self.host.slug, settings)
        except RulesError as error:
            if self.form:
                self.form.show_error(error)  # the current game carries on untouched
            return
        if self.links:
            self.links.leave()
        self.load(session)

    def retry(self) -> None:
        """A puzzle's Try again: back to before the wrong move."""
        again = self.mode.retry()
        if isinstance(again, str):
            return self.say(again)
        if again is not None:
            self.load(again)
            self.screen.focus_first()

    # ----- game flow: each step asks the mode, the board decides ---------------------

    def press(self, key: str) -> None:
        if self.stale():
            return
        if (refusal := self.mode.refusal(self.session)) is not None:
            self.render()
            return self.say(refusal)
        done = self.board.press(key)
        if done.move is not None:
            return self.play(done.move)
        self.show(done)

    def play(self, move: Checked) -> None:
        """A move completed by presses, as the board judged it (the mode judges it too)."""
        if (refusal := self.mode.judge(move)) is not None:
            self.render()
            return self.say(refusal)
        if self.links and self.mode is not self.hot:  # the device judges it again
            return self.links.act("move", move.move)
        self.show(self.board.play(move))

    def act(self, action: Any) -> None:
        """Undo, Redo or a step through the history; a refusal says why."""
        if self.stale():
            return
        if (refusal := self.mode.no_take_back()) is not None:
            return self.say(refusal)
        done = self.board.act(action)
        if done.change is Change.SESSION:
            self.computer.cancel()
        self.show(done)

    def go(self, where: str | int) -> None:
        """The move list's request: "first", "prev", "next", "last" or a move count."""
        self.act(lambda: self.session.step(where))

    def show(self, done: Done) -> None:
        """Say what an action did, then draw (and save, ...) as much as it changed."""
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
        self.thinking("hint")
        try:
            found = hint(self.session.game)
        finally:
            self.thinking("")
        version = self.version
        # Said only if the position is still the one it is for (the page may have sent an
        # Undo while a worker computed it; on the main thread this runs at once).
        after_messages(lambda: self.say(wording.hint(found)) if version == self.version else None)

    def thinking(self, about: str) -> None:
        """Mark the board (`data-thinking`, "" when done) while Python works, and show it
        first: a page whose Python runs in a worker stays alive meanwhile."""
        if about:
            self.root.dataset.thinking = about
            flush()
        else:
            self.root.removeAttribute("data-thinking")

    def deal(self, order: Any) -> None:
        """The hidden row the page drew for the first human to take the screen, before
        Python was ready (`py_rules.play.dealing`: RulesError if refused, nothing changed).
        Not drawn nor saved here: the row is behind the hand-over screen until the press that
        comes with it, whose drawing and save follow at once."""
        dealing.deal(self.session, order)

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
        self.version += 1
        if self.links and self.links.sealed():  # a row arranged for a game by link
            return
        self.render()
        self.save()
        lesson.report(self, self.host.root, self.session)
        self.computer.schedule()

    # ----- saving and sharing: one path, the mode's guarded slot ---------------------

    def save(self) -> None:
        saved = self.mode.save(self.session, records.encode_saved(self.session.to_data()))
        if saved is Saved.BEHIND:  # another tab saved first
            self.refresh()
        elif saved is Saved.UNKEPT:  # said once: later moves are not saved either
            self.screen.note(_(self.mode.unkept))

    def unkept(self, mode: Mode) -> None:
        """The browser refused, after the fact, a save of `mode` (a worker's page hears of a
        full storage later): said once as a refused save is said at once; if the player has
        left that mode meanwhile, when they come back to it (its note would be wrong here)."""
        if not mode.unkept:
            return
        if self.mode is mode:
            self.screen.note(_(mode.unkept))
        elif mode not in self.untold:
            self.untold.append(mode)

    def share(self) -> None:
        """Show (and copy) a link that opens this game at the position shown."""
        data = self.session.to_data(share=True)
        url = f"{self.host.share_url}?g={records.encode_link(data)}"
        settings_only = data["game"]["moves"] == [] and bool(self.session.game.moves)
        self.screen.show_share(url, settings_only)

    # ----- drawing: one view a render, one writer ------------------------------------

    def render(self) -> None:
        board = self.board
        self.screen.draw(board.session, board.pending, board.log, board.refused)
        self.screen.show(page_view(self.mode, board))

    def say(self, message: str) -> None:
        self.screen.say(message)
