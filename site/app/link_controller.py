"""The game page's part in playing a friend by link, mixed into `BoardController`.

Starting a game by link from the New game panel, opening a link (from the address's
`#play=` or pasted), resigning or stopping, and showing the game by link: the board
draws the `LinkDesk`'s session as it draws a hot-seat game; the protocol decides.
"""

from __future__ import annotations

from typing import Any

from py_rules import Phase
from py_rules.i18n import _
from py_rules.play.link import OVER, THEIR_TURN, WAITING
from py_rules.rules.errors import RulesError

from .board import Board
from .dom import focus_quietly, scroll_into_view, scroll_to_top, set_fragment, warn
from .link_panel import LinkPanel
from .link_play import (
    KEEP,
    LinkDesk,
    LinkSession,
    opponent,
    send_label,
    settings_note,
    status_line,
)


class LinkGames:
    """The controller's methods for games by link (the rest of it is hot seat)."""

    desk: LinkDesk | None
    panel: LinkPanel
    action: dict[str, Any]
    board: Board
    form: Any
    host: Any
    screen: Any
    renderer: Any
    cls: Any
    start_settings: Any

    def changed(self) -> None: ...
    def cancel_computer(self) -> None: ...
    def say(self, message: str) -> None: ...

    @property
    def linked(self) -> bool:
        """Whether the board shows a game by link (or the row arranged for one)."""
        return self.desk is not None and self.desk.active

    def on_link_game(self, _event: Any) -> None:
        """Start a game by link with the New game panel's settings."""
        assert self.desk is not None
        settings = self.form.read() if self.form else self.start_settings
        try:
            self.desk.start(settings, self.form.seat() if self.form else 1)
        except RulesError as error:
            if self.form:
                self.form.show_error(error)
            return
        if self.form:
            self.form.show_error(None)
        self.link_shown("")

    def open_link(self, text: str) -> None:
        """Open a `#play=`/`#game=` address or a pasted link; a refusal changes nothing."""
        if self.desk is None:
            return
        try:
            message = self.desk.open(text)
        except Exception as error:  # hostile input must never stop the page
            warn(f"A link could not be opened: {type(error).__name__}: {error}")
            message = _("This link could not be opened: it is damaged.")
        if self.linked:
            self.link_shown(message)
            self.bring_into_view()
        else:
            set_fragment("")
            self.say(message)
            self.shelf_notice()
        root = self.host.root.dataset  # how many links were opened: tests wait on it
        root.opened = str(int(getattr(root, "opened", None) or 0) + 1)

    def bring_into_view(self) -> None:
        """After a link is opened: the status at the top of the screen with the board
        under it, the link to send in view when that is the next action, and the
        focus on the status, so that a screen reader reads where the game stands."""
        status = self.screen.status
        status.setAttribute("tabindex", "-1")
        focus_quietly(status)
        scroll_to_top(status)
        if not self.panel.send_box.hidden:
            scroll_into_view(self.panel.send_button)

    def link_sent(self) -> None:
        """The player shared or copied the link shown: the status says what comes next."""
        if self.desk and self.desk.device:
            self.desk.mark_sent()
            self.render_link()

    def shelf_notice(self) -> None:
        """Say once that the kept games by link were damaged and set aside."""
        if self.desk and self.desk.shelf.notice:
            self.screen.note(self.desk.shelf.notice)
            self.desk.shelf.notice = ""

    def link_act(self, kind: str) -> None:
        """Resign or stop the game by link shown."""
        if self.desk and self.desk.device:
            act = {"resign": lambda d: d.resign(), "stop": lambda d: d.stop()}[kind]
            self.link_shown(self.desk.act(act))

    def link_shown(self, message: str) -> None:
        """Show the game by link as it is now; its address reopens it after a reload."""
        assert self.desk is not None
        self.cancel_computer()
        self.board.load(self.desk.session())
        self.changed()
        self.say(message)
        self.shelf_notice()
        if self.desk.device:
            set_fragment(KEEP + self.desk.device.line.game_id.hex())

    def leave_link(self) -> None:
        if self.desk and self.linked:
            self.desk.leave()
            set_fragment("")

    def render_link(self) -> None:
        """The game by link's status line and panel (hidden for a hot-seat game)."""
        if self.desk is None:
            return
        session, device = self.board.session, self.desk.device
        if not isinstance(session, LinkSession) or device is None:
            self.panel.hide()
            self.host.root.dataset.link = "arranging" if self.linked else ""
            return
        view, log = self.board.view(), self.board.log
        status = self.screen.status
        sent = self.desk.link_sent
        status.textContent = status_line(session, self.renderer, view, log, sent)
        status.dataset.over = "true" if session.phase is Phase.OVER else "false"
        them = opponent(device)
        address = self.desk.address()
        sending = device.status in (WAITING, THEIR_TURN) or (
            device.status == OVER and device.owes_link
        )
        self.panel.show(
            device.status,
            them,
            _(self.cls.title),
            address,
            settings_note(device),
            send_label(device),
            sending,
        )
        self.host.root.dataset.linkSent = "true" if sent else "false"
        for key in ("undo", "redo"):  # every move sent stays
            self.action[key].disabled = True
        self.host.root.dataset.link = device.status
