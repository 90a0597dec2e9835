"""The move list with its replay bar: every recorded move, the one shown marked.

Moves after the position shown (taken back, or stepped past in a replay) stay listed,
dimmed, until a new move replaces them. Pressing a move, or First/Previous/Next/Last,
asks the controller to show that position; the list itself changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .dom import clear, el, icon, on

# (icon path on a 16x16 grid, accessible name, where it goes). Drawn as SVG, not as
# symbol characters: not every system font has the media-control glyphs.
STEPS = (
    ("M2 2h2.5v12H2zM14 2v12L5.5 8z", "First position", "first"),
    ("M12.5 2v12L3.5 8z", "Previous move", "prev"),
    ("M3.5 2v12l9-6z", "Next move", "next"),
    ("M11.5 2H14v12h-2.5zM2 2v12l8.5-6z", "Last move", "last"),
)


def step(go: Callable[[str | int], None], where: str, _event: Any) -> None:
    """A replay button's click: go `where` ("first", "prev", "next" or "last")."""
    go(where)


class MoveList:
    """One board's list of moves (an <ol>) and its replay toolbar, built before it."""

    def __init__(self, box: Any, go: Callable[[str | int], None]) -> None:
        self.box = box
        # A long list scrolls: keyboard users must be able to focus it to scroll it.
        box.tabIndex = 0
        if not box.getAttribute("aria-label"):
            box.setAttribute("aria-label", "Moves")
        self.bar = el("div", "replay", role="toolbar", aria_label="Step through the moves")
        self.buttons: dict[str, Any] = {}
        for path, name, where in STEPS:
            button = el("button", "button step", type="button", aria_label=name)
            button.append(icon(path))
            button.title = name
            on(button, "click", partial(step, go, where))
            self.bar.append(button)
            self.buttons[where] = button
        box.before(self.bar)
        on(box, "click", lambda event: self.on_click(event, go))

    def on_click(self, event: Any, go: Callable[[str | int], None]) -> None:
        item = event.target.closest("li[data-index]")
        if item and not self.box.classList.contains("locked"):
            go(int(item.dataset.index) + 1)

    def show(self, lines: list[str], at: int, can_step: bool) -> None:
        """List `lines`, mark the position after `at` moves, enable the steps that apply."""
        box = self.box
        clear(box)
        for index, line in enumerate(lines):
            item = el("li", text=line)
            item.dataset.index = str(index)
            if index == at - 1:
                item.classList.add("current")
                item.setAttribute("aria-current", "step")
            elif index >= at:
                item.classList.add("future")
            box.append(item)
        if not lines:
            box.append(el("li", "empty", "No moves yet."))
        box.classList.toggle("locked", not can_step)
        self.bar.hidden = not lines
        for where, button in self.buttons.items():
            back = where in ("first", "prev")
            button.disabled = not can_step or (at == 0 if back else at == len(lines))
        current = box.querySelector(".current")
        if at < len(lines) and current:  # querySelector gives JS null, falsy
            current.scrollIntoView(block="nearest")
        else:
            box.scrollTop = box.scrollHeight
