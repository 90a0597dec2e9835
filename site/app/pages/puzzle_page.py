"""The puzzles page: its index of puzzles picks the one the page's board shows.

The page (built by scripts/build/puzzle_index.py) is an ordinary embed host with one board,
`<div class="number-duels" data-puzzle=...>`, and an index of links `?p=ID`. Here the
links switch the board in place (no new Python start), `?p=ID` in the address opens that
puzzle (an unknown one: the board's notice and the standard game), and the puzzles
solved in this browser are marked "Solved" in the index, also the moment one is solved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from py_rules.i18n import _

from ..browser import address_bar, dom
from ..browser.dom import el
from ..browser.events import on
from ..modes.puzzle import on_solved, solved


class PuzzleIndex:
    def __init__(self, index: Any, board: Any, restart: Callable[[Any], None]) -> None:
        self.board = board  # the board's root element
        self.restart = restart  # starts the board again from its data-* attributes
        self.links = {str(a.dataset.puzzleId): a for a in index.querySelectorAll("a.puzzle-link")}
        for puzzle_id, link in self.links.items():
            on(link, "click", self.click_handler(puzzle_id), prevent=True)  # no page load
        for puzzle_id in solved():
            self.mark_solved(puzzle_id)
        on_solved(self.mark_solved)

    def choose(self, puzzle_id: str) -> bool:
        """Point the board at a puzzle of the index (False: no such puzzle there)."""
        link = self.links.get(puzzle_id)
        if link is None:
            return False
        self.board.dataset.game = str(link.dataset.game)
        self.board.dataset.puzzle = puzzle_id
        for other in self.links.values():
            other.removeAttribute("aria-current")
        link.setAttribute("aria-current", "true")
        return True

    def click_handler(self, puzzle_id: str) -> Callable[[Any], None]:
        """A link's click: show its puzzle on the board, without loading a page."""

        def clicked(event: Any) -> None:
            event.preventDefault()
            if self.choose(puzzle_id):
                self.restart(self.board)
                address_bar.set_address_param("p", puzzle_id)
                dom.scroll_into_view(self.board)

        return clicked

    def mark_solved(self, puzzle_id: str) -> None:
        link = self.links.get(puzzle_id)
        if link is not None and not link.classList.contains("solved"):
            link.classList.add("solved")
            link.append(el("span", "badge solved-mark", _("Solved")))


def start(restart: Callable[[Any], None]) -> PuzzleIndex | None:
    """Wire the puzzles page's index, before its board starts (None on any other page)."""
    index = dom.query(".puzzle-index")
    board = dom.query(".number-duels[data-puzzle]")
    if index is None or board is None:
        return None
    page = PuzzleIndex(index, board, restart)
    wanted = address_bar.query_params().get("p")
    if wanted is None:
        page.choose(str(board.dataset.puzzle))
    elif not page.choose(wanted):
        board.dataset.puzzle = wanted  # the board says there is no such puzzle
    return page
