"""A board's events, wired to its controller: a press on the board's buttons, the arrow keys
between them, the action buttons, the options form, a new width, a new palette. Each event
becomes one call of the controller (`Controls`, what the wiring may ask of it), which
decides what it does.
"""

from __future__ import annotations

from typing import Any, Protocol

from py_rules import Session

from .browser.dom import focused_key
from .browser.events import on, on_palette_change, on_resize
from .drawing.options_form import OptionsForm
from .drawing.screen import Screen
from .headless.keys import ARROWS, arrow_target
from .link.actions import LinkActions

PRESSED = "button[data-key]"  # a press on the board: a target or a choice


class Controls(Protocol):
    """What the wiring may ask of the controller whose events it wires."""

    screen: Screen
    form: OptionsForm | None
    links: LinkActions | None

    @property
    def session(self) -> Session: ...
    def press(self, key: str) -> None: ...
    def on_new_game(self, event: Any) -> None: ...
    def act(self, action: Any) -> None: ...
    def show_hint(self) -> None: ...
    def share(self) -> None: ...
    def retry(self) -> None: ...
    def render(self) -> None: ...


def wire(board: Controls) -> None:
    """Listen to every event of the board's parts for the life of the page."""
    screen, action = board.screen, board.screen.action
    # A worker cannot prevent a default once the event is gone: the page is told which.
    on(screen.targets_box, "click", lambda event: pressed(board, event), prevent=PRESSED)
    on(screen.choices_box, "click", lambda event: pressed(board, event), prevent=PRESSED)
    on(screen.targets_box, "keydown", lambda event: arrow(board, event), prevent=list(ARROWS))
    if board.form:
        on(board.form.form, "submit", board.on_new_game)
    on(action["new"], "click", board.on_new_game)
    on(action["undo"], "click", lambda _event: board.act(board.session.undo))
    on(action["redo"], "click", lambda _event: board.act(board.session.redo))
    on(action["hint"], "click", lambda _event: board.show_hint())
    on(action["share"], "click", lambda _event: board.share())
    if "retry" in action:
        on(action["retry"], "click", lambda _event: board.retry())
    if board.links:
        on(action["link"], "click", board.links.start)
    on_resize(screen.board_box, lambda: resized(board))
    on_palette_change(board.render)  # the theme switch, the system's theme, high contrast


def pressed(board: Controls, event: Any) -> None:
    button = event.target.closest(PRESSED)
    if button:
        event.preventDefault()
        board.press(str(button.dataset.key))


def resized(board: Controls) -> None:
    if board.screen.stale():
        board.render()


def arrow(board: Controls, event: Any) -> None:
    """Arrow keys move the focus to the nearest button in that direction."""
    layout = board.screen.layout
    target = arrow_target(str(event.key), focused_key(), layout.targets) if layout else None
    if target is not None:
        event.preventDefault()
        board.screen.board_buttons.buttons[target].focus()
