"""The move list with its replay bar: every recorded move, the one shown marked.

Moves after the position shown (taken back, or stepped past in a replay) stay listed,
dimmed, until a new move replaces them. Pressing a move, or First/Previous/Next/Last,
asks the controller to show that position; the list itself changes nothing.

When the game is reviewed, each move carries the review's words as text in its list
item (what a screen reader reads), and a box under the list explains the mistake shown
and offers to try again from the position before it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from py_rules.i18n import N_, _

from ..browser.dom import el, icon, scroll_list
from ..browser.events import on
from ..headless.review_marks import Mark
from .sketch import Sketch, Sketched, sketch

# (icon path on a 16x16 grid, accessible name, where it goes). Drawn as SVG, not as
# symbol characters: not every system font has the media-control glyphs.
STEPS = (
    ("M2 2h2.5v12H2zM14 2v12L5.5 8z", N_("First position"), "first"),
    ("M12.5 2v12L3.5 8z", N_("Previous move"), "prev"),
    ("M3.5 2v12l9-6z", N_("Next move"), "next"),
    ("M11.5 2H14v12h-2.5zM2 2v12l8.5-6z", N_("Last move"), "last"),
)
TRY_AGAIN = N_("Try again from here")


def empty_item() -> Sketch:
    """The list's one item before the first move (its words in the language shown now)."""
    return sketch("li", "empty", _("No moves yet."), key="empty")


def step(go: Callable[[str | int], None], where: str, _event: Any) -> None:
    """A replay button's click: go `where` ("first", "prev", "next" or "last")."""
    go(where)


class MoveList:
    """One board's list of moves (an <ol>) and its replay toolbar, built before it."""

    def __init__(
        self, box: Any, go: Callable[[str | int], None], try_again: Callable[[int], None]
    ) -> None:
        self.box = box
        self.items = Sketched(box)  # the list items, kept from one move to the next
        self.lines: list[str] = []
        self.at = 0
        self.marks: list[Mark | None] = []
        # A long list scrolls: keyboard users must be able to focus it to scroll it.
        box.tabIndex = 0
        if not box.getAttribute("aria-label"):
            box.setAttribute("aria-label", _("Moves"))
        self.bar = el("div", "replay", role="toolbar", aria_label=_("Step through the moves"))
        self.buttons: dict[str, Any] = {}
        for path, message, where in STEPS:
            name = _(message)
            button = el("button", "button step", type="button", aria_label=name)
            button.append(icon(path))
            button.title = name
            on(button, "click", partial(step, go, where))
            self.bar.append(button)
            self.buttons[where] = button
        box.before(self.bar)
        on(box, "click", lambda event: self.on_click(event, go))
        # The review of the mistake shown: its words, and "Try again from here".
        self.detail = el("div", "review-detail", aria_live="polite")
        self.detail.hidden = True
        self.detail_text = el("p")
        self.retry_button = el("button", "button", _(TRY_AGAIN), type="button")
        self.retry_at: int | None = None  # how many moves "Try again from here" keeps
        self.at_end = True  # whether the latest move is the one shown
        on(self.retry_button, "click", lambda _event: self.on_try_again(try_again))
        self.detail.append(self.detail_text)
        self.detail.append(self.retry_button)
        box.after(self.detail)

    def on_click(self, event: Any, go: Callable[[str | int], None]) -> None:
        item = event.target.closest("li[data-index]")
        if item and not self.box.classList.contains("locked"):
            go(int(item.dataset.index) + 1)

    def show(
        self, lines: list[str], at: int, can_step: bool, marks: Sequence[Mark | None] = ()
    ) -> None:
        """List `lines`, mark the position after `at` moves, enable the steps that apply;
        `marks`: the review's words for each move (None: not reviewed). Only what changed
        since the last call is written: a new move adds one item."""
        self.lines, self.at, self.marks = lines, at, list(marks)
        self.items.show([self.item(index) for index in range(len(lines))] or [empty_item()])
        self.box.classList.toggle("locked", not can_step)
        self.bar.hidden = not lines
        for where, button in self.buttons.items():
            back = where in ("first", "prev")
            button.disabled = not can_step or (at == 0 if back else at == len(lines))
        self.at_end = at == len(lines)
        self.keep_in_view()

    def item(self, index: int) -> Sketch:
        """The list item of the `index`th move, with the review's words when it has them."""
        at = self.at
        mark = self.marks[index] if index < len(self.marks) else None
        words: list[Sketch | str] = []
        if mark is not None:
            words = [" ", sketch("span", f"review-mark {mark.kind}", mark.words)]
        return sketch(
            "li",
            "current" if index == at - 1 else "future" if index >= at else "",
            sketch("span", "move-text", self.lines[index]),
            *words,
            key=str(index),
            data_index=str(index),
            aria_current="step" if index == at - 1 else None,
        )

    def keep_in_view(self) -> None:
        """Scroll the list (never the page: this runs on every review tick) to the move
        shown: to its end when the latest move is shown, to its top at the start."""
        current = self.box.querySelector(".current")
        if self.at_end or not current:  # querySelector gives JS null, falsy
            scroll_list(self.box, "end" if self.at_end else "start")
        else:
            scroll_list(self.box, current)

    def mark(self, index: int, mark: Mark) -> None:
        """Show the review's words for one move judged since the list was drawn."""
        if index < len(self.marks) and index < len(self.lines):
            self.marks[index] = mark
            self.items.show([self.item(i) for i in range(len(self.lines))])
            self.keep_in_view()  # longer words may have pushed the move shown away

    def explain(self, words: str | None, retry: int | None) -> None:
        """Show `words` about the mistake shown (None: hide the box), with a "Try again
        from here" button that goes to the position after `retry` moves (None: no button).
        The box is only changed, never rebuilt, so a focused button keeps its focus."""
        self.detail.hidden = words is None
        if self.detail_text.textContent != (words or ""):
            self.detail_text.textContent = words or ""
        self.retry_at = retry
        self.retry_button.hidden = retry is None

    def on_try_again(self, try_again: Callable[[int], None]) -> None:
        if self.retry_at is not None:
            try_again(self.retry_at)
