"""The controller's part in games by link, composed into it: start one, open a link,
send, resign or stop, and catch up with another tab.

It holds the `LinkDesk` and asks the board's controller (a `Stage`: what this part may
ask of it) to load, show and switch modes; the desk decides, the screen draws.
"""

from __future__ import annotations

from typing import Any, Protocol

from py_rules.i18n import _
from py_rules.rules.errors import RulesError

from .. import wording
from ..browser.address_bar import set_fragment
from ..browser.dom import focus_quietly, scroll_into_view, scroll_to_top, warn
from ..computer_turn import ComputerTurn
from ..drawing.options_form import OptionsForm
from ..drawing.screen import Screen
from ..headless.board import Board
from ..modes.base import Mode
from ..settings import Settings
from .desk import KEEP, LinkDesk


class Stage(Protocol):
    """What the link part may ask of the controller it is composed into."""

    board: Board
    screen: Screen
    form: OptionsForm | None
    start_settings: Settings
    hot: Mode
    by_link: Mode
    computer: ComputerTurn

    @property
    def root(self) -> Any: ...
    def use(self, mode: Mode) -> None: ...
    def changed(self) -> None: ...
    def say(self, message: str) -> None: ...
    def render(self) -> None: ...


class LinkActions:
    def __init__(self, stage: Stage, desk: LinkDesk) -> None:
        self.stage, self.desk = stage, desk

    def start(self, _event: Any) -> None:
        """Start a game by link with the New game panel's settings."""
        form = self.stage.form
        settings = form.read_for_link() if form else self.stage.start_settings
        try:
            self.desk.start(settings, form.seat() if form else 1)
        except RulesError as error:
            if form:
                form.show_error(error)
            return
        if form:
            form.show_error(None)
        self.shown("")

    def open(self, text: str) -> None:
        """Open a `#play=`/`#game=` address or a pasted link; a refusal changes nothing."""
        try:
            message = self.desk.open(text)
        except Exception as error:  # hostile input must never stop the page
            warn(f"A link could not be opened: {type(error).__name__}: {error}")
            message = _("This link could not be opened: it is damaged.")
        if self.desk.active:
            self.shown(message)
            self.bring_into_view()
        else:
            set_fragment("")
            self.stage.say(message)
            self.shelf_notice()
        root = self.stage.root.dataset  # how many links were opened: tests wait on it
        root.opened = str(int(getattr(root, "opened", None) or 0) + 1)

    def bring_into_view(self) -> None:
        """After a link is opened: the status at the top of the screen with the board
        under it, the link to send in view when that is the next action, and the
        focus on the status, so that a screen reader reads where the game stands."""
        screen = self.stage.screen
        status = screen.status
        status.setAttribute("tabindex", "-1")
        focus_quietly(status)
        scroll_to_top(status)
        if screen.panel is not None and not screen.panel.send_box.hidden:
            scroll_into_view(screen.panel.send_button)

    def sent(self) -> None:
        """The player shared or copied the link shown: the status says what comes next."""
        if self.desk.device:
            self.desk.sent = self.desk.device.link()
            self.stage.render()

    def shelf_notice(self) -> None:
        """Say once that the kept games by link were damaged and set aside."""
        if self.desk.shelf.notice:
            self.stage.screen.note(self.desk.shelf.notice)
            self.desk.shelf.notice = ""

    def act(self, kind: str, move: object = None) -> None:
        """A move, resign or stop on the game by link shown."""
        if self.desk.device:
            acts = {"move": lambda d: d.play(move), "resign": lambda d: d.resign()}
            self.shown(self.desk.act(acts.get(kind, lambda d: d.stop())))

    def caught_up(self) -> None:
        """Another tab moved the game shown on: show it as it is now, and say so."""
        if self.desk.behind():
            self.shown(self.desk.catch_up())

    def sealed(self) -> bool:
        """After a change while arranging: the row sealed for a game by link is shown."""
        if self.desk.arranged():
            self.shown("")
            return True
        return False

    def shown(self, message: str) -> None:
        """Show the game by link as it is now; its address reopens it after a reload."""
        stage = self.stage
        stage.computer.cancel()
        stage.use(stage.by_link)
        stage.board.load(self.desk.session())
        stage.changed()
        stage.say(message)
        if message == _(wording.OTHER_TAB):
            stage.screen.note(message)
        self.shelf_notice()
        if self.desk.device:
            set_fragment(KEEP + self.desk.device.line.game_id.hex())

    def leave(self) -> None:
        """Back to the hot-seat game (the game by link stays kept)."""
        if self.desk.active:
            self.desk.leave()
            set_fragment("")
        self.stage.use(self.stage.hot)
