"""The board's real buttons over its canvas, one per target: kept by their keys from one
drawing to the next (a new target gets a new button, a gone one's is removed), each writing
only what changed of it, so a move makes and writes no more elements than it changed.
Illegal choices stay real buttons (aria-disabled) so that pressing one explains why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from py_rules import Phase, Session

from ..browser.dom import el
from ..renderers.base import Layout, View
from ..wording import BUSY
from . import places
from .sketch import arrange


class ButtonState(NamedTuple):
    """What a board button shows: `BoardButtons.sync` writes what changed of it."""

    label: str
    place: tuple[str, str, str, str, bool]  # left, top, width, height (`places.box`), round
    greyed: bool
    pressed: bool  # the half-made move
    title: str


def redraw_button(button: Any, bar: bool, state: ButtonState, before: ButtonState | None) -> None:
    """Write what changed of a board button (`before`: what it shows, None for a new one)."""
    if before is None or state.label != before.label:
        button.textContent = state.label  # an arranged card keeps its place, not its number
    if not bar and (before is None or state.place != before.place):
        # Physical left, not inline-start: a board is a picture, never mirrored (the
        # canvas sits at the top left of the board in every language). In % of the board:
        # a board drawn in the same proportions at another width writes nothing here.
        *place, round_ = state.place
        style = button.style
        for name, value in zip(("left", "top", "width", "height"), place, strict=True):
            style.setProperty(name, value)
        button.classList.toggle("round", round_)
    if before is None or state.greyed != before.greyed:
        button.setAttribute("aria-disabled", "true" if state.greyed else "false")
    if before is None or state.pressed != before.pressed:
        if state.pressed:
            button.setAttribute("aria-pressed", "true")
        else:
            button.removeAttribute("aria-pressed")
    if (before.title if before else "") != state.title:
        button.title = state.title


class BoardButtons:
    """One real button per target of the board, in its targets' box or its choice bar."""

    def __init__(self, targets_box: Any, choices_box: Any) -> None:
        self.targets_box = targets_box
        self.choices_box = choices_box
        self.buttons: dict[str, Any] = {}  # by their keys, in order
        self.on_bar: dict[str, bool] = {}  # whether each is in the choice bar
        self.placed = False  # whether the buttons' boxes hold them (not the page's own)
        self.drawn: dict[str, ButtonState] = {}

    def sync(
        self,
        session: Session,
        layout: Layout,
        width: float,
        view: View,
        refused: Callable[[str], bool],
    ) -> None:
        """One real button per target of `layout` (drawn `width` wide), kept by its key from
        one drawing to the next (a new target gets a new button, a gone one's is removed);
        only what changed is written."""
        if [(t.key, t.bar) for t in layout.targets] != list(self.on_bar.items()):
            self.place(layout)
        busy = session.phase in BUSY
        self.targets_box.inert = session.phase is Phase.HAND_OVER
        for t in layout.targets:
            greyed = busy or refused(t.key)
            place = (*places.box(t.x, t.y, t.w, t.h, width, layout.height), t.round)
            state = ButtonState(t.label, place, greyed, view.pending == t.key, t.title)
            before = self.drawn.get(t.key)
            if before != state:
                self.drawn[t.key] = state
                redraw_button(self.buttons[t.key], t.bar, state, before)

    def place(self, layout: Layout) -> None:
        """Make the buttons of new targets, drop those of gone ones, keep the others."""
        old, old_bar = self.buttons, self.on_bar
        self.buttons, self.on_bar = {}, {}
        for t in layout.targets:
            button = old.get(t.key)
            if button is None or old_bar[t.key] != t.bar:
                button = el("button", "choice" if t.bar else "target", type="button")
                button.dataset.key = t.key
                self.drawn.pop(t.key, None)
            self.buttons[t.key] = button
            self.on_bar[t.key] = t.bar
        self.drawn = {key: state for key, state in self.drawn.items() if key in self.buttons}
        for box, bar in ((self.targets_box, False), (self.choices_box, True)):
            before = [b for key, b in old.items() if old_bar[key] == bar]
            after = [b for key, b in self.buttons.items() if self.on_bar[key] == bar]
            arrange(box, before if self.placed else None, after)
        self.placed = True

    def focus_first(self) -> None:
        """Put the focus on the first button that may be pressed."""
        for button in self.buttons.values():
            if button.getAttribute("aria-disabled") == "false":
                button.focus()
                return
