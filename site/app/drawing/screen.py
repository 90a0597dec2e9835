"""Everything one board shows, drawn from its session: canvas, buttons and text.

`Screen` only reads the session (and the controller's half-made move); it never
changes the game. The words of the status line and the hand-over card come from
`wording`; the board itself from the game's renderer, its buttons by `BoardButtons`, the
players' and hand-over cards from `cards`. The review in the move list is judged one move
per timer tick, so that a long review never freezes the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from py_rules import Session
from py_rules.engine.review import describe
from py_rules.i18n import N_, _, language

from .. import wording
from ..browser.dom import clear, el, flush, measured_width, palette, pixel_ratio
from ..browser.events import on, proxy, set_timeout
from ..browser.sharing import copy_text
from ..headless.board import view_of
from ..headless.review_marks import RecordReview
from ..headless.view import Card, HandOver, PageView
from ..renderers.base import Layout, Renderer, View
from ..settings import RIGHT_TO_LEFT
from . import theme
from .board_buttons import BoardButtons
from .canvas import Pen
from .cards import handover_card, player_card
from .link_panel import LinkPanel
from .movelist import MoveList
from .places import aspect, restyle
from .sketch import Sketched

ROOM_WIDTH = 600.0  # the width whose proportions a board's room keeps until it is drawn


class Screen:
    """One board's parts inside its root element (found by class, never by id)."""

    def __init__(
        self,
        root: Any,
        renderer: Renderer,
        go: Callable[[str | int], None],
        reveal: Callable[[], None],
    ) -> None:
        self.root = root
        self.reveal = reveal  # the hand-over card's button: the next human has the screen
        self.renderer = renderer
        self.board_box = root.querySelector(".board")
        self.canvas = self.board_box.querySelector("canvas")
        self.targets_box = root.querySelector(".targets")
        self.choices_box = root.querySelector(".choices")
        self.status = root.querySelector(".status")
        self.message_line = root.querySelector(".message")
        self.note_line = root.querySelector(".storage-note")
        self.handover_box = root.querySelector(".handover")
        self.handover = Sketched(self.handover_box)
        # The hand-over card is drawn again for each hand-over: its box hears its button.
        on(self.handover_box, "click", self.on_handover_click)
        self.players_box = root.querySelector(".players")
        self.players = Sketched(self.players_box) if self.players_box else None
        history = root.querySelector(".history")
        self.go = go
        self.moves = MoveList(history, go, self.try_again) if history else None
        self.review = RecordReview()
        self.review_tick = proxy(self.review_step)
        self.review_timer: Any = None
        self.shown: tuple[Session, list[str]] | None = None  # what the list shows
        self.board_buttons = BoardButtons(self.targets_box, self.choices_box)
        self.layout: Layout | None = None
        self.width = 0.0  # the width it was drawn at (0: none yet)
        self.measured = False  # whether the page had said the board's width when drawn
        self.action: dict[str, Any] = {}
        self.share_box: Any = None
        self.panel: LinkPanel | None = None  # a game page's panel for games by link
        self.goal: Any = None  # a puzzle's goal and feedback, made when first shown
        self.feedback: Any = None

    def draw(
        self,
        session: Session,
        pending: str | None,
        log: list[str],
        refused: Callable[[str], bool],
    ) -> None:
        """Draw the board; `refused(key)` (the board's verdict) greys a button."""
        view = view_of(session, pending)
        game = session.game
        width = measured_width(self.board_box)
        self.measured = width is not None
        if width:
            self.draw_board(session, view, width, refused)
        else:  # not said yet, or not shown: no width to draw at
            self.width = 0.0
            # The board's room at its usual proportions meanwhile, not a height of 0.
            room = self.renderer.layout(game, view, ROOM_WIDTH).height
            restyle(self.board_box, "aspect-ratio", aspect(ROOM_WIDTH, room))
        if self.moves:
            self.show_moves(session, log)

    def draw_board(
        self, session: Session, view: View, width: float, refused: Callable[[str], bool]
    ) -> None:
        """The picture and the buttons over it, `width` wide."""
        game = session.game
        self.width = width
        layout = self.renderer.layout(game, view, width)
        mirror = self.renderer.reads_in_line_order and language() in RIGHT_TO_LEFT
        self.layout = placed = layout.mirrored(self.width) if mirror else layout
        self.board_buttons.sync(session, placed, self.width, view, refused)
        theme.use(palette())
        pen = Pen(self.canvas, self.width, layout.height, pixel_ratio(), mirror)
        self.renderer.draw(pen, game, view, layout)
        # The board's height follows its width: the same proportions at another width (a
        # resize, a phone) write nothing here, as the buttons' places in % (`places`).
        restyle(self.board_box, "aspect-ratio", aspect(self.width, layout.height))

    def stale(self) -> bool:
        """Whether the board should be drawn again for its width: the page has said a width
        it was not drawn at (its first, or a new one)."""
        width = measured_width(self.board_box)
        return width is not None and (not self.measured or abs(width - self.width) >= 1)

    def on_handover_click(self, event: Any) -> None:
        if event.target.closest("button"):
            self.reveal()

    def show(self, page: PageView) -> None:
        """Write the page's view: the status line, the players' cards, the action
        buttons, the hand-over card, the link panel and a puzzle's words (this is their
        one writer)."""
        self.status.textContent = page.status
        self.status.dataset.over = "true" if page.over else "false"
        self.status.dataset.player = page.player
        self.show_players(page.cards)
        self.show_handover(page.handover)
        buttons = page.buttons
        self.action["new"].textContent = buttons.new_label
        self.action["undo"].disabled = not buttons.undo
        self.action["redo"].disabled = not buttons.redo
        for key, button in self.action.items():
            button.hidden = key in buttons.hidden
        root = self.root.dataset
        root.turn = page.turn
        if self.panel is not None:
            root.link, root.linkSent = page.link_state, "true" if page.link_sent else "false"
            if page.link is None:
                self.panel.hide()
            else:
                self.panel.show(page.link)
        if page.stage:
            self.show_puzzle(page)

    def show_puzzle(self, page: PageView) -> None:
        if self.goal is None:
            self.goal = el("p", "puzzle-goal")
            self.feedback = el("p", "puzzle-feedback", aria_live="polite")
            self.root.prepend(self.goal)
            self.message_line.before(self.feedback)
        self.goal.textContent = page.goal
        self.feedback.textContent = page.feedback
        self.root.dataset.puzzleState = page.stage

    def show_moves(self, session: Session, log: list[str]) -> None:
        """The move list, with the review's words where the review is shown now."""
        assert self.moves is not None
        self.shown = (session, log)
        review = self.review
        review.follow(session)
        marks = [review.mark(index) for index in range(len(log))]
        self.moves.show(log, session.at, session.can_step, marks)
        self.explain_mistake()
        if review.busy and self.review_timer is None:
            self.review_timer = set_timeout(self.review_tick, 0)

    def review_step(self) -> None:
        """A timer tick: judge one more move, show its words, and ask for the next tick."""
        self.review_timer = None
        flush()  # the last step's words reach the page before this one is judged
        index = self.review.step()
        mark = None if index is None else self.review.mark(index)
        if self.moves is None or mark is None or index is None:
            return
        self.moves.mark(index, mark)
        self.explain_mistake()
        self.review_timer = set_timeout(self.review_tick, 0)

    def explain_mistake(self) -> None:
        """Under the list: the mistake shown (the last move of the position shown), and
        "Try again from here" where the player who made it is a human."""
        if self.moves is None or self.shown is None:
            return
        session, log = self.shown
        index = session.at - 1
        item = self.review.mistake(index) if index >= 0 else None
        if item is None:
            return self.moves.explain(None, None)
        retry = index if self.review.retry_from(session, index) else None
        self.moves.explain(f"{log[index]} {describe(item)}", retry)

    def try_again(self, count: int) -> None:
        """Go back to the position after `count` moves, to play on from there."""
        self.go(count)
        self.focus_first()

    def show_players(self, cards: tuple[Card, ...]) -> None:
        if self.players is not None:  # an embed has no players panel
            self.players.show([player_card(card) for card in cards])

    def show_handover(self, card_view: HandOver | None) -> None:
        """The card that hides the board until the next human says they have the screen."""
        if card_view is None:
            self.handover_box.hidden = True
            return
        self.handover.show([handover_card(card_view)])
        self.handover_box.hidden = False

    def build_actions(self, box: Any, cls: type[Any], puzzle: bool) -> None:
        """New game, Play a friend by link, Undo, Redo, Hint and Share (a puzzle's Try
        again first), and the box that shows a share link."""
        clear(box)
        action: dict[str, Any] = {}
        retry = (("retry", N_("Try again"), "button primary"),) if puzzle else ()
        for key, label, kind in (
            *retry,
            ("new", N_("New game"), "button primary"),
            ("link", N_("Play a friend by link"), "button"),
            ("undo", N_("Undo"), "button"),
            ("redo", N_("Redo"), "button"),
            ("hint", N_("Hint"), "button"),
            ("share", N_("Share"), "button"),
        ):
            button = el("button", kind, _(label), type="button")
            button.dataset.action = key
            box.append(button)
            action[key] = button
        if not cls.take_back_while_running:
            for key in ("undo", "redo"):
                action[key].title = _(cls.take_back_refusal)
        self.share_box = el("div", "share")
        self.share_box.hidden = True
        box.after(self.share_box)
        self.action = action

    def show_share(self, url: str, settings_only: bool) -> None:
        """Show (and copy) a share link; say when it carries only the settings."""
        box = self.share_box
        clear(box)
        field = el("input", "share-link", type="text", readonly="", aria_label=_("Share link"))
        field.value = url
        note = el(
            "p",
            "share-note",
            _(wording.SHARE_SETTINGS_ONLY if settings_only else wording.SHARE_NOTE),
        )
        box.append(field)
        box.append(note)
        box.hidden = False
        field.select()

        def copied(ok: bool) -> None:
            if ok:
                note.textContent = _("Link copied.") + " " + note.textContent

        copy_text(url, copied)

    def focus_first(self) -> None:
        """Put the focus on the first button of the board that may be pressed."""
        self.board_buttons.focus_first()

    def note(self, message: str) -> None:
        """A lasting remark about the page, not the game (read out politely)."""
        if self.note_line is not None:
            self.note_line.textContent = message

    def say(self, message: str) -> None:
        """The refusal line: why the last press did nothing (empty to clear it)."""
        self.message_line.textContent = message
        self.message_line.classList.toggle("show", bool(message))
