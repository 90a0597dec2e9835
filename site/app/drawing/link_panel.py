"""The page's part for playing a friend by link: send the link (or show it as a QR code),
resign or stop, and open a link a friend sent (pasted, when it did not come as a page
address).

It only shows what the controller tells it and hands presses back: the link to send is
always in a field the player can select, as the clipboard may be refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from py_rules.i18n import N_, _
from py_rules.play.link import CHEATING, OVER, STOPPED, YOUR_TURN

from ..browser.dom import el
from ..browser.events import on
from ..browser.sharing import send_text
from ..headless.view import LinkPanelView
from .link_qr import LinkQr

NOT_COPIED = N_("Copy the link from the field above.")
SEND_NOTE = N_("Send this link to {them} in any chat; open their answer here when it comes.")
LAST_NOTE = N_("Send this last link to {them} in any chat: it shows them the end.")
SAID = {"shared": N_("Shared."), "copied": N_("Link copied.")}


class LinkPanel:
    """The game by link's panel (hidden while a hot-seat game is shown) and the "Open a
    friend's link" form under it."""

    def __init__(
        self,
        after: Any,
        act: Callable[[str], None],
        open_link: Callable[[str], None],
        sent: Callable[[], None] = lambda: None,
    ) -> None:
        self.sent = sent  # told when the link was shared or copied
        self.panel = el("section", "panel link-panel", aria_label=_("Playing by link"))
        self.panel.hidden = True
        self.heading = el("h2", text=_("Playing by link"))
        self.send_box = el("div", "link-send")
        self.send_button = el("button", "button primary", _("Send your move"), type="button")
        self.send_button.dataset.action = "send"
        self.field = el(
            "input", "link-field", type="text", readonly="", aria_label=_("Link to send")
        )
        self.note = el("p", "link-note", aria_live="polite")
        self.settings = el("p", "link-settings")
        self.qr = LinkQr()  # the same link as a code, for a friend in the same room
        self.send_box.append(self.send_button, self.field, self.qr.button, self.note)
        self.send_box.append(self.qr.figure)
        self.buttons = el("div", "link-actions")
        self.resign = el("button", "button", _("Resign"), type="button")
        self.stop = el("button", "button", _("Stop this game"), type="button")
        self.buttons.append(self.resign, self.stop)
        self.panel.append(self.heading, self.send_box, self.settings, self.buttons)
        after.after(self.panel)
        on(self.send_button, "click", lambda _event: self.send())
        on(self.field, "focus", lambda _event: self.field.select())
        on(self.field, "copy", lambda _event: self.sent())  # copied by hand
        on(self.resign, "click", lambda _event: act("resign"))
        on(self.stop, "click", lambda _event: act("stop"))
        self.opener = self.open_form(open_link)
        self.panel.after(self.opener)
        self.title = self.them = ""
        self.last = False

    def open_form(self, open_link: Callable[[str], None]) -> Any:
        form = el("form", "panel link-open", aria_label=_("Open a friend's link"))
        field = el("input", "link-paste", type="text", id="link-paste", autocomplete="off")
        form.append(el("label", text=_("Open a link a friend sent"), for_="link-paste"))
        form.append(field)
        form.append(el("button", "button", _("Open link"), type="submit"))

        def submit(event: Any) -> None:
            event.preventDefault()
            text = str(field.value or "")
            if text.strip():
                field.value = ""
                open_link(text)

        on(form, "submit", submit)
        return form

    def hide(self) -> None:
        self.panel.hidden = True

    def show(self, view: LinkPanelView) -> None:
        """Show the game by link's state: the link to send while there is one to send
        (`sending`: not on this player's turn, and after the end only to the player
        who owes the last link), under its label; Resign on their turn; Stop until it
        ends; which settings were chosen and which drawn."""
        status, settings, label, url = view.state, view.settings, view.label, view.url
        self.panel.hidden = False
        self.settings.textContent = settings
        self.settings.hidden = not settings
        self.title, self.them = view.title, view.them
        self.heading.textContent = _("Playing {name} by link").format(name=view.them)
        self.last = status == OVER
        if label:
            self.send_button.textContent = label
        if self.field.value != url:
            self.field.value = url
            self.note.textContent = self.words()
        self.qr.follow(url)
        self.send_box.hidden = not view.sending
        self.resign.hidden = status != YOUR_TURN
        self.stop.hidden = status in (CHEATING, STOPPED)
        self.buttons.hidden = self.resign.hidden and self.stop.hidden

    def words(self) -> str:
        return _(LAST_NOTE if self.last else SEND_NOTE).format(them=self.them)

    def send(self) -> None:
        """Web Share where the browser has it, else the clipboard; the field stays."""
        url, note = str(self.field.value), self.note
        words = self.words()
        self.field.select()

        def done(how: str) -> None:
            said = _(SAID.get(how, NOT_COPIED))
            note.textContent = said + " " + words
            if how:
                self.sent()

        send_text(self.title, url, done)
